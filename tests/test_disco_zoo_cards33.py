"""Disco Zoo cards and box rows missed on the widest real-look screens (33rd session).

On the widest family of looks (``--widest``, :mod:`kit.skins.disco_zoo_widest`) most screens
asked for ``--animals`` because the cards or their rows of boxes were not found: cards far
apart (a gap wider than the panel search tried), a card past the search area's side beside a
board off the screen's middle, a card's large rounded corners under its row taken for the
row, two boxes joined by blur matched at their height rather than their step. Each screen
here showed one of these; it is drawn again the same way and located with no options: the
cards and rows are found, and the read states nothing false. The rules on their own, on
measurements of those screens.
"""

from __future__ import annotations

import numpy as np
import pytest

from gridsight.games.disco_zoo.screen import locate_rescue
from gridsight.vision.boxrow import _at_the_corners, _on_an_even_grid, box_row
from gridsight.vision.panels import _equal_intervals, gaps_tried
from kit.disco_reads import read_plain, stated_wrong
from kit.disco_screens import real_screen

SCREENS = {
    850011: "three cards 108 px wide, 71 apart, over 482 columns: the third not tried",
    850049: "the first card past the search area's left side, the board off the middle",
    850042: "the Lynx card's corners 22 px deep under its row of four",
    850005: "boxes of 18 px 4 apart, the middle two joined, matched best at their height",
}


def widest_reads(seeds):
    """Each widest screen of ``seeds`` located and read with no options: seed -> (its cards
    as drawn, the screen, its truth, the text read, its warnings, the cells it listed
    unread). Shared with the later rounds' card tests."""
    out = {}
    for seed in seeds:
        base = seed - seed % 10_000
        shot, text, image, _ = real_screen(seed - base, base, wider=True, widest="all")
        screen = locate_rescue(image)
        plain, warnings, _, _, unread = read_plain(
            screen, screen.board_read("disco-zoo/structure"), image)
        out[seed] = (shot.extras["cards"], screen, text, plain, warnings, unread)
    return out


@pytest.fixture(scope="module")
def reads():
    """This file's widest screens, read (:func:`widest_reads`)."""
    return widest_reads(SCREENS)


@pytest.mark.parametrize("seed", list(SCREENS))
def test_the_cards_and_their_rows_are_found_and_nothing_false_is_stated(reads, seed):
    drawn, screen, text, plain, warnings, unread = reads[seed]
    assert len(screen.cards) == len(drawn)
    for card, seen in zip(drawn, screen.cards):
        assert seen.boxes is not None and seen.boxes.count == card.boxes, card.name
    if plain:
        assert stated_wrong(text, plain, warnings, unread) == []


def test_three_intervals_far_apart_are_tried_and_found():
    # 850011's row at its measure: three panels 108 wide, 71 apart, over 482 columns (a gap
    # over the ninth of the columns tried before)
    balance = np.full(482, -0.5)
    for start in (7, 186, 365):
        balance[start : start + 108] = 0.8
    assert max(gaps_tried(482, 3)) >= 71 > 482 // 9
    (starts, width), = [found for found in _equal_intervals(balance, 70, 3)
                        if len(found[0]) == 3]
    assert starts == [7, 186, 365] and width == 108
    assert list(gaps_tried(482, 1)) == [0]


def test_runs_of_joined_boxes_are_cut_on_an_even_grid_only_when_every_end_falls_on_it():
    # 850005's runs: a box, two joined, a box (18 px boxes about 21 apart, 17 rows)
    assert _on_an_even_grid([(17, 37), (39, 79), (80, 102)], 17) == \
        [(17, 38), (38, 59), (60, 81), (81, 102)]
    # 850027's waist band, boxes of 5 px: its ends 2 px off any grid of five (refused)
    assert _on_an_even_grid([(8, 20), (22, 39), (40, 45)], 5) is None
    # 500034's Phoenix at 0.75x: a box of 4 px and a blurred one of 8, 4 px apart; a grid of
    # four touching boxes puts their ends right but not that gap (refused: read as two)
    assert _on_an_even_grid([(31, 35), (39, 47)], 5) is None
    # a run in the middle of no grid of the ends' runs: refused
    assert _on_an_even_grid([(0, 20), (31, 60), (90, 110)], 20) is None


def test_a_row_over_corners_reaching_the_middle_is_found():
    card, ground = (114, 80, 95), (43, 18, 28)
    panel = np.full((80, 70, 3), card, np.uint8)
    for k in range(4):  # four light boxes, unfilled
        x = 7 + 14 * k
        panel[40:50, x : x + 10] = 210
        panel[42:48, x + 2 : x + 8] = card
    yy, xx = np.mgrid[0:80, 0:70]
    radius = 24  # corners reaching into the middle's columns on the last rows
    for cx in (radius, 69 - radius):
        corner = (yy > 79 - radius) & ((xx - cx) * np.sign(cx - 35) > 0) & \
            ((yy - (79 - radius)) ** 2 + (xx - cx) ** 2 > radius ** 2)
        panel[corner] = ground
    row = box_row(panel, (0, 20, 70, 60), tuple(float(v) for v in card))
    assert row is not None and [b[0] for b in row.boxes] == [7, 21, 35, 49]
    foot = np.zeros((4, 60), bool)
    foot[:, :20] = foot[:, 40:] = True
    assert _at_the_corners(foot)
    foot[:, 25:30] = True  # ink of its own in the middle: not the corners alone
    assert not _at_the_corners(foot)
