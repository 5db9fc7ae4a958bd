"""Disco Zoo cards missed beside those found, the animals named without them (45th session,
``s45card``; open WRONG 1 of session 44's closing note). The screens are drawn as the variants
sweep draws them (``bench/disco_zoo_variants.py``) and located with OCR off.

Variants j60 and pillar of widest 1210013 (Outback: Kangaroo, Cockatoo, Echidna): the phone's
grey frame, 4 px each side, blurred by JPEG (j60) or standing inside a letterbox's pillars, was
not all taken for a frame; its remnant joined the Echidna card's ink beside it, which then
reached the picture's side and was no card missed (:func:`.cards._a_card_wide`), and the wider
area the cards were sought in again took the frame in (:func:`.cards._wider_area`). Both now
see the side bands inked down the whole picture (:func:`.cards.screen_sides`).

Variant j60 of widest 1215018 (Jungle: Toucan, Gorilla, Tiger): three narrow cards on their
ground, the ground between them found as one panel and split in two through the Gorilla's
sprite (:func:`.cards.unmerged`); each half held another card's half-sprite beside its own
picture (:func:`.cards._another_picture`).
"""

from __future__ import annotations

import pytest
from disco_zoo_variants import drawn, variant
from kit.disco_reads import stated_wrong
from kit.disco_screens import located_and_read

from gridsight.games.disco_zoo import cards
from gridsight.games.disco_zoo.screen import locate_rescue
from gridsight.vision.panels import Panel

FRAMED = 1_210_013  # widest: a grey frame of 4 px, the Echidna's card 5 px inside it
NARROW = 1_215_018  # widest: three narrow Jungle cards, the ground between them one panel


@pytest.fixture(scope="module")
def framed():
    return drawn(FRAMED, True, "all")


@pytest.mark.parametrize("name", ["j60", "pillar"])
def test_a_card_beside_a_blurred_frame_is_found(monkeypatch, framed, name):
    monkeypatch.setenv("GRIDSIGHT_OCR", "off")
    shot, text = framed
    assert text.splitlines()[1] == "animals: Kangaroo, Cockatoo, Echidna"
    _, plain, asked = located_and_read(variant(name, shot, FRAMED))
    assert plain == text, (plain, asked)  # (was "Kangaroo, Cockatoo", no warning)


def test_a_side_band_inked_down_the_picture_is_no_part_of_the_screen(framed):
    shot, _ = framed
    image = variant("j60", shot, FRAMED)
    screen = locate_rescue(image)
    assert [card.panel.box[0] for card in screen.cards][2] > 255
    colour = cards.ground_colour(image, ((51, 312, 13, 78), (268, 312, 13, 78)))
    assert colour is not None
    assert cards.frame_sides(image) == (2, 2)  # JPEG blurs the frame's inner columns
    assert cards.screen_sides(image, colour) == (4, 4)
    assert cards.screen_sides(shot.image, colour) == (4, 4)  # the clean frame
    # The rule itself: the two cards found, the Echidna's columns are a card standing on the
    # ground next to them, not ink running on past the phone (the frame's remnant left out).
    two = [card.panel for card in screen.cards[:2]]
    rows = (two[0].box[1], two[0].box[1] + two[0].box[3])
    echidna = screen.cards[2].panel.box
    assert cards._a_card_wide(image, colour, rows, (echidna[0], image.shape[1] - 2), two,
                              screen.lattice.pitch_x)


def test_a_split_through_another_cards_sprite_is_refused(monkeypatch):
    monkeypatch.setenv("GRIDSIGHT_OCR", "off")
    shot, text = drawn(NARROW, True, "all")
    assert text.splitlines()[1] == "animals: Toucan, Gorilla, Tiger"
    image = variant("j60", shot, NARROW)
    # The ground between the cards found as one panel; cut in two, each half holds a half
    # of the Gorilla's sprite beside its own picture (the Toucan's, the Tiger's).
    colour = (41.0, 74.0, 29.0)
    halves = [Panel((4, 95, 177, 194), colour), Panel((181, 95, 177, 194), colour)]
    assert all(cards._another_picture(image, half) for half in halves)
    assert cards.unmerged(image, [Panel((4, 95, 354, 194), colour)], 75.0, 3) == \
        (Panel((4, 95, 354, 194), colour),)
    _, plain, asked = located_and_read(image)
    assert plain or asked
    assert not plain or not stated_wrong(text, plain), plain  # (was "Toucan, Tiger")


def test_a_card_alone_in_its_part_holds_no_other_picture(framed):
    shot, _ = framed
    image = variant("j60", shot, FRAMED)
    for card in locate_rescue(image).cards:
        assert not cards._another_picture(image, card.panel)
