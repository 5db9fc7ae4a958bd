"""The row of small square boxes on a card (vision/boxrow.py): counted right whatever their
size, when they touch, and with stray pixels of ringing or a letter's foot around them."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from gridsight.vision.boxrow import box_row
from gridsight.vision.lettering import put_text

GROUND = (82, 41, 27)  # a dark blue card (BGR)
BORDER = (120, 235, 240)  # light yellow borders
FILL = (60, 200, 90)


def _panel(count: int, side: int, gap: int, filled: int = 0, *, fringe: bool = False,
           width: int = 160, height: int = 60) -> tuple[np.ndarray, int]:
    """A card's lower part with ``count`` boxes of ``side`` pixels, ``gap`` apart (0: their
    borders touch), the first ``filled`` filled; ``fringe``: a few stray light pixels a few
    rows above and below the row (a letter's foot, JPEG ringing). Returns it and the row's
    left edge."""
    panel = np.full((height, width, 3), GROUND, np.uint8)
    total = count * side + (count - 1) * gap
    left, top = (width - total) // 2, height - side - 8
    thick = max(1, side // 8)
    for k in range(count):
        x = left + k * (side + gap)
        panel[top : top + side, x : x + side] = BORDER
        inside = FILL if k < filled else GROUND
        panel[top + thick : top + side - thick, x + thick : x + side - thick] = inside
    if fringe:
        panel[top - 5 : top, left + 3 : left + 5] = BORDER  # a foot touching the row
        panel[top - 3, left + 20 : left + 23] = BORDER
        panel[top + side : top + side + 3, left + total - 6 : left + total - 4] = BORDER
    return panel, left


@pytest.mark.parametrize("count,side,gap", [(3, 16, 0), (4, 16, 0), (3, 12, 3), (2, 16, 0),
                                            (4, 10, 2)])
def test_touching_boxes_are_counted_with_stray_pixels_around_them(count, side, gap):
    # Three touching boxes with a few stray pixels above were read as two boxes of the
    # band's height (the stray rows made the band 23 px tall for 16-px boxes): a Kakapo card
    # then counted 2 boxes and the reader named it Ghost.
    panel, left = _panel(count, side, gap, fringe=True)
    row = box_row(panel, (0, 0, panel.shape[1], panel.shape[0]), GROUND)
    assert row is not None
    assert len(row.boxes) == count
    assert row.boxes[0][0] == pytest.approx(left, abs=1)
    assert all(abs(b[3] - side) <= 1 for b in row.boxes)


def _shot(panel: np.ndarray, scale: float, quality: int | None) -> np.ndarray:
    big = cv2.resize(panel, None, fx=scale, fy=scale, interpolation=cv2.INTER_LINEAR)
    if quality is None:
        return big
    return cv2.imdecode(cv2.imencode(".jpg", big, [cv2.IMWRITE_JPEG_QUALITY, quality])[1],
                        cv2.IMREAD_COLOR)


@pytest.mark.parametrize("filled", [0, 1, 3])
def test_touching_boxes_are_counted_right_or_not_at_all(filled):
    # Touching boxes blurred and JPEG-compressed join into one run of ink whose repeat is
    # hard to see; a count read wrong names the wrong animal, so a run the reader cannot cut
    # into boxes that touch is no row at all (measured: 2 boxes read for 3 before).
    counted = []
    for side in (8, 10, 16, 20):
        for scale in (1.0, 1.4, 2.3):
            for quality in (40, 55, 95, None):
                panel, _ = _panel(3, side, 0, filled=filled, fringe=True)
                shot = _shot(panel, scale, quality)
                row = box_row(shot, (0, 0, shot.shape[1], shot.shape[0]), GROUND)
                assert row is None or len(row.boxes) == 3, (side, scale, quality)
                counted.append(row is not None)
    assert sum(counted) >= 10  # (and it does read many: 55 of 144 over the three fills)


def test_filled_boxes_are_told_after_scaling():
    panel, _ = _panel(3, 16, 2, filled=1, fringe=True)
    shot = _shot(panel, 1.4, 80)
    row = box_row(shot, (0, 0, shot.shape[1], shot.shape[0]), GROUND)
    assert row is not None and len(row.boxes) == 3
    distance = [float(np.linalg.norm(np.subtract(inside, FILL))) for inside in row.insides]
    assert distance[0] < 40 < min(distance[1:])  # the first one filled, the others not


def test_a_line_of_text_alone_is_not_a_row_of_boxes():
    panel = np.full((40, 160, 3), GROUND, np.uint8)
    put_text(panel, "YOU HAVE 5", (10, 30), cv2.FONT_HERSHEY_PLAIN, 1.4, BORDER, 2)
    assert box_row(panel, (0, 0, 160, 40), GROUND) is None


CARD = (100, 109, 110)  # a grey card (BGR)
FAINT = (180, 190, 190)  # light borders about 31 levels of Lab from it


@pytest.mark.parametrize("quality", [None, 80])
def test_a_small_box_whose_sides_fell_between_pixels_is_closed(quality):
    # Desktop 98432 (harder kit): a 7-8 px box row whose third box's one-pixel sides were
    # drawn between two pixels, each at half the border's contrast, under the ink level on
    # half their rows: the box read as an open outline and the row as none.
    big = np.full((40, 120, 3), CARD, np.uint8)  # drawn at 2x: borders 2 px
    for x in (20, 38, 57, 76):  # the third box an odd number of pixels over
        big[18:34, x : x + 16] = FAINT
        big[20:32, x + 2 : x + 14] = CARD
    shot = cv2.resize(big, None, fx=0.5, fy=0.5, interpolation=cv2.INTER_AREA)
    if quality is not None:
        shot = _shot(shot, 1.0, quality)
    row = box_row(shot, (0, 0, shot.shape[1], shot.shape[0]), CARD)
    assert row is not None and len(row.boxes) == 4
    assert all(7 <= b[2] <= 9 and b[3] == 8 for b in row.boxes)


@pytest.mark.parametrize("scale", [2.9, 1.7])
def test_a_thick_bordered_box_is_read_by_its_middle(scale):
    # Boxes of 8 px with 3 px borders drawn (phone screen 7098): a third of the box's side
    # held more border than middle, and unfilled boxes read as their light border.
    panel = np.full((40, 120, 3), GROUND, np.uint8)
    for k in range(3):
        x = 30 + k * 12
        panel[20:28, x : x + 8] = BORDER
        panel[23:25, x + 3 : x + 5] = FILL if k == 0 else GROUND
    shot = _shot(panel, scale, 90)
    row = box_row(shot, (0, 0, shot.shape[1], shot.shape[0]), GROUND)
    assert row is not None and len(row.boxes) == 3
    to_fill = [float(np.linalg.norm(np.subtract(inside, FILL))) for inside in row.insides]
    to_card = [float(np.linalg.norm(np.subtract(inside, GROUND))) for inside in row.insides]
    to_border = [float(np.linalg.norm(np.subtract(inside, BORDER))) for inside in row.insides]
    assert to_fill[0] < to_border[0]
    assert all(card < border for card, border in zip(to_card[1:], to_border[1:]))


def test_a_panels_rounded_corners_below_the_boxes_are_not_taken_for_them():
    """The area searched runs a little past the card's bottom: a large corner radius leaves
    the ground showing at both sides, a band of ink under the boxes as tall as they are
    (7105 at 2.5x, the row not found). Ink at the sides only is no row of boxes."""
    panel, left = _panel(3, 12, 3)  # the boxes' bottom 8 px above the panel's
    panel = np.vstack([panel, np.full((20, panel.shape[1], 3), GROUND, np.uint8)])
    outside = (30, 140, 200)  # the ground past the card's corners
    for row in range(62, panel.shape[0]):
        reach = 2 + (row - 62)
        panel[row, :reach] = outside
        panel[row, panel.shape[1] - reach :] = outside
    found = box_row(panel, (0, 0, panel.shape[1], panel.shape[0]), GROUND)
    assert found is not None and len(found.boxes) == 3
    assert found.boxes[0][0] == pytest.approx(left, abs=1)



def _gapped(count: int, side: int, gap: int, *, bridge: int | None = None,
            speck: int | None = None) -> np.ndarray:
    """A card's lower part with ``count`` empty boxes of ``side`` pixels (one-pixel light
    borders), ``gap`` apart; ``bridge``: that gap crossed by ink on the boxes' bottom two
    rows (JPEG closing one gap of a small row and not the next); ``speck``: four pixels of
    ringing in that gap."""
    panel = np.full((40, 100, 3), GROUND, np.uint8)
    left, top = 20, 40 - side - 8
    for k in range(count):
        x = left + k * (side + gap)
        panel[top : top + side, x : x + side] = BORDER
        panel[top + 1 : top + side - 1, x + 1 : x + side - 1] = GROUND
    if bridge is not None:
        x = left + bridge * (side + gap) + side
        panel[top + side - 2 : top + side, x : x + gap] = BORDER
    if speck is not None:
        x = left + speck * (side + gap) + side + 1
        panel[top + 2 : top + 4, x : x + 2] = BORDER
    return panel


@pytest.mark.parametrize("bridge", [0, 1])
def test_two_boxes_joined_across_a_wide_gap_are_cut_on_the_grid_of_a_box_apart(bridge):
    """Real-look 7101 at 0.78x: three boxes of 8 px, 12 apart, the first two joined across
    their 4 px gap; too wide a gap for boxes blurred together, the run is cut only because
    the box standing apart has their side and stands on their step (``boxrow._on_grid``)."""
    panel = _gapped(3, 8, 4, bridge=bridge)
    row = box_row(panel, (0, 0, panel.shape[1], panel.shape[0]), GROUND)
    assert row is not None and [b[0] for b in row.boxes] == [20, 32, 44]


def test_a_speck_of_ringing_in_a_gap_is_not_taken_for_a_letter():
    """Real-look 310029 at 0.69x: four pixels of ink in the gap of a row of four 6 px boxes
    (fewer than the band is tall: no letter's stroke) no longer refuse the row as text."""
    panel = _gapped(4, 6, 4, speck=1)
    row = box_row(panel, (0, 0, panel.shape[1], panel.shape[0]), GROUND)
    assert row is not None and [b[0] for b in row.boxes] == [20, 30, 40, 50]


@pytest.mark.parametrize("lost,found", [((0,), True), ((0, 2), False)])
def test_one_box_whose_right_and_bottom_borders_were_lost_is_kept_in_its_row(lost, found):
    """Fresh real-look 310006 at 0.61x: three boxes of 6 px, 11 apart, the first closed only on
    its top and left (its right and bottom borders fell between pixels); the row was refused
    as text. One box closed at a corner is taken among boxes closed firmly; two are not (a
    line of letters may close corners)."""
    panel = _gapped(3, 6, 5)
    for k in lost:
        x = 20 + k * 11
        panel[26:32, x + 5] = GROUND  # the right border gone (the boxes' rows: 26-31)
        panel[31, x : x + 6] = GROUND  # and the bottom one
    row = box_row(panel, (0, 0, panel.shape[1], panel.shape[0]), GROUND)
    if found:
        assert row is not None and [b[0] for b in row.boxes] == [20, 31, 42]
    else:
        assert row is None


def test_a_panels_edge_under_the_boxes_is_passed_over_even_with_its_corners_rounded_off():
    """A band of ink across most of the area under the boxes is the panel's edge, not boxes
    (its rounded corners leave a tenth of the width bare): the row above is found, three
    boxes. (An edge counted only when it spans 98% of the width: the row not found, nothing
    else caught it.)"""
    panel, left = _panel(3, 16, 0, height=64)
    panel[59:63, 8:152] = BORDER  # 90% of the width, 4 px tall, 3 px under the boxes
    row = box_row(panel, (0, 0, panel.shape[1], panel.shape[0]), GROUND)
    assert row is not None and len(row.boxes) == 3
    assert row.boxes[0][0] == pytest.approx(left, abs=1)
