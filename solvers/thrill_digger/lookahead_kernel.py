"""The rollouts of :mod:`solvers.thrill_digger.lookahead`, compiled with numba.

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
def _tree_sum(outcomes, m0, left0, worth, stack, open_, chosen, shown, sizes, lefts,
              totals, bombs, value):  # pragma: no cover - compiled
    """Rupees ``safest`` digs from the board whose ``m0`` layouts are ``stack[0, :m0]`` and
    undug holes ``open_[0]``, summed over the layouts."""
    holes = outcomes.shape[1]
    sizes[0] = m0
    lefts[0] = left0
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
            if m == 1:
                layout = stack[d, 0]
                result = 0.0
                for c in range(holes):
                    if open_[d, c]:
                        o = outcomes[layout, c]
                        if o < 5:
                            result += worth[o]
                mode = _RETURN
                continue
            for c in range(holes):
                bombs[c] = 0
                value[c] = 0.0
            for i in range(m):
                layout = stack[d, i]
                for c in range(holes):
                    if open_[d, c]:
                        o = outcomes[layout, c]
                        if o == 6:
                            bombs[c] += 1
                        else:
                            value[c] += worth[o]
            g = -1
            for c in range(holes):
                if not open_[d, c]:
                    continue
                if g < 0 or bombs[c] < bombs[g] or (bombs[c] == bombs[g] and value[c] > value[g]):
                    g = c
            chosen[d] = g
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
            sizes[d + 1] = k
            lefts[d + 1] = lefts[d] - 1 if o < 5 else lefts[d]
            d += 1
            mode = _ENTER
        else:  # _RETURN
            if d == 0:
                return result
            d -= 1
            totals[d] += result
            mode = _NEXT


@njit(cache=True)
def _rollout_sums(outcomes, holes_, undug, left, worth):  # pragma: no cover - compiled
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
    sums = np.zeros((len(holes_), 6))
    counts = np.zeros((len(holes_), 6), np.int64)
    for i in range(len(holes_)):
        h = holes_[i]
        for o in range(6):
            k = 0
            for layout in range(n):
                if outcomes[layout, h] == o:
                    stack[0, k] = layout
                    k += 1
            counts[i, o] = k
            if k == 0:
                continue
            for c in range(holes):
                open_[0, c] = undug[c]
            open_[0, h] = False
            after = left - 1 if o < 5 else left
            sums[i, o] = _tree_sum(outcomes, k, after, worth, stack, open_, chosen, shown,
                                   sizes, lefts, totals, bombs, value)
    return sums, counts


def rollout_sums(outcomes: np.ndarray, holes: np.ndarray, undug: np.ndarray, left: int,
                 worth: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """See :func:`solvers.thrill_digger.lookahead.python_rollout_sums`."""
    return _rollout_sums(outcomes, holes, undug, np.int64(left), worth)
