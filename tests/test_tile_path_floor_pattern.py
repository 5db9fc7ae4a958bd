"""A floor pattern two console pixels wide taken for a display's grid in calibration
(tile-path rooms, :func:`_as_shown`).

When a calibration screenshot fits no place as it is, calibration tries it evened out at each
pattern that repeats every few screenshot pixels (an LCD grid's lines, a CRT's rows). A
blurred floor's own pattern repeats so too: 147012 --wider (lanczos 2.5x, JPEG 59, cut two
tiles on the right) fitted only evened out at 5 pixels, two console pixels, and its looks
were learned from that evened picture. Reading evens a picture out only at the console pixel,
so every frame met those looks as it is and was refused. The looks are now learned from the
picture as it is, at the place the evened picture found, when they place it there again.
"""

from __future__ import annotations

import pytest
from kit import rooms
from kit.skins import tile_path_gbc as gbc

from gridsight.games.tile_path.room import (
    GBC,
    _at_console_pixel,
    board_tokens,
    calibrate_room,
    read_view,
    room_from_board,
)
from gridsight.solvers.boardtext import parse_boards
from gridsight.vision.tiling import ConsoleGrid, Screen

ROOM = room_from_board(parse_boards(gbc.HEROS_CAVE)[0])


@pytest.fixture(scope="module")
def case_147012():
    """Case 12 of seed 147000's wider looks: the pack calibrated from its screenshot, and its
    three frames."""
    _settings, shot, moments = rooms.one_shot_case(12, 147012, wider=True)
    return calibrate_room([("c", shot.image)], ROOM, "floor-pattern").pack, moments


def test_a_floor_pattern_is_no_display_grid(case_147012):
    """The pack is not marked as calibrated on a display's grid, and a frame refused before
    (its tiles 21% off the room) reads with every cell in view right and none ``?``."""
    pack, moments = case_147012
    assert not pack.layout.get("console_grid")
    moment = moments[2]
    read = read_view(moment.image, pack)
    tally = rooms.Tally()
    problems = tally.add(rooms.text_of(board_tokens(read.board, ROOM)),
                         rooms.text_of(moment.board_in_view()), moment)
    assert tally.wrong == 0 and tally.unread == 0 and not problems, (tally.line(), problems)


def test_only_a_console_pixels_pattern_is_a_grid():
    """At 2.5 screenshot pixels a console pixel: a grid at 2.5 (or 2.55) both ways is the
    display's, one at 5 either way is not."""
    screen = Screen(0.0, 0.0, 40.0, GBC)
    grid = (ConsoleGrid(1, 2.5, 1.0, 9.0), ConsoleGrid(0, 2.55, 1.0, 9.0))
    assert _at_console_pixel(grid, screen)
    assert not _at_console_pixel((ConsoleGrid(1, 5.0, 1.0, 9.0),), screen)
    assert not _at_console_pixel((ConsoleGrid(1, 2.5, 1.0, 9.0), ConsoleGrid(0, 5.0, 1.0, 9.0)),
                                 screen)
