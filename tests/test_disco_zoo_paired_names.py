"""Card names and ``YOU HAVE`` labels whose pixel-font letters ran together in pairs, parted
by the width of a letter another line shows (:func:`gridsight.vision.glyphs.split_wider`):
a name by its card's ``YOU HAVE`` letters (:func:`gridsight.games.disco_zoo.names._unpaired`),
a label by the title's ``ATTEMPTS LEFT`` letters
(:func:`gridsight.games.disco_zoo.names._paired_label`)."""

from __future__ import annotations

import numpy as np

from gridsight.games.disco_zoo.screen import locate_rescue
from gridsight.vision.glyphs import split_wider, text_lines
from test_disco_zoo_screens import read_plainly, real_screen


def _letters(widths: list[int], joints: list[int]) -> np.ndarray:
    """Blocks 9 pixels tall (``widths``) on a dark ground: each block parted from the next
    by a 1-pixel column of ``joints[k]`` ink (0: a plain gap, 150: a blur's half ink, 230:
    the two letters' strokes touching)."""
    picture = np.full((30, 20 + sum(widths) + len(widths), 3), 30, np.uint8)
    x = 10
    for k, w in enumerate(widths):
        picture[10:19, x : x + w] = 230
        x += w
        if k < len(joints):
            picture[10:19, x] = joints[k] if joints[k] else 30
            x += 1
    return picture


def test_glyphs_twice_a_letter_wide_are_parted_where_their_ink_dips():
    # BE A VE R: two pairs, half ink between their letters, 1-pixel gaps between the
    # glyphs. On its own the line cannot tell (its usual glyph is between a letter and a
    # pair); a letter 5 pixels wide, known from another line, tells.
    picture = _letters([5, 5, 5, 5, 5, 5], [150, 0, 0, 150, 0])
    line = text_lines(picture)[0]
    assert len(line.glyphs) == 4
    parted = split_wider(line, 1.75 * 5)
    # (the blurred column goes with the letter on its right)
    assert [g.box[2] for g in parted.glyphs] == [5, 6, 5, 5, 6, 5]
    assert parted.words == (6,)
    assert split_wider(line, 2.5 * 5) is line  # no glyph that wide: the same line


def test_touching_letters_are_parted_only_by_a_letter_s_width():
    # Two letters whose strokes touch: no faint column between them.
    picture = _letters([5, 5, 5, 5], [0, 230, 0])
    line = text_lines(picture)[0]
    assert [g.box[2] for g in line.glyphs] == [5, 11, 5]
    assert split_wider(line, 1.5 * 5) is line
    assert [g.box[2] for g in split_wider(line, 1.5 * 5, letter=5).glyphs] == [5, 6, 5, 5]


def test_a_word_run_together_is_cut_into_the_letters_its_width_holds():
    # Three letters touching (16 pixels), then a letter: no faint column to part them at;
    # by the letter's width, three of 5 or 6.
    picture = _letters([5, 5, 4, 5], [230, 230, 0])
    line = text_lines(picture)[0]
    assert [g.box[2] for g in line.glyphs] == [16, 5]
    assert split_wider(line, 1.5 * 5) is line
    assert [g.box[2] for g in split_wider(line, 1.5 * 5, letter=5).glyphs] == [5, 6, 5, 5]


def _read(k: int, monkeypatch):
    """Real-look screen ``7000 + k`` as the screens test draws it, read with no options by
    the screen's own glyphs alone (no OCR engine, installed or not)."""
    monkeypatch.setenv("GRIDSIGHT_OCR", "off")
    _, text, image, _ = real_screen(k, 7_000)
    screen = locate_rescue(image)
    return text, read_plainly(screen, screen.board_read("disco-zoo/structure"), image)


def test_a_name_whose_letters_ran_together_is_read(monkeypatch):
    """1.06x screen 7009: the way of seeing the cards that finds a ``YOU HAVE`` line reads
    ``BEAVER`` as four glyphs (``BE``, ``A``, ``VE``, ``R``), which fits ``BEAR``: the
    animals were asked. Parted by the label's letters' width, it reads ``BEAVER``."""
    text, (plain, _, asked, _) = _read(9, monkeypatch)
    assert not asked, asked
    assert plain == text


def test_a_label_whose_letters_ran_together_is_found(monkeypatch):
    """0.96x screen 7112: the card's ``YOU HAVE`` is seen as ``YOU HA?E`` (``AV`` one
    glyph, its strokes touching), found in no way of seeing the card, so the name
    ``SKUNK`` had no letters of its own card to be read by. Parted by the title's
    letters' width, the label is found and the name read."""
    text, (plain, _, asked, _) = _read(112, monkeypatch)
    assert not asked, asked
    assert plain == text
