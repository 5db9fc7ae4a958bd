"""The Disco Zoo attempts counter, 34th session: the confident WRONG counts left in the
variant sweeps of the wider looks.

A count read above the board's is taken as attempts bought, which the board cannot check: a
glyph misread there is stated with no warning. Wider 940012 behind a phone's notch: the black
pill reaches into the title bar and joins the 2 under it, one glyph read as a clear 7. Wider
890008 at 0.5x: one dark outline round both digits of 15, its outer edge blended with the bar
brighter than the outline, taken for a glyph's fill: 11 read at every ink cut. Each screen is
drawn as the variant sweeps draw it (``tests/test_disco_zoo_screens.py``'s wider looks).
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from gridsight.games.disco_zoo.screen import _hangs_from_an_edge, _rim_lines_dropped, \
    locate_rescue
from kit.disco_reads import read_given
from test_disco_zoo_screens import real_rescue
from test_disco_zoo_wrong30 import _notched


def _wider(seed: int, widest: str = ""):
    """Wider-look screen ``seed`` (``widest="all"``: the widest look) as the variant sweeps
    draw it (attempts bought on every eighth seed): (its image, its board text)."""
    rng = np.random.default_rng(seed)
    extra = int(rng.integers(1, 6)) if seed % 8 == 0 else 0
    shot, text = real_rescue(rng, seed, extra=extra, wider=True, widest=widest)
    return shot.image, text


@pytest.fixture(scope="module")
def screens():
    """940012 behind a notch (1x) and 890008 at 0.5x, located: seed -> (the screen found,
    its board text as drawn)."""
    image, text = _wider(940_012)
    out = {940_012: (locate_rescue(_notched(image, 940_012)), text)}
    image, text = _wider(890_008)
    small = cv2.resize(image, None, fx=0.5, fy=0.5, interpolation=cv2.INTER_LINEAR)
    out[890_008] = (locate_rescue(small), text)
    return out


def _read(screen, text: str):
    return read_given(screen, text)


def _taps(text: str) -> str:
    return next(line for line in text.splitlines() if line.startswith("taps: "))


def test_a_digit_joined_to_a_notch_is_no_counter(screens):
    """940012's 2 under the notch: no number is read (it was a clear 7, "taps: 7" for 2 with
    no warning); the board's count is taken, with the warning that the counter was not read."""
    screen, text = screens[940_012]
    assert screen.counter.value is None
    reading = _read(screen, text)
    assert _taps(reading.text) == _taps(text) == "taps: 2"
    assert any("attempts counter not read" in w and "no number found" in w
               for w in reading.warnings)


def test_an_outlines_blended_edge_is_no_digit(screens):
    """890008's 15 at 0.5x, both digits in one outline: read 15 (it was 11 at every cut, the
    outline's edge taken for a 1), and stated with the animals given."""
    screen, text = screens[890_008]
    assert [d for d, _ in screen.counter.digits] == [1, 5]
    assert _taps(_read(screen, text).text) == _taps(text) == "taps: 15"


def test_a_fill_along_the_inks_rim_is_dropped_and_a_fill_inside_kept():
    """The brighter ink is the fill inside an outline; a part of it lying on the ink's rim (a
    line along its outer edge) is the outline's edge blended with the bar, and goes."""
    ink = np.zeros((14, 12), bool)
    ink[1:13, 1:11] = True
    fill = np.zeros_like(ink)
    fill[4:10, 4:8] = True  # inside the outline
    fill[1:13, 1] = True  # the ink's left edge
    kept = _rim_lines_dropped(ink, fill)
    assert kept[4:10, 4:8].all() and not kept[:, 1].any()


def test_a_word_under_a_row_of_ink_hangs_from_it():
    """A word whose box starts under a row inked across its columns goes on up (that row was
    dropped as an edge); one under the bar's own colour does not, nor one at the band's top."""
    ink = np.zeros((20, 30), bool)
    ink[6:16, 10:18] = True
    assert not _hangs_from_an_edge(ink, (10, 6, 8, 10))
    ink[5, :] = True
    assert _hangs_from_an_edge(ink, (10, 6, 8, 10))
    assert not _hangs_from_an_edge(ink, (10, 0, 8, 10))
