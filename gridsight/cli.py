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
from collections.abc import Sequence

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
    parser = build_parser()
    options = parser.parse_args(argv)
    max_memory = getattr(options, "max_memory", None)
    if max_memory:
        from gridsight.limits import apply_memory_limit

        apply_memory_limit(max_memory)
    try:
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
    except BrokenPipeError:
        # The reader of our output went away (``gridsight solve ... | head``): not an error.
        # Point stdout at nothing so the interpreter's final flush does not complain.
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_OK


def say(message: object) -> None:
    """Print ``message`` on standard error as one line ``gridsight: ...``: the player's text
    quoted in it cannot break the line or flood the terminal (:func:`solvers.errors.one_line`)."""
    print(f"gridsight: {one_line(str(message))}", file=sys.stderr, flush=True)


if __name__ == "__main__":
    raise SystemExit(main())
