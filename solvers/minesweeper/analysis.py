"""The exact analysis of a Minesweeper board: every unopened cell's chance of a mine.

The model: every layout of exactly ``mines`` mines that fits the board (each opened number
counts its neighbouring mines, shown mines are mines, opened cells are not) is equally
likely. That is the game's own distribution given what is shown when the mines were placed
uniformly at random, and stays so under the first-click rules of
:data:`~gridsight.solvers.minesweeper.rules.FIRST_CLICK_RULES`, because the cells those rules keep
mine-free are open on every board they produce.

How: the frontier (unopened cells next to a number) is split into independent components
(:mod:`.frontier`); each component's assignments are counted exactly by mine count and by
cell (:mod:`.counting`); the components and the unconstrained interior are put together by
a DP over mine counts weighted by ``C(interior, mines left)`` (:mod:`.combine`). All counts
are exact Python integers; each probability is one correctly rounded integer division, so
it is exact to float precision, and "certain" is decided on the integers.

A :class:`~gridsight.solvers.limit.Limit` bounds the counting (CPU seconds of the solving thread, by
default). When it is reached, the analysis is **incomplete**: it still lists every cell proven
safe or a mine (forced by the numbers one at a time, or decided in a component whose counting
finished), gives no probabilities, but gives each cell exact **bounds** on its mine chance
(``CellOdds.low``, ``high``): a cell of a counted component has, for each number of mines the
component may hold, an exact chance given that number, and its chance is a mixture of those,
so it lies between the least and the greatest of them; an interior cell's chance is the mines
left to the interior over its cells, between the fewest and the most the frontier leaves; a
cell of a component not counted is only bounded by 0 and 1 (unless the numbers force it).

>>> from gridsight.solvers.minesweeper.state import MinesweeperState
>>> board = MinesweeperState(1, (("1", "."), (".", ".")))
>>> a = analyse(board)
>>> a.layouts, a.cell(0, 1).mine, a.cell(1, 1).certain_safe
(3, 0.3333333333333333, False)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from gridsight.solvers.cellnames import cell_name
from gridsight.solvers.limit import Limit, LimitReached, Meter
from gridsight.solvers.minesweeper.combine import Combination, combine, dot
from gridsight.solvers.minesweeper.counting import (
    ComponentCount,
    count_component,
    propagate,
)
from gridsight.solvers.minesweeper.frontier import Component, Frontier, build_frontier
from gridsight.solvers.minesweeper.rules import FLAG
from gridsight.solvers.minesweeper.state import MinesweeperState
from gridsight.solvers.minesweeper.validate import conflict_error

Cell = tuple[int, int]


@dataclass(frozen=True)
class CellOdds:
    """What one unopened (or flagged) cell holds.

    ``mine_layouts`` is how many fitting layouts have a mine here (``mine = mine_layouts /
    layouts``); both are ``None`` when the analysis is incomplete. The flags are decided on
    exact counts, or on proof when the analysis is incomplete. ``low`` and ``high`` are exact
    bounds of the mine chance (both ``mine`` when the analysis is complete).
    """

    row: int
    col: int
    mine: float | None
    mine_layouts: int | None
    certain_safe: bool
    certain_mine: bool
    frontier: bool
    flagged: bool
    low: Fraction = Fraction(0)
    high: Fraction = Fraction(1)

    @property
    def cell(self) -> Cell:
        return (self.row, self.col)


@dataclass(frozen=True)
class ComponentResult:
    """One component, with its cells in counting order and, when counted, its counts."""

    component: Component
    count: ComponentCount | None

    def bits(self) -> list[tuple[int, int]]:
        """Its constraints as ``(mask, need)`` pairs over the component's cell order."""
        index = {cell: i for i, cell in enumerate(self.component.cells)}
        return [
            (sum(1 << index[c] for c in con.cells), con.mines)
            for con in self.component.constraints
        ]


@dataclass(frozen=True)
class Analysis:
    """The analysis of one board.

    ``layouts`` is the exact number of mine layouts fitting the board (``None`` when
    incomplete); ``cells`` one :class:`CellOdds` per unopened cell, row by row. ``complete``
    says whether the counting finished within the limit (``stopped`` names the limit that
    stopped it, in words); ``counted`` how many of the ``len(components)`` components were
    counted. ``combination`` holds the mine-count DP (for the policy's conditional counts).
    """

    state: MinesweeperState
    frontier: Frontier
    complete: bool
    layouts: int | None
    cells: tuple[CellOdds, ...]
    components: tuple[ComponentResult, ...]
    stopped: str | None = None
    combination: Combination | None = field(default=None, repr=False, compare=False)

    @property
    def counted(self) -> int:
        return sum(result.count is not None for result in self.components)

    def cell(self, row: int, col: int) -> CellOdds:
        for odds in self.cells:
            if odds.row == row and odds.col == col:
                return odds
        raise KeyError(f"{cell_name(row, col)} is not an unopened cell")

    @property
    def safe(self) -> list[CellOdds]:
        return [c for c in self.cells if c.certain_safe]

    @property
    def certain_mines(self) -> list[CellOdds]:
        return [c for c in self.cells if c.certain_mine]

    @property
    def wrong_flags(self) -> list[CellOdds]:
        """Flags on cells that are certainly safe."""
        return [c for c in self.cells if c.flagged and c.certain_safe]


def analyse(state: MinesweeperState, limit: Limit | Meter = Limit()) -> Analysis:
    """Analyse ``state`` exactly, counting within ``limit`` (a :class:`~gridsight.solvers.limit.Limit`,
    or a meter already running; ``Limit.none()``: until done).

    Raises :class:`gridsight.solvers.errors.ImpossibleBoardError` naming a small set of readings that
    cannot all be true when no layout fits the board.
    """
    meter = limit.start() if isinstance(limit, Limit) else limit
    frontier = build_frontier(state)
    if frontier.impossible or frontier.mines_left < 0:
        raise conflict_error(state, meter)
    results = [ComponentResult(component, None) for component in frontier.components]
    # smallest first: if the limit comes first, as many components as possible are decided
    for i in sorted(range(len(results)), key=lambda i: len(results[i].component.cells)):
        component = results[i].component
        try:
            count = count_component(len(component.cells), results[i].bits(), meter=meter)
        except LimitReached:
            return _incomplete(state, frontier, results, meter.reason or "the limit")
        if count.total == 0:
            raise conflict_error(state, meter)
        results[i] = ComponentResult(component, count)
    return _complete(state, frontier, results, meter)


def _complete(
    state: MinesweeperState,
    frontier: Frontier,
    results: list[ComponentResult],
    meter: Meter,
) -> Analysis:
    counts = [r.count for r in results]
    assert all(c is not None for c in counts)
    interior = len(frontier.interior)
    combination = combine([c.ways for c in counts], interior, frontier.mines_left)
    total = combination.total
    if total == 0:
        raise conflict_error(state, meter)
    mine_layouts: dict[Cell, int] = {}
    for result, effective in zip(results, combination.effective):
        for cell, ways in zip(result.component.cells, result.count.mine_ways):
            mine_layouts[cell] = dot(ways, effective)
    for cell in frontier.interior:
        mine_layouts[cell] = combination.interior_mines // interior
    on_frontier = set(frontier.cells)
    cells = tuple(
        CellOdds(
            row=cell[0],
            col=cell[1],
            mine=mine_layouts[cell] / total,
            mine_layouts=mine_layouts[cell],
            certain_safe=mine_layouts[cell] == 0,
            certain_mine=mine_layouts[cell] == total,
            frontier=cell in on_frontier,
            flagged=state.token(*cell) == FLAG,
            low=Fraction(mine_layouts[cell], total),
            high=Fraction(mine_layouts[cell], total),
        )
        for cell in state.unopened()
    )
    return Analysis(state, frontier, True, total, cells, tuple(results), None, combination)


def _incomplete(
    state: MinesweeperState,
    frontier: Frontier,
    results: list[ComponentResult],
    stopped: str,
) -> Analysis:
    """What is proven when the limit stopped the counting: cells forced by the numbers, cells
    decided in every assignment of a component that was counted, and exact bounds of every
    cell's mine chance (see the module notes)."""
    safe: set[Cell] = set()
    mines: set[Cell] = set()
    bounds: dict[Cell, tuple[Fraction, Fraction]] = {}
    # The fewest and most mines each component may hold (counted: exactly; else from the
    # cells the numbers force, and the cells left open).
    fewest = most = 0
    for result in results:
        cells = result.component.cells
        if result.count is not None:
            held = [k for k, ways in enumerate(result.count.ways) if ways]
            fewest, most = fewest + held[0], most + held[-1]
            for i, (cell, ways) in enumerate(zip(cells, result.count.mine_ways)):
                if not any(ways):
                    safe.add(cell)
                elif tuple(ways) == result.count.ways:
                    mines.add(cell)
                given = [Fraction(ways[k], result.count.ways[k]) for k in held]
                bounds[cell] = (min(given), max(given))
            continue
        propagated = propagate(tuple(sorted(dict(result.bits()).items())))
        if propagated is None:
            most += len(cells)
            continue  # a contradiction the counting did not reach: nothing to claim
        _, mine_mask, safe_mask = propagated
        forced = [cell for i, cell in enumerate(cells) if mine_mask >> i & 1]
        cleared = [cell for i, cell in enumerate(cells) if safe_mask >> i & 1]
        mines.update(forced)
        safe.update(cleared)
        fewest += len(forced)
        most += len(cells) - len(cleared)
    interior = len(frontier.interior)
    if interior:
        left = frontier.mines_left
        low = Fraction(max(0, left - min(most, left)), interior)
        high = Fraction(min(interior, max(0, left - fewest)), interior)
        for cell in frontier.interior:
            bounds[cell] = (min(low, Fraction(1)), min(high, Fraction(1)))
    for cell in safe:
        bounds[cell] = (Fraction(0), Fraction(0))
    for cell in mines:
        bounds[cell] = (Fraction(1), Fraction(1))
    on_frontier = set(frontier.cells)
    odds = tuple(
        CellOdds(
            row=cell[0],
            col=cell[1],
            mine=None,
            mine_layouts=None,
            certain_safe=cell in safe,
            certain_mine=cell in mines,
            frontier=cell in on_frontier,
            flagged=state.token(*cell) == FLAG,
            low=bounds.get(cell, (Fraction(0), Fraction(1)))[0],
            high=bounds.get(cell, (Fraction(0), Fraction(1)))[1],
        )
        for cell in state.unopened()
    )
    return Analysis(state, frontier, False, None, odds, tuple(results), stopped)
