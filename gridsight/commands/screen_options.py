"""Options shared by the commands that read boards off pictures (``analyze`` and ``live``).

Both need the same hints for what a picture may not show (a Disco Zoo rescue's animals, its
region and taps; a pentomino level's piece set) and the same solver settings; they differ only
in the defaults (``live`` solves on every change, so it gives the solvers less time).
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any, NoReturn

from gridsight.limits import add_time_limit_argument, seconds

if TYPE_CHECKING:
    from gridsight.readers.base import ReadHints


def add_read_hint_arguments(parser: argparse.ArgumentParser, *, what: str) -> None:
    """``--animals``, ``--zoo-region``, ``--taps``, ``--pieces``.

    ``what`` names the picture in the help ("screenshot", "screen"). Disco Zoo's region is
    ``--zoo-region`` in every command: ``--region`` is the capture rectangle of ``live``.
    """
    group = parser.add_argument_group(f"what the {what} may not show")
    group.add_argument("--animals", metavar="A,B,C", default=None,
                       help="Disco Zoo: the rescue's animals (instead of reading the cards)")
    group.add_argument("--zoo-region", dest="zoo_region", metavar="NAME",
                       default=None, help="Disco Zoo: the region")
    group.add_argument("--taps", type=int, default=None, metavar="N",
                       help="Disco Zoo: taps left (instead of reading the counter)")
    group.add_argument("--pieces", default=None, metavar="LETTERS",
                       help="pentomino: the whole piece set (instead of reading the tray)")


def add_renamed_option(parser: argparse.ArgumentParser, old: str, new: str, why: str) -> None:
    """A hidden ``old`` option that refuses itself, naming ``new``: an option renamed because
    ``why`` (one name must not mean two things in two commands)."""

    class Renamed(argparse.Action):
        def __call__(self, parser: argparse.ArgumentParser, namespace: Any, values: Any,
                     option_string: str | None = None) -> NoReturn:
            parser.error(f"{old} is now {new} here ({why})")

    parser.add_argument(old, action=Renamed, nargs="?", help=argparse.SUPPRESS)


def read_hints_from(options: argparse.Namespace) -> ReadHints:
    """The :class:`ReadHints` the player gave on the command line."""
    from gridsight.readers.base import ReadHints

    animals = tuple(a.strip() for a in options.animals.split(",") if a.strip()) \
        if options.animals else ()
    pieces = "".join(options.pieces.split()).upper() if options.pieces else None
    return ReadHints(animals=animals, region=options.zoo_region, taps=options.taps,
                     pieces=pieces)


def add_solver_arguments(parser: argparse.ArgumentParser, *, budget: float, time_limit: float,
                         why: str = "") -> None:
    """``--budget`` (Disco Zoo lookahead), ``--objective`` and ``--time-limit``."""
    solver = parser.add_argument_group("solver options")
    solver.add_argument("--budget", type=seconds, default=budget, metavar="SECONDS",
                        help=f"Disco Zoo: lookahead time per board (default {budget:g} s{why})")
    solver.add_argument("--objective", default="expected", metavar="OBJ",
                        help="Disco Zoo: expected (default), all, or target:NAME")
    add_time_limit_argument(solver, default=time_limit)


def solver_options_from(options: argparse.Namespace) -> argparse.Namespace:
    """Just the solver settings, as the game adapters read them."""
    return argparse.Namespace(budget=options.budget, objective=options.objective,
                              time_limit=options.time_limit)
