"""The Minesweeper kit: a beginner window (:mod:`kit.skins.minesweeper`, our own art)."""

from __future__ import annotations

import numpy as np

from ..skins.common import Rendered

from ..skins import minesweeper
from . import GameKit

NUMBERS = tuple(str(n) for n in range(9))


def layout(seed: int, mines: int = minesweeper.MINES, keep_clear: tuple[int, int] | None = None
           ) -> np.ndarray:
    """A 9x9 mine layout (booleans), none on ``keep_clear`` nor around it."""
    rng = np.random.default_rng(seed)
    cells = [(r, c) for r in range(minesweeper.ROWS) for c in range(minesweeper.COLS)
             if keep_clear is None or max(abs(r - keep_clear[0]), abs(c - keep_clear[1])) > 1]
    mined = np.zeros((minesweeper.ROWS, minesweeper.COLS), bool)
    for k in rng.choice(len(cells), size=mines, replace=False):
        mined[cells[k]] = True
    return mined


def counts(mined: np.ndarray) -> np.ndarray:
    """How many mines touch each cell."""
    padded = np.pad(mined.astype(int), 1)
    rows, cols = mined.shape
    return sum(padded[1 + dr:1 + dr + rows, 1 + dc:1 + dc + cols]
               for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0))


def opened(mined: np.ndarray, grid: list[list[str]], row: int, col: int) -> None:
    """Open ``(row, col)`` on ``grid`` as the game does: a 0 opens its neighbours too."""
    near = counts(mined)
    todo = [(row, col)]
    while todo:
        r, c = todo.pop()
        if grid[r][c] not in (".", "F"):
            continue
        grid[r][c] = "*" if mined[r, c] else str(near[r, c])
        if not mined[r, c] and near[r, c] == 0:
            todo += [(r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                     if 0 <= r + dr < mined.shape[0] and 0 <= c + dc < mined.shape[1]]


def specimen(skin: minesweeper.MinesweeperSkin = minesweeper.DEFAULT_SKIN) -> Rendered:
    """Every token: unopened, flagged, a mine, and each number (looks, not a game)."""
    rows = [". . . . . . . . .", ". F . . . . . . .", ". . 0 1 2 3 4 . .",
            ". . 5 6 7 8 * . .", ". . . . . . . F .", ". . . . . . . . .",
            ". . 0 0 . . . . .", ". . . . . . . . .", ". . . . . . . . ."]
    return minesweeper.render(rows, skin=skin)


def random_shot(rng: np.random.Generator, skin=minesweeper.DEFAULT_SKIN) -> Rendered:
    """A random board of tokens (looks, not a game)."""
    tokens = np.array([".", "F", "*", *NUMBERS])
    weights = np.array([0.4, 0.06, 0.02, 0.2, 0.12, 0.08, 0.05, 0.03, 0.015, 0.01, 0.01, 0.005])
    grid = rng.choice(tokens, size=(minesweeper.ROWS, minesweeper.COLS), p=weights / weights.sum())
    return minesweeper.render(grid.tolist(), skin=skin)


def script():
    """A beginner game: a first click opening a region, safe clicks next to it, a flag on a
    mine it shows; every move changes the board."""
    from ..scripted import Script

    mined = layout(11, keep_clear=(4, 4))
    grid = [["."] * minesweeper.COLS for _ in range(minesweeper.ROWS)]
    boards = [tuple(tuple(r) for r in grid)]

    def frontier(want_mine: bool) -> tuple[int, int]:
        """The first unopened cell (reading order) touching an opened one, mined or not."""
        for r in range(minesweeper.ROWS):
            for c in range(minesweeper.COLS):
                if grid[r][c] != "." or bool(mined[r, c]) != want_mine:
                    continue
                if any(grid[rr][cc] not in (".", "F")
                       for rr in range(max(r - 1, 0), min(r + 2, minesweeper.ROWS))
                       for cc in range(max(c - 1, 0), min(c + 2, minesweeper.COLS))):
                    return r, c
        raise ValueError("no such cell next to the opened region")

    opened(mined, grid, 4, 4)
    boards.append(tuple(tuple(r) for r in grid))
    for step in range(4):
        if step == 2:
            r, c = frontier(want_mine=True)
            grid[r][c] = "F"
        else:
            opened(mined, grid, *frontier(want_mine=False))
        boards.append(tuple(tuple(r) for r in grid))
    return Script("minesweeper", tuple(boards), lambda cells, index: minesweeper.render(cells))




def demo():
    """A beginner game played by following the advice: the first click where the advice
    says (the game keeps a mine off it and around it), then the advised cell each time,
    except the fourth move, where the player opens another certainly safe cell."""
    from ..advised import advice_for, frozen, play
    from ..scripted import Script

    def text_of(board) -> str:
        return f"mines: {minesweeper.MINES}\n" + "\n".join(" ".join(row) for row in board) + "\n"

    blank = frozen([["."] * minesweeper.COLS for _ in range(minesweeper.ROWS)])
    first = advice_for("minesweeper", text_of(blank)).recommend[0]
    mined = layout(11, keep_clear=(first.row, first.col))

    def open_cell(board, cell, advice):
        grid = [list(row) for row in board]
        opened(mined, grid, *cell)
        return frozen(grid)

    def another_safe(board, advice):
        advised = {(c.row, c.col) for c in advice.recommend}
        safe = [(m.row, m.col) for m in advice.marks
                if m.kind.value == "safe" and (m.row, m.col) not in advised]
        return min(safe) if safe else (advice.recommend[0].row, advice.recommend[0].col)

    boards, _ = play("minesweeper", blank, text_of, open_cell, moves=5,
                     deviate={3: another_safe})
    return Script("minesweeper", boards, lambda cells, index: minesweeper.render(cells))


KIT = GameKit(
    game="minesweeper",
    specimen=specimen,
    # The blue band around the board (and the bevel inside it) is the anchor.
    learn_options={"margin": 1.0},
    random_shot=random_shot,
    script=script,
    demo=demo,
)
