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


def _drawn(text: str, touching: str = "") -> np.ndarray:
    """``text`` in 4x4-pixel blocks of a 3x5 font of four letters, each letter of
    ``touching`` with no gap after it (its strokes beside the next letter's)."""
    bits = {"A": ["111", "101", "111", "101", "101"], "B": ["110", "101", "110", "101", "110"],
            "C": ["111", "100", "100", "100", "111"], "D": ["110", "101", "101", "101", "110"]}
    picture = np.full((30, 20 * len(text) + 20, 3), 40, np.uint8)
    x = 10
    for ch in text:
        glyph = np.kron(np.array([[c == "1" for c in row] for row in bits[ch]]), np.ones((4, 4)))
        picture[5:25, x : x + 12][glyph > 0] = 230
        x += 12 + (0 if ch in touching else 8)
    return picture


def test_a_line_cut_wrongly_is_read_as_each_text_would_cut_it():
    from gridsight.vision.cipher import UNREAD, Cipher, rank, settle

    cipher = Cipher([(text_lines(_drawn("ABCD"))[0], "ABCD"),
                     (text_lines(_drawn("BAD"))[0], "BAD")])
    line = text_lines(_drawn("CAB", touching="C"))[0]
    assert line.words == (2,)  # C and A run together: no three-letter text fits
    texts = ("CAB", "DAB", "ACD")
    assert [r.texts for r in rank([(line, texts)], cipher, unread=10.0)] == [(UNREAD,)]
    ranked = rank([(line, texts)], cipher, unread=10.0,
                  cuts=[lambda text: recut(line, tuple(len(w) for w in text.split()))],
                  recut=4.0)
    assert ranked[0].texts == ("CAB",) and len(ranked[0].lines[0].glyphs) == 3
    assert settle(ranked, 2.0, cipher, [(line, texts)])[0].text == "CAB"


def test_small_names_cut_wrongly_are_read_as_their_names_cut_them():
    """0.88x seed 7082's ``LUNA MOTH`` came out as ``LU?A`` and ``M OT I I`` (its ``O`` and
    ``T`` one glyph, its ``H`` two strokes), 0.73x seed 7085's ``STEGOSAURUS`` as ten
    glyphs: both asked for the animal. Read as each name of about their width cuts them,
    both are read."""
    from gridsight.games.disco_zoo.screen import locate_rescue
    from test_disco_zoo_screens import read_plainly, real_screen

    for k in (82, 85):
        _, text, image, _ = real_screen(k)
        screen = locate_rescue(image)
        plain, _, asked, _ = read_plainly(screen, screen.board_read("disco-zoo/structure"),
                                          image)
        assert plain == text, (k, asked)


def test_a_label_cut_anew_is_the_line_under_the_name_not_the_row_of_boxes():
    """0.76x seed 7000: no card's ``YOU HAVE`` was found whole (``YOU`` as glyphs 10, 1
    and 1 pixels wide); cut anew, each card's label is its line under the name, and neither
    the name nor the row of boxes under the label (cut in eight too) is taken for it."""
    from gridsight.games.disco_zoo import names
    from gridsight.games.disco_zoo.screen import locate_rescue
    from test_disco_zoo_screens import real_screen

    _, _, image, _ = real_screen(0)
    screen = locate_rescue(image)
    texts = [names.CardText(names._box(c.panel.box), tuple(c.picture)
                            if c.picture and c.picture[2] > 0 else None,
                            getattr(c, "name_box", None)) for c in screen.cards]
    top = min([t.box[1] for t in texts] + [int(screen.lattice.y)])
    label = names._attempts_line(names.banded_text_lines(image[:top]))
    assert label is not None
    shape = names._letter_shape(label)
    assert not any(names._owned_line(lines) for t in texts  # no label found whole, any way
                   for lines in names._card_readings(image, t, shape).values())
    for lines in names._cards_lines(image, texts, names._letter_shape(label), label=label):
        owned = names._owned_line(lines)
        assert owned is not None
        below = [ln for ln in lines if ln.box[1] > owned.box[1] + owned.box[3]]
        above = [ln for ln in lines if ln.box[1] + ln.box[3] <= owned.box[1]]
        assert below and above  # the row of boxes under it, the name over it



def test_a_name_line_of_two_rows_is_not_cut_anew():
    """3.1x seed 330015: three blobs of the sprite above ``PLATYPUS`` were joined to it as a
    name wrapped onto two rows (a glyph 62 pixels wide: cut wrongly), and cut anew as a name
    of six letters it read ``COUGAR``, ``TOUCAN`` or ``PIGEON``, leaving the region unsettled.
    A line of two rows is not cut anew; the card's boxes and the board name it."""
    from gridsight.games.disco_zoo.screen import locate_rescue
    from test_disco_zoo_screens import read_plainly, real_screen

    _, text, image, _ = real_screen(15, 330_000, (1.0, 9.0))
    screen = locate_rescue(image)
    plain, _, asked, _ = read_plainly(screen, screen.board_read("disco-zoo/structure"), image)
    assert plain == text, asked
