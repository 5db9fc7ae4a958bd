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
import sys
import warnings
from collections.abc import Iterator, Sequence
from contextlib import contextmanager

from gridsight import __version__
from gridsight.registry import UnknownGameError
from solvers.errors import InputError, one_line
from vision.errors import VisionInputError


def _command_modules() -> tuple:
    """The subcommand modules, in the order ``gridsight --help`` lists them (imported by name,
    so the architecture test sees them)."""
    from gridsight.commands import (
        analyze, calibrate, demo, games, live, replay, simulate, solve, windows,
    )

    return (games, solve, simulate, replay, analyze, calibrate, live, windows, demo)


EXIT_OK = 0
EXIT_RUNTIME = 1
EXIT_INPUT = 2
EXIT_INTERRUPTED = 130


class RuntimeFailure(Exception):
    """A failure that is not the player's input: print its message and exit 1."""


def build_parser() -> argparse.ArgumentParser:
    from gridsight.registry import game_names

    parser = argparse.ArgumentParser(
        prog="gridsight",
        description=(
            "Read a puzzle minigame off the screen (or from text) and get the best next move. "
            f"Games: {', '.join(game_names())} ('gridsight games' describes them)."
        ),
        epilog="Run 'gridsight COMMAND --help' for a command's options.",
    )
    parser.add_argument("--version", action="version", version=f"gridsight {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for module in _command_modules():
        module.add_parser(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    try:  # from the first instruction: Ctrl-C while the parser is built is clean too
        options = build_parser().parse_args(argv)
        max_memory = getattr(options, "max_memory", None)
        if max_memory:
            from gridsight.limits import apply_memory_limit

            apply_memory_limit(max_memory)
        with warnings_said():
            return int(options.func(options) or 0)
    except (InputError, UnknownGameError, VisionInputError) as error:
        say(error)
        return EXIT_INPUT
    except RuntimeFailure as error:
        say(error)
        return EXIT_RUNTIME
    except MemoryError:
        say("out of memory (past --max-memory; see docs/limits.md: a smaller input, "
            "or a lower --time-limit, bounds the work)")
        return EXIT_RUNTIME
    except KeyboardInterrupt:
        say("interrupted")
        return EXIT_INTERRUPTED
    except ImportError as error:
        if not caused_by_interrupt(error):
            raise
        say("interrupted")  # Ctrl-C while NumPy loaded its C parts: it says ImportError
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        # The reader of our output went away (``gridsight solve ... | head``): not an error.
        # Point stdout at nothing so the interpreter's final flush does not complain.
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_OK


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
    """Within the block, a :class:`vision.errors.PackSkipped` warning (a broken pack of the
    player's, skipped) is said once as ``gridsight: warning: ...``; other warnings as before."""
    from vision.errors import PackSkipped

    seen: set[str] = set()
    with warnings.catch_warnings():
        shown = warnings.showwarning

        def show(message, category, filename, lineno, file=None, line=None):
            if not issubclass(category, PackSkipped):
                return shown(message, category, filename, lineno, file, line)
            if str(message) not in seen:
                seen.add(str(message))
                say(f"warning: {message}")

        warnings.simplefilter("always", PackSkipped)
        warnings.showwarning = show
        yield


def say(message: object) -> None:
    """Print ``message`` on standard error as one line ``gridsight: ...``: the player's text
    quoted in it cannot break the line or flood the terminal (:func:`solvers.errors.one_line`)."""
    print(f"gridsight: {one_line(str(message))}", file=sys.stderr, flush=True)


if __name__ == "__main__":
    raise SystemExit(main())
