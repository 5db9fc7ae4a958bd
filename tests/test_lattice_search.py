"""The lattice search of one picture asked twice, and the frame count made a few columns at a
time: the desktop search's first frame paid for both in full on every read finding nothing."""

from __future__ import annotations

import numpy as np
import pytest

from gridsight.games.disco_zoo.cards import frame_sides
from gridsight.vision.lattice import LatticeSearch, lattice_candidates


def _board(width: int, height: int, x: int, y: int, pitch: int,
           noise: bool = False) -> np.ndarray:
    """A light picture with a 5x5 lattice of dark lines two pixels thick (``noise``: its
    ground a little noisy, seeded, for test_desktop33)."""
    img = np.full((height, width, 3), 200, np.uint8)
    if noise:
        img = np.random.default_rng(33).integers(185, 215, (height, width, 3)).astype(np.uint8)
    for i in range(6):
        img[y + pitch * i - 1 : y + pitch * i + 1, x : x + 5 * pitch] = 120
        img[y : y + 5 * pitch, x + pitch * i - 1 : x + pitch * i + 1] = 120
    return img


@pytest.fixture(scope="module")
def narrow():
    """A board 45% of the picture's width: under the first search's least (55%)."""
    return _board(400, 300, 60, 50, 36)


def test_a_search_asked_again_answers_as_a_fresh_one(narrow):
    search = LatticeSearch(narrow)
    first = search.candidates(5, 5, min_width=0.55, keep=2, shifts=2)
    assert first == lattice_candidates(narrow, 5, 5, min_width=0.55, keep=2, shifts=2)
    # The same widths with more kept: the pitches scored once, the answer a fresh search's.
    scored = len(search._scores)
    again = search.candidates(5, 5, min_width=0.55, keep=5, shifts=2)
    assert len(search._scores) == scored
    assert again == lattice_candidates(narrow, 5, 5, min_width=0.55, keep=5, shifts=2)


def test_a_narrower_search_after_the_first_answers_as_a_fresh_one(narrow):
    """The wider search of a read whose first fitted nothing (down to 0.8 of the least
    width): its own pitch steps, the narrow board found as a fresh search finds it."""
    search = LatticeSearch(narrow)
    first = search.candidates(5, 5, min_width=0.55, keep=2)
    assert all(abs(lat.pitch_x - 36) > 3 for lat in first)  # not proposed: too narrow
    wider = search.candidates(5, 5, min_width=0.44, keep=5)
    assert wider == lattice_candidates(narrow, 5, 5, min_width=0.44, keep=5)
    best = wider[0]
    assert abs(best.x - 60) < 1 and abs(best.y - 50) < 1 and abs(best.pitch_x - 36) < 0.5


def test_a_frame_wider_than_the_columns_looked_at_first_is_counted_whole():
    """Columns are turned to Lab 8, 16, 32 ... at a time: a 40-column pillar spans three such
    chunks, the count stops at the screen's first column."""
    image = np.full((200, 400, 3), 60, np.uint8)
    image[:, 40:360] = (30, 90, 200)
    image[:100, 40:360] = (200, 60, 30)  # the screen: two colours down each column
    assert frame_sides(image, 0.3, 0.99) == (40, 40)
    assert frame_sides(image[:, 40:360], 0.3, 0.99) == (0, 0)
