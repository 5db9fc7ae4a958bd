"""Many games of Thrill Digger played with a policy, on boards drawn as the game draws them.

Each game starts from an empty board: the policy picks a hole, the hole is dug and shows what
the layout holds there, and play goes on until a bomb is dug or every rupee is dug. The
score of a game is the rupees dug (rupee worth; a rupoor costs 10) minus the fee. Clearing the
board earns no rupees: the game gives a treasure item for it (Zelda Wiki, "Thrill Digger"),
which this count leaves out.
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Callable
from dataclasses import dataclass

from solvers.thrill_digger.analysis import analyse
from solvers.thrill_digger.generator import Layout, draw_layout
from solvers.thrill_digger.policy import DEFAULT_POLICY, Policy
from solvers.thrill_digger.rules import (
    BOMB,
    COLOUR_VALUES,
    RUPOOR,
    RUPOOR_VALUE,
    Difficulty,
)
from solvers.thrill_digger.state import ThrillDiggerState


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


def play_game(
    layout: Layout, policy: Policy = DEFAULT_POLICY, model: str = "game"
) -> GameResult:
    """Play one game on ``layout`` with ``policy``, analysing each board under ``model``."""
    d = layout.difficulty
    state = ThrillDiggerState.empty(d)
    rupees = -d.fee
    digs = 0
    while not state.finished:
        cell = policy(analyse(state, model))
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


def simulate(
    difficulty: Difficulty,
    games: int,
    seed: int,
    *,
    model: str = "game",
    policy: Policy = DEFAULT_POLICY,
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
    scores = [r.rupees for r in results]
    stderr = statistics.stdev(scores) / len(scores) ** 0.5 if len(scores) > 1 else 0.0
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
    )
