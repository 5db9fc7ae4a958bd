"""Disco Zoo: two fresh WRONGs of the 48th session (``s48koala``).

Issue 18: a found tile is rounded, coloured by its rarity, and shows its animal; a tapped
tile is plain dirt; tapped tiles all look alike.

- Fresh widest 1280009 at 0.60x (Outback, OCR off, ``--animals``): the found tiles inset in
  their cells, the lawn's green in their crops' corners taken for their background; the
  Koala's and the Cockatoo's rare tiles each cut as the whole pale tile, 0.105 apart, joined
  as one animal, and the board put the Koala on both: the Cockatoo's stated Koala. Now a
  picture cut over its whole tile (:attr:`~gridsight.games.disco_zoo.identify.FoundTile.
  filled`) joins no group and sets no group apart
  (:func:`gridsight.games.disco_zoo.identify._unseen`).
- Fresh widest 1291123 as ``sj`` (0.6x + JPEG 60, Ice Age, OCR as installed): tapped (3,1)
  7.92 Lab from the lawn's green, under :data:`~gridsight.games.disco_zoo.screen.
  GRASS_SPREAD_FLOOR`, the other tiles of its colour (0,0) and (0,2) past it: read grass,
  stated untapped with ``--animals``. Now a tile under the floor is dirt when a tile past it
  is of its colour too (:func:`~gridsight.games.disco_zoo.screen.dirt_on_the_lawn`).
"""

from __future__ import annotations

import numpy as np

from gridsight.games.disco_zoo.identify import FoundTile, _apart, _groups
from gridsight.vision.sprites import sprite_of
from kit.disco_reads import assert_nothing_stated_wrong, seed_read

COCKATOO = (2, 2)  # 1280009: the Cockatoo's rare tile beside the Koala's
TAPPED = (3, 1)  # 1291123: a tapped tile 7.92 Lab from the lawn's green


def _token(reading, cell):
    return reading.text.splitlines()[3 + cell[0]].split()[cell[1]]


def test_two_rare_tiles_cut_whole_are_not_read_one_animal():
    seen = seed_read(1_280_009, 1_280_000)
    found = seen.found
    assert not isinstance(found, str), found
    given = seen.given
    assert _token(given, COCKATOO) != "3"  # (the Koala, card 3)
    assert_nothing_stated_wrong(seen.text, given)


def _tile(cell, filled, fill=(120, 200, 230)):
    crop = np.full((20, 20, 3), (40, 110, 80), np.uint8)  # the lawn in the corners
    crop[1:19, 1:19] = fill  # the pale tile over nearly all the crop
    crop[8:12, 9:11] = (20, 20, 20)  # a speck of an animal
    return FoundTile(cell, (0, 2), sprite_of(crop, (40.0, 110.0, 80.0)), filled)


def test_pictures_cut_over_their_whole_tiles_join_no_group():
    one, two = _tile((2, 1), True), _tile((2, 2), True)
    assert len(_groups([one, two])) == 2
    assert not _apart([one], [two])
    # the same pictures not cut over their whole tiles: one animal, as before
    one, two = _tile((2, 1), False), _tile((2, 2), False)
    assert len(_groups([one, two])) == 1
    # ... and a whole-tile cut is set apart from no picture, however far
    other = _tile((2, 2), False, fill=(230, 120, 200))
    assert not _apart([_tile((2, 1), True)], [other])


def test_a_tapped_tile_under_the_floor_beside_dirt_past_it_is_not_grass():
    seen = seed_read(1_291_123, variant="sj", ocr=True)
    found = seen.found
    assert not isinstance(found, str), found
    r, c = TAPPED
    assert found.tiles[r][c].kind != "ground"
    given = seen.given
    assert _token(given, TAPPED) == "-" or (
        _token(given, TAPPED) == "." and TAPPED in given.unread)
    assert_nothing_stated_wrong(seen.text, given)
