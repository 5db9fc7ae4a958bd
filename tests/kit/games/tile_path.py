"""The tile-path kit: a Game Boy style room (:mod:`kit.skins.tile_path`, our own art)."""

from __future__ import annotations

import numpy as np

from ..skins.common import Rendered

from ..skins import tile_path
from . import GameKit

ROOM = """
. . . . . . . .
. . . # . . . .
. . . . . . . .
. . . . . . . .
L . . # . . . .
S . . . . . . E
"""


def specimen(skin: tile_path.TilePathSkin = tile_path.DEFAULT_SKIN, scale: int = 2) -> Rendered:
    """Every tile of the room's look: to cross, crossed, statue, start, exit, the hero."""
    rows = ["S . . . . . . .", ". # . . . . . .", ". . x x . . . .",
            ". . . . . . . .", ". . . . . . # .", "L x . . . . . E"]
    return tile_path.render(rows, skin=skin, scale=scale)


def random_shot(rng: np.random.Generator, skin=tile_path.DEFAULT_SKIN, scale: int = 2) -> Rendered:
    weights = np.array([0.5, 0.3, 0.08, 0.04, 0.04, 0.04])
    grid = rng.choice(tile_path.LABELS, size=(tile_path.ROWS, tile_path.COLS), p=weights)
    return tile_path.render(grid.tolist(), skin=skin, scale=scale, smooth=bool(rng.random() < 0.3))


def script():
    """The hero walks a few steps on the room, leaving crossed tiles behind."""
    from ..scripted import Script, grid

    room = grid(ROOM)
    boards = [tuple(tuple(r) for r in room)]
    pos = (4, 0)
    for step in ((3, 0), (3, 1), (3, 2)):
        room[pos[0]][pos[1]] = "x"
        room[step[0]][step[1]] = "L"
        pos = step
        boards.append(tuple(tuple(r) for r in room))
    return Script("tile-path", tuple(boards), lambda cells, index: tile_path.render(cells))




def demo():
    """The hero walks the room by the advice: each step one the advice offers (the first of
    them when it offers two)."""
    from ..advised import frozen, play
    from ..scripted import Script, grid

    def text_of(board) -> str:
        return "\n".join(" ".join(row) for row in board) + "\n"

    def step(board, cell, advice):
        cells = [list(row) for row in board]
        here = next((r, c) for r, row in enumerate(cells) for c, t in enumerate(row) if t == "L")
        cells[here[0]][here[1]] = "x"
        cells[cell[0]][cell[1]] = "L"
        return frozen(cells)

    boards, _ = play("tile-path", frozen(grid(ROOM)), text_of, step, moves=4)
    return Script("tile-path", boards, lambda cells, index: tile_path.render(cells))


KIT = GameKit(
    game="tile-path",
    specimen=specimen,
    # The room's walls (exactly one tile thick) are the anchor.
    learn_options={"margin": 1.0},
    random_shot=random_shot,
    script=script,
    demo=demo,
)
