"""Two digs of lookahead on the particles, compiled with numba: the rollouts of
:mod:`gridsight.solvers.thrill_digger.deeper`.

For a candidate ``h`` and each thing ``o`` it may show, the particles where ``h`` shows ``o``
are a sample of the board after it. On that board the next dig is chosen among the first
``width`` holes of the ``safest`` order over those particles, by the rupees each makes if it is
dug next and ``safest`` plays on after it (the rollouts of
:mod:`gridsight.solvers.thrill_digger.lookahead_kernel`, one per hole, on the same particles); the best
of them is the board's value. A board with fewer than ``min_child`` particles is valued by
``safest`` alone, as the one-dig lookahead does (a choice among a handful of particles
would follow them rather than the board).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from gridsight.solvers.thrill_digger.lookahead_kernel import _open_loop, _rank, _tree_sum


@njit(cache=True)
def _after_first(outcomes, child, k, first, is_open, left, worth, closed_min, order, n_order,
                 stack, open_, chosen, shown, sizes, lefts, totals, bombs, value, orders,
                 counts):  # pragma: no cover - compiled
    """Rupees over the ``k`` particles ``child`` when ``first`` is dug next and ``safest``
    plays on after it (``order``: the board's ``safest`` order, for the open loop)."""
    holes = outcomes.shape[1]
    total = 0.0
    for o in range(6):
        m = 0
        for i in range(k):
            layout = child[i]
            if outcomes[layout, first] == o:
                stack[0, m] = layout
                m += 1
        if m == 0:
            continue
        total += m * worth[o]
        if o == 6:
            continue
        for c in range(holes):
            open_[0, c] = is_open[c]
        open_[0, first] = False
        after = left - 1 if o < 5 else left
        total += _tree_sum(outcomes, m, after, worth, stack, open_, chosen, shown, sizes,
                           lefts, totals, bombs, value, orders, counts, closed_min, order,
                           n_order)
    return total


@njit(cache=True)
def _deeper_sums(outcomes, holes_, undug, left, worth, closed_min, width,
                 min_child):  # pragma: no cover - compiled
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
    child = np.empty(n, np.int64)
    child_open = np.zeros(holes, np.bool_)
    child_order = np.zeros(holes, np.int64)
    sums = np.zeros((len(holes_), 6))
    layouts_per_outcome = np.zeros((len(holes_), 6), np.int64)
    for i in range(len(holes_)):
        h = holes_[i]
        for o in range(6):
            k = 0
            for layout in range(n):
                if outcomes[layout, h] == o:
                    child[k] = layout
                    k += 1
            layouts_per_outcome[i, o] = k
            if k == 0:
                continue
            for c in range(holes):
                child_open[c] = undug[c]
            child_open[h] = False
            after = left - 1 if o < 5 else left
            if after == 0:
                continue
            if k < min_child:
                for j in range(k):
                    stack[0, j] = child[j]
                for c in range(holes):
                    open_[0, c] = child_open[c]
                sums[i, o] = _tree_sum(outcomes, k, after, worth, stack, open_, chosen, shown,
                                       sizes, lefts, totals, bombs, value, orders, counts,
                                       closed_min, base_order, base_count)
                continue
            n_order = _rank(outcomes, child, k, child_open, worth, bombs, value, child_order)
            best = -1e300
            for j in range(min(width, n_order)):
                got = _after_first(outcomes, child, k, child_order[j], child_open, after,
                                   worth, closed_min, child_order, n_order, stack, open_,
                                   chosen, shown, sizes, lefts, totals, bombs, value, orders,
                                   counts)
                if got > best:
                    best = got
            sums[i, o] = best
    return sums, layouts_per_outcome


def deeper_sums(outcomes: np.ndarray, holes: np.ndarray, undug: np.ndarray, left: int,
                worth: np.ndarray, closed_min: int, width: int,
                min_child: int) -> tuple[np.ndarray, np.ndarray]:
    """``sums[i, o]``: over the particles where candidate ``holes[i]`` shows ``o``, the rupees
    still dug after it by the best of the ``width`` safest next digs, each followed by
    ``safest`` (module notes); ``counts[i, o]``: how many such particles."""
    return _deeper_sums(outcomes, holes, undug, np.int64(left), worth, np.int64(closed_min),
                        np.int64(width), np.int64(min_child))


__all__ = ["deeper_sums", "_open_loop"]
