"""Disco Zoo cards found only by the narrow-card search (41st session).

Fresh widest 1146032 at 2.80x: three Mars cards 211 x 247 px on a board of pitch 154, wider
than ``card_min_width`` of a tile but found only at the narrow-card search's finer working
scale, where the tallness asked of a card narrower than a tile (``ROW_TALL``) refused them:
no cards, the screen asked. A panel as wide as an ordinary card needs no narrow card's
tallness (:func:`~gridsight.games.disco_zoo.cards._narrow_cards`); its picture, name, YOU HAVE
line and the row's other checks still stand.

Fresh widest 1147008 at 1.30x: three cards 112 px wide drawn touching, their big sprites 15-22
px apart, found as one panel whose "picture" was the three sprites' ink together; the split
into three was refused as cutting through it, and the panel read as the Cougar's card alone
("animals: Cougar" stated for Pika, Aatxe, Cougar). A panel is split through such a picture
when each part's own picture stands clear of the lines between the parts
(:func:`~gridsight.games.disco_zoo.cards._clear_of_the_lines`).
"""

from __future__ import annotations

from test_disco_zoo_screens import real_screen

from gridsight.games.disco_zoo.screen import locate_rescue

ORDINARY_FOUND_FINE = 1_146_032  # widest, fresh: three cards found at the finer scale only
SCALE = 2.80
TOUCHING = 1_147_008  # widest, fresh: three touching cards, one "picture" across them
TOUCHING_SCALE = 1.30


def _located(seed: int):
    base = seed - seed % 10_000
    shot, _, image, _ = real_screen(seed - base, base, wider=True, widest="all")
    return shot.extras["cards"], locate_rescue(image)


def test_ordinary_cards_found_at_the_finer_scale_are_taken_with_their_rows():
    drawn, screen = _located(ORDINARY_FOUND_FINE)
    assert len(drawn) == 3 and len(screen.cards) == 3  # (none found before)
    for card, seen in zip(drawn, screen.cards):
        x, _, w, _ = seen.panel.box
        assert x < (card.box[0] + card.box[2] / 2) * SCALE < x + w  # its own place
        assert seen.panel.box[3] < 1.5 * w  # (not a narrow card's shape)
        assert seen.name_box is not None and seen.have_box is not None
        assert seen.boxes is not None
        assert (seen.boxes.count, seen.boxes.filled) == (card.boxes, card.filled), card.name


def test_touching_cards_whose_pictures_stand_apart_are_split():
    drawn, screen = _located(TOUCHING)
    assert len(drawn) == 3 and len(screen.cards) == 3  # (one, read as the Cougar's, before)
    for card, seen in zip(drawn, screen.cards):
        x, _, w, _ = seen.panel.box
        assert abs(x - card.box[0] * TOUCHING_SCALE) <= 3  # its own place and width
        assert abs(w - card.box[2] * TOUCHING_SCALE) <= 3
        assert seen.boxes is not None and seen.boxes.count == card.boxes, card.name
