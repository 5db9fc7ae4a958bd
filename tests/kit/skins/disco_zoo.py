"""A Disco Zoo rescue screen in the project's own art: a portrait phone screenshot.

From top to bottom: a bar with the region's name and the attempts left; one card per animal in
the rescue (its sprite, or a dark silhouette until a tile of it is found, its name, "YOU HAVE
N" and one box per pattern tile, filled as tiles are found); the 5x5 board in a wooden frame;
a bottom bar with two buttons and the coin count.

Board cells are given as labels: ``ground`` (not tapped yet; about half carry a decoration),
``empty`` (tapped, nothing there: darker and hatched, sometimes with coins) and
``animal:<Name>`` (a found animal: its sprite on a rounded tile of its rarity's colour). The
template pack's labels are ``ground``, ``empty`` and ``animal:<rarity>``: a pack matches an
animal tile by its rim (the sprite is masked out) and the game reader tells animals apart by
matching the sprite against the cards.

>>> shot = render([["ground"] * 5] * 4 + [["empty"] * 4 + ["animal:Sheep"]],
...               animals={"Sheep": "common"})
>>> shot.labels[4][4], shot.image.shape
('animal:common', (540, 300, 3))
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Mapping, Sequence

import numpy as np

from .common import (
    Color, Grid, Rendered, as_grid, draw_sprite, hex_color, name_rng, rounded_rect, shade, text,
)
from gridsight.solvers.disco_zoo.catalogue import load_catalogue, name_key
from gridsight.vision.geometry import BoardGeometry

RARITIES = ("common", "rare", "mythical", "timeless")
DECORATIONS = ("hay", "bush", "palm", "rock", "cactus", "flowers")
ROWS = COLS = 5

# Screen layout at scale 1 (pixels).
WIDTH, HEIGHT = 300, 540
CELL = 48
BOARD_X, BOARD_Y = 30, 224
# The sprite's square inside an animal tile, as fractions of the cell: the pack masks it out.
SPRITE_BOX = (0.2, 0.2, 0.8, 0.8)


@dataclass(frozen=True)
class DiscoSkin:
    """Colours and decorations of one look of the rescue screen."""

    name: str = "default"
    background: Color = hex_color("#5ec4d6")
    bar: Color = hex_color("#2b3a67")
    bar_text: Color = hex_color("#ffffff")
    card: Color = hex_color("#f4ecd8")
    card_text: Color = hex_color("#3a2e1e")
    frame_outer: Color = hex_color("#6b3f1d")
    frame_inner: Color = hex_color("#c98a4b")
    gap: Color = hex_color("#3f2a14")
    ground: Color = hex_color("#6dbb3c")
    ground_detail: Color = hex_color("#4e9a2a")
    empty: Color = hex_color("#7a5a32")
    hatch: Color = hex_color("#5b4022")
    coin: Color = hex_color("#ffd23f")
    decorations: tuple[str, ...] = ("hay", "bush", "palm", "rock")
    decoration_colors: tuple[Color, ...] = (
        hex_color("#e8c547"), hex_color("#2f7d32"), hex_color("#8d5a2b"), hex_color("#9e9e9e"),
    )
    rarity_colors: tuple[Color, ...] = (
        hex_color("#59c135"), hex_color("#7fd3f7"), hex_color("#f48fd0"), hex_color("#f2c318"),
    )
    silhouette: Color = hex_color("#262626")
    decoration_rate: float = 0.5
    coin_rate: float = 0.25

    def rarity_color(self, rarity: str) -> Color:
        return self.rarity_colors[RARITIES.index(rarity)]


DEFAULT_SKIN = DiscoSkin()

# A look the shipped pack has never seen: a desert region, other colours, other decorations.
DESERT_SKIN = DiscoSkin(
    name="desert",
    background=hex_color("#f0b27a"),
    bar=hex_color("#5b2c06"),
    card=hex_color("#fff5e1"),
    frame_outer=hex_color("#37474f"),
    frame_inner=hex_color("#90a4ae"),
    gap=hex_color("#263238"),
    ground=hex_color("#e3c16f"),
    ground_detail=hex_color("#c9a24f"),
    empty=hex_color("#8c6d3f"),
    hatch=hex_color("#5e4522"),
    decorations=("cactus", "rock", "flowers"),
    decoration_colors=(hex_color("#3a8d3f"), hex_color("#7b6d5f"), hex_color("#e04f7a")),
    rarity_colors=(
        hex_color("#2e9e4f"), hex_color("#4aa3df"), hex_color("#c2185b"), hex_color("#ff9800"),
    ),
)


@dataclass(frozen=True)
class Card:
    """One animal of the rescue as its card shows it."""

    name: str
    rarity: str
    tiles: int = 4  # pattern size: boxes on the card
    have: int = 0


def pattern_size(name: str) -> int:
    """How many tiles the catalogue's animal ``name`` covers (one box on its card each), or 4
    for a name the catalogue does not know (test boards with made-up animals)."""
    key = name_key(name)
    for animal in load_catalogue().animals():
        if name_key(animal.name) == key:
            return animal.size
    return 4


def default_rarity(name: str) -> str:
    """A stable rarity for an animal the caller did not describe (test boards)."""
    return RARITIES[int(name_rng("rarity", name).integers(0, 4))]


def render(
    cells: Any,
    *,
    skin: DiscoSkin = DEFAULT_SKIN,
    animals: Mapping[str, str] | Sequence[Card] | None = None,
    attempts: int = 10,
    region: str = "FARM",
    coins: int = 1234,
    seed: int = 0,
    decorations: Sequence[Sequence[str | None]] | None = None,
    coins_on: Sequence[Sequence[bool]] | None = None,
) -> Rendered:
    """Draw a rescue screen showing board ``cells`` (5x5 labels, see the module docstring).

    ``animals`` gives the rescue's animals (name -> rarity, or :class:`Card` objects); animals
    on the board but not listed get :func:`default_rarity`. ``decorations`` (a decoration name
    or ``None`` per cell) and ``coins_on`` override the seeded choice of which ground tiles are
    decorated and which empty tiles show coins.
    """
    grid = as_grid(cells)
    if (len(grid), len(grid[0])) != (ROWS, COLS):
        raise ValueError(f"a Disco Zoo board is {ROWS}x{COLS}, got {len(grid)}x{len(grid[0])}")
    cards = _cards(grid, animals)
    rarity = {card.name: card.rarity for card in cards}
    rng = np.random.default_rng(seed)

    image = np.empty((HEIGHT, WIDTH, 3), np.uint8)
    image[:] = skin.background
    _top_bar(image, skin, region, attempts)
    found = {card.name: 0 for card in cards}
    for row in grid:
        for label in row:
            if label.startswith("animal:"):
                found[label[7:]] += 1
    _cards_row(image, skin, cards, found)
    _bottom_bar(image, skin, coins)

    # The wooden frame, then the board's cells.
    x0, y0, size = BOARD_X, BOARD_Y, CELL * COLS
    rounded_rect(image, x0 - 9, y0 - 9, x0 + size + 9, y0 + size + 9, 8, skin.frame_outer)
    image[y0 - 4 : y0 + size + 4, x0 - 4 : x0 + size + 4] = skin.frame_inner
    image[y0 - 1 : y0 + size + 1, x0 - 1 : x0 + size + 1] = skin.gap
    labels, variants = [], []
    for r, row in enumerate(grid):
        label_row, variant_row = [], []
        for c, label in enumerate(row):
            cell = image[y0 + r * CELL : y0 + (r + 1) * CELL, x0 + c * CELL : x0 + (c + 1) * CELL]
            if label == "ground":
                if decorations is not None:
                    decor = decorations[r][c]
                elif rng.random() < skin.decoration_rate:
                    decor = skin.decorations[int(rng.integers(len(skin.decorations)))]
                else:
                    decor = None
                draw_ground(cell, skin, decor)
                label_row.append("ground")
                variant_row.append(f"ground-{decor}" if decor else "ground")
            elif label == "empty":
                with_coins = coins_on[r][c] if coins_on is not None else rng.random() < skin.coin_rate
                draw_empty(cell, skin, with_coins)
                label_row.append("empty")
                variant_row.append("empty-coins" if with_coins else "empty")
            elif label.startswith("animal:"):
                name = label[7:]
                draw_animal(cell, skin, name, rarity[name])
                label_row.append(f"animal:{rarity[name]}")
                variant_row.append(f"animal-{rarity[name]}")
            else:
                raise ValueError(f"unknown Disco Zoo cell label '{label}' at row {r}, col {c}")
        labels.append(tuple(label_row))
        variants.append(tuple(variant_row))
    geometry = BoardGeometry.from_rect(x0, y0, CELL, CELL, ROWS, COLS)
    return Rendered(image, geometry, tuple(labels), tuple(variants),
                    {"cards": cards, "attempts": attempts, "region": region})


# -- the cells ------------------------------------------------------------------------------


def draw_ground(cell: np.ndarray, skin: DiscoSkin, decoration: str | None) -> None:
    """An untapped tile: grass (or sand) with a few fixed tufts, maybe a decoration."""
    s = cell.shape[0]
    cell[:] = skin.gap
    cell[1 : s - 1, 1 : s - 1] = skin.ground
    for fx, fy in ((0.22, 0.3), (0.7, 0.22), (0.4, 0.72), (0.8, 0.68)):
        x, y = int(fx * s), int(fy * s)
        _line(cell, (x, y), (x - 2, y - 5), skin.ground_detail, 2)
        _line(cell, (x + 2, y), (x + 3, y - 5), skin.ground_detail, 2)
    if decoration:
        color = skin.decoration_colors[skin.decorations.index(decoration)]
        _DECORATORS[decoration](cell, color)


def draw_empty(cell: np.ndarray, skin: DiscoSkin, with_coins: bool) -> None:
    """A tapped tile with nothing under it: darker, hatched; sometimes coins."""
    s = cell.shape[0]
    cell[:] = skin.gap
    cell[1 : s - 1, 1 : s - 1] = skin.empty
    inner = cell[1 : s - 1, 1 : s - 1]
    for k in range(-s, s, 8):
        _line(inner, (k, 0), (k + s, s), skin.hatch, 2)
    if with_coins:
        for fx, fy in ((0.35, 0.62), (0.62, 0.45), (0.55, 0.72)):
            center = (int(fx * s), int(fy * s))
            _circle(cell, center, max(3, s // 9), shade(skin.coin, 0.6))
            _circle(cell, center, max(2, s // 9 - 2), skin.coin)


def draw_animal(cell: np.ndarray, skin: DiscoSkin, name: str, rarity: str) -> None:
    """A found animal: its sprite on a rounded tile of its rarity's colour."""
    s = cell.shape[0]
    cell[:] = skin.gap
    cell[1 : s - 1, 1 : s - 1] = skin.empty
    color = skin.rarity_color(rarity)
    rounded_rect(cell, 3, 3, s - 3, s - 3, s // 6, shade(color, 0.75))
    rounded_rect(cell, 5, 5, s - 5, s - 5, s // 7, color)
    x0, y0, x1, _ = (round(v * s) for v in SPRITE_BOX)
    draw_sprite(cell, name, x0, y0, x1 - x0)


def _line(img: np.ndarray, p: tuple[int, int], q: tuple[int, int], color: Color, t: int) -> None:
    import cv2

    cv2.line(img, p, q, color, t, cv2.LINE_AA)


def _circle(img: np.ndarray, c: tuple[int, int], r: int, color: Color) -> None:
    import cv2

    cv2.circle(img, c, r, color, -1, cv2.LINE_AA)


def _hay(cell: np.ndarray, color: Color) -> None:
    s = cell.shape[0]
    rounded_rect(cell, s // 5, s // 2, s - s // 5, s - s // 6, s // 10, color)
    for fx in (0.4, 0.6):
        _line(cell, (int(fx * s), s // 2 + 2), (int(fx * s), s - s // 6 - 2), shade(color, 0.6), 2)


def _bush(cell: np.ndarray, color: Color) -> None:
    s = cell.shape[0]
    for fx, fy, fr in ((0.35, 0.6, 0.2), (0.62, 0.58, 0.22), (0.5, 0.42, 0.2)):
        _circle(cell, (int(fx * s), int(fy * s)), int(fr * s), color)
    _circle(cell, (int(0.45 * s), int(0.4 * s)), max(2, s // 16), shade(color, 1.5))


def _palm(cell: np.ndarray, color: Color) -> None:
    import cv2

    s = cell.shape[0]
    _line(cell, (int(0.5 * s), int(0.9 * s)), (int(0.55 * s), int(0.35 * s)), color, max(3, s // 10))
    green = (40, 150, 40)
    for angle in (200, 250, 290, 340):
        cv2.ellipse(cell, (int(0.55 * s), int(0.33 * s)), (s // 4, s // 12), angle, 0, 360,
                    green, -1, cv2.LINE_AA)


def _rock(cell: np.ndarray, color: Color) -> None:
    import cv2

    s = cell.shape[0]
    cv2.ellipse(cell, (s // 2, int(0.62 * s)), (int(0.3 * s), int(0.2 * s)), 0, 0, 360, color, -1,
                cv2.LINE_AA)
    cv2.ellipse(cell, (int(0.42 * s), int(0.56 * s)), (int(0.1 * s), int(0.06 * s)), 0, 0, 360,
                shade(color, 1.3), -1, cv2.LINE_AA)


def _cactus(cell: np.ndarray, color: Color) -> None:
    s = cell.shape[0]
    rounded_rect(cell, int(0.42 * s), int(0.2 * s), int(0.58 * s), int(0.88 * s), s // 14, color)
    rounded_rect(cell, int(0.22 * s), int(0.4 * s), int(0.34 * s), int(0.62 * s), s // 20, color)
    rounded_rect(cell, int(0.22 * s), int(0.56 * s), int(0.45 * s), int(0.64 * s), 1, color)
    rounded_rect(cell, int(0.66 * s), int(0.3 * s), int(0.78 * s), int(0.52 * s), s // 20, color)
    rounded_rect(cell, int(0.55 * s), int(0.46 * s), int(0.78 * s), int(0.54 * s), 1, color)


def _flowers(cell: np.ndarray, color: Color) -> None:
    s = cell.shape[0]
    for fx, fy in ((0.3, 0.4), (0.65, 0.35), (0.5, 0.7)):
        _circle(cell, (int(fx * s), int(fy * s)), max(3, s // 9), color)
        _circle(cell, (int(fx * s), int(fy * s)), max(1, s // 24), (80, 230, 250))


_DECORATORS = {"hay": _hay, "bush": _bush, "palm": _palm, "rock": _rock,
               "cactus": _cactus, "flowers": _flowers}


# -- the rest of the screen -----------------------------------------------------------------


def _cards(grid: Grid, animals: Mapping[str, str] | Sequence[Card] | None) -> list[Card]:
    cards: list[Card] = []
    if isinstance(animals, Mapping):
        cards = [Card(name, rarity, pattern_size(name)) for name, rarity in animals.items()]
    elif animals is not None:
        cards = list(animals)
    known = {card.name for card in cards}
    for row in grid:
        for label in row:
            if label.startswith("animal:") and label[7:] not in known:
                cards.append(Card(label[7:], default_rarity(label[7:]), pattern_size(label[7:])))
                known.add(label[7:])
    for card in cards:
        if card.rarity not in RARITIES:
            raise ValueError(f"unknown rarity '{card.rarity}' of {card.name}")
    return cards


def _top_bar(image: np.ndarray, skin: DiscoSkin, region: str, attempts: int) -> None:
    image[0:56] = skin.bar
    text(image, region.upper(), 12, 36, 18, skin.bar_text, bold=True)
    text(image, str(attempts), 222, 44, 34, skin.bar_text, bold=True, right=True)
    text(image, "ATTEMPTS", 288, 25, 9, skin.bar_text, right=True)
    text(image, "LEFT", 288, 40, 9, skin.bar_text, right=True)


CARD_TOP, CARD_BOTTOM = 66, 194


def _cards_row(image: np.ndarray, skin: DiscoSkin, cards: list[Card], found: dict[str, int]) -> None:
    if not cards:
        return
    gap = 6
    width = (WIDTH - 2 * 10 - gap * (len(cards) - 1)) // len(cards)
    for i, card in enumerate(cards):
        x = 10 + i * (width + gap)
        rounded_rect(image, x, CARD_TOP, x + width, CARD_BOTTOM, 8, skin.card)
        tile = min(48, width - 16)
        tx = x + (width - tile) // 2
        color = skin.rarity_color(card.rarity)
        rounded_rect(image, tx, CARD_TOP + 6, tx + tile, CARD_TOP + 6 + tile, tile // 7, color)
        seen = found.get(card.name, 0) > 0 or card.have > 0
        margin = round(0.2 * tile)
        draw_sprite(image, card.name, tx + margin, CARD_TOP + 6 + margin, tile - 2 * margin,
                    silhouette=None if seen else skin.silhouette)
        text(image, card.name.upper()[:10], x + 6, CARD_TOP + 74, 9, skin.card_text, bold=True)
        text(image, f"YOU HAVE {card.have}", x + 6, CARD_TOP + 90, 7, skin.card_text)
        box = 9
        for k in range(card.tiles):
            bx = x + 6 + k * (box + 3)
            by = CARD_TOP + 100
            filled = k < found.get(card.name, 0)
            image[by : by + box, bx : bx + box] = shade(skin.card_text, 1.0)
            image[by + 1 : by + box - 1, bx + 1 : bx + box - 1] = color if filled else skin.card


def _bottom_bar(image: np.ndarray, skin: DiscoSkin, coins: int) -> None:
    image[HEIGHT - 48 :] = skin.bar
    rounded_rect(image, 10, HEIGHT - 40, 90, HEIGHT - 8, 8, shade(skin.bar, 1.8))
    text(image, "BACK", 28, HEIGHT - 18, 10, skin.bar_text, bold=True)
    rounded_rect(image, 100, HEIGHT - 40, 180, HEIGHT - 8, 8, shade(skin.bar, 1.8))
    text(image, "MAP", 124, HEIGHT - 18, 10, skin.bar_text, bold=True)
    _circle(image, (206, HEIGHT - 24), 10, skin.coin)
    text(image, str(coins), 222, HEIGHT - 17, 12, skin.bar_text, bold=True)


def unseen_skin(seed: int = 0) -> DiscoSkin:
    """The desert skin, optionally with shuffled decoration colours (test variety)."""
    return replace(DESERT_SKIN, name=f"desert-{seed}") if seed else DESERT_SKIN
