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
    the points are that near.

    Readers call it tens of thousands of times a screen on a few dozen points, where
    ``np.median``, ``np.linalg.norm`` and ``ndarray.mean`` cost more in their checks than in
    their sums: on rows of float32 or float64 without NaN the same sums are done directly
    (the same reductions in the same order, so the same bits: :func:`_densest_plain` is the
    reference), and the steps stop once they take the same points again (a fixed point)."""
    if points.ndim != 2 or points.dtype not in _FLOATS or not len(points) \
            or np.isnan(points).any():
        return _densest_plain(points, radius, steps=steps, min_share=min_share)
    size = len(points)
    middle = size // 2
    ordered = np.sort(points, axis=0)
    centre = _mean_rows(ordered[middle - 1 : middle + 1] if size % 2 == 0
                        else ordered[middle : middle + 1])
    taken = b""
    for _ in range(steps):
        offset = points - centre
        inside = np.sqrt(np.add.reduce(offset * offset, axis=1)) < radius
        if inside.tobytes() == taken:
            break  # the same points as the last step: their mean is ``centre`` again
        near = points[inside]
        if len(near) < min_share * size:
            break
        centre = _mean_rows(near)
        taken = inside.tobytes()
    return centre


_FLOATS = (np.dtype(np.float32), np.dtype(np.float64))


def densest_each(clouds: np.ndarray, radius: float, *, steps: int = 5,
                 min_share: float = 0.1) -> np.ndarray:
    """:func:`densest` of each cloud of ``clouds`` (shape: clouds, points, space), all at
    once: row ``i`` of the answer is ``densest(clouds[i], ...)`` to the bit.

    A screen's tiles each have a few patches of the same shape (a rim, its sides, its
    halves) whose colours are wanted: one call per patch costs more in NumPy's calls than
    in the sums. Here every step is taken for all the clouds together; a cloud whose steps
    have stopped keeps its place. The sums are the same as :func:`densest`'s, in the same
    order: each point's squared distance adds its coordinates along the same last axis, and a
    mean adds the points one after another, the points not taken as zeros (adding a zero
    changes no sum), then divides by the count as :func:`_mean_rows` does. (A space of one
    dimension is summed pairwise by NumPy: those clouds go one by one.)"""
    if clouds.ndim != 3 or clouds.dtype not in _FLOATS or not clouds.shape[1] \
            or clouds.shape[2] < 2 or np.isnan(clouds).any():
        return np.array([densest(c, radius, steps=steps, min_share=min_share)
                         for c in clouds]).reshape(clouds.shape[0], clouds.shape[2])
    count, size, space = clouds.shape
    middle = size // 2
    ordered = np.sort(clouds, axis=1)
    middles = ordered[:, middle - 1 : middle + 1] if size % 2 == 0 \
        else ordered[:, middle : middle + 1]
    centres = np.add.reduce(middles, axis=1)
    np.true_divide(centres, np.intp(middles.shape[1]), out=centres, casting="unsafe")
    # The steps work on the points first (points, clouds, space): a mean's sum is then the
    # sum of the rows of a (points, clouds x space) table, which NumPy adds row after row
    # (as :func:`_mean_rows`, every column at once), and each coordinate is a plain slice.
    points = np.ascontiguousarray(clouds.transpose(1, 0, 2))
    coords = [points[:, :, j] for j in range(space)]
    active = np.ones(count, bool)
    taken = np.zeros((size, count), bool)
    started = False
    for _ in range(steps):
        if space <= 4:
            # the squares added one after another, as NumPy adds a last axis this short
            offsets = [c - centres[:, j] for j, c in enumerate(coords)]
            squares = [offset * offset for offset in offsets]
            total = squares[0] + squares[1]
            for square in squares[2:]:
                total += square
        else:
            offset = points - centres
            total = np.add.reduce(offset * offset, axis=2)
        inside = np.sqrt(total) < radius
        if started:
            active &= (inside != taken).any(axis=0)  # the same points: a fixed point
        near = np.add.reduce(inside, axis=0)
        active &= near >= min_share * size
        if not active.any():
            break
        # Row after row: strictly in order, the points not taken as zeros (adding a zero
        # changes no sum); plus a zero, as NumPy's sum starts from one (a sum of zeros is +0,
        # never -0).
        taken_points = np.where(inside[:, :, None], points, 0).reshape(size, -1)
        sums = np.add.reduce(taken_points, axis=0).reshape(count, space) + 0
        with np.errstate(invalid="ignore", divide="ignore"):  # clouds stopped: not kept
            means = np.true_divide(sums, near.astype(np.intp)[:, None], out=sums,
                                   casting="unsafe")
        centres[active] = means[active]
        taken = inside
        started = True
    return centres


def _mean_rows(rows: np.ndarray) -> np.ndarray:
    """``rows.mean(axis=0)`` for float rows, as NumPy computes it (a sum, then a division
    by the count as an ``intp`` into the sum's own type)."""
    total = np.add.reduce(rows, axis=0)
    return np.true_divide(total, np.intp(len(rows)), out=total, casting="unsafe")


def _densest_plain(points: np.ndarray, radius: float, *, steps: int = 5,
                   min_share: float = 0.1) -> np.ndarray:
    """:func:`densest` with NumPy's own median, norm and mean (any dtype, NaN included)."""
    centre = np.median(points, axis=0)
    for _ in range(steps):
        near = points[np.linalg.norm(points - centre, axis=1) < radius]
        if len(near) < min_share * len(points):
            break
        centre = near.mean(axis=0)
    return centre
