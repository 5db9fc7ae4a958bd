"""Disco Zoo box rows: fills of a colour the reader does not know, told from the screen's own
unfilled boxes (``cards._two_screen_looks``, ``cards._pair_apart``), and a row of all its
boxes filled standing off its card's middle (``cards._uncentred``). Synthetic measurements:
each box's middle (Lab), as ``classify_boxes`` weighs them."""

from __future__ import annotations

import numpy as np

from gridsight.games.disco_zoo.cards import (
    FAINT_ROW,
    BoxesSeen,
    CardSeen,
    _pair_apart,
    _two_screen_looks,
    _uncentred,
)
from gridsight.vision.panels import Panel

CARD = (205.0, 246.0, 255.0)  # a light cream card (BGR)


def _measured(middles):
    return [(np.array(m, np.float32), 5.0, {"rare": 30.0}) for m in middles]


def test_unfilled_boxes_in_two_looks_leave_no_box_read_unfilled_counted_on():
    # 220045 at 5x: four dark fills at L* 41 read unfilled beside three unfilled boxes at 61
    middles = [(41.9, -10.6, 6.0), (41.8, -11.7, 1.6), (61.4, -9.6, -2.6),
               (40.5, -9.5, 0.1), (40.6, -10.4, -0.2), (60.6, -7.6, -2.9), (61.2, -8.2, -4.8)]
    verdicts = [(False, "", 9.0)] * len(middles)
    out = _two_screen_looks(verdicts, _measured(middles), [CARD] * len(middles))
    assert all(margin == 0.0 and not filled for filled, _, margin in out)


def test_unfilled_boxes_of_one_look_keep_their_margins():
    rng = np.random.default_rng(3)
    middles = [tuple(np.array((61.0, -8.0, -3.0)) + rng.normal(0, 1.5, 3)) for _ in range(7)]
    verdicts = [(False, "", 9.0)] * len(middles)
    assert _two_screen_looks(verdicts, _measured(middles), [CARD] * 7) == verdicts


def test_two_alike_boxes_whose_mean_stands_out_of_the_noise_are_apart():
    # 210041 at 0.77x: two dark fills 10.1 and 8.5 from four unfilled boxes spread 3.7
    others = np.array([(26.0, 18.4, 13.6), (23.8, 22.0, 15.8), (27.7, 22.9, 18.6),
                       (24.4, 25.9, 15.5)], np.float32)
    centre = np.median(others, axis=0)
    spread = float(np.median(np.linalg.norm(others - centre, axis=1)))
    mine = _measured([(34.1, 21.5, 20.4), (32.3, 23.8, 20.0), (24.2, 23.2, 13.8)])
    assert _pair_apart([0, 1, 2], mine, centre, spread)
    # ... but not two boxes within the noise, nor one far box alone
    near = _measured([(27.0, 22.0, 16.0), (26.5, 22.5, 16.5), (24.2, 23.2, 13.8)])
    assert not _pair_apart([0, 1, 2], near, centre, spread)
    lone = _measured([(38.0, 21.5, 20.4), (24.2, 23.2, 13.8), (25.0, 22.0, 15.0)])
    assert not _pair_apart([0, 1, 2], lone, centre, spread)


def _card(boxes, filled, x=28, width=78):
    panel = Panel((x, 47, width, 75), CARD)
    seen = BoxesSeen(len(boxes), filled, "common", 1.0, tuple(boxes), (True,) * filled
                     + (False,) * (len(boxes) - filled))
    return CardSeen(panel, boxes=seen, rarity="common", rarity_confidence=1.0)


def test_a_row_of_all_its_boxes_filled_off_its_cards_middle_is_not_counted_on():
    # 270055 at 0.84x: two fills of a row of four, the unfilled boxes' borders unseen
    off = _uncentred(_card([(44, 106, 6, 7), (57, 106, 6, 7)], 2))
    assert off.boxes.confidence == FAINT_ROW and off.rarity_confidence == 1.0
    centred = [(48, 106, 6, 7), (61, 106, 6, 7), (74, 106, 6, 7)]
    assert _uncentred(_card(centred, 3)).boxes.confidence == 1.0
    assert _uncentred(_card([(44, 106, 6, 7), (57, 106, 6, 7)], 1)).boxes.confidence == 1.0
