"""A read found WRONG on a fresh Disco Zoo seed in the 44th session (``s44w1204``), held by
a rule of what the screen shows (issue 18). The screens are drawn as the screens test and the
variants sweep draw them and located with OCR off.
"""

from __future__ import annotations

from disco_zoo_variants import drawn, variant
from test_disco_zoo_screens import located_and_read, stated_wrong


def test_a_cards_own_label_places_its_name_not_another_cards_label(monkeypatch):
    # variant j40 of widest 1215007 (Northern, Bear and Moose): the Moose card's YOU HAVE
    # line not found whole (its HAVE 2 run into MOOSE above it by the JPEG), its name was
    # placed by the Bear card's label, lower (BEAR written 16 px tall, MOOSE 8): the Moose's
    # own YOU was taken for its name, three letters, told Fox by their length with no
    # warning. The card's own label's first word, found, places the name above it.
    monkeypatch.setenv("GRIDSIGHT_OCR", "off")
    seed = 1_215_007
    shot, text = drawn(seed, True, "all")
    assert text.splitlines()[1] == "animals: Bear, Moose"
    _, plain, asked = located_and_read(variant("j40", shot, seed))
    assert plain or asked
    assert not plain or not stated_wrong(text, plain), plain
    assert "Fox" not in plain
