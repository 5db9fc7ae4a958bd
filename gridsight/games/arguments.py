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
