"""Disco Zoo: two tiles' kinds stated wrong on the widest looks (the 47th session's
``s47kinds``).

Issue 18: untapped tiles are grass, decorated or not; a tapped tile is plain dirt; a found
tile is rounded, coloured by its rarity, and shows its animal.

- Fresh widest 1270007 at 1.00x (Northern, a bright lawn): a dark-green bush over an untapped
  tile, its edge blurred into the lawn, the blend taken for a found tile's band round an
  animal (the bush its "ink", :func:`gridsight.games.disco_zoo.screen._banded_tile`): read
  found, stated a Fox with ``--animals``. Now a blend of the lawn and a colour shown in the
  tile is no band (:func:`~gridsight.games.disco_zoo.screen._lawn_blend`): the tile unread.
- Fresh widest 1270012 at 0.51x (Jungle, a dark lawn, its dirt 13.6 Lab from it): seven
  tapped tiles read grass, and :func:`~gridsight.games.disco_zoo.screen.dirt_on_the_lawn`
  measured them against their squares' "green", the median of one kind's squares half of
  them tapped, as near as the grass tiles: stated untapped with ``--animals``. Now squares
  of no one shade are measured against the grass (:func:`~gridsight.games.disco_zoo.screen.
  _to_lawn` with ``one_shade``): the seven unread, listed.
"""

from __future__ import annotations

import numpy as np

import gridsight.games.disco_zoo.screen as screen
from kit.disco_reads import assert_nothing_stated_wrong, seed_read

BASE = 1_270_000
BUSH = (4, 2)  # 1270007: row 5, column 3, an untapped tile under a dark bush
TAPPED = ((0, 2), (0, 4), (1, 3), (2, 1), (2, 2), (2, 4), (4, 2))  # 1270012's tapped tiles


def _token(reading, cell):
    return reading.text.splitlines()[3 + cell[0]].split()[cell[1]]


def test_a_dark_bush_over_a_lawn_tile_is_not_read_found():
    seen = seed_read(1_270_007, BASE)
    found = seen.found
    assert not isinstance(found, str), found
    assert found.tiles[BUSH[0]][BUSH[1]].kind != "found"
    given = seen.given
    assert _token(given, BUSH) == "." and BUSH in given.unread
    assert_nothing_stated_wrong(seen.text, given)


def test_a_blend_of_the_lawn_and_a_colour_of_the_tile_is_no_band():
    grass = np.array([87.3, -73.8, 59.2])
    bush = np.array([37.2, -37.2, 27.8])
    # a bush blurred into the lawn: the lawn, the bush, and their blend along the line
    steps = np.linspace(0.0, 1.0, 11)[:, None]
    inside = np.concatenate([np.repeat(grass[None], 300, axis=0),
                             np.repeat(bush[None], 300, axis=0),
                             np.repeat(grass + steps * (bush - grass), 10, axis=0)])
    blend = grass + 0.3 * (bush - grass) + np.array([2.0, 1.0, -2.0])
    assert screen._lawn_blend(blend, grass, inside)
    rare = np.array([80.8, -16.6, -24.5])  # a rare tile's own colour: off that line
    assert not screen._lawn_blend(rare, grass, inside)
    # no lawn shown in the tile: nothing to blend with
    assert not screen._lawn_blend(blend, grass, inside[300:600])
    # the colour at an end of the line is that colour's own, no blend
    assert not screen._lawn_blend(bush + 1.0, grass, inside)


def test_tapped_tiles_near_a_dark_lawns_green_are_not_stated_untapped():
    seen = seed_read(1_270_012, BASE)
    found = seen.found
    assert not isinstance(found, str), found
    assert all(found.tiles[r][c].kind != "ground" for r, c in TAPPED)
    given = seen.given
    assert all(_token(given, cell) in ("-", ".") for cell in TAPPED)
    assert all(cell in given.unread for cell in TAPPED if _token(given, cell) == ".")
    assert_nothing_stated_wrong(seen.text, given)


def test_squares_of_no_one_shade_are_measured_against_the_grass():
    grass = np.array([41.8, -26.8, 23.6])
    dirt = np.array([36.2, -21.5, 12.0])
    disc = np.array([66.0, -36.0, 37.0])  # a found tile's colour, far from the lawn
    # 1270012's board: a plain lawn, the seven tapped tiles, three found
    cells = [[grass] * 5 for _ in range(5)]
    for r, c in TAPPED:
        cells[r][c] = dirt
    for r, c in ((1, 1), (3, 0), (3, 2)):
        cells[r][c] = disc
    rims = np.array([colour for row in cells for colour in row])
    tapped = [r * 5 + c for r, c in TAPPED]
    lawn = [k for k in range(25) if (rims[k] == grass).all()]
    mixed = screen._to_lawn(rims, grass, 5)
    # by the median of the squares half tapped, dirt and grass there measure alike
    even = [k for k in tapped + lawn if (k // 5 + k % 5) % 2 == 0]
    assert np.ptp(mixed[even]) < 1.0 and mixed[even].min() > 5.0
    apart = screen._to_lawn(rims, grass, 5, one_shade=True)
    assert np.allclose(apart[tapped], np.linalg.norm(dirt - grass))
    assert np.allclose(apart[lawn], 0.0)
    # a checkered lawn's two shades, each one shade: each kind against its own
    light = grass + np.array([4.0, 0.0, 0.0])
    checkered = np.array([light if (k // 5 + k % 5) % 2 else grass for k in range(25)])
    assert np.allclose(screen._to_lawn(checkered, grass, 5, one_shade=True), 0.0)
