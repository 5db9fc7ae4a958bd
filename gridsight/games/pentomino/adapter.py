"""The pentomino adapter: ``gridsight solve pentomino FILE [--count] [--limit N] [--time-limit S]``.

``solve(board, options)`` takes :class:`~gridsight.games.pentomino.options.PentominoOptions`.

It parses the board (:mod:`gridsight.solvers.pentomino.puzzle`), analyses it
(:mod:`gridsight.solvers.pentomino.analysis`: hint, solution, forced, blocking, counts) and presents it as
the JSON contract of issue 5, a readable report and an :class:`~gridsight.solvers.advice.Advice` whose
``pieces`` holds the hinted piece and whose ``recommend`` is the cell with the fewest ways to be
filled
(:mod:`gridsight.solvers.pentomino.report`).
"""

from __future__ import annotations

import argparse

from gridsight.games.arguments import positive_int
from gridsight.games.base import Solution
from gridsight.games.options import Arguments, SolveOptions, options_from_arguments, options_of
from gridsight.games.pentomino.options import PentominoOptions
from gridsight.games.pentomino.words import WORDS
from gridsight.limits import add_time_limit_argument
from gridsight.solvers.boardtext import BoardText
from gridsight.solvers.pentomino import report
from gridsight.solvers.pentomino.analysis import analyse
from gridsight.solvers.engines import ENGINES
from gridsight.solvers.pentomino.algorithms import ALGORITHMS
from gridsight.solvers.pentomino.puzzle import parse_puzzle


class PentominoGame:
    name = "pentomino"
    #: The header keys this game's board files carry (naming the game of a file given to
    #: another game's ``solve``).
    board_headers: tuple[str, ...] = ("pieces",)
    title = "Pentomino fill (Pentolings and the classic rectangles)"
    summary = "fill a shape with pentominoes: the next piece to place, a solution, or what blocks"
    format_help = report.FORMAT_HELP
    options_type = PentominoOptions

    def add_solve_arguments(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument(
            "--count",
            action="store_true",
            help="also count every solution, and the distinct ones up to the shape's symmetries",
        )
        parser.add_argument(
            "--limit",
            dest="max_solutions",
            type=positive_int,
            metavar="N",
            help="with --count: stop counting after N solutions",
        )
        add_time_limit_argument(parser, what="all the searches of one board together",
                                after="; what the limit cut short is reported")
        parser.add_argument(
            "--algorithm",
            choices=ALGORITHMS,
            default="bitboard",
            help="bitboard: first-empty-cell search (default); dlx: Algorithm X with Dancing "
            "Links, fewest-rows column first (same answers, slower)",
        )
        parser.add_argument(
            "--engine",
            type=_engine,
            default="auto",
            metavar="{" + ",".join(ENGINES) + "}",
            help="what runs the bitboard search: auto (default: Python first, compiled with "
            "numba when a search runs long and numba is installed), numba or python (same "
            "answers)",
        )

    def options_from(self, arguments: Arguments) -> PentominoOptions:
        return options_from_arguments(PentominoOptions, arguments)

    def solve(self, board: BoardText, options: SolveOptions | None = None) -> Solution:
        chosen = options_of(PentominoOptions, options)
        puzzle = parse_puzzle(board)
        analysis = analyse(
            puzzle,
            count=chosen.count,
            max_solutions=chosen.max_solutions,
            limit=chosen.limit,
            algorithm=chosen.algorithm,
            engine=chosen.engine,
        )
        return Solution(analysis.to_json(), report.text(analysis),
                        WORDS.dress(report.advice(analysis)))


def _engine(text: str) -> str:
    """``--engine``: one of :data:`gridsight.solvers.engines.ENGINES`; the algorithms it used to name
    are refused with the option that names them now."""
    if text in ALGORITHMS:
        raise argparse.ArgumentTypeError(f"{text} is an algorithm: --algorithm {text} (the "
                                         f"engine is one of {', '.join(ENGINES)})")
    if text not in ENGINES:
        raise argparse.ArgumentTypeError(f"unknown engine '{text}' (one of {', '.join(ENGINES)})")
    return text


GAME = PentominoGame()
