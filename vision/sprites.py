"""Comparing small pictures (pixel-art sprites) seen at different scales, on different
backgrounds, through JPEG.

The same sprite appears on a card (on the card's colour) and on a board tile (on the tile's
colour), drawn at similar but not equal sizes, then scaled and compressed with the whole
screenshot. A sprite is therefore compared as *what differs from its background*: its ink
mask and the colours of its ink, in a square centred on the ink's centroid and as wide as a few
standard deviations of it, resampled to a fixed grid, so neither the background nor the scale
matters; a shift of one grid step either way is allowed. Only the ink that would show on both
backgrounds is compared.

>>> import numpy as np
>>> art = np.zeros((8, 8, 3), np.uint8); art[2:7, 1:7] = (0, 0, 250); art[3, 2] = (250, 0, 0)
>>> def draw(picture, x, y, block):
...     big = np.kron(art, np.ones((block, block, 1), np.uint8)); on = big.any(axis=2)
...     picture[y : y + len(big), x : x + len(big)][on] = big[on]
>>> card = np.full((40, 40, 3), 40, np.uint8); draw(card, 8, 8, 3)
>>> tile = np.full((30, 30, 3), (200, 230, 120), np.uint8); draw(tile, 7, 7, 2)
>>> a = sprite_of(card, (40.0, 40.0, 40.0)); b = sprite_of(tile, (200.0, 230.0, 120.0))
>>> sprite_distance(a, b) < 0.25
True
>>> other = np.full((30, 30, 3), (200, 230, 120), np.uint8); other[8:20, 12:16] = (250, 0, 0)
>>> sprite_distance(a, sprite_of(other, (200.0, 230.0, 120.0))) > 0.4
True
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from functools import lru_cache

import cv2
import numpy as np

from gridsight.vision.bounded import BoundedMemo
from gridsight.vision.colour_norms import norms, squares

GRID = 12  # sprites are compared on a GRID x GRID resampling of their ink box
INK = 45.0  # colour distance from the background that marks ink
COLOR_SCALE = 90.0  # a colour difference this large (Lab) counts as a full mismatch
SPREAD = 4.0  # the compared square is this many standard deviations of the ink wide


@dataclass(frozen=True, eq=False)
class Sprite:
    """A sprite as cut from a picture: ``picture`` (BGR, the ink with a margin around it),
    ``background`` the colour it was drawn on (BGR), ``box`` its ink box in the picture it came
    from (x, y, width, height)."""

    picture: np.ndarray
    background: np.ndarray
    box: tuple[int, int, int, int]

    @property
    def empty(self) -> bool:
        return self.box[2] * self.box[3] == 0


def _ink(picture: np.ndarray, backgrounds: list[np.ndarray], ink: float) -> np.ndarray:
    """Pixels far from every one of ``backgrounds``."""
    pic = picture.astype(np.float32)
    mask = np.ones(picture.shape[:2], bool)
    for colour in backgrounds:
        mask &= norms(pic - colour) > ink  # (np.linalg.norm's values, 2x faster)
    count, labels, stats, _ = cv2.connectedComponentsWithStats(mask.astype(np.uint8), 8)
    specks = [i for i in range(1, count) if stats[i][4] < 3]  # JPEG specks, not ink
    if specks:
        mask &= ~np.isin(labels, specks)
    return mask


def sprite_of(picture: np.ndarray, background: tuple[float, float, float] | np.ndarray,
              ink: float = INK) -> Sprite:
    """The sprite in ``picture`` (BGR) drawn on ``background`` (BGR colour)."""
    colour = np.asarray(background, np.float32)
    mask = _ink(picture, [colour], ink)
    ys, xs = np.nonzero(mask)
    if len(xs) < 4:
        return Sprite(picture[:0, :0].copy(), colour, (0, 0, 0, 0))
    x0, x1, y0, y1 = int(xs.min()), int(xs.max()) + 1, int(ys.min()), int(ys.max()) + 1
    m = max(1, (max(x1 - x0, y1 - y0)) // 8)
    xa, ya = max(0, x0 - m), max(0, y0 - m)
    crop = picture[ya : y1 + m, xa : x1 + m].copy()
    return Sprite(crop, colour, (x0, y0, x1 - x0, y1 - y0))


def _on_grid(sprite: Sprite, mask: np.ndarray):
    """The ink that differs from every background (``mask``, :func:`_ink` of the sprite's
    picture), boxed (aspect kept) and resampled to the grid: (cover 0..1, Lab colours), or
    ``None`` when there is none."""
    ys, xs = np.nonzero(mask)
    if len(xs) < 4:
        return None
    # Placed by the ink's centroid and spread, not its box: a stray ring of blended pixels
    # around a sprite (an outline blurred into the paper) moves a box, hardly the moments.
    cx, cy = float(xs.mean()) + 0.5, float(ys.mean()) + 0.5
    side = max(4, int(round(SPREAD * max(float(xs.std()), float(ys.std())))))
    box = (int(round(cx - side / 2)), int(round(cy - side / 2)), side, side)
    square = _cut(sprite.picture, box)
    square_mask = _cut(mask.astype(np.uint8) * 255, box)
    weight = square_mask.astype(np.float32) / 255.0
    cover = cv2.resize(weight, (GRID, GRID), interpolation=cv2.INTER_AREA)
    inked = cv2.resize(square.astype(np.float32) * weight[..., None], (GRID, GRID),
                       interpolation=cv2.INTER_AREA)
    small = inked / np.maximum(cover, 1e-3)[..., None]  # the ink's own colour, not the paper's
    lab = cv2.cvtColor(np.clip(small / 255.0, 0, 1).astype(np.float32), cv2.COLOR_BGR2Lab)
    return cover, lab


def _cut(picture: np.ndarray, box: tuple[int, int, int, int]) -> np.ndarray:
    """The box of ``picture``, padded with zeros where it runs off the picture."""
    x, y, w, h = box
    pad = max(0, -x, -y, x + w - picture.shape[1], y + h - picture.shape[0])
    if pad:
        picture = cv2.copyMakeBorder(picture, pad, pad, pad, pad, cv2.BORDER_CONSTANT, value=0)
        x, y = x + pad, y + pad
    return picture[y : y + h, x : x + w]


def sprite_distance(a: Sprite, b: Sprite, ink: float = INK) -> float:
    """How different two sprites are, 0 (the same) to 1: over the grid cells where either has
    ink, the mean of the ink mismatch and the colour difference, at the best shift of up to
    one grid cell.

    Only the ink that would show on *both* backgrounds is compared: a dark outline vanishes on
    a dark card, and a sprite's light-blue patch on a light-blue tile, so neither is held
    against the match."""
    if a.empty or b.empty:
        return 1.0
    key = (_pixels(a), _pixels(b), float(ink))
    return _DISTANCES.remember(key, lambda: _sprite_distance(a, b, ink))


# Distances by the two sprites' pixels (a screen compares one tile's sprite with the same
# card's several times: its cards, its ties, its settling; measured on real-look seeds
# 7000-7011, a quarter of the pairs were compared before). Exact pixels, colours and boxes
# (all that :func:`_sprite_distance` reads), so shared across screens.
DISTANCES = 4096  # pairs remembered at most (least recently used dropped first)
_DISTANCES: BoundedMemo[tuple, float] = BoundedMemo(DISTANCES)


def _pixels(sprite: Sprite) -> tuple:
    """Everything of ``sprite`` :func:`_sprite_distance` reads: its picture's bytes (by their
    SHA-1 digest), shape and type, its background's values and type, its box; made once per
    sprite (kept on it: a sprite is read only)."""
    made = sprite.__dict__.get("_pixels")
    if made is None:
        picture = np.ascontiguousarray(sprite.picture)
        background = np.asarray(sprite.background)
        made = sprite.__dict__["_pixels"] = (
            hashlib.sha1(picture.tobytes()).digest(), picture.shape, picture.dtype.str,
            background.tobytes(), background.shape, background.dtype.str,
            tuple(int(v) for v in sprite.box))
    return made


def _sprite_distance(a: Sprite, b: Sprite, ink: float) -> float:
    """:func:`sprite_distance` worked out."""
    backgrounds = [a.background, b.background]
    # (each sprite's ink found once, for its grid and its palette both)
    _, one, palette_a = _seen(a, backgrounds, ink)
    _, two, palette_b = _seen(b, backgrounds, ink)
    if one is None or two is None:
        return 1.0
    (ma, la), (mb0, lb0) = one, two
    return 0.5 * _shape_distance(ma, la, mb0, lb0) + 0.5 * _palette_gap(palette_a, palette_b)


def _seen(sprite: Sprite, backgrounds: list[np.ndarray], ink: float):
    """``sprite``'s ink on ``backgrounds`` (:func:`_ink`), that ink on the grid
    (:func:`_on_grid`, ``None`` when there is none) and its palette (:func:`_palette`,
    ``None`` with no grid), remembered by the sprite's pixels and the backgrounds' values: a
    tile's sprite is compared with each card in turn, all on the same two colours (measured on
    seeds 7000-7011: two thirds of the grids made had been made before). Read only."""
    key = (_pixels(sprite), tuple(_colour(c) for c in backgrounds), float(ink))

    def see() -> tuple:
        mask = _ink(sprite.picture, backgrounds, ink)
        grid = _on_grid(sprite, mask)
        return mask, grid, None if grid is None else _palette(sprite, mask)

    return _SEEN.remember(key, see)


SEEN = 512  # sprites seen on two colours remembered at most (least recently used dropped first)
_SEEN: BoundedMemo[tuple, tuple] = BoundedMemo(SEEN)


def _colour(colour) -> tuple:
    """A background colour's values, shape and type, as a key."""
    values = np.asarray(colour)
    return values.tobytes(), values.shape, values.dtype.str


def _palette(sprite: Sprite, mask: np.ndarray) -> np.ndarray:
    """The Lab colours of ``sprite``'s ink (``mask``: :func:`_ink`), every k-th kept to about
    400 (:func:`_palette_gap`)."""
    pixels = sprite.picture[mask].reshape(-1, 1, 3).astype(np.float32) / 255.0
    lab = cv2.cvtColor(pixels, cv2.COLOR_BGR2Lab).reshape(-1, 3)
    return lab[:: max(1, len(lab) // 400)]


def _palette_distance(a: Sprite, b: Sprite, masks: list[np.ndarray]) -> float:
    """How far each sprite's ink colours (``masks``: :func:`_ink` of each) are from the
    other's nearest ink colour, 0..1: :func:`_palette_gap` of their :func:`_palette`."""
    return _palette_gap(_palette(a, masks[0]), _palette(b, masks[1]))


def _palette_gap(one: np.ndarray, two: np.ndarray) -> float:
    """How far each of two palettes (:func:`_palette`) is from the other's nearest colour,
    0..1 (the mean both ways, weighted by pixels): random art differs in its palette even
    where blurred edges make the shapes hard to compare.

    The nearest colours are found by squared distance
    (:func:`gridsight.vision.colour_norms.squares`, added as ``np.linalg.norm`` adds them);
    the root is taken of the nearest only (the root is monotonic and correctly rounded:
    the same values as the root of every pair's, with no pixels-by-pixels-by-3 temporaries)."""
    if len(one) == 0 or len(two) == 0:
        return 1.0
    gaps = squares((one[:, c, None] - two[None, :, c] for c in range(3)), in_place=True)
    both = np.sqrt(np.concatenate([gaps.min(axis=1), gaps.min(axis=0)]))
    return float(np.mean(np.minimum(1.0, both / (COLOR_SCALE / 2))))


#: The nine shifts of up to one grid cell :func:`_shape_distance` tries, in its order.
SHIFTS = tuple((dy, dx) for dy in (-1, 0, 1) for dx in (-1, 0, 1))


def _shape_distance(ma, la, mb0, lb0) -> float:
    """Of two sprites' inks on the grid (``ma``, ``mb0``: 0..1) and their Lab colours (``la``,
    ``lb0``), the least over :data:`SHIFTS` (the second rolled by each) of the ink mismatch
    and colour difference where either has ink (1.0 when there is none at any shift).

    The nine shifts are worked out together, each element as alone (the same operations in
    the same types), and each shift's sums taken over its own plane (a contiguous grid of
    its own, as alone): the same values to the last bit as one shift at a time, with a
    tenth of NumPy's calls (measured: most of a sprite comparison's time was their
    overhead on 12 x 12 grids)."""
    rows, cols = _rolled(*mb0.shape[:2])
    mb = mb0[rows, cols]  # (each shift's grid as np.roll(np.roll(mb0, dy, 0), dx, 1) makes it)
    lb = lb0[rows, cols]
    either = np.maximum(ma, mb)
    both = np.minimum(ma, mb)
    colour = np.minimum(1.0, norms(la - lb) / COLOR_SCALE)
    weighted = ((either - both) + both * colour) * either
    energy = either * either
    best = 1.0
    for k in range(len(SHIFTS)):
        if float(either[k].sum()) < 1e-6:
            continue
        best = min(best, float(weighted[k].sum() / energy[k].sum()))
    return best


@lru_cache(maxsize=8)
def _rolled(height: int, width: int) -> tuple[np.ndarray, np.ndarray]:
    """Index arrays that take a ``height`` x ``width`` grid to its nine rolls by
    :data:`SHIFTS` at once (``grid[rows, cols]``: one plane a shift, in their order)."""
    rows = np.array([(np.arange(height) - dy) % height for dy, _ in SHIFTS])[:, :, None]
    cols = np.array([(np.arange(width) - dx) % width for _, dx in SHIFTS])[:, None, :]
    return rows, cols
