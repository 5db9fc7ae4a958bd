"""The row of cards' search scores a width at a time, in the order of an upper bound of its
score (:func:`gridsight.vision.panels._best_row`, :func:`~gridsight.vision.panels._row_bounds`):
the same rows as the plain loop that scores every width at every gap, with far fewer widths
scored (the desktop search's first frame read some 80 rows of cards; bench/bench_desktop.py
prints its CPU)."""

from __future__ import annotations

import numpy as np
import pytest

from kit.plain_panels import plain_equal_intervals
from gridsight.vision import panels


def _cards(rng: np.random.Generator, n: int, count: int, width: int, gap: int) -> np.ndarray:
    """A balance of ``count`` cards ``width`` columns wide, ``gap`` apart, on ``n`` columns
    of ground, with noise (as panel_row's rows of a desktop capture's screen)."""
    balance = np.full(n, -0.6)
    start = int(rng.integers(0, n - count * width - (count - 1) * gap))
    for i in range(count):
        balance[start + i * (width + gap): start + i * (width + gap) + width] = 0.7
    return balance + rng.normal(0, 0.25, n)


def _table(balance: np.ndarray, least: int) -> np.ndarray:
    """:func:`panels._equal_intervals`' table: the sum over w columns from each start (rows
    from ``least``), -inf past the end."""
    n = len(balance)
    total = np.concatenate([[0.0], np.cumsum(balance)])
    table = np.full((n - least + 1, n + 1), -np.inf)
    for r, w in enumerate(range(least, n + 1)):
        table[r, : n - w + 1] = total[w:] - total[: n - w + 1]
    return table


@pytest.mark.parametrize("n, count, width, gap, ties", [(300, 3, 80, 12, True),
                                                     (260, 2, 100, 30, False)])
def test_rows_of_cards_are_the_plain_loops(n, count, width, gap, ties):
    """As wide as the desktop search's rows (260 to 620 columns), ties included (the plain
    loop's own random balances: tests/test_vision_bulk.py)."""
    rng = np.random.default_rng(n + count)
    balance = _cards(rng, n, count, width, gap)
    if ties:
        balance = np.round(balance * 2) / 2
    assert panels._equal_intervals(balance, 40.0, 3) == plain_equal_intervals(balance, 40.0, 3)


def test_row_bounds_hold_every_row_and_leave_few_widths_to_score():
    """No row of 2 or 3 intervals of a width, at any gap and start, scores above its
    width's bound (summed as the search sums them); on a row of three cards the widths
    whose bound reaches the best row, the only ones scored, are under a tenth of them."""
    rng = np.random.default_rng(34)
    for balance, least in ((rng.normal(size=70), 2), (np.round(rng.normal(size=60)), 3)):
        n = len(balance)
        table = _table(balance, least)
        bounds = None
        for count in (2, 3):
            bounds = panels._row_bounds(table, least, bounds, n // count - least + 1)
            for r in range(len(bounds)):
                w = least + r
                for gap in range(1, w):
                    for x in range(n - count * w - (count - 1) * gap + 1):
                        score = table[r, x] + table[r, x + w + gap]
                        if count == 3:
                            score += table[r, x + 2 * (w + gap)]
                        assert score <= bounds[r].max()
    balance = _cards(rng, 480, 3, 110, 60)
    table = _table(balance, 20)
    two = panels._row_bounds(table, 20, None, 480 // 2 - 19)
    three = panels._row_bounds(table, 20, two, 480 // 3 - 19).max(axis=1)
    score, starts, width = panels._best_row(table, 480, 20, 3, three)
    assert width == 110 and np.diff(starts).tolist() == [170, 170]
    assert 0 < (three >= score).sum() < 0.1 * len(three)
