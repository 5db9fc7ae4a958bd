"""Session 45's fresh sweeps (s45sweep): what they found, pinned.

No-game desktop 874002 (``bench/bench_desktop.py --no-game 15 --seed 874000 --harder``)
crashed the whole bench with an IndexError: a board proposed 5 px past the frame's left
edge gave :func:`vision.regions._line_ends` a negative ``x0``; its slice of each row was
then empty, an empty row passed as unbroken and was walked off the map's end."""

from __future__ import annotations

import numpy as np

from vision.regions import _line_ends


def _map(width: int = 668, height: int = 40) -> np.ndarray:
    horizontal = np.zeros((height, width), np.uint8)
    horizontal[10, 2:450] = 255  # a line across from x 2 to 449
    return horizontal


def test_line_ends_with_inner_past_the_left_edge():
    # rows 5 (empty) and 10 (the line); inner x -5..415 as desktop 874002's was
    ends = _line_ends(_map(), -5, 415, [5, 10])
    assert ends.tolist() == [[10, 2, 450]]


def test_line_ends_with_inner_past_the_right_edge():
    horizontal = np.zeros((40, 300), np.uint8)
    horizontal[10, 40:298] = 255
    assert _line_ends(horizontal, 50, 310, [5, 10]).tolist() == [[10, 40, 298]]
    assert _line_ends(horizontal, 298, 320, [5, 10]).tolist() == []


def test_line_ends_inside_unchanged():
    assert _line_ends(_map(), 20, 415, [5, 10]).tolist() == [[10, 2, 450]]
