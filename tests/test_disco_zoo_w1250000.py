"""The ``sj`` variant of widest 1250000 (0.6x, then JPEG 60; ``s46w1250c``): its pale cards
on the Ice Age's ice were not found, so the attempts counter was sought in a band reaching
down to the board, over the cards' sprites; ``ATTEMPTS LEFT`` was joined by the JPEG and cut
by the band's edge (5 letters: no label), and the fallback's tallest glyph was the Akhlut's
sprite, read 9 by 0.045 at every ink cut: "taps: 9" for 6 stated with ``--animals`` and no
warning. The counter stands on its line with the region's name; a sprite stands alone.
Also the digits a blur makes alike (6, 9, 8, 0, 3), drawn in the skin's fonts: read or
said to be unsure, never wrong.
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from kit.disco_reads import assert_nothing_stated_wrong, seed_read
from kit.skins import disco_zoo_real as real
from kit.skins import pixel_fonts

from gridsight.games.disco_zoo.screen import _number_glyphs, read_counter_in
from gridsight.games.disco_zoo.screen_text import taps_left

SEED = 1_250_000


def test_a_cards_sprite_below_the_bar_is_no_counter_when_the_cards_are_unfound():
    seen = seed_read(SEED, variant="sj")
    screen = seen.found
    assert not isinstance(screen, str), screen
    assert seen.text.splitlines()[2] == "taps: 6"
    assert screen.cards == ()  # (the premise: the band reaches down to the board)
    # the bar's 6 is the word at every cut (its lead 0.0395, under MIN_LEAD: no value),
    # no longer the sprite's 9
    assert [digit for digit, _ in screen.counter.digits] == [6]
    assert screen.counter.value in (None, 6)
    reading = seen.given
    assert "taps: 6" in reading.text.splitlines()
    assert_nothing_stated_wrong(seen.text, reading.text, reading.warnings, reading.unread)


# Glyph boxes of the band at 1250000 sj's lowest ink cut (x, y, width, height): ICE AGE's
# letters joined in two boxes, the 6, ATTEMP of its label joined into 4 boxes (5 letters: no
# label), the Akhlut's sprite with the specks under it (rows 54-80), the Giant Sloth card's
# name line it reaches (rows 76-81), and the box rows.
ICE_AGE = [(9, 30, 17, 10), (28, 30, 28, 10)]
SIX = (141, 29, 8, 11)
LABEL_CUT = [(155, 34, 3, 5), (159, 35, 3, 6), (163, 34, 12, 6), (176, 34, 8, 6)]
SPRITE = (91, 54, 21, 26)
NAME_LINE = [(150, 76, 3, 5), (154, 76, 8, 5)]
BOX_ROWS = [(40, 93, 15, 6), (94, 93, 16, 6), (147, 93, 18, 6)]


def test_the_tallest_glyph_is_taken_on_a_line_of_words_when_no_label_is_found():
    boxes = [*ICE_AGE, SIX, *LABEL_CUT, SPRITE, *NAME_LINE, *BOX_ROWS]
    assert _number_glyphs(boxes, 45.0) == [SIX]
    # the sprite, whose middle row is off every line of words, is never the counter's
    assert SPRITE not in _number_glyphs([*ICE_AGE, *LABEL_CUT, SPRITE, *NAME_LINE, *BOX_ROWS],
                                        45.0)


FONTS = [None, *sorted(pixel_fonts.FONTS)]  # None: the skin's own font
ALIKE = (0, 3, 6, 8, 9)  # the digits a blur makes alike


def _blurred_counter(font: str | None, value: int, outline: bool, scale: float,
                     sigma: float, quality: int) -> np.ndarray:
    """The counter alone on a bar's colour, as the skin draws it, shrunk, blurred (Gaussian,
    ``sigma`` pixels; 0: none) and saved as JPEG."""
    canvas = np.full((60, 80, 3), (90, 110, 70), np.uint8)
    with pixel_fonts.writing_in(pixel_fonts.FONTS[font] if font else None):
        real.write(canvas, str(value), 12, 10, 4, (80, 230, 250), bold=True,
                   outline=(20, 20, 20) if outline else None)
    image = cv2.resize(canvas, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    if sigma:
        image = cv2.GaussianBlur(image, (0, 0), sigma)
    return cv2.imdecode(cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, quality])[1],
                        cv2.IMREAD_COLOR)


@pytest.mark.parametrize("font", FONTS)
def test_digits_a_blur_makes_alike_are_read_or_said_unsure(font):
    """6, 9, 8, 0 and 3, small (0.4x-0.8x) through JPEG 60 and 40, and at 0.5x-0.8x blurred
    as well (sigma 0.6), with and without the skin's outline, against every board count
    they can stand with: the attempts right, or a warning that the counter was not read
    with confidence. (Measured: with a blur of sigma 0.8 or more, or 0.6 at 0.4x, a few do
    come out wrong: an outlined 9 read 4, a 6 or 8 read 0 beside a board of 0.)"""
    wrong = []
    for value in ALIKE:
        for outline in (False, True):
            for scale, sigma in ((0.4, 0), (0.5, 0), (0.6, 0), (0.8, 0),
                                 (0.5, 0.6), (0.6, 0.6), (0.8, 0.6)):
                for quality in (60, 40):
                    image = _blurred_counter(font, value, outline, scale, sigma, quality)
                    counter = read_counter_in(image, (0, 0, image.shape[1], image.shape[0]))
                    for tapped in range(10 - value, 11):
                        warnings: list[str] = []
                        got = taps_left(counter, None, tapped, [], warnings)
                        if got != value and not any("not read with confidence" in w
                                                    for w in warnings):
                            wrong.append((value, outline, scale, sigma, quality, tapped, got))
    assert not wrong
