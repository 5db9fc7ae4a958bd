"""An engine's text snapped among the animals a card may still be.

A card's boxes and colours and the board often leave it a few animals (a common four-tile
animal of the Nocturnal region: Bat, Badger or Kiwi); the engine's text is then snapped among
those alone. ``HIHI`` (a pixel font's KIWI, K and W drawn like H) is one look-alike pair from
a pet's ``BIRD`` as well, too close to count among the region's animals and the pets, but
clearly Kiwi among the three (seed 310068 at 6.5x was asked for ``--animals``). A text near
none of them names nothing. The engine is stood in for (:mod:`kit.ocr_standin`), the reader's
own snapping rules applied to the text it gives. (The screen's own glyphs now tell KIWI by its
length, four glyphs among Bat, Badger and Kiwi: :mod:`gridsight.games.disco_zoo.lengths`;
the engine's part is tested with that rule off.)
"""

from __future__ import annotations

import pytest

from gridsight.games.disco_zoo import lengths
from gridsight.games.disco_zoo.screen import locate_rescue
from gridsight.games.disco_zoo.screen_text import read_screen
from gridsight.readers.base import ReadError, ReadHints
from kit.ocr_standin import engine_reads
from kit.skins import disco_zoo_real as real

CELLS = [["ground"] * 5 for _ in range(5)]
CELLS[0][0] = CELLS[3][2] = "empty"


@pytest.fixture(scope="module")
def kiwi_screen():
    """A Nocturnal rescue of a Kiwi, two tiles tapped empty: (image, screen found)."""
    shot = real.render(CELLS, animals=[("Kiwi", "common")], attempts=8, region="Nocturnal",
                       seed=5)
    return shot.image, locate_rescue(shot.image)


def _read(image, screen, monkeypatch=None):
    if monkeypatch is not None:  # the glyphs alone, not told by the names' lengths or shapes
        monkeypatch.setattr(lengths, "by_length", lambda *args, **kwargs: None)
        monkeypatch.setattr(lengths, "by_shape", lambda *args, **kwargs: None)
    return read_screen(screen, screen.board_read("disco-zoo/structure"), ReadHints(),
                       image=image)


def test_a_text_near_one_of_the_animals_a_card_may_be_names_it(monkeypatch, kiwi_screen):
    image, screen = kiwi_screen
    engine_reads(monkeypatch, screen.cards, "NOCTURNAL", ["HIHI"])
    reading = _read(image, screen, monkeypatch)
    assert reading.text.splitlines()[:2] == ["region: Nocturnal", "animals: Kiwi"]


@pytest.mark.parametrize("text", ["BIRD", "HOHOHO", "BAGER KIWI"])
def test_a_text_near_none_or_another_animal_names_nothing(monkeypatch, kiwi_screen, text):
    """A pet's name (not among the card's animals), a text near none of them, a text
    between two of them: the reader asks, listing the three."""
    image, screen = kiwi_screen
    engine_reads(monkeypatch, screen.cards, "NOCTURNAL", [text])
    with pytest.raises(ReadError) as error:
        _read(image, screen, monkeypatch)
    assert "Bat, Badger or Kiwi" in str(error.value)


def test_with_no_engine_the_glyphs_tell_kiwi_by_its_length(monkeypatch, kiwi_screen):
    """KIWI's letters are on no label (nothing vouches for them), but of the Bat, the Badger
    and the Kiwi only the Kiwi has four letters, and the glyphs read KIWI."""
    monkeypatch.setenv("GRIDSIGHT_OCR", "off")
    image, screen = kiwi_screen
    reading = _read(image, screen)
    assert reading.text.splitlines()[:2] == ["region: Nocturnal", "animals: Kiwi"]
    assert any("lengths" in note for note in reading.notes)


def test_among_a_cards_few_animals_a_name_read_cut_short_counts(monkeypatch):
    """The engine may drop a long name's end (``AHEYLOCHUR`` off ANKYLOSAURUS, seed 600059
    at 1.09x): among the animals the card may still be (T-Rex or Ankylosaurus) the text is
    the name's first letters, clearly; among the region's animals and the pets, with the
    whole name to match, it names nothing. Too few letters name nothing either way."""
    import numpy as np

    from gridsight.games.disco_zoo.ocr_names import read_ocr_names

    card = object()
    image = np.zeros((20, 20, 3), np.uint8)
    for text, among, named in (("AHEYLOCHUR", [("T-Rex", "Ankylosaurus")], "Ankylosaurus"),
                               ("AHEYLOCHUR", None, None),
                               ("AHEY", [("T-Rex", "Ankylosaurus")], None)):
        engine_reads(monkeypatch, [card], "JURASSIC", [text])
        read = read_ocr_names(image, {}, [card], "Jurassic", options=among)
        assert read is not None and read.cards == (named,), (text, among, read)
