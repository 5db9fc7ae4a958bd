"""Which item rises out of a hole: colour labels, read above the hole in the frame itself.

Items are small and stand up off the ground, so they are not on the plane the geometry maps;
we look in a box above the hole's centre, scaled by the cell's size on screen. Every pixel is
given the label of its nearest colour prototype: the pack's item colours (a few shades each)
against the *background*: the colours of the pit's ground, learned from the calibration
reference (k-means), and the pack's other scene colours (holes, Link, sky). A pixel counts for
an item only when an item prototype is nearest, close enough, and clearly nearer than any
background colour. Distances are taken in CIE Lab with lightness weighted down, as shading
changes lightness far more than hue. The labelling is a 32 x 32 x 32 lookup table over BGR,
built once, so a frame costs a table lookup per pixel.

A sighting names a label only when enough pixels are item pixels and one label holds a clear
majority of them; otherwise its label is ``None``. The tracker combines sightings over frames.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

import cv2
import numpy as np

from gridsight.vision.geometry import BoardGeometry
from gridsight.vision.pit.register import jacobian_ratio_and_scale

_BACKGROUND = -1
_SOLID = np.ones((5, 5), np.uint8)


@dataclass(frozen=True)
class ItemSighting:
    """What the box above one hole showed in one frame.

    ``label`` is the majority item label or ``None``; ``share`` its share of the item pixels;
    ``pixels`` how many item pixels there were; ``counts`` the pixels per label.
    """

    row: int
    col: int
    label: str | None
    share: float
    pixels: int
    counts: tuple[tuple[str, int], ...] = ()


def item_search_box(geometry: BoardGeometry, row: int, col: int,
                    shape: tuple[int, ...]) -> tuple[int, int, int, int] | None:
    """Where an item rising out of hole (row, col) shows: x0, y0, x1, y1 (clipped to an image
    of ``shape``), or ``None`` when too little of it is on screen."""
    (hx, hy), = geometry.board_to_image([(col + 0.5, row + 0.5)])
    ratio, short = jacobian_ratio_and_scale(geometry.homography, [(col + 0.5, row + 0.5)])
    size = float(short[0] / max(ratio[0], 1e-6))  # the cell's wider side, in pixels
    x0, x1 = int(hx - 0.6 * size), int(hx + 0.6 * size) + 1
    y0, y1 = int(hy - 1.35 * size), int(hy + 0.3 * size) + 1
    height, width = shape[:2]
    x0, y0, x1, y1 = max(x0, 0), max(y0, 0), min(x1, width), min(y1, height)
    if x1 - x0 < 4 or y1 - y0 < 4:
        return None
    return x0, y0, x1, y1


def _lab(rgb: np.ndarray) -> np.ndarray:
    """RGB (N, 3) uint8 -> Lab (N, 3) float (OpenCV's 8-bit scaling)."""
    bgr = np.asarray(rgb, dtype=np.uint8).reshape(1, -1, 3)[..., ::-1]
    return cv2.cvtColor(np.ascontiguousarray(bgr), cv2.COLOR_BGR2LAB).reshape(-1, 3).astype(
        np.float32)


def seeded_kmeans(points: np.ndarray, k: int, criteria: tuple[int, int, float], attempts: int,
                  seed: int) -> np.ndarray:
    """The ``k`` centres ``cv2.kmeans`` finds in ``points`` (float32 rows; k-means++ starts)
    from OpenCV's random generator seeded with ``seed``: the same centres on every run.

    OpenCV's generator is the calling thread's own, and ``cv2.setRNGSeed`` cannot be undone
    (its state is not readable from Python): seeded in the caller's thread, a program's own
    ``cv2.randu`` or ``cv2.kmeans`` after ours drew a different sequence than it had seeded.
    So the seeding and the clustering run in a short thread of their own (its generator is
    that thread's: the centres are the ones the caller's thread would have found)."""
    done: list[Any] = []

    def cluster() -> None:
        try:
            cv2.setRNGSeed(seed)
            done.append(cv2.kmeans(points, k, None, criteria, attempts,
                                   cv2.KMEANS_PP_CENTERS)[2])
        except BaseException as error:  # raised again in the caller's thread
            done.append(error)

    worker = threading.Thread(target=cluster, name="gridsight-kmeans")
    worker.start()
    worker.join()
    if isinstance(done[0], BaseException):
        raise done[0]
    centres: np.ndarray = done[0]
    return centres


def ground_colours(reference: np.ndarray, clusters: int = 24, seed: int = 0) -> np.ndarray:
    """The pit's ground colours (Lab, OpenCV's 8-bit scaling): ``clusters`` k-means centres of
    the plan view ``reference`` (BGR; black, unseen ground is left out) and its darkest and
    lightest shades (1st and 99th percentile per channel). Empty when too little is seen."""
    pixels = reference.reshape(-1, 3)
    pixels = pixels[pixels.max(axis=1) > 0]  # drop the black of unseen ground
    if len(pixels) <= clusters:
        return np.zeros((0, 3), np.float32)
    rng = np.random.default_rng(seed)
    sample = pixels[rng.choice(len(pixels), min(len(pixels), 6000), replace=False)]
    lab = cv2.cvtColor(sample.reshape(1, -1, 3), cv2.COLOR_BGR2LAB).reshape(-1, 3)
    centres = seeded_kmeans(lab.astype(np.float32), clusters,
                            (cv2.TERM_CRITERIA_EPS | cv2.TERM_CRITERIA_MAX_ITER, 20, 0.5), 2,
                            seed)
    # Keep the ground's own range too: its darkest and lightest shades.
    return np.concatenate([centres.astype(np.float32),
                           np.percentile(lab, [1, 99], axis=0).astype(np.float32)])


@dataclass(frozen=True, eq=False)
class ItemColourModel:
    """What one item looks like, learned from a player's screenshot of it.

    ``shades`` are a few Lab colours (OpenCV's 8-bit scaling, k-means centres of the item's
    pixels: its facets under the game's light), ``radius`` how far (lightness weighted down,
    as the classifier measures) the item's own pixels lie from their nearest shade (a high
    percentile, so the model covers the item's spread and no more), ``hue``/``saturation``/
    ``value`` the medians of its pixels in HSV (OpenCV's scaling: hue 0..180), ``pixels`` how
    many pixels it was learned from.
    """

    label: str
    shades: np.ndarray = field(repr=False)
    radius: float
    hue: float
    saturation: float
    value: float
    pixels: int

    def to_dict(self) -> dict:
        return {"label": self.label, "shades_lab": [[round(float(v), 2) for v in s]
                                                    for s in self.shades],
                "radius": round(float(self.radius), 3), "hue": round(self.hue, 2),
                "saturation": round(self.saturation, 2), "value": round(self.value, 2),
                "pixels": int(self.pixels)}

    @classmethod
    def from_dict(cls, data: Mapping) -> "ItemColourModel":
        """The model saved by :meth:`to_dict` (``ValueError``/``KeyError``/``TypeError`` when
        it is not one)."""
        shades = np.asarray(data["shades_lab"], dtype=np.float32).reshape(-1, 3)
        if not len(shades) or not np.all(np.isfinite(shades)) \
                or np.any(shades < 0) or np.any(shades > 255):
            raise ValueError("shades_lab must hold Lab colours in 0..255")
        radius = float(data["radius"])
        if not 0 < radius < 255:
            raise ValueError(f"radius {radius} out of range")
        return cls(str(data["label"]), shades, radius, float(data["hue"]),
                   float(data["saturation"]), float(data["value"]), int(data["pixels"]))


class ItemClassifier:
    """Labels item pixels by colour.

    ``item_colours`` maps each label to its RGB shades; ``background_colours`` are RGB colours
    of everything else; ``reference`` (a BGR plan view of the ground) adds ``clusters`` ground
    colours. A pixel is an item pixel when its nearest item shade is within ``max_distance``
    and at least ``margin`` nearer than the nearest background colour.
    :meth:`from_models` builds one from learned :class:`ItemColourModel` s instead, each shade
    then reaching as far as its model's ``radius``.
    """

    def __init__(
        self,
        item_colours: Mapping[str, Sequence[Sequence[int]]],
        background_colours: Sequence[Sequence[int]] = (),
        *,
        reference: np.ndarray | None = None,
        clusters: int = 24,
        max_distance: float = 28.0,
        margin: float = 6.0,
        lightness_weight: float = 0.5,
        seed: int = 0,
        item_lab: Mapping[str, tuple[np.ndarray, float]] | None = None,
        background_lab: np.ndarray | None = None,
    ):
        weight = np.array([lightness_weight, 1.0, 1.0], dtype=np.float32)
        item_rows, item_idx, item_reach = [], [], []
        self.labels = tuple(item_colours) + tuple(item_lab or {})
        for k, label in enumerate(self.labels):
            if label in item_colours:
                shades, reach = _lab(np.array(item_colours[label])), max_distance
            else:
                shades, reach = item_lab[label]
            for shade in np.asarray(shades, dtype=np.float32).reshape(-1, 3):
                item_rows.append(shade)
                item_idx.append(k)
                item_reach.append(reach)
        items = np.array(item_rows, dtype=np.float32) * weight
        bg = [_lab(np.array(background_colours)) * weight] if len(background_colours) else []
        if background_lab is not None and len(background_lab):
            bg.append(np.asarray(background_lab, dtype=np.float32).reshape(-1, 3) * weight)
        if reference is not None:
            ground = ground_colours(reference, clusters, seed)
            if len(ground):
                bg.append(ground * weight)
        background = np.concatenate(bg) if bg else np.zeros((0, 3), np.float32)
        # The lookup table over quantised BGR (8 levels per step, bin centres).
        q = np.arange(32, dtype=np.uint8) * 8 + 4
        b, g, r = np.meshgrid(q, q, q, indexing="ij")
        bins = np.stack([b, g, r], axis=-1).reshape(1, -1, 3)
        lab = cv2.cvtColor(bins, cv2.COLOR_BGR2LAB).reshape(-1, 3).astype(np.float32) * weight
        d_item = np.linalg.norm(lab[:, None, :] - items[None, :, :], axis=2)
        nearest = d_item.argmin(axis=1)
        best = d_item[np.arange(len(lab)), nearest]
        if len(background):
            d_bg = np.linalg.norm(lab[:, None, :] - background[None, :, :], axis=2).min(axis=1)
        else:
            d_bg = np.full(len(lab), np.inf, dtype=np.float32)
        label = np.array(item_idx)[nearest]
        ok = (best <= np.array(item_reach, dtype=np.float32)[nearest]) & (best + margin <= d_bg)
        self._lut = np.where(ok, label, _BACKGROUND).astype(np.int8)

    @classmethod
    def from_models(cls, models: Sequence[ItemColourModel], *,
                    scene_lab: np.ndarray | None = None, reference: np.ndarray | None = None,
                    margin: float = 6.0, **options) -> "ItemClassifier":
        """A classifier of learned item models against the ground of ``reference`` and the
        other learned scene colours ``scene_lab`` (Lab: Link, dug holes, shadows)."""
        return cls({}, (), reference=reference, margin=margin, background_lab=scene_lab,
                   item_lab={m.label: (m.shades, m.radius) for m in models}, **options)

    def pixel_labels(self, bgr: np.ndarray) -> np.ndarray:
        """Per pixel: the index of its item label in :attr:`labels`, or -1 for background."""
        px = (bgr >> 3).astype(np.int32)
        return self._lut[(px[..., 0] << 10) | (px[..., 1] << 5) | px[..., 2]]

    def search_box(self, geometry: BoardGeometry, row: int, col: int,
                   shape: tuple[int, ...]) -> tuple[int, int, int, int] | None:
        """Where an item rising out of hole (row, col) shows: x0, y0, x1, y1 (clipped)."""
        return item_search_box(geometry, row, col, shape)

    def sight(
        self,
        frame: np.ndarray,
        geometry: BoardGeometry,
        row: int,
        col: int,
        *,
        exclude: Sequence[tuple[int, int, int, int]] = (),
        min_pixels_per_cell: float = 0.015,
        min_share: float = 0.75,
    ) -> ItemSighting:
        """Look above hole (row, col). ``exclude`` are x, y, w, h boxes to ignore (a HUD)."""
        box = self.search_box(geometry, row, col, frame.shape)
        if box is None:
            return ItemSighting(row, col, None, 0.0, 0)
        x0, y0, x1, y1 = box
        labels = self.pixel_labels(frame[y0:y1, x0:x1])
        for ex, ey, ew, eh in exclude:
            a0, b0 = max(ex - x0, 0), max(ey - y0, 0)
            a1, b1 = min(ex + ew - x0, x1 - x0), min(ey + eh - y0, y1 - y0)
            if a1 > a0 and b1 > b0:
                labels[b0:b1, a0:a1] = _BACKGROUND
        # Count only the solid inside of each label's area: where an item's edge blends with
        # the ground (blur, JPEG, fading), the mixed colour can sit near another item's colour.
        counts = np.zeros(len(self.labels), dtype=np.int64)
        for k in np.unique(labels[labels >= 0]):
            inside = cv2.erode((labels == k).astype(np.uint8), _SOLID)
            counts[k] = int(inside.sum())
        total = int(counts.sum())
        pairs = tuple((self.labels[k], int(n)) for k, n in enumerate(counts) if n)
        (hx, hy), = geometry.board_to_image([(col + 0.5, row + 0.5)])
        _, short = jacobian_ratio_and_scale(geometry.homography, [(col + 0.5, row + 0.5)])
        cell_area = (x1 - x0) / 1.2 * float(short[0])
        if total < max(min_pixels_per_cell * cell_area, 10):
            return ItemSighting(row, col, None, 0.0, total, pairs)
        top = int(counts.argmax())
        share = float(counts[top] / total)
        label = self.labels[top] if share >= min_share else None
        return ItemSighting(row, col, label, share, total, pairs)
