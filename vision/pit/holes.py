"""Is each hole of the pit an undug mound, a dug hole, or unreadable in this frame?

Read on the plan view (the frame warped upright through the registered geometry), so the
camera's position does not matter. A mound is recognised by looking like the same hole in the
calibration reference (taken before any digging: close in grey level, and with the same
light and shade, a correlation of at least 0.5, so a flat thing of a mound's grey standing in
front, Link's body in a grey look, is not one); a dug hole by a dark centre: most of it
darker than ``dark_share`` (35%) of the ground's median grey, which a hole's shadowed depth is
and an item passing in front of it (even a dark bomb) is not. Anything else (an item rising
out of the hole, Link's body in front, a cell off screen or seen too small) is ``unknown``: the
tracker waits for a clearer frame instead of guessing.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from functools import lru_cache

import cv2
import numpy as np

from gridsight.vision.geometry import BoardGeometry
from gridsight.vision.pit.calibrate import PitCalibration
from gridsight.vision.pit.register import _project, jacobian_ratio_and_scale


class HoleState(str, Enum):
    MOUND = "mound"
    HOLE = "hole"
    UNKNOWN = "unknown"


@dataclass(frozen=True)
class HoleRead:
    """One hole in one frame: its state, a confidence in [0, 1], and the two measures behind
    it (``darkness``: share of dark pixels in the centre; ``mound_diff``: mean grey-level
    difference from the reference mound; ``mound_corr``: correlation with it)."""

    row: int
    col: int
    state: HoleState
    confidence: float
    darkness: float = 0.0
    mound_diff: float = 0.0
    mound_corr: float = 0.0


@lru_cache(maxsize=8)
def _discs(px: int) -> tuple[np.ndarray, np.ndarray]:
    """Boolean masks on a px x px cell: the centre (radius 0.2 cell) and the mound (0.42)."""
    yy, xx = np.mgrid[0:px, 0:px]
    d = np.hypot(xx + 0.5 - px / 2, yy + 0.5 - px / 2) / px
    return d <= 0.2, d <= 0.42


def _correlation(a: np.ndarray, b: np.ndarray) -> float:
    """Pearson correlation of two sets of grey levels (0 when either is flat)."""
    a = a.astype(np.float32) - a.mean()
    b = b.astype(np.float32) - b.mean()
    norm = float(np.sqrt((a * a).sum() * (b * b).sum()))
    return float((a * b).sum() / norm) if norm > 1e-6 else 0.0


def read_holes(
    frame: np.ndarray,
    geometry: BoardGeometry,
    calibration: PitCalibration,
    *,
    min_cell_px: float = 12.0,
    mound_tolerance: float = 26.0,
    min_darkness: float = 0.7,
    dark_share: float = 0.35,
    min_mound_corr: float = 0.5,
) -> tuple[HoleRead, ...]:
    """Read every hole of ``frame`` (grey, or BGR) through ``geometry``; row-major order."""
    plan = calibration.plan
    gray = frame if frame.ndim == 2 else cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
    view = plan.warp(gray, geometry.homography).astype(np.int16)
    reference = calibration.reference_gray.astype(np.int16)
    centre, mound = _discs(plan.px)
    dark_level = dark_share * calibration.ground_level
    height, width = gray.shape[:2]
    rows, cols = plan.rows, plan.cols
    # Every cell's corners and centre at once.
    cc, rr = np.meshgrid(np.arange(cols), np.arange(rows))
    corners = np.stack([np.stack([cc + dx, rr + dy], -1) for dx, dy in
                        ((0, 0), (1, 0), (1, 1), (0, 1))], 2).reshape(-1, 2)
    quad, w = _project(geometry.homography, corners)
    quad, w = quad.reshape(rows * cols, 4, 2), w.reshape(rows * cols, 4)
    inside = np.all(w > 0, axis=1) & np.all(quad >= 1, axis=(1, 2)) \
        & np.all(quad[..., 0] < width - 1, axis=1) & np.all(quad[..., 1] < height - 1, axis=1)
    centres = np.stack([cc + 0.5, rr + 0.5], -1).reshape(-1, 2)
    _, short = jacobian_ratio_and_scale(geometry.homography, centres)
    readable = inside & (short >= min_cell_px)
    reads = []
    for k in range(rows * cols):
        r, c = divmod(k, cols)
        if not readable[k]:
            reads.append(HoleRead(r, c, HoleState.UNKNOWN, 0.0))
            continue
        x0, y0, x1, y1 = plan.cell_box(r, c)
        patch = view[y0:y1, x0:x1]
        ref_patch = reference[y0:y1, x0:x1]
        diff = float(np.abs(patch - ref_patch)[mound].mean())
        corr = _correlation(patch[mound], ref_patch[mound])
        darkness = float((patch[centre] < dark_level).mean())
        # Darkness first: a hole already open in the calibration view matches the reference
        # too, and must still read as a hole.
        if darkness >= min_darkness:
            state, conf = HoleState.HOLE, darkness
        elif diff < mound_tolerance and corr >= min_mound_corr:
            state, conf = HoleState.MOUND, 1.0 - 0.5 * diff / mound_tolerance
        else:
            state, conf = HoleState.UNKNOWN, 0.0
        reads.append(HoleRead(r, c, state, conf, darkness, diff, corr))
    return tuple(reads)
