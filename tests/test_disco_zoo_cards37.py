"""Disco Zoo cards narrower than a tile, and cards whose names run together (37th session).

A look of the widest family (``--widest``, :mod:`kit.skins.disco_zoo_widest`) may draw its
cards tall and narrower than the board's tiles, under ``card_min_width`` (the least width
that keeps a row of cards from being found in other screens' furniture): widest 1026039 at
0.81x, three Jurassic cards 46 px wide on a board of pitch 50, was asked with no card
found. Such a row is sought at :data:`~gridsight.games.disco_zoo.cards.NARROW_CARD` of the
pitch where no row is found otherwise, and taken only where its panels show what a card
shows, box rows among it. Widest 1026013 at 2.69x, two cards of the ground's colour whose
big names run together, was asked with no card found: a row of their big boxes was taken
for a bar above the cards, and their ink made one group; the group is now cut between the
two cards' box rows.
"""

from __future__ import annotations

import numpy as np
import pytest

from gridsight.games.disco_zoo.cards import _parted
from gridsight.games.disco_zoo.screen import find_cards
from gridsight.vision.runs import longest_runs
from test_disco_zoo_cards33 import widest_reads
from kit.disco_reads import stated_wrong

NARROW = 1_026_039
RUN_TOGETHER = 1_026_013  # two cards of the ground's colour, their names run together


@pytest.fixture(scope="module")
def reads():
    """1026039 and 1026013 located and read with no options (:func:`widest_reads`)."""
    return widest_reads([NARROW, RUN_TOGETHER])


@pytest.fixture(scope="module")
def read(reads):
    return reads[NARROW]


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
    from kit.disco_screens import real_screen

    base = NARROW - NARROW % 10_000
    return real_screen(NARROW - base, base, wider=True, widest="all")[2].copy()


def _ink(pictures, names, boxes, width=200):
    """A mask of a group of ink: ``pictures`` (left, right) at rows 0-19, one name band
    (left, right) at rows 24-31, boxes (left, right) at rows 40-47."""
    mask = np.zeros((60, width), bool)
    for rows, spans in (((0, 20), pictures), ((24, 32), [names]), ((40, 48), boxes)):
        for left, right in spans:
            mask[rows[0] : rows[1], left:right] = True
    return mask


def test_cards_whose_names_run_together_are_found_with_their_rows(reads):
    # (1026013 at 2.69x: eight boxes of 70 px across the two cards, once taken for a bar)
    drawn, screen, text, plain, warnings, unread = reads[RUN_TOGETHER]
    assert len(screen.cards) == len(drawn) == 2
    for card, seen in zip(drawn, screen.cards):
        assert seen.boxes is not None and seen.boxes.count == card.boxes, card.name
        if seen.boxes.confidence >= 0.5:
            assert seen.boxes.filled == card.filled, card.name
    if plain:
        assert stated_wrong(text, plain, warnings, unread) == []


def test_a_group_of_ink_holding_two_cards_is_cut_between_their_box_rows():
    # 1026013's shape: two pictures apart, the names run together, 4 + 4 boxes with a gap
    # between the cards' rows three times the boxes' own
    boxes = [(10 + 12 * k, 20 + 12 * k) for k in range(4)] + \
            [(104 + 12 * k, 114 + 12 * k) for k in range(4)]
    mask = _ink([(25, 45), (120, 140)], (5, 150), boxes)
    assert _parted(mask, [[5, 150]], 10, 3) == [[5, 80], [80, 150]]
    # one card, its picture in two pieces over an even row of boxes: not cut
    even = [(20 + 12 * k, 30 + 12 * k) for k in range(8)]
    assert _parted(_ink([(25, 45), (120, 140)], (5, 150), even), [[5, 150]], 10, 3) \
        == [[5, 150]]
    # no room for another card beside the groups found: not cut
    assert _parted(mask, [[5, 150], [160, 190], [192, 198]], 10, 3)[0] == [5, 150]


def test_a_row_of_big_boxes_in_short_runs_is_no_bar():
    row = np.zeros((3, 100), bool)
    row[0, 2:98] = True  # a title bar's row
    for k in range(8):
        row[1, 2 + 12 * k : 12 + 12 * k] = True  # boxes: 0.8 of the width in runs of 10
    assert list(longest_runs(row, 0)[1]) == [96, 10, 0]
