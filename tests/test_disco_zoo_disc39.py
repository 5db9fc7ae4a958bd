"""A Disco Zoo found tile drawn as a disc inset in its cell is read by the disc's colour, not
the cell's round it (the 39th session's ``s39dz`` branch).

Issue 18: a found tile is rounded, coloured by its rarity, showing the animal's sprite. The
widest looks round it up to a disc inset in a cell of another colour; a small disc leaves
the tile's rim band on the cell (:func:`gridsight.games.disco_zoo.screen._inset_disc`).
Widest 1022036 at 0.81x (Jurassic): the rare T-Rex's light-blue disc in a cell of the
common's green, read common, stated Diplodocus with ``--animals`` until session 38's clash
rule (:func:`gridsight.games.disco_zoo.identify._colours_belied`) stopped it; now read
rare by its disc, the rule not needed there.
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from gridsight.games.disco_zoo import screen as S
from gridsight.vision.lattice import Lattice

CELL = (40, 160, 40)  # BGR: a cell of the common rarity's green (Lab 58, -55, 50)
RARE = (240, 210, 150)  # BGR: near the rare rarity's light blue (Lab 81, -12, -21)
COMMON = (72, 204, 118)  # BGR: the common rarity's own green
LATTICE = Lattice(x=5.0, y=5.0, pitch_x=50.0, pitch_y=50.0, rows=1, cols=1, score=1.0)


def _animal(image: np.ndarray, x0: int, y0: int, size: int, outer: tuple[int, int, int]) -> None:
    """A blocky animal of our own: a square ``size`` wide at ``x0``, ``y0``, its outer
    4 px ``outer``, dark inside with two light eyes."""
    image[y0 : y0 + size, x0 : x0 + size] = outer
    image[y0 + 4 : y0 + size - 4, x0 + 4 : x0 + size - 4] = (20, 40, 30)
    image[y0 + 8 : y0 + 12, x0 + 8 : x0 + 12] = (230, 230, 230)
    image[y0 + 8 : y0 + 12, x0 + size - 12 : x0 + size - 8] = (230, 230, 230)


def _read(image: np.ndarray, rim_bgr: tuple[int, int, int]):
    facts = S.screen_facts()
    rim = S._lab(np.array(rim_bgr, np.uint8).reshape(1, 3))[0]
    return S._inset_disc(image, LATTICE, 0, 0, rim, 0.1, S._rarity_references(facts),
                         facts["rarity_tolerance"], facts["rarity_margin"])


def test_a_disc_inset_in_its_cell_is_read_by_the_disc():
    image = np.zeros((60, 60, 3), np.uint8)
    image[5:55, 5:55] = CELL
    cv2.circle(image, (30, 30), 17, (90, 70, 40), -1)  # its darker outline
    cv2.circle(image, (30, 30), 16, RARE, -1)
    _animal(image, 20, 20, 20, (20, 40, 30))
    got = _read(image, CELL)
    assert got is not None and got[0][0] == "rare"


def test_a_square_animal_on_a_tile_filling_its_cell_is_no_disc():
    # a common tile with no inset, a square animal on it whose outer ring is light blue: the
    # rays leave the tile's green at the animal's square edge, not at one distance
    image = np.zeros((60, 60, 3), np.uint8)
    image[5:55, 5:55] = COMMON
    _animal(image, 15, 15, 30, RARE)
    assert _read(image, COMMON) is None


@pytest.fixture(scope="module")
def widest_1022036():
    from test_disco_zoo_screens import real_screen

    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("GRIDSIGHT_OCR", "off")
        _, text, image, _ = real_screen(36, 1022000, wider=True, widest="all")
        screen = S.locate_rescue(image)
        grid, _ = S.read_tiles(image, screen.lattice)
    return text, grid


def test_widest_1022036s_t_rex_is_read_rare_by_its_disc(widest_1022036):
    text, grid = widest_1022036
    assert text.splitlines()[1] == "animals: T-Rex, Diplodocus, Dragon"
    t_rex, diplodocus = grid[1][2], grid[2][2]
    assert (t_rex.kind, t_rex.rarities) == ("found", ("rare",))
    # (the Diplodocus's common disc is of its cell's colour, the lawn darkened: its rim band
    # is that cell, and no rarity is read from it since session 40, :func:`S._darkened_lawn`;
    # read common before, by the cell; the read with --animals is exact either way)
    assert (diplodocus.kind, diplodocus.rarities) == ("found", ())
