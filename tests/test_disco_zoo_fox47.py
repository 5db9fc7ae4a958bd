"""Disco Zoo: a card named by its clues alone while its line reads as a name they forbid
(session 47's ``s47fox``), pinned on the screen that showed it, OCR off.

Fresh widest 1263008 (screens test, ``--seed 1263000``, no options), Northern: Skunk, Moose,
Otter. The Otter's card tint (timeless) read rare at 0.52 (just counted on,
:data:`~gridsight.games.disco_zoo.settle.RARITY_SURE`), its ``OTTER`` (four glyphs) read alone
as no animal a rare clue allows (:attr:`~gridsight.games.disco_zoo.names.CardName.unlike`);
the rare clue, the Moose read off card 2 and the board settled the Fox: stated Skunk, Moose,
Fox with no warning. A card whose line says a clue is misread no longer has its name settled
by that card's rarity: the read asks, Fox or Otter.
"""

from __future__ import annotations

import pytest

from kit.disco_reads import assert_nothing_stated_wrong, read_plain_afresh, seed_read, stated_wrong

NORTHERN, NORTHERN_BASE = 1_263_008, 1_263_000


@pytest.fixture(scope="module")
def northern():
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("GRIDSIGHT_OCR", "off")
        return seed_read(NORTHERN, base=NORTHERN_BASE)


def test_a_card_whose_line_belies_its_clues_is_not_named_by_them(monkeypatch, northern):
    """Read with no options, the screen states nothing wrong and asks for the animals,
    listing both the Fox and the Otter for card 3 (the Skunk and the Moose read)."""
    monkeypatch.setenv("GRIDSIGHT_OCR", "off")
    plain, warnings, asked, _, unread = read_plain_afresh(northern.screen, northern.image)
    assert not plain or stated_wrong(northern.text, plain, warnings, unread) == [], plain
    assert "--animals" in asked
    assert "card 3: Fox or Otter" in asked, asked


def test_the_otter_card_reads_rare_and_its_line_unlike(monkeypatch, northern):
    """What the fix rests on: card 3's rarity is read rare (wrongly) and counted on, and its
    line is :attr:`~gridsight.games.disco_zoo.names.CardName.unlike` (its name not read)."""
    from gridsight.games.disco_zoo import names
    from gridsight.games.disco_zoo.screen_text import _words, card_clues

    monkeypatch.setenv("GRIDSIGHT_OCR", "off")
    assert card_clues(northern.screen.cards)[2].rarity == "rare"
    names._RECENT.clear()
    names._LINES.clear()
    words = _words(northern.image, northern.screen, None, False)
    assert words is not None
    card = words.cards[2]
    assert card.name is None and card.unlike


def test_read_with_its_animals_the_screen_is_right(northern):
    """With ``--animals`` given the screen reads right (no name settling involved)."""
    assert_nothing_stated_wrong(northern.text, northern.given)
