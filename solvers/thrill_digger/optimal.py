"""Exact optimal play of a small board: every hole's value under the best play after it.

**Valuation.** A game is worth the rupees dug: green 1, blue 5, red 20, silver 100, gold 300,
a rupoor -10 (not floored at 0); digging a bomb ends the game and keeps what was dug; digging
the last rupee ends it too, and clearing the board earns nothing more (the game gives a
treasure item). Play never stops by choice. The fee (beginner 30) is paid either way, so it
does not change which hole is best; the values here are *gross*, the rupees still to come.

The value of a state depends only on the layouts that fit it (weighted by the model) and the
holes still undug (:mod:`gridsight.solvers.thrill_digger.layouts`)::

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

The search is bounded by a :class:`~gridsight.solvers.limit.Meter` (states and CPU seconds): the Python
search looks at it every :data:`CHECK_EVERY` states, the compiled one returns to Python every
few thousand states for it (:data:`KERNEL_SLICE`), its memo keeping every state already
solved, so a stopped search resumes where it was. :meth:`ExactPlay.hole_values` values the
holes one by one in the order given and, stopped, says which it valued (anytime), with an
upper bound of every hole's value: the rupees a player who saw the layout would still dig.

Every value is a function of the canonical state alone, computed by the same float operations
in the same order by the pure-Python search and by the compiled one
(:mod:`gridsight.solvers.thrill_digger.optimal_kernel`, used when numba is installed): the two agree to
the last bit, and so does the shipped table of the top of the beginner tree
(:mod:`gridsight.solvers.thrill_digger.optimal_table`). Probabilities are ratios of exact layout counts
(``clean + block_weight * blocked``); the only rounding is float64 arithmetic.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np

from gridsight.solvers.engines import NEEDS_NUMBA, SWITCH_STATES, EngineUnavailable, check_engine
from gridsight.solvers.engines import affords_loading, compiling_elsewhere, numba_installed
from gridsight.solvers.limit import Limit, LimitReached, Meter, unlimited
from gridsight.solvers.thrill_digger.layouts import (
    BOMB_OUTCOME,
    OUTCOME_VALUES,
    RUPOOR_OUTCOME,
    UNDUG_CODE,
    LayoutSpace,
)
from gridsight.solvers.thrill_digger.state import ThrillDiggerState

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
KERNEL = "gridsight.solvers.thrill_digger.optimal_kernel"
MEMO_LIMIT = 2_000_000  # states kept between calls before the memo is cleared
CHECK_EVERY = 256  # Python states between two looks at the meter
KERNEL_SLICE = 1 << 14  # compiled states between two looks at the meter (a few ms)


@dataclass(frozen=True)
class HoleValues:
    """``values[(row, col)]``: the optimal expected rupees still to come if that hole is dug
    next (every undug hole, or when ``complete`` is false those valued before the limit);
    ``best``: the hole to dig among them (``None``: none valued); ``value``: its value;
    ``searched``: how many states were newly searched for it (0 when all were known);
    ``ceiling``: no hole is worth more (the rupees still to come if the layout were seen)."""

    values: dict[tuple[int, int], float]
    best: tuple[int, int] | None
    value: float | None
    searched: int
    complete: bool = True
    ceiling: float | None = None


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

    def value(self, key: int, fits: np.ndarray, left: int, meter: Meter) -> tuple[float, int]:
        """The value of state ``key`` (``fits``: its layouts; ``left``: rupees undug) and
        how many new states it took; raises :class:`~gridsight.solvers.limit.LimitReached` once
        ``meter`` is reached (the states solved so far stay in the memo)."""
        count = [0]
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
            if not count[0] % CHECK_EVERY:
                meter.count(CHECK_EVERY)
                meter.check()
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

        try:
            result = search(key, _bitset(fits), left)
        finally:
            meter.count(count[0] % CHECK_EVERY)
        return result, count[0]


def _count(layouts: int) -> float:
    return float(layouts.bit_count())


def _bitset(flags: np.ndarray) -> int:
    """A boolean array as a Python int, bit ``i`` for entry ``i``."""
    return int.from_bytes(np.packbits(flags, bitorder="little").tobytes(), "little")


def _kernel_search():
    """The kernel's compiled search (imports numba): its cache entry says whether numba's
    cache holds the kernel (:func:`gridsight.solvers.engines.compiling_elsewhere`)."""
    from gridsight.solvers.thrill_digger import optimal_kernel

    return optimal_kernel._search


def kernel_available() -> bool:
    """Is numba installed (so the compiled search can run)? Asked without importing it
    (:func:`gridsight.solvers.engines.numba_installed`)."""
    return numba_installed()


class ExactPlay:
    """The exact optimum of one small board under one model, memoised across calls.

    ``engine``: ``"python"``, ``"numba"`` or ``"auto"`` (:mod:`gridsight.solvers.engines`: a search
    starts in Python and hands over to numba, when it is installed, past
    :data:`PYTHON_FIRST` states; later searches run in numba). ``table`` maps canonical keys
    of the top of the tree to their values (:mod:`gridsight.solvers.thrill_digger.optimal_table`).
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
            from gridsight.solvers.thrill_digger.optimal_kernel import CompiledSearch

            self._kernel = CompiledSearch(self.space)
        return self._kernel

    def state_value(self, key: int, fits: np.ndarray, left: int,
                    meter: Meter | None = None) -> tuple[float, int]:
        """The value of state ``key`` (``fits``: the layouts that fit it, ``left``: rupees
        still undug) and how many new states were searched for it; raises
        :class:`~gridsight.solvers.limit.LimitReached` once ``meter`` is reached."""
        meter = meter or unlimited()
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
            return self._compiled().value(key, fits, left, meter)
        # auto: the kernel past PYTHON_FIRST states, if the limit affords loading it and no
        # other process compiles it meanwhile (engines.compiling_elsewhere)
        handover = (self.engine == "auto" and kernel_available() and affords_loading(meter)
                    and not compiling_elsewhere(KERNEL, _kernel_search))
        first = meter.within(Limit(seconds=None, states=PYTHON_FIRST)) if handover else meter
        try:
            return self._python.value(key, fits, left, first)
        except LimitReached:
            if not handover or meter.reached():
                raise
            value, used = self._compiled().value(key, fits, left, meter)
            return value, used + PYTHON_FIRST

    def hole_values(self, state: ThrillDiggerState, meter: Meter | None = None,
                    order: list[tuple[int, int]] | None = None) -> HoleValues:
        """Every undug hole's optimal value for ``state`` (no dug bomb, some rupee left),
        valued in ``order`` (cells; default reading order) until ``meter`` is reached (then
        ``complete`` is false and the holes valued so far are given).

        Raises ``ValueError`` when no layout fits the state or the game is over.
        """
        meter = meter or unlimited()
        space = self.space
        if len(self._python.memo) > MEMO_LIMIT:
            self._python.memo.clear()
        if self._kernel is not None and self._kernel.memo_size() > MEMO_LIMIT:
            self._kernel.clear_memo()
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
        undug = [h for h in range(space.holes) if (key >> (3 * h)) & 7 == UNDUG_CODE]
        if order is not None:
            rank = {cell: i for i, cell in enumerate(order)}
            undug.sort(key=lambda h: rank.get(divmod(h, cols), len(rank)))
        complete = True
        # What each undug hole shows in the layouts that fit, counted once per hole (all
        # layouts, and the blocked ones): an outcome no layout gives is skipped, and each
        # outcome's weight is :func:`_weight` of its layouts from the counts, the same
        # whole numbers, so the same values to the last bit, without a pass over every
        # layout per outcome (a beginner board's advice 20% less CPU).
        fit_shown = space.outcomes[fits]
        fit_blocked = space.blocked[fits]
        outcomes = BOMB_OUTCOME + 1
        for h in undug:
            q = 0.0
            shown = space.outcomes[:, h]
            counts = np.bincount(fit_shown[:, h], minlength=outcomes)
            blocks = np.bincount(fit_shown[fit_blocked, h], minlength=outcomes)
            try:
                for o in range(RUPOOR_OUTCOME + 1):
                    if not counts[o]:
                        continue
                    child = fits & (shown == o)
                    after = left - 1 if o < RUPOOR_OUTCOME else left
                    value, used = self.state_value(key | ((o + 1) << (3 * h)), child, after,
                                                   meter)
                    searched += used
                    q += _counted_weight(space, int(counts[o]), int(blocks[o])) * \
                        (OUTCOME_VALUES[o] + value)
            except LimitReached:
                complete = False
                break
            cell = divmod(h, cols)
            values[cell] = q / total
            bomb_weight[cell] = _counted_weight(space, int(counts[BOMB_OUTCOME]),
                                                int(blocks[BOMB_OUTCOME]))
        ceiling = _seen_value(space, fits, key) / total
        if not values:
            return HoleValues({}, None, None, searched, False, ceiling)
        top = max(values.values())
        # Ties: within TIE of the best, the lowest bomb chance, then reading order.
        best = min((cell for cell, v in values.items() if v >= top - TIE),
                   key=lambda cell: (bomb_weight[cell], cell))
        return HoleValues(values, best, top, searched, complete, ceiling)


def rupees_dug(key: int, holes: int) -> int:
    """How many holes of state ``key`` were dug and held a rupee (seen or not)."""
    return sum((key >> (3 * i)) & 7 not in (UNDUG_CODE, RUPOOR_OUTCOME + 1)
               for i in range(holes))


def _seen_value(space: LayoutSpace, fits: np.ndarray, key: int) -> float:
    """The model weight times the rupees a player who saw the layout would still dig (every
    undug rupee, no rupoor): no play can do better, so it bounds every hole's value."""
    undug = np.array([(key >> (3 * h)) & 7 == UNDUG_CODE for h in range(space.holes)])
    worth = np.array(OUTCOME_VALUES, dtype=float)
    shown = space.outcomes[fits][:, undug]
    rupees = np.where(shown < RUPOOR_OUTCOME, worth[shown], 0.0).sum(axis=1)
    weights = np.where(space.blocked[fits], space.block_weight, 1.0)
    return float((rupees * weights).sum())


def _weight(space: LayoutSpace, layouts: np.ndarray) -> float:
    """The model weight of a set of layouts, as the searches compute it."""
    blocked = int((layouts & space.blocked).sum())
    return _counted_weight(space, int(layouts.sum()), blocked)


def _counted_weight(space: LayoutSpace, count: int, blocked: int) -> float:
    """The model weight of ``count`` layouts of which ``blocked`` hold a block: what
    :func:`_weight` gives for them."""
    clean = count - blocked
    return clean + space.block_weight * blocked
