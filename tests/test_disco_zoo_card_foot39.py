"""A card's picture run into the lines under it by blur: its sprite cut above them.

Real-look 1058043 at 0.51x (Farm: Rabbit and Pig, both common, one Pig found; the cards'
box rows too small to be found): the Pig card's picture, no empty row between its sprite, its
short name and its ``YOU HAVE`` line, was taken 27 rows tall of the card's 42 (over
:data:`~gridsight.vision.panels.PICTURE_MAX`), text and all; its sprite stood 0.40 from the
Pig's found tile, the Rabbit card's 0.30, and the tile was stated Rabbit with ``--animals``
(a WRONG). A card shows its picture above lines of text, so such a picture is cut at its
thinnest row in its lower half (:func:`~gridsight.vision.panels.sprite_box`) before its
sprite is cut. Drawn as the screens test draws it, read with OCR off.
"""

from __future__ import annotations

import pytest

from gridsight.vision.sprites import sprite_distance
from kit.disco_reads import pinned_given
from kit.disco_reads import stated_wrong
from kit.disco_screens import real_screen


@pytest.fixture(scope="module")
def farm():
    """1058043: (its truth, the screen located, its reading with --animals), OCR off."""
    _, text, image, _ = real_screen(43, 1_058_000)
    return (text, *pinned_given(image, text))


def test_a_card_picture_run_into_its_lines_keeps_only_its_sprite(farm):
    _, screen, _ = farm
    rabbit, pig = (card.sprite for card in screen.cards)
    tile = screen.tiles[1][1].sprite
    # (before: 0.30 from the Rabbit's card, 0.40 from the Pig's, its sprite with two lines)
    assert sprite_distance(tile, pig) + 0.06 < sprite_distance(tile, rabbit)


def test_the_found_pig_is_not_stated_rabbit(farm):
    text, _, given = farm
    assert stated_wrong(text, given.text, given.warnings, given.unread) == []
