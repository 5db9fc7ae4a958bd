"""Disco Zoo card names and tiles stated wrong on the variants' screens (session 45's
``s45names``), each pinned on the screen that showed it, drawn as
``bench/disco_zoo_variants.py`` draws it (widest look), OCR off.

- :func:`~gridsight.games.disco_zoo.names._name_top`: widest 1212013 at 0.75x (Nocturnal: a
  Ghost). No empty row parts the card's sprite, name, ``YOU HAVE`` line and boxes, so its
  picture box took in all four; the card's lines were sought from that box's middle, which
  cut ``GHOST`` in half. Its lower half (5 px of the 14) was measured as a small name of 14
  cells (:func:`~gridsight.games.disco_zoo.lengths.by_size`) and ``Flying Squirrel`` was
  stated with no options.
"""

from __future__ import annotations

import pytest

from disco_zoo_variants import drawn, variant
from gridsight.games.disco_zoo import names
from gridsight.games.disco_zoo.screen import locate_rescue
from test_disco_zoo_screens import _read_plain, stated_wrong

GHOST = 1_212_013


@pytest.fixture(scope="module")
def ghost():
    shot, text = drawn(GHOST, True, "all")
    image = variant("s0.75", shot, GHOST)
    return image, text, locate_rescue(image)


def test_a_name_cut_by_the_pictures_middle_is_seen_whole(ghost):
    image, _, screen = ghost
    card = names.card_text(screen.cards[0])
    # (the picture box runs from the sprite's top through the boxes: its middle is in the name)
    middle = card.picture[1] + card.picture[3] // 2
    seen = names._card_seen(image, card)
    first = [kind_seen.found[0] for kind_seen in seen.values() if kind_seen.found]
    assert first and all(line.box[1] < middle for line in first)
    assert any(line.box[3] >= 10 and len(line.glyphs) == 5 for line in first)


def test_the_ghost_at_075x_is_not_stated_flying_squirrel(monkeypatch, ghost):
    monkeypatch.setenv("GRIDSIGHT_OCR", "off")
    image, text, screen = ghost
    names._RECENT.clear()
    names._LINES.clear()
    words = names.screen_words(image, screen.cards, screen.lattice.y)
    assert words.cards[0].name in (None, "Ghost")
    plain, warnings, asked, _, unread = _read_plain(
        screen, screen.board_read("disco-zoo/structure"), image)
    assert plain or asked
    if plain:
        assert stated_wrong(text, plain, warnings, unread) == []
        assert "animals: Ghost" in plain

