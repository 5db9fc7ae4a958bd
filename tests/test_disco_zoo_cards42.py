"""Disco Zoo cards found on the screens session 41 left unfound (42nd session).

Fresh widest 1146004 at 0.61x: three Mars cards 2 Lab lighter than an orange ground of a
gradient, sampled beside the board a shade off the ground between the cards; the cards'
area, cut at their middle, showed the gaps between them as two "panels", ink beside them,
no card taken. The row run on up to the cards' own top finds the three cards; it is taken
when the first row's panels are the gaps between its own
(:func:`~gridsight.games.disco_zoo.cards._the_gaps_of`).
"""

from __future__ import annotations

from test_disco_zoo_screens import real_screen

from gridsight.games.disco_zoo.screen import locate_rescue

GAPS_FOUND = 1_146_004  # widest, fresh: the gaps between three cards found as the panels
GAPS_SCALE = 0.61


def _located(seed: int):
    base = seed - seed % 10_000
    shot, _, image, _ = real_screen(seed - base, base, wider=True, widest="all")
    return shot.extras["cards"], locate_rescue(image)


def test_a_row_of_the_gaps_between_cards_gives_way_to_the_cards():
    drawn, screen = _located(GAPS_FOUND)
    assert len(drawn) == 3 and len(screen.cards) == 3  # (none found before)
    for card, seen in zip(drawn, screen.cards):
        x, y, w, h = seen.panel.box
        assert abs(x - card.box[0] * GAPS_SCALE) <= 3, card.name  # its own place and width
        assert abs(w - card.box[2] * GAPS_SCALE) <= 3, card.name
        assert abs(y - card.box[1] * GAPS_SCALE) <= 3, card.name  # its own top
        assert seen.picture[3] > 0, card.name
        assert seen.boxes is None or seen.boxes.count == card.boxes, card.name
