"""Reads found WRONG on fresh Disco Zoo seeds in the 44th session (``s44w1204``), each held by
a rule of what the screen shows (issue 18). The screens are drawn as the screens test and the
variants sweep draw them and located with OCR off.
"""

from __future__ import annotations

from disco_zoo_variants import drawn, variant
from kit.disco_reads import read_given
from kit.disco_reads import stated_wrong
from kit.disco_screens import located_and_read, real_screen

from gridsight.games.disco_zoo.screen import locate_rescue


def test_the_title_bar_taken_for_a_lone_card_is_no_card_and_its_counter_is_read(monkeypatch):
    # fresh widest 1204059 at 0.62x (Moon, 4 attempts left, its three dark cards unfound):
    # the title bar (226 px of 231, the board 208) was the one "card" found, the counter
    # sought above it in the phone's status bar, its battery read 6 by 0.004 at every cut:
    # "taps: 6" for 4 stated with --animals and no warning. The "card" holds the bar's words,
    # no sprite and no box row: it is the bar, and the bar's 4 is read.
    monkeypatch.setenv("GRIDSIGHT_OCR", "off")
    _, text, image, _ = real_screen(19, 1_204_040, wider=True, widest="all")
    assert text.splitlines()[2] == "taps: 4"
    screen = locate_rescue(image)
    lattice = screen.lattice
    (bar,) = screen.cards  # (the bar, as found: wider than the board, no sprite, no row)
    assert bar.panel.box[2] > lattice.cols * lattice.pitch_x
    assert bar.boxes is None and bar.picture[3] < 0.25 * lattice.pitch_y
    assert [digit for digit, _ in screen.counter.digits] == [4]
    reading = read_given(screen, text, image=image)
    assert not [why for why in stated_wrong(text, reading.text, reading.warnings,
                                            reading.unread) if why.startswith("attempts")]



def test_a_lone_card_showing_no_sprite_and_no_box_row_is_a_card_all_the_same(monkeypatch):
    # fresh 1221007 at 1.0x (Northern, 6 attempts left): the Bear's lone card found 293 px
    # wide over a board of 255, its sprite and box row not found (a piece of its name taken
    # for its picture, 8 px tall at a pitch of 51), as the bar of 1204059 shows. It is 97 px
    # tall (a picture, a name, YOU HAVE and a box row), the bar about a pitch: the counter is
    # sought above it, and its 6 read (taken for the bar, the band down to the board took in
    # the card, nothing read).
    monkeypatch.setenv("GRIDSIGHT_OCR", "off")
    _, text, image, _ = real_screen(7, 1_221_000)
    assert text.splitlines()[2] == "taps: 6"
    screen = locate_rescue(image)
    lattice = screen.lattice
    (card,) = screen.cards
    assert card.panel.box[2] > lattice.cols * lattice.pitch_x
    assert card.boxes is None and card.picture[3] < 0.25 * lattice.pitch_y
    assert [digit for digit, _ in screen.counter.digits] == [6]

def test_a_cards_own_label_places_its_name_not_another_cards_label(monkeypatch):
    # variant j40 of widest 1215007 (Northern, Bear and Moose): the Moose card's YOU HAVE
    # line not found whole (its HAVE 2 run into MOOSE above it by the JPEG), its name was
    # placed by the Bear card's label, lower (BEAR written 16 px tall, MOOSE 8): the Moose's
    # own YOU was taken for its name, three letters, told Fox by their length with no
    # warning. The card's own label's first word, found, places the name above it.
    monkeypatch.setenv("GRIDSIGHT_OCR", "off")
    seed = 1_215_007
    shot, text = drawn(seed, True, "all")
    assert text.splitlines()[1] == "animals: Bear, Moose"
    _, plain, asked = located_and_read(variant("j40", shot, seed))
    assert plain or asked
    assert not plain or not stated_wrong(text, plain), plain
    assert "Fox" not in plain
