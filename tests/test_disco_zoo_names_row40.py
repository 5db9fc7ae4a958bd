"""Disco Zoo names on a row of cards drawn alike (session 40).

The cards in a row are drawn alike: their names in one font at one height. A card's name
line found twice as tall as the other cards' or more has run into the sprite above it or the
``YOU HAVE`` line below it, and is taken as another way of seeing the card finds it at the
others' height, in whole letters, where one does.
"""

from __future__ import annotations

import pytest


@pytest.fixture(scope="module")
def moon_1120025():
    """1.58x fresh seed 1120025 (Moon: Moonicorn, Jade Rabbit, Moonkey): the darker way,
    chosen for the two labels it finds, sees card 3's ``MOONKEY`` as 4 glyphs 34 px tall
    beside the other names' 13; the plain way sees its 7 letters 13 px tall."""
    from gridsight.games.disco_zoo import names
    from gridsight.games.disco_zoo.screen import locate_rescue
    from test_disco_zoo_screens import real_screen

    _, text, image, _ = real_screen(25, 1_120_000)
    screen = locate_rescue(image)
    names._RECENT.clear()
    names._LINES.clear()
    return text, names.screen_words(image, screen.cards, screen.lattice.y)


def test_a_name_line_far_taller_than_the_rows_is_found_at_its_height(moon_1120025):
    _, words = moon_1120025
    tall = [line.box[3] for line in words.lines["names"]]
    assert max(tall) < 2 * min(tall)
    assert words.names() == ("Moonicorn", "Jade Rabbit", "Moonkey")
    assert words.region == "Moon"


def test_a_name_run_into_its_sprite_is_seen_again_on_the_rows():
    """Widest 1.76x fresh seed 1124006 (Northern: Skunk, Beaver): every way of seeing card 2
    runs ``BEAVER`` into the sprite above and the boxes below (the plain way 122 px tall,
    the lighter way in 11 pieces); seen again on ``SKUNK``'s rows alone, its 6 letters are
    found at their height and read. (Card 1 is unsure here, its colours read mythical;
    the screen's read on its clear clues settles it.)"""
    from gridsight.games.disco_zoo import names
    from gridsight.games.disco_zoo.screen import locate_rescue
    from test_disco_zoo_screens import real_screen

    _, _, image, _ = real_screen(6, 1_124_000, wider=True, widest="all")
    screen = locate_rescue(image)
    names._RECENT.clear()
    names._LINES.clear()
    words = names.screen_words(image, screen.cards, screen.lattice.y)
    skunk, beaver = words.lines["names"]
    assert beaver.box[3] < 2 * skunk.box[3] and len(beaver.glyphs) == 6
    assert words.cards[1].name == "Beaver" and words.region == "Northern"
