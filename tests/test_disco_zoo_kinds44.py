"""Disco Zoo fresh widest screens whose tiles' kinds were stated wrong (session 44), each
pinned.

- Tapped tiles all look alike: plain dark tiles of one colour of their own, apart from the
  lawn's green by more than the grass tiles' own scatter but nearer it than the floor of
  its spread, are unread with the rest of the dirt on the lawn
  (:func:`gridsight.games.disco_zoo.screen.dirt_on_the_lawn`).

The screens are drawn again as the screens test draws them and read with OCR off.
"""

from __future__ import annotations

from kit.disco_reads import assert_nothing_stated_wrong, seed_read


def test_tapped_tiles_alike_near_the_lawns_green_are_unread_not_grass():
    # widest 1203129 at 2.65x (Polar, a checkered dark-green lawn, 9 tiles tapped): the
    # eight empty tiles' dirt one colour, 6.3-6.7 Lab from their squares' green (the grass
    # tiles' own scatter 0.9, the spread's floor 8): read as grass, all eight stated
    # untapped both ways
    seen = seed_read(1203129, 1203100)
    screen = seen.found
    assert not isinstance(screen, str), screen
    empties = {(0, 1), (0, 2), (0, 3), (1, 1), (1, 4), (3, 3), (4, 2), (4, 4)}
    assert all(screen.tiles[r][c].kind != "ground" for r, c in empties)
    assert_nothing_stated_wrong(seen.text, seen.given)
    # the grass tiles stay grass
    assert sum(tile.kind == "ground" for row in screen.tiles for tile in row) == 16
