"""Whether the advice holds whichever animal an unsure found tile shows.

A found tile the reader could not tell (``1/3``: Panda or Tiger) is solved exactly over its
candidates, which is right about the odds only if the player cannot tell either. The player
can: so for each such tile the board is solved again as each candidate alone, and the tile
is a *doubt*; it changes the advice when, read as some candidate, the advised tap is no
longer a best tap (said first, as a question with each answer's tap), and otherwise is said
in a few words after the advice ("the advice is the same").

"No longer a best tap" is decided exactly, not by comparing tiles: another board may advise
another tile worth exactly as much (a symmetry, a tie). The advised tap's worth on the
other board is its expectation over what it may show there, each outcome's board solved to
its exact value; the advice changes only when that is less than the other board's best. A
value not proven exact within the budget counts as a change (the player is told to look).
These solves share the board's own limit (:class:`~gridsight.solvers.limit.Meter`).

The attempts counter read unsure between counts (``taps: 18/10``: the board solved for 18)
is weighed the same way (:func:`taps_doubt`): the board solved again for each other count,
the advice changing only when it is no longer a best tap there. As a tile's, the doubt is
said either way ("attempts unsure: 18 or 10; the advice is the same"): the count shown may
be wrong, and the player is told whether it matters.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from gridsight.games.doubts import Doubt
from gridsight.solvers.disco_zoo.advise import RescueAdvice, advise
from gridsight.solvers.disco_zoo.board import ONE_OF, UNTAPPED, RescueBoard, candidates
from gridsight.solvers.disco_zoo.catalogue import COLS
from gridsight.solvers.disco_zoo.objective import Objective
from gridsight.solvers.disco_zoo.placements import joint_placements, posterior
from gridsight.solvers.errors import ImpossibleBoardError
from gridsight.solvers.limit import Meter

Cell = tuple[int, int]


@dataclass(frozen=True)
class Reading:
    """The board with the unsure tile read as one animal: its name, the tap advised then
    (``None``: no tap), and whether the current advice is still a best tap then (``same``)."""

    animal: str
    tap: Cell | None
    same: bool


def rescue_doubts(board: RescueBoard, goal: Objective, budget: float | None,
                  recommend: Cell | None, limit: Meter | None = None) -> tuple[Doubt, ...]:
    """The doubts of ``board`` advised ``recommend``: each unsure found tile the board leaves
    more than one animal for, with those of its candidates under which the advice is no
    longer a best tap (none: the advice is the same whichever it is)."""
    out = []
    for r, row in enumerate(board.grid):
        for c, value in enumerate(row):
            if value < ONE_OF:
                continue
            readings = tile_readings(board, (r, c), recommend, goal, budget, limit)
            changes = tuple((x.animal, x.tap) for x in readings if not x.same)
            if len(readings) > 1:
                out.append(Doubt((r, c), tuple(x.animal for x in readings), changes,
                                 advised=(recommend,)))
    return tuple(out)


def taps_doubt(board: RescueBoard, goal: Objective, budget: float | None,
               recommend: Cell | None, limit: Meter | None = None) -> Doubt | None:
    """The doubt of a board whose taps left were read unsure (``board.taps_may_be``, the
    board solved for ``board.taps`` and advised ``recommend``): each other count under which
    the advice is no longer a best tap, with the tap advised then (none: the advice is the
    same for every count). ``None`` for a board whose taps are sure."""
    if not board.taps_may_be:
        return None
    sure = replace(board, taps_may_be=())
    changes = []
    for taps in board.taps_may_be:
        alternative = replace(sure, taps=taps)
        result = advise(alternative, goal, budget, limit)
        same = result.recommend == recommend or (
            recommend is not None and _as_good(alternative, goal, budget, recommend, result,
                                               limit))
        if not same:
            changes.append((str(taps), result.recommend))
    options = tuple(str(n) for n in (board.taps, *board.taps_may_be))
    return Doubt(None, options, tuple(changes), about="taps", advised=(recommend,))


def tile_readings(board: RescueBoard, cell: Cell, recommend: Cell | None, goal: Objective,
                  budget: float | None = 1.0, limit: Meter | None = None) -> list[Reading]:
    """The unsure tile ``cell`` read as each animal it may show (those that leave the board
    possible), with whether ``recommend`` is still a best tap then."""
    r, c = cell
    mask = candidates(board.grid[r][c], len(board.animals))
    out = []
    for k, animal in enumerate(board.animals):
        if not mask >> k & 1:
            continue
        alternative = _set(board, cell, k + 1)
        try:
            result = advise(alternative, goal, budget, limit)
        except ImpossibleBoardError:
            continue  # the board rules this animal out
        same = result.recommend == recommend or (
            recommend is not None and _as_good(alternative, goal, budget, recommend, result,
                                               limit))
        out.append(Reading(animal.name, result.recommend, same))
    return out


def _set(board: RescueBoard, cell: Cell, value: int) -> RescueBoard:
    grid = [list(row) for row in board.grid]
    grid[cell[0]][cell[1]] = value
    return replace(board, grid=tuple(map(tuple, grid)))


def tap_value(board: RescueBoard, goal: Objective, budget: float | None, tap: Cell,
              limit: Meter | None = None) -> Fraction | None:
    """The exact worth of tapping ``tap`` first on ``board`` and playing best after: the
    outcomes' values weighed by their exact chances; ``None`` when some value is not exact
    within the budget (or the tap is not an untapped tile)."""
    r, c = tap
    if board.grid[r][c] != UNTAPPED or board.taps < 1:
        return None
    post = posterior(joint_placements(board))
    tile = r * COLS + c
    total = Fraction(0)
    for k in [None, *range(len(board.animals))]:
        chance = post.probability(tile, k)
        if chance == 0:
            continue
        after = advise(board.with_tap(r, c, 0 if k is None else k + 1), goal, budget, limit)
        if not after.exact:
            return None
        total += chance * after.value
    return total


def _as_good(board: RescueBoard, goal: Objective, budget: float | None, tap: Cell,
             best: RescueAdvice, limit: Meter | None) -> bool:
    """Whether ``tap`` is worth exactly as much as the best tap on ``board``."""
    if not best.exact:
        return False
    worth = tap_value(board, goal, budget, tap, limit)
    return worth is not None and worth == best.value
