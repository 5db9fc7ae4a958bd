"""Finding an upscaled tile-based screen (an emulator's picture) inside a screenshot.

Old consoles draw their screen in square tiles of a fixed number of pixels, and emulators
show it enlarged, 2x to 6x, with or without smoothing, inside a window with its own margins.
A :class:`ScreenLayout` says what is known of such a screen in tiles: how many tiles wide and
high the picture is, how many tile rows at the top or bottom are a status bar rather than the
scrolling view, and how many of the console's own pixels a tile is. This module finds, in a
screenshot, the tile pitch in screenshot pixels and the picture's rectangle, and resamples
the picture back to the console's own pixels, where a scrolling view moves by whole pixels.

**Pitch.** The floor of a room repeats tile after tile, so the mean absolute difference
between the picture's changes (its colour steps from pixel to pixel) and themselves shifted
by ``d`` pixels dips at ``d`` = one tile (and at its
multiples, and at half a tile when the tile's own design repeats). Every dip is a candidate
(:func:`pitch_candidates`); the caller keeps the one that explains the picture best. A dip is
placed to a fraction of a pixel by the dip four tiles away.

**Picture.** The picture is exactly ``tiles_wide`` by ``tiles_high`` tiles: its left and right
edges are the pair of columns that far apart with the strongest change across them (the
image's own border counts as an edge), likewise its top and bottom edges, with the line under
the status bar as a third (:func:`find_screen`).

>>> import numpy as np
>>> layout = ScreenLayout(10, 9, bar_top=1)
>>> rng = np.random.default_rng(0)
>>> native = np.repeat(np.repeat(rng.integers(0, 255, (9, 10, 3), dtype=np.uint8), 16, 0), 16, 1)
>>> image = np.full((480, 560, 3), 40, np.uint8)
>>> image[30:462, 50:530] = np.repeat(np.repeat(native, 3, 0), 3, 1)
>>> screen = find_screen(image, layout, 48.0)
>>> round(screen.x), round(screen.y), screen.view_rect()
(50, 30, (50.0, 78.0, 530.0, 462.0))
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

WORK_WIDTH = 360  # the pitch search runs on the picture shrunk to about this width
EDGE_CAP = 60.0  # a change of this many levels across a column is a full edge
BORDER = 0.5  # how much of an edge the image's own border counts for


@dataclass(frozen=True)
class ScreenLayout:
    """A tile-based screen's proportions, in tiles.

    ``tiles_wide`` x ``tiles_high``: the whole picture; ``bar_top`` / ``bar_bottom``: tile rows
    of a status bar above / below the scrolling view; ``tile_px``: the console's own pixels
    per tile (the view scrolls by whole pixels of those).
    """

    tiles_wide: int
    tiles_high: int
    bar_top: int = 0
    bar_bottom: int = 0
    tile_px: int = 16

    @property
    def view_tiles(self) -> tuple[int, int]:
        """The scrolling view's size in tiles: (wide, high)."""
        return self.tiles_wide, self.tiles_high - self.bar_top - self.bar_bottom


@dataclass(frozen=True)
class Screen:
    """The picture found in a screenshot: its top-left corner ``(x, y)`` and the tile
    ``pitch``, in screenshot pixels."""

    x: float
    y: float
    pitch: float
    layout: ScreenLayout

    @property
    def width(self) -> float:
        return self.layout.tiles_wide * self.pitch

    @property
    def height(self) -> float:
        return self.layout.tiles_high * self.pitch

    @property
    def native_scale(self) -> float:
        """Screenshot pixels per console pixel."""
        return self.pitch / self.layout.tile_px

    def view_rect(self) -> tuple[float, float, float, float]:
        """The scrolling view's rectangle ``(x0, y0, x1, y1)`` in screenshot pixels."""
        top = self.y + self.layout.bar_top * self.pitch
        bottom = self.y + (self.layout.tiles_high - self.layout.bar_bottom) * self.pitch
        return (float(self.x), float(top), float(self.x + self.width), float(bottom))

    def native(self, image: np.ndarray) -> np.ndarray:
        """The whole picture resampled to the console's own pixels: each sampled at the middle
        of its block of screenshot pixels, so a pixel enlarged by nearest neighbour comes back
        exactly even when the picture's corner is found a pixel off."""
        t = self.layout.tile_px
        size = (self.layout.tiles_wide * t, self.layout.tiles_high * t)
        s = self.native_scale
        m = np.array([[s, 0, self.x + s / 2 - 0.5], [0, s, self.y + s / 2 - 0.5]], np.float64)
        return cv2.warpAffine(image, m, size, flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                              borderMode=cv2.BORDER_REPLICATE)

    def native_view(self, image: np.ndarray) -> np.ndarray:
        """The scrolling view alone, in the console's own pixels."""
        t = self.layout.tile_px
        full = self.native(image)
        return full[self.layout.bar_top * t : (self.layout.tiles_high - self.layout.bar_bottom) * t]


def _grey(image: np.ndarray) -> np.ndarray:
    if image.ndim == 2:
        return image.astype(np.float32)
    return cv2.cvtColor(image, cv2.COLOR_BGR2GRAY).astype(np.float32)


def _structure(image: np.ndarray) -> np.ndarray:
    """Where the picture changes (the larger colour step to the next pixel right and down,
    capped): a repeating design repeats here, while flat areas, whatever their colour, say
    nothing (a floor of plain tiles in two colours has no dip at the tile in its colours)."""
    f = image.astype(np.float32)
    if f.ndim == 2:
        f = f[:, :, None]
    gx = np.zeros(f.shape[:2], np.float32)
    gy = np.zeros(f.shape[:2], np.float32)
    gx[:, :-1] = np.abs(f[:, 1:] - f[:, :-1]).max(axis=2)
    gy[:-1] = np.abs(f[1:] - f[:-1]).max(axis=2)
    return np.minimum(gx + gy, 80.0)


def _mad(grey: np.ndarray, lag: int, axis: int) -> float:
    """Mean absolute difference between the picture and itself shifted ``lag`` pixels."""
    if axis == 1:
        if lag >= grey.shape[1]:
            return float("inf")
        return float(np.mean(np.abs(grey[:, lag:] - grey[:, :-lag])))
    if lag >= grey.shape[0]:
        return float("inf")
    return float(np.mean(np.abs(grey[lag:] - grey[:-lag])))


def pitch_candidates(image: np.ndarray, layout: ScreenLayout, *, min_scale: float = 1.5,
                     keep: int = 4) -> list[float]:
    """Tile pitches (screenshot pixels) the picture repeats at, most likely first: the dips
    of the picture's difference with itself, placed to a fraction of a pixel, no larger than
    the screenshot allows for a whole picture, no smaller than ``min_scale`` console pixels."""
    h, w = image.shape[:2]
    largest = min(w / layout.tiles_wide, h / layout.tiles_high)
    smallest = min_scale * layout.tile_px / 2  # half a tile: a design repeating inside it
    if largest < smallest:
        return []
    factor = min(1.0, WORK_WIDTH / w)
    small = _structure(cv2.resize(image, None, fx=factor, fy=factor,
                                  interpolation=cv2.INTER_AREA) if factor < 1 else image)
    grey = _structure(image)
    lo, hi = max(2, int(smallest * factor) - 1), int(largest * factor) + 2
    lags = np.arange(lo, hi + 1)
    both = np.array([(_mad(small, int(d), 1) + _mad(small, int(d), 0)) / 2 for d in lags])
    # A dip's depth against the highest difference on either side of it (within a third of
    # its lag): the difference grows with the lag anyway, so depth, not level, ranks dips.
    depth = np.zeros(len(lags))
    for i in range(1, len(lags) - 1):
        if both[i] > both[i - 1] or both[i] > both[i + 1]:
            continue
        reach = max(2, int(lags[i] / 3))
        left = both[max(0, i - reach) : i + 1].max()
        right = both[i : i + reach + 1].max()
        depth[i] = (min(left, right) - both[i]) / max(min(left, right), 1e-3)
    dips = [i for i in np.argsort(-depth) if depth[i] > 0.04]
    found: list[float] = []
    for i in dips:
        refined = _refine_pitch(grey, lags[i] / factor, largest)
        if refined is None or refined < smallest or refined > largest * 1.01:
            continue
        if all(abs(refined - f) > 0.03 * f for f in found):
            found.append(refined)
        if len(found) >= keep:
            break
    return found


def _refine_pitch(grey: np.ndarray, guess: float, largest: float) -> float | None:
    """The pitch near ``guess`` to a fraction of a pixel: the dip at ``k`` tiles (as many as
    fit, up to 4), placed by a parabola through its lowest three lags, divided by ``k``."""
    k = max(1, min(4, int(largest * 3 // max(guess, 1e-6)) // 3))
    k = max(k, 1)
    centre = guess * k
    reach = max(2, int(np.ceil(0.04 * centre)))
    lags = np.arange(max(2, round(centre) - reach), round(centre) + reach + 1)
    values = np.array([(_mad(grey, int(d), 1) + _mad(grey, int(d), 0)) / 2 for d in lags])
    if not np.isfinite(values).any():
        return None
    i = int(np.argmin(values))
    if 0 < i < len(lags) - 1 and np.isfinite(values[i - 1]) and np.isfinite(values[i + 1]):
        a, b, c = values[i - 1], values[i], values[i + 1]
        denom = a - 2 * b + c
        shift = 0.5 * (a - c) / denom if denom > 1e-9 else 0.0
    else:
        shift = 0.0
    return float((lags[i] + shift) / k)


def _edges(image: np.ndarray, axis: int, span: tuple[int, int] | None = None) -> np.ndarray:
    """How strongly the picture changes across each column (``axis`` 1) or row (0) boundary:
    index ``k`` is the boundary before pixel ``k``; the image's own borders count half (a
    picture may end there, or the window's margin may have been cut off)."""
    img = image if image.ndim == 3 else image[:, :, None]
    if axis == 1:
        if span is not None:
            img = img[span[0] : span[1]]
        diff = cv2.absdiff(img[:, 1:], img[:, :-1])
    else:
        if span is not None:
            img = img[:, span[0] : span[1]]
        diff = cv2.absdiff(img[1:], img[:-1])
    if diff.ndim == 3:
        diff = diff.max(axis=2)
    diff = np.minimum(diff, np.uint8(EDGE_CAP))
    profile = diff.mean(axis=0 if axis == 1 else 1, dtype=np.float32) / EDGE_CAP
    return np.concatenate([[BORDER], profile, [BORDER]])


def _best_pair(profile: np.ndarray, size: float, extra: tuple[float, ...] = ()) -> float | None:
    """The start ``k`` maximising the edges at ``k`` and ``k + size`` and at ``k + e`` for
    each ``e`` of ``extra`` (the line under a status bar: the bar and the room differ),
    boundaries interpolated for a fractional ``size``."""
    n = len(profile) - 1  # boundaries 0..n
    if size > n + 0.5:
        return None
    starts = np.arange(0, max(1, int(np.floor(n - size)) + 1))
    if len(starts) == 0:
        starts = np.array([0])
    grid = np.arange(len(profile), dtype=np.float64)

    def at(offset: float) -> np.ndarray:
        return np.interp(starts + offset, grid, profile, left=0.0, right=BORDER)

    score = at(0.0) + at(size)
    for e in extra:
        score = score + at(e)
    return float(starts[int(np.argmax(score))])


def find_screen(image: np.ndarray, layout: ScreenLayout, pitch: float) -> Screen | None:
    """The picture of ``layout`` at tile ``pitch`` in ``image`` (``None`` if it does not fit)."""
    h, w = image.shape[:2]
    width, height = layout.tiles_wide * pitch, layout.tiles_high * pitch
    if width > w + 1.5 or height > h + 1.5:
        return None
    x = _best_pair(_edges(image, 1), min(width, w))
    if x is None:
        return None
    columns = (int(max(0, x)), int(min(w, x + width)))
    bars = tuple(e * pitch for e in (layout.bar_top, layout.tiles_high - layout.bar_bottom)
                 if 0 < e < layout.tiles_high)
    y = _best_pair(_edges(image, 0, columns), min(height, h), bars)
    if y is None:
        return None
    rows = (int(max(0, y)), int(min(h, y + height)))
    x = _best_pair(_edges(image, 1, rows), min(width, w))
    if x is None:
        return None
    return Screen(x, y, pitch, layout)


__all__ = ["Screen", "ScreenLayout", "find_screen", "pitch_candidates"]
