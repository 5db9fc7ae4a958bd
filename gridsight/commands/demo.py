"""``gridsight demo GAME [--every SECONDS] [--out DIR] [--no-overlay] [--no-panel]``.

The whole live product on a synthetic game, for a newcomer without the game: a window plays
the game's scripted demo (:mod:`gridsight.demo`), ``gridsight live`` follows that window by its
title (capture, reading, solving, the overlay and the panel, the log), and when the script
ends the log is replayed (``gridsight replay --check --html``): a summary on the terminal and
an HTML report beside the log in ``--out``. Needs the ``live`` extra and a desktop session,
like ``gridsight live``.
"""

from __future__ import annotations

import argparse
import json
import stat
import sys
from pathlib import Path
from typing import Any

from gridsight.registry import game_names, get_spec

DEFAULT_OUT = "gridsight-demo"
SLACK_S = 20.0  # live stops by itself this long after the script should have ended
WINDOW_AT = (40, 40)  # the panel goes beside it, on the side with room


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    from gridsight.demo.script import demo_games

    games = ", ".join(demo_games())
    parser = subparsers.add_parser(
        "demo",
        help="watch gridsight play a synthetic game: capture, overlay, panel, log, replay",
        description=(
            "Show a scripted game in a window (our own drawings of the game) and run "
            "'gridsight live' on that window: it reads each board, draws the advice over it "
            "and in the panel, and logs it; at the end the log is replayed and an HTML report "
            "written. The scripted player follows the advice (in the disco-zoo and "
            "minesweeper demos but for one deliberate move, which the report shows). Games "
            f"with a demo: {games}. Needs a desktop session "
            "and the live extra (pip install 'gridsight[live]')."),
    )
    parser.add_argument("game", choices=game_names(), metavar="GAME",
                        help=f"the game to watch: {games}")
    parser.add_argument("--every", type=float, default=None, metavar="SECONDS",
                        help="seconds per move (default: the demo's own pace)")
    parser.add_argument("--out", metavar="DIR", default=DEFAULT_OUT,
                        help=f"where the log, its frames and the report go (default "
                        f"./{DEFAULT_OUT}/)")
    parser.add_argument("--no-overlay", action="store_true", help="do not draw over the game")
    parser.add_argument("--no-panel", action="store_true", help="do not show the panel")
    parser.set_defaults(func=run)


def run(options: argparse.Namespace) -> int:
    from gridsight.errors import RuntimeFailure
    from gridsight.commands.live import _check_display
    from gridsight.demo.script import load_script

    spec = get_spec(options.game)
    script = load_script(spec.name)
    every = script.every if options.every is None else options.every
    if not 0 < every <= 3600:  # inf (or 1e400) made live's --duration inf: a traceback
        from gridsight.solvers.errors import InputError

        raise InputError(f"--every must be more than 0 seconds and at most 3600, not "
                         f"{options.every:g}")
    try:
        import PySide6.QtCore  # noqa: F401
    except ImportError as error:
        raise RuntimeFailure(f"gridsight demo needs PySide6, which is not installed ({error}); "
                             "install the live extra: pip install 'gridsight[live]'") from None
    _check_display("demo")
    out = Path(options.out)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise RuntimeFailure(f"cannot create {out}: {error.strerror}") from None
    log, status, report = out / "demo.jsonl", out / "status.json", out / "demo-report.html"
    clear_previous_run(log, status)
    title = f"gridsight demo: {spec.title}"

    from gridsight.demo.window import DemoWindow

    # Placed right of the panel (which opens at the top left where no window manager
    # places windows, as on a bare X server).
    window = DemoWindow([f.image for f in script.frames], title, every, at=WINDOW_AT,
                        seen=lambda index: _shows(status, script.frames[index].labels),
                        thinking=lambda index: _solving(status, script.frames[index].labels))
    end_with(window)
    # The window waits for each board's advice while the solver works on it (bounded by the
    # solver's hard stop): live's own end is only a backstop past all those waits.
    duration = (every + window.patience + _solve_backstop(spec, script.solve)) * (
        len(script.frames) + 1) + SLACK_S
    live_args = ["live", "--game", spec.name, "--window", title, "--log", str(log),
                 "--save-frames", "--status-file", str(status), "--duration", f"{duration:g}"]
    live_args += ["--no-overlay"] * options.no_overlay + ["--no-panel"] * options.no_panel
    for dest, value in script.solve:  # the settings the scripted player's advice came from
        live_args += [f"--{dest.replace('_', '-')}", f"{value:g}"]
    parser = _commands_parser()
    print(f"gridsight: demo of {spec.name}: {len(script.frames)} moves, {every:g} s each; "
          "watch the window", file=sys.stderr, flush=True)
    window.start()
    try:
        live = parser.parse_args(live_args)
        code = int(live.func(live) or 0)
    finally:
        window.close()
    print(f"gridsight: {_ending(window.index, len(script.frames))}", file=sys.stderr,
          flush=True)
    if code:
        return code
    replay = parser.parse_args(["replay", str(log), "--check", "--html", str(report)])
    return int(replay.func(replay) or 0)


def end_with(window: Any) -> None:
    """The demo ``window``'s last frame ends the session (live's Qt loop): with ``exit``, not
    ``quit``. Qt 6's quit() closes every window first, and a tick of live's in between read
    the demo's window as closed, so the session's last status (the status file's, the
    terminal's) was "window ... was closed; followed again when it reopens"."""
    window.on_finished = lambda: window.app.exit(0)


def _ending(index: int, frames: int) -> str:
    """What the demo says when live has ended: that it finished, or where it stopped (live's
    own end, its backstop, came first; or the player ended it).

    >>> _ending(3, 3), _ending(1, 3)
    ('the demo finished: all 3 boards were shown', 'the demo stopped at board 2 of 3')
    """
    if index >= frames:
        shown = f"all {frames} boards were shown" if frames > 1 else "its board was shown"
        return f"the demo finished: {shown}"
    return f"the demo stopped at board {index + 1} of {frames}"


def _commands_parser() -> argparse.ArgumentParser:
    """The parser of the two commands the demo runs, ``live`` and ``replay``, as the command
    line builds them (the demo drives them as a player would type them)."""
    from gridsight.commands import live, replay
    from gridsight.commands.parser import Parser

    parser = Parser(prog="gridsight")
    commands = parser.add_subparsers(dest="command", required=True)
    live.add_parser(commands)
    replay.add_parser(commands)
    return parser


def _shown(status: Path) -> dict:
    """Live's status snapshot (what the panel shows; ``{}`` while there is none)."""
    try:
        shown = json.loads(status.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return shown if isinstance(shown, dict) else {}


def _shows(status: Path, labels) -> bool:
    """Whether live's status snapshot (what the panel shows) holds the board ``labels`` as
    read, its advice worked out (live solves off its thread: the board shows before its
    advice). Before the first read the snapshot's grid is the tracker's blank one, the very
    board a demo starts on (every cell closed): the first frame passed at once, never read,
    and no demo's log had its first board."""
    shown = _shown(status)
    return bool(shown.get("board")) and shown.get("grid") == [list(row) for row in labels] \
        and not shown.get("thinking")


def _solving(status: Path, labels) -> bool:
    """Whether live has read the board ``labels`` and its solver is at work on it."""
    shown = _shown(status)
    return shown.get("grid") == [list(row) for row in labels] and bool(shown.get("thinking"))


def _solve_backstop(spec, solve: tuple[tuple[str, float], ...]) -> float:
    """The longest one board's solve may keep live thinking: the worker's hard stop (its
    wall-clock backstop) for the script's solver settings."""
    from gridsight.worker import BACKSTOP_FACTOR, hard_stop

    stops = hard_stop(spec.adapter.options_from(dict(solve)).limit)
    if stops.wall is not None:
        return stops.wall
    return BACKSTOP_FACTOR * stops.work if stops.work is not None else 0.0


#: The most bytes of an earlier run's file read to tell that it is one (its first line).
FIRST_LINE_BYTES = 1 << 20


def clear_previous_run(log: Path, status: Path) -> None:
    """Remove an earlier demo's log and status file (a demo's log and status hold its own run
    only): a log whose first line is a record of gridsight's log, a status file that is a live
    snapshot, or an empty file. Anything else of those names in ``--out`` (a folder, a link,
    a file gridsight did not write, such as a ``status.json`` of the player's own) is never
    deleted: refused in words (exit 2), the player picks another ``--out``. (The demo removed
    whatever had those names, and stopped with a traceback at a folder.)"""
    from gridsight.errors import RuntimeFailure
    from gridsight.safefiles import file_kind
    from gridsight.solvers.errors import InputError

    for path, ours in ((log, _is_log_line), (status, _is_status)):
        try:
            info = path.lstat()
        except FileNotFoundError:
            continue
        except OSError as error:
            raise RuntimeFailure(f"cannot look at {path}: {error.strerror}") from None
        kind = "a symbolic link" if stat.S_ISLNK(info.st_mode) else file_kind(info.st_mode)
        if stat.S_ISREG(info.st_mode):
            try:
                with path.open("rb") as stream:
                    first = stream.read(FIRST_LINE_BYTES).split(b"\n", 1)[0]
            except OSError as error:
                raise RuntimeFailure(f"cannot read {path}: {error.strerror}") from None
            if not first.strip() or ours(first):
                try:
                    path.unlink()
                except OSError as error:
                    raise RuntimeFailure(f"cannot remove the earlier demo's {path}: "
                                         f"{error.strerror}") from None
                continue
            kind = "a file the demo did not write"
        raise InputError(f"{path} is {kind}: it is left as it is; give the demo another --out "
                         "folder")


def _json_object(line: bytes) -> dict[str, object] | None:
    try:
        data = json.loads(line)
    except (ValueError, RecursionError):
        return None
    return data if isinstance(data, dict) else None


def _is_log_line(line: bytes) -> bool:
    """Whether ``line`` is a record of gridsight's log (advice, move or passed board)."""
    data = _json_object(line)
    return data is not None and data.get("type") in ("advice", "move", "passed")


def _is_status(text: bytes) -> bool:
    """Whether ``text`` is a live status snapshot (``gridsight live --status-file``)."""
    data = _json_object(text)
    return data is not None and {"version", "status", "board", "recommend", "step"} <= set(data)
