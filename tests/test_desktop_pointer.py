"""Something over a rescue's board in a desktop capture (issue 18, items 1 and 2): a mouse
pointer over a tapped tile reads as no rescue tile, and two counts together tell it
(:func:`gridsight.games.disco_zoo.screen_text.tapped_empty`): the attempts counter says every
unread tile was tapped, the cards' box rows count every found tile, so it is empty.

Fresh harder desktop 410014 of ``bench/bench_desktop.py --share 0.15 0.2``: an Outback rescue
(Crocodile, Echidna, 5 attempts left) in a mirroring window, the pointer over row 1, column 2
(tapped, empty). Its phone screen is cut out of the capture (the read is the one the desktop
search hands the reader: the screen's region alone) and read with ``--animals``, as the
bench does.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from kit.desktop import real_look_rescue, sample

from gridsight.games.disco_zoo.screen_text import read_screen
from gridsight.readers.base import ReadHints
from gridsight.readers.find import find_in, load_game_pack, read_found
from gridsight.vision.digits import NumberRead

POINTER = (0, 1)  # row 1, column 2: the pointer's tile


@pytest.fixture(scope="module")
def pointed():
    """The phone screen of desktop 410014, what was found on it, its truth and animals."""
    _, capture, truth = sample(real_look_rescue, 410014, fraction=(0.15, 0.2), harder=True)
    x, y, w, h = capture.extras["screen_box"]
    phone = capture.image[y : y + h, x : x + w].copy()
    pack = load_game_pack("disco-zoo", None)
    found = find_in(phone, {"disco-zoo": pack})
    names = tuple(truth.splitlines()[1].split(": ")[1].split(", "))
    return phone, found, truth, ReadHints(animals=names), pack


def test_the_pointer_is_over_a_tile_the_screen_leaves_unread(pointed):
    _, found, truth, _, _ = pointed
    assert truth.splitlines()[3].split()[POINTER[1]] == "-"  # tapped, empty
    assert found.read.cells[POINTER[0]][POINTER[1]].known is False
    # The locator itself reads no more cells for it: a pack's read of the same board is
    # weighed against the structure's by the cells each reads.
    assert found.read.known_fraction < 1.0


def test_a_tapped_tile_under_a_pointer_is_read_empty_by_the_counter_and_the_boxes(pointed):
    phone, found, truth, hints, _ = pointed
    reading = read_found(phone, found, hints)
    assert reading.text == truth
    assert reading.unread == ()
    assert any("counter says it was tapped" in note for note in reading.notes)


def _read_with(pointed, **changes):
    phone, found, _, hints, pack = pointed
    screen = replace(found.read.extras["rescue_screen"], **changes)
    return read_screen(screen, found.read, hints, pack, phone)


def test_a_counter_leaving_the_tile_untapped_keeps_it_unread(pointed):
    # 6 left: four taps, the four tiles seen tapped; the pointer's tile may be untapped.
    reading = _read_with(pointed, counter=NumberRead(6, 0.2, ((6, 0.2),)))
    assert reading.unread == (POINTER,)
    assert reading.text.splitlines()[3].split()[POINTER[1]] == "."


def test_an_unsure_counter_keeps_the_tile_unread(pointed):
    screen = pointed[1].read.extras["rescue_screen"]
    unsure = replace(screen.counter, agree=False)  # read otherwise at another ink cut
    reading = _read_with(pointed, counter=unsure)
    assert POINTER in reading.unread


def test_boxes_counting_a_found_tile_more_keep_the_tile_unread(pointed):
    # A card's row counting two found Crocodiles where the board shows one: the tapped tile
    # under the pointer may be the other.
    screen = pointed[1].read.extras["rescue_screen"]
    first = screen.cards[0]
    more = replace(first, boxes=replace(first.boxes, filled=2,
                                        fills=(True, True, False, False)))
    reading = _read_with(pointed, cards=(more, *screen.cards[1:]))
    assert POINTER in reading.unread


@pytest.fixture(scope="module")
def farm_under_a_pointer():
    """Fresh harder desktop 640006 (``--share 0.15 0.2``): a Farm rescue (Sheep, Unicorn, Cow,
    4 attempts left, nothing found) in a mirroring window of 292 px, a video's blur and
    crushed levels, the pointer over row 1, column 5 (tapped, empty). Its phone screen is cut
    out of the capture and read with ``--animals``, as the bench does."""
    _, capture, truth = sample(real_look_rescue, 640006, fraction=(0.15, 0.2), harder=True)
    x, y, w, h = capture.extras["screen_box"]
    phone = capture.image[y : y + h, x : x + w].copy()
    found = find_in(phone, {"disco-zoo": load_game_pack("disco-zoo", None)})
    names = tuple(truth.splitlines()[1].split(": ")[1].split(", "))
    return phone, found, truth, ReadHints(animals=names)


def test_blurred_touching_boxes_are_counted_on_every_card(farm_under_a_pointer):
    """Each card's row of touching dark-middled boxes, blurred into its YOU HAVE line above
    (no waist between them), is found: four, three and three boxes, none filled (the foot of
    the band as inked row after row, a run's blurred fringe, two boxes' step)."""
    _, found, _, _ = farm_under_a_pointer
    cards = found.read.extras["rescue_screen"].cards
    assert [(card.boxes.count, card.boxes.filled) if card.boxes else None
            for card in cards] == [(4, 0), (3, 0), (3, 0)]


def test_the_tile_under_the_pointer_is_read_empty_when_the_boxes_are_counted(
        farm_under_a_pointer):
    """The counter's 4 (six tiles tapped: five seen, the pointer's tile the sixth) and the
    boxes counting no found tile tell the pointer's tile empty: read exactly, said why. (The
    Unicorn's YOU HAVE line, blurred with its name into one band under the sprite's foot as
    tall as its boxes, holds both lines: its row is counted on, ``cards.LINE_UNDER``; in the
    43rd session it was set aside and the pointer's tile left unread.)"""
    phone, found, truth, hints = farm_under_a_pointer
    reading = read_found(phone, found, hints)
    assert reading.unread == ()
    assert reading.text == truth
    assert any("counter says it was tapped" in note for note in reading.notes)
