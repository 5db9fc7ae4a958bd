"""``gridsight live --game G [--window TITLE | --region X,Y,W,H | --monitor N] [--log FILE]
[--save-frames] [--pack P] [--manual]``, and for a game read as a 3D pit (Thrill Digger)
``gridsight live --game G --calibration FILE [--difficulty D]``.

Watches the game on screen and keeps the advice drawn over it (see :mod:`gridsight.live`),
reading it the way the game's spec says (its ``reading`` part: a flat grid through a template
pack, or a calibrated 3D pit):
a transparent click-through overlay over the captured rectangle, a correction panel, a status
line on standard error, and one log line per change of the board (default: a new file per
session in the per-user data folder, ``$GRIDSIGHT_DATA_DIR/logs`` when that is set).
``--manual`` needs no capture: the panel is the board, as in the other helpers.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
from datetime import datetime, timezone
from pathlib import Path
from typing import TYPE_CHECKING

from gridsight.errors import RuntimeFailure
from gridsight.commands.screen_options import (
    add_read_hint_arguments,
    add_solver_arguments,
    check_hints_together,
    pit_difficulties,
    pit_games,
    read_hints_from,
    screen_games,
    solver_settings_from,
)
from gridsight.games.arguments import positive_int
from gridsight.games.spec import GameSpec, GridReading, PitReading
from gridsight.registry import game_names, get_spec
from gridsight.solvers.errors import one_line

if TYPE_CHECKING:  # pragma: no cover
    from gridsight.live.sources import BoardSource

DEFAULT_INTERVAL_MS = 33
#: At the end of a session, the most seconds to wait for the advice of the board being solved
#: (so it is logged; past it, the log says the board was passed unsolved).
FINISH_WAIT_S = 5.0


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "live",
        help="watch the game on screen and draw the advice over it, with a correction panel",
        description=(
            "Capture the game (a window by its title, a screen region or a monitor), read the "
            "board whenever the picture changes, solve it when the board changes, and draw the "
            "advice in a transparent overlay. A panel shows the board as read: correct a cell, "
            "undo, set the taps left, choose a target animal, pause. Every new board is logged. "
            "Needs a desktop session with screen capture: Windows, macOS, or X11 (on Wayland, "
            "run the game under XWayland and gridsight with QT_QPA_PLATFORM=xcb)."),
    )
    parser.add_argument("--game", required=True, choices=game_names(),
                        help="the game being played (screen reading: "
                        + ", ".join(screen_games()) + "; any game with --manual)")
    where = parser.add_argument_group("what to capture (one of; default: monitor 1)")
    where.add_argument("--window", metavar="TITLE", default=None,
                       help="the window whose title is TITLE, or holds it (any case; "
                       "'gridsight windows' lists the titles), followed when it moves; waited "
                       "for when closed or minimised; several matching windows are named")
    where.add_argument("--region", metavar="X,Y,W,H", default=None,
                       help="a screen rectangle in physical pixels (X, Y may be negative; "
                       "Disco Zoo's region is --zoo-region)")
    where.add_argument("--monitor", metavar="N", type=int, default=None,
                       help="monitor N (1 = first; 0 = all monitors together)")
    parser.add_argument("--manual", action="store_true",
                        help="no capture: set the board in the panel (start from --board FILE)")
    parser.add_argument("--board", metavar="FILE", default=None,
                        help="with --manual: the starting board in the game's text format")
    parser.add_argument("--pack", metavar="P", default=None,
                        help="template pack: a skin name or a pack folder (default: shipped)")
    parser.add_argument("--calibration", metavar="FILE", default=None,
                        help="a game read as a 3D pit (" + ", ".join(pit_games()) + "): the "
                        "pit saved by gridsight calibrate GAME (its calibration.json or "
                        "folder); capture the same screen rectangle the calibration screenshot "
                        "showed")
    parser.add_argument("--difficulty", default=None, choices=pit_difficulties(),
                        help="a 3D pit: the difficulty (default: from the pit's size)")
    parser.add_argument("--log", metavar="FILE", default=None,
                        help="append one JSON line per new board here (default: a new file "
                        "per session in the per-user data folder)")
    parser.add_argument("--save-frames", action="store_true",
                        help="save each logged frame as a PNG beside the log")
    parser.add_argument("--status-file", metavar="FILE", default=None,
                        help="keep a JSON snapshot of what is shown (board, advice, status) here")
    parser.add_argument("--interval", metavar="MS", type=positive_int, default=DEFAULT_INTERVAL_MS,
                        help="poll the screen every MS milliseconds "
                        f"(default {DEFAULT_INTERVAL_MS})")
    parser.add_argument("--idle-interval", metavar="MS", type=positive_int, default=66,
                        help="poll every MS milliseconds once the picture has been still for "
                        "2 s (default 66; the same as --interval to never slow down)")
    parser.add_argument("--duration", metavar="SECONDS", type=duration, default=None,
                        help="stop after this many seconds (default: until closed or Ctrl-C)")
    parser.add_argument("--no-overlay", action="store_true",
                        help="do not draw over the game (the status strip beside it stays)")
    parser.add_argument("--no-panel", action="store_true", help="do not show the panel")
    parser.add_argument("--verbose", action="store_true",
                        help="print the details with each status line on standard error (the "
                        "game, the counter, the read confidence, the advice's figures)")
    parser.add_argument("--learn", action="store_true",
                        help="save each cell corrected in the panel into your copy of the pack "
                        "(a new look of its label, or 'this tile is Panda'), so the next read "
                        "of that look is right without the correction")
    add_read_hint_arguments(parser, what="screen")
    add_solver_arguments(parser, command="live")
    parser.set_defaults(func=run)


def session_log_path(now: datetime | None = None) -> Path:
    """A new log per session in the per-user data folder (:func:`gridsight.log.default_log_path`,
    ``$GRIDSIGHT_DATA_DIR/logs`` when that is set)."""
    from gridsight.log import default_log_path

    return default_log_path(now or datetime.now(timezone.utc))


def _check_display(command: str = "live") -> None:
    if os.environ.get("QT_QPA_PLATFORM") == "offscreen" or not sys.platform.startswith("linux"):
        return
    if os.environ.get("DISPLAY"):
        return
    if os.environ.get("WAYLAND_DISPLAY"):
        raise RuntimeFailure(
            "pure Wayland lets no program read the screen or draw over another window; run the "
            "game under XWayland and gridsight with DISPLAY set (QT_QPA_PLATFORM=xcb), or log "
            "in to an X11 session")
    raise RuntimeFailure(f"no display: gridsight {command} needs a desktop session (DISPLAY is "
                         "not set)")


def _manual_board(options: argparse.Namespace):
    from gridsight.live.manual import ManualBoard

    if options.board:
        from gridsight.inputs import read_text

        source, text = read_text(options.board)
        return ManualBoard.from_text(options.game, text, source=source)
    headers = ManualBoard.headers_from(options.game, read_hints_from(options))
    return ManualBoard.blank(options.game, headers)


LIVE_EXTRA = "pip install 'gridsight[live]'"


def require_qt() -> None:
    """The overlay, the panel and the event loop are Qt (PySide6, the ``live`` extra): say so
    in one line when it is not installed, rather than fail at the first import."""
    try:
        import PySide6.QtCore  # noqa: F401
    except ImportError as error:
        raise RuntimeFailure(f"live needs PySide6, which is not installed ({error}); install "
                             f"the live extra: {LIVE_EXTRA}") from None


#: The longest ``--duration``: what Qt's timer holds (2**31 - 1 milliseconds, 24.8 days).
MAX_DURATION_S = (2**31 - 1) // 1000


def duration(text: str) -> float:
    """``--duration SECONDS``: a number of seconds above 0, at most :data:`MAX_DURATION_S`
    (``nan`` and ``inf`` were a traceback from Qt's timer, a negative one Qt's warning).

    >>> duration("2.5")
    2.5
    """
    import math

    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: '{text}'") from None
    if not (math.isfinite(value) and 0 < value <= MAX_DURATION_S):
        raise argparse.ArgumentTypeError(
            f"must be a number of seconds above 0 and at most {MAX_DURATION_S:,}, not '{text}'")
    return value


def check_targets(options: argparse.Namespace) -> None:
    """Refuse, before anything starts, a ``--log`` or ``--status-file`` that is a symbolic
    link or not a regular file (a folder, a FIFO): gridsight never writes through a link, and
    finding it out at the first board would leave the session's records in a side file and
    the player surprised (:class:`~gridsight.solvers.errors.InputError`, exit 2)."""
    from gridsight.safefiles.write import SaveError, check_target
    from gridsight.solvers.errors import InputError

    for option, value in (("--log", options.log), ("--status-file", options.status_file)):
        if value:
            try:
                check_target(Path(value))
            except SaveError as error:
                raise InputError(f"{option} {one_line(value)}: {error.reason}") from None
            what = _not_ours(Path(value), option)
            if what:
                # A file of the player's own at that name (a screenshot, notes): the log was
                # appended to it, its last line first "set aside" as torn (a PNG lost its
                # last 28 bytes), a status file replaced it whole.
                raise InputError(f"{option} {one_line(value)}: {what}, not "
                                 f"{'a log' if option == '--log' else 'a status file'} "
                                 "gridsight wrote; give a new file's name (it is left as it is)")


def _not_ours(path: Path, option: str) -> str:
    """What the file at ``path`` is when it holds something and is not a session log
    (``--log``: its first line a JSON object with a ``type`` or ``step``) or a status snapshot
    (``--status-file``: a JSON object with ``version`` and ``status``); ``""`` when it is
    one, is empty or is not there."""
    import json

    from gridsight.safefiles.read import open_regular

    try:
        with open_regular(path, follow=False) as stream:
            head = stream.read(1 << 20)
    except OSError:
        return ""
    if not head.strip():
        return ""
    if head.startswith(b"\x89PNG"):
        return "a PNG picture"
    if option == "--log":
        first, newline, _ = head.partition(b"\n")
        if not newline and first.lstrip().startswith(b'{"'):
            return ""  # a log of one torn line (its first write interrupted)
        keys = ("type", "step")
    else:
        first, keys = head, ("version", "status")
    try:
        data = json.loads(first)
    except ValueError:
        return "a file of other content"
    if isinstance(data, dict) and (any(k in data for k in keys) if option == "--log"
                                   else all(k in data for k in keys)):
        return ""
    return "a file of other content"


def run(options: argparse.Namespace) -> int:
    check_hints_together(options, [options.game])
    check_targets(options)
    require_qt()
    from gridsight.worker import SolveWorker

    spec = get_spec(options.game)
    solve_options = spec.adapter.options_from(solver_settings_from(options))
    # Solving runs in a worker process (off the Qt thread, killed at a hard stop), started
    # with the first board: the overlay follows the window while the solver works.
    with SolveWorker() as worker:
        # A first run compiles the game's kernel meanwhile, in a process of its own
        # (gridsight.warm), before the first board is read.
        worker.warm(options.game)
        return _run_with(options, spec, solve_options, worker)


def _run_with(options: argparse.Namespace, spec, solve_options, worker) -> int:
    from gridsight.live.loop import LiveLoop
    from gridsight.solvers.errors import InputError

    if options.manual:
        manual = _manual_board(options)
        loop = LiveLoop.for_manual(manual, solve_options=solve_options, worker=worker)
        if options.board:
            loop.settle(timeout=60.0)
        if options.board and loop.view.advice is None and loop.view.warnings:
            problem = loop.view.warnings[-1].removeprefix("not solved: ")
            raise InputError(f"{options.board}: {problem}")
        _check_display()
        return _drive(options, loop, None, loop.source.choices, "", True)
    reading = spec.reading
    if options.calibration and not isinstance(reading, PitReading):
        raise InputError("--calibration is for a game read as a 3D pit (--game "
                         + " or ".join(pit_games()) + ")")
    if reading is None:
        raise RuntimeFailure(f"{options.game} cannot be read off the screen yet; use --manual "
                             f"(screen reading: {', '.join(screen_games())})")
    source = board_source(spec, options)
    capture, log = _open_capture_and_log(options)
    worker.start()  # while the window is found: the first board waits less
    loop = LiveLoop(spec, source=source, solve_options=solve_options,
                    hints=read_hints_from(options), log=log,
                    learn=getattr(options, "learn", False), worker=worker)
    if source.steady_rate:
        # The source counts time in frames: the screen is polled at one steady rate.
        options.idle_interval = options.interval
    notice, draw_over = _compositor_notice(options)
    try:
        return _drive(options, loop, capture, source.choices, notice, draw_over)
    finally:
        capture.close()
        if loop.thinking:  # the last board's advice, shown or about to be, goes in the log
            print(f"gridsight: waiting up to {FINISH_WAIT_S:g} s for the last board's advice, "
                  "for the log", file=sys.stderr, flush=True)
            try:
                loop.finish(FINISH_WAIT_S)
            except KeyboardInterrupt:  # Ctrl-C again: stop waiting; the log is still closed
                pass
        log.close()


def board_source(spec: GameSpec, options: argparse.Namespace) -> BoardSource:
    """The board source of a live session of ``spec`` from the command's options: the screen
    read through ``--pack`` for a flat grid (with the labels the reader names beyond the
    pack's, an animal's name, offered in the panel; starting from where the board was last
    seen on a screen of the same size, by ``analyze`` or ``live``: :mod:`gridsight.screens`),
    or the game's own source for a 3D pit."""
    reading = spec.reading
    if isinstance(reading, PitReading):
        return reading.load_source(spec, options)
    if not isinstance(reading, GridReading):
        raise RuntimeFailure(f"{spec.name} cannot be read off the screen")
    from gridsight.live.sources import GridSource
    from gridsight.readers.find import load_game_pack
    from gridsight.screens import ScreenMemory

    pack = getattr(options, "pack", None)
    source = GridSource(spec, load_game_pack(spec.name, pack,
                                             time_limit=getattr(options, "time_limit", None)),
                        memory=ScreenMemory.in_data_folder(), pack_name=pack)
    named = getattr(reading.game_reader, "named_labels", None)
    if named is not None:  # labels the panel offers beyond the pack's (an animal's name)
        source.choices += tuple(label for label in named(read_hints_from(options))
                                if label not in source.choices)
    return source


def _open_capture_and_log(options: argparse.Namespace):
    """The screen capture the options name and the session's recommendation log.

    Checks the display first; a capture that cannot start is a runtime failure (exit 1)."""
    from gridsight.log import RecommendationLog
    from gridsight.vision.capture import CaptureUnavailable, ScreenCapture, source_from_options

    source = source_from_options(options.window, options.region, options.monitor)
    _check_display()
    try:
        capture = ScreenCapture(source)
    except CaptureUnavailable as error:
        raise RuntimeFailure(str(error)) from None
    path = Path(options.log) if options.log else session_log_path()
    log = RecommendationLog(path, save_frames=options.save_frames)
    print(f"gridsight: logging to {one_line(str(path))}", file=sys.stderr, flush=True)
    return capture, log


NO_COMPOSITOR = ("no compositor runs on this X display, so nothing is drawn over the game (it "
                 "would show black): the advice is in the strip and the panel beside it. Start "
                 "one (picom, xcompmgr, or your desktop's compositing) to see it over the game")


SCREEN_CAPTURED = ("the screen itself is captured (not a window), and on X11 what gridsight drew "
                   "over the game would be captured with it and hide the tiles under it (the "
                   "advised one first): nothing is drawn over the game, the advice is in the "
                   "strip and the panel. To see it over the game, capture the game's window: "
                   "--window TITLE ('gridsight windows' lists them)")


def _compositor_notice(options: argparse.Namespace) -> tuple[str, bool]:
    """On X11 with the overlay asked for: whether it can be drawn over the game (a compositor
    runs, and a window is captured: a capture of the screen would read the overlay back, on
    the very tile it advises), and if not the line that says so (said once, by the driver)."""
    if options.no_overlay or not os.environ.get("DISPLAY") or not sys.platform.startswith("linux"):
        return "", True
    if not getattr(options, "window", None):
        return SCREEN_CAPTURED, False
    from gridsight.overlay.window import check_compositor

    check = check_compositor()
    if check.available is False:
        return NO_COMPOSITOR, False
    return ("" if check.available else f"warning: {check.message}"), True


def _drive(options, loop, capture, choices, notice: str, draw_over: bool) -> int:
    from gridsight.live.qt import LiveDriver

    driver = LiveDriver(loop, capture, overlay=not options.no_overlay,
                        panel_choices=None if options.no_panel else tuple(choices),
                        interval_ms=options.interval, idle_interval_ms=options.idle_interval,
                        status_file=options.status_file,
                        notice=notice, draw_over=draw_over,
                        verbose=getattr(options, "verbose", False))
    from PySide6.QtCore import QTimer

    # Let Python see Ctrl-C and SIGTERM while Qt's event loop runs (a no-op tick wakes it);
    # both end the session cleanly (the log is flushed), and the old handlers come back after.
    previous = {sig: signal.signal(sig, lambda *_: driver.app.quit())
                for sig in (signal.SIGINT, signal.SIGTERM)}
    wake = QTimer()
    wake.timeout.connect(lambda: None)
    wake.start(200)
    if options.duration is not None:
        QTimer.singleShot(int(options.duration * 1000), driver.app.quit)
    try:
        code = driver.run()
    finally:
        wake.stop()
        for sig, handler in previous.items():
            signal.signal(sig, handler)
    if capture is not None and not driver.captured and driver.never_captured:
        # Nothing was ever captured (a title mistyped: the session waited for a window that
        # never came, and ended as if it had played): said once more at the end, exit 1.
        why = driver.never_captured
        if why.startswith("no window titled") and "waiting for it" in why:
            there = why.split("waiting for it", 1)[1] or \
                "; 'gridsight windows' lists the windows there are"
            raise RuntimeFailure(f"no window titled '{options.window}' was found while the "
                                 f"session ran{there}")
        raise RuntimeFailure(f"nothing was captured in the session: {why}")
    counters = loop.counters
    if capture is not None and driver.captured and counters.reads and not counters.located:
        # The window was there but no board of the game in any frame read (another game's
        # window, --game wrong): said once more at the end, exit 1, as a window never found.
        raise RuntimeFailure(f"no {loop.game} board was found in the {counters.reads} "
                             f"frame(s) read in the session: another game's window? (--game "
                             f"{loop.game} was given; 'gridsight games' lists the games)")
    return code
