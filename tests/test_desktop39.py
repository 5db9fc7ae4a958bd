"""Phones inside desktops (session 39): common found tiles of the lawn's green, told by
their rounded corners when the cards' boxes count exactly as many missing."""

from __future__ import annotations

from kit.desktop import real_look_rescue, sample

import gridsight.games.disco_zoo.screen as screen


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
