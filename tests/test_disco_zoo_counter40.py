"""The Disco Zoo attempts counter, 40th session: a card's picture is no counter.

Fresh widest 1138005 at 0.5x (the variant sweep's ``s0.5``): the title bar's 1 is drawn 1.6
tiles tall, beside an ``ATTEMPTS LEFT`` too small (under 5 px) to mark it, and was dropped as
too tall for a digit; the band looked in reached down into the Bat card's top (tucked under
the bar), and the Bat's picture was read as a 0 at every ink cut: "taps: 0" for 1 stated
with ``--animals`` and no warning (0 attempts: the rescue over). The counter stands in the
bar, never on a card: a word where a card's picture was found is not read.
"""

from __future__ import annotations

import pytest

from disco_zoo_variants import drawn, variant
from gridsight.games.disco_zoo.screen import _same_place, locate_rescue
from kit.disco_reads import read_given

SEED = 1_138_005


@pytest.fixture(scope="module")
def bat():
    """Widest 1138005 at 0.5x, located with OCR off: (the screen, its board text)."""
    shot, text = drawn(SEED, False, "all")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("GRIDSIGHT_OCR", "off")
        return locate_rescue(variant("s0.5", shot, SEED)), text


def test_a_cards_picture_is_no_counter(bat):
    """No counter is read from the Bat's picture (it read 0): none is read at all."""
    screen, _ = bat
    assert screen.counter.digits == ()


def test_the_attempts_are_never_stated_wrong(bat):
    """With the animals given, the attempts are 1 (the board's count, 10 - 9 tiles tapped),
    and the counter unread is said in words."""
    screen, text = bat
    reading = read_given(screen, text)
    assert "taps: 1" in text.splitlines() and "taps: 1" in reading.text.splitlines()
    assert any("attempts counter not read" in w for w in reading.warnings)


def test_same_place_marks_a_picture():
    """The rule's measure: a word over a picture (the Bat's, 1 px off) is in its place; one
    in the bar above it is not."""
    picture = (85, 45, 10, 14)
    assert _same_place((84, 41, 10, 18), picture)
    assert not _same_place((79, 0, 36, 31), picture)
