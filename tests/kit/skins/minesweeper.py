"""A Minesweeper window in the project's own art: a beginner board (9x9) in a bevelled frame.

From top to bottom: a title bar, a panel with a mine counter (our own stroke digits, the mines
left: the board's mines less the flags) and a round button, then the board of raised tiles.
Cell labels are the Minesweeper text format's tokens: ``.`` a raised tile not opened yet, ``F``
a raised tile carrying a flag, ``0`` to ``8`` an opened cell (flat, its number in its own
colour; ``0`` blank), ``*`` an opened mine (the game is lost).

>>> shot = render(["." * 9] * 8 + ["0 0 1 F . . . . ."])
>>> shot.labels[8][3], shot.image.shape, shot.geometry.cell_size(0, 0)
('F', (520, 456, 3), (40.0, 40.0))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import cv2
import numpy as np

from .common import Color, Rendered, as_grid, hex_color, text
from gridsight.vision.geometry import BoardGeometry
from gridsight.vision.lettering import put_text, text_size

ROWS, COLS = 9, 9
CELL = 40
BORDER = 40  # the frame's width around the board (a cell): a dark line, a blue band, a bevel
TITLE_H, PANEL_H = 24, 48
EDGE = 8  # the window's face around the frame
WIDTH = COLS * CELL + 2 * (BORDER + EDGE)
HEIGHT = TITLE_H + PANEL_H + ROWS * CELL + 2 * BORDER + EDGE
BOARD_X, BOARD_Y = BORDER + EDGE, TITLE_H + PANEL_H + BORDER
LABELS = (".", "F", "*", *(str(n) for n in range(9)))
MINES = 10  # a beginner board's


@dataclass(frozen=True)
class MinesweeperSkin:
    """Colours of one look of the window."""

    name: str = "default"
    title: Color = hex_color("#24406e")
    title_text: Color = hex_color("#ffffff")
    face: Color = hex_color("#b4b4b4")
    light: Color = hex_color("#f6f6f6")
    dark: Color = hex_color("#6b6b6b")
    opened: Color = hex_color("#e4e4e4")
    grid: Color = hex_color("#9a9a9a")
    counter: Color = hex_color("#101010")
    counter_ink: Color = hex_color("#ff3b2f")
    band: Color = hex_color("#2f6fb2")
    band_dark: Color = hex_color("#0d1f33")
    flag: Color = hex_color("#e0241b")
    mine: Color = hex_color("#151515")
    blast: Color = hex_color("#ff5a4a")
    numbers: tuple[Color, ...] = tuple(hex_color(h) for h in (
        "#000000", "#1b3fd6", "#1d8a2b", "#d3231d", "#8e24aa", "#b85c00", "#0f8f90", "#111111",
        "#d81b8c"))


DEFAULT_SKIN = MinesweeperSkin()

# A look the shipped pack has never seen (for the calibration tests).
NIGHT_SKIN = MinesweeperSkin(
    name="night", title=hex_color("#101418"), face=hex_color("#3c4654"),
    light=hex_color("#6b7a8f"), dark=hex_color("#1e242c"), opened=hex_color("#2a313b"),
    grid=hex_color("#161b21"), band=hex_color("#b2742f"), band_dark=hex_color("#33200d"),
    numbers=tuple(hex_color(h) for h in (
        "#000000", "#6fa8ff", "#7ee081", "#ff7a70", "#c48bff", "#ffb26b", "#5fe0e0",
        "#f0f0f0", "#ff5fd2")),
)

# Our own seven-stroke digits on a 4 x 7 grid (x right, y down).
_DIGITS: dict[str, tuple[tuple[tuple[float, float], ...], ...]] = {
    "0": (((0, 0), (4, 0), (4, 7), (0, 7), (0, 0)),),
    "1": (((2, 0), (2, 7)),),
    "2": (((0, 0), (4, 0), (4, 3.5), (0, 3.5), (0, 7), (4, 7)),),
    "3": (((0, 0), (4, 0), (4, 7), (0, 7)), ((0, 3.5), (4, 3.5))),
    "4": (((0, 0), (0, 3.5), (4, 3.5)), ((4, 0), (4, 7))),
    "5": (((4, 0), (0, 0), (0, 3.5), (4, 3.5), (4, 7), (0, 7)),),
    "6": (((4, 0), (0, 0), (0, 7), (4, 7), (4, 3.5), (0, 3.5)),),
    "7": (((0, 0), (4, 0), (4, 7)),),
    "8": (((0, 0), (4, 0), (4, 7), (0, 7), (0, 0)), ((0, 3.5), (4, 3.5))),
    "9": (((4, 3.5), (0, 3.5), (0, 0), (4, 0), (4, 7), (0, 7)),),
}


def render(cells: Any, *, skin: MinesweeperSkin = DEFAULT_SKIN, mines: int = MINES) -> Rendered:
    """Draw the window showing board ``cells`` (9x9 tokens); the counter shows ``mines`` less
    the flags."""
    grid = as_grid(cells)
    if (len(grid), len(grid[0])) != (ROWS, COLS):
        raise ValueError(f"a Minesweeper board here is {ROWS}x{COLS}, got "
                         f"{len(grid)}x{len(grid[0])}")
    image = np.empty((HEIGHT, WIDTH, 3), np.uint8)
    image[:] = skin.face
    image[:TITLE_H] = skin.title
    text(image, "MINES", 8, 16, 11, skin.title_text, bold=True)
    _bevel(image, 4, TITLE_H + 4, WIDTH - 4, TITLE_H + PANEL_H - 4, skin, raised=False)
    flags = sum(t == "F" for row in grid for t in row)
    _counter(image, max(mines - flags, 0), 12, TITLE_H + 10, skin)
    cx, cy, r = WIDTH // 2, TITLE_H + PANEL_H // 2, 13
    cv2.circle(image, (cx, cy), r, skin.light, -1, cv2.LINE_AA)
    cv2.circle(image, (cx, cy), r - 3, skin.face, -1, cv2.LINE_AA)
    x1, y1 = BOARD_X + COLS * CELL, BOARD_Y + ROWS * CELL
    image[BOARD_Y - BORDER:y1 + BORDER, BOARD_X - BORDER:x1 + BORDER] = skin.band_dark
    image[BOARD_Y - BORDER + 3:y1 + BORDER - 3, BOARD_X - BORDER + 3:x1 + BORDER - 3] = skin.band
    # Rivets along the band, one per half cell: structure for the locator to hold on to.
    mid = BORDER // 2
    for x in range(BOARD_X, x1 + 1, CELL // 2):
        for y in (BOARD_Y - mid, y1 + mid - 1):
            cv2.circle(image, (x, y), 2, skin.light, -1)
    for y in range(BOARD_Y, y1 + 1, CELL // 2):
        for x in (BOARD_X - mid, x1 + mid - 1):
            cv2.circle(image, (x, y), 2, skin.light, -1)
    _bevel(image, BOARD_X - 5, BOARD_Y - 5, x1 + 5, y1 + 5, skin, raised=False)
    for r, row in enumerate(grid):
        for c, label in enumerate(row):
            x0, y0 = BOARD_X + c * CELL, BOARD_Y + r * CELL
            draw_cell(image[y0:y0 + CELL, x0:x0 + CELL], skin, label, r, c)
    geometry = BoardGeometry.from_rect(BOARD_X, BOARD_Y, CELL, CELL, ROWS, COLS)
    return Rendered(image, geometry, grid, grid, {"mines": mines})


def draw_cell(cell: np.ndarray, skin: MinesweeperSkin, label: str, r: int, c: int) -> None:
    """One cell (a view of the image, ``CELL`` pixels square)."""
    k = CELL / 24  # the drawing was made for 24-pixel cells
    if label in (".", "F"):
        cell[:] = skin.face
        edge = max(3, round(3 * k))
        cell[:edge, :] = skin.light
        cell[:, :edge] = skin.light
        cell[-edge:, :] = skin.dark
        cell[:, -edge:] = skin.dark
        if label == "F":  # a big red flag on a black pole and base
            cv2.line(cell, (round(14 * k), round(4 * k)), (round(14 * k), round(19 * k)),
                     skin.mine, max(2, round(2 * k)))
            pts = np.round(np.array([[14, 3], [14, 13], [4, 8]]) * k).astype(np.int32)
            cv2.fillPoly(cell, [pts], skin.flag, cv2.LINE_AA)
            cell[round(18 * k):round(21 * k), round(6 * k):round(20 * k)] = skin.mine
        return
    if label == "*":
        cell[:] = skin.blast
    elif label.isdigit() and len(label) == 1:
        cell[:] = skin.opened
    else:
        raise ValueError(f"unknown Minesweeper label '{label}' at row {r}, col {c}")
    cell[0, :] = skin.grid
    cell[:, 0] = skin.grid
    centre = CELL // 2
    if label == "*":
        cv2.circle(cell, (centre, centre), round(6 * k), skin.mine, -1, cv2.LINE_AA)
        for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
            d = round(8 * k)
            cv2.line(cell, (centre - d * dx, centre - d * dy), (centre + d * dx, centre + d * dy),
                     skin.mine, max(2, round(2 * k)))
        cell[centre - 3:centre - 1, centre - 3:centre - 1] = skin.light
    elif label != "0":
        scale, thick = 1.05 * k * 0.75, max(2, round(2.6 * k))
        (w, h), _ = text_size(label, cv2.FONT_HERSHEY_DUPLEX, scale, thick)
        put_text(cell, label, ((CELL - w) // 2 + 1, (CELL + h) // 2), cv2.FONT_HERSHEY_DUPLEX,
                 scale, skin.numbers[int(label)], thick)


def _bevel(image: np.ndarray, x0: int, y0: int, x1: int, y1: int, skin: MinesweeperSkin,
           *, raised: bool) -> None:
    top, bottom = (skin.light, skin.dark) if raised else (skin.dark, skin.light)
    image[y0:y0 + 3, x0:x1] = top
    image[y0:y1, x0:x0 + 3] = top
    image[y1 - 3:y1, x0:x1] = bottom
    image[y0:y1, x1 - 3:x1] = bottom


def _counter(image: np.ndarray, value: int, x: int, y: int, skin: MinesweeperSkin) -> None:
    """Three digits of the mines left, in our stroke font, on a dark box."""
    w, h, gap = 12, 20, 4
    image[y - 2:y + h + 2, x - 3:x + 3 * (w + gap) + 1] = skin.counter
    for k, ch in enumerate(f"{value:03d}"):
        left = x + k * (w + gap)
        for stroke in _DIGITS[ch]:
            pts = np.array([(left + px / 4 * (w - 2) + 1, y + py / 7 * (h - 2) + 1)
                            for px, py in stroke])
            cv2.polylines(image, [np.round(pts * 4).astype(np.int32)], False,
                          skin.counter_ink, 2, cv2.LINE_AA, 2)
