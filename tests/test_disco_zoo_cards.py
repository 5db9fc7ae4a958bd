"""Disco Zoo's animal cards found by their structure on real-look screens that once lost them.

Each screen is drawn by the real-look skin and degraded as the screens test does (its seed
fixes the look, the scale, the noise and the JPEG); the cards found must be the cards drawn,
each where it was drawn to a few pixels.
"""

from __future__ import annotations

from functools import cache

import numpy as np
import pytest

from gridsight.games.disco_zoo.screen import locate_rescue
from gridsight.games.disco_zoo.settle import BOX_SURE, RARITY_SURE
from test_disco_zoo_screens import degrade, real_rescue


def _screen(seed: int, base: int):
    """Screen ``seed`` of the run starting at ``base`` as the screens diagnostic draws it (a
    screen in eight has bought attempts on its counter), in the look it was found on (as drawn
    before the skin was widened: each case here is one screen's)."""
    rng = np.random.default_rng(seed)
    extra = int(rng.integers(1, 6)) if (seed - base) % 8 == 0 else 0
    shot, _ = real_rescue(rng, seed, extra=extra, wide=False)
    image, scale = degrade(shot.image, rng, seed)
    return shot, image, scale


@cache
def _located(seed: int, base: int):
    """:func:`_screen` and the rescue found on it, once per file (180086 and 180172 serve
    two tests and three cases): (shot, image, scale, screen)."""
    shot, image, scale = _screen(seed, base)
    return shot, image, scale, locate_rescue(image)


def _assert_cards_found(seed: int, base: int = 180_000) -> None:
    _assert_found_as_drawn(seed, *_screen(seed, base))


def _assert_found_as_drawn(seed: int, shot, image, scale: float) -> None:
    """The cards found on ``image`` are the cards ``shot`` drew, each within a few pixels."""
    found = [card.panel.box for card in locate_rescue(image).cards]
    drawn = [tuple(round(v * scale) for v in card.box) for card in shot.extras["cards"]]
    assert len(found) == len(drawn), (seed, found, drawn)
    for got, want in zip(found, drawn):
        slack = max(3, round(0.04 * want[2]))
        assert all(abs(a - b) <= slack for a, b in zip(got, want)), (seed, got, want)


def test_cards_just_above_the_boards_frame_are_found():
    """Cards a little darker than the ground, the board's dark frame a few pixels below
    them (180050 at 2.4x): the frame's edge blurred into the ground passes through the cards'
    colour, so the rows under a card are judged by the best of them, not all together.
    (180152 at 3.0x, found so too, was a second case till the 28th session: with the rows
    judged by their worst, 180050 fails and 180152 does not.)"""
    _assert_cards_found(180050)


@pytest.mark.parametrize("seed", [180154, 180066])
def test_a_card_whose_colour_is_not_among_the_areas_four_main_ones_is_found(seed):
    """One card, its colour the area's fifth or sixth: the title bar and the ground's shades
    (a gradient, Jungle's mottling) come first. (180093 was a third case till the 28th
    session: with four of the area's colours tried as a panel's, 180154 and 180066 fail and
    it does not.)"""
    _assert_cards_found(seed)


def test_a_card_of_low_contrast_is_found_when_the_ground_beside_the_board_is_noisy():
    """The board at the screen's edge (0.93x, Polar): the ground beside it is a few pixels
    wide, its hue bled by JPEG from the board's; the card is 2.7 Lab darker than the ground,
    within that scatter, so the scatter sets no more than a cap on how far a card's colour
    is sought from the ground."""
    _assert_cards_found(180065)


def test_two_cards_a_narrow_gap_apart_are_not_taken_for_one():
    """Two cards 5 pixels apart at 1.3x (City): the gap's blend of card and ground is a
    colour of its own, and taken for the cards' it sees one card across the gap; the pair of
    colours that sees the gap wins over the same stretch."""
    _assert_cards_found(200299, base=200_000)


@pytest.mark.parametrize("seed, base", [(180086, 180_000), (180001, 180_000),
                                        (190002, 190_000)])
def test_a_cards_name_line_is_found_where_the_name_is(seed, base):
    """180086, a light Polar card at 0.98x: JPEG rings around the dark-rimmed text, and
    specks touching the sprite and the name leave no empty row between them; rows of a few
    specks part the picture from the lines, so the name line is the name's, not
    ``YOU HAVE n``'s. That parting only where the picture is otherwise too tall: 180001's
    sprite at 2.2x has sparse rows of its own (parted, the box row was taken for the
    picture). 190002: a line is cut at a waist only with a line on each side."""
    shot, image, scale, screen = _located(seed, base)
    card = screen.cards[0]
    _, top, _, height = (round(v * scale) for v in shot.extras["cards"][0].name_box)
    middle = top + height / 2
    assert card.name_box is not None and card.have_box is not None
    assert card.name_box[1] <= middle <= card.name_box[1] + card.name_box[3], card.name_box
    assert card.have_box[1] > middle


@pytest.mark.parametrize("seed, index", [(180172, 0), (180172, 1), (180086, 0)])
def test_a_cards_rarity_is_read_clearly_from_its_you_have_tint(seed, index):
    """No box filled, so the rarity is the ``YOU HAVE n`` line's tint alone. From an orange
    card (180172) green and yellow ink leave the card's colour in nearly one direction; their
    hues themselves tell them apart. (180086: a light Polar card, its letters ringed in dark:
    the rims are a shade of the card, not the tint.)"""
    shot, _, _, screen = _located(seed, 180_000)
    cards = screen.cards
    want = shot.extras["cards"][index]
    assert len(cards) == len(shot.extras["cards"])
    card = cards[index]
    assert (card.rarity, card.rarity_confidence >= RARITY_SURE) == (want.rarity, True), \
        (want.name, card.rarity, card.rarity_confidence)


def test_a_faint_box_row_once_lost_to_a_speck_is_read_and_the_tint_with_it():
    """180193's first card (1.36x): its faint boxes were not found as a row (a speck of
    ringing beside them refused the band as text), its lowest line was taken for them and
    the tint read from the line above was only a hint. Specks are now left out of a band
    (``boxrow.SPECK``): the row is read, right and clear, and the card's rarity with it."""
    shot, image, _ = _screen(180193, 180_000)
    card = locate_rescue(image).cards[0]
    want = shot.extras["cards"][0]
    assert card.row is not None and card.boxes is not None
    assert (card.boxes.count, card.boxes.filled) == (want.boxes, want.filled)
    assert card.boxes.confidence >= BOX_SURE
    assert card.rarity == want.rarity


def test_small_boxes_are_read_clearly_against_the_looks_the_screen_itself_shows():
    """At 0.84x a box's middle is blended with its (dark-rimmed) border: an unfilled box of
    a light card comes within a few Lab of a rare fill blended the same way, and a rare fill
    near the card's own colour. Measured against the other boxes of the screen (rare ones
    light blue, unfilled ones dark, 40 apart), every box is clear."""
    shot, image, _ = _screen(180074, 180_000)
    cards = locate_rescue(image).cards
    drawn = shot.extras["cards"]
    assert len(cards) == len(drawn)
    for want, card in zip(drawn, cards):
        assert card.boxes is not None
        assert (card.boxes.count, card.boxes.filled, card.boxes.confidence >= BOX_SURE) == \
            (want.boxes, want.filled, True), (want.name, card.boxes)
        assert (card.rarity, card.rarity_confidence >= RARITY_SURE) == (want.rarity, True)


def test_a_name_as_wide_as_its_card_is_parted_from_the_line_under_it():
    """At 2.5x a name filling its card's width, its letters ringed in dark, leaves a few
    pixels of ink in the row between it and ``YOU HAVE n``: the band is cut there, so the
    ``YOU HAVE n`` line holds none of the name's light letters (which once read as a rare
    tint, sure, on a timeless card: the screen named the wrong animal)."""
    shot, image, scale = _screen(7105, 7_000)
    cards = locate_rescue(image).cards
    drawn = shot.extras["cards"]
    assert len(cards) == len(drawn)
    for want, card in zip(drawn, cards):
        _, top, _, height = want.name_box
        assert card.have_box is not None and card.have_box[1] >= (top + height) * scale - 1, \
            (want.name, card.have_box, (top + height) * scale)
        assert card.rarity == want.rarity or card.rarity_confidence < RARITY_SURE


def test_a_you_have_line_found_too_high_gives_no_sure_tint():
    """180103 at 1.2x: the ``YOU HAVE n`` line found holds the bottom of the cream name above
    it; the whole line reads as a timeless tint, its lower half as the rare one it is, so
    the tint is not counted on."""
    shot, image, _ = _screen(180103, 180_000)
    card = locate_rescue(image).cards[0]
    want = shot.extras["cards"][0]
    assert card.rarity == want.rarity or card.rarity_confidence < RARITY_SURE, \
        (want.rarity, card.rarity, card.rarity_confidence)


def test_a_you_have_line_in_its_names_colour_gives_no_sure_tint():
    """Fresh real-look 170043 at 2x (``tests/test_disco_zoo_screens.py --seed 170000``): the
    Chicken's timeless colour drawn dark near the dirt tints its ``YOU HAVE 4`` line by
    nothing one can see; the line's ink is its name's colour (0.3 a*b* apart), a light font
    on a green card, and that read as a mythical tint, clearly: with no name read beyond
    doubt, the card was named Unicorn, and the screen read Horse, Rabbit, Unicorn with no
    doubt said. A line in its name's colour shows no tint."""
    from test_disco_zoo_screens import read_plainly, real_screen

    shot, text, image, _ = real_screen(43, 170_000)
    screen = locate_rescue(image)
    card = screen.cards[2]
    assert shot.extras["cards"][2].rarity == "timeless"
    assert card.rarity == "timeless" or card.rarity_confidence < RARITY_SURE, \
        (card.rarity, card.rarity_confidence)
    said, _, asked, _ = read_plainly(screen, screen.board_read("disco-zoo/structure"), image)
    assert asked or said.splitlines()[1] == text.splitlines()[1], said
    # Its one fill, drawn dark near the dirt, is 18 Lab from nine unfilled boxes lying within
    # 2 of their median: "0 of 3 filled" is not read clearly.
    assert card.boxes is not None and card.boxes.filled == 0
    assert card.boxes.confidence < BOX_SURE


def test_boxes_too_small_to_tell_a_fill_leave_the_found_count_unsaid():
    """180048 at 0.52x: Jade Rabbit's two boxes (6x7 px), both filled, read as unfilled
    (their pink middles blended with the light border and the dark card), and with that
    count the three found tiles were all given a pet Rabbit: other animals, with no caveat.
    Boxes under ``MIN_FILL_SIDE`` keep their count, not their filled count, and the screen
    is asked about instead."""
    from gridsight.games.disco_zoo.cards import MIN_FILL_SIDE
    from gridsight.games.disco_zoo.screen_text import card_clues
    from test_disco_zoo_screens import read_plainly

    shot, image, _ = _screen(180048, 180_000)
    screen = locate_rescue(image)
    small = [card for card in screen.cards if card.boxes is not None
             and min(min(b[2], b[3]) for b in card.boxes.boxes) < MIN_FILL_SIDE]
    assert small
    for card, clue in zip(screen.cards, card_clues(screen.cards)):
        if card in small:
            assert card.boxes.found is None and clue.found is None
            assert clue.size == card.boxes.count
    plain, _, asked, _ = read_plainly(screen, screen.board_read("disco-zoo/structure"), image)
    assert not plain and "--animals" in asked


def _screen_now(seed: int, base: int):
    """Screen ``seed`` of the run from ``base`` as the screens diagnostic draws it today (the
    widened look with its near colours)."""
    rng = np.random.default_rng(seed)
    extra = int(rng.integers(1, 6)) if (seed - base) % 8 == 0 else 0
    shot, _ = real_rescue(rng, seed, extra=extra)
    image, _ = degrade(shot.image, rng, seed)
    return shot, image


@pytest.mark.parametrize("seed,clear", [(7098, 3), (7105, 3), (7009, 1), (7065, 1), (7066, 0),
                                        (7018, 2), (930054, 0), (210003, 0), (270055, 0),
                                        (270025, 0), (210041, 0), (310005, 2), (330047, 2)])
def test_a_box_row_is_read_right_or_said_unsure(seed, clear):
    """Rows once read clearly and wrong: boxes with thick borders read as their border (7098
    at 2.9x: a common fill read unfilled; 7105 at 2.5x: four unfilled boxes read filled, and
    its two other rows, of rimmed boxes a pixel apart, were not found till their step was
    sought under their height, :data:`gridsight.vision.boxrow.SHORTEST_STEP`); a
    small unfilled box whose middle was blurred with its border (7009: "3 of 3 filled"; its
    Otter row is now read right and clear, the dark inside in its pink border's colour);
    a fill drawn near a darker shade of the card, apart from the screen's unfilled boxes
    (7065's dark olive rare fill, 7066); two common fills drawn 10 Lab from the unfilled
    inside, alike and apart from the six unfilled boxes of the other cards (7018: "0 of 4
    filled"); small boxes on a light card rimmed in a dark shade, their middles of a few
    pixels blended with the pale cyan border and the rim (930054 at 1.7x: unfilled boxes read
    as rare fills, the common fills as unfilled); three rimmed boxes of 6 px at 0.65x blurred
    into one run and cut into two boxes 3 px apart by the band's height (210003: "2 boxes",
    clearly; :data:`gridsight.vision.boxrow.SQUARE_GAP`); a row of four whose unfilled
    boxes' faint borders stayed under the ink, its two fills read as the whole row (270055 at
    0.84x: "2 of 2 filled", the row off its card's middle: ``cards.OFF_CENTRE``); a dark
    common fill 19 Lab from three unfilled boxes alike (270025 at 1.5x, ``cards.LONE_OTHERS``
    three); two dark timeless fills in 3 px middles each within the noise of the other
    card's unfilled boxes, their mean not (210041 at 0.77x: "0 of 3 filled";
    ``cards._pair_apart``); a dark common fill among unfilled boxes whose hues JPEG scattered
    but whose lightness it did not (fresh 310005 at 0.73x: L* 18 beside six at L* 31-35, "0
    of 4 filled" at 0.89; ``cards.LONE_LIGHT``); a rare colour drawn within 5 Lab of the card
    (fresh 330047 at 0.70x: the Panda's "0 of 3 filled" at 0.86, its two found tiles unread
    but showing the Panda's sprite: ``screen.rows_short_of_the_board``). Each row is now
    right, or not counted on; ``clear`` of them are right and clear (7065: one since
    session 36: its second row found whole, :func:`gridsight.vision.boxrow._flat_foot`)."""
    shot, image = _screen_now(seed, seed - seed % 1000 if seed > 100_000 else 7000)
    cards = locate_rescue(image).cards
    drawn = shot.extras["cards"]
    assert len(cards) == len(drawn)
    right_and_clear = 0
    for want, card in zip(drawn, cards):
        if card.boxes is None:
            continue
        right = (card.boxes.count, card.boxes.filled) == (want.boxes, want.filled)
        assert right or card.boxes.confidence < BOX_SURE, (want.name, card.boxes)
        right_and_clear += right and card.boxes.confidence >= BOX_SURE
    assert right_and_clear == clear


def test_boxes_joined_in_one_blurred_run_are_cut_by_a_share_of_their_larger_measure():
    """Fresh 270054 at 0.78x (Outback, one Tiddalik card): its three boxes of 9-10 px blur
    into one run, their gap by the band's height wider than a quarter of their side; cut by
    :data:`gridsight.vision.boxrow.SQUARE_SHARE` of their larger measure, the row is three
    boxes (uncut, no row was found). Its region, read off the title cut short as ``FARM``,
    then named the card a Unicorn with no options: that read no longer counts
    (``tests/test_disco_zoo_title_region.py``)."""
    _, image = _screen_now(270054, 270_000)
    cards = locate_rescue(image).cards
    assert len(cards) == 1 and cards[0].boxes is not None
    assert cards[0].boxes.count == 3


def _hue_screen(seed: int):
    """Real-look screen ``seed`` with its cards told from the ground by hue alone
    (:func:`kit.skins.disco_zoo_real.hue_shade`: the ground's lightness, another hue), drawn
    and degraded as the screens test does."""
    from dataclasses import replace

    from kit.rescues import random_rescue_board
    from kit.skins import disco_zoo_real as real

    rng = np.random.default_rng(seed)
    board = random_rescue_board(rng, max_taps=10)
    look = real.random_look(seed, board.region)
    card = real.hue_shade(look.background, np.random.default_rng([seed, 77]))
    assert card is not None
    look = replace(look, card_color=card, box_inside=card)
    shot = real.render([list(row) for row in board.labels],
                       animals=[(a.name, a.rarity) for a in board.animals],
                       attempts=board.attempts, region=board.region, seed=seed, look=look)
    image, scale = degrade(shot.image, rng, seed)
    return shot, image, scale


@pytest.mark.parametrize("seed", [410019, 410022, 410027])
def test_cards_told_from_the_ground_by_hue_alone_are_found(seed):
    """Cards of the ground's own lightness, of another hue 3.5 to 4.4 Lab away (issue 18: the
    cards differ by colour, not by brightness): Constellation at 1.1x, Mountain at 0.64x,
    Constellation at 0.9x. Measured (session 23) on 30 such screens, seeds 410000-410029 at
    0.5x-3x: 29 found right; 410007 (Moon at 0.59x, 4.3 Lab) found none."""
    _assert_found_as_drawn(seed, *_hue_screen(seed))


def test_cards_a_narrow_gap_apart_on_a_ground_of_specks_are_found_apart():
    """Fresh real-look 290038 (City at 0.85x, specks on 6% of the ground): three cards 1.7 px
    apart, whose gaps dipped to the ground's colour in only 88% and 86% of the cards' rows
    (a speck falling in a gap breaks it), were found as no row at all and the player asked
    for --animals; a break of a few rows down a gap is bridged (``panels._dips``)."""
    from test_disco_zoo_screens import real_screen

    shot, _, image, scale = real_screen(38, 290_000)
    found = [card.panel.box for card in locate_rescue(image).cards]
    drawn = [tuple(round(v * scale) for v in card.box) for card in shot.extras["cards"]]
    assert len(found) == len(drawn) == 3, (found, drawn)
    for got, want in zip(found, drawn):
        slack = max(3, round(0.04 * want[2]))
        assert all(abs(a - b) <= slack for a, b in zip(got, want)), (got, want)


def test_a_rarity_read_at_no_confidence_is_left_unread():
    """Every rarity read wrong on real-look seeds 7000, 270000, 310000 and 330000 (59 cards)
    was read at confidence 0 (a ``YOU HAVE n`` tint nearest another rarity's colour, or a
    small box's fill, then ruled unclear), and the names read with every clue the cards give
    would have taken it as a clue: such a rarity is now unread (``""``); one read at any
    confidence is kept."""
    from gridsight.games.disco_zoo.cards import CardSeen
    from gridsight.games.disco_zoo.screen import unsure_rarities
    from gridsight.vision.panels import Panel

    panel = Panel((0, 0, 80, 100), (60.0, 90.0, 60.0))
    cards = (CardSeen(panel, rarity="rare", rarity_confidence=0.0),
             CardSeen(panel, rarity="common", rarity_confidence=0.2),
             CardSeen(panel, rarity="", rarity_confidence=0.0))
    assert [card.rarity for card in unsure_rarities(cards)] == ["", "common", ""]


def test_a_row_counting_fewer_fills_than_the_board_shows_of_its_rarity_is_not_counted_on():
    """Two found tiles surely rare on the board, and the only card that may be rare (read
    rare, or of no sure rarity and no other fill) counts none filled, clearly: a filled box
    is a found tile of its animal, so that row misses fills and is not counted on. A row
    counting them, or a card surely of another rarity, is left as read."""
    from gridsight.games.disco_zoo.cards import FAINT_ROW, BoxesSeen, CardSeen
    from gridsight.games.disco_zoo.screen import TileSeen, rows_short_of_the_board
    from gridsight.vision.panels import Panel

    panel = Panel((0, 0, 80, 100), (60.0, 90.0, 60.0))
    ground = TileSeen("ground")
    tiles = [[ground] * 5 for _ in range(5)]
    tiles[1][1] = tiles[1][2] = TileSeen("found", ("rare",))
    tiles[3][3] = TileSeen("found", ("common",))
    board = tuple(tuple(row) for row in tiles)
    common = CardSeen(panel, boxes=BoxesSeen(4, 1, "common", 0.9), rarity="common",
                      rarity_confidence=0.9)
    unfilled = CardSeen(panel, boxes=BoxesSeen(3, 0, "", 0.86))
    counting = CardSeen(panel, boxes=BoxesSeen(3, 2, "rare", 0.9), rarity="rare",
                        rarity_confidence=0.9)
    image = np.zeros((10, 10, 3), np.uint8)  # (no card shows a sprite: the boards' unused)
    out = rows_short_of_the_board(image, None, (common, unfilled), board)
    assert [card.boxes.confidence for card in out] == [0.9, FAINT_ROW]
    out = rows_short_of_the_board(image, None, (common, counting), board)
    assert [card.boxes.confidence for card in out] == [0.9, 0.9]


def test_rows_counting_more_fills_of_a_rarity_than_the_board_shows_leave_it_unread():
    """390015 at 0.59x as read: a common Bear's two fills read rare at 0.88 beside the rare
    Fox's three, the board showing three rare tiles and two common. Five rare fills on a board
    of three rare tiles: every row claiming rare is unread (which one is wrong the board does
    not tell); the common row, and rows whose fills the board can hold, are left as read."""
    from gridsight.games.disco_zoo.cards import FAINT_ROW, BoxesSeen, CardSeen
    from gridsight.games.disco_zoo.screen import TileSeen, fills_beyond_the_board
    from gridsight.vision.panels import Panel

    panel = Panel((0, 0, 80, 100), (60.0, 90.0, 60.0))
    tiles = [[TileSeen("ground")] * 5 for _ in range(5)]
    tiles[0][1] = tiles[0][2] = tiles[1][3] = TileSeen("found", ("rare",))
    tiles[1][1] = tiles[2][2] = TileSeen("found", ("common",))
    board = tuple(tuple(row) for row in tiles)

    def card(count: int, filled: int, rarity: str) -> CardSeen:
        return CardSeen(panel, boxes=BoxesSeen(count, filled, rarity, 0.88, fills_sure=False),
                        rarity=rarity, rarity_confidence=0.88)

    bear, fox, skunk = card(4, 2, "rare"), card(3, 3, "rare"), card(4, 1, "common")
    out = fills_beyond_the_board((bear, fox, skunk), board)
    assert [c.rarity_confidence for c in out] == [0.0, 0.0, 0.88]
    # (the rows claiming it are not counted on either: their fills are read wrong somewhere)
    assert [c.boxes.confidence for c in out] == [FAINT_ROW, FAINT_ROW, 0.88]
    out = fills_beyond_the_board((card(4, 2, "common"), fox), board)
    assert [c.rarity_confidence for c in out] == [0.88, 0.88]
    tiles[4][4] = TileSeen("unknown")  # a tile unread may be the fourth rare one
    out = fills_beyond_the_board((card(4, 1, "rare"), fox), tuple(tuple(r) for r in tiles))
    assert [c.rarity_confidence for c in out] == [0.88, 0.88]


def test_rows_counting_more_fills_than_the_board_holds_are_not_counted_on():
    """1006009 at 1.0x as read: a lone card's unfilled boxes, their borders the common
    colour's look, read "3 of 3 filled" common at 0.92 over a board of no found tile (the
    card's tint read another rarity). Rows counted on that count more fills than the board
    has tiles that may be found ones are not counted on; a board holding them, a tile unread
    that may be one, or a row already not counted on are left as read."""
    from gridsight.games.disco_zoo.cards import FAINT_ROW, BoxesSeen, CardSeen
    from gridsight.games.disco_zoo.screen import TileSeen, fills_over_the_board
    from gridsight.vision.panels import Panel

    panel = Panel((0, 0, 80, 100), (60.0, 90.0, 60.0))
    tiles = [[TileSeen("ground")] * 5 for _ in range(5)]
    tiles[0][1] = TileSeen("found", ("common",))
    tiles[2][2] = TileSeen("found", ("pet",))  # a pet has no card: no box counts it

    def card(filled: int, confidence: float = 0.92) -> CardSeen:
        return CardSeen(panel, boxes=BoxesSeen(3, filled, "common", confidence))

    def board() -> tuple[tuple[TileSeen, ...], ...]:
        return tuple(tuple(row) for row in tiles)

    out = fills_over_the_board((card(2), card(0)), board())
    assert [c.boxes.confidence for c in out] == [FAINT_ROW, 0.92]
    assert [c.boxes.confidence for c in fills_over_the_board((card(1), card(0)), board())] == \
        [0.92, 0.92]
    assert [c.boxes.confidence for c in fills_over_the_board((card(2, 0.4),), board())] == \
        [0.4]
    tiles[4][4] = TileSeen("unknown")  # a tile unread may be the second found one
    assert [c.boxes.confidence for c in fills_over_the_board((card(2),), board())] == [0.92]


def test_a_faint_tint_unlike_its_rarity_s_clear_line_on_the_screen_is_unread():
    """350031 at 1.06x as read: the timeless Babmoon's line read common at 0.03, its hue 10
    a*b* from the Tribble's line read common at 0.71: one rarity's lines share one tint, so the
    faint read is unread. One near the clear line, a clear read, and a line with no clear line
    of its rarity to compare are left as read."""
    from gridsight.games.disco_zoo.cards import CardSeen, _unlike_clear_lines
    from gridsight.vision.panels import Panel

    panel = Panel((0, 0, 80, 100), (60.0, 90.0, 60.0))
    hues = [np.array(h) for h in ((-14.8, -4.8), (-18.3, 21.8), (-24.1, 13.7), (-22.0, 15.0))]
    cards = (CardSeen(panel, rarity="rare", rarity_confidence=0.85),
             CardSeen(panel, rarity="common", rarity_confidence=0.03),
             CardSeen(panel, rarity="common", rarity_confidence=0.71),
             CardSeen(panel, rarity="common", rarity_confidence=0.02))
    out = _unlike_clear_lines(hues, cards)
    assert [c.rarity_confidence for c in out] == [0.85, 0.0, 0.71, 0.02]
    alone = (cards[0], cards[1], CardSeen(panel, rarity="rare", rarity_confidence=0.71))
    assert [c.rarity_confidence for c in _unlike_clear_lines(hues[:3], alone)] == \
        [0.85, 0.03, 0.71]


def test_a_rarity_read_at_no_confidence_is_no_clue_to_the_names():
    """The names' every-clue pass (``sure=False``) takes a card's rarity read at any
    confidence above 0, never one read at 0 (a nearest guess), wherever the card came from (a
    calibrated card's row is not passed through :func:`screen.unsure_rarities`)."""
    from gridsight.games.disco_zoo import names
    from gridsight.games.disco_zoo.cards import CardSeen
    from gridsight.vision.panels import Panel

    panel = Panel((0, 0, 80, 100), (60.0, 90.0, 60.0))
    guessed = CardSeen(panel, rarity="rare", rarity_confidence=0.0)
    faint = CardSeen(panel, rarity="common", rarity_confidence=0.02)
    assert names._clue(guessed) == (None, "")
    assert names._clue(faint) == (None, "common")
    assert names._clue(faint, sure=True) == (None, "")
