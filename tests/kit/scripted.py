"""Scripted games drawn with the shipped skins: the pictures the live tests, the live benchmark
and the end-to-end demo window show. Our own art (``gridsight.skins``), never a real game's.

A :class:`Script` is a list of boards in pack labels (what a player would see after each move);
:func:`screen` draws one on a larger canvas, the way a game sits in an emulator's window.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from gridsight.skins import disco_zoo, pentomino, tile_path
from gridsight.skins.common import Rendered

CANVAS = (360, 600)  # (width, height) of the demo window's picture


@dataclass(frozen=True)
class Script:
    game: str
    boards: tuple[tuple[tuple[str, ...], ...], ...]
    options: tuple[tuple[str, object], ...] = ()

    def render(self, index: int) -> np.ndarray:
        """Board ``index`` drawn with the game's skin (the game's own screen, scale 1)."""
        return self.shot(index).image

    def labels(self, index: int) -> list[list[str]]:
        """Board ``index`` in the pack's labels (what the reader should believe)."""
        return [list(row) for row in self.shot(index).labels]

    def shot(self, index: int) -> Rendered:
        """Board ``index`` drawn, with the truth about the drawing."""
        cells = [list(row) for row in self.boards[index]]
        extra = dict(self.options)
        if self.game == "disco-zoo":
            attempts = int(extra.get("attempts", 10)) - sum(
                c != "ground" for row in cells for c in row)
            return disco_zoo.render(cells, region=str(extra.get("region", "Jungle")),
                                    attempts=attempts, animals=extra.get("animals"),
                                    seed=int(extra.get("seed", 0)))
        if self.game == "tile-path":
            return tile_path.render(cells, scale=int(extra.get("scale", 2)))
        return pentomino.render(cells, pieces_left=str(extra.get("pieces_left", "")))


def screen(image: np.ndarray, size: tuple[int, int] = CANVAS, at: tuple[int, int] = (20, 20),
           background: tuple[int, int, int] = (40, 34, 30)) -> np.ndarray:
    """``image`` pasted at ``at`` on a ``size`` canvas (cropped if it does not fit)."""
    width, height = size
    canvas = np.empty((height, width, 3), np.uint8)
    canvas[:] = background
    x, y = at
    h = min(image.shape[0], height - y)
    w = min(image.shape[1], width - x)
    canvas[y:y + h, x:x + w] = image[:h, :w]
    return canvas


def _grid(text: str) -> tuple[tuple[str, ...], ...]:
    return tuple(tuple(line.split()) for line in text.strip().splitlines())


def disco_script() -> Script:
    """A Jungle rescue (Gorilla, Panda, Tiger): a few taps, one of them finding a Panda tile."""
    g, e = "ground", "empty"
    base = [[g] * 5 for _ in range(5)]
    boards = [tuple(tuple(r) for r in base)]
    for r, c, label in ((2, 2, e), (1, 3, e), (3, 1, "animal:Panda"), (0, 0, e)):
        base[r][c] = label
        boards.append(tuple(tuple(row) for row in base))
    return Script("disco-zoo", tuple(boards),
                  (("region", "Jungle"), ("attempts", 10),
                   ("animals", {"Gorilla": "common", "Panda": "rare", "Tiger": "rare"})))


TILE_ROOM = """
. . . . . . . .
. . . # . . . .
. . . . . . . .
. . . . . . . .
L . . # . . . .
S . . . . . . E
"""


def tile_path_script() -> Script:
    """Link walks a few steps on the room, leaving crossed tiles behind."""
    grid = [list(r) for r in _grid(TILE_ROOM)]
    boards = [tuple(tuple(r) for r in grid)]
    pos = (4, 0)
    for step in ((3, 0), (3, 1), (3, 2)):
        grid[pos[0]][pos[1]] = "x"
        grid[step[0]][step[1]] = "L"
        pos = step
        boards.append(tuple(tuple(r) for r in grid))
    return Script("tile-path", tuple(boards))


PENTOMINO_LEVEL = """
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


def pentomino_script() -> Script:
    """Pieces placed one by one on a 6x10 box (the U, then the V)."""
    grid = [list(r) for r in _grid(PENTOMINO_LEVEL)]
    boards = [tuple(tuple(r) for r in grid)]
    for letter, cells in (("U", ((3, 1), (3, 2), (4, 1), (5, 1), (5, 2))),):
        for r, c in cells:
            grid[r][c] = letter
        boards.append(tuple(tuple(r) for r in grid))
    return Script("pentomino", tuple(boards), (("pieces_left", "FNPTVWYZ"),))


SCRIPTS = {"disco-zoo": disco_script, "tile-path": tile_path_script,
           "pentomino": pentomino_script}
