"""Many games of Thrill Digger played with a policy, on boards drawn as the game draws them.

Each game starts from an empty board: the policy picks a hole, the hole is dug and shows what
the layout holds there, and play goes on until a bomb is dug or every rupee is dug. The
score of a game is the rupees dug (rupee worth; a rupoor costs 10) minus the fee. Clearing the
board earns no rupees: the game gives a treasure item for it (Zelda Wiki, "Thrill Digger"),
which this count leaves out.

:func:`simulate_paired` plays two policies on the same drawn layouts, so that the difference
of their scores is measured board by board (:func:`gridsight.solvers.paired.compare_paired`); with
``jobs`` above 1 the games are shared among worker processes (the layouts are still drawn in
order from the one seed, and every policy is deterministic, so the results do not depend on
``jobs``).
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Callable
from dataclasses import dataclass, field

from gridsight.solvers.paired import PairedComparison, compare_paired
from gridsight.solvers.thrill_digger.analysis import analyse
from gridsight.solvers.thrill_digger.generator import Layout, draw_layout
from gridsight.solvers.thrill_digger.policy import DEFAULT_POLICY, get_policy
from gridsight.solvers.thrill_digger.rules import (
    BOMB,
    COLOUR_VALUES,
    RUPOOR,
    RUPOOR_VALUE,
    Difficulty,
)
from gridsight.solvers.thrill_digger.state import ThrillDiggerState


@dataclass(frozen=True)
class GameResult:
    rupees: int  # dug, net of the fee
    cleared: bool
    bombed: bool
    digs: int


@dataclass(frozen=True)
class SimulationReport:
    difficulty: str
    model: str
    games: int
    seed: int
    mean_rupees: float  # per game, net of the fee
    stderr_rupees: float  # standard error of the mean
    cleared: float  # share of games cleared
    bombed: float  # share of games lost to a bomb
    mean_digs: float
    policy: str = ""
    scores: tuple[int, ...] = field(default=(), repr=False)  # each game's rupees, in order


@dataclass(frozen=True)
class PairedReport:
    """Two policies on the same boards: each one's report, and the paired difference
    ``first - second`` of the rupees per game."""

    first: SimulationReport
    second: SimulationReport
    difference: PairedComparison


def _choose(policy, analysis) -> tuple[int, int] | None:
    """The hole a policy picks: a policy object (``decide``) or a plain function."""
    decide = getattr(policy, "decide", None)
    return decide(analysis).hole if decide is not None else policy(analysis)


def play_game(layout: Layout, policy=DEFAULT_POLICY, model: str = "game") -> GameResult:
    """Play one game on ``layout`` with ``policy`` (a policy of
    :mod:`gridsight.solvers.thrill_digger.policy`, or a function from analysis to hole), analysing each
    board under ``model``."""
    d = layout.difficulty
    state = ThrillDiggerState.empty(d)
    rupees = -d.fee
    digs = 0
    while not state.finished:
        cell = _choose(policy, analyse(state, model))
        if cell is None:
            break
        token = layout.token(*cell)
        state = state.with_token(*cell, token)
        digs += 1
        if token == RUPOOR:
            rupees += RUPOOR_VALUE
        elif token != BOMB:
            rupees += COLOUR_VALUES[token]
    bombed = any(t == BOMB for row in state.grid for t in row)
    return GameResult(rupees, cleared=not bombed, bombed=bombed, digs=digs)


def _report(
    difficulty: Difficulty, model: str, seed: int, policy: str, results: list[GameResult]
) -> SimulationReport:
    games = len(results)
    scores = [r.rupees for r in results]
    stderr = statistics.stdev(scores) / games**0.5 if games > 1 else 0.0
    return SimulationReport(
        difficulty=difficulty.name,
        model=model,
        games=games,
        seed=seed,
        mean_rupees=statistics.fmean(scores),
        stderr_rupees=stderr,
        cleared=sum(r.cleared for r in results) / games,
        bombed=sum(r.bombed for r in results) / games,
        mean_digs=statistics.fmean(r.digs for r in results),
        policy=policy,
        scores=tuple(scores),
    )


def _policy_name(policy) -> str:
    return getattr(policy, "name", getattr(policy, "__name__", "custom"))


def simulate(
    difficulty: Difficulty,
    games: int,
    seed: int,
    *,
    model: str = "game",
    policy=DEFAULT_POLICY,
    on_game: Callable[[GameResult], None] | None = None,
) -> SimulationReport:
    """Play ``games`` games on boards drawn from ``random.Random(seed)``."""
    if games < 1:
        raise ValueError("games must be at least 1")
    rng = random.Random(seed)
    results = []
    for _ in range(games):
        result = play_game(draw_layout(difficulty, rng), policy, model)
        results.append(result)
        if on_game is not None:
            on_game(result)
    return _report(difficulty, model, seed, _policy_name(policy), results)


def _play_all(job: tuple[Layout, tuple[str, ...], str]) -> tuple[GameResult, ...]:
    """Worker: one layout played by each named policy."""
    layout, names, model = job
    return tuple(play_game(layout, get_policy(name), model) for name in names)


def play_policies(
    difficulty: Difficulty,
    games: int,
    seed: int,
    policies: tuple[str, ...],
    *,
    model: str = "game",
    jobs: int = 1,
    on_game: Callable[[], None] | None = None,
) -> list[SimulationReport]:
    """Play ``games`` boards drawn from ``random.Random(seed)`` with each named policy (every
    board with every policy); one report per policy, with its games in board order in
    :attr:`SimulationReport.scores`."""
    if games < 1:
        raise ValueError("games must be at least 1")
    for name in policies:
        get_policy(name)  # refuse an unknown name before any game
    rng = random.Random(seed)
    work = [(draw_layout(difficulty, rng), tuple(policies), model) for _ in range(games)]
    played: list[tuple[GameResult, ...]] = []
    if jobs > 1 and games > 1:
        import multiprocessing

        # Load (and compile) everything once here, so that the forked workers share it.
        played.append(_play_all(work[0]))
        if on_game is not None:
            on_game()
        with multiprocessing.get_context("fork").Pool(jobs) as pool:
            for results in pool.imap(_play_all, work[1:], chunksize=2):
                played.append(results)
                if on_game is not None:
                    on_game()
    else:
        for job in work:
            played.append(_play_all(job))
            if on_game is not None:
                on_game()
    return [
        _report(difficulty, model, seed, name, [results[i] for results in played])
        for i, name in enumerate(policies)
    ]


def simulate_paired(
    difficulty: Difficulty,
    games: int,
    seed: int,
    policies: tuple[str, str],
    *,
    model: str = "game",
    jobs: int = 1,
    on_game: Callable[[], None] | None = None,
) -> PairedReport:
    """Both named policies on the same ``games`` boards, compared board by board."""
    first, second = play_policies(
        difficulty, games, seed, policies, model=model, jobs=jobs, on_game=on_game
    )
    return PairedReport(first, second, compare_paired(first.scores, second.scores))
