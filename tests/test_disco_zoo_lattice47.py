"""Boards whose lattice no search of the picture's darkness proposed (``s47lattice``): the
lattices of the picture's colour edges (:meth:`~gridsight.vision.lattice.LatticeSearch.by_colour`,
tried by :func:`~gridsight.games.disco_zoo.screen._by_its_colours` when the best lattice leaves a
tile unread). Widest 1262208 (0.95x, Mountain): a lawn of two greens in a checker with no line
between its tiles, the board 0.47 of the width; variants 1272003 (``j95``, Ice Age): thin dark
lines on a speckled background. Both refused before (the board's lattice never proposed). The
screens are drawn as the sweeps draw them and located with OCR off.
"""

from __future__ import annotations

import numpy as np

from gridsight.vision.lattice import LatticeSearch, colour_edges
from kit.disco_reads import seed_read


def _near(lattice, x: float, y: float, pitch: float) -> bool:
    return abs(lattice.x - x) < pitch / 4 and abs(lattice.y - y) < pitch / 4 \
        and abs(lattice.pitch_x / pitch - 1) < 0.06


def test_a_lawn_with_no_lines_is_found_by_its_tiles_colours():
    seen = seed_read(1_262_208, base=1_262_200)
    assert seen.text.splitlines()[0] == "region: Mountain"
    screen = seen.found
    assert not isinstance(screen, str), screen
    assert _near(screen.lattice, 105.0, 267.0, 34.0), screen.lattice
    seen.assert_read_right()


def test_thin_lines_on_a_speckled_background_are_found_by_their_colours():
    seen = seed_read(1_272_003, variant="j95")
    assert seen.text.splitlines()[0] == "region: Ice Age"
    screen = seen.found
    assert not isinstance(screen, str), screen
    assert _near(screen.lattice, 48.0, 296.5, 49.3), screen.lattice
    seen.assert_read_right()


def test_a_lattice_near_its_board_gives_way_to_the_boards_own_by_its_colours():
    """Hybrid 700044 (the blocky tiles put back, 1.76x): the best lattice by its darkness is
    the board's frame (x 133, pitch 69.7, 7% too wide; 20 of 25 read); the board's own, by
    its colour edges, is taken (the truth: x 148.2, y 487.1, pitch 65.3)."""
    from test_disco_zoo_hybrid_looks import hybrid_screen

    from gridsight.games.disco_zoo.screen import locate_rescue

    shot, _, image, _ = hybrid_screen(44, 700_000, ("block",))
    h, scale = shot.geometry.homography, image.shape[1] / shot.image.shape[1]
    lattice = locate_rescue(image).lattice
    assert _near(lattice, h[0, 2] * scale, h[1, 2] * scale, h[0, 0] * scale), lattice


def test_a_lattice_of_half_the_pitch_does_not_replace_one_reading_most_tiles():
    """Harder desktop 98401, the region cutting the board's first column: the best lattice
    lies most of a tile off the board (20 of 25 read, its last column over the ground). A
    colour lattice of half its pitch over the board's grass read 25 grass "tiles" and lost
    the found one; a best reading :data:`SEEN_WHOLE` gives way only to one of its pitch."""
    from kit.desktop import real_look_rescue, sample

    from gridsight.games.disco_zoo.screen import locate_rescue

    _, capture, _ = sample(real_look_rescue, 98_401, fraction=(0.15, 0.40), harder=True)
    lattice = locate_rescue(capture.image[126 : 126 + 1248, 1994 : 1994 + 511]).lattice
    assert abs(lattice.pitch_x / 100.8 - 1) < 0.06, lattice  # the board's pitch, 100.8


def _checker(lines: bool) -> np.ndarray:
    """A 5x5 lawn of two greens at pitch 30 from (40, 60) on grey, with or without dark lines
    between its tiles."""
    image = np.full((300, 240, 3), 150, np.uint8)
    for r in range(5):
        for c in range(5):
            colour = (60, 170, 80) if (r + c) % 2 else (40, 140, 60)
            image[60 + 30 * r : 90 + 30 * r, 40 + 30 * c : 70 + 30 * c] = colour
    if lines:
        for k in range(6):
            image[59 + 30 * k : 61 + 30 * k, 40:190] = (30, 90, 40)
            image[60:210, 39 + 30 * k : 41 + 30 * k] = (30, 90, 40)
    return image


def test_a_checker_with_no_lines_is_proposed_by_its_colour_edges():
    search = LatticeSearch(_checker(lines=False))
    best = search.by_colour(5, 5, min_width=0.4, keep=3)
    assert best and _near(best[0], 40.0, 60.0, 30.0), best
    assert all(lattice.score > 0 for lattice in best)  # scored by the picture's own lines


def test_colour_edges_are_dark_where_colours_change_and_white_where_even():
    edges = colour_edges(_checker(lines=False))
    assert edges[75, 70] < 230  # the edge between two tiles' greens
    assert edges[75, 55] == 255  # inside a tile
