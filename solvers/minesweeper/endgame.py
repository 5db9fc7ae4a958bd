"""The end of a game searched to the last cell: the best chance to win when few layouts remain.

When the board fits only a few thousand layouts, every one of them is listed and the game
is played out over all of them at once: a set of layouts still possible is a node; the
cells safe in all of them are opened for free (opening a certain cell never lowers the
chance to win, and what it shows splits the set); otherwise each cell that may be safe is
tried, the set split by the number it shows (the layouts with a mine there are lost), and
the best cell kept. A node with one layout left is won.

Everything is counted, not estimated: ``wins(S)`` is the number of layouts of ``S`` that
the best play from ``S`` wins, so the chance to win is ``wins / layouts`` exactly (every
fitting layout being equally likely). The search remembers each set it has met (a set is
the integer whose bits are its layouts), tries the safest cells first and drops a cell as
soon as it cannot beat the best found (it wins at most the layouts where it is safe). A
:class:`~gridsight.solvers.limit.Meter` bounds the nodes visited: past it :class:`LimitReached`.

>>> from gridsight.solvers.minesweeper.analysis import analyse
>>> from gridsight.solvers.minesweeper.state import MinesweeperState
>>> # a 50/50 pair: any play wins half the layouts
>>> board = MinesweeperState(1, (("1", "1"), (".", ".")))
>>> result = solve_endgame(analyse(board))
>>> result.wins, result.layouts
(1, 2)
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from math import comb

from gridsight.solvers.limit import Limit, LimitReached, Meter
from gridsight.solvers.minesweeper.analysis import Analysis
from gridsight.solvers.minesweeper.counting import propagate

Cell = tuple[int, int]

#: Boards fitting at most this many layouts are searched to the end by the advice.
ENDGAME_LAYOUTS = 1500
#: The nodes the advice's end-game search may visit before it gives up (then the
#: one-reveal lookahead decides).
ENDGAME_STATES = 60_000


@dataclass(frozen=True)
class Endgame:
    """The best play over every layout: open ``cell``; it wins ``wins`` of the board's
    ``layouts`` (equally likely) layouts. ``cell_wins`` gives what each cell tried at the
    root wins (a cell dropped early is absent), and ``states`` the nodes visited."""

    cell: Cell
    wins: int
    layouts: int
    cell_wins: dict[Cell, int]
    states: int

    @property
    def chance(self) -> float:
        return self.wins / self.layouts


def list_layouts(analysis: Analysis, most: int) -> tuple[list[Cell], list[int]] | None:
    """Every layout fitting the board, as bit masks over the unopened cells (returned in
    reading order with them); ``None`` when there are more than ``most``."""
    if not analysis.complete or analysis.layouts is None or analysis.layouts > most:
        return None
    cells = analysis.state.unopened()
    index = {cell: i for i, cell in enumerate(cells)}
    per_component: list[list[tuple[int, int]]] = []  # (mine count, mask over ``cells``)
    for result in analysis.components:
        own = [index[cell] for cell in result.component.cells]
        found = []
        for mask in _assignments(tuple(sorted(dict(result.bits()).items()))):
            spread = 0
            for bit, i in enumerate(own):
                if mask >> bit & 1:
                    spread |= 1 << i
            found.append((mask.bit_count(), spread))
        per_component.append(found)
    interior = [index[cell] for cell in analysis.frontier.interior]
    mines_left = analysis.frontier.mines_left
    layouts: list[int] = []
    for frontier_mines, mask in _joined(per_component, 0, 0, 0, mines_left):
        rest = mines_left - frontier_mines
        for chosen in _choose(interior, rest):
            layouts.append(mask | chosen)
            if len(layouts) > most:
                return None
    if len(layouts) != analysis.layouts:
        raise AssertionError(f"listed {len(layouts)} layouts, counted {analysis.layouts}")
    return cells, layouts


def _assignments(constraints: tuple[tuple[int, int], ...]) -> list[int]:
    """Every mine mask over a component's bits that fits ``constraints``."""
    propagated = propagate(constraints)
    if propagated is None:
        return []
    residual, mines, _ = propagated
    if not residual:
        return [mines]
    scope = 0
    for mask, _ in residual:
        scope |= mask
    bit = scope & -scope
    found = []
    for value in (1, 0):
        for mask in _assignments(tuple(sorted(residual + ((bit, value),)))):
            found.append(mask | mines)
    return found


def _joined(parts: list[list[tuple[int, int]]], i: int, mines: int, mask: int,
            most: int) -> Iterator[tuple[int, int]]:
    if i == len(parts):
        yield mines, mask
        return
    for count, part in parts[i]:
        if mines + count <= most:
            yield from _joined(parts, i + 1, mines + count, mask | part, most)


def _choose(cells: list[int], k: int) -> Iterator[int]:
    if k < 0 or k > len(cells):
        return
    if k == 0:
        yield 0
        return
    first, rest = cells[0], cells[1:]
    for mask in _choose(rest, k - 1):
        yield mask | 1 << first
    if comb(len(rest), k):
        yield from _choose(rest, k)


class _Search:
    def __init__(self, cells: list[Cell], layouts: list[int], neighbours: list[int],
                 meter: Meter, outer: Meter | None = None):
        self.meter = meter
        self.outer = outer
        count = len(layouts)
        # one cell per class of cells that no layout tells apart (same mines, same numbers)
        seen: dict[tuple, int] = {}
        self.cells: list[int] = []
        self.mines: list[int] = []  # per cell: the layouts with a mine there
        self.shows: list[list[int]] = []  # per cell, per number: layouts showing it
        for i in range(len(cells)):
            mines = 0
            shows: dict[int, int] = {}
            for j, layout in enumerate(layouts):
                if layout >> i & 1:
                    mines |= 1 << j
                else:
                    value = (layout & neighbours[i]).bit_count()
                    shows[value] = shows.get(value, 0) | 1 << j
            if mines == (1 << count) - 1:
                continue  # a mine in every layout: never opened
            key = (mines, frozenset(shows.values()))
            if key in seen:
                continue
            seen[key] = i
            self.cells.append(i)
            self.mines.append(mines)
            self.shows.append([part for _, part in sorted(shows.items())])
        self.memo: dict[int, int] = {}

    def wins(self, layouts: int) -> int:
        if layouts & (layouts - 1) == 0:
            return 1 if layouts else 0
        known = self.memo.get(layouts)
        if known is not None:
            return known
        self.meter.count()
        if self.meter.states % 256 == 0:
            self.meter.check()
            if self.outer is not None:
                self.outer.count(256)
                self.outer.check()
        best = self._free(layouts)
        if best is None:
            best = self._guess(layouts)[1]
        self.memo[layouts] = best
        return best

    def _free(self, layouts: int) -> int | None:
        """Open a cell safe in every layout whose number is not yet known, if there is one:
        what it shows splits the set at no risk."""
        for k in range(len(self.cells)):
            if layouts & self.mines[k]:
                continue
            parts = [layouts & part for part in self.shows[k]]
            parts = [p for p in parts if p]
            if len(parts) > 1:
                return sum(self.wins(p) for p in parts)
        return None

    def _guess(self, layouts: int, tried: dict[int, int] | None = None) -> tuple[int, int]:
        """The best cell to open and the layouts it wins."""
        # a cell safe in every layout of the set is open already (its number splits
        # nothing, or :meth:`_free` would have split on it); one with a mine in all, never
        risky = [((layouts & self.mines[k]).bit_count(), k) for k in range(len(self.cells))]
        size = layouts.bit_count()
        order = [k for mines, k in sorted(risky) if 0 < mines < size]
        best_cell, best = order[0], -1
        for k in order:
            safe = layouts & ~self.mines[k]
            left = safe.bit_count()
            if left <= best:
                break  # the cells after it are no safer: none can win more
            won = 0
            for part in self.shows[k]:
                part &= layouts
                if not part:
                    continue
                won += self.wins(part)
                left -= part.bit_count()
                if won + left <= best:
                    break
            else:
                if tried is not None:
                    tried[k] = won
                if won > best:
                    best_cell, best = k, won
        return best_cell, best


def solve_endgame(analysis: Analysis, limit: Limit | Meter | None = None,
                  most: int = ENDGAME_LAYOUTS, outer: Meter | None = None) -> Endgame | None:
    """The best play over every layout of ``analysis`` (complete, at most ``most`` layouts;
    else ``None``). Raises :class:`LimitReached` past ``limit`` (default: no limit) or past
    ``outer`` (a caller's meter, which the search's states count into)."""
    listed = list_layouts(analysis, most)
    if listed is None:
        return None
    cells, layouts = listed
    meter = (limit or Limit.none()).start() if not isinstance(limit, Meter) else limit
    index = {cell: i for i, cell in enumerate(cells)}
    state = analysis.state
    neighbours = [sum(1 << index[n] for n in state.neighbours(*cell) if n in index)
                  for cell in cells]
    search = _Search(cells, layouts, neighbours, meter, outer)
    everything = (1 << len(layouts)) - 1
    tried: dict[int, int] = {}
    free = search._free(everything) if len(layouts) > 1 else None
    if free is not None:  # a certain cell is open: the advice opens it, not this search
        raise ValueError("the board has a certainly safe cell to open first")
    if len(layouts) == 1:
        k = 0
        won = 1
    else:
        k, won = search._guess(everything, tried)
    return Endgame(
        cell=cells[search.cells[k]],
        wins=won,
        layouts=len(layouts),
        cell_wins={cells[search.cells[j]]: w for j, w in tried.items()},
        states=meter.states,
    )


__all__ = ["ENDGAME_LAYOUTS", "ENDGAME_STATES", "Endgame", "LimitReached", "list_layouts",
           "solve_endgame"]
