"""The exact expectimax of :mod:`gridsight.solvers.disco_zoo.lookahead`, compiled with numba.

The same search, state for state: a state is the set ``S`` of the root's joint placements still
consistent with the taps (a bitset of ``W`` 64-bit words), the animal tiles found since the
root (``hits``, 4 bits per animal) and the taps left. A tap splits ``S`` with one ``AND`` per
animal against the tile's precomputed masks (the placements putting that animal on it); the
empty outcome is ``S`` less the placements putting any animal there. The moves are ranked by
the best score still reachable after them, pruned against the score a state must beat (the
fail-soft bounds of the Python search), and every state's value is memoised.

The memo is a transposition table (:func:`table_fields` gives an entry's size): buckets of
:data:`SLOTS` entries found by a 64-bit hash of the state, each entry holding the state's full
bitset, so a hit is checked word for word and never mistaken; when a bucket is full the entry
that cost the fewest nodes to work out gives way (the caller grows the table, :func:`rehash`,
while memory allows). An entry is an exact value (score, rescue counts per animal, the best
action) or an upper bound proven when the state could not beat what its caller needed. A
replaced entry is only worked out again, so memory stays bounded and the values exact.

The search runs on an explicit stack (``frame``, one row per depth) and stops once it has
visited the number of states the caller allows (``counters[LIMIT]``), leaving what it had not
finished; the caller (:mod:`.engines`) looks at the clock and calls again with a larger
allowance, and the states already solved are found in the table. So a time budget is kept to
within one slice of nodes, and a budget counted in nodes gives the same answer on any machine.

Two shortcuts the Python search does not take, with the same values: a state with one tap
left is valued at once (its taps' ceilings are their exact values), and the loops over a
state's words skip the words with no placement left.

numba compiles the kernel on first use and caches the machine code next to this module
(``cache=True``), so later processes load it instead of compiling it again.
"""

from __future__ import annotations

import numpy as np
from numba import njit, types
from numba.extending import intrinsic


EXACT, BOUND, ABORT = 0, 1, 2  # what the search of a state ends in
STOP = -1  # the "tap certain tiles only" action (as in the Python search)
SLOTS = 4  # table entries per bucket
HIT_BITS = 4  # bits per animal in the packed ``hits``
NODES, LIMIT, TRUNCATED, STORED = range(4)  # slots of ``counters``

# A table entry is one row of ``table`` (int64); its hash and the state's words are read
# through ``table_words``, a uint64 view of the same memory. The rescue counts (one per animal)
# follow RESCUE, then the state's words.
HASH, KEY, KIND, SCORE, ACTION, RESCUED, WORK, RESCUE = range(8)

# Per-depth fields of ``frame`` (the explicit stack).
(F_TAPS, F_HITS, F_LIVE, F_ALPHA, F_KEY, F_STARTED, F_BOUND, F_LIMIT, F_INDEX, F_OUT,
 F_SCORE, F_CEILING, F_FLOOR, F_BEST, F_ACTION, F_RESCUED, F_LEAF, F_BEATEN, F_KEEP,
 F_STATUS, F_NONZERO) = range(21)
FRAME_FIELDS = 21

# Phases of the search loop.
_ENTER, _NEXT_MOVE, _NEXT_OUTCOME, _FINISH, _RETURN = range(5)

_MIX = np.uint64(0x9E3779B97F4A7C15)
_MIX2 = np.uint64(0xBF58476D1CE4E5B9)
_MIX3 = np.uint64(0x94D049BB133111EB)
_ZERO = np.uint64(0)


def table_fields(animals: int, words: int) -> int:
    """The int64 fields of one table entry for ``animals`` animals and ``words`` words."""
    return RESCUE + animals + words


@intrinsic
def _ctpop(typingctx, x):  # pragma: no cover - compiled
    """The processor's population count (LLVM's ``ctpop``) of a 64-bit word."""
    if not isinstance(x, types.Integer) or x.bitwidth != 64:
        return None

    def codegen(context, builder, signature, args):
        function = builder.module.declare_intrinsic("llvm.ctpop", [args[0].type])
        return builder.call(function, args)

    return types.int64(x), codegen


@njit(cache=True, inline="always")
def _pop(x):  # pragma: no cover - compiled
    return _ctpop(x)


@njit(cache=True, inline="always")
def _mix(z):  # pragma: no cover - compiled
    """A strong 64-bit mix (splitmix64's finaliser): every input bit moves every output bit."""
    z = (z ^ (z >> np.uint64(30))) * _MIX2
    z = (z ^ (z >> np.uint64(27))) * _MIX3
    return z ^ (z >> np.uint64(31))


@njit(cache=True, inline="always")
def _need(cls_needs, c, hits, k):  # pragma: no cover - compiled
    return cls_needs[c, k] - ((hits >> (HIT_BITS * k)) & 15)


@njit(cache=True, inline="always")
def _unit(cls_needs, c, hits, taps, allowed, score_of):  # pragma: no cover - compiled
    """Best (score per placement, rescued set) of class ``c`` over sets of ``allowed``
    animals whose needs fit in ``taps``; animals already rescued come free."""
    n = cls_needs.shape[1]
    free = 0
    for k in range(n):
        if _need(cls_needs, c, hits, k) == 0:
            free |= 1 << k
    best = -1
    best_set = 0
    for subset in range(1 << n):
        if subset & ~allowed:
            continue
        cost = 0
        for k in range(n):
            if (subset >> k) & 1:
                cost += _need(cls_needs, c, hits, k)
        if cost > taps:
            continue
        score = score_of[subset | free]
        if score > best:
            best = score
            best_set = subset | free
    return best, best_set


@njit(cache=True, inline="always")
def _bucket(h, table):  # pragma: no cover - compiled
    return np.int64(h & np.uint64(table.shape[0] // SLOTS - 1)) * SLOTS


@njit(cache=True, inline="always")
def _find(h, key, S, d, table, table_words, first):  # pragma: no cover - compiled
    """The slot holding the state ``S[d]`` with ``key`` (hits and taps), or -1."""
    base = _bucket(h, table)
    for j in range(base, base + SLOTS):
        if table_words[j, HASH] == h and table[j, KEY] == key:
            same = True
            for i in range(S.shape[1]):
                if table_words[j, first + i] != S[d, i]:
                    same = False
                    break
            if same:
                return j
    return -1


@njit(cache=True, inline="always")
def _store(h, key, S, d, kind, score, action, rescued, rescue, row, work, table, table_words,
           first, counters):  # pragma: no cover - compiled
    """Remember an exact value, or an upper bound (kept only when no exact value or tighter
    bound is known). A full bucket gives up its entry that cost the fewest nodes."""
    j = _find(h, key, S, d, table, table_words, first)
    if j >= 0:
        if table[j, KIND] == EXACT:
            return
        if kind == BOUND and table[j, SCORE] <= score:
            return
    else:
        base = _bucket(h, table)
        j = base
        for i in range(base, base + SLOTS):
            if table_words[i, HASH] == _ZERO:
                j = i
                break
            if table[i, WORK] < table[j, WORK]:
                j = i
        if table_words[j, HASH] == _ZERO:
            counters[STORED] += 1
        table_words[j, HASH] = h
        table[j, KEY] = key
        for i in range(S.shape[1]):
            table_words[j, first + i] = S[d, i]
    table[j, KIND] = kind
    table[j, SCORE] = score
    table[j, ACTION] = action
    table[j, RESCUED] = rescued
    table[j, WORK] = work
    for k in range(rescue.shape[1]):
        table[j, RESCUE + k] = rescue[row, k]


@njit(cache=True)
def _stop(d, hits, taps, allowed, counts, cls_needs, score_of, res,
          res_rescue):  # pragma: no cover - compiled
    """Stopping: the taps left complete the best set of ``allowed`` (settled) animals.
    Writes the entry (score, STOP, set completed; rescue counts) at depth ``d``."""
    n = cls_needs.shape[1]
    first = -1
    groups = 0
    for c in range(counts.shape[1]):
        if counts[d, c]:
            groups += 1
            if first < 0:
                first = c
    if groups == 1:
        unit, rescued = _unit(cls_needs, first, hits, taps, allowed, score_of)
        count = counts[d, first]
        res[d, 0] = count * unit
        res[d, 1] = STOP
        res[d, 2] = rescued
        for k in range(n):
            res_rescue[d, k] = count if (rescued >> k) & 1 else 0
        return
    # Several classes: a settled animal needs the same in each; one set completed for all.
    best = -1
    for subset in range(1 << n):
        if subset & ~allowed:
            continue
        cost = 0
        for k in range(n):
            if (subset >> k) & 1:
                cost += _need(cls_needs, first, hits, k)
        if cost > taps:
            continue
        score = 0
        for c in range(counts.shape[1]):
            if counts[d, c]:
                rescued = subset
                for k in range(n):
                    if _need(cls_needs, c, hits, k) == 0:
                        rescued |= 1 << k
                score += counts[d, c] * score_of[rescued]
        if score > best:
            best = score
            res[d, 0] = score
            res[d, 1] = STOP
            res[d, 2] = subset
            for k in range(n):
                res_rescue[d, k] = 0
            for c in range(counts.shape[1]):
                if counts[d, c]:
                    rescued = subset
                    for k in range(n):
                        if _need(cls_needs, c, hits, k) == 0:
                            rescued |= 1 << k
                    for k in range(n):
                        if (rescued >> k) & 1:
                            res_rescue[d, k] += counts[d, c]


@njit(cache=True)
def _last_tap(d, m, hits, total, S, nonzero, nnz, anyc, cls_bits, cls_needs, mv_tile,
              mv_ceiling, mv_hits, mv_nout, mv_outk, mv_parts, mv_count, res, res_rescue):  # pragma: no cover
    """Write the entry of tapping move ``m`` with one tap left: its ceiling is its score, and
    each outcome rescues the animals it leaves needing nothing."""
    n = cls_needs.shape[1]
    C = cls_bits.shape[0]
    tile = mv_tile[d, m]
    res[d, 0] = mv_ceiling[d, m]
    res[d, 1] = tile
    res[d, 2] = 0
    for a in range(n):
        res_rescue[d, a] = 0
    for o in range(mv_nout[d, m]):
        k = mv_outk[d, m, o]
        child_hits = hits + (1 << (HIT_BITS * k)) if k >= 0 else hits
        for c in range(C):
            if C == 1:
                count = mv_count[d, m, k] if k >= 0 else total - mv_hits[d, m]
            else:
                count = 0
                for q in range(nnz):
                    i = nonzero[d, q]
                    if k >= 0:
                        count += _pop(mv_parts[d, m, k, q] & cls_bits[c, i])
                    else:
                        count += _pop(S[d, i] & cls_bits[c, i] & ~anyc[tile, i])
            if count:
                for a in range(n):
                    if _need(cls_needs, c, child_hits, a) == 0:
                        res_rescue[d, a] += count


@njit(cache=True)
def solve(taps, hits, live, alpha, S, cover, anyc, cls_bits, cls_needs, score_of, width,
          table, table_words, frame, hashes, nonzero, res, res_rescue, acc, counts, unit_hit,
          mv_tile, mv_ceiling, mv_hits, mv_nout, mv_outk, mv_top, mv_parts, mv_count,
          mv_order, counters):  # pragma: no cover - compiled
    """Search the state ``S[0]`` (``taps`` left, ``hits`` packed, ``live`` tiles) that must
    beat ``alpha``; see the module docstring.

    Returns :data:`EXACT` (the entry is in ``res[0]``: score, action, rescued set; the rescue
    counts in ``res_rescue[0]``), :data:`BOUND` (``res[0, 0]`` is an upper bound of the score,
    at most ``alpha``) or :data:`ABORT` (the allowance of nodes, ``counters[LIMIT]``, is spent).
    The other arrays are the tables (:mod:`.engines` builds them) and per-depth scratch.
    """
    n = cover.shape[1]
    W = S.shape[1]
    C = cls_bits.shape[0]
    single = C == 1
    full_set = (1 << n) - 1
    first = RESCUE + n  # the first word of a state in a table entry
    frame[0, F_TAPS] = taps
    frame[0, F_HITS] = hits
    frame[0, F_LIVE] = live
    frame[0, F_ALPHA] = alpha
    d = 0
    phase = _ENTER
    while True:
        if phase == _ENTER:
            taps = frame[d, F_TAPS]
            hits = frame[d, F_HITS]
            live = frame[d, F_LIVE]
            alpha = frame[d, F_ALPHA]
            key = hits | (taps << 24)
            # The state's nonzero words: the loops below look at these only.
            h = np.uint64(key) * _MIX2 + _MIX
            nnz = 0
            for i in range(W):
                if S[d, i] != _ZERO:
                    nonzero[d, nnz] = i
                    nnz += 1
                    h = _mix(h + _mix(S[d, i] + np.uint64(i)))
            frame[d, F_NONZERO] = nnz
            if h == _ZERO:
                h = np.uint64(1)
            hashes[d] = h
            frame[d, F_KEY] = key
            j = _find(h, key, S, d, table, table_words, first)
            if j >= 0:
                if table[j, KIND] == EXACT:
                    res[d, 0] = table[j, SCORE]
                    res[d, 1] = table[j, ACTION]
                    res[d, 2] = table[j, RESCUED]
                    for k in range(n):
                        res_rescue[d, k] = table[j, RESCUE + k]
                    frame[d, F_STATUS] = EXACT
                    phase = _RETURN
                    continue
                if table[j, SCORE] <= alpha:
                    res[d, 0] = table[j, SCORE]
                    frame[d, F_STATUS] = BOUND
                    phase = _RETURN
                    continue
            counters[NODES] += 1
            if counters[NODES] > counters[LIMIT]:
                return ABORT
            frame[d, F_STARTED] = counters[NODES]
            # The classes present, their counts and the state's bounds.
            total = 0
            groups = 0
            bound = 0
            bound0 = 0
            for c in range(C):
                count = 0
                if single:
                    for q in range(nnz):
                        count += _pop(S[d, nonzero[d, q]])
                else:
                    for q in range(nnz):
                        i = nonzero[d, q]
                        count += _pop(S[d, i] & cls_bits[c, i])
                counts[d, c] = count
                if count:
                    groups += 1
                    total += count
                    bound += count * _unit(cls_needs, c, hits, taps, full_set, score_of)[0]
                    bound0 += count * _unit(cls_needs, c, hits, 0, full_set, score_of)[0]
            if total == 1 or taps == 0 or bound == bound0:
                # One placement left, no taps, or nothing more can be reached: stop.
                _stop(d, hits, taps, full_set if total == 1 else 0, counts, cls_needs,
                      score_of, res, res_rescue)
                _store(h, key, S, d, EXACT, res[d, 0], res[d, 1], res[d, 2], res_rescue, d, 1,
                       table, table_words, first, counters)
                frame[d, F_STATUS] = EXACT
                phase = _RETURN
                continue
            if bound <= alpha:
                res[d, 0] = bound
                frame[d, F_STATUS] = BOUND
                phase = _RETURN
                continue
            frame[d, F_BOUND] = bound
            mixed = groups > 1
            unit_empty = 0
            if single:
                # Per outcome of a tap, the best score per placement after it.
                unit_empty = _unit(cls_needs, 0, hits, taps - 1, full_set, score_of)[0]
                for k in range(n):
                    unit_hit[d, k] = _unit(cls_needs, 0, hits + (1 << (HIT_BITS * k)),
                                           taps - 1, full_set, score_of)[0]
            # The distinct taps, with their outcomes (the placements putting each animal on
            # the tile, and the rest) and each outcome's ceiling.
            moves = 0
            unsettled = 0
            keep = 0
            for tile in range(25):
                if not (live >> tile) & 1:
                    continue
                hit_count = 0
                for q in range(nnz):
                    i = nonzero[d, q]
                    hit_count += _pop(S[d, i] & anyc[tile, i])
                if hit_count == 0:
                    continue  # certainly empty
                parts = 0
                for k in range(n):
                    part = 0
                    for q in range(nnz):
                        i = nonzero[d, q]
                        word = S[d, i] & cover[tile, k, i]
                        mv_parts[d, moves, k, q] = word
                        part += _pop(word)
                    mv_count[d, moves, k] = part
                    if part:
                        parts += 1
                if not single:
                    keep |= 1 << tile
                empty = total - hit_count
                outcomes = parts + (1 if empty else 0)
                if outcomes < 2 and (single or not mixed):
                    continue  # certainly this animal (a tap only where need classes mix)
                duplicate = False
                for m in range(moves):
                    same = True
                    for k in range(n):
                        if mv_count[d, m, k] != mv_count[d, moves, k]:
                            same = False
                            break
                    if same:
                        for k in range(n):
                            for q in range(nnz):
                                if mv_parts[d, m, k, q] != mv_parts[d, moves, k, q]:
                                    same = False
                                    break
                            if not same:
                                break
                    if same:
                        duplicate = True
                        break
                if duplicate:
                    continue  # splits the placements as an earlier tile does
                outs = 0
                ceiling = 0
                for k in range(n):
                    part = mv_count[d, moves, k]
                    if part == 0:
                        continue
                    if outcomes >= 2:
                        unsettled |= 1 << k
                    if single:
                        top = part * unit_hit[d, k]
                    else:
                        child_hits = hits + (1 << (HIT_BITS * k))
                        top = 0
                        for c in range(C):
                            cnt = 0
                            for q in range(nnz):
                                cnt += _pop(mv_parts[d, moves, k, q] & cls_bits[c, nonzero[d, q]])
                            if cnt:
                                top += cnt * _unit(cls_needs, c, child_hits, taps - 1,
                                                   full_set, score_of)[0]
                    mv_outk[d, moves, outs] = k
                    mv_top[d, moves, outs] = top
                    ceiling += top
                    outs += 1
                if empty:
                    if single:
                        top = empty * unit_empty
                    else:
                        top = 0
                        for c in range(C):
                            cnt = 0
                            for q in range(nnz):
                                i = nonzero[d, q]
                                cnt += _pop(S[d, i] & cls_bits[c, i] & ~anyc[tile, i])
                            if cnt:
                                top += cnt * _unit(cls_needs, c, hits, taps - 1, full_set,
                                                   score_of)[0]
                    mv_outk[d, moves, outs] = -1
                    mv_top[d, moves, outs] = top
                    ceiling += top
                    outs += 1
                mv_tile[d, moves] = tile
                mv_ceiling[d, moves] = ceiling
                mv_hits[d, moves] = hit_count
                mv_nout[d, moves] = outs
                moves += 1
            # Rank: the highest ceiling first, then the most hits, then the lower tile.
            for m in range(moves):
                mv_order[d, m] = m
            for a in range(1, moves):
                m = mv_order[d, a]
                b = a - 1
                while b >= 0:
                    o = mv_order[d, b]
                    if mv_ceiling[d, o] > mv_ceiling[d, m] or (
                        mv_ceiling[d, o] == mv_ceiling[d, m] and mv_hits[d, o] >= mv_hits[d, m]
                    ):
                        break
                    mv_order[d, b + 1] = o
                    b -= 1
                mv_order[d, b + 1] = m
            if single:
                # A tile splitting as another does stays so, a certain tile stays certain: the
                # children need look at the taps' own tiles only.
                for m in range(moves):
                    keep |= 1 << mv_tile[d, m]
            frame[d, F_KEEP] = keep
            _stop(d, hits, taps, full_set & ~unsettled, counts, cls_needs, score_of, res,
                  res_rescue)
            frame[d, F_BEST] = res[d, 0]
            frame[d, F_ACTION] = res[d, 1]
            frame[d, F_RESCUED] = res[d, 2]
            frame[d, F_LEAF] = res[d, 0]
            frame[d, F_BEATEN] = -1
            for k in range(n):
                acc[2 * d, k] = res_rescue[d, k]
            if taps == 1:
                # The children have no taps left, so a tap's ceiling is its exact value: the
                # best is the first ranked tap, or stopping.
                if moves > 0 and mv_ceiling[d, mv_order[d, 0]] > res[d, 0]:
                    _last_tap(d, mv_order[d, 0], hits, total, S, nonzero, nnz, anyc, cls_bits, cls_needs,
                              mv_tile, mv_ceiling, mv_hits, mv_nout, mv_outk, mv_parts,
                              mv_count, res, res_rescue)
                _store(h, key, S, d, EXACT, res[d, 0], res[d, 1], res[d, 2], res_rescue, d, 1,
                       table, table_words, first, counters)
                frame[d, F_STATUS] = EXACT
                phase = _RETURN
                continue
            limit = moves
            if width > 0 and moves > width:
                counters[TRUNCATED] = 1
                limit = width
            frame[d, F_LIMIT] = limit
            frame[d, F_INDEX] = 0
            phase = _NEXT_MOVE if moves > 0 and res[d, 0] < bound else _FINISH
        elif phase == _NEXT_MOVE:
            index = frame[d, F_INDEX]
            if index >= frame[d, F_LIMIT]:
                phase = _FINISH
                continue
            m = mv_order[d, index]
            ceiling = mv_ceiling[d, m]
            floor = max(frame[d, F_BEST], frame[d, F_ALPHA])
            if ceiling <= floor:
                # Sorted by ceiling: none of the rest can do better.
                frame[d, F_BEATEN] = max(frame[d, F_BEATEN], ceiling)
                phase = _FINISH
                continue
            frame[d, F_SCORE] = 0
            frame[d, F_CEILING] = ceiling
            frame[d, F_FLOOR] = floor
            frame[d, F_OUT] = 0
            for k in range(n):
                acc[2 * d + 1, k] = 0
            phase = _NEXT_OUTCOME
        elif phase == _NEXT_OUTCOME:
            m = mv_order[d, frame[d, F_INDEX]]
            out = frame[d, F_OUT]
            if out == mv_nout[d, m]:
                # Every outcome searched: the tap's exact score.
                score = frame[d, F_SCORE]
                if score > frame[d, F_BEST]:
                    frame[d, F_BEST] = score
                    frame[d, F_ACTION] = mv_tile[d, m]
                    frame[d, F_RESCUED] = 0
                    for k in range(n):
                        acc[2 * d, k] = acc[2 * d + 1, k]
                    if score >= frame[d, F_BOUND]:
                        phase = _FINISH
                        continue
                frame[d, F_INDEX] += 1
                phase = _NEXT_MOVE
                continue
            tile = mv_tile[d, m]
            k = mv_outk[d, m, out]
            hits = frame[d, F_HITS]
            for i in range(W):
                S[d + 1, i] = _ZERO
            if k >= 0:
                for q in range(frame[d, F_NONZERO]):
                    S[d + 1, nonzero[d, q]] = mv_parts[d, m, k, q]
                hits += 1 << (HIT_BITS * k)
            else:
                for q in range(frame[d, F_NONZERO]):
                    i = nonzero[d, q]
                    S[d + 1, i] = S[d, i] & ~anyc[tile, i]
            frame[d, F_CEILING] -= mv_top[d, m, out]
            keep = frame[d, F_KEEP]
            frame[d + 1, F_TAPS] = frame[d, F_TAPS] - 1
            frame[d + 1, F_HITS] = hits
            frame[d + 1, F_LIVE] = keep if single else keep & ~(1 << tile)
            frame[d + 1, F_ALPHA] = frame[d, F_FLOOR] - frame[d, F_SCORE] - frame[d, F_CEILING]
            d += 1
            phase = _ENTER
        elif phase == _FINISH:
            key = frame[d, F_KEY]
            h = hashes[d]
            work = counters[NODES] - frame[d, F_STARTED] + 1
            leaf = frame[d, F_LEAF]
            if frame[d, F_ACTION] == STOP and leaf < frame[d, F_ALPHA]:
                # No tap beat alpha and stopping is worse: the value is at most the best any
                # tap can still be worth, remembered as a bound only.
                upper = max(leaf, frame[d, F_BEATEN])
                _store(h, key, S, d, BOUND, upper, STOP, 0, acc, 2 * d, work, table,
                       table_words, first, counters)
                res[d, 0] = upper
                frame[d, F_STATUS] = BOUND
            else:
                res[d, 0] = frame[d, F_BEST]
                res[d, 1] = frame[d, F_ACTION]
                res[d, 2] = frame[d, F_RESCUED]
                for k in range(n):
                    res_rescue[d, k] = acc[2 * d, k]
                _store(h, key, S, d, EXACT, res[d, 0], res[d, 1], res[d, 2], acc, 2 * d, work,
                       table, table_words, first, counters)
                frame[d, F_STATUS] = EXACT
            phase = _RETURN
        else:  # _RETURN: back to the parent, which takes the child's score
            if d == 0:
                return frame[0, F_STATUS]
            d -= 1
            score = frame[d, F_SCORE] + res[d + 1, 0]
            frame[d, F_SCORE] = score
            if score + frame[d, F_CEILING] <= frame[d, F_FLOOR]:
                # This tap cannot beat the floor any more.
                frame[d, F_BEATEN] = max(frame[d, F_BEATEN], score + frame[d, F_CEILING])
                frame[d, F_INDEX] += 1
                phase = _NEXT_MOVE
            else:
                for k in range(n):
                    acc[2 * d + 1, k] += res_rescue[d + 1, k]
                frame[d, F_OUT] += 1
                phase = _NEXT_OUTCOME


@njit(cache=True)
def rehash(old, old_words, table, table_words, counters):  # pragma: no cover - compiled
    """Move every entry of the table ``old`` into the larger (empty) ``table``; a full
    bucket keeps the entries that cost the most nodes."""
    counters[STORED] = 0
    buckets = np.uint64(table.shape[0] // SLOTS - 1)
    fields = old.shape[1]
    for j in range(old.shape[0]):
        h = old_words[j, HASH]
        if h == _ZERO:
            continue
        base = np.int64(h & buckets) * SLOTS
        slot = base
        for i in range(base, base + SLOTS):
            if table_words[i, HASH] == _ZERO:
                slot = i
                break
            if table[i, WORK] < table[slot, WORK]:
                slot = i
        if table_words[slot, HASH] == _ZERO:
            counters[STORED] += 1
        elif table[slot, WORK] >= old[j, WORK]:
            continue
        for f in range(fields):
            table[slot, f] = old[j, f]
