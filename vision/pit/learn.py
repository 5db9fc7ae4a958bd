"""Learning what the items look like from the player's own screenshots of them rising.

The player gives one screenshot per item (a green rupee rising out of a hole, a blue one, ...),
each labelled with its item, and optionally the hole it rises from. Each screenshot is
registered to the calibrated pit (the camera may have moved since calibration), then:

1. **Not the ground.** A pixel is *foreground* when it differs from the ground the calibration
   saw at that place (the reference plan view warped into the screenshot) and its colour is far
   from every colour of the ground (:func:`gridsight.vision.pit.items.ground_colours`). Only the boxes
   where an item rising out of a hole shows are looked at (the given hole's, or every hole's).
2. **Not the overlay.** With three screenshots or more, what stays put on screen while the
   camera moves between them (the wallet, buttons) is left out.
3. **Not what every screenshot shows.** Link, his shadow, dug holes are foreground in every
   screenshot; the item is foreground in its own screenshot only. A foreground colour that
   also shows in other screenshots' foreground (a coarse Lab histogram, one bin around) is
   taken as scene, not item, and becomes a background colour for the classifier.
4. **One solid blob.** What is left is opened (thin edges go), split into connected blobs, and
   the largest is the item. It must be big enough, and clearly bigger than any other blob
   elsewhere (two items, or an item and something unexplained, make the screenshot unclear:
   the player is asked to name the hole).
5. **A colour model, not a colour.** The blob's inside (its blended edge eroded away) is
   summarised by a few k-means shades in Lab and the spread of its pixels around them
   (:class:`~gridsight.vision.pit.items.ItemColourModel`), plus median hue, saturation and value. Two
   items whose models overlap are refused: the classifier could not tell them apart.

Every refusal is a :class:`ItemLearningError` naming the screenshot and what is wrong.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

import cv2
import numpy as np

from gridsight.vision.errors import VisionInputError
from gridsight.vision.geometry import BoardGeometry
from gridsight.vision.pit.calibrate import PitCalibration
from gridsight.vision.pit.items import (
    ItemColourModel, ground_colours, item_search_box, seeded_kmeans,
)
from gridsight.vision.pit.register import PitRegistrar, jacobian_ratio_and_scale

LIGHTNESS_WEIGHT = 0.5  # as the classifier measures colour distances
_WEIGHT = np.array([LIGHTNESS_WEIGHT, 1.0, 1.0], dtype=np.float32)
_EDGE_TO_CENTRE = np.array([[1, 0, -0.5], [0, 1, -0.5], [0, 0, 1.0]])


class ItemLearningError(VisionInputError):
    """An item screenshot that cannot be learned from (the message names it and says why)."""


@dataclass(frozen=True, eq=False)
class ItemShot:
    """One screenshot of an item rising: its ``label``, the BGR ``image``, a ``source`` name
    for messages, and the ``hole`` (row, col) it rises from when the player gave it."""

    label: str
    image: np.ndarray = field(repr=False)
    source: str
    hole: tuple[int, int] | None = None


@dataclass(frozen=True, eq=False)
class LearnedItems:
    """The item models learned, the scene colours every screenshot showed (Lab, background
    for the classifier), and per item the crop of the screenshot it was learned from (BGR,
    the item's pixels kept, the rest darkened: for the player to check) and its hole.
    ``overlay`` are the boxes (x, y, w, h) of what stayed put on screen while the camera
    moved (the game's overlay), where no item is looked for."""

    models: tuple[ItemColourModel, ...]
    scene_lab: np.ndarray = field(repr=False)
    crops: dict[str, np.ndarray] = field(repr=False)
    holes: dict[str, tuple[int, int]]
    overlay: tuple[tuple[int, int, int, int], ...] = ()


@dataclass(eq=False)
class _Seen:
    shot: ItemShot
    geometry: BoardGeometry
    lab: np.ndarray  # weighted Lab of the whole image
    fg: np.ndarray  # bool: foreground in a search box
    owner: np.ndarray  # int: which hole's search box (-1 none)
    differs: np.ndarray  # bool: unlike the ground the calibration saw there


def _register(shot: ItemShot, calibration: PitCalibration) -> BoardGeometry:
    image = shot.image
    if not isinstance(image, np.ndarray) or image.ndim != 3 or image.shape[2] != 3 \
            or image.dtype != np.uint8:
        raise ItemLearningError(f"{shot.source}: not a colour picture")
    registrar = PitRegistrar(calibration)
    reg = registrar.register(image)
    if reg.geometry is None and reg.status != "oblique":
        registrar.reset(None)  # the camera moved far: find the pit from scratch
        reg = registrar.register(image)
    if reg.geometry is None and reg.status == "oblique":
        geometry = reg.estimate
    else:
        geometry = reg.geometry
    if geometry is None:
        raise ItemLearningError(
            f"{shot.source}: the pit is not found in this screenshot ({reg.status}); take it "
            "from the calibration's point of view with the pit in sight")
    return geometry


def _foreground(shot: ItemShot, geometry: BoardGeometry, calibration: PitCalibration,
                ground: np.ndarray, min_difference: float, min_ground_distance: float
                ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    image = shot.image
    height, width = image.shape[:2]
    plan = calibration.plan
    m = _EDGE_TO_CENTRE @ geometry.homography @ plan.to_board()
    expected = cv2.warpPerspective(calibration.reference, m, (width, height),
                                   flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT)
    known = cv2.warpPerspective(np.full(calibration.reference.shape[:2], 255, np.uint8), m,
                                (width, height), flags=cv2.INTER_NEAREST) > 0
    known &= expected.max(axis=2) > 0
    lab = cv2.cvtColor(image, cv2.COLOR_BGR2LAB).astype(np.float32) * _WEIGHT
    lab_expected = cv2.cvtColor(expected, cv2.COLOR_BGR2LAB).astype(np.float32) * _WEIGHT
    differs = np.linalg.norm(lab - lab_expected, axis=2) > min_difference
    differs |= ~known
    owner = np.full((height, width), -1, np.int32)
    holes = [shot.hole] if shot.hole is not None else \
        [(r, c) for r in range(calibration.rows) for c in range(calibration.cols)]
    for r, c in holes:
        if not (0 <= r < calibration.rows and 0 <= c < calibration.cols):
            raise ItemLearningError(f"{shot.source}: no hole at row {r + 1}, column {c + 1} "
                                    f"in a {calibration.rows}x{calibration.cols} pit")
        box = item_search_box(geometry, r, c, image.shape)
        if box is None:
            if shot.hole is not None:
                raise ItemLearningError(f"{shot.source}: the hole at row {r + 1}, column "
                                        f"{c + 1} is not on screen")
            continue
        x0, y0, x1, y1 = box
        region = owner[y0:y1, x0:x1]
        region[region < 0] = r * calibration.cols + c
    fg = differs & (owner >= 0)
    candidates = lab[fg]
    if len(candidates) and len(ground):
        d_ground = np.full(len(candidates), np.inf, np.float32)
        for g in ground * _WEIGHT:
            d_ground = np.minimum(d_ground, np.sqrt(((candidates - g) ** 2).sum(axis=1)))
        fg[fg] = d_ground > min_ground_distance
    return lab, fg, owner, differs


def _hole_below(seen: _Seen, blob: np.ndarray, calibration: PitCalibration
                ) -> tuple[tuple[int, int], float]:
    """The hole an item blob rises out of (the one whose centre is nearest below the blob's
    lowest point, among those whose search box holds the blob), and that cell's size in
    pixels."""
    ys, xs = np.nonzero(blob)
    cx, bottom = float(xs.mean()), float(ys.max())
    owners = np.unique(seen.owner[blob])
    candidates = [int(k) for k in owners if k >= 0] if seen.shot.hole is None else \
        [seen.shot.hole[0] * calibration.cols + seen.shot.hole[1]]
    best, best_cost = candidates[0], np.inf
    for k in candidates:
        r, c = divmod(k, calibration.cols)
        (hx, hy), = seen.geometry.board_to_image([(c + 0.5, r + 0.5)])
        cost = abs(cx - hx) + abs(bottom - hy) + (0 if hy >= bottom else 2 * (bottom - hy))
        if cost < best_cost:
            best, best_cost = k, cost
    r, c = divmod(best, calibration.cols)
    ratio, short = jacobian_ratio_and_scale(seen.geometry.homography, [(c + 0.5, r + 0.5)])
    return (r, c), float(short[0] / max(ratio[0], 1e-6))


def _bin_keys(lab: np.ndarray, bin_size: float) -> np.ndarray:
    """One integer per Lab colour: its bin in a coarse 3D histogram (bins of ``bin_size``)."""
    bins = np.floor(np.asarray(lab, np.float32).reshape(-1, 3) / bin_size).astype(np.int64) + 1
    return (bins[:, 0] << 16) | (bins[:, 1] << 8) | bins[:, 2]


def _present(lab: np.ndarray, bin_size: float, min_count: int = 3) -> np.ndarray:
    """The bins holding at least ``min_count`` of these colours, and every bin next to one."""
    keys, counts = np.unique(_bin_keys(lab, bin_size), return_counts=True)
    keys = keys[counts >= min_count]
    near = [keys + (da << 16) + (db << 8) + dc
            for da in (-1, 0, 1) for db in (-1, 0, 1) for dc in (-1, 0, 1)]
    return np.unique(np.concatenate(near)) if len(keys) else keys


def _kmeans(pixels: np.ndarray, k: int, seed: int = 0) -> np.ndarray:
    k = max(1, min(k, len(pixels) // 8))
    centres = seeded_kmeans(pixels.astype(np.float32), k,
                            (cv2.TERM_CRITERIA_EPS | cv2.TERM_CRITERIA_MAX_ITER, 30, 0.2), 3, seed)
    return centres.astype(np.float32)


def learn_items(
    calibration: PitCalibration,
    shots: Sequence[ItemShot],
    *,
    min_difference: float = 18.0,
    min_ground_distance: float = 14.0,
    bin_size: float = 8.0,
    min_pixels: int = 40,
    clear_ratio: float = 0.5,
    shades: int = 3,
    spread_percentile: float = 95.0,
    min_radius: float = 12.0,
    reach: float = 6.0,
    common_share: float = 0.5,
    static_level: int = 10,
    min_shots: int = 3,
) -> LearnedItems:
    """Learn a colour model of each item in ``shots`` (see the module docstring)."""
    if len(shots) < min_shots:
        raise ItemLearningError(
            f"{len(shots)} item screenshot(s) given, need at least {min_shots} of different "
            "items: what shows in all of them (Link, dug holes) is told apart from the item "
            "that shows in one only")
    labels = [s.label for s in shots]
    twice = sorted({x for x in labels if labels.count(x) > 1})
    if twice:
        raise ItemLearningError(f"item '{twice[0]}' is given more than one screenshot")
    for i, a in enumerate(shots):
        for b in shots[i + 1:]:
            if a.image.shape == b.image.shape and np.array_equal(a.image, b.image):
                raise ItemLearningError(f"{a.source} ('{a.label}') and {b.source} "
                                        f"('{b.label}') are the same picture")
    ground = ground_colours(calibration.reference)
    seen = []
    for shot in shots:
        geometry = _register(shot, calibration)
        lab, fg, owner, differs = _foreground(shot, geometry, calibration, ground,
                                              min_difference, min_ground_distance)
        seen.append(_Seen(shot, geometry, lab, fg, owner, differs))
    # What stays put on screen while the camera moves between the screenshots is the game's
    # overlay (the wallet, buttons): never an item.
    sizes = {s.shot.image.shape for s in seen}
    overlay: list[tuple[int, int, int, int]] = []
    if len(seen) >= 3 and len(sizes) == 1:
        stack = np.stack([s.shot.image for s in seen]).astype(np.int16)
        still = (stack.max(axis=0) - stack.min(axis=0)).max(axis=2) <= static_level
        # Not ground that happens to look alike from every view: unlike the ground somewhere.
        still &= np.logical_or.reduce([s.differs for s in seen])
        still = cv2.morphologyEx(still.astype(np.uint8), cv2.MORPH_OPEN,
                                 np.ones((3, 3), np.uint8))
        still = cv2.dilate(still, np.ones((5, 5), np.uint8)) > 0
        for s in seen:
            s.fg &= ~still
        n, _, stats, _ = cv2.connectedComponentsWithStats(still.astype(np.uint8))
        overlay = [tuple(int(v) for v in st[:4]) for st in stats[1:]
                   if st[cv2.CC_STAT_AREA] >= 4 * min_pixels]
    present = [_present(s.lab[s.fg] / _WEIGHT, bin_size) for s in seen]
    models, crops, holes = [], {}, {}
    scene_pixels = []
    for k, s in enumerate(seen):
        # Common: shown by at least half of the other screenshots (Link, dug holes, shadows
        # are in all of them; a stray pixel that differs from the ground is in few).
        others = [bins for j, bins in enumerate(present) if j != k]
        if others:
            keys, shown_by = np.unique(np.concatenate(others), return_counts=True)
            common = keys[shown_by >= max(1, int(np.ceil(common_share * len(others))))]
        else:
            common = np.zeros(0, np.int64)
        raw = s.lab / _WEIGHT
        is_common = np.zeros(s.fg.shape, bool)
        is_common[s.fg] = np.isin(_bin_keys(raw[s.fg], bin_size), common)
        scene_pixels.append(raw[s.fg & is_common])
        unique = (s.fg & ~is_common).astype(np.uint8)
        unique = cv2.morphologyEx(unique, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
        n, comp, stats, centroids = cv2.connectedComponentsWithStats(unique, connectivity=8)
        if n <= 1:
            raise ItemLearningError(
                f"{s.shot.source}: no item found rising out of a hole (nothing there looks "
                "unlike the ground and the other screenshots: does another one show the same "
                "item?); take it while the item is high above its hole")
        order = np.argsort(stats[1:, cv2.CC_STAT_AREA])[::-1] + 1
        best = int(order[0])
        area = int(stats[best, cv2.CC_STAT_AREA])
        if area < min_pixels:
            raise ItemLearningError(
                f"{s.shot.source}: the item is too small ({area} pixels, need {min_pixels}); "
                "take the screenshot closer or at a higher resolution")
        blob = comp == best
        (r1, c1), cell = _hole_below(s, blob, calibration)
        for other in order[1:]:
            o_area = int(stats[other, cv2.CC_STAT_AREA])
            if o_area < clear_ratio * area:
                break
            apart = np.hypot(*(centroids[other] - centroids[best]))
            if apart > cell and s.shot.hole is None:
                (r2, c2), _ = _hole_below(s, comp == other, calibration)
                raise ItemLearningError(
                    f"{s.shot.source}: two things could be the item (above the holes at row "
                    f"{r1 + 1}, column {c1 + 1} and row {r2 + 1}, column {c2 + 1}); name the "
                    "hole the item rises from (@ROW,COL)")
        inside = cv2.erode(blob.astype(np.uint8), np.ones((3, 3), np.uint8)) > 0
        if inside.sum() < min_pixels // 2:
            inside = blob
        pixels = raw[inside]
        centres = _kmeans(pixels * _WEIGHT, shades)
        d = np.linalg.norm((pixels * _WEIGHT)[:, None, :] - centres[None], axis=2).min(axis=1)
        # Reach a little beyond the spread seen: later frames are blurred and compressed
        # differently from the one screenshot learned from.
        radius = max(float(np.percentile(d, spread_percentile)) * 1.3 + reach, min_radius)
        hsv = cv2.cvtColor(s.shot.image[inside].reshape(1, -1, 3), cv2.COLOR_BGR2HSV
                           ).reshape(-1, 3).astype(np.float32)
        hue = _circular_median_hue(hsv[:, 0])
        models.append(ItemColourModel(
            s.shot.label, centres / _WEIGHT, radius, hue, float(np.median(hsv[:, 1])),
            float(np.median(hsv[:, 2])), int(inside.sum())))
        x, y, w, h = cv2.boundingRect(blob.astype(np.uint8))
        pad = max(w, h) // 3
        x0, y0 = max(x - pad, 0), max(y - pad, 0)
        crop = s.shot.image[y0:y + h + pad, x0:x + w + pad].copy()
        crop[~blob[y0:y + h + pad, x0:x + w + pad]] //= 3
        crops[s.shot.label] = crop
        holes[s.shot.label] = (r1, c1)
    _check_apart(models, {s.shot.label: s.shot.source for s in seen})
    scene = np.concatenate(scene_pixels) if scene_pixels else np.zeros((0, 3), np.float32)
    scene_lab = _kmeans(scene * _WEIGHT, 12) / _WEIGHT if len(scene) >= 16 else \
        np.zeros((0, 3), np.float32)
    return LearnedItems(tuple(models), scene_lab, crops, holes, tuple(overlay))


def _circular_median_hue(hue: np.ndarray) -> float:
    """The median of hues on OpenCV's 0..180 circle, taken around their circular mean."""
    angle = hue.astype(np.float64) * np.pi / 90
    mean = np.arctan2(np.sin(angle).mean(), np.cos(angle).mean())
    offset = (angle - mean + np.pi) % (2 * np.pi) - np.pi
    return float(((mean + np.median(offset)) * 90 / np.pi) % 180)


def _check_apart(models: Sequence[ItemColourModel], sources: dict[str, str]) -> None:
    """Refuse two items whose colour models overlap (the classifier could not tell them)."""
    for i, a in enumerate(models):
        for b in models[i + 1:]:
            d = np.linalg.norm((a.shades * _WEIGHT)[:, None] - (b.shades * _WEIGHT)[None],
                               axis=2).min()
            if d < max(a.radius, b.radius):  # one's shade inside the other's reach
                raise ItemLearningError(
                    f"the items '{a.label}' ({sources[a.label]}) and '{b.label}' "
                    f"({sources[b.label]}) look alike (colour distance {d:.0f}, the models "
                    f"reach {a.radius:.0f} and {b.radius:.0f}): is one screenshot labelled "
                    "wrong, or does it not show its item?")


__all__ = ["ItemLearningError", "ItemShot", "LearnedItems", "learn_items"]
