"""Disco Zoo cards narrower than a tile (37th session).

A look of the widest family (``--widest``, :mod:`kit.skins.disco_zoo_widest`) may draw its
cards tall and narrower than the board's tiles, under ``card_min_width`` (the least width
that keeps a row of cards from being found in other screens' furniture): widest 1026039 at
0.81x, three Jurassic cards 46 px wide on a board of pitch 50, was asked with no card
found. Such a row is sought at :data:`~gridsight.games.disco_zoo.cards.NARROW_CARD` of the
pitch where no row is found otherwise, and taken only where its panels show what a card
shows, box rows among it.
"""

from __future__ import annotations

import pytest

from gridsight.games.disco_zoo.screen import find_cards
from test_disco_zoo_cards33 import widest_reads
from test_disco_zoo_screens import stated_wrong

NARROW = 1_026_039


@pytest.fixture(scope="module")
def read():
    """1026039 located and read with no options (:func:`widest_reads`)."""
    return widest_reads([NARROW])[NARROW]


def test_narrow_tall_cards_are_found_with_their_rows_and_nothing_false_is_stated(read):
    drawn, screen, text, plain, warnings, unread = read
    assert len(screen.cards) == len(drawn) == 3
    for card, seen in zip(drawn, screen.cards):
        assert seen.panel.box[2] < 50  # (under a tile: the row found narrow)
        assert seen.boxes is not None and seen.boxes.count == card.boxes, card.name
        if seen.boxes.confidence >= 0.5:
            assert seen.boxes.filled == card.filled, card.name
    if plain:
        assert stated_wrong(text, plain, warnings, unread) == []


def test_narrow_panels_showing_no_lines_or_boxes_are_no_cards(read):
    # The same screen with each card's part under its picture (name, YOU HAVE and boxes)
    # painted over in its card's colour (the ground's past its sides): three narrow tall panels with a picture at the top
    # and nothing under it are no row of cards (a desktop's narrow bars and buttons).
    screen = read[1]
    image = _image()
    for card in screen.cards:
        x, y, w, h = card.panel.box
        top = card.picture[1] + card.picture[3] + 2
        ground = image[top, x - 12].copy()  # (the names run past the cards' sides)
        image[top : y + h - 6, x - 10 : x + w + 10] = ground
        image[top : y + h - 6, x : x + w] = card.panel.color
    assert find_cards(image, screen.lattice, screen.tiles) == ()


def _image():
    from test_disco_zoo_screens import real_screen

    base = NARROW - NARROW % 10_000
    return real_screen(NARROW - base, base, wider=True, widest="all")[2].copy()
