"""Why real-look Disco Zoo screens ask for their animals (32nd session): the title's text.

A region's name read off the title bar settles the animals with the cards' boxes and names;
a title line lost, or read with a glyph that is not its own, leaves the screen asking. The
screens here are drawn as ``tests/test_disco_zoo_screens.py`` draws them (wider looks).
"""

from __future__ import annotations

import numpy as np
import pytest

from gridsight.games.disco_zoo import names
from gridsight.games.disco_zoo.screen import locate_rescue
from gridsight.games.disco_zoo.screen_text import read_screen
from gridsight.readers.base import ReadHints
from gridsight.vision.glyphs import Glyph, TextLine
from test_disco_zoo_screens import real_screen


@pytest.fixture(scope="module")
def screens():
    """Wider-look 710019 (1.1x) and 700045 (1.49x), drawn and located: seed -> (the screen
    found, the image, its board text)."""
    out = {}
    for seed in (710019, 700045):
        base = seed // 10000 * 10000
        _, text, image, _ = real_screen(seed - base, base, wider=True)
        out[seed] = (locate_rescue(image), image, text)
    return out


def _title_lines(screen, image):
    """The title bar's lines as the names' reader finds them, its label and region line."""
    top = min([int(card.panel.box[1]) for card in screen.cards] + [int(screen.lattice.y)])
    bar, _ = names._screen_lines(image, [], top, None)
    label = names._attempts_line(bar)
    return bar, label, names._region_line(bar, label, image.shape[1])


def _glyph(x: int, y: int, w: int, h: int) -> Glyph:
    return Glyph((x, y, w, h), np.zeros((h, w + 4), np.float32), 0.0, float(h), 2.0, w + 2.0)


def _line(boxes: list[tuple[int, int, int, int]], words: tuple[int, ...]) -> TextLine:
    glyphs = tuple(_glyph(*b) for b in boxes)
    x0 = min(b[0] for b in boxes)
    x1 = max(b[0] + b[2] for b in boxes)
    height = max(b[3] for b in boxes)
    return TextLine(glyphs, words, (x0, 0, x1 - x0, height), float(height), (0.0, 0.0, 0.0))


def test_a_counter_near_a_big_title_is_no_letter_of_its_name(screens):
    """710019's ``MOUNTAIN`` is drawn 31 px tall with its letters 9 px apart; its counter's
    ``4`` stands 24 px on (nearer than the letters' height) and 4 px before ``ATTEMPTS``.
    The digit was read as a ninth letter, the line fitted no region, and the screen asked;
    the name's eight glyphs now read Mountain, and the screen is read exactly."""
    screen, image, text = screens[710019]
    _, label, line = _title_lines(screen, image)
    assert label is not None and line is not None
    assert line.words == (8,)
    reading = read_screen(screen, screen.board_read("disco-zoo/structure"), ReadHints(),
                          image=image)
    assert reading.text == text


def test_a_piece_of_the_name_far_from_the_label_stays_in_it():
    """Two letters parted from the name by blur, a few pixels past its other gaps and far
    from the label (0.78x seed 270054's ``OUTB`` and ``CK``: cut off, it read ``FARM``), are
    no counter: they stay. Beside the label and parted by over twice the name's gaps, they
    are the counter."""
    name = [(0, 0, 8, 10), (10, 0, 8, 10), (20, 0, 8, 10), (30, 0, 8, 10)]
    parted = _line(name + [(44, 0, 8, 10), (54, 0, 8, 10)], (4, 2))
    far_label = _line([(160, 0, 6, 6), (168, 0, 6, 6)], (2,))
    near_label = _line([(64, 0, 6, 6), (72, 0, 6, 6)], (2,))
    words = parted.word_glyphs()
    assert not names._counters_digits(words, parted.height, far_label)
    assert names._counters_digits(words, parted.height, near_label)


def test_a_status_bar_stacked_on_the_title_is_read_apart(screens):
    """700045's status bar (the clock ``09:59``) is the colour of the title bar under it: one
    band, and the clock's colon was taken with the second ``O`` of ``MOON`` as one glyph 58
    px tall; the region was not read and the screen asked. The bar is read again below the
    clock: ``MOON`` in four glyphs of one height, and the screen is read exactly."""
    screen, image, text = screens[700045]
    _, _, line = _title_lines(screen, image)
    assert line is not None and len(line.glyphs) == 4
    heights = [g.box[3] for g in line.glyphs]
    assert max(heights) <= 1.25 * min(heights)
    reading = read_screen(screen, screen.board_read("disco-zoo/structure"), ReadHints(),
                          image=image)
    assert reading.text == text
