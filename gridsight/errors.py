"""The application's errors, its exit codes, and :func:`say`, the one way it speaks on
standard error.

Every part of gridsight (the library :mod:`gridsight.api`, the commands, the live loop) imports
these from here, never from :mod:`gridsight.cli`: the command line sits on top of everything
else and nothing imports it back (``tests/test_architecture.py`` fails on an import cycle).

Errors caused by the player's input derive from :class:`gridsight.solvers.errors.InputError` (or, for
pictures and packs, :class:`gridsight.vision.errors.VisionInputError`): the command line reports them as
bad input (exit 2), as it does an unknown game name (:class:`UnknownGameError`).
:class:`RuntimeFailure` is a failure that is not the input's fault (no window to capture, no
display, a time limit reached with nothing decided): exit 1.

>>> issubclass(RuntimeFailure, Exception), EXIT_INPUT
(True, 2)
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from gridsight.solvers.errors import InputError, one_line
from gridsight.vision.errors import VisionInputError

#: Exit codes of ``gridsight``: done; a failure outside the player's input; bad input;
#: interrupted with Ctrl-C.
EXIT_OK = 0
EXIT_RUNTIME = 1
EXIT_INPUT = 2
EXIT_INTERRUPTED = 130


class RuntimeFailure(Exception):
    """A failure that is not the player's input: the command line prints its message and
    exits 1."""


class UnknownGameError(LookupError):
    """A game name the registry does not know; the message lists the known ones."""

    def __init__(self, name: str, known: Sequence[str] = ()):
        self.name = name
        super().__init__(f"unknown game '{name}' (known games: {', '.join(known)})")


def say(message: object) -> None:
    """Print ``message`` on standard error as one line ``gridsight: ...``: the player's text
    quoted in it cannot break the line or flood the terminal (:func:`gridsight.solvers.errors.one_line`)."""
    print(f"gridsight: {one_line(str(message))}", file=sys.stderr, flush=True)


__all__ = [
    "EXIT_INPUT", "EXIT_INTERRUPTED", "EXIT_OK", "EXIT_RUNTIME", "InputError",
    "RuntimeFailure", "UnknownGameError", "VisionInputError", "say",
]
