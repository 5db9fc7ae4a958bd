"""The Disco Zoo names' memos are keyed on all their answers hang on, so a read never depends
on what the process read before it (bench/bench_order.py reads screens fresh and in two
orders and lists any that differ).

The title bar's lines (:func:`gridsight.games.disco_zoo.names._screen_lines`) are read between
a letterbox's pillars, and the pillars are found over the picture's whole height
(:func:`gridsight.games.disco_zoo.cards.frames_or_pillars`): two pictures with the same pixels
above the cards but pillars only in one (its lower rows one colour down the sides) read other
lines, and a memo keyed on the pixels above alone handed the second the first's. A small drawn
pair, well under a second.
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from gridsight.games.disco_zoo import names
from gridsight.games.disco_zoo.cards import frames_or_pillars
from gridsight.vision.lettering import put_text

BAR = 40  # the title bar's rows (the cards' top and bottom: no cards)


def _screen(pillar: bool) -> np.ndarray:
    """A title bar over a lawn, a grey block at its left; below it, the block's columns grey
    all the way down (a letterbox's pillar) or varied (the game's own picture)."""
    image = np.full((400, 320, 3), (60, 160, 60), np.uint8)
    image[BAR:, :80] = 128 if pillar else np.random.default_rng(1).integers(
        0, 255, (400 - BAR, 80, 3), dtype=np.uint8)
    image[:BAR, 80:] = (160, 90, 30)
    image[:BAR, :80] = 128
    put_text(image, "SAVANNA", (100, 30), cv2.FONT_HERSHEY_SIMPLEX, 0.8, (255, 255, 255), 2)
    return image


@pytest.fixture()
def pair(monkeypatch):
    monkeypatch.setattr(names, "_LINES", names.BoundedMemo(names.RECENT))
    monkeypatch.setattr(names, "_RECENT", names.BoundedMemo(names.RECENT))
    plain, pillared = _screen(False), _screen(True)
    assert np.array_equal(plain[:BAR], pillared[:BAR])  # the same above the cards
    assert frames_or_pillars(plain)[0] == 0 and frames_or_pillars(pillared)[0] == 80
    return plain, pillared


def _boxes(lines) -> list:
    return [line.box for line in lines]


def test_the_bar_read_after_another_with_the_same_top_is_its_own(pair):
    plain, pillared = pair
    fresh = [_boxes(names._screen_lines(image, [], BAR, None)[0]) for image in pair]
    assert fresh[0] != fresh[1]  # the pillar's block read as a line in the plain picture only
    for image in (plain, pillared, plain):  # each after the other: remembered apart
        got = names._screen_lines(image, [], BAR, names.text_pixels(image, BAR))[0]
        assert _boxes(got) == fresh[image is pillared]


def test_the_names_read_remember_each_picture_apart(pair):
    for image in pair:
        names._remembered(image, [], BAR, None)
    assert len(names._LINES) == len(names._RECENT) == 2
