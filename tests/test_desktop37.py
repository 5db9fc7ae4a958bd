"""Phones inside desktops (session 37): found tiles of a colour near the dirt's, side by
side, are no cover lying over the board."""

from __future__ import annotations

import numpy as np
import pytest
from kit.desktop import real_look_rescue, sample

import gridsight.games.disco_zoo.screen as screen


@pytest.fixture(scope="module")
def phone_650018() -> np.ndarray:
    """Harder desktop 650018 (``bench/bench_desktop.py --harder --share 0.15 0.2``): a 281
    px Northern rescue, two Bears side by side in the third row, their tiles a dark
    green-grey near the dirt's; three tiles tapped empty above and beside them. The screen's
    pixels as the capture shows them."""
    _, capture, truth = sample(real_look_rescue, 650018, fraction=(0.15, 0.2), harder=True)
    assert "animals: Bear" in truth
    x, y, w, h = capture.extras["screen_box"]
    return capture.image[y : y + h, x : x + w].copy()


def test_two_found_tiles_near_the_dirts_colour_are_not_one_thing_over_the_board(
        phone_650018):
    """Both Bears read dark with a picture in the middle (``pictured``), no line seen
    between them: they were joined as one thing lying over the board, and the three tapped
    tiles beside them (their dirt within COVER_SAME of the Bears' colour) hidden with them.
    The Bears were then found by their sprites, the three left hidden: unread, the phone
    alone asked and the capture refused. Two pictured tiles side by side are two found
    tiles (a cover shows no picture in each tile's middle): the three read empty."""
    read = screen.locate(phone_650018)
    tiles = read.extras["rescue_screen"].tiles
    assert [tiles[r][c].kind for r, c in ((0, 2), (0, 3), (1, 3))] == ["empty"] * 3
    assert [tiles[2][c].kind for c in (3, 4)] == ["found"] * 2
    assert not any(tile.kind in ("hidden", "unknown") for row in tiles for tile in row)
