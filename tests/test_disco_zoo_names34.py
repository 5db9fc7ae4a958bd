"""Names read from the screen's own glyphs (34th session): small screens.

At a small size a pixel font's letters run together in pairs: neither a name line's glyphs
nor their count say which name it is, but its width does, measured in the cells of the
names read beyond doubt beside it (:func:`gridsight.games.disco_zoo.lengths.by_pitch`).
The screens here are drawn as ``tests/test_disco_zoo_screens.py`` draws them and read with
the glyphs alone (``GRIDSIGHT_OCR=off``: an OCR engine, when installed, reads them too).
"""

from __future__ import annotations

import pytest

from gridsight.games.disco_zoo import lengths
from gridsight.games.disco_zoo.lengths import name_cells, pitch_says
from gridsight.games.disco_zoo.screen_text import read_screen
from gridsight.readers.base import ReadError, ReadHints
from kit.disco_reads import located
from test_disco_zoo_screens import real_screen

JURASSIC = ("Diplodocus", "Stegosaurus")
BESIDE = [(63.0, "Ankylosaurus"), (56.0, "Triceratops")]  # 0.76x seed 7000's other names


@pytest.fixture(scope="module")
def small():
    """Real-look 7000 (0.76x, three Jurassic cards, ``DIPLODOCUS`` in seven glyphs, three
    of them pairs of letters), drawn and located: (its board text, the image, the screen)."""
    _, text, image, _ = real_screen(0, 7000)
    return text, image, located(image)  # (as test_disco_zoo_screens found it, on its worker)


def test_a_line_is_measured_in_the_cells_of_the_names_beside_it():
    """51 pixels where ``ANKYLOSAURUS`` spans 63 and ``TRICERATOPS`` 56: ten letters, the
    ``DIPLODOCUS``, not the eleven of ``STEGOSAURUS``; 54 lies between the two and tells
    neither; one name beside is no measure (its font's narrow letters unknown)."""
    assert pitch_says(51, BESIDE, JURASSIC) == "Diplodocus"
    assert pitch_says(57, BESIDE, JURASSIC) == "Stegosaurus"
    assert pitch_says(54, BESIDE, JURASSIC) is None
    assert pitch_says(51, BESIDE[:1], JURASSIC) is None


def test_narrow_letters_are_measured_by_the_names_beside():
    """A proportional font whose ``I``, ``L`` and ``T`` are half a cell short, cells of 5:
    the names beside (one narrow letter and three) agree on a cell only for a shortfall of
    0.35 or more, not for a monospaced font's none, and ``DIPLODOCUS`` (two narrow letters,
    45 pixels) and ``STEGOSAURUS`` (one, 52.5) are told for each shortfall standing; names
    beside whose narrow letters are as many each cannot tell the shortfall, and two options
    that differ by it (``KIWI``, two, and ``BAT``, one) are not told apart."""
    def width(name: str) -> float:
        return 5 * name_cells(name, 0.5)
    beside = [(width(name), name) for name in ("Ankylosaurus", "Triceratops")]
    assert pitch_says(width("Diplodocus"), beside, JURASSIC) == "Diplodocus"
    assert pitch_says(width("Stegosaurus"), beside, JURASSIC) == "Stegosaurus"
    alike = [(width(name), name) for name in ("Ankylosaurus", "Brachiosaurus")]
    assert pitch_says(width("Kiwi"), alike, ("Kiwi", "Bat")) is None


def test_the_small_jurassic_screen_is_read_exactly(small, monkeypatch):
    """0.76x seed 7000: its ``DIPLODOCUS`` glyphs read ``STEGOSAURUS`` as cheaply, and the
    screen asked which; its width in the other two names' cells says Diplodocus, and the
    screen is read exactly with no options. Without the measure it asks again."""
    monkeypatch.setenv("GRIDSIGHT_OCR", "off")
    text, image, screen = small
    board = screen.board_read("disco-zoo/structure")
    assert read_screen(screen, board, ReadHints(), image=image).text == text
    monkeypatch.setattr(lengths, "by_pitch", lambda *args, **kwargs: None)
    with pytest.raises(ReadError) as asked:
        read_screen(screen, board, ReadHints(), image=image)
    assert asked.value.choices.options[0] == JURASSIC
