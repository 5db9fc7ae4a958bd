"""Disco Zoo cards' names and rarities on the widest real-look screens (35th session).

A card whose fills read a rarity clearly, yet whose name line's length fits no animal of that
rarity and of its boxes, has that rarity doubted and its names read again without it
(:func:`gridsight.games.disco_zoo.lengths.rarity_belied`); a rarity no animal of its boxes
has is no clue to its name (:func:`gridsight.games.disco_zoo.names._clue`). The screen is
drawn again as the screens test draws it and read with no options.
"""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from gridsight.games.disco_zoo import names
from gridsight.games.disco_zoo.settle import RARITY_SURE
from test_disco_zoo_screens import located_and_read, real_screen, stated_wrong

SCREENS = (995012,)


@pytest.fixture(scope="module")
def reads():
    """seed -> (its cards as drawn, the screen found, its truth, the text read, the request
    for --animals), each read with no options and OCR off."""
    mp = pytest.MonkeyPatch()
    mp.setenv("GRIDSIGHT_OCR", "off")
    out = {}
    try:
        for seed in SCREENS:
            base = seed - seed % 10_000
            shot, text, image, _ = real_screen(seed - base, base, wider=True, widest="all")
            screen, plain, asked = located_and_read(image)
            out[seed] = (shot.extras["cards"], screen, text, plain, asked)
    finally:
        mp.undo()
    return out


def test_a_rarity_the_name_lines_length_belies_is_not_counted_on(reads):
    # 2.52x: a rare Saber Tooth's fills drawn dark maroon read mythical at 0.95, and its card
    # was asked as the Akhlut alone (Ice Age's one mythical of three tiles); SABER TOOTH is
    # two words of five letters, AKHLUT one of six
    drawn, screen, text, plain, asked = reads[995012]
    assert [card.name for card in drawn][0] == "Saber Tooth"
    first = screen.cards[0]
    assert first.rarity == "mythical" and first.rarity_confidence >= RARITY_SURE
    if plain:
        assert stated_wrong(text, plain) == []
    else:
        listed = asked.split("card 1: ")[1].split(";")[0]
        assert "Saber Tooth" in listed, asked


def test_a_rarity_no_animal_of_the_cards_boxes_has_is_no_clue_to_its_name():
    # widest 995014 at 1.63x: a common Marsmot's four boxes, its one fill read rare at 0.21;
    # no rare animal covers four tiles, and the names' every-clue reading found no name for it
    def card(count: int, rarity: str, confidence: float = 0.21):
        return SimpleNamespace(boxes=SimpleNamespace(count=count, confidence=confidence),
                               rarity=rarity, rarity_confidence=confidence)

    assert names._clue(card(4, "rare")) == (4, "")
    assert names._clue(card(4, "common")) == (4, "common")
    assert names._clue(card(3, "mythical", 0.9), sure=True) == (3, "mythical")
    assert names._clue(card(2, "rare", 0.9), sure=True) == (2, "")
    assert names._clue(card(5, "rare")) == (5, "rare")  # a pet's, whatever its colours read
