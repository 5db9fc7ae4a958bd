"""A tile-path room bigger than the screen, Game Boy Color style, in the project's own art.

Drawn from the written description of Oracle of Ages' Hero's Cave tile room (issue 18), never
from the game's art. The facts it keeps:

- the screen is 160x144 pixels: a 16-pixel status bar on top (item boxes, keys, rupees,
  hearts), then a 160x128 view of the room, 10x8 tiles of 16x16 pixels;
- the room is the board (13x9 for the Hero's Cave) inside a ring of walls one tile thick; the
  view follows Link (centred on him, clamped at the room's edges), so it may be cut off a tile
  boundary and shows at most about 9x7 of the board's tiles;
- floor tiles are blue (not stepped), yellow (where Link stands; the start tile next to the
  doorway before he steps in) or red (stepped); statues are blocked tiles; a yellow plate
  with a diamond (a blocked tile, not a puzzle tile) stands nearest the middle; olive brick
  walls, a locked door in the top wall, a doorway in the wall beside the start tile;
- Link is a 16x16 sprite standing a few pixels off his tile's centre, facing any way;
  enemies walk over tiles anywhere;
- the emulator shows the screen 2x to 6x, nearest-neighbour or smoothed, with or without
  colour correction (paler colours), inside a window with its own margins.

What a player's set-up may add, none of it checked on the real screen, so all of it drawn at
random by :func:`random_emulator` (never by :func:`random_settings`, whose seeds keep their
looks): a window resized to a scale that is not a whole number (2.0x to 6.0x), an
edge-directed filter (:func:`epx2x`, our own EPX/Scale2x rule, then stretched), bicubic or
Lanczos scaling, scanlines (every other row of the screenshot darkened) and a screenshot
saved as JPEG.

Everything the description does not say is drawn at random from a seed (:func:`random_look`):
the exact colours (within the named hues), the tile's design (bevelled, flat with a thin
border, four sub-tiles, an inlay, no border at all), the statue, the bricks, the status bar,
Link's and the enemy's colours, the window's chrome.

>>> shot = render(HEROS_CAVE, link=(4, 11), look=random_look(1), scale=2)
>>> shot.image.shape[0] >= 288, shot.board[4][11], shot.camera, shot.view
(True, 'L', (80, 24), ((1, 7), (4, 12)))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import cv2
import numpy as np

from gridsight.vision.geometry import BoardGeometry
from gridsight.vision.lettering import put_text

from . import gbc_display as display
from . import gbc_wider as wider
from . import gbc_widest as widest
from .common import Color, as_grid, shade

TILE = 16
SCREEN_W, SCREEN_H = 160, 144
BAR_H = 16
VIEW_W, VIEW_H = SCREEN_W, SCREEN_H - BAR_H

HEROS_CAVE = """\
. . . . . . . . . . . . .
. . . . . . # . . . . . .
. . . . . . . . . . . . .
. . . # . . # . # . . . .
. . . . . . . . . . . . S
. . . . . . . . . . . . .
. . . . . . # . . . . . .
. . . . . . . . . . . . .
. . . . . . . . . . . . .
"""

DESIGNS = ("bevel", "border", "quads", "inlay", "flat")
FACINGS = ("down", "up", "left", "right")


@dataclass(frozen=True)
class FloorColours:
    """One floor state's colours: ``fill``, a darker ``edge`` and a lighter ``light``."""

    fill: Color
    edge: Color
    light: Color


@dataclass(frozen=True)
class Look:
    """Everything about a room's look the description leaves open (BGR colours)."""

    blue: FloorColours
    yellow: FloorColours
    red: FloorColours
    design: str
    ground: Color  # the dungeon floor around statues
    statue: Color
    statue_dark: Color
    statue_shape: int  # 0: owl, 1: block with a face, 2: pillar
    plate: FloorColours
    wall: Color
    wall_dark: Color
    brick: tuple[int, int]  # brick width, height (native pixels)
    door: Color
    bar: Color
    bar_ink: Color
    tunic: Color
    skin: Color
    enemy: Color
    enemy_kind: int  # 0: blob, 1: bat, 2: beetle
    # Drawn wider only (:func:`gbc_wider.widen_look`); the defaults are the skin's own.
    pose: str = "stand"  # Link's: one of :data:`gbc_wider.POSES`
    enemy_px: int = 16  # an enemy sprite's size
    enemies: int = 1  # at most this many enemies in a random moment
    bar_style: int = 0  # 1: :func:`gbc_wider.status_bar`
    wall_style: int = 0  # 1: :func:`gbc_wider.wall` (bricks of their own shades)
    # Drawn widest only (:mod:`gbc_widest`); the defaults draw as before. ``design`` may be
    # one of :data:`gbc_widest.DESIGNS`, ``statue_shape`` up to 7, ``enemy_kind`` up to 5,
    # ``bar_style`` 2 or 3, ``wall_style`` 2 (:func:`gbc_widest.wall`).
    plate_art: tuple[int, ...] = ()  # (half size, inset, rim, fill); (): as drawn
    link_style: int = 0  # :func:`gbc_widest.link_art`
    link_ink: Color = (24, 24, 40)  # Link's outline
    belt: Color = (40, 90, 150)
    link_shift: tuple[int, int] = (0, 0)  # added to every moment's offset of Link
    mortar: int = 1  # mortar width of wall style 2
    mortar_colour: Color = (0, 0, 0)


@dataclass(frozen=True)
class Window:
    """The emulator window around the picture: margins in screen pixels and their colours."""

    left: int = 0
    top: int = 0
    right: int = 0
    bottom: int = 0
    chrome: Color = (60, 60, 60)
    title: Color = (90, 90, 90)
    title_h: int = 0
    black_bars: int = 0  # black letterbox bars inside the window, beside the picture


@dataclass(frozen=True, eq=False)
class RoomShot:
    """A screenshot and the truth about it.

    ``board``: the whole room in the text format (``S`` start, ``L`` Link's tile, ``x``
    crossed, ``.``, ``#``); ``view``: ``((r0, r1), (c0, c1))``, the board cells fully in view,
    inclusive (``None`` when no board cell is); ``geometry``: the board in the image (its
    cells out of view fall off the picture or under the status bar); ``picture``: the
    emulator picture's rectangle ``(x, y, w, h)`` in the image; ``camera``: the view's top-left
    in room pixels (native, the wall ring included); ``scale``, ``smooth``, ``corrected``.
    """

    image: np.ndarray = field(repr=False)
    board: tuple[tuple[str, ...], ...]
    view: tuple[tuple[int, int], tuple[int, int]] | None
    geometry: BoardGeometry
    picture: tuple[int, int, int, int]
    camera: tuple[int, int]
    scale: float
    smooth: bool
    corrected: bool
    link_tile: tuple[int, int] | None
    #: Board cells out of ``view`` that the screenshot's edge cuts by under two console
    #: pixels (one to two): whether such a cell shows is a matter of a console pixel, so a
    #: reader reading it is judged apart (:class:`kit.rooms.Tally`'s ``edge``).
    near: frozenset[tuple[int, int]] = frozenset()

    @property
    def text(self) -> str:
        return "\n".join(" ".join(row) for row in self.board) + "\n"

    def board_in_view(self) -> tuple[tuple[str, ...], ...]:
        """The board as a reader should write it: ``?`` for every cell not fully in view."""
        if self.view is None:
            return tuple(tuple("?" for _ in row) for row in self.board)
        (r0, r1), (c0, c1) = self.view
        return tuple(tuple(t if r0 <= r <= r1 and c0 <= c <= c1 else "?"
                           for c, t in enumerate(row)) for r, row in enumerate(self.board))


# -- colours --------------------------------------------------------------------------------


def _hsv(h: float, s: float, v: float) -> Color:
    """A BGR colour from hue in degrees, saturation and value in 0..1."""
    pixel = np.uint8([[[round(h / 2) % 180, round(s * 255), round(v * 255)]]])
    b, g, r = cv2.cvtColor(pixel, cv2.COLOR_HSV2BGR)[0, 0]
    return int(b), int(g), int(r)


def _floor(rng: np.random.Generator, hue: float) -> FloorColours:
    s, v = rng.uniform(0.55, 0.9), rng.uniform(0.75, 0.97)
    fill = _hsv(hue + rng.uniform(-8, 8), s, v)
    return FloorColours(fill, _hsv(hue, min(1.0, s + 0.1), v * rng.uniform(0.45, 0.65)),
                        _hsv(hue, s * rng.uniform(0.3, 0.6), min(1.0, v * 1.15)))


def random_look(seed: int) -> Look:
    """A look drawn from ``seed``: the named hues kept, everything else random."""
    rng = np.random.default_rng([seed, 7301])
    yellow_hue = rng.uniform(44, 56)
    ground_v = rng.uniform(0.15, 0.4)
    return Look(
        blue=_floor(rng, rng.uniform(205, 232)),
        yellow=_floor(rng, yellow_hue),
        red=_floor(rng, rng.uniform(-6, 8)),
        design=DESIGNS[int(rng.integers(len(DESIGNS)))],
        ground=_hsv(rng.uniform(0, 360), rng.uniform(0.0, 0.3), ground_v),
        statue=_hsv(rng.uniform(0, 360), rng.uniform(0.0, 0.25), rng.uniform(0.55, 0.8)),
        statue_dark=_hsv(rng.uniform(0, 360), rng.uniform(0.0, 0.3), rng.uniform(0.2, 0.4)),
        statue_shape=int(rng.integers(3)),
        plate=_floor(rng, yellow_hue + rng.uniform(-5, 5)),
        wall=_hsv(rng.uniform(55, 75), rng.uniform(0.45, 0.8), rng.uniform(0.45, 0.7)),
        wall_dark=_hsv(rng.uniform(50, 70), rng.uniform(0.5, 0.9), rng.uniform(0.2, 0.35)),
        brick=((8, 4), (8, 8), (16, 8), (4, 4))[int(rng.integers(4))],
        door=_hsv(rng.uniform(15, 35), rng.uniform(0.5, 0.8), rng.uniform(0.3, 0.55)),
        bar=_hsv(rng.uniform(0, 360), rng.uniform(0.0, 0.4), rng.choice([0.1, 0.95])),
        bar_ink=_hsv(rng.uniform(0, 360), rng.uniform(0, 0.5), rng.uniform(0.3, 0.6)),
        tunic=_hsv(rng.uniform(90, 140), rng.uniform(0.5, 0.9), rng.uniform(0.45, 0.8)),
        skin=_hsv(rng.uniform(20, 35), rng.uniform(0.3, 0.5), rng.uniform(0.85, 1.0)),
        enemy=_hsv(rng.uniform(0, 360), rng.uniform(0.5, 1.0), rng.uniform(0.4, 0.9)),
        enemy_kind=int(rng.integers(3)),
    )


def random_window(rng: np.random.Generator) -> Window:
    """An emulator window's margins: none, a thin frame, or a title and menu bar."""
    kind = int(rng.integers(3))
    if kind == 0:
        return Window()
    grey = int(rng.integers(30, 230))
    chrome = (grey, grey, int(min(255, grey + rng.integers(0, 25))))
    side = int(rng.integers(1, 9))
    title_h = int(rng.integers(18, 50)) if kind == 2 else 0
    return Window(left=side, top=side + title_h, right=side, bottom=side, chrome=chrome,
                  title=shade(chrome, rng.uniform(0.7, 1.3)), title_h=title_h,
                  black_bars=int(rng.integers(0, 3)) * int(rng.integers(4, 30)))


# -- the room at native resolution --------------------------------------------------------------


def _floor_tile(tile: np.ndarray, c: FloorColours, design: str) -> None:
    if design == "bevel":
        tile[:] = c.edge
        tile[1:15, 1:15] = c.fill
        tile[1, 1:15] = c.light
        tile[1:15, 1] = c.light
        tile[5:11, 5:11] = c.edge
        tile[6:10, 6:10] = c.fill
    elif design == "border":
        tile[:] = c.fill
        tile[15, :] = c.edge
        tile[:, 15] = c.edge
        tile[3:5, 3:5] = c.light
    elif design == "quads":  # four 8x8 sub-tiles, each a small bevelled square
        for y in (0, 8):
            for x in (0, 8):
                sub = tile[y : y + 8, x : x + 8]
                sub[:] = c.edge
                sub[1:7, 1:7] = c.fill
                sub[1, 1:7] = c.light
    elif design == "inlay":
        tile[:] = c.fill
        tile[0, :] = c.light
        tile[:, 0] = c.light
        tile[15, :] = c.edge
        tile[:, 15] = c.edge
        for k in range(5):  # a small diamond in the middle
            tile[5 + k, 7 - min(k, 4 - k) : 9 + min(k, 4 - k)] = c.edge
    elif design in widest.DESIGNS:
        widest.floor_tile(tile, c, design)
    else:  # flat: no border at all, two dots
        tile[:] = c.fill
        tile[4:6, 4:6] = c.light
        tile[10:12, 10:12] = c.edge


def _statue(tile: np.ndarray, look: Look) -> None:
    tile[:] = look.ground
    s, d = look.statue, look.statue_dark
    if look.statue_shape == 0:  # an owl-like figure
        tile[2:15, 3:13] = d
        tile[3:14, 4:12] = s
        tile[5:8, 5:7] = d
        tile[5:8, 9:11] = d
        tile[9:11, 7:9] = d
        tile[14:16, 2:14] = d
    elif look.statue_shape == 1:  # a block with a carved face
        tile[1:15, 1:15] = d
        tile[2:14, 2:14] = s
        tile[5:7, 4:6] = d
        tile[5:7, 10:12] = d
        tile[10:12, 5:11] = d
    elif look.statue_shape == 3:
        wider.urn(tile, s, d)
    elif look.statue_shape >= 4:
        widest.statue(tile, look)
    else:  # a pillar
        tile[1:16, 4:12] = d
        tile[2:15, 5:11] = s
        tile[2:4, 3:13] = d
        tile[13:15, 3:13] = d


def _plate(tile: np.ndarray, look: Look) -> None:
    if look.plate_art:
        widest.plate(tile, look)
        return
    c = look.plate
    tile[:] = look.ground
    tile[1:15, 1:15] = c.edge
    tile[2:14, 2:14] = c.fill
    for k in range(9):  # a diamond
        half = min(k, 8 - k)
        tile[4 + k, 7 - half : 9 + half] = c.edge
        if 0 < half:
            tile[4 + k, 8 - half : 8 + half] = c.light


def _wall(tile: np.ndarray, look: Look, r: int, c: int) -> None:
    if look.wall_style == 2:
        widest.wall(tile, look, r, c)
        return
    if look.wall_style:
        wider.wall(tile, look, c, np.random.default_rng([r, c, 17]))
        return
    tile[:] = look.wall
    bw, bh = look.brick
    for y in range(0, TILE, bh):
        tile[y, :] = look.wall_dark
        offset = (bw // 2) * ((y // bh + c) % 2)
        for x in range(offset, TILE + bw, bw):
            if x < TILE:
                tile[y : y + bh, x] = look.wall_dark


def _door(tile: np.ndarray, look: Look) -> None:
    tile[:] = look.wall_dark
    tile[2:16, 2:14] = look.door
    tile[2:16, 7:9] = shade(look.door, 0.6)
    tile[7:11, 6:10] = (40, 200, 230)  # a padlock
    tile[8:10, 7:9] = look.wall_dark


def _doorway(tile: np.ndarray, look: Look) -> None:
    tile[:] = shade(look.ground, 0.6)
    tile[0, :] = look.wall_dark
    tile[15, :] = look.wall_dark


def draw_room(board: Sequence[Sequence[str]], look: Look, crossed: set, link: tuple | None,
              start: tuple[int, int] | None, plate: tuple[int, int] | None) -> np.ndarray:
    """The whole room (the board inside its wall ring) at native resolution, no sprites."""
    rows, cols = len(board), len(board[0])
    room = np.zeros(((rows + 2) * TILE, (cols + 2) * TILE, 3), np.uint8)
    door_col = (cols + 2) // 2
    doorway = _doorway_of(start, rows, cols)
    for r in range(rows + 2):
        for c in range(cols + 2):
            tile = room[r * TILE : (r + 1) * TILE, c * TILE : (c + 1) * TILE]
            if (r, c) == doorway:
                _doorway(tile, look)
            elif r == 0 and c == door_col:
                _door(tile, look)
            elif r in (0, rows + 1) or c in (0, cols + 1):
                _wall(tile, look, r, c)
            else:
                pos = (r - 1, c - 1)
                token = board[pos[0]][pos[1]]
                if token == "#":
                    (_plate if pos == plate else _statue)(tile, look)
                elif pos == link or (link is None and pos == start):
                    _floor_tile(tile, look.yellow, look.design)
                elif pos in crossed or pos == start:
                    _floor_tile(tile, look.red, look.design)
                else:
                    _floor_tile(tile, look.blue, look.design)
    return room


def _doorway_of(start, rows: int, cols: int) -> tuple[int, int] | None:
    """The ring tile beside a start tile on the board's edge (room coordinates), if any."""
    if start is None:
        return None
    r, c = start
    if c == cols - 1:
        return (r + 1, cols + 1)
    if c == 0:
        return (r + 1, 0)
    if r == rows - 1:
        return (rows + 1, c + 1)
    if r == 0:
        return (0, c + 1)
    return None


# -- sprites ------------------------------------------------------------------------------------

_LINK = {
    "down": [
        ".....kkkkkk.....",
        "....kttttttk....",
        "...kttttttttk...",
        "..kttkkkkkkttk..",
        "..ktkssssssktk..",
        "..kksskssksskk..",
        "...kssssssssk...",
        "....kssssssk....",
        "...kttttttttk...",
        "..ksktttttttsk..",
        "..ksktbbbbttsk..",
        "...kttttttttk...",
        "...kttttttttk...",
        "....kttkkttk....",
        "....kkk..kkk....",
        "................",
    ],
    "up": [
        ".....kkkkkk.....",
        "....kttttttk....",
        "...kttttttttk...",
        "..kttttttttttk..",
        "..kttttttttttk..",
        "..kkttttttttkk..",
        "...kttttttttk...",
        "....kttttttk....",
        "...kttttttttk...",
        "..ksktttttttsk..",
        "..ksktttttttsk..",
        "...kttttttttk...",
        "...kttttttttk...",
        "....kttkkttk....",
        "....kkk..kkk....",
        "................",
    ],
    "left": [
        "......kkkkk.....",
        ".....ktttttk....",
        "....kttttttttk..",
        "...kkkktttttttk.",
        "..ksssskttttk...",
        "..kskssskttk....",
        "...ksssssk......",
        "....kssssk......",
        "...kttttttk.....",
        "..ksktttttk.....",
        "..ksktbbbtk.....",
        "...kttttttk.....",
        "...kttttttk.....",
        "....kttkttk.....",
        "....kkk.kkk.....",
        "................",
    ],
}
_LINK["right"] = [row[::-1] for row in _LINK["left"]]

_ENEMIES = (
    [  # a blob
        "................",
        "................",
        "......eeee......",
        "....eeeeeeee....",
        "...eeeeeeeeee...",
        "..eeewweewweee..",
        "..eeewkeewkeee..",
        ".eeeeeeeeeeeeee.",
        ".eeeeeeeeeeeeee.",
        ".eeeeeeeeeeeeee.",
        "..eeeeeeeeeeee..",
        "...eeeeeeeeee...",
        "................",
        "................",
        "................",
        "................",
    ],
    [  # a bat
        "................",
        "................",
        "e..............e",
        "ee....eeee....ee",
        "eee..eeeeee..eee",
        "eeeeeewkkweeeeee",
        ".eeeeeeeeeeeeee.",
        "..eeeeeeeeeeee..",
        "...ee..ee..ee...",
        "...e........e...",
        "................",
        "................",
        "................",
        "................",
        "................",
        "................",
    ],
    [  # a beetle
        "................",
        "....k......k....",
        ".....k....k.....",
        "....kkkkkkkk....",
        "...keeeeeeeek...",
        "..keeeekkeeeek..",
        "..keeeekkeeeek..",
        ".kkeeeekkeeeekk.",
        "..keeeekkeeeek..",
        "..keeeekkeeeek..",
        ".kkeeeekkeeeekk.",
        "..keeeekkeeeek..",
        "...keeeeeeeek...",
        "....kkkkkkkk....",
        "...k........k...",
        "................",
    ],
)


def _blit(picture: np.ndarray, art: list[str], x: int, y: int, colours: dict) -> None:
    """Draw a 16x16 sprite with its top-left at ``(x, y)`` (clipped to the picture)."""
    h, w = picture.shape[:2]
    for dy, row in enumerate(art):
        yy = y + dy
        if not 0 <= yy < h:
            continue
        for dx, ch in enumerate(row):
            xx = x + dx
            if ch in colours and 0 <= xx < w:
                picture[yy, xx] = colours[ch]


def _status_bar(bar: np.ndarray, look: Look, rng: np.random.Generator) -> None:
    if look.bar_style >= 2:
        widest.status_bar(bar, look, rng)
        return
    if look.bar_style:
        wider.status_bar(bar, look, rng)
        return
    bar[:] = look.bar
    ink = look.bar_ink
    for x0, letter in ((0, "B"), (26, "A")):
        bar[1:15, x0 + 8 : x0 + 24] = ink
        bar[2:14, x0 + 9 : x0 + 23] = look.bar
        put_text(bar, letter, (x0 + 1, 12), cv2.FONT_HERSHEY_PLAIN, 0.6, ink, 1)
        bar[5:11, x0 + 12 : x0 + 20] = _hsv(rng.uniform(0, 360), 0.6, 0.8)  # the item
    bar[4:12, 56:60] = (60, 200, 60)  # a rupee
    put_text(bar, f"{int(rng.integers(0, 1000)):03d}", (61, 12), cv2.FONT_HERSHEY_PLAIN,
             0.55, ink, 1)
    heart = np.array([[0, 1, 0, 1, 0], [1, 1, 1, 1, 1], [1, 1, 1, 1, 1], [0, 1, 1, 1, 0],
                      [0, 0, 1, 0, 0]], bool)
    hearts = int(rng.integers(3, 15))
    full = int(rng.integers(1, hearts + 1))
    for k in range(hearts):
        x, y = 96 + (k % 7) * 9, 2 + (k // 7) * 7
        area = bar[y : y + 5, x : x + 5]
        area[heart] = (40, 40, 230) if k < full else shade(look.bar_ink, 0.8)


# -- the screen --------------------------------------------------------------------------------


def _colour_correct(screen: np.ndarray, strength: float, lift: float = 0.1,
                   span: float = 0.85) -> np.ndarray:
    """An emulator's colour correction for the Game Boy Color's screen: channels mixed, darks
    lifted (to ``lift``, the range ``span``), saturation lowered: paler colours (our own
    formula)."""
    rgb = screen[..., ::-1].astype(np.float32) / 255.0
    linear = rgb ** 1.6
    mix = np.array([[0.78, 0.16, 0.06], [0.10, 0.74, 0.16], [0.12, 0.20, 0.68]], np.float32)
    mixed = np.clip(linear @ mix.T, 0, 1) ** (1 / 1.9)
    out = (1 - strength) * rgb + strength * (lift + span * mixed)
    return np.clip(out[..., ::-1] * 255 + 0.5, 0, 255).astype(np.uint8)


SMOOTH_KINDS = ("bilinear", "blur", "epx", "cubic", "lanczos")


def epx2x(screen: np.ndarray) -> np.ndarray:
    """The screen doubled by the EPX / Scale2x rule (our own code): each pixel ``P`` becomes
    four; a corner takes the colour of the two neighbours beside it when they are equal (and
    the opposite neighbours differ), so a diagonal edge is drawn as a slope, not stairs."""
    p = screen
    padded = np.pad(p, ((1, 1), (1, 1), (0, 0)), mode="edge")
    up, down = padded[:-2, 1:-1], padded[2:, 1:-1]
    left, right = padded[1:-1, :-2], padded[1:-1, 2:]

    def same(a: np.ndarray, b: np.ndarray) -> np.ndarray:
        return (a == b).all(axis=2)

    apart = ~same(up, down) & ~same(left, right)
    out = np.empty((p.shape[0] * 2, p.shape[1] * 2, p.shape[2]), p.dtype)
    for dy, dx, a, b in ((0, 0, up, left), (0, 1, up, right), (1, 0, down, left),
                         (1, 1, down, right)):
        take = (apart & same(a, b))[:, :, None]
        out[dy::2, dx::2] = np.where(take, a, p)
    return out


def upscale(screen: np.ndarray, scale: float, smooth: bool, smooth_kind: str,
            scale_y: float = 0.0) -> np.ndarray:
    """The emulator's picture: ``screen`` shown ``scale`` times as big across and ``scale_y``
    times down (0: ``scale``; the size rounded to whole pixels), by nearest neighbour or the
    filter ``smooth_kind`` (one of :data:`SMOOTH_KINDS` or :data:`gbc_display.EDGE_KINDS`)."""
    h, w = screen.shape[:2]
    sy = scale_y or scale
    size = (round(w * scale), round(h * sy))
    if not smooth:
        return cv2.resize(screen, size, interpolation=cv2.INTER_NEAREST)
    if smooth_kind == "bilinear":
        return cv2.resize(screen, size, interpolation=cv2.INTER_LINEAR)
    if smooth_kind == "blur":
        picture = cv2.resize(screen, size, interpolation=cv2.INTER_NEAREST)
        return cv2.GaussianBlur(picture, (0, 0), 0.45 * scale, sigmaY=0.45 * sy)
    if smooth_kind == "epx":
        return cv2.resize(epx2x(screen), size, interpolation=cv2.INTER_LINEAR)
    if smooth_kind == "cubic":
        return cv2.resize(screen, size, interpolation=cv2.INTER_CUBIC)
    if smooth_kind == "lanczos":
        return cv2.resize(screen, size, interpolation=cv2.INTER_LANCZOS4)
    if smooth_kind in display.EDGE_KINDS:
        return display.stretch(screen, size, smooth_kind)
    if smooth_kind == "sharp":
        return wider.sharp(screen, size)
    if smooth_kind in widest.KINDS:
        return widest.upscale(screen, size, smooth_kind, scale, sy)
    raise ValueError(f"unknown filter {smooth_kind!r}")


def scanlines(picture: np.ndarray, strength: float) -> np.ndarray:
    """Every other row of the picture (the screenshot's own rows) darkened by ``strength``."""
    out = picture.astype(np.float32)
    out[1::2] *= 1.0 - strength
    return np.clip(out + 0.5, 0, 255).astype(np.uint8)


def as_jpeg(image: np.ndarray, quality: int) -> np.ndarray:
    """The screenshot saved as JPEG at ``quality`` and read back."""
    ok, data = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, int(quality)])
    assert ok
    return cv2.imdecode(data, cv2.IMREAD_COLOR)


def camera_for(link_px: tuple[float, float], rows: int, cols: int) -> tuple[int, int]:
    """The view's top-left in room pixels: centred on Link's sprite, clamped to the room."""
    room_w, room_h = (cols + 2) * TILE, (rows + 2) * TILE
    x = round(link_px[0] + TILE / 2 - VIEW_W / 2)
    y = round(link_px[1] + TILE / 2 - VIEW_H / 2)
    return min(max(x, 0), room_w - VIEW_W), min(max(y, 0), room_h - VIEW_H)


def render(room: str | Sequence, *, crossed: Sequence[tuple[int, int]] = (),
           link: tuple[int, int] | None = None, link_offset: tuple[int, int] = (0, 0),
           facing: str = "left", enemies: Sequence[tuple[int, int]] = (),
           look: Look | None = None, scale: float = 3, smooth: bool = False,
           smooth_kind: str = "bilinear", correct: float = 0.0, window: Window = Window(),
           plate: tuple[int, int] | None = None, camera: tuple[int, int] | None = None,
           scanline: float = 0.0, jpeg: int = 0, seed: int = 0, scale_y: float = 0.0,
           grid: float = 0.0, ghost: float = 0.0, crt: float = 0.0,
           crop: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0), gamma: float = 1.0,
           letterbox: int = 0, scanline_period: int = 2, correct_lift: float = 0.1,
           correct_span: float = 0.85) -> RoomShot:
    """Draw the room ``room`` (the board's text: ``.``, ``#``, ``S``, ``E``) as the emulator
    shows it.

    ``crossed``: board cells stepped on (red; the start tile is red once Link has left it);
    ``link``: the board cell Link stands on (yellow), ``None`` for Link in the doorway before
    stepping in (the start tile yellow); ``link_offset``: his sprite's offset from the tile's
    place in native pixels; ``enemies``: their sprites' top-left corners in room pixels (the
    wall ring included); ``plate``: the blocked cell drawn as the plate (default: the one
    nearest the middle); ``camera``: the view's top-left in room pixels (default: following
    Link, clamped); ``correct``: colour correction strength (0: none, 1: full); ``scale``
    may be any number from 1 (the picture's size rounded to whole pixels); ``smooth_kind``:
    one of :data:`SMOOTH_KINDS` or :data:`gbc_display.EDGE_KINDS`; ``scanline``: every other
    row darkened by this much (0: none); ``jpeg``: the screenshot saved as JPEG at this
    quality (0: not).

    The looks of :mod:`gbc_display`: ``scale_y`` the scale down when it differs (non-square
    pixels; 0: ``scale``); ``grid`` an LCD grid's strength (negative: light lines);
    ``ghost`` how much of the previous frame shows (Link and the view 1 to 4 pixels back
    along his way); ``crt`` a CRT look's strength; ``crop`` console pixels of the picture
    cut off by the screenshot's edge on each side (left, top, right, bottom): the truth's
    view then holds only the cells fully left in the screenshot.

    Drawn wider only (:mod:`gbc_wider`): ``correct`` below 0 (colours more vivid, not
    paler), ``gamma`` (the screen's levels raised to it), ``letterbox`` (black picture rows
    above and below the picture).

    Drawn widest only (:mod:`gbc_widest`): ``scanline_period`` (3, or 0: the lower third of
    each console row), ``correct_lift`` and ``correct_span`` (the correction's darks and
    range).
    """
    grid_ = as_grid(room)
    rows, cols = len(grid_), len(grid_[0])
    look = look or random_look(seed)
    rng = np.random.default_rng([seed, 99])
    start = next(((r, c) for r in range(rows) for c in range(cols) if grid_[r][c] == "S"), None)
    blocked = [(r, c) for r in range(rows) for c in range(cols) if grid_[r][c] == "#"]
    if plate is None and blocked:
        plate = min(blocked, key=lambda p: (abs(p[0] - (rows - 1) / 2) + abs(p[1] - (cols - 1) / 2), p))
    crossed_set = set(crossed)
    link_offset = (link_offset[0] + look.link_shift[0], link_offset[1] + look.link_shift[1])
    room_px = draw_room(grid_, look, crossed_set, link, start, plate)
    # Sprites: Link on his tile (or in the doorway), the enemies anywhere.
    if link is not None:
        lx, ly = (link[1] + 1) * TILE + link_offset[0], (link[0] + 1) * TILE + link_offset[1]
    else:
        doorway = _doorway_of(start, rows, cols) or (1, 1)
        lx, ly = doorway[1] * TILE + link_offset[0], doorway[0] * TILE + link_offset[1]
    cam = camera if camera is not None else camera_for((lx, ly), rows, cols)
    bar = np.empty((BAR_H, SCREEN_W, 3), np.uint8)
    _status_bar(bar, look, rng)
    screen = _screen(room_px, bar, look, facing, lx, ly, cam, enemies)
    if ghost > 0:  # the previous frame: Link (and the view following him) a few pixels back
        back = int(rng.integers(1, 5))
        dx, dy = {"left": (back, 0), "right": (-back, 0), "up": (0, back),
                  "down": (0, -back)}[facing]
        before = camera if camera is not None else camera_for((lx + dx, ly + dy), rows, cols)
        previous = _screen(room_px, bar, look, facing, lx + dx, ly + dy, before,
                           [(ex + dx // 2, ey) for ex, ey in enemies])
        screen = cv2.addWeighted(screen, 1.0 - ghost, previous, ghost, 0.0)
    if correct != 0:
        screen = _colour_correct(screen, correct, correct_lift, correct_span)
    screen = wider.gamma(screen, gamma)
    picture = upscale(screen, scale, smooth, smooth_kind, scale_y)
    if grid:
        picture = display.lcd_grid(picture, (SCREEN_W, SCREEN_H), abs(grid), light=grid < 0)
    if crt > 0:
        picture = display.crt(picture, SCREEN_H, crt)
    if scanline > 0:
        picture = scanlines(picture, scanline) if scanline_period == 2 else \
            widest.scanlines(picture, scanline, scanline_period, SCREEN_H)
    image, (px, py) = _in_window(wider.letterbox(picture, letterbox), window)
    py += max(0, letterbox)
    pic_w, pic_h = picture.shape[1], picture.shape[0]
    if any(crop):
        image, (dx0, dy0) = display.crop(image, (px, py, pic_w, pic_h), crop,
                                         (SCREEN_W, SCREEN_H))
        px, py = px + dx0, py + dy0
    if jpeg:
        image = as_jpeg(image, jpeg)
    # The board (the room file's cells) in the image: room cell (1, 1) is board cell (0, 0).
    sx, sy = pic_w / SCREEN_W, pic_h / SCREEN_H
    x0 = px + (TILE - cam[0]) * sx
    y0 = py + (BAR_H + TILE - cam[1]) * sy
    geometry = BoardGeometry.from_rect(x0, y0, TILE * sx, TILE * sy, rows, cols)
    truth = _truth(grid_, crossed_set, link, start)
    # What of the view is left in the screenshot, in view pixels (less than a console pixel
    # cut off a tile still counts it in view: :func:`_view`).
    seen = (max(0.0, -px / sx), max(0.0, -py / sy - BAR_H),
            min(float(VIEW_W), (image.shape[1] - px) / sx),
            min(float(VIEW_H), (image.shape[0] - py) / sy - BAR_H))
    view = _view(cam, rows, cols, seen)
    return RoomShot(image, truth, view, geometry, (px, py, pic_w, pic_h), cam, scale, smooth,
                    correct != 0, link, _cells(_view(cam, rows, cols, seen, 2.0)) - _cells(view))


def _screen(room_px: np.ndarray, bar: np.ndarray, look: Look, facing: str, lx: int, ly: int,
            cam: tuple[int, int], enemies) -> np.ndarray:
    """The console's screen: the status bar over the view at ``cam`` of the room with Link
    at ``(lx, ly)`` and the enemies drawn in."""
    sprites = room_px.copy()
    kind = look.enemy_kind
    art = _ENEMIES[kind] if kind < len(_ENEMIES) else widest.ENEMIES[kind - len(_ENEMIES)]
    for ex, ey in enemies:
        _blit(sprites, wider.enemy_art(art, look.enemy_px), ex, ey,
              {"e": look.enemy, "w": (240, 240, 240), "k": (24, 24, 24)})
    _blit(sprites, widest.link_art(wider.link_art(_LINK[facing], look.pose, facing),
                                   look.link_style), lx, ly,
          {"k": look.link_ink, "t": look.tunic, "s": look.skin, "b": look.belt})
    wider.draw_extras(sprites, look.pose, facing, lx, ly)
    screen = np.empty((SCREEN_H, SCREEN_W, 3), np.uint8)
    screen[:BAR_H] = bar
    screen[BAR_H:] = sprites[cam[1] : cam[1] + VIEW_H, cam[0] : cam[0] + VIEW_W]
    return screen


def _truth(grid, crossed: set, link, start) -> tuple[tuple[str, ...], ...]:
    out = []
    for r, row in enumerate(grid):
        line = []
        for c, token in enumerate(row):
            if token in ("#", "S"):
                line.append(token)
            elif (r, c) == link:
                line.append("L")
            elif (r, c) in crossed:
                line.append("x")
            else:
                line.append(token)
        out.append(tuple(line))
    return tuple(out)


def _cells(view) -> frozenset[tuple[int, int]]:
    """The board cells of a view's inclusive ranges (none for ``None``)."""
    if view is None:
        return frozenset()
    (r0, r1), (c0, c1) = view
    return frozenset((r, c) for r in range(r0, r1 + 1) for c in range(c0, c1 + 1))


def _view(cam: tuple[int, int], rows: int, cols: int,
          seen: tuple[float, float, float, float] = (0, 0, VIEW_W, VIEW_H),
          cut: float = 1.0):
    """The board cells fully inside the view at camera ``cam`` (and inside the part ``seen``
    of it, ``(x0, y0, x1, y1)`` view pixels), inclusive ranges. A cell that lost less than
    one console pixel to the screenshot's edge counts as in view: a picture cut by less than
    a console pixel cannot be told from a whole one ending at the border (its pitch is known
    to a fraction of a console pixel across the picture), and all of the cell's design but a
    sliver is on screen, so the reader reads it and is judged on it. ``cut``: the console
    pixels a cell may lose so (:attr:`RoomShot.near` takes 2)."""
    slack = cut - 1e-6
    x0, y0 = max(0, int(np.ceil(seen[0] - slack))), max(0, int(np.ceil(seen[1] - slack)))
    x1 = min(VIEW_W, int(np.floor(seen[2] + slack)))
    y1 = min(VIEW_H, int(np.floor(seen[3] + slack)))
    c0 = -(-(cam[0] + x0) // TILE) - 1
    c1 = (cam[0] + x1) // TILE - 2
    r0 = -(-(cam[1] + y0) // TILE) - 1
    r1 = (cam[1] + y1) // TILE - 2
    c0, c1, r0, r1 = max(c0, 0), min(c1, cols - 1), max(r0, 0), min(r1, rows - 1)
    if c0 > c1 or r0 > r1:
        return None
    return (r0, r1), (c0, c1)


def _in_window(picture: np.ndarray, window: Window):
    h, w = picture.shape[:2]
    bars = window.black_bars
    width = window.left + bars + w + bars + window.right
    height = window.top + h + window.bottom
    image = np.empty((height, width, 3), np.uint8)
    image[:] = window.chrome
    if window.title_h:
        image[window.top - window.title_h : window.top - window.title_h // 3, :] = window.title
        put_text(image, "GBC emulator - Oracle", (8, window.top - window.title_h // 2),
                 cv2.FONT_HERSHEY_SIMPLEX, 0.4, shade(window.title, 0.4), 1)
    if bars:
        image[window.top : window.top + h, window.left : window.left + 2 * bars + w] = 0
    x, y = window.left + bars, window.top
    image[y : y + h, x : x + w] = picture
    return image, (x, y)


# -- walks -------------------------------------------------------------------------------------


def random_walk(room: str | Sequence, rng: np.random.Generator, length: int) -> list[tuple[int, int]]:
    """A self-avoiding walk from the start tile of up to ``length`` moves (fewer when stuck):
    the tiles Link stood on, start first."""
    grid = as_grid(room)
    rows, cols = len(grid), len(grid[0])
    start = next((r, c) for r in range(rows) for c in range(cols) if grid[r][c] == "S")
    path = [start]
    seen = {start}
    for _ in range(length):
        r, c = path[-1]
        options = [(r + dr, c + dc) for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
                   if 0 <= r + dr < rows and 0 <= c + dc < cols
                   and grid[r + dr][c + dc] != "#" and (r + dr, c + dc) not in seen]
        if not options:
            break
        step = options[int(rng.integers(len(options)))]
        path.append(step)
        seen.add(step)
    return path


def _facing(a: tuple[int, int], b: tuple[int, int]) -> str:
    dr, dc = b[0] - a[0], b[1] - a[1]
    return {(-1, 0): "up", (1, 0): "down", (0, -1): "left", (0, 1): "right"}.get((dr, dc), "left")


@dataclass(frozen=True)
class Settings:
    """How the emulator shows the screen: scale, filter, colour correction, window; and how
    the screenshot is taken: ``scanline`` (every other row darkened by this much, 0: none)
    and ``jpeg`` (saved as JPEG at this quality, 0: not); the looks of :mod:`gbc_display`
    (``scale_y``, ``grid``, ``ghost``, ``crt``, ``crop``: see :func:`render`)."""

    scale: float = 3
    smooth: bool = False
    smooth_kind: str = "bilinear"
    correct: float = 0.0
    window: Window = Window()
    scanline: float = 0.0
    jpeg: int = 0
    scale_y: float = 0.0
    grid: float = 0.0
    ghost: float = 0.0
    crt: float = 0.0
    crop: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)
    gamma: float = 1.0  # drawn wider only (:func:`gbc_wider.widen_settings`)
    letterbox: int = 0
    scanline_period: int = 2  # drawn widest only (:mod:`gbc_widest`), as the three below
    correct_lift: float = 0.1
    correct_span: float = 0.85

    def render_options(self) -> dict:
        """The keyword arguments of :func:`render` these settings fix."""
        return {"scale": self.scale, "smooth": self.smooth, "smooth_kind": self.smooth_kind,
                "correct": self.correct, "window": self.window, "scanline": self.scanline,
                "jpeg": self.jpeg, "scale_y": self.scale_y, "grid": self.grid,
                "ghost": self.ghost, "crt": self.crt, "crop": self.crop,
                "gamma": self.gamma, "letterbox": self.letterbox,
                "scanline_period": self.scanline_period, "correct_lift": self.correct_lift,
                "correct_span": self.correct_span}


def _strength(u: float) -> float:
    """A colour correction's strength from a draw ``u`` of 0.6 to 1.0 (the range it was drawn
    from before), spread over 0.15 to 1.0: how pale an emulator's correction makes the colours
    is not known, so mild ones are drawn too (one draw as before: the seeds' other draws
    stay)."""
    return 0.15 + (float(u) - 0.6) / 0.4 * 0.85


def random_settings(rng: np.random.Generator, scale: int | None = None,
                    smooth: bool | None = None, correct: bool | None = None) -> Settings:
    return Settings(
        scale=int(rng.integers(2, 7)) if scale is None else scale,
        smooth=bool(rng.random() < 0.5) if smooth is None else smooth,
        smooth_kind=("bilinear", "blur")[int(rng.integers(2))],
        correct=(_strength(rng.uniform(0.6, 1.0)) if rng.random() < 0.5 else 0.0)
        if correct is None else (_strength(rng.uniform(0.6, 1.0)) if correct else 0.0),
        window=random_window(rng),
    )


def random_emulator(rng: np.random.Generator, smooth_kind: str | None = None) -> Settings:
    """A player's set-up beyond whole scales (see the module docstring): a scale of 2.0x to
    6.0x, any number; nearest neighbour or one of :data:`SMOOTH_KINDS` (``smooth_kind``
    given: that one, ``"nearest"`` for none); scanlines of 10% to 50% half the time; a JPEG
    screenshot of quality 40 to 95 half the time; colour correction half the time."""
    drawn = (("nearest",) + SMOOTH_KINDS)[int(rng.integers(len(SMOOTH_KINDS) + 1))]
    kind = smooth_kind or drawn
    scale = float(rng.uniform(2.0, 6.0))
    correct = _strength(rng.uniform(0.6, 1.0)) if rng.random() < 0.5 else 0.0
    scanline = float(rng.uniform(0.1, 0.5)) if rng.random() < 0.5 else 0.0
    jpeg = int(rng.integers(40, 96)) if rng.random() < 0.5 else 0
    return Settings(scale=scale, smooth=kind != "nearest",
                    smooth_kind=kind if kind != "nearest" else "bilinear", correct=correct,
                    window=random_window(rng), scanline=scanline, jpeg=jpeg)


#: The display looks :func:`random_display` adds, one per case in turn.
DISPLAY_LOOKS = ("crop", "aspect", "lcd", "ghost", "xbr", "crt")


def random_crop(rng: np.random.Generator) -> tuple[float, float, float, float]:
    """Console pixels cut off the picture: one side, or one side across and one down, each
    from a fraction of a pixel to two and a half tiles."""
    cut = [0.0, 0.0, 0.0, 0.0]
    across, down = int(rng.integers(2)), 1 + 2 * int(rng.integers(2))
    sides = [across * 2, down] if rng.random() < 0.3 else [(across * 2, down)[int(rng.integers(2))]]
    for side in sides:
        cut[side] = float(rng.uniform(0.3, 40.0)) if rng.random() < 0.7 else \
            float(rng.uniform(0.3, 6.0))
    return cut[0], cut[1], cut[2], cut[3]


def random_display(rng: np.random.Generator, kind: str) -> Settings:
    """A set-up of :func:`random_emulator` with the display look ``kind`` (one of
    :data:`DISPLAY_LOOKS`) added, every property drawn both ways:

    - ``crop``: the picture cut by the screenshot's edge (:func:`random_crop`);
    - ``aspect``: non-square pixels: 4:3 or 16:9 windows filled, or the scales across and
      down 5% to 40% apart, either way;
    - ``lcd``: an LCD grid, dark or light lines (20% to 60%), at 3x to 6x;
    - ``ghost``: LCD ghosting, 10% to 40% of the previous frame (1 to 4 pixels back);
    - ``xbr``: an edge-directed filter (:data:`gbc_display.EDGE_KINDS`);
    - ``crt``: a mild CRT look (console rows, bloom, vignette; 15% to 40%).
    """
    base = random_emulator(rng)
    extra: dict = {}
    if kind == "crop":
        extra["crop"] = random_crop(rng)
    elif kind == "aspect":
        choice = rng.random()
        if choice < 0.2:
            ratio = (4 / 3) / (SCREEN_W / SCREEN_H)  # a 4:3 window filled
        elif choice < 0.35:
            ratio = (16 / 9) / (SCREEN_W / SCREEN_H)  # 16:9 filled
        else:
            ratio = float(rng.uniform(1.05, 1.4))
        if rng.random() < 0.5:
            ratio = 1 / ratio
        scale = float(rng.uniform(2.0, 5.0))
        extra.update(scale=scale * ratio if ratio > 1 else scale,
                     scale_y=scale if ratio > 1 else scale / ratio)
    elif kind == "lcd":
        strength = float(rng.uniform(0.2, 0.6))
        extra.update(scale=float(rng.uniform(3.0, 6.0)), scanline=0.0,
                     grid=strength if rng.random() < 0.6 else -strength)
    elif kind == "ghost":
        extra["ghost"] = float(rng.uniform(0.1, 0.4))
    elif kind == "xbr":
        extra.update(smooth=True, smooth_kind=display.EDGE_KINDS[int(rng.integers(2))])
    elif kind == "crt":
        extra.update(crt=float(rng.uniform(0.15, 0.4)), scanline=0.0,
                     scale=float(rng.uniform(3.0, 6.0)))
    else:
        raise ValueError(f"unknown display look {kind!r}")
    from dataclasses import replace

    return replace(base, **extra)


def walk_shots(room: str, walk: Sequence[tuple[int, int]], look: Look, settings: Settings,
               rng: np.random.Generator, *, enemy: bool = True,
               from_doorway: bool = True) -> list[RoomShot]:
    """One shot per step of ``walk`` (start first), Link a few pixels off each tile's middle
    facing the way he came, an enemy wandering; with ``from_doorway`` a first shot of Link
    in the doorway before he steps in."""
    shots = []
    grid = as_grid(room)
    rows, cols = len(grid), len(grid[0])
    ex, ey = float(rng.uniform(TILE, cols * TILE)), float(rng.uniform(TILE, rows * TILE))
    steps: list[tuple[int, int] | None] = ([None] if from_doorway else []) + list(walk)
    for k, here in enumerate(steps):
        crossed = [p for p in walk[: max(0, k - (1 if from_doorway else 0))] if p != here]
        prev = steps[k - 1] if k else None
        facing = _facing(prev, here) if prev is not None and here is not None else \
            FACINGS[int(rng.integers(4))]
        offset = tuple(int(v) for v in rng.integers(-4, 5, size=2))
        enemies = []
        if enemy:
            ex = float(np.clip(ex + rng.uniform(-12, 12), TILE, cols * TILE))
            ey = float(np.clip(ey + rng.uniform(-12, 12), TILE, rows * TILE))
            enemies = [(int(ex), int(ey))]
        shots.append(render(grid, crossed=crossed, link=here, link_offset=offset,
                            facing=facing, enemies=enemies, look=look,
                            seed=int(rng.integers(1 << 30)), **settings.render_options()))
    return shots


def random_shot(seed: int, room: str = HEROS_CAVE, *, scale: int | None = None,
                smooth: bool | None = None, correct: bool | None = None,
                look: Look | None = None, settings: Settings | None = None) -> RoomShot:
    """A random moment of a walk in ``room``: a random look (unless given), a walk of random
    length, Link off-centre facing any way, an enemy over some tile half the time."""
    rng = np.random.default_rng([seed, 4242])
    settings = settings or random_settings(rng, scale, smooth, correct)
    look = look or random_look(seed)
    walk = random_walk(room, rng, int(rng.integers(0, 60)))
    grid = as_grid(room)
    rows, cols = len(grid), len(grid[0])
    before = rng.random() < 0.1
    here = None if before else walk[-1]
    crossed = [] if before else walk[:-1]
    enemies = []
    if rng.random() < 0.5:
        enemies = [(int(rng.integers(TILE, cols * TILE)), int(rng.integers(TILE, rows * TILE)))]
    if look.enemies != 1:  # drawn wider: none to three (a stream of its own)
        more = np.random.default_rng([seed, 4243])
        enemies = [(int(more.integers(TILE, cols * TILE)), int(more.integers(TILE, rows * TILE)))
                   for _ in range(look.enemies)]
    offset = tuple(int(v) for v in rng.integers(-4, 5, size=2))
    return render(grid, crossed=crossed, link=here, link_offset=offset,
                  facing=FACINGS[int(rng.integers(4))], enemies=enemies, look=look,
                  seed=seed, **settings.render_options())


__all__ = [
    "HEROS_CAVE",
    "Look",
    "RoomShot",
    "Settings",
    "Window",
    "camera_for",
    "random_display",
    "random_emulator",
    "random_look",
    "random_settings",
    "random_shot",
    "random_walk",
    "render",
    "walk_shots",
]
