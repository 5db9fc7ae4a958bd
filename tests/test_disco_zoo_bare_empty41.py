"""Tapped empty tiles with no line between them, past the board (41st session).

Issue 18: the board is 5x5 square grass tiles parted by thin darker lines, no frame; a tapped
empty tile is plain and dark. The ``j40`` and ``sj`` variants of fresh widest 1152001
(``bench/disco_zoo_variants.py``; Constellation, a dark ground under the board): the board's
own lattice read three tiles unknown, under ``MIN_PLAUSIBLE``, and a lattice two rows below
it won, its two bottom rows over the plain dark ground read as ten tapped empty tiles with no
line anywhere between them. With ``--animals`` 13 tiles were stated wrong. A band read as
tapped tiles, found or empty, with no line between them is the ground past the board
(:func:`screen._found_past_the_board`): the lattice moved off it, or refused in words.
"""

from __future__ import annotations

import numpy as np
import pytest

from gridsight.games.disco_zoo import screen
from gridsight.games.disco_zoo.screen import TileSeen
from gridsight.vision.errors import BoardNotFoundError
from gridsight.vision.lattice import Lattice

PITCH = 40
GRASS, DIRT, LINE = (97, 227, 163), (40, 8, 8), (60, 140, 100)


def _edge_empty(lined: bool, mixed: bool = False):
    """A best lattice over a picture of three rows of grass (parted by lines) above a plain
    dark ground, its two bottom rows over that ground read as ten empty tiles (the first one
    found when ``mixed``), parted by lines like the grass's when ``lined``."""
    image = np.full((5 * PITCH, 5 * PITCH, 3), DIRT, np.uint8)
    image[: 3 * PITCH] = GRASS
    for k in range(1, 5):
        image[k * PITCH - 1 : k * PITCH + 1, :] = LINE if lined or k < 3 else DIRT
        image[: (5 if lined else 3) * PITCH, k * PITCH - 1 : k * PITCH + 1] = LINE
    tiles = tuple(tuple(TileSeen("ground") if r < 3 else TileSeen("empty") for _ in range(5))
                  for r in range(5))
    if mixed:
        tiles = (*tiles[:3], (TileSeen("found", ("common",)), *tiles[3][1:]), tiles[4])
    lattice = Lattice(0.0, 0.0, float(PITCH), float(PITCH), 5, 5, 0.2)
    return image, (1.0, 0.2, lattice, tiles, False, 1.0)


@pytest.mark.parametrize("mixed", [False, True])
def test_edge_rows_of_tapped_tiles_with_no_line_between_them_are_not_the_board(mixed):
    image, best = _edge_empty(lined=False, mixed=mixed)
    with pytest.raises(BoardNotFoundError, match="tapped tiles with no line"):
        screen._found_past_the_board(image, best)


def test_edge_rows_of_tapped_tiles_parted_by_lines_stay_the_board():
    image, best = _edge_empty(lined=True)
    assert screen._found_past_the_board(image, best) is best
