"""Exact counting of the bad-item sets that fit a board, by a column-by-column sweep.

A *bad set* is the set of holes holding a bomb or a rupoor. Whether a board's readings fit a
bad set, and whether the set holds a 2x2 block of bad holes, depend only on the set (not on
which bad items are bombs), so the analysis counts bad sets here and handles the
bomb/rupoor labelling separately (:mod:`solvers.thrill_digger.analysis`).

The sweep goes over the columns left to right. A column's bad holes are a bit mask (bit ``r``
for row ``r``); a reading in column ``j`` depends on the masks of columns ``j-1``, ``j`` and
``j+1``, and a 2x2 block on two neighbouring columns. The forward table ``alpha[j][a, b, k]``
counts the ways to fill columns ``0..j`` with ``m[j-1] = a``, ``m[j] = b`` and ``k`` bad holes
so far, every reading in columns ``< j`` satisfied; the backward table ``beta[j][b, c, k]``
counts the fillings of columns ``j+1..`` with ``m[j] = b``, ``m[j+1] = c`` and ``k`` bad holes
there, every reading in columns ``> j`` satisfied. Joining them over a column's mask triple
gives every marginal needed: how many bad sets have a hole bad, or have it good with a given
number of bad neighbours. One sweep counts every bad set; a second counts only the sets with
no bad 2x2 block (transitions that would complete a block are dropped).

The tables are numpy ``float64`` arrays so the sums run as matrix products. That is exact,
not an approximation: every entry and every partial sum is a count of distinct (partial) bad
sets, so an integer no larger than ``max(C(n, k), k <= K)`` for ``n`` holes and ``K`` bad
items, and :func:`count_bad_sets` refuses boards where that bound reaches 2**53 (expert:
C(40, 16) ~ 6.3e10). Results are returned as Python ints.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import comb

import numpy as np

from solvers.thrill_digger.rules import (
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
    readings: tuple[tuple[int, int, int], ...]  # (row, low, high) of each coloured reading
    undug: tuple[int, ...]  # rows of undug holes


def _popcount(values: np.ndarray) -> np.ndarray:
    out = np.zeros(values.shape, dtype=np.int64)
    v = values.copy()
    while np.any(v):
        out += v & 1
        v >>= 1
    return out


def _columns(grid: tuple[tuple[str, ...], ...]) -> list[_Column]:
    rows, cols = len(grid), len(grid[0])
    columns = []
    for j in range(cols):
        fixed = sum(1 << r for r in range(rows) if grid[r][j] in (BOMB, RUPOOR))
        free = [r for r in range(rows) if grid[r][j] == UNDUG]
        masks = []
        for subset in range(1 << len(free)):
            mask = fixed
            for i, r in enumerate(free):
                if subset >> i & 1:
                    mask |= 1 << r
            masks.append(mask)
        array = np.array(masks, dtype=np.int64)
        readings = tuple(
            (r, *COLOUR_RANGES[grid[r][j]]) for r in range(rows) if grid[r][j] in COLOURS
        )
        columns.append(_Column(array, _popcount(array), readings, tuple(free)))
    return columns


_PAD = _Column(np.zeros(1, dtype=np.int64), np.zeros(1, dtype=np.int64), (), ())


def _near(row: int, rows: int) -> int:
    """Bit mask of rows ``row-1 .. row+1`` that exist."""
    return sum(1 << r for r in range(max(0, row - 1), min(rows, row + 2)))


def _transfer(left: _Column, mid: _Column, right: _Column, rows: int, no_blocks: bool) -> np.ndarray:
    """``T[b, a, c]`` = 1 where masks ``a, b, c`` of three neighbouring columns satisfy every
    reading in the middle column (and, with ``no_blocks``, ``b, c`` form no bad 2x2 block)."""
    ok = np.ones((len(mid.masks), len(left.masks), len(right.masks)), dtype=bool)
    for row, low, high in mid.readings:
        near = _near(row, rows)
        count = (
            _popcount(mid.masks & (near & ~(1 << row)))[:, None, None]
            + _popcount(left.masks & near)[None, :, None]
            + _popcount(right.masks & near)[None, None, :]
        )
        ok &= (count >= low) & (count <= high)
    if no_blocks:
        both = mid.masks[:, None] & right.masks[None, :]
        ok &= ((both & (both >> 1)) == 0)[:, None, :]
    return ok.astype(np.float64)


def _shift(table: np.ndarray, by: np.ndarray, axis_of_by: int) -> np.ndarray:
    """Move the last (count) axis of ``table`` up by ``by[i]`` along index ``i`` of axis
    ``axis_of_by``, dropping what falls off the end."""
    out = np.zeros_like(table)
    size = table.shape[-1]
    for s in np.unique(by):
        s = int(s)
        if s >= size:
            continue
        index = [slice(None)] * table.ndim
        index[axis_of_by] = np.nonzero(by == s)[0]
        src = list(index)
        src[-1] = slice(0, size - s)
        dst = list(index)
        dst[-1] = slice(s, size)
        out[tuple(dst)] = table[tuple(src)]
    return out


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
    rows, cols = len(grid), len(grid[0])
    if not exact_bound_ok(rows * cols, bad):
        raise ValueError(f"a {rows} x {cols} board with {bad} bad holes is too big to count exactly")
    columns = _columns(grid)
    padded = [_PAD, *columns, _PAD]
    size = bad + 1
    transfers = [
        _transfer(padded[j], padded[j + 1], padded[j + 2], rows, no_blocks) for j in range(cols)
    ]

    # alpha[j]: shape (Ma, Mb, K+1) indexed [m[j-1], m[j], k].
    alpha = [np.zeros((1, len(columns[0].masks), size))]
    for b, pop in enumerate(columns[0].pop):
        if pop < size:
            alpha[0][0, b, pop] = 1.0
    for j in range(cols - 1):
        # H[b, k, c] = sum_a alpha[a, b, k] T[b, a, c]
        h = np.matmul(alpha[j].transpose(1, 2, 0), transfers[j])
        nxt = h.transpose(0, 2, 1)  # [b, c, k]
        alpha.append(_shift(np.ascontiguousarray(nxt), columns[j + 1].pop, 1))
    last = transfers[cols - 1][:, :, 0]  # [b, a] with the right padding column
    total = int(round(float(np.sum(alpha[cols - 1][:, :, bad] * last.T))))
    if not marginals or total == 0:
        return SetCounts(total, {}, {})

    # beta[j]: shape (Mb, Mc, K+1) indexed [m[j], m[j+1], k], k = bad holes right of j.
    beta: list[np.ndarray] = [np.empty(0)] * cols
    beta[cols - 1] = np.zeros((len(columns[cols - 1].masks), 1, size))
    beta[cols - 1][:, 0, 0] = 1.0
    for j in range(cols - 1, 0, -1):
        # G[b, a, k] = sum_c T[b, a, c] beta[b, c, k]
        g = np.matmul(transfers[j], beta[j])
        prev = g.transpose(1, 0, 2)  # [a, b, k]
        beta[j - 1] = _shift(np.ascontiguousarray(prev), columns[j].pop, 1)

    bad_counts: dict[tuple[int, int], int] = {}
    colour_counts: dict[tuple[int, int], tuple[int, ...]] = {}
    for j, column in enumerate(columns):
        if not column.undug:
            continue
        left, right = padded[j], padded[j + 2]
        # N[b, a, c]: bad sets of the right size with masks a, b, c in columns j-1, j, j+1.
        joined = np.matmul(alpha[j].transpose(1, 0, 2), beta[j][:, :, ::-1].transpose(0, 2, 1))
        joined *= transfers[j]
        for row in column.undug:
            near = _near(row, rows)
            one_hot_a = np.zeros((len(left.masks), 4))
            one_hot_a[np.arange(len(left.masks)), _popcount(left.masks & near)] = 1.0
            one_hot_c = np.zeros((len(right.masks), 4))
            one_hot_c[np.arange(len(right.masks)), _popcount(right.masks & near)] = 1.0
            # Q[b, x, y]: sets with m[j] = b, x bad neighbours left and y right of the hole.
            q = np.matmul(one_hot_a.T[None, :, :], np.matmul(joined, one_hot_c))
            is_bad = (column.masks >> row) & 1 == 1
            bad_counts[(row, j)] = int(round(float(q[is_bad].sum())))
            mid = _popcount(column.masks & (near & ~(1 << row)))
            count = mid[:, None, None] + np.arange(4)[None, :, None] + np.arange(4)[None, None, :]
            classes = _CLASS_OF_COUNT[np.minimum(count, 8)][~is_bad]
            sums = np.bincount(classes.ravel(), weights=q[~is_bad].ravel(), minlength=len(COLOURS))
            colour_counts[(row, j)] = tuple(int(round(float(s))) for s in sums)
    return SetCounts(total, bad_counts, colour_counts)
