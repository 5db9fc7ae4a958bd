"""Where the strip and the panel go around the game window, by the numbers (no display)."""

from __future__ import annotations

import doctest

import gridsight.overlay.placement as placement
from gridsight.overlay.placement import GAP, inside, place_panel, place_strip
from gridsight.overlay.status import Box

SCREEN = Box(0, 0, 1920, 1080)
LINES = lambda width: 48  # noqa: E731 - a strip of two lines at any width


def test_the_strip_goes_under_the_game_else_over_it_else_nowhere_outside():
    game = Box(100, 100, 360, 640)
    assert place_strip(game, SCREEN, LINES) == Box(100, 740, 360, 48)
    low = Box(100, 1080 - 640, 360, 640)  # its bottom on the screen's edge
    assert place_strip(low, SCREEN, LINES) == Box(100, 1080 - 640 - 48, 360, 48)
    assert place_strip(Box(0, 0, 1920, 1080), SCREEN, LINES) is None  # fills the screen
    # A narrow window gets a strip wide enough for its lines, kept on the screen.
    narrow = place_strip(Box(1800, 100, 100, 200), SCREEN, LINES)
    assert narrow.w == placement.MIN_STRIP_WIDTH and inside(narrow, SCREEN)


def test_the_panel_goes_on_the_side_with_room_and_never_over_the_game():
    size = (420, 500)
    game, strip = Box(100, 100, 360, 640), Box(100, 740, 360, 48)
    right = place_panel(size, [game, strip], SCREEN)
    assert right == Box(100 + 360 + GAP, 100, 420, 500)  # the right has the most room
    far_right = Box(1400, 100, 360, 640)
    left = place_panel(size, [far_right], SCREEN)
    assert left.x + left.w + GAP == 1400 and inside(left, SCREEN)
    # A wide game leaves room only below it.
    wide = Box(0, 0, 1920, 500)
    assert place_panel(size, [wide], SCREEN) == Box(0, 500 + GAP, 420, 500)
    # No side holds it whole: pushed off the game on the roomiest side, even off the screen.
    big = Box(300, 0, 1400, 1080)
    off = place_panel(size, [big], SCREEN)
    assert not off.overlaps(big) and not inside(off, SCREEN) and off.x + off.w <= 300 - GAP
    assert not right.overlaps(game) and not right.overlaps(strip)
    assert not left.overlaps(far_right)


def test_doctests():
    assert doctest.testmod(placement).failed == 0


def test_with_no_place_clear_of_the_board_the_panel_covers_the_least_of_it():
    # A minesweeper level filling 1600 x 900: the board from x 500 to 1140, the panel 569
    # wide at its narrowest; the top-right corner covered 109 px of the board's width, the
    # left side covers 69.
    from gridsight.overlay.placement import least_over

    board, screen = Box(500, 90, 640, 640), Box(0, 0, 1600, 900)
    box = least_over((569, 546), board, screen)
    assert inside(box, screen) and box.x == 0  # beside the board's left side
    assert min(box.x + box.w, board.x + board.w) - max(box.x, board.x) == 69
    # Clear of the board when a place is: none covered.
    assert not least_over((400, 546), board, screen).overlaps(board)


def test_on_a_portrait_screen_no_side_of_the_game_holds_the_whole_panel_but_the_folded_one():
    # A 700x1000 portrait screen, a 360x600 Disco Zoo window at 40,40, its strip under it:
    # 292 px right of the window, 324 under the strip; the 331x435 panel fits on no side
    # (it went right of the game, its advice cut at the screen's edge, then over the game's
    # corner). Folded to its advice (160 px) it fits under the strip, off the game, whole.
    from gridsight.overlay.placement import holds_beside

    screen, game, strip = Box(0, 0, 700, 1000), Box(40, 40, 360, 600), Box(40, 640, 360, 28)
    assert not holds_beside((331, 435), [game, strip], screen)
    assert not holds_beside((331, 435), [game], screen)
    assert not inside(place_panel((331, 435), [game, strip], screen), screen)
    assert holds_beside((331, 160), [game, strip], screen)
    box = place_panel((331, 160), [game, strip], screen)
    assert inside(box, screen) and not box.overlaps(game) and not box.overlaps(strip), box
    assert box.y == strip.y + strip.h + GAP, box
    # On a landscape screen the whole panel goes right of the game, level with it.
    for wide in (Box(0, 0, 1024, 768), Box(0, 0, 1600, 1000)):
        assert holds_beside((331, 435), [game, strip], wide)
        assert place_panel((331, 435), [game, strip], wide) == Box(408, 40, 331, 435)
