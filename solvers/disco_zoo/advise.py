"""The full analysis of a rescue: exact posterior, certain tiles, the tap to make, rescue chances.

The tap comes from :class:`~solvers.disco_zoo.lookahead.Lookahead`, bounded by a time budget:

1. First the *restricted lookahead of width 1*: at every state only the single most promising
   tap is considered (the one keeping the best score reachable, then the likeliest hit), besides
   completing settled animals. It always finishes quickly (its tree has one tap per state).
2. Then widths 2, 3 and 4 and finally the unrestricted search, each while time is left, each
   trying first the taps the previous one found best (which only speeds it up). Wider
   restricted searches cost about as much as the full one, so they are skipped.
   The last search that finished gives the advice.

A restricted search that never had to leave a tap out *is* the exact search, and so is the
unrestricted one: then ``exact`` is true and ``rescue`` is exact for the optimal policy. When
the budget ran out first, ``exact`` is false and ``method`` names the estimate: the best policy
among the W most promising taps per state, whose value and rescue chances are exact *for that
policy*, so they are a lower bound for best play.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from fractions import Fraction

from solvers.disco_zoo.board import RescueBoard
from solvers.disco_zoo.lookahead import Decision, Lookahead, SearchTimeout
from solvers.disco_zoo.objective import Objective
from solvers.disco_zoo.placements import TILES, Posterior, joint_placements, posterior

WIDTHS: tuple[int | None, ...] = (1, 2, 3, 4, None)
DEFAULT_BUDGET = 1.0
EXACT_METHOD = "exact expectimax over the taps left"


def restricted_method(width: int) -> str:
    return (
        f"restricted lookahead, width {width}: the best policy using only the {width} most "
        "promising taps per state; its value and rescue chances are exact for that policy, "
        "a lower bound for best play"
    )


@dataclass(frozen=True)
class CertainTile:
    """An untapped tile whose content is the same in every consistent placement."""

    row: int
    col: int
    animal: int | None  # 0-based animal index, or None: certainly no animal


@dataclass(frozen=True)
class RescueAdvice:
    """Everything the player is told about one rescue board."""

    board: RescueBoard
    objective: Objective
    posterior: Posterior
    certain: tuple[CertainTile, ...]
    recommend: tuple[int, int] | None
    completes: int | None
    value: Fraction
    rescue: tuple[Fraction, ...]
    exact: bool
    method: str
    seconds: float

    @property
    def placements(self) -> int:
        return self.posterior.total


def plan(
    board: RescueBoard, objective: Objective, budget: float | None = DEFAULT_BUDGET
) -> tuple[Decision, bool, str]:
    """The decision for ``board``, whether it is exact, and the method's name.

    ``budget`` is in seconds (``None``: search until exact). The width-1 search always runs to
    the end, so there is always an answer.
    """
    joint = joint_placements(board)
    deadline = None if budget is None else time.monotonic() + budget
    best: tuple[Decision, bool, str] | None = None
    previous: Lookahead | None = None
    for width in WIDTHS:
        search = Lookahead(joint, objective, width=width, hints=previous)
        remaining = None if deadline is None else deadline - time.monotonic()
        if best is not None and remaining is not None and remaining <= 0:
            break
        try:
            decision = search.decide(board.taps, remaining if best is not None else None)
        except SearchTimeout:
            break
        if width is None or not search.truncated:
            return decision, True, EXACT_METHOD
        best = (decision, False, restricted_method(width))
        previous = search
    assert best is not None
    return best


def advise(
    board: RescueBoard, objective: Objective | None = None, budget: float | None = DEFAULT_BUDGET
) -> RescueAdvice:
    """Analyse ``board``: exact posterior and certain tiles, and the advised tap.

    Raises :class:`~solvers.errors.ImpossibleBoardError` for a board no placement fits.
    """
    started = time.monotonic()
    objective = objective or Objective()
    post = posterior(joint_placements(board))
    certain = []
    for tile in range(TILES):
        row, col = divmod(tile, 5)
        if board.grid[row][col] >= 0:
            continue
        settled, animal = post.certain(tile)
        if settled:
            certain.append(CertainTile(row, col, animal))
    decision, exact, method = plan(board, objective, budget)
    recommend = None if decision.tile is None else divmod(decision.tile, 5)
    return RescueAdvice(
        board=board,
        objective=objective,
        posterior=post,
        certain=tuple(certain),
        recommend=recommend,
        completes=decision.completes,
        value=decision.value,
        rescue=decision.rescue,
        exact=exact,
        method=method,
        seconds=time.monotonic() - started,
    )
