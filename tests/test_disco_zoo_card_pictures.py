"""A card's picture at a small scale: the sprite alone, not its name's blurred lines.

Fresh real-look 200017 at 0.72x (a Jurassic rescue of a Stegosaurus, one found on the lawn's
green): the card's name and its YOU HAVE line, a few pixels tall, blur into one band whose
letters no longer stand apart; parted from the sprite by empty rows, that band was taken into
the picture (54 rows for a 35-row sprite). No tile's sprite then matched the card's, and
with ``--animals`` the found tile was read as untapped grass, stated, not listed unread.
"""

from __future__ import annotations

import numpy as np

from gridsight.vision.panels import _lines_joined
from kit.disco_reads import read_given
from test_disco_zoo_screens import locate_rescue, real_screen


def test_two_lines_joined_by_blur_are_told_from_one_band():
    name_and_count = np.array([21, 22, 22, 25, 9, 4, 3, 17, 19, 17, 13, 12])
    assert _lines_joined(name_and_count)
    sprite_part = np.array([10, 14, 18, 20, 22, 20, 18, 16, 12, 9, 8, 6])
    assert not _lines_joined(sprite_part)


def test_a_small_cards_picture_stops_above_its_name_and_the_found_tile_is_not_stated_grass():
    shot, text, image, _ = real_screen(17, 200_000)
    screen = locate_rescue(image)
    (card,) = screen.cards
    x, y, w, h = card.picture
    assert h <= 40  # the sprite's 35 rows (and a blurred edge), not its name's lines too
    reading = read_given(screen, text, image=image)
    # The found Stegosaurus at row 2, column 1 is the only difference, and it is said unread.
    said, want = reading.text.splitlines(), text.splitlines()
    wrong = {(r, c) for r, (a, b) in enumerate(zip(said[3:], want[3:]))
             for c, (p, q) in enumerate(zip(a.split(), b.split())) if p != q}
    assert wrong <= set(reading.unread)
    assert (1, 0) in reading.unread or said[4].split()[0] == "1"
