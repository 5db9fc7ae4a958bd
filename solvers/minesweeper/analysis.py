"""The exact analysis of a Minesweeper board: every unopened cell's chance of a mine.

The model: every layout of exactly ``mines`` mines that fits the board (each opened number
counts its neighbouring mines, shown mines are mines, opened cells are not) is equally
likely. That is the game's own distribution given what is shown when the mines were placed
uniformly at random, and stays so under the first-click rules of
:data:`~solvers.minesweeper.rules.FIRST_CLICK_RULES`, because the cells those rules keep
mine-free are open on every board they produce.

How: the frontier (unopened cells next to a number) is split into independent components
(:mod:`.frontier`); each component's assignments are counted exactly by mine count and by
cell (:mod:`.counting`); the components and the unconstrained interior are put together by
a DP over mine counts weighted by ``C(interior, mines left)`` (:mod:`.combine`). All counts
are exact Python integers; each probability is one correctly rounded integer division, so
it is exact to float precision, and "certain" is decided on the integers.

A time limit bounds the counting. When it passes, the analysis is **incomplete**: it still
lists every cell proven safe or a mine (forced by the numbers one at a time, or decided in a
component whose counting finished) and gives no probabilities.

>>> from solvers.minesweeper.state import MinesweeperState
>>> board = MinesweeperState(1, (("1", "."), (".", ".")))
>>> a = analyse(board)
>>> a.layouts, a.cell(0, 1).mine, a.cell(1, 1).certain_safe
(3, 0.3333333333333333, False)
"""

from __future__ import annotations

from dataclasses import dataclass, field

from solvers.cellnames import cell_name
from solvers.minesweeper.combine import Combination, combine, dot
from solvers.minesweeper.counting import (
    ComponentCount,
    Deadline,
    TimeLimitReached,
    count_component,
    propagate,
)
from solvers.minesweeper.frontier import Component, Frontier, build_frontier
from solvers.minesweeper.rules import FLAG
from solvers.minesweeper.state import MinesweeperState
from solvers.minesweeper.validate import conflict_error

Cell = tuple[int, int]
DEFAULT_TIME_LIMIT = 20.0


@dataclass(frozen=True)
class CellOdds:
    """What one unopened (or flagged) cell holds.

    ``mine_layouts`` is how many fitting layouts have a mine here (``mine = mine_layouts /
    layouts``); both are ``None`` when the analysis is incomplete. The flags are decided on
    exact counts, or on proof when the analysis is incomplete.
    """

    row: int
    col: int
    mine: float | None
    mine_layouts: int | None
    certain_safe: bool
    certain_mine: bool
    frontier: bool
    flagged: bool

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
    says whether the counting finished within ``time_limit`` seconds; ``counted`` how many of
    the ``len(components)`` components were counted. ``combination`` holds the mine-count DP
    (for the policy's conditional counts).
    """

    state: MinesweeperState
    frontier: Frontier
    complete: bool
    layouts: int | None
    cells: tuple[CellOdds, ...]
    components: tuple[ComponentResult, ...]
    time_limit: float | None
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


def analyse(state: MinesweeperState, time_limit: float | None = DEFAULT_TIME_LIMIT) -> Analysis:
    """Analyse ``state`` exactly, counting for at most ``time_limit`` seconds (``None``: no
    limit).

    Raises :class:`solvers.errors.ImpossibleBoardError` naming a small set of readings that
    cannot all be true when no layout fits the board.
    """
    frontier = build_frontier(state)
    if frontier.impossible or frontier.mines_left < 0:
        raise conflict_error(state, time_limit)
    deadline = Deadline(time_limit)
    results = [ComponentResult(component, None) for component in frontier.components]
    # smallest first: if time runs out, as many components as possible are decided
    for i in sorted(range(len(results)), key=lambda i: len(results[i].component.cells)):
        component = results[i].component
        try:
            count = count_component(
                len(component.cells), results[i].bits(), deadline=deadline
            )
        except TimeLimitReached:
            return _incomplete(state, frontier, results, time_limit)
        if count.total == 0:
            raise conflict_error(state, time_limit)
        results[i] = ComponentResult(component, count)
    return _complete(state, frontier, results, time_limit)


def _complete(
    state: MinesweeperState,
    frontier: Frontier,
    results: list[ComponentResult],
    time_limit: float | None,
) -> Analysis:
    counts = [r.count for r in results]
    assert all(c is not None for c in counts)
    interior = len(frontier.interior)
    combination = combine([c.ways for c in counts], interior, frontier.mines_left)
    total = combination.total
    if total == 0:
        raise conflict_error(state, time_limit)
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
        )
        for cell in state.unopened()
    )
    return Analysis(
        state, frontier, True, total, cells, tuple(results), time_limit, combination
    )


def _incomplete(
    state: MinesweeperState,
    frontier: Frontier,
    results: list[ComponentResult],
    time_limit: float | None,
) -> Analysis:
    """What is proven when the counting ran out of time: cells forced by the numbers, and
    cells decided in every assignment of a component that was counted."""
    safe: set[Cell] = set()
    mines: set[Cell] = set()
    for result in results:
        cells = result.component.cells
        if result.count is not None:
            for cell, ways in zip(cells, result.count.mine_ways):
                if not any(ways):
                    safe.add(cell)
                elif tuple(ways) == result.count.ways:
                    mines.add(cell)
            continue
        propagated = propagate(tuple(sorted(dict(result.bits()).items())))
        if propagated is None:
            continue  # a contradiction the counting did not reach: nothing to claim
        _, mine_mask, safe_mask = propagated
        mines.update(cell for i, cell in enumerate(cells) if mine_mask >> i & 1)
        safe.update(cell for i, cell in enumerate(cells) if safe_mask >> i & 1)
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
        )
        for cell in state.unopened()
    )
    return Analysis(state, frontier, False, None, odds, tuple(results), time_limit)
