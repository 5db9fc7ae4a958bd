"""Disco Zoo names read off real-look screens (36th session).

Two lines' glyphs are weighed against each other in a joint reading only when their sizes are
alike (:data:`gridsight.vision.cipher.CROSS_SIZES`): a title three times its names' size is
another rendering of the font, its letters unlike theirs. A card whose text stands on a panel
of another colour than its box's edges (a pill rounded within its box) is seen on the colour
around its name box too (:func:`gridsight.games.disco_zoo.names._inner_colour`); and a card
the way of seeing chosen for all the cards shows only a part of the name its own best way
shows whole is seen its own way (:func:`gridsight.games.disco_zoo.names._part_of_name`). The screens
are drawn again as the screens test draws them and read with no options, OCR off.
"""

from __future__ import annotations

import pytest

from gridsight.games.disco_zoo import names
from kit.disco_reads import stated_wrong
from kit.disco_screens import located_and_read, real_screen

SCREENS = {1020039: {}, 1020037: {}, 995015: {"wider": True, "widest": "all"}}


@pytest.fixture(scope="module")
def reads():
    """seed -> (its cards as drawn, the image, the screen found, its truth, the text read,
    the request for --animals), each read with no options and OCR off."""
    out = {}
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("GRIDSIGHT_OCR", "off")
        for seed, look in SCREENS.items():
            base = seed - seed % 10_000
            shot, text, image, _ = real_screen(seed - base, base, **look)
            screen, plain, asked = located_and_read(image)
            out[seed] = (shot.extras["cards"], image, screen, text, plain, asked)
    return out


def test_a_title_thrice_its_names_size_is_not_weighed_glyph_for_glyph_against_them(reads):
    # fresh real-look 1020039 at 1.95x: MOON 48 pixels tall over MOONKEY and MOONICORN 16
    # tall, each line alone read so (by 8.5 and more); together the pairs between the
    # title's O and the names' cost 65, and MARS with both names unread was read: asked
    drawn, image, screen, text, plain, asked = reads[1020039]
    assert [card.name for card in drawn] == ["Moonkey", "Moonicorn"]
    words = names.screen_words(image, screen.cards, screen.lattice.y, None)
    title, first = words.lines["region"], words.lines["names"][0]
    assert title.height > 2.5 * first.height
    assert words.region == "Moon" and words.names() == ("Moonkey", "Moonicorn")
    assert plain and stated_wrong(text, plain) == [], asked


def test_a_cards_text_on_a_panel_rounded_within_its_box_is_seen_on_the_panels_colour(reads):
    # widest 995015 at 2.83x: card 1's box reaches past its pill-shaped panel, its edges the
    # screen's dark brown; seen on that, the panel was one blob of ink from the picture down,
    # its STEGOSAURUS lost in it (a Stegosaurus or a Raptor asked)
    drawn, image, screen, text, plain, asked = reads[995015]
    assert drawn[0].name == "Stegosaurus"
    card = names.card_text(screen.cards[0])
    edges = names.border_colour(image[card.box[1]:card.box[1] + card.box[3],
                                      card.box[0]:card.box[0] + card.box[2]])
    assert names._inner_colour(image, card, edges) is not None
    line = names.screen_words(image, screen.cards, screen.lattice.y, None).lines["names"][0]
    assert line is not None and line.words == (11,), line
    assert plain and stated_wrong(text, plain) == [], asked


def test_a_card_shown_part_of_its_name_by_the_way_chosen_for_all_is_seen_its_own_way(reads):
    # fresh real-look 1020037 at 1.02x: the darker way (best over the three cards) showed card
    # 1's PLATYPUS as PLAT and YPUS run into the faint YOU HAVE 2 under it; the plain way shows
    # its eight letters 10 pixels tall. A Kangaroo or a Platypus was asked
    drawn, image, screen, text, plain, asked = reads[1020037]
    assert drawn[0].name == "Platypus"
    card = names.card_text(screen.cards[0])
    seen = names._card_seen(image, card)
    assert names._part_of_name(seen["darker"].lines, seen["plain"].lines, card)
    assert not names._part_of_name(seen["plain"].lines, seen["darker"].lines, card)
    line = names.screen_words(image, screen.cards, screen.lattice.y, None).lines["names"][0]
    assert line is not None and line.words == (8,) and line.height <= 12, line
    assert plain and stated_wrong(text, plain) == [], asked
