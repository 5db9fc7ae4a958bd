"""Disco Zoo cards found, cut and box rows read on the widest real-look screens (35th session).

On the widest family of looks (``--widest``, :mod:`kit.skins.disco_zoo_widest`) cards may
stand further apart than they are wide, touch one another, stand a pixel from the screen's
side past the search area, or carry a name in big rimmed letters over a row of tiny boxes.
Each screen here showed one of these; it is drawn again the same way and read with no
options (:func:`test_disco_zoo_cards33.widest_reads`): the cards are found as drawn, no
row is read wrong, and the read states nothing false. The rules on their own, on made-up
measurements of those screens.
"""

from __future__ import annotations

import numpy as np
import pytest

from gridsight.games.disco_zoo.cards import _edged, _next_place_cut
from gridsight.vision.boxrow import _a_line_of_text
from gridsight.vision.panels import Panel, _equal_intervals, _long_uprights, widest_gap
from test_disco_zoo_cards33 import widest_reads
from test_disco_zoo_screens import stated_wrong

FOUND = {
    860004: "three cards 59 px wide, 63 apart, their round tips over the board's frame",
    860023: "three outlined cards touching, found as one panel 274 px wide",
    1006023: "a third card 1 px from the screen's right side, 22 px past the area's",
}
NO_ROW = {
    850052: "BEAR in rimmed capitals over boxes of 3 px joined to the YOU HAVE line",
}


@pytest.fixture(scope="module")
def reads():
    """Each screen located and read with no options (:func:`widest_reads`)."""
    return widest_reads([*FOUND, *NO_ROW])


@pytest.mark.parametrize("seed", list(FOUND))
def test_the_cards_are_found_as_drawn_and_nothing_false_is_stated(reads, seed):
    drawn, screen, text, plain, warnings, unread = reads[seed]
    assert len(screen.cards) == len(drawn)
    for card, seen in zip(drawn, screen.cards):
        if seen.boxes is not None and seen.boxes.confidence >= 0.5:
            assert seen.boxes.count == card.boxes, card.name
    assert sum(seen.boxes is not None and seen.boxes.count == card.boxes
               for card, seen in zip(drawn, screen.cards)) >= 2
    if plain:
        assert stated_wrong(text, plain, warnings, unread) == []


@pytest.mark.parametrize("seed", list(NO_ROW))
def test_letters_over_a_line_of_text_are_no_row_of_boxes(reads, seed):
    drawn, screen, text, plain, warnings, unread = reads[seed]
    assert len(screen.cards) == len(drawn)
    for card, seen in zip(drawn, screen.cards):
        assert seen.boxes is None or seen.boxes.count == card.boxes, card.name
    if plain:
        assert stated_wrong(text, plain, warnings, unread) == []


def test_panels_further_apart_than_they_are_wide_are_fitted():
    # 860004's row at the working scale: three panels 53 wide, 57 apart, over 325 columns
    balance = np.full(325, -0.5)
    for start in (26, 136, 246):
        balance[start : start + 53] = 0.8
    assert widest_gap(53) >= 57
    (starts, width), = [found for found in _equal_intervals(balance, 52.8, 3)
                        if len(found[0]) == 3]
    assert starts == [26, 136, 246] and width == 53


def test_thin_lines_down_a_panel_are_edges_and_a_card_s_own_ink_is_not():
    ink = np.zeros((100, 150), bool)
    ink[5:95, 49:51] = ink[5:95, 99:101] = True  # two touching cards' edges
    ink[10:40, 15:35] = True  # a sprite
    edges = _long_uprights(ink)
    assert np.nonzero(edges.any(axis=0))[0].tolist() == [49, 50, 99, 100]
    assert not edges[:, 15:35].any()
    block = np.zeros((100, 76), bool)
    block[2:98, 24:53] = True  # a tall sprite run into its name and lines (860038)
    assert not _long_uprights(block).any()
    parts = [Panel((k * 50, 0, 50, 100), (0.0, 0.0, 0.0)) for k in range(3)]
    assert _edged([49, 50, 99, 100], parts) and not _edged([49, 50], parts)
    assert not _edged([], parts)


def test_a_band_of_words_is_a_line_of_text_and_specks_or_empty_boxes_are_not():
    line = np.zeros((12, 58), bool)
    line[1:11, 2:18] = line[1:11, 23:56] = True  # "YOU" and "HAVE 7" blurred
    line[::3, ::2] = False
    assert _a_line_of_text(line)
    specks = np.zeros((12, 58), bool)
    specks[::4, ::5] = True
    assert not _a_line_of_text(specks)
    boxes = np.zeros((12, 58), bool)
    for x in (2, 30):  # two big empty boxes: borders only
        boxes[0, x : x + 24] = boxes[11, x : x + 24] = True
        boxes[:, x] = boxes[:, x + 23] = True
    assert not _a_line_of_text(boxes)


def test_the_wider_area_is_tried_where_the_next_card_s_place_runs_past_the_area():
    two = [Panel((2, 69, 70, 122), (0.0, 0.0, 0.0)), Panel((122, 69, 70, 122), (0.0, 0.0, 0.0))]
    # 1006023: the area's columns 0-290 of a screen 314 wide; the next place 242-312
    assert _next_place_cut((-21, 0, 311, 199), two, 314)
    # the area reaching past the next place on both sides: nothing more to try
    assert not _next_place_cut((-130, 0, 460, 199), two, 314)
    # the next place off the screen (a narrow screen): none stands there
    assert not _next_place_cut((-21, 0, 311, 199), two, 250)
    assert not _next_place_cut((-21, 0, 311, 199), two[:1], 314)
