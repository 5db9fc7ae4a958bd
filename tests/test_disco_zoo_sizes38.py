"""Disco Zoo names too small to count and titles run together (38th session, text).

- A card's name line under :data:`gridsight.games.disco_zoo.lengths.MIN_LETTER` pixels (its
  letters run together, its glyph count no letter count) is measured in the cells of the
  title's ``ATTEMPTS LEFT`` (:func:`gridsight.games.disco_zoo.lengths.size_says`): one of its
  options alone spans as many cells. Stand-in glyphs (boxes only), as fresh real-look 1058040
  at 0.57x found its ``TRICERATOPS`` (43 pixels, 5 tall) and its label (105 pixels, 9 tall);
  and that screen drawn again and read with OCR off (its one card settled so).
- The title's region line with a glyph of two letters run together is read cut anew into
  them for the regions' names one letter longer (:func:`gridsight.games.disco_zoo.names.
  _region_cuts`): fresh 1050028's ``OUTBACK`` in six glyphs, its ``BA`` one.
"""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np

from gridsight.games.disco_zoo import lengths, names
from gridsight.vision.glyphs import Glyph

CARD = (72, 42, 63, 67)  # 1058040's card: x, y, width, height
LABEL_XS = [97, 105, 113, 121, 129, 138, 146, 154, 171, 179, 187, 195]


def _line(xs: list[int], words: tuple[int, ...], y: int, height: int,
          widths: list[int]) -> names.TextLine:
    glyphs = tuple(SimpleNamespace(box=(x, y, w, height)) for x, w in zip(xs, widths))
    box = (xs[0], y, xs[-1] + widths[-1] - xs[0], height)
    return names.TextLine(glyphs, words, box, float(height),  # type: ignore[arg-type]
                          (0.0, 0.0, 0.0))


LABEL = _line(LABEL_XS, (8, 4), 26, 9, [7] * 12)


def _name(x: int, width: int) -> names.TextLine:
    """A name line of 5-pixel glyphs run together, ``width`` pixels from ``x``."""
    xs = list(range(x, x + width - 3, 4))
    return _line(xs, (len(xs),), 82, 5, [3] * (len(xs) - 1) + [x + width - xs[-1]])


def test_a_name_too_small_to_count_is_told_by_the_cells_of_the_title_label():
    # TRICERATOPS, 43 px on the card's centre; the label's cell at 5 px tall is 4.5 px
    assert lengths.size_says(_name(82, 43), LABEL, CARD, ("T-Rex", "Triceratops")) == \
        "Triceratops"
    # a T-REX line is five cells wide
    assert lengths.size_says(_name(92, 23), LABEL, CARD, ("T-Rex", "Triceratops")) == "T-Rex"


def test_a_small_name_is_not_told_when_two_options_span_near_its_cells_or_it_is_off_centre():
    # ELEPHANT's eight cells are near enough to the line's ten: neither is told
    assert lengths.size_says(_name(82, 43), LABEL, CARD, ("Elephant", "Triceratops")) is None
    # a piece of a name (off the card's centre by five pixels and more) says no length
    assert lengths.size_says(_name(72, 43), LABEL, CARD, ("T-Rex", "Triceratops")) is None


def _inked(xs: list[int], words: tuple[int, ...], widths: list[int],
           tall: int = 7) -> names.TextLine:
    """A title line of solid glyphs ``tall`` pixels tall (each with its canvas: a glyph is
    parted by its ink), ``widths`` wide at ``xs``."""
    glyphs = tuple(Glyph((x, 20, w, tall), np.pad(np.ones((tall, w)), ((0, 0), (1, 1))), 0.0,
                         float(tall), 1.0, 1.0 + w) for x, w in zip(xs, widths))
    box = (xs[0], 20, xs[-1] + widths[-1] - xs[0], tall)
    return names.TextLine(glyphs, words, box, float(tall), (0.0, 0.0, 0.0))


def test_a_title_with_two_letters_in_one_glyph_is_cut_anew_for_the_longer_names():
    title = _inked([10, 16, 21, 27, 33, 44], (6,), [5, 4, 5, 5, 10, 5])
    cut = names._region_cuts(title)
    assert cut is not None
    assert cut("JUNGLE") is title  # (a name it fits as it is: read so)
    outback = cut("OUTBACK")
    assert outback is not None and len(outback.glyphs) == 7
    assert cut("NOCTURNAL") is None
    # a title of even glyphs is read as it is
    assert names._region_cuts(_inked([10, 16, 21, 27], (4,), [5, 4, 5, 5])) is None
    # nor one too small to read alone (fresh 1074007 at 0.61x: MOON 5 px tall in three
    # glyphs, its OO one; cut anew it read CITY, MARS and MOON alike, where read as none its
    # card's MOONKEY said the Moon)
    assert names._region_cuts(_inked([6, 10, 17], (3,), [3, 6, 3], tall=5)) is None


def test_a_screen_whose_one_name_is_too_small_to_count_is_read_by_its_size(monkeypatch):
    # fresh real-look 1058040 at 0.57x: TRICERATOPS 5 px tall on a rare card of three boxes,
    # JURASSIC's eight glyphs read alone as it by 10; asked before (a T-Rex or a Triceratops)
    from gridsight.games.disco_zoo.screen import locate_rescue
    from kit.disco_reads import names_of, read_plain, stated_wrong
    from kit.disco_screens import real_screen

    monkeypatch.setenv("GRIDSIGHT_OCR", "off")
    _, text, image, _ = real_screen(40, 1_058_000)
    screen = locate_rescue(image)
    plain, warnings, asked, _, unread = read_plain(
        screen, screen.board_read("disco-zoo/structure"), image)
    assert not asked and names_of(plain) == names_of(text) == ("Triceratops",)
    assert stated_wrong(text, plain, warnings, unread) == []
