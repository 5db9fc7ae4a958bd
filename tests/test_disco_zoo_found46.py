"""Session 46's screens not found (s46found): what was fixed, pinned.

Widest 1226023 at 0.69x (Mars, ``tests/test_disco_zoo_screens.py --seed 1226000 --widest``):
the board's bottom row is three tapped tiles of grey dirt (as dark as the board's lines) with
two found Rovers between them, light rounded tiles inset in their cells. No line dips below
the dirt between them, so :func:`screen._found_past_the_board` took the row for the plain
ground past the board and refused it ("tiles along its lattice's edge read as tapped tiles
with no line between them"), the board's own lattice reading all 25 tiles right. A plain
area past the board is one colour running on from cell to cell; a found tile beside a tapped
one is not (:func:`screen._one_colour_across`): now read, exact with ``--animals``.

The ``j60`` variant of widest 1215018 (``bench/disco_zoo_variants.py``; Jungle: Toucan,
Gorilla, Tiger): the board spans the screen (11 px from its left side, 10 px from its right),
so the ground sampled beside it is two slivers of 5 and 3 px holding the picture's blurred
edge columns, their medians 9 and 17 Lab off the dark green ground; the ground between the
three narrow cards was taken for one panel 354 px wide and no card was read (asked both
ways). Slivers only, one of them not of one colour: the strip above the board, of one
colour, is the ground's sample (:func:`cards._sliver_or_above`): three cards, exact with
``--animals``. Slivers of one colour stay the sample (fresh widest 1146019: the strip above
its board holds the cards' feet; ``test_disco_zoo_cards42``)."""

from __future__ import annotations

import numpy as np
import pytest

from gridsight.games.disco_zoo import cards, screen
from gridsight.games.disco_zoo.screen import TileSeen
from gridsight.vision.errors import BoardNotFoundError
from gridsight.vision.lattice import Lattice
from kit.disco_reads import kinds_of, kinds_seen, seed_read

PITCH = 40
GRASS, DIRT, LINE, FOUND = (97, 227, 163), (70, 70, 80), (60, 140, 100), (225, 235, 200)


def _bottom_row(found: bool):
    """A best lattice over four rows of grass parted by lines and a bottom row of dirt with
    no line in it (lines as dark as the dirt), read tapped: every other cell a found tile (a
    light square inset in its cell) when ``found``, else all five plain dirt."""
    image = np.full((5 * PITCH, 5 * PITCH, 3), GRASS, np.uint8)
    image[4 * PITCH :] = DIRT
    for k in range(1, 5):
        image[k * PITCH - 1 : k * PITCH + 1, :] = LINE if k < 4 else DIRT
        image[: 4 * PITCH, k * PITCH - 1 : k * PITCH + 1] = LINE
        image[4 * PITCH :, k * PITCH - 1 : k * PITCH + 1] = DIRT
    kinds = ["empty"] * 5
    if found:
        for c in (1, 3):
            image[4 * PITCH + 5 : 5 * PITCH - 5, c * PITCH + 5 : (c + 1) * PITCH - 5] = FOUND
            kinds[c] = "found"
    tiles = tuple(tuple(TileSeen("ground") for _ in range(5)) for _ in range(4)) + (
        tuple(TileSeen(kind, ("rare",) if kind == "found" else ()) for kind in kinds),)
    lattice = Lattice(0.0, 0.0, float(PITCH), float(PITCH), 5, 5, 0.2)
    return image, (1.0, 0.2, lattice, tiles, False, 1.0)


def test_found_tiles_between_tapped_ones_in_the_edge_row_stay_the_board():
    image, best = _bottom_row(found=True)
    assert screen._found_past_the_board(image, best) is best


def test_an_edge_row_of_plain_dirt_with_no_line_is_still_not_the_board():
    image, best = _bottom_row(found=False)
    with pytest.raises(BoardNotFoundError, match="tapped tiles with no line"):
        screen._found_past_the_board(image, best)


def test_one_colour_across_tells_a_found_tile_from_the_dirt_beside_it():
    image, best = _bottom_row(found=True)
    lattice = best[2]
    assert not screen._one_colour_across(image, lattice, (4, 0), (4, 1))
    assert screen._one_colour_across(image, lattice, (0, 0), (0, 1))
    plain, _ = _bottom_row(found=False)
    assert screen._one_colour_across(plain, lattice, (4, 0), (4, 1))


@pytest.fixture(scope="module")
def widest_1226023():
    return seed_read(1226023, base=1226000)


def test_widest_1226023_is_found_and_its_tiles_read_right(widest_1226023):
    one = widest_1226023
    assert one.refused is None, one.refused
    assert kinds_seen(one.screen) == kinds_of(one.text)


def test_widest_1226023_reads_exact_with_its_animals(widest_1226023):
    one = widest_1226023
    assert one.given.text == one.text
    one.assert_read_right()


def _cards_ground(found: bool = True):
    """A picture of a dark green ground over a board spanning it but for ``found`` px each
    side, with a strip of one colour above the board (no card's foot in it)."""
    image = np.full((400, 360, 3), (44, 75, 28), np.uint8)
    image[:, :2] = (90, 95, 80)  # a blurred edge column
    image[250:, 6:354] = GRASS
    return image, Lattice(6.0, 250.0, 69.6, 30.0, 5, 5, 0.3)


def test_slivers_beside_a_board_spanning_the_picture_give_way_to_the_strip_above():
    image, lattice = _cards_ground()
    slivers = ((0, 250, 4, 60), (356, 250, 4, 60))
    assert cards._sliver_or_above(image, slivers, lattice.pitch_x, lattice) == \
        cards._ground_above(image, lattice) != ()


def test_slivers_stay_when_the_strip_above_is_not_of_one_colour():
    image, lattice = _cards_ground()
    image[235:250:2, 6:354] = (250, 250, 250)  # cards' feet in the strip: no sample there
    slivers = ((0, 250, 4, 60), (356, 250, 4, 60))
    assert cards._ground_above(image, lattice) == ()
    assert cards._sliver_or_above(image, slivers, lattice.pitch_x, lattice) == slivers


def test_slivers_of_one_colour_stay_the_ground():
    image, lattice = _cards_ground()
    slivers = ((2, 250, 4, 60), (356, 250, 4, 60))  # (past the edge column)
    assert cards._ground_above(image, lattice) != ()
    assert cards._sliver_or_above(image, slivers, lattice.pitch_x, lattice) == slivers


def test_a_wide_box_beside_the_board_is_kept():
    image, lattice = _cards_ground()
    boxes = ((0, 250, 4, 60), (300, 250, 20, 60))
    assert cards._sliver_or_above(image, boxes, lattice.pitch_x, lattice) == boxes


def test_variant_j60_of_widest_1215018_reads_its_three_cards():
    one = seed_read(1215018, widest="all", variant="j60")
    assert one.refused is None, one.refused
    assert len(one.screen.cards) == 3
    assert one.given.text == one.text
    assert not one.given.warnings
    one.assert_read_right()
