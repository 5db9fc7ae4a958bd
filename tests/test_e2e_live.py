"""End to end on a real X server: ``gridsight live --window`` over a scripted game.

Xvfb with the xcompmgr compositor (installed by ``.ci/run``; skipped cleanly without them). A
small Qt window (another process, :mod:`gridsight.demo.window`) shows a tile-path room drawn
with the shipped skin; the test plays a scripted walk by changing its picture. ``gridsight live`` runs as a subprocess, finds
the window by its title and reads it with mss/X11. After each move the test:

- waits for the status file (the snapshot of what the overlay and panel show) to hold the
  board as drawn, with the recommendation of the same board solved independently;
- grabs the screen and finds the overlay's magenta outline around exactly that cell;
- checks the reader's own capture of the window, with the overlay shown, is the game's
  picture to the pixel (no feedback) and reads the same cells as the picture itself.

At the end the log holds one record per state, in order, with the player's moves.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import cv2
import numpy as np
import pytest
from extras import require
from xserver import start_xvfb

require("PySide6", "Xlib")  # found, not imported: the tests import them

from kit.scripted import screen, script_of  # noqa: E402
from gridsight.log import read_log  # noqa: E402
from gridsight.readers.find import load_game_pack  # noqa: E402
from gridsight.registry import get_game  # noqa: E402
from gridsight.solvers.advice import Cell, MarkKind  # noqa: E402
from gridsight.solvers.boardtext import parse_boards  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
TITLE = "Hero Cave Demo"
ORIGIN = (420, 40)  # where the game window sits (clear of the panel at the top left)
CANVAS = (360, 330)
PASTE = (20, 20)
pytestmark = pytest.mark.gui  # about 6 s

_GAME_WINDOW = ["-m", "gridsight.demo.window"]


def _wait_for(predicate, timeout=15.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.05)
    return predicate()


def _write_png(path: Path, image: np.ndarray) -> None:
    tmp = path.with_name("next.png")
    cv2.imwrite(str(tmp), image)
    os.replace(tmp, path)


def _status(path: Path) -> dict | None:
    try:
        return json.loads(path.read_text())
    except (OSError, ValueError):
        return None


def _board_text(labels) -> str:
    return "\n".join(" ".join(row) for row in labels) + "\n"


@pytest.fixture
def x_server():
    if shutil.which("Xvfb") is None or shutil.which("xcompmgr") is None:
        pytest.skip("Xvfb and xcompmgr are not installed (.ci/run installs them)")
    proc, name = start_xvfb("1024x768x24")
    if proc is None:
        pytest.skip("Xvfb did not start")
    comp = subprocess.Popen(["xcompmgr", "-d", name], stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    from gridsight.overlay.window import check_compositor

    try:
        assert _wait_for(lambda: check_compositor(name).available), "xcompmgr did not start"
        yield name
    finally:
        comp.terminate()
        comp.wait(timeout=10)
        proc.terminate()
        proc.wait(timeout=10)


def test_live_follows_a_scripted_game_and_draws_the_advice_on_it(x_server, tmp_path):
    from gridsight.vision.capture import MonitorSource, ScreenCapture, WindowSource
    from gridsight.vision.classify import read_cells

    script = script_of("tile-path")
    pack = load_game_pack("tile-path", None)
    picture = tmp_path / "frame.png"
    images = [screen(script.render(i), size=CANVAS, at=PASTE) for i in range(len(script.boards))]
    _write_png(picture, images[0])
    env = dict(os.environ, DISPLAY=x_server, QT_QPA_PLATFORM="xcb",
               PYTHONPATH=str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", ""),
               GRIDSIGHT_DATA_DIR=str(tmp_path / "data"))
    game = subprocess.Popen([sys.executable, *_GAME_WINDOW, str(picture), TITLE,
                             str(ORIGIN[0]), str(ORIGIN[1])], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    live = None
    log, status = tmp_path / "session.jsonl", tmp_path / "status.json"
    try:
        # The X server and the compositor are up: our window not showing (it failed to
        # import, say) is our failure, not a missing requirement.
        if game.stdout.readline().strip() != b"shown":
            err = game.stderr.read(2000).decode(errors="replace") if game.poll() is not None else ""
            pytest.fail(f"the demo window did not show on Xvfb: {err.strip()[:600]}")
        live = subprocess.Popen(
            [sys.executable, "-m", "gridsight", "live", "--game", "tile-path", "--window", TITLE,
             "--log", str(log), "--status-file", str(status), "--interval", "30"],
            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        adapter = get_game("tile-path")
        with ScreenCapture(WindowSource(TITLE), display=x_server) as own, \
                ScreenCapture(MonitorSource(1), display=x_server) as monitor:
            for i, image in enumerate(images):
                if i:
                    _write_png(picture, image)
                truth = _board_text(script.labels(i))
                advice = adapter.solve(parse_boards(truth)[0], _options()).advice
                expected = advice.recommend
                want = [[c.row, c.col] for c in expected]
                # ... and the other move as good ("Step up or right"), dashed in magenta
                drawn = expected + tuple(Cell(m.row, m.col) for m in advice.marks
                                         if m.kind is MarkKind.ALSO)

                def shown():
                    s = _status(status)
                    ok = s and s["board"] == truth and s["recommend"] == want
                    return s if ok else None

                snap = _wait_for(shown)
                assert snap, f"move {i}: the live status never showed {truth!r} -> {want} " \
                    f"(last {_status(status)}; live: {_tail(live)})"
                assert snap["grid"] == script.labels(i)  # what the panel shows
                window = own.grab()
                origin = (window.rect.left, window.rect.top)
                # The overlay's magenta outline sits on the recommended cell and round the
                # other step that keeps a full walk (dashed: "up or right" outlines both),
                # and nowhere else.
                geometry = script.shot(i).geometry
                w, h = geometry.cell_size(0, 0)
                centres = [(PASTE[0] + x, PASTE[1] + y) for x, y in
                           (geometry.cell_center(c.row, c.col) for c in drawn)]

                def outlined():
                    # The game window's area of the screen (the panel elsewhere marks the
                    # recommended cell in magenta too).
                    px = monitor.grab().pixels[origin[1]:origin[1] + image.shape[0],
                                               origin[0]:origin[0] + image.shape[1]]
                    if os.environ.get("GRIDSIGHT_SAVE_SCREENS"):
                        cv2.imwrite(os.environ["GRIDSIGHT_SAVE_SCREENS"] + f"-{i}.png", px)
                    magenta = np.all(px == (255, 0, 255), axis=-1)
                    ys, xs = np.nonzero(magenta)
                    if len(xs) < 20:
                        return None
                    inside = np.zeros(len(xs), bool)
                    for cx, cy in centres:  # drawn round one of them, round each
                        near = (abs(xs - cx) <= 0.8 * w) & (abs(ys - cy) <= 0.8 * h)
                        if not near.any():
                            return None
                        inside |= near
                    return (len(xs), int(inside.sum()))

                found = _wait_for(lambda: (lambda r: r if r and r[0] == r[1] else None)(
                    outlined()), timeout=5)
                assert found, f"move {i}: no magenta outline on {drawn} alone ({outlined()})"
                # The reader's capture holds the game only, overlay or not.
                assert window.pixels.shape == image.shape
                assert np.array_equal(window.pixels, image)
                geo = script.shot(i).geometry.to_dict()
                from gridsight.vision.geometry import BoardGeometry

                g = BoardGeometry.from_dict(geo)
                shifted = BoardGeometry(g.rows, g.cols, np.array(
                    [[1, 0, PASTE[0]], [0, 1, PASTE[1]], [0, 0, 1]]) @ g.homography)
                assert read_cells(window.pixels, shifted, pack).labels() == \
                    read_cells(image, shifted, pack).labels()
            # The game window closes: the loop waits and says so, the overlay goes away; it
            # reopens elsewhere and the advice comes back over it.
            game.terminate()
            game.wait(timeout=10)
            gone = _wait_for(lambda: (_status(status) or {}).get("status", "").startswith(
                "waiting"))
            assert gone, f"no 'waiting' status after the window closed: {_status(status)}"
            assert _status(status)["recommend"] == [] and \
                _status(status)["grid"] == script.labels(len(images) - 1)
            game = subprocess.Popen([sys.executable, *_GAME_WINDOW, str(picture), TITLE,
                                     "500", "120"], env=env, stdout=subprocess.PIPE,
                                    stderr=subprocess.PIPE)
            assert game.stdout.readline().strip() == b"shown"
            back = _wait_for(lambda: (lambda s: s if s and s["recommend"] == want and
                                      s["frame_rect"][:2] == [500, 120] else None)(
                _status(status)))
            assert back, f"the advice did not come back: {_status(status)}"
        live.send_signal(signal.SIGTERM)
        assert live.wait(timeout=15) == 0, _tail(live)
        records = read_log(log).records
        boards = [r.board for r in records]
        assert boards == [_board_text(script.labels(i)) for i in range(len(images))]
        moves = [(r.move.row, r.move.col) for r in records[:-1]]
        assert moves == [(3, 0), (3, 1), (3, 2)]
        assert [[c.row, c.col] for c in records[-1].advice.recommend] == want
    finally:
        for proc in (live, game):
            if proc is not None and proc.poll() is None:
                proc.kill()
                proc.wait()


def _options():
    return get_game("tile-path").options_from({"time_limit": 5.0})


def _tail(proc) -> str:
    if proc is None or proc.poll() is None:
        return "(running)"
    return proc.stderr.read(1500).decode(errors="replace")
