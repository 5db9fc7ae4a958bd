"""The widest family of Hero's Cave screens (:mod:`kit.skins.tile_path_gbc`): every property
issue 18 leaves open that the wider family (:mod:`kit.skins.gbc_wider`) still keeps fixed or
one-sided, drawn wider again in both directions (session 33, opt-in).

Each property of :data:`PROPERTIES` is drawn from a random stream of its own (the case's seed
and the property's name), so a property drawn alone is drawn exactly as it is among all of
them (``widest(look, settings, seed, "gamma")`` against ``"all"``). The default look and the
wider family are untouched (the team's baselines): every new field of
:class:`~kit.skins.tile_path_gbc.Look` and :class:`~kit.skins.tile_path_gbc.Settings` has a
default that draws as before.

Kept as issue 18 states them: the 160x144 screen with its 16 px status bar on top; 16x16
tiles, a 10x8 view following Link; the 13x9 board in a ring of walls (15x11); a blue (not
stepped), yellow (Link's) or red (stepped) floor; four statues; the yellow centre plate with
a diamond; olive brick walls, a locked door at the top, the doorway east; Link a 16x16
sprite a few pixels off his tile's centre; enemies walking over tiles; the emulator at 2x to
6x, nearest or smoothed, colour correction on or off. Everything here is our own art, drawn
by code; none of it is checked on a real screen.

>>> from kit.skins import tile_path_gbc as gbc
>>> look, settings = gbc.random_look(3), gbc.Settings()
>>> alone = widest(look, settings, 3, "gamma")
>>> alone[1].gamma == widest(look, settings, 3, "all")[1].gamma, alone[0] == look
(True, True)
"""

from __future__ import annotations

import math
import zlib
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Callable

import cv2
import numpy as np

if TYPE_CHECKING:
    from .tile_path_gbc import FloorColours, Look, Settings

Color = tuple[int, int, int]

# Each property: what it draws, and the wider family's range it goes past (both ways).
PROPERTIES = {
    "floor_design": "12 floor tile designs (wider: 5): the five plus double rim, checker, "
                    "stripes, cross, ring, speckle, thick bevel",
    "floor_shading": "floor S 0.25-1.0 V 0.45-1.0 (0.4-1.0, 0.6-1.0); edge band x0.15-0.9 "
                     "of V (0.35-0.75); light band S x0.0-0.95, V x0.95-1.35 (0.2-0.7, "
                     "x1.2); hue +-14 (+-10)",
    "statue_shape": "8 statue shapes (4): owl, face block, pillar, urn, rock, obelisk, "
                    "knight, brazier",
    "plate_art": "the plate's diamond 5-15 rows (9), the plate's inset 0-3 (1) and rim "
                 "1-3 px (1), the diamond outlined, solid dark, solid light or hollow "
                 "(outlined with a light inside)",
    "link_art": "5 sprite arts (1): the one, no outline, a long cap, low (two rows down), "
                "wide; outline any dark colour V 0-0.45 (fixed), belt any colour (fixed), "
                "skin hue 5-50 S 0.1-0.7 V 0.55-1.0 (20-35, 0.3-0.5, 0.85-1.0)",
    "link_offset": "Link up to 7 px off his tile's place each way (4): a shift of -3..3 "
                   "each axis per look on top of the moment's -4..4",
    "status_bar": "4 layouts (2): the two, hearts-left with items right, a sparse bar "
                  "(a level number, round hearts, a lower rim)",
    "bricks": "bricks 3-16 wide, 2-16 tall (4-16 of five, 2-8 of three); mortar 1-2 px, "
              "darker or lighter than the brick (always darker, 1 px)",
    "enemies": "6 enemy kinds (3): blob, bat, beetle, skull, ghost, spark; 6-32 px (8, 12, "
               "16, 24); none to five (none to three)",
    "smoothing": "14 ways to enlarge (9): nearest, the skin's 5, xbr, epxblur, sharp, and "
                 "unsharp, heavy blur, light blur, area, soft pixels (half nearest, half "
                 "bilinear)",
    "scanlines": "strength 0.03-0.75 (0.1-0.5) on 60% (50%), every 2nd or 3rd picture row "
                 "or the lower third of each console row (every 2nd)",
    "correction": "strength -1.0..1.0 (-0.6..1.0), darks lifted 0-0.2 (0.1), range "
                  "0.7-1.0 (0.85)",
    "gamma": "0.5-2.0 on 60% (0.7-1.45 on 50%)",
}

DESIGNS = ("double", "checker", "stripes", "cross", "ring", "speckle", "thick")
#: The new ways to enlarge (:func:`upscale`), beside the skin's, the display's and sharp.
KINDS = ("unsharp", "heavyblur", "lightblur", "area", "soft")
STATUE_SHAPES = 8
ENEMY_KINDS = 6
BAR_STYLES = 4
LINK_STYLES = 5


def _rng(name: str, seed: int) -> np.random.Generator:
    """The random stream of property ``name`` for the case ``seed`` (its own, so a property
    drawn alone is drawn as among all)."""
    return np.random.default_rng([seed, 9311, zlib.crc32(name.encode())])


def names(which: str) -> list[str]:
    """The property names of ``which`` (``"all"`` or names joined by commas); an unknown
    name is refused in words (``ValueError``)."""
    chosen = list(PROPERTIES) if which.strip() == "all" else \
        [n.strip() for n in which.split(",") if n.strip()]
    unknown = [n for n in chosen if n not in PROPERTIES]
    if unknown or not chosen:
        raise ValueError(f"unknown widest properties: {', '.join(unknown) or repr(which)} "
                         f"(known: all, {', '.join(PROPERTIES)})")
    return chosen


def widest(look: Look, settings: Settings, seed: int, which: str = "all"
           ) -> tuple[Look, Settings]:
    """``look`` and ``settings`` (wider ones) with the properties named in ``which`` drawn
    wider again, each from its own stream of ``seed``."""
    for name in names(which):
        look, settings = _DRAW[name](look, settings, _rng(name, seed))
    return look, settings


# -- drawing the properties --------------------------------------------------------------------


def _hsv(h: float, s: float, v: float) -> Color:
    from .tile_path_gbc import _hsv as hsv

    return hsv(h, s, v)


def _floor_design(look: Look, settings: Settings, rng: np.random.Generator):
    from .tile_path_gbc import DESIGNS as OLD

    every = OLD + DESIGNS
    return replace(look, design=every[int(rng.integers(len(every)))]), settings


def _hue_of(colour: Color) -> float:
    pixel = np.uint8([[list(colour)]])
    return float(cv2.cvtColor(pixel, cv2.COLOR_BGR2HSV)[0, 0, 0]) * 2


def _floor_shading(look: Look, settings: Settings, rng: np.random.Generator):
    from .tile_path_gbc import FloorColours

    def floor(hue: float) -> FloorColours:
        s, v = rng.uniform(0.25, 1.0), rng.uniform(0.45, 1.0)
        fill = _hsv(hue + rng.uniform(-14, 14), s, v)
        return FloorColours(fill, _hsv(hue, min(1.0, s + 0.1), v * rng.uniform(0.15, 0.9)),
                            _hsv(hue, s * rng.uniform(0.0, 0.95),
                                 min(1.0, v * rng.uniform(0.95, 1.35))))

    # The named hues (blue 205-232, yellow 44-56, red -6..8, as the skin draws them).
    blue, yellow = rng.uniform(205, 232), rng.uniform(44, 56)
    red = rng.uniform(-6, 8)
    return replace(look, blue=floor(blue), yellow=floor(yellow), red=floor(red)), settings


def _statue_shape(look: Look, settings: Settings, rng: np.random.Generator):
    return replace(look, statue_shape=int(rng.integers(STATUE_SHAPES))), settings


def _plate_art(look: Look, settings: Settings, rng: np.random.Generator):
    art = (int(rng.integers(2, 8)), int(rng.integers(0, 4)), int(rng.integers(1, 4)),
           int(rng.integers(4)))
    return replace(look, plate_art=art), settings


def _link_art(look: Look, settings: Settings, rng: np.random.Generator):
    ink = _hsv(rng.uniform(0, 360), rng.uniform(0, 1.0), rng.uniform(0.0, 0.45))
    belt = _hsv(rng.uniform(0, 360), rng.uniform(0, 1.0), rng.uniform(0.2, 1.0))
    skin = _hsv(rng.uniform(5, 50), rng.uniform(0.1, 0.7), rng.uniform(0.55, 1.0))
    return replace(look, link_style=int(rng.integers(LINK_STYLES)), link_ink=ink, belt=belt,
                   skin=skin), settings


def _link_offset(look: Look, settings: Settings, rng: np.random.Generator):
    shift = (int(rng.integers(-3, 4)), int(rng.integers(-3, 4)))
    return replace(look, link_shift=shift), settings


def _status_bar(look: Look, settings: Settings, rng: np.random.Generator):
    return replace(look, bar_style=int(rng.integers(BAR_STYLES))), settings


def _bricks(look: Look, settings: Settings, rng: np.random.Generator):
    brick = (int(rng.integers(3, 17)), int(rng.integers(2, 17)))
    light = rng.random() < 0.5
    mortar = _hsv(_hue_of(look.wall) + rng.uniform(-6, 6), rng.uniform(0.2, 0.7),
                  rng.uniform(0.75, 0.95)) if light else look.wall_dark
    return replace(look, wall_style=2, brick=brick, mortar=int(rng.integers(1, 3)),
                   mortar_colour=mortar), settings


def _enemies(look: Look, settings: Settings, rng: np.random.Generator):
    return replace(look, enemy_kind=int(rng.integers(ENEMY_KINDS)),
                   enemy_px=int(rng.integers(6, 33)), enemies=int(rng.integers(0, 6))), settings


def _smoothing(look: Look, settings: Settings, rng: np.random.Generator):
    from .gbc_display import EDGE_KINDS
    from .gbc_wider import WIDER_KINDS
    from .tile_path_gbc import SMOOTH_KINDS

    every = ("nearest",) + SMOOTH_KINDS + EDGE_KINDS + WIDER_KINDS + KINDS
    kind = every[int(rng.integers(len(every)))]
    if kind == "nearest":
        return look, replace(settings, smooth=False, smooth_kind="bilinear")
    return look, replace(settings, smooth=True, smooth_kind=kind)


def _scanlines(look: Look, settings: Settings, rng: np.random.Generator):
    on = rng.random() < 0.6
    strength = float(rng.uniform(0.03, 0.75))
    period = (2, 3, 0)[int(rng.integers(3))]
    return look, replace(settings, scanline=strength if on else 0.0, scanline_period=period)


def _correction(look: Look, settings: Settings, rng: np.random.Generator):
    on = rng.random() < 0.5
    strength = float(rng.uniform(0.05, 1.0)) * (1 if rng.random() < 0.5 else -1)
    lift, span = float(rng.uniform(0.0, 0.2)), float(rng.uniform(0.7, 1.0))
    return look, replace(settings, correct=strength if on else 0.0, correct_lift=lift,
                         correct_span=span)


def _gamma(look: Look, settings: Settings, rng: np.random.Generator):
    on = rng.random() < 0.6
    value = math.exp(float(rng.uniform(math.log(0.5), math.log(2.0))))
    return look, replace(settings, gamma=value if on else 1.0)


_DRAW: dict[str, Callable[[Any, Any, np.random.Generator], tuple[Any, Any]]] = {
    "floor_design": _floor_design,
    "floor_shading": _floor_shading,
    "statue_shape": _statue_shape,
    "plate_art": _plate_art,
    "link_art": _link_art,
    "link_offset": _link_offset,
    "status_bar": _status_bar,
    "bricks": _bricks,
    "enemies": _enemies,
    "smoothing": _smoothing,
    "scanlines": _scanlines,
    "correction": _correction,
    "gamma": _gamma,
}


# -- the art (native pixels, our own) ------------------------------------------------------------


def floor_tile(tile: np.ndarray, c: FloorColours, design: str) -> None:
    """A 16x16 floor tile in one of :data:`DESIGNS`, in the floor state's colours."""
    if design == "double":
        tile[:] = c.edge
        tile[1:15, 1:15] = c.light
        tile[2:14, 2:14] = c.fill
        tile[4:12, 4:12] = c.edge
        tile[5:11, 5:11] = c.fill
    elif design == "checker":
        tile[:] = c.fill
        mix = tuple((a + b) // 2 for a, b in zip(c.fill, c.light))
        tile[0:8, 0:8] = mix
        tile[8:16, 8:16] = mix
        tile[15, :] = c.edge
        tile[:, 15] = c.edge
    elif design == "stripes":
        tile[:] = c.fill
        tile[1::4, :] = c.light
        tile[15, :] = c.edge
    elif design == "cross":
        tile[:] = c.fill
        tile[7:9, :] = c.edge
        tile[:, 7:9] = c.edge
        for y, x in ((1, 1), (1, 10), (10, 1), (10, 10)):
            tile[y : y + 2, x : x + 5] = c.light
    elif design == "ring":
        tile[:] = c.fill
        yy, xx = np.mgrid[0:16, 0:16]
        r2 = (yy - 7.5) ** 2 + (xx - 7.5) ** 2
        tile[(r2 >= 16) & (r2 <= 30)] = c.edge
        tile[6:10, 6:10] = c.light
    elif design == "speckle":
        tile[:] = c.fill
        spots = np.random.default_rng(4711).integers(0, 16, size=(14, 2))
        for k, (y, x) in enumerate(spots):
            tile[y, x] = c.edge if k % 2 else c.light
    elif design == "thick":
        tile[:] = c.fill
        tile[13:16, :] = c.edge
        tile[:, 13:16] = c.edge
        tile[0:2, 0:13] = c.light
        tile[0:13, 0:2] = c.light
    else:
        raise ValueError(f"unknown floor design {design!r}")


def statue(tile: np.ndarray, look: Look) -> None:
    """Statue shapes 4 to 7: a rock, an obelisk, a knight, a brazier (on the ground)."""
    s, d = look.statue, look.statue_dark
    yy, xx = np.mgrid[0:16, 0:16]
    if look.statue_shape == 4:  # a rock: a lumpy ellipse, lit at the top left
        body = (xx - 7.5) ** 2 / 52 + (yy - 8.5) ** 2 / 36 + 0.15 * np.sin(xx * 1.3) <= 1
        tile[body] = d
        inner = (xx - 7.5) ** 2 / 38 + (yy - 8.5) ** 2 / 25 <= 1
        tile[inner] = s
        tile[5:7, 4:8] = tuple(min(255, v + 40) for v in s)
    elif look.statue_shape == 5:  # an obelisk: a tapered block on a base
        for y in range(1, 13):
            half = 1 + y // 3
            tile[y, 8 - half - 1 : 8 + half + 1] = d
            tile[y, 8 - half : 8 + half] = s
        tile[13:16, 2:14] = d
    elif look.statue_shape == 6:  # a knight: a helmeted head, shoulders, a base
        tile[(xx - 7.5) ** 2 + (yy - 4) ** 2 <= 12] = d
        tile[(xx - 7.5) ** 2 + (yy - 4) ** 2 <= 6] = s
        tile[4, 6:10] = d
        tile[8:13, 3:13] = d
        tile[9:12, 4:12] = s
        tile[13:16, 2:14] = d
    elif look.statue_shape == 7:  # a brazier: a bowl on three legs, a dark flame
        tile[3:6, 6:10] = d
        tile[1:3, 7:9] = d
        tile[6:9, 2:14] = d
        tile[6:8, 3:13] = s
        for x in (3, 7, 11):
            tile[9:15, x : x + 2] = d
        tile[14:16, 2:14] = d
    else:
        raise ValueError(f"unknown statue shape {look.statue_shape}")


def plate(tile: np.ndarray, look: Look) -> None:
    """The plate with its diamond drawn by ``look.plate_art`` (half size, inset, rim, fill)."""
    half_size, inset, rim, fill = look.plate_art
    c = look.plate
    tile[:] = look.ground
    tile[inset : 16 - inset, inset : 16 - inset] = c.edge
    tile[inset + rim : 16 - inset - rim, inset + rim : 16 - inset - rim] = c.fill
    top = 8 - half_size
    for k in range(2 * half_size + 1):
        half = min(k, 2 * half_size - k)
        y = top + k
        if not 0 <= y < 16:
            continue
        outer = slice(max(0, 7 - half), min(16, 9 + half))
        inner = slice(max(0, 8 - half), min(16, 8 + half))
        if fill == 1:
            tile[y, outer] = c.edge
        elif fill == 2:
            tile[y, outer] = c.light
        else:
            tile[y, outer] = c.edge
            if 0 < half:
                tile[y, inner] = c.light if fill == 0 else c.fill


def link_art(art: list[str], style: int) -> list[str]:
    """Link's 16x16 ``art`` in sprite style ``style`` (0: as drawn; 1: no outline; 2: a long
    cap reaching behind; 3: low, two rows down; 4: wide, the middle columns doubled)."""
    if style == 0:
        return art
    if style == 1:
        return [row.replace("k", ".") for row in art]
    if style == 2:
        rows = list(art)
        for y, extra in ((1, "tt"), (2, "ttt"), (3, "tt")):
            row = rows[y].rstrip(".")
            rows[y] = (row + extra + "." * 16)[:16]
        return rows
    if style == 3:
        return ["." * 16, "." * 16] + list(art[:14])
    if style == 4:
        return [(row[1:8] + row[7] + row[8] + row[8:15])[:16] for row in art]
    raise ValueError(f"unknown Link style {style}")


#: Enemy kinds 3 to 5: a skull, a ghost, a spark (16x16; ``e`` body, ``w`` white, ``k`` dark).
ENEMIES = (
    [
        "................",
        ".....wwwwww.....",
        "....wwwwwwww....",
        "...wwwwwwwwww...",
        "...wwkkwwkkww...",
        "...wwkkwwkkww...",
        "...wwwwkkwwww...",
        "....wwwwwwww....",
        ".....wkwkwkw....",
        ".....wwwwwww....",
        "......eeeee.....",
        ".....e.e.e.e....",
        "................",
        "................",
        "................",
        "................",
    ],
    [
        "................",
        "......eeee......",
        "....eeeeeeee....",
        "...eeeeeeeeee...",
        "...eekeeeekee...",
        "...eekeeeekee...",
        "...eeeeeeeeee...",
        "...eeeekkeeee...",
        "...eeeeeeeeee...",
        "...eeeeeeeeee...",
        "...eeeeeeeeee...",
        "...e.eee.eee.e..",
        "...e..e...e..e..",
        "................",
        "................",
        "................",
    ],
    [
        ".......e........",
        ".......e........",
        "..e....e....e...",
        "...e..eee..e....",
        "....eeeeeee.....",
        "....eewwwee.....",
        "eeeeewwkwweeeee.",
        "....eewwwee.....",
        "....eeeeeee.....",
        "...e..eee..e....",
        "..e....e....e...",
        ".......e........",
        ".......e........",
        "................",
        "................",
        "................",
    ],
)


def status_bar(bar: np.ndarray, look: Look, rng: np.random.Generator) -> None:
    """Status bar layouts 2 and 3 (16 px tall): 2, hearts on the left and the two item
    boxes on the right; 3, a sparse bar (a level number, round hearts, a rim under it)."""
    from gridsight.vision.lettering import put_text

    bar[:] = look.bar
    ink = look.bar_ink
    if look.bar_style == 2:
        hearts = int(rng.integers(3, 15))
        full = int(rng.integers(0, hearts + 1))
        for k in range(hearts):
            x, y = 2 + (k % 7) * 8, 2 + (k // 7) * 7
            colour = (40, 40, 230) if k < full else tuple(int(v) * 3 // 4 for v in ink)
            bar[y : y + 5, x : x + 6] = colour
            bar[y + 4, x] = look.bar
            bar[y + 4, x + 5] = look.bar
        put_text(bar, f"{int(rng.integers(0, 1000)):03d}", (62, 12), cv2.FONT_HERSHEY_PLAIN,
                 0.55, ink, 1)
        for x0 in (112, 136):
            bar[1:15, x0 : x0 + 20] = ink
            bar[2:14, x0 + 1 : x0 + 19] = look.bar
            bar[5:11, x0 + 6 : x0 + 14] = _hsv(rng.uniform(0, 360), 0.7, 0.8)
    else:
        put_text(bar, f"L-{int(rng.integers(1, 9))}", (4, 12), cv2.FONT_HERSHEY_PLAIN, 0.6,
                 ink, 1)
        hearts = int(rng.integers(3, 12))
        for k in range(hearts):
            cv2.circle(bar, (60 + k * 8, 7), 3, (40, 40, 230), -1)
        bar[14:16, :] = tuple(int(v) // 2 for v in ink)


def wall(tile: np.ndarray, look: Look, r: int, c: int) -> None:
    """Bricks of ``look.brick`` with mortar ``look.mortar`` px wide in ``look.mortar_colour``
    (darker or lighter than the brick)."""
    bw, bh = look.brick
    m = look.mortar
    tile[:] = look.wall
    for y in range(0, 16, bh):
        tile[y : y + m, :] = look.mortar_colour
        offset = (bw // 2) * ((y // bh + c + r) % 2)
        for x in range(offset - bw, 16, bw):
            if 0 <= x < 16:
                tile[y : y + bh, x : x + m] = look.mortar_colour


def upscale(screen: np.ndarray, size: tuple[int, int], kind: str, scale: float,
            scale_y: float) -> np.ndarray:
    """``screen`` enlarged to ``size`` (width, height) by one of :data:`KINDS`."""
    near = cv2.resize(screen, size, interpolation=cv2.INTER_NEAREST)
    if kind == "unsharp":
        soft = cv2.resize(screen, size, interpolation=cv2.INTER_LINEAR)
        blur = cv2.GaussianBlur(soft, (0, 0), 0.5 * scale, sigmaY=0.5 * scale_y)
        return cv2.addWeighted(soft, 2.0, blur, -1.0, 0.0)
    if kind == "heavyblur":
        return cv2.GaussianBlur(near, (0, 0), 0.8 * scale, sigmaY=0.8 * scale_y)
    if kind == "lightblur":
        return cv2.GaussianBlur(near, (0, 0), 0.2 * scale, sigmaY=0.2 * scale_y)
    if kind == "area":
        return cv2.resize(screen, size, interpolation=cv2.INTER_AREA)
    if kind == "soft":
        soft = cv2.resize(screen, size, interpolation=cv2.INTER_LINEAR)
        return cv2.addWeighted(near, 0.5, soft, 0.5, 0.0)
    raise ValueError(f"unknown filter {kind!r}")


def scanlines(picture: np.ndarray, strength: float, period: int, native_h: int) -> np.ndarray:
    """Scanlines every ``period`` picture rows (2 or 3: the last of each darkened by
    ``strength``), or 0: the lower third of each of the ``native_h`` console rows."""
    out = picture.astype(np.float32)
    if period:
        out[period - 1 :: period] *= 1.0 - strength
    else:
        h = picture.shape[0]
        phase = ((np.arange(h) + 0.5) * native_h / h) % 1.0
        out[phase >= 2 / 3] *= 1.0 - strength
    return np.clip(out + 0.5, 0, 255).astype(np.uint8)


__all__ = ["DESIGNS", "ENEMIES", "KINDS", "PROPERTIES", "floor_tile", "link_art", "names",
           "plate", "scanlines", "statue", "status_bar", "upscale", "wall", "widest"]
