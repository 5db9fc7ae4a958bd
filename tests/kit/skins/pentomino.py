"""A pentomino-fill level in the project's own art: a portrait phone screenshot.

A title bar, the board (a 12x10 panel of square cells in a frame), and a tray of the pieces
still to place below it. Cell labels are the pentomino text format's tokens: a piece letter
(``F I L N P T U V W X Y Z``) for a cell covered by that piece, ``.`` for an empty cell of the
shape and ``#`` for a cell outside the shape (the panel's background colour). Each piece has
its own colour; a piece's cells are drawn as one block with an outline around the piece.

>>> shot = render(["#" * 10] + ["#" + "." * 8 + "#"] * 10 + ["#" * 10])
>>> shot.labels[1][1], shot.image.shape
('.', (560, 300, 3))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from .common import Color, Rendered, as_grid, hex_color, rounded_rect, shade, text
from gridsight.vision.geometry import BoardGeometry

ROWS, COLS = 12, 10
CELL = 24
WIDTH, HEIGHT = 300, 560
BOARD_X, BOARD_Y = (WIDTH - COLS * CELL) // 2, 70
LETTERS = tuple("FILNPTUVWXYZ")
# The tray below the board: two rows of six slots, each a tile in its piece's colour darkened
# by TRAY_SHADE, with the piece's letter in white.
TRAY_X, TRAY_Y = 14, BOARD_Y + ROWS * CELL + 24
TRAY_STEP, TRAY_PER_ROW, TRAY_SLOT = (46, 40), 6, (36, 32)
TRAY_SHADE = 0.8


def layout() -> dict:
    """Where this screen draws what is not a cell, as the pack's manifest records it
    (:func:`gridsight.games.pentomino.reader.read_tray` reads the tray there)."""
    return {
        "px": CELL, "board": [BOARD_X, BOARD_Y], "screen": [WIDTH, HEIGHT],
        "tray": {"x": TRAY_X, "y": TRAY_Y, "step": list(TRAY_STEP), "per_row": TRAY_PER_ROW,
                 "slots": 2 * TRAY_PER_ROW, "tile": [5, 5, 26, 23],
                 "background": [20, TRAY_Y - 14, 260, 10], "shade": TRAY_SHADE, "letter": 215},
    }


@dataclass(frozen=True)
class PentominoSkin:
    """Colours of one look of the level screen."""

    name: str = "default"
    background: Color = hex_color("#1d2b53")
    bar: Color = hex_color("#0f1730")
    bar_text: Color = hex_color("#ffffff")
    frame: Color = hex_color("#ffcc66")
    frame_dark: Color = hex_color("#b07a1e")
    outside: Color = hex_color("#2e3f6e")
    empty: Color = hex_color("#dfe6f0")
    empty_edge: Color = hex_color("#aab4c8")
    outline: Color = hex_color("#101018")
    # One colour per piece, in LETTERS order.
    pieces: tuple[Color, ...] = tuple(hex_color(h) for h in (
        "#e6194b", "#f58231", "#ffe119", "#707070", "#3cb44b", "#42d4f4",
        "#4363d8", "#911eb4", "#f032e6", "#800000", "#9a6324", "#469990",
    ))


DEFAULT_SKIN = PentominoSkin()

# Colours the shipped pack has never seen.
PASTEL_SKIN = PentominoSkin(
    name="pastel",
    background=hex_color("#f3e9dc"),
    bar=hex_color("#5e503f"),
    frame=hex_color("#5e503f"),
    frame_dark=hex_color("#22333b"),
    outside=hex_color("#c6ac8f"),
    empty=hex_color("#fffdf7"),
    empty_edge=hex_color("#d8cbb8"),
    outline=hex_color("#3d3d3d"),
    pieces=tuple(hex_color(h) for h in (
        "#ff595e", "#ff924c", "#ffca3a", "#8ac926", "#52a675", "#1982c4",
        "#6a4c93", "#b5179e", "#00b4d8", "#1b1b1b", "#3d405b", "#81b29a",
    )),
)


def render(cells: Any, *, skin: PentominoSkin = DEFAULT_SKIN, pieces_left: str = "") -> Rendered:
    """Draw a level showing board ``cells`` (12x10 tokens); ``pieces_left`` fills the tray."""
    grid = as_grid(cells)
    if (len(grid), len(grid[0])) != (ROWS, COLS):
        raise ValueError(f"a pentomino board is {ROWS}x{COLS}, got {len(grid)}x{len(grid[0])}")
    image = np.empty((HEIGHT, WIDTH, 3), np.uint8)
    image[:] = skin.background
    image[:44] = skin.bar
    text(image, "LEVEL 12", 12, 30, 16, skin.bar_text, bold=True)
    text(image, "HINT", WIDTH - 12, 30, 12, skin.frame, bold=True, right=True)

    x0, y0 = BOARD_X, BOARD_Y
    w, h = COLS * CELL, ROWS * CELL
    rounded_rect(image, x0 - 12, y0 - 12, x0 + w + 12, y0 + h + 12, 8, skin.frame_dark)
    image[y0 - 10 : y0 + h + 10, x0 - 10 : x0 + w + 10] = skin.frame
    image[y0 - 2 : y0 + h + 2, x0 - 2 : x0 + w + 2] = skin.frame_dark
    for r, row in enumerate(grid):
        for c, label in enumerate(row):
            cell = image[y0 + r * CELL : y0 + (r + 1) * CELL, x0 + c * CELL : x0 + (c + 1) * CELL]
            if label == "#":
                cell[:] = skin.outside
            elif label == ".":
                cell[:] = skin.empty_edge
                cell[2:-2, 2:-2] = skin.empty
            elif label in LETTERS:
                color = skin.pieces[LETTERS.index(label)]
                cell[:] = color
                cell[3:9, 3:9] = shade(color, 1.2)
            else:
                raise ValueError(f"unknown pentomino label '{label}' at row {r}, col {c}")
    # Outline each piece: a dark line on every edge between different labels.
    for r in range(ROWS):
        for c in range(COLS):
            label = grid[r][c]
            if label not in LETTERS:
                continue
            cx, cy = x0 + c * CELL, y0 + r * CELL
            for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
                rr, cc = r + dr, c + dc
                same = 0 <= rr < ROWS and 0 <= cc < COLS and grid[rr][cc] == label
                if same:
                    continue
                if dr == -1:
                    image[cy : cy + 2, cx : cx + CELL] = skin.outline
                elif dr == 1:
                    image[cy + CELL - 2 : cy + CELL, cx : cx + CELL] = skin.outline
                elif dc == -1:
                    image[cy : cy + CELL, cx : cx + 2] = skin.outline
                else:
                    image[cy : cy + CELL, cx + CELL - 2 : cx + CELL] = skin.outline
    _tray(image, skin, pieces_left)
    geometry = BoardGeometry.from_rect(x0, y0, CELL, CELL, ROWS, COLS)
    return Rendered(image, geometry, grid, grid, {})


def _tray(image: np.ndarray, skin: PentominoSkin, pieces_left: str) -> None:
    (step_x, step_y), (w, h) = TRAY_STEP, TRAY_SLOT
    for i, letter in enumerate(pieces_left[: 2 * TRAY_PER_ROW]):
        x = TRAY_X + (i % TRAY_PER_ROW) * step_x
        y = TRAY_Y + (i // TRAY_PER_ROW) * step_y
        color = skin.pieces[LETTERS.index(letter)]
        rounded_rect(image, x, y, x + w, y + h, 6, shade(color, TRAY_SHADE))
        text(image, letter, x + 11, y + 23, 14, (255, 255, 255), bold=True)
