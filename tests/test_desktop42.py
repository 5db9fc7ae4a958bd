"""Phones inside desktops (session 42): a common found tile of the lawn's green whose box row's
fill, blended, reads off the lawn's green while its rarity's colour is near it."""

from __future__ import annotations

from kit.desktop import real_look_rescue, sample

import gridsight.games.disco_zoo.screen as screen


def test_a_rounded_tile_counted_by_a_blended_fill_of_the_lawns_rarity_is_found():
    """Harder desktop 720028 (``bench/bench_desktop.py --harder --share 0.15 0.2``), the 239 px
    City screen alone: the common Raccoon's tile is the lawn's green, with a rounded tile's
    corners and the Raccoon drawn on it (0.36 from its card's picture, the other grass tiles'
    0.59 and more), but its card's one fill, blended, read 29 Lab off the lawn at confidence
    0 (common's own colour 5 from it): nothing counted it, and it was said unread. The row
    counts exactly the one rounded tile, whose colour is common's: it is found."""
    _, capture, truth = sample(real_look_rescue, 720028, fraction=(0.15, 0.2), harder=True)
    assert "animals: Raccoon, Sewer Turtle, Rat" in truth
    x, y, w, h = capture.extras["screen_box"]
    found = screen.locate_rescue(capture.image[y : y + h, x : x + w].copy())
    assert all(card.boxes is None or card.boxes.confidence < 0.5 or not card.boxes.found
               for card in found.cards)
    cells = [(r, c, tile.kind, tile.rarities) for r, row in enumerate(found.tiles)
             for c, tile in enumerate(row) if tile.kind in ("found", "unknown", "hidden")]
    assert cells == [(2, 4, "found", ("common",))]
