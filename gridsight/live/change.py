"""A cheap test of whether the picture changed: compare small grey thumbnails.

Reading cells costs milliseconds; comparing two 64-pixel-wide thumbnails costs microseconds
after one area resize (about 0.3 ms for a 640x480 frame). A tile changing on a board is many
thumbnail pixels changing by far more than the threshold; sensor-free emulator output does not
flicker, and JPEG-like noise on a mirrored phone stays below it.
"""

from __future__ import annotations

import cv2
import numpy as np

THUMB_WIDTH = 64
THRESHOLD = 6  # grey levels: a thumbnail pixel differing by more than this is a change


def thumbnail(pixels: np.ndarray, width: int = THUMB_WIDTH) -> np.ndarray:
    """A small grey copy of a BGR frame (``width`` pixels wide, aspect kept)."""
    h, w = pixels.shape[:2]
    width = max(1, min(width, w))
    height = max(1, round(h * width / w))
    small = cv2.resize(pixels, (width, height), interpolation=cv2.INTER_AREA)
    if small.ndim == 3:
        small = cv2.cvtColor(small, cv2.COLOR_BGR2GRAY)
    return small


class ChangeDetector:
    """Says whether each frame differs from the previous one it was shown."""

    def __init__(self, threshold: int = THRESHOLD):
        self.threshold = threshold
        self._last: np.ndarray | None = None

    def reset(self) -> None:
        self._last = None

    def changed(self, pixels: np.ndarray) -> bool:
        thumb = thumbnail(pixels)
        last, self._last = self._last, thumb
        if last is None or last.shape != thumb.shape:
            return True
        return int(cv2.absdiff(last, thumb).max()) > self.threshold
