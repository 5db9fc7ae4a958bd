"""The first-empty-cell search of :mod:`gridsight.solvers.pentomino.bitboard`, compiled with numba.

The same tables and the same order as the pure-Python loop, written as an explicit stack so the
search can stop after a budget of nodes and resume: the Python side looks at the meter (its
CPU time, its states) between two slices (a few milliseconds each) and so never waits long
past it. Boards are signed 64-bit integers (two's complement), which holds any shape of up to
64 cells; right shifts are arithmetic there, so the flood fill masks off the bits they drag in
at the top.

numba compiles the kernel on first use and caches the machine code next to this module
(``cache=True``), so later processes load it instead of compiling it again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
from numba import njit

from gridsight.solvers.limit import Meter

if TYPE_CHECKING:  # the tables are built by bitboard, which calls this module (no cycle)
    from gridsight.solvers.pentomino.bitboard import Tables

# Nodes per call between two looks at the meter: small at first, so a short time limit is
# kept to closely, then growing so long searches pay little for the calls.
_FIRST_SLICE = 1 << 12
_LAST_SLICE = 1 << 18

# meta slots
_DEPTH, _COUNT, _NODES, _KEPT, _STATUS = range(5)
# status values
_RUNNING, _DONE, _LIMIT = 0, 1, 2


@njit(cache=True)
def _regions_ok(after, full, step, not_first, not_last, low1, low_step):  # pragma: no cover
    """Does every region of empty cells have a multiple of 5 cells? (Flood fill on bits.)"""
    empty = full & ~after
    while empty != 0:
        region = empty & (-empty)
        while True:
            grown = (region | ((region << 1) & not_first) | ((region >> 1) & low1 & not_last)
                     | (region << step) | ((region >> step) & low_step)) & empty
            if grown == region:
                break
            region = grown
        size = 0
        rest = region
        while rest != 0:
            rest &= rest - 1
            size += 1
        if size % 5 != 0:
            return False
        empty &= ~region
    return True


@njit(cache=True)
def _run(start_of, masks, kinds, full, boards, cells, pointers, chosen, left,
         meta, budget, limit, kept, n_fixed, geometry):  # pragma: no cover - compiled
    """Advance the search by at most ``budget`` nodes; the whole state lives in the arrays."""
    step, not_first, not_last, low1, low_step = (
        geometry[0], geometry[1], geometry[2], geometry[3], geometry[4])
    depth = meta[0]
    count = meta[1]
    nodes = meta[2]
    n_kept = meta[3]
    stop_at = nodes + budget
    while depth >= 0:
        k = pointers[depth]
        cell = cells[depth]
        if k == start_of[cell + 1]:
            depth -= 1
            if depth >= 0:
                left[kinds[chosen[n_fixed + depth]]] += 1
            continue
        pointers[depth] = k + 1
        mask = masks[k]
        kind = kinds[k]
        board = boards[depth]
        if (board & mask) != 0 or left[kind] == 0:
            continue
        nodes += 1
        after = board | mask
        chosen[n_fixed + depth] = k
        if after == full:
            count += 1
            if n_kept < kept.shape[0]:
                for j in range(n_fixed + depth + 1):
                    kept[n_kept, j] = chosen[j]
                n_kept += 1
            if limit > 0 and count >= limit:
                meta[0] = depth
                meta[1] = count
                meta[2] = nodes
                meta[3] = n_kept
                meta[4] = 2
                return
        elif _regions_ok(after, full, step, not_first, not_last, low1, low_step):
            left[kind] -= 1
            nxt = cell + 1
            while (after >> nxt) & 1:
                nxt += 1
            depth += 1
            boards[depth] = after
            cells[depth] = nxt
            pointers[depth] = start_of[nxt]
        if nodes >= stop_at:
            meta[0] = depth
            meta[1] = count
            meta[2] = nodes
            meta[3] = n_kept
            meta[4] = 0
            return
    meta[0] = depth
    meta[1] = count
    meta[2] = nodes
    meta[3] = n_kept
    meta[4] = 1


def _signed(value: int) -> int:
    """A 64-bit pattern as a signed int64 value."""
    return value - (1 << 64) if value >= 1 << 63 else value


def _arrays(tables: Tables) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    cached = tables._arrays.get("kernel")
    if cached is None:
        order = [i for cell in tables.candidates for i in cell]
        start_of = np.zeros(len(tables.candidates) + 1, dtype=np.int64)
        for cell, cands in enumerate(tables.candidates):
            start_of[cell + 1] = start_of[cell] + len(cands)
        masks = np.array([_signed(tables.masks[i]) for i in order], dtype=np.int64)
        kinds = np.array([tables.kind_of[i] for i in order], dtype=np.int64)
        positions = np.array(order, dtype=np.int64)  # kernel slot -> placement index
        cached = (start_of, masks, kinds, positions)
        tables._arrays["kernel"] = cached
    return cached


def search(
    tables: Tables,
    board: int,
    left: list[int],
    fixed: tuple[int, ...],
    limit: int | None,
    keep: int,
    meter: Meter | None,
) -> tuple[int, tuple[tuple[int, ...], ...], bool, bool, int]:
    """The kernel's version of :func:`gridsight.solvers.pentomino.bitboard.search` (same arguments):
    the fields of its ``SearchResult`` (count, solutions, complete, stopped, nodes)."""
    if tables.bits > 64:
        raise ValueError("the numba kernel handles boards of at most 64 cells")
    start_of, masks, kinds, positions = _arrays(tables)
    depth_max = len(tables.puzzle.to_place) + 1
    boards = np.zeros(depth_max, dtype=np.int64)
    cells = np.zeros(depth_max, dtype=np.int64)
    pointers = np.zeros(depth_max, dtype=np.int64)
    chosen = np.zeros(depth_max + len(fixed), dtype=np.int64)
    slot_of = {int(p): s for s, p in enumerate(positions)}
    for j, i in enumerate(fixed):
        chosen[j] = slot_of[i]
    first = 0
    while board >> first & 1:
        first += 1
    boards[0] = _signed(board)
    cells[0] = first
    pointers[0] = start_of[first]
    left_array = np.array(left, dtype=np.int64)
    meta = np.zeros(5, dtype=np.int64)
    kept = np.zeros((keep, depth_max + len(fixed)), dtype=np.int64)
    full = _signed(tables.full)
    step, not_first, not_last = tables.geometry
    geometry = np.array([step, _signed(not_first), _signed(not_last), _signed((1 << 63) - 1),
                         _signed((1 << (64 - step)) - 1)], dtype=np.int64)
    stopped = False
    budget = _FIRST_SLICE
    while True:
        allowance = budget
        if meter is not None:
            left_states = meter.states_left()
            if left_states is not None:
                allowance = max(1, min(allowance, left_states))
        before = int(meta[_NODES])
        _run(start_of, masks, kinds, full, boards, cells, pointers, chosen, left_array,
             meta, allowance, 0 if limit is None else limit, kept, len(fixed), geometry)
        budget = min(2 * budget, _LAST_SLICE)
        if meter is not None:
            meter.count(int(meta[_NODES]) - before)
        if meta[_STATUS] != _RUNNING:
            break
        if meter is not None and meter.reached():
            stopped = True
            break
    total = len(tables.puzzle.to_place)  # pieces in a solution, fixed ones included
    solutions = tuple(
        tuple(int(positions[s]) for s in kept[row][:total]) for row in range(int(meta[_KEPT]))
    )
    return (int(meta[_COUNT]), solutions, bool(meta[_STATUS] == _DONE), stopped,
            int(meta[_NODES]))
