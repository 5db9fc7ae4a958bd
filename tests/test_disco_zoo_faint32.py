"""Faint Disco Zoo cards found (32nd session): cards told from the ground by little colour.

Issue 18 asks for cards told by colour difference in either direction, low contrast
included. Each screen here asked for its animals because its cards, a few Lab off the
ground, were not found: no card found is an ask, never a WRONG, but the names and boxes the
screen shows went unused. Each is drawn as ``tests/test_disco_zoo_screens.py`` draws it.
"""

from __future__ import annotations

import pytest

from gridsight.games.disco_zoo.screen_text import read_screen
from gridsight.readers.base import ReadError, ReadHints
from kit.disco_reads import located
from test_disco_zoo_screens import real_screen


@pytest.fixture(scope="module")
def screens():
    """Wider-look 770043 (1.55x), 700037 (0.88x) and 710013 (0.87x), drawn and located:
    seed -> (the cards as drawn, the screen found, the image, its board text)."""
    out = {}
    for seed in (770043, 700037, 710013):
        base = seed // 10000 * 10000
        shot, text, image, _ = real_screen(seed - base, base, wider=True)
        out[seed] = (shot.extras["cards"], located(image), image, text)  # (kit: once a worker)
    return out


def _read(screen, image):
    return read_screen(screen, screen.board_read("disco-zoo/structure"), ReadHints(),
                       image=image)


def test_a_row_of_cards_wider_than_the_search_area_is_found(screens):
    """770043: three light Ice Age cards 4 Lab off a light-blue ground, the row 1.9 times as
    wide as the board, the third card past the search area's side: no row fitted inside it,
    and the screen asked. The row is now sought wider: three cards, their names read, the
    region and animals stated as drawn; the attempts counter too (a dark 0 on the light bar,
    unread and said so until its blended rim stopped being taken for its fill: 33rd
    session, tests/test_disco_zoo_counter33.py)."""
    drawn, screen, image, text = screens[770043]
    assert len(screen.cards) == len(drawn) == 3
    reading = _read(screen, image)
    assert reading.text.splitlines()[:2] == text.splitlines()[:2]
    assert reading.text.splitlines()[3:] == text.splitlines()[3:]
    assert reading.text == text


def test_cards_on_a_speckled_ground_are_found(screens):
    """700037: two Ice Age cards 2 Lab off a ground speckled with dots, clean of dots
    themselves; the dots' ink joined every column into one group and no card was made.
    Stray dots are now left out: both cards found with their rows of four boxes, and the
    screen asks with each card's true animal among its choices."""
    drawn, screen, image, _ = screens[700037]
    assert len(screen.cards) == len(drawn) == 2
    assert [card.boxes is not None and card.boxes.count for card in screen.cards] == [4, 4]
    with pytest.raises(ReadError) as asked:
        _read(screen, image)
    options = asked.value.choices.options
    assert [card.name in choices for card, choices in zip(drawn, options)] == [True, True]


def test_a_faint_card_beside_a_panel_found_is_found_by_its_ink(screens):
    """710013: the Lynx card found as a panel on the navy ground, the fainter Pisces card
    beside it not; the ink beside dropped both and the screen asked. Both are now found by
    their ink, and the screen is read exactly with no options."""
    drawn, screen, image, text = screens[710013]
    assert len(screen.cards) == len(drawn) == 2
    assert _read(screen, image).text == text
