"""Disco Zoo cards found on the screens session 42 left unfound (43rd session).

Fresh widest 1164000 at 1.20x: three Mountain cards 54 px wide on a pitch of 60 (narrow
cards), their fill 6 Lab off a speckled green ground, outlined light. The row of three passed
every check, but a fit's score is weighed by its least clear panel's edges (the Elk's sides
0.77 filled, the others' 0.98), and at the working scale of that search the row of the first
two won; the Elk's ink beside them then refused all. A checked row holding more panels where
the best's stand is taken (:func:`gridsight.vision.panels._fullest`): a row of cards is equal
panels evenly spaced (issue 18).
"""

from __future__ import annotations

from test_disco_zoo_cards41 import _located

NARROW_ROW = 1_164_000  # widest, fresh: three narrow cards, the third's edges the least clear
NARROW_SCALE = 1.20


def test_a_row_of_three_equal_cards_is_not_cut_to_its_two_clearest():
    drawn, screen = _located(NARROW_ROW)
    assert len(drawn) == 3 and len(screen.cards) == 3  # (none taken before)
    for card, seen in zip(drawn, screen.cards):
        x, y, w, _ = seen.panel.box
        assert x < (card.box[0] + card.box[2] / 2) * NARROW_SCALE < x + w, card.name
        assert abs(w - card.box[2] * NARROW_SCALE) <= 8, card.name  # (inside its outline)
        assert seen.name_box is not None and seen.have_box is not None, card.name
