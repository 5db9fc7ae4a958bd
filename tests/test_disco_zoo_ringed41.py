"""A Disco Zoo found tile inset in a cell of the dirt's colour, its animal's sprite over most
of it, is read found by the band of its colour round the animal (the 41st session's
``s41inset`` branch).

Issue 18: a found tile is rounded, coloured by its rarity, showing the animal's sprite. The
widest looks inset it in a cell of the dirt's colour, often off the cell's middle, the
sprite leaving only a band of the tile's colour round it: read as dirt with something over
it, unread with ``--animals`` (widest 1140004 (1,2), 1142018). A rounded square of a
rarity's colour over dirt with no animal drawn on it (a decoration: the widest looks'
water squares are the rare's light blue) is not read so, nor a sprite of a rarity's colour
inside its own dark outline (:func:`gridsight.games.disco_zoo.screen._ringed_tile`).
"""

from __future__ import annotations

import cv2
import numpy as np

from gridsight.games.disco_zoo import screen as S
from test_disco_zoo_screens import real_screen

DIRT = (30, 45, 60)  # BGR: a dark brown cell
RARE = (240, 210, 150)  # BGR: near the rare rarity's light blue (Lab 81, -12, -21)
YELLOW = (40, 215, 235)  # BGR: near the timeless rarity's gold


def _ringed(bgr: np.ndarray):
    facts = S.screen_facts()
    lab = S._lab(bgr)
    rim = S._lab(np.array(DIRT, np.uint8).reshape(1, 1, 3))[0, 0]
    grass = S._lab(np.array((60, 160, 90), np.uint8).reshape(1, 1, 3))[0, 0]
    return S._ringed_tile(lab, rim, grass, S._rarity_references(facts),
                          facts["rarity_tolerance"], facts["rarity_margin"])


def _tile(animal: bool) -> np.ndarray:
    """A 32 px tile: the dirt's cell, a rounded rare square off its middle (2 px right and
    down), an animal of our own over most of it when ``animal``."""
    image = np.zeros((32, 32, 3), np.uint8)
    image[:] = DIRT
    cv2.rectangle(image, (6, 6), (29, 29), RARE, -1)
    if animal:
        image[9:27, 9:27] = (25, 25, 40)  # its dark body
        image[12:16, 12:16] = (120, 60, 200)  # a pink eye
        image[12:16, 20:24] = (120, 60, 200)
        image[20:24, 13:23] = (60, 170, 60)  # a green mouth
    return image


def test_a_found_tile_in_a_dirt_cell_is_read_by_its_band():
    got = _ringed(_tile(animal=True))
    assert got is not None and got[0] == ("rare",)


def test_a_rarity_coloured_square_with_no_animal_is_not_a_found_tile():
    assert _ringed(_tile(animal=False)) is None


def test_a_sprite_of_a_rarity_colour_inside_its_own_outline_is_no_band():
    # a big sprite over the whole tile: a yellow body (a rarity's colour) inside a dark
    # green outline reaching past it on every side
    image = np.zeros((32, 32, 3), np.uint8)
    image[:] = DIRT
    image[3:29, 3:29] = (20, 70, 20)
    image[8:24, 8:24] = YELLOW
    image[12:16, 12:20] = (200, 150, 110)
    assert _ringed(image) is None


def test_widest_1140004_the_common_tile_in_a_darkened_cell_reads_found():
    # widest 1140004 at 1.23x (Jurassic): the first animal's common tile (1,2) inset in a cell of
    # the lawn darkened just under the dirt's bar, one of its rays off the tile's edge: read
    # as dirt with something over it, unread with --animals, before the band's reading
    _, text, image, _ = real_screen(4, 1140000, wider=True, widest="all")
    assert text.splitlines()[4].split()[2] == "1"
    screen = S.locate_rescue(image)
    tile = screen.tiles[1][2]
    assert tile.kind == "found" and tile.rarities == ("common",)
