"""The bounds of session 30's corner test (``screen.cornered``: a tile read as grass whose
four corners all stand off the lawn's is a rounded found tile of the lawn's green), each
held on a built lawn (s31tests: none of them was caught by a test when sabotaged).

A 5x5 lawn of 40 px tiles, dark lines; each tile's four corner triangles shaded by a few
levels, alternately lighter and darker (the screen's own grass scatter); the middle tile's
corners shaded much more (the cell showing round a rounded tile) with a dark disc in its
middle (its animal). Its nearest corner then stands (Lab) from the lawn's:

=========  ==============  ==========================  =================================
scatter    middle's corner  the others' farthest       the bound (2 x that + 3.5, in 7..15)
=========  ==============  ==========================  =================================
5          9.4              2.1                         7.7: unread (CORNER_SCATTER)
0          5.3              0                           7 (CORNER_CLEAN): grass
12         13.1             5.0                         13.5: unread only by its picture
10         8.3              4.3                         12.1: unread with no card (6)
=========  ==============  ==========================  =================================

And the lawn inside a tile (``screen._lawn_mask``, the bush check's measure): a fill near the
lawn's green but of its own rim's colour is the tile's own, not lawn.
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from gridsight.games.disco_zoo.screen import TileSeen, cornered, found_on_the_lawn
from gridsight.vision.lattice import Lattice

PITCH = 40
GRASS = np.array((90.0, 180.0, 90.0))  # BGR
LINE = (50, 110, 50)
MIDDLE = (2, 2)
GROUND = tuple(tuple(TileSeen("ground") for _ in range(5)) for _ in range(5))


def _lawn(scatter: float, middle: float) -> tuple[np.ndarray, Lattice]:
    """The lawn, its tiles' corners shaded ``scatter`` levels (BGR, alternately lighter and
    darker) and the middle tile's ``middle`` levels, a dark disc in its middle."""
    image = np.full((5 * PITCH + 20, 5 * PITCH + 20, 3), LINE, np.uint8)
    side = PITCH - 2
    y, x = np.mgrid[0:side, 0:side]
    far = side - 1
    corners = (x + y < 14) | (far - x + y < 14) | (x + far - y < 14) | (2 * far - x - y < 14)
    for k in range(25):
        r, c = divmod(k, 5)
        cell = np.empty((side, side, 3))
        cell[:] = GRASS
        shade = middle if (r, c) == MIDDLE else scatter * (1 if (k * 7) % 3 else -1)
        cell[corners] = GRASS + shade
        if (r, c) == MIDDLE:
            cv2.circle(cell, (side // 2, side // 2), 8, (40, 60, 120), -1)
        top, left = 10 + r * PITCH + 1, 10 + c * PITCH + 1
        image[top : top + side, left : left + side] = np.clip(cell, 0, 255)
    return image, Lattice(10.0, 10.0, float(PITCH), float(PITCH), 5, 5, 1.0)


@pytest.fixture(scope="module")
def lawns():
    return {name: _lawn(*shades) for name, shades in {
        "scattered": (5, 50), "near": (0, 25), "pictured": (12, 75), "uncarded": (10, 50)}.items()}


def test_a_tile_farther_off_than_the_screens_own_grass_scatter_is_unread(lawns):
    """9.4 off on a lawn whose other tiles stand 2.1 off at most: past 2 x 2.1 + 3.5, under
    the old fixed bound (15) and under the picture's (12)."""
    assert cornered(*lawns["scattered"], GROUND) == {MIDDLE}


def test_a_tile_within_the_clean_bound_stays_grass(lawns):
    """5.3 off on a clean lawn: under CORNER_CLEAN (7), and under the bound with no card (6)."""
    assert cornered(*lawns["near"], GROUND) == set()
    assert found_on_the_lawn(*lawns["near"], GROUND, ())[2][2].kind == "ground"


def test_a_tile_with_a_picture_in_its_middle_needs_only_stand_the_pictured_bound_off(lawns):
    """13.1 off, under the scatter's bound (13.5), past CORNER_PICTURED (12) with its disc."""
    assert cornered(*lawns["pictured"], GROUND) == {MIDDLE}
    assert cornered(*lawns["pictured"], GROUND, pictured=99.0) == set()


def test_with_no_card_seen_a_tile_past_the_uncarded_bound_is_unread(lawns):
    """8.3 off, under the scatter's bound (12.1) and the picture's (12): with no card to
    compare its picture with, CORNER_UNCARDED (6) reads it unread, never untapped."""
    assert cornered(*lawns["uncarded"], GROUND) == set()
    tile = found_on_the_lawn(*lawns["uncarded"], GROUND, ())[2][2]
    assert tile.kind == "unknown" and tile.lawn


# -- the lawn inside a tile (screen._lawn_mask): built Lab patches, 32 x 32 each --------------

GREEN = np.array((70.0, -45.0, 35.0))  # the lawn's green (Lab)


def _patches(middle: np.ndarray, rim: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """25 tiles' Lab patches, rims and grass mask: every tile the lawn's green but the middle
    one, filled with ``middle`` and rimmed ``rim``."""
    stack = np.tile(GREEN, (25, 32, 32, 1))
    rims = np.tile(GREEN, (25, 1))
    stack[12], rims[12] = middle, rim
    ground = np.ones(25, bool)
    ground[12] = False
    return stack, rims, ground


def test_a_found_tile_filled_near_the_lawns_green_is_not_lawn_inside():
    """A fill 6 Lab from the lawn's green (within OWN_NEAR, 10) but its own rim's colour is the
    tile's own, not the lawn showing through: none of its inside counts as lawn."""
    from gridsight.games.disco_zoo.screen import LAWN_INSIDE, _lawn_inside

    fill = GREEN + np.array((4.0, -4.0, 2.0))
    assert _lawn_inside(*_patches(fill, fill), 12, 5) == 0.0 < LAWN_INSIDE
    # the lawn's own green inside a tile rimmed otherwise (a bush over the rim band) is lawn
    assert _lawn_inside(*_patches(GREEN, np.array((40.0, -20.0, 20.0))), 12, 5) == 1.0
