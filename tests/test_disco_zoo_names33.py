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

from gridsight.games.disco_zoo.names import label_cell, screen_words
from gridsight.games.disco_zoo.screen import locate_rescue
from gridsight.vision.glyphs import Glyph, TextLine
from test_disco_zoo_screens import real_screen


@pytest.fixture(scope="module")
def words():
    """Real-look 500003 (1.45x) located and its words read: seed -> (the board text as
    drawn, the screen's words)."""
    out = {}
    for k, base in ((3, 500000),):
        _, text, image, _ = real_screen(k, base)
        screen = locate_rescue(image)
        out[base + k] = (text, screen_words(image, screen.cards, screen.lattice.y))
    return out


def _label(words: tuple[int, ...], width: int = 8, gap: int = 1) -> TextLine:
    """A ``YOU HAVE n`` line of glyphs ``width`` pixels wide, a space one glyph wide."""
    glyphs, x = [], 0
    for count in words:
        for _ in range(count):
            glyphs.append(Glyph((x, 0, width, 10), np.zeros((10, width), np.float32), 0.0, 10.0,
                                0.0, float(width)))
            x += width + gap
        x += width + gap
    right = glyphs[-1].box[0] + width
    return TextLine(tuple(glyphs), words, (0, 0, right, 10), 10.0, (255.0, 255.0, 255.0))


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
    assert read.names() == ("Platypus", "Koala", "Crocodile") == tuple(
        text.splitlines()[1].split(": ")[1].split(", "))
