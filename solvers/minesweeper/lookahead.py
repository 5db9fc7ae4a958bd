"""One reveal ahead: how likely a guess is to survive, and the guess after it.

When no cell is certainly safe, the safest cell is not always the best guess: a cell that
is a little riskier may, once opened, show a number that makes the next step certain, where
the safest cell tells nothing. For a candidate cell ``X`` and every number ``v`` it may show,
the board after that reveal is analysed exactly: its layouts (those of the present board
with ``X`` safe showing ``v``), whether it then has a certainly safe cell, and if not the
layouts in which its safest cell is safe. Summed over ``v``:

- ``survive``: the layouts in which ``X`` is safe and then either a certain cell follows or
  the safest next guess is safe too (over all the board's layouts, the chance to survive
  this guess and the next one; a certain cell counts as surviving the next step);
- ``progress``: the layouts in which ``X`` is safe and a certain cell follows.

Every figure is an exact integer count of layouts (all share the board's layout count as
denominator), so candidates are compared exactly. The board after a reveal is worked out
from the present analysis: only the components the reveal touches are re-counted (merged
with the cells around ``X`` that were interior), the others keep their counts, and the
mine-count DP joins them again.

>>> from gridsight.solvers.minesweeper.analysis import analyse
>>> from gridsight.solvers.minesweeper.state import MinesweeperState
>>> board = MinesweeperState(1, (("1", ".", "."), ("1", ".", "."), ("1", "1", "1")))
>>> a = analyse(board)  # one layout fits: the mine at (1, 1), which the 1 at (2, 0) touches alone
>>> a.layouts
1
>>> sorted((cell, look.survive, look.progress) for cell, look in
...        ((c.cell, evaluate(Hypotheses(a), c.cell)) for c in a.cells))
[((0, 1), 1, 1), ((0, 2), 1, 1), ((1, 1), 0, 0), ((1, 2), 1, 1)]
"""

from __future__ import annotations

from dataclasses import dataclass

from gridsight.solvers.limit import Meter
from gridsight.solvers.minesweeper.analysis import Analysis
from gridsight.solvers.minesweeper.combine import combine, dot
from gridsight.solvers.minesweeper.counting import count_component

Cell = tuple[int, int]


@dataclass(frozen=True)
class Reveal:
    """One number ``value`` the cell may show: ``layouts`` of the present board have the cell
    safe showing it; the board after it has a certainly safe cell (``certain_next``), else its
    safest cell is safe in ``safe_next`` of those layouts."""

    value: int
    layouts: int
    certain_next: bool
    safe_next: int


@dataclass(frozen=True)
class Look:
    """A candidate cell one reveal ahead (counts of layouts of the present board).

    ``safe``: the cell is safe; ``survive``: it is safe and so is the next step (a certain
    cell, or the safest guess of the board after it); ``progress``: it is safe and a certain
    cell follows. ``complete`` is False when the evaluation stopped early because the cell
    could no longer beat ``bound`` (then ``survive`` and ``progress`` are partial sums)."""

    cell: Cell
    safe: int
    survive: int
    progress: int
    reveals: tuple[Reveal, ...]
    complete: bool = True


class Hypotheses:
    """The present board's analysis, arranged to work out boards one reveal later."""

    def __init__(self, analysis: Analysis):
        if not analysis.complete or analysis.combination is None or analysis.layouts is None:
            raise ValueError("the lookahead needs a complete analysis")
        self.analysis = analysis
        self.state = analysis.state
        self.layouts = analysis.layouts
        self.mines_left = analysis.frontier.mines_left
        self.interior = frozenset(analysis.frontier.interior)
        self.unopened = frozenset(self.state.unopened())
        self.where: dict[Cell, tuple[int, int]] = {}
        self.cells: list[tuple[Cell, ...]] = []
        self.bits: list[list[tuple[int, int]]] = []
        self.ways: list[tuple[int, ...]] = []
        self.mine_ways: list[tuple[tuple[int, ...], ...]] = []
        for i, result in enumerate(analysis.components):
            assert result.count is not None
            self.cells.append(result.component.cells)
            self.bits.append(result.bits())
            self.ways.append(result.count.ways)
            self.mine_ways.append(result.count.mine_ways)
            for j, cell in enumerate(result.component.cells):
                self.where[cell] = (i, j)
        self.mine_layouts = {odds.cell: odds.mine_layouts for odds in analysis.cells}

    def around(self, cell: Cell) -> list[Cell]:
        """The unopened neighbours of ``cell``."""
        return [n for n in self.state.neighbours(*cell) if n in self.unopened]


def evaluate(board: Hypotheses, cell: Cell, bound: int = -1, meter: Meter | None = None) -> Look:
    """``cell`` one reveal ahead (see the module notes). The evaluation stops early, with
    ``complete`` False, once the cell's ``survive`` can no longer exceed ``bound``. Raises
    :class:`~gridsight.solvers.limit.LimitReached` once ``meter`` is reached (its counting counts)."""
    mine_layouts = board.mine_layouts[cell]
    assert mine_layouts is not None
    safe = board.layouts - mine_layouts
    if len(board.unopened) - 1 == board.mines_left:  # the last safe cell: opened, it wins
        return Look(cell, safe, safe, safe, (Reveal(-1, safe, True, safe),) if safe else ())
    around = board.around(cell)
    touched = sorted({board.where[c][0] for c in [cell, *around] if c in board.where})
    cells: list[Cell] = []
    base: list[tuple[int, int]] = []
    for i in touched:
        offset = len(cells)
        cells.extend(board.cells[i])
        base.extend((mask << offset, need) for mask, need in board.bits[i])
    cells.extend(n for n in around if n in board.interior)  # interior cells join the frontier
    index = {c: k for k, c in enumerate(cells)}
    if cell in index:
        base.append((1 << index[cell], 0))
    around_mask = sum(1 << index[n] for n in around)
    others = [i for i in range(len(board.cells)) if i not in touched]
    interior_after = (len(board.interior) - sum(n in board.interior for n in around)
                      - (cell in board.interior))
    reveals = []
    survive = progress = seen = 0
    for value in range(len(around) + 1):
        if survive + (safe - seen) <= bound:
            return Look(cell, safe, survive, progress, tuple(reveals), complete=False)
        constraints = base + [(around_mask, value)] if around else base
        count = count_component(len(cells), constraints, meter=meter) if cells else None
        parts = [count.ways if count is not None else (1,)]
        parts += [board.ways[i] for i in others]
        joined = combine(parts, interior_after, board.mines_left)
        total = joined.total
        if total == 0:
            continue
        least = total  # the fewest layouts with a mine in any cell left
        if count is not None:
            effective = joined.effective[0]
            for k, ways in enumerate(count.mine_ways):
                if cells[k] != cell:
                    least = min(least, dot(ways, effective))
        for j, i in enumerate(others, start=1):
            effective = joined.effective[j]
            for ways in board.mine_ways[i]:
                least = min(least, dot(ways, effective))
        if interior_after:
            least = min(least, joined.interior_mines // interior_after)
        certain = least == 0
        reveal = Reveal(value, total, certain, total if certain else total - least)
        reveals.append(reveal)
        seen += total
        survive += reveal.safe_next
        progress += total if certain else 0
    return Look(cell, safe, survive, progress, tuple(reveals))
