"""Disco Zoo cards on the widest looks, second round (36th session).

Three touching rounded cards found as one panel, an edge standing at each line between them,
the third card's pale sprite missed and its box row taken for its picture (widest 1026014 at
0.94x): the panel is split where the others' pictures stand level.
"""

from __future__ import annotations

import pytest

from test_disco_zoo_cards33 import widest_reads
from kit.disco_reads import stated_wrong


@pytest.fixture(scope="module")
def reads():
    """Widest 1026014 located and read with no options (:func:`widest_reads`)."""
    return widest_reads([1026014])


def test_touching_cards_with_a_faint_picture_are_split_at_their_edges(reads):
    drawn, screen, text, plain, warnings, unread = reads[1026014]
    assert len(screen.cards) == len(drawn) == 3
    for card, seen in zip(drawn, screen.cards):
        assert seen.boxes is not None and seen.boxes.count == card.boxes, card.name
    if plain:
        assert stated_wrong(text, plain, warnings, unread) == []
