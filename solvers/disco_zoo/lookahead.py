"""The tap-budget-aware policy: exact expectimax over the taps left.

The state of a rescue is the set ``S`` of joint placements still consistent with the taps, the
animal tiles found since the search began (``hits``, per animal) and the taps left ``r``.
Tapping a tile splits ``S`` by what the tile shows (an animal, or nothing); the value of a
state is the best, over the taps, of the expected value of the states it splits into. Sets are
Python ints used as bitsets over the joint placements of the root, so a split is one ``&`` per
outcome and states reached by different tap orders share one memo entry.

What each placement still needs: animal k of joint placement j needs the tiles of its
placement not tapped yet. On a board where every found tile is told apart, this is the same
for every placement of ``S``; a found tile written ``1/3`` or ``*`` makes it depend on which
animal covers that tile, so the root's placements are grouped in *classes* of equal needs, and
a state's needs are each class's root needs minus ``hits``.

How certain tiles are treated: a tile whose content is the same in every placement of ``S``
gives no information, so tapping it can always wait until the end without loss (what it shows
is already known, and later decisions do not depend on having seen it). The search therefore
branches only on uncertain tiles; at every state it also considers *stopping the search* and
spending the taps left on certain tiles, completing the best set of animals whose placement is
settled and whose remaining tiles fit in the taps left. So a certain tile is recommended only
when completing an animal with it is the best thing left to do. Tapping a tile that is
certainly empty is never recommended. (When ``S`` mixes classes, completing an unsettled
animal's certain tiles can finish it in some placements only, so certain animal tiles are
then searched as taps too.)

Exact values are integers: the score of a state is the sum over its placements of the
objective's score (primary times a large factor plus the tie-breaking secondary), so sums and
comparisons are exact and ties are resolved the same way every time.

Pruning: the score of a state is at most the sum over its placements of the best score
reachable if the placement were known (a set of animals whose needs fit in the taps left).
Taps are tried in order of that bound for their children; a tap whose children cannot beat the
best tap so far is skipped, and the search of a state stops once a tap reaches its bound. Each
child is also told the score it must exceed for its tap to still matter (the best so far, minus
what its siblings scored or can at most score); a child that proves it cannot returns that
bound instead of its value, remembered apart from the exact values. The search stops when its
:class:`~gridsight.solvers.limit.Meter` is reached (looked at every 128 states: CPU seconds of the
searching thread, states) or its budget of states (``max_nodes``, counted exactly) runs out,
raising :class:`~gridsight.solvers.limit.LimitReached`; every value it finished stays in its memo.

This is the pure-Python engine; :mod:`.kernel` runs the same search compiled, and
:mod:`.engines` picks one.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache

import numpy as np

from gridsight.solvers.disco_zoo.objective import Objective
from gridsight.solvers.disco_zoo.placements import TILES, JointPlacements
from gridsight.solvers.limit import Limit, LimitReached, Meter, amount, unlimited

STOP = -1  # the "tap certain tiles only" action
CHECK_EVERY = 128  # states between two looks at the meter
#: What one state the Python search remembers (its memo's entry or bound) holds, about: the
#: limit's ``memory`` bounds them (measured 330 and 170 bytes on a Farm rescue, 2026-12-06).
MEMO_ENTRY_BYTES = 300


@dataclass(frozen=True)
class Decision:
    """The result of searching one state.

    ``tile`` is the tile to tap now (index ``row * 5 + col``) or ``None`` when no tap can add
    anything; ``completes`` is the animal (0-based) whose certain tile ``tile`` is, when the
    best move is to complete a settled animal. ``value`` is the objective's value (expected
    number rescued, or a chance) and ``rescue`` each animal's chance of being rescued, both
    when the player follows the policy for all the taps left. ``upper``, when known, is the
    most best play can be worth (``value`` when the search was exact; else a proven bound).
    """

    tile: int | None
    completes: int | None
    value: Fraction
    rescue: tuple[Fraction, ...]
    nodes: int
    upper: Fraction | None = None


def bitsets(joint: JointPlacements) -> list[tuple[int, ...]]:
    """For each tile, per animal, the bitset of joint placements putting the animal there."""
    result: list[list[int]] = [[] for _ in range(TILES)]
    shifts = np.arange(TILES, dtype=np.int64)
    for k in range(len(joint.board.animals)):
        on = ((joint.masks[:, k][:, None] >> shifts[None, :]) & 1).astype(np.uint8)
        packed = np.packbits(on, axis=0, bitorder="little")
        for tile in range(TILES):
            result[tile].append(int.from_bytes(packed[:, tile].tobytes(), "little"))
    return [tuple(r) for r in result]


def need_classes(joint: JointPlacements) -> tuple[tuple[tuple[int, ...], int], ...]:
    """The root's placements grouped by what they still need: ``(needs, bitset)`` pairs, where
    ``needs[k]`` is the number of untapped tiles of animal k's placement. One class unless a
    found tile is unsure (``1/3``, ``*``)."""
    untapped = ((1 << TILES) - 1) & ~joint.board.tapped
    counts = np.zeros(joint.masks.shape, dtype=np.int64)
    for k in range(joint.masks.shape[1]):
        counts[:, k] = np.bitwise_count(joint.masks[:, k] & untapped)
    classes: dict[tuple[int, ...], int] = {}
    for j, row in enumerate(counts.tolist()):
        key = tuple(row)
        classes[key] = classes.get(key, 0) | 1 << j
    return tuple(sorted(classes.items()))


class Lookahead:
    """Expectimax for one board and objective, with a memo shared by all its states.

    ``width=None`` searches every tap (exact). A ``width`` W keeps only the W most promising
    taps of each state (see :meth:`_explore`): the result is then the best policy among
    those, its value exact for that policy; ``truncated`` tells whether a tap was ever left
    out (if not, the result is exact after all). ``hints`` is an earlier search of the same
    board whose best taps are tried first.
    """

    def __init__(
        self,
        joint: JointPlacements,
        objective: Objective,
        width: int | None = None,
        hints: "Lookahead | None" = None,
    ):
        board = joint.board
        self.width = width
        # The best taps found by an earlier (narrower) search of the same board: tried first,
        # which makes the bounds bite sooner. They only change the order, never the result.
        self.hints: dict = {}
        if hints is not None:
            self.take_hints(hints)
        self.truncated = False
        self.joint = joint
        self.objective = objective
        self.n = len(board.animals)
        self.total = joint.count
        self.full = (1 << self.total) - 1
        self.cover = bitsets(joint)
        self.any = [0] * TILES
        for tile in range(TILES):
            for s in self.cover[tile]:
                self.any[tile] |= s
        self.live = tuple(t for t in range(TILES) if not board.tapped >> t & 1)
        self.classes = need_classes(joint)
        self.single = len(self.classes) == 1
        self.hits0 = (0,) * self.n
        self.factor = self.n * self.total + 1
        self.memo: dict[tuple[int, tuple[int, ...], int], tuple] = {}
        self.upper: dict[tuple[int, tuple[int, ...], int], int] = {}
        self.nodes = 0
        self.meter: Meter = unlimited()  # the limit of the search, see plan()
        self.max_nodes: int | None = None  # a budget in states searched, see plan()
        self._unit = cache(self._unit_uncached)

    def take_hints(self, other: "Lookahead") -> None:
        """Try first, at each state, the tap ``other`` (an earlier search of the same board)
        found best there: only the order changes, never the result."""
        self.hints = {k: v[2] for k, v in other.memo.items() if v[2] >= 0}

    # -- scores -------------------------------------------------------------------------

    def _unit_uncached(self, needs: tuple[int, ...], taps: int, allowed: int) -> tuple[int, int]:
        """Best (score per placement, rescued set) over sets of ``allowed`` animals whose
        remaining needs fit in ``taps``; animals already rescued (need 0) come free."""
        best = (-1, 0)
        free = sum(1 << k for k in range(self.n) if needs[k] == 0)
        for subset in range(1 << self.n):
            if subset & ~allowed:
                continue
            if sum(needs[k] for k in range(self.n) if subset >> k & 1) > taps:
                continue
            primary, secondary = self.objective.scores(subset | free, self.n)
            score = primary * self.factor + secondary
            if score > best[0]:
                best = (score, subset | free)
        return best

    def _groups(self, s: int, hits: tuple[int, ...]) -> list[tuple[tuple[int, ...], int]]:
        """``(needs, count)`` of each class present in ``s``, needs counted from now."""
        if self.single:
            needs = self.classes[0][0]
            return [(tuple(a - b for a, b in zip(needs, hits)), s.bit_count())]
        out = []
        for needs, bits in self.classes:
            count = (s & bits).bit_count()
            if count:
                out.append((tuple(a - b for a, b in zip(needs, hits)), count))
        return out

    def _bound(self, groups: list, taps: int) -> int:
        """The best score of the placements if each were known (an upper bound)."""
        full_set = (1 << self.n) - 1
        return sum(count * self._unit(needs, taps, full_set)[0] for needs, count in groups)

    def _stop(self, groups: list, taps: int, allowed: int) -> tuple:
        """Stopping: spend the taps on completing the best set of ``allowed`` (settled)
        animals. Returns the state entry ``(score, rescue counts, STOP, set completed)``."""
        n = self.n
        if len(groups) == 1:
            needs, count = groups[0]
            unit, rescued = self._unit(needs, taps, allowed)
            return (count * unit, tuple(count if rescued >> k & 1 else 0 for k in range(n)), STOP, rescued)
        # Several classes: a settled animal needs the same in each; the set completed is one
        # choice for all of them (the player cannot tell the classes apart).
        needs0 = groups[0][0]
        best = None
        for subset in range(1 << n):
            if subset & ~allowed or sum(needs0[k] for k in range(n) if subset >> k & 1) > taps:
                continue
            score, rescue = 0, [0] * n
            for needs, count in groups:
                rescued = subset | sum(1 << k for k in range(n) if needs[k] == 0)
                primary, secondary = self.objective.scores(rescued, n)
                score += count * (primary * self.factor + secondary)
                for k in range(n):
                    if rescued >> k & 1:
                        rescue[k] += count
            if best is None or score > best[0]:
                best = (score, tuple(rescue), STOP, subset)
        assert best is not None
        return best

    # -- search -------------------------------------------------------------------------

    def decide(self, taps: int, limit: Limit | None = None) -> Decision:
        """Search the root state with ``taps`` left; raises
        :class:`~gridsight.solvers.limit.LimitReached` past ``limit`` (``None``: the search's own
        ``meter``)."""
        if limit is not None:
            self.meter = limit.start()
        score, rescue, action, rescued = self._solve(self.full, self.hits0, taps)
        return self._decision(score, rescue, action, rescued)

    def root(self, taps: int) -> tuple[tuple, list, int] | None:
        """The root state split for a caller that searches its taps one by one (the anytime
        search of :mod:`gridsight.solvers.disco_zoo.advise`): its stopping entry, its taps as
        :meth:`_rank` gives them, and its bound. ``None`` when the root needs no search (no
        tap can beat stopping): :meth:`decide` then answers at once."""
        full_set = (1 << self.n) - 1
        s = self.full
        groups = self._groups(s, self.hits0)
        bound = self._bound(groups, taps)
        if s.bit_count() == 1 or taps == 0 or bound == self._bound(groups, 0):
            return None
        ranked, unsettled, keep = self._ranked(s, self.live, groups, self.hits0, taps)
        leaf = self._stop(groups, taps, full_set & ~unsettled)
        if not ranked or leaf[0] >= bound:
            return None
        self.root_tiles = keep
        return leaf, ranked, bound

    def tap_score(
        self, tile: int, children: list, taps: int, floor: int = -1
    ) -> tuple[int, tuple[int, ...]] | None:
        """The score and rescue counts of tapping ``tile`` at the root (``children`` from
        :meth:`root`), or ``None`` once it is proven not to exceed ``floor``."""
        children = self._children(children)
        live = self.root_tiles if self.single else tuple(t for t in self.root_tiles if t != tile)
        ceiling = sum(top for _, _, top in children)
        if ceiling <= floor:
            return None
        score = 0
        rescue = [0] * self.n
        for part, child_hits, top in children:
            ceiling -= top
            child = self._solve(part, child_hits, taps - 1, live, floor - score - ceiling)
            score += child[0]
            if score + ceiling <= floor:
                return None
            for k in range(self.n):
                rescue[k] += child[1][k]
        return score, tuple(rescue)

    def tap_then_complete(
        self, tile: int, children: list, taps: int
    ) -> tuple[int, tuple[int, ...]]:
        """The score and rescue counts of a cheap concrete policy: tap ``tile`` at the root
        (``children`` from :meth:`root`), then spend the taps left completing the animals
        whose placement is then settled. Exact for that policy, so a lower bound of the tap's
        value under best play (the anytime answer when the limit stops the search early)."""
        full_set = (1 << self.n) - 1
        live = self.root_tiles if self.single else tuple(t for t in self.root_tiles if t != tile)
        score = 0
        rescue = [0] * self.n
        for part, child_hits, _ in self._children(children):
            groups = self._groups(part, child_hits)
            if taps - 1 <= 0 or part.bit_count() == 1:
                entry = self._stop(groups, taps - 1, full_set if part.bit_count() == 1 else 0)
            else:
                _, unsettled, _ = self._ranked(part, live, groups, child_hits, taps - 1)
                entry = self._stop(groups, taps - 1, full_set & ~unsettled)
            score += entry[0]
            for k in range(self.n):
                rescue[k] += entry[1][k]
        return score, tuple(rescue)

    def _decision(self, score: int, rescue: tuple, action: int, rescued: int) -> Decision:
        tile, completes = action, None
        if action == STOP:
            tile = None
            needs = self.classes[0][0]
            ready = [k for k in range(self.n) if rescued >> k & 1 and needs[k] > 0]
            if ready:
                completes = min(ready, key=lambda k: needs[k])
                placement = int(self.joint.masks[0, completes])
                tile = next(t for t in self.live if placement >> t & 1)
        elif not self.full & ~self.any[action] and any(c == self.full for c in self.cover[action]):
            completes = next(k for k, c in enumerate(self.cover[action]) if c == self.full)
        return Decision(
            tile=tile,
            completes=completes,
            value=Fraction(score // self.factor, self.total),
            rescue=tuple(Fraction(x, self.total) for x in rescue),
            nodes=self.nodes,
        )

    def _solve(
        self,
        s: int,
        hits: tuple[int, ...],
        taps: int,
        live: tuple[int, ...] | None = None,
        alpha: int = -1,
    ) -> tuple:
        """(score, rescue counts, action, rescued set if stopping) of one state.

        ``live`` are the tiles that may still be uncertain (those uncertain in the parent
        state, less the one just tapped: a settled tile stays settled as the set shrinks);
        ``None`` means all untapped. ``alpha`` is the score the caller needs beaten: when the
        state cannot beat it, the search stops as soon as that is proven and returns ``(upper
        bound <= alpha, None, None, None)`` instead of the exact entry (remembered as a bound,
        never as a value). The bound is the tightest the search proved, not alpha itself, so a
        later visit needing less may still be answered from it.
        """
        key = (s, hits, taps)
        found = self.memo.get(key)
        if found is not None:
            return found
        upper = self.upper.get(key)
        if upper is not None and upper <= alpha:
            return (upper, None, None, None)
        self.nodes += 1
        if self.max_nodes is not None and self.nodes > self.max_nodes:
            self.nodes -= 1
            raise LimitReached(f"the budget of {amount(self.max_nodes, 'state')}")
        if not self.nodes % CHECK_EVERY:
            self.meter.count(CHECK_EVERY)
            self.meter.check()
            self._within_memory()
        n = self.n
        full_set = (1 << n) - 1
        groups = self._groups(s, hits)
        bound = self._bound(groups, taps)
        if s.bit_count() == 1 or taps == 0 or bound == self._bound(groups, 0):
            # One placement left (everything is settled), no taps, or nothing beyond what is
            # already rescued can be reached: stopping is best.
            best = self._stop(groups, taps, full_set if s.bit_count() == 1 else 0)
            self.memo[key] = best
            return best
        if bound <= alpha:
            return (bound, None, None, None)
        ranked, unsettled, keep = self._ranked(s, self.live if live is None else live, groups, hits, taps)
        leaf = self._stop(groups, taps, full_set & ~unsettled)
        best = leaf
        if ranked and leaf[0] < bound:
            best, beaten = self._explore(key, ranked, keep, taps, leaf, bound, alpha)
            if best is leaf and leaf[0] < alpha:
                # No tap beat alpha and stopping is worse: the value is at most the best that
                # any tap can still be worth (at most alpha), remembered as a bound only.
                upper = max(leaf[0], beaten)
                known = self.upper.get(key)
                if known is None or upper < known:
                    self.upper[key] = upper
                return (upper, None, None, None)
        self.memo[key] = best
        return best

    def _within_memory(self) -> None:
        """Stop (:class:`LimitReached`) once the states remembered (the memo and the bounds, at
        :data:`MEMO_ENTRY_BYTES` each) pass the limit's ``memory``: before, the Python search
        kept its memo by no bound but time and states, and answered as if unlimited under
        ``Limit(memory=1)``. (The compiled search keeps its table within it instead.)"""
        bound = self.meter.memory_bound()
        held = len(self.memo) + len(self.upper)
        if bound is not None and held * MEMO_ENTRY_BYTES > bound:
            self.meter.reason = (f"the memory bound of {amount(bound, 'byte')} "
                                 f"({amount(held, 'state')} remembered, about "
                                 f"{MEMO_ENTRY_BYTES} bytes each)")
            raise LimitReached(self.meter.reason)

    def _ranked(
        self, s: int, live: tuple[int, ...], groups: list, hits: tuple[int, ...], taps: int
    ) -> tuple[list, int, tuple[int, ...]]:
        """The distinct taps of a state, ranked (see :meth:`_rank`), the set of animals whose
        placement is not settled, and the tiles its children must still look at."""
        if not self.single:
            moves, unsettled = self._moves(s, live, len(groups) > 1)
            # Several need classes: certain animal tiles are taps too, so every tile that may
            # hold an animal stays in view (less the one tapped, see _explore).
            keep = tuple(t for t in live if s & self.any[t])
            return self._rank(moves, groups, hits, taps), unsettled, keep
        # One need class (every board without unsure tiles): the same, in one pass.
        n = self.n
        full_set = (1 << n) - 1
        needs = groups[0][0]
        unit_empty = self._unit(needs, taps - 1, full_set)[0]
        unit_hit = []
        after = []
        for k in range(n):
            unit_hit.append(self._unit(needs[:k] + (needs[k] - 1,) + needs[k + 1 :], taps - 1, full_set)[0])
            after.append(hits[:k] + (hits[k] + 1,) + hits[k + 1 :])
        cover = self.cover
        anywhere = self.any
        seen = set()
        ranked = []
        unsettled = 0
        context = (after, unit_hit, unit_empty, hits)
        for tile in live:
            hit = s & anywhere[tile]
            if not hit:
                continue  # certainly empty
            parts = [(k, part) for k, c in enumerate(cover[tile]) if (part := s & c)]
            if hit == s and len(parts) == 1:
                continue  # certainly this animal
            signature = tuple(parts)
            if signature in seen:
                continue
            seen.add(signature)
            ceiling = 0
            hit_count = 0
            for k, part in parts:
                unsettled |= 1 << k
                count = part.bit_count()
                hit_count += count
                ceiling += count * unit_hit[k]
            empty = s ^ hit
            ceiling += empty.bit_count() * unit_empty
            # The children are built only for the taps searched (see _children).
            ranked.append((-ceiling, -hit_count, tile, (parts, empty, context)))
        ranked.sort()  # tiles are distinct, so the children lists are never compared
        # One need class: a tile with the same split as another stays so in every child, and
        # a certain tile stays certain, so the taps' own tiles are all the children need.
        # In board order, so that of tiles splitting alike the first on the board stands for
        # them all, whatever the path (the compiled kernel does the same).
        return ranked, unsettled, tuple(sorted(m[2] for m in ranked))

    @staticmethod
    def _children(spec) -> list:
        """A tap's ``(set, hits, ceiling)`` per outcome: given as is (several need classes),
        or built from the ``(parts, empty, context)`` that :meth:`_ranked` keeps."""
        if isinstance(spec, list):
            return spec
        parts, empty, (after, unit_hit, unit_empty, hits) = spec
        children = [(part, after[k], part.bit_count() * unit_hit[k]) for k, part in parts]
        if empty:
            children.append((empty, hits, empty.bit_count() * unit_empty))
        return children

    def _moves(self, s: int, live: tuple[int, ...], mixed: bool) -> tuple[list, int]:
        """The distinct taps of state ``s`` among ``live`` tiles with their outcomes, and the
        set of animals whose placement is not settled. Taps are the uncertain tiles, and when
        ``s`` mixes need classes (``mixed``) the certain animal tiles as well."""
        seen = set()
        moves = []
        unsettled = 0
        for tile in live:
            if not s & self.any[tile]:
                continue  # certainly empty
            outcomes = []
            for k, cover in enumerate(self.cover[tile]):
                part = s & cover
                if part:
                    outcomes.append((k, part))
            empty = s & ~self.any[tile]
            if empty:
                outcomes.append((-1, empty))
            if len(outcomes) < 2:
                if not mixed:
                    continue
            else:
                for k, _ in outcomes:
                    if k >= 0:
                        unsettled |= 1 << k
            signature = tuple(outcomes)
            if signature in seen:
                continue
            seen.add(signature)
            moves.append((tile, outcomes))
        return moves, unsettled

    def _rank(self, moves: list, groups: list, hits: tuple[int, ...], taps: int) -> list:
        """The taps as ``(-ceiling, -hits, tile, children)``, most promising first: the best
        score still reachable after the tap (which favours hitting animals that can still be
        rescued), then the chance of hitting any animal. ``children`` are ``(set, hits,
        ceiling)`` per outcome."""
        full_set = (1 << self.n) - 1
        after_hits = {-1: hits}
        for k in range(self.n):
            after_hits[k] = hits[:k] + (hits[k] + 1,) + hits[k + 1 :]
        if self.single:
            # What each outcome does to the needs, and the best score per placement after it.
            needs = groups[0][0]
            unit_after = {-1: self._unit(needs, taps - 1, full_set)[0]}
            for k in range(self.n):
                child = needs[:k] + (needs[k] - 1,) + needs[k + 1 :]
                unit_after[k] = self._unit(child, taps - 1, full_set)[0]
        ranked = []
        for tile, outcomes in moves:
            children = []
            ceiling = 0
            hit_count = 0
            for k, part in outcomes:
                if k >= 0:
                    hit_count += part.bit_count()
                if self.single:
                    top = part.bit_count() * unit_after[k]
                else:
                    top = self._bound(self._groups(part, after_hits[k]), taps - 1)
                children.append((part, after_hits[k], top))
                ceiling += top
            ranked.append((-ceiling, -hit_count, tile, children))
        ranked.sort()  # tiles are distinct, so the children lists are never compared
        return ranked

    def _explore(
        self,
        key: tuple,
        ranked: list,
        tiles: tuple[int, ...],
        taps: int,
        best: tuple,
        bound: int,
        alpha: int,
    ) -> tuple:
        """The best of ``best`` (stopping) and the ``ranked`` taps; a tap must beat both the
        best so far and ``alpha``. Children get the score they must exceed for their tap to
        still matter, so they can stop early. Returns the best entry and the most that any tap
        proven not to beat its floor can be worth (-1 when there was none)."""
        # ``tiles``: what the children look at. With one need class a tapped tile is certain
        # in its children, so it needs no removing; with several it must go.
        if self.width is not None and len(ranked) > self.width:
            self.truncated = True
            ranked = ranked[: self.width]
        hint = self.hints.get(key)
        hinted = False
        if hint is not None:
            for i, move in enumerate(ranked):
                if move[2] == hint:
                    ranked.insert(0, ranked.pop(i))
                    hinted = i > 0
                    break
        # The most any tap proven not to beat the floor can be worth: when no tap beats it, the
        # state's value is at most this (or stopping), a tighter bound than the floor itself.
        beaten = -1
        for index, (negative_ceiling, _, tile, children) in enumerate(ranked):
            ceiling = -negative_ceiling
            floor = max(best[0], alpha)
            if ceiling <= floor:
                beaten = max(beaten, ceiling)
                if index == 0 and hinted:
                    continue  # the hinted tap was out of order; the rest are sorted
                break  # taps are sorted by ceiling: none of the rest can do better
            children = self._children(children)
            live = tiles if self.single else tuple(t for t in tiles if t != tile)
            score = 0
            rescue = [0] * self.n
            for part, child_hits, top in children:
                ceiling -= top
                child = self._solve(part, child_hits, taps - 1, live, floor - score - ceiling)
                score += child[0]
                if score + ceiling <= floor:
                    beaten = max(beaten, score + ceiling)
                    break
                for k in range(self.n):
                    rescue[k] += child[1][k]
            else:
                if score > best[0]:
                    best = (score, tuple(rescue), tile, 0)
                    if score >= bound:
                        break
        return best, beaten
