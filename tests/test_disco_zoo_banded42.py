"""A Disco Zoo found tile inset in a dark cell, its band broken by the animal's sprite or the
tile off its cell's middle, is read found of no rarity (the 42nd session's ``s42inset``
branch; :func:`gridsight.games.disco_zoo.screen._banded_tile`).

Issue 18: a found tile is rounded, coloured by its rarity, showing the animal's sprite; the
cards' box rows count the found tiles per animal. The widest looks inset the tile in a cell
of the dirt's colour, often off the cell's middle, its sprite reaching past the tile's band
in places: unread (widest 1142018 (2,0), (4,0); 1140022's three tiles, "hidden" by their
halves). Read found with no rarity, the colour never names it (it may be the sprite's own);
the cards and the sprite tell its animal. A toast over the tile (its colour carrying on past
the tile's edge) and a rounded square with no animal drawn on it are not read so; nor (43rd
session, ``s43inset``) a decoration on grass or coins on dirt: untapped tiles are grass,
decorated or not, and the lawn or the cell shows round what lies on them.
"""

from __future__ import annotations

import cv2
import numpy as np

from gridsight.games.disco_zoo import screen as S
from test_disco_zoo_screens import real_screen

DIRT = (30, 45, 60)  # BGR: a dark brown cell
LILAC = (235, 200, 215)  # BGR: a light lilac (Lab about 83, 12, -15); its rarity unread


def _banded(bgr: np.ndarray) -> bool:
    lab = S._lab(bgr)
    rim = S._lab(np.array(DIRT, np.uint8).reshape(1, 1, 3))[0, 0]
    grass = S._lab(np.array((60, 160, 90), np.uint8).reshape(1, 1, 3))[0, 0]
    return S._banded_tile(lab, rim, grass)


def _tile(animal: bool = True) -> np.ndarray:
    """A 32 px tile: the dirt's cell, a lilac disc off its middle (2 px right and down), an
    animal of our own (green) over most of it when ``animal``, its legs reaching past the disc's
    bottom-left edge (the band broken there)."""
    image = np.zeros((32, 32, 3), np.uint8)
    image[:] = DIRT
    cv2.circle(image, (18, 18), 11, LILAC, -1)
    if animal:
        image[11:25, 11:25] = (40, 110, 50)  # its green body
        image[14:18, 14:18] = (120, 60, 200)  # a pink eye
        image[14:18, 19:23] = (120, 60, 200)
        image[24:31, 4:10] = (40, 110, 50)  # a leg past the disc, into the cell
        image[20:24, 4:12] = (40, 110, 50)
    return image


def test_a_disc_broken_by_its_sprite_reads_as_a_found_tile():
    assert _banded(_tile())


def test_a_disc_with_no_animal_drawn_on_it_is_not_a_found_tile():
    assert not _banded(_tile(animal=False))


def test_a_toast_over_the_tile_is_not_a_found_tile():
    # a light rounded toast across the tile's bottom, past its edges, words drawn on it
    image = np.zeros((32, 32, 3), np.uint8)
    image[:] = DIRT
    cv2.rectangle(image, (0, 8), (31, 31), LILAC, -1)
    image[14:17, 4:28:3] = (150, 60, 30)  # blue words
    image[21:24, 4:20:2] = (150, 60, 30)
    assert not _banded(image)


def _rim(bgr: np.ndarray) -> np.ndarray:
    """The tile's rim band's colour, as :func:`S.read_tiles` takes it."""
    return S._dominant_each(S._lab(bgr)[None][:, S._RING])[0]


LAWN = (140, 230, 150)  # BGR: a light green lawn


def test_a_bush_on_grass_its_dark_leaves_taken_for_the_cell_is_not_a_found_tile():
    # issue 18: untapped tiles are grass, decorated or not. A bush of three lobes, dark
    # leaves round lighter ones, a pink berry, over most of a grass tile, the board's dark
    # surround below it (the lattice a little low: hybrid wider 700044 (4,2)): its dark
    # leaves are the rim, its light ones a "band" round the lawn; no animal is drawn on it
    image = np.zeros((32, 32, 3), np.uint8)
    image[:] = LAWN
    image[27:] = (90, 40, 30)
    for radius, colour in ((9, (60, 110, 50)), (5, (100, 170, 95))):
        for x, y in ((10, 11), (22, 11), (16, 21)):
            cv2.circle(image, (x, y), radius, colour, -1)
    image[14:16, 15:17] = (200, 60, 200)
    rim, grass = _rim(image), S._lab(np.array(LAWN, np.uint8).reshape(1, 1, 3))[0, 0]
    assert rim[0] < 0.8 * grass[0]  # (dark: the rule is asked)
    assert not S._banded_tile(S._lab(image), rim, grass)


def test_coins_on_a_tapped_tiles_dirt_are_not_a_found_tile():
    # our own skin draws a tapped empty tile's dirt with a few coins on it: three light
    # rounds with dark edges, round the tile's middle, spanning half of it, far apart
    image = np.zeros((32, 32, 3), np.uint8)
    image[:] = DIRT
    for x, y in ((10, 20), (20, 22), (16, 11)):
        cv2.circle(image, (x, y), 4, (30, 120, 160), -1)
        cv2.circle(image, (x, y), 3, (60, 200, 240), -1)
    grass = S._lab(np.array(LAWN, np.uint8).reshape(1, 1, 3))[0, 0]
    assert not S._banded_tile(S._lab(image), _rim(image), grass)


def test_widest_1140022_three_found_tiles_inset_off_their_cells_read_found():
    # widest 1140022 at 0.67x (Jungle): three found tiles inset off the middles of cells of
    # the dirt's colour, their halves unlike (read hidden before): found, of no rarity
    _, text, image, _ = real_screen(22, 1140000, wider=True, widest="all")
    rows = [line.split() for line in text.splitlines()[3:8]]
    cells = ((0, 3), (2, 1), (3, 2))
    assert [rows[r][c] for r, c in cells] == ["3", "2", "1"]
    screen = S.locate_rescue(image)
    for r, c in cells:
        tile = screen.tiles[r][c]
        assert tile.kind == "found" and tile.rarities == ()
