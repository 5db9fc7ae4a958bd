"""Disco Zoo cards' rarities checked against the screen's own tints (issue 18).

Every ``YOU HAVE n`` line of one rarity is written in one tint on a screen, and the cards
share one colour: a card whose filled boxes show its rarity clearly shows that rarity's tint
as this screen draws it (a colour cast, a rarity drawn off its usual colour, a dark card
greying a pale tint). Each case is a real-look screen drawn and degraded as the screens
diagnostic draws it (``tests/test_disco_zoo_screens.py``, seeds 7000 on).
"""

from __future__ import annotations

from gridsight.games.disco_zoo.screen import locate_rescue
from gridsight.games.disco_zoo.settle import RARITY_SURE
from kit.disco_reads import located
from test_disco_zoo_screens import real_screen

SEED = 7_000


def _cards(k: int):
    """(card drawn, card seen) of real-look screen ``SEED + k``, every card found."""
    shot, _, image, _ = real_screen(k, SEED)
    seen = located(image).cards  # (7001: as test_disco_zoo_screens found it, on its worker)
    drawn = shot.extras["cards"]
    assert len(seen) == len(drawn)
    return list(zip(drawn, seen))


def test_a_tint_the_facts_misread_is_read_as_a_card_of_the_same_tint_shows_it():
    """7001 at 2.4x, a dark card: Pisces' rare line reads nearer common by the facts'
    colours (the rare drawn greener, the screen cast), but its hue is Capricornus' beside it,
    whose two filled boxes are clearly rare: Pisces is rare, clearly."""
    pisces, capricornus = [seen for drawn, seen in _cards(1) if drawn.rarity == "rare"]
    assert capricornus.rarity == "rare" and capricornus.rarity_confidence >= RARITY_SURE
    assert pisces.rarity == "rare" and pisces.rarity_confidence >= RARITY_SURE


def test_fills_of_one_rarity_under_a_line_of_another_leave_the_rarity_unsure():
    """7089 at 0.83x: the common Kiwi's one fill, in a 6 px box blended with its light
    border, reads rare, while its line is clearly common's tint: its rarity is not said
    clearly (the rare Kakapo's, fills and line agreeing, still is)."""
    cards = _cards(89)
    kiwi = next(seen for drawn, seen in cards if drawn.name == "Kiwi")
    kakapo = next(seen for drawn, seen in cards if drawn.name == "Kakapo")
    assert kiwi.rarity_confidence < RARITY_SURE or kiwi.rarity == "common"
    assert kakapo.rarity == "rare" and kakapo.rarity_confidence >= RARITY_SURE


def test_a_fill_of_a_rarity_the_board_does_not_show_leaves_the_rarity_unsure():
    """7033 at 0.85x: the timeless Marsten's one fill, in a 7 px box, reads rare, clearly;
    the board, every tile read, shows one found tile, timeless. A filled box is a tile of its
    animal found on this board, so the fill's rarity is not counted on."""
    marsten = next(seen for drawn, seen in _cards(33) if drawn.name == "Marsten")
    assert marsten.boxes is not None and marsten.boxes.filled == 1
    assert marsten.rarity == "timeless" or marsten.rarity_confidence < RARITY_SURE


def test_a_held_out_fill_blended_with_a_green_border_is_not_read_common_clearly():
    """Held-out 140098 at 1.14x: the timeless Babmoon's fill, in an 11 px box bordered
    green, reads common; the board shows a timeless and a rare tile, no common one."""
    shot, _, image, _ = real_screen(98, 140_000)
    drawn, seen = shot.extras["cards"], locate_rescue(image).cards
    babmoon = next(s for d, s in zip(drawn, seen) if d.name == "Babmoon")
    assert babmoon.rarity == "timeless" or babmoon.rarity_confidence < RARITY_SURE


def test_a_pale_tint_on_a_light_card_of_a_strong_hue_is_not_read_by_the_cards_hue():
    """7079 at 1.7x and held-out 170015 at 2.7x: a timeless Chicken's pale yellow line on a
    light yellow-green card, its name in a near-white font; the ink's offset from the card
    points mythical's way, from its name timeless's: the Chicken is not read mythical
    clearly (7079's row of boxes, now found, no longer caps its tint as a hint)."""
    for k, base in ((79, SEED), (15, 170_000)):
        shot, _, image, _ = real_screen(k, base)
        drawn, seen = shot.extras["cards"], locate_rescue(image).cards
        chicken = next(s for d, s in zip(drawn, seen) if d.name == "Chicken")
        assert chicken.rarity == "timeless" or chicken.rarity_confidence < RARITY_SURE, base
