"""A row of equal panels on a ground of another colour, and the picture each panel holds.

Game screens put information on panels ("cards") standing in a row on the screen's ground.
Such a panel may differ from the ground by colour alone, and by very little: lighter or
darker, or of another hue at the same brightness, a few levels of 255 apart. This module finds
the row with no idea of the panels' colour, number (up to a few), size or position, by what
makes them a row of panels:

- **two colours.** Smoothed (so noise and JPEG blocks average out) and in Lab, the area's
  colours gather around a few modes (:func:`_modes`, mean shift). Each ordered pair of the
  main modes is tried as (ground, panel); every pixel is labelled panel, ground or neither
  (ink, a bar: far from both), by the nearer of the two within a tolerance that grows with
  their distance. A low contrast costs nothing here: only the two colours' own spread matters.
- **a row of equal boxes.** Over the rows holding panel pixels nearest the area's bottom, the
  columns' balance of panel against ground pixels is fitted with 1 to ``max_panels`` intervals
  of one width, one gap apart (every count, width, gap and offset scored at once with
  cumulative sums), which holds even when a panel's inside is mostly pictures and text. The
  rows are then fitted the same way over the panels' columns (one top, one bottom for all).
- **checked edges.** A panel's sides and bottom are its colour just inside and the ground just
  outside; a row touching both ends of the area is a bar, not panels. Whether the panels'
  top edge is open (under something of a third colour, a bar) and whether their bottom
  corners are rounded is measured and reported, not required.
- **cut by the picture's edge.** A screenshot cropped close cuts the outer panels: they run
  into the picture's side, and a row of two or three then touches both ends. When no row is
  found otherwise and the area reaches the picture's side, the row is fitted again with the
  panels let run past it (the columns beyond count for neither colour): a row of two or more,
  ground between them, is panels, not a bar, and each cut panel (at least :data:`MIN_SHOWN`
  of it in the picture) carries its whole box, part of it off the picture.

The best-scoring pair of colours wins. :func:`picture_box` then finds the largest compact
picture inside a panel (a sprite, as opposed to lines of text or a row of small boxes).

>>> screen = np.full((160, 240, 3), (40, 80, 35), np.uint8)  # a dark green ground
>>> for x in (20, 90, 160):  # three cards a few levels lighter, a sprite on each
...     screen[30:130, x : x + 60] = (48, 86, 44); screen[45:70, x + 20 : x + 40] = (0, 0, 230)
>>> row = panel_row(screen, (0, 0, 240, 160), min_width=30, min_height=30)
>>> [p.box for p in row.panels]
[(20, 30, 60, 100), (90, 30, 60, 100), (160, 30, 60, 100)]
>>> 2.5 < row.contrast < 4.5  # (Lab distance 3.3 as drawn)
True
>>> picture_box(screen, row.panels[0])
(40, 45, 20, 25)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import cv2
import numpy as np
from numpy.lib.stride_tricks import as_strided

from gridsight.vision.colour_norms import squares
from gridsight.vision.modes import densest
from gridsight.vision.runs import true_runs

WORK_SIDE = 48.0  # the area is searched at a scale where the smallest panel is this big
CHROMA_WEIGHT = 0.6  # colour distances count hue and saturation this much against lightness
MAX_MODES = 3  # pairs of the main colours tried as (ground, panel)
MODE_RADIUS = 1.5  # Lab radius of the mean shift finding the area's main colours
SPREAD_CAP = 2.0  # the ground's scatter a panel's colour is sought beyond, at most (Lab)
MIN_SUPPORT = 0.02  # a colour holding less than this share of the area is not tried
LABEL_SLACK = 2.5  # a pixel is of a colour within half their distance plus this (Lab)
ROW_SHARE = 0.03  # rows with less than this share of panel pixels are not the panels'
NEITHER = 0.1  # weight against a panel of a column's pixels of neither colour
GAP_INSIDE = 0.6  # a column inside a panel this much of the ground's colour: two panels
GAP_BETWEEN = 0.4  # a gap between panels shows at least this much of the ground's colour
GAP_DIP = 0.7  # ... or, narrow and blurred, lies below this of the way to the panels' colour
GAP_DOWN = 0.9  # ... in at least this share of the panels' rows
SPECK_ROWS = 5  # ... a break of fewer rows than this down such a column bridged (:func:`_dips`)
EDGE_FILL = 0.6  # a panel's sides and bottom: this share of the strip inside is its colour
BAR_ROW = 0.3  # weight against the panels' rows of their columns' pixels of neither colour
INK = 48.0  # colour distance from the panel's colour that marks ink
THIN_ROW = 0.12  # a row with this share of a typical ink row's pixels or fewer parts bands
PICTURE_MAX = 0.6  # ... when the picture found otherwise is taller than this share of the panel
FOOT_SLACK = 2  # rows a line may start below the row given for it (blur, a scaled screen)
LINE_WIDE = 2.0  # ... a band this many times as wide as tall there is a line (big letters, joined)
MIN_PICTURE = 0.1  # a picture is at least this share of its panel's height
PICTURE_RIM = 2  # working columns at the picture's sides no panel's end is judged by
JOINED_THIN = 0.35  # a row with at most this share of a band's median ink parts two lines
LIKE_LINES = 1.6  # ... of heights within this factor (a name and its YOU HAVE line)
MIN_SHOWN = 0.5  # a panel cut by the picture's edge shows at least this share of its width
GAP_TIMES = 2  # panels of a row stand less than this many times their width apart
UPRIGHT = 0.5  # ink running down this share of a panel's height is an edge, not its picture
UPRIGHT_THIN = 0.06  # ... in columns this share of its width at most
FULLER_SLACK = 0.1  # a fuller row's panels stand where the best's do within this of their width


@dataclass(frozen=True)
class Panel:
    """A panel: ``box`` = (x, y, width, height) in picture pixels, ``color`` its colour
    (BGR, the median of its own pixels). ``whole``: when the picture's edge cuts the panel,
    its whole box (as wide as the row's other panels; part of it off the picture), and
    ``box`` the part in the picture; else ``None``."""

    box: tuple[int, int, int, int]
    color: tuple[float, float, float]
    whole: tuple[int, int, int, int] | None = None

    @property
    def cut(self) -> bool:
        """Whether the picture's edge cuts the panel."""
        return self.whole is not None


@dataclass(frozen=True)
class PanelRow:
    """A row of equal panels, left to right, on ``ground`` (BGR).

    ``contrast`` is the Lab distance between the panels' colour and the ground's,
    ``confidence`` 0..1 how clearly the panels' edges show (the worst panel's),
    ``covered_top`` whether their top edge runs under something of a third colour (a bar),
    ``rounded`` the share of their bottom corners that are cut round."""

    panels: tuple[Panel, ...]
    ground: tuple[float, float, float]
    contrast: float
    confidence: float
    covered_top: bool
    rounded: float


Box = tuple[int, int, int, int]


def panel_row(image: np.ndarray, area: Box, *, min_width: float, min_height: float,
              max_panels: int = 3, min_contrast: float = 2.0,
              ground: tuple[Box, ...] = ()) -> PanelRow | None:
    """The row of 1 to ``max_panels`` equal panels in ``area`` = (x, y, width, height) of
    ``image`` (BGR) nearest the area's bottom, each at least ``min_width`` x ``min_height``
    pixels and differing from the ground by at least ``min_contrast`` (Lab); ``None`` when
    there is none. ``ground``: boxes of the picture known to show the ground (what stands
    beside the panels' row may be only a few pixels wide); without them the ground is sought
    among the area's main colours."""
    h, w = image.shape[:2]
    x0, y0 = max(0, int(area[0])), max(0, int(area[1]))
    x1, y1 = min(w, int(area[0] + area[2])), min(h, int(area[1] + area[3]))
    if x1 - x0 < min_width or y1 - y0 < min_height:
        return None
    factor = min(2.0, WORK_SIDE / max(1.0, min(min_width, min_height)))
    lab = _working(image[y0:y1, x0:x1], factor)
    seen = [_working(_cut(image, box), factor) for box in ground]
    samples = [g.reshape(-1, 3) for g in seen if g.size]
    if samples:
        pooled = np.concatenate(samples)
        grounds = [_dominant(pooled)]
        # The ground's own scatter (noise, JPEG, a gradient) makes modes of it a little
        # apart: a panel's colour is sought beyond most of it (else those modes crowd out a
        # panel's, the fifth mode on a noisy small screen).
        spread = float(np.quantile(np.linalg.norm(pooled - grounds[0], axis=1), 0.75))
        panels_of = _modes(lab, max_modes=MAX_MODES + 3, away=grounds[0],
                           distance=max(min_contrast, min(spread, SPREAD_CAP)))
    else:
        grounds = _modes(lab)
        panels_of = grounds
    # The picture's sides the area reaches: panels may run past them (a close crop).
    past = lab.shape[1] // 2
    open_sides = (past if area[0] <= 0 else 0, past if area[0] + area[2] >= w else 0)
    best = None
    to_panels: dict[int, np.ndarray] = {}  # each panel colour's distances, made once
    for pads in ((0, 0), open_sides) if any(open_sides) else ((0, 0),):
        fits = []
        for g in grounds:
            for j, p in enumerate(panels_of):
                if float(np.linalg.norm(g - p)) < min_contrast:
                    continue
                if j not in to_panels:
                    to_panels[j] = _distances(lab, p)
                fit = _fit(lab, g, p, min_width * factor, min_height * factor, max_panels,
                           pads, to_panels[j])
                if fit is not None:
                    fits.append(fit)
        best = _chosen(fits)
        if best is not None:
            break
    if best is None:
        return None

    def picture(bx: int, by: int, bw: int, bh: int) -> Box:
        return (x0 + round(bx / factor), y0 + round(by / factor), round(bw / factor),
                round(bh / factor))

    panels = []
    for seen_box, whole in zip(best.boxes, best.wholes):
        box = picture(*seen_box)
        panels.append(Panel(box, _median_colour(image, box, _bgr(best.panel)),
                            picture(*whole) if whole != seen_box else None))
    return PanelRow(tuple(panels), _bgr(best.ground), best.contrast, best.confidence,
                    best.covered_top, best.rounded)


def _chosen(fits: list[_Fit]) -> _Fit | None:
    """The best-scoring fit, unless another pair of colours splits the same stretch into
    more panels: a narrow gap between two panels takes a blend of the ground's and the
    panels' colour, and a mode of that blend, taken for the panels' colour, sees one panel
    across the gap (screen 200299, two cards at 1.3x). Each fit passed its own checks, a
    gap of the ground's colour between its panels among them."""
    if not fits:
        return None
    best = max(fits, key=lambda f: f.score)

    def extent(fit: _Fit) -> tuple[int, int, int, int]:
        first, last = fit.boxes[0], fit.boxes[-1]
        return first[0], first[1], last[0] + last[2], first[1] + first[3]

    outer = extent(best)
    slack = max(2.0, 0.04 * (outer[2] - outer[0]))
    split = [f for f in fits if len(f.boxes) > len(best.boxes)
             and all(abs(a - b) <= slack for a, b in zip(extent(f), outer))]
    return max(split, key=lambda f: (len(f.boxes), f.score)) if split else best


def _cut(image: np.ndarray, box: Box) -> np.ndarray:
    """The part of ``box`` inside the picture (empty when none is)."""
    h, w = image.shape[:2]
    x, y, bw, bh = box
    xa, ya, xb, yb = max(0, x), max(0, y), min(w, x + bw), min(h, y + bh)
    return image[ya:yb, xa:xb] if xb > xa and yb > ya else image[:0, :0]


def _working(picture: np.ndarray, factor: float) -> np.ndarray:
    """A picture at the working scale, lightly smoothed (noise and JPEG blocks), in Lab."""
    if min(picture.shape[:2]) * factor < 1.0:
        return np.zeros((0, 0, 3), np.float32)
    small = cv2.resize(picture, None, fx=factor, fy=factor,
                       interpolation=cv2.INTER_AREA if factor < 1.0 else cv2.INTER_LINEAR)
    # Shrinking averaged the noise already: less blur keeps a narrow gap between panels.
    return _lab(cv2.GaussianBlur(small, (0, 0), 1.0 if factor > 0.5 else 0.6))


# -- the two colours --------------------------------------------------------------------------


def _lab(bgr: np.ndarray) -> np.ndarray:
    """Lab of a BGR picture, its chroma (a*, b*) weighed by :data:`CHROMA_WEIGHT`: JPEG keeps
    a picture's lightness to the pixel but its colour only in blocks, and a narrow gap
    between two panels of nearly the ground's colour may take the panels' hue."""
    lab = cv2.cvtColor(bgr.astype(np.float32) / 255.0, cv2.COLOR_BGR2Lab)
    lab[..., 1:] *= CHROMA_WEIGHT
    return lab


def _bgr(lab: np.ndarray) -> tuple[float, float, float]:
    """The BGR colour of a colour of :func:`_lab`."""
    plain = np.asarray(lab, np.float32).reshape(1, 1, 3).copy()
    plain[..., 1:] /= CHROMA_WEIGHT
    bgr = cv2.cvtColor(plain, cv2.COLOR_Lab2BGR)[0, 0]
    return tuple(float(v) for v in np.clip(bgr * 255.0, 0, 255))  # type: ignore[return-value]


def _dominant(pixels: np.ndarray, radius: float = 4.0) -> np.ndarray:
    """The most common colour of Lab ``pixels`` (:func:`gridsight.vision.modes.densest`)."""
    return densest(pixels, radius, steps=6).astype(np.float32)


def _modes(lab: np.ndarray, max_modes: int = MAX_MODES, away: np.ndarray | None = None,
           distance: float = 0.0) -> list[np.ndarray]:
    """The main colours of a Lab picture, most common first (those at least ``distance``
    from ``away`` only): a flat-kernel mean shift from the fullest bins of a coarse
    histogram, each mode kept when it holds at least :data:`MIN_SUPPORT` of the pixels.

    The seeds' neighbourhoods are found among the sample's distinct colours (a third of its
    pixels) and only for the seeds still moving (a seed that did not move keeps its
    neighbourhood, so it stays); a neighbourhood decided within :data:`_TIE` of the radius
    is taken from the plain formula instead (:func:`_MeanShift.near`). The result is the
    plain mean shift's to the bit (the same sums, the same rounding); on a desktop's search
    a quarter of its CPU (the plain one ran multithreaded BLAS products over every pixel
    and seed, 10 times)."""
    pixels = lab.reshape(-1, 3)
    sample = pixels[:: max(1, len(pixels) // 5000)].astype(np.float32)
    if away is not None:
        sample = sample[np.linalg.norm(sample - away, axis=1) >= distance]
    if len(sample) == 0:
        return []
    # (bins of the radius: two colours a little over it apart, a low-contrast panel on its
    # ground, may share a coarser bin, and each bin gives one seed)
    first, counts = _bins(np.floor(sample / MODE_RADIUS).astype(np.int32))
    shift = _MeanShift(sample)
    seeds = sample[first[np.argsort(-counts)][:48]]
    # The first step from the float32 seeds by the plain formula (its rounding is float32's).
    inside = shift.near(seeds)
    seeds = shift.step(seeds, inside)
    moving = np.arange(len(seeds))
    for _ in range(9):
        found = shift.near_distinct(seeds[moving])
        if found is None:  # (a tie: every row anew by the plain formula, and every step)
            inside = shift.near(seeds)
            moved = shift.step(seeds, inside)
        else:
            # Only the seeds that moved are stepped again: a still seed keeps its pixels, and
            # its step (exact sums, row by row) would give its own bits back.
            inside[moving] = found[:, shift.index]
            moved = seeds.copy()
            moved[moving] = shift.step(seeds[moving], inside[moving])
        # (bits, not values: -0.0 and 0.0 are one value but not one input to the next step)
        moving = np.nonzero((moved.view(np.int64) != seeds.view(np.int64)).any(axis=1))[0]
        seeds = moved
        if not len(moving):
            break  # (every seed still: the steps left would give the same)
    # (a colour's pixels spread over a few units under JPEG: counted within twice the radius)
    support = shift.support(seeds, 2 * MODE_RADIUS)
    total = len(pixels[:: max(1, len(pixels) // 5000)])
    modes: list[np.ndarray] = []
    for i in np.argsort(-support):
        if support[i] < MIN_SUPPORT * total:
            break
        if all(np.linalg.norm(seeds[i] - m) >= MODE_RADIUS for m in modes):
            modes.append(seeds[i])
        if len(modes) == max_modes:
            break
    return modes


def _bins(keys: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The first index and the count of each distinct row of ``keys`` (whole numbers, three
    a row), in the order of the rows sorted (the first column first): what
    ``np.unique(keys, axis=0, return_index=True, return_counts=True)`` gives, to the bit, from
    one whole number a row (the columns' offsets from their least, each within its span, in
    that order), about a tenth of its CPU (it sorts the rows as records)."""
    low = keys.min(axis=0).astype(np.int64)
    span = keys.max(axis=0).astype(np.int64) - low + 1
    if float(span[0]) * float(span[1]) * float(span[2]) >= 2.0 ** 62:  # (never on Lab)
        _, first, counts = np.unique(keys, axis=0, return_index=True, return_counts=True)
        return first, counts
    k = keys.astype(np.int64) - low
    _, first, counts = np.unique((k[:, 0] * span[1] + k[:, 1]) * span[2] + k[:, 2],
                                 return_index=True, return_counts=True)
    return first, counts


_TIE = 1e-6  # a squared distance this near the radius's square is decided by the plain formula
# The steps' pixels as whole multiples of 2**-24: a Lab component (|c| < 2**8) of a sample of
# up to 2**21 pixels sums to under 2**53, so float64 adds them exactly (see _MeanShift.step).
_GRID = float(2 ** 24)


class _MeanShift:
    """The flat-kernel mean shift of :func:`_modes` over one ``sample`` of Lab pixels
    (float32, one a row)."""

    def __init__(self, sample: np.ndarray):
        self.sample = sample
        self.squared = (sample ** 2).sum(axis=1)
        self.grid = np.round(sample.astype(np.float64) * _GRID)  # whole numbers (see step)
        distinct = np.ascontiguousarray(sample).view(np.dtype((np.void, 12))).ravel()
        _, one, self.index = np.unique(distinct, return_index=True, return_inverse=True)
        self.index = self.index.ravel()
        self.distinct, self.distinct_squared = sample[one], self.squared[one]
        self.counts = np.bincount(self.index, minlength=len(one))

    def near(self, points: np.ndarray, radius: float = MODE_RADIUS) -> np.ndarray:
        """Which pixels lie within ``radius`` of each point: the plain formula (squared
        distances expanded, ``|p|^2 + |s|^2 - 2 p.s``)."""
        d2 = ((points ** 2).sum(axis=1)[:, None] + self.squared[None]
              - 2.0 * points @ self.sample.T)
        return d2 < radius ** 2

    def near_distinct(self, points: np.ndarray,
                      radius: float = MODE_RADIUS) -> np.ndarray | None:
        """:meth:`near` of float64 ``points`` for each distinct colour, or None when a
        distance lies within :data:`_TIE` of the radius (where the products' rounding, a
        few 1e-11 here, might decide it otherwise)."""
        d2 = ((points ** 2).sum(axis=1)[:, None] + self.distinct_squared[None]
              - 2.0 * points @ self.distinct.T)
        if (np.abs(d2 - radius ** 2) < _TIE).any():
            return None
        return d2 < radius ** 2

    def support(self, points: np.ndarray, radius: float) -> np.ndarray:
        """How many pixels lie within ``radius`` of each float64 point."""
        inside = self.near_distinct(points, radius)
        if inside is None:
            return self.near(points, radius).sum(axis=1)
        return inside @ self.counts

    def step(self, points: np.ndarray, inside: np.ndarray) -> np.ndarray:
        """Each point moved to the mean of the pixels ``inside`` its reach (kept when none
        is), float64.

        The sums are exact, so the same on every machine: the pixels are taken on a grid of
        :data:`_GRID` (lossless for a float32 component of 0.5 or more; a smaller one moves
        by 3e-8 at most) as whole numbers, whose float64 sums are exact in any order. A
        float32 product's sums were rounded in the order BLAS adds them, which changes with
        its thread count (1 and 2 threads gave other bits on 48 seeds of 10000 pixels)."""
        weight = inside.sum(axis=1)
        moved = (inside.astype(np.float64) @ self.grid) / _GRID / np.maximum(weight, 1)[:, None]
        return np.where(weight[:, None] > 0, moved, points)


@dataclass(frozen=True)
class _Fit:
    boxes: tuple[tuple[int, int, int, int], ...]  # working pixels
    ground: np.ndarray
    panel: np.ndarray
    contrast: float
    score: float
    confidence: float
    covered_top: bool
    rounded: float
    wholes: tuple[tuple[int, int, int, int], ...]  # each panel's whole box (past the picture)


def _fit(lab: np.ndarray, ground: np.ndarray, panel: np.ndarray, min_w: float, min_h: float,
         max_panels: int, pads: tuple[int, int] = (0, 0),
         to_panel: np.ndarray | None = None) -> _Fit | None:
    """The row of equal panels of colour ``panel`` on ``ground`` in a Lab picture (working
    pixels), or ``None``; ``pads``: how far (columns) the panels may run past the picture's
    left and right sides.

    The ground is modelled row by row (a gradient, a shade): first the median of the pixels
    labelled ground, then, once a first fit says where the panels are, the median of the
    pixels beside them (a ground nearer the panels' colour than ``ground`` is, somewhere,
    would be taken for the panels' at first).

    ``to_panel``: each pixel's :func:`_distances` to ``panel``, when the caller has it (the
    same for every ground tried against this panel)."""
    if to_panel is None:
        to_panel = _distances(lab, panel)
    is_panel, is_ground = _labels(lab, np.broadcast_to(ground, (lab.shape[0], 3)), panel,
                                  to_panel)
    rows_ground = _ground_by_rows(lab, is_ground, ground, min_h)
    best = None
    for _ in range(2):
        is_panel, is_ground = _labels(lab, rows_ground, panel, to_panel)
        along = _Once(lambda rows=rows_ground: _along(lab, rows, panel))
        found = _fit_labelled(lab, is_panel, is_ground, rows_ground, panel, min_w, min_h,
                              max_panels, pads, along)
        if found is None:
            return best
        best, spans = found
        if best is not None:
            return best
        beside = np.ones_like(is_panel)
        for a, b in spans:  # the first fit's panels, checked or not
            beside[:, max(0, a - 2) : b + 2] = False
        # (ink: pixels far off the line from the ground's colour to the panel's, a bar)
        rows_ground = _ground_by_rows(lab, beside & ~np.isnan(along()), ground, min_h)
    return best


class _Once:
    """A value made when first asked for, then kept: :func:`_along` of a ground's rows is
    needed by the fit only once columns are placed, and again (the same) for the ink."""

    def __init__(self, make: Callable[[], np.ndarray]):
        self._make: Callable[[], np.ndarray] | None = make
        self._value: np.ndarray | None = None

    def __call__(self) -> np.ndarray:
        if self._make is not None:
            self._value, self._make = self._make(), None
        assert self._value is not None
        return self._value


def _fit_labelled(lab, is_panel, is_ground, rows_ground, panel, min_w, min_h, max_panels,
                  pads=(0, 0), along_of=None):
    """``(fit or None, the best unchecked spans)`` of the panels on labelled pixels, or
    ``None`` when no rows or columns hold them. ``pads``: columns past the picture's left
    and right sides the panels may run into (counting for neither colour); ``along_of``: a
    :class:`_Once` of :func:`_along` over these rows' ground (made here when not given)."""
    rows = _rows_of_panels(is_panel, min_h)
    if rows is None:
        return None
    top, bottom = rows
    inner = slice(top + max(1, (bottom - top) // 6), bottom - max(1, (bottom - top) // 6))
    # Columns of neither colour (ink, or a narrow gap blurred) count a little against a
    # panel over them: of two fits alike but for a gap, the one leaving it out wins.
    neither = ~(is_panel[inner] | is_ground[inner])
    balance = (is_panel[inner].sum(axis=0).astype(np.float64) - is_ground[inner].sum(axis=0)
               - NEITHER * neither.sum(axis=0)) / max(1, inner.stop - inner.start)
    left, right = pads
    padded = np.concatenate([np.zeros(left), balance, np.zeros(right)]) if left or right \
        else balance
    placed = _equal_intervals(padded, min_w, max_panels)
    if not placed:
        return None
    if along_of is None:
        along_of = _Once(lambda: _along(lab, rows_ground, panel))
    along = along_of()
    width = len(balance)
    wholes = [[(a - left, b - left) for a, b in _each_fitted(padded, starts, span)]
              for starts, span in placed]
    wholes = [spans for spans in wholes if all(
        min(b, width) - max(a, 0) >= MIN_SHOWN * (b - a) for a, b in spans)]
    if not wholes:
        return None
    candidates = [[(max(a, 0), min(b, width)) for a, b in spans] for spans in wholes]
    fits = [_checked(is_panel, is_ground, along, spans, min_h, cut=left > 0 or right > 0)
            for spans in candidates]
    scored = [(f, spans) for f, spans in zip(fits, wholes) if f is not None]
    total = np.concatenate([[0.0], np.cumsum(balance)])
    first = max(candidates, key=lambda spans: sum(total[b] - total[a] for a, b in spans))
    if not scored:
        return None, first
    (boxes, score, confidence), whole = _fullest(scored)
    # (ends inside the picture as checked: moved to a narrow gap)
    whole = [(a if a < 0 else x, b if b > width else x + w)
             for (a, b), (x, _, w, _) in zip(whole, boxes)]
    if left or right:
        whole = _whole_spans(whole, width, pads)
    local = rows_ground[top:bottom].mean(axis=0)
    return _Fit(boxes, local, panel, float(np.linalg.norm(panel - local)), score, confidence,
                _covered_top(is_panel, is_ground, boxes),
                _rounded(is_panel, is_ground, boxes),
                tuple((a, y, b - a, h) for (a, b), (_, y, _, h) in zip(whole, boxes))), first


def _fullest(scored: list) -> tuple:
    """The best-scoring of the checked fits ``(fit, spans)``, or one holding more panels, each
    of the best's spans within :data:`FULLER_SLACK` of a panel's width of one of its spans
    (every fit here passed the row's checks already): a row of cards is equal panels
    evenly spaced (issue 18), and a score weighed by the clearest edges only (the worst
    panel's) prefers the row less its least clear panel (fresh widest 1164000 at 1.20x: three
    Mountain cards 6 Lab off a speckled ground, the Elk's sides 0.77 filled against 0.98; the
    row of two won at one working scale and the third card's ink beside it refused all)."""
    best = max(scored, key=lambda fs: fs[0][1])
    spans = best[1]
    width = max(1, min(b - a for a, b in spans))
    fuller = [fs for fs in scored if len(fs[1]) > len(spans) and all(
        any(abs(a - c) <= FULLER_SLACK * width and abs(b - d) <= FULLER_SLACK * width
            for c, d in fs[1]) for a, b in spans)]
    return max(fuller, key=lambda fs: (len(fs[1]), fs[0][1])) if fuller else best


def _whole_spans(spans: list[tuple[int, int]], width: int,
                 pads: tuple[int, int]) -> list[tuple[int, int]]:
    """``spans`` (``0``..``width`` the picture's columns) with each panel running into an open
    side of the picture (``pads``) made as wide as the panels seen whole (their median), or
    as the widest when none is: off the picture nothing pins a cut panel's hidden end, so
    the fitted width there is loose, and a panel ending on the picture's side may end there
    only by the cut."""
    inside = [b - a for a, b in spans if a > 0 and b < width]
    span = int(round(float(np.median(inside)))) if inside else max(b - a for a, b in spans)
    out = []
    for a, b in spans:
        if pads[0] and a <= 0:
            a = min(b - span, 0)
        elif pads[1] and b >= width:
            b = max(a + span, width)
        out.append((a, b))
    return out


def _each_fitted(balance: np.ndarray, starts: list[int], span: int) -> list[tuple[int, int]]:
    """Each interval's ends moved by a pixel or two where that fits the columns better:
    panels drawn equal and evenly spaced are so only to a pixel once the screen is scaled."""
    slack = max(1, span // 30)
    total = np.concatenate([[0.0], np.cumsum(balance)])
    out: list[tuple[int, int]] = []
    for s in starts:
        best = (-np.inf, s, s + span)
        first = max(0, s - slack, out[-1][1] + 1 if out else 0)  # never touching the last
        for a in range(first, max(first, s + slack) + 1):
            for b in range(s + span - slack, min(len(balance), s + span + slack) + 1):
                value = total[b] - total[a]
                if value > best[0]:
                    best = (value, a, b)
        out.append((best[1], best[2]))
    return out


def _checked(is_panel: np.ndarray, is_ground: np.ndarray, along: np.ndarray,
             spans: list[tuple[int, int]], min_h: float,
             cut: bool = False) -> tuple[tuple[Box, ...], float, float] | None:
    """Panels placed across (``spans``: their columns' ends) given their rows and checked:
    their boxes, score and confidence, or ``None`` when they are not panels (a bar from end
    to end of the area, too short, edges not clear, a gap inside). ``cut``: the outer panels
    may be cut by the picture's sides, so two or more from end to end are no bar (the ground
    must show between them)."""
    width = is_panel.shape[1]
    if spans[0][0] <= 0 and spans[-1][1] >= width and (len(spans) == 1 or not cut):
        return None  # from end to end of the area: a bar, not panels
    cols = np.zeros(width, bool)
    beside = np.ones(width, bool)
    for a, b in spans:
        cols[a + max(1, (b - a) // 10) : b - max(1, (b - a) // 10)] = True
        beside[max(0, a - 2) : b + 2] = False
    top, bottom = _edges_in_rows(is_panel, is_ground, cols, beside)
    if bottom - top < min_h:
        return None
    spans = _gaps_shown(along, top, bottom, spans, width)
    if spans is None:
        return None
    boxes = tuple((int(a), int(top), int(b - a), int(bottom - top)) for a, b in spans)
    fills = _edge_fills(is_panel, is_ground, boxes)
    if min(fills) < EDGE_FILL:
        return None
    # Pixels the fit explains (panel inside, ground outside, over the panels' rows) less
    # those it does not, weighed by how clear its edges are.
    inside = np.zeros_like(is_panel)
    for x, y, bw, bh in boxes:
        inside[y : y + bh, x : x + bw] = True
    band = slice(top, bottom)
    agree = (is_panel[band] & inside[band]).sum() + (is_ground[band] & ~inside[band]).sum()
    disagree = (is_ground[band] & inside[band]).sum() + (is_panel[band] & ~inside[band]).sum()
    score = float(agree - disagree) * min(fills)
    confidence = float(np.clip((min(fills) - EDGE_FILL) / (1.0 - EDGE_FILL), 0.0, 1.0))
    return boxes, score, confidence


def _gaps_shown(along: np.ndarray, top: int, bottom: int, spans: list[tuple[int, int]],
                width: int) -> list[tuple[int, int]] | None:
    """``spans`` when no column inside a panel is of the ground's colour (two panels taken
    for one) and the ground shows between each two panels (else one panel cut in two), with
    the ends next to a narrow gap found by :func:`_dipped` moved to it; else ``None``."""
    rows = slice(top + (bottom - top) // 8, bottom - (bottom - top) // 8)
    with np.errstate(invalid="ignore"):
        ground_like = (along[rows] < 0.5).mean(axis=0)  # NaN (ink) is not ground-like
    dips = _Once(lambda: _dips(along[rows]))
    out = list(spans)
    for k, ((a, b), (c, _)) in enumerate(zip(spans, spans[1:] + [(width + 1, 0)])):
        t = max(1, (b - a) // 10)
        if float(ground_like[a + t : b - t].max()) >= GAP_INSIDE:
            return None  # a column of ground inside: two panels taken for one
        if c > width:
            continue
        if c <= b:
            return None
        if float(ground_like[max(0, b - 2) : c + 2].max()) >= GAP_BETWEEN:
            continue
        gap = _dipped(dips(), b, c, max(1, (b - a) // 30))
        if gap is None:
            return None  # no ground between (found to a pixel or two): one panel cut in two
        out[k], out[k + 1] = (out[k][0], gap[0]), (gap[1], out[k + 1][1])
    return out


def _dips(along: np.ndarray) -> np.ndarray:
    """Each column's nearness to the ground down the panels' rows: the share of them (ink
    left out) where it lies below :data:`GAP_DIP` of the way to the panels' colour, a break
    of fewer than :data:`SPECK_ROWS` rows down a column bridged. A ground of specks (a
    texture of pixel blocks a shade off its colour, about two working pixels whatever the
    scale) breaks a narrow gap's dip wherever a speck falls in it: fresh real-look 290038
    at 0.85x, City, specks on 6% of the ground, three cards 1.7 px apart dipping in 88% and
    86% of their rows, under :data:`GAP_DOWN`, found as none. Bridging joins only breaks
    between dipped rows: a column inside a panel of its own flat colour has none to join."""
    with np.errstate(invalid="ignore"):
        under = along < GAP_DIP
    if under.shape[0] >= SPECK_ROWS:
        kernel = np.ones((SPECK_ROWS, 1), np.uint8)
        under |= cv2.morphologyEx(under.astype(np.uint8), cv2.MORPH_CLOSE, kernel,
                                  borderType=cv2.BORDER_CONSTANT, borderValue=0).astype(bool)
    seen = ~np.isnan(along)
    return (under & seen).sum(axis=0) / np.maximum(seen.sum(axis=0), 1)


def _dipped(dips: np.ndarray, b: int, c: int, slack: int) -> tuple[int, int] | None:
    """The columns ``(start, end)`` of a gap a pixel or two wide, blurred half away, between
    a panel ending at ``b`` and the next starting at ``c``: a run of columns a little of the
    ground's colour all down the panels' height (:data:`GAP_DOWN` of their rows), found
    within the fit's ``slack`` and two pixels of them; ``None`` when there is none. Shrunk
    to the working scale and smoothed, a real gap of two pixels between cards keeps only
    that much of the ground (real-look 7041 at 1.27x: the row's gaps 1.9 working pixels, at
    most half the way to the ground, no card found); and the cards' ends, fitted by their
    colour alone (the gap's blend counts for the panels), may stand a few pixels off it."""
    start = max(0, b - 2 - slack)
    near = dips[start : c + 2 + slack]
    if not len(near) or float(near.max()) < GAP_DOWN:
        return None
    x = start + int(np.argmax(near))
    end = x
    while end + 1 < len(dips) and dips[end + 1] >= GAP_DOWN:
        end += 1
    return x, end + 1


def _labels(lab: np.ndarray, ground: np.ndarray, panel: np.ndarray,
            to_panel: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Each pixel as panel, ground or neither: the nearer of the two colours (the ground's
    of its row), within half their distance plus :data:`LABEL_SLACK`. ``to_panel``: the
    pixels' :func:`_distances` to ``panel`` when the caller has them."""
    to_ground = _distances(lab, ground)
    if to_panel is None:
        to_panel = _distances(lab, panel)
    reach = 0.5 * np.linalg.norm(panel - ground, axis=1)[:, None] + LABEL_SLACK
    return ((to_panel < to_ground) & (to_panel < reach),
            (to_ground <= to_panel) & (to_ground < reach))


def _distances(lab: np.ndarray, colour: np.ndarray) -> np.ndarray:
    """Each pixel's Lab distance to ``colour`` (one colour, or one a row): the values of
    ``np.linalg.norm(lab - colour, axis=2)``, channel by channel
    (:mod:`gridsight.vision.colour_norms`): a quarter of the norm's time. The per-pixel
    distances are most of the panels' search in a desktop's many regions
    (:mod:`bench.bench_panel_search`)."""
    rows = colour.ndim == 2
    return np.sqrt(squares((lab[..., c] - (colour[:, None, c] if rows else colour[c])
                            for c in range(3)), in_place=True))


def _ground_by_rows(lab: np.ndarray, is_ground: np.ndarray, ground: np.ndarray,
                    min_h: float) -> np.ndarray:
    """The ground's colour in each row: the median of its pixels where a row shows enough of
    them, carried to the rows between, smoothed over a third of a panel's height."""
    height, width = is_ground.shape
    out = np.empty((height, 3), np.float32)
    counts = is_ground.sum(axis=1)
    known = counts >= max(4, 0.05 * width)
    rows = np.nonzero(known)[0]
    if len(rows) and lab.dtype in (np.float32, np.float64) and not np.isnan(lab[rows]).any():
        # Every row's median at once, as np.median takes it: the ground's pixels sorted
        # (the others last), the middle one, or the mean of the middle two.
        ordered = np.where(is_ground[rows][..., None], lab[rows], np.inf)
        ordered.sort(axis=1)
        each, count = np.arange(len(rows)), counts[rows]
        low, high = ordered[each, (count - 1) // 2], ordered[each, count // 2]
        out[rows] = np.where((count % 2 == 1)[:, None], low, (low + high) / lab.dtype.type(2))
    else:
        for y in rows:
            out[y] = np.median(lab[y][is_ground[y]], axis=0)
    return rows_carried(out, known, ground, min_h)


def rows_carried(out: np.ndarray, known: np.ndarray, ground: np.ndarray,
                 min_h: float) -> np.ndarray:
    """The rows' ground colours ``out`` (``known`` where a row showed enough ground) carried
    to the rows between and smoothed over a third of a panel's height; ``ground`` for all
    when no row is known."""
    height = len(out)
    if not known.any():
        return np.broadcast_to(ground, (height, 3)).astype(np.float32)
    index = np.nonzero(known)[0]
    for c in range(3):
        out[:, c] = np.interp(np.arange(height), index, out[index, c])
    k = max(1, int(min_h / 3)) | 1
    return cv2.blur(out.reshape(height, 1, 3), (1, k)).reshape(height, 3)


def _rows_of_panels(is_panel: np.ndarray, min_h: float) -> tuple[int, int] | None:
    """The rows holding the panels, roughly (a first guess the columns are fitted over): the
    run of rows of greatest summed share of panel pixels, less :data:`ROW_SHARE` a row (a
    line of text across a narrow card leaves little of it, the ground almost none)."""
    run = _best_run(is_panel.sum(axis=1) / is_panel.shape[1] - ROW_SHARE)
    return run if run[1] - run[0] >= min_h else None


def _best_run(values: np.ndarray) -> tuple[int, int]:
    """``(start, end)`` of the run of greatest sum (Kadane's algorithm); ``(0, 0)`` when every
    value is negative."""
    best, start, best_run = 0.0, 0, (0, 0)
    total = 0.0
    for y, v in enumerate(values.tolist()):
        if total <= 0:
            total, start = 0.0, y
        total += v
        if total > best:
            best, best_run = total, (start, y + 1)
    return best_run


def gaps_tried(n_cols: int, count: int) -> range:
    """The gaps between ``count`` equal intervals over ``n_cols`` columns that
    :func:`_equal_intervals` scores: none for one interval, else every gap under
    :data:`GAP_TIMES` widths (:func:`widest_gap`) that lets ``count`` of them fit (``count``
    widths and ``count - 1`` gaps: the gap at most ``(2 n_cols - count) / (3 count - 2)``).
    The search stopped at a third of that share before (``n_cols // (3 count)``), and cards
    standing far apart were never tried (widest-look 850011 at 1.34x: three cards 108 px
    wide, 71 apart, over 482 columns, at most 53 tried; two found, the third's ink beside
    them, no cards and the screen asked)."""
    if count == 1:
        return range(0, 1)
    return range(1, max(2, (2 * n_cols - count) // (3 * count - 2) + 1))


def widest_gap(width: int) -> int:
    """The widest gap tried between panels ``width`` columns wide: under :data:`GAP_TIMES`
    of their width. Gaps were kept narrower than a panel before, and cards drawn further
    apart than they are wide were never found as a row (widest-look 860004 at 1.0x: three
    cards 59 px wide, 63 apart; none found, the screen asked)."""
    return GAP_TIMES * width - 1


def _equal_intervals(balance: np.ndarray, min_w: float,
                     max_panels: int) -> list[tuple[list[int], int]]:
    """For each count from 1 to ``max_panels``, the intervals of one width, one gap apart
    (the gap under :data:`GAP_TIMES` intervals), over the columns of greatest summed ``balance``
    (positive: panel, negative: ground): ``(starts, width)`` per count whose sum is
    positive. Of rows scoring alike, the one of the smallest gap, then the narrowest width,
    then the first start (the order the plain loop of ``tests/kit/plain_panels.py`` scores
    them in, a gap at a time, keeping the first best).

    The intervals are scored from a table of each width's sums at every start (``-inf``
    where the interval runs past the last column, so a row of intervals that does not fit
    scores ``-inf``). One interval: the table's best entry. Two or more
    (:func:`_best_row`): a width at a time, every gap and start at once, the widths in the
    order of an upper bound of their score (:func:`_row_bounds`), until no width left may
    reach the best score found; the scores are the plain loop's sums, added in its order,
    so the answer is the same (on the 159 calls of desktop 410000's first 3 frames, 0.37 of
    the CPU of scoring every width a gap at a time, the best single interval taken ``count``
    times as the bound)."""
    n_cols = len(balance)
    least = max(2, int(np.ceil(min_w)))
    if n_cols < least:
        return []
    total = np.concatenate([[0.0], np.cumsum(balance)])
    # table[w - least, s]: the balance over the w columns from s (total[s + w] - total[s]),
    # -inf when they run past the last column (a start past the end's total: -inf)
    ends = np.concatenate([total, np.full(n_cols, -np.inf)])
    step = ends.strides[0]
    rows = n_cols - least + 1
    table = as_strided(ends[least:], shape=(rows, n_cols + 1), strides=(step, step)) - total
    out = []
    bounds: np.ndarray | None = None
    for count in range(1, max_panels + 1):
        if n_cols // count < least:
            break
        if count == 1:
            k = int(np.argmax(table))
            wi, x0 = divmod(k, n_cols + 1)
            found: tuple[float, list[int], int] | None = \
                (float(table.flat[k]), [x0], least + wi)
        else:
            bounds = _row_bounds(table, least, bounds, n_cols // count - least + 1)
            found = _best_row(table, n_cols, least, count, bounds.max(axis=1))
        if found is not None and found[0] > 0:
            out.append((found[1], found[2]))
    return out


def _best_row(table: np.ndarray, n_cols: int, least: int, count: int,
              bounds: np.ndarray) -> tuple[float, list[int], int] | None:
    """The best row of ``count`` (2 or more) intervals of one width, one gap apart, from
    :func:`_equal_intervals`' ``table``: ``(score, starts, width)``, ``None`` when none fits.

    A width's row is scored for every gap tried (:func:`gaps_tried`, each at most
    :func:`widest_gap` of the width) and every start at once: the ``i``-th interval of width ``w`` at gap ``g`` from
    start ``x`` is the table's entry ``(w, x + i (w + g))``, a strided view of the width's
    row (gaps down, starts across); the views are added in the plain loop's order, and the
    first best entry is the smallest gap's, then the first start's. Widths are scored in
    the order of their ``bounds`` (:func:`_row_bounds`: no row of a width scores above its
    bound) until the best score found is above every bound left (a width whose bound equals
    it may still tie it at a smaller gap, so it is scored)."""
    most_gap = gaps_tried(n_cols, count)[-1]
    best: tuple[float, int, int, int] | None = None  # (score, gap, width, start)
    for wi in np.argsort(-bounds, kind="stable").tolist():
        if bounds[wi] == -np.inf or (best is not None and bounds[wi] < best[0]):
            break
        width = least + wi
        gaps = min(widest_gap(width), most_gap)
        starts = n_cols - count * width - (count - 1) + 1  # (at the smallest gap)
        if gaps < 1 or starts < 1:
            continue
        # (the row, and -inf past it for the rows of intervals that do not fit)
        row = np.concatenate([table[wi], np.full(count * (width + gaps), -np.inf)])
        item = row.strides[0]
        views = [as_strided(row[i * (width + 1):], shape=(gaps, starts),
                            strides=(i * item, item)) for i in range(count)]
        score = views[0] + views[1]
        for view in views[2:]:
            score += view
        k = int(np.argmax(score))
        value = float(score.flat[k])
        gi, x0 = divmod(k, starts)
        if best is None or value > best[0] or (value == best[0] and
                                               (gi + 1, width, x0) < best[1:]):
            best = (value, gi + 1, width, x0)
    if best is None:
        return None
    value, gap, width, x0 = best
    return value, [x0 + i * (width + gap) for i in range(count)], width


def _row_bounds(table: np.ndarray, least: int, before: np.ndarray | None,
                rows: int) -> np.ndarray:
    """For the first ``rows`` widths of ``table`` (the sums of intervals of width ``least +
    row`` at each start, ``-inf`` past the end), the best sum of one more interval than
    ``before`` has (``None``: one interval before, the table itself), the last at each
    start, the one before it ending a column or more earlier (a prefix maximum of
    ``before``), gaps let differ: :func:`_best_row`'s rows of that many intervals, added as
    it adds them, each score no more than its width's maximum here (rounding is monotonic:
    a sum of larger terms, added in the same order, is never smaller)."""
    cols = table.shape[1]
    last = (table if before is None else before)[:rows]
    upto = np.maximum.accumulate(last, axis=1)  # ... the last at or before each start
    # earlier[r, s] = upto[r, s - (least + r + 1)], -inf before the row's start: a sheared
    # view of upto with that many columns of -inf on its left
    left = least + rows
    padded = np.full((rows, left + cols), -np.inf)
    padded[:, left:] = upto
    item = padded.strides[1]
    earlier = as_strided(padded.ravel()[left - least - 1:], shape=(rows, cols),
                         strides=((left + cols - 1) * item, item))
    return earlier + table[:rows]


def _edges_in_rows(is_panel: np.ndarray, is_ground: np.ndarray, cols: np.ndarray,
                   beside: np.ndarray) -> tuple[int, int]:
    """The panels' top and bottom rows: the run of rows of greatest summed balance of panel
    against ground pixels over the panels' columns ``cols``, less the share of panel pixels
    in the columns ``beside`` them (a bar of the panel's colour runs across the gaps too) and a little (so rows
    of neither colour are not taken in), and less :data:`BAR_ROW` of the columns' pixels of
    neither colour: a bar over the panels' top is mostly of a third colour, and its words
    and digits, light like a light card, would otherwise carry the panels' rows up through
    it (a card nearly as wide as the screen, 1x-9x screen 930051). Lines of text across a
    card, whose blurred edges may pass for the ground, do not cut it. A row counts its
    pixels of neither colour only as far as it is of neither colour beside the panels too (a
    bar runs on across the gaps; ink inside the panels leaves the ground there): a small
    card's name, YOU HAVE and box-row lines run together into rows of ink from side to side,
    which cut off its bottom edge below them (real-look 7020 at 0.66x, no card found)."""
    count = max(1, int(cols.sum()))
    panel = is_panel[:, cols].sum(axis=1).astype(np.float64)
    ground = is_ground[:, cols].sum(axis=1).astype(np.float64)
    inside = (panel - ground) / count
    neither = 1.0 - (panel + ground) / count
    if beside.any():
        outside = is_panel[:, beside].mean(axis=1)
        # (a bar runs on beside the panels: ink inside them leaves the ground there)
        across = 1.0 - outside - is_ground[:, beside].mean(axis=1)
    else:
        outside, across = np.zeros(len(inside)), np.ones(len(inside))
    return _best_run(inside - outside - 0.05 - BAR_ROW * neither * across)


def _share(mask: np.ndarray, other: np.ndarray, where: tuple[slice, slice]) -> float | None:
    """The share of ``mask`` among the pixels of ``mask`` or ``other`` in ``where`` (``None``
    when there are none: off the picture, or all of neither colour)."""
    a, b = int(mask[where].sum()), int(other[where].sum())
    return a / (a + b) if a + b else None


def _edge_fills(is_panel: np.ndarray, is_ground: np.ndarray,
                boxes: tuple[tuple[int, int, int, int], ...]) -> list[float]:
    """How clearly each box's edges are a panel's, 0..1: its colour in the strips just inside
    its sides (the worse of the two), times the ground's just outside its edges
    (the worst of those seen: the best row below it, the better strip beyond each of the
    row's ends, and the middle of a gap wide enough to show it). Pixels of neither colour
    are left out (ink, a bar), and so are the rounded corners."""
    height, width = is_panel.shape
    fills = []
    for k, (x, y, w, h) in enumerate(boxes):
        t = max(1, min(w, h) // 12)
        cut = max(1, h // 6)
        side_rows = slice(y + cut, y + h - cut)
        # (Inside the bottom edge a card may carry things close to it: its sides only.)
        inside = [(side_rows, slice(x + 2, x + 2 + t)),
                  (side_rows, slice(x + w - 2 - t, x + w - 2))]
        # Below it, the best of the rows under its edge one by one: something may stand a
        # little below the panels (a board's dark frame), and blurred into the ground its
        # edge passes through colours near a darker panel's (screens 180050, 180152).
        # Where the area ends within that many rows (a card a few pixels over the board's
        # frame, whose blurred edge passes through colours near a panel's), the row next but
        # one to the edge is looked at too (fresh real-look 350039, 1.1x, Outback: two cards
        # 13 Lab off an orange ground, three working rows over the area's end; the two rows
        # looked at were the frame's blur, the cards never found).
        start = y + h + 1 if y + h + 2 < height < y + h + 2 + t else y + h + 2
        # A card's corners cut round as deep as half its width leave the row where it is
        # under half its width its bottom, and its tip runs on under that row's middle; the
        # area may end within those rows, the board's frame right under it (widest-look
        # 860004 at 1.0x: three cards 59 px wide over the frame, the middle of every row
        # below the two over the board the tip's or the frame's; not found). The rows
        # are looked at across the whole card too, inside its sides' strips: the corners'
        # ground beside the tip.
        rows_below = range(start, min(height, y + h + 2 + t))
        below = [(slice(r, r + 1), slice(x + cut, x + w - cut)) for r in rows_below] + \
            [(slice(r, r + 1), slice(x + 2 + t, x + w - 2 - t)) for r in rows_below]
        # Beyond the row's ends, the better of two strips side by side: JPEG spreads a
        # colour's hue over blocks of 16 pixels, so at a low contrast of hue the strip next
        # to a panel may take its colour (screen 7039: a card's right side).
        # The picture's outermost columns are left out of them: a region found on a desktop
        # may take in a window's one- or two-pixel border, which shrinking and smoothing
        # blend with the ground into colours as near a faint panel's (harder desktop 98425:
        # a card 2 Lab levels off its ground, in a region 2 px wider than the screen).
        ends: list[list[tuple[slice, slice]]] = []
        lo, hi = min(x, PICTURE_RIM), max(x + w, width - PICTURE_RIM)
        if k == 0:
            ends.append([(side_rows, slice(max(lo, x - 2 - t * (j + 1)), max(lo, x - 2 - t * j)))
                         for j in (0, 1)])
        if k == len(boxes) - 1:
            ends.append([(side_rows, slice(min(hi, x + w + 2 + t * j),
                                           min(hi, x + w + 2 + t * (j + 1)))) for j in (0, 1)])
        groups = [below] + ends
        if k + 1 < len(boxes):
            gap = boxes[k + 1][0] - (x + w)
            if gap >= 4:
                groups.append([(side_rows, slice(x + w + gap // 2 - 1, x + w + gap // 2 + 1))])
        own = [_share(is_panel, is_ground, where) for where in inside]
        # Outside, each group of strips counts by its best strip; off the picture is
        # forgiven, a colour that is neither panel nor ground is not (the ground must show
        # around a panel).
        out = []
        for group in groups:
            on_picture = [where for where in group if is_ground[where].size]
            if on_picture:
                values = [v for v in (_share(is_ground, is_panel, where) for where in on_picture)
                          if v is not None]
                out.append(max(values) if values else 0.0)
        # Inside, a strip of neither colour is no edge (a split through a picture).
        fills.append(min(v or 0.0 for v in own) * min(out, default=1.0))
    return fills


def _along(lab: np.ndarray, rows_ground: np.ndarray, panel: np.ndarray) -> np.ndarray:
    """How far each pixel is from its row's ground towards the panel's colour (0 ground, 1
    panel; NaN off the line between them: ink). A gap between two panels is nearer the
    ground than the panels down its whole height, even blurred to a pixel or two."""
    towards = panel - rows_ground
    # Channel by channel (planes, no pixels-by-3 temporaries: 3x faster), the values of
    # ``offset = lab - rows_ground[:, None]``, ``(offset * towards).sum(axis=2)`` and
    # ``np.linalg.norm(offset - along * towards, axis=2)``: the same products, summed in the
    # same order.
    offsets = [lab[..., c] - rows_ground[:, None, c] for c in range(3)]
    each = [towards[:, None, c] for c in range(3)]
    along = (offsets[0] * each[0] + offsets[1] * each[1] + offsets[2] * each[2]) / \
        np.maximum((towards ** 2).sum(axis=1), 1e-6)[:, None]
    rest = [offset - along * toward for offset, toward in zip(offsets, each)]
    off_line = np.sqrt(rest[0] * rest[0] + rest[1] * rest[1] + rest[2] * rest[2])
    along[(off_line > LABEL_SLACK) | (along < -0.5) | (along > 1.5)] = np.nan
    return along


def _covered_top(is_panel: np.ndarray, is_ground: np.ndarray,
                 boxes: tuple[tuple[int, int, int, int], ...]) -> bool:
    """Whether the panels' top edge runs under something that is neither panel nor ground
    (a bar): the rows just above them are of a third colour."""
    x0 = boxes[0][0]
    x1 = boxes[-1][0] + boxes[-1][2]
    y = boxes[0][1]
    above = slice(max(0, y - 3), y)
    if above.start >= above.stop:
        return True  # at the area's top
    known = is_panel[above, x0:x1].sum() + is_ground[above, x0:x1].sum()
    return bool(known < 0.3 * (above.stop - above.start) * (x1 - x0))


def _rounded(is_panel: np.ndarray, is_ground: np.ndarray,
             boxes: tuple[tuple[int, int, int, int], ...]) -> float:
    """The share of the panels' bottom corners that are cut round (ground in the corner's
    outermost pixels while the sides next to it are the panel's)."""
    cut = 0
    for x, y, w, h in boxes:
        r = max(1, min(w, h) // 16)
        for cx in (x, x + w - r):
            corner = (slice(y + h - r, y + h), slice(cx, cx + r))
            cut += is_ground[corner].sum() > is_panel[corner].sum()
    return cut / (2 * len(boxes))


def _median_colour(image: np.ndarray, box: tuple[int, int, int, int],
                   near: tuple[float, float, float]) -> tuple[float, float, float]:
    """The median colour of a panel's own pixels in ``box`` (those near its colour)."""
    x, y, w, h = box
    pixels = image[max(0, y) : y + h, max(0, x) : x + w].reshape(-1, 3).astype(np.float32)
    if len(pixels) == 0:
        return near
    own = pixels[np.linalg.norm(pixels - np.array(near, np.float32), axis=1) < 30.0]
    return tuple(float(v) for v in np.median(own if len(own) else pixels, axis=0))  # type: ignore[return-value]




# -- the picture on a panel ---------------------------------------------------------------------


def picture_box(image: np.ndarray, panel: Panel) -> tuple[int, int, int, int] | None:
    """``(x, y, width, height)`` of the picture at the top of ``panel`` (a card shows its
    picture first, then lines of text), or ``None`` when it holds nothing but text.

    The panel's ink rows fall into bands separated by rows of no ink or only a few specks
    (bands of a few specks left out). The picture starts with the first band that does not look like a line of text
    (:func:`_text_like`: several glyphs side by side, or a band much wider than tall) and
    takes in the bands below it while they are close and do not look like text either. Blur
    may join the picture to the first line of text (no empty row between them at a small
    scale): a band whose lower part is a line of text is cut at its narrowest row. Across,
    the picture is the run of ink columns holding most of its ink.
    """
    x, y, w, h = panel.box
    pad = _pad(panel)
    ink = _panel_ink(image, panel)
    if ink is None:
        return None
    ink &= ~_long_uprights(ink)
    rows = ink.sum(axis=1)
    if not rows.any():
        return None
    found = _picture_rows(ink, rows, 0)
    if found is None or found[1] - found[0] > PICTURE_MAX * len(rows):
        # Too tall to leave the lines under it room: rows of a few specks part bands too
        # (JPEG rings around dark-rimmed text on a light card, and the specks touching the
        # glyphs joined the picture to the lines under it: screen 180086 at 0.98x). Not
        # always: a sprite's own sparse rows would part it (180001 at 2.2x).
        thin = int(THIN_ROW * float(np.median(rows[rows > 0])))
        found = _picture_rows(ink, rows, thin) or found
    if found is None:
        return None
    top, bottom = found
    cols = _columns(ink[top:bottom], gap=max(1, round(0.15 * (bottom - top))))
    if cols is None:
        return None
    left, right = cols
    ys, xs = np.nonzero(ink[top:bottom, left:right])
    if len(xs) == 0:
        return None
    return (x + pad + left + int(xs.min()), y + pad + top + int(ys.min()),
            int(xs.max() - xs.min() + 1), int(ys.max() - ys.min() + 1))


def sprite_box(image: np.ndarray, panel: Panel,
               picture: tuple[int, int, int, int]) -> tuple[int, int, int, int]:
    """``picture`` (:func:`picture_box` of ``panel``) as the sprite alone: a card shows its
    picture above lines of text, so a picture still taller than :data:`PICTURE_MAX` of the
    panel's inside holds text joined to its foot by blur, and is cut at its thinnest ink
    row in its lower half (the highest of the thinnest: the gap over the first line, its
    legs' rows cut at worst). Screen 1058043 at 0.51x: a Pig card's picture ran through its
    name and ``YOU HAVE`` lines (27 rows of 42, no empty row between them), its sprite 0.40
    from the Pig's found tile and the Rabbit card's 0.30: the tile stated Rabbit with
    ``--animals``; cut, the Pig's card stands 0.16 from it."""
    x, y, w, h = panel.box
    px, py, pw, ph = picture
    pad = _pad(panel)
    inside = h - 2 * pad
    if ph <= PICTURE_MAX * inside:
        return picture
    ink = _panel_ink(image, panel)
    if ink is None:
        return picture
    ink &= ~_long_uprights(ink)
    top = py - (y + pad)
    rows = ink[top : top + ph, px - (x + pad) : px - (x + pad) + pw].sum(axis=1)
    low = rows[ph // 2 :]
    if len(low) < 2:
        return picture
    cut = ph // 2 + int(np.argmin(low))
    return (px, py, pw, cut) if cut > 0 else picture


def picture_above(image: np.ndarray, panel: Panel, picture: tuple[int, int, int, int],
                  foot: int) -> tuple[int, int, int, int] | None:
    """``picture`` (:func:`picture_box` of ``panel``) cut above row ``foot`` (image rows;
    or up to :data:`FOOT_SLACK` rows lower) where a line of text starts there: the ink from
    there down to its first thin row (:data:`JOINED_THIN` of its median row), across the
    panel's width, looks like text (:func:`_text_like`) or is :data:`LINE_WIDE` times as
    wide as tall (big letters joined by blur). A name line joined to the sprite's foot by
    blur. ``None`` when ``foot`` is not inside the picture, no line starts there, or no ink
    is above it."""
    x, y, w, h = panel.box
    px, py, pw, ph = picture
    if not py < foot < py + ph:
        return None
    ink = _panel_ink(image, panel)
    if ink is None:
        return None
    ink &= ~_long_uprights(ink)
    pad = _pad(panel)
    top, cut, bottom = py - (y + pad), foot - (y + pad), py + ph - (y + pad)
    rows = ink[cut:bottom].sum(axis=1)
    if not rows.any():
        return None
    thin = rows <= JOINED_THIN * float(np.median(rows[rows > 0]))
    while thin[0] and len(thin) > 1 and cut < foot - (y + pad) + FOOT_SLACK:
        cut, rows, thin = cut + 1, rows[1:], thin[1:]  # (the line a row or two lower here)
    end = int(np.argmax(thin)) if thin.any() else len(rows)
    line = true_runs(ink[cut : cut + end].any(axis=0))
    if end < 2 or not _text_like(ink[cut : cut + end]) and \
            line[-1][1] - line[0][0] < LINE_WIDE * end:
        return None
    left = px - (x + pad)
    ys, xs = np.nonzero(ink[top:cut, left : left + pw])
    if len(xs) == 0:
        return None
    return (px + int(xs.min()), py + int(ys.min()), int(xs.max() - xs.min() + 1),
            int(ys.max() - ys.min() + 1))


def _pad(panel: Panel) -> int:
    """The rim of ``panel`` left out of its ink (its edges, blurred)."""
    return max(1, round(0.04 * min(panel.box[2], panel.box[3])))


def _panel_ink(image: np.ndarray, panel: Panel) -> np.ndarray | None:
    """The ink inside ``panel`` less its rim (:func:`_pad`) and specks, or ``None`` when
    nothing is inside."""
    x, y, w, h = panel.box
    pad = _pad(panel)
    inner = image[y + pad : y + h - pad, x + pad : x + w - pad].astype(np.float32)
    if inner.size == 0:
        return None
    ink = np.linalg.norm(inner - np.array(panel.color, np.float32), axis=2) > INK
    count, labels, stats, _ = cv2.connectedComponentsWithStats(ink.astype(np.uint8), 8)
    speck = max(2, round((min(w, h) / 120) ** 2))
    small = [i for i in range(1, count) if stats[i][4] <= speck]
    if small:
        ink &= ~np.isin(labels, small)
    return ink


def upright_edges(image: np.ndarray, panel: Panel) -> list[int]:
    """The picture's columns inside ``panel`` where ink runs down :data:`UPRIGHT` of it or
    more: the edges of panels drawn touching, found as one (:func:`_long_uprights`)."""
    ink = _panel_ink(image, panel)
    if ink is None:
        return []
    cols = np.nonzero(_long_uprights(ink).any(axis=0))[0]
    return [panel.box[0] + _pad(panel) + int(c) for c in cols]


def _long_uprights(ink: np.ndarray) -> np.ndarray:
    """The pixels of ``ink`` (a panel's inside) in runs down a column at least
    :data:`UPRIGHT` of its height, in groups of such columns at most :data:`UPRIGHT_THIN` of
    its width: the edges of cards drawn touching, found as one panel, not a picture (a
    picture stands at the panel's top, above its lines of text). Left in, the edges' lines
    down the whole panel made one picture of all of it, and no split of the panel into
    cards was tried (widest-look 860023 at 1.31x: three outlined cards side by side, read as
    one). A wider group is a card's own ink run together down it (a tall sprite over its
    name and lines, joined by blur: widest-look 860038 at 0.96x, the Toucan card)."""
    height, width = ink.shape
    length = int(UPRIGHT * height)
    out = np.zeros_like(ink)
    if length < 2:
        return out
    kernel = np.ones((length, 1), np.uint8)
    long = cv2.morphologyEx(ink.astype(np.uint8), cv2.MORPH_OPEN, kernel).astype(bool)
    for a, b in true_runs(long.any(axis=0)):
        if b - a <= max(2.0, UPRIGHT_THIN * width):
            out[:, a:b] = long[:, a:b]
    return out


def _picture_rows(ink: np.ndarray, rows: np.ndarray, thin: int) -> tuple[int, int] | None:
    """``(top, bottom)`` rows of the picture in a panel's ink (see :func:`picture_box`), its
    bands parted by rows of at most ``thin`` pixels of ink; ``None`` when all is text."""
    bands = true_runs(rows > thin)
    if not bands:
        return None
    mass = [int(rows[a:b].sum()) for a, b in bands]
    bands = [band for band, m in zip(bands, mass) if m >= max(6, 0.05 * max(mass))]
    start = None
    for k, (a, b) in enumerate(bands):
        top, bottom = _split_text(ink, a, b)
        if not _text_like(ink[top:bottom]):
            start = k
            break
    if start is None:
        return None
    # (its thin top rows, a sprite's tip, back in: nothing stands between it and the band
    # above but empty rows)
    above = bands[start - 1][1] if start > 0 else 0
    while top > above and rows[top - 1] > 0:
        top -= 1
    for a, b in bands[start + 1 :]:
        if bottom < bands[start][1] or a - bottom > max(2, 0.25 * (bottom - top)):
            break
        a2, b2 = _split_text(ink, a, b)
        if _text_like(ink[a2:b2]) or (a > bottom and _lines_joined(rows[a:b])):
            break
        bottom = b2
        if b2 < b:
            break
    return top, bottom


def _lines_joined(rows: np.ndarray) -> bool:
    """Whether a band's ink rows are two or more lines of like height joined by blur: parted
    by thin rows (at most :data:`JOINED_THIN` of the band's median row), each part 3 rows
    or more and the tallest at most :data:`LIKE_LINES` times the shortest. A card's name
    and its ``YOU HAVE`` line, a few pixels tall at a small scale, blur into one band whose
    letters no longer stand apart (not :func:`_text_like`); parted from the picture by empty
    rows, it was taken into the picture (fresh 200017 at 0.72x: a Stegosaurus card's
    picture 54 rows tall for a 35-row sprite, no found tile on the lawn matched it)."""
    if len(rows) < 6:
        return False
    thin = JOINED_THIN * float(np.median(rows))
    parts = [(a, b) for a, b in true_runs(rows > thin) if b - a >= 3]
    if len(parts) < 2:
        return False
    heights = [b - a for a, b in parts]
    return max(heights) <= LIKE_LINES * min(heights)


def _text_like(ink: np.ndarray) -> bool:
    """Whether a band of ink looks like a line of text: three or more runs of ink columns
    with gaps narrower than the band is tall (glyphs side by side), or one run much wider
    than the band is tall (glyphs blurred together)."""
    height = ink.shape[0]
    runs = true_runs(ink.any(axis=0))
    if not runs or height == 0:
        return False
    width = runs[-1][1] - runs[0][0]
    gaps = [b[0] - a[1] for a, b in zip(runs, runs[1:])]
    if len(runs) >= 3 and max(gaps) <= height and width >= 2 * height:
        return True
    return width >= 3 * height


def _split_text(ink: np.ndarray, top: int, bottom: int) -> tuple[int, int]:
    """Rows ``top``..``bottom`` of a band, cut above the first line of text joined to it by
    blur: at the highest thin row (little ink) below which the band looks like text while
    above it it does not."""
    height = bottom - top
    if height < 6:
        return top, bottom
    rows = ink[top:bottom].sum(axis=1)
    thin = JOINED_THIN * float(np.median(rows))
    for cut in range(2, height - 2):
        if rows[cut] > thin:
            continue
        if _text_like(ink[top + cut + 1 : bottom]) and not _text_like(ink[top : top + cut]):
            return top, top + cut
    return top, bottom


def _columns(ink: np.ndarray, gap: int) -> tuple[int, int] | None:
    """The span of ink columns holding most ink, runs closer than ``gap`` joined."""
    counts = ink.sum(axis=0)
    runs = true_runs(counts > 0)
    if not runs:
        return None
    joined = [list(runs[0])]
    for a, b in runs[1:]:
        if a - joined[-1][1] < gap:
            joined[-1][1] = b
        else:
            joined.append([a, b])
    a, b = max(joined, key=lambda r: int(counts[r[0] : r[1]].sum()))
    return a, b
