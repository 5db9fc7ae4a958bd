"""Disco Zoo names too small to read letter by letter (session 42).

At 0.5x-0.9x a card's name is a line 3-7 px tall whose letters run together, yet a pixel
font's letters keep one width: a line's width counts its letters in the cells that the
names known on the same row measure. A card's name is known when it is read beyond doubt,
or when its boxes and the board leave the card one animal of the region and its glyphs read
as that animal.
"""

from __future__ import annotations


def test_cards_fixed_by_their_boxes_measure_the_cell_of_a_tiny_name():
    """0.89x seed 1144052 (Jurassic: Dragon, Ankylosaurus, Diplodocus): every name 5 px tall.
    The boxes and the board leave cards 1 and 3 one animal each (``DRAGON`` 21 px wide,
    ``DIPLODOCUS`` 35: a cell of 3.5 px); card 2's 43-px line spans 12 cells,
    ``ANKYLOSAURUS``, not ``TRICERATOPS`` (11) or ``T-REX`` (5). It was asked among three."""
    from gridsight.games.disco_zoo import names
    from gridsight.games.disco_zoo.lengths import pitch_says
    from gridsight.games.disco_zoo.screen import locate_rescue
    from test_disco_zoo_screens import located_and_read, real_screen

    _, text, image, _ = real_screen(52, 1_144_000)
    screen = locate_rescue(image)
    names._RECENT.clear()
    names._LINES.clear()
    words = names.screen_words(image, screen.cards, screen.lattice.y)
    widths = [line.box[2] for line in words.lines["names"]]
    assert widths == [21, 43, 35] and words.cards[0].name is None
    assert pitch_says(43, [(21, "Dragon"), (35, "Diplodocus")],
                      ["T-Rex", "Triceratops", "Ankylosaurus"]) == "Ankylosaurus"
    _, plain, asked = located_and_read(image)
    assert not asked and plain == text
