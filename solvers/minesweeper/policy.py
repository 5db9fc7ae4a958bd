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

When the analysis is incomplete (time limit), only a cell proven safe is recommended, the
first in reading order; with none, nothing is.

>>> from solvers.minesweeper.analysis import analyse
>>> from solvers.minesweeper.state import MinesweeperState
>>> recommend(analyse(MinesweeperState.empty(9, 9, 10))).cell
(0, 0)
"""

from __future__ import annotations

from dataclasses import dataclass

from solvers.minesweeper.analysis import Analysis, CellOdds
from solvers.minesweeper.combine import combine, dot
from solvers.minesweeper.counting import count_component
from solvers.minesweeper.guessing import DEFAULT_RULE, SAFEST_RULE, GuessRule, best_guess

Cell = tuple[int, int]

__all__ = ["DEFAULT_RULE", "SAFEST_RULE", "GuessRule", "Recommendation", "recommend",
           "zero_layouts"]


@dataclass(frozen=True)
class Recommendation:
    """The cell to open and why: ``safe`` when it is certainly safe; ``mine`` its mine chance
    (``None`` when the analysis is incomplete), ``zero`` its chance to show a 0 (``None`` when
    not computed); ``tied`` how many cells shared the lowest mine chance.

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
    how: str = ""
    survive: float | None = None
    progress: float | None = None
    win: float | None = None


def zero_layouts(analysis: Analysis, cell: Cell, cache: dict | None = None) -> int:
    """How many fitting layouts leave ``cell`` and all its unopened neighbours mine-free (so
    that opening it shows a 0). Needs a complete analysis. ``cache`` (a dict) may be shared
    by calls on the same analysis: it keeps their answers and partial counts."""
    state, frontier = analysis.state, analysis.frontier
    unopened = set(state.unopened())
    held = {cell} | {n for n in state.neighbours(*cell) if n in unopened}
    interior = set(frontier.interior)
    in_interior = len(held & interior)
    key = (frozenset(held - interior), in_interior)
    if cache is None:
        cache = {}
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
                                      marginals=False, cache=partial)
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


def recommend(analysis: Analysis, rule: GuessRule = DEFAULT_RULE) -> Recommendation | None:
    """The cell to open next (see the module notes), or ``None`` when the game is over or
    nothing is proven safe within the time limit. ``rule``: how to guess (the default is
    the advice's; :data:`~.guessing.SAFEST_RULE` the previous one)."""
    state = analysis.state
    if state.finished:
        return None
    open_choices = [c for c in analysis.cells if not c.certain_mine]
    if not open_choices:
        return None
    safe = [c for c in open_choices if c.certain_safe]
    if not analysis.complete:
        if not safe:
            return None
        return Recommendation(safe[0].cell, True, None, None, 0)
    if safe:
        return _most_open(analysis, safe, safe=True)
    lowest = min(c.mine_layouts for c in open_choices)
    tied = [c for c in open_choices if c.mine_layouts == lowest]
    if not state.numbers() or not rule.thinks_ahead:  # nothing to look ahead from
        return _most_open(analysis, tied, safe=False)
    guess = best_guess(analysis, rule)
    if guess.how == "safest":
        return _most_open(analysis, [analysis.cell(*c) for c in guess.tied], safe=False)
    odds = analysis.cell(*guess.cell)
    total = analysis.layouts
    assert total is not None
    look = guess.look
    return Recommendation(
        guess.cell, False, odds.mine, zero_layouts(analysis, guess.cell) / total,
        len(tied) if odds.mine_layouts == lowest else 0, guess.how,
        survive=None if look is None else look.survive / total,
        progress=None if look is None else look.progress / total,
        win=None if guess.wins is None or guess.layouts is None else guess.wins / guess.layouts,
    )


def _most_open(analysis: Analysis, cells: list[CellOdds], safe: bool) -> Recommendation:
    cache: dict = {}
    scored = [(zero_layouts(analysis, c.cell, cache), c) for c in cells]
    zeros, best = max(scored, key=lambda zc: (zc[0], not zc[1].flagged, -zc[1].row,
                                              -zc[1].col))
    return Recommendation(
        best.cell, safe, best.mine, zeros / analysis.layouts, 0 if safe else len(cells),
        "" if safe else "safest",
    )
