"""Which hole to dig next: the recommendation policy, kept apart so it can be swapped.

A policy is any callable taking an :class:`~solvers.thrill_digger.analysis.Analysis` and
returning the hole to dig, or ``None`` when the game is over. The current one,
:func:`safest_then_richest`, digs the hole least likely to hold a bomb, and among holes whose
bomb chances are within ``1e-9`` of the lowest, the one with the highest expected value
(then the first in reading order, so the choice is deterministic).
"""

from __future__ import annotations

from collections.abc import Callable

from solvers.thrill_digger.analysis import Analysis

Policy = Callable[[Analysis], "tuple[int, int] | None"]
TIE = 1e-9


def safest_then_richest(analysis: Analysis) -> tuple[int, int] | None:
    """The undug hole with the lowest bomb chance, ties (within 1e-9) broken by the highest
    expected value, then reading order; ``None`` if the game is over."""
    if analysis.state.finished or not analysis.holes:
        return None
    lowest = min(h.bomb for h in analysis.holes)
    tied = [h for h in analysis.holes if h.bomb <= lowest + TIE]
    best = max(tied, key=lambda h: (h.value, -h.row, -h.col))
    return best.cell


DEFAULT_POLICY: Policy = safest_then_richest
