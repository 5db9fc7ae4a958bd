"""Disco Zoo cards found only by the narrow-card search (41st session).

Fresh widest 1146032 at 2.80x: three Mars cards 211 x 247 px on a board of pitch 154, wider
than ``card_min_width`` of a tile but found only at the narrow-card search's finer working
scale, where the tallness asked of a card narrower than a tile (``ROW_TALL``) refused them:
no cards, the screen asked. A panel as wide as an ordinary card needs no narrow card's
tallness (:func:`~gridsight.games.disco_zoo.cards._narrow_cards`); its picture, name, YOU HAVE
line and the row's other checks still stand.
"""

from __future__ import annotations

from test_disco_zoo_screens import real_screen

from gridsight.games.disco_zoo.screen import locate_rescue

ORDINARY_FOUND_FINE = 1_146_032  # widest, fresh: three cards found at the finer scale only
SCALE = 2.80


def test_ordinary_cards_found_at_the_finer_scale_are_taken_with_their_rows():
    base = ORDINARY_FOUND_FINE - ORDINARY_FOUND_FINE % 10_000
    shot, _, image, _ = real_screen(ORDINARY_FOUND_FINE - base, base, wider=True,
                                    widest="all")
    drawn, screen = shot.extras["cards"], locate_rescue(image)
    assert len(drawn) == 3 and len(screen.cards) == 3  # (none found before)
    for card, seen in zip(drawn, screen.cards):
        x, _, w, _ = seen.panel.box
        assert x < (card.box[0] + card.box[2] / 2) * SCALE < x + w  # its own place
        assert seen.panel.box[3] < 1.5 * w  # (not a narrow card's shape)
        assert seen.name_box is not None and seen.have_box is not None
        assert seen.boxes is not None
        assert (seen.boxes.count, seen.boxes.filled) == (card.boxes, card.filled), card.name
