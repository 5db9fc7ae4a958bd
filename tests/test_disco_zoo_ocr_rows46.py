"""An OCR engine's name for a card the glyphs do not name, of another size than the card's
box row (even read too unsure to be a clue), is not taken on its own (s46w1230).

Variants 1230004 ``j40`` (widest all look, JPEG 40), no options, OCR as installed: the
engine read the card's ``GOAT`` as ``CMT`` off a panel line and snapped it to the pet Cat
(5 cells) while the card's row reads 4 boxes (confidence 0.10); no region was read, Mountain
came from the other card's Eagle alone, and nothing counted against Cat: stated Cat, Eagle for
Goat, Eagle. Now the read asks. Skipped only where no OCR engine is installed."""

from __future__ import annotations

import pytest

from gridsight.games.disco_zoo import ocr_names
from gridsight.games.disco_zoo.screen_text import _row_belies_name
from kit.disco_reads import assert_nothing_stated_wrong, read_plain, seed_read


@pytest.fixture
def ocr_as_installed(monkeypatch):
    monkeypatch.delenv("GRIDSIGHT_OCR", raising=False)
    if not ocr_names.available():
        pytest.skip("no OCR engine installed (the ocr extra)")


def test_an_engine_name_of_another_size_than_the_cards_row_is_asked(ocr_as_installed):
    seen = seed_read(1230004, variant="j40")
    assert seen.screen is not None, seen.refused
    text, warnings, asked, refused, unread = read_plain(seen.screen, seen.board, seen.image)
    assert not refused, refused
    if text:
        assert_nothing_stated_wrong(seen.text, text, warnings, unread)
    else:
        assert "--animals" in asked


def test_the_row_belies_a_name_of_another_size_alone():
    seen = seed_read(1230004, variant="j40")
    assert seen.screen is not None, seen.refused
    card = seen.screen.cards[0]
    assert card.boxes is not None and card.boxes.count == 4
    assert _row_belies_name(card, "Cat")  # a pet of 5 cells
    assert not _row_belies_name(card, "Goat")  # 4 cells
    assert not _row_belies_name(card, "Not an animal")  # no size known: nothing said
