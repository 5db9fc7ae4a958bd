"""The Minesweeper adapter: ``gridsight solve minesweeper`` and ``gridsight simulate
minesweeper``.

``solve(board, options)`` takes :class:`~gridsight.games.minesweeper.options.MinesweeperOptions`.
It parses the board (:mod:`gridsight.solvers.minesweeper.state`), analyses it exactly within the limit
(:mod:`gridsight.solvers.minesweeper.analysis`), asks the policy for a cell
(:mod:`gridsight.solvers.minesweeper.policy`) and presents the result as JSON, a readable board and an
:class:`~gridsight.solvers.advice.Advice` (:mod:`gridsight.solvers.minesweeper.report`).
"""

from __future__ import annotations

import argparse

from gridsight.games.arguments import (
    MAX_GAMES, MAX_JOBS, games_count, jobs_count, policy_pair,
)
from gridsight.games.base import Solution
from gridsight.games.minesweeper.options import MinesweeperOptions
from gridsight.games.minesweeper.words import WORDS
from gridsight.games.options import Arguments, SolveOptions, options_from_arguments, options_of
from gridsight.limits import SOLVE_TIME_LIMIT, add_time_limit_argument
from gridsight.progress import ProgressBar
from gridsight.solvers.boardtext import BoardText
from gridsight.solvers.errors import InputError
from gridsight.solvers.minesweeper import report
from gridsight.solvers.minesweeper.analysis import analyse
from gridsight.solvers.minesweeper.policy import recommend
from gridsight.solvers.minesweeper.rules import FIRST_CLICK_RULES, LEVELS
from gridsight.solvers.minesweeper.simulate import (
    POLICIES,
    SimulationReport,
    check_start,
    compare,
    simulate,
)
from gridsight.solvers.minesweeper.state import FORMAT_HELP, parse_state

MODEL_HELP = f"""\
model: every layout of exactly 'mines' mines that fits the numbers is equally likely (the
game places mines uniformly; a first-click rule changes nothing once that cell is open).
Probabilities are exact: the frontier is split into independent parts, each counted by
backtracking, combined by mine count with C(interior cells, mines left) for the rest.
--time-limit bounds the counting (CPU seconds, default {SOLVE_TIME_LIMIT:g}, 0 = none): past
it the board shows the cells proven safe or mines and, for the others, exact bounds of the
mine chance ("<18%"), and advises the cell proven least risky (exit 0; "complete": false).
policy: a certainly safe cell if any (the one most likely to show a 0, which opens the most);
else, when few layouts fit (at most 1500), the cell with the best exact chance to win found by
searching the rest of the game over every layout; else, among the cells at least 90% as
likely to be safe as the safest, the one most likely to be safe and leave a safe next step
(a certain cell, or the safest guess then), counted exactly one reveal ahead. An empty board
opens a corner (the lowest mine chance, ties to the cell most likely to show a 0).

JSON (--json), one object per board: {{"game": "minesweeper", "rows", "cols", "mines",
"complete": whether the counting finished, "layouts": the number of fitting layouts as a
decimal string (null if incomplete), "cells": [{{"row", "col", "mine": chance or null,
"flag"}}, ... one per unopened cell], "recommend": {{"row", "col", "safe", "mine", "zero", "how",
"survive", "progress", "win"}} or null, "safe", "certain_mines", "wrong_flags": [{{"row", "col"}}, ...], "frontier",
"interior", "components", "counted_components", "status"}}."""


class MinesweeperGame:
    name = "minesweeper"
    #: The header keys this game's board files carry (naming the game of a file given to
    #: another game's ``solve``).
    board_headers: tuple[str, ...] = ("mines",)
    title = "Minesweeper"
    summary = "open cells, avoid mines: the exact mine chance of every cell and the safest cell"
    format_help = FORMAT_HELP + "\n\n" + MODEL_HELP
    options_type = MinesweeperOptions

    def add_solve_arguments(self, parser: argparse.ArgumentParser) -> None:
        add_time_limit_argument(parser, what="the exact counting",
                                after="; past it proven cells and bounds are shown")

    def options_from(self, arguments: Arguments) -> MinesweeperOptions:
        return options_from_arguments(MinesweeperOptions, arguments)

    def solve(self, board: BoardText, options: SolveOptions | None = None) -> Solution:
        chosen = options_of(MinesweeperOptions, options)
        meter = chosen.limit.start()
        state = parse_state(board)
        analysis = analyse(state, meter)
        choice = recommend(analysis, meter)
        return Solution(
            report.to_json(analysis, choice),
            report.to_text(analysis, choice),
            WORDS.dress(report.to_advice(analysis, choice)),
        )

    def add_simulate_arguments(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument(
            "--level", choices=tuple(LEVELS), default="beginner",
            help="beginner 9x9/10, intermediate 16x16/40, expert 16x30/99 (default beginner)",
        )
        parser.add_argument(
            "--games", type=games_count, default=200, metavar="N",
            help=f"how many games to play (default 200, at most {MAX_GAMES})",
        )
        parser.add_argument(
            "--seed", type=int, default=0, metavar="S",
            help="seed of the layouts, for repeatable runs (default 0)",
        )
        parser.add_argument(
            "--rule", choices=tuple(FIRST_CLICK_RULES), default="safe",
            help="first click: 'safe' never a mine (default), 'zero' always opens a 0",
        )
        parser.add_argument(
            "--policy", choices=tuple(POLICIES), default="exact",
            help="who plays: exact (gridsight's advice, default), safest (the previous "
            "advice: the lowest mine chance), lookahead-only and endgame-only (one part of "
            "exact's guess alone), safe-random, local",
        )
        parser.add_argument(
            "--start", type=cell_argument, default=None, metavar="R,C",
            help="the first click of every game at row R, column C (counted from 1 at the top "
            "left, as the board shows them), instead "
            "of the policy's corner; e.g. --start 3,3 --rule zero for open-start figures",
        )
        parser.add_argument(
            "--jobs", type=jobs_count, default=1, metavar="N",
            help=f"share the games among N processes, at most {MAX_JOBS} (the same results as one)",
        )
        parser.add_argument(
            "--compare", type=policy_pair(POLICIES), default=None, metavar="A,B",
            help="play two policies on the same layouts and report the paired difference of "
            "their win rates (e.g. exact,local)",
        )
        parser.epilog = (
            "Each game draws one random order of the cells; the mines are the first ones of "
            "that order outside the cells the first-click rule keeps clear, so every policy "
            "meets the same layout for the same first click. Policies: exact opens every "
            "certain safe cell, else the recommended cell (the advice); safest the same, but "
            "guesses the lowest mine chance (the previous advice); safe-random opens every "
            "certain safe cell, else a random cell; local counts nothing (cells forced by one "
            "number at a time, else the lowest local mines/cells estimate, random among ties). "
            "Prints the win rate with its standard error, the guesses and the CPU seconds "
            "per game."
        )

    def simulate(self, options: argparse.Namespace) -> int:
        level = LEVELS[options.level]
        pair = options.compare
        start = getattr(options, "start", None)
        jobs = getattr(options, "jobs", 1)
        try:
            check_start(level, start)
        except ValueError as error:
            raise InputError(str(error)) from None
        runs = options.games * (2 if pair else 1)
        with ProgressBar(runs, "games") as bar:
            if pair:
                a, b, paired = compare(level, options.games, options.seed, pair,
                                       rule=options.rule, start=start, jobs=jobs,
                                       on_game=lambda _: bar.advance())
            else:
                a = simulate(level, options.games, options.seed, rule=options.rule,
                             policy=options.policy, start=start, jobs=jobs,
                             on_game=lambda _: bar.advance())
        first = ("the policy's" if start is None
                 else f"row {start[0] + 1}, column {start[1] + 1}")
        print(f"Minesweeper {level.name} ({level.rows} x {level.cols}, {level.mines} mines), "
              f"{options.games} games, seed {options.seed}, first-click rule '{options.rule}': "
              f"{FIRST_CLICK_RULES[options.rule]}; first click {first}")
        _print_report(a)
        if pair:
            _print_report(b)
            low, high = paired.interval()
            print(f"paired difference of win rates, {a.policy} - {b.policy}: "
                  f"{100 * paired.difference:+.1f} points (standard error "
                  f"{100 * paired.stderr:.1f}; 95% CI {100 * low:+.1f} to {100 * high:+.1f}; "
                  f"{'significant' if paired.significant else 'not significant'}"
                  " at two standard errors)")
        return 0


def cell_argument(text: str) -> tuple[int, int]:
    """``R,C``: a cell as the player counts it, row and column from 1 at the top left (as
    every cell gridsight names for a person); returned 0-based, as the solvers count.

    >>> cell_argument("4,4")
    (3, 3)
    """
    parts = text.split(",")
    try:
        row, col = (int(part) for part in parts)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"expected a cell as R,C (row and column from 1), got '{text}'") from None
    if row < 1 or col < 1:
        raise argparse.ArgumentTypeError(f"rows and columns count from 1, got '{text}'")
    return row - 1, col - 1


def _print_report(result: SimulationReport) -> None:
    print(f"policy {result.policy}: won {result.wins} of {result.games} "
          f"({100 * result.win_rate:.1f}%, standard error {100 * result.stderr:.1f} points), "
          f"{result.mean_guesses:.2f} guesses per game, {result.mean_cpu:.3f} s of CPU per "
          f"game ({result.mean_seconds:.3f} s wall)")


GAME = MinesweeperGame()
