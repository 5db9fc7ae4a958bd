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

import hashlib
import threading
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any, Callable

import cv2
import numpy as np

from gridsight.vision.bounded import BoundedMemo

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
    ``pitch``, in screenshot pixels; ``pitch_y`` the pitch down when it differs (a picture
    of a scale that is not a whole number is rounded to whole pixels each way: 0 means the
    same as across); ``clip``: the console pixels of the scrolling view cut off by the
    screenshot's edge (left, top, right, bottom; :func:`find_cut_screens`), left out of
    :meth:`native_view` and :meth:`view_rect`."""

    x: float
    y: float
    pitch: float
    layout: ScreenLayout
    pitch_y: float = 0.0
    clip: tuple[int, int, int, int] = (0, 0, 0, 0)

    @property
    def pitch_down(self) -> float:
        return self.pitch_y or self.pitch

    @property
    def width(self) -> float:
        return self.layout.tiles_wide * self.pitch

    @property
    def height(self) -> float:
        return self.layout.tiles_high * self.pitch_down

    @property
    def native_scale(self) -> float:
        """Screenshot pixels per console pixel (across)."""
        return self.pitch / self.layout.tile_px

    @property
    def native_scale_y(self) -> float:
        """Screenshot pixels per console pixel, down."""
        return self.pitch_down / self.layout.tile_px

    def view_rect(self) -> tuple[float, float, float, float]:
        """The scrolling view's rectangle ``(x0, y0, x1, y1)`` in screenshot pixels (the part
        of it in the screenshot, when :attr:`clip` cuts it)."""
        left, up, right, down = self.clip
        s, sy = self.native_scale, self.native_scale_y
        top = self.y + self.layout.bar_top * self.pitch_down + up * sy
        bottom = self.y + (self.layout.tiles_high - self.layout.bar_bottom) * self.pitch_down \
            - down * sy
        return (float(self.x + left * s), float(top), float(self.x + self.width - right * s),
                float(bottom))

    def native(self, image: np.ndarray) -> np.ndarray:
        """The whole picture resampled to the console's own pixels: each sampled at the middle
        of its block of screenshot pixels, so a pixel enlarged by nearest neighbour comes back
        exactly even when the picture's corner is found a pixel off."""
        t = self.layout.tile_px
        size = (self.layout.tiles_wide * t, self.layout.tiles_high * t)
        s, sy = self.native_scale, self.native_scale_y
        m = np.array([[s, 0, self.x + s / 2 - 0.5], [0, sy, self.y + sy / 2 - 0.5]], np.float64)
        return cv2.warpAffine(image, m, size, flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                              borderMode=cv2.BORDER_REPLICATE)

    def native_view(self, image: np.ndarray) -> np.ndarray:
        """The scrolling view alone, in the console's own pixels."""
        t = self.layout.tile_px
        full = self.native(image)
        left, up, right, down = self.clip
        view = full[self.layout.bar_top * t : (self.layout.tiles_high - self.layout.bar_bottom) * t]
        return view[up : view.shape[0] - down, left : view.shape[1] - right]


SCANLINE_AGREE = 0.85  # this share of changing pixels dark-bright-dark in step: scanlines
SCANLINE_SHARE = 0.05  # ... and at least this share of all pixels changing so
SCANLINE_PERIODS = (2, 3)  # scanlines darken every 2nd or every 3rd row of the screenshot


def scanline_period(image: np.ndarray) -> int:
    """Every how many rows of ``image`` one is darkened (an emulator's scanline filter: 2 or
    3, :data:`SCANLINE_PERIODS`; 0: none): :func:`_scanline_pattern`."""
    return _scanline_pattern(image)[0]


def _scanline_pattern(image: np.ndarray) -> tuple[int, int]:
    """The scanlines of ``image``: their period (0: none) and the first darkened row. The
    pixels that differ from the mean of the rows above and below (by more than 4 levels)
    nearly all do it in step, darker on the darkened rows and lighter on the others (each
    beside a darkened one), over a sizeable part of the image. A picture enlarged by whole
    numbers has rows in pairs or threes too, but its changes at tile and pixel edges go
    either way."""
    f = _grey(image)
    if f.shape[0] < 8:
        return 0, 0
    d = f[1:-1] - (f[:-2] + f[2:]) / 2
    count = int((np.abs(d) > 4).sum())
    if count < SCANLINE_SHARE * f.size:
        return 0, 0
    rows = np.arange(1, f.shape[0] - 1)
    darker, lighter = (d < -4).sum(axis=1), (d > 4).sum(axis=1)
    for period in SCANLINE_PERIODS:
        for phase in range(period):
            dark = rows % period == phase
            agree = (int(darker[dark].sum()) + int(lighter[~dark].sum())) / count
            if agree >= SCANLINE_AGREE:
                return period, phase
    return 0, 0


def has_scanlines(image: np.ndarray) -> bool:
    """Whether every 2nd or 3rd row of ``image`` is darkened (:func:`scanline_period`)."""
    return scanline_period(image) != 0


SCANLINE_LIT = 24  # the rows beside a darkened one this bright (grey) say how dark it was made


def without_scanlines(image: np.ndarray) -> np.ndarray:
    """``image`` with scanlines evened out (:func:`scanline_period`; otherwise ``image``
    itself). Every other row darkened: each row averaged with its neighbours (1:2:1), which
    cancels the pattern exactly and moves an edge by no more than a row's share. Every
    third row darkened: each such row brightened back by the median ratio of the rows
    beside it to it (where those are lit and alike), which undoes the filter without the
    blur a 1:1:1 average brings (a console pixel's height at 3x: 152003 --widest all,
    ghosting 0.36 at 2.94x, read 2 boards of 3 as it was and none so averaged). Left so,
    the looks a calibration learned fitted a place four tiles off as well as the right
    one (150000 --widest all, 63% every 3rd row: refused)."""
    period, phase = _scanline_pattern(image)
    if not period:
        return image
    if period == 2:
        kernel = np.array([0.25, 0.5, 0.25], np.float32)
        return cv2.sepFilter2D(image, -1, np.array([1.0], np.float32), kernel,
                               borderType=cv2.BORDER_REPLICATE)
    f = _grey(image)
    dark = np.arange(phase, f.shape[0], period)
    inner = dark[(dark > 0) & (dark < f.shape[0] - 1)]
    above, below, mid = f[inner - 1], f[inner + 1], f[inner]
    lit = (above > SCANLINE_LIT) & (below > SCANLINE_LIT) & (mid > 1) \
        & (np.abs(above - below) < 0.1 * (above + below))
    if not lit.any():
        return image
    ratio = float(np.median((above[lit] + below[lit]) / (2 * mid[lit])))
    out = image.astype(np.float32)
    out[dark] *= min(max(ratio, 1.0), 8.0)
    return np.clip(out + 0.5, 0, 255).astype(np.uint8)


GRID_PERIODS = (2.4, 7.6)  # console pixels (screenshot pixels) a grid or CRT rows may repeat at
GRID_STEP = 0.004  # the periods tried, this far apart
GRID_KEEP = 2  # the strongest periods each way offered (:func:`console_grids`)


@dataclass(frozen=True)
class ConsoleGrid:
    """A pattern repeating at every console pixel one way (an LCD grid's lines, a CRT's
    rows): ``axis`` 1 across (its lines are columns), 0 down; ``period`` in screenshot
    pixels; ``middle``: where a console pixel's middle (the farthest from its lines) is, a
    screenshot coordinate; ``strength``: the pattern's amplitude, grey levels."""

    axis: int
    period: float
    middle: float
    strength: float


WAVES_KEPT = 1024  # profiles up to this long keep their waves (:func:`_waves`: 21 MB each)
WAVES_TABLE = 2048  # the waves of every length up to this are cut from one table (42 MB)


@lru_cache(maxsize=1)
def _wave_table() -> tuple[np.ndarray, np.ndarray]:
    """:func:`_waves_of` for :data:`WAVES_TABLE` samples, once: each wave's first ``n``
    samples are those of a profile of ``n`` samples to the bit (each an exponential of its
    own sample's place), so shorter profiles copy theirs from here (a tenth of the cost)."""
    return _waves_of(WAVES_TABLE)


def _waves_of(n: int) -> tuple[np.ndarray, np.ndarray]:
    """The periods of :data:`GRID_PERIODS` and each period's complex wave over ``n``
    samples (one row a period), read-only."""
    periods = np.arange(GRID_PERIODS[0], GRID_PERIODS[1], GRID_STEP)
    x = np.arange(n, dtype=np.float64)
    waves = np.exp(-2j * np.pi * x[None, :] / periods[:, None])
    periods.flags.writeable = False
    waves.flags.writeable = False
    return periods, waves


def _waves_cut(n: int) -> tuple[np.ndarray, np.ndarray]:
    """:func:`_waves_of` ``n``: copied from :func:`_wave_table` up to :data:`WAVES_TABLE`
    samples (the same numbers: a contiguous copy, so the product with a profile is too)."""
    if n > WAVES_TABLE:
        return _waves_of(n)
    periods, table = _wave_table()
    waves = np.ascontiguousarray(table[:, :n])
    waves.flags.writeable = False
    return periods, waves


@lru_cache(maxsize=2)
def _waves(n: int) -> tuple[np.ndarray, np.ndarray]:
    """The periods of :data:`GRID_PERIODS` and, for a profile of ``n`` samples, each period's
    complex wave over them (one row a period): the same for every profile of that length, so
    worked out once per length (a screenshot's width and height; 1300 rows of complex
    exponentials were a tenth of reading a cut picture, 127018: 36 profiles of 2 lengths),
    for the last two lengths up to :data:`WAVES_KEPT`. Read-only: shared by every caller."""
    return _waves_cut(n)


def _comb(profile: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The periods of :data:`GRID_PERIODS` and, for each, the profile's Fourier coefficient at
    that period (its slow changes taken out first): amplitude ``2|z|/n``."""
    f = profile.astype(np.float32)
    high = f - cv2.blur(f.reshape(1, -1), (9, 1), borderType=cv2.BORDER_REPLICATE).ravel()
    periods, waves = (_waves if len(high) <= WAVES_KEPT else _waves_cut)(len(high))
    coefficients = waves @ high.astype(np.float64)
    return periods.copy(), coefficients


def console_grids(image: np.ndarray, axis: int, keep: int = GRID_KEEP) -> list[ConsoleGrid]:
    """The ``keep`` strongest patterns repeating at a console pixel's size ``axis`` (1:
    columns darker or lighter at a period, as an LCD grid's lines; 0: rows, as those and a
    CRT's rows), strongest first. Each is only a candidate: a tile design repeats at such
    periods too (its features a few console pixels apart), so the caller keeps an evening
    out (:func:`evened`) only when the picture then fits what is known of it."""
    f = _grey(image)
    profile = f.mean(axis=0) if axis == 1 else f.mean(axis=1)
    if len(profile) < 8 * GRID_PERIODS[1]:
        return []
    periods, coefficients = _comb(profile)
    amplitude = 2 * np.abs(coefficients) / len(profile)
    out: list[ConsoleGrid] = []
    for i in np.argsort(-amplitude):
        if not (0 < i < len(periods) - 1) or amplitude[i] < amplitude[i - 1] \
                or amplitude[i] < amplitude[i + 1]:
            continue  # not a peak
        period = float(periods[i])
        if any(abs(period - g.period) < 0.03 * g.period for g in out):
            continue
        out.append(ConsoleGrid(axis, period, _middle(profile, period, coefficients[i]),
                               float(amplitude[i])))
        if len(out) >= keep:
            break
    return out


def _middle(profile: np.ndarray, period: float, coefficient: complex) -> float:
    """Where a console pixel's middle is for a pattern at ``period``: the pattern folded onto
    one period, its lines are where it departs most from its typical level (a narrow dark
    dip or light peak), the middle half a period from them."""
    omega = 2 * np.pi / period
    crest = (-np.angle(coefficient) / omega) % period  # the pattern's lightest place
    phase = (np.arange(len(profile)) - crest) % period
    bins = np.minimum((phase / period * 8).astype(int), 7)
    high = profile - cv2.blur(profile.astype(np.float32).reshape(1, -1), (9, 1),
                              borderType=cv2.BORDER_REPLICATE).ravel()
    folded = np.array([high[bins == b].mean() if (bins == b).any() else 0.0 for b in range(8)])
    typical = float(np.median(folded))
    dark = typical - folded.min() >= folded.max() - typical
    line = crest + period / 2 if dark else crest  # dark lines at the trough, light at the crest
    return float((line + period / 2) % period)


def evened(image: np.ndarray, grids: tuple[ConsoleGrid, ...]) -> np.ndarray:
    """``image`` with each console pixel of the ``grids`` (one a way at most) filled with the
    value at its middle, where an LCD grid's lines or a CRT row's dark edges are farthest:
    the picture as a nearest-neighbour enlargement would show it, without the pattern that
    repeats at every console pixel and hides the tiles' own repeats."""
    h, w = image.shape[:2]
    maps = [np.arange(w, dtype=np.float32), np.arange(h, dtype=np.float32)]
    for grid in grids:
        n = w if grid.axis == 1 else h
        x = np.arange(n, dtype=np.float64)
        centre = grid.middle + grid.period * np.round((x - grid.middle) / grid.period)
        maps[0 if grid.axis == 1 else 1] = np.clip(centre, 0, n - 1).astype(np.float32)
    map_x = np.repeat(maps[0][None, :], h, axis=0)
    map_y = np.repeat(maps[1][:, None], w, axis=1)
    return cv2.remap(image, map_x, map_y, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)


def evenings(image: np.ndarray) -> list[tuple[ConsoleGrid, ...]]:
    """The ways to even ``image`` out worth trying (:func:`evened`), likely first: a grid
    both ways at one period (an LCD grid: the strongest across with the nearest down), then
    rows alone (a CRT), then columns alone."""
    across, down = console_grids(image, 1), console_grids(image, 0)
    out: list[tuple[ConsoleGrid, ...]] = []
    for a in across:
        for d in down:
            if abs(a.period - d.period) <= 0.02 * a.period:
                out.append((a, d))
    out += [(d,) for d in down] + [(a,) for a in across]
    return out


def _grey(image: np.ndarray) -> np.ndarray:
    if image.ndim == 2:
        return image.astype(np.float32)
    return cv2.cvtColor(image, cv2.COLOR_BGR2GRAY).astype(np.float32)


PICTURES_KEPT = 4  # pictures whose worked-out parts are kept (:func:`_worked_out`) ...
PICTURE_BYTES_KEPT = 8 << 20  # ... when their pixels take at most this (a 1080p screenshot)
_PICTURES: BoundedMemo[bytes, dict[Any, Any]] = BoundedMemo(PICTURES_KEPT)
_PICTURES_LOCK = threading.Lock()


def _worked_out(image: np.ndarray) -> dict[Any, Any]:
    """What has been worked out of ``image``'s pixels so far (its structure, its difference
    with itself at each lag, its lines' flatness), kept for the last :data:`PICTURES_KEPT`
    pictures by their digest: each is a function of the pixels alone, and one calibration
    or read asks it of the same screenshot many times over (the pitches across, down and
    cut; each place tried: a cut calibration, 140030, asked the same picture's structure 5
    times, its lags 3164 times for 1335 different ones, its flatness 150 times for 66).
    A larger picture's parts are worked out for the one call only (at most ~100 MB kept)."""
    if image.nbytes > PICTURE_BYTES_KEPT:
        return {}
    key = hashlib.sha1(np.ascontiguousarray(image).data).digest() \
        + repr((image.shape, image.dtype.str)).encode()
    with _PICTURES_LOCK:
        return _PICTURES.remember(key, dict)


def _once(memo: dict[Any, Any], key: Any, make: Callable[[], Any]) -> Any:
    """``memo[key]``, made by ``make`` the first time (arrays made read-only: shared)."""
    value = memo.get(key)
    if value is None:
        value = make()
        for array in (value if isinstance(value, tuple) else (value,)):
            if isinstance(array, np.ndarray):
                array.flags.writeable = False
        memo[key] = value
    return value


def _structure(image: np.ndarray) -> np.ndarray:
    """Where the picture changes (the larger colour step to the next pixel right and down,
    capped): a repeating design repeats here, while flat areas, whatever their colour, say
    nothing (a floor of plain tiles in two colours has no dip at the tile in its colours).
    For 8-bit pixels, worked out in 8 bits with OpenCV (:func:`_structure_8bit`)."""
    if image.dtype == np.uint8 and image.ndim in (2, 3) and image.size:
        return _structure_8bit(image)
    f = image.astype(np.float32)
    if f.ndim == 2:
        f = f[:, :, None]
    gx = np.zeros(f.shape[:2], np.float32)
    gy = np.zeros(f.shape[:2], np.float32)
    gx[:, :-1] = np.abs(f[:, 1:] - f[:, :-1]).max(axis=2)
    gy[:-1] = np.abs(f[1:] - f[:-1]).max(axis=2)
    return np.minimum(gx + gy, 80.0)


def _structure_8bit(image: np.ndarray) -> np.ndarray:
    """:func:`_structure` of 8-bit pixels, the same to the bit at a twentieth of the cost
    (4 ms for 90 on a 946 x 792 screenshot, a tenth of the CPU of the tile rooms' tests): each
    step is a whole number, so the channels' largest step is taken in 8 bits, and the sum of
    the two steps saturating at 255 is capped at 80 all the same."""
    img = image if image.ndim == 3 else image[:, :, None]
    h, w = img.shape[:2]

    def largest(diff: np.ndarray) -> np.ndarray:
        channels = cv2.split(diff) if diff.ndim == 3 else [diff]
        out = channels[0]
        for channel in channels[1:]:
            out = cv2.max(out, channel)
        return out.reshape(diff.shape[:2])

    gx = np.zeros((h, w), np.uint8)
    gy = np.zeros((h, w), np.uint8)
    if w > 1:
        gx[:, :-1] = largest(cv2.absdiff(img[:, 1:], img[:, :-1]))
    if h > 1:
        gy[:-1] = largest(cv2.absdiff(img[1:], img[:-1]))
    return np.minimum(cv2.add(gx, gy), np.uint8(80)).astype(np.float32)


def _mad(grey: np.ndarray, lag: int, axis: int) -> float:
    """Mean absolute difference between the picture and itself shifted ``lag`` pixels (the
    differences by OpenCV's ``absdiff``: the same numbers as numpy's, at half the cost)."""
    if axis == 1:
        if lag >= grey.shape[1]:
            return float("inf")
        return float(np.mean(cv2.absdiff(grey[:, lag:], grey[:, :-lag])))
    if lag >= grey.shape[0]:
        return float("inf")
    return float(np.mean(cv2.absdiff(grey[lag:], grey[:-lag])))


def _lagged(grey: np.ndarray, lags: np.ndarray, axes: tuple[int, ...],
            kept: dict[Any, Any] | None = None) -> np.ndarray:
    """:func:`_mad` at each of ``lags``, averaged over ``axes``; with ``kept``, each lag's
    figure kept there (by lag and axis) and taken from there when asked again."""

    def mad(lag: int, axis: int) -> float:
        if kept is None:
            return _mad(grey, lag, axis)
        value = kept.get((lag, axis))
        if value is None:
            value = kept[(lag, axis)] = _mad(grey, lag, axis)
        return value

    return np.array([sum(mad(int(d), a) for a in axes) / len(axes) for d in lags])


def pitch_candidates(image: np.ndarray, layout: ScreenLayout, *, min_scale: float = 1.5,
                     keep: int = 4, axis: int | None = None, near: float = 0.0,
                     cut: float = 0.0) -> list[float]:
    """Tile pitches (screenshot pixels) the picture repeats at, most likely first: the dips
    of the picture's difference with itself, placed to a fraction of a pixel, no larger than
    the screenshot allows for a whole picture, no smaller than ``min_scale`` console pixels.

    ``axis``: the repeats across (1) or down (0) alone, for a picture whose pixels are not
    square (``None``: both together); ``near``: only pitches within :data:`ASPECT_REACH`
    times of it (the pitch the other way); ``cut``: the picture may be this many tiles
    larger than the screenshot each way (cut by its edge: :func:`find_cut_screens`)."""
    h, w = image.shape[:2]
    largest = min(w / max(1.0, layout.tiles_wide - cut),
                  h / max(1.0, layout.tiles_high - cut)) if axis is None else \
        (w / max(1.0, layout.tiles_wide - cut) if axis == 1
         else h / max(1.0, layout.tiles_high - cut))
    smallest = min_scale * layout.tile_px / 2  # half a tile: a design repeating inside it
    if near:
        largest = min(largest, near * ASPECT_REACH)
        smallest = max(smallest, near / ASPECT_REACH)
    if largest < smallest:
        return []
    factor = min(1.0, WORK_WIDTH / w)
    memo = _worked_out(image)
    grey = _once(memo, ("structure", 1.0), lambda: _structure(image))
    picture, kind = image, "structure"
    if _every_third_row(grey):  # the same for every call on these pixels: one memo
        picture, kind = _once(memo, "rows evened", lambda: _rows_evened(image)), "evened"
        grey = _once(memo, (kind, 1.0), lambda: _structure(picture))
    small = _once(memo, (kind, factor), lambda: _structure(cv2.resize(
        picture, None, fx=factor, fy=factor, interpolation=cv2.INTER_AREA)
        if factor < 1 else picture))
    small_lags, lags_kept = memo.setdefault(("lags", factor), {}), memo.setdefault("lags", {})
    # A picture filling the whole image has the largest pitch: its dip needs lags past it.
    lo, hi = max(2, int(smallest * factor) - 1), int(largest * (1 + SETTLE_REACH) * factor) + 3
    if near:  # the dip's depth is judged against a third of its lag either side
        lo, hi = max(2, int(lo * 0.75)), int(hi * 1.34) + 1
    lags = np.arange(lo, hi + 1)
    axes = (1, 0) if axis is None else (axis,)
    both = _lagged(small, lags, axes, small_lags if factor < 1 else lags_kept)
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
    combs = _once(memo, "combs", lambda: _CombsOf(image.copy()))
    for i in dips:
        refined = _refine_pitch(grey, lags[i] / factor, largest, axis, lags_kept)
        if refined is None or refined < smallest or refined > largest * (1 + SETTLE_REACH):
            continue
        refined = _by_console_pixels(combs, refined, layout.tile_px, axis) or refined
        if all(abs(refined - f) > 0.03 * f for f in found):
            found.append(refined)
        if len(found) >= keep:
            break
    return found


#: Where the picture changes is this much less on one row in three than on the two others
#: (alike): the steps into and out of a row every third one darkened (scanlines), left
#: after :func:`without_scanlines` brightened it back.
ROW_PATTERN = 0.4


def _every_third_row(structure: np.ndarray) -> bool:
    """Whether ``structure`` (:func:`_structure`) is, row by row, far lower on one row in
    three than on the two others, alike (:data:`ROW_PATTERN`): a screenshot's scanlines
    every third row, brightened back by one ratio (:func:`without_scanlines`), still step
    against the rows beside them pixel by pixel (the ratio is each pixel's to a few levels,
    and its JPEG noise is the darkened row's, made larger). A picture enlarged three times
    changes on one row in three (its console pixels' edges), the other way round. 173003
    ``--widest all`` (4.37x lightblur, colour correction -0.81: faint repeats; scanlines
    0.30 every 3rd row): rows of each phase changing 13.8, 37.6, 37.9, the picture's
    difference with itself down dipped at every 3rd lag, over the tiles' own repeat (69.9):
    the repeat's dip was placed at 66.0, the end of its reach, and the true picture never
    offered (calibration refused); pictures without scanlines differ by at most 0.19."""
    rows = structure.mean(axis=1)
    n = len(rows) // 3 * 3
    if n < 30:
        return False
    low, middle, high = np.sort(rows[:n].reshape(-1, 3).mean(axis=0))
    return bool(middle > 0 and middle - low >= ROW_PATTERN * middle
                and high - middle < ROW_PATTERN * middle)


def _rows_evened(image: np.ndarray) -> np.ndarray:
    """``image`` averaged over each three rows (a pattern every third row cancels exactly,
    any repeat of the picture's stays where it is): for the pitch search only."""
    return cv2.sepFilter2D(image, -1, np.array([1.0], np.float32),
                           np.full(3, 1 / 3, np.float32), borderType=cv2.BORDER_REPLICATE)


ASPECT_REACH = 1.75  # a pixel stretched at most this many times more one way than the other
#: A console pixel's pattern (:func:`console_grids`) says the pitch when it repeats within
#: this share of the pitch's console pixel ...
PIXEL_REACH = 0.01
#: ... this many times more strongly than the typical period of :data:`GRID_PERIODS`.
PIXEL_CLEAR = 8.0


class _CombsOf:
    """An image's :func:`_comb` across (1) and down (0), worked out when first asked."""

    def __init__(self, image: np.ndarray) -> None:
        self.image = image
        self.done: dict[int, tuple[np.ndarray, np.ndarray]] = {}

    def __call__(self, axis: int) -> tuple[np.ndarray, np.ndarray]:
        """The periods tried and each one's amplitude, ``axis`` 1 across, 0 down."""
        if axis not in self.done:
            f = _grey(self.image)
            profile = f.mean(axis=0) if axis == 1 else f.mean(axis=1)
            periods, coefficients = _comb(profile)
            self.done[axis] = (periods, 2 * np.abs(coefficients) / max(1, len(profile)))
        return self.done[axis]


def _by_console_pixels(combs: _CombsOf, pitch: float, tile_px: int,
                       axis: int | None) -> float | None:
    """The tile pitch the console pixels' own pattern says near ``pitch`` (``None``: no
    clear pattern there): an LCD grid's lines, a CRT's rows, an edge-directed filter's
    steps repeat at every console pixel, over the whole picture, and :func:`_comb` places
    that period to a few thousandths of a pixel, where the tiles' repeats at one tile's lag
    say the pitch to a few tenths of a percent, too little for a picture whose edges do not
    show (129008 of the one-screenshot acceptance: 5.21x under an LCD grid, filling the
    screenshot, the repeats saying 83.06 for 83.35; over ten tiles three pixels, later
    screenshots refused). Across, down (``axis``) or, for both (``None``), each way that
    shows one, averaged."""
    says = []
    for way in ((1, 0) if axis is None else (axis,)):
        periods, amplitude = combs(way)
        if combs.image.shape[way] < 8 * GRID_PERIODS[1]:
            continue
        near = np.flatnonzero(np.abs(periods * tile_px - pitch) <= PIXEL_REACH * pitch)
        if len(near) == 0:
            continue
        i = int(near[np.argmax(amplitude[near])])
        if i in (near[0], near[-1]) \
                or amplitude[i] < PIXEL_CLEAR * float(np.median(amplitude)):
            continue  # not a peak inside the reach, or not clearly above the rest
        a, b, c = amplitude[i - 1], amplitude[i], amplitude[i + 1]
        shift = 0.5 * (a - c) / (a - 2 * b + c) if a - 2 * b + c < 0 else 0.0
        says.append((float(periods[i]) + shift * GRID_STEP) * tile_px)
    return float(np.mean(says)) if says else None


def _refine_pitch(grey: np.ndarray, guess: float, largest: float,
                  axis: int | None = None, kept: dict[Any, Any] | None = None) -> float | None:
    """The pitch near ``guess`` to a fraction of a pixel: the dip at ``k`` tiles (as many as
    fit, up to 4), placed by a parabola through its lowest three lags, divided by ``k``
    (``axis``: the repeats one way only); then the dip at :data:`FAR_TILES` tiles when they
    span under half the screenshot (:func:`_far_pitch`). ``kept``: as :func:`_lagged`'s."""
    k = max(1, min(4, int(largest * 3 // max(guess, 1e-6)) // 3))
    k = max(k, 1)
    near = _dip(grey, guess, k, (1, 0) if axis is None else (axis,), kept=kept)
    if near is None or k >= FAR_TILES:
        return near
    return _far_pitch(grey, near, axis, kept) or near


FAR_TILES = 3  # a pitch is placed again by the picture's repeat at this many tiles
FAR_AGREE = 0.015  # ... kept when it is within this share of the pitch placed at one


def _far_pitch(grey: np.ndarray, pitch: float, axis: int | None,
               kept: dict[Any, Any] | None = None) -> float | None:
    """``pitch`` placed again by the dip at :data:`FAR_TILES` tiles, when they span under
    half the screenshot (``None``: they do not, the dip is not inside its reach, or it is not
    within :data:`FAR_AGREE` of ``pitch``). A lag is a whole number of pixels and the
    parabola through three of them places a dip to a few tenths of one: divided by one tile,
    a nearest-neighbour picture's pitch came out a percent off (127012 of the one-screenshot
    acceptance: 2.02x, 32.05 for 32.38, the picture, cut 1.6 console pixels by the
    screenshot's edge, then taken whole and its later screenshots refused), divided by
    three, a third of that."""
    axes = (1, 0) if axis is None else (axis,)
    if FAR_TILES * pitch > 0.5 * min(grey.shape[a] for a in axes):
        return None
    far = _dip(grey, pitch, FAR_TILES, axes, inside=True, kept=kept)
    if far is None or abs(far - pitch) > FAR_AGREE * pitch:
        return None
    return far


def _dip(grey: np.ndarray, guess: float, k: int, axes: tuple[int, ...],
         inside: bool = False, kept: dict[Any, Any] | None = None) -> float | None:
    """The pitch by the picture's difference with itself around ``k`` times ``guess``: its
    lowest lag within 4% placed by a parabola through it and its neighbours, divided by
    ``k`` (``None``: no finite difference; with ``inside``, also when the lowest lag is at
    the reach's end, a dip of something else; ``kept``: as :func:`_lagged`'s)."""
    centre = guess * k
    reach = max(2, int(np.ceil(0.04 * centre)))
    lags = np.arange(max(2, round(centre) - reach), round(centre) + reach + 1)
    values = _lagged(grey, lags, axes, kept)
    if not np.isfinite(values).any():
        return None
    i = int(np.argmin(values))
    if 0 < i < len(lags) - 1 and np.isfinite(values[i - 1]) and np.isfinite(values[i + 1]):
        a, b, c = values[i - 1], values[i], values[i + 1]
        denom = a - 2 * b + c
        shift = 0.5 * (a - c) / denom if denom > 1e-9 else 0.0
    elif inside:
        return None
    else:
        shift = 0.0
    return float((lags[i] + shift) / k)


def _edges(image: np.ndarray, axis: int, span: tuple[int, int] | None = None,
           memo: dict[Any, Any] | None = None) -> np.ndarray:
    """:func:`_edges_of`, each picture's worked out once a way and span (read-only; ``memo``:
    the picture's :func:`_worked_out`, when the caller has it)."""
    key = ("edges", axis, None if span is None else (int(span[0]), int(span[1])))
    return _once(_worked_out(image) if memo is None else memo, key,
                 lambda: _edges_of(image, axis, span))


def _edges_of(image: np.ndarray, axis: int, span: tuple[int, int] | None = None
              ) -> np.ndarray:
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
    if diff.ndim == 3:  # the largest change of the channels (cv2: many times numpy's speed)
        channels = cv2.split(diff)
        diff = channels[0]
        for channel in channels[1:]:
            diff = cv2.max(diff, channel)
    diff = np.minimum(diff, np.uint8(EDGE_CAP))
    along = 0 if axis == 1 else 1
    profile = cv2.reduce(diff, along, cv2.REDUCE_AVG, dtype=cv2.CV_32F).reshape(-1) / EDGE_CAP
    return np.concatenate([[BORDER], profile, [BORDER]])


def _best_pair(profile: np.ndarray, size: float, extra: tuple[float, ...] = (),
               flat: tuple[np.ndarray, np.ndarray] | None = None, reach: int | None = None
               ) -> float | None:
    """The start ``k`` maximising the edges at ``k`` and near ``k + size`` (the strongest
    within :data:`SETTLE_REACH` of it: the size is known from the picture's repeats, to a
    pixel or two) and at ``k + e`` for each ``e`` of ``extra`` (the line under a status bar:
    the bar and the room differ), boundaries interpolated for a fractional ``size``; with
    ``flat`` (:func:`_flatness`), the two outer edges weighed by how flat their outside is;
    ``reach`` (pixels) instead of :data:`SETTLE_REACH` when the size is known better."""
    n = len(profile) - 1  # boundaries 0..n
    starts_at, ends_at = (profile, profile) if flat is None else \
        (profile * flat[0], profile * flat[1])
    if size > n + 0.5:
        return None
    starts = np.arange(0, max(1, int(np.floor(n - size)) + 1))
    if len(starts) == 0:
        starts = np.array([0])
    grid = np.arange(len(profile), dtype=np.float64)
    if reach is None:
        reach = max(1, int(np.ceil(SETTLE_REACH * size)))
    far = cv2.dilate(ends_at.astype(np.float32).reshape(1, -1),
                     np.ones((1, 2 * reach + 1), np.uint8)).reshape(-1).astype(np.float64)

    def at(offset: float, values: np.ndarray = profile) -> np.ndarray:
        return np.interp(starts + offset, grid, values, left=0.0, right=BORDER)

    score = at(0.0, starts_at) + at(size, far)
    for e in extra:
        score = score + at(e)
    return float(starts[int(np.argmax(score))])


def find_screen(image: np.ndarray, layout: ScreenLayout, pitch: float) -> Screen | None:
    """The picture of ``layout`` at tile ``pitch`` in ``image`` (``None`` if it does not fit):
    the first of :func:`find_screens`."""
    found = find_screens(image, layout, pitch, keep=1)
    return found[0] if found else None


def find_screens(image: np.ndarray, layout: ScreenLayout, pitch: float, keep: int = 2,
                 exact: bool = False, pitch_y: float = 0.0, framed: bool = True
                 ) -> list[Screen]:
    """The picture of ``layout`` at about tile ``pitch`` in ``image``, its size then settled
    by its edges (:func:`_settle`): a pitch found by the picture's repeats is a little off
    when the scale is not a whole number, and over ten tiles a little is a pixel. Up to
    ``keep`` settled starts and sizes each way (a window's margin and a picture's border
    may both look like its edge), most likely first; the caller keeps the one whose tiles
    fit. ``exact``: ``pitch`` is known to a fraction of a pixel (the one a pack was
    calibrated at: the window not resized since), so the size is settled within a pixel
    of it. Empty when the picture does not fit in ``image``. ``pitch_y``: the pitch down,
    when the console's pixels are shown taller or wider than square (0: ``pitch``).
    ``framed``: a window's thin border round the screenshot (:func:`_window_frame`) is
    looked for and its inside settled first."""
    memo = _worked_out(image)  # its edges and flatness, kept
    h, w = image.shape[:2]
    frame = _once(memo, "frame", lambda: _window_frame(image)) if framed else (0, 0, 0, 0)
    if any(frame):
        # Settled inside the window's thin border (:func:`_window_frame`), then as if there
        # were none, but never on the border: the picture's place there is a hair off its
        # own, and its looks fit the same (a percent of cost either way: 168003's frames
        # ranked the border first, the sprites over its tiles then excused less).
        left, top, right, bottom = frame
        inner = find_screens(image[top : h - bottom, left : w - right], layout, pitch, keep,
                             exact, pitch_y, framed=False)
        inside = [replace(s, x=s.x + left, y=s.y + top) for s in inner]
        return inside + [s for s in find_screens(image, layout, pitch, keep, exact, pitch_y,
                                                 framed=False)
                         if not _on_frame(s, frame, w, h)
                         and all((s.x, s.y, s.pitch, s.pitch_y)
                                 != (o.x, o.y, o.pitch, o.pitch_y) for o in inside)]
    near = 1 if exact else None
    aspect = pitch_y / pitch if pitch_y else 1.0
    width, height = layout.tiles_wide * pitch, layout.tiles_high * pitch * aspect
    # The repeats' pitch may be a little large for a picture filling the whole image.
    if width > w * (1 + SETTLE_REACH) + 1.5 or height > h * (1 + SETTLE_REACH) + 1.5:
        return []
    past = width > w + 1  # the picture at ``pitch`` overruns the screenshot across
    width, height = min(width, float(w)), min(height, float(h))
    x = _best_pair(_edges(image, 1, memo=memo), width, flat=_flatness(image, 1, memo=memo),
                   reach=near)
    if x is None:
        return []
    columns = (int(max(0, x)), int(min(w, x + width)))
    bars = tuple(e / layout.tiles_high for e in (layout.bar_top,
                                                 layout.tiles_high - layout.bar_bottom)
                 if 0 < e < layout.tiles_high)
    y = _best_pair(_edges(image, 0, columns, memo=memo), height,
                   tuple(b * height for b in bars),
                   flat=_flatness(image, 0, columns, memo=memo), reach=near)
    if y is None:
        return []
    rows = (int(max(0, y)), int(min(h, y + height)))
    across = _edges(image, 1, rows, memo=memo)
    flat_across = _flatness(image, 1, rows, memo=memo)
    x = _best_pair(across, width, flat=flat_across, reach=near)
    if x is None:
        return []
    settled = _settle(across, x, width, flat=flat_across, keep=keep, reach_size=near,
                      strict=exact)
    xs = _or_repeats(settled, x, width, w)
    out = []
    unseen: list[Screen] = []  # placed down at the known pitch where no pair of edges settles
    for rank_x, (sx, sw) in enumerate(xs):
        columns = (int(max(0, sx)), int(min(w, sx + sw)))
        down = _edges(image, 0, columns, memo=memo)
        # A settled width says the height to a pixel: the console's pixels are square
        # (stretched, the pitch down is known to a fraction of a pixel only).
        # Down, whole pixels either side of that height (never ``strict``): it comes of
        # a width settled to a whole pixel, and the calibration may have settled its own
        # height a pixel off, where its looks were learned. 162009 (4.02x blur, ghosting
        # 16%): learned 580 high (579 shown); read 579 high, a frame was placed a console
        # pixel up (9 cells ``?``) where at 580 it fits twice as well.
        tall = sw * aspect * layout.tiles_high / layout.tiles_wide if settled else height
        ys = _or_repeats(_settle(down, y, tall, bars,
                                 flat=_flatness(image, 0, columns, memo=memo), keep=keep,
                                 reach_size=1 if settled and not pitch_y else None),
                         y, tall, h)
        if exact and pitch_y and all(abs(sy - y) > 1 for sy, _ in ys):
            unseen.append(_overshot(Screen(sx, y, sw / layout.tiles_wide, layout,
                                           tall / layout.tiles_high), w, h))
        out += [(rank_x + rank_y, _overshot(Screen(sx, sy, sw / layout.tiles_wide, layout,
                                                   sh / layout.tiles_high), w, h), rank_x)
                for rank_y, (sy, sh) in enumerate(ys)]
    out.sort(key=lambda item: item[0])
    offered = [screen for _, screen, _ in out][: max(1, keep * keep)]
    # The repeats' own width, offered after places settled each side at the screenshot's
    # border, is offered at every height it settles: ranked last across, its second height
    # fell past the cut. 163017 (4.13x EPX, JPEG 40, a 2-pixel window border each side):
    # the border (half an edge) outscored the picture's own edges each way, the repeats'
    # width 661.15 was offered 597 high (to the border) only, never 595 (the truth).
    repeats = len(xs) - 1 if settled and len(xs) > len(settled) else -1
    offered += [screen for _, screen, rank_x in out[max(1, keep * keep):] if rank_x == repeats]
    offered += unseen[:1]
    offered += [screen for screen in _filling(w, h, layout, pitch, exact)
                if all(abs(screen.pitch - o.pitch) > 0.001 * o.pitch or screen.x != o.x
                       or screen.y != o.y for o in offered)]
    if not past:
        return offered
    # A picture at ``pitch`` past the screenshot's size, placed above as filling it (its
    # pitch shrunk to the screenshot's), is as likely cut by its edge a little: the pitch
    # measured, cut at one side (or two) by under a tile (:func:`find_cut_screens`),
    # offered after. 175506 --widest all (5.24x, cut 1.6 console pixels at the left and
    # 4.3 at the bottom, 838 wide in 830): the repeats' pitch 83.78 was offered only 830
    # wide (pitch 82.9, 1% small); its looks, learned so, refused a frame (7% off).
    # Only cut across (a side the measured width overruns), at the measured pitch: a picture
    # past the screenshot down is placed whole, its rows past the border left out
    # (:func:`_overshot`).
    t = layout.tile_px
    return offered + [screen for screen in find_cut_screens(image, layout, pitch, pitch_y, keep)
                      if max(screen.clip) < t and (screen.clip[0] or screen.clip[2])
                      and abs(screen.pitch - pitch) <= 0.001 * pitch][: max(1, keep * keep)]


FRAME_MOST = 4  # the widest window border (pixels) :func:`_window_frame` takes for one
FRAME_TOLERANCE = 16  # levels (the largest channel's) a border's pixel may be off its colour
FRAME_SHARE = 0.9  # of a line's pixels within FRAME_TOLERANCE of the border's colour
FRAME_SIDES = 2  # the sides a border lines at least (one: a console row of the picture's own)


def _window_frame(image: np.ndarray) -> tuple[int, int, int, int]:
    """The pixels (left, top, right, bottom) of a window's thin border round the screenshot:
    1 to :data:`FRAME_MOST` lines at a side all of one colour (:data:`FRAME_SHARE` of each
    line's pixels within :data:`FRAME_TOLERANCE` of it), the same colour at every side that
    has them (at least :data:`FRAME_SIDES`: a picture's status bar may start with a console
    row of one colour, 3 pixels at 3x), the next line in not of it; 0 where a side has none. Such a line is not
    picture, but its step to the picture outscores the screenshot's own edge (which counts
    half): 168003 ``--widest all`` (5.49x heavyblur, a 2-pixel grey border each side, 882 x
    794 for the picture's 878 x 790) was settled on the border, the scale 0.5% too large,
    and frame 1's bottom row of cells read ``?``."""
    img = image if image.ndim == 3 else image[:, :, None]
    h, w = img.shape[:2]
    if h <= 4 * FRAME_MOST or w <= 4 * FRAME_MOST:
        return (0, 0, 0, 0)
    sides = (img[:, :FRAME_MOST + 1].transpose(1, 0, 2), img[: FRAME_MOST + 1],
             img[:, w - FRAME_MOST - 1 :][:, ::-1].transpose(1, 0, 2),
             img[h - FRAME_MOST - 1 :][::-1])  # each: line 0 the screenshot's edge, inwards

    def of_colour(line: np.ndarray, colour: np.ndarray) -> bool:
        pixels = line.astype(np.float32)
        # Or brightened by a ratio (:func:`without_scanlines` lifts every third row, the
        # border's too): 168003's grey border is white there.
        ratio = np.maximum(pixels.mean(axis=-1, keepdims=True) / max(float(colour.mean()), 1.0),
                           1.0)
        off = np.abs(pixels - np.minimum(colour * ratio, 255.0)).max(axis=-1)
        return bool(np.mean(off <= FRAME_TOLERANCE) >= FRAME_SHARE)

    def widths(colour: np.ndarray) -> list[int]:
        out = []
        for lines in sides:
            k = 0
            while k <= FRAME_MOST and of_colour(lines[k], colour):
                k += 1
            out.append(k if k <= FRAME_MOST else 0)
        return out

    # The border's colour: the outer line's of the side that frames the most sides.
    found = max((widths(np.median(lines[0].astype(np.float32), axis=0)) for lines in sides),
                key=lambda ws: sum(k > 0 for k in ws))
    if sum(k > 0 for k in found) < FRAME_SIDES:
        return (0, 0, 0, 0)
    return (found[0], found[1], found[2], found[3])


def _on_frame(screen: Screen, frame: tuple[int, int, int, int], w: int, h: int) -> bool:
    """Whether ``screen`` (in a ``w`` x ``h`` screenshot) reaches into the window's border
    ``frame`` (:func:`_window_frame`) at a side that has one: settled on the border."""
    x0, y0 = screen.x, screen.y
    x1, y1 = x0 + screen.width, y0 + screen.height
    left, top, right, bottom = frame
    return (left > 0 and x0 < left - 0.5) or (top > 0 and y0 < top - 0.5) \
        or (right > 0 and x1 > w - right + 0.5) or (bottom > 0 and y1 > h - bottom + 0.5)


FILL_CUT = 2.0  # console pixels a picture filling the screenshot one way may be cut the other


def _filling(w: int, h: int, layout: ScreenLayout, pitch: float, exact: bool) -> list[Screen]:
    """A picture (square console pixels) filling a ``w`` x ``h`` screenshot one way at about
    ``pitch`` (within a pixel when ``exact``, else :data:`SETTLE_REACH`) and cut the other
    by under :data:`FILL_CUT` console pixels: at the pitch the filled side says, cut at
    either end. A picture filling the screenshot both ways is at least as large as it each
    way, but the edges settle each side at the screenshot's border: 163000 --wider case 0
    (3.44x, cut 0.79 console pixels on the left, 550 x 495 in a 547 x 495 screenshot, the
    repeats' pitch 55.007) was only offered 547 wide, pitch 54.7, its height 492; the pack
    learned at that pitch placed one frame as a deep cut view (27 cells ``?``) and refused
    another. Offered after every screen settled by its edges."""
    out = []
    for axis in (0, 1):  # 0: filling the height, cut across; 1: filling the width
        filled, other = (h, w) if axis == 0 else (w, h)
        n_filled, n_other = ((layout.tiles_high, layout.tiles_wide) if axis == 0
                             else (layout.tiles_wide, layout.tiles_high))
        reach = 1.0 if exact else SETTLE_REACH * filled
        if abs(n_filled * pitch - filled) > reach:
            continue
        p = filled / n_filled
        over = n_other * p - other
        if not 0.5 < over < FILL_CUT * p / layout.tile_px:
            continue
        for start in (0.0, -over):
            x, y = (start, 0.0) if axis == 0 else (0.0, start)
            out.append(_overshot(Screen(x, y, p, layout, p), w, h))
    return out


#: A whole picture settled past the screenshot's border by this many console pixels or more
#: (less the twentieth :func:`_clip` allows) is taken as cut there.
OVERSHOT = 1.0


def _overshot(screen: Screen, w: int, h: int) -> Screen:
    """``screen`` with the console pixels of its view past a ``w`` x ``h`` screenshot left
    out (:attr:`Screen.clip`) when it runs past the border by a console pixel or more. A
    picture settled at the size its width says may run past a screenshot that cuts it
    (125006 of the one-screenshot acceptance: 2.6 console pixels cut off the bottom, the
    picture settled whole 8 pixels taller than the screenshot): read so, the tiles cut
    were read from what is left of them, a confident read of a cell not in view. Less than
    a console pixel over is the size's own uncertainty, and such a cell is in view."""
    clip = _clip(screen, w, h, OVERSHOT - 0.05)
    return replace(screen, clip=clip) if any(clip) else screen


def _or_repeats(settled: list[tuple[float, float]], start: float, size: float, length: int
                ) -> list[tuple[float, float]]:
    """The places :func:`_settle` settled along one axis (start, size), or the repeats' own
    when none was; and the repeats' own after them when every place settled runs to the
    screenshot's border (which counts as an edge) while the repeats' size ends inside it: a
    picture whose edge blurs into the window's margin (a smoothed, stretched picture under
    JPEG, its bottom wall dark on a dark margin) is otherwise only offered stretched to the
    border, over a pitch wrong by a percent (on 99613, 65.4 pixels down for 64.6: no place
    fitted)."""
    if not settled:
        return [(start, size)]
    end = start + size
    if not all(_on_border(a, b, length) for a, b in settled):
        return settled
    if start >= 1 and end <= length - 1 \
            and all(abs(a - start) > 1 or abs(a + b - end) > 1 for a, b in settled):
        return settled + [(start, size)]
    # The repeats' own place on the border too (the border outweighed the picture's top
    # over a window margin alike): the repeats' size from each settled place's edge off the
    # border. 133007 (4.45x by 7.12x, scanlines, the picture 8 rows under the top and 8 over
    # the bottom, its bottom wall dark on a dark margin): settled at 8-1041 and 0-1041, the
    # repeats' 1025 rows placed at 0; the pitch down learned 0.8% large put the camera a
    # pixel low and one frame in three was refused.
    more = [(a, size) if a >= 1 else (a + b - size, size) for a, b in settled]
    more = [(a, b) for a, b in more if a >= 1 and a + b <= length - 1
            and all(abs(a - c) > 1 or abs(a + b - c - d) > 1 for c, d in settled)]
    return settled + more[:1]


MAX_CUT = 3.0  # a picture cut by the screenshot's edge keeps at least this many tiles fewer
CUT_EDGE = 0.25  # what the screenshot's own border counts for as a cut picture's edge
CUT_MIN_EDGE = 0.2  # a cut picture's one edge inside must change at least this much
#: What the screenshot's own border counts for as a cut picture's one edge "inside" (the
#: picture filling the screenshot one way and cut off the other side): less than any edge
#: seen; such a place is offered after every one whose edge shows, whatever their number.
BORDER_CUT = 0.5 * CUT_MIN_EDGE


def find_cut_screens(image: np.ndarray, layout: ScreenLayout, pitch: float,
                     pitch_y: float = 0.0, keep: int = 2) -> list[Screen]:
    """The picture of ``layout`` at tile ``pitch`` (``pitch_y`` down, 0: the same) cut by
    the screenshot's edge on one side across, one side down, or both (a window partly off
    the captured area, a cropped screenshot): each way, the picture either fits (its two
    edges settled as :func:`find_screens` settles them) or one edge is inside the screenshot
    and the other up to :data:`MAX_CUT` tiles past its border, placed by the pitch. Only
    pictures cut at least one way, most likely first (those placed from the screenshot's
    border, no edge of theirs showing one way, after all others), each with its
    :attr:`Screen.clip` (the console pixels of its view not in the screenshot). The size of
    a cut side is known only as well as the pitch: the caller keeps the screen whose tiles
    fit the room."""
    memo = _worked_out(image)  # its edges and flatness, kept
    h, w = image.shape[:2]
    pitch_down = pitch_y or pitch
    width, height = layout.tiles_wide * pitch, layout.tiles_high * pitch_down
    bars = tuple(e / layout.tiles_high for e in (layout.bar_top,
                                                 layout.tiles_high - layout.bar_bottom)
                 if 0 < e < layout.tiles_high)
    out: list[tuple[float, Screen, frozenset[str]]] = []
    # Placed from the border: offered after the others.
    last: list[tuple[float, Screen, frozenset[str]]] = []
    # Whole one way past the screenshot: after those.
    past: list[tuple[float, Screen, frozenset[str]]] = []
    # Whole down where its repeats put it (its edges settling nowhere): after those placed
    # from the border, whatever their scores (:func:`_whole_by_repeats`).
    repeated_down: list[tuple[float, Screen, frozenset[str]]] = []
    t = layout.tile_px
    across_edges = _edges(image, 1, memo=memo)
    xs = _axis_places(across_edges, _flatness(image, 1, memo=memo), width, (),
                      MAX_CUT * pitch, keep)
    if all(x_cut for _, _, x_cut, _ in xs):
        xs += _across_in_rows(image, width, height, bars, (pitch, pitch_down), keep, xs)
    by_repeats: list[tuple[float, float, bool, float]] = []
    if all(x_cut for _, _, x_cut, _ in xs):
        by_repeats = _whole_by_repeats(across_edges, _flatness(image, 1, memo=memo), width)
        xs += by_repeats
    for x_score, x0, x_cut, x_size in xs:
        columns = (int(max(0, x0)), int(min(w, x0 + width)))
        down_edges = _edges(image, 0, columns, memo=memo)
        flat_down = _flatness(image, 0, columns, memo=memo)
        inner = tuple(b * height for b in bars)
        ys = _axis_places(down_edges, flat_down, height, inner, MAX_CUT * pitch_down, keep)
        # Down as across: whole where the repeats put it when its edges settle nowhere.
        y_repeats = _whole_by_repeats(down_edges, flat_down, height, inner) \
            if all(y_cut for _, _, y_cut, _ in ys) else []
        ys += y_repeats
        for y_score, y0, y_cut, y_size in ys:
            if not (x_cut or y_cut):
                continue
            x_border, y_border = _on_border(x0, width, w), _on_border(y0, height, h)
            across, down = _settled_pitches(layout, pitch, pitch_y,
                                            None if x_cut else x_size,
                                            None if y_cut else y_size)
            x = _cut_start(x0, x_cut, x_border, width, layout.tiles_wide * across,
                           across_edges, across / t)
            y = _cut_start(y0, y_cut, y_border, height, layout.tiles_high * (down or across),
                           down_edges, (down or across) / t)
            screen = Screen(x, y, across, layout, down)
            clip = _clip(screen, w, h)
            wide, high = layout.view_tiles
            if wide * t - clip[0] - clip[2] < 2 * t or high * t - clip[1] - clip[3] < 2 * t:
                continue
            if (x_score, x0, x_cut, x_size) in by_repeats and clip[1] + clip[3] >= t:
                continue  # whole across by its repeats alone: cut under a tile down only
            if (y_score, y0, y_cut, y_size) in y_repeats and clip[0] + clip[2] >= t:
                continue  # whole down by its repeats alone: cut under a tile across only
            screen = Screen(x, y, across, layout, down, clip)
            # Whole one way only at a size past the screenshot's (the repeats' a little
            # large): offered after all the others, never in their place (a picture cut
            # by a few pixels is as often taken for one filling the screenshot).
            widened = (not x_cut and width > w + 1) or (not y_cut and height > h + 1)
            sides = frozenset(
                name for name, placed in (("left", x_cut and x0 == 0.0),
                                          ("right", x_cut and x_border and x0 != 0.0),
                                          ("top", y_cut and y0 == 0.0),
                                          ("bottom", y_cut and y_border and y0 != 0.0))
                if placed)
            repeated = (y_score, y0, y_cut, y_size) in y_repeats
            (past if widened else repeated_down if repeated else last if x_border or y_border
             else out).append((x_score + y_score, screen, sides))
    k = max(1, keep * keep)
    return _with_every_side(out, k) + _with_every_side(last, k) \
        + _with_every_side(repeated_down, k) + _with_every_side(past, k)


def _whole_by_repeats(profile: np.ndarray, flat: tuple[np.ndarray, np.ndarray], size: float,
                      inner: tuple[float, ...] = ()) -> list[tuple[float, float, bool, float]]:
    """The place along one axis (as :func:`_axis_places` gives them) of a picture of
    ``size`` that fits the screenshot whole, where its repeats put it, when its two edges
    settle nowhere (:func:`_settle`: a window's margin JPEG and a gamma leave far from
    flat), as :func:`find_screens` offers it (:func:`_or_repeats`): 150000 --widest all
    frame 1 (cubic 3.5x, cut 3.9 console pixels at the bottom, 5-pixel margins either
    side) was offered no place across, so no picture cut at the bottom; placed whole in
    the rows above it, the view missed a console row and was refused. :func:`find_cut_screens`
    pairs it only with places down cut by under a tile: cut deeper, such a picture is the
    whole one a tile or more off, its mapping the same over fewer cells (149020 --wider
    frame 0, whole and its edges unsettled under an LCD grid, ghosting and JPEG 42: read
    cut 47 console pixels at the bottom, 27 cells ``?``)."""
    n = len(profile) - 1
    if size > n * (1 + SETTLE_REACH) + 1:
        return []
    whole = min(size, float(n))
    start = _best_pair(profile, whole, inner, flat=flat, reach=1)
    if start is None:
        return []
    before, after = flat
    left, right = int(start), min(n, int(round(start + whole)))
    return [(float(profile[left] * before[left] + profile[right] * after[right]), float(start),
             False, whole)]


def _with_every_side(places: list[tuple[float, Screen, frozenset[str]]], k: int
                     ) -> list[Screen]:
    """The ``k`` best-scored of ``places`` (score, screen, the screenshot's borders it was
    placed from), then the best of those placed from each border none of them was placed
    from. A picture filling the screenshot one way, no edge of it showing, is placed from
    either border that way alike, and the border whose place shows an inner line (a tile
    boundary taken for the status bar's) outscores the other with every place across:
    127018 of the one-screenshot acceptance (cut 27 console pixels at the top, the status
    bar and part of the top row gone, its bottom on the screenshot's) was offered only
    pictures starting at the top border or at a tile boundary, calibration kept one that
    took the top row for the status bar, and Link's tile, on that row, was never learned."""
    ranked = sorted(places, key=lambda item: -item[0])
    chosen = ranked[:k]
    covered = set().union(*(sides for _, _, sides in chosen))
    for item in ranked[k:]:
        if item[2] - covered:
            chosen.append(item)
            covered |= item[2]
    return [screen for _, screen, _ in chosen]


def _across_in_rows(image: np.ndarray, width: float, height: float, bars: tuple[float, ...],
                    pitches: tuple[float, float], keep: int,
                    known: list[tuple[float, float, bool, float]]
                    ) -> list[tuple[float, float, bool, float]]:
    """Places across (as :func:`_axis_places` gives them) with the edges and their flatness
    taken over the rows of the places found down (over every column), those not within a
    pixel of ``known``. Over the whole screenshot's height, a picture's edge beside a black
    bar is weighed by the bar's columns, which cross a window's title bar and look as busy
    as a dim first column of the picture (126012 of the one-screenshot acceptance: 5.49x,
    pillar-boxed under a title bar, cut 12.6 console pixels at the bottom; no place across
    was offered and every screenshot was refused). Tried when no place across fits whole."""
    memo = _worked_out(image)  # its edges and flatness, kept
    h = image.shape[0]
    across, down = pitches
    ys = _axis_places(_edges(image, 0, memo=memo), _flatness(image, 0, memo=memo), height,
                      tuple(b * height for b in bars), MAX_CUT * down, keep)
    out: list[tuple[float, float, bool, float]] = []
    for _, y0, _, _ in ys[:keep]:
        rows = (int(max(0, y0)), int(min(h, y0 + height)))
        if rows[1] - rows[0] < 2 * down:
            continue
        for place in _axis_places(_edges(image, 1, rows, memo=memo),
                                  _flatness(image, 1, rows, memo=memo), width, (),
                                  MAX_CUT * across, keep):
            if all(abs(place[1] - other[1]) > 1 for other in known + out):
                out.append(place)
    return out


def _settled_pitches(layout: ScreenLayout, pitch: float, pitch_y: float,
                     width: float | None, height: float | None) -> tuple[float, float]:
    """A cut picture's pitch across and down (0: the same), from the size settled by its
    two edges on the way it fits whole (``width`` or ``height``; ``None``: cut that way):
    settled to a pixel over the whole picture, it says the pitch to a twentieth of a
    percent, where the picture's repeats say it to a few tenths (121006: 95.97 for 95.8,
    the picture then 1.5 pixels taller than the screenshot it fills, its bottom row of
    tiles cut). The console's pixels are square unless ``pitch_y`` says otherwise, so a
    size settled one way says the pitch the other way too."""
    across = width / layout.tiles_wide if width is not None else None
    down = height / layout.tiles_high if height is not None else None
    if pitch_y:  # stretched: each way its own
        return across or pitch, down or pitch_y
    if across is not None and down is not None:
        return across, down
    one = across or down
    return (one, 0.0) if one is not None else (pitch, 0.0)


PHASE_CLEAR = 3.0  # the console pixels' repeat this many times those nearby: a phase


def _console_phase(profile: np.ndarray, period: float) -> float | None:
    """Where the console pixels' boundaries fall along one axis (a screenshot coordinate
    modulo ``period``, the console pixel's size) by the edges' Fourier coefficient at that
    period (:func:`_edges`' profile: index ``k`` the boundary before pixel ``k``, which is
    a :class:`Screen`'s ``x`` convention); ``None`` when that repeat is not clearly above
    those at periods nearby (a picture smoothed so much that its pixels do not show)."""
    values = profile - profile.mean()
    k = np.arange(len(values), dtype=np.float64)
    periods = period * np.array([1.0, 0.83, 0.87, 0.91, 0.95, 1.05, 1.09, 1.13, 1.17])
    z = np.exp(-2j * np.pi * k[None, :] / periods[:, None]) @ values
    if abs(z[0]) < PHASE_CLEAR * float(np.median(np.abs(z[1:]))):
        return None
    return float((-np.angle(z[0]) / (2 * np.pi) * period) % period)


def _cut_start(start: float, cut: bool, border: bool, size: float, settled: float,
               profile: np.ndarray, period: float) -> float:
    """A cut picture's start along one axis at its settled size (:func:`_settled_pitches`):
    a picture whose start is cut off keeps its end where it was found; one placed from the
    screenshot's border (no edge of it showing that way, so its place is known only to a
    console pixel or so) is moved to the nearest place where its console pixels fall on
    the screenshot's own (:func:`_console_phase`), so the pixels are sampled in their
    middles whichever side the picture was taken to be cut on."""
    if not cut:
        return start
    if start < 0:
        start += size - settled
    if border:
        phase = _console_phase(profile, period)
        if phase is not None:
            off = (phase - start) % period
            start += off - period if off > period / 2 else off
    return start


def moved(screen: Screen, dx: int, dy: int, w: int, h: int) -> Screen | None:
    """``screen`` moved by whole console pixels (``dx`` across, ``dy`` down), its
    :attr:`Screen.clip` that of a ``w`` x ``h`` screenshot; ``None`` when under two tiles of
    its view each way would be left in it. Moved so, every console pixel still falls on the
    same screenshot pixels: a view read there maps the screenshot to the room as before,
    over a different part of it."""
    s, sy = screen.native_scale, screen.native_scale_y
    out = Screen(screen.x + dx * s, screen.y + dy * sy, screen.pitch, screen.layout,
                 screen.pitch_y)
    clip = _clip(out, w, h)
    t = screen.layout.tile_px
    wide, high = screen.layout.view_tiles
    if wide * t - clip[0] - clip[2] < 2 * t or high * t - clip[1] - clip[3] < 2 * t:
        return None
    return Screen(out.x, out.y, out.pitch, out.layout, out.pitch_y, clip)


def _on_border(start: float, size: float, length: int) -> bool:
    """Whether a cut picture's place was taken from the screenshot's border (its edge
    "inside" is the border itself: :func:`_axis_places`)."""
    return start == 0.0 or abs(start + size - length) < 1e-6


def _clip(screen: Screen, w: int, h: int, slack: float = 0.5) -> tuple[int, int, int, int]:
    """The console pixels of ``screen``'s view outside a ``w`` x ``h`` screenshot (a pixel
    with more than ``slack`` of it outside counts as outside), each side. By default a pixel
    whose middle is in the screenshot counts as shown: it is sampled there
    (:meth:`Screen.native`). At a twentieth, a picture ending 0.2 screenshot pixels past the
    border lost its last console row, and a row of cells in view read ``?`` (127018 of
    the one-screenshot acceptance, every screenshot)."""
    layout = screen.layout
    t = layout.tile_px
    s, sy = screen.native_scale, screen.native_scale_y
    native_w, native_h = layout.tiles_wide * t, layout.tiles_high * t
    left = max(0, int(np.ceil(-screen.x / s - slack)))
    right = max(0, native_w - int(np.floor((w - screen.x) / s + slack)))
    top = max(0, int(np.ceil(-screen.y / sy - slack)) - layout.bar_top * t)
    bottom = max(0, native_h - int(np.floor((h - screen.y) / sy + slack))
                 - layout.bar_bottom * t)
    return left, top, right, bottom


def _axis_places(profile: np.ndarray, flat: tuple[np.ndarray, np.ndarray], size: float,
                 inner: tuple[float, ...], max_cut: float, keep: int
                 ) -> list[tuple[float, float, bool, float]]:
    """A picture of ``size`` along one axis: ``(score, start, cut, size)`` for the ``keep``
    best places where it fits whole (its two edges, :func:`_settle`'s pairs, at the size
    given within a pixel: ``size`` the settled one) and the ``keep`` best where one edge is inside and the other past the
    screenshot's border by no more than ``max_cut`` (scored by the edge inside, weighed by
    the flatness outside it, plus :data:`CUT_EDGE`, plus the lines ``inner`` that fall
    inside), best first; then the places where the edge "inside" is the screenshot's own
    border (the picture filling the screenshot that way: :data:`BORDER_CUT`), always."""
    n = len(profile) - 1
    before, after = flat
    out: list[tuple[float, float, bool, float]] = []

    def inner_score(start: float) -> float:
        total = 0.0
        for e in inner:
            at = start + e
            if 1 <= at <= n - 1:
                total += float(max(profile[int(np.floor(at))], profile[int(np.ceil(at))]))
        return total

    # The repeats' size may be a little large for a picture filling the screenshot whole.
    if size <= n * (1 + SETTLE_REACH) + 1:
        whole = min(size, float(n))
        start = _best_pair(profile, whole, inner, flat=flat, reach=1)
        if start is not None:
            for left, length in _settle(profile, start, whole, inner, flat=flat, keep=keep,
                                        reach_size=1):
                right = int(round(left + length))
                score = float(profile[int(left)] * before[int(left)]
                              + profile[right] * after[right]) + inner_score(left)
                out.append((score, left, False, length))
    ends: list[tuple[float, float, bool, float]] = []  # the end inside, the start cut off
    starts: list[tuple[float, float, bool, float]] = []  # the start inside, the end cut off
    # Offered whatever the other places' scores:
    border: list[tuple[float, float, bool, float]] = []
    def spread(at: int) -> float:
        """The change across boundary ``at`` and the two beside it, at most a full edge: a
        smoothed picture's edge is spread over rows (136030 frame 2: 3.57x blurred, its
        pale wall over a grey margin changed 0.18, 0.17 and 0.13 across three rows, each
        under :data:`CUT_MIN_EDGE`, and no place ending there was offered). It lets such
        an edge in; the place is scored by its own row (scored spread, the tile
        boundaries of a smoothed picture outscored 137000's bottom edge again)."""
        return min(1.0, float(profile[max(0, at - 1) : at + 2].sum()))

    # The end inside, the start cut off.
    for end in range(max(1, int(np.ceil(size - max_cut))), min(n, int(np.floor(size))) + 1):
        if end == n:  # the picture ending on the border: no edge to see
            border.append((BORDER_CUT + CUT_EDGE + inner_score(end - size), end - size, True,
                           size))
            continue
        edge = float(profile[end] * after[end])
        if max(edge, spread(end) * after[end]) >= CUT_MIN_EDGE:
            ends.append((edge + CUT_EDGE + inner_score(end - size), end - size, True, size))
    # The start inside, the end cut off.
    for start_px in range(max(0, int(np.ceil(n - size))),
                          min(n - 1, int(np.floor(n - size + max_cut))) + 1):
        if start_px == 0:  # the picture starting on the border
            border.append((BORDER_CUT + CUT_EDGE + inner_score(0.0), 0.0, True, size))
            continue
        edge = float(profile[start_px] * before[start_px])
        if max(edge, spread(start_px) * before[start_px]) >= CUT_MIN_EDGE:
            starts.append((edge + CUT_EDGE + inner_score(start_px), float(start_px), True,
                           size))
    # The best of each way cut, apart: a tile boundary under a flat line of the tiles'
    # own (their dark rims) looks like a picture's top edge, and the status bar's line a
    # tile below it is another tile boundary, so such places outscore the picture's true
    # bottom edge above a window's margin (137000 case 0: cut 33 console pixels at the
    # top, two tile boundaries kept, the picture's bottom edge third and left out; the
    # frame refused, "disagreeing with the room on 17%"). Three starts: a bright title bar
    # over a cut picture gives two tile boundaries under it (156000 case 0: 2.9x Lanczos
    # under a 37-pixel bar, cut 4.1 console pixels at the bottom; starts 160 and 137
    # outscored the picture's own top at 42, 1.545 against 1.56, and the read settled on a
    # tile boundary 0.8 console pixels off: 36 cells `?`). The place is only offered: the
    # caller still keeps the one whose tiles fit the room.
    out.sort(key=lambda item: -item[0])
    return sorted(out[:keep] + _apart(ends, keep) + _apart(starts, keep + 1),
                  key=lambda item: -item[0]) + border


def _apart(places: list[tuple[float, float, bool, float]], keep: int
           ) -> list[tuple[float, float, bool, float]]:
    """The ``keep`` best-scored of ``places`` (:func:`_axis_places`' cut ones), each more
    than a pixel from those before it: a smoothed edge scores nearly as well a pixel on,
    and the two filled both places kept (150000 --widest all frame 0: cubic 3.5x, cut 3.9
    console pixels at the bottom under a title bar; the title bar's lower edge kept at rows
    21 and 22, the picture's own top at 34 left out, and the frame refused)."""
    out: list[tuple[float, float, bool, float]] = []
    for place in sorted(places, key=lambda item: -item[0]):
        if len(out) == keep:
            break
        if all(abs(place[1] - other[1]) > 1 for other in out):
            out.append(place)
    return out


SETTLE_REACH = 0.02  # the picture's size is settled within this share of the size found
SETTLE_EDGE = 0.12  # each edge must change at least this much (of EDGE_CAP), on average
SETTLE_NEAR = 0.3  # what a size a whole reach away from the repeats' costs against edges
SETTLE_OVER = 3.0  # ... and this many times the typical change between columns (or rows)


FLAT_DEVIATION = 10.0  # a line varying less than this along an edge (mean levels) is flat
BORDER_SETTLE = 0.5  # how much of an edge the image's own border counts for when settling


def _flatness(image: np.ndarray, axis: int, span: tuple[int, int] | None = None,
              memo: dict[Any, Any] | None = None) -> tuple[np.ndarray, np.ndarray]:
    """:func:`_flatness_of`, each picture's worked out once a way and span (read-only; as
    :func:`_edges`)."""
    key = ("flatness", axis, None if span is None else (int(span[0]), int(span[1])))
    return _once(_worked_out(image) if memo is None else memo, key,
                 lambda: _flatness_of(image, axis, span))


def _flatness_of(image: np.ndarray, axis: int, span: tuple[int, int] | None = None
                 ) -> tuple[np.ndarray, np.ndarray]:
    """For each column (``axis`` 1) or row (0) boundary, as in :func:`_edges`: how flat the
    line just outside it is against the line just inside, were the picture to start there
    (``before``: the line before the boundary is outside) or to end there (``after``).
    1: flat, as a window's margin is; 0: as busy, as a picture is. Each line's busyness is
    the mean absolute deviation of its grey levels from their median (over ``span``
    across); outside over inside, since a JPEG's ringing beside a picture echoes it
    faintly. The image's own borders count as flat."""
    grey = _grey(image)
    if axis == 1:
        grey = (grey if span is None else grey[span[0] : span[1]]).T
    elif span is not None:
        grey = grey[:, span[0] : span[1]]
    n = grey.shape[0]
    if grey.shape[1] == 0:
        return np.ones(n + 1), np.ones(n + 1)
    middle = (_line_medians_8bit(grey) if image.dtype == np.uint8
              else np.median(grey, axis=1, keepdims=True))
    busy = np.abs(grey - middle).mean(axis=1)

    def flat(outside: np.ndarray, inside: np.ndarray) -> np.ndarray:
        ratio = outside / np.maximum(inside, FLAT_DEVIATION)
        return np.clip(1.5 - 2.5 * ratio, 0.0, 1.0)

    before = np.ones(n + 1)
    after = np.ones(n + 1)
    before[1:n] = flat(busy[:-1], busy[1:])
    after[1:n] = flat(busy[1:], busy[:-1])
    return before, after


def _line_medians_8bit(grey: np.ndarray) -> np.ndarray:
    """``np.median(grey, axis=1, keepdims=True)`` of grey levels that are whole numbers 0 to
    255 (an 8-bit picture's), the same float32s to the bit at a third of the cost: each line's
    levels counted (one ``bincount`` for all lines, read in memory order), its middle one or
    two found in the running counts, and an even line's two added and halved in float32 (exact
    for whole numbers, as NumPy's mean of the two)."""
    n, m = grey.shape
    if grey.flags.f_contiguous and not grey.flags.c_contiguous:  # the lines are columns
        levels = grey.T.astype(np.intp)
        levels += np.arange(n, dtype=np.intp)[None, :] * 256
    else:
        levels = grey.astype(np.intp)
        levels += np.arange(n, dtype=np.intp)[:, None] * 256
    running = np.bincount(levels.ravel(), minlength=n * 256).reshape(n, 256).cumsum(axis=1)
    low = np.count_nonzero(running <= (m - 1) // 2, axis=1)
    high = np.count_nonzero(running <= m // 2, axis=1)
    return ((low + high).astype(np.float32) / np.float32(2))[:, None]


def _settle(profile: np.ndarray, start: float, size: float, inner: tuple[float, ...] = (),
            flat: tuple[np.ndarray, np.ndarray] | None = None, keep: int = 1,
            reach_size: int | None = None, strict: bool = False
            ) -> list[tuple[float, float]]:
    """The picture's start and size along one axis, settled by its two edges: the whole
    pixel boundaries within :data:`SETTLE_REACH` of ``start`` and ``start + size`` with the
    strongest change across both (and across the lines at the shares ``inner`` of the size:
    the line under a status bar), each edge weighed by how flat the pixels outside it are
    (``flat``: :func:`_flatness`'s pair; a strong line inside the picture has picture
    outside it, a window's margin is flat); sizes within ``reach_size`` of ``size`` only,
    when given (the other axis settled says the size to a pixel). The ``keep`` best pairs
    (start, size), best first, leaving out a pair whose weaker edge is too weak to say (the
    picture's border blends into the window): empty, the size found by the repeats stands.
    ``strict``: sizes within ``reach_size`` pixels of ``size`` itself, not of its whole
    pixels either side (the pack's exact pitch: 163017, 661.15 pixels wide, was settled
    663 wide at the screenshot's border, 1.85 pixels off, over the picture's own edges 2
    pixels in from a window border; every frame read 7 cells ``?``)."""
    n = len(profile) - 1
    profile = profile.copy()
    profile[[0, n]] = BORDER_SETTLE  # a picture reaching the image's border may end there
    reach = max(2, int(np.ceil(SETTLE_REACH * size)))
    lefts = np.arange(max(0, int(np.floor(start)) - reach),
                      min(n, int(np.ceil(start)) + reach) + 1)
    size_reach = reach if reach_size is None else reach_size
    sizes = np.arange(int(np.floor(size)) - size_reach, int(np.ceil(size)) + size_reach + 1)
    if strict:
        sizes = sizes[np.abs(sizes - size) <= size_reach]
    if not len(lefts) or not len(sizes):
        return []
    rights = lefts[:, None] + sizes[None, :]
    valid = rights <= n
    left_edge = profile[lefts][:, None]
    right_edge = np.where(valid, profile[np.minimum(rights, n)], 0.0)
    if flat is not None:
        before, after = flat
        left_edge = left_edge * before[lefts][:, None]
        right_edge = right_edge * after[np.minimum(rights, n)]
    score = left_edge + right_edge
    for share in inner:  # a line inside falls on the boundary before or after its place
        place = lefts[:, None] + share * sizes[None, :]
        below = profile[np.clip(np.floor(place).astype(int), 0, n)]
        above = profile[np.clip(np.ceil(place).astype(int), 0, n)]
        score = score + np.maximum(below, above)
    # Of edges alike, the size nearest the one the repeats say.
    score = score - SETTLE_NEAR * np.abs(sizes[None, :] - size) / reach
    score = np.where(valid, score, -np.inf)
    typical = float(np.median(profile))
    out: list[tuple[float, float]] = []
    for flat_index in np.argsort(-score, axis=None):
        i, j = np.unravel_index(int(flat_index), score.shape)
        if not np.isfinite(score[i, j]) or len(out) >= keep:
            break
        weakest = min(float(left_edge[i, 0]), float(right_edge[i, j]))
        if weakest < SETTLE_EDGE or weakest < SETTLE_OVER * typical:
            continue
        left, right = float(lefts[i]), float(lefts[i] + sizes[j])
        if all(abs(left - a) > 1 or abs(right - a - b) > 1 for a, b in out):
            out.append((left, right - left))
    return out


__all__ = ["ConsoleGrid", "Screen", "ScreenLayout", "console_grids", "evened", "evenings",
           "find_cut_screens", "find_screen", "find_screens", "has_scanlines", "scanline_period",
           "pitch_candidates", "without_scanlines"]
