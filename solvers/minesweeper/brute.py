"""Two slow references the tests and the benchmark measure the analysis against.

- :func:`brute_force` tries every placement of the mines left among the unopened cells and
  checks each number directly: independent of every other module of this package but the
  state, and only for small boards.
- :func:`whole_frontier` is the textbook method: one backtracking over every frontier cell
  in reading order (no components, no propagation, no cache) tallying each full assignment
  by mine count, then the interior weighted by binomials. Exact, and exponential in the
  frontier size: the benchmark's baseline.

Both return ``(layouts, mine layouts per unopened cell)``.
"""

from __future__ import annotations

from itertools import combinations
from math import comb

from gridsight.solvers.minesweeper.rules import MINE, NUMBERS
from gridsight.solvers.minesweeper.state import MinesweeperState

Cell = tuple[int, int]


def brute_force(state: MinesweeperState) -> tuple[int, dict[Cell, int]]:
    """Count every fitting layout by trying all ``C(unopened, mines left)`` of them."""
    unopened = state.unopened()
    shown = set(state.shown_mines())
    left = state.mines - len(shown)
    numbers = [(cell, int(state.token(*cell)), state.neighbours(*cell)) for cell in
               state.numbers()]
    total = 0
    per_cell = dict.fromkeys(unopened, 0)
    if left < 0:
        return 0, per_cell
    for chosen in combinations(unopened, left):
        mines = shown.union(chosen)
        if all(sum(n in mines for n in around) == value for _, value, around in numbers):
            total += 1
            for cell in chosen:
                per_cell[cell] += 1
    return total, per_cell


def whole_frontier(state: MinesweeperState) -> tuple[int, dict[Cell, int]]:
    """Enumerate every assignment of the whole frontier at once, then weigh the interior."""
    numbers = []
    for cell in state.numbers():
        around = state.neighbours(*cell)
        shown = sum(state.token(*n) == MINE for n in around)
        hidden = [n for n in around if state.token(*n) not in NUMBERS and
                  state.token(*n) != MINE]
        numbers.append((int(state.token(*cell)) - shown, hidden))
    frontier = sorted({n for _, hidden in numbers for n in hidden})
    position = {cell: i for i, cell in enumerate(frontier)}
    watch: list[list[int]] = [[] for _ in frontier]  # numbers touching each frontier cell
    needs = [need for need, _ in numbers]
    open_left = [len(hidden) for _, hidden in numbers]
    for j, (_, hidden) in enumerate(numbers):
        for cell in hidden:
            watch[position[cell]].append(j)
    if any(n < 0 or n > o for n, o in zip(needs, open_left)):
        return 0, dict.fromkeys(state.unopened(), 0)
    size = len(frontier)
    ways = [0] * (size + 1)
    mine_ways = [[0] * (size + 1) for _ in frontier]
    assignment = [0] * size

    def visit(i: int, mines: int) -> None:
        if i == size:
            ways[mines] += 1
            for c in range(size):
                if assignment[c]:
                    mine_ways[c][mines] += 1
            return
        for value in (1, 0):
            ok = True
            for j in watch[i]:
                needs[j] -= value
                open_left[j] -= 1
                if needs[j] < 0 or needs[j] > open_left[j]:
                    ok = False
            if ok:
                assignment[i] = value
                visit(i + 1, mines + value)
            for j in watch[i]:
                needs[j] += value
                open_left[j] += 1

    visit(0, 0)
    interior = [cell for cell in state.unopened() if cell not in position]
    left = state.mines - len(state.shown_mines())

    def fill(k: int, size: int) -> int:
        return comb(size, left - k) if 0 <= left - k <= size else 0

    total = sum(x * fill(k, len(interior)) for k, x in enumerate(ways))
    per_cell = {
        cell: sum(x * fill(k, len(interior)) for k, x in enumerate(mine_ways[position[cell]]))
        for cell in frontier
    }
    inner = sum(x * fill(k + 1, len(interior) - 1) for k, x in enumerate(ways))
    per_cell.update({cell: inner for cell in interior})
    return total, per_cell
