"""The constraints a board's numbers put on its unopened cells, split into independent parts.

Each opened number ``v`` with ``s`` shown mines around it says that exactly ``v - s`` of its
unopened neighbours hold a mine. The **frontier** is the unopened cells next to at least one
number; the **interior** is every other unopened cell, on which the numbers say nothing (only
the total mine count reaches it). Two frontier cells are in the same **component** when a chain
of numbers links them; components are independent given how many mines each holds, which is
what lets the analysis count each one alone and combine them by mine count.

Flags are the player's beliefs, not facts: a flagged cell is an unopened cell here.

>>> from gridsight.solvers.minesweeper.state import MinesweeperState
>>> state = MinesweeperState(3, (("1", ".", ".", ".", "1"),
...                              ("1", ".", ".", ".", "1"),
...                              ("1", ".", ".", ".", "1")))
>>> f = build_frontier(state)
>>> len(f.cells), len(f.interior), f.mines_left, len(f.components)
(6, 3, 3, 2)
>>> [len(c.cells) for c in f.components]
[3, 3]
"""

from __future__ import annotations

from dataclasses import dataclass

from gridsight.solvers.minesweeper.rules import FLAG, MINE, UNOPENED
from gridsight.solvers.minesweeper.state import MinesweeperState

Cell = tuple[int, int]
_MAY_HOLD_A_MINE = frozenset({UNOPENED, FLAG})


@dataclass(frozen=True)
class Constraint:
    """``mines`` of ``cells`` (unopened cells) hold a mine, as the number at ``source`` says."""

    source: Cell
    cells: tuple[Cell, ...]
    mines: int

    @property
    def possible(self) -> bool:
        """Whether the count fits the cells at all (0 <= mines <= number of cells)."""
        return 0 <= self.mines <= len(self.cells)


@dataclass(frozen=True)
class Component:
    """Frontier cells linked by numbers, and the constraints on them.

    ``cells`` are in a breadth-first order from one end of the component (the counting
    search assigns cells in this order, so the cells still open at any moment form a narrow
    band and the cache of partial counts stays small).
    """

    cells: tuple[Cell, ...]
    constraints: tuple[Constraint, ...]


@dataclass(frozen=True)
class Frontier:
    """Everything the numbers say about the unopened cells.

    ``mines_left`` is the total mine count less the mines shown; ``impossible`` lists the
    constraints that cannot hold whatever the other cells hold (a 3 with two unopened
    neighbours, a number with too many shown mines around it).
    """

    cells: tuple[Cell, ...]
    interior: tuple[Cell, ...]
    constraints: tuple[Constraint, ...]
    components: tuple[Component, ...]
    mines_left: int
    impossible: tuple[Constraint, ...]


def constraints_of(state: MinesweeperState) -> list[Constraint]:
    """One constraint per opened number, row by row (numbers with no unopened neighbour
    included: they must then show exactly their shown mines)."""
    found = []
    grid = state.grid
    for r, c in state.numbers():
        around = state.neighbours(r, c)
        shown = sum(grid[n[0]][n[1]] == MINE for n in around)
        unopened = tuple(n for n in around if grid[n[0]][n[1]] in _MAY_HOLD_A_MINE)
        found.append(Constraint((r, c), unopened, int(grid[r][c]) - shown))
    return found


def split_components(constraints: list[Constraint]) -> list[Component]:
    """Group the constraints that share cells (transitively); each group with its cells in a
    breadth-first order starting from a cell at one end. Components come in the order of
    their first cell, row by row."""
    parent: dict[Cell, Cell] = {}

    def find(cell: Cell) -> Cell:
        while parent[cell] != cell:
            parent[cell] = parent[parent[cell]]
            cell = parent[cell]
        return cell

    for con in constraints:
        for cell in con.cells:
            parent.setdefault(cell, cell)
        for a, b in zip(con.cells, con.cells[1:]):
            ra, rb = find(a), find(b)
            if ra != rb:
                parent[max(ra, rb)] = min(ra, rb)
    groups: dict[Cell, list[Constraint]] = {}
    for con in constraints:
        if con.cells:
            groups.setdefault(find(con.cells[0]), []).append(con)
    return [_ordered(groups[root]) for root in sorted(groups)]


def _ordered(constraints: list[Constraint]) -> Component:
    links: dict[Cell, set[Cell]] = {}
    for con in constraints:
        for cell in con.cells:
            links.setdefault(cell, set()).update(con.cells)
    start = min(links)
    for _ in range(2):  # twice from the far end: a cell at one end of a long component
        start = _bfs(links, start)[-1]
    return Component(tuple(_bfs(links, start)), tuple(constraints))


def _bfs(links: dict[Cell, set[Cell]], start: Cell) -> list[Cell]:
    order = [start]
    seen = {start}
    for cell in order:
        for nxt in sorted(links[cell] - seen):
            seen.add(nxt)
            order.append(nxt)
    return order


def build_frontier(state: MinesweeperState) -> Frontier:
    """The frontier, interior, constraints and components of ``state``."""
    constraints = constraints_of(state)
    on_frontier = {cell for con in constraints for cell in con.cells}
    unopened = state.unopened()
    return Frontier(
        cells=tuple(cell for cell in unopened if cell in on_frontier),
        interior=tuple(cell for cell in unopened if cell not in on_frontier),
        constraints=tuple(constraints),
        components=tuple(split_components(constraints)),
        mines_left=state.mines - len(state.shown_mines()),
        impossible=tuple(con for con in constraints if not con.possible),
    )
