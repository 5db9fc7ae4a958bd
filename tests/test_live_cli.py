"""``gridsight live`` on the command line: bad options are one line and exit 2, a missing
display or Wayland is one line and exit 1; the manual helper runs headless for a moment."""

from __future__ import annotations

import json
from datetime import datetime, timezone

import pytest

from gridsight.commands.live import session_log_path


def test_a_bad_region_or_two_sources_are_input_errors(live_extra, run_cli):
    code, _, err = run_cli("live", "--game", "disco-zoo", "--region", "1,2,3")
    assert code == 2 and "expected X,Y,W,H" in err and "Traceback" not in err
    code, _, err = run_cli("live", "--game", "tile-path", "--window", "Game", "--region",
                           "0,0,10,10")
    assert code == 2 and "choose one of --window, --region" in err


def test_a_link_or_folder_where_the_log_goes_and_a_bad_interval_are_refused_first(
        live_extra, run_cli, tmp_path, monkeypatch):
    """Before the display is even looked at (no DISPLAY here): a --log or --status-file that is
    a symbolic link or a folder, and an --interval under 1 ms (Qt warned in a loop and polled
    every 1 ms), are one line and exit 2; what the link points to is untouched."""
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    monkeypatch.delenv("QT_QPA_PLATFORM", raising=False)
    monkeypatch.setattr("sys.platform", "linux")
    precious = tmp_path / "notes.txt"
    precious.write_text("mine")
    link = tmp_path / "session.jsonl"
    link.symlink_to(precious)
    for option, value, reason in (("--log", link, "symbolic link"),
                                  ("--status-file", link, "symbolic link"),
                                  ("--log", tmp_path, "a folder")):
        code, _, err = run_cli("live", "--game", "tile-path", "--window", "Game", option,
                               str(value))
        assert code == 2 and f"{option} {value}: it is" in err and reason in err, err
        assert len(err.strip().splitlines()) == 1
    assert precious.read_text() == "mine"
    code, _, err = run_cli("live", "--game", "tile-path", "--window", "Game", "--interval", "-5")
    assert code == 2 and "--interval: must be at least 1" in err
    for bad in ("nan", "inf", "-1", "0"):  # nan and inf were a traceback from Qt's timer
        code, _, err = run_cli("live", "--game", "tile-path", "--window", "Game",
                               "--duration", bad)
        assert code == 2 and "--duration: must be a number of seconds above 0" in err


def test_pure_wayland_and_no_display_say_what_to_do(live_extra, run_cli, monkeypatch):
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("QT_QPA_PLATFORM", raising=False)
    monkeypatch.setenv("WAYLAND_DISPLAY", "wayland-0")
    monkeypatch.setattr("sys.platform", "linux")
    code, _, err = run_cli("live", "--game", "tile-path", "--window", "Game")
    assert code == 1 and "XWayland" in err and len(err.strip().splitlines()) == 1
    monkeypatch.delenv("WAYLAND_DISPLAY")
    code, _, err = run_cli("live", "--game", "tile-path", "--manual")
    assert code == 1 and "DISPLAY is not set" in err


def test_a_pit_game_needs_its_calibration_or_manual(live_extra, run_cli):
    code, _, err = run_cli("live", "--game", "thrill-digger", "--monitor", "1")
    assert code == 2 and "--calibration FILE" in err and "--manual" in err


def test_manual_board_files_are_checked(live_extra, run_cli, tmp_path):
    code, _, err = run_cli("live", "--game", "tile-path", "--manual", "--board",
                           str(tmp_path / "none.txt"))
    assert code == 2 and "none.txt" in err
    bad = tmp_path / "bad.txt"
    bad.write_text("animals: Sheep\n. . ? . .\n" + ". . . . .\n" * 4)
    code, _, err = run_cli("live", "--game", "disco-zoo", "--manual", "--board", str(bad))
    assert code == 2 and "bad.txt" in err and "'?'" in err


def test_manual_helper_runs_and_shows_the_advice(run_cli, tmp_path, monkeypatch):
    pytest.importorskip("PySide6")
    monkeypatch.setenv("QT_QPA_PLATFORM", "offscreen")
    board = tmp_path / "room.txt"
    board.write_text(". . . . . . . .\n" * 4 + "L . . # . . . .\nS . . . . . . E\n")
    status = tmp_path / "status.json"
    code, _, err = run_cli("live", "--game", "tile-path", "--manual", "--board", str(board),
                           "--status-file", str(status), "--duration", "0.3")
    assert code == 0, err
    snap = json.loads(status.read_text())
    assert snap["grid"][5][0] == "S" and snap["recommend"] and "gridsight: Step " in err


def test_the_session_log_goes_to_the_data_dir_override(monkeypatch, tmp_path):
    monkeypatch.setenv("GRIDSIGHT_DATA_DIR", str(tmp_path))
    when = datetime(2026, 11, 30, 4, 5, 6, tzinfo=timezone.utc)
    assert session_log_path(when) == tmp_path / "logs" / "session-20261130-040506.jsonl"


def test_a_capture_of_the_screen_on_x11_draws_nothing_over_the_game_and_says_why(monkeypatch):
    """On X11 a capture of a monitor or a region sees what gridsight draws over the game: the
    advised tile's outline hid it, so a tap there was never seen (measured on Xvfb with
    xcompmgr: the advice stayed on a tile already tapped, "1 cell(s) unread keep their last
    state"). Only a window's own pixels are free of it."""
    import argparse
    import sys

    from gridsight.commands import live

    monkeypatch.setenv("DISPLAY", ":0")
    monkeypatch.setattr(sys, "platform", "linux")
    for where in ({"monitor": 1}, {"region": "0,0,800,600"}):
        options = argparse.Namespace(no_overlay=False, window=None, **where)
        notice, draw_over = live._compositor_notice(options)
        assert draw_over is False and "--window TITLE" in notice
    options = argparse.Namespace(no_overlay=True, window=None, monitor=1)
    assert live._compositor_notice(options) == ("", True)  # nothing to draw: nothing to say


BAD_HINTS = [
    (("--animals", "Unicorn,Gorilla"), "not from one region"),
    (("--animals", "Pig,Pig"), "Pig is named twice"),
    (("--taps", "-1"), "--taps: must be a whole number >= 0"),
    (("--taps", "99"), "--taps: is at most 25"),
    (("--objective", "bad"), "unknown --objective 'bad' (use expected, all or target:NAME)"),
    (("--objective", "target:Nosuch"), "unknown animal 'Nosuch'"),
    # An unknown target: the few names spelled like it, not the game's ~100 animals; the
    # region's animals when it is given.
    (("--objective", "target:Pandaa"), "unknown animal 'Pandaa' (closest by spelling: Panda,"),
    (("--objective", "target:Pandaa", "--zoo-region", "jungle"),
     "Jungle has: Monkey, Toucan, Gorilla, Panda, Tiger"),
    (("--objective", "target:Panda", "--zoo-region", "Farm"),
     "'Panda' is not an animal of Farm (it lives in Jungle; Farm has: Sheep, Pig"),
    (("--animals", "Gorila"), "unknown animal 'Gorila' (closest by spelling: Gorilla,"),
    (("--pieces", "QQ"), "unknown piece 'Q' in 'QQ'"),
    (("--zoo-region", "Mars2"), "unknown region 'Mars2' (regions: Farm"),
    # Each alone is right; together no rescue could be: checked by the game, at the start.
    (("--animals", "Gorilla,Panda", "--zoo-region", "Farm"), "'Gorilla' is not an animal of Farm"),
    (("--animals", "Gorilla,Panda", "--objective", "target:Pig"),
     "'Pig' is not in this rescue (Gorilla, Panda)"),
]


@pytest.mark.parametrize(("hint", "words"), BAD_HINTS)
def test_bad_hints_are_refused_when_live_starts(run_cli, monkeypatch, hint, words):
    """Before any window, capture or Qt (live used to say "waiting" and never refuse them):
    a line naming the option, exit 2, the same check analyze makes."""
    def started(*_args, **_kwargs):
        raise AssertionError("live started before refusing a bad hint")

    monkeypatch.setattr("gridsight.commands.live.require_qt", started)
    monkeypatch.setattr("gridsight.commands.live.check_targets", started)
    code, out, err = run_cli("live", "--game", "disco-zoo", "--window", "Game", *hint)
    assert code == 2 and out == "" and "Traceback" not in err
    # One line: the check's own words, no usage block before them, no list of every animal.
    assert err.count("\n") == 1 and words in err and len(err) < 320, err


@pytest.mark.parametrize(("hint", "words"), BAD_HINTS)
def test_bad_hints_are_refused_when_analyze_starts(run_cli, tmp_path, hint, words):
    """Before any file is read (analyze used to refuse them at the first board, as a line of
    the board as read): the file here does not even exist."""
    code, out, err = run_cli("analyze", str(tmp_path / "none.png"), "--out", str(tmp_path),
                             *hint)
    assert code == 2 and out == "" and "Traceback" not in err
    assert err.count("\n") == 1 and words in err and "none.png" not in err, err


@pytest.mark.parametrize("args", [("analyze", "--nosuch", "x.png"), ("live",),
                                  ("analyze", "--game", "nosuch", "x.png")])
def test_argparse_errors_keep_the_usage(run_cli, args):
    """A mistyped option, a missing one or a choice not offered: the usage is the help
    (only gridsight's own value checks are said in one line)."""
    code, out, err = run_cli(*args)
    assert code == 2 and out == "" and err.startswith("usage: gridsight"), err


def test_good_hints_pass_the_start_checks(run_cli, monkeypatch):
    """Hints of one rescue (a region loosely written, a target among the animals) go on to
    the next check (here, the display)."""
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    monkeypatch.delenv("QT_QPA_PLATFORM", raising=False)
    monkeypatch.setattr("sys.platform", "linux")
    monkeypatch.setattr("gridsight.commands.live.require_qt", lambda: None)
    code, _, err = run_cli("live", "--game", "disco-zoo", "--manual", "--animals",
                           "Gorilla,Panda", "--zoo-region", "jungle", "--taps", "7",
                           "--objective", "target:panda", "--pieces", "f i l")
    assert code == 1 and "DISPLAY is not set" in err, err


def test_a_session_that_never_found_its_window_ends_as_a_failure_naming_it(
        run_cli, monkeypatch, tmp_path):
    """A mistyped --window waited for a window that never came, and the session ended (its
    --duration, Ctrl-C) with exit 0 as if it had played: it says no such window was found,
    with the windows there are, and exits 1; nothing is logged."""
    pytest.importorskip("PySide6")
    monkeypatch.setenv("QT_QPA_PLATFORM", "offscreen")
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.setattr("gridsight.commands.live._check_display", lambda *a, **k: None)
    from gridsight.vision.capture import Missing, MissingReason

    class NoWindow:
        def __init__(self, source):
            self.source = source

        def grab(self):
            return Missing(MissingReason.NOT_FOUND, "no window titled 'Dolphin Zelda' (yet); "
                           "waiting for it (windows now: 'Dolphin 5.0 | Zelda SS'; "
                           "'gridsight windows' lists them)")

        def close(self):
            pass

    monkeypatch.setattr("gridsight.vision.capture.ScreenCapture", NoWindow)
    log = tmp_path / "s.jsonl"
    code, _, err = run_cli("live", "--game", "tile-path", "--window", "Dolphin Zelda",
                           "--log", str(log), "--duration", "0.3", "--no-panel")
    assert code == 1, err
    last = err.strip().splitlines()[-1]
    assert last.startswith("gridsight: no window titled 'Dolphin Zelda' was found"), err
    assert "'Dolphin 5.0 | Zelda SS'" in last and "Traceback" not in err, err
    assert not log.exists()


def test_a_session_that_never_found_a_board_of_its_game_ends_as_a_failure(
        run_cli, monkeypatch, tmp_path):
    """``--game disco-zoo`` on the pentomino level's window (session 41, under Xvfb): the
    session said "no board in view ... another game?" and ended with exit 0 as if it had
    played; it now ends with one line saying so and exit 1, as a window never found."""
    pytest.importorskip("PySide6")
    import time
    from pathlib import Path

    import cv2

    monkeypatch.setenv("QT_QPA_PLATFORM", "offscreen")
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.setattr("gridsight.commands.live._check_display", lambda *a, **k: None)
    from gridsight.vision.capture import Frame, Rect

    shot = Path(__file__).resolve().parents[1] / "examples" / "screenshots" / \
        "pentomino-level.png"
    pixels = cv2.imread(str(shot))
    pixels.setflags(write=False)

    class PentominoWindow:
        def __init__(self, source):
            self.source = source

        def grab(self):
            return Frame(pixels, Rect(0, 0, pixels.shape[1], pixels.shape[0]), time.time())

        def close(self):
            pass

    monkeypatch.setattr("gridsight.vision.capture.ScreenCapture", PentominoWindow)
    code, _, err = run_cli("live", "--game", "disco-zoo", "--window", "Level", "--log",
                           str(tmp_path / "s.jsonl"), "--duration", "1", "--no-panel",
                           "--no-overlay")
    assert code == 1 and "Traceback" not in err, err
    last = err.strip().splitlines()[-1]
    assert last.startswith("gridsight: no disco-zoo board was found in the "), err
    assert "another game's window?" in last, err


def test_a_log_or_status_file_naming_a_players_own_file_is_refused_and_left_as_it_was(
        live_extra, run_cli, tmp_path, monkeypatch):
    """``--log shot.png`` (a screenshot, the player's notes) was taken for a log: its last
    line "set aside" as torn (the PNG lost its last 28 bytes) and the session's records
    appended to it; ``--status-file notes.txt`` replaced the notes. Refused first, one line;
    a log or status file gridsight wrote, an empty file or a new name still go."""
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    monkeypatch.setattr("sys.platform", "linux")
    from pathlib import Path

    shot = tmp_path / "shot.png"
    shot.write_bytes((Path(__file__).resolve().parent.parent / "examples" / "screenshots"
                      / "tile-path-room.png").read_bytes())
    notes = tmp_path / "notes.txt"
    notes.write_text("level 3: left, then up\nno newline at the end")
    pretty = tmp_path / "settings.json"
    pretty.write_text('{\n  "volume": 3\n}\n')
    before = {p: p.read_bytes() for p in (shot, notes, pretty)}
    for option, value, what in (("--log", shot, "a PNG picture"),
                                ("--log", notes, "a file of other content"),
                                ("--status-file", notes, "a file of other content"),
                                ("--status-file", pretty, "a file of other content")):
        code, _, err = run_cli("live", "--game", "tile-path", "--window", "Game", option,
                               str(value))
        assert code == 2 and f"{option} {value}: {what}, not a" in err, err
        assert len(err.strip().splitlines()) == 1, err
    assert {p: p.read_bytes() for p in before} == before
    log, status, empty = tmp_path / "s.jsonl", tmp_path / "s.json", tmp_path / "empty.jsonl"
    log.write_text('{"type":"move","step":1,"row":0,"col":0,"time":"x"}\n{"type":"pa')
    status.write_text('{"version": 2, "status": "waiting"}')
    empty.write_text("")
    for option, value in (("--log", log), ("--status-file", status), ("--log", empty),
                          ("--log", tmp_path / "new.jsonl")):
        code, _, err = run_cli("live", "--game", "tile-path", "--window", "Game", option,
                               str(value))
        assert code == 1 and "display" in err.lower(), err  # past
        # the check: the display's turn (its words are the capture library's own)
