"""The Disco Zoo attempts counter, 33rd session: the last confident WRONG counts on the wider
looks, and the shapes behind them.

A count read above the board's is taken as attempts bought, which the board cannot check: a
glyph misread there is stated with no warning. Wider 860035: a bold dark 0 on a light bar
whose blended rim was taken for its fill (a hollow box, read as a clear 1). Widest 860040: a
2 taller than the counter's glyphs were allowed to be, and the status bar's battery, the
tallest glyph left, read as a 1. Each screen is drawn as ``tests/test_disco_zoo_screens.py``
draws it.
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from gridsight.games.disco_zoo.screen import _fill_mask, _number_glyphs, locate_rescue
from gridsight.vision.digits import read_glyph
from kit.disco_reads import read_given
from kit.skins import disco_zoo_real as real
from test_disco_zoo_screens import real_screen


@pytest.fixture(scope="module")
def screens():
    """Wider-look 860035 (1.45x), widest-look 860040 (0.74x) and wider-look 880015 (0.73x),
    drawn and located: seed -> (the screen found, its board text as drawn)."""
    out = {}
    for seed, widest in ((860035, ""), (860040, "all"), (880015, "")):
        base = seed // 10000 * 10000
        _, text, image, _ = real_screen(seed - base, base, wider=True, widest=widest)
        out[seed] = (locate_rescue(image), text)
    return out


def _taps(text: str) -> str:
    return next(line for line in text.splitlines() if line.startswith("taps: "))


@pytest.mark.parametrize("seed, value", [(860035, 0), (860040, 2)])
def test_the_counters_of_the_last_wrong_counts_are_read_right(screens, seed, value):
    """860035's bold 0 was read as a 1 by 0.047 at every ink cut and taken as one attempt
    bought ("taps: 1" for 0, no warning); 860040's 2 (1.82 tiles tall) was passed over for
    the battery icon ("taps: 1" for 2, no warning). Both now read their count, and the read
    with the animals given states it."""
    screen, text = screens[seed]
    assert [d for d, _ in screen.counter.digits] == [value]
    reading = read_given(screen, text)
    assert _taps(reading.text) == _taps(text) == f"taps: {value}"


def test_a_small_outlined_glyphs_fill_on_its_rim_is_still_its_fill(screens):
    """880015's 10 at 0.73x, 13 px tall, a light fill in a dark outline that JPEG breaks: the
    fill lies on the rim too (0.52-0.78 of it), but less than the outline (0.95-1.0), so it
    is no dark glyph's blended edge: read 10 at every cut as before (with the rim alone
    taken for an edge, its 0 read 1 at one cut, the counter unread and flagged)."""
    screen, _ = screens[880015]
    assert [d for d, _ in screen.counter.digits] == [1, 0] and screen.counter.agree


BAR = (230, 245, 236)  # a light title bar


def _glyph_crop(dark_on_light: bool, scale: float) -> tuple[np.ndarray, np.ndarray]:
    """The skin's bold 0 scaled as a screen's scaling blends its edge with the bar: dark on
    the light bar, or a light fill inside a dark outline on it; (the crop, its ink: pixels
    far from the bar's colour)."""
    canvas = np.full((60, 60, 3), BAR, np.uint8)
    if dark_on_light:
        real.write(canvas, "0", 12, 10, 5, (60, 30, 50), bold=True)
    else:
        real.write(canvas, "0", 12, 10, 5, (80, 230, 250), bold=True, outline=(20, 20, 20))
    crop = cv2.resize(canvas, None, fx=scale, fy=scale,
                      interpolation=cv2.INTER_LINEAR).astype(np.float32)
    return crop, np.linalg.norm(crop - np.float32(BAR), axis=2) > 40


@pytest.mark.parametrize("scale", [0.7, 1.45, 2.3])
def test_a_dark_glyphs_blended_rim_is_not_taken_for_its_fill(scale):
    """The lighter ink of a dark glyph lies on its rim (its edge blended with the bar): the
    glyph is the darker ink, read as its digit, not the hollow ring of its rim (860035's 0
    read as a 1). A light fill inside a dark outline is still the fill."""
    crop, ink = _glyph_crop(True, scale)
    fill = _fill_mask(crop, ink)
    assert fill.sum() > 0.6 * ink.sum()
    assert read_glyph(fill)[0] == 0
    crop, ink = _glyph_crop(False, scale)
    fill = _fill_mask(crop, ink)
    assert 0 < fill.sum() < 0.6 * ink.sum()  # the fill alone, not its outline


# 860040's glyph boxes at its middle ink cut (x, y, width, height; tiles 32.5 px): the
# region's name on one line, ATTEMPTS LEFT on the next, the 2 beside it (1.82 tiles tall),
# and the status bar's battery icon above the bar.
NAME = [(0, 69, 4, 6), (5, 69, 5, 6), (11, 69, 5, 6), (23, 69, 5, 6), (29, 69, 5, 6),
        (35, 69, 2, 6), (40, 69, 3, 6), (46, 69, 16, 6), (63, 69, 5, 6), (69, 69, 5, 6)]
LABEL = [(174, 96, 5, 6), (180, 96, 5, 6), (186, 96, 5, 6), (192, 96, 5, 6), (198, 96, 2, 6),
         (201, 96, 8, 6), (219, 96, 2, 6), (228, 96, 5, 6), (234, 96, 5, 6), (240, 96, 5, 6),
         (246, 96, 4, 6)]
TWO, BATTERY = (135, 43, 37, 59), (233, 4, 15, 31)


def test_a_glyph_beside_its_label_may_be_taller_than_one_alone():
    """The 2 beside ATTEMPTS LEFT is the number though taller than the counter's glyphs
    may be alone (1.5 tiles: a glyph alone so tall is a picture's, desktop 97003)."""
    assert _number_glyphs([*NAME, *LABEL, TWO, BATTERY], 1.5 * 32.5) == [TWO]


def test_the_tallest_glyph_off_every_label_long_line_is_no_counter():
    """With no number beside the label, the tallest glyph is taken only on a line with a
    run of small text as long as the label: the status bar's battery, above them all, is
    none (it read as a 1); on such a line it still is the fallback's."""
    assert _number_glyphs([*NAME, *LABEL, BATTERY], 1.5 * 32.5) == []
    low = (233, 80, 15, 31)  # the same glyph on the label's line
    assert _number_glyphs([*NAME, *LABEL, low], 1.5 * 32.5) == [low]
