"""The Thrill Digger adapter: ``gridsight solve thrill-digger`` and ``gridsight simulate
thrill-digger``.

It parses the board (:mod:`solvers.thrill_digger.state`), analyses it exactly
(:mod:`solvers.thrill_digger.analysis`), asks the policy for a hole
(:mod:`solvers.thrill_digger.policy`) and presents the result as the issue's JSON contract, a
readable board and an :class:`~solvers.advice.Advice` (:mod:`solvers.thrill_digger.report`).
"""

from __future__ import annotations

import argparse

from gridsight.games.base import Solution
from gridsight.games.thrill_digger.words import WORDS
from gridsight.limits import SOLVE_TIME_LIMIT, add_time_limit_argument, time_limited
from gridsight.progress import ProgressBar
from solvers.boardtext import BoardText
from solvers.thrill_digger import report
from solvers.thrill_digger.analysis import MODELS, analyse
from solvers.thrill_digger.policy import DEFAULT_POLICY
from solvers.thrill_digger.rules import DIFFICULTIES
from solvers.thrill_digger.simulate import simulate
from solvers.thrill_digger.state import FORMAT_HELP, parse_state

MODEL_HELP = """\
models (--model):
  game     the game's own generator (default): bombs then rupoors on random holes, and a
           board with a 2x2 block of bombs/rupoors is redrawn, at most 10 times
  uniform  every layout equally likely
policy: dig the hole with the lowest bomb chance; among holes within 1e-9 of it, the one
with the highest expected value (rupee worth, -10 for a rupoor, 0 for a bomb).

JSON (--json), one object per board: {"game": "thrill-digger", "difficulty", "model",
"layouts": how many bomb-and-rupoor layouts fit, "cells": [{"row", "col", "bomb", "rupoor",
"green", "blue", "red", "silver", "gold", "value"}, ... one per undug hole], "recommend":
{"row", "col"} or null when the game is over, "safe", "certain_bombs", "certain_rupoors":
[{"row", "col"}, ...], "block_probability"}."""


class ThrillDiggerGame:
    name = "thrill-digger"
    title = "Thrill Digger (Zelda: Skyward Sword)"
    summary = "dig for rupees, avoid bombs: exact odds of every hole and the best hole to dig"
    format_help = FORMAT_HELP + "\n\n" + MODEL_HELP

    def add_solve_arguments(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument(
            "--model",
            choices=MODELS,
            default="game",
            help="how the game fills a board: 'game' (its own generator, the default) or "
            "'uniform' (every layout equally likely)",
        )
        add_time_limit_argument(parser, default=SOLVE_TIME_LIMIT)

    def solve(self, board: BoardText, options: argparse.Namespace) -> Solution:
        state = parse_state(board)
        limit = getattr(options, "time_limit", SOLVE_TIME_LIMIT)
        with time_limited(limit, "the odds were computed"):
            analysis = analyse(state, getattr(options, "model", "game"))
        hole = DEFAULT_POLICY(analysis)
        return Solution(
            report.to_json(analysis, hole),
            report.to_text(analysis, hole),
            WORDS.dress(report.to_advice(analysis, hole)),
        )

    def add_simulate_arguments(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument(
            "--difficulty", choices=tuple(DIFFICULTIES), default="expert",
            help="the level to play (default expert)",
        )
        parser.add_argument(
            "--games", type=_positive, default=200, metavar="N",
            help="how many games to play (default 200)",
        )
        parser.add_argument(
            "--seed", type=int, default=0, metavar="S",
            help="seed of the board generator, for repeatable runs (default 0)",
        )
        parser.add_argument(
            "--model", choices=MODELS, default="game",
            help="the model the player's solver assumes (boards are always drawn as the game "
            "draws them; default game)",
        )
        parser.epilog = (
            "Plays each game from an empty board with the recommended policy until a bomb or "
            "until every rupee is dug, and prints the mean rupees per game net of the fee "
            "(beginner 30, intermediate 50, expert 70), the share of games cleared and the "
            "share lost to bombs. Clearing the board earns no rupees in this count (the game "
            "gives a treasure item)."
        )

    def simulate(self, options: argparse.Namespace) -> int:
        difficulty = DIFFICULTIES[options.difficulty]
        with ProgressBar(options.games, "games") as bar:
            result = simulate(
                difficulty,
                options.games,
                options.seed,
                model=options.model,
                on_game=lambda _: bar.advance(),
            )
        print(
            f"Thrill Digger {result.difficulty}, {result.games} games, seed {result.seed}, "
            f"solver model {result.model}, policy: lowest bomb chance then highest value"
        )
        print(
            f"mean rupees per game, net of the {difficulty.fee} fee: "
            f"{result.mean_rupees:+.2f} (standard error {result.stderr_rupees:.2f})"
        )
        print(f"cleared: {100 * result.cleared:.1f}% of games")
        print(f"lost to a bomb: {100 * result.bombed:.1f}% of games")
        print(f"holes dug per game: {result.mean_digs:.1f}")
        return 0


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value


GAME = ThrillDiggerGame()
