"""A row of tapped tiles whose dirt is darker than the board's lines (40th session).

Issue 18: the board's tiles are parted by thin lines darker than the grass; a tapped empty
tile is plain and dark, and may be darker than those lines. Fresh wider look 1130000 (Moon,
every variant of ``bench/disco_zoo_variants.py``): the top row all tapped, its dirt at L 12
parted by lines at L 42, the dark ground above it near the dirt's colour. The row was taken
for the screen around the board (:func:`screen._not_past_the_edge` looked for lines darker
than the dirt only) and read as nothing; the lattice a row below the board, its bottom row
over the ground and the bottom bar read as tapped tiles, then read every tile: 14 tiles
stated wrong with and without ``--animals``.
"""

from __future__ import annotations

import numpy as np
import pytest

from gridsight.games.disco_zoo import screen
from gridsight.games.disco_zoo.screen import locate_rescue
from gridsight.vision.lattice import Lattice
from test_disco_zoo_hunt31 import both_reads
from disco_zoo_variants import drawn


@pytest.fixture(scope="module")
def moon():
    """Wider look 1130000 as drawn (360 px wide): (its truth, the screen found, both reads)."""
    shot, text = drawn(1_130_000, wider=True)
    found = locate_rescue(shot.image)
    return text, found, both_reads(found, shot.image, text)


def test_the_row_of_dark_dirt_is_read_and_the_board_is_where_it_is(moon):
    text, found, (plain, _, asked, _, named, _) = moon
    truth = text.splitlines()
    assert truth[3].split() == ["-"] * 5  # (the top row all tapped)
    assert [t.kind for t in found.tiles[0]] == ["empty"] * 5
    assert named.text == text
    assert plain == text or (not plain and asked)


def _dark_row(line_l: int) -> tuple[np.ndarray, Lattice]:
    """Five dirt tiles (grey L about 12) in a row parted by 2 px lines of grey ``line_l``
    (BGR levels), on a picture with the lattice of that row."""
    pitch = 40
    image = np.full((pitch, 5 * pitch, 3), 30, np.uint8)
    for c in range(1, 5):
        image[:, c * pitch - 1 : c * pitch + 1] = line_l
    return image, Lattice(0.0, 0.0, float(pitch), float(pitch), 1, 5, 1.0)


def test_lines_lighter_than_the_dirt_count_along_an_edge_row_only_when_asked():
    cells = [(0, c) for c in range(5)]
    lighter, lattice = _dark_row(110)
    assert not screen._lined_along(lighter, lattice, cells)
    assert screen._lined_along(lighter, lattice, cells, lit=True)
    darker, _ = _dark_row(5)
    assert screen._lined_along(darker, lattice, cells)
    assert screen._lined_along(darker, lattice, cells, lit=True)
    none, _ = _dark_row(30)
    assert not screen._lined_along(none, lattice, cells, lit=True)
