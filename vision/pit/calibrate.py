"""Calibrating a pit: from the four corner holes a player marks to a geometry and a reference.

A 3D pit is a plane of holes seen in perspective. The player marks the centres of the four
corner holes on one screenshot; that fixes the board -> pixel homography
(:meth:`BoardGeometry.from_cell_centers`). To follow the pit as the camera moves we also keep a
*plan view* of it: the ground warped to an upright, top-down image at a fixed number of pixels
per cell, with a margin of ground around the holes. The plan view does not change when the
camera moves, so every later frame can be warped into it and compared with this reference
(the features to track are picked on the ground *between* the holes, which never changes when
a hole is dug).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

import cv2
import numpy as np

from gridsight.vision.errors import VisionInputError
from gridsight.vision.geometry import BoardGeometry

_EDGE_TO_CENTRE = np.array([[1, 0, -0.5], [0, 1, -0.5], [0, 0, 1]], dtype=np.float64)


class PitCalibrationError(VisionInputError):
    """The calibration image or the marked corners cannot be used (the message says why)."""


@dataclass(frozen=True)
class PlanView:
    """An upright, top-down picture of the board plane: ``px`` pixels per cell, ``margin`` cells
    of ground on every side. Plan pixel centres sit on integers (OpenCV's convention)."""

    rows: int
    cols: int
    px: int = 32
    margin: float = 1.5

    @property
    def size(self) -> tuple[int, int]:
        """(width, height) in pixels."""
        return (int(round((self.cols + 2 * self.margin) * self.px)),
                int(round((self.rows + 2 * self.margin) * self.px)))

    def to_board(self) -> np.ndarray:
        """3x3: plan pixel (centre convention) -> board point."""
        p, m = self.px, self.margin
        return np.array([[1 / p, 0, 0.5 / p - m], [0, 1 / p, 0.5 / p - m], [0, 0, 1]])

    def board_to_plan(self, points: np.ndarray) -> np.ndarray:
        pts = np.asarray(points, dtype=np.float64).reshape(-1, 2)
        return (pts + self.margin) * self.px - 0.5

    def plan_to_board(self, points: np.ndarray) -> np.ndarray:
        pts = np.asarray(points, dtype=np.float64).reshape(-1, 2)
        return (pts + 0.5) / self.px - self.margin

    def cell_box(self, row: int, col: int) -> tuple[int, int, int, int]:
        """The cell's square in the plan view: x0, y0, x1, y1 (exclusive)."""
        x0 = int(round((col + self.margin) * self.px))
        y0 = int(round((row + self.margin) * self.px))
        return x0, y0, x0 + self.px, y0 + self.px

    def warp(self, image: np.ndarray, homography: np.ndarray) -> np.ndarray:
        """``image`` seen through ``homography`` (board -> edge pixels), warped to the plan view.

        The image is first halved (Gaussian pyramid) while a cell stays at least ``px`` pixels
        wide, so the warp samples rather than aliases.
        """
        h = np.asarray(homography, dtype=np.float64)
        scale = _cell_scale(h, self.cols / 2, self.rows / 2)
        img = image
        while scale >= 2 * self.px and min(img.shape[:2]) > 64:
            img = cv2.pyrDown(img)
            h = np.diag([0.5, 0.5, 1.0]) @ h
            scale /= 2
        m = _EDGE_TO_CENTRE @ h @ self.to_board()
        return cv2.warpPerspective(img, m, self.size, flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                                   borderMode=cv2.BORDER_CONSTANT, borderValue=0)


def _cell_scale(h: np.ndarray, x: float, y: float) -> float:
    """Pixels per cell (square root of the Jacobian's determinant) at board point ``(x, y)``."""
    w = h[2, 0] * x + h[2, 1] * y + h[2, 2]
    u = (h[0, 0] * x + h[0, 1] * y + h[0, 2]) / w
    v = (h[1, 0] * x + h[1, 1] * y + h[1, 2]) / w
    jac = np.array([[h[0, 0] - u * h[2, 0], h[0, 1] - u * h[2, 1]],
                    [h[1, 0] - v * h[2, 0], h[1, 1] - v * h[2, 1]]]) / w
    return float(np.sqrt(abs(np.linalg.det(jac))))


def hole_mask(plan: PlanView, radius: float = 0.47) -> np.ndarray:
    """255 on the ground between the holes, 0 on each hole's disc and at the plan's rim."""
    w, h = plan.size
    mask = np.full((h, w), 255, dtype=np.uint8)
    for r in range(plan.rows):
        for c in range(plan.cols):
            centre = plan.board_to_plan([(c + 0.5, r + 0.5)])[0]
            cv2.circle(mask, (int(round(centre[0])), int(round(centre[1]))),
                       int(round(radius * plan.px)), 0, -1)
    mask[:4], mask[-4:], mask[:, :4], mask[:, -4:] = 0, 0, 0, 0
    return mask


# How features are picked on the plan view's ground (calibration and reloading a saved pit
# must pick the same): corners to track frame to frame, ORB features to find the pit again.
MAX_CORNERS, CORNER_QUALITY, CORNER_SPACING, CORNER_BLOCK = 300, 0.01, 6, 5
ORB_FEATURES, ORB_FAST_THRESHOLD, ORB_EDGE, ORB_PATCH = 1500, 10, 15, 15
SEEN_ERODE = 9  # pixels: ground this close to what the image did not show is not trusted


@dataclass(frozen=True, eq=False)
class PitFeatures:
    """Features of a plan view: ``points`` to track (plan pixels, float32 N x 2), and ORB
    keypoints (``orb_points``) with their binary ``orb_descriptors``."""

    points: np.ndarray = field(repr=False)
    orb_points: np.ndarray = field(repr=False)
    orb_descriptors: np.ndarray = field(repr=False)


def trackable_mask(plan: PlanView, shown: np.ndarray) -> np.ndarray:
    """255 on the ground between the holes that the calibration image showed (``shown``: a
    boolean plan-sized mask), a little away from its edge; 0 elsewhere."""
    seen = cv2.erode(shown.astype(np.uint8) * 255, np.ones((SEEN_ERODE, SEEN_ERODE), np.uint8))
    return cv2.bitwise_and(hole_mask(plan), seen)


def pick_features(gray: np.ndarray, mask: np.ndarray) -> PitFeatures:
    """The features of the grey plan view ``gray`` within ``mask`` (see :class:`PitFeatures`).

    The one place they are picked: calibrating a pit and loading a saved one must agree.
    """
    corners = cv2.goodFeaturesToTrack(gray, maxCorners=MAX_CORNERS, qualityLevel=CORNER_QUALITY,
                                      minDistance=CORNER_SPACING, mask=mask,
                                      blockSize=CORNER_BLOCK)
    points = np.zeros((0, 2), np.float32) if corners is None else corners.reshape(-1, 2)
    orb = cv2.ORB_create(nfeatures=ORB_FEATURES, fastThreshold=ORB_FAST_THRESHOLD,
                         edgeThreshold=ORB_EDGE, patchSize=ORB_PATCH)
    keypoints, descriptors = orb.detectAndCompute(gray, mask)
    if descriptors is None:
        descriptors = np.zeros((0, 32), np.uint8)
    return PitFeatures(points.astype(np.float32),
                       np.array([k.pt for k in keypoints], dtype=np.float32).reshape(-1, 2),
                       descriptors)


@dataclass(frozen=True, eq=False)
class PitCalibration:
    """What the reader knows about a pit after calibration.

    ``reference`` is the plan view (BGR) of the calibration image, ``points`` the trackable
    ground features in it (plan pixels), ``orb_points``/``orb_descriptors`` binary features of
    the same view for finding the pit again from scratch, and ``ground_level`` the median grey
    level of the ground (hole darkness is judged against it).
    """

    geometry: BoardGeometry
    plan: PlanView
    reference: np.ndarray = field(repr=False)
    reference_gray: np.ndarray = field(repr=False)
    points: np.ndarray = field(repr=False)
    orb_points: np.ndarray = field(repr=False)
    orb_descriptors: np.ndarray = field(repr=False)
    ground_level: float

    @property
    def rows(self) -> int:
        return self.geometry.rows

    @property
    def cols(self) -> int:
        return self.geometry.cols


def _check_corners(corners: Sequence[Sequence[float]], shape: tuple[int, ...]) -> np.ndarray:
    try:
        pts = np.asarray(corners, dtype=np.float64)
    except (TypeError, ValueError):
        raise PitCalibrationError("corner holes must be four (x, y) points") from None
    if pts.shape != (4, 2):
        raise PitCalibrationError(
            f"corner holes must be four (x, y) points (top-left, top-right, bottom-right, "
            f"bottom-left), got shape {pts.shape}")
    names = ("top-left", "top-right", "bottom-right", "bottom-left")
    for name, (x, y) in zip(names, pts):
        for v in (x, y):
            if not np.isfinite(v):  # (said in words: it was "got shape (4, 2)")
                what = "not a number" if np.isnan(v) else "not a finite number"
                raise PitCalibrationError(
                    f"the {name} corner hole ({x:g}, {y:g}): {v:g} is {what}")
    height, width = shape[:2]
    for name, (x, y) in zip(names, pts):
        if not (0 <= x < width and 0 <= y < height):
            raise PitCalibrationError(
                f"the {name} corner hole ({x:g}, {y:g}) is outside the {width}x{height} image")
    # TL, TR, BR, BL must go round clockwise on screen (y down) without crossing.
    edges = [pts[(i + 1) % 4] - pts[i] for i in range(4)]
    crosses = [edges[i][0] * edges[(i + 1) % 4][1] - edges[i][1] * edges[(i + 1) % 4][0]
               for i in range(4)]
    if not all(c > 0 for c in crosses):
        raise PitCalibrationError(
            "the corner holes must be given in order top-left, top-right, bottom-right, "
            "bottom-left and form a convex quadrilateral")
    return pts


def calibrate_pit(
    image: np.ndarray,
    corner_hole_centres: Sequence[Sequence[float]],
    rows: int,
    cols: int,
    *,
    plan_px: int = 32,
    margin: float = 1.5,
    min_points: int = 40,
) -> PitCalibration:
    """Calibrate a pit from one screenshot and the pixel centres of its four corner holes.

    ``corner_hole_centres`` are top-left, top-right, bottom-right, bottom-left, each ``(x, y)``
    in edge-convention pixels (as :class:`BoardGeometry` uses). Raises
    :class:`PitCalibrationError` for an unusable image, corners out of the image or out of
    order, or a pit with too little texture to follow.
    """
    if not isinstance(image, np.ndarray) or image.ndim != 3 or image.shape[2] != 3 \
            or image.dtype != np.uint8 or image.shape[0] < 16 or image.shape[1] < 16:
        raise PitCalibrationError("the calibration image must be a BGR uint8 picture")
    if rows < 2 or cols < 2:
        raise PitCalibrationError(f"a pit needs at least 2x2 holes, got {rows}x{cols}")
    pts = _check_corners(corner_hole_centres, image.shape)
    geometry = BoardGeometry.from_cell_centers(pts, rows, cols)
    plan = PlanView(rows, cols, plan_px, margin)
    reference = plan.warp(image, geometry.homography)
    gray = cv2.cvtColor(reference, cv2.COLOR_BGR2GRAY)
    # Ground the calibration image does not show (off-screen) warps to black: not trackable.
    shown = plan.warp(np.full(image.shape[:2], 255, np.uint8), geometry.homography) > 128
    mask = trackable_mask(plan, shown)
    features = pick_features(gray, mask)
    points = features.points
    if len(points) < min_points:
        raise PitCalibrationError(
            f"the pit's ground shows too little texture to follow ({len(points)} features, "
            f"need {min_points}); check the corner holes")
    ground = gray[mask > 0]
    return PitCalibration(
        geometry=geometry,
        plan=plan,
        reference=reference,
        reference_gray=gray,
        points=points,
        orb_points=features.orb_points,
        orb_descriptors=features.orb_descriptors,
        ground_level=float(np.median(ground)) if ground.size else 128.0,
    )
