"""Where the vision room cuts a screen: a panel's top under a bar, a glyph's columns.

All were found on real-look rescue screens at phone sizes (1x-9x of the skin): a bar whose
light words and digit share the cards' colour let a nearly screen-wide card's top run up
into the bar (the title was then cut off the text read above the cards), a ringed ``U``
whose thin bottom lost one column was read as two glyphs (``YOU`` as four), and a big title
bar cut in two bands along its words' top row.
"""

from __future__ import annotations

import numpy as np

from gridsight.vision.glyphs import banded_text_lines, text_lines
from gridsight.vision.panels import panel_row
from kit.pixel_font import write

GROUND = (200, 190, 195)
CARD = (235, 228, 240)


def test_a_wide_cards_top_stops_at_the_bar_whose_words_share_its_colour():
    screen = np.full((300, 400, 3), GROUND, np.uint8)
    screen[40:80] = (60, 30, 80)  # a dark bar across the top
    screen[80:250, 10:390] = CARD  # one card nearly as wide as the screen, tucked under it
    screen[48:72, 150:190] = (236, 229, 241)  # the bar's big light digit ...
    for x in range(200, 380, 12):  # ... and its words, about the card's colour
        screen[55:66, x : x + 8] = (236, 229, 241)
    screen[120:170, 170:230] = (40, 120, 40)  # the card's sprite
    row = panel_row(screen, (0, 0, 400, 300), min_width=40, min_height=40)
    assert row is not None and len(row.panels) == 1
    x, y, w, h = row.panels[0].box
    assert abs(y - 80) <= 2 and abs(y + h - 250) <= 2 and abs(x - 10) <= 2


PIXEL = 4  # screen pixels per font pixel; letters one font pixel apart


def _line(text: str, slit: str = "") -> np.ndarray:
    """``text`` in a 5x7 pixel font; each letter of ``slit`` loses its middle column."""
    picture = np.full((60, 12 + len(text) * 6 * PIXEL, 3), (230, 225, 240), np.uint8)
    write(picture, text, 8, 20, (60, 140, 60), PIXEL, slit)
    return picture


def test_a_column_lost_inside_a_glyph_leaves_it_one_glyph():
    lines = text_lines(_line("YOU HAVE", slit="U"))
    assert [ln.words for ln in lines] == [(3, 4)]


def test_narrow_letters_side_by_side_stay_apart():
    lines = text_lines(_line("HII YOU"))
    assert [ln.words for ln in lines] == [(3, 3)]


def test_a_big_title_bars_row_of_ink_does_not_cut_it_in_two_bands():
    """A title whose letters' top bars fill most of a row make that row the text's colour:
    a band of its own between two of the bar's. At 1x it is a row or two, merged back; at
    7.9x (seed 930029) ten rows cut the bar's words in two, and neither half was read."""
    pixel = 8
    bar = np.full((64 * pixel, 600, 3), (24, 30, 21), np.uint8)  # a dark title bar
    x = 20
    for ch in "TATATATATA":  # bars across the top row: ink over most of it
        x = write(bar, ch, x, 30 * pixel, (225, 232, 254), pixel=pixel) + pixel
    lines = banded_text_lines(bar)
    assert [ln.words for ln in lines] == [(10,)]
    assert lines[0].height >= 6 * pixel
