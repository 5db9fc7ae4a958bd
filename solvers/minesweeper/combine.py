"""Putting the components and the interior together: the DP over mine counts.

Given each component's exact ``ways[k]`` (assignments with ``k`` mines), the layouts of the
whole board with exactly ``mines_left`` mines are, summed over every split of the mines,
the product of the components' ways times ``C(interior, mines_left - frontier mines)`` for
the unconstrained interior cells. For a cell of component ``i`` the same sum is taken with
that component's ways replaced by its mine ways, so each component gets one list of
**effective weights** ``E_i[a]`` (the number of ways to complete the board when component
``i`` holds ``a`` mines), and a cell's mine layouts are the dot product of its mine ways with
``E_i``. Everything is an exact Python integer.

>>> # one component with 1 layout of 1 mine and 1 of 2 mines; 3 interior cells; 2 mines
>>> c = combine([(0, 1, 1)], interior=3, mines_left=2)
>>> c.total                 # 1 * C(3, 1) + 1 * C(3, 0)
4
>>> c.effective[0]          # completions by the component's mine count
[3, 3, 1]
>>> c.interior_mines        # sum over layouts of interior mines: 1 * 3 * 1 + 1 * 1 * 0
3
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from math import comb

from gridsight.solvers.minesweeper.polynomials import all_but_one, product


@dataclass(frozen=True)
class Combination:
    """``total``: layouts of the whole board; ``effective[i][a]``: completions of the board
    when component ``i`` holds ``a`` mines; ``interior_mines``: the sum over layouts of the
    mines in the interior (so one interior cell holds a mine in ``interior_mines /
    interior`` layouts, the interior being exchangeable)."""

    total: int
    effective: list[list[int]]
    interior_mines: int


def interior_ways(interior: int, mines_left: int, frontier_mines: int) -> int:
    """``C(interior, mines_left - frontier_mines)``, 0 when that many mines cannot fit."""
    rest = mines_left - frontier_mines
    return comb(interior, rest) if 0 <= rest <= interior else 0


def combine(
    components: Sequence[Sequence[int]], interior: int, mines_left: int
) -> Combination:
    """The DP over mine counts for components with the given ``ways`` lists."""
    everything = product(components)
    weight = [interior_ways(interior, mines_left, k) for k in range(len(everything))]
    total = sum(w * x for w, x in zip(weight, everything))
    # the sum over layouts of interior mines: C(I, r) * r == I * C(I - 1, r - 1)
    interior_mines = sum(
        x * interior * interior_ways(interior - 1, mines_left - 1, k)
        for k, x in enumerate(everything)
        if interior
    )
    effective = []
    for others in all_but_one(components):
        size = len(everything) - len(others) + 1  # mine counts the component can hold
        effective.append([
            sum(o * weight[a + b] for b, o in enumerate(others) if o)
            for a in range(size)
        ])
    return Combination(total, effective, interior_mines)


def dot(ways: Sequence[int], effective: Sequence[int]) -> int:
    """Layouts of the whole board counted from a component's (mine) ways by mine count."""
    return sum(w * e for w, e in zip(ways, effective))
