"""Variants of widest 1250011 (session 46's fresh WRONG, ``s46w1250``): the widest look draws
the three Savanna cards across the screen's whole width (Elephant at x 0-91, Gryphon,
Rhinoceros at 268-360 of 360), their panels 6-9 Lab off the light ground. In ``j40`` the row
search found the Gryphon and the Rhinoceros, in ``j60``, ``crop`` and ``pillar`` the Elephant
and the Gryphon; the third card's ink reached the picture's side (or the pillar) and was
taken for no card (:func:`cards._a_card_wide`), so the animals were named from two cards with
no warning, and the found Rhinoceros at (3,2) stated an Elephant. A panel of the cards'
colour against the side in the next place (:func:`cards._side_panel`) is a card missed: read
when the row is then whole, else the animals asked for. Drawn as the variant sweeps draw it,
located with OCR off.
"""

from __future__ import annotations

import numpy as np
import pytest
from kit.disco_reads import assert_nothing_stated_wrong, seed_read

from gridsight.games.disco_zoo import cards
from gridsight.vision.panels import Panel

SEED = 1_250_011


@pytest.mark.parametrize("name", ["j40", "j60", "pillar"])
def test_the_card_against_the_side_is_read(name):
    seen = seed_read(SEED, variant=name)
    screen = seen.found
    assert not isinstance(screen, str), screen
    assert len(screen.cards) == 3
    plain, warnings, asked, refused, unread = seen.plain
    assert plain == seen.text, (plain, asked, refused)
    seen.assert_read_right()
    assert seen.given.text == seen.text


def test_a_card_cut_by_the_crop_gets_the_animals_asked_for():
    # The crop cuts the Rhinoceros card by the picture's side: not read, but missed in
    # words (the animals asked for), never named from the two cards found.
    seen = seed_read(SEED, variant="crop")
    plain, warnings, asked, refused, unread = seen.plain
    if plain:
        assert_nothing_stated_wrong(seen.text, plain, warnings, unread)  # the animals too
    else:
        assert "--animals" in asked
    assert_nothing_stated_wrong(seen.text, seen.given)


# The j40 picture's cards as the row search found them (the Elephant's missed) and its
# ground's colour (BGR) beside the board.
FOUND = (Panel((135, 93, 91, 140), (100.0, 212.0, 235.0)),
         Panel((268, 93, 92, 140), (100.0, 212.0, 235.0)))
GROUND = (107.0, 231.0, 252.0)
ROWS = (93, 233)


def test_the_side_panel_is_found_in_the_next_place():
    image = seed_read(SEED, variant="j40").image
    side = cards._side_panel(image, GROUND, ROWS, FOUND)
    assert side is not None
    x, _, w, _ = side.box
    assert x <= 2 and 85 <= x + w <= 96  # the Elephant's card, x 0-91
    assert cards._a_panel_at_the_side(image, GROUND, ROWS, FOUND)
    # what _a_card_wide alone says of the Elephant's ink (it reaches the picture's side)
    assert not cards._a_card_wide(image, GROUND, ROWS, (0, 91), FOUND, 61.94)


def test_no_side_panel_of_another_colour():
    # A desktop's or a frame's colour against the side is no card's panel.
    image = seed_read(SEED, variant="j40").image.copy()
    image[ROWS[0] : ROWS[1], 0:92] = (90, 90, 90)
    assert cards._side_panel(image, GROUND, ROWS, FOUND) is None
    # nor the ground itself there
    image[ROWS[0] : ROWS[1], 0:92] = np.array(GROUND, np.uint8)
    assert cards._side_panel(image, GROUND, ROWS, FOUND) is None
