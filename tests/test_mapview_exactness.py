"""How exactly alike a view's tiles are (:func:`gridsight.vision.mapview.exactness`), worked out
for many cameras at once, gives what the plain per-camera rule below says.

The plain rule: the map cells fully in view, each kind's tiles grouped by their mean colour
(each joining the first group whose first tile is within 30 levels on every channel), each
group's tiles compared with its median tile (NumPy's): a tile agrees when 97% of its pixels
are within the tolerance on every channel. The fast path (session 37: the tiles channel by
channel, the groups of every camera at once, the cameras showing the same cells together)
must give the same counts and spreads, and :func:`exactness_each` those of a call per camera
to the bit: a calibration compares them, and a bit off would reorder near ties.
"""

from __future__ import annotations

import numpy as np

from gridsight.vision import mapview
from gridsight.vision.mapview import TOLERANCE, exactness, exactness_each

T = 8  # small tiles keep the test quick


def _plain_groups(means: np.ndarray) -> list[tuple[int, ...]]:
    groups: list[list[int]] = []
    for i, m in enumerate(means):
        for group in groups:
            if np.all(np.abs(m - means[group[0]]) < 30.0):
                group.append(i)
                break
        else:
            groups.append([i])
    return [tuple(g) for g in groups]


def _plain_exactness(view: np.ndarray, kinds: np.ndarray, camera: tuple[int, int]
                     ) -> tuple[float, float]:
    h, w = view.shape[:2]
    cx, cy = camera
    c0, r0 = -(-cx // T), -(-cy // T)
    c1, r1 = min(kinds.shape[1] - 1, (cx + w) // T - 1), min(kinds.shape[0] - 1, (cy + h) // T - 1)
    cells = [(r, c) for r in range(r0, r1 + 1) for c in range(c0, c1 + 1)]
    tiles = {(r, c): view[r * T - cy : (r + 1) * T - cy, c * T - cx : (c + 1) * T - cx]
             .astype(np.float64) for r, c in cells}
    count, spread = 0.0, 0.0
    for k in sorted({int(kinds[cell]) for cell in cells}):
        if k < 0:
            continue
        members = [tiles[cell] for cell in cells if kinds[cell] == k]
        means = np.array([m.reshape(-1, 3).mean(axis=0) for m in members])
        for group in _plain_groups(means):
            median = np.median(np.stack([members[i] for i in group]), axis=0)
            for i in group:
                d = np.abs(members[i] - median).max(axis=2)
                count += float((d <= TOLERANCE).mean() >= 0.97)
                spread += float(np.minimum(d, 60).mean() / 60)
    return count / len(cells), -spread / len(cells)


def _view_and_kinds(seed: int) -> tuple[np.ndarray, np.ndarray]:
    """A random map of three kinds drawn at ``T`` pixels a cell (each kind's tile in two
    colourings, noise and a few odd pixels on each), and a view of it 7 x 5 cells large."""
    rng = np.random.default_rng(seed)
    kinds = rng.integers(-1, 3, size=(9, 11))
    designs = rng.integers(0, 200, size=(3, 2, T, T, 3))
    shades = rng.integers(0, 2, size=kinds.shape)
    drawn = np.zeros((9 * T, 11 * T, 3), np.int64)
    for (r, c), k in np.ndenumerate(kinds):
        tile = designs[max(k, 0), shades[r, c]] + rng.integers(-12, 13, size=(T, T, 3))
        odd = rng.random((T, T)) < rng.choice([0.0, 0.02, 0.2])
        tile[odd] += 60
        drawn[r * T : (r + 1) * T, c * T : (c + 1) * T] = tile
    return np.clip(drawn, 0, 255).astype(np.uint8), kinds


def test_every_cameras_exactness_is_the_plain_rules_and_a_call_of_its_own():
    for seed in range(3):
        picture, kinds = _view_and_kinds(seed)
        view = picture[13 : 13 + 5 * T, 6 : 6 + 7 * T].copy()
        # cameras whose full cells differ (some sharing theirs) and the view's own
        cameras = [(6 + dx, 13 + dy) for dx in (-5, -1, 0, 1, 3, 9) for dy in (-3, 0, 2, 11)]
        together = exactness_each(view, kinds, T, cameras)
        alone = [exactness(view, kinds, T, camera) for camera in cameras]
        assert [np.float64(f).tobytes() for pair in together for f in pair] == \
            [np.float64(f).tobytes() for pair in alone for f in pair]
        for camera, (share, spread) in zip(cameras, together):
            plain = _plain_exactness(view, kinds, camera)
            assert share == plain[0]
            assert abs(spread - plain[1]) < 1e-12


def test_colour_groups_of_many_cameras_at_once_are_each_cameras_own():
    rng = np.random.default_rng(5)
    for _ in range(50):
        means = rng.integers(0, 100, size=(4, int(rng.integers(1, 30)), 3)) / 1.5
        assert mapview._colour_groups_each(means) == [_plain_groups(m) for m in means]
