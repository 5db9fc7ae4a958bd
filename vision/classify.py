"""Reading every cell of a located board: best label, score, margin, or ``unknown``.

**Method, and why.** Each cell is warped (through the board's ``BoardGeometry``) to a small
upright sample, its border trimmed (grid lines and neighbours do not leak in), and averaged
down to an ``8x8`` colour thumbnail; every template gets the same treatment once per pack.
Cells are compared to templates by the **mean squared colour difference** of the thumbnails,
weighted by the template's mask. Not normalised cross-correlation: it divides by the
pixels' spread, so on a flat cell (an empty tile, a blank board square) it compares noise with
noise and returns anything; and it throws away the mean colour, which is most of what tells a
red tile from a blue one. Squared differences keep colour and work on flat cells.

What squared differences are not robust to is a change of brightness (a phone's display, a
capture card, an emulator's gamma). The whole board shares one change, so it is estimated
once per board: a first pass lets each cell find its best gain against each template
(between 0.7 and 1.4); the **median** gain of the cells' best matches is the board's gain;
the second pass, which decides, lets each cell deviate by only 6% from it. A tapped tile
drawn 30% darker than an untapped one therefore stays a different tile, while a screenshot
15% darker than the pack still matches.

The thumbnails are small and the comparison is three matrix products over all cells and all
templates at once, so reading a board takes about a millisecond (``bench/bench_vision.py``).

A cell's **score** is ``1 - rms / 64`` (``rms`` the root mean squared difference in 0..255
levels, so 1 is identical and 0 is 64 levels off on average); its **margin** is the score
minus the best score of any *other* label. A cell whose score is below the pack's
``min_score`` or whose margin is below ``min_margin`` is read as ``unknown``, never guessed.

>>> import numpy as np
>>> from gridsight.vision.geometry import BoardGeometry
>>> from gridsight.vision.packs import Anchor, Template, TemplatePack
>>> red, blue = np.zeros((10, 10, 3), np.uint8), np.zeros((10, 10, 3), np.uint8)
>>> red[:] = (0, 0, 200); blue[:] = (200, 0, 0)
>>> anchor = Anchor(np.zeros((20, 30, 3), np.uint8), np.full((20, 30), 255, np.uint8), 0.5)
>>> pack = TemplatePack("demo", "demo", (10, 10), 1, 2,
...                     (Template("r", "r", red), Template("b", "b", blue)), anchor)
>>> frame = np.zeros((40, 60, 3), np.uint8)
>>> frame[10:30, 10:30] = (0, 0, 180); frame[10:30, 30:50] = (190, 0, 0)
>>> read = read_cells(frame, BoardGeometry.from_rect(10, 10, 20, 20, 1, 2), pack)
>>> read.labels()
(('r', 'b'),)
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass, field

import cv2
import numpy as np

from gridsight.vision.geometry import BoardGeometry
from gridsight.vision.packs import TemplatePack

UNKNOWN = "unknown"

SAMPLE = 10  # a cell is warped to SAMPLE x SAMPLE pixels and slightly blurred,
TRIM = 1  # then its border is trimmed (10% of the cell on every side):
THUMB = SAMPLE - 2 * TRIM  # the thumbnail is THUMB x THUMB colour pixels
BLUR = 0.6  # sigma of the blur, in sample pixels: tolerance to a slightly-off geometry
RMS_SCALE = 64.0  # an rms difference of this many levels scores 0
FIRST_GAIN = (0.7, 1.4)  # per-cell gain allowed in the first pass
GAIN_SLACK = 0.06  # per-cell deviation from the board's gain in the second pass


@dataclass(frozen=True)
class CellRead:
    """The reading of cell ``(row, col)``: ``label`` (or ``unknown``), its score and margin.

    ``best`` is the best-scoring label even when the cell is ``unknown`` (for a correction
    panel's suggestion); ``variant`` the template that matched.
    """

    row: int
    col: int
    label: str
    score: float
    margin: float
    best: str = ""
    variant: str = ""

    @property
    def known(self) -> bool:
        return self.label != UNKNOWN


@dataclass(frozen=True, eq=False)
class BoardRead:
    """All cells of one board as read, with the geometry they were read through."""

    geometry: BoardGeometry
    cells: tuple[tuple[CellRead, ...], ...]
    gain: float = 1.0
    pack_name: str = ""
    extras: dict = field(default_factory=dict, repr=False)

    def labels(self) -> tuple[tuple[str, ...], ...]:
        return tuple(tuple(cell.label for cell in row) for row in self.cells)

    def unknown(self) -> list[tuple[int, int]]:
        """The ``(row, col)`` of every cell read as ``unknown``."""
        return [(c.row, c.col) for row in self.cells for c in row if not c.known]

    @property
    def known_fraction(self) -> float:
        total = sum(len(row) for row in self.cells)
        return 1.0 - len(self.unknown()) / total if total else 0.0

    @property
    def min_score(self) -> float:
        return min(c.score for row in self.cells for c in row)

    @property
    def mean_score(self) -> float:
        scores = [c.score for row in self.cells for c in row]
        return float(np.mean(scores)) if scores else 0.0


@dataclass(frozen=True, eq=False)
class _PackFeatures:
    templates: np.ndarray  # (M, F) float32
    weights: np.ndarray  # (M, F) float32
    weighted: np.ndarray  # W * T
    const: np.ndarray  # sum W T^2, (M,)
    wsum: np.ndarray  # (M,)
    label_index: np.ndarray  # (M,) index into labels
    labels: tuple[str, ...]
    variants: tuple[str, ...]


_FEATURES: "weakref.WeakKeyDictionary[TemplatePack, _PackFeatures]" = weakref.WeakKeyDictionary()


def board_thumbnails(frame: np.ndarray, geometry: BoardGeometry) -> np.ndarray:
    """Every cell's thumbnail, shape ``(rows * cols, THUMB * THUMB * 3)`` float32, row-major.

    Large boards are first shrunk with area averaging so the bilinear warp does not alias.
    """
    frame, geometry = _shrink(frame, geometry, SAMPLE * 1.6)
    board = cv2.GaussianBlur(geometry.warp_board(frame, (SAMPLE, SAMPLE)), (0, 0), BLUR)
    return _thumbs(board, geometry.rows, geometry.cols)


def cell_thumbnail(image: np.ndarray) -> np.ndarray:
    """The thumbnail of one cell image (a template), as :func:`board_thumbnails` makes them."""
    h, w = image.shape[:2]
    return board_thumbnails(image, BoardGeometry.from_rect(0, 0, w, h, 1, 1))[0]


def _thumbs(board: np.ndarray, rows: int, cols: int) -> np.ndarray:
    channels = board.shape[2] if board.ndim == 3 else 1
    cells = board.reshape(rows, SAMPLE, cols, SAMPLE, channels)
    cells = cells[:, TRIM : SAMPLE - TRIM, :, TRIM : SAMPLE - TRIM, :]
    return np.ascontiguousarray(cells.transpose(0, 2, 1, 3, 4), dtype=np.float32).reshape(
        rows * cols, -1)


def _shrink(frame: np.ndarray, geometry: BoardGeometry, target: float):
    """Crop ``frame`` to the board and area-shrink it so a cell is about ``target`` pixels."""
    pts = geometry.outline()
    cell = max(1e-6, float(np.mean(np.hypot(*(pts[1] - pts[0]))) / geometry.cols))
    x0 = int(max(0, np.floor(pts[:, 0].min()) - 2))
    y0 = int(max(0, np.floor(pts[:, 1].min()) - 2))
    x1 = int(min(frame.shape[1], np.ceil(pts[:, 0].max()) + 2))
    y1 = int(min(frame.shape[0], np.ceil(pts[:, 1].max()) + 2))
    if x1 - x0 < 2 or y1 - y0 < 2:
        return frame, geometry
    factor = target / cell
    crop = frame[y0:y1, x0:x1]
    moved = geometry.translated(-x0, -y0)
    if factor >= 0.8:
        return crop, moved
    small = cv2.resize(crop, None, fx=factor, fy=factor, interpolation=cv2.INTER_AREA)
    fx = small.shape[1] / crop.shape[1]
    fy = small.shape[0] / crop.shape[0]
    scale = np.diag([fx, fy, 1.0])
    return small, BoardGeometry(geometry.rows, geometry.cols, scale @ moved.homography)


def pack_features(pack: TemplatePack) -> _PackFeatures:
    """The templates' thumbnails and mask weights, computed once per pack."""
    cached = _FEATURES.get(pack)
    if cached is not None:
        return cached
    labels = pack.labels
    thumbs, weights, index, variants = [], [], [], []
    for template in pack.templates:
        thumbs.append(cell_thumbnail(template.image))
        if template.mask is None:
            weights.append(np.ones_like(thumbs[-1]))
        else:
            mask = (template.mask.astype(np.float32) / 255.0)[:, :, None].repeat(3, axis=2)
            h, w = mask.shape[:2]
            weights.append(board_thumbnails(mask, BoardGeometry.from_rect(0, 0, w, h, 1, 1))[0])
        index.append(labels.index(template.label))
        variants.append(template.variant)
    t = np.stack(thumbs).astype(np.float32)
    wt = np.stack(weights).astype(np.float32)
    wt = np.clip(wt, 0.0, 1.0)
    features = _PackFeatures(
        templates=t, weights=wt, weighted=wt * t, const=(wt * t * t).sum(axis=1),
        wsum=np.maximum(wt.sum(axis=1), 1e-6), label_index=np.array(index), labels=labels,
        variants=tuple(variants),
    )
    _FEATURES[pack] = features
    return features


def _mse(x: np.ndarray, f: _PackFeatures, gain_low, gain_high) -> tuple[np.ndarray, np.ndarray]:
    """Weighted mean squared difference of every cell to every template, at the best gain."""
    a = (x * x) @ f.weights.T  # sum W x^2
    b = x @ f.weighted.T  # sum W x t
    gain = np.clip(b / np.maximum(a, 1e-6), gain_low, gain_high)
    d = gain * gain * a - 2 * gain * b + f.const
    return np.maximum(d, 0) / f.wsum, gain


def score_thumbnails(x: np.ndarray, pack: TemplatePack):
    """Per cell: per-label best score (N, L), best template per label, the board's gain."""
    f = pack_features(pack)
    mse, gain = _mse(x, f, *FIRST_GAIN)
    best = mse.argmin(axis=1)
    best_mse = mse[np.arange(len(x)), best]
    best_gain = gain[np.arange(len(x)), best]
    good = np.sqrt(best_mse) < (1 - pack.min_score) * RMS_SCALE
    board_gain = float(np.median(best_gain[good] if good.any() else best_gain))
    mse, _ = _mse(x, f, board_gain * (1 - GAIN_SLACK), board_gain * (1 + GAIN_SLACK))
    scores = 1.0 - np.sqrt(mse) / RMS_SCALE  # (N, M)
    n_labels = len(f.labels)
    per_label = np.full((len(x), n_labels), -np.inf, np.float32)
    which = np.zeros((len(x), n_labels), np.int64)
    for j in range(scores.shape[1]):
        li = f.label_index[j]
        better = scores[:, j] > per_label[:, li]
        per_label[better, li] = scores[better, j]
        which[better, li] = j
    return per_label, which, board_gain


def read_cells(frame: np.ndarray, geometry: BoardGeometry, pack: TemplatePack) -> BoardRead:
    """Read every cell of the board at ``geometry`` in ``frame`` against ``pack``."""
    if (geometry.rows, geometry.cols) != (pack.rows, pack.cols):
        raise ValueError(
            f"the geometry is {geometry.rows}x{geometry.cols}, pack {pack.name} is "
            f"{pack.rows}x{pack.cols}")
    f = pack_features(pack)
    x = board_thumbnails(frame, geometry)
    per_label, which, gain = score_thumbnails(x, pack)
    order = np.argsort(-per_label, axis=1)
    cells = []
    for r in range(geometry.rows):
        row = []
        for c in range(geometry.cols):
            i = r * geometry.cols + c
            first = order[i, 0]
            score = float(per_label[i, first])
            second = float(per_label[i, order[i, 1]]) if per_label.shape[1] > 1 else 0.0
            margin = score - second
            best = f.labels[first]
            ok = score >= pack.min_score and margin >= pack.min_margin
            row.append(CellRead(r, c, best if ok else UNKNOWN, round(score, 4),
                                round(margin, 4), best, f.variants[which[i, first]]))
        cells.append(tuple(row))
    return BoardRead(geometry, tuple(cells), gain, pack.name)
