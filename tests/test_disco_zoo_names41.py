"""Disco Zoo name lines taken wrong on a card (session 41).

A card writes its name on a row of its own, the first text under its picture: a thin line
hanging from the name's bottom row is the name's outline found apart, not the name; and
where the name box found holds no line, the one line under the picture is the name. A short
name written taller than the others' has letters as much wider: its glyphs are no pairs.
"""

from __future__ import annotations

import pytest


def _words(k: int, base: int, **look):
    from gridsight.games.disco_zoo import names
    from gridsight.games.disco_zoo.screen import locate_rescue
    from test_disco_zoo_screens import real_screen

    _, text, image, _ = real_screen(k, base, **look)
    screen = locate_rescue(image)
    names._RECENT.clear()
    names._LINES.clear()
    return text, image, screen, names.screen_words(image, screen.cards, screen.lattice.y)


@pytest.fixture(scope="module")
def farm_1122011():
    """Wider 1.32x seed 1122011 (Farm: Cow, Chicken, Pig): ``COW`` 21 px tall and a 5-px
    line of 2 glyphs from its bottom row, ``CHICKEN`` 11 px and two 4-px lines from its
    bottom row, each of those nearer ``YOU HAVE`` than the name."""
    return _words(11, 1_122_000, wider=True)


def test_a_line_hanging_from_a_name_is_not_the_name(farm_1122011):
    _, _, _, words = farm_1122011
    cow, chicken, pig = words.lines["names"]
    assert (cow.box[1], cow.box[3], len(cow.glyphs)) == (249, 21, 3)
    assert (chicken.box[1], chicken.box[3], len(chicken.glyphs)) == (249, 11, 7)
    assert words.cards[1].name == "Chicken"
    assert words.cards[0].candidates == ("Cow",) and words.cards[2].candidates == ("Pig",)


def test_a_name_written_taller_has_wider_letters(farm_1122011):
    from gridsight.games.disco_zoo.lengths import fits_name, letter_for
    from gridsight.games.disco_zoo.names import holds_pair, screens_letter

    _, _, screen, words = farm_1122011
    lines = words.lines["names"]
    letter = screens_letter(lines)
    cow = lines[0]
    assert holds_pair(cow, letter)  # measured at CHICKEN's height its letters are pairs
    assert not holds_pair(cow, letter_for(cow, lines, letter))
    assert letter_for(lines[1], lines, letter) == letter
    width = screen.cards[0].panel.box[2]
    assert [n for n in ("Horse", "Cow", "Unicorn") if fits_name(cow, n, width)] == ["Cow"]


def test_a_name_box_holding_no_line_takes_the_line_under_the_picture():
    """0.76x fresh seed 1144000 (Savanna: Giraffe, one wide card): its name box is found at
    y 97, in the gap between the sprite and ``GIRAFFE``'s 12-px line at 114, and its
    ``YOU HAVE`` is not seen: the one line under the picture is the name; the screen is read
    exactly with no options."""
    from test_disco_zoo_screens import located_and_read

    text, image, _, words = _words(0, 1_144_000)
    (line,) = words.lines["names"]
    assert line is not None and len(line.glyphs) == 7
    _, plain, asked = located_and_read(image)
    assert not asked and plain == text
