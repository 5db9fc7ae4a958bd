"""Without the optional ``live`` extra (PySide6), the commands that need it say so in one line
naming the extra to install, and the rest of gridsight works."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent

# Runs gridsight with every import of PySide6 failing, as when the extra is not installed.
_WITHOUT_QT = """
import importlib.abc, sys
class NoQt(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if name.split(".")[0] == "PySide6":
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
sys.meta_path.insert(0, NoQt())
from gridsight.cli import main
raise SystemExit(main(sys.argv[1:]))
"""


def _without_qt(*args: str, **env: str) -> subprocess.CompletedProcess:
    environment = dict(os.environ, PYTHONPATH=str(REPO), DISPLAY=":98", **env)
    environment.pop("QT_QPA_PLATFORM", None)
    return subprocess.run([sys.executable, "-c", _WITHOUT_QT, *args], env=environment,
                          capture_output=True, text=True, timeout=60)


def test_live_without_pyside6_names_the_extra(tmp_path):
    for args in (("live", "--game", "tile-path", "--manual"),
                 ("live", "--game", "disco-zoo", "--window", "Disco Zoo")):
        result = _without_qt(*args)
        assert result.returncode == 1
        assert result.stderr.splitlines() == [
            "gridsight: live needs PySide6, which is not installed (No module named "
            "'PySide6'); install the live extra: pip install 'gridsight[live]'"]


def test_calibrate_without_pyside6_names_the_extra_and_the_way_without_a_window(tmp_path):
    shot = REPO / "examples" / "screenshots" / "tile-path-room.png"
    result = _without_qt("calibrate", "tile-path", str(shot),
                         GRIDSIGHT_DATA_DIR=str(tmp_path))
    assert result.returncode == 1
    (line,) = result.stderr.splitlines()
    assert line.startswith("gridsight: the calibration window needs PySide6")
    assert "pip install 'gridsight[live]'" in line and "--corners and --labels FILE" in line


def test_solve_works_without_pyside6():
    result = _without_qt("solve", "tile-path", str(REPO / "examples" / "tile-path-solvable.txt"))
    assert result.returncode == 0, result.stderr
    assert "Full walk" in result.stdout
