"""Disco Zoo cards' rarities on the widest real-look screens (34th session).

On the widest family of looks (``--widest``, :mod:`kit.skins.disco_zoo_widest`) the names are
written in any light colour, the ``YOU HAVE n`` tint is whitened up to 0.9 and the boxes'
borders are of any light colour. A card whose row shows no fill takes its rarity from its
line's tint only, and two ways of reading that tint stated a wrong rarity clearly (a wrong
rarity names a found tile wrong). Each screen here showed one; it is drawn again the same way
and read with no options: no card's rarity is read wrong at any confidence that counts as a
clue, and the read states nothing false. A row read unclearly whose fills show the rarity
the line's tint reads clearly leaves the card's rarity as clear as the tint read it.
"""

from __future__ import annotations

import pytest

from gridsight.games.disco_zoo.settle import RARITY_SURE
from test_disco_zoo_cards33 import widest_reads
from kit.disco_reads import stated_wrong

SCREENS = {
    850009: ("Phoenix", "common", "a pink font: its line and the common Gorilla's show only the "
             "font's hue, 2 apart; the Phoenix took the Gorilla's rarity at 0.57"),
    850019: ("Kiwi", "mythical", "a pale green line over magenta-bordered boxes, its box 2 px "
             "into them: read mythical at 1.0"),
    995039: ("Babmoon", "common", "a line 5.8 a*b* from grey, 1.8 from a clearly common card's "
             "line 4.0 from grey: read common at 0.63 (35th session: NEAR_GREY)"),
}
AGREED = {
    850000: ("Kiwi", "common", "its green line read common at 1.0, its row '1 of 4' common "
             "at 0 (one box read filled where none is): the row's 0 was the card's"),
}


@pytest.fixture(scope="module")
def reads():
    """Each widest screen located and read with no options (:func:`widest_reads`)."""
    return widest_reads([*SCREENS, *AGREED])


@pytest.mark.parametrize("seed", list(SCREENS))
def test_a_line_showing_no_tint_of_its_own_names_no_rarity(reads, seed):
    drawn, screen, text, plain, warnings, unread = reads[seed]
    name, wrong, _ = SCREENS[seed]
    assert len(screen.cards) == len(drawn)
    for card, seen in zip(drawn, screen.cards):
        if seen.rarity_confidence >= RARITY_SURE:
            assert seen.rarity == card.rarity, card.name
        if card.name == name:
            assert not (seen.rarity == wrong and seen.rarity_confidence > 0.0)
    if plain:
        assert stated_wrong(text, plain, warnings, unread) == []


def test_the_you_have_line_stops_at_the_boxes(reads):
    # the Kiwi's line box held the top of the magenta borders under it: it ends where they
    # begin, and the card's rarity, when read at all, is its own (common)
    drawn, screen, *_ = reads[850019]
    for seen in screen.cards:
        assert seen.row is not None and seen.have_box is not None
        assert seen.have_box[1] + seen.have_box[3] <= seen.row.boxes[0][1]
    kiwi = screen.cards[[card.name for card in drawn].index("Kiwi")]
    assert kiwi.rarity in ("", "common")


@pytest.mark.parametrize("seed", list(AGREED))
def test_fills_agreeing_with_the_tint_keep_the_tints_confidence(reads, seed):
    drawn, screen, text, plain, warnings, unread = reads[seed]
    name, rarity, _ = AGREED[seed]
    kiwi = screen.cards[[card.name for card in drawn].index(name)]
    # (42nd session: 850000's misread fill, dark green, is 69 from common's colour and 77
    # from rare's, of neither (cards._unsure_fills): its row names no rarity; the tint stands)
    assert kiwi.boxes is not None and kiwi.boxes.rarity in (rarity, "")
    assert kiwi.boxes.confidence < RARITY_SURE  # the row unclear, as before
    assert kiwi.rarity == rarity and kiwi.rarity_confidence >= RARITY_SURE
    for card, seen in zip(drawn, screen.cards):
        if seen.rarity_confidence >= RARITY_SURE:
            assert seen.rarity == card.rarity, card.name
    if plain:
        assert stated_wrong(text, plain, warnings, unread) == []
