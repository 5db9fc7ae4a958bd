"""The ``gridsight`` command line.

Each subcommand lives in its own module under :mod:`gridsight.commands`. This module builds the
parser and turns every error caused by the player's input into one clear line on standard
error and a non-zero exit code, never a traceback:

- 0: done;
- 1: a runtime failure outside the player's input (no window to capture, no display);
- 2: bad input (malformed or impossible board, unreadable file, unknown game or option);
- 130: interrupted with Ctrl-C.
"""

from __future__ import annotations

import argparse
import importlib
import sys
import warnings
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from functools import partial
from types import ModuleType
from typing import TextIO, cast

from gridsight import __version__
from gridsight.errors import (  # noqa: F401 - EXIT_*, RuntimeFailure, say: re-exported
    EXIT_INPUT, EXIT_INTERRUPTED, EXIT_OK, EXIT_RUNTIME, RuntimeFailure, UnknownGameError, say,
)
from gridsight.solvers.errors import InputError
from gridsight.solvers.limit import Since
from gridsight.vision.errors import VisionInputError


#: The commands, in the order ``gridsight --help`` lists them: name, one-line help and the
#: loader of its module. A command's module, and what it imports, is loaded only when the
#: command is chosen (:mod:`gridsight.commands.lazy`): ``gridsight --help`` imports none of
#: them. Each module's ``add_parser`` gives the same help line (tests/test_cli.py checks it).
#: The modules are named by literal imports so that the architecture test sees them.
COMMANDS: tuple[tuple[str, str, Callable[[], ModuleType]], ...] = (
    ("games", "list the games gridsight knows",
     lambda: importlib.import_module("gridsight.commands.games")),
    ("solve", "analyse boards written as text and print the advice",
     lambda: importlib.import_module("gridsight.commands.solve")),
    ("simulate", "play many random games with gridsight's advice and report how it fares",
     lambda: importlib.import_module("gridsight.commands.simulate")),
    ("replay", "summarise a live session's log, as text and as an HTML report",
     lambda: importlib.import_module("gridsight.commands.replay")),
    ("analyze", "read boards from screenshots, solve them and save annotated copies",
     lambda: importlib.import_module("gridsight.commands.analyze")),
    ("calibrate", "learn a new skin (the real game) from one of your screenshots",
     lambda: importlib.import_module("gridsight.commands.calibrate")),
    ("live", "watch the game on screen and draw the advice over it, with a correction panel",
     lambda: importlib.import_module("gridsight.commands.live")),
    ("windows", "list the windows gridsight live --window can capture (title, size, position)",
     lambda: importlib.import_module("gridsight.commands.windows")),
    ("demo", "watch gridsight play a synthetic game: capture, overlay, panel, log, replay",
     lambda: importlib.import_module("gridsight.commands.demo")),
)


def command_module(name: str) -> ModuleType:
    """The module of command ``name``, imported now."""
    (load,) = [load for command, _, load in COMMANDS if command == name]
    return load()


def build_parser() -> argparse.ArgumentParser:
    """The parser of ``gridsight``: every command listed, each built when it is chosen."""
    from gridsight.commands.lazy import LazySubParsers
    from gridsight.commands.examples import add_examples
    from gridsight.commands.parser import Parser
    from gridsight.registry import game_names

    parser = Parser(
        prog="gridsight",
        description=(
            "Read a puzzle minigame off the screen (or from text) and get the best next move. "
            f"Games: {', '.join(game_names())} ('gridsight games' describes them)."
        ),
        epilog="Run 'gridsight COMMAND --help' for a command's options.",
    )
    add_examples(parser, "")
    parser.add_argument("--version", action="version", version=f"gridsight {__version__}")
    subparsers = cast(LazySubParsers, parser.add_subparsers(
        dest="command", metavar="COMMAND", required=True, action=LazySubParsers))
    for name, help_line, _ in COMMANDS:
        subparsers.add_lazy(name, partial(_fill_command, name), help=help_line)
    return parser


def _fill_command(name: str, parser: argparse.ArgumentParser) -> None:
    """Command ``name``'s options, by its module's ``add_parser``, into its listed parser."""
    from gridsight.commands.examples import add_examples
    from gridsight.commands.lazy import Into

    command_module(name).add_parser(Into(parser))
    add_examples(parser, name)


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``gridsight ARGV`` in this process and return its exit code (``argv`` ``None``:
    ``sys.argv[1:]``). Bad input is one line on standard error, never a traceback.

    It changes nothing process-wide (no memory limit, signal handler or exit hook: tests and
    programs call it in-process); those belong to the console script, :func:`console`.
    """
    return _run(argv, own_process=False)


def console(argv: Sequence[str] | None = None) -> int:
    """:func:`main` for a process of its own (the ``gridsight`` console script and ``python -m
    gridsight`` call it through :func:`gridsight.__main__.entry`, which makes Ctrl-C clean
    from gridsight's first instruction): it also takes the process-wide settings
    (:mod:`gridsight.process`): the ``--max-memory`` bound (and OpenBLAS on one thread under
    it), the logs closed at exit and on ``SIGTERM``. Returns the exit code."""
    from gridsight.process import cap_blas_threads, install_exit_hooks

    install_exit_hooks()
    cap_blas_threads(sys.argv[1:] if argv is None else argv)
    return _run(argv, own_process=True)


def _run(argv: Sequence[str] | None, *, own_process: bool) -> int:
    try:  # from the first instruction: Ctrl-C while the parser is built is clean too
        # The command's start: a solve's limit counts from here (``solve``'s first board),
        # the game's solver, imported while its options are parsed, within it.
        started = Since.now()
        if not (sys.argv[1:] if argv is None else argv):
            # ``gridsight`` alone: the commands and the examples (argparse said only "the
            # following arguments are required: COMMAND", naming none of them)
            build_parser().print_help(sys.stdout)
            return EXIT_INPUT
        options = build_parser().parse_args(argv)
        options.command_started = started
        max_memory = getattr(options, "max_memory", None)
        if own_process and max_memory:
            from gridsight.process import limit_memory

            limit_memory(max_memory)
        max_pixels = getattr(options, "max_pixels", None)
        if own_process and isinstance(max_pixels, int):
            from gridsight.vision.images import fit_pillow_guard

            fit_pillow_guard(max_pixels)  # Pillow's guard is the process's: ours here
        with warnings_said():
            return int(options.func(options) or 0)
    except (InputError, UnknownGameError, VisionInputError) as error:
        say(error)
        return EXIT_INPUT
    except RuntimeFailure as error:
        say(error)
        return EXIT_RUNTIME
    except MemoryError:
        say(OUT_OF_MEMORY)
        return EXIT_RUNTIME
    except KeyboardInterrupt:
        say("interrupted")
        return EXIT_INTERRUPTED
    except ImportError as error:
        if own_process and failed_for_memory(error):
            say(OUT_OF_MEMORY)  # a library loaded past --max-memory: its mapping refused
            return EXIT_RUNTIME
        if not caused_by_interrupt(error):
            raise
        say("interrupted")  # Ctrl-C while NumPy loaded its C parts: it says ImportError
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        # The reader of our output went away (``gridsight solve ... | head``): not an error.
        if own_process:  # point stdout at nothing so the interpreter's final flush is quiet
            import os

            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_OK


#: What a command that ran out of the memory ``--max-memory`` allows says.
OUT_OF_MEMORY = ("out of memory (past --max-memory; see docs/limits.md: a smaller input, "
                 "or a lower --time-limit, bounds the work)")


def failed_for_memory(error: ImportError) -> bool:
    """Whether ``error`` is an import that failed for want of memory, under a data-segment
    limit (``--max-memory``): a ``MemoryError`` among its causes, or a library the loader
    could not map (``failed to map segment from shared object``, ``Cannot allocate memory``).
    """
    from gridsight.solvers.headroom import data_limit

    if data_limit() is None:
        return False
    seen: set[int] = set()
    cause: BaseException | None = error
    while cause is not None and id(cause) not in seen:
        if isinstance(cause, MemoryError) or any(
                words in str(cause) for words in ("failed to map segment",
                                                  "Cannot allocate memory")):
            return True
        seen.add(id(cause))
        cause = cause.__cause__ or cause.__context__
    return False


def caused_by_interrupt(error: BaseException) -> bool:
    """Whether ``error`` was raised because of a Ctrl-C: a ``KeyboardInterrupt`` among its
    causes (NumPy turns one that strikes while it imports its C parts into ``ImportError``)."""
    seen: set[int] = set()
    cause: BaseException | None = error
    while cause is not None and id(cause) not in seen:
        if isinstance(cause, KeyboardInterrupt):
            return True
        seen.add(id(cause))
        cause = cause.__cause__ or cause.__context__
    return False


@contextmanager
def warnings_said() -> Iterator[None]:
    """Within the block, a :class:`gridsight.vision.errors.PackSkipped` warning (a broken pack of the
    player's, skipped) is said once as ``gridsight: warning: ...``; Pillow's own warnings about a
    picture (its decompression-bomb warning; the reading says what is wrong in its own words) are
    not shown; other warnings as before. (The library leaves Pillow's warnings to the caller's
    filters: :func:`gridsight.vision.images.pillow_limit`.)"""
    from gridsight.vision.errors import PackSkipped

    seen: set[str] = set()
    with warnings.catch_warnings():
        shown = warnings.showwarning

        def show(message: Warning | str, category: type[Warning], filename: str, lineno: int,
                 file: TextIO | None = None, line: str | None = None) -> None:
            if not issubclass(category, PackSkipped):
                shown(message, category, filename, lineno, file, line)
                return
            if str(message) not in seen:
                seen.add(str(message))
                say(f"warning: {message}")

        warnings.simplefilter("always", PackSkipped)
        warnings.filterwarnings("ignore", module=r"PIL\.")
        warnings.showwarning = show
        yield


if __name__ == "__main__":
    raise SystemExit(console())
