"""The pentomino kit: a level screen with its tray (:mod:`kit.skins.pentomino`, our own art)."""

from __future__ import annotations

import numpy as np

from ..skins.common import Rendered

from ..skins import pentomino
from . import GameKit

LEVEL = """
# # # # # # # # # #
# # # # # # # # # #
# # # # # # # # # #
I . . X . . . . . .
I . X X X . . . . .
I . . X . . . . . .
I . . . . . . . . .
I . . . . . . . L .
. . . . . L L L L .
# # # # # # # # # #
# # # # # # # # # #
# # # # # # # # # #
"""


def specimen(skin: pentomino.PentominoSkin = pentomino.DEFAULT_SKIN) -> Rendered:
    """All twelve pieces placed, empty cells and the outside."""
    rows = [
        "##########",
        "#FFIIIIIL#",
        "##FFPPPLL#",
        "##F.PPXL.#",
        "#.UUXXXN.#",
        "#.U.UXNN.#",
        "#TTTVVN..#",
        "#.WTV.YYY#",
        "##WWV..Y.#",
        "#.ZWW....#",
        "#ZZZ.....#",
        "#Z########",
    ]
    return pentomino.render(rows, skin=skin)


def random_shot(rng: np.random.Generator, skin=pentomino.DEFAULT_SKIN) -> Rendered:
    """Random blobs of piece colours, empty cells and outside cells (looks, not a solution)."""
    grid = np.full((pentomino.ROWS, pentomino.COLS), "#", dtype=object)
    r0, c0 = int(rng.integers(0, 3)), int(rng.integers(0, 2))
    h = int(rng.integers(6, pentomino.ROWS - r0 + 1))
    w = int(rng.integers(5, pentomino.COLS - c0 + 1))
    grid[r0 : r0 + h, c0 : c0 + w] = "."
    for letter in rng.permutation(pentomino.LETTERS)[: int(rng.integers(3, 13))]:
        r, c = int(rng.integers(r0, r0 + h)), int(rng.integers(c0, c0 + w))
        for _ in range(5):
            if grid[r, c] == ".":
                grid[r, c] = letter
            dr, dc = ((0, 1), (1, 0), (0, -1), (-1, 0))[int(rng.integers(4))]
            r = min(max(r + dr, r0), r0 + h - 1)
            c = min(max(c + dc, c0), c0 + w - 1)
    return pentomino.render(grid.tolist(), skin=skin)


def script():
    """Pieces placed one by one on a 6x10 box (the U), the tray showing what is left."""
    from ..scripted import Script, grid

    level = grid(LEVEL)
    boards = [tuple(tuple(r) for r in level)]
    for letter, cells in (("U", ((3, 1), (3, 2), (4, 1), (5, 1), (5, 2))),):
        for r, c in cells:
            level[r][c] = letter
        boards.append(tuple(tuple(r) for r in level))
    return Script("pentomino", tuple(boards),
                  lambda cells, index: pentomino.render(cells, pieces_left="FNPTVWYZ"))




TRAY = "FILNPTUVWXYZ"


def demo():
    """Pieces placed one by one where the advice says, the tray showing what is left."""
    from ..advised import frozen, play
    from ..scripted import Script, grid

    def text_of(board) -> str:
        return ("pieces: " + " ".join(TRAY) + "\n"
                + "\n".join(" ".join(row) for row in board) + "\n")

    def place(board, cell, advice):
        cells = [list(row) for row in board]
        (piece,) = advice.pieces
        for c in piece.cells:
            cells[c.row][c.col] = piece.label
        return frozen(cells)

    boards, _ = play("pentomino", frozen(grid(LEVEL)), text_of, place, moves=2)

    def draw(cells: list[list[str]], index: int) -> Rendered:
        placed = {t for row in cells for t in row}
        return pentomino.render(cells, pieces_left="".join(p for p in TRAY if p not in placed))

    return Script("pentomino", boards, draw)


KIT = GameKit(
    game="pentomino",
    specimen=specimen,
    # The board's gold frame and the background beyond it (the frame alone is one flat
    # colour) are the anchor; the tray's place is the pack's layout.
    learn_options={"margin": 1.0, "layout": pentomino.layout()},
    random_shot=random_shot,
    script=script,
    demo=demo,
)
