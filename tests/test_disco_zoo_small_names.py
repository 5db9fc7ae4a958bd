"""Small card names read by the screen's own glyphs: a calibration whose tails overlap
(:meth:`gridsight.vision.cipher.Cipher._calibrate`), a hyphen lost to its gap
(:func:`gridsight.games.disco_zoo.names.card_texts`), letters run together in pairs
(:func:`gridsight.vision.glyphs._split_wide`) and the ways of seeing a card ranked by one
``YOU HAVE`` line each and the glyphs of its label and name
(:func:`gridsight.games.disco_zoo.names._cards_lines`)."""

from __future__ import annotations

import numpy as np

from gridsight.games.disco_zoo import cards, names
from gridsight.games.disco_zoo.screen import locate_rescue
from gridsight.vision.cipher import Cipher
from gridsight.vision.glyphs import TextLine, text_lines
from test_cipher_memory import _draw
from test_disco_zoo_screens import read_plainly, real_screen


def _read(k: int, base: int, scales: tuple[float, float], monkeypatch):
    """Screen ``base + k`` as the screens test draws it, read with no options by the
    screen's own glyphs alone (no OCR engine, installed or not). Each case here is one
    screen's, drawn in the look it was found on (before the skin was widened)."""
    monkeypatch.setenv("GRIDSIGHT_OCR", "off")
    _, text, image, _ = real_screen(k, base, scales, wide=False)
    screen = locate_rescue(image)
    return text, read_plainly(screen, screen.board_read("disco-zoo/structure"), image)


class _Distances(Cipher):
    """A cipher whose glyph distances are given by the characters they were drawn as: one
    character's glyphs 0.04 apart but for one pair (0.3), two characters' 0.2 apart but
    for one pair (0.02): the tails of the two kinds overlap."""

    def distance(self, a, b) -> float:
        chars = {id(g): ch for g, ch in self.labelled}
        x, y = chars[id(a)], chars[id(b)]
        if x == y:
            return 0.3 if {x, y} == {"A"} and a is not self.labelled[0][0] and \
                b is not self.labelled[0][0] else 0.04
        return 0.02 if {x, y} == {"B", "D"} else 0.2


def test_a_calibration_whose_tails_overlap_falls_back_on_its_pairs_middles():
    cipher = _Distances([(_draw("ABCD"), "ABCD"), (_draw("BAD"), "BAD"), (_draw("DAB"), "DAB"),
                         (_draw("CAB"), "CAB")])
    cal = cipher.calibration
    # (the 0.9 quantile of one character's pairs, 0.3, is above the 0.1 quantile of two
    # characters', 0.02: the scale would fall to its floor; the middles part them)
    assert cal.same < cal.apart
    assert cal.same <= 0.04 + 1e-9 and cal.apart >= 0.2 - 1e-9


def test_a_name_whose_hyphen_is_lost_is_read_as_two_words():
    texts = names.card_texts(None, 100)
    assert texts["T REX"] == ("T-REX",) and texts["T-REX"] == ("T-REX",)


def test_small_names_on_a_blurred_screen_are_read(monkeypatch):
    """1.4x screen 930052: 10-pixel names under 12-pixel ``YOU HAVE`` lines whose ``O``,
    ``U`` and ``V`` all but blur into one, so that the same-letter and other-letter
    distances' tails overlapped (0.142 both), every reading cost the most and the animals
    were asked; ``T-REX`` lost its hyphen (``T``, ``REX``). Both read now."""
    text, (plain, _, asked, _) = _read(52, 930_000, (1.0, 9.0), monkeypatch)
    assert not asked, asked
    assert plain == text


def _pairs_run_together(gap_ink: int) -> np.ndarray:
    """Three pairs of 6x10-pixel blocks, each pair's 1-pixel gap filled with ``gap_ink``
    (a blur's half ink), the pairs 6 pixels apart."""
    picture = np.full((30, 120, 3), 30, np.uint8)
    for pair in range(3):
        x = 10 + pair * 25
        picture[10:20, x : x + 6] = 230
        picture[10:20, x + 6] = gap_ink
        picture[10:20, x + 7 : x + 13] = 230
    return picture


def test_letters_run_together_in_pairs_are_parted_by_the_cap_height():
    # (each pair is 13 pixels wide on a 10-pixel line, and every glyph is a pair, so the
    # line's usual glyph is a pair too: only the cap height tells them apart)
    line = text_lines(_pairs_run_together(150))[0]
    assert len(line.glyphs) == 6
    # A glyph as wide with no faint column (an ``M``'s every column holds a stroke) is kept.
    line = text_lines(_pairs_run_together(230))[0]
    assert len(line.glyphs) == 3


def test_a_wide_letter_among_letters_of_a_letters_width_is_kept_whole():
    """Four 8x10-pixel blocks and one 13 pixels wide with a faint column (a wide font's
    ``M`` at 1.3 cap heights): the line's usual glyph is a letter, so the wide one is kept
    (2.2x seed 7117's ``MUSKOX`` had been cut in seven)."""
    picture = np.full((30, 120, 3), 30, np.uint8)
    for x in (10, 24, 38, 52):
        picture[10:20, x : x + 8] = 230
    picture[10:20, 66:72] = 230
    picture[10:20, 72] = 150
    picture[10:20, 73:79] = 230
    line = text_lines(picture)[0]
    assert len(line.glyphs) == 5


def test_a_way_of_seeing_a_card_counts_one_you_have_line_at_most():
    label = TextLine((), (3, 4, 1), (0, 0, 10, 10), 10.0, (0.0, 0.0, 0.0))
    junk = TextLine((), (3, 4), (0, 20, 10, 10), 10.0, (0.0, 0.0, 0.0))
    assert names._line_score([label, junk])[0] == names._line_score([label])[0] == 1


def test_a_name_whose_letters_ran_together_in_pairs_is_read(monkeypatch):
    """1.2x screen 950015: the Luna Moth card's ``LUNA MOTH`` was cut ``LU NA`` ``MO T H``
    (five glyphs, two words), fitting no name, and the animals were asked."""
    text, (plain, _, asked, _) = _read(15, 950_000, (1.0, 9.0), monkeypatch)
    assert not asked, asked
    assert plain == text


def test_the_ways_of_seeing_a_card_are_ranked_by_its_label_and_name_lines(monkeypatch):
    """2x seed 960013: once letters run together are parted, the lighter way's broken
    ``YOU HAVE`` read ``(3, 4, 1)`` too, and the way with more letter-shaped blobs over all
    its lines won: its name a hollow 13-glyph ``TIDDALIK``. Counted over the label and the
    name only, the plain way's clean eight glyphs win and the Tiddalik is read."""
    text, (plain, _, asked, _) = _read(13, 960_000, (1.0, 9.0), monkeypatch)
    assert not asked, asked
    assert plain == text


def test_a_wide_letter_is_not_cut_on_a_screen(monkeypatch):
    """2.2x seed 7117: ``MUSKOX``'s ``M``, 1.27 cap heights wide, was cut in two when any
    run over 1.25 cap heights was; the Muskox is read."""
    text, (plain, _, asked, _) = _read(117, 7_000, (0.5, 3.0), monkeypatch)
    assert not asked, asked
    assert plain == text


def test_five_pixel_names_read_beyond_doubt_count(monkeypatch):
    """0.96x seed 7112: the card's ``SKUNK`` is 5 pixels tall, read beyond doubt by the
    screen's glyphs; under the old 6-pixel floor it was not counted and the animals were
    asked (Bear or Skunk). Counted, with the cards' boxes and the board it settles."""
    text, (plain, _, asked, _) = _read(112, 7_000, (0.5, 3.0), monkeypatch)
    assert not asked, asked
    assert plain == text


def test_a_one_card_screen_whose_title_no_label_vouches_for_is_read_by_each_line_alone(
        monkeypatch):
    """1.49x seed 7086: ``OUTBACK`` on the title and one ``COCKATOO`` card, neither vouched
    for by the labels' letters. On a one-card screen the title and the name are read
    together, each agreeing with the other right or wrong (0.95x seed 471057's ``MARS``
    read ``FARM``, its Marsmot a Rabbit), so the 27th session asked here
    (``screen_text._one_card_doubted``). Each line read alone, with no word of the other,
    reads as it did together: the title ``OUTBACK`` by 10 over its next, the name
    ``COCKATOO`` by 8.9 (``screen_text._read_apart``): read exactly. (The rarity as first
    read, as before: no tint not a runner-up.)"""
    monkeypatch.setattr(cards, "_no_tint", lambda seen, card_hue: float("inf"))
    text, (plain, _, asked, _) = _read(86, 7_000, (0.5, 3.0), monkeypatch)
    assert "Cockatoo" in text and not asked, asked
    assert plain == text


def test_a_title_only_one_region_fits_is_not_read_alone():
    """A title line cut into a number of glyphs that one region's name alone fits is not read
    on its own, however cheaply (2.1x seed 7013's ``SAVANNA`` in five glyphs fits ``POLAR``
    alone: read so, the cards were read again as Polar's and the screen, read exactly
    before, was asked); nor a line whose cards' names confirm nothing."""
    regions, _ = names._vocabulary()
    cipher = Cipher([(_draw("ABCD"), "ABCD"), (_draw("BAD"), "BAD")])
    polar = names.CardName(None, ("Penguin",))
    assert names._region_alone(_draw("ABCDA"), list(regions), cipher, regions, [polar]) is None
    assert names._region_alone(_draw("ABCDA"), list(regions), cipher, regions, []) is None
