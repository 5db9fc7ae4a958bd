"""Disco Zoo cards and box rows on real-look screens that once lost them (session 28).

Each screen is drawn and degraded as the screens diagnostic draws it, and read once (a module
fixture): cards drawn in the ground's own colour, found by what they hold; a rarity the board
shows kept though its row counts too many fills; the boxes' top border not taken for the
``YOU HAVE n`` line; a row of touching boxes found by their weaker repeat.
"""

from __future__ import annotations

import numpy as np
import pytest

from gridsight.games.disco_zoo.cards import unedged_cards
from gridsight.games.disco_zoo.screen import locate_rescue, screen_facts
from gridsight.games.disco_zoo.settle import RARITY_SURE
from test_disco_zoo_screens import read_plainly, real_screen

SCREENS = {390043: (43, 390_000), 440057: (57, 440_000), 340017: (17, 340_000),
           7083: (83, 7_000)}


@pytest.fixture(scope="module")
def read():
    """Each screen of :data:`SCREENS`: (shot, its text, the image, the screen found)."""
    out = {}
    for seed, (k, base) in SCREENS.items():
        shot, text, image, _ = real_screen(k, base)
        out[seed] = (shot, text, image, locate_rescue(image))
    return out


def _rows(screen) -> list[tuple[int, int, str] | None]:
    return [(c.boxes.count, c.boxes.filled, c.boxes.rarity) if c.boxes is not None else None
            for c in screen.cards]


def test_cards_drawn_in_the_grounds_own_colour_are_found_by_what_they_hold(read):
    """390043 (1.05x): two Jurassic cards 0 Lab from the ground, no edge to find; no cards
    were found and the screen was asked. Each is a box row under a picture centred over it:
    both found, their rows read, and the screen read exactly with no options."""
    shot, text, image, screen = read[390043]
    assert [(d.boxes, d.filled) for d in shot.extras["cards"]] == [(3, 1), (4, 2)]
    assert _rows(screen) == [(3, 1, "timeless"), (4, 2, "common")]
    plain, _, asked, refused = read_plainly(screen, screen.board_read("disco-zoo/structure"),
                                            image)
    assert (plain, asked, refused) == (text, "", "")


def test_ink_with_no_box_row_under_a_picture_is_no_card():
    """A ground holding a picture and a line of text but no row of boxes: no card is made of
    it (a card always shows its box row)."""
    facts = screen_facts()
    image = np.full((200, 300, 3), (60, 120, 160), np.uint8)
    image[40:80, 130:170] = (20, 20, 20)  # a picture
    image[95:102, 100:200:4] = (240, 240, 240)  # a line of text's strokes
    ground = ((0, 150, 30, 40), (270, 150, 30, 40))
    assert unedged_cards(image, (0, 0, 300, 140), ground, facts, 50.0) == ()


def test_a_rarity_the_board_shows_is_kept_when_its_row_alone_counts_too_many_fills(read):
    """440057 (0.57x): the mythical Akhlut's row of 5-7 px boxes reads 3 mythical fills for
    its 1, more than the board's one mythical tile: the fills check left the rarity unread.
    The tile shows the Akhlut's picture (0.28 from its card's sprite, 0.48 from the other's)
    and no other row claims mythical: the rarity is kept, the fills not counted on."""
    shot, _, _, screen = read[440057]
    assert [d.rarity for d in shot.extras["cards"]] == ["rare", "mythical"]
    akhlut = screen.cards[1]
    assert akhlut.rarity == "mythical" and akhlut.rarity_confidence >= RARITY_SURE
    assert akhlut.boxes is not None and akhlut.boxes.found is None


def test_the_boxes_top_border_is_not_taken_for_the_you_have_line(read):
    """340017 (1.23x): the Capricornus's row found a few pixels low, its light green top
    border left above it as a line 4 px tall, taken for YOU HAVE n: read common at 0.02, the
    card rare. The line touching the row is the border: the tint is read from the line above
    it, rare, clearly."""
    shot, _, _, screen = read[340017]
    assert shot.extras["cards"][1].rarity == "rare"
    card = screen.cards[1]
    assert card.rarity == "rare" and card.rarity_confidence >= RARITY_SURE
    assert card.have_box is not None and card.row is not None
    assert card.have_box[1] + card.have_box[3] < card.row.boxes[0][1]


def test_a_row_of_touching_boxes_is_found_by_its_repeat_at_their_height(read):
    """7083 (0.61x): the Giant Sloth's four rimmed boxes of 10 px touch in one run of 41 px;
    their colours repeat best at 10-11 px, but by 0.34 only, and no row was found. A weaker
    repeat at the boxes' height is taken: four boxes, one filled common."""
    shot, _, _, screen = read[7083]
    drawn = shot.extras["cards"][0]
    assert (drawn.boxes, drawn.filled, drawn.rarity) == (4, 1, "common")
    assert _rows(screen)[0] == (4, 1, "common")

