"""Argument types the games' ``solve`` and ``simulate`` options share, and the refusal of a
renamed option (:func:`add_renamed_option`, the commands' too).

Each raises :class:`argparse.ArgumentTypeError`, so a bad value is one line from argparse
(exit 2) naming the option.

>>> positive_int("3")
3
>>> policy_pair(("exact", "local"))("Local, exact")
('local', 'exact')
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Iterable
from typing import Any, NoReturn


def positive_int(text: str) -> int:
    """A whole number of at least 1 (games, jobs, taps...)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: '{text}'") from None
    if value < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value


#: The most games ``simulate --games`` plays: a rate's standard error is then under 0.2 points
#: (at most 0.5 / sqrt(N)), and every game is kept for the report (Minesweeper also draws
#: every game's cell order first: some 4 KB a game on expert, 400 MB at the bound); a mistyped
#: count ran until interrupted.
MAX_GAMES = 100_000

#: The most worker processes ``simulate --jobs`` starts (one each: more than the machine's
#: cores only wait their turn; a mistyped count forked until the machine ran out).
MAX_JOBS = 256


def games_count(text: str) -> int:
    """``simulate --games N``: a whole number from 1 to :data:`MAX_GAMES`.

    >>> games_count("100001")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: at most 100000 games (a rate's standard error is then under 0.2 points; every game is kept in memory for the report)
    """
    value = positive_int(text)
    if value > MAX_GAMES:
        raise argparse.ArgumentTypeError(
            f"at most {MAX_GAMES} games (a rate's standard error is then under 0.2 points; "
            "every game is kept in memory for the report)")
    return value


def jobs_count(text: str) -> int:
    """``simulate --jobs N``: a whole number from 1 to :data:`MAX_JOBS`."""
    value = positive_int(text)
    if value > MAX_JOBS:
        raise argparse.ArgumentTypeError(
            f"at most {MAX_JOBS} (one process each; more than the machine's cores only wait "
            "their turn)")
    return value


def policy_pair(policies: Iterable[str]) -> Callable[[str], tuple[str, str]]:
    """The type of ``simulate --compare A,B``: two different names among ``policies``
    (case and spaces ignored)."""
    known = tuple(policies)

    def parse(text: str) -> tuple[str, str]:
        names = tuple(part.strip().lower() for part in text.split(","))
        if len(names) != 2:
            raise argparse.ArgumentTypeError(
                f"expected two policies A,B among {', '.join(known)}, got '{text}'")
        for name in names:
            if name not in known:
                raise argparse.ArgumentTypeError(
                    f"unknown policy '{name}' (expected two policies A,B among: "
                    f"{', '.join(known)})")
        if names[0] == names[1]:
            raise argparse.ArgumentTypeError(f"give two different policies as A,B, got '{text}'")
        return names[0], names[1]

    parse.__name__ = "policy pair"  # argparse names the type in its messages
    return parse


def add_renamed_option(parser: argparse.ArgumentParser, old: str, new: str, why: str) -> None:
    """A hidden ``old`` option that refuses itself, naming ``new``: an option renamed because
    ``why`` (one name must not mean two things in two commands)."""

    class Renamed(argparse.Action):
        def __call__(self, parser: argparse.ArgumentParser, namespace: Any, values: Any,
                     option_string: str | None = None) -> NoReturn:
            parser.error(f"{old} is now {new} here ({why})")

    parser.add_argument(old, action=Renamed, nargs="?", help=argparse.SUPPRESS)
