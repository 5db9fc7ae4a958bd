"""A sprite's foot over one band of text, told from a name (the 44th session, ``s44foot``).

Since the 43rd session a card whose lines over its box row are the sprite's own foot and one
band has its row set aside (``cards._sprites_foot``, fresh 1181001: the YOU HAVE line taken
into the row). The rule fired on right rows too; the screens are drawn as the screens test
draws them and located with OCR off.
"""

from __future__ import annotations

from gridsight.games.disco_zoo.settle import BOX_SURE
from test_disco_zoo_screens import located_and_read, real_screen, stated_wrong


def test_one_band_under_the_foot_as_tall_as_the_boxes_holds_both_lines(monkeypatch):
    # 1181005 at 0.53x (Coyote, Aatxe): the Aatxe's name and YOU HAVE 0 blurred into one band
    # of 10 rows under its sprite's foot, over boxes of 8: both lines, the row the boxes alone
    # (cards.LINE_UNDER). It was set aside as 1181001's row (its band 7 rows over "boxes" 16
    # tall: the name alone, the row with the YOU HAVE line in it).
    monkeypatch.setenv("GRIDSIGHT_OCR", "off")
    _, text, image, _ = real_screen(5, 1_181_000)
    screen, plain, asked = located_and_read(image)
    aatxe = screen.cards[1]
    assert (aatxe.boxes.count, aatxe.boxes.filled) == (2, 0)
    assert aatxe.boxes.confidence >= BOX_SURE and not aatxe.run_into
    assert not plain or not stated_wrong(text, plain), plain


def test_a_name_under_a_sprite_standing_on_it_is_no_foot(monkeypatch):
    # widest 1140001 at 2.6x (Dragon, Triceratops): the Dragon's legs reach down to its
    # DRAGON line, the band under the picture both, within the picture's columns: taken for
    # the sprite's foot. Its letters stand apart from the sprite's ink, each the line's
    # height (cards.LETTERS_APART): the band is the name.
    monkeypatch.setenv("GRIDSIGHT_OCR", "off")
    _, text, image, _ = real_screen(1, 1_140_000, wider=True, widest="all")
    screen, plain, asked = located_and_read(image)
    assert len(screen.cards) == 2 and not screen.cards[0].line_taken
    assert not plain or not stated_wrong(text, plain), plain
