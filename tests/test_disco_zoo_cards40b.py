"""Disco Zoo cards drawn higher than the area they are sought in (40th session).

Widest 1126022 at 2.43x: three Mars cards drawn from y 294, tucked under the title bar
(issue 18), the area the cards are sought in starting at y 361. The panels were found from the
area's top, 67 px under their own, and the Martian's and the Marsmot's pictures cut there (their
dark outlines across the cards' top rows). Panels found from the area's top are sought again in
the area run on up (:func:`~gridsight.games.disco_zoo.cards._up_to_their_top`). (The screen
still states the Martian and the Marsmot swapped: one Marsmot tile's colour is read rare, the
Martian's, while its sprite is 0.07 from the other Marsmot tile's; not the cards'.)
"""

from __future__ import annotations

from test_disco_zoo_cards33 import widest_reads

DRAWN_HIGH = 1_126_022  # widest: three cards drawn from above the cards' area
SCALE = 2.43


def test_cards_drawn_above_the_area_are_found_from_their_own_top():
    (drawn, screen, *_), = widest_reads([DRAWN_HIGH]).values()
    assert len(drawn) == 3 and len(screen.cards) == 3
    for seen, card in zip(screen.cards, drawn):
        x, y, w, h = seen.panel.box
        assert x < (card.box[0] + card.box[2] / 2) * SCALE < x + w  # its own place
        top, foot = card.box[1] * SCALE, (card.box[1] + card.box[3]) * SCALE
        assert abs(y - top) <= 4 and abs(y + h - foot) <= 4  # (was 67 px under its top)
        assert seen.name_box is not None and seen.have_box is not None
    # The Marsmot's sprite reaches nearly to its card's top: its picture is no longer cut.
    marsmot = screen.cards[1]
    assert marsmot.picture[1] < drawn[1].box[1] * SCALE + 40
