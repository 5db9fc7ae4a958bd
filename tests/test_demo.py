"""``gridsight demo``: the scripted games shipped as data, and the whole demo on an X server.

The demo runs as a player runs it (a subprocess, on a private Xvfb display with the xcompmgr
compositor): the window plays the scripted tile-path walk, ``gridsight live`` follows it, and
the log it writes holds every board the script shows, read right, with the player's moves; the
replay at the end checks every step against today's solver and writes the HTML report.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from gridsight.demo.script import NoDemoError, demo_games, load_script
from gridsight.registry import get_spec
from gridsight.solvers.boardtext import parse_boards

REPO = Path(__file__).resolve().parent.parent


def test_each_demo_script_is_readable_and_shows_boards_of_its_games_pack():
    from gridsight.vision.packs import load_pack

    assert set(demo_games()) >= {"disco-zoo", "tile-path", "pentomino"}
    for game in demo_games():
        script = load_script(game)
        pack = load_pack(game)
        assert script.every > 0 and len(script.frames) >= 2
        for frame in script.frames:
            assert frame.image.is_file()
            assert (len(frame.labels), len(frame.labels[0])) == (pack.rows, pack.cols)
            assert {t for row in frame.labels for t in row} <= set(pack.labels)
        # Each move changes the board: the demo shows a game being played.
        boards = [f.labels for f in script.frames]
        assert all(a != b for a, b in zip(boards, boards[1:]))


def test_a_game_without_a_demo_is_named_with_those_that_have_one(run_cli):
    with pytest.raises(NoDemoError, match="no demo for thrill-digger .*tile-path"):
        load_script("thrill-digger")
    code, _, err = run_cli("demo", "thrill-digger")
    assert code == 2 and "no demo for thrill-digger" in err
    code, _, err = run_cli("demo", "tetris")
    assert code == 2 and "invalid choice" in err
    for every in ("0", "nan", "inf", "1e400"):  # inf reached live's --duration: a traceback
        code, _, err = run_cli("demo", "tile-path", "--every", every)
        assert code == 2 and "--every must be more than 0 seconds and at most 3600" in err


@pytest.fixture
def x_server():
    from xserver import private_display

    if shutil.which("xcompmgr") is None:
        pytest.skip("xcompmgr is not installed (.ci/run installs it)")
    with private_display("1024x768x24") as name:
        comp = subprocess.Popen(["xcompmgr", "-d", name], stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL)
        try:
            # Without the compositor running yet, the transparent overlay would cover the game
            # window's own pixels: wait for it, as a player's desktop has it from the start.
            from gridsight.overlay.window import check_compositor

            deadline = time.monotonic() + 15
            while not check_compositor(name).available and time.monotonic() < deadline:
                time.sleep(0.05)
            assert check_compositor(name).available, "xcompmgr did not start"
            yield name
        finally:
            comp.terminate()
            comp.wait(timeout=10)


@pytest.mark.gui
def test_the_demo_plays_reads_advises_logs_and_replays(x_server, tmp_path):
    pytest.importorskip("PySide6")
    from gridsight.log import read_log

    out = tmp_path / "demo"
    env = dict(os.environ, DISPLAY=x_server, QT_QPA_PLATFORM="xcb",
               PYTHONPATH=str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", ""),
               GRIDSIGHT_DATA_DIR=str(tmp_path / "data"))
    run = subprocess.run([sys.executable, "-m", "gridsight", "demo", "tile-path", "--every",
                          "0.6", "--out", str(out)], env=env, capture_output=True, text=True,
                         timeout=120)
    assert run.returncode == 0, run.stderr[-2000:]
    script = load_script("tile-path")
    truth = ["\n".join(" ".join(row) for row in f.labels) + "\n" for f in script.frames]
    records = read_log(out / "demo.jsonl").records
    assert [r.board for r in records] == truth  # every board shown, read right, in order
    moves = [(r.move.row, r.move.col) for r in records if r.move is not None]
    links = [next((r, c) for r, row in enumerate(f.labels) for c, t in enumerate(row) if t == "L")
             for f in script.frames]
    assert moves == links[1:]  # Link's steps, as the player's moves
    adapter = get_spec("tile-path").adapter
    options = adapter.options_from({"time_limit": 5.0})
    for record in records:
        expected = adapter.solve(parse_boards(record.board)[0], options).advice.recommend
        assert record.advice.recommend == expected
    # The scripted player follows the advice: every move is one the advice offered.
    assert f"followed the advice: {len(moves)} of {len(moves)} (100%)" in run.stdout
    assert f"today's solver gives the same advice at all {len(truth)} steps" in run.stdout
    report = (out / "demo-report.html").read_text()
    assert report.count('class="step"') == len(truth) and "data:image/png;base64" in report
    assert sorted(p.name for p in out.glob("demo-*.png")) == \
        [f"demo-{i:05d}.png" for i in range(1, len(truth) + 1)]  # the frames, saved


@pytest.mark.gui
@pytest.mark.slow  # about 15 s
def test_the_demo_runs_without_a_compositor_and_says_so_once(tmp_path):
    """On an X server with no compositor nothing is drawn over the game (it would show
    black): the demo still reads every board, and the player is told why once."""
    pytest.importorskip("PySide6")
    from xserver import private_display

    from gridsight.log import read_log

    with private_display("1024x768x24") as name:
        out = tmp_path / "demo"
        env = dict(os.environ, DISPLAY=name, QT_QPA_PLATFORM="xcb",
                   PYTHONPATH=str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", ""),
                   GRIDSIGHT_DATA_DIR=str(tmp_path / "data"))
        run = subprocess.run([sys.executable, "-m", "gridsight", "demo", "pentomino", "--every",
                              "0.5", "--out", str(out)], env=env, capture_output=True, text=True,
                             timeout=120)
    assert run.returncode == 0, run.stderr[-2000:]
    assert run.stderr.count("no compositor runs on this X display") == 1
    script = load_script("pentomino")
    records = read_log(out / "demo.jsonl").records
    truth = ["\n".join(" ".join(row) for row in f.labels) for f in script.frames]
    assert [r.board.splitlines()[1:] for r in records] == [t.splitlines() for t in truth]
    assert f"followed the advice: {len(truth) - 1} of {len(truth) - 1} (100%)" in run.stdout


def test_the_demo_window_waits_longer_for_its_first_frame_to_be_read(tmp_path):
    # On a busy machine gridsight was not up within the patience of the first frame, and the
    # demo went on without that board ever being read.
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    pytest.importorskip("PySide6")
    from gridsight.demo.script import load_script
    from gridsight.demo.window import FIRST_PATIENCE, DemoWindow

    frames = [f.image for f in load_script("minesweeper").frames[:3]]
    now = [0.0]
    seen = {0: False, 1: False}
    window = DemoWindow(frames, "demo test", 1.0, seen=lambda i: seen.get(i, True),
                        patience=10.0)
    window._clock = lambda: now[0]
    window.start()
    window.timer.stop()

    def wait(seconds: float) -> None:  # ticks on time, half a second apart
        for _ in range(round(seconds / 0.5)):
            now[0] += 0.5
            window.tick()

    wait(10.5)  # past the patience of any later frame: the first still waits
    assert window.index == 0
    wait(10.0 * FIRST_PATIENCE - 10.0)
    assert window.index == 1  # never read: it does not wait for ever
    wait(9.5)
    assert window.index == 2  # a later frame waits the plain patience
    window.close()


def test_the_demo_windows_patience_leaves_out_the_time_gridsight_held_its_ticks_up():
    # Seen at load 41: live reads a frame on the window's own thread, each read holding the
    # window's ticks up for seconds; the first frame's patience ran out in those reads, and
    # its board was never read (the log began at the second).
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    pytest.importorskip("PySide6")
    from gridsight.demo.window import DemoWindow

    frames = [f.image for f in load_script("minesweeper").frames[:2]]
    now = [0.0]
    seen: set[int] = set()
    window = DemoWindow(frames, "demo test", 1.0, seen=lambda i: i in seen, patience=10.0)
    window._clock = lambda: now[0]
    window.start()
    window.timer.stop()
    for _ in range(8):  # each tick 10 s late: 80 s, twice the first frame's patience
        now[0] += 10.0
        window.tick()
    assert window.index == 0
    seen.add(0)
    window.tick()
    assert window.index == 1
    window.close()


def test_the_demo_window_waits_for_a_board_its_solver_is_at_work_on():
    # Seen at load 43 on a first run (the Disco Zoo solver's kernel compiled in the first
    # solve): each frame passed at its patience while the solver still worked on an earlier
    # board, and the demo said "Thinking…" for its whole run, no advice ever shown. A board
    # gridsight has read and is solving stays up until its advice shows.
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    pytest.importorskip("PySide6")
    from gridsight.demo.window import DemoWindow

    frames = [f.image for f in load_script("minesweeper").frames[:3]]
    now = [0.0]
    solving, shown = {0, 1}, set()
    window = DemoWindow(frames, "demo test", 1.0, seen=lambda i: i in shown,
                        thinking=lambda i: i in solving, patience=10.0)
    window._clock = lambda: now[0]
    window.start()
    window.timer.stop()
    for _ in range(50):  # far past any patience, a tick a second: the solve goes on
        now[0] += 1.0
        window.tick()
    assert window.index == 0
    solving.discard(0)
    shown.add(0)  # its advice came: shown, then the next board
    window.tick()
    assert window.index == 1
    for _ in range(50):
        now[0] += 1.0
        window.tick()
    assert window.index == 1
    solving.discard(1)  # the solver gave up on it (its hard stop): the patience runs again
    for _ in range(9):
        now[0] += 1.0
        window.tick()
    assert window.index == 1
    now[0] += 1.5
    window.tick()
    assert window.index == 2
    window.close()


def test_the_demos_first_board_is_not_taken_as_read_before_live_has_read_it(tmp_path):
    # Every demo's log began at its second board: before live reads anything its status
    # snapshot holds the tracker's blank grid, the first frame's own board (every cell
    # closed), so the window took the first frame as read and went on at once.
    from gridsight.commands.demo import _shows, _solving
    from gridsight.live.loop import LiveLoop
    from gridsight.live.qt import write_snapshot
    from gridsight.readers.find import load_game_pack

    status = tmp_path / "status.json"
    for game in ("minesweeper", "disco-zoo"):
        first = load_script(game).frames[0].labels
        loop = LiveLoop(game, load_game_pack(game, None))
        assert write_snapshot(status, loop.view) == ""
        assert not _shows(status, first) and not _solving(status, first), game


def test_the_demos_end_leaves_its_window_up_until_live_has_ended(tmp_path):
    # Qt 6's quit() closed every window before the loop ended: a tick of live's in between
    # read the demo's window as closed, and the last status said "window ... was closed".
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    pytest.importorskip("PySide6")
    from PySide6.QtCore import QTimer

    from gridsight.commands.demo import _ending, end_with
    from gridsight.demo.window import DemoWindow

    frames = [f.image for f in load_script("minesweeper").frames[:1]]
    window = DemoWindow(frames, "demo test", 1.0, seen=lambda i: True)
    end_with(window)
    window.start()
    window.timer.stop()
    seen_open: list[bool] = []
    QTimer.singleShot(0, window.advance)  # the last frame has been shown long enough
    code = window.app.exec()
    seen_open.append(window.window.isVisible())
    window.close()
    assert code == 0 and seen_open == [True]
    assert _ending(window.index, len(frames)) == "the demo finished: its board was shown"
