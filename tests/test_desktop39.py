"""Phones inside desktops (session 39): common found tiles of the lawn's green, told by
their rounded corners when the cards' boxes count exactly as many missing."""

from __future__ import annotations

from kit.desktop import real_look_rescue, sample

import gridsight.games.disco_zoo.screen as screen
from gridsight.vision.regions import propose_regions


def test_rounded_tiles_as_many_as_the_boxes_count_missing_are_found():
    """Fresh harder desktop 720013 with two monitors (``bench/bench_desktop.py --harder
    --share 0.15 0.2 --monitors 2``): a 243 px City rescue, two Rats and two Pigeons found,
    all common, their tiles the lawn's green. The four tiles show a rounded tile's corners
    and the cards' boxes count four found tiles the board does not show, but the sprites,
    6 px animals, lie 0.31-0.48 from the cards (a grass tile's two dots 0.38): none was
    singled out, all four were left unread, and among the desktop's windows the board (68%
    of its tiles read) was not credible: not found. The corners single them out."""
    _, capture, truth = sample(real_look_rescue, 720013, fraction=(0.15, 0.2), harder=True,
                               monitors=2)
    assert "animals: Rat, Pigeon" in truth
    x, y, w, h = capture.extras["screen_box"]
    found = screen.locate_rescue(capture.image[y : y + h, x : x + w].copy())
    kinds = [[tile.kind for tile in row] for row in found.tiles]
    assert [(r, c) for r, row in enumerate(kinds) for c, kind in enumerate(row)
            if kind == "found"] == [(0, 2), (1, 3), (2, 0), (2, 1)]
    assert "unknown" not in sum(kinds, [])  # the grass tile with two dots stays grass
    assert kinds[0][3] == "ground"


def test_a_phone_at_15_percent_of_one_of_two_narrow_monitors_is_proposed():
    """Fresh harder desktop 720023 with two 1280x1024 monitors (a 2560x1024 frame): a 212 px
    Ice Age rescue in a pillar-boxed window, its sides plain beside the black bars. The
    least width proposed was 12% of 2048 px (the frame's width at 2:1), 246 px: the
    screen's own region never came up, the windows holding it were too wide for its board to
    be found there, and the capture was refused. On monitors narrower than 3:2 the least
    width is a share of one monitor's width (154 px)."""
    _, capture, _ = sample(real_look_rescue, 720023, fraction=(0.15, 0.2), harder=True,
                           monitors=2)
    assert capture.image.shape[:2] == (1024, 2560)
    x, y, w, h = capture.extras["screen_box"]
    assert w < 0.12 * 2048
    sides = [r for r in propose_regions(capture.image, keep=8)
             if abs(r.x - x) <= 4 and abs(r.x + r.width - x - w) <= 4]
    assert sides and any(r.y <= y + h // 4 and r.y + r.height >= y + 3 * h // 4 for r in sides)
