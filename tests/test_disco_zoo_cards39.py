"""Disco Zoo rows of cards found and refused (39th session).

Widest 1074000 at 0.86x: three Farm cards 65 px wide on a board of pitch 50, found as a row
of equal narrow panels, were refused because no box row was read on any (their YOU HAVE
lines run into their boxes): no cards, the screen asked. A row of two or three equal narrow
panels, each with a picture centred in it, a name and a YOU HAVE line, is now taken whatever
its box rows show (:data:`~gridsight.games.disco_zoo.cards.ROW_ALIKE`).

Widest 1074019 at 1.23x: the attempts digit's box hangs 6 px past the title bar's foot, level
with the one card's top, and was taken for a card missed beside it. Ink beside the cards that
touches the top of their rows and ends within a few rows of it is now no card's
(:func:`~gridsight.games.disco_zoo.cards._hung_from_above`).
"""

from __future__ import annotations

import numpy as np
import pytest

from gridsight.games.disco_zoo.cards import HUNG, _hung_from_above
from kit.disco_reads import on_demand
from test_disco_zoo_cards33 import widest_reads
from kit.disco_reads import stated_wrong

EQUAL_NARROW = 1_074_000  # widest: three equal narrow cards, no box row read on any
HUNG_DIGIT = 1_074_019  # widest: the digit's box hangs past the bar beside the one card


@pytest.fixture(scope="module")
def reads():
    """A widest screen located and read with no options (:func:`widest_reads`), each when a
    test first asks for it (:func:`kit.disco_reads.on_demand`)."""
    return on_demand(widest_reads)


def test_a_row_of_equal_narrow_panels_is_the_cards(reads):
    drawn, screen, text, plain, warnings, unread = reads(EQUAL_NARROW)
    assert len(drawn) == 3 and len(screen.cards) == 3  # (was none: the screen asked)
    for seen, card in zip(screen.cards, drawn):
        x, _, w, _ = seen.panel.box
        assert x < card.box[0] * 0.86 + card.box[2] * 0.86 / 2 < x + w  # its own place
        assert seen.name_box is not None and seen.picture[2] > 0
        if seen.boxes is not None and seen.boxes.confidence >= 0.5:
            assert (seen.boxes.count, seen.boxes.filled) == (card.boxes, card.filled)
    if plain:
        assert stated_wrong(text, plain, warnings, unread) == []


def test_ink_hanging_from_the_bar_is_no_card_missed(reads):
    drawn, screen, text, plain, warnings, unread = reads(HUNG_DIGIT)
    assert len(drawn) == 1 and len(screen.cards) == 1  # (was none: the screen asked)
    boxes = screen.cards[0].boxes
    assert boxes is not None and (boxes.count, boxes.filled) == (drawn[0].boxes, drawn[0].filled)
    if plain:
        assert stated_wrong(text, plain, warnings, unread) == []


def test_only_ink_from_the_top_ending_near_it_hangs():
    mask = np.zeros((100, 20), bool)
    mask[: int(HUNG * 100) - 2, 3:15] = True
    assert _hung_from_above(mask)  # a box hanging from the bar
    lower = np.roll(mask, 3, axis=0)
    assert not _hung_from_above(lower)  # not touching the top: ink of its own
    tall = mask.copy()
    tall[40:60, 5:10] = True
    assert not _hung_from_above(tall)  # ink down the rows too: a card's
    assert not _hung_from_above(np.zeros((100, 20), bool))
