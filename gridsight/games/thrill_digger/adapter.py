"""The Thrill Digger adapter: ``gridsight solve thrill-digger`` and ``gridsight simulate
thrill-digger``.

``solve(board, options)`` takes
:class:`~gridsight.games.thrill_digger.options.ThrillDiggerOptions`. It parses the board
(:mod:`gridsight.solvers.thrill_digger.state`), analyses it exactly
(:mod:`gridsight.solvers.thrill_digger.analysis`), asks the policy for a hole
(:mod:`gridsight.solvers.thrill_digger.policy`) and presents the result as the issue's JSON contract, a
readable board and an :class:`~gridsight.solvers.advice.Advice` (:mod:`gridsight.solvers.thrill_digger.report`).
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from gridsight.games.arguments import (
    MAX_GAMES, MAX_JOBS, games_count, jobs_count, policy_pair,
)
from gridsight.games.base import Solution
from gridsight.games.options import Arguments, SolveOptions, options_from_arguments, options_of
from gridsight.games.thrill_digger.options import ThrillDiggerOptions
from gridsight.games.thrill_digger.words import WORDS
from gridsight.limits import add_time_limit_argument
from gridsight.solvers.boardtext import BoardText
from gridsight.solvers.errors import InputError
from gridsight.solvers.thrill_digger import report
from gridsight.solvers.thrill_digger.analysis import MODELS, analyse
from gridsight.solvers.thrill_digger.policy import (
    DEFAULT_POLICY_NAME,
    POLICIES,
    POLICY_HELP,
    UnknownPolicy,
    exact_play_available,
    get_policy,
)
from gridsight.solvers.thrill_digger.rules import DIFFICULTIES
from gridsight.solvers.thrill_digger.state import FORMAT_HELP, parse_state

if TYPE_CHECKING:  # pragma: no cover - simulation's modules load only to simulate
    from gridsight.solvers.thrill_digger.simulate import SimulationReport

POLICY_LIST = "\n".join(f"  {name:<10} {text}" for name, text in POLICY_HELP.items())

MODEL_HELP = """\
models (--model):
  game     the game's own generator (default): bombs then rupoors on random holes, and a
           board with a 2x2 block of bombs/rupoors is redrawn, at most 10 times
  uniform  every layout equally likely
policies (--policy):
""" + POLICY_LIST + """
valuation: rupees dug, green 1, blue 5, red 20, silver 100, gold 300, rupoor -10 (not
floored); a bomb ends the game keeping what was dug; no clearing bonus; the fee (30/50/70)
does not change which hole is best. Ties in optimal play: within 1e-9 rupees, the lowest bomb
chance, then reading order.

JSON (--json), one object per board: {"game": "thrill-digger", "difficulty", "model",
"layouts": how many bomb-and-rupoor layouts fit, "cells": [{"row", "col", "bomb", "rupoor",
"green", "blue", "red", "silver", "gold", "value": rupees of digging it now, "value_if_dug":
optimal expected rupees still to come if it is dug next (optimal policy; else null)}, ... one
per undug hole], "recommend": {"row", "col"} or null when the game is over, "safe",
"certain_bombs", "certain_rupoors": [{"row", "col"}, ...], "block_probability", "policy":
the policy that chose recommend, "policy_note": why another policy stood in, or null}."""


class ThrillDiggerGame:
    name = "thrill-digger"
    #: The header keys this game's board files carry (naming the game of a file given to
    #: another game's ``solve``).
    board_headers: tuple[str, ...] = ("difficulty",)
    title = "Thrill Digger (Zelda: Skyward Sword)"
    summary = "dig for rupees, avoid bombs: exact odds of every hole and the best hole to dig"
    format_help = FORMAT_HELP + "\n\n" + MODEL_HELP
    options_type = ThrillDiggerOptions

    def add_solve_arguments(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument(
            "--model",
            choices=MODELS,
            default="game",
            help="how the game fills a board: 'game' (its own generator, the default) or "
            "'uniform' (every layout equally likely)",
        )
        parser.add_argument(
            "--policy", type=_policy_name, default=DEFAULT_POLICY_NAME, metavar="NAME",
            help=f"which hole to recommend: {', '.join(POLICIES)} (default "
            f"{DEFAULT_POLICY_NAME}; see below)",
        )
        add_time_limit_argument(parser, after="; past it the best hole valued so far is "
                                "advised, at worst the safest")

    def options_from(self, arguments: Arguments) -> ThrillDiggerOptions:
        return options_from_arguments(ThrillDiggerOptions, arguments)

    def solve(self, board: BoardText, options: SolveOptions | None = None) -> Solution:
        chosen = options_of(ThrillDiggerOptions, options)
        meter = chosen.limit.start()
        state = parse_state(board)
        analysis = analyse(state, chosen.model)
        decision = get_policy(chosen.policy).decide(analysis, meter)
        return Solution(
            report.to_json(analysis, decision),
            report.to_text(analysis, decision),
            WORDS.dress(report.to_advice(analysis, decision)),
        )

    def add_simulate_arguments(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument(
            "--difficulty", choices=tuple(DIFFICULTIES), default="expert",
            help="the level to play (default expert)",
        )
        parser.add_argument(
            "--games", type=games_count, default=200, metavar="N",
            help=f"how many games to play (default 200, at most {MAX_GAMES})",
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
        parser.add_argument(
            "--policy", type=_policy_name, default=DEFAULT_POLICY_NAME, metavar="NAME",
            help=f"the policy to play: {', '.join(POLICIES)} (default {DEFAULT_POLICY_NAME})",
        )
        parser.add_argument(
            "--compare", type=policy_pair(POLICIES), default=None, metavar="A,B",
            help="play policies A and B on the same boards and print the paired difference "
            "A - B with its standard error (instead of --policy)",
        )
        parser.add_argument(
            "--jobs", type=jobs_count, default=1, metavar="N",
            help=f"worker processes sharing the games (default 1, at most {MAX_JOBS}; results "
            "do not depend on it)",
        )
        parser.formatter_class = argparse.RawDescriptionHelpFormatter
        parser.epilog = (
            "Plays each game from an empty board with the policy until a bomb or until every "
            "rupee is dug, and prints the mean rupees per game net of the fee (beginner 30, "
            "intermediate 50, expert 70), the share of games cleared and the share lost to "
            "bombs. Clearing the board earns no rupees in this count (the game gives a "
            "treasure item); a rupoor costs 10.\n\npolicies:\n" + POLICY_LIST
        )

    def simulate(self, options: argparse.Namespace) -> int:
        from gridsight.progress import ProgressBar
        from gridsight.solvers.paired import compare_paired
        from gridsight.solvers.thrill_digger.simulate import play_policies

        difficulty = DIFFICULTIES[options.difficulty]
        names = options.compare or (options.policy,)
        for name in names:
            if name == "optimal" and not exact_play_available(difficulty):
                raise InputError(
                    f"the optimal policy is exact only on beginner, not {difficulty.name}"
                )
        with ProgressBar(options.games, "games") as bar:
            reports = play_policies(
                difficulty, options.games, options.seed, names,
                model=options.model, jobs=options.jobs, on_game=bar.advance,
            )
        print(
            f"Thrill Digger {difficulty.name}, {options.games} games, seed {options.seed}, "
            f"solver model {options.model}"
        )
        for result in reports:
            _print_report(result, difficulty.fee, len(reports) > 1)
        if len(reports) == 2:
            a, b = reports
            diff = compare_paired(a.scores, b.scores)
            low, high = diff.interval()
            verdict = "significant" if diff.significant else "not significant"
            print(
                f"paired difference {a.policy} - {b.policy}: {diff.difference:+.2f} rupees per "
                f"game (standard error {diff.stderr:.2f}, {diff.z:+.1f} standard errors, 95% "
                f"interval {low:+.2f} to {high:+.2f}; {verdict} at 2 standard errors)"
            )
        return 0


def _print_report(result: SimulationReport, fee: int, labelled: bool) -> None:
    if labelled:
        print(
            f"{result.policy}: mean rupees per game, net of the {fee} fee: "
            f"{result.mean_rupees:+.2f} (standard error {result.stderr_rupees:.2f}); cleared "
            f"{100 * result.cleared:.1f}%, lost to a bomb {100 * result.bombed:.1f}%, holes dug "
            f"per game {result.mean_digs:.1f}"
        )
        return
    print(f"policy: {result.policy} ({POLICY_HELP[result.policy]})")
    print(
        f"mean rupees per game, net of the {fee} fee: "
        f"{result.mean_rupees:+.2f} (standard error {result.stderr_rupees:.2f})"
    )
    print(f"cleared: {100 * result.cleared:.1f}% of games")
    print(f"lost to a bomb: {100 * result.bombed:.1f}% of games")
    print(f"holes dug per game: {result.mean_digs:.1f}")


def _policy_name(text: str) -> str:
    try:
        get_policy(text)
    except UnknownPolicy as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    return text


GAME = ThrillDiggerGame()
