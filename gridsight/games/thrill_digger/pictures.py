"""Reading the pictures of a Thrill Digger calibration or pit pack folder, bounded.

Shared by the calibration (:mod:`.calibration`) and the pit pack (:mod:`.pack`), which load
each other's parts: kept here so that neither imports the other to read a file.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from gridsight.safefiles import read_regular

#: The largest calibration file or picture read (a plan view is well under a megabyte).
MAX_FILE_BYTES = 20_000_000
MAX_PICTURE_PIXELS = 4_000_000


def read_picture(path: Path, flags: int):
    """A picture of a calibration folder, or ``None`` when it is missing or not a picture:
    a regular file (never a link, a FIFO or a device), at most :data:`MAX_FILE_BYTES`, its
    size read from its header (at most :data:`MAX_PICTURE_PIXELS`) before it is decoded."""
    import cv2

    from gridsight.vision.images import image_size

    try:
        data = read_regular(path, limit=MAX_FILE_BYTES, follow=False)
    except OSError:
        return None
    size = image_size(data)
    if size is None or size[1] * size[2] > MAX_PICTURE_PIXELS:
        return None
    try:
        return cv2.imdecode(np.frombuffer(data, np.uint8), flags)
    except cv2.error:
        return None


__all__ = ["MAX_FILE_BYTES", "MAX_PICTURE_PIXELS", "read_picture"]
