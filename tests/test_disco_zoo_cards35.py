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

from gridsight.games.disco_zoo.cards import _edged, _fills_like_a_mixed_row, _next_place_cut
from gridsight.vision.boxrow import _a_line_of_text, _card_edges, _ledges, box_row
from gridsight.vision.panels import Panel, _equal_intervals, _long_uprights, widest_gap
from test_disco_zoo_cards33 import widest_reads
from test_disco_zoo_screens import stated_wrong

FOUND = {
    860004: "three cards 59 px wide, 63 apart, their round tips over the board's frame",
    860023: "three outlined cards touching, found as one panel 274 px wide",
    1006023: "a third card 1 px from the screen's right side, 22 px past the area's; unfilled "
             "boxes read as filled in pink borders (JPEG 20), more than the board holds",
}
ROWS = {
    1006007: "cards drawn with a border of 3 px down their sides at 2.94x",
    1006037: "rimmed boxes of 63 px touching, right under YOU HAVE, at 2.24x",
}
OVER = {
    1006009: "boxes with green borders 4 px thick round a white middle of 2, no found tile",
}
MIXED = {
    1024000: "unfilled middles of 4 px in pink borders 6 px thick read mythical fills on both "
             "cards, beside a timeless fill on one",
}
NO_ROW = {
    850052: "BEAR in rimmed capitals over boxes of 3 px joined to the YOU HAVE line",
}


@pytest.fixture(scope="module")
def reads():
    """Each screen located and read with no options (:func:`widest_reads`)."""
    return widest_reads([*FOUND, *ROWS, *OVER, *MIXED, *NO_ROW])


def _nothing_false(read) -> None:
    """The read of a screen (:func:`widest_reads`) states nothing false."""
    _, _, text, plain, warnings, unread = read
    if plain:
        assert stated_wrong(text, plain, warnings, unread) == []


@pytest.mark.parametrize("seed", list(FOUND))
def test_the_cards_are_found_as_drawn_and_nothing_false_is_stated(reads, seed):
    drawn, screen = reads[seed][:2]
    assert len(screen.cards) == len(drawn)
    for card, seen in zip(drawn, screen.cards):
        if seen.boxes is not None and seen.boxes.confidence >= 0.5:  # (counted on)
            assert (seen.boxes.count, seen.boxes.filled) == (card.boxes, card.filled), card.name
    assert sum(seen.boxes is not None and seen.boxes.count == card.boxes
               for card, seen in zip(drawn, screen.cards)) >= 2
    _nothing_false(reads[seed])


@pytest.mark.parametrize("seed", [*ROWS, *OVER, *MIXED])
def test_every_row_is_found_and_its_fills_read_or_not_counted_on(reads, seed):
    # (ROWS: every row read as drawn; OVER, MIXED: fills read wrong, the row not counted on;
    # OVER's disputed, to be weighed against the board in words)
    drawn, screen = reads[seed][:2]
    assert len(screen.cards) == len(drawn)
    for card, seen in zip(drawn, screen.cards):
        assert seen.boxes is not None and seen.boxes.count == card.boxes, card.name
        assert seen.boxes.filled == card.filled or (
            seed not in ROWS and seen.boxes.confidence < 0.5), card.name
        assert seen.boxes.disputed == (seed in OVER and seen.boxes.filled != card.filled)
    _nothing_false(reads[seed])


@pytest.mark.parametrize("seed", list(NO_ROW))
def test_letters_over_a_line_of_text_are_no_row_of_boxes(reads, seed):
    drawn, screen = reads[seed][:2]
    assert len(screen.cards) == len(drawn)
    for card, seen in zip(drawn, screen.cards):
        assert seen.boxes is None or seen.boxes.count == card.boxes, card.name
    _nothing_false(reads[seed])


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


def _row(panel: np.ndarray, card: tuple[int, int, int]):
    return box_row(panel, (0, 0, panel.shape[1], panel.shape[0]), tuple(float(v) for v in card))


def test_a_card_s_border_down_its_sides_is_no_ink_of_the_row():
    card = (105, 170, 239)
    panel = np.full((80, 60, 3), card, np.uint8)
    panel[:, :2] = panel[:, -2:] = (40, 60, 80)  # the card's own border, down every row
    for k in range(4):  # four light-bordered boxes, unfilled
        x = 8 + 11 * k
        panel[50:60, x : x + 10] = 230
        panel[52:58, x + 2 : x + 8] = card
    row = _row(panel, card)
    assert row is not None and [b[0] for b in row.boxes] == [8, 19, 30, 41]
    assert not _card_edges(np.zeros((80, 60), bool)).any()
    inked = np.zeros((80, 60), bool)
    inked[:, 0] = inked[6:78, 59] = inked[:, 30] = True  # a column in the middle is no edge
    assert np.nonzero(_card_edges(inked))[0].tolist() == [0, 59]


def test_touching_boxes_right_under_a_line_of_words_are_found_from_their_top():
    card = (143, 152, 126)
    panel = np.full((60, 70, 3), card, np.uint8)
    panel[10:20, 5:65:3] = (40, 40, 40)  # a line of words, touching the boxes below
    panel[16:20, 5:65] = np.where(np.arange(60)[None, :, None] % 4 < 2, 40, 143)
    for k in range(3):  # three rimmed boxes of 20 px touching
        x = 5 + 20 * k
        panel[20:40, x : x + 20] = (30, 30, 30)
        panel[21:39, x + 1 : x + 19] = 210
        panel[24:36, x + 4 : x + 16] = (60, 60, 60)
    row = _row(panel, card)
    assert row is not None and [b[0] for b in row.boxes] == [5, 25, 45]
    ledge = np.zeros((20, 60), bool)
    ledge[2:8, ::3] = True
    ledge[8:20] = True
    assert _ledges(ledge, 5.0, 100) == [108]


def test_a_small_row_above_a_taller_band_of_unparted_ink_is_not_taken():
    card = (60, 90, 200)
    panel = np.full((50, 40, 3), card, np.uint8)
    for k in range(3):  # the foot of a line of words: three pieces parted like small boxes
        x = 10 + 7 * k
        panel[10:15, x : x + 5] = 230
        panel[11:14, x + 1 : x + 4] = card
    assert _row(panel, card) is not None
    panel[24:36, 2:36] = (120, 60, 90)  # touching boxes blurred into one solid band
    assert _row(panel, card) is None


def test_fills_like_those_of_a_row_reading_two_rarities_are_not_counted_on():
    # 1024000's six boxes: a timeless fill and two "mythical" on the first card (its line
    # tinted timeless), the second's rare fill read unfilled and two "mythical" within 8 Lab
    # of the first card's
    middles = [(70.0, 20.0, 50.0), (45.0, 40.0, 0.0), (44.0, 44.0, 2.0),
               (65.0, 10.0, -5.0), (45.0, 42.0, -3.0), (44.0, 44.0, 2.0)]
    measured = [(np.array(m), 0.0, {}) for m in middles]
    verdicts = [(True, "timeless", 20.0), (True, "mythical", 20.0), (True, "mythical", 20.0),
                (False, "", 20.0), (True, "mythical", 20.0), (True, "mythical", 20.0)]
    owners = [0, 0, 0, 1, 1, 1]
    tints = ["timeless", ""]
    out = _fills_like_a_mixed_row(verdicts, measured, owners, tints)
    assert out[:4] == verdicts[:4] and [v[2] for v in out[4:]] == [0.0, 0.0]
    # fills of that rarity that look otherwise, or a first row of one rarity: counted on
    far = [*measured[:4], *((np.array((80.0, 60.0, -30.0)), 0.0, {}),) * 2]
    assert _fills_like_a_mixed_row(verdicts, far, owners, tints) == verdicts
    one = [(True, "mythical", 20.0), *verdicts[1:]]
    assert _fills_like_a_mixed_row(one, measured, owners, tints) == one
    # the mixed row's card tinted neither rarity (or not surely): the misread look not told
    # (guards30: a card's own fills of one rarity keep telling it)
    for unsure in (["", ""], ["rare", ""]):
        assert _fills_like_a_mixed_row(verdicts, measured, owners, unsure) == verdicts
    # tinted mythical: the timeless look is the misread one, the other card's mythical stand
    assert _fills_like_a_mixed_row(verdicts, measured, owners, ["mythical", ""]) == verdicts
