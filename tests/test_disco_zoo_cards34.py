"""Disco Zoo cards and box rows on the widest real-look screens (34th session).

On the widest family of looks (``--widest``, :mod:`kit.skins.disco_zoo_widest`) a card too
narrow for its row of boxes draws them smaller, so one screen shows boxes of two kinds: big
middles showing the inside's own colour and middles of a few pixels blended with their light
borders. The fill rules weigh a box read unfilled against the screen's other unfilled boxes;
across the two kinds every row read right was left unclear. Each screen here showed such a
case; it is drawn again the same way and read with no options: the rows are read clearly
and right, and the read states nothing false. The grouping on its own, on made-up rows.
"""

from __future__ import annotations

import pytest

from gridsight.games.disco_zoo.cards import CardSeen, like_middles
from gridsight.games.disco_zoo.screen import locate_rescue
from gridsight.vision.boxrow import BoxRow
from gridsight.vision.panels import Panel
from test_disco_zoo_screens import _read_plain, real_screen, stated_wrong

SCREENS = {
    850010: "the Sewer Turtle's two boxes with middles of 14 px beside seven of 3-4 px",
}


@pytest.fixture(scope="module")
def reads():
    """Each widest screen located and read with no options: (its cards as drawn, the
    screen, its truth, the text read, its warnings, the cells it listed unread)."""
    out = {}
    for seed in SCREENS:
        base = seed - seed % 10_000
        shot, text, image, _ = real_screen(seed - base, base, wider=True, widest="all")
        screen = locate_rescue(image)
        plain, warnings, _, _, unread = _read_plain(
            screen, screen.board_read("disco-zoo/structure"), image)
        out[seed] = (shot.extras["cards"], screen, text, plain, warnings, unread)
    return out


@pytest.mark.parametrize("seed", list(SCREENS))
def test_rows_of_two_kinds_of_box_are_read_clearly_and_nothing_false_is_stated(reads, seed):
    drawn, screen, text, plain, warnings, unread = reads[seed]
    assert len(screen.cards) == len(drawn)
    clear = 0
    for card, seen in zip(drawn, screen.cards):
        assert seen.boxes is not None and seen.boxes.count == card.boxes, card.name
        if seen.boxes.confidence >= 0.5:
            assert seen.boxes.filled == card.filled, card.name
            clear += 1
    assert clear >= 1
    assert plain and stated_wrong(text, plain, warnings, unread) == []


def _card(inner: tuple[float, ...]) -> CardSeen:
    grey = (90.0, 90.0, 90.0)
    boxes = tuple((10 * k, 0, 8, 8) for k in range(len(inner)))
    row = BoxRow(boxes, (grey,) * len(inner), (grey,) * len(inner), 1.0, inner=inner)
    return CardSeen(Panel((0, 0, 60, 90), grey), row=row)


def test_boxes_are_weighed_apart_only_where_small_and_big_middles_stand_far_apart():
    big, small, smaller = _card((14.0, 14.0)), _card((4.0, 4.0, 4.0)), _card((3.0, 4.0))
    owners = [0, 0, 1, 1, 1, 2, 2]
    assert like_middles([big, small, smaller], owners) == [[2, 3, 4, 5, 6], [0, 1]]
    # big middles under twice the small ones': one group (the same look, measured apart)
    assert like_middles([_card((7.0, 7.0)), small, smaller], owners) == [list(range(7))]
    # every middle small, or every one big: one group, as before
    assert like_middles([_card((4.0, 4.0)), small, smaller], owners) == [list(range(7))]
    assert like_middles([big, _card((12.0,) * 3), big], owners) == [list(range(7))]
    # a row whose middles were not measured: one group
    nan = float("nan")
    assert like_middles([_card((nan, nan)), small, smaller], owners) == [list(range(7))]
