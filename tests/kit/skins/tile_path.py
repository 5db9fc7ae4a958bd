"""A tile-path room in the project's own art, Game Boy Color style.

The screen is 160x144 pixels of 16x16 tiles, upscaled by an integer factor (and optionally
smoothed, like an emulator's filter): a status bar on top, then a room of 10x8 tiles whose
outer ring is wall, so the board is the 6x8 floor inside. Floor tiles use the tile-path text
format's tokens as labels: ``.`` blue tile still to cross, ``x`` red crossed tile, ``#`` a
statue, ``S`` the yellow start tile, ``E`` the yellow exit tile (stairs), ``L`` our own small
hero standing on a red tile.

>>> shot = render(["S . . . . . . .", ". # . . . . . .", ". . . . . . . .",
...                ". . . . . . . .", ". . . . . . # .", "L x . . . . . E"], scale=2)
>>> shot.image.shape, shot.geometry.cell_size(0, 0)
((288, 320, 3), (32.0, 32.0))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import cv2
import numpy as np

from .common import Color, Rendered, as_grid, hex_color, shade
from gridsight.vision.geometry import BoardGeometry
from gridsight.vision.lettering import put_text

ROWS, COLS = 6, 8
TILE = 16
SCREEN_W, SCREEN_H = 160, 144
HUD_H = 16
LABELS = (".", "x", "#", "S", "E", "L")


@dataclass(frozen=True)
class TilePathSkin:
    """The palette and wall style of one look of the room."""

    name: str = "default"
    tile: Color = hex_color("#58a8f8")
    tile_edge: Color = hex_color("#2050b0")
    crossed: Color = hex_color("#f85858")
    crossed_edge: Color = hex_color("#a01818")
    marker: Color = hex_color("#f8e050")
    marker_edge: Color = hex_color("#b08810")
    floor: Color = hex_color("#484060")
    statue: Color = hex_color("#b8b8c8")
    statue_dark: Color = hex_color("#606078")
    wall: Color = hex_color("#a06830")
    wall_dark: Color = hex_color("#583010")
    wall_style: str = "brick"
    hud: Color = hex_color("#f8f0c0")
    hud_ink: Color = hex_color("#202020")
    hero_cap: Color = hex_color("#30a030")
    hero_skin: Color = hex_color("#f8c090")
    hero_boots: Color = hex_color("#804010")


DEFAULT_SKIN = TilePathSkin()

# A palette and wall the shipped pack has never seen.
STONE_SKIN = TilePathSkin(
    name="stone",
    tile=hex_color("#60d0a0"),
    tile_edge=hex_color("#207050"),
    crossed=hex_color("#f0a040"),
    crossed_edge=hex_color("#905010"),
    marker=hex_color("#f0f0f0"),
    marker_edge=hex_color("#909090"),
    floor=hex_color("#283828"),
    statue=hex_color("#d0a0d0"),
    statue_dark=hex_color("#704070"),
    wall=hex_color("#7878a0"),
    wall_dark=hex_color("#303050"),
    wall_style="stone",
    hud=hex_color("#c0d8f8"),
    hero_cap=hex_color("#3060e0"),
)


def render(cells: Any, *, skin: TilePathSkin = DEFAULT_SKIN, scale: int = 2,
           smooth: bool = False) -> Rendered:
    """Draw the room showing ``cells`` (6x8 tokens), upscaled ``scale`` times.

    ``smooth`` blurs the upscaled picture the way an emulator's bilinear filter does.
    """
    grid = as_grid(cells)
    if (len(grid), len(grid[0])) != (ROWS, COLS):
        raise ValueError(f"a tile-path room is {ROWS}x{COLS}, got {len(grid)}x{len(grid[0])}")
    if scale < 1 or int(scale) != scale:
        raise ValueError("the Game Boy picture is upscaled by a whole factor")
    screen = np.empty((SCREEN_H, SCREEN_W, 3), np.uint8)
    _hud(screen, skin)
    room = screen[HUD_H:]
    for r in range(ROWS + 2):
        for c in range(COLS + 2):
            tile = room[r * TILE : (r + 1) * TILE, c * TILE : (c + 1) * TILE]
            if r in (0, ROWS + 1) or c in (0, COLS + 1):
                _wall(tile, skin, r, c)
            else:
                label = grid[r - 1][c - 1]
                if label not in LABELS:
                    raise ValueError(f"unknown tile-path label '{label}' at row {r - 1}, col {c - 1}")
                draw_tile(tile, skin, label)
    image = cv2.resize(screen, None, fx=scale, fy=scale, interpolation=cv2.INTER_NEAREST)
    if smooth:
        image = cv2.GaussianBlur(image, (0, 0), 0.45 * scale)
    cell = TILE * scale
    geometry = BoardGeometry.from_rect(cell, (HUD_H + TILE) * scale, cell, cell, ROWS, COLS)
    return Rendered(image, geometry, grid, grid, {"scale": scale})


def draw_tile(tile: np.ndarray, skin: TilePathSkin, label: str) -> None:
    """One 16x16 floor tile at native resolution."""
    if label in (".", "x", "L", "S", "E"):
        fill, edge = {
            ".": (skin.tile, skin.tile_edge),
            "x": (skin.crossed, skin.crossed_edge),
            "L": (skin.crossed, skin.crossed_edge),
            "S": (skin.marker, skin.marker_edge),
            "E": (skin.marker, skin.marker_edge),
        }[label]
        tile[:] = edge
        tile[1:15, 1:15] = fill
        tile[1, 1:15] = shade(fill, 1.25)
        tile[1:15, 1] = shade(fill, 1.25)
        tile[5:11, 5:11] = edge
        tile[6:10, 6:10] = fill
        if label == "E":  # stairs going down: a dark hole with light steps
            tile[3:13, 3:13] = skin.floor
            for y in (4, 7, 10):
                tile[y : y + 2, 4:12] = shade(fill, 1.1)
        if label == "L":
            _hero(tile, skin)
    elif label == "#":
        tile[:] = skin.floor
        tile[2:14, 4:12] = skin.statue_dark
        tile[3:13, 5:11] = skin.statue
        tile[5:7, 6:8] = skin.statue_dark
        tile[5:7, 9:11] = skin.statue_dark
        tile[13:15, 3:13] = skin.statue_dark


def _hero(tile: np.ndarray, skin: TilePathSkin) -> None:
    """Our own little adventurer: pointed cap, face, tunic, boots."""
    sprite = [
        "......cc........",
        ".....cccc.......",
        "....cccccc......",
        "...cccccccc.....",
        "...ffffffff.....",
        "...fkffffkf.....",
        "...ffffffff.....",
        "....cccccc......",
        "...ccbbbbcc.....",
        "..fcccccccf.....",
        "..fcccccccf.....",
        "...cccccccc.....",
        "...cc....cc.....",
        "...bb....bb.....",
        "................",
        "................",
    ]
    colors = {"c": skin.hero_cap, "f": skin.hero_skin, "k": (20, 20, 20), "b": skin.hero_boots}
    for y, row in enumerate(sprite):
        for x, ch in enumerate(row):
            if ch in colors:
                tile[y, x + 2] = colors[ch]


def _wall(tile: np.ndarray, skin: TilePathSkin, r: int, c: int) -> None:
    tile[:] = skin.wall
    if skin.wall_style == "brick":
        for y in range(0, TILE, 4):
            tile[y, :] = skin.wall_dark
            offset = 0 if (y // 4 + c) % 2 else 4
            for x in range(offset, TILE, 8):
                tile[y : y + 4, x] = skin.wall_dark
    else:  # big stone blocks with a highlight
        tile[0, :] = skin.wall_dark
        tile[:, 0] = skin.wall_dark
        tile[8, :] = skin.wall_dark
        tile[0:8, 8] = skin.wall_dark
        tile[1, 1:8] = shade(skin.wall, 1.3)
        tile[9, 1:] = shade(skin.wall, 1.3)


def _hud(screen: np.ndarray, skin: TilePathSkin) -> None:
    screen[:HUD_H] = skin.hud
    for x0, letter in ((2, "B"), (34, "A")):
        screen[2:14, x0 : x0 + 28] = skin.hud_ink
        screen[3:13, x0 + 1 : x0 + 27] = skin.hud
        put_text(screen, letter, (x0 + 3, 12), cv2.FONT_HERSHEY_PLAIN, 0.7, skin.hud_ink, 1)
    heart = np.array([[0, 1, 0, 1, 0], [1, 1, 1, 1, 1], [1, 1, 1, 1, 1], [0, 1, 1, 1, 0],
                      [0, 0, 1, 0, 0]], bool)
    for k in range(5):
        area = screen[5:10, 104 + k * 7 : 109 + k * 7]
        area[heart] = (40, 40, 230)
    screen[4:12, 70:74] = (60, 200, 60)
    put_text(screen, "123", (76, 12), cv2.FONT_HERSHEY_PLAIN, 0.6, skin.hud_ink, 1)
