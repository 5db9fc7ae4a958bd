"""The rollouts of :mod:`gridsight.solvers.thrill_digger.lookahead`, compiled with numba.

The same game tree as ``python_rollout_sums`` (the same choices, the same sums of whole
rupees, so the same numbers), walked with an explicit stack: numba's cache cannot hold
recursive functions safely. Frame ``d`` keeps its layouts in ``stack[d]`` and its undug holes
in ``open_[d]``, and builds each child's in row ``d + 1``.
"""

from __future__ import annotations

import numpy as np
from numba import njit


_ENTER, _NEXT, _RETURN = 0, 1, 2


@njit(cache=True)
def _open_loop(outcomes, layouts, m, order, n_order, is_open, left, worth):  # pragma: no cover
    """Rupees dug over ``layouts[:m]`` going down ``order`` (skipping holes not open) until a
    bomb or the last rupee, summed over the layouts."""
    total = 0.0
    for i in range(m):
        layout = layouts[i]
        rest = left
        for j in range(n_order):
            c = order[j]
            if rest == 0:
                break
            if not is_open[c]:
                continue
            o = outcomes[layout, c]
            if o == 6:
                break
            total += worth[o]
            if o < 5:
                rest -= 1
    return total


@njit(cache=True)
def _rank(outcomes, layouts, m, is_open, worth, bombs, value, order):  # pragma: no cover
    """Write into ``order`` the open holes in ``safest`` order over ``layouts[:m]`` (fewest
    bombs, then highest total worth, then reading order); return how many."""
    holes = outcomes.shape[1]
    for c in range(holes):
        bombs[c] = 0
        value[c] = 0.0
    for i in range(m):
        layout = layouts[i]
        for c in range(holes):
            if is_open[c]:
                o = outcomes[layout, c]
                if o == 6:
                    bombs[c] += 1
                else:
                    value[c] += worth[o]
    n = 0
    for c in range(holes):
        if not is_open[c]:
            continue
        j = n
        while j > 0:  # insertion: ties keep reading order
            p = order[j - 1]
            if bombs[c] < bombs[p] or (bombs[c] == bombs[p] and value[c] > value[p]):
                order[j] = p
                j -= 1
            else:
                break
        order[j] = c
        n += 1
    return n


@njit(cache=True)
def _tree_sum(outcomes, m0, left0, worth, stack, open_, chosen, shown, sizes, lefts,
              totals, bombs, value, orders, counts, closed_min, base_order,
              base_count):  # pragma: no cover - compiled
    """Rupees ``safest`` digs from the board whose ``m0`` layouts are ``stack[0, :m0]`` and
    undug holes ``open_[0]``, summed over the layouts; a board with fewer than
    ``closed_min`` layouts goes on open-loop in the order of its parent (the first board: of
    ``base_order``)."""
    holes = outcomes.shape[1]
    sizes[0] = m0
    lefts[0] = left0
    if m0 < closed_min:
        return _open_loop(outcomes, stack[0], m0, base_order, base_count, open_[0], left0,
                          worth)
    d = 0
    mode = _ENTER
    result = 0.0
    while True:
        if mode == _ENTER:
            m = sizes[d]
            if lefts[d] == 0 or m == 0:
                result = 0.0
                mode = _RETURN
                continue
            counts[d] = _rank(outcomes, stack[d], m, open_[d], worth, bombs, value, orders[d])
            chosen[d] = orders[d, 0]
            shown[d] = -1
            totals[d] = 0.0
            mode = _NEXT
        elif mode == _NEXT:
            shown[d] += 1
            if shown[d] > 5:
                result = totals[d]
                mode = _RETURN
                continue
            o = shown[d]
            g = chosen[d]
            k = 0
            for i in range(sizes[d]):
                layout = stack[d, i]
                if outcomes[layout, g] == o:
                    stack[d + 1, k] = layout
                    k += 1
            if k == 0:
                continue
            totals[d] += k * worth[o]
            for c in range(holes):
                open_[d + 1, c] = open_[d, c]
            open_[d + 1, g] = False
            after = lefts[d] - 1 if o < 5 else lefts[d]
            if k < closed_min:
                totals[d] += _open_loop(outcomes, stack[d + 1], k, orders[d], counts[d],
                                        open_[d + 1], after, worth)
                continue
            sizes[d + 1] = k
            lefts[d + 1] = after
            d += 1
            mode = _ENTER
        else:  # _RETURN
            if d == 0:
                return result
            d -= 1
            totals[d] += result
            mode = _NEXT


@njit(cache=True)
def _rollout_sums(outcomes, holes_, undug, left, worth, closed_min):  # pragma: no cover
    n, holes = outcomes.shape
    depth = holes + 2
    stack = np.empty((depth, n), np.int64)
    open_ = np.zeros((depth, holes), np.bool_)
    chosen = np.zeros(depth, np.int64)
    shown = np.zeros(depth, np.int64)
    sizes = np.zeros(depth, np.int64)
    lefts = np.zeros(depth, np.int64)
    totals = np.zeros(depth)
    bombs = np.zeros(holes, np.int64)
    value = np.zeros(holes)
    orders = np.zeros((depth, holes), np.int64)
    counts = np.zeros(depth, np.int64)
    every = np.arange(n)
    base_order = np.zeros(holes, np.int64)
    base_count = _rank(outcomes, every, n, undug, worth, bombs, value, base_order)
    sums = np.zeros((len(holes_), 6))
    layouts_per_outcome = np.zeros((len(holes_), 6), np.int64)
    for i in range(len(holes_)):
        h = holes_[i]
        for o in range(6):
            k = 0
            for layout in range(n):
                if outcomes[layout, h] == o:
                    stack[0, k] = layout
                    k += 1
            layouts_per_outcome[i, o] = k
            if k == 0:
                continue
            for c in range(holes):
                open_[0, c] = undug[c]
            open_[0, h] = False
            after = left - 1 if o < 5 else left
            sums[i, o] = _tree_sum(outcomes, k, after, worth, stack, open_, chosen, shown,
                                   sizes, lefts, totals, bombs, value, orders, counts,
                                   closed_min, base_order, base_count)
    return sums, layouts_per_outcome


def rollout_sums(outcomes: np.ndarray, holes: np.ndarray, undug: np.ndarray, left: int,
                 worth: np.ndarray, closed_min: int) -> tuple[np.ndarray, np.ndarray]:
    """See :func:`gridsight.solvers.thrill_digger.lookahead.python_rollout_sums`."""
    return _rollout_sums(outcomes, holes, undug, np.int64(left), worth, np.int64(closed_min))
