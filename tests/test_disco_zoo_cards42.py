"""Disco Zoo cards found on the screens session 41 left unfound (42nd session).

Fresh widest 1146004 at 0.61x: three Mars cards 2 Lab lighter than an orange ground of a
gradient, sampled beside the board a shade off the ground between the cards; the cards'
area, cut at their middle, showed the gaps between them as two "panels", ink beside them,
no card taken. The row run on up to the cards' own top finds the three cards; it is taken
when the first row's panels are the gaps between its own
(:func:`~gridsight.games.disco_zoo.cards._the_gaps_of`).

Widest 1073038 at 0.52x: a board spanning the screen but for 8 and 5 columns of the navy
ground, themselves taken for a window's frame; the ground sampled beside the board was the
1 and 3 px left between the frame and the board: its rim's grey-green, every pixel of the
cards' area "ink", no card found. A sample a frame cuts to less than ``SLIVER`` of a tile is
dropped and the ground is sampled above the board, past its rim (``_ground_above``, a strip
further up when the first is not of one colour). A sample as narrow cut by the picture's side
alone stays the ground's (fresh widest 1146019 at 1.24x: 4 px of the red ground beside the
board, the strip above the board the cards' feet: its three cards lost when it was dropped).

Fresh widest 1164026 at 2.53x: three cards on a grass ground speckled light, two found in the
cards' area, all three in the wider area; the specks beside them taken for a card missed, no
card taken. A row holding as many cards as the game shows (``card_max``) misses none.
"""

from __future__ import annotations

from test_disco_zoo_cards41 import _located

GAPS_FOUND = 1_146_004  # widest, fresh: the gaps between three cards found as the panels
GAPS_SCALE = 0.61
SLIVERS = 1_073_038  # widest: the ground beside the board slivers of its rim
SLIVERS_SCALE = 0.52
AT_THE_SIDE = 1_146_019  # widest, fresh: 4 px of ground between the board and the side
SPECKS = 1_164_026  # widest, fresh: three cards on a speckled grass ground


def test_a_row_of_the_gaps_between_cards_gives_way_to_the_cards():
    drawn, screen = _located(GAPS_FOUND)
    assert len(drawn) == 3 and len(screen.cards) == 3  # (none found before)
    for card, seen in zip(drawn, screen.cards):
        x, y, w, h = seen.panel.box
        assert abs(x - card.box[0] * GAPS_SCALE) <= 3, card.name  # its own place and width
        assert abs(w - card.box[2] * GAPS_SCALE) <= 3, card.name
        assert abs(y - card.box[1] * GAPS_SCALE) <= 3, card.name  # its own top
        assert seen.picture[3] > 0, card.name
        assert seen.boxes is None or seen.boxes.count == card.boxes, card.name


def test_a_sliver_beside_the_board_is_not_the_ground():
    drawn, screen = _located(SLIVERS)
    assert len(drawn) == 1 and len(screen.cards) == 1  # (none found before)
    (card,), (seen,) = drawn, screen.cards
    for k in range(4):  # its place, width and height, within a few pixels
        assert abs(seen.panel.box[k] - card.box[k] * SLIVERS_SCALE) <= 3, k
    assert seen.name_box is not None and seen.have_box is not None


def test_a_sliver_of_ground_at_the_pictures_side_stays_the_ground():
    drawn, screen = _located(AT_THE_SIDE)
    assert len(drawn) == 3 and len(screen.cards) == 3
    assert [seen.boxes.count for seen in screen.cards if seen.boxes is not None] == \
        [card.boxes for card in drawn]


def test_three_cards_found_miss_none_beside_them_on_a_speckled_ground():
    drawn, screen = _located(SPECKS)
    assert len(drawn) == 3 and len(screen.cards) == 3  # (none taken before)
    for card, seen in zip(drawn, screen.cards):
        x, _, w, _ = seen.panel.box
        assert x < (card.box[0] + card.box[2] / 2) * 2.53 < x + w, card.name  # its own place
        assert seen.boxes is not None and seen.boxes.count == card.boxes, card.name
