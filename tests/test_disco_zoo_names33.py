"""Names read from the screen's own glyphs (33rd session): more real-look screens exact.

A card's name is read by the glyphs the screen's labels teach (``ATTEMPTS LEFT``, ``YOU
HAVE n``); where a small font's letters run together, its line is cut anew into each name's
letters, measured by the ``YOU HAVE`` label's cells. Each screen here is drawn as
``tests/test_disco_zoo_screens.py`` draws it; the names are read by the glyphs alone
(:func:`gridsight.games.disco_zoo.names.screen_words`: no OCR engine, with or without the
extra installed).
"""

from __future__ import annotations

import numpy as np
import pytest

from gridsight.games.disco_zoo.names import _letter_spaced, label_cell, screen_words
from gridsight.games.disco_zoo.screen import locate_rescue
from gridsight.vision.glyphs import Glyph, TextLine, text_lines
from test_disco_zoo_screens import real_screen


@pytest.fixture(scope="module")
def words():
    """Real-look 500003 (1.45x) and 7081 (1.4x), wider-look 700038 (1.14x), located and their
    words read: seed -> (the board text as drawn, the screen's words)."""
    out = {}
    for k, base, wider in ((3, 500000, False), (81, 7000, False), (38, 700000, True)):
        _, text, image, _ = real_screen(k, base, wider=wider)
        screen = locate_rescue(image)
        out[base + k] = (text, screen_words(image, screen.cards, screen.lattice.y))
    return out


def _label(words: tuple[int, ...], width: int = 8, gap: int = 1, space: int | None = None,
           as_found: tuple[int, ...] | None = None) -> TextLine:
    """A line of glyphs ``width`` pixels wide ``gap`` apart, words ``space`` apart (a glyph and
    a gap when not given): ``YOU HAVE n`` by default; ``as_found`` the words the line says it
    has (``words`` when not given)."""
    glyphs, x = [], 0
    space = width + gap if space is None else space
    for count in words:
        for _ in range(count):
            glyphs.append(Glyph((x, 0, width, 10), np.zeros((10, width), np.float32), 0.0, 10.0,
                                0.0, float(width)))
            x += width + gap
        x += space
    right = glyphs[-1].box[0] + width
    return TextLine(tuple(glyphs), as_found or words, (0, 0, right, 10), 10.0,
                    (255.0, 255.0, 255.0))


def test_a_labels_cells_are_those_of_the_words_found():
    """``YOU HAVE`` found without its number spans 8 cells, not the 10 of ``YOU HAVE n``;
    one of two digits 11. Each cell is one glyph and its gap wide here (9 pixels, the last
    glyph's gap aside): the label's width over its cells is about 9 each way."""
    for words in ((3, 4), (3, 4, 1), (3, 4, 2)):
        label = _label(words)
        assert label_cell(label) == pytest.approx(9.0, abs=0.2), words


def test_a_label_without_its_number_measures_a_run_together_name(words):
    """500003's ``KOALA`` is four glyphs (its ``OA`` run together, 16 pixels), cut anew into
    five letters by the cells of the ``YOU HAVE`` lent by the next card, found without its
    number (67 pixels). Counted as 10 cells, five letters of 6.7 pixels made the 43-pixel
    line too wide for a name of five: never cut so, the card was left unread and the screen
    asked; now every card and the region are read."""
    text, read = words[500003]
    assert read.region == "Outback"
    assert read.names() == ("Platypus", "Koala", "Crocodile") == _drawn(text)


def _drawn(text: str) -> tuple[str, ...]:
    return tuple(text.splitlines()[1].split(": ")[1].split(", "))


def test_two_lines_joined_by_a_pixels_bridge_part_though_wider_than_tall():
    """Two letters run together over three run together, joined by a column of one pixel:
    one component 40 pixels wide and 27 tall, wider than tall, was left whole (a sprite's
    wide blob is), one glyph as tall as both lines, the two lines found as one. It is cut at
    the bridge: two lines, each glyph as tall as its letters."""
    image = np.full((60, 120, 3), 255, np.uint8)
    for x, y, w in ((30, 10, 20), (54, 10, 10), (2, 26, 10), (14, 26, 10), (40, 26, 30),
                    (74, 26, 10)):
        image[y:y + 11, x:x + w] = 0
    image[21:26, 40] = 0  # the bridge
    lines = text_lines(image)
    assert [len(line.glyphs) for line in lines] == [2, 4]
    assert all(g.box[3] <= 15 for line in lines for g in line.glyphs)


def test_a_name_joined_to_its_label_under_it_is_read(words):
    """7081's ``BAT``: its ``BA`` joined to the ``HAV`` of ``YOU HAVE 4`` under it by a
    pixel's column (JPEG at 1.4x), one component wider than tall, left whole: the card's label
    and name were not found, the card asked Bat or Kiwi and the region went unread. Now
    every card and the region are read."""
    text, read = words[7081]
    assert read.region == "Nocturnal"
    assert read.names() == _drawn(text) == ("Bat", "Flying Squirrel", "Badger")


def test_a_card_the_chosen_way_shows_only_its_boxes_is_read_its_own_way(words):
    """Wider 700038: with two lines joined by a bridge parted, the darker way of seeing the
    cards (the dark outlines painted over) found the Stegosaurus card's ``YOU HAVE`` whole and
    was chosen for both cards; it showed the Raptor card only its box row, and that card was
    left unread. That card is now read its own best way (the plain one): both names read."""
    text, read = words[700038]
    assert read.region == "Jurassic"
    assert read.names() == _drawn(text) == ("Raptor", "Stegosaurus")


def test_a_letter_spaced_name_is_counted_by_its_own_gaps():
    """A name whose letters stand further apart than a word's gap (wider 2.95x seed 720038's
    ``RAT``: 12 pixels apart at a cap height of 21) is found as a word per letter and fits no
    name: counted again by its own gaps it is one word of three, and a letter-spaced name of
    two words (gaps 6, word gap 26) two; a line of words found as they are is left alone."""
    rat = _label((1, 1, 1), gap=6, as_found=(1, 1, 1))
    assert _letter_spaced(rat).words == (3,)
    two = _label((4, 4), gap=6, space=20, as_found=(1,) * 8)
    assert _letter_spaced(two).words == (4, 4)
    label = _label((3, 4, 1))
    assert _letter_spaced(label) is label
