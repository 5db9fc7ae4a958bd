"""A name line whose letters ran together in pairs (:func:`gridsight.games.disco_zoo.names.
_name_cut`): as many glyphs as a shorter name has letters, but as wide as the longer name's
letters in the card's ``YOU HAVE`` font, is read as each name of its width cuts it, never as it
is for the shorter name. Seed 473050 (0.93x: ``HORSE`` found as ``HO``, ``RS``, ``E``) is
read exactly."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from gridsight.games.disco_zoo import names
from test_disco_zoo_screens import located_and_read, real_screen


@pytest.fixture(scope="module")
def horse_read():
    """Screen 473050 read with no options and no OCR engine: (its board text, its reading or
    the request for ``--animals``)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("GRIDSIGHT_OCR", "off")
        _, text, image, _ = real_screen(50, 473_000)
        screen, plain, asked = located_and_read(image)
    return text, plain or asked


def test_a_horse_whose_letters_ran_together_in_pairs_is_read(horse_read):
    """``HORSE`` in three glyphs 12, 12 and 6 pixels wide (the screen's letters 5 to 6), 32
    pixels as five letters of its ``YOU HAVE`` are: read as ``COW`` as it was cut (three
    glyphs, three letters), the card asked Horse or Cow; cut anew into five, read ``HORSE``,
    and the screen is read exactly."""
    text, read = horse_read
    assert "Horse" in text and read == text, read


def _line(x: int, widths: list[int], y: int = 109, tall: int = 8) -> names.TextLine:
    glyphs, at = [], x
    for w in widths:
        glyphs.append(SimpleNamespace(box=(at, y, w, tall)))
        at += w + 1
    return names.TextLine(tuple(glyphs), (len(widths),),  # type: ignore[arg-type]
                          (x, y, at - x - 1, tall), float(tall), (0.0, 0.0, 0.0))


def test_a_line_of_pairs_is_not_read_as_it_is_for_a_text_its_width_denies():
    """473050's ``HORSE`` line (glyphs 12, 12, 6; ``YOU HAVE 2`` 64 pixels wide, its letters 5
    and 6; the screen's name letters 6 wide): not read as it is for ``COW`` (three cells, 19
    pixels), as it was; a line of three glyphs of one letter each, as wide as ``COW``, still
    is. 1.08x seed 473034's 5-pixel ``MONKEY`` (its ``M`` 6 wide, the label's letters 4 and 5
    at 6 pixels: a pair by the label's measure alone, its width two cells off) is still read
    as it is: the screen's name letters are 5 wide."""
    label = _line(229, [6, 5, 6, 6, 5, 6, 5, 5], y=120)
    label = names.TextLine(label.glyphs, (3, 4, 1), (229, 120, 64, 8), 8.0, (0.0, 0.0, 0.0))
    horse = _line(245, [12, 12, 6])
    cut = names._name_cuts(horse, label, ("COW", "HORSE"), 6.0)
    assert cut is not None and cut("COW") is None
    cow = _line(245, [6, 6, 6])
    cut = names._name_cuts(cow, label, ("COW", "HORSE"), 6.0)
    assert cut is None or cut("COW") is cow
    you_have = _line(108, [4, 5, 4, 4, 4, 5, 4, 5], y=167, tall=6)
    you_have = names.TextLine(you_have.glyphs, (3, 4, 1), (108, 166, 53, 7), 7.0,
                              (0.0, 0.0, 0.0))
    monkey = _line(117, [6, 5, 5, 4, 5, 4], y=158, tall=5)
    cut = names._name_cuts(monkey, you_have, ("MONKEY", "TOUCAN"), 5.0)
    assert cut is None or cut("MONKEY") is monkey
