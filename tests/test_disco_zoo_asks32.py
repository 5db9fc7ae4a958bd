"""Why real-look Disco Zoo screens ask for their animals (32nd session): the cards' side.

The issue's goal is every real screen read exactly with no options; the bar under it, never a
confident WRONG. A card's rarity read wrong and counted on is worse than one unread: it rules
the card's true animal out, and the cards then fit no rescue (asked with no choices), or fit a
wrong one. Each screen here is drawn as ``tests/test_disco_zoo_screens.py`` draws it.
"""

from __future__ import annotations

import pytest

from gridsight.games.disco_zoo.screen_text import card_clues, read_screen
from gridsight.readers.base import ReadError, ReadHints
from kit.disco_reads import located
from test_disco_zoo_screens import real_screen


@pytest.fixture(scope="module")
def screens():
    """Wider-look 710047 (0.68x), real-look 7033 (0.85x) and 500040 (1.66x), drawn and
    located: seed -> (the cards as drawn, the screen found, the image, its board text)."""
    out = {}
    for k, base, wider in ((47, 710000, True), (33, 7000, False), (40, 500000, False)):
        shot, text, image, _ = real_screen(k, base, wider=wider)
        out[base + k] = (shot.extras["cards"], located(image), image, text)  # (kit: once)
    return out


def test_untold_fills_give_no_rarity_over_a_tint_naming_another(screens):
    """710047's Ghost card: its one fill in boxes of 4 px (too small to tell a fill from a
    light border's blend) reads as the rare Kakapo's, its ``YOU HAVE`` tint as mythical at
    confidence 0; the fills' rarity was counted on, no rescue of the Nocturnal fitted a rare
    two-box card, and the screen asked with no choices. The rarity is now unread; 7033's
    timeless Marsten card (a fill read rare at 0.52, its tint common at 0) likewise."""
    for seed, card in ((710047, 2), (7033, 0)):
        drawn, screen, _, _ = screens[seed]
        assert len(screen.cards) == len(drawn)
        clue = card_clues(screen.cards)[card]
        assert clue.rarity in ("", drawn[card].rarity), (seed, clue)
        assert screen.cards[card].boxes is not None and not screen.cards[card].boxes.fills_sure


def test_the_ghost_screen_asks_with_the_true_animals_among_its_choices(screens, monkeypatch):
    """With its rarity unread, 710047 asks (its Badger's boxes and the names are not read
    at 0.68x by the glyphs alone: with the OCR extra the names are read and so is the screen)
    and each card's choices hold its true animal; before, none were offered."""
    monkeypatch.setenv("GRIDSIGHT_OCR", "off")
    drawn, screen, image, _ = screens[710047]
    with pytest.raises(ReadError) as asked:
        read_screen(screen, screen.board_read("disco-zoo/structure"), ReadHints(), image=image)
    options = asked.value.choices.options
    assert [card.name in choices for card, choices in zip(drawn, options)] == [True] * 3
    assert options[2] == ("Ghost",)


def test_a_clear_tint_stands_over_fills_read_unclearly(screens):
    """500040's Tiddalik card: its empty row of 23 px boxes read "1 of 3" timeless at 0.36,
    its pink ``YOU HAVE 3`` mythical at 1.0. The row's unclear rarity took the card's and was
    then dropped against the Echidna's clear timeless line, the card left with none, and the
    screen asked. The tint's reading stays: the Outback's one mythical animal, and the screen
    is read exactly with no options."""
    drawn, screen, image, text = screens[500040]
    assert card_clues(screen.cards)[1].rarity == drawn[1].rarity == "mythical"
    reading = read_screen(screen, screen.board_read("disco-zoo/structure"), ReadHints(),
                          image=image)
    assert reading.text == text
