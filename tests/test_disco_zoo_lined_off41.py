"""A lattice whose grass shows none of its lines, whole tiles off a lattice whose lines show
more strongly (41st session).

Issue 18: the board is 5x5 square tiles parted by thin darker lines, no frame; the ground
and the cards round it show none of them. Fresh widest 1146007 at 1.13x (Savanna, a light
teal ground, faint lines): the board's own lattice read its grey tapped tiles as nothing,
under ``MIN_PLAUSIBLE``; the lattice a column right and two rows up read the ground above
and right of the board as its grass and the board's own grass as hidden, plausibly: with
``--animals`` seven tiles stated wrong. Such a lattice is refused
(:func:`screen._lined_off_its_lawn`); a lattice whose grass shows its lines is kept.
"""

from __future__ import annotations

import numpy as np
import pytest

from gridsight.games.disco_zoo import screen
from gridsight.games.disco_zoo.screen import TileSeen
from gridsight.vision.errors import BoardNotFoundError
from gridsight.vision.lattice import Lattice

PITCH, AT = 40, 120  # the board's pitch and corner (x and y) in the picture
GRASS, SAND = (60, 140, 90), (200, 210, 150)
LINE, FAINT = (30, 90, 50), (58, 137, 88)  # lines, and lines too faint to dip LINE_DIP


def _picture(line: tuple[int, int, int] = LINE) -> np.ndarray:
    """A plain light ground, the board's 5x5 grass tiles parted by darker lines on it."""
    image = np.full((AT * 2 + 5 * PITCH, AT * 2 + 5 * PITCH, 3), SAND, np.uint8)
    image[AT : AT + 5 * PITCH, AT : AT + 5 * PITCH] = GRASS
    for k in range(6):
        at = AT + k * PITCH
        image[AT : AT + 5 * PITCH, at - 1 : at + 1] = line
        image[at - 1 : at + 1, AT : AT + 5 * PITCH] = line
    return image


def _best(dx: int, dy: int) -> screen._Best:
    """The lattice ``dx`` columns right and ``dy`` rows down of the board, its tiles over the
    ground read as grass and those over the board as hidden (the board's own: all grass but
    one hidden)."""
    lattice = Lattice(AT + dx * PITCH, AT + dy * PITCH, float(PITCH), float(PITCH), 5, 5, 0.1)
    on = [[0 <= r + dy < 5 and 0 <= c + dx < 5 for c in range(5)] for r in range(5)]
    if dx or dy:
        tiles = tuple(tuple(TileSeen("hidden") if on[r][c] else TileSeen("ground")
                            for c in range(5)) for r in range(5))
    else:
        tiles = tuple(tuple(TileSeen("hidden") if (r, c) == (2, 2) else TileSeen("ground")
                            for c in range(5)) for r in range(5))
    seen = screen._share_read(tiles)
    return (1.0, 0.1 * seen**2, lattice, tiles, False, seen)


@pytest.fixture(scope="module")
def picture() -> np.ndarray:
    return _picture()


def test_a_lattice_over_the_ground_beside_stronger_lines_is_refused(picture):
    with pytest.raises(BoardNotFoundError, match="shows its lines more strongly"):
        screen._lined_off_its_lawn(picture, _best(1, -2))


@pytest.mark.parametrize("line", [LINE, FAINT])
def test_the_boards_own_lattice_is_kept(line):
    # (faint: its grass shows none of its lines, but no lattice whole tiles off shows more)
    picture = _picture(line)
    assert screen.lawn_lined(picture, _best(0, 0)[2], _best(0, 0)[3]) == (line == LINE)
    assert screen._lined_off_its_lawn(picture, _best(0, 0)) is None
