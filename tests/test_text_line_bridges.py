"""Two lines of text whose letters a blur joined by a bridge of a pixel or two are found apart
(:func:`gridsight.vision.glyphs._bridges_cut`), while a letter's own thin stroke is kept."""

from __future__ import annotations

import numpy as np

from gridsight.vision.glyphs import text_lines

INK, GROUND = 230, 30


def _two_lines(bridge: bool) -> np.ndarray:
    """A name of four 10x16 letters over a label of eight 5x9 letters, the name's first
    letter joined to the label's first by a one-pixel bridge when ``bridge`` (0.98x seed
    7097: ``KIWI``'s ``K`` and ``YOU``'s ``Y``)."""
    picture = np.full((44, 90, 3), GROUND, np.uint8)
    for k in range(4):
        x = 8 + 16 * k
        picture[5:21, x:x + 10] = INK
        picture[9:17, x + 3:x + 7] = GROUND  # a hole: letter-like
    for k in range(8):
        x = 6 + 9 * k
        picture[24:33, x:x + 5] = INK
    if bridge:
        picture[21:24, 9] = INK
    return picture


def test_two_lines_joined_by_a_bridge_are_found_apart():
    plain = [(ln.words, ln.box[1]) for ln in text_lines(_two_lines(False))]
    bridged = [(ln.words, ln.box[1]) for ln in text_lines(_two_lines(True))]
    assert plain == [((4,), 5), ((8,), 24)]
    assert bridged == plain


def test_a_letters_own_thin_stem_is_not_cut():
    """Three tall ``T``s (a bar over a 2-pixel stem, its rows the thinnest) stay three
    glyphs of one line: their parts match no other glyph's height."""
    picture = np.full((30, 60, 3), GROUND, np.uint8)
    for k in range(3):
        x = 5 + 16 * k
        picture[5:8, x:x + 10] = INK
        picture[8:25, x + 4:x + 6] = INK
    lines = text_lines(picture)
    assert [(ln.words, ln.box[3]) for ln in lines] == [((3,), 20)]
