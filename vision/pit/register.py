"""Keeping a pit registered while the camera moves, and knowing when not to trust it.

Each frame is warped into the calibration's plan view through the predicted geometry (the last
one, moved on at the last frame's speed), and the reference's ground features are tracked into
it with pyramidal Lucas-Kanade. A robust homography fit (RANSAC) of the reference points to where
they were found is the small correction that maps the prediction onto the truth. Because every
frame is compared with the *reference*, not just with the previous frame, errors do not
accumulate (the chain only supplies the starting guess); the features sit on the ground between
the holes, so dug holes, items and Link's body are outliers that RANSAC drops.

When tracking fails (a cut, a long occlusion), the pit is found again from scratch by matching
ORB features of the frame with the reference's.

A registration is *trusted* only when enough of the visible features agree (else the view is
``occluded``, or ``out of view`` when too little of the pit is on screen) and the plane is not
seen too edge-on (``oblique``: the median foreshortening of the board's cells, the ratio of the
smaller to the larger singular value of the homography's Jacobian, is too small). An untrusted
registration carries no geometry to read from.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from gridsight.vision.geometry import BoardGeometry
from gridsight.vision.pit.calibrate import PitCalibration

_LK = dict(winSize=(13, 13), maxLevel=2,
           criteria=(cv2.TERM_CRITERIA_COUNT | cv2.TERM_CRITERIA_EPS, 12, 0.03))


@dataclass(frozen=True, eq=False)
class Registration:
    """The board's place in one frame.

    ``geometry`` is set only when ``trusted``; ``estimate`` is the best guess even when not
    (``None`` when the pit is lost). ``status`` is ``ok``, ``oblique``, ``occluded``,
    ``out of view`` or ``lost``. ``confidence`` is in [0, 1]; ``inliers`` of ``visible``
    reference features agreed; ``foreshortening`` is the median over the visible cells
    (1 = seen head-on).
    """

    geometry: BoardGeometry | None
    trusted: bool
    status: str
    confidence: float
    inliers: int
    visible: int
    foreshortening: float
    reacquired: bool = False
    estimate: BoardGeometry | None = None


def jacobian_ratio_and_scale(h: np.ndarray, points: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """At each board point: (smaller / larger singular value, smaller singular value) of the
    homography's Jacobian. The first says how oblique the plane is there, the second how many
    pixels the shorter side of a cell spans."""
    pts = np.asarray(points, dtype=np.float64).reshape(-1, 2)
    x, y = pts[:, 0], pts[:, 1]
    w = h[2, 0] * x + h[2, 1] * y + h[2, 2]
    u = (h[0, 0] * x + h[0, 1] * y + h[0, 2]) / w
    v = (h[1, 0] * x + h[1, 1] * y + h[1, 2]) / w
    jac = np.empty((len(pts), 2, 2))
    jac[:, 0, 0] = (h[0, 0] - u * h[2, 0]) / w
    jac[:, 0, 1] = (h[0, 1] - u * h[2, 1]) / w
    jac[:, 1, 0] = (h[1, 0] - v * h[2, 0]) / w
    jac[:, 1, 1] = (h[1, 1] - v * h[2, 1]) / w
    s = np.linalg.svd(jac, compute_uv=False)
    return s[:, 1] / np.maximum(s[:, 0], 1e-12), s[:, 1]


def _project(h: np.ndarray, points: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    pts = np.asarray(points, dtype=np.float64).reshape(-1, 2)
    hom = np.column_stack([pts, np.ones(len(pts))]) @ h.T
    return hom[:, :2] / hom[:, 2:3], hom[:, 2]


class PitRegistrar:
    """Follows one calibrated pit through a sequence of frames (call :meth:`register` per frame).

    Thresholds: at least ``min_visible`` reference features on screen, at least ``min_inliers``
    of them and a share ``min_inlier_ratio`` agreeing, a median cell foreshortening of at least
    ``min_foreshortening``.
    """

    def __init__(
        self,
        calibration: PitCalibration,
        *,
        min_visible: int = 40,
        min_inliers: int = 30,
        min_inlier_ratio: float = 0.3,
        min_foreshortening: float = 0.35,
        reacquire: bool = True,
    ):
        self.cal = calibration
        self.min_visible = min_visible
        self.min_inliers = min_inliers
        self.min_inlier_ratio = min_inlier_ratio
        self.min_foreshortening = min_foreshortening
        self.reacquire_enabled = reacquire
        plan = calibration.plan
        self._a = plan.to_board()
        self._a_inv = np.linalg.inv(self._a)
        self._ref_board = plan.plan_to_board(calibration.points)
        self._cells = np.array([(c + 0.5, r + 0.5) for r in range(plan.rows)
                                for c in range(plan.cols)], dtype=np.float64)
        self._orb = cv2.ORB_create(nfeatures=1200, fastThreshold=10, edgeThreshold=15,
                                   patchSize=15)
        self._matcher = cv2.BFMatcher(cv2.NORM_HAMMING)
        self.reset(calibration.geometry)

    def reset(self, geometry: BoardGeometry | None = None) -> None:
        """Start again from ``geometry`` (or from nothing: the next frame is searched)."""
        self._h = None if geometry is None else geometry.homography.copy()
        self._h_prev: np.ndarray | None = None

    # -- the steps

    def _refine(self, gray: np.ndarray, h: np.ndarray, rounds: int = 2
                ) -> tuple[np.ndarray, int, int]:
        """Correct ``h`` by tracking the reference features; returns (h, inliers, visible)."""
        height, width = gray.shape[:2]
        inliers = visible = 0
        for _ in range(rounds):
            img_pts, w = _project(h, self._ref_board)
            on = (w > 0) & (img_pts[:, 0] > 6) & (img_pts[:, 0] < width - 6) \
                & (img_pts[:, 1] > 6) & (img_pts[:, 1] < height - 6)
            visible = int(on.sum())
            if visible < max(self.min_visible // 2, 8):
                return h, 0, visible
            plan_now = self.cal.plan.warp(gray, h)
            ref = self.cal.points[on].reshape(-1, 1, 2)
            found, status, _err = cv2.calcOpticalFlowPyrLK(
                self.cal.reference_gray, plan_now, ref, ref.copy(),
                flags=cv2.OPTFLOW_USE_INITIAL_FLOW, **_LK)
            ok = status.reshape(-1) == 1
            if ok.sum() < 8:
                return h, 0, visible
            src, dst = ref.reshape(-1, 2)[ok], found.reshape(-1, 2)[ok]
            hr, mask = cv2.findHomography(src, dst, cv2.RANSAC, 2.5, maxIters=500,
                                          confidence=0.995)
            if hr is None:
                return h, 0, visible
            inliers = int(mask.sum())
            h = h @ self._a @ hr @ self._a_inv
            h = h / h[2, 2]
            moved = np.median(np.linalg.norm((dst - src)[mask.reshape(-1) > 0], axis=1))
            if moved < 0.75:
                break
        return h, inliers, visible

    def _search(self, gray: np.ndarray) -> np.ndarray | None:
        """Find the pit from scratch: ORB on the half-size frame against the reference."""
        small = cv2.pyrDown(gray)
        keypoints, desc = self._orb.detectAndCompute(small, None)
        if desc is None or len(self.cal.orb_descriptors) < 8:
            return None
        pairs = self._matcher.knnMatch(self.cal.orb_descriptors, desc, k=2)
        good = [p[0] for p in pairs if len(p) == 2 and p[0].distance < 0.8 * p[1].distance]
        if len(good) < 12:
            return None
        src = self.cal.orb_points[[m.queryIdx for m in good]]
        dst = np.array([keypoints[m.trainIdx].pt for m in good], dtype=np.float32) * 2 + 0.5
        # dst are half-size centre-convention points scaled back to full size (centre conv.).
        m, mask = cv2.findHomography(src, dst, cv2.RANSAC, 6.0, maxIters=2000)
        if m is None or mask.sum() < 12:
            return None
        centre_to_edge = np.array([[1, 0, 0.5], [0, 1, 0.5], [0, 0, 1.0]])
        h = centre_to_edge @ m @ self._a_inv
        return h / h[2, 2]

    # -- the public step

    def register(self, frame: np.ndarray) -> Registration:
        """Register one frame (BGR or grey) and say how far to trust it."""
        gray = frame if frame.ndim == 2 else cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
        reacquired = False
        result = None
        if self._h is not None:
            guess = self._h
            if self._h_prev is not None:  # constant velocity in the image
                guess = self._h @ np.linalg.inv(self._h_prev) @ self._h
            result = self._refine(gray, guess)
            if guess is not self._h and not self._good(*result[1:]):
                result = self._refine(gray, self._h)
        if (result is None or not self._good(*result[1:])) and self.reacquire_enabled:
            found = self._search(gray)
            if found is not None:
                candidate = self._refine(gray, found, rounds=3)
                if self._good(*candidate[1:]):
                    result, reacquired = candidate, True
        if result is None:
            return Registration(None, False, "lost", 0.0, 0, 0, 0.0)
        h, inliers, visible = result
        if visible < self.min_visible:
            self._h_prev = None
            return Registration(None, False, "out of view", 0.0, inliers, visible, 0.0,
                                reacquired, self._estimate(self._h))
        if not self._good(inliers, visible):
            self._h_prev = None
            ratio = inliers / max(visible, 1)
            return Registration(None, False, "occluded", float(ratio) * 0.5, inliers, visible,
                                0.0, reacquired, self._estimate(self._h))
        # The fit is good: follow it, even if the view is too oblique to read from.
        self._h_prev, self._h = (self._h if not reacquired else None), h
        ratio_fs, _ = jacobian_ratio_and_scale(h, self._cells)
        _, w = _project(h, self._cells)
        fs = float(np.median(ratio_fs[w > 0])) if np.any(w > 0) else 0.0
        geometry = self._estimate(h)
        inlier_share = inliers / visible
        confidence = float(min(1.0, inlier_share / 0.8)
                           * min(1.0, fs / (2 * self.min_foreshortening)))
        if fs < self.min_foreshortening or np.any(w <= 0):
            return Registration(None, False, "oblique", confidence, inliers, visible, fs,
                                reacquired, geometry)
        return Registration(geometry, True, "ok", confidence, inliers, visible, fs, reacquired,
                            geometry)

    def _good(self, inliers: int, visible: int) -> bool:
        return inliers >= self.min_inliers and inliers >= self.min_inlier_ratio * max(visible, 1)

    def _estimate(self, h: np.ndarray | None) -> BoardGeometry | None:
        if h is None:
            return None
        try:
            return BoardGeometry(self.cal.rows, self.cal.cols, h)
        except ValueError:
            return None
