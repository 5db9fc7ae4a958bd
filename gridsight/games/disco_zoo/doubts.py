"""Whether the advice holds whichever animal an unsure found tile shows.

A found tile the reader could not tell (``1/3``: Panda or Tiger) is solved exactly over its
candidates, which is right about the odds only if the player cannot tell either. The player
can: so for each such tile the board is solved again as each candidate alone, and the tile
is a *doubt* when, read as some candidate, the advised tap is no longer a best tap.

"No longer a best tap" is decided exactly, not by comparing tiles: another board may advise
another tile worth exactly as much (a symmetry, a tie). The advised tap's worth on the
other board is its expectation over what it may show there, each outcome's board solved to
its exact value; the advice changes only when that is less than the other board's best. A
value not proven exact within the budget counts as a change (the player is told to look).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from solvers.boardtext import BoardText
from solvers.disco_zoo.advise import RescueAdvice, advise
from solvers.disco_zoo.board import UNTAPPED, RescueBoard, candidates, parse_board
from solvers.disco_zoo.catalogue import COLS
from solvers.disco_zoo.objective import Objective, parse_objective
from solvers.disco_zoo.placements import joint_placements, posterior
from solvers.errors import ImpossibleBoardError

Cell = tuple[int, int]


@dataclass(frozen=True)
class Reading:
    """The board with the unsure tile read as one animal: its name, and the tap advised then
    (``None``: no tap) when the current advice is no longer a best tap (else ``same``)."""

    animal: str
    tap: Cell | None
    same: bool


def tile_readings(board_text: BoardText, cell: Cell, recommend: Cell | None,
                  objective: str = "expected", budget: float | None = 1.0) -> list[Reading]:
    """The unsure tile ``cell`` of the board read as each animal it may show (those that
    leave the board possible), with whether ``recommend`` is still a best tap then."""
    board = parse_board(board_text)
    goal = parse_objective(objective, board.animals)
    r, c = cell
    mask = candidates(board.grid[r][c], len(board.animals))
    out = []
    for k, animal in enumerate(board.animals):
        if not mask >> k & 1:
            continue
        alternative = _set(board, cell, k + 1)
        try:
            result = advise(alternative, goal, budget)
        except ImpossibleBoardError:
            continue  # the board rules this animal out
        same = result.recommend == recommend or (
            recommend is not None and _as_good(alternative, goal, budget, recommend, result))
        out.append(Reading(animal.name, result.recommend, same))
    return out


def _set(board: RescueBoard, cell: Cell, value: int) -> RescueBoard:
    grid = [list(row) for row in board.grid]
    grid[cell[0]][cell[1]] = value
    return replace(board, grid=tuple(map(tuple, grid)))


def tap_value(board: RescueBoard, goal: Objective, budget: float | None,
              tap: Cell) -> Fraction | None:
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
        after = advise(board.with_tap(r, c, 0 if k is None else k + 1), goal, budget)
        if not after.exact:
            return None
        total += chance * after.value
    return total


def _as_good(board: RescueBoard, goal: Objective, budget: float | None, tap: Cell,
             best: RescueAdvice) -> bool:
    """Whether ``tap`` is worth exactly as much as the best tap on ``board``."""
    if not best.exact:
        return False
    worth = tap_value(board, goal, budget, tap)
    return worth is not None and worth == best.value
