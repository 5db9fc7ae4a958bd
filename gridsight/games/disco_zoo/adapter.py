"""The Disco Zoo adapter: ``gridsight solve disco-zoo`` and ``gridsight simulate disco-zoo``.

``solve(board, options)`` takes :class:`~gridsight.games.disco_zoo.options.DiscoZooOptions`.
It parses the rescue (:mod:`gridsight.solvers.disco_zoo.board`), analyses it (exact posterior and the
tap-budget-aware advice, :mod:`gridsight.solvers.disco_zoo.advise`) and presents the result as the JSON
contract, a readable board and an :class:`~gridsight.solvers.advice.Advice`
(:mod:`gridsight.solvers.disco_zoo.report`).
"""

from __future__ import annotations

import argparse
import dataclasses

from gridsight.games.arguments import (
    MAX_GAMES, add_renamed_option, games_count, positive_int, policy_pair,
)
from gridsight.games.base import Solution
from gridsight.games.disco_zoo.options import DiscoZooOptions
from gridsight.games.disco_zoo.words import WORDS
from gridsight.games.doubts import with_doubts
from gridsight.games.options import Arguments, SolveOptions, options_from_arguments, options_of
from gridsight.limits import add_time_limit_argument, seconds
from gridsight.progress import ProgressBar
from gridsight.solvers.boardtext import BoardText
from gridsight.solvers.disco_zoo import report
from gridsight.solvers.disco_zoo.advise import DEFAULT_BUDGET, advise
from gridsight.solvers.disco_zoo.board import MAX_TAPS, parse_board
from gridsight.solvers.disco_zoo.catalogue import load_catalogue
from gridsight.solvers.disco_zoo.objective import parse_objective
from gridsight.solvers.disco_zoo.simulate import (
    DEFAULT_PET_CHANCE,
    DEFAULT_SIM_BUDGET,
    POLICIES,
    PolicyScores,
    play_policies,
)
from gridsight.solvers.errors import BoardFormatError
from gridsight.solvers.paired import compare_paired

FORMAT_HELP = """\
board format (one rescue; several separated by a line '---'):
  region: Jungle                   optional when the names settle the region
  animals: Gorilla, Panda, Tiger   1 to 3 animals of the region, plus at most one pet
  taps: 7                          taps left (default 10, at most 25; more than the
  . . . . .                        untapped tiles count as the untapped tiles)
  . . . - .                        .  not tapped
  . . 2 . .                        -  tapped, no animal (coins or Disco Bux)
  . 1/3 . . .                      k  tapped, shows the k-th animal of the animals line
  . . 1 . *                        1/3  tapped, shows one of these animals; *  some animal
'taps: 18/10': the counter read unsure between these counts; solved for the first, and the
advice says whether it changes for the others (a caution line; "doubts" in the JSON).
Names match loosely (case, spaces, hyphens; Rhino, T Rex, Mammoth, Ankylo). Farm's Rabbit
and the pet Rabbit share a name: the region's animal wins, write 'pet Rabbit' for the pet.

model: every non-overlapping joint placement of the animals that agrees with the taps is
equally likely; tile chances are exact under it.
objectives (--objective): expected (expected animals rescued, default), all (chance of
rescuing every animal), target:NAME (chance of rescuing NAME); ties are broken by the other
measure. The advice looks ahead over every tap left: an exact expectimax, run as an
anytime search over the first tap within --budget CPU seconds (one tap per symmetry orbit;
each first tap first valued with the restricted width-1 lookahead, then solved exactly), so a
busy machine gives the same advice as an idle one. When the budget or the --time-limit runs
out it says so ("exact": false, "method") and advises the first tap with the best value
proven so far, never one a finished search showed worse, with what is proven: "at least
1.71, at most 1.74" expected animals ("value", "at_most"). Certain
tiles give no information: they are advised only to complete an animal when that is the
best use of the taps left; certainly empty tiles never.

JSON (--json): {"game": "disco-zoo", "region", "animals", "taps", "taps_may_be" (other
counts of a 'taps: 18/10' header), "placements",
"cells": [{"row", "col", "empty", "<animal>": p, ...} per untapped tile],
"unsure": [{"row", "col", "token", "one_of": [names], "<animal>": p}],
"certain": [{"row", "col", "animal" (null: certainly empty)}], "recommend": {"row", "col"}
or null, "completes", "rescue": {"<animal>": p}, "objective", "value", "exact", "method"}."""


class DiscoZooGame:
    name = "disco-zoo"
    #: The header keys this game's board files carry (naming the game of a file given to
    #: another game's ``solve``).
    board_headers: tuple[str, ...] = ("region", "animals", "taps")
    title = "Disco Zoo rescue"
    summary = "find the animals in 10 taps: exact tile odds, certain tiles, the best tap"
    format_help = FORMAT_HELP
    options_type = DiscoZooOptions

    def add_solve_arguments(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument(
            "--objective",
            default="expected",
            metavar="OBJ",
            help="expected (default), all, or target:NAME",
        )
        parser.add_argument(
            "--budget",
            type=seconds,
            default=DEFAULT_BUDGET,
            metavar="SECONDS",
            help=f"work for the lookahead search, in CPU seconds (default {DEFAULT_BUDGET:g} s; "
            "at most half the --time-limit)",
        )
        add_time_limit_argument(parser, after="; past it the best tap found so far is advised")

    def options_from(self, arguments: Arguments) -> DiscoZooOptions:
        return options_from_arguments(DiscoZooOptions, arguments)

    def solve(self, board: BoardText, options: SolveOptions | None = None) -> Solution:
        chosen = options_of(DiscoZooOptions, options)
        meter = chosen.limit.start()
        rescue = parse_board(board)
        objective = parse_objective(chosen.objective, rescue.animals)
        budget = chosen.budget
        if chosen.limit.seconds is not None and budget is not None:
            budget = min(budget, chosen.limit.seconds / 2)
        result = advise(rescue, objective, budget, meter)
        data, text = report.to_json(result), report.to_text(result)
        advice = WORDS.dress(report.to_advice(result))
        if rescue.unsure or rescue.taps_may_be:
            # Found tiles read "Panda or Tiger", a counter read "18 or 10": say when it matters.
            from gridsight.games.disco_zoo.doubts import rescue_doubts, taps_doubt

            doubts = rescue_doubts(rescue, objective, budget, result.recommend, meter)
            taps = taps_doubt(rescue, objective, budget, result.recommend, meter)
            doubts += (taps,) if taps is not None else ()
            data["doubts"] = [d.to_dict() for d in doubts]
            if any(d.changes for d in doubts):
                # The report without one answer's tap said as the tap: no "[ ]" on its tile
                # and no why (which explained that answer's tap only); the board's value
                # (over every answer) kept.
                lines = report.to_text(dataclasses.replace(result, recommend=None)).splitlines()
                value = report.details(result)[:1] if result.recommend is not None else ()
                at = next(k for k, line in enumerate(lines) if line.startswith("rescue chances"))
                text = "\n".join(lines[:at] + list(value) + lines[at:]) + "\n"
            text += "".join(f"caution: {d.words()}\n" for d in doubts)
            said = with_doubts(advice, doubts)
            first, newline, rest = text.partition("\n")
            text = said.status + newline + rest  # the report's first line is the status line
            advice = said
        return Solution(data, text, advice)

    def add_simulate_arguments(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument(
            "--zoo-region", dest="region", type=_region, default="Farm", metavar="NAME",
            help="the region to play (default Farm)"
        )
        add_renamed_option(parser, "--region", "--zoo-region",
                           "--region is the capture rectangle of gridsight live")
        parser.add_argument(
            "--games", type=games_count, default=200, metavar="N",
            help=f"how many rescues to play (default 200, at most {MAX_GAMES})",
        )
        parser.add_argument(
            "--seed", type=int, default=0, metavar="S",
            help="seed of the rescue generator, for repeatable runs (default 0)",
        )
        parser.add_argument(
            "--taps", type=_taps, default=10, help=f"taps per rescue (default 10, at most {MAX_TAPS})"
        )
        parser.add_argument(
            "--budget", type=seconds, default=DEFAULT_SIM_BUDGET, metavar="SECONDS",
            help=f"lookahead time per tap (default {DEFAULT_SIM_BUDGET:g} s, smaller than "
            "solve's so that runs stay short)",
        )
        parser.add_argument(
            "--max-nodes", type=positive_int, default=None, metavar="N",
            help="bound the lookahead by N search states per tap instead of --budget seconds: "
            "the same run gives the same taps on any machine, however busy",
        )
        parser.add_argument(
            "--objective", choices=("expected", "all"), default="expected",
            help="what the advice optimises when comparing it with the baseline (the default "
            "run: --compare OBJECTIVE,baseline)",
        )
        which = parser.add_mutually_exclusive_group()
        which.add_argument(
            "--policy", choices=POLICIES, metavar="NAME",
            help=f"play one policy: {', '.join(POLICIES)} (the advice for that objective, or "
            "the seed-style baseline)",
        )
        which.add_argument(
            "--compare", type=policy_pair(POLICIES), metavar="A,B",
            help="play two policies on the same rescues and print the paired difference A - B "
            "with its standard error (e.g. all,baseline)",
        )
        parser.add_argument(
            "--pet-chance", type=_chance, default=DEFAULT_PET_CHANCE, metavar="P",
            help=f"chance that a pet joins a rescue (default {DEFAULT_PET_CHANCE:g})",
        )
        parser.epilog = (
            "Draws rescues (1, 2 or 3 animals of the region with chances 1/6, 1/3, 1/2, drawn "
            "uniformly; sometimes a pet; placed uniformly among valid joint placements) and "
            "plays each with the chosen policies on the same rescues: expected and all are the "
            "advice for that objective, baseline the seed-style helper (the tile covered by the "
            "most candidate placements, each animal counted separately). Prints the mean "
            "animals rescued and the share of rescues with every animal saved; with two "
            "policies, their paired differences with standard errors and 95% intervals."
        )

    def simulate(self, options: argparse.Namespace) -> int:
        if options.policy:
            names: tuple[str, ...] = (options.policy,)
        else:
            names = options.compare or (options.objective, "baseline")
        with ProgressBar(options.games, "rescues") as bar:
            runs = play_policies(
                options.region,
                options.games,
                options.seed,
                names,
                taps=options.taps,
                budget=options.budget,
                pet_chance=options.pet_chance,
                on_game=lambda _: bar.advance(),
                max_nodes=options.max_nodes,
            )
        print(
            f"Disco Zoo {runs.region}, {runs.games} rescues, seed {runs.seed}, {runs.taps} taps, "
            f"{runs.animals_per_rescue:.2f} animals per rescue, lookahead budget "
            + (f"{options.max_nodes} states per tap" if options.max_nodes
               else f"{runs.budget:g} s per tap")
        )
        if len(runs.scores) == 1:
            (one,) = runs.scores
            print(f"policy {one.name}: animals rescued per rescue {one.mean_animals:.3f}, "
                  f"rescues with every animal saved {one.share_everyone:.1%}")
            return 0
        a, b = runs.scores
        print(_paired_line("animals rescued per rescue", a, b, [float(x) for x in a.animals],
                           [float(x) for x in b.animals], 1.0, ".3f", ""))
        print(_paired_line("rescues with every animal saved", a, b, list(a.everyone),
                           list(b.everyone), 100.0, ".1f", " points"))
        return 0


def _paired_line(what: str, a: PolicyScores, b: PolicyScores, scores_a: list[float],
                 scores_b: list[float], scale: float, fmt: str, unit: str) -> str:
    """One measure of a paired comparison: both means, A - B, its standard error and 95% CI."""
    result = compare_paired(scores_a, scores_b)
    low, high = result.interval()
    mean = (lambda x: f"{x:.1%}") if scale == 100.0 else (lambda x: f"{x:{fmt}}")
    return (
        f"{what}: {a.name} {mean(result.mean_a)}, {b.name} {mean(result.mean_b)}, difference "
        f"{scale * result.difference:+{fmt}}{unit} (standard error {scale * result.stderr:{fmt}}; "
        f"95% CI {scale * low:+{fmt}} to {scale * high:+{fmt}})"
    )


def _taps(text: str) -> int:
    value = positive_int(text)
    if value > MAX_TAPS:
        raise argparse.ArgumentTypeError(f"at most {MAX_TAPS} (the tiles of the board)")
    return value


def _chance(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: '{text}'") from None
    if not 0 <= value <= 1:
        raise argparse.ArgumentTypeError("must be between 0 and 1")
    return value


def _region(text: str) -> str:
    try:
        return load_catalogue().region_name(text)
    except BoardFormatError as error:  # unknown region: the message lists them all
        raise argparse.ArgumentTypeError(str(error)) from None


GAME = DiscoZooGame()
