"""Disco Zoo cards whose sprites run into their names (40th session).

Widest 1074038 at 0.71x: three Polar cards 42 px wide, found as a row of equal narrow panels;
the Walrus's and the Yeti's sprites touch their names with no empty row between, so each
card's picture took in its name and YOU HAVE lines: no lines found on two cards, the row
refused (no cards, the screen asked). The cards of a row are drawn alike, their names on one
row: a picture running past the name line another card of the row reads is cut there when a
line of text starts on that row (:func:`~gridsight.games.disco_zoo.cards._level_names`,
:func:`~gridsight.vision.panels.picture_above`).

Widest 1073012 at 1.41x: one Chipmunk card of the ground's very colour on a speckled ground,
found by its ink (:func:`~gridsight.games.disco_zoo.cards.unedged_cards`), its three boxes
found only at a side's faint ink: refused, no cards. A faint row is the card's row too, read
as such (not counted on).
"""

from __future__ import annotations

import numpy as np

from gridsight.games.disco_zoo.cards import FAINT_ROW
from gridsight.vision.panels import Panel, picture_above, picture_box
from test_disco_zoo_cards33 import widest_reads
from kit.disco_reads import stated_wrong

SPRITES_IN_NAMES = 1_074_038  # widest: two of three narrow cards' sprites touch their names
FAINT_UNEDGED = 1_073_012  # widest: one card of the ground's colour, its row only faint


def test_a_sprite_run_into_its_name_is_cut_at_the_others_name_line():
    (drawn, screen, text, plain, warnings, unread), = widest_reads([SPRITES_IN_NAMES]).values()
    assert len(drawn) == 3 and len(screen.cards) == 3  # (was none: the screen asked)
    for seen, card in zip(screen.cards, drawn):
        x, _, w, _ = seen.panel.box
        assert x < card.box[0] * 0.71 + card.box[2] * 0.71 / 2 < x + w  # its own place
        assert seen.name_box is not None and seen.have_box is not None
        name_top = card.name_box[1] * 0.71
        assert seen.picture[3] > 0 and seen.picture[1] + seen.picture[3] <= name_top + 2
        if seen.boxes is not None and seen.boxes.confidence >= 0.5:
            assert (seen.boxes.count, seen.boxes.filled) == (card.boxes, card.filled)
    if plain:
        assert stated_wrong(text, plain, warnings, unread) == []


def test_a_card_of_the_grounds_colour_with_a_faint_row_is_found():
    (drawn, screen, text, plain, warnings, unread), = widest_reads([FAINT_UNEDGED]).values()
    assert len(drawn) == 1 and len(screen.cards) == 1  # (was none: the screen asked)
    seen, card = screen.cards[0], drawn[0]
    x, _, w, _ = seen.panel.box
    assert x < card.box[0] * 1.41 + card.box[2] * 1.41 / 2 < x + w
    assert seen.faint_row and seen.boxes is not None and seen.boxes.confidence <= FAINT_ROW
    assert seen.boxes.count == card.boxes
    if plain:
        assert stated_wrong(text, plain, warnings, unread) == []


def _card(line_gaps: bool = True) -> tuple[np.ndarray, Panel]:
    """A light card 40x90 with a dark sprite (rows 10-39) touching a name line under it
    (rows 40-46, five glyphs or one bar) and a YOU HAVE line (rows 50-55)."""
    image = np.full((100, 60, 3), 200, np.uint8)
    image[10:40, 22:38] = 30
    for k in range(5):
        image[40:47, 12 + 7 * k : 17 + 7 * k] = 30 if line_gaps else 200
    if not line_gaps:
        image[40:47, 12:47] = 30
    image[50:56, 12:47] = 30
    return image, Panel((10, 5, 40, 90), (200.0, 200.0, 200.0))


def test_a_picture_is_cut_only_where_a_line_starts():
    image, panel = _card()
    picture = picture_box(image, panel)
    assert picture is not None and picture[1] + picture[3] > 40  # the name taken in
    assert picture_above(image, panel, picture, 40) == (22, 10, 16, 30)
    assert picture_above(image, panel, picture, 25) is None  # the sprite's own rows
    image, panel = _card(line_gaps=False)
    picture = picture_box(image, panel)
    assert picture is not None
    assert picture_above(image, panel, picture, 40) == (22, 10, 16, 30)  # joined big letters
