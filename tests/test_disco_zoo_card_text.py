"""Which way of seeing a card's text the reader keeps (``names._cards_lines``).

A card is seen several ways (as it is; with what is darker or lighter than it painted over;
on its letters' rings). Light letters enlarged smoothly (a phone screenshot at 3x) have soft
edges: with the light painted over, their edges are left as hollow outlines, more pieces of
which look like letters than the plain picture's. Those outlines are a tenth as thick as the
labels' strokes, so nothing on the screen could vouch for the name read off them (8.9x screen
930019 asked for the animals where the plain picture settles COCKATOO).
"""

from __future__ import annotations

import cv2
import numpy as np

from gridsight.games.disco_zoo import names
from kit.pixel_font import write

def test_a_smoothly_enlarged_light_name_is_read_solid_not_as_its_hollow_edges():
    card = np.full((110, 90, 3), (60, 110, 200), np.uint8)  # an orange ground (BGR)
    card[5:100, 5:85] = (100, 120, 190)  # the card, a little lighter
    card[12:40, 30:60] = (40, 160, 60)  # its sprite
    write(card, "COCKATOO", 21, 46, (245, 245, 245))
    write(card, "YOU HAVE 7", 14, 57, (250, 200, 160))
    for k in range(3):  # the box row: light borders round dark boxes
        card[68:76, 30 + 11 * k : 38 + 11 * k] = (240, 240, 240)
        card[70:74, 32 + 11 * k : 36 + 11 * k] = (70, 80, 130)
    screen = cv2.resize(card, None, fx=9, fy=9, interpolation=cv2.INTER_LINEAR)
    text = names.CardText((45, 45, 720, 855), (270, 108, 270, 252), None, None, "")
    lines = names._cards_lines(screen, [text])[0]
    owned = next(ln for ln in lines if ln.words[:2] == (3, 4))
    name = names._name_line(lines, text, owned)
    assert name is not None and name.words == (8,)
    # solid strokes, a seventh of the letters' height as drawn; and the label can vouch
    assert 0.1 < name.stroke < 0.25
    assert names._name_legible(lines, text)


def test_a_screens_lines_are_found_once_for_both_readings_of_its_names(monkeypatch):
    """The names are read with every clue the cards give and again with the clear ones only
    (``screen_text._animals``): the lines of text found on the screen do not depend on the
    clues, so the second reading takes them from the first, and reads what a reading from
    scratch reads."""
    from gridsight.games.disco_zoo.screen import locate_rescue
    from test_disco_zoo_screens import real_screen

    _, _, image, _ = real_screen(2, near=False)  # the look it was found on
    screen = locate_rescue(image)
    # (a screen whose clues read unclearly: the two readings are of two sets of clues)
    assert [names._clue(c) for c in screen.cards] != [names._clue(c, True) for c in screen.cards]
    found = []
    plain_cards_lines = names._cards_lines
    monkeypatch.setattr(names, "_cards_lines",
                        lambda *args, **kwargs: found.append(1)
                        or plain_cards_lines(*args, **kwargs))
    monkeypatch.setattr(names, "_RECENT", type(names._RECENT)())
    monkeypatch.setattr(names, "_LINES", type(names._LINES)())
    every = names.screen_words(image, screen.cards, screen.lattice.y)
    clear = names.screen_words(image, screen.cards, screen.lattice.y, sure=True)
    assert len(found) == 1
    texts = [names.CardText(names._box(card.panel.box), tuple(card.picture)
                            if card.picture and card.picture[2] > 0 else None,
                            getattr(card, "name_box", None), *names._clue(card, True))
             for card in screen.cards]
    top = min([t.box[1] for t in texts] + [int(screen.lattice.y)])
    afresh = names.read_names(image, texts, top)  # no digest: nothing remembered
    # (found afresh: once, or twice when the names leave the region to the title alone and
    # the names are read again within it, ``names._region_alone``, nothing remembered)
    assert len(found) in (2, 3)
    assert (clear.region, clear.cards, clear.labels) == (afresh.region, afresh.cards,
                                                         afresh.labels)
    assert every.labels == clear.labels


def test_a_light_cards_ringed_label_keeps_its_letters_a_font_pixel_thick():
    """Light letters ringed in dark on a light card, enlarged smoothly (6x), fade into their
    rings over a whole font pixel. Seen on the rings (``names._ringed``), the rings' slopes
    towards the letters are the letters' soft edges: painted over, a cyan ``YOU HAVE 3`` a
    font pixel thick kept only its middle, a twentieth of its height, and ``HAVE`` broke in
    five (6x screen 960057 found no ``YOU HAVE`` on either card and asked for the animals)."""
    from kit.skins.disco_zoo_real import write as write_ringed

    cyan = (238, 250, 200)  # the card (BGR), light: its text is ringed in dark
    rim = tuple(int(0.35 * v) for v in cyan)
    card = np.full((70, 90, 3), (90, 60, 40), np.uint8)
    card[2:68, 2:88] = cyan
    card[5:25, 35:55] = (60, 140, 200)  # its sprite
    write_ringed(card, "WALRUS", 27, 31, 1, (250, 250, 250), outline=rim)
    write_ringed(card, "YOU HAVE 3", 15, 42, 1, (240, 220, 120), outline=rim)
    for k in range(3):  # the box row, ringed too
        card[53:63, 27 + 13 * k : 37 + 13 * k] = rim
        card[54:62, 28 + 13 * k : 36 + 13 * k] = (150, 240, 240)
    screen = cv2.resize(card, None, fx=6, fy=6, interpolation=cv2.INTER_LINEAR)
    text = names.CardText((12, 12, 516, 396), (210, 30, 120, 120), None, None, "")
    readings = names._card_readings(screen, text)
    owned = names._owned_line(readings["ringed"])
    assert owned is not None and owned.words == (3, 4, 1)
    # its strokes a font pixel (6 of the letters' 42 pixels, rings and all), as drawn
    assert 0.1 < owned.stroke < 0.2
    lines = names._cards_lines(screen, [text])[0]
    assert names._owned_line(lines) is not None


def test_a_sprites_thick_blobs_above_a_name_are_not_a_wrapped_names_first_line():
    """A big screen's sprite breaks into blobs of a capital's height just above the name
    (7.9x seed 930029: an Eagle's legs, three blobs over ``EAGLE``), which were joined to it
    as a name wrapped onto two lines (eight glyphs: no name read; drawn here over a Coyote's
    name, in the letters the test font has). A wrapped name's two lines
    are of one font: the blobs' strokes are twice a letter's."""
    card = np.full((110, 90, 3), (90, 90, 90), np.uint8)
    card[5:100, 5:85] = (120, 125, 125)  # the card, a little lighter than the ground
    card[12:30, 33:57] = (200, 150, 60)  # its sprite's body ...
    for x in (33, 42, 51):
        card[36:43, x : x + 4] = (120, 60, 140)  # ... and three legs a letter tall, apart
    write(card, "COYOTE", 24, 46, (150, 220, 235))
    write(card, "YOU HAVE 7", 14, 57, (250, 200, 160))
    screen = cv2.resize(card, None, fx=8, fy=8, interpolation=cv2.INTER_NEAREST)
    text = names.CardText((40, 40, 640, 760), (264, 96, 192, 152), None, None, "")
    lines = names._cards_lines(screen, [text])[0]
    owned = next(ln for ln in lines if ln.words[:2] == (3, 4))
    assert any(len(ln.glyphs) == 3 and ln.box[1] < 300 for ln in lines)  # the legs, a line
    name = names._name_line(lines, text, owned)
    assert name is not None and name.words == (6,)
