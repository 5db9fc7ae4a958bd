"""A sprite's foot over one band of text, told from a name (the 44th session, ``s44foot``).

Since the 43rd session a card whose lines over its box row are the sprite's own foot and one
band has its row set aside (``cards._sprites_foot``, fresh 1181001: the YOU HAVE line taken
into the row). The rule fired on right rows too; the screens are drawn as the screens test
draws them and located with OCR off.
"""

from __future__ import annotations

from gridsight.games.disco_zoo.settle import BOX_SURE
from kit.disco_reads import assert_nothing_stated_wrong, seed_read


def test_one_band_under_the_foot_as_tall_as_the_boxes_holds_both_lines():
    # 1181005 at 0.53x (Coyote, Aatxe): the Aatxe's name and YOU HAVE 0 blurred into one band
    # of 10 rows under its sprite's foot, over boxes of 8: both lines, the row the boxes alone
    # (cards.LINE_UNDER). It was set aside as 1181001's row (its band 7 rows over "boxes" 16
    # tall: the name alone, the row with the YOU HAVE line in it).
    seen = seed_read(1_181_005, 1_181_000, widest="")
    assert seen.refused is None, seen.refused
    aatxe = seen.screen.cards[1]
    assert (aatxe.boxes.count, aatxe.boxes.filled) == (2, 0)
    assert aatxe.boxes.confidence >= BOX_SURE and not aatxe.run_into
    if seen.plain[0]:
        assert_nothing_stated_wrong(seen.text, seen.plain[0])


def test_a_name_under_a_sprite_standing_on_it_is_no_foot():
    # widest 1140001 at 2.6x (Dragon, Triceratops): the Dragon's legs reach down to its
    # DRAGON line, the band under the picture both, within the picture's columns: taken for
    # the sprite's foot. Its letters stand apart from the sprite's ink, each the line's
    # height (cards.LETTERS_APART): the band is the name.
    seen = seed_read(1_140_001, 1_140_000)
    assert seen.refused is None, seen.refused
    assert len(seen.screen.cards) == 2 and not seen.screen.cards[0].line_taken
    if seen.plain[0]:
        assert_nothing_stated_wrong(seen.text, seen.plain[0])
