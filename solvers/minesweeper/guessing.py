"""The guess when no cell is certainly safe: safety first, then what the guess leads to.

:func:`best_guess` decides in two ways:

1. **End-game search** (:mod:`.endgame`): when the board fits few layouts (at most
   :data:`~.endgame.ENDGAME_LAYOUTS`), the game is played out over all of them and the cell
   with the best exact chance to win is taken; the search is bounded (``states``) and gives
   way to the rule below when it runs out.
2. **One reveal ahead** (:mod:`.lookahead`): the candidates are the cells whose chance to be
   safe is at least ``share`` of the best (the safest frontier cells, and interior cells when
   the interior is that safe: one cell of each shape surrounded by interior cells only, and
   the interior cells next to the frontier); each is scored by the layouts in which it is
   safe and so is the step after it (a certain cell, or the safest guess then), and the
   highest score wins; ties go to the likelier certain cell next (progress), then the safer
   cell, then the likelier 0, then reading order.

Every comparison is made on exact layout counts. The search is anytime: a caller's
:class:`~gridsight.solvers.limit.Meter` stops it, and the best cell weighed so far is taken (the
safest cell when none was).
"""

from __future__ import annotations

from dataclasses import dataclass

from gridsight.solvers.limit import Limit, LimitReached, Meter
from gridsight.solvers.minesweeper.analysis import Analysis, CellOdds
from gridsight.solvers.minesweeper.endgame import ENDGAME_LAYOUTS, ENDGAME_STATES, solve_endgame
from gridsight.solvers.minesweeper.lookahead import Hypotheses, Look, evaluate

Cell = tuple[int, int]


@dataclass(frozen=True)
class GuessRule:
    """How :func:`best_guess` decides (the defaults are the advice's; the others exist to
    measure each part): ``share`` the least chance to be safe, as a fraction of the best, a
    candidate needs; ``lookahead`` scores candidates one reveal ahead (else the safest wins);
    ``endgame_layouts`` / ``endgame_states`` bound the end-game search (0 layouts: none)."""

    share: float = 0.9
    lookahead: bool = True
    endgame_layouts: int = ENDGAME_LAYOUTS
    endgame_states: int = ENDGAME_STATES


    @property
    def thinks_ahead(self) -> bool:
        return self.lookahead or self.endgame_layouts > 0


DEFAULT_RULE = GuessRule()
#: The previous advice, kept to measure the new one: the lowest mine chance (ties to the
#: likeliest 0, then reading order, in :func:`~.policy.recommend`).
SAFEST_RULE = GuessRule(lookahead=False, endgame_layouts=0)

#: Each part of the advice's guess alone, to measure what it adds: one reveal ahead with no
#: end-game search, and the end-game search with the safest cell otherwise.
LOOKAHEAD_ONLY_RULE = GuessRule(endgame_layouts=0)
ENDGAME_ONLY_RULE = GuessRule(lookahead=False)


@dataclass(frozen=True)
class Guess:
    """The chosen cell and why. ``how`` is ``"endgame"`` (``wins`` of the board's ``layouts``
    won by best play from here), ``"lookahead"`` (``look`` holds its score) or
    ``"safest"`` (``tied``: every cell with the lowest mine chance, reading order; ``cell``
    the first); ``candidates`` how many cells were weighed."""

    cell: Cell
    how: str
    candidates: int
    look: Look | None = None
    wins: int | None = None
    layouts: int | None = None
    tied: tuple[Cell, ...] = ()


def best_guess(analysis: Analysis, rule: GuessRule = DEFAULT_RULE,
               meter: Meter | None = None) -> Guess:
    """The cell to open when none is certainly safe (the analysis must be complete).
    ``meter`` bounds the work: once reached, the best cell found so far."""
    total = analysis.layouts
    assert total is not None and analysis.complete
    choices = [c for c in analysis.cells if not c.certain_mine]
    if not choices:
        raise ValueError("no cell left to open")
    if rule.endgame_layouts and total <= rule.endgame_layouts:
        try:
            solved = solve_endgame(analysis, Limit(seconds=None, states=rule.endgame_states),
                                   most=rule.endgame_layouts, outer=meter)
        except LimitReached:
            solved = None
        if solved is not None:
            return Guess(solved.cell, "endgame", len(solved.cell_wins), wins=solved.wins,
                         layouts=solved.layouts)
    safest = min(c.mine_layouts for c in choices)
    if not rule.lookahead:
        tied = tuple(c.cell for c in choices if c.mine_layouts == safest)
        return Guess(tied[0], "safest", len(tied), tied=tied)
    candidates = _candidates(analysis, choices, total - safest, rule.share)
    board = Hypotheses(analysis)
    best: Look | None = None
    for odds in candidates:
        try:
            look = evaluate(board, odds.cell, bound=-1 if best is None else best.survive - 1,
                            meter=meter)
        except LimitReached:
            break  # anytime: the best weighed so far
        if not look.complete:
            continue
        if best is None or _key(look) > _key(best):
            best = look
    if best is None:  # stopped before any was weighed: the safest
        return Guess(candidates[0].cell, "safest", len(candidates),
                     tied=(candidates[0].cell,))
    return Guess(best.cell, "lookahead", len(candidates), look=best)


def _key(look: Look) -> tuple[int, int, int, int, int]:
    return (look.survive, look.progress, look.safe, -look.cell[0], -look.cell[1])


def _candidates(analysis: Analysis, choices: list[CellOdds], best_safe: int,
                share: float) -> list[CellOdds]:
    """The cells worth weighing, safest first (see the module notes)."""
    total = analysis.layouts
    assert total is not None
    need = best_safe * share
    frontier = [c for c in choices if c.frontier and total - c.mine_layouts >= need]
    interior_cells = [c for c in choices if not c.frontier]
    picked = list(frontier)
    if interior_cells and total - interior_cells[0].mine_layouts >= need:
        state = analysis.state
        interior = set(analysis.frontier.interior)
        unopened = set(state.unopened())
        shapes: set[int] = set()
        for odds in interior_cells:
            around = [n for n in state.neighbours(*odds.cell) if n in unopened]
            if all(n in interior for n in around):
                if len(around) not in shapes:  # one cell stands for all of its shape
                    shapes.add(len(around))
                    picked.append(odds)
            else:
                picked.append(odds)
    picked.sort(key=lambda c: (c.mine_layouts, c.row, c.col))
    return picked
