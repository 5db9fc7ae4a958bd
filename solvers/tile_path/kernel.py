"""The frontier programme's hot path compiled with numba: one layer's step, and its inverse.

A layer is a sorted array of distinct states (``int64``; in longest mode with the most tiles
covered per state, ``int32``, alongside). One step over a cell: :func:`expand` writes every
transition of a slice of the layer's states into a buffer, and :func:`sort_unique` radix-sorts
the buffer and keeps each state once. Sorting touches memory in order, where a hash table of
a few million states would miss the processor's caches on almost every insert: on a 14 x 14
board the sort runs several times faster. :func:`predecessor` finds, for the witness walk, the
smallest state of a layer that leads to a given state of the next: the first one met, since
layers are sorted. :func:`_transitions` is a line-by-line copy of
:func:`gridsight.solvers.tile_path.transitions.transitions` writing into small arrays instead of building
tuples; the tests hold the two equal on every state they meet.

The Python side (:mod:`.engines`) calls :func:`expand` on slices of a few ten thousand states,
so it can look at the clock between two slices. States must fit a signed 64-bit integer: boards
up to :data:`~gridsight.solvers.tile_path.transitions.MAX_KERNEL_WIDTH` cells across.

numba compiles these functions on first use and caches the machine code next to this module
(``cache=True``), so later processes load it instead of compiling it again.
"""

from __future__ import annotations

import numpy as np
from numba import njit


_NONE, _TILE, _FIXED_END, _MAYBE_END = 0, 1, 2, 3


@njit(cache=True)
def _partner(state, k, width):  # pragma: no cover - compiled
    depth = 0
    if (state >> (2 * k)) & 3 == 1:
        for m in range(k, width + 1):
            v = (state >> (2 * m)) & 3
            if v == 1:
                depth += 1
            elif v == 2:
                depth -= 1
                if depth == 0:
                    return m
    else:
        for m in range(k, -1, -1):
            v = (state >> (2 * m)) & 3
            if v == 2:
                depth += 1
            elif v == 1:
                depth -= 1
                if depth == 0:
                    return m
    return -1


@njit(cache=True)
def _emit(s, edges, gain, last, width, plug_mask, flag, out_s, out_e, out_g, n):  # pragma: no cover
    if last:
        if s & (3 << (2 * width)):
            return n
        s = ((s << 2) & plug_mask) | (s & flag)
    out_s[n] = s
    out_e[n] = edges
    out_g[n] = gain
    return n + 1


@njit(cache=True)
def _set_plug(s, k, value):  # pragma: no cover - compiled
    return (s & ~(3 << (2 * k))) | (value << (2 * k))


@njit(cache=True)
def _transitions(state, width, j, kind, down_ok, right_ok, longest,
                 out_s, out_e, out_g):  # pragma: no cover - compiled
    """Write every (next state, edges, gain) into ``out_*``; return how many."""
    done = np.int64(1) << (2 * width + 3)
    flag = np.int64(1) << (2 * width + 2)
    plug_mask = flag - 1
    last = j == width - 1
    shift = 2 * j
    n = 0
    if state == done:
        if kind == _NONE or (longest and kind != _FIXED_END):
            out_s[0] = done
            out_e[0] = 0
            out_g[0] = 0
            return 1
        return 0
    left = (state >> shift) & 3
    up = (state >> (shift + 2)) & 3
    cleared = state & ~(np.int64(15) << shift)
    free_used = state & flag
    if kind == _NONE:
        if left != 0 or up != 0:
            return 0
        return _emit(cleared, 0, 0, last, width, plug_mask, flag, out_s, out_e, out_g, 0)
    if kind == _FIXED_END or (kind == _MAYBE_END and free_used == 0):
        base = cleared
        if kind == _MAYBE_END:
            base = cleared | flag
        if left == 0 and up == 0:
            if down_ok:
                n = _emit(base | (np.int64(3) << shift), 1, 1, last, width, plug_mask, flag,
                          out_s, out_e, out_g, n)
            if right_ok:
                n = _emit(base | (np.int64(3) << (shift + 2)), 2, 1, last, width, plug_mask,
                          flag, out_s, out_e, out_g, n)
        elif left == 0 or up == 0:
            a = left if left != 0 else up
            if a == 3:
                if (cleared & plug_mask) == 0:
                    out_s[n] = done
                    out_e[n] = 0
                    out_g[n] = 1
                    n += 1
            else:
                mate = _partner(state, j if left != 0 else j + 1, width)
                n = _emit(_set_plug(base, mate, 3), 0, 1, last, width, plug_mask, flag,
                          out_s, out_e, out_g, n)
        if kind == _FIXED_END:
            return n
    if left == 0 and up == 0:
        if down_ok and right_ok:
            n = _emit(cleared | (np.int64(1) << shift) | (np.int64(2) << (shift + 2)), 3, 1,
                      last, width, plug_mask, flag, out_s, out_e, out_g, n)
        if longest:
            n = _emit(cleared, 0, 0, last, width, plug_mask, flag, out_s, out_e, out_g, n)
    elif left == 0 or up == 0:
        a = left if left != 0 else up
        if down_ok:
            n = _emit(cleared | (a << shift), 1, 1, last, width, plug_mask, flag,
                      out_s, out_e, out_g, n)
        if right_ok:
            n = _emit(cleared | (a << (shift + 2)), 2, 1, last, width, plug_mask, flag,
                      out_s, out_e, out_g, n)
    elif left == 3 and up == 3:
        if (cleared & plug_mask) == 0:
            out_s[n] = done
            out_e[n] = 0
            out_g[n] = 1
            n += 1
    elif left == 1 and up == 2:
        pass  # a cycle
    elif left == 2 and up == 1:
        n = _emit(cleared, 0, 1, last, width, plug_mask, flag, out_s, out_e, out_g, n)
    elif left == 1 and up == 1:
        n = _emit(_set_plug(cleared, _partner(state, j + 1, width), 1), 0, 1, last, width,
                  plug_mask, flag, out_s, out_e, out_g, n)
    elif left == 2 and up == 2:
        n = _emit(_set_plug(cleared, _partner(state, j, width), 2), 0, 1, last, width,
                  plug_mask, flag, out_s, out_e, out_g, n)
    else:
        k = j + 1 if left == 3 else j
        n = _emit(_set_plug(cleared, _partner(state, k, width), 3), 0, 1, last, width,
                  plug_mask, flag, out_s, out_e, out_g, n)
    return n


@njit(cache=True)
def expand(keys, values, lo, hi, width, j, kind, down_ok, right_ok, longest,
           out_keys, out_values, used):  # pragma: no cover - compiled
    """Append the transitions of states ``lo`` to ``hi`` (their next states, and in longest
    mode the tiles covered) to ``out_*`` from ``used`` on; return the new count. The caller
    leaves room for 4 per state, the most any state has."""
    out_s = np.empty(8, dtype=np.int64)
    out_e = np.empty(8, dtype=np.int64)
    out_g = np.empty(8, dtype=np.int64)
    for i in range(lo, hi):
        n = _transitions(keys[i], width, j, kind, down_ok, right_ok, longest, out_s, out_e, out_g)
        for t in range(n):
            out_keys[used] = out_s[t]
            if longest:
                out_values[used] = values[i] + out_g[t]
            used += 1
    return used


@njit(cache=True)
def sort_unique(keys, values, spare_keys, spare_values, n, bits, longest):  # pragma: no cover
    """Sort the first ``n`` states (a least-significant-digit radix sort on 11-bit digits of
    their ``bits`` low bits, the values carried along), then keep each state once (with its
    largest value in longest mode). Returns the count and which pair of arrays holds them
    (0: ``keys``/``values``, 1: the spare pair)."""
    counts = np.zeros(2049, dtype=np.int64)
    src_k, src_v, dst_k, dst_v = keys, values, spare_keys, spare_values
    where = 0
    shift = 0
    while shift < bits:
        counts[:] = 0
        for i in range(n):
            counts[((src_k[i] >> shift) & 2047) + 1] += 1
        single = False
        for d in range(1, 2049):
            if counts[d] == n:
                single = True  # every state has the same digit here: nothing to move
                break
        if not single:
            for d in range(2048):
                counts[d + 1] += counts[d]
            for i in range(n):
                key = src_k[i]
                d = (key >> shift) & 2047
                pos = counts[d]
                counts[d] = pos + 1
                dst_k[pos] = key
                if longest:
                    dst_v[pos] = src_v[i]
            src_k, src_v, dst_k, dst_v = dst_k, dst_v, src_k, src_v
            where = 1 - where
        shift += 11
    m = 0
    for i in range(n):
        if m > 0 and src_k[m - 1] == src_k[i]:
            if longest and src_v[i] > src_v[m - 1]:
                src_v[m - 1] = src_v[i]
            continue
        src_k[m] = src_k[i]
        if longest:
            src_v[m] = src_v[i]
        m += 1
    return m, where


@njit(cache=True)
def predecessor(keys, values, width, j, kind, down_ok, right_ok, longest,
                target, target_value):  # pragma: no cover - compiled
    """The smallest state of the (sorted) layer with a transition to ``target`` (reaching
    ``target_value`` tiles in longest mode): (state, edges, its value), or (-1, 0, 0)."""
    out_s = np.empty(8, dtype=np.int64)
    out_e = np.empty(8, dtype=np.int64)
    out_g = np.empty(8, dtype=np.int64)
    for i in range(keys.shape[0]):
        state = keys[i]
        value = values[i] if longest else 0
        n = _transitions(state, width, j, kind, down_ok, right_ok, longest, out_s, out_e, out_g)
        for t in range(n):
            if out_s[t] == target and (not longest or value + out_g[t] == target_value):
                return state, out_e[t], np.int64(value)
    return np.int64(-1), np.int64(0), np.int64(0)


@njit(cache=True)
def transitions_of(state, width, j, kind, down_ok, right_ok, longest):  # pragma: no cover
    """All transitions of one state as three arrays (for the tests' comparison)."""
    out_s = np.empty(8, dtype=np.int64)
    out_e = np.empty(8, dtype=np.int64)
    out_g = np.empty(8, dtype=np.int64)
    n = _transitions(state, width, j, kind, down_ok, right_ok, longest, out_s, out_e, out_g)
    return out_s[:n].copy(), out_e[:n].copy(), out_g[:n].copy()
