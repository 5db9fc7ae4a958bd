"""Exact counting of one component's mine assignments, by mine count and by cell.

The search is backtracking with constraint propagation, counting rather than listing:

1. **propagate**: a constraint needing 0 more mines makes its cells safe, one needing as many
   mines as it has cells makes them mines; repeat until nothing changes (a constraint that
   needs fewer than 0 or more than its cells is a dead end);
2. **split**: the cells still open may fall apart into independent groups once some are
   fixed; each group is counted alone and the counts multiplied by mine count
   (:func:`~gridsight.solvers.minesweeper.polynomials.convolve`);
3. **branch** on the first open cell in the component's breadth-first order: mine, then safe;
4. **remember** the count of every set of remaining constraints met (two branches that leave
   the same constraints behind have the same completions).

Cells are bits of one integer and constraints ``(mask, need)`` pairs, so a set of remaining
constraints is a sorted tuple that is its own cache key. Every count is an exact Python
integer. A :class:`~gridsight.solvers.limit.Meter` bounds the search: it raises
:class:`~gridsight.solvers.limit.LimitReached`.

>>> # three cells in a row, a "1" over the first two and a "1" over the last two
>>> result = count_component(3, [(0b011, 1), (0b110, 1)])
>>> result.ways          # 1 layout with 1 mine (the middle), 1 with 2 (the two ends)
(0, 1, 1, 0)
>>> result.mine_ways     # per cell: assignments with the cell a mine, by mine count
((0, 0, 1, 0), (0, 1, 0, 0), (0, 0, 1, 0))
"""

from __future__ import annotations

from dataclasses import dataclass

from gridsight.solvers.limit import Meter
from gridsight.solvers.minesweeper.polynomials import add, convolve, shift

ConstraintBits = tuple[int, int]  # (mask of cells, mines needed among them)
CHECK_EVERY = 16  # search nodes between two looks at the meter


@dataclass(frozen=True)
class ComponentCount:
    """The exact counts of a component of ``len(mine_ways)`` cells.

    ``ways[k]`` is the number of assignments of mines to the cells that fit every constraint
    and hold ``k`` mines; ``mine_ways[i][k]`` how many of those have cell ``i`` a mine (empty
    tuples when marginals were not asked for). ``nodes`` counts the search's calls.
    """

    ways: tuple[int, ...]
    mine_ways: tuple[tuple[int, ...], ...]
    nodes: int

    @property
    def total(self) -> int:
        return sum(self.ways)


@dataclass
class _Table:
    ways: list[int]
    cells: dict[int, list[int]]  # bit index -> mine ways by mine count


_ZERO = _Table([0], {})


Cache = dict  # residual constraints -> their count; see ``count_component(cache=...)``


class _Counter:
    def __init__(self, marginals: bool, meter: Meter | None, cache: Cache | None = None):
        self.marginals = marginals
        self.meter = meter
        self.cache: dict[tuple[ConstraintBits, ...], _Table] = {} if cache is None else cache
        self.nodes = 0
        self.counted = 0  # nodes already counted in the meter

    def solve(self, cons: tuple[ConstraintBits, ...]) -> _Table:
        """Count the assignments of the cells of ``cons`` (a sorted tuple) that fit it."""
        hit = self.cache.get(cons)
        if hit is not None:
            return hit
        self.nodes += 1
        if self.meter is not None and self.nodes % CHECK_EVERY == 1:
            self.settle()
            self.meter.check()
        table = self._solve(cons)
        self.cache[cons] = table
        return table

    def settle(self) -> None:
        """Count the nodes searched since the last look in the meter."""
        if self.meter is not None:
            self.meter.count(self.nodes - self.counted)
            self.counted = self.nodes

    def _solve(self, cons: tuple[ConstraintBits, ...]) -> _Table:
        propagated = propagate(cons)
        if propagated is None:
            return _ZERO
        cons, mines, _ = propagated
        table = _Table([1], {})
        for group in _groups(cons):
            table = self._join(table, self._branch(group))
        if mines:
            table = self._add_mines(table, mines)
        return table

    def _branch(self, cons: tuple[ConstraintBits, ...]) -> _Table:
        scope = 0
        for mask, _ in cons:
            scope |= mask
        bit = scope & -scope  # the first open cell in the breadth-first order
        with_mine = self.solve(tuple(sorted(cons + ((bit, 1),))))
        without = self.solve(tuple(sorted(cons + ((bit, 0),))))
        cells = {}
        if self.marginals:
            cells = dict(without.cells)
            for index, ways in with_mine.cells.items():
                cells[index] = add(cells[index], ways) if index in cells else ways
        return _Table(add(with_mine.ways, without.ways), cells)

    def _join(self, a: _Table, b: _Table) -> _Table:
        """Two independent groups together: their counts multiplied by mine count."""
        cells = {}
        if self.marginals:
            cells = {i: convolve(w, b.ways) for i, w in a.cells.items()}
            cells.update({i: convolve(w, a.ways) for i, w in b.cells.items()})
        return _Table(convolve(a.ways, b.ways), cells)

    def _add_mines(self, table: _Table, mines: int) -> _Table:
        """Cells forced to be mines: every count moves up, and each of them is a mine in
        every assignment."""
        count = mines.bit_count()
        ways = shift(table.ways, count)
        cells = {}
        if self.marginals:
            cells = {i: shift(w, count) for i, w in table.cells.items()}
            for index in _bits(mines):
                cells[index] = ways
        return _Table(ways, cells)


def propagate(
    cons: tuple[ConstraintBits, ...],
) -> tuple[tuple[ConstraintBits, ...], int, int] | None:
    """Fix every cell the constraints force, one constraint at a time, until nothing changes.

    Returns the remaining constraints (a sorted tuple), the mask of cells forced to be mines
    and the mask of cells forced safe; ``None`` when the constraints contradict each other.

    >>> propagate(((0b011, 1), (0b001, 0)))   # 1 mine among two cells, the first is safe
    ((), 2, 1)
    """
    mines = safe = 0
    while True:
        new_safe = new_mines = 0
        for mask, need in cons:
            size = mask.bit_count()
            if need < 0 or need > size:
                return None
            if need == 0:
                new_safe |= mask
            elif need == size:
                new_mines |= mask
        if not (new_safe | new_mines):
            return cons, mines, safe
        if new_safe & new_mines:
            return None
        mines |= new_mines
        safe |= new_safe
        fixed = new_safe | new_mines
        reduced: dict[int, int] = {}
        for mask, need in cons:
            rest = mask & ~fixed
            left = need - (mask & new_mines).bit_count()
            if not rest:
                if left:
                    return None
                continue
            if reduced.setdefault(rest, left) != left:
                return None
        cons = tuple(sorted(reduced.items()))


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _groups(cons: tuple[ConstraintBits, ...]) -> list[tuple[ConstraintBits, ...]]:
    """Split constraints into groups sharing no cell (each a sorted tuple)."""
    groups: list[tuple[int, list[ConstraintBits]]] = []
    for con in cons:
        mask = con[0]
        merged = [con]
        kept = []
        for scope, members in groups:
            if scope & mask:
                mask |= scope
                merged += members
            else:
                kept.append((scope, members))
        kept.append((mask, merged))
        groups = kept
    return [tuple(sorted(members)) for _, members in groups]


def count_component(
    n_cells: int,
    constraints: list[ConstraintBits],
    *,
    marginals: bool = True,
    meter: Meter | None = None,
    cache: Cache | None = None,
) -> ComponentCount:
    """Count the assignments of cells ``0 .. n_cells - 1`` fitting ``constraints``.

    ``constraints`` are ``(mask, need)`` pairs: ``need`` of the cells whose bits are set in
    ``mask`` hold a mine. Every cell is meant to be in some constraint (a cell in none is
    counted as safe). Raises :class:`~gridsight.solvers.limit.LimitReached` once ``meter`` is reached.

    ``cache`` (a dict, for counts without marginals only) can be shared by calls on the same
    cells with a few extra constraints, which then reuse each other's partial counts.
    """
    if cache is not None and marginals:
        raise ValueError("a shared cache is for counts without marginals")
    merged: dict[int, int] = {}
    for mask, need in constraints:
        if merged.setdefault(mask, need) != need:
            return _result(_ZERO, n_cells, 0, marginals)
    counter = _Counter(marginals, meter, cache)
    try:
        table = counter.solve(tuple(sorted(merged.items())))
    finally:
        counter.settle()
    return _result(table, n_cells, counter.nodes, marginals)


def _result(table: _Table, n_cells: int, nodes: int, marginals: bool) -> ComponentCount:
    length = n_cells + 1

    def padded(ways: list[int]) -> tuple[int, ...]:
        return tuple(ways[:length]) + (0,) * (length - len(ways))

    mine_ways: tuple[tuple[int, ...], ...] = ()
    if marginals:
        mine_ways = tuple(padded(table.cells.get(i, [0])) for i in range(n_cells))
    return ComponentCount(padded(table.ways), mine_ways, nodes)
