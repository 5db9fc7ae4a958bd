"""The core install stays lean: a command imports only what it needs.

``gridsight --help`` (and each command's ``--help``) imports neither OpenCV, numba nor Qt, and
``gridsight solve pentomino`` on a small board does not load numba: the pure-Python search
finishes first (numba, the ``fast`` extra, is loaded only for a search that runs long).
Each run is a fresh interpreter, so nothing this test process imported counts.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
HEAVY = ("cv2", "numba", "llvmlite", "PySide6", "Xlib")

_RUN = """
import json, sys
from gridsight.cli import main
try:
    code = main(sys.argv[1:])
except SystemExit as exit_:
    code = exit_.code
heavy = sorted({m.split('.')[0] for m in sys.modules} & set(%r))
print(json.dumps({"code": code, "heavy": heavy}), file=sys.stderr)
"""


def _imports(*args: str) -> dict:
    """Run ``gridsight ARGS`` in a fresh interpreter; its exit code and the heavy modules it
    imported."""
    env = dict(os.environ, PYTHONPATH=str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    run = subprocess.run([sys.executable, "-c", _RUN % (HEAVY,), *args], capture_output=True,
                         text=True, env=env, cwd=REPO, timeout=120)
    return json.loads(run.stderr.strip().splitlines()[-1])


@pytest.mark.parametrize("args", [("--help",), ("games",), ("solve", "pentomino", "--help"),
                                  ("live", "--help"), ("demo", "--help"),
                                  ("analyze", "--help"), ("replay", "--help")])
def test_help_and_listing_import_no_opencv_numba_or_qt(args):
    result = _imports(*args)
    assert result["code"] == 0 and result["heavy"] == [], result


def test_solving_a_small_pentomino_board_does_not_load_numba():
    result = _imports("solve", "pentomino", str(REPO / "examples" / "pentomino-3x5-puv.txt"))
    assert result["code"] == 0
    assert "numba" not in result["heavy"] and "llvmlite" not in result["heavy"], result
    assert not {"PySide6", "cv2"} & set(result["heavy"]), result
