"""Options shared by the commands that read boards off pictures (``analyze`` and ``live``).

Both need the same hints for what a picture may not show (a Disco Zoo rescue's animals, its
region and taps; a pentomino level's piece set) and the same solver settings; they differ only
in the defaults (``live`` solves on every change, so it gives the solvers less time).
"""

from __future__ import annotations

import argparse

from gridsight.limits import add_time_limit_argument, seconds
from gridsight.readers.base import ReadHints


def add_read_hint_arguments(parser: argparse.ArgumentParser, *, what: str,
                            region_aliases: tuple[str, ...] = ()) -> None:
    """``--animals``, ``--zoo-region`` (plus ``region_aliases``), ``--taps``, ``--pieces``.

    ``what`` names the picture in the help ("screenshot", "screen").
    """
    group = parser.add_argument_group(f"what the {what} may not show")
    group.add_argument("--animals", metavar="A,B,C", default=None,
                       help="Disco Zoo: the rescue's animals (instead of reading the cards)")
    group.add_argument("--zoo-region", *region_aliases, dest="zoo_region", metavar="NAME",
                       default=None, help="Disco Zoo: the region")
    group.add_argument("--taps", type=int, default=None, metavar="N",
                       help="Disco Zoo: taps left (instead of reading the counter)")
    group.add_argument("--pieces", default=None, metavar="LETTERS",
                       help="pentomino: the whole piece set (instead of reading the tray)")


def read_hints_from(options: argparse.Namespace) -> ReadHints:
    """The :class:`ReadHints` the player gave on the command line."""
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
