"""Disco Zoo box rows read wrong with confidence on fresh real-look screens (29th session).

A card's box row counts its animal's tiles and, filled, those found: a row read clearly is
counted on (the names' clues, the board's unread tiles), so a row read wrong clearly is one
coincidence away from a confident WRONG. Each screen here had a row or a rarity read wrong;
it is drawn again the same way and located with no options: every row read clearly
(``settle.BOX_SURE``) is right, every rarity read is the drawn one, and the read states
nothing false (or the player is asked). The rules on their own, on measurements of those screens.
"""

from __future__ import annotations

import numpy as np
import pytest
from kit.desktop import real_look_rescue, sample

from gridsight.games.disco_zoo.cards import (
    FAINT_ROW,
    SPLIT_CLEAR,
    BoxesSeen,
    CardSeen,
    _pair_across_cards,
    _split_clearly,
    _without_lines,
)
from gridsight.games.disco_zoo.screen import TileSeen, locate_rescue, rows_short_of_the_found
from gridsight.games.disco_zoo.settle import BOX_SURE
from gridsight.vision.boxrow import BoxRow, _spans_the_middle
from gridsight.vision.panels import Panel
from test_disco_zoo_screens import read_plainly, real_screen, stated_wrong

SCREENS = {
    550021: "a common fill in a 2 px middle, 4 Lab from the unfilled look",
    550025: "a common colour drawn near the card's, its found tile told by the counter",
    560016: "a common colour 8 Lab from the unfilled inside, one fill on each card",
    560022: "the Zebra card's rounded corners taken for a row of two",
    590023: "boxes of 6 px with 3 px borders: no middle, every box read filled",
    370019: "a grey-purple card's hue bled into a box on each of two cards",
    500038: "boxes of 7 px, no middle measured, one light fill apart from three dark",
}


@pytest.fixture(scope="module")
def reads():
    """Each screen located and read with no options: (its cards as drawn, the screen, its
    truth, the text read, its warnings, the request)."""
    out = {}
    for seed in SCREENS:
        base = seed - seed % 10_000
        shot, text, image, _ = real_screen(seed - base, base)
        screen = locate_rescue(image)
        plain, warnings, asked, _ = read_plainly(
            screen, screen.board_read("disco-zoo/structure"), image)
        out[seed] = (shot.extras["cards"], screen, text, plain, warnings, asked)
    return out


@pytest.mark.parametrize("seed", list(SCREENS))
def test_a_row_read_clearly_is_right_and_the_screen_is_not_read_wrong(reads, seed):
    drawn, screen, text, plain, warnings, asked = reads[seed]
    assert len(screen.cards) == len(drawn)
    for card, seen in zip(drawn, screen.cards):
        row = seen.boxes
        if row is not None and row.confidence >= BOX_SURE:
            assert row.count == card.boxes
            assert row.found is None or row.found == card.filled
        assert seen.rarity in ("", card.rarity)
    unread = [(r, c) for r, row in enumerate(screen.tiles) for c, tile in enumerate(row)
              if tile.kind in ("unknown", "hidden")]
    if plain:  # read: nothing stated false (a tile listed unread is not stated)
        assert stated_wrong(text, plain, warnings, unread) == []
    else:
        assert asked


def test_boxes_with_no_middle_read_no_fill_and_keep_their_count(reads):
    drawn, screen, *_ = reads[590023]
    for card, seen in zip(drawn[:2], screen.cards[:2]):
        assert seen.boxes.count == card.boxes and seen.boxes.confidence >= BOX_SURE
        assert seen.boxes.filled == 0 and seen.boxes.found is None and seen.boxes.rarity == ""


def test_boxes_with_no_middle_parted_clearly_keep_their_fills(reads):
    drawn, screen, *_ = reads[500038]
    for card, seen in zip(drawn[::2], screen.cards[::2]):  # (the middle card's has middles)
        assert (seen.boxes.count, seen.boxes.found) == (card.boxes, card.filled)
        assert seen.boxes.confidence >= BOX_SURE and seen.boxes.rarity == card.rarity


def test_a_box_bled_toward_its_card_on_each_of_two_cards_leaves_the_rows_clear(reads):
    drawn, screen, *_ = reads[370019]
    card, seen = drawn[1], screen.cards[1]
    assert (seen.boxes.count, seen.boxes.found) == (card.boxes, card.filled) == (2, 0)
    assert seen.boxes.confidence >= BOX_SURE


def test_the_row_under_the_cards_corners_is_found(reads):
    drawn, screen, *_ = reads[560022]
    assert [seen.boxes.count for seen in screen.cards] == [card.boxes for card in drawn]


def _measured(middles):
    return [(np.array(m, np.float32), 5.0, {"common": 30.0}) for m in middles]


def test_one_fill_of_an_unknown_colour_on_each_of_two_cards_leaves_both_rows_unclear():
    # 560016 at 1.14x: the Monkey's and the Gorilla's first boxes 9.5 and 7.9 Lab from six
    # unfilled boxes spread 0.4, 4.5 from each other
    middles = [(40.3, -14.2, 21.7), (41.1, -22.1, 16.1), (40.6, -21.7, 16.6),
               (40.3, -20.7, 14.5), (41.2, -18.6, 22.4), (40.3, -20.7, 14.5),
               (40.3, -20.8, 15.0), (40.3, -20.8, 14.8)]
    owners = [0, 0, 0, 0, 1, 1, 1, 1]
    verdicts = [(False, "", 30.0)] * 8
    assert all(margin == 0.0 for _, _, margin in
               _pair_across_cards(verdicts, _measured(middles), owners))
    green = [(71.0, 104.0, 67.0)] * 8  # the cards' colour (BGR), the unfilled look's own
    assert all(margin == 0.0 for _, _, margin in
               _pair_across_cards(verdicts, _measured(middles), owners, green))
    # ... but one such box alone, or two on cards whose other boxes are as spread, are not
    lone = [(41.0, -20.7, 14.6)] + middles[1:]
    assert _pair_across_cards(verdicts, _measured(lone), owners) == verdicts
    rng = np.random.default_rng(5)
    spread = [tuple(np.array(m) + rng.normal(0, 6, 3)) for m in middles]
    spread[0], spread[4] = middles[0], middles[4]
    assert _pair_across_cards(verdicts, _measured(spread), owners) == verdicts


def test_a_row_at_its_panels_sides_alone_is_no_row():
    # 560022 at 2.22x: two "boxes" of 14-16 px at the ends of an area 180 px wide
    assert not _spans_the_middle([(0, 14), (164, 180)], 180)
    assert _spans_the_middle([(25, 45), (61, 81), (97, 117), (132, 152)], 180)
    assert _spans_the_middle([(70, 80), (90, 100)], 180)


def _card(count: int, filled: int, confidence: float = 0.9, sure: bool = True) -> CardSeen:
    boxes = BoxesSeen(count, filled, "", confidence, fills_sure=sure)
    return CardSeen(Panel((0, 0, 60, 60), (90.0, 60.0, 50.0)), boxes=boxes)


def _board(found: int, pets: int = 0) -> tuple[tuple[TileSeen, ...], ...]:
    kinds = [TileSeen("found", rarities=("pet",)) for _ in range(pets)] + \
        [TileSeen("found") for _ in range(found)]
    kinds += [TileSeen("ground")] * (25 - len(kinds))
    return tuple(tuple(kinds[r * 5 : r * 5 + 5]) for r in range(5))


def test_rows_counting_fewer_fills_than_the_found_tiles_are_not_counted_on():
    # 550021 at 0.79x: "0 of 3" and "0 of 4" read clearly beside one found tile
    cards = (_card(3, 0, 0.57), _card(4, 0, 1.0))
    assert [c.boxes.confidence for c in rows_short_of_the_found(cards, _board(1))] == \
        [FAINT_ROW, FAINT_ROW]
    # ... not when they count them all, nor for a pet's tile (a pet has no card), nor when a
    # row is not counted on already (the board tells nothing then of the others)
    assert rows_short_of_the_found(cards, _board(0)) == cards
    assert rows_short_of_the_found(cards, _board(0, pets=1)) == cards
    loose = (_card(3, 0, 0.3), _card(4, 0, 1.0))
    assert rows_short_of_the_found(loose, _board(1)) == loose
    untold = (_card(3, 0, 0.9, sure=False), _card(4, 0, 1.0))
    assert rows_short_of_the_found(untold, _board(1)) == untold


def test_a_box_on_each_of_two_cards_bled_toward_the_cards_colour_is_no_fill():
    # 370019 at 2.03x: on grey-purple cards, a mythical row's first box and a rare row's last
    # 7.4 and 8.7 Lab from five unfilled boxes, toward the cards' colour in a* b* only
    middles = [(47.6, -1.9, 5.5), (45.3, -3.6, 7.8), (45.8, 1.4, 2.4), (46.7, -4.8, 8.9),
               (45.3, -3.5, 7.5), (45.6, -4.0, 8.0), (46.2, 2.2, 1.4)]
    owners = [0, 0, 1, 1, 2, 2, 2]
    verdicts = [(False, "", 30.0)] * 7
    purple = [(98.0, 90.0, 107.0)] * 7
    assert _pair_across_cards(verdicts, _measured(middles), owners, purple) == verdicts
    # ... but on cards of another hue, or past the cards' own colour, they are fills
    green = [(71.0, 104.0, 67.0)] * 7
    assert _pair_across_cards(verdicts, _measured(middles), owners, green) != verdicts
    far = list(middles)
    far[2], far[6] = (45.8, 16.0, -10.0), (46.2, 16.5, -10.5)
    assert _pair_across_cards(verdicts, _measured(far), owners, purple) != verdicts


def _row(side: int) -> BoxRow:
    boxes = tuple((k * (side + 4), 0, side, side) for k in range(4))
    return BoxRow(boxes, ((0, 0, 0),) * 4, ((0, 0, 0),) * 4, 1.0, inner=(3.0, 0.0, 0.0, 0.0))


def test_a_row_with_no_middle_keeps_its_fills_only_parted_clearly_in_boxes_told():
    # 500038 at 1.15x: boxes of 7 px, one read filled at 26.6, three unfilled at 28 and more
    parted = [(True, "common", 26.6), (False, "", 29.6), (False, "", 28.3), (False, "", 31.3)]
    assert _split_clearly(_row(7), parted)
    assert not _split_clearly(_row(6), parted)  # fills not told (590023's 6 px)
    assert not _split_clearly(_row(7), [(True, "common", 30.0)] * 4)  # all alike: a border
    unclear = parted[:3] + [(False, "", SPLIT_CLEAR - 1)]
    assert not _split_clearly(_row(7), unclear)


def test_a_card_on_a_dark_ground_is_found_past_the_screens_edges_and_rims():
    # desktop 450026 (levels crushed): a Constellation card 4 Lab from the navy ground; the
    # screen's edges and the title bar's bled rim joined all its ink in one group
    shot, capture, _ = sample(real_look_rescue, 450_026, fraction=(0.15, 0.2), harder=True)
    x, y, w, h = capture.extras["screen_box"]
    screen = locate_rescue(capture.image[y : y + h, x : x + w])
    (card,) = shot.extras["cards"]
    (seen,) = screen.cards
    assert (seen.boxes.count, seen.boxes.found) == (card.boxes, card.filled)


def test_thin_long_lines_are_no_ink_of_a_card():
    mask = np.zeros((100, 120), bool)
    mask[:, 0] = True  # a screen's edge
    mask[10:12, 5:60] = True  # a rim two pixels thick
    mask[90, 70:82] = True  # a pixel thick, 12 long
    mask[40:52, 40:43] = True  # a letter's stroke: 3 thick, 12 tall
    mask[60:66, 30:58] = True  # a row of boxes, 6 px
    kept = _without_lines(mask, 25.0)
    assert not kept[:, 0].any() and not kept[10:12].any() and not kept[90].any()
    assert kept[40:52, 40:43].all() and kept[60:66, 30:58].all()
