"""The pentomino adapter: ``gridsight solve pentomino FILE [--count] [--limit N] [--time-limit S]``.

``solve(board, options)`` takes :class:`~gridsight.games.pentomino.options.PentominoOptions`.

It parses the board (:mod:`solvers.pentomino.puzzle`), analyses it
(:mod:`solvers.pentomino.analysis`: hint, solution, forced, blocking, counts) and presents it as
the JSON contract of issue 5, a readable report and an :class:`~solvers.advice.Advice` whose
``pieces`` holds the hinted piece and whose ``recommend`` is the cell with the fewest ways to be
filled
(:mod:`solvers.pentomino.report`).
"""

from __future__ import annotations

import argparse

from gridsight.games.arguments import positive_int
from gridsight.games.base import Solution
from gridsight.games.options import Arguments, SolveOptions, options_from_arguments, options_of
from gridsight.games.pentomino.options import PentominoOptions
from gridsight.games.pentomino.words import WORDS
from gridsight.limits import add_time_limit_argument
from solvers.boardtext import BoardText
from solvers.pentomino import report
from solvers.pentomino.analysis import analyse
from solvers.pentomino.engines import ENGINES
from solvers.pentomino.puzzle import parse_puzzle


class PentominoGame:
    name = "pentomino"
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
            "--engine",
            choices=ENGINES,
            default="bitboard",
            help="bitboard: first-empty-cell search, compiled with numba (default); dlx: "
            "Algorithm X with Dancing Links, fewest-rows column first (same answers, slower)",
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
            engine=chosen.engine,
        )
        return Solution(analysis.to_json(), report.text(analysis),
                        WORDS.dress(report.advice(analysis)))


GAME = PentominoGame()
