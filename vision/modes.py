"""The densest place of a cloud of points: the colour most pixels of a patch share.

Several readers need "the colour of this band, not its blend with the edge or the sprite
across it": a patch's median is pulled by every outlier, its mode is not. :func:`densest`
finds the mode by a few mean-shift steps from the median, each step moving to the mean of
the points within ``radius``; it stops where too few points are near (``min_share``: the
median fell between two colours, and the last place is kept).

>>> import numpy as np
>>> band = np.array([[50.0, 0, 0]] * 8 + [[10.0, 0, 0]] * 3)
>>> float(densest(band, radius=5.0)[0]), float(np.median(band, axis=0)[0])
(50.0, 50.0)
>>> float(densest(np.array([[0.0], [1.0], [9.0], [10.0], [11.0]]), radius=2.0)[0])
10.0
"""

from __future__ import annotations

import numpy as np


def densest(points: np.ndarray, radius: float, *, steps: int = 5,
            min_share: float = 0.1) -> np.ndarray:
    """The densest place of ``points`` (rows of any space): from their median, at most
    ``steps`` mean-shift steps within ``radius``, stopping when fewer than ``min_share`` of
    the points are that near."""
    centre = np.median(points, axis=0)
    for _ in range(steps):
        near = points[np.linalg.norm(points - centre, axis=1) < radius]
        if len(near) < min_share * len(points):
            break
        centre = near.mean(axis=0)
    return centre
