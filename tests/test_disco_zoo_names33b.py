"""Names read from the screen's own glyphs, second part (33rd session): a name whose letters
ran together into one blob a word is told by its words' widths.

A card written with a thick outline joins each word's letters into one blob, its ``YOU HAVE
n`` too: no letter is read, yet the label's blobs measure a letter's cell, and the name's
blobs then say how many letters each word has (:func:`gridsight.games.disco_zoo.lengths.
by_blobs`). The screen here is drawn as ``tests/test_disco_zoo_screens.py`` draws it.
"""

from __future__ import annotations

import numpy as np
import pytest

from gridsight.games.disco_zoo.lengths import blob_label, blob_name_line, blob_says
from gridsight.games.disco_zoo.names import card_ways
from gridsight.games.disco_zoo.screen import locate_rescue
from gridsight.vision.glyphs import Glyph, TextLine
from kit.disco_reads import read_plain
from kit.disco_screens import real_screen


@pytest.fixture(scope="module")
def wooly():
    """Real-look 500047 (1.56x, one Ice Age card, ``WOOLY MAMMOTH`` outlined), located:
    (the board text as drawn, the image, the screen)."""
    _, text, image, _ = real_screen(47, 500000)
    return text, image, locate_rescue(image)


def _blobs(widths: tuple[int, ...], y: int = 0, height: int = 11, gap: int = 8,
           x: int = 0) -> TextLine:
    """A line of one-glyph words ``widths`` pixels wide, ``gap`` apart, at ``x``, ``y``."""
    glyphs = []
    for width in widths:
        glyphs.append(Glyph((x, y, width, height), np.zeros((height, width), np.float32), 0.0,
                            float(height), 0.0, float(width)))
        x += width + gap
    right = glyphs[-1].box[0] + widths[-1]
    return TextLine(tuple(glyphs), (1,) * len(widths), (glyphs[0].box[0], y, right - glyphs[0].box[0],
                                                         height), float(height),
                    (255.0, 255.0, 255.0))


def test_a_run_together_label_measures_a_letters_cell():
    """``YOU`` and ``HAVE`` as blobs 25 and 33 wide: cells of 58 / 7; blobs of another ratio
    (a box row: three alike) or a line of letters are no such label."""
    assert blob_label(_blobs((25, 33, 10))) == pytest.approx(58 / 7)
    assert blob_label(_blobs((25, 33))) == pytest.approx(58 / 7)
    assert blob_label(_blobs((14, 14, 14))) is None
    assert blob_label(_blobs((25, 60, 10))) is None


def test_blob_widths_tell_names_of_other_word_lengths():
    """Against cells of 8.3: blobs 43 and 65 are ``WOOLY MAMMOTH`` (5 + 7), 42 and 38
    ``SABER TOOTH`` (5 + 5); a second blob of 42 fits ``TOOTH`` yet lies within twice the
    slack of ``MAMMOTH``'s 58 (1.8 of its 8.7), 50 between the two (6 letters): neither is
    told; a single blob fits neither name of two words."""
    options = ("Saber Tooth", "Wooly Mammoth")
    cell = 58 / 7
    assert blob_says(_blobs((43, 65)), cell, options) == "Wooly Mammoth"
    assert blob_says(_blobs((42, 38)), cell, options) == "Saber Tooth"
    assert blob_says(_blobs((42, 42)), cell, options) is None
    assert blob_says(_blobs((43, 50)), cell, options) is None
    assert blob_says(_blobs((100,)), cell, options) is None


def test_the_name_line_is_the_blob_line_over_the_label():
    """The name is the line of blobs just above the run-together label, centred over it; a
    line of blobs far above (a sprite's) or beside it is not, nor the second row of a name
    wrapped onto two."""
    label = _blobs((25, 33, 10), y=30, x=20)
    name = _blobs((43, 65), y=15, x=0)
    found = blob_name_line([name, label])
    assert found is not None and found[0] is name
    assert found[1] == pytest.approx(58 / 7)
    assert blob_name_line([_blobs((43, 65), y=-20, x=0), label]) is None
    assert blob_name_line([_blobs((43, 65), y=15, x=120), label]) is None
    # (a name wrapped onto two rows: its last row alone, ``BEAR`` of ``POLAR BEAR``, would be
    # measured as a name of four letters)
    assert blob_name_line([_blobs((43,), y=0, x=30), _blobs((34,), y=15, x=45), label]) is None
    assert blob_name_line([_blobs((43,), y=-40, x=30), _blobs((34,), y=15, x=45), label]) \
        is not None


def test_500047_plain_way_shows_the_name_as_two_blobs(wooly):
    """The card's plain way finds ``WOOLY MAMMOTH`` as two blobs over ``YOU HAVE 2``'s
    three, and they read as the Wooly Mammoth, not the Saber Tooth."""
    _, image, screen = wooly
    seen = card_ways(image, screen.cards[0])["plain"]
    found = blob_name_line(seen.found)
    assert found is not None
    assert len(found[0].glyphs) == 2
    assert blob_says(found[0], found[1], ("Saber Tooth", "Wooly Mammoth")) == "Wooly Mammoth"


def test_500047_reads_exactly(wooly):
    """Read with no options, the screen is read exactly (it asked Saber Tooth or Wooly
    Mammoth before)."""
    text, image, screen = wooly
    board = screen.board_read("disco-zoo/structure")
    plain, _, asked, refused, _ = read_plain(screen, board, image)
    assert (asked, refused) == ("", "")
    assert plain == text
