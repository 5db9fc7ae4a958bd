"""A Disco Zoo rescue screen laid out like the real game's, in our own art, with random looks.

The shipped skin (:mod:`kit.skins.disco_zoo`) has a fixed layout and a wooden frame; the
real game's rescue screen has neither. This skin draws what the real screen is described to
show (facts, no pixels of it; issue 18 corrected the description of the cards):

- a portrait phone screen about 9:16 to 9:20, maybe with a phone's status and navigation bars;
- the region's **ground** behind everything (Farm a light grass, Polar snow, Mars red, Moon a
  dark grey, City grey, Jungle a dark green, ...), plain or faintly speckled;
- a **title bar** with the region's name in capitals on the left and, on the right, a big digit
  (the attempts left), taller than the words ``ATTEMPTS LEFT`` beside it;
- a row of 1 to 3 equal **cards** with rounded corners under the title bar, their top edge
  tucked under it, told from the ground by colour alone: a muted shade of the ground, lighter
  or darker, often by very little (a few levels of 255). On each card the animal's pixel-art
  sprite, its name in capitals (light pixel font), ``YOU HAVE n`` in the rarity's tint, and a
  row of small square boxes with light borders: one box per tile of the animal's pattern, one
  filled in the rarity colour per tile of it found on the board;
- the 5x5 **board** with no frame, square grass tiles separated by thin darker lines, many
  untapped tiles carrying a random decoration; a tapped empty tile plain and dark; a found tile
  the animal's sprite (the card's art at a similar size) on a rounded tile of its rarity's
  colour;
- a bottom bar with ``MENU``, the coins and ``MAP``. Pixel art, no smoothing.

Everything we cannot check on the real screen varies with the seed (:func:`random_look`), in
both directions where the direction is unknown: proportions, margins, card sizes, placement,
corner radius and how far they run under the bar, the card's colour against the ground,
bar heights, box sizes and borders, colours within their described families, line darkness and
thickness, decorations and their density, sprite art and scale.

Cells are labels: ``ground``, ``empty`` and ``animal:<Name>``.

>>> shot = render([["ground"] * 5] * 4 + [["empty"] * 4 + ["animal:Panda"]],
...               animals=[("Panda", "rare"), ("Tiger", "rare")], attempts=5, seed=3)
>>> shot.labels[4][4], shot.extras["attempts"], shot.image.dtype
('animal:Panda', 5, dtype('uint8'))
>>> [(c.name, c.boxes, c.filled) for c in shot.extras["cards"]]
[('Panda', 3, 1), ('Tiger', 3, 0)]
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass, replace
from typing import Any, Sequence

import cv2
import numpy as np

from . import pixel_fonts
from .common import Rendered
from gridsight.vision.geometry import BoardGeometry

Color = tuple[int, int, int]  # BGR
RARITIES = ("common", "rare", "mythical", "timeless")
ROWS = COLS = 5
BASE_WIDTH = 360  # screen width at scale 1 (a phone's width in points); tests scale 0.5x-3x

# The rarity colour families as described (RGB): common green, rare light blue, mythical
# pink, timeless gold. Each look jitters them.
RARITY_RGB = {"common": (118, 204, 72), "rare": (128, 212, 246), "mythical": (246, 142, 212),
              "timeless": (246, 200, 48)}


# -- the pixel font -------------------------------------------------------------------------

_FONT = {
    "A": "01110 10001 10001 11111 10001 10001 10001",
    "B": "11110 10001 10001 11110 10001 10001 11110",
    "C": "01110 10001 10000 10000 10000 10001 01110",
    "D": "11110 10001 10001 10001 10001 10001 11110",
    "E": "11111 10000 10000 11110 10000 10000 11111",
    "F": "11111 10000 10000 11110 10000 10000 10000",
    "G": "01110 10001 10000 10111 10001 10001 01111",
    "H": "10001 10001 10001 11111 10001 10001 10001",
    "I": "01110 00100 00100 00100 00100 00100 01110",
    "J": "00111 00010 00010 00010 00010 10010 01100",
    "K": "10001 10010 10100 11000 10100 10010 10001",
    "L": "10000 10000 10000 10000 10000 10000 11111",
    "M": "10001 11011 10101 10101 10001 10001 10001",
    "N": "10001 10001 11001 10101 10011 10001 10001",
    "O": "01110 10001 10001 10001 10001 10001 01110",
    "P": "11110 10001 10001 11110 10000 10000 10000",
    "Q": "01110 10001 10001 10001 10101 10010 01101",
    "R": "11110 10001 10001 11110 10100 10010 10001",
    "S": "01111 10000 10000 01110 00001 00001 11110",
    "T": "11111 00100 00100 00100 00100 00100 00100",
    "U": "10001 10001 10001 10001 10001 10001 01110",
    "V": "10001 10001 10001 10001 10001 01010 00100",
    "W": "10001 10001 10001 10101 10101 10101 01010",
    "X": "10001 10001 01010 00100 01010 10001 10001",
    "Y": "10001 10001 01010 00100 00100 00100 00100",
    "Z": "11111 00001 00010 00100 01000 10000 11111",
    "0": "01110 10001 10001 10001 10001 10001 01110",
    "1": "00100 01100 00100 00100 00100 00100 01110",
    "2": "01110 10001 00001 00010 00100 01000 11111",
    "3": "11111 00010 00100 00010 00001 10001 01110",
    "4": "00010 00110 01010 10010 11111 00010 00010",
    "5": "11111 10000 11110 00001 00001 10001 01110",
    "6": "00110 01000 10000 11110 10001 10001 01110",
    "7": "11111 00001 00010 00100 01000 01000 01000",
    "8": "01110 10001 10001 01110 10001 10001 01110",
    "9": "01110 10001 10001 01111 00001 00010 01100",
    "-": "00000 00000 00000 11111 00000 00000 00000",
    ":": "00000 01100 01100 00000 01100 01100 00000",
    " ": "00000 00000 00000 00000 00000 00000 00000",
}
_GLYPHS = {ch: np.array([[c == "1" for c in row] for row in rows.split()], bool)
           for ch, rows in _FONT.items()}


def text_mask(words: str, *, bold: bool = False) -> np.ndarray:
    """``words`` (capitals) as a boolean bitmap, one font pixel per pixel, in the font of the
    screen being drawn (:mod:`kit.skins.pixel_fonts`; this module's 5x7 font by default)."""
    font = pixel_fonts.current()
    if font is not None:
        return font.mask(words, bold=bold)
    parts = []
    for ch in words.upper():
        g = _GLYPHS.get(ch, _GLYPHS[" "])
        if bold:
            g = np.pad(g, ((0, 0), (0, 1))) | np.pad(g, ((0, 0), (1, 0)))
        parts += [g, np.zeros((7, 1), bool)]
    return np.concatenate(parts[:-1], axis=1) if parts else np.zeros((7, 0), bool)


def write(image: np.ndarray, words: str, x: int, y: int, size: int, color: Color, *,
          bold: bool = False, outline: Color | None = None) -> int:
    """Write ``words`` with its top-left at ``(x, y)``, ``size`` pixels per font pixel; returns
    the width written. ``outline`` adds a rim of one font pixel in that colour."""
    big = np.kron(text_mask(words, bold=bold), np.ones((size, size), bool))
    if outline is not None:
        rim = np.pad(big, size)
        grown = cv2.dilate(rim.astype(np.uint8), np.ones((2 * size + 1, 2 * size + 1), np.uint8))
        _paint(image, grown > 0, x - size, y - size, outline)
    _paint(image, big, x, y, color)
    return big.shape[1]


def text_width(words: str, size: int, *, bold: bool = False) -> int:
    return text_mask(words, bold=bold).shape[1] * size


def _paint(image: np.ndarray, mask: np.ndarray, x: int, y: int, color: Color) -> None:
    h, w = image.shape[:2]
    y0, x0, y1, x1 = max(0, y), max(0, x), min(h, y + mask.shape[0]), min(w, x + mask.shape[1])
    if y1 > y0 and x1 > x0:
        image[y0:y1, x0:x1][mask[y0 - y : y1 - y, x0 - x : x1 - x]] = color


# -- sprite art -----------------------------------------------------------------------------


def _rng(*parts: object) -> np.random.Generator:
    return np.random.default_rng(zlib.crc32("\x1f".join(map(str, parts)).encode()))


def sprite_art(name: str, art_seed: int = 0) -> np.ndarray:
    """``name``'s sprite as a BGRA pixel-art bitmap (alpha 0 or 255), 8 to 12 art pixels a
    side: a mirror-symmetric creature with a dark outline, two body colours and an eye.
    ``art_seed`` changes the whole bestiary's art (one look of the game per seed)."""
    rng = _rng("art", art_seed, name)
    size = int(rng.integers(8, 13))
    half = (size + 1) // 2
    body = np.zeros((size, half), bool)
    body[size // 4 : size - 1, max(0, half - 3):] = True
    body |= rng.random((size, half)) < 0.45
    body[0] &= rng.random(half) < 0.5
    body[:, 0] &= rng.random(size) < 0.3
    body = np.concatenate([body, body[:, : size - half][:, ::-1]], axis=1)
    inner = body.copy()
    outline = body & ~cv2.erode(body.astype(np.uint8), np.ones((3, 3), np.uint8),
                                borderType=cv2.BORDER_CONSTANT, borderValue=0).astype(bool)
    hue = int(rng.integers(0, 180))
    main = _hsv(hue, int(rng.integers(60, 230)), int(rng.integers(140, 250)))
    second = _hsv((hue + int(rng.integers(40, 140))) % 180, int(rng.integers(80, 230)),
                  int(rng.integers(90, 230)))
    dark = _hsv(hue, 120, int(rng.integers(20, 60)))
    art = np.zeros((size, size, 4), np.uint8)
    art[inner] = (*main, 255)
    patch = (rng.random((size, half)) < 0.35)
    patch = np.concatenate([patch, patch[:, : size - half][:, ::-1]], axis=1) & inner
    art[patch] = (*second, 255)
    if rng.random() < 0.7:
        art[outline] = (*dark, 255)
    eye_r, eye_c = int(rng.integers(size // 4, size // 2)), int(rng.integers(1, half - 1))
    for c in (eye_c, size - 1 - eye_c):
        art[eye_r, c] = (15, 15, 15, 255)
    return art


def draw_art(image: np.ndarray, art: np.ndarray, x: int, y: int, block: int) -> None:
    """Draw pixel art with ``block`` x ``block`` screen pixels per art pixel, top-left at
    ``(x, y)``."""
    big = np.kron(art, np.ones((block, block, 1), np.uint8))
    h, w = image.shape[:2]
    y0, x0, y1, x1 = max(0, y), max(0, x), min(h, y + big.shape[0]), min(w, x + big.shape[1])
    if y1 <= y0 or x1 <= x0:
        return
    part = big[y0 - y : y1 - y, x0 - x : x1 - x]
    on = part[..., 3] > 0
    image[y0:y1, x0:x1][on] = part[..., :3][on]


def _lab_distance(a: Color, b: Color) -> float:
    lab = cv2.cvtColor(np.array([[a, b]], np.float32) / 255.0, cv2.COLOR_BGR2Lab)[0]
    return float(np.linalg.norm(lab[0] - lab[1]))


def _hsv(h: int, s: int, v: int) -> Color:
    bgr = cv2.cvtColor(np.uint8([[[h % 180, s, v]]]), cv2.COLOR_HSV2BGR)[0, 0]
    return int(bgr[0]), int(bgr[1]), int(bgr[2])


def _bgr(rgb: Sequence[int]) -> Color:
    return int(rgb[2]), int(rgb[1]), int(rgb[0])


def _jitter(color: Color, rng: np.random.Generator, amount: int) -> Color:
    return tuple(int(np.clip(v + rng.integers(-amount, amount + 1), 0, 255)) for v in color)  # type: ignore[return-value]


def _shade(color: Color, factor: float) -> Color:
    return tuple(int(np.clip(round(v * factor), 0, 255)) for v in color)  # type: ignore[return-value]


# -- one look -------------------------------------------------------------------------------

# The ground behind the cards and the board, per region (RGB families; each look jitters them).
REGION_GROUNDS = {
    "Farm": (150, 200, 95), "Outback": (205, 120, 60), "Savanna": (215, 185, 100),
    "Northern": (60, 100, 80), "Polar": (228, 236, 245), "Jungle": (35, 80, 40),
    "Jurassic": (120, 95, 55), "Ice Age": (170, 210, 230), "City": (120, 120, 128),
    "Mountain": (110, 120, 100), "Nocturnal": (40, 35, 80), "Moon": (50, 50, 60),
    "Mars": (170, 70, 40), "Constellation": (20, 25, 60),
}
# Tiles per animal by rarity, for names the catalogue does not know (tests' made-up animals).
RARITY_TILES = {"common": 4, "rare": 3, "mythical": 3, "timeless": 3, "pet": 5}


@dataclass(frozen=True)
class Look:
    """The proportions and colours of one rescue screen (pixels at scale 1, colours BGR)."""

    width: int
    height: int
    status_bar: int  # height of the phone's status bar (0: none)
    nav_bar: int  # height of the phone's navigation bar (0: none)
    background: Color  # the ground at the top of the screen
    background_low: Color  # the ground's (mild) gradient ends here
    ground_specks: float  # share of the ground under faint specks (0: plain)
    speck_color: Color
    bar_top: int  # where the game's title bar starts (below the status bar)
    bar_height: int
    bar_color: Color
    bar_text: Color
    region_size: int  # pixels per font pixel of the region's name
    digit_size: int  # ... of the attempts number
    digit_outline: bool
    digit_color: Color
    label_size: int  # ... of "ATTEMPTS LEFT"
    card_top: int  # the cards' top edge, under the title bar
    card_height: int  # from card_top, the part under the bar included
    card_width: int  # 0: cards share the row's width
    card_margin: int
    card_gap: int
    card_color: Color
    card_text: Color  # the name's (light) colour
    card_radius: int
    card_pad: int  # space between a card's visible edges and what it shows
    card_block: int  # pixels per art pixel of a card's sprite
    tile_block: int  # ... of a found tile's sprite
    name_size: int
    have_tint: float  # "YOU HAVE n": the rarity colour mixed with white by this much
    box_size: int  # a box of the row under a card's text, its border included
    box_gap: int
    box_border: int
    box_border_color: Color
    box_inside: Color  # an unfilled box's inside
    cell: int
    line: int  # thickness of the lines between tiles
    outer_line: bool  # whether the board's outline is drawn too
    board_x: int
    board_y: int
    grass: Color
    checker: int  # brightness difference of alternate tiles (a checkered lawn), 0 for none
    line_color: Color
    decoration_rate: float
    decoration_scale: float
    empty_color: Color
    found_under: Color  # what shows at a found tile's rounded corners
    tile_inset: int
    tile_radius: float  # fraction of the cell
    tile_rim: bool  # a darker rim around a found tile
    rarity_colors: tuple[Color, Color, Color, Color]
    bottom_height: int
    art_seed: int
    # A pet's found tiles and filled boxes (the issue gives no colour for a pet): neutral grey
    # unless a test draws another (:func:`with_look`).
    pet_color: Color = (200, 200, 200)
    # The wider family's own properties (:func:`wider_look`); the defaults draw every other look
    # as before.
    text_bold: bool = False  # every word a column bolder (the font's weight)
    extra_spacing: int = 0  # blank font columns added between letters
    sprite_dx: float = 0.0  # the card sprite's place: share of the free width, -1 left, 1 right
    sprite_dy: int = 0  # ... pixels down from where it was drawn
    box_align: float = 0.0  # the box row's place: -1 30 px left (at most), 0 centred, 1 right
    box_above: int = 5  # pixels between "YOU HAVE n" and the box row
    notch: str = ""  # a camera cut-out in the status bar: "hole", "notch" or "" (none)
    notch_x: float = 0.5  # ... its centre, a share of the width
    window_border: int = 0  # a mirroring window's border around the screen (0: none)
    window_title: int = 0  # ... and its title bar's height (0: none)
    window_color: Color = (60, 60, 60)
    # The widest family's own properties (:mod:`kit.skins.disco_zoo_widest`); the defaults
    # draw every other look as before.
    digit_font: int = -1  # the attempts digit in another font: this pick's seed (-1: same)
    digit_bold: bool = True  # the digit drawn a column bolder
    have_size: int = 1  # pixels per font pixel of "YOU HAVE n"
    text_rim: int = -1  # a dark rim round a card's light words and boxes: -1 on light cards
    card_edge: int = 0  # a card's own border, pixels (0: none)
    card_edge_color: Color = (0, 0, 0)
    decoration_spread: float = 0.0  # a decoration's centre within 0.5 +- this of the tile
    tile_rim_shade: float = 0.72  # a found tile's rim: its colour times this
    tile_rim_width: int = 2
    tile_sprite_shift: tuple[int, int] = (0, 0)  # a found tile's sprite off centre (x, y)
    status_color: Color | None = None  # the phone's status bar (None: black or the bar's)
    bottom_color: Color | None = None  # the bottom bar (None: the title bar's, darker)

    def rarity_color(self, rarity: str) -> Color:
        if rarity not in RARITIES:  # a pet: its own colour
            return self.pet_color
        return self.rarity_colors[RARITIES.index(rarity)]

    @property
    def card_visible_top(self) -> int:
        """Where the cards come out from under the title bar."""
        return self.bar_top + self.bar_height


def _lab(color: Color) -> np.ndarray:
    return cv2.cvtColor(np.array([[color]], np.float32) / 255.0, cv2.COLOR_BGR2Lab)[0, 0]


def _from_lab(lab: Sequence[float]) -> Color:
    bgr = cv2.cvtColor(np.array([[lab]], np.float32), cv2.COLOR_Lab2BGR)[0, 0]
    return tuple(int(v) for v in np.clip(np.round(bgr * 255), 0, 255))  # type: ignore[return-value]


def card_shade(ground: Color, rng: np.random.Generator, near: float = 3.0,
               far: float = 16.0) -> Color:
    """A card's colour on ``ground``: a muted shade of it (its chroma scaled down), lighter or
    darker, at a random colour distance from ``near`` (3: a few levels of 255, barely
    visible) to about ``far`` (Lab), more often small than large."""
    lab = _lab(ground)
    target = float(np.exp(rng.uniform(np.log(near), np.log(far))))
    light = lab[0] < 30 or (lab[0] < 82 and rng.random() < 0.5)  # very light grounds: darker
    mute = rng.uniform(0.55, 1.0)
    for _ in range(40):
        card = lab.copy()
        card[1:] *= mute
        chroma_part = float(np.linalg.norm(card[1:] - lab[1:]))
        step = np.sqrt(max(0.0, target ** 2 - chroma_part ** 2))
        card[0] = lab[0] + (step if light else -step)
        color = _from_lab(card)
        if 0.87 * near <= float(np.linalg.norm(_lab(color) - lab)) <= far + 2.0:
            return color
        mute = min(1.0, mute + 0.05)
    return _shade(ground, 1.08 if light else 0.92)


def hue_shade(ground: Color, rng: np.random.Generator) -> Color | None:
    """A card's colour on ``ground`` told from it by hue alone: the ground's lightness (within
    2.5 L*), its a*b* moved 4 to 16 Lab in a random direction (more often little than much).
    The issue says the cards differ "by colour, *not* by brightness"; :func:`card_shade`
    draws them lighter or darker with their chroma muted, this one the other way (drawn by
    :func:`random_look` through :func:`hue_cards` on :data:`HUE_SHARE` of the looks, 0 for
    now; tests pick it; measured in session 23, note s23fresh). ``None``
    when no such colour fits in RGB near this ground."""
    lab = _lab(ground)
    target = float(np.exp(rng.uniform(np.log(4.0), np.log(16.0))))
    for _ in range(100):
        turn = rng.uniform(0.0, 2.0 * np.pi)
        card = lab.copy()
        card[1:] += target * np.array([np.cos(turn), np.sin(turn)])
        color = _from_lab(card)
        seen = _lab(color)
        if 0.6 * target <= float(np.linalg.norm(seen - lab)) <= 1.4 * target and \
                abs(float(seen[0] - lab[0])) < 2.5:
            return color
    return None


def random_look(seed: int, region: str | None = None, *, wide: bool = True,
                near: bool = True, wider: bool = False, widest: str = "") -> Look:
    """A random look of the rescue screen; every proportion and colour varies with ``seed``.
    ``region`` picks the ground's colour family (a random region's when ``None``).

    ``wide`` (the default) draws the properties the issue does not pin down over wider ranges,
    both ways (:func:`widened`); ``wide=False`` is the look the seed drew before they were
    widened (issue 18, fifteenth session), for tests pinned to one of those looks. ``near``
    (the default, with ``wide``) draws the lawn near the common green and a rarity's colour
    near the dirt on some looks (:func:`near_colours`, sixteenth session); ``near=False``
    is the widened look as drawn before. ``wider`` (opt-in, thirtieth session) draws the
    widened look's layout and the rest the issue leaves open wider still (:func:`wider_look`).
    ``widest`` (opt-in, session 32: ``"all"`` or property names joined by commas) draws a
    wider look with those properties wider again (:mod:`kit.skins.disco_zoo_widest`)."""
    rng = _rng("look", seed)
    w = BASE_WIDTH
    h = int(round(w * rng.uniform(16 / 9, 20 / 9)))
    status = int(rng.choice([0, 0, 18, 22, 26]))
    nav = int(rng.choice([0, 0, 0, 30, 40]))
    bar_h = int(rng.integers(40, 64))
    digit = int(rng.integers(3, 7))
    while 7 * digit + 10 > bar_h:
        digit -= 1
    label = int(rng.choice([1, 2]))
    region_size = int(rng.choice([1, 2, 2, 3]))
    card_block = int(rng.integers(3, 6))
    tile_block = max(2, int(round(card_block * rng.uniform(0.75, 1.35))))
    name_size = int(rng.choice([1, 1, 2]))
    tuck = int(rng.integers(3, 16))
    pad = int(rng.integers(4, 11))
    box = int(rng.integers(8, 14))
    box_gap = int(rng.integers(2, 6))
    # Sprite, name, "YOU HAVE n" and the box row, one under the other, with some air.
    content = 12 * card_block + 4 + 8 * name_size + 4 + 8 + 5 + box  # fonts up to 8 tall
    card_h = tuck + 2 * pad + content + int(rng.integers(0, 20))
    card_top = status + bar_h - tuck
    cell = int(rng.integers(50, 69))
    line = int(rng.choice([1, 1, 2, 2, 3]))
    tile_block = min(tile_block, int(cell * 0.78) // 12)
    bottom = int(rng.integers(40, 58))
    gap_above = int(rng.integers(8, 40))
    board_y = card_top + card_h + gap_above
    while board_y + 5 * cell + 12 > h - bottom - nav:  # keep the board on the screen
        if cell > 44:
            cell -= 2
        else:
            board_y -= 2
    board_x = (w - 5 * cell) // 2 + int(rng.integers(-8, 9))

    region = region if region in REGION_GROUNDS else \
        str(rng.choice(sorted(REGION_GROUNDS)))
    base = _jitter(_bgr(REGION_GROUNDS[region]), rng, 14)  # type: ignore[index]
    ground = _shade(base, rng.uniform(0.88, 1.1))
    ground_low = _shade(ground, rng.uniform(0.93, 1.07))  # a mild gradient, either way
    speck = _shade(ground, rng.uniform(0.8, 0.92) if rng.random() < 0.5 else rng.uniform(1.08, 1.2))
    card_color = card_shade(ground, rng)
    # The board's grass: a green, never the ground's own colour nor a common tile's green.
    hue = int(rng.integers(38, 72))
    rarity = tuple(_jitter(_bgr(RARITY_RGB[r]), rng, 14) for r in RARITIES)
    for _ in range(200):
        grass = _hsv(hue, int(rng.integers(110, 215)), int(rng.integers(130, 215)))
        if _lab_distance(grass, rarity[0]) >= 35 and _lab_distance(grass, ground) >= 12:
            break
        hue = int(rng.integers(38, 72))
    # The title bar: its own colour, apart from the ground and the cards.
    for _ in range(200):
        bar_color = _hsv(int(rng.integers(0, 180)), int(rng.integers(40, 200)),
                         int(rng.integers(30, 130)))
        if min(_lab_distance(bar_color, ground), _lab_distance(bar_color, card_color)) >= 12:
            break
    empty = _hsv(int(rng.integers(5, 30)), int(rng.integers(40, 160)), int(rng.integers(35, 80)))
    if rng.random() < 0.3:
        empty = _hsv(hue, int(rng.integers(30, 120)), int(rng.integers(30, 70)))
    light_text = [(235, 235, 235), (150, 230, 250), (225, 240, 245), (255, 255, 255)]
    border = light_text[int(rng.integers(0, len(light_text)))]
    inside = card_color if rng.random() < 0.4 else _shade(card_color, rng.uniform(0.55, 0.85))
    look = Look(
        width=w, height=h, status_bar=status, nav_bar=nav, background=ground,
        background_low=ground_low, ground_specks=float(rng.choice([0.0, 0.0, 0.01, 0.03])),
        speck_color=speck, bar_top=status, bar_height=bar_h, bar_color=bar_color,
        bar_text=(255, 255, 255) if rng.random() < 0.8 else (120, 235, 255),
        region_size=region_size, digit_size=digit, digit_outline=bool(rng.random() < 0.5),
        digit_color=(255, 255, 255) if rng.random() < 0.7 else (80, 225, 255),
        label_size=label, card_top=card_top, card_height=card_h,
        card_width=0 if rng.random() < 0.5 else int(rng.integers(96, 118)),
        card_margin=int(rng.integers(6, 24)), card_gap=int(rng.integers(4, 14)),
        card_color=card_color,
        card_text=light_text[int(rng.integers(0, len(light_text)))],
        card_radius=int(rng.integers(4, 13)), card_pad=pad,
        card_block=card_block, tile_block=tile_block, name_size=name_size,
        have_tint=float(rng.uniform(0.0, 0.35)), box_size=box, box_gap=box_gap,
        box_border=1 if box < 11 or rng.random() < 0.5 else 2, box_border_color=border,
        box_inside=inside,
        cell=cell, line=line, outer_line=bool(rng.random() < 0.5), board_x=board_x,
        board_y=board_y, grass=grass,
        checker=int(rng.choice([0, 0, 6, 10])), line_color=_shade(grass, rng.uniform(0.5, 0.8)),
        decoration_rate=float(rng.uniform(0.3, 0.9)), decoration_scale=float(rng.uniform(0.6, 1.0)),
        empty_color=empty, found_under=empty if rng.random() < 0.6 else _shade(grass, 0.8),
        tile_inset=int(rng.integers(0, 4)), tile_radius=float(rng.uniform(0.08, 0.25)),
        tile_rim=bool(rng.random() < 0.5), rarity_colors=rarity,  # type: ignore[arg-type]
        bottom_height=bottom, art_seed=int(rng.integers(1 << 20)),
    )
    if not wide:
        return look
    look = hue_cards(widened(near_colours(look, seed) if near else look, seed), seed)
    if widest:
        from .disco_zoo_widest import widest_look  # it builds on this module

        return widest_look(wider_look(look, seed), seed, widest)
    return wider_look(look, seed) if wider else look


NEAR_GRASS_SHARE = 0.35  # looks whose lawn is drawn near the common tiles' green
NEAR_GRASS = (2.0, 35.0)  # ... that far from it (Lab)
NEAR_DIRT_SHARE = 0.15  # looks with one rarity's colour drawn near the tapped tiles' dirt
NEAR_DIRT = (6.0, 30.0)  # ... that far from it (Lab)


def near_colours(look: Look, seed: int) -> Look:
    """``look`` with the distances the issue does not give drawn near, from a generator of
    its own (``seed``'s other draws stay as they were). The issue says a found tile is
    "coloured by rarity" and the lawn green, not how far apart: on about a third of the looks
    the grass is drawn 2 to 35 Lab from the common tiles' green (the narrow look keeps it 35
    or more away), still a green and 12 or more from the ground; on about one in seven one
    rarity's colour is drawn 6 to 30 Lab from the tapped tiles' dark dirt, on the line from
    the dirt to its own colour (a dark rarity colour)."""
    rng = _rng("look-near", seed)
    changes: dict[str, Any] = {}
    if rng.random() < NEAR_GRASS_SHARE:
        common = _lab(look.rarity_colors[0])
        target = float(rng.uniform(*NEAR_GRASS))
        for _ in range(200):
            way = rng.normal(size=3)
            way[0] *= 0.6  # more often a change of shade than of lightness
            grass = _from_lab(common + way / np.linalg.norm(way) * target)
            hsv = cv2.cvtColor(np.uint8([[grass]]), cv2.COLOR_BGR2HSV)[0, 0]
            if 36 <= int(hsv[0]) <= 80 and int(hsv[1]) >= 70 and \
                    _lab_distance(grass, look.background) >= 12 and \
                    _lab_distance(grass, look.rarity_colors[0]) >= 1.5:
                changes["grass"] = grass
                changes["line_color"] = _shade(grass, 0.7)  # widened() draws it again
                if look.found_under == _shade(look.grass, 0.8):
                    changes["found_under"] = _shade(grass, 0.8)
                break
    if rng.random() < NEAR_DIRT_SHARE:
        which = int(rng.integers(0, len(RARITIES)))
        dirt, own = _lab(look.empty_color), _lab(look.rarity_colors[which])
        way = (own - dirt) / max(1e-6, float(np.linalg.norm(own - dirt)))
        colours = list(look.rarity_colors)
        colours[which] = _from_lab(dirt + way * float(rng.uniform(*NEAR_DIRT)))
        changes["rarity_colors"] = tuple(colours)
    return replace(look, **changes)


HUE_SHARE = 0.0  # looks whose cards are told from the ground by hue alone (hue_cards; see there)


def hue_cards(look: Look, seed: int) -> Look:
    """``look`` with its cards told from the ground by hue alone on a share of the looks
    (:data:`HUE_SHARE`; :func:`hue_shade`: the ground's lightness, another hue, 4 to 16 Lab
    away), from a generator of its own (``seed``'s other draws stay as they were). The issue
    says the cards differ from the ground "by colour, *not* by brightness"; :func:`card_shade`
    draws them lighter or darker, this the other way. An unfilled box's inside is drawn again
    from the new card colour (as :func:`widened` does); a card colour within 12 Lab of the
    title bar's is not used (the bar must stay apart from the cards).

    The share is 0 (every look as before) until the tests pinned to seeds it would redraw are
    checked: at 0.1, about 30 seeds named in the tests change look. Measured at 0.1 (session
    24, note s24desk): of real-look 290000-290059 and fresh 320000-320059, the 20 screens
    redrawn read as before but for 290051 (asked -> exact) and 320010 (0.51x: its cards no
    longer found; with ``--animals`` a found tile left "Diplodocus or Stegosaurus", never
    wrong); no WRONG."""
    rng = _rng("look-hue", seed)
    if rng.random() >= HUE_SHARE:
        return look
    card = hue_shade(look.background, rng)
    if card is None or _lab_distance(card, look.bar_color) < 12:
        return look
    inside = card if rng.random() < 0.4 else _shade(card, rng.uniform(0.45, 1.15))
    return replace(look, card_color=card, box_inside=inside)


def widened(look: Look, seed: int) -> Look:
    """``look`` with what the issue leaves open drawn wider, in both directions where the
    direction is unknown, from a generator of its own (``seed``'s other draws stay as they
    were): the lines' darkness (darker than the grass, as the issue says, from barely, 0.93,
    to very, 0.35), the cards' corner radius (1 to 24 points), their gaps and margins, the
    boxes' size, gap, border width and border colour (any light colour), an unfilled box's
    inside (darker or lighter than the card), the ``YOU HAVE`` tint's paleness, decoration
    density (none to every tile) and size, found tiles' rounding (5% to 30% of the tile),
    checkered lawns and ground specks. A found tile's inset stays 0 to 3 points: at 4 or 5
    (dirt showing round a found tile on 8-10% of its width) the reader leaves such tiles
    unread (hidden: their rim band is half dirt), a refusal, not a wrong read; measured on
    seeds 7000-7119 (6 screens), not chased."""
    rng = _rng("look-wide", seed)
    box = int(min(rng.integers(6, 17), look.box_size + look.card_pad - 2))
    border = int(min(rng.integers(1, 4), max(1, (box - 2) // 2)))
    inside = look.card_color if rng.random() < 0.4 else _shade(look.card_color,
                                                               rng.uniform(0.45, 1.15))
    return replace(
        look,
        line_color=_shade(look.grass, rng.uniform(0.35, 0.93)),
        card_radius=int(rng.integers(1, 25)),
        card_gap=int(rng.integers(2, 25)),
        card_margin=int(rng.integers(2, 41)),
        box_size=box, box_gap=int(rng.integers(1, 10)), box_border=border,
        box_border_color=_hsv(int(rng.integers(0, 180)), int(rng.integers(0, 90)),
                              int(rng.integers(185, 256))),
        box_inside=inside,
        have_tint=float(rng.uniform(0.0, 0.55)),
        decoration_rate=float(rng.uniform(0.0, 1.0)),
        decoration_scale=float(rng.uniform(0.45, 1.2)),
        tile_radius=float(rng.uniform(0.05, 0.3)), tile_inset=int(rng.integers(0, 4)),
        checker=int(rng.integers(0, 15)) if rng.random() < 0.6 else 0,
        ground_specks=float(rng.choice([0.0, 0.0, 0.01, 0.03, 0.06])),
    )


WIDER_TABLETS = 0.15  # wider looks drawn on a tablet's 4:3 screen
WIDER_HUE = 0.25  # ... whose cards are told from the ground by hue alone (:func:`hue_shade`)
WIDER_WINDOW = 0.3  # ... captured inside a mirroring window's border and title bar


def wider_look(look: Look, seed: int) -> Look:
    """``look`` (a widened one) with every property issue 18 does not pin down drawn wider
    still, both ways, from a generator of its own (the opt-in family of session 30:
    ``real_screen(..., wider=True)``, ``--wider`` of the measuring script). Kept to the
    issue's facts: the region's name on the left of the title bar in capitals, the digit on
    the right taller than ``ATTEMPTS LEFT``; 1-3 equal rounded cards in a row with their top
    edge under the bar, each with its sprite, name, ``YOU HAVE n`` and a row of light-bordered
    boxes; a 5x5 board of square tiles with thin darker lines; found tiles rounded.

    Drawn wider: the screen's shape (4:3 tablets to 21:9 phones), status and navigation bars
    (absent, thin or tall), a camera cut-out, a mirroring window's border and title bar; the
    title bar's height (28-80), colour (dark or light, with light or dark words) and text
    sizes; the words' weight and letter spacing; the cards' width, gap (1-40), margin (0-60),
    corner radius (2-30), height, tuck (1 to 30 under the bar) and colour against the ground
    (2.5 to 30 Lab lighter or darker, or by hue alone); the sprite's size (2-7 points a pixel)
    and place on the card; the box row's box size (5-22), gap, border width and brightness,
    inside, alignment and place; the gap above the board (4-80), the board's share of the
    width (50-97%) and place; lines 1-5 points, 0.3-0.95 of the grass; decorations' density
    and size; found tiles' rounding (4-40%) and inset (0-5); the bottom bar (none or 30-80)."""
    rng = _rng("look-wider", seed)
    w = look.width
    for _ in range(60):  # draw the layout until it fits on the screen
        tablet = rng.random() < WIDER_TABLETS
        h = int(round(w * (rng.uniform(1.3, 1.6) if tablet else rng.uniform(1.75, 2.35))))
        status = 0 if rng.random() < 0.4 else int(rng.integers(12, 41))
        nav = 0 if rng.random() < 0.5 else int(rng.integers(16, 57))
        bar_h = int(rng.integers(28, 81))
        label = int(rng.integers(1, 4))
        digit = int(rng.integers(label + 1, 9))
        tuck = int(rng.integers(1, min(30, bar_h - 4) + 1))
        card_block = int(rng.integers(2, 8))
        name_size = int(rng.integers(1, 4))
        pad = int(rng.integers(2, 17))
        box = int(rng.integers(5, 23))
        box_above = int(rng.integers(2, 15))
        content = 12 * card_block + 4 + 8 * name_size + 4 + 8 + box_above + box
        card_h = tuck + 2 * pad + content + int(rng.integers(0, 41))
        card_top = status + bar_h - tuck
        bottom = 0 if rng.random() < 0.25 else int(rng.integers(30, 81))
        cell = int(round(w * rng.uniform(0.5, 0.97) / 5))
        board_y = card_top + card_h + int(rng.integers(4, 81))
        if board_y + 5 * cell + 8 <= h - bottom - nav:
            break
        if card_top + card_h + 4 + 5 * 34 + 8 <= h - bottom - nav:  # a smaller board fits
            board_y = card_top + card_h + int(rng.integers(4, 12))
            cell = min(cell, (h - bottom - nav - 8 - board_y) // 5)
            break
    else:
        return look
    line = int(rng.integers(1, max(1, min(5, cell // 12)) + 1))
    slack = (w - 5 * cell) // 2 - 2
    board_x = (w - 5 * cell) // 2 + int(rng.integers(-min(30, slack), min(30, slack) + 1))

    if rng.random() < WIDER_HUE:
        card = hue_shade(look.background, rng) or card_shade(look.background, rng, 2.5, 30.0)
    else:
        card = card_shade(look.background, rng, 2.5, 30.0)
    light_bar = rng.random() < 0.3
    for _ in range(200):
        bar = _hsv(int(rng.integers(0, 180)), int(rng.integers(0, 200)),
                   int(rng.integers(170, 250)) if light_bar else int(rng.integers(15, 140)))
        if min(_lab_distance(bar, look.background), _lab_distance(bar, card)) >= 12:
            break
    dark_ink = _lab(bar)[0] > 62
    ink = _hsv(int(rng.integers(0, 180)), int(rng.integers(0, 120)),
               int(rng.integers(10, 70)) if dark_ink else int(rng.integers(200, 256)))
    digit_ink = ink if rng.random() < 0.6 else _hsv(
        int(rng.integers(0, 180)), int(rng.integers(60, 200)),
        int(rng.integers(10, 80)) if dark_ink else int(rng.integers(200, 256)))
    grass = look.grass
    notch = str(rng.choice(["", "", "hole", "notch"])) if status >= 16 else ""
    window = rng.random() < WIDER_WINDOW
    window_color = _hsv(int(rng.integers(0, 180)), int(rng.integers(0, 60)),
                        int(rng.integers(20, 240)))
    return replace(
        look,
        height=h, status_bar=status, nav_bar=nav, bar_top=status, bar_height=bar_h,
        bar_color=bar, bar_text=ink, digit_color=digit_ink,
        digit_outline=look.digit_outline and not dark_ink,  # no dark rim round dark ink
        region_size=int(rng.integers(1, 5)), digit_size=digit, label_size=label,
        card_top=card_top, card_height=card_h,
        card_width=0 if rng.random() < 0.5 else int(w * rng.uniform(0.18, 0.36)),
        card_margin=int(rng.integers(0, 61)), card_gap=int(rng.integers(1, 41)),
        card_color=card, card_radius=int(rng.integers(2, 31)), card_pad=pad,
        card_block=card_block, tile_block=max(1, min(int(round(card_block * rng.uniform(
            0.6, 1.5))), int(cell * 0.78) // 12)), name_size=name_size,
        have_tint=float(rng.uniform(0.0, 0.7)), box_size=box,
        box_gap=int(rng.integers(1, 15)), box_border=int(min(rng.integers(1, 5),
                                                            max(1, (box - 2) // 2))),
        box_border_color=_hsv(int(rng.integers(0, 180)), int(rng.integers(0, 120)),
                              int(rng.integers(150, 256))),
        box_inside=card if rng.random() < 0.3 else _shade(card, rng.uniform(0.3, 1.4)),
        box_above=box_above, box_align=float(rng.choice([0.0, 0.0, -1.0, 1.0,
                                                          rng.uniform(-1, 1)])),
        cell=cell, line=line, outer_line=bool(rng.random() < 0.5), board_x=board_x,
        board_y=board_y, line_color=_shade(grass, rng.uniform(0.3, 0.95)),
        checker=int(rng.integers(0, 21)) if rng.random() < 0.5 else 0,
        decoration_rate=float(rng.uniform(0.0, 1.0)),
        decoration_scale=float(rng.uniform(0.3, 1.4)),
        tile_inset=int(rng.integers(0, 6)), tile_radius=float(rng.uniform(0.04, 0.4)),
        ground_specks=float(rng.choice([0.0, 0.0, 0.02, 0.06, 0.1])),
        bottom_height=bottom,
        text_bold=bool(rng.random() < 0.3), extra_spacing=int(rng.choice([0, 0, 0, 1, 2])),
        sprite_dx=float(rng.uniform(-1, 1)) if rng.random() < 0.5 else 0.0,
        sprite_dy=int(rng.integers(-pad // 2, pad // 2 + 1)),
        notch=notch, notch_x=float(rng.uniform(0.3, 0.7)) if notch == "hole" else 0.5,
        window_border=int(rng.integers(1, 11)) if window else 0,
        window_title=int(rng.integers(18, 37)) if window and rng.random() < 0.8 else 0,
        window_color=window_color,
    )


# -- the screen -----------------------------------------------------------------------------


@dataclass(frozen=True)
class CardDrawn:
    """Where a card was drawn and what it shows (the truth the card reader is tested on):
    ``box`` the card's visible part (x, y, width, height; below the title bar), ``name_box``
    its name line, ``boxes`` the boxes in its row (the animal's tiles), ``filled`` those
    filled (its tiles found)."""

    name: str
    rarity: str
    box: tuple[int, int, int, int]
    name_box: tuple[int, int, int, int]
    boxes: int
    filled: int


def pattern_tiles(name: str, rarity: str) -> int:
    """How many tiles ``name``'s pattern covers (the catalogue's; by rarity for a name it
    does not know)."""
    from gridsight.solvers.disco_zoo.catalogue import load_catalogue

    key = "".join(ch for ch in name.lower() if ch.isalnum())
    for animal in load_catalogue().animals():
        if "".join(ch for ch in animal.name.lower() if ch.isalnum()) == key:
            return animal.size
    return RARITY_TILES.get(rarity, 3)


def render(cells: Any, *, animals: Sequence[tuple[str, str]] = (), attempts: int = 10,
           region: str = "Farm", seed: int = 0, look: Look | None = None,
           coins: int = 1234,
           boxes: Sequence[tuple[int, int]] | None = None) -> Rendered:
    """Draw a rescue screen showing board ``cells`` (5x5 labels, see the module docstring).

    ``animals`` are the rescue's animals as ``(name, rarity)`` in card order (animals on the
    board but not listed are added as common); ``look`` defaults to :func:`random_look`
    ``(seed, region)``, and ``seed`` also places the decorations. Each card's box row matches
    the board (its animal's tiles, those found filled) unless ``boxes`` gives ``(boxes,
    filled)`` per card (a screen edited by hand, for the tests of a box row that disagrees
    with the board). ``extras["cards"]`` holds the :class:`CardDrawn` of each card.
    """
    grid = [row.split() if isinstance(row, str) else list(row) for row in cells]
    if len(grid) != ROWS or any(len(row) != COLS for row in grid):
        raise ValueError("a Disco Zoo board is 5x5")
    cards = list(animals)
    for row in grid:
        for label in row:
            if label.startswith("animal:") and label[7:] not in {n for n, _ in cards}:
                cards.append((label[7:], "common"))
    if not 1 <= len(cards) <= 3:
        raise ValueError("a rescue has 1 to 3 animals")
    if boxes is not None and len(boxes) != len(cards):
        raise ValueError("boxes: one (boxes, filled) per card")
    look = look or random_look(seed, region)
    with pixel_fonts.writing_in(_font_of(look)):  # each look its own font
        return _draw(grid, cards, attempts, region, seed, look, coins, boxes)


def _font_of(look: Look) -> pixel_fonts.PixelFont | None:
    """The font ``look`` writes in: its pick of :mod:`kit.skins.pixel_fonts`, made bolder or
    spaced wider when the look says so (:func:`wider_look`)."""
    font = pixel_fonts.pick(look.art_seed)
    if not look.text_bold and not look.extra_spacing:
        return font
    glyphs = font.glyphs if font is not None else _GLYPHS
    spacing = (font.spacing if font is not None else 1) + look.extra_spacing
    if look.text_bold:
        glyphs = {ch: g if ch.isdigit() else pixel_fonts.bold_glyph(g)  # digits: bold anyway
                  for ch, g in glyphs.items()}
    return pixel_fonts.PixelFont(f"{font.name if font else 'skin'}-wider", glyphs, spacing)


def _draw(grid: list[list[str]], cards: list[tuple[str, str]], attempts: int, region: str,
          seed: int, look: Look, coins: int,
          boxes: Sequence[tuple[int, int]] | None) -> Rendered:
    rng = _rng("decor", seed)
    rarity = dict(cards)
    image = np.empty((look.height, look.width, 3), np.uint8)
    t = np.linspace(0.0, 1.0, look.height)[:, None, None]
    image[:] = (np.array(look.background) * (1 - t) + np.array(look.background_low) * t
                ).astype(np.uint8)
    _specks(image, look, rng)
    _scenery(image, look, rng)
    found = {name: sum(label == f"animal:{name}" for row in grid for label in row)
             for name, _ in cards}
    rows = [(pattern_tiles(name, kind), found[name]) for name, kind in cards] \
        if boxes is None else [tuple(b) for b in boxes]
    drawn = _cards(image, look, cards, rows, rng)
    _bars(image, look, region, attempts, coins, rng)

    x0, y0, s, t = look.board_x, look.board_y, look.cell, look.line
    image[y0 - t // 2 - 2 : y0 + 5 * s + t + 2, x0 - t // 2 - 2 : x0 + 5 * s + t + 2] = (
        look.line_color if look.outer_line else image[y0 - 3, x0 - 3])
    labels, variants = [], []
    for r in range(ROWS):
        lrow, vrow = [], []
        for c in range(COLS):
            label = grid[r][c]
            tile = image[y0 + r * s : y0 + (r + 1) * s, x0 + c * s : x0 + (c + 1) * s]
            if label == "ground":
                grass = _shade(look.grass, 1 + look.checker / 255 * ((r + c) % 2 * 2 - 1))
                tile[:] = grass
                decor = _decorate(tile, look, rng)
                lrow.append("ground"), vrow.append(f"ground-{decor}" if decor else "ground")
            elif label == "empty":
                tile[:] = look.empty_color
                lrow.append("empty"), vrow.append("empty")
            elif label.startswith("animal:"):
                name = label[7:]
                _found_tile(tile, look, name, rarity[name])
                lrow.append(label), vrow.append(f"animal-{rarity[name]}")
            else:
                raise ValueError(f"unknown Disco Zoo cell label '{label}' at row {r}, col {c}")
        labels.append(tuple(lrow)), variants.append(tuple(vrow))
    _lines(image, look)
    _notch(image, look)
    if look.window_border or look.window_title:
        image, (dx, dy) = _window(image, look)
        x0, y0 = x0 + dx, y0 + dy
        drawn = [replace(d, box=(d.box[0] + dx, d.box[1] + dy, *d.box[2:]),
                         name_box=(d.name_box[0] + dx, d.name_box[1] + dy, *d.name_box[2:]))
                 for d in drawn]
    geometry = BoardGeometry.from_rect(x0, y0, s, s, ROWS, COLS)
    return Rendered(image, geometry, tuple(labels), tuple(variants),
                    {"animals": tuple(cards), "attempts": attempts, "region": region,
                     "look": look, "cards": tuple(drawn)})


def _notch(image: np.ndarray, look: Look) -> None:
    """A camera cut-out (black) in the status bar: a punch hole or a notch hanging from the
    screen's top edge."""
    if not look.notch or not look.status_bar:
        return
    cx, sb = int(look.notch_x * look.width), look.status_bar
    if look.notch == "hole":
        cv2.circle(image, (cx, sb // 2), max(3, sb // 2 - 3), (0, 0, 0), -1, cv2.LINE_8)
    else:
        half = int(look.width * 0.19)
        _rounded(image, cx - half, -8, cx + half, sb, min(8, sb // 2), (0, 0, 0))


def _window(image: np.ndarray, look: Look) -> tuple[np.ndarray, tuple[int, int]]:
    """The screen inside a mirroring window's border and title bar (scrcpy, Vysor, an
    emulator): the framed image and the screen's offset in it."""
    b, t = look.window_border, look.window_title
    h, w = image.shape[:2]
    framed = np.empty((h + t + 2 * b, w + 2 * b, 3), np.uint8)
    framed[:] = look.window_color
    framed[t + b : t + b + h, b : b + w] = image
    if t:
        light = _lab(look.window_color)[0] > 55
        ink = (30, 30, 30) if light else (225, 225, 225)
        size = max(1, (t - 6) // 8)
        write(framed, "PHONE", b + 8, (t - 7 * size) // 2, size, ink)
        for k in range(3):
            cx = w + 2 * b - 12 - 18 * k
            cv2.rectangle(framed, (cx - 4, t // 2 - 4), (cx + 4, t // 2 + 4), ink, 1)
    return framed, (b, t + b)


def _lines(image: np.ndarray, look: Look) -> None:
    x0, y0, s, t = look.board_x, look.board_y, look.cell, look.line
    first, last = (0, 6) if look.outer_line else (1, 5)
    for i in range(first, last):
        a = i * s - t // 2
        image[y0 + a : y0 + a + t, x0 - (t // 2 if look.outer_line else 0) :
              x0 + 5 * s + (t - t // 2 if look.outer_line else 0)] = look.line_color
        image[y0 - (t // 2 if look.outer_line else 0) : y0 + 5 * s + (t - t // 2 if
              look.outer_line else 0), x0 + a : x0 + a + t] = look.line_color


def _found_tile(tile: np.ndarray, look: Look, name: str, rarity: str) -> None:
    s = tile.shape[0]
    tile[:] = look.found_under
    i, radius = look.tile_inset + look.line // 2, max(2, int(look.tile_radius * s))
    color = look.rarity_color(rarity)
    if look.tile_rim:
        rw = look.tile_rim_width
        _rounded(tile, i, i, s - i, s - i, radius, _shade(color, look.tile_rim_shade))
        _rounded(tile, i + rw, i + rw, s - i - rw, s - i - rw, max(1, radius - rw), color)
    else:
        _rounded(tile, i, i, s - i, s - i, radius, color)
    art = sprite_art(name, look.art_seed)
    size = art.shape[0] * look.tile_block
    dx, dy = look.tile_sprite_shift
    draw_art(tile, art, (s - size) // 2 + dx, (s - size) // 2 + dy, look.tile_block)


def _rounded(image: np.ndarray, x0: int, y0: int, x1: int, y1: int, r: int, color: Color) -> None:
    """A filled rectangle with round corners, drawn without smoothing."""
    r = max(0, min(r, (x1 - x0) // 2, (y1 - y0) // 2))
    image[y0 + r : y1 - r, x0:x1] = color
    image[y0:y1, x0 + r : x1 - r] = color
    for cx, cy in ((x0 + r, y0 + r), (x1 - r - 1, y0 + r), (x0 + r, y1 - r - 1),
                   (x1 - r - 1, y1 - r - 1)):
        cv2.circle(image, (cx, cy), r, color, -1, cv2.LINE_8)


_DECORATIONS = ("bush", "palm", "rock", "flowers", "tuft", "stump")


def _decorate(tile: np.ndarray, look: Look, rng: np.random.Generator) -> str | None:
    """Maybe a decoration on a grass tile, of random kind, size and place."""
    if rng.random() >= look.decoration_rate:
        return None
    kind = str(rng.choice(_DECORATIONS))
    s = tile.shape[0]
    k = look.decoration_scale * rng.uniform(0.7, 1.1)
    if look.decoration_spread:
        cx = int(s * rng.uniform(0.5 - look.decoration_spread, 0.5 + look.decoration_spread))
        cy = int(s * rng.uniform(0.5 - look.decoration_spread, 0.5 + look.decoration_spread))
    else:
        cx = int(s * rng.uniform(0.35, 0.65))
        cy = int(s * rng.uniform(0.4, 0.65))
    px = max(2, int(round(s / 16)))  # decorations are pixel art too: snap to a coarse grid

    def snap(v: float) -> int:
        return int(round(v / px) * px)

    dark = _shade(look.grass, rng.uniform(0.45, 0.7))
    if kind == "bush":
        leaf = _hsv(int(rng.integers(40, 80)), int(rng.integers(120, 230)),
                    int(rng.integers(60, 150)))
        for fx, fy, fr in ((-0.15, 0.05, 0.17), (0.15, 0.05, 0.18), (0, -0.1, 0.18)):
            cv2.circle(tile, (snap(cx + fx * s * k), snap(cy + fy * s * k)),
                       snap(fr * s * k), leaf, -1, cv2.LINE_8)
        if rng.random() < 0.6:
            berry = _hsv(int(rng.integers(0, 180)), 200, 230)
            tile[snap(cy - 0.05 * s): snap(cy - 0.05 * s) + px, cx: cx + px] = berry
    elif kind == "palm":
        trunk = _hsv(int(rng.integers(8, 22)), 150, int(rng.integers(70, 140)))
        top = snap(cy - 0.3 * s * k)
        tile[top : snap(cy + 0.3 * s * k), cx - px // 2 - 1 : cx + px // 2 + 1] = trunk
        leaf = _hsv(int(rng.integers(45, 75)), 200, int(rng.integers(70, 160)))
        for ang in (200, 250, 290, 340):
            cv2.ellipse(tile, (cx, top), (snap(0.22 * s * k), max(px, snap(0.06 * s * k))), ang,
                        0, 360, leaf, -1, cv2.LINE_8)
    elif kind == "rock":
        grey = _hsv(int(rng.integers(0, 180)), int(rng.integers(0, 40)), int(rng.integers(100, 200)))
        cv2.ellipse(tile, (cx, cy), (snap(0.25 * s * k), snap(0.16 * s * k)), 0, 0, 360, grey, -1,
                    cv2.LINE_8)
        cv2.ellipse(tile, (cx - px, cy - px), (snap(0.1 * s * k), px), 0, 0, 360,
                    _shade(grey, 1.25), -1, cv2.LINE_8)
    elif kind == "flowers":
        petal = _hsv(int(rng.integers(0, 180)), int(rng.integers(120, 230)), 240)
        for _ in range(int(rng.integers(2, 5))):
            fx, fy = snap(s * rng.uniform(0.2, 0.8)), snap(s * rng.uniform(0.2, 0.8))
            tile[fy : fy + 2 * px, fx : fx + 2 * px] = petal
            tile[fy + px // 2 : fy + px // 2 + px, fx + px // 2 : fx + px // 2 + px] = (60, 220, 250)
    elif kind == "tuft":
        for _ in range(int(rng.integers(2, 6))):
            fx, fy = snap(s * rng.uniform(0.15, 0.8)), snap(s * rng.uniform(0.2, 0.8))
            tile[fy : fy + 2 * px, fx : fx + px] = dark
            tile[fy + px : fy + 2 * px, fx + px : fx + 2 * px] = dark
    else:  # stump
        wood = _hsv(int(rng.integers(8, 22)), int(rng.integers(100, 200)), int(rng.integers(80, 160)))
        w2, h2 = snap(0.18 * s * k), snap(0.14 * s * k)
        tile[cy - h2 : cy + h2, cx - w2 : cx + w2] = wood
        tile[cy - h2 : cy - h2 + px, cx - w2 : cx + w2] = _shade(wood, 1.3)
    return kind


def _specks(image: np.ndarray, look: Look, rng: np.random.Generator) -> None:
    """Faint pixel-art specks on the ground (a texture), when the look has them."""
    if not look.ground_specks:
        return
    px = int(rng.integers(2, 4))
    gh, gw = look.height // px, look.width // px
    on = rng.random((gh, gw)) < look.ground_specks
    big = np.kron(on, np.ones((px, px), bool))
    image[: big.shape[0], : big.shape[1]][big] = look.speck_color


def _scenery(image: np.ndarray, look: Look, rng: np.random.Generator) -> None:
    """A few shapes of the ground's own shades (hills, clouds) below the board, where the
    real screen shows its scenery."""
    top = look.board_y + 5 * look.cell + 14
    bottom = look.height - look.nav_bar - look.bottom_height
    if bottom - top < 20:
        return
    below = image[top:bottom]  # drawn there only, so nothing creeps up beside the board
    for _ in range(int(rng.integers(0, 5))):
        color = _jitter(_shade(look.background_low, rng.uniform(0.75, 1.25)), rng, 12)
        cx, cy = int(rng.integers(0, look.width)), int(rng.integers(10, bottom - top))
        cv2.ellipse(below, (cx, cy), (int(rng.integers(20, 140)), int(rng.integers(10, 60))), 0, 0,
                    360, color, -1, cv2.LINE_8)


def _bars(image: np.ndarray, look: Look, region: str, attempts: int, coins: int,
          rng: np.random.Generator) -> None:
    w, h = look.width, look.height
    if look.status_bar:
        image[: look.status_bar] = (0, 0, 0) if rng.random() < 0.6 else _shade(look.bar_color, 0.7)
        if look.status_color is not None:
            image[: look.status_bar] = look.status_color
        size = max(1, (look.status_bar - 6) // 7)
        if look.status_color is not None:  # the widest family's tall bars: a phone's clock
            size = min(size, 3)
        write(image, f"{int(rng.integers(0, 24)):02d}:{int(rng.integers(0, 60)):02d}", 10,
              (look.status_bar - 7 * size) // 2, size, (230, 230, 230))
        bx = w - 34
        image[5 : look.status_bar - 5, bx : bx + 20] = (230, 230, 230)
        image[7 : look.status_bar - 7, bx + 2 : bx + 18] = (40, 40, 40)
        image[7 : look.status_bar - 7, bx + 2 : bx + 2 + int(rng.integers(2, 16))] = (230, 230, 230)
    top = look.bar_top
    image[top : top + look.bar_height] = look.bar_color  # over the cards' tops
    mid = top + look.bar_height // 2
    rs, ls, ds = look.region_size, look.label_size, look.digit_size
    number = str(attempts)

    digit_font = _digit_font(look)

    def digit_mask() -> np.ndarray:
        with pixel_fonts.writing_in(digit_font):
            return text_mask(number, bold=look.digit_bold)

    def widths() -> tuple[int, int, int]:
        return (text_width(region, rs, bold=rs > 1), digit_mask().shape[1] * ds,
                text_width("ATTEMPTS LEFT", ls))

    # Everything fits on the bar, as on the real screen: long region names take smaller text.
    # The digit stays taller than "ATTEMPTS LEFT" (the label shrinks first).
    while sum(widths()) + 3 * ls + 2 * ds + 20 + (ds if look.digit_outline else 0) > w:
        if rs > 1:
            rs -= 1
        elif ls > 1:
            ls -= 1
        elif ds > 2:
            ds -= 1
        else:
            break
    fh = text_mask("A").shape[0]  # the font's height (font pixels)
    if digit_font is None and look.digit_font < 0:
        dh = fh
    else:
        dh = digit_mask().shape[0]  # the digit's own font's height
    while dh * ds + 10 > look.bar_height and ds > 2:  # the number stays on the bar
        ds -= 1
    if look.digit_font < 0:
        ls = min(ls, ds - 1)  # the digit taller than "ATTEMPTS LEFT" (a fact of the issue)
    else:
        while ls > 1 and fh * ls >= dh * ds:  # ... in fonts of their own heights
            ls -= 1
    region_w, digit_w, label_w = widths()
    write(image, region.upper(), 10, mid - fh * rs // 2, rs, look.bar_text, bold=rs > 1)
    x = w - 10 - label_w - 3 * ls - digit_w - (ds if look.digit_outline else 0)
    x = max(x, 12 + region_w + 2 * ds)
    with pixel_fonts.writing_in(digit_font):
        write(image, number, x, mid - dh * ds // 2, ds, look.digit_color, bold=look.digit_bold,
              outline=(20, 20, 20) if look.digit_outline else None)
    write(image, "ATTEMPTS LEFT", x + digit_w + 3 * ls + (ds if look.digit_outline else 0),
          mid + dh * ds // 2 - fh * ls, ls, look.bar_text)

    y0 = h - look.nav_bar - look.bottom_height
    image[y0 : h - look.nav_bar] = _shade(look.bar_color, 0.9) if look.bottom_color is None \
        else look.bottom_color
    bh = look.bottom_height
    button = _shade(look.bar_color if look.bottom_color is None else look.bottom_color, 1.8)
    if look.bottom_color is not None and _lab(look.bottom_color)[0] > 62:
        button = _shade(look.bottom_color, 0.45)  # a light bar: darker buttons
    for label, bx in (("MENU", 10), ("MAP", w - 10 - 70)) if bh >= 30 else ():  # 0: no bar
        _rounded(image, bx, y0 + 8, bx + 70, y0 + bh - 8, 6, button)
        write(image, label, bx + (70 - text_width(label, 2)) // 2, y0 + bh // 2 - 7, 2,
              (255, 255, 255))
    if bh >= 30:
        cv2.circle(image, (w // 2 - 30, y0 + bh // 2), 8, (40, 200, 250), -1, cv2.LINE_8)
        write(image, str(coins), w // 2 - 16, y0 + bh // 2 - 7, 2, (255, 255, 255))
    if look.nav_bar:
        image[h - look.nav_bar :] = (0, 0, 0)
        cy = h - look.nav_bar // 2
        for k, cx in enumerate((w // 4, w // 2, 3 * w // 4)):
            if k == 1:
                cv2.circle(image, (cx, cy), 7, (200, 200, 200), 2, cv2.LINE_8)
            else:
                cv2.rectangle(image, (cx - 6, cy - 6), (cx + 6, cy + 6), (200, 200, 200), 2)


def _digit_font(look: Look) -> pixel_fonts.PixelFont | None:
    """The font the attempts digit is written in: the look's own (the one being drawn in),
    or another pick when the look says so (:mod:`kit.skins.disco_zoo_widest`)."""
    return pixel_fonts.current() if look.digit_font < 0 else pixel_fonts.pick(look.digit_font)


def _mix(a: Color, b: Color, t: float) -> Color:
    return tuple(int(round((1 - t) * x + t * y)) for x, y in zip(a, b))  # type: ignore[return-value]


def _cards(image: np.ndarray, look: Look, cards: list[tuple[str, str]],
           rows: list[tuple[int, int]], rng: np.random.Generator) -> list[CardDrawn]:
    """The cards, equal and in a row, their tops under where the title bar goes; each with
    its sprite, name, ``YOU HAVE n`` and box row (``rows``: boxes and filled per card)."""
    n = len(cards)
    if look.card_width:
        width = min(look.card_width, (look.width - 2 * look.card_margin - (n - 1) * look.card_gap) // n)
        x = (look.width - (n * width + (n - 1) * look.card_gap)) // 2
    else:
        width = (look.width - 2 * look.card_margin - (n - 1) * look.card_gap) // n
        x = look.card_margin
    top, height = look.card_top, look.card_height
    seen = look.card_visible_top
    light_card = _lab(look.card_color)[0] > 62  # light text and boxes on it get a dark rim
    if look.text_rim >= 0:
        light_card = bool(look.text_rim)
    drawn = []
    for (name, rarity), (count, filled) in zip(cards, rows):
        if look.card_edge:
            e = look.card_edge
            _rounded(image, x, top, x + width, top + height, look.card_radius,
                     look.card_edge_color)
            _rounded(image, x + e, top + e, x + width - e, top + height - e,
                     max(0, look.card_radius - e), look.card_color)
        else:
            _rounded(image, x, top, x + width, top + height, look.card_radius, look.card_color)
        art = sprite_art(name, look.art_seed)
        size = art.shape[0] * look.card_block
        y = seen + look.card_pad
        free = (width - size) // 2
        draw_art(image, art, x + free + int(look.sprite_dx * max(0, free - 4)),
                 y + (12 * look.card_block - size) // 2 + look.sprite_dy,
                 look.card_block)
        ns = look.name_size
        label = name.upper()
        while ns > 1 and text_width(label, ns) > width - 8:
            ns -= 1
        while text_width(label, ns) > width - 8:
            label = label[:-1]
        fh = text_mask("A").shape[0]  # the font's height (font pixels)
        ty = y + 12 * look.card_block + 4
        rim = _shade(look.card_color, 0.35) if light_card else None
        lx = x + (width - text_width(label, ns)) // 2
        write(image, label, lx, ty, ns, look.card_text, outline=rim)
        name_box = (lx, ty, text_width(label, ns), fh * ns)
        have = f"YOU HAVE {int(rng.integers(0, 10))}"
        tint = _mix(look.rarity_color(rarity), (255, 255, 255), look.have_tint)
        hy = ty + fh * ns + 4
        hs = look.have_size
        while hs > 1 and text_width(have, hs) > width - 8:
            hs -= 1
        write(image, have, x + (width - text_width(have, hs)) // 2, hy, hs, tint, outline=rim)
        box, gap, b = look.box_size, look.box_gap, look.box_border
        while count * box + (count - 1) * gap > width - 8 and (gap > 1 or box > 6):
            if gap > min(1, look.box_gap):  # too wide for its card: closer, then smaller
                gap -= 1
            else:
                box -= 1
                b = min(b, max(1, (box - 2) // 2))
        free = (width - count * box - (count - 1) * gap) // 2
        bx = x + free + int(look.box_align * min(30, max(0, free - 6)))
        by = hy + fh * hs + look.box_above
        for k in range(count):
            left = bx + k * (box + gap)
            if rim is not None:  # light borders on a light card: a dark rim around them
                image[by - 1 : by + box + 1, left - 1 : left + box + 1] = rim
            image[by : by + box, left : left + box] = look.box_border_color
            inside = look.rarity_color(rarity) if k < filled else \
                look.box_inside if rim is None else _shade(look.card_color, 0.6)
            image[by + b : by + box - b, left + b : left + box - b] = inside
        drawn.append(CardDrawn(name, rarity, (x, seen, width, top + height - seen), name_box,
                               count, filled))
        x += width + look.card_gap
    return drawn


def with_look(look: Look, **changes: Any) -> Look:
    """``look`` with some fields changed (tests that pin one factor)."""
    return replace(look, **changes)


# -- the bundled example --------------------------------------------------------------------

EXAMPLE_BOARD = [
    "ground ground ground empty ground",
    "ground ground ground ground ground",
    "ground ground ground animal:Panda ground",
    "ground animal:Panda ground ground empty",
    "ground ground ground ground ground",
]
EXAMPLE_ANIMALS = (("Gorilla", "common"), ("Panda", "rare"), ("Tiger", "rare"))


def example() -> np.ndarray:
    """``examples/screenshots/disco-zoo-real-look.png``: a Jungle rescue (Gorilla, Panda and
    Tiger: two rare animals, so the found Panda tiles are told from Tiger by their sprite),
    drawn at twice the base size like a phone screenshot."""
    shot = render(EXAMPLE_BOARD, animals=EXAMPLE_ANIMALS, attempts=6, region="Jungle", seed=12,
                  look=random_look(12, "Jungle", wide=False))
    return cv2.resize(shot.image, None, fx=2, fy=2, interpolation=cv2.INTER_NEAREST)
