"""Phones inside desktops (session 35): the attempts counter of a small, video-compressed
screen is read at every ink cut, not lost to a card's sprite reaching into the band above
the cards."""

from __future__ import annotations

import numpy as np
import pytest
from kit.desktop import real_look_rescue, sample

import gridsight.games.disco_zoo.screen as screen


@pytest.fixture(scope="module")
def phone_590004() -> np.ndarray:
    """Fresh harder desktop 590004 (``bench/bench_desktop.py --harder --share 0.15 0.2``): a
    248 px Northern rescue in an emulator's window, the desktop video-compressed; its one
    card (Bear) drawn in nearly the ground's colour. The screen's pixels as the capture
    shows them."""
    _, capture, truth = sample(real_look_rescue, 590004, fraction=(0.15, 0.2), harder=True)
    assert "taps: 7" in truth
    x, y, w, h = capture.extras["screen_box"]
    return capture.image[y : y + h, x : x + w].copy()


def test_the_counter_beside_its_label_is_read_past_a_cards_sprite(phone_590004):
    """The band the counter is read in reaches into the card (its colour the ground's above
    it: :func:`screen._under_the_bar`), and the card's sprite is its tallest glyph, below
    every run of text. At two ink cuts of three the label's 8 px letters broke up, so the
    sprite was taken for the number, then dropped as off the runs' lines, and nothing read:
    the counter unread, the capture refused ("it shows no counter"). The tallest glyph is
    now looked for on the runs' lines: the 7 beside ``NORTHERN`` reads at every cut, and
    agrees with the board (3 tiles tapped)."""
    read = screen.locate(phone_590004)
    counter = read.extras["rescue_screen"].counter
    assert counter.value == 7 and counter.agree
    assert read.extras["furniture"] == ("cards", "counter")


@pytest.fixture(scope="module")
def phone_640006() -> np.ndarray:
    """Fresh harder desktop 640006: a 292 px Farm rescue in a mirror's window, a mouse
    pointer over the top right tile (tapped empty, beside two more tapped tiles). The
    screen's pixels as the capture shows them."""
    _, capture, truth = sample(real_look_rescue, 640006, fraction=(0.15, 0.2), harder=True)
    assert "taps: 4" in truth
    x, y, w, h = capture.extras["screen_box"]
    return capture.image[y : y + h, x : x + w].copy()


def test_a_mouse_pointer_is_over_one_tile_only(phone_640006):
    """The pointer's white arrow made its tile unread, and the dirt carrying on to the two
    tapped tiles beside it (no line seen between them) made all three one thing lying over
    the board (hidden): three unread, more than the counter check allows, the capture
    refused. Plain dirt round a pointer is one tile's: it alone is unread (said covered by
    a mouse pointer), its neighbours read empty and the counter agrees."""
    read = screen.locate(phone_640006)
    tiles = read.extras["rescue_screen"].tiles
    assert [tiles[r][c].kind for r, c in ((0, 3), (1, 4))] == ["empty"] * 2
    assert tiles[0][4].kind == "unknown" and tiles[0][4].pointer
    assert sum(tile.kind in ("hidden", "unknown") for row in tiles for tile in row) == 1
    assert read.extras["furniture"] == ("cards", "counter")


def test_an_emulators_tool_strip_is_no_card_missed():
    """Fresh harder desktop 580002 on two monitors: an emulator's window, a strip of the
    ground's colour beside the phone holding a column of coloured buttons, in the cards'
    rows. The window's region (the strip in, as the desktop reader cuts it) read the right
    lattice but the buttons were taken for a card missed beside the two found: no cards,
    the found Gorilla tiles then unread, the capture not found. The strip's buttons (alike,
    one above another, evenly spaced) are no card: both cards and the counter read, and the
    board as the screen alone reads it."""
    _, capture, truth = sample(real_look_rescue, 580002, fraction=(0.15, 0.2), harder=True,
                               monitors=2)
    x, _, _, _ = capture.extras["screen_box"]
    region = capture.image[144:1224, x : x + 503].copy()  # the window's region, strip in
    read = screen.locate(region)
    seen = read.extras["rescue_screen"]
    assert read.extras["furniture"] == ("cards", "counter")
    assert len(seen.cards) == 2 and seen.counter.value == 5
    kinds = [[tile.kind for tile in row] for row in seen.tiles]
    assert [kinds[1][2], kinds[2][2]] == ["found", "found"]  # the two Gorilla tiles
    assert sum(kind == "empty" for row in kinds for kind in row) == 3
    assert "taps: 5" in truth
