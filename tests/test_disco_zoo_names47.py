"""Disco Zoo: names told loosely (session 47's ``s47names``), pinned on the screens that
showed them, OCR off.

- :func:`~gridsight.games.disco_zoo.lengths.by_shape` on a lone card: fresh widest 1245007
  at 0.84x (screens test, ``--seed 1245000``, no options), Nocturnal, one Kakapo card. Its
  22-px ``KAKAPO`` read by its shapes alone as ``WALRUS`` (no label's letter vouching; its
  box row, 3 rare, fits 25 animals of 14 regions), and the region said by the title's glyph
  count, a 4-px ``NOCTURNAL`` counted as five glyphs (``POLAR``'s length): stated Polar,
  Walrus with no warning (s46w1245 made it ask by the dark ground alone). The title's count
  now backs a lone card's shapes only when counted as
  :func:`~gridsight.games.disco_zoo.lengths.titled_regions` counts it (a line tall enough,
  of one capital height, the whole title): the read asks whatever the ground.
"""

from __future__ import annotations

import pytest

from gridsight.games.disco_zoo import lengths
from kit.disco_reads import read_plain_afresh, seed_read, stated_wrong

NOCTURNAL, NOCTURNAL_BASE = 1_245_007, 1_245_000


@pytest.fixture(scope="module")
def nocturnal():
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("GRIDSIGHT_OCR", "off")
        return seed_read(NOCTURNAL, base=NOCTURNAL_BASE)


def test_a_lone_cards_shapes_with_a_title_too_small_to_count_settle_nothing(monkeypatch,
                                                                              nocturnal):
    """With the ground's check off (it alone caught this screen before), the Kakapo card's
    ``KAKAPO`` read ``WALRUS`` by shapes is not stated: the read asks for the animals."""
    monkeypatch.setenv("GRIDSIGHT_OCR", "off")
    monkeypatch.setattr(lengths, "ground_belies", lambda region, ground: False)
    plain, warnings, asked, _, unread = read_plain_afresh(nocturnal.screen, nocturnal.image)
    assert not plain or stated_wrong(nocturnal.text, plain, warnings, unread) == [], plain
    assert "--animals" in asked


def test_the_nocturnal_title_is_too_small_to_count(monkeypatch, nocturnal):
    """Its title line is under :data:`~gridsight.games.disco_zoo.lengths.REGION_LETTER`
    pixels: :func:`~gridsight.games.disco_zoo.lengths.titled_regions` counts nothing of it,
    though its glyphs number ``POLAR``'s letters (what the bare
    :func:`~gridsight.games.disco_zoo.lengths.lengths_say` took)."""
    from gridsight.games.disco_zoo import names
    from gridsight.games.disco_zoo.screen_text import _words
    from gridsight.solvers.disco_zoo.catalogue import load_catalogue

    monkeypatch.setenv("GRIDSIGHT_OCR", "off")
    names._RECENT.clear()
    names._LINES.clear()
    words = _words(nocturnal.image, nocturnal.screen, None, False)
    assert words is not None
    title = words.lines.get("region")
    assert title is not None and title.height < lengths.REGION_LETTER
    regions = list(load_catalogue().regions)
    assert lengths.lengths_say(title, regions) == ["Polar"]
    assert lengths.titled_regions(words, regions) == []
