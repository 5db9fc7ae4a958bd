"""Phones inside desktops (session 41): a common found tile of the lawn's green, told by its
rounded corners, when only the box rows not counted on count it."""

from __future__ import annotations

from kit.desktop import real_look_rescue, sample

import gridsight.games.disco_zoo.screen as screen


def test_a_rounded_tile_counted_by_an_unclear_box_row_is_found():
    """Fresh harder desktop 780000 (``bench/bench_desktop.py --harder --share 0.15 0.2``), the
    315 px Mountain screen alone: the common Cougar's tile is the lawn's green, with a rounded
    tile's corners and the Cougar drawn on it (0.26 from its card's picture, the other grass
    tiles' 0.60 and more), but the cards' box rows, the Cougar's one fill among them, were
    read at 0.3 clear: nothing counted it, and it was said unread. The unclear row's fill
    counts exactly the one rounded tile: both together name it found, of its colour."""
    _, capture, truth = sample(real_look_rescue, 780000, fraction=(0.15, 0.2), harder=True)
    assert "animals: Cougar, Elk" in truth
    x, y, w, h = capture.extras["screen_box"]
    found = screen.locate_rescue(capture.image[y : y + h, x : x + w].copy())
    assert all(card.boxes is None or card.boxes.confidence < 0.5 for card in found.cards)
    cells = [(r, c, tile.rarities) for r, row in enumerate(found.tiles)
             for c, tile in enumerate(row) if tile.kind in ("found", "unknown", "hidden")]
    assert cells == [(1, 0, ("common",))]
