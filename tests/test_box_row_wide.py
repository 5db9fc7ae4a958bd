"""A card's row of big boxes spanning most of its width is read, not skipped as the card's
edge (session 31: fresh wider real-look 700005 at 1.49x, four boxes of 32 px over 0.92 of
the card's inner width, the Crocodile's row unread); the card's edge still is skipped."""

from __future__ import annotations

import numpy as np

from gridsight.games.disco_zoo.screen import locate_rescue
from gridsight.vision.boxrow import box_row
from test_disco_zoo_screens import real_screen

CARD = (60, 90, 60)


def _panel(boxes: int, side: int, gap: int, edge: bool = False) -> np.ndarray:
    """A card's lower part: ``boxes`` light-bordered boxes of ``side`` px, ``gap`` apart,
    centred; ``edge``: the ground (another colour) across its last rows, under the boxes."""
    width = boxes * side + (boxes - 1) * gap + 8
    panel = np.full((side + 30, width, 3), CARD, np.uint8)
    for k in range(boxes):
        x = 4 + k * (side + gap)
        panel[10 : 10 + side, x : x + side] = 230
        panel[12 : 8 + side, x + 2 : x + side - 2] = CARD
    if edge:
        panel[side + 22 :, :] = (150, 40, 40)
    return panel


def test_a_row_of_big_boxes_across_the_card_is_read():
    panel = _panel(4, 30, 3)  # the boxes over 0.95 of the width
    row = box_row(panel, (0, 0, panel.shape[1], panel.shape[0]), CARD)
    assert row is not None and len(row.boxes) == 4


def test_a_row_of_big_boxes_touching_across_the_card_is_read():
    """Boxes with no gap make one run of ink across the card, as its edge does; the edge
    reaches the area's bottom (the ground below the card), the row ends above it (710019)."""
    panel = _panel(4, 30, 0)
    row = box_row(panel, (0, 0, panel.shape[1], panel.shape[0]), CARD)
    assert row is not None and len(row.boxes) == 4


def test_the_cards_edge_under_the_boxes_is_still_skipped():
    panel = _panel(3, 16, 6, edge=True)
    row = box_row(panel, (0, 0, panel.shape[1], panel.shape[0]), CARD)
    assert row is not None and len(row.boxes) == 3 and row.boxes[0][1] == 10


def test_the_crocodiles_row_of_four_on_the_wider_look_is_read():
    shot, _, image, _ = real_screen(5, 700_000, wider=True)
    card = locate_rescue(image).cards[0]
    assert shot.extras["cards"][0].boxes == 4
    assert card.boxes is not None and card.boxes.count == 4 and card.boxes.filled == 0
