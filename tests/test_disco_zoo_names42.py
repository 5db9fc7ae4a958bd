"""Disco Zoo name lines seen wrong on a card (session 42).

A card's name is one or two words of whole capitals: where the way of seeing the cards chosen
shows a card's name in glyphs of several heights (its letters seen on their outlines), another
way's line in whole letters on the same rows is the name. And a name cut short at its card's
edge shows a number of letters, not of glyphs: a letter broken into two strokes is one.
"""

from __future__ import annotations

from test_disco_zoo_names41 import _words


def test_a_name_seen_on_its_outlines_is_taken_in_whole_letters():
    """Wider 1.85x seed 1145024 (Outback: Crocodile, Echidna, Kangaroo; a letter-spaced
    font): the lighter way, chosen for the label it found, saw ``CROCODILE`` and
    ``KANGAROO`` as 9 glyphs each, 10 to 16 px tall; the plain way sees their 9 and 8
    letters, each 10 px tall. Every name was read as none."""
    from gridsight.games.disco_zoo.names import _whole_letters

    _, _, _, words = _words(24, 1_145_000, wider=True)
    lines = words.lines["names"]
    assert [len(line.glyphs) for line in lines] == [9, 7, 8]
    assert all(_whole_letters(line) for line in lines)
    assert words.cards[0].name == "Crocodile" and words.cards[2].name == "Kangaroo"


def test_a_name_cut_short_counts_a_letter_of_two_strokes_once():
    """Wider 1.10x seed 1145007 (Savanna: Elephant, Giraffe, Rhinoceros): card 3 shows
    ``RHINOCER``, cut at its edge, in nine glyphs (its ``H`` two strokes); cut to nine
    letters (``RHINOCERO``) it read as none, the screen asked among 14 regions."""
    from gridsight.games.disco_zoo.names import card_text, card_texts

    _, _, screen, words = _words(7, 1_145_000, wider=True)
    line = words.lines["names"][2]
    assert len(line.glyphs) == 9
    assert card_texts(line, card_text(screen.cards[2]).box[2])["RHINOCER"] == ("RHINOCEROS",)
    assert words.region == "Savanna"
    assert [card.name for card in words.cards] == ["Elephant", "Giraffe", "Rhinoceros"]


def test_a_name_with_one_letter_short_keeps_the_way_chosen():
    """Fresh 0.62x seed 1165030 (Savanna: Hippo, Zebra): the way chosen saw ``ZEBRA``'s
    ``A`` 8 px tall of 10 (its foot lost); another way's ``ZEBRA`` in whole letters, its
    letters unlike card 1's ``HIPPO`` seen the way chosen, cost 4.2 not 1.3, and the screen,
    read exactly before, was asked."""
    text, image, _, words = _words(30, 1_165_000)
    line = words.lines["names"][1]
    assert [g.box[3] for g in line.glyphs] == [10, 10, 10, 10, 8]
    assert words.cards[1].candidates == ("Zebra",) and words.cards[1].cost < 2.0


def test_a_card_box_row_is_no_name():
    """Wider seed 1170014 as the variants' ``sj`` (0.6x, JPEG 60; Jurassic: Stegosaurus,
    Triceratops): its names 3 px tall not found, each card's box row (4 and 3 boxes, 10 px
    tall) was the one line under its picture, read ``CROCODILE`` and ``COC`` (Cockatoo):
    the Outback and its animals were stated with no warning. A card writes its name above
    its boxes: no name line, the names not settled."""
    from disco_zoo_variants import drawn, variant
    from gridsight.games.disco_zoo import names
    from gridsight.games.disco_zoo.screen import locate_rescue

    shot, _ = drawn(1_170_014, wider=True)
    image = variant("sj", shot, 1_170_014)
    screen = locate_rescue(image)
    names._RECENT.clear()
    names._LINES.clear()
    words = names.screen_words(image, screen.cards, screen.lattice.y)
    assert words.lines["names"] == [None, None]
    assert not any(card.name for card in words.cards) and words.region is None
