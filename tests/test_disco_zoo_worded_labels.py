"""Worded labels found in the wrong number of glyphs at a small size, cut anew into their
letters (:func:`gridsight.vision.glyphs.recut`): a card's ``YOU HAVE n`` whose letters ran
together or broke into strokes (:func:`gridsight.games.disco_zoo.names._recut_label`), told
from a name or a row of boxes by its ``A`` and ``E`` against the title's ``ATTEMPTS LEFT``."""

from __future__ import annotations

import numpy as np

from gridsight.vision.glyphs import recut, text_lines
from kit.pixel_font import letter

GROUND, INKED = 30, 230


def _label(touching: str = "", broken: str = "", space: int = 8) -> np.ndarray:
    """``YOU HAVE 7`` in the 5x7 test font, 2 pixels a font pixel, letters a font pixel
    apart and words four, on a dark ground; each letter of ``touching`` drawn with no gap
    after it (its last column beside the next's first), each of ``broken`` with its bottom
    row lost (a ``U`` falls apart into its two strokes); ``space`` the pixels of a word
    gap."""
    picture = np.full((30, 160, 3), GROUND, np.uint8)
    x = 6
    for ch in "YOU HAVE 7":
        if ch == " ":
            x += space
            continue
        mask = letter(ch, 2).copy()
        if ch in broken:
            mask[-2:] = False
        picture[8 : 8 + mask.shape[0], x : x + mask.shape[1]][mask] = INKED
        x += mask.shape[1] + (0 if ch in touching else 2)
    return picture


def test_a_label_cut_in_the_wrong_glyphs_is_cut_anew_into_its_letters():
    line = text_lines(_label(touching="Y", broken="U"))[0]
    # Y and O run together (one glyph), U in two strokes: three glyphs that are not letters
    assert line.words == (3, 4, 1)
    assert [g.box[2] for g in line.glyphs][:3] == [20, 2, 2]
    cut = recut(line, (3, 4, 1))
    assert cut is not None and cut.words == (3, 4, 1)
    widths = [g.box[2] for g in cut.glyphs]
    # every letter about a letter's width (10 pixels), the word gaps kept
    assert all(7 <= w <= 12 for w in widths), widths
    assert cut.glyphs[4].box[0] > cut.glyphs[2].box[0] + cut.glyphs[2].box[2] + 6


def test_a_lost_word_gap_is_found_again_at_the_widest_gap():
    line = text_lines(_label(space=3))[0]
    # the word gaps a pixel wider than the letters' gaps: ``YOU HAVE 7`` one word of eight
    assert line.words == (8,)
    cut = recut(line, (3, 4, 1))
    assert cut is not None and cut.words == (3, 4, 1)
    assert all(7 <= g.box[2] <= 12 for g in cut.glyphs), [g.box[2] for g in cut.glyphs]


def test_a_word_whose_glyphs_are_letters_keeps_them():
    line = text_lines(_label())[0]
    assert line.words == (3, 4, 1)
    cut = recut(line, (3, 4, 1))
    assert cut is not None
    assert [g.box for g in cut.glyphs] == [g.box for g in line.glyphs]


def test_a_line_too_narrow_for_its_letters_is_not_cut():
    line = text_lines(_label())[0]
    assert recut(line, (3, 40, 1)) is None


def test_a_small_screens_labels_cut_anew_let_its_names_be_read():
    """0.91x seed 7119: both cards' ``YOU HAVE`` lines came out as (3, 1) and (2, 3) glyphs
    (``YOU`` and ``HAVE`` run together, the word gap lost), so no card had a label to read
    its name by and the reader asked for the animals (Badger or Kiwi or Bat, twice). Cut
    anew, they are the labels, and both names are read."""
    from gridsight.games.disco_zoo.names import screen_words
    from gridsight.games.disco_zoo.screen import locate_rescue
    from test_disco_zoo_screens import read_plainly, real_screen

    _, text, image, scale = real_screen(119)
    assert 0.9 < scale < 0.92
    screen = locate_rescue(image)
    words = screen_words(image, screen.cards, screen.lattice.y)
    assert "YOU HAVE (x1)" in words.labels
    plain, _, asked, _ = read_plainly(screen, screen.board_read("disco-zoo/structure"), image)
    assert plain == text, asked
