"""The title bar's ``ATTEMPTS LEFT`` found in the wrong glyphs at a small size (letters run
together, a piece of the attempts digit on its rows), cut anew into its letters and taken
only when its repeated letters look alike
(:func:`gridsight.games.disco_zoo.title_label.recut_label`)."""

from __future__ import annotations

import numpy as np

from gridsight.games.disco_zoo import names
from gridsight.games.disco_zoo.title_label import repeats_alike
from gridsight.vision.glyphs import banded_text_lines, recut, text_lines
from kit.pixel_font import letter

GROUND, INKED = (40, 90, 40), (235, 240, 235)
PIXEL = 2  # screen pixels a font pixel
LABEL_X, LABEL_Y = 40, 20


def _bar(text: str = "ATTEMPTS LEFT", touching: str = "APL") -> np.ndarray:
    """A title bar with ``text`` in the 5x7 test font beside a big digit's parts: its top
    above the text's rows and its foot on them, apart from the top (0.53x seed 7025: the
    digit fell into a piece of 4 rows and a foot that joined the label's line). Each letter
    of ``touching`` is drawn with no gap after it (run into the next)."""
    picture = np.full((50, 220, 3), GROUND, np.uint8)
    picture[4:16, 16:32] = INKED  # the digit's top
    picture[LABEL_Y : LABEL_Y + 7 * PIXEL, 16:32] = INKED  # its foot, on the label's rows
    x = LABEL_X
    for ch in text:
        if ch == " ":
            x += 4 * PIXEL
            continue
        mask = letter(ch, PIXEL)
        picture[LABEL_Y : LABEL_Y + mask.shape[0], x : x + mask.shape[1]][mask] = INKED
        x += mask.shape[1] + (0 if ch in touching else PIXEL)
    return picture


def test_a_title_label_in_the_wrong_glyphs_is_cut_anew_without_the_digit_foot():
    bar = banded_text_lines(_bar())
    assert not any(line.words == (8, 4) for line in bar)  # no line has the label's words
    label = names._attempts_line(bar)
    assert label is not None
    assert label.words == (8, 4)
    assert label.box[0] == LABEL_X  # the digit's foot dropped
    assert repeats_alike(label, "ATTEMPTSLEFT")


def test_a_line_of_other_letters_cut_into_twelve_is_not_taken_for_the_label():
    # twelve letters, none the label's where its T and E repeat: each T slot's glyph looks
    # most like a glyph of another slot
    line = text_lines(_bar("HUCKAVOY ILCO", touching="CK"))[-1]
    cut = recut(line, (8, 4))
    assert cut is not None and not repeats_alike(cut, "ATTEMPTSLEFT")
    assert names._attempts_line(banded_text_lines(_bar("HUCKAVOY ILCO", touching="CK"))) is None
