"""Disco Zoo name lines found on the widest real looks (36th session, lines).

A word standing apart beside a big glyph is not taken in as strokes of it
(:func:`vision.glyphs._word_beside`), and when the way of seeing the cards chosen for all shows
no ``YOU HAVE`` line even cut anew, each way's lines are cut anew and the way that then shows
the labels is taken (:func:`gridsight.games.disco_zoo.names._recut_way`). The screen is drawn
again as the screens test draws it and read with no options, OCR off.
"""

from __future__ import annotations

import pytest

from gridsight.games.disco_zoo import names
from kit.disco_reads import stated_wrong
from kit.disco_screens import located_and_read, real_screen

SEED = 1022002  # widest, 1.45x: Mountain, one Goat card


@pytest.fixture(scope="module")
def read():
    """(the cards as drawn, the image, the screen found, its truth, the text read, the
    request for --animals), read with no options and OCR off."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("GRIDSIGHT_OCR", "off")
        base = SEED - SEED % 10_000
        shot, text, image, _ = real_screen(SEED - base, base, wider=True, widest="all")
        screen, plain, asked = located_and_read(image)
    return shot.extras["cards"], image, screen, text, plain, asked


def test_the_region_beside_a_big_counter_and_a_label_cut_anew_find_their_lines(read):
    # widest 1022002 at 1.45x: MOUNTAIN (16 px, one component) 36 px left of the counter's
    # 3 (116 px) was taken in as a part of the digit; and no way found YOU HAVE 6 whole
    # (the plain way in glyphs (3, 5, 1)), the lighter way won on its box row's pieces and
    # its label would not cut anew: neither the region nor GOAT had a line, and it was asked
    drawn, image, screen, text, plain, asked = read
    assert [card.name for card in drawn] == ["Goat"]
    words = names.screen_words(image, screen.cards, screen.lattice.y, None)
    region, name = words.lines["region"], words.lines["names"][0]
    assert region is not None and region.words == (8,), region
    assert name is not None and name.words == (4,), name
    assert plain and stated_wrong(text, plain) == [], asked
