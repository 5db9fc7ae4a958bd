"""Exact optimal play of a small board: every hole's value under the best play after it.

**Valuation.** A game is worth the rupees dug: green 1, blue 5, red 20, silver 100, gold 300,
a rupoor -10 (not floored at 0); digging a bomb ends the game and keeps what was dug; digging
the last rupee ends it too, and clearing the board earns nothing more (the game gives a
treasure item). Play never stops by choice. The fee (beginner 30) is paid either way, so it
does not change which hole is best; the values here are *gross*, the rupees still to come.

The value of a state depends only on the layouts that fit it (weighted by the model) and the
holes still undug (:mod:`solvers.thrill_digger.layouts`)::

    V(S) = 0                                      when every rupee is dug
    V(S) = max over undug holes h of Q(S, h)
    Q(S, h) = sum over what h shows, o (not a bomb), of P(o | S) * (worth(o) + V(S after o))

Two exact shortcuts keep the search small (beginner: about 3 million states, against over 50
million without them):

- *Safe first*: a hole that is a rupee in every fitting layout is dug before any risk (it
  gives the same rupee whenever it is dug, and what it shows can only help), so a state with
  such a hole is worth Q of one of them: the first in the order of the state's canonical
  image, so that the value is the same number whichever mirror image is searched.
- *Symmetry*: states that are mirror images have the same value and share one memo entry.

Every value is a function of the canonical state alone, computed by the same float operations
in the same order by the pure-Python search and by the compiled one
(:mod:`solvers.thrill_digger.optimal_kernel`, used when numba is installed): the two agree to
the last bit, and so does the shipped table of the top of the beginner tree
(:mod:`solvers.thrill_digger.optimal_table`). Probabilities are ratios of exact layout counts
(``clean + block_weight * blocked``); the only rounding is float64 arithmetic.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np

from solvers.engines import NEEDS_NUMBA, SWITCH_STATES, EngineUnavailable, check_engine
from solvers.engines import numba_installed
from solvers.thrill_digger.layouts import (
    OUTCOME_VALUES,
    RUPOOR_OUTCOME,
    UNDUG_CODE,
    LayoutSpace,
)
from solvers.thrill_digger.state import ThrillDiggerState

VALUATION = (
    "gross rupees still to come: green 1, blue 5, red 20, silver 100, gold 300, rupoor -10 "
    "(not floored), a bomb ends the game keeping what was dug, no clearing bonus, no "
    "stopping by choice; the fee is not subtracted"
)
# Two holes whose values are within this many rupees are tied (then: lower bomb chance,
# then reading order).
TIE = 1e-9
# A fresh search first runs in Python up to this many states before it hands over to the
# compiled kernel (loading numba costs a process about a second): solvers.engines' threshold.
PYTHON_FIRST = SWITCH_STATES["thrill-digger-optimal"]
MEMO_LIMIT = 2_000_000  # states kept between calls before the memo is cleared


class BudgetExceeded(Exception):
    """The Python search needed more new states than its cap (it hands over to numba)."""


@dataclass(frozen=True)
class HoleValues:
    """``values[(row, col)]``: the optimal expected rupees still to come if that hole is dug
    next (every undug hole); ``best``: the hole to dig; ``value``: the state's value;
    ``searched``: how many states were newly searched for it (0 when all were known)."""

    values: dict[tuple[int, int], float]
    best: tuple[int, int]
    value: float
    searched: int


class _PythonSearch:
    """The search over layout bitsets (Python ints), memoised on canonical keys."""

    def __init__(self, space: LayoutSpace) -> None:
        self.space = space
        holes = space.holes
        self.masks = [
            [_bitset(space.outcomes[:, h] == o) for o in range(RUPOOR_OUTCOME + 2)]
            for h in range(holes)
        ]
        self.bad = [self.masks[h][RUPOOR_OUTCOME] | self.masks[h][RUPOOR_OUTCOME + 1]
                    for h in range(holes)]
        # Per hole, the outcomes it can show at all, in outcome order (beginner: 3 colours).
        self.shows = [
            [(o, mask) for o, mask in enumerate(self.masks[h][: RUPOOR_OUTCOME + 1]) if mask]
            for h in range(holes)
        ]
        self.blocked = _bitset(space.blocked)
        self.clean = _bitset(~space.blocked)
        self.ratio = space.block_weight
        self.values = [float(v) for v in OUTCOME_VALUES]
        self.memo: dict[int, float] = {}
        if self.ratio == 1.0:  # uniform: the same number as clean + 1.0 * blocked, faster
            self.weight = _count  # type: ignore[method-assign]

    def weight(self, layouts: int) -> float:
        """``clean + ratio * blocked`` layouts, as the compiled search computes it."""
        return (layouts & self.clean).bit_count() + self.ratio * (
            layouts & self.blocked).bit_count()

    def value(self, key: int, fits: np.ndarray, left: int, cap: int | None) -> tuple[float, int]:
        """The value of state ``key`` (``fits``: its layouts; ``left``: rupees undug) and
        how many new states it took; raises :class:`BudgetExceeded` past ``cap`` states."""
        count = [0]
        limit = math.inf if cap is None else cap
        space, memo, shows, bad = self.space, self.memo, self.shows, self.bad
        weight, worth, canonical = self.weight, self.values, space.canonical
        symmetries, holes = space.symmetries, space.holes

        def search(key: int, layouts: int, left: int) -> float:
            if left == 0:
                return 0.0
            canon, t = canonical(key)
            known = memo.get(canon)
            if known is not None:
                return known
            count[0] += 1
            if count[0] > limit:
                raise BudgetExceeded
            undug = [h for h in range(holes) if (key >> (3 * h)) & 7 == UNDUG_CODE]
            safe = [h for h in undug if not layouts & bad[h]]
            if safe:
                order = symmetries[t]
                undug = [min(safe, key=order.__getitem__)]
            total = weight(layouts)
            best = -math.inf
            for h in undug:
                q = 0.0
                for o, mask in shows[h]:
                    child = layouts & mask
                    if child:
                        q += weight(child) * (worth[o] + search(
                            key | ((o + 1) << (3 * h)), child,
                            left - 1 if o < RUPOOR_OUTCOME else left))
                q /= total
                if q > best:
                    best = q
            memo[canon] = best
            return best

        result = search(key, _bitset(fits), left)
        return result, count[0]


def _count(layouts: int) -> float:
    return float(layouts.bit_count())


def _bitset(flags: np.ndarray) -> int:
    """A boolean array as a Python int, bit ``i`` for entry ``i``."""
    return int.from_bytes(np.packbits(flags, bitorder="little").tobytes(), "little")


def kernel_available() -> bool:
    """Is numba installed (so the compiled search can run)? Asked without importing it
    (:func:`solvers.engines.numba_installed`)."""
    return numba_installed()


class ExactPlay:
    """The exact optimum of one small board under one model, memoised across calls.

    ``engine``: ``"python"``, ``"numba"`` or ``"auto"`` (:mod:`solvers.engines`: a search
    starts in Python and hands over to numba, when it is installed, past
    :data:`PYTHON_FIRST` states; later searches run in numba). ``table`` maps canonical keys
    of the top of the tree to their values (:mod:`solvers.thrill_digger.optimal_table`).
    Every engine gives the same numbers.
    """

    def __init__(
        self,
        space: LayoutSpace,
        *,
        engine: str = "auto",
        table: Mapping[int, float] | None = None,
    ) -> None:
        if check_engine(engine) == "numba" and not kernel_available():
            raise EngineUnavailable(NEEDS_NUMBA)
        self.space = space
        self.engine = engine
        self.table: Mapping[int, float] = table or {}
        self._python = _PythonSearch(space)
        self._kernel = None

    def _compiled(self):
        if self._kernel is None:
            from solvers.thrill_digger.optimal_kernel import CompiledSearch

            self._kernel = CompiledSearch(self.space)
        return self._kernel

    def state_value(self, key: int, fits: np.ndarray, left: int) -> tuple[float, int]:
        """The value of state ``key`` (``fits``: the layouts that fit it, ``left``: rupees
        still undug) and how many new states were searched for it."""
        if left == 0:
            return 0.0, 0
        canon = self.space.canonical(key)[0]
        known = self.table.get(canon)
        if known is None:
            known = self._python.memo.get(canon)
        if known is None and self._kernel is not None:
            known = self._kernel.lookup(canon)
        if known is not None:
            return known, 0
        if self.engine == "numba" or (self.engine == "auto" and self._kernel is not None):
            return self._compiled().value(key, fits, left)
        handover = self.engine == "auto" and kernel_available()
        try:
            return self._python.value(key, fits, left, PYTHON_FIRST if handover else None)
        except BudgetExceeded:
            value, used = self._compiled().value(key, fits, left)
            return value, used + PYTHON_FIRST

    def hole_values(self, state: ThrillDiggerState) -> HoleValues:
        """Every undug hole's optimal value for ``state`` (no dug bomb, some rupee left).

        Raises ``ValueError`` when no layout fits the state or the game is over.
        """
        space = self.space
        for memo in (self._python.memo, self._kernel.memo if self._kernel else {}):
            if len(memo) > MEMO_LIMIT:
                memo.clear()
        key = space.key_of(state)
        fits = space.fits(key)
        if not fits.any():
            raise ValueError("no layout fits this board")
        left = space.rupees - rupees_dug(key, space.holes)
        if left == 0:
            raise ValueError("every rupee is dug: the game is over")
        total = _weight(space, fits)
        values: dict[tuple[int, int], float] = {}
        bomb_weight: dict[tuple[int, int], float] = {}
        cols = space.difficulty.cols
        searched = 0
        for h in range(space.holes):
            if (key >> (3 * h)) & 7 != UNDUG_CODE:
                continue
            q = 0.0
            shown = space.outcomes[:, h]
            for o in range(RUPOOR_OUTCOME + 1):
                child = fits & (shown == o)
                if not child.any():
                    continue
                after = left - 1 if o < RUPOOR_OUTCOME else left
                value, used = self.state_value(key | ((o + 1) << (3 * h)), child, after)
                searched += used
                q += _weight(space, child) * (OUTCOME_VALUES[o] + value)
            cell = divmod(h, cols)
            values[cell] = q / total
            bomb_weight[cell] = _weight(space, fits & (shown == RUPOOR_OUTCOME + 1))
        top = max(values.values())
        # Ties: within TIE of the best, the lowest bomb chance, then reading order.
        best = min((cell for cell, v in values.items() if v >= top - TIE),
                   key=lambda cell: (bomb_weight[cell], cell))
        return HoleValues(values, best, top, searched)


def rupees_dug(key: int, holes: int) -> int:
    """How many holes of state ``key`` were dug and held a rupee (seen or not)."""
    return sum((key >> (3 * i)) & 7 not in (UNDUG_CODE, RUPOOR_OUTCOME + 1)
               for i in range(holes))


def _weight(space: LayoutSpace, layouts: np.ndarray) -> float:
    """The model weight of a set of layouts, as the searches compute it."""
    blocked = int((layouts & space.blocked).sum())
    clean = int(layouts.sum()) - blocked
    return clean + space.block_weight * blocked
