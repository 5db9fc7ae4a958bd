"""Disco Zoo box rows whose fills are drawn near the card's own colour (issue 18).

A rarity's colour may be drawn dark, near the dirt and the card: its fills then differ from
the unfilled boxes by a few Lab only. Unfilled boxes look alike on every card of a screen,
so two alike boxes of a card standing apart from the other cards' unfilled ones are fills of
a colour this reader does not know, and the row is not read clearly. Each case is a
real-look screen drawn and degraded as the screens diagnostic draws it
(``tests/test_disco_zoo_screens.py``).
"""

from __future__ import annotations

from gridsight.games.disco_zoo.screen import locate_rescue
from gridsight.games.disco_zoo.settle import BOX_SURE
from test_disco_zoo_screens import real_screen


def test_fills_drawn_near_the_cards_colour_leave_the_row_unclear():
    """330047 at 1.5x: the Panda's two rare fills, drawn near the card's colour, stand
    6.5 Lab from five unfilled boxes within 1 of each other: its row is not read "0 of 3"
    clearly; the other cards' rows (one fill each, of known colours) still are."""
    shot, _, image, _ = real_screen(47, 330_000, (1.0, 9.0))
    pairs = list(zip(shot.extras["cards"], locate_rescue(image).cards))
    assert len(pairs) == len(shot.extras["cards"]) == 3
    for drawn, seen in pairs:
        boxes = seen.boxes
        assert boxes is not None and boxes.count == drawn.boxes
        if drawn.name == "Panda":
            assert boxes.filled == drawn.filled or boxes.confidence < BOX_SURE
        else:
            assert boxes.filled == drawn.filled and boxes.confidence >= BOX_SURE
