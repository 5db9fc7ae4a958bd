"""The Hero's Cave skin drawn wider than reality, for :mod:`kit.skins.tile_path_gbc`: every
property the issue does not pin down drawn both ways, beyond the ranges the skin's seeds keep.

Issue 18 fixes the screen (160x144, a 16 px status bar, 16x16 tiles, a 10x8 view following
Link), the room (13x9 inside its walls, blue / yellow / red floor, four statues, a yellow
centre plate with a diamond, olive brick walls, a locked door at the top, the doorway east),
Link (a 16x16 sprite a few pixels off his tile, facing any way), enemies walking over tiles,
and the emulator (2x to 6x, nearest or smoothed, with or without colour correction). What it
leaves open, and how this module widens it (opt-in: :func:`widen`, ``--wider`` of
``bench/bench_tile_rooms.py``; the skin's own seeds keep their looks):

- **colours**: the floor's saturation and brightness, the statue's and the ground's colours
  (any hue, brighter ground), the walls' shade of olive and the bricks' size and shading;
- **statues and plate**: a fourth statue shape (a round urn), a plate with a thicker rim;
- **the status bar**: a second layout (rings and keys, hearts in two rows, a line under it);
- **Link**: a walking pose (legs apart), his sword out (beyond his tile, on his facing
  side) or his shield held beside him; tunic any hue;
- **enemies**: 8 to 24 px sprites, none to three of them;
- **the emulator**: scales of half a step (2.5x, 3.5x, 4.5x, 5.5x) a third of the time;
  a sharp-bilinear filter (:func:`sharp`: nearest to the whole scale below, then bilinear);
  colour correction either way (paler as before, or more vivid: a negative strength);
  gamma 0.7 to 1.45; black letterbox bars above and below the picture; LCD ghosting added
  to any look; JPEG down to quality 25.

None of it is checked on a real screen: the point is to find a reader's confident WRONG
where reality is not known, not to look like the game.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

import cv2
import numpy as np

if TYPE_CHECKING:
    from .tile_path_gbc import Look, Settings

#: The filter of this module, beside the skin's (:data:`tile_path_gbc.SMOOTH_KINDS`).
WIDER_KINDS = ("sharp",)
POSES = ("stand", "walk", "sword", "shield")


def sharp(screen: np.ndarray, size: tuple[int, int]) -> np.ndarray:
    """Sharp bilinear: the screen enlarged by nearest neighbour to the whole scale at or below
    the wanted one, then bilinear to ``size`` (width, height): crisp pixels, soft seams."""
    h, w = screen.shape[:2]
    whole = max(1, int(min(size[0] / w, size[1] / h)))
    big = cv2.resize(screen, (w * whole, h * whole), interpolation=cv2.INTER_NEAREST)
    return cv2.resize(big, size, interpolation=cv2.INTER_LINEAR)


def gamma(screen: np.ndarray, value: float) -> np.ndarray:
    """The screen's levels raised to ``value`` (above 1: darker mid-tones; below: lighter)."""
    if value == 1.0:
        return screen
    table = np.clip(255.0 * (np.arange(256) / 255.0) ** value + 0.5, 0, 255).astype(np.uint8)
    return table[screen]


def letterbox(picture: np.ndarray, bars: int) -> np.ndarray:
    """``bars`` black rows above and below the picture (a window taller than the picture)."""
    if bars <= 0:
        return picture
    out = np.zeros((picture.shape[0] + 2 * bars,) + picture.shape[1:], picture.dtype)
    out[bars : bars + picture.shape[0]] = picture
    return out


def link_art(art: list[str], pose: str, facing: str) -> list[str]:
    """Link's 16x16 sprite ``art`` in ``pose``: ``walk`` moves his feet apart (one a pixel
    up); the sword and the shield are drawn apart (:func:`extras`)."""
    if pose != "walk":
        return art
    rows = list(art)
    rows[13] = "...kttk..kttk..."
    rows[14] = "...kkk....kkk..." if facing in ("down", "up") else "..kkk.....kkk..."
    return rows


def extras(pose: str, facing: str) -> list[tuple[int, int, int, int, str]]:
    """Rectangles ``(x, y, w, h, part)`` relative to Link's sprite for the sword (``blade``,
    ``hilt``) or the shield (``shield``), reaching beyond his 16x16 tile on his facing side."""
    if pose == "sword":
        return {
            "down": [(7, 14, 2, 9, "blade"), (5, 13, 6, 1, "hilt")],
            "up": [(7, -8, 2, 9, "blade"), (5, 1, 6, 1, "hilt")],
            "left": [(-8, 9, 9, 2, "blade"), (1, 7, 1, 6, "hilt")],
            "right": [(15, 9, 9, 2, "blade"), (14, 7, 1, 6, "hilt")],
        }[facing]
    if pose == "shield":
        return {
            "down": [(1, 8, 5, 6, "shield")],
            "up": [(10, 8, 5, 6, "shield")],
            "left": [(-2, 7, 5, 7, "shield")],
            "right": [(13, 7, 5, 7, "shield")],
        }[facing]
    return []


def draw_extras(picture: np.ndarray, pose: str, facing: str, x: int, y: int) -> None:
    """The sword or shield of ``pose`` for Link's sprite at ``(x, y)`` (clipped)."""
    colours = {"blade": (220, 220, 230), "hilt": (40, 120, 200), "shield": (60, 60, 170)}
    h, w = picture.shape[:2]
    for dx, dy, rw, rh, part in extras(pose, facing):
        x0, y0 = max(0, x + dx), max(0, y + dy)
        x1, y1 = min(w, x + dx + rw), min(h, y + dy + rh)
        if x0 < x1 and y0 < y1:
            picture[y0:y1, x0:x1] = colours[part]


def enemy_art(art: list[str], size: int) -> list[str]:
    """A 16x16 enemy sprite drawn at ``size`` pixels (nearest neighbour, top-left kept)."""
    if size == 16:
        return art
    return ["".join(art[y * 16 // size][x * 16 // size] for x in range(size))
            for y in range(size)]


def urn(tile: np.ndarray, statue, dark) -> None:
    """A fourth statue shape: a round urn on a foot."""
    yy, xx = np.mgrid[0:16, 0:16]
    body = (xx - 7.5) ** 2 / 36 + (yy - 7) ** 2 / 30 <= 1
    rim = (xx - 7.5) ** 2 / 49 + (yy - 7) ** 2 / 42 <= 1
    tile[rim] = dark
    tile[body] = statue
    tile[12:15, 5:11] = dark
    tile[3:5, 6:10] = dark


def status_bar(bar: np.ndarray, look: Look, rng: np.random.Generator) -> None:
    """A second status bar layout: two item boxes with other items, a ring and a key count,
    hearts in two rows from the right, a line under the bar."""
    from gridsight.vision.lettering import put_text

    bar[:] = look.bar
    ink = look.bar_ink
    for x0 in (2, 24):
        bar[1:14, x0 : x0 + 18] = ink
        bar[2:13, x0 + 1 : x0 + 17] = look.bar
        colour = tuple(int(v) for v in rng.integers(40, 240, size=3))
        bar[4:11, x0 + 5 : x0 + 13] = colour
        bar[6:9, x0 + 3 : x0 + 15] = colour
    cv2.circle(bar, (50, 7), 3, (40, 200, 230), 1)  # a ring
    put_text(bar, f"x{int(rng.integers(0, 10))}", (56, 12), cv2.FONT_HERSHEY_PLAIN, 0.55, ink, 1)
    put_text(bar, f"{int(rng.integers(0, 1000)):03d}", (76, 12), cv2.FONT_HERSHEY_PLAIN, 0.55,
             ink, 1)
    hearts = int(rng.integers(3, 17))
    full = int(rng.integers(0, hearts + 1))
    for k in range(hearts):
        x, y = 154 - (k % 8) * 7, 2 + (k // 8) * 6
        colour = (40, 40, 230) if k < full else tuple(int(v) * 3 // 4 for v in ink)
        bar[y : y + 4, x - 4 : x] = colour
    bar[15, :] = ink


def wall(tile: np.ndarray, look: Look, c: int, rng: np.random.Generator) -> None:
    """Bricks each of their own shade (+-12%), lit on their top edge."""
    bw, bh = look.brick
    tile[:] = look.wall_dark
    for y in range(0, 16, bh):
        offset = (bw // 2) * ((y // bh + c) % 2) - bw
        for x in range(offset, 16, bw):
            shade = float(rng.uniform(0.88, 1.12))
            colour = tuple(int(min(255, v * shade)) for v in look.wall)
            x0, x1 = max(0, x + 1), min(16, x + bw)
            if x0 < x1:
                tile[y + 1 : y + bh, x0:x1] = colour
                tile[y + 1, x0:x1] = tuple(int(min(255, v * 1.25)) for v in colour)


def widen_look(look: Look, seed: int) -> Look:
    """``look`` with what the issue leaves open drawn wider (a stream of its own)."""
    from .tile_path_gbc import FloorColours, _floor, _hsv

    rng = np.random.default_rng([seed, 8807])

    def floor(hue: float) -> FloorColours:
        s, v = rng.uniform(0.4, 1.0), rng.uniform(0.6, 1.0)
        fill = _hsv(hue + rng.uniform(-10, 10), s, v)
        return FloorColours(fill, _hsv(hue, min(1.0, s + 0.1), v * rng.uniform(0.35, 0.75)),
                            _hsv(hue, s * rng.uniform(0.2, 0.7), min(1.0, v * 1.2)))

    yellow_hue = rng.uniform(42, 58)
    changes = {
        "blue": floor(rng.uniform(200, 236)) if rng.random() < 0.5 else look.blue,
        "yellow": floor(yellow_hue) if rng.random() < 0.5 else look.yellow,
        "red": floor(rng.uniform(-8, 10)) if rng.random() < 0.5 else look.red,
        "ground": _hsv(rng.uniform(0, 360), rng.uniform(0.0, 0.5), rng.uniform(0.05, 0.6)),
        "statue": _hsv(rng.uniform(0, 360), rng.uniform(0.0, 0.6), rng.uniform(0.4, 0.9)),
        "statue_dark": _hsv(rng.uniform(0, 360), rng.uniform(0.0, 0.5), rng.uniform(0.1, 0.45)),
        "statue_shape": int(rng.integers(4)),
        "plate": _floor(rng, yellow_hue) if rng.random() < 0.5 else look.plate,
        "wall": _hsv(rng.uniform(48, 82), rng.uniform(0.3, 0.9), rng.uniform(0.35, 0.8)),
        "wall_dark": _hsv(rng.uniform(45, 75), rng.uniform(0.4, 0.9), rng.uniform(0.12, 0.4)),
        "brick": (int(rng.choice([4, 6, 8, 12, 16])), int(rng.choice([2, 4, 8]))),
        "bar": _hsv(rng.uniform(0, 360), rng.uniform(0.0, 0.6), rng.uniform(0.0, 1.0)),
        "tunic": _hsv(rng.uniform(0, 360), rng.uniform(0.4, 1.0), rng.uniform(0.35, 0.9)),
        "enemy_kind": int(rng.integers(3)),
        "pose": POSES[int(rng.integers(len(POSES)))],
        "enemy_px": int(rng.choice([8, 12, 16, 24])),
        "enemies": int(rng.integers(0, 4)),
        "bar_style": int(rng.integers(2)),
        "wall_style": int(rng.integers(2)),
    }
    return replace(look, **changes)


def widen_settings(settings: Settings, seed: int) -> Settings:
    """``settings`` with the emulator's open properties drawn wider (a stream of its own):
    half-step scales, sharp bilinear, vivid or pale colours, gamma, letterbox, ghosting on
    any look, JPEG down to 25."""
    rng = np.random.default_rng([seed, 8808])
    changes: dict = {}
    if rng.random() < 0.33:
        half = float(rng.choice([2.5, 3.5, 4.5, 5.5]))
        ratio = settings.scale_y / settings.scale if settings.scale_y else 0.0
        changes.update(scale=half, scale_y=half * ratio)
    if settings.smooth and rng.random() < 0.25 and not settings.grid:
        changes["smooth_kind"] = "sharp"
    if rng.random() < 0.5:
        changes["correct"] = float(rng.uniform(-0.6, -0.1)) if rng.random() < 0.5 else \
            float(rng.uniform(0.1, 1.0))
    if rng.random() < 0.5:
        changes["gamma"] = float(rng.uniform(0.7, 1.45))
    if rng.random() < 0.3:
        changes["letterbox"] = int(rng.integers(4, 60))
    if not settings.ghost and rng.random() < 0.2:
        changes["ghost"] = float(rng.uniform(0.1, 0.35))
    if rng.random() < 0.3:
        changes["jpeg"] = int(rng.integers(25, 70))
    return replace(settings, **changes)


__all__ = ["POSES", "WIDER_KINDS", "gamma", "letterbox", "sharp", "widen_look",
           "widen_settings"]
