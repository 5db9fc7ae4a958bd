"""Comparing small pictures (pixel-art sprites) seen at different scales, on different
backgrounds, through JPEG.

The same sprite appears on a card (on the card's colour) and on a board tile (on the tile's
colour), drawn at similar but not equal sizes, then scaled and compressed with the whole
screenshot. A sprite is therefore compared as *what differs from its background*: its ink
mask and the colours of its ink, cut to the ink's bounding box and resampled to a fixed grid,
so neither the background nor the scale matters; a shift of one grid step either way is
allowed for an ink box that JPEG made a pixel too large.

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

from dataclasses import dataclass

import cv2
import numpy as np

GRID = 12  # sprites are compared on a GRID x GRID resampling of their ink box
INK = 45.0  # colour distance from the background that marks ink
COLOR_SCALE = 90.0  # a colour difference this large (Lab) counts as a full mismatch


@dataclass(frozen=True, eq=False)
class Sprite:
    """A sprite's ink on the comparison grid: ``mask`` (GRID x GRID, 0..1 ink cover) and
    ``lab`` (GRID x GRID x 3, the ink's colour where covered); ``box`` its ink box in the
    picture it came from."""

    mask: np.ndarray
    lab: np.ndarray
    box: tuple[int, int, int, int]

    @property
    def empty(self) -> bool:
        return float(self.mask.sum()) < 2.0


def sprite_of(picture: np.ndarray, background: tuple[float, float, float] | np.ndarray,
              ink: float = INK) -> Sprite:
    """The sprite in ``picture`` (BGR) drawn on ``background`` (BGR colour)."""
    pic = picture.astype(np.float32)
    mask = np.linalg.norm(pic - np.asarray(background, np.float32), axis=2) > ink
    mask = cv2.morphologyEx(mask.astype(np.uint8), cv2.MORPH_OPEN, np.ones((2, 2), np.uint8)) \
        if min(mask.shape) > 16 else mask.astype(np.uint8)
    ys, xs = np.nonzero(mask)
    if len(xs) < 4:
        return Sprite(np.zeros((GRID, GRID), np.float32), np.zeros((GRID, GRID, 3), np.float32),
                      (0, 0, 0, 0))
    x0, x1, y0, y1 = int(xs.min()), int(xs.max()) + 1, int(ys.min()), int(ys.max()) + 1
    side = max(x1 - x0, y1 - y0)  # keep the aspect: pad the shorter side, centred
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    box = (int(round(cx - side / 2)), int(round(cy - side / 2)), side, side)
    square = _cut(picture, box)
    square_mask = _cut(mask[..., None] * 255, box)[..., 0]
    small = cv2.resize(square, (GRID, GRID), interpolation=cv2.INTER_AREA).astype(np.float32)
    cover = cv2.resize(square_mask.astype(np.float32) / 255.0, (GRID, GRID),
                       interpolation=cv2.INTER_AREA)
    lab = cv2.cvtColor((small / 255.0).astype(np.float32), cv2.COLOR_BGR2Lab)
    return Sprite(cover, lab, (x0, y0, x1 - x0, y1 - y0))


def _cut(picture: np.ndarray, box: tuple[int, int, int, int]) -> np.ndarray:
    x, y, w, h = box
    pad = max(0, -x, -y, x + w - picture.shape[1], y + h - picture.shape[0])
    if pad:
        picture = cv2.copyMakeBorder(picture, pad, pad, pad, pad, cv2.BORDER_REPLICATE)
        x, y = x + pad, y + pad
    return picture[y : y + h, x : x + w]


def sprite_distance(a: Sprite, b: Sprite) -> float:
    """How different two sprites are, 0 (the same) to 1: over the cells where either has ink,
    the mean of the ink mismatch and the colour difference, at the best shift of up to one
    grid cell."""
    if a.empty or b.empty:
        return 1.0
    best = 1.0
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            mb = np.roll(np.roll(b.mask, dy, 0), dx, 1)
            lb = np.roll(np.roll(b.lab, dy, 0), dx, 1)
            either = np.maximum(a.mask, mb)
            weight = float(either.sum())
            if weight < 1e-6:
                continue
            both = np.minimum(a.mask, mb)
            colour = np.minimum(1.0, np.linalg.norm(a.lab - lb, axis=2) / COLOR_SCALE)
            cost = (either - both) + both * colour
            best = min(best, float((cost * either).sum() / (either * either).sum()))
    return best
