"""The bulk versions of the panels' and colours' inner steps give exactly what the plain loops
gave (same values, same dtypes, same ties), on random inputs shaped like the real ones: they
replaced those loops for speed (bench/bench_panel_search.py), not to read differently."""

from __future__ import annotations

import numpy as np
import pytest

from kit.plain_panels import (
    plain_along,
    plain_equal_intervals,
    plain_ground_by_rows,
    plain_modes,
)
from gridsight.vision import modes, panels


def _same(a: np.ndarray, b: np.ndarray) -> bool:
    return a.dtype == b.dtype and a.shape == b.shape and np.array_equal(a, b, equal_nan=True)


@pytest.mark.parametrize("seed", range(3))
def test_equal_intervals_finds_the_same_row_as_the_plain_search(seed):
    rng = np.random.default_rng(seed)
    for trial in range(60):
        # (every sixth as wide as the desktop search's rows of cards: 260 to 620 columns)
        n = int(rng.integers(1, 120 if trial % 6 else 400))
        if rng.random() < 0.5:  # a row of cards: panels of one width on a ground
            count, width, gap = int(rng.integers(1, 4)), int(rng.integers(3, 30)), \
                int(rng.integers(1, 8))
            balance = np.full(n, -0.5)
            start = int(rng.integers(0, 10))
            for i in range(count):
                balance[start + i * (width + gap): start + i * (width + gap) + width] = 0.8
            balance += rng.normal(0, 0.3, n)
        else:
            balance = rng.normal(size=n)
        if rng.random() < 0.3:
            balance = np.round(balance)  # ties
        min_w, most = float(rng.uniform(0, 12)), int(rng.integers(1, 6))
        assert panels._equal_intervals(balance, min_w, most) == \
            plain_equal_intervals(balance, min_w, most)


def test_ground_by_rows_takes_the_same_medians_as_a_row_by_row_loop():
    rng = np.random.default_rng(7)
    for _ in range(200):
        h, w = (int(v) for v in rng.integers(1, 40, 2))
        lab = (rng.normal(size=(h, w, 3)) * 30).astype(rng.choice([np.float32, np.float64]))
        if rng.random() < 0.5:
            lab = np.round(lab)  # equal middle values
        is_ground = rng.random((h, w)) < rng.random()
        ground, min_h = lab[0, 0], float(rng.uniform(1, 30))
        assert _same(panels._ground_by_rows(lab, is_ground, ground, min_h),
                     plain_ground_by_rows(lab, is_ground, ground, min_h))


def test_distances_and_along_are_the_plain_pixels_by_3_values():
    """The planes channel by channel give the values of the pixels-by-3 arrays: the distance
    to one colour or to one a row, and how far along from the ground's colour to the panel's
    (NaN off the line), the panel near the ground or far from it."""
    rng = np.random.default_rng(10)
    for k in range(60):
        h, w = (int(v) for v in rng.integers(1, 200, 2))
        lab = (rng.normal(size=(h, w, 3)) * rng.choice([1, 30, 1000])).astype(np.float32)
        rows = (rng.normal(size=(h, 3)) * 30).astype(np.float32)
        panel = (rows[0] + rng.normal(size=3) * (3 if k % 2 else 30)).astype(np.float32)
        if k % 3 == 0:
            lab[: h // 2] = rows[: h // 2, None, :] + (panel - rows[: h // 2, None, :]) * \
                rng.uniform(-1, 2, (h // 2, w, 1)).astype(np.float32)  # on the line
        assert _same(panels._distances(lab, panel), np.linalg.norm(lab - panel, axis=2))
        assert _same(panels._distances(lab, rows),
                     np.linalg.norm(lab - rows[:, None, :], axis=2))
        assert _same(panels._along(lab, rows, panel), plain_along(lab, rows, panel))


def test_densest_is_the_plain_mean_shift_bit_for_bit():
    rng = np.random.default_rng(9)
    cases = [(np.array([[1.0, np.nan], [2.0, 3.0]]), 5.0, {}),  # NaN: the plain path
             (np.array([[1, 2], [3, 4], [5, 9]], np.uint8), 5.0, {})]  # integers: the same
    for _ in range(500):
        n, d = int(rng.integers(1, 80)), int(rng.integers(1, 4))
        points = rng.normal(size=(n, d)) * 20
        if rng.random() < 0.5:
            points = np.round(points)
        cases.append((points.astype(rng.choice([np.float32, np.float64])),
                      float(rng.uniform(1, 30)),
                      {"steps": int(rng.integers(1, 7)), "min_share": float(rng.uniform(0, 0.5))}))
    for points, radius, options in cases:
        assert _same(modes.densest(points, radius, **options),
                     modes._densest_plain(points, radius, **options))


def test_densest_each_is_densest_of_each_cloud_bit_for_bit():
    """Clouds of any size and space (one dimension, ties, negative zeros, NaN, steps that
    stop at different times for different clouds): each row is ``densest`` of its cloud."""
    rng = np.random.default_rng(11)
    cases = [(np.array([[[1.0, np.nan], [2.0, 3.0]], [[0.0, 1.0], [2.0, 2.0]]]), 5.0, {}),
             (np.array([[[-0.0, 3.0]], [[0.0, -0.0]]], np.float32), 2.0, {"min_share": 0.5})]
    for k in range(300):
        m, n, d = int(rng.integers(1, 12)), int(rng.integers(1, 120)), int(rng.integers(1, 5))
        points = rng.normal(size=(m, n, d)) * 20
        if k % 3 == 0:  # two colours and their blend, as a tile's rim
            points = rng.normal(size=(m, n, d)) + rng.choice([0.0, 30.0, -15.0], (m, n, 1))
        if k % 3 == 1:  # whole values, many of them zeros of either sign
            points = np.round(points) * rng.choice([0.0, 1.0, -1.0], (m, n, d))
        cases.append((points.astype(rng.choice([np.float32, np.float64])),
                      float(rng.choice([2.0, 4.0, 12.0, 30.0])),
                      {"steps": int(rng.integers(1, 7)),
                       "min_share": float(rng.choice([0.1, 0.15, 0.5]))}))
    for clouds, radius, options in cases:
        each = modes.densest_each(clouds, radius, **options)
        assert each.shape == (clouds.shape[0], clouds.shape[2])
        for cloud, row in zip(clouds, each):
            one = modes.densest(cloud, radius, **options)
            assert _same(row, one) and np.array_equal(np.signbit(row), np.signbit(one))


def test_the_colour_histogram_pooled_axis_by_axis_is_the_27_sums():
    from gridsight.vision import glyphs

    rng = np.random.default_rng(12)
    for k in range(200):
        pixels = rng.uniform(0, 256, (int(rng.integers(1, 5000)), 3)) if k % 2 else \
            rng.choice([0.0, 17.0, 128.0, 255.0], (int(rng.integers(1, 5000)), 3))
        cells = np.clip(pixels // 16, 0, 15).astype(np.int32)
        counts = np.bincount(cells[:, 0] * 256 + cells[:, 1] * 16 + cells[:, 2],
                             minlength=4096).reshape(16, 16, 16).astype(np.float32)
        assert _same(glyphs._pooled(counts), glyphs._pooled_plain(counts))



def test_the_main_colours_are_the_plain_mean_shifts_bit_for_bit():
    """:func:`~gridsight.vision.panels._modes` (its seeds binned by one whole number a row,
    only the seeds still moving stepped again) finds the plain version's modes to the bit:
    pictures of one to four flat colours under noise, every third on a grid of quarter units
    (many pixels of one colour, distances at the radius nearer a tie), each also sought away
    from its corner's colour as :func:`~gridsight.vision.panels.panel_row` seeks panels."""
    rng = np.random.default_rng(45)
    for trial in range(30):
        h, w = int(rng.integers(5, 60)), int(rng.integers(5, 90))
        colours = rng.uniform([0, -40, -40], [100, 40, 40], (int(rng.integers(1, 5)), 3))
        lab = colours[rng.integers(0, len(colours), (h, w))] \
            + rng.normal(0, rng.uniform(0, 3), (h, w, 3))
        if trial % 3 == 0:
            lab = np.round(lab * 4) / 4
        lab = lab.astype(np.float32)
        for kwargs in ({}, {"max_modes": 6, "away": lab[0, 0], "distance": 2.0}):
            got, want = panels._modes(lab, **kwargs), plain_modes(lab, **kwargs)
            assert len(got) == len(want), (trial, kwargs)
            assert all(_same(a, b) for a, b in zip(got, want)), (trial, kwargs)
