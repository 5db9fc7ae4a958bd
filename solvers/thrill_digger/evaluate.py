"""The exact value of a policy on a small board: its expected rupees over every layout.

Instead of playing each layout separately, the policy's game tree is walked once: at a state,
the layouts that fit it are split by what the chosen hole shows, each part going on to its
own next state, so each distinct state is decided once. The result is exact (a weighted mean
over every layout, the weights of ``prior``), under the valuation of
:data:`gridsight.solvers.thrill_digger.optimal.VALUATION` (gross rupees; subtract the fee for net).

``prior`` weighs the layouts (``uniform``: each of beginner's 4845 alike; ``game``: the
game's redraw rule); ``model`` is what the policy's analysis assumes. They need not agree:
advice computed under one model can be valued under the other.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from gridsight.solvers.thrill_digger.analysis import analyse
from gridsight.solvers.thrill_digger.layouts import BOMB_OUTCOME, OUTCOME_VALUES, layout_space
from gridsight.solvers.thrill_digger.rules import COLOURS, RUPOOR, Difficulty
from gridsight.solvers.thrill_digger.state import ThrillDiggerState


@dataclass(frozen=True)
class PolicyValue:
    """``value``: expected gross rupees per game; ``states``: distinct states decided."""

    value: float
    states: int


def policy_value(
    difficulty: Difficulty,
    decide: Callable[[object], tuple[int, int] | None],
    *,
    model: str = "uniform",
    prior: str = "uniform",
) -> PolicyValue:
    """The exact expected gross rupees of ``decide`` (an analysis -> hole function) over
    every layout of ``difficulty`` weighed by ``prior``, the analysis under ``model``."""
    space = layout_space(difficulty, prior)
    weights = np.where(space.blocked, space.block_weight, 1.0)
    cols = difficulty.cols
    tokens = (*COLOURS, RUPOOR)  # the token of outcome code o (RUPOOR_OUTCOME == 5)
    decided = [0]

    def walk(state: ThrillDiggerState, fits: np.ndarray) -> float:
        """Weighted sum over ``fits`` of the rupees still to come."""
        if state.finished:
            return 0.0
        hole = decide(analyse(state, model))
        decided[0] += 1
        if hole is None:
            return 0.0
        shown = space.outcomes[fits, hole[0] * cols + hole[1]]
        total = 0.0
        for o in np.unique(shown):
            if o == BOMB_OUTCOME:
                continue
            part = fits[shown == o]
            child = state.with_token(*hole, tokens[o])
            total += float(weights[part].sum()) * OUTCOME_VALUES[o] + walk(child, part)
        return total

    every = np.arange(len(space.outcomes))
    total = walk(ThrillDiggerState.empty(difficulty), every)
    return PolicyValue(total / float(weights.sum()), decided[0])
