"""Disco Zoo: the region's animals stated for another region's on the variants' screens
(session 45's ``s45w1231``), pinned on the screen that showed it, drawn as
``bench/disco_zoo_variants.py`` draws it (widest look), OCR off.

- :func:`~gridsight.games.disco_zoo.screen_text._title_belies`: widest 1231010 under JPEG 40
  (Moon: Lunar Tick, Moonkey). The cards' name lines are 4-5 px (not legible) and the
  title's ``MOON`` (16 px) is vouched for by no label letter, so neither the names nor the
  region counted; Lunar Tick's fourth box (clipped to 11 px at the card's edge) was read
  filled, 3 found of 4, which rules Moon's animals out and left City's Rat, Pigeon as the one
  choice of every region the boxes and the board allow: stated with no options. The title's
  glyphs read Moon all along: a region read there that the boxes' one choice is not of now
  asks for ``--animals``.
"""

from __future__ import annotations

import pytest

from gridsight.games.disco_zoo.screen_text import _title_belies
from gridsight.games.disco_zoo.settle import Settled
from kit.disco_reads import read_plain_afresh, seed_read, stated_wrong

MOON = 1_231_010


@pytest.fixture(scope="module")
def moon():
    # (located with OCR as installed, as pinned; read below with OCR off)
    one = seed_read(MOON, variant="j40", ocr=True)
    assert one.screen is not None, one.refused
    return one.image, one.text, one.screen


def test_moon_at_jpeg40_is_not_stated_city(monkeypatch, moon):
    monkeypatch.setenv("GRIDSIGHT_OCR", "off")
    image, text, screen = moon
    plain, warnings, asked, _, unread = read_plain_afresh(screen, image)
    assert plain or asked
    if plain:
        assert stated_wrong(text, plain, warnings, unread) == []
    else:
        # (since s46box the Lunar Tick's cut box reads unfilled: no region is settled and
        # the ask, before the title is weighed, offers Moon among its regions)
        assert "title reads Moon" in asked or "Moon" in asked


class _Words:
    def __init__(self, region):
        self.region = region


def test_the_title_belies_only_a_settled_region_of_its_own():
    settled = Settled("City", (), 1, (("Rat",), ("Pigeon",)), ("City",))
    assert _title_belies(_Words("Moon"), settled, False, None) == "Moon"
    assert _title_belies(_Words("City"), settled, False, None) is None
    assert _title_belies(_Words(None), settled, False, None) is None
    assert _title_belies(None, settled, False, None) is None
    # a name read, or the region given: the reading is already checked against them
    assert _title_belies(_Words("Moon"), settled, True, None) is None
    assert _title_belies(_Words("Moon"), settled, False, "City") is None
