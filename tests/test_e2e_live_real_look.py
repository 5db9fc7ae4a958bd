"""End to end on a real X server: ``gridsight live --game disco-zoo`` over a real-look rescue.

The scripted game window of ``tests/test_e2e_live.py`` (another process showing a picture,
:mod:`gridsight.live.demo_window`) shows a rescue drawn the way the real game's screen is
described (:mod:`kit.skins.disco_zoo_real`), not the shipped skin: no frame around the
board, so no pack matches it and nothing was calibrated. ``gridsight live`` finds the window
by its title, finds the board by its structure and, after each tap, the status file holds the
board as drawn with the recommendation of the same board solved alone.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from extras import require
from test_e2e_live import _status, _tail, _wait_for, _write_png
from test_live_real_look import OPTIONS, real_look_script
from xserver import start_xvfb

require("PySide6", "Xlib")  # found, not imported: the tests import them

from gridsight.registry import get_game  # noqa: E402
from gridsight.solvers.boardtext import parse_boards  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
TITLE = "Rescue Demo"
pytestmark = pytest.mark.gui


@pytest.fixture
def x_server():
    if shutil.which("Xvfb") is None:
        pytest.skip("Xvfb is not installed (.ci/run installs it)")
    proc, name = start_xvfb("1024x900x24")
    if proc is None:
        pytest.skip("Xvfb did not start")
    try:
        yield name
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def test_live_follows_a_real_look_rescue_with_no_calibration(x_server, tmp_path):
    script = real_look_script()
    picture = tmp_path / "frame.png"
    _write_png(picture, script[0][0])
    env = dict(os.environ, DISPLAY=x_server, QT_QPA_PLATFORM="xcb",
               PYTHONPATH=str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", ""),
               GRIDSIGHT_DATA_DIR=str(tmp_path / "data"))
    game = subprocess.Popen([sys.executable, "-m", "gridsight.demo.window", str(picture),
                             TITLE, "400", "20"], env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    live = None
    status = tmp_path / "status.json"
    try:
        if game.stdout.readline().strip() != b"shown":
            err = game.stderr.read(2000).decode(errors="replace") if game.poll() is not None else ""
            pytest.skip(f"Qt could not show a window on Xvfb: {err.strip()[:300]}")
        live = subprocess.Popen(
            [sys.executable, "-m", "gridsight", "live", "--game", "disco-zoo", "--window", TITLE,
             "--animals", "Gorilla,Panda,Tiger", "--log", str(tmp_path / "s.jsonl"),
             "--status-file", str(status), "--interval", "30", "--no-overlay", "--budget",
             "0.05"], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        for i, (image, labels, text) in enumerate(script):
            if i:
                _write_png(picture, image)
            want = [[c.row, c.col] for c in get_game("disco-zoo").solve(
                parse_boards(text)[0],
                get_game("disco-zoo").options_from(OPTIONS)).advice.recommend]

            def shown():
                s = _status(status)
                return s if s and s["board"] == text and s["recommend"] == want else None

            snap = _wait_for(shown, timeout=30)
            assert snap, f"tap {i}: the live status never showed {text!r} -> {want} " \
                f"(last {_status(status)}; live: {_tail(live)})"
            assert snap["grid"] == labels
        live.send_signal(signal.SIGTERM)
        assert live.wait(timeout=15) == 0, _tail(live)
    finally:
        for proc in (live, game):
            if proc is not None and proc.poll() is None:
                proc.kill()
                proc.wait()
