"""Exact counting of the bad-item sets that fit a board, by a column-by-column sweep.

A *bad set* is the set of holes holding a bomb or a rupoor. Whether a board's readings fit a
bad set, and whether the set holds a 2x2 block of bad holes, depend only on the set (not on
which bad items are bombs), so the analysis counts bad sets here and handles the
bomb/rupoor labelling separately (:mod:`gridsight.solvers.thrill_digger.analysis`).

The sweep goes over the columns left to right. A column's bad holes are a bit mask (bit ``r``
for row ``r``); a reading in column ``j`` depends on the masks of columns ``j-1``, ``j`` and
``j+1``, and a 2x2 block on two neighbouring columns. The forward table ``alpha[j][a, b, k]``
counts the ways to fill columns ``0..j`` with ``m[j-1] = a``, ``m[j] = b`` and ``k`` bad holes
so far, every reading in columns ``< j`` satisfied; the backward table ``beta[j][b, c, k]``
counts the fillings of columns ``j+1..`` with ``m[j] = b``, ``m[j+1] = c`` and ``k`` bad holes
there, every reading in columns ``> j`` satisfied. Joining them over a column's mask triple
gives every marginal needed: how many bad sets have a hole bad, or have it good with a given
number of bad neighbours. The same sweep counts, on a second slice of its arrays, only the
sets with no bad 2x2 block (transitions that would complete a block are dropped).

Columns and the transfer tables of neighbouring column triples are cached by their tokens:
successive boards of a game, and most boards, share most of their columns.

The tables are numpy ``float64`` arrays so the sums run as matrix products. That is exact,
not an approximation: every entry and every partial sum is a count of distinct (partial) bad
sets, so an integer no larger than ``max(C(n, k), k <= K)`` for ``n`` holes and ``K`` bad
items, and :func:`count_variants` refuses boards where that bound reaches 2**53 (expert:
C(40, 16) ~ 6.3e10). Results are returned as Python ints.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from math import comb

import numpy as np

from gridsight.solvers.thrill_digger.rules import (
    BOMB,
    COLOUR_RANGES,
    COLOURS,
    RUPOOR,
    UNDUG,
    colour_of,
)

EXACT_LIMIT = 2**53
# Colour index (into COLOURS) of a good hole with k bad neighbours, k = 0..8.
_CLASS_OF_COUNT = np.array([COLOURS.index(colour_of(k)) for k in range(9)], dtype=np.intp)


@dataclass(frozen=True)
class SetCounts:
    """How many bad sets of the required size fit the readings, with per-hole splits.

    ``total`` counts them all; ``bad[(r, c)]`` those with hole ``(r, c)`` bad;
    ``colours[(r, c)][i]`` those with the hole good and showing colour ``COLOURS[i]``.
    Only undug holes appear in ``bad`` and ``colours``.
    """

    total: int
    bad: dict[tuple[int, int], int]
    colours: dict[tuple[int, int], tuple[int, ...]]


@dataclass(frozen=True)
class _Column:
    masks: np.ndarray  # the column's possible bad masks (int64)
    pop: np.ndarray  # popcount of each mask
    groups: tuple[tuple[int, slice], ...]  # (popcount, the slice of masks with it)
    readings: tuple[tuple[int, int, int], ...]  # (row, low, high) of each coloured reading
    undug: tuple[int, ...]  # rows of undug holes
    outcomes: np.ndarray | None = None  # see _outcomes; set for columns with undug holes


_POP = np.array([bin(v).count("1") for v in range(1 << 10)], dtype=np.int64)


def _popcount(values: np.ndarray) -> np.ndarray:
    return _POP[values]


def _column(masks: list[int], readings: tuple, undug: tuple) -> _Column:
    # Sorted by popcount, so the masks sharing a popcount form one slice (cheap shifts).
    array = np.array(sorted(masks, key=lambda m: (bin(m).count("1"), m)), dtype=np.int64)
    pop = _popcount(array)
    # (the distinct popcounts by a set, not np.unique, which loads numpy.ma: 15 ms of start-up)
    groups = tuple(
        (s, slice(int(np.searchsorted(pop, s)), int(np.searchsorted(pop, s, "right"))))
        for s in sorted(set(pop.tolist()))
    )
    return _Column(array, pop, groups, readings, undug)


def _columns(grid: tuple[tuple[str, ...], ...]) -> list[_Column]:
    rows, cols = len(grid), len(grid[0])
    return [_column_of(tuple(grid[r][j] for r in range(rows))) for j in range(cols)]


@lru_cache(maxsize=1024)
def _column_of(tokens: tuple[str, ...]) -> _Column:
    """The masks and readings of one column of tokens (cached: columns repeat a lot)."""
    rows = len(tokens)
    fixed = sum(1 << r for r in range(rows) if tokens[r] in (BOMB, RUPOOR))
    free = [r for r in range(rows) if tokens[r] == UNDUG]
    masks = []
    for subset in range(1 << len(free)):
        mask = fixed
        for i, r in enumerate(free):
            if subset >> i & 1:
                mask |= 1 << r
        masks.append(mask)
    readings = tuple((r, *COLOUR_RANGES[tokens[r]]) for r in range(rows) if tokens[r] in COLOURS)
    column = _column(masks, readings, tuple(free))
    if free:
        object.__setattr__(column, "outcomes", _outcomes(column, rows))
    return column


_PAD = _column([0], (), ())


def _near(row: int, rows: int) -> int:
    """Bit mask of rows ``row-1 .. row+1`` that exist."""
    return sum(1 << r for r in range(max(0, row - 1), min(rows, row + 2)))


@lru_cache(maxsize=64)
def _cached_transfer(
    left: tuple[str, ...], mid: tuple[str, ...], right: tuple[str, ...], variants: tuple[bool, ...]
) -> np.ndarray:
    """:func:`_transfer` of three neighbouring columns given by their tokens (cached; the
    arrays are read-only). An empty tuple stands for the padding beyond the board."""
    rows = len(mid)
    pick = lambda t: _column_of(t) if t else _PAD  # noqa: E731
    out = _transfer(pick(left), pick(mid), pick(right), rows, variants)
    out.flags.writeable = False
    return out


def _transfer(
    left: _Column, mid: _Column, right: _Column, rows: int, variants: tuple[bool, ...]
) -> np.ndarray:
    """``T[v, b, a, c]`` = 1 where masks ``a, b, c`` of three neighbouring columns satisfy
    every reading in the middle column (and, for variant ``v`` = True, ``b, c`` form no bad
    2x2 block)."""
    ok = np.ones((len(mid.masks), len(left.masks), len(right.masks)), dtype=bool)
    for row, low, high in mid.readings:
        near = _near(row, rows)
        count = (
            _popcount(mid.masks & (near & ~(1 << row)))[:, None, None]
            + _popcount(left.masks & near)[None, :, None]
            + _popcount(right.masks & near)[None, None, :]
        )
        ok &= (count >= low) & (count <= high)
    out = np.empty((len(variants), *ok.shape))
    for v, no_blocks in enumerate(variants):
        if no_blocks:
            both = mid.masks[:, None] & right.masks[None, :]
            out[v] = ok & ((both & (both >> 1)) == 0)[:, None, :]
        else:
            out[v] = ok
    return out


def _shift(table: np.ndarray, column: _Column) -> np.ndarray:
    """Move the last (count) axis of ``table[v, x, i, k]`` up by the popcount of mask ``i``
    of ``column``, dropping what falls off the end."""
    out = np.zeros_like(table)
    size = table.shape[-1]
    for s, part in column.groups:
        if s < size:
            out[:, :, part, s:] = table[:, :, part, : size - s]
    return out


def _one_hot(counts: np.ndarray) -> np.ndarray:
    """``counts[m, i]`` in 0..3 as one-hot vectors ``[m, i, 4]``."""
    return (counts[:, :, None] == np.arange(4)[None, None, :]).astype(np.float64)


def _outcomes(column: _Column, rows: int) -> np.ndarray:
    """``O[i, b, x, y, l]`` = 1 when undug row ``i`` of the column, with column mask ``b``,
    ``x`` bad neighbours in the column to its left and ``y`` to its right, shows outcome
    ``l``: rupee colour ``l`` (0..4), or ``l = 5`` when the hole itself is bad."""
    undug = np.array(column.undug, dtype=np.int64)
    near = np.array([_near(int(r), rows) for r in undug], dtype=np.int64)
    own = _popcount(column.masks[None, :] & (near & ~(1 << undug))[:, None])  # [i, b]
    count = own[:, :, None, None] + np.arange(4)[None, None, :, None] + np.arange(4)
    outcome = _CLASS_OF_COUNT[np.minimum(count, 8)]
    is_bad = (column.masks[None, :] >> undug[:, None]) & 1 == 1
    outcome[is_bad] = 5
    return (outcome[..., None] == np.arange(6)).astype(np.float64)


def exact_bound_ok(holes: int, bad: int) -> bool:
    """Whether float64 sums stay exact for ``holes`` holes and ``bad`` bad items."""
    return max(comb(holes, k) for k in range(bad + 1)) < EXACT_LIMIT


def count_bad_sets(
    grid: tuple[tuple[str, ...], ...],
    bad: int,
    *,
    no_blocks: bool = False,
    marginals: bool = True,
) -> SetCounts:
    """Count the bad sets of size ``bad`` that fit ``grid``'s readings.

    ``grid`` holds board tokens: ``*`` and ``x`` holes are bad, colours and ``?`` are good,
    ``.`` is free. With ``no_blocks``, only sets without a bad 2x2 block count. With
    ``marginals=False`` only ``total`` is computed (a forward sweep; used to test
    consistency).
    """
    return count_variants(grid, bad, (no_blocks,), marginals=marginals)[0]


@dataclass(frozen=True)
class ForwardSweep:
    """The forward half of the sweep over one grid: its columns, the transfer tables of each
    column (``transfers[j][v, b, a, c]``, masks of columns ``j``, ``j-1``, ``j+1``) and the
    forward tables ``alpha[j][v, a, b, k]`` described in the module docstring. Enough to count
    the bad sets (:func:`count_variants`) and to draw them uniformly
    (:mod:`gridsight.solvers.thrill_digger.sampling`)."""

    rows: int
    cols: int
    bad: int
    columns: list[_Column]
    transfers: list[np.ndarray]
    alpha: list[np.ndarray]

    def totals(self) -> list[int]:
        """How many bad sets of size ``bad`` fit, per variant."""
        last = self.transfers[self.cols - 1][:, :, :, 0]  # [v, b, a] with the right padding
        final = self.alpha[self.cols - 1][:, :, :, self.bad]  # [v, a, b]
        return [
            int(round(float(np.sum(final[v] * last[v].T)))) for v in range(final.shape[0])
        ]


def forward_sweep(
    grid: tuple[tuple[str, ...], ...], bad: int, variants: tuple[bool, ...] = (False, True)
) -> ForwardSweep:
    """The forward tables of ``grid`` for bad sets of size ``bad``, one slice per
    ``no_blocks`` flag of ``variants``."""
    rows, cols = len(grid), len(grid[0])
    if rows > 10 or not exact_bound_ok(rows * cols, bad):
        raise ValueError(
            f"a {rows} x {cols} board with {bad} bad holes is too big to count exactly"
        )
    nv = len(variants)
    columns = _columns(grid)
    size = bad + 1
    tokens = [(), *(tuple(grid[r][j] for r in range(rows)) for j in range(cols)), ()]
    transfers = [
        _cached_transfer(tokens[j], tokens[j + 1], tokens[j + 2], variants) for j in range(cols)
    ]

    # alpha[j]: shape (V, Ma, Mb, K+1) indexed [v, m[j-1], m[j], k].
    alpha = [np.zeros((nv, 1, len(columns[0].masks), size))]
    for b, pop in enumerate(columns[0].pop):
        if pop < size:
            alpha[0][:, 0, b, pop] = 1.0
    for j in range(cols - 1):
        # H[v, b, k, c] = sum_a alpha[v, a, b, k] T[v, b, a, c]
        h = np.matmul(alpha[j].transpose(0, 2, 3, 1), transfers[j])
        alpha.append(_shift(h.transpose(0, 1, 3, 2), columns[j + 1]))
    return ForwardSweep(rows, cols, bad, columns, transfers, alpha)


def count_variants(
    grid: tuple[tuple[str, ...], ...],
    bad: int,
    variants: tuple[bool, ...] = (False, True),
    *,
    marginals: bool = True,
) -> list[SetCounts]:
    """:func:`count_bad_sets` for each ``no_blocks`` flag in ``variants``, in one sweep
    (the variants ride along a leading array axis)."""
    sweep = forward_sweep(grid, bad, variants)
    rows, cols, nv, size = sweep.rows, sweep.cols, len(variants), bad + 1
    columns, transfers, alpha = sweep.columns, sweep.transfers, sweep.alpha
    padded = [_PAD, *columns, _PAD]
    totals = sweep.totals()
    if not marginals or not any(totals):
        return [SetCounts(t, {}, {}) for t in totals]

    # beta[j]: shape (V, Mb, Mc, K+1) indexed [v, m[j], m[j+1], k], k = bad holes right of j.
    beta: list[np.ndarray] = [np.empty(0)] * cols
    beta[cols - 1] = np.zeros((nv, len(columns[cols - 1].masks), 1, size))
    beta[cols - 1][:, :, 0, 0] = 1.0
    for j in range(cols - 1, 0, -1):
        # G[v, b, a, k] = sum_c T[v, b, a, c] beta[v, b, c, k]
        g = np.matmul(transfers[j], beta[j])
        beta[j - 1] = _shift(g.transpose(0, 2, 1, 3), columns[j])

    bad_counts: list[dict[tuple[int, int], int]] = [{} for _ in variants]
    colour_counts: list[dict[tuple[int, int], tuple[int, ...]]] = [{} for _ in variants]
    for j, column in enumerate(columns):
        if not column.undug:
            continue
        left, right = padded[j], padded[j + 2]
        # N[v, b, a, c]: bad sets of the right size with masks a, b, c in columns j-1, j, j+1.
        joined = np.matmul(
            alpha[j].transpose(0, 2, 1, 3), beta[j][:, :, :, ::-1].transpose(0, 1, 3, 2)
        )
        joined *= transfers[j]
        nr = len(column.undug)
        rows_near = np.array([_near(row, rows) for row in column.undug], dtype=np.int64)
        one_hot_a = _one_hot(_popcount(left.masks[:, None] & rows_near[None, :]))
        one_hot_c = _one_hot(_popcount(right.masks[:, None] & rows_near[None, :]))
        # Q[v, b, i, x, i', y]: sets with m[j] = b, x bad neighbours on the left of undug
        # row i and y on the right of undug row i'; only i == i' is used.
        right_side = np.matmul(joined, one_hot_c.reshape(len(right.masks), nr * 4))
        both = np.matmul(one_hot_a.reshape(len(left.masks), nr * 4).T, right_side)
        both = both.reshape(nv, len(column.masks), nr, 4, nr, 4)
        diagonal = np.arange(nr)
        q = both[:, :, diagonal, :, diagonal, :]  # [i, v, b, x, y]
        # sums[v, i, l]: sets with undug row i showing colour l (0..4), or bad (l = 5).
        sums = np.matmul(
            q.reshape(nr, nv, len(column.masks) * 16), column.outcomes.reshape(nr, -1, 6)
        ).transpose(1, 0, 2)
        exact = np.rint(sums).astype(np.int64).tolist()
        for v in range(nv):
            for i, row in enumerate(column.undug):
                bad_counts[v][(row, j)] = exact[v][i][5]
                colour_counts[v][(row, j)] = tuple(exact[v][i][:5])
    return [SetCounts(totals[v], bad_counts[v], colour_counts[v]) for v in range(nv)]


def clear_caches() -> None:
    """Forget the cached columns and transfer tables (for cold-start benchmarks)."""
    _column_of.cache_clear()
    _cached_transfer.cache_clear()
