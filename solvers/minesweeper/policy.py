"""Which cell to open next: the recommendation, kept apart so it can be swapped.

:func:`recommend` picks

1. a **certain safe** cell if there is one: the one most likely to show a 0 (a 0 opens all
   its neighbours by itself, so it reveals the most), then reading order;
2. otherwise the guess of :func:`~.guessing.best_guess`: on few layouts the end-game search
   (the best exact chance to win), else one reveal ahead among the safest cells (the chance
   to survive this guess and the next step); on an empty board, and under
   :data:`~.guessing.SAFEST_RULE` (the previous advice), the cell with the **lowest mine
   chance** (compared exactly, on layout counts); among cells tied exactly, the one most
   likely to show a 0, then an unflagged cell before a flagged one, then reading order.

"Shows a 0" means the cell and every unopened neighbour are safe; its chance is counted
exactly like the mine chances, by re-counting the components it touches with those cells
held safe (:func:`zero_layouts`). On an empty board every cell ties and the corners win
(three neighbours to keep clear rather than eight).

When the analysis is incomplete (the limit stopped the counting), a cell proven safe is
recommended, the first in reading order; with none, the cell whose mine chance is proven
lowest at worst (the least upper bound of :attr:`CellOdds.high`; ties: the lower ``low``,
then an unflagged cell, then reading order), so there is always advice while a cell is
left to open; ``mine`` is then ``None`` and ``bounds`` says what is proven. A guess stopped
by the limit is the best found so far (the safest cell, at worst).

>>> from gridsight.solvers.minesweeper.analysis import analyse
>>> from gridsight.solvers.minesweeper.state import MinesweeperState
>>> recommend(analyse(MinesweeperState.empty(9, 9, 10))).cell
(0, 0)
"""

from __future__ import annotations

from dataclasses import dataclass

from gridsight.solvers.limit import LimitReached, Meter
from gridsight.solvers.minesweeper.analysis import Analysis, CellOdds
from gridsight.solvers.minesweeper.combine import combine, dot
from gridsight.solvers.minesweeper.counting import count_component
from gridsight.solvers.minesweeper.guessing import DEFAULT_RULE, SAFEST_RULE, GuessRule, best_guess

Cell = tuple[int, int]

__all__ = ["DEFAULT_RULE", "SAFEST_RULE", "GuessRule", "Recommendation", "recommend",
           "zero_layouts"]


@dataclass(frozen=True)
class Recommendation:
    """The cell to open and why: ``safe`` when it is certainly safe; ``mine`` its mine chance
    (``None`` when the analysis is incomplete), ``zero`` its chance to show a 0 (``None`` when
    not computed); ``tied`` how many cells shared the lowest mine chance; ``bounds`` the
    exact least and greatest mine chance proven (both ``mine`` when complete).

    A guess also says ``how`` it was chosen (``"safest"``, ``"lookahead"``, ``"endgame"``);
    ``survive`` is, one reveal ahead, the exact chance that this cell and the next step are
    both safe (a certain cell next, or the safest guess then), ``progress`` the chance that a
    certain cell follows; ``win`` is the exact chance to win with best play from here (the
    end-game search), else ``None``."""

    cell: Cell
    safe: bool
    mine: float | None
    zero: float | None
    tied: int
    bounds: tuple[float, float] | None = None
    how: str = ""
    survive: float | None = None
    progress: float | None = None
    win: float | None = None


def zero_layouts(analysis: Analysis, cell: Cell, cache: dict | None = None,
                 meter: Meter | None = None) -> int:
    """How many fitting layouts leave ``cell`` and all its unopened neighbours mine-free (so
    that opening it shows a 0). Needs a complete analysis. ``cache`` (a dict) may be shared
    by calls on the same analysis: it keeps their answers and partial counts. Raises
    :class:`~gridsight.solvers.limit.LimitReached` once ``meter`` is reached (looked at on
    every call: a board with no number has no component whose count would look, and its every
    cell is tied; the board's sets are kept in ``cache``, not built again per cell)."""
    if meter is not None:
        meter.check()
    state, frontier = analysis.state, analysis.frontier
    if cache is None:
        cache = {}
    sets = cache.get(("sets",))
    if sets is None:
        sets = cache[("sets",)] = (set(state.unopened()), set(frontier.interior))
    unopened, interior = sets
    held = {cell} | {n for n in state.neighbours(*cell) if n in unopened}
    in_interior = len(held & interior)
    key = (frozenset(held - interior), in_interior)
    if key in cache:
        return cache[key]
    ways = []
    touched = []
    for i, result in enumerate(analysis.components):
        cells = result.component.cells
        mask = sum(1 << j for j, c in enumerate(cells) if c in held)
        if mask:
            touched.append(i)
            partial = cache.setdefault(("component", i), {})
            recount = count_component(len(cells), result.bits() + [(mask, 0)],
                                      marginals=False, cache=partial, meter=meter)
            ways.append(recount.ways)
        else:
            ways.append(result.count.ways)
    size = len(frontier.interior) - in_interior
    if len(touched) == 1 and in_interior == 0:  # the analysis's own weights still apply
        count = dot(ways[touched[0]], analysis.combination.effective[touched[0]])
    else:
        count = combine(ways, size, frontier.mines_left).total
    cache[key] = count
    return count


def recommend(analysis: Analysis, meter: Meter | None = None,
              rule: GuessRule = DEFAULT_RULE) -> Recommendation | None:
    """The cell to open next (see the module notes), or ``None`` when the game is over or
    no cell is left to open. ``meter`` bounds the guess's search and the counting of the
    chances to show a 0 (the tie-break): stopped, the best found so far is taken. ``rule``:
    how to guess (the default is the advice's; :data:`~.guessing.SAFEST_RULE` the previous
    one)."""
    state = analysis.state
    if state.finished:
        return None
    open_choices = [c for c in analysis.cells if not c.certain_mine]
    if not open_choices:
        return None
    safe = [c for c in open_choices if c.certain_safe]
    if not analysis.complete:
        if safe:
            return Recommendation(safe[0].cell, True, None, None, 0, (0.0, 0.0))
        best = min(open_choices, key=lambda c: (c.high, c.low, c.flagged, c.row, c.col))
        return Recommendation(best.cell, False, None, None, 0,
                              (float(best.low), float(best.high)))
    if safe:
        return _most_open(analysis, safe, True, meter)
    lowest = min(c.mine_layouts for c in open_choices)
    tied = [c for c in open_choices if c.mine_layouts == lowest]
    if not state.numbers() or not rule.thinks_ahead:  # nothing to look ahead from
        return _most_open(analysis, tied, False, meter)
    guess = best_guess(analysis, rule, meter)
    if guess.how == "safest":
        return _most_open(analysis, [analysis.cell(*c) for c in guess.tied], False, meter)
    odds = analysis.cell(*guess.cell)
    total = analysis.layouts
    assert total is not None and odds.mine is not None
    look = guess.look
    try:
        zero: float | None = zero_layouts(analysis, guess.cell, meter=meter) / total
    except LimitReached:
        zero = None
    return Recommendation(
        guess.cell, False, odds.mine, zero,
        len(tied) if odds.mine_layouts == lowest else 0, (odds.mine, odds.mine),
        how=guess.how,
        survive=None if look is None or not look.complete else look.survive / total,
        progress=None if look is None or not look.complete else look.progress / total,
        win=None if guess.wins is None or guess.layouts is None else guess.wins / guess.layouts,
    )


def _most_open(analysis: Analysis, cells: list[CellOdds], safe: bool,
               meter: Meter | None) -> Recommendation:
    cache: dict = {}
    scored = []
    for cell in cells:
        try:
            scored.append((zero_layouts(analysis, cell.cell, cache, meter), cell))
        except LimitReached:
            break  # the tie-break is cut short: the best of the cells counted
    if not scored:
        best = cells[0]
        return Recommendation(best.cell, safe, best.mine, None, 0 if safe else len(cells),
                              (best.mine, best.mine), how="" if safe else "safest")
    zeros, best = max(scored, key=lambda zc: (zc[0], not zc[1].flagged, -zc[1].row,
                                              -zc[1].col))
    return Recommendation(
        best.cell, safe, best.mine, zeros / analysis.layouts, 0 if safe else len(cells),
        (best.mine, best.mine), how="" if safe else "safest",
    )
