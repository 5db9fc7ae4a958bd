"""Disco Zoo real-look screens stated wrong with ``--animals`` before the 38th session's
``s38anim`` branch, each pinned (widest 1022000-1022039, the animals given).

- An animal's found tiles all show its one picture: two found tiles whose colours alone tell
  them one same animal while their pictures are clearly two animals are not told by colour
  alone: one nearer another animal's card may be that animal
  (:func:`gridsight.games.disco_zoo.identify._colours_belied`).
- The lawn's green is one green (two shades on a checkered lawn), taken round a tile whose
  neighbours in colour are one green (:func:`gridsight.games.disco_zoo.screen._lawn_seed`):
  the board has no frame, and a lattice past it takes in the ground behind it.

The screens are drawn again as the screens test draws them and read with OCR off.
"""

from __future__ import annotations

import numpy as np

from gridsight.games.disco_zoo.screen import GROUND_SPREAD, _lawn_seed
from kit.disco_reads import assert_nothing_stated_wrong, seed_read


def test_two_pictures_told_one_animal_by_colour_are_not_told_by_it():
    # widest 1022036 at 0.81x (Jurassic): the rare T-Rex's tile, a thin yellow disc inset in
    # a cell of the common's green, read common (the cell's colour) and stated Diplodocus, the
    # one common animal, with --animals; its picture 0.38 from the Diplodocus tile's
    seen = seed_read(1022036, 1022000)
    assert seen.refused is None, seen.refused
    assert_nothing_stated_wrong(seen.text, seen.given)


def test_a_lattice_past_the_board_does_not_read_the_ground_as_lawn():
    # widest 1022029 at 1.59x (Jungle): the best lattice a row and a column past the board,
    # the ground's nine tiles read as grass and dirt round a found tile's colour between the
    # two; the lattice 5/4 its pitch round it then taken: eleven tiles stated wrong with
    # --animals. The board's own lattice reads 76% of its tiles: refused, or read right.
    seen = seed_read(1022029, 1022000)
    if seen.refused is None:
        assert_nothing_stated_wrong(seen.text, seen.given)


def test_the_lawns_seed_is_a_tile_whose_neighbours_are_one_green():
    # a lawn of 16 tiles at L 50, nine of ground at L 26, one tile at L 38 between: the tile
    # between reaches all 26, the lawn's own tiles their 17
    lightness = np.array([50.0] * 16 + [26.0] * 9 + [38.0])
    distances = np.abs(lightness[:, None] - lightness[None])
    assert (distances[25] < GROUND_SPREAD).all()
    assert lightness[_lawn_seed(distances)] == 50.0
    # one green, its shades within GROUND_SPREAD: the tile with the most neighbours, as before
    lawn = np.array([50.0] * 10 + [40.0] * 14 + [56.0])
    assert _lawn_seed(np.abs(lawn[:, None] - lawn[None])) == 0
