"""The exact play search of :mod:`gridsight.solvers.thrill_digger.optimal`, compiled with numba.

The same recursion, the same order and the same float operations as the Python search
(``_PythonSearch``), over lists of layout indices instead of bitsets, so the two give the same
values to the last bit (the tests check it). It stops after the number of states the caller
allows (``counter[1]``), returning NaN, so the caller can look at its
:class:`~gridsight.solvers.limit.Meter` and call again: every state solved is in the memo, so the next
call goes on where this one stopped. numba compiles it on first use and caches the machine
code next to this module (``cache=True``).
"""

from __future__ import annotations

import numpy as np
from numba import njit, types
from numba.typed import Dict

from gridsight.solvers.limit import Meter
from gridsight.solvers.thrill_digger.layouts import OUTCOME_VALUES, RUPOOR_OUTCOME, LayoutSpace

SLICE = 1 << 14  # states per call between two looks at the meter (a few milliseconds)


@njit(cache=True)
def _canonical(key, tables):  # pragma: no cover - compiled
    best = key
    best_t = 0
    for t in range(1, tables.shape[0]):
        image = 0
        for ch in range(tables.shape[1]):
            image |= tables[t, ch, (key >> (12 * ch)) & 4095]
        if image < best:
            best = image
            best_t = t
    return best, best_t


_ENTER, _NEXT, _RETURN = 0, 1, 2


@njit(cache=True)
def _search(key0, m0, left0, outcomes, blocked, ratio, worth, tables, perms, memo, layouts,
            counter):  # pragma: no cover - compiled
    """The value of state ``key0`` whose ``m0`` fitting layouts are ``layouts[0, :m0]``.

    The Python search's recursion, written with an explicit stack (numba's cache cannot
    hold recursive functions safely): frame ``d`` holds its layouts in ``layouts[d]`` and
    builds each child's in ``layouts[d + 1]``. ``counter[0]`` counts the states searched;
    past ``counter[1]`` the search stops and returns NaN (nothing half-done is memoised).
    """
    holes = outcomes.shape[1]
    depth_max = layouts.shape[0]
    keys = np.zeros(depth_max, np.int64)
    sizes = np.zeros(depth_max, np.int64)
    lefts = np.zeros(depth_max, np.int64)
    canons = np.zeros(depth_max, np.int64)
    hole = np.zeros(depth_max, np.int64)
    outcome = np.zeros(depth_max, np.int64)
    safe = np.zeros(depth_max, np.int64)
    totals = np.zeros(depth_max)
    q = np.zeros(depth_max)
    best = np.zeros(depth_max)
    weights = np.zeros(depth_max)
    keys[0] = key0
    sizes[0] = m0
    lefts[0] = left0
    d = 0
    mode = _ENTER
    result = 0.0
    while True:
        if mode == _ENTER:
            if lefts[d] == 0:
                result = 0.0
                mode = _RETURN
                continue
            canon, t = _canonical(keys[d], tables)
            if canon in memo:
                result = memo[canon]
                mode = _RETURN
                continue
            counter[0] += 1
            if counter[0] > counter[1]:
                counter[0] -= 1
                return np.nan
            canons[d] = canon
            m = sizes[d]
            clean = 0
            block = 0
            for i in range(m):
                if blocked[layouts[d, i]]:
                    block += 1
                else:
                    clean += 1
            totals[d] = float(clean) + ratio * float(block)
            safe[d] = -1
            rank = holes + 1
            key = keys[d]
            for h in range(holes):
                if (key >> (3 * h)) & 7 != 0:
                    continue
                ok = True
                for i in range(m):
                    if outcomes[layouts[d, i], h] >= 5:
                        ok = False
                        break
                if ok and perms[t, h] < rank:
                    safe[d] = h
                    rank = perms[t, h]
            best[d] = -np.inf
            hole[d] = -1
            outcome[d] = 5  # so that _NEXT moves on to the first hole
            mode = _NEXT
        elif mode == _NEXT:
            outcome[d] += 1
            if outcome[d] > 5:
                if hole[d] >= 0:
                    value = q[d] / totals[d]
                    if value > best[d]:
                        best[d] = value
                h = hole[d] + 1
                key = keys[d]
                while h < holes and ((key >> (3 * h)) & 7 != 0
                                     or (safe[d] >= 0 and h != safe[d])):
                    h += 1
                if h == holes:
                    memo[canons[d]] = best[d]
                    result = best[d]
                    mode = _RETURN
                    continue
                hole[d] = h
                q[d] = 0.0
                outcome[d] = 0
            h = hole[d]
            o = outcome[d]
            k = 0
            clean = 0
            block = 0
            for i in range(sizes[d]):
                layout = layouts[d, i]
                if outcomes[layout, h] == o:
                    layouts[d + 1, k] = layout
                    k += 1
                    if blocked[layout]:
                        block += 1
                    else:
                        clean += 1
            if k == 0:
                continue
            weights[d] = float(clean) + ratio * float(block)
            keys[d + 1] = keys[d] | ((o + 1) << (3 * h))
            sizes[d + 1] = k
            lefts[d + 1] = lefts[d] - 1 if o < 5 else lefts[d]
            d += 1
            mode = _ENTER
        else:  # _RETURN
            if d == 0:
                return result
            d -= 1
            q[d] += weights[d] * (worth[outcome[d]] + result)
            mode = _NEXT


@njit(cache=True)
def _new_memo():  # pragma: no cover - compiled
    """An empty memo (canonical key -> value). Made, read, sized and cleared by these cached
    functions rather than by the typed dict's own methods called from Python, which numba
    compiles afresh in every process (about 1 s of CPU: ``Dict.empty`` and the first
    ``get``, ``len``, ``clear``)."""
    return Dict.empty(key_type=types.int64, value_type=types.float64)


@njit(cache=True)
def _memo_get(memo, key):  # pragma: no cover - compiled
    if key in memo:
        return True, memo[key]
    return False, 0.0


@njit(cache=True)
def _memo_size(memo):  # pragma: no cover - compiled
    return len(memo)


@njit(cache=True)
def _memo_clear(memo):  # pragma: no cover - compiled
    memo.clear()


class CompiledSearch:
    """The compiled search for one layout space, with its own memo (a numba typed dict)."""

    def __init__(self, space: LayoutSpace) -> None:
        assert RUPOOR_OUTCOME == 5  # the kernel's literals
        self.space = space
        self.outcomes = np.ascontiguousarray(space.outcomes, dtype=np.int8)
        self.blocked = np.ascontiguousarray(space.blocked, dtype=np.bool_)
        self.worth = np.array(OUTCOME_VALUES, dtype=np.float64)
        self.tables = space.chunk_tables
        self.perms = np.array(space.symmetries, dtype=np.int64)
        self.memo = _new_memo()
        self.layouts = np.empty((space.holes + 2, len(self.outcomes)), dtype=np.int64)

    def lookup(self, canon: int) -> float | None:
        """The memo's value of state ``canon``, ``None`` when not searched yet."""
        known, value = _memo_get(self.memo, np.int64(canon))
        return float(value) if known else None

    def memo_size(self) -> int:
        return int(_memo_size(self.memo))

    def clear_memo(self) -> None:
        _memo_clear(self.memo)

    def value(self, key: int, fits: np.ndarray, left: int, meter: Meter) -> tuple[float, int]:
        """The value of state ``key`` whose fitting layouts are ``fits`` (boolean), and how
        many new states were searched; raises :class:`~gridsight.solvers.limit.LimitReached` once
        ``meter`` is reached (looked at every :data:`SLICE` states)."""
        first = np.flatnonzero(fits)
        self.layouts[0, : len(first)] = first
        counter = np.zeros(2, dtype=np.int64)
        while True:
            allowance = SLICE
            states_left = meter.states_left()
            if states_left is not None:
                allowance = max(1, min(allowance, states_left))
            before = int(counter[0])
            counter[1] = before + allowance
            value = _search(np.int64(key), len(first), left, self.outcomes, self.blocked,
                            self.space.block_weight, self.worth, self.tables, self.perms,
                            self.memo, self.layouts, counter)
            meter.count(int(counter[0]) - before)
            if not np.isnan(value):
                return float(value), int(counter[0])
            meter.check()
