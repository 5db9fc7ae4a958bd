"""Disco Zoo cards, found tiles and the counter on the widest looks (36th session).

A card of the ground's very colour inside an outline (widest 1006034), a found tile of the
lawn's green on a darker cell read on the board's own lattice (harder desktop 410008:
test_disco_zoo_wider's test_a_found_tile_in_the_lawns_green_is_still_found), and a blocky
2 whose steps the fill parts (widest 1026023): each pinned as drawn, and the rules on their
own on made-up pictures.
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from gridsight.games.disco_zoo.cards import _outline
from gridsight.games.disco_zoo.screen import PATCH, _on_a_cell, _placed_word, _tallest_word
from test_disco_zoo_cards33 import widest_reads
from kit.disco_reads import stated_wrong


@pytest.fixture(scope="module")
def reads():
    """Widest 1006034 located and read with no options (:func:`widest_reads`)."""
    return widest_reads([1006034])


def test_a_card_of_the_grounds_colour_inside_an_outline_is_found(reads):
    # one City card 0 Lab off the grey ground inside a dark rounded line, at 0.63x
    drawn, screen, text, plain, warnings, unread = reads[1006034]
    assert len(screen.cards) == len(drawn) == 1
    assert screen.cards[0].boxes is not None and screen.cards[0].boxes.count == drawn[0].boxes
    if plain:
        assert stated_wrong(text, plain, warnings, unread) == []


def test_upright_lines_beside_a_groups_ink_are_its_cards_sides():
    inked = np.zeros((120, 100), bool)
    inked[20:40, 35:65] = True  # a picture
    inked[70:74, 30:70] = True  # a row of boxes
    assert _outline(inked, 30, 70, (20, 74), 40.0) is None  # no outline: none
    inked[12:96, 25] = inked[12:96, 75] = True  # the card's sides
    x, y, w, h = _outline(inked, 30, 70, (20, 74), 40.0)
    assert (x, y, x + w, y + h) == (24, 12, 76, 96)


def _board(cell: tuple[int, int, int] | None) -> np.ndarray:
    """25 Lab patches of a lawn (L 70, green), tile 12 a found tile of the lawn's green
    (its sprite blue) inset 3 px in a cell of colour ``cell`` (``None``: a grass tile)."""
    stack = np.zeros((25, PATCH, PATCH, 3), np.float32)
    stack[:] = (70.0, -45.0, 45.0)
    stack[:, 12:20, 12:20] = (40.0, 20.0, -40.0)  # decorations, the sprite
    if cell is not None:
        stack[12, :, :] = cell
        stack[12, 4:28, 4:28] = (70.0, -45.0, 45.0)
        stack[12, 12:20, 12:20] = (60.0, 0.0, -40.0)
    return stack


def test_a_tile_of_the_lawns_green_on_a_cell_of_another_colour_is_told_from_grass():
    rims = np.tile(np.array([70.0, -45.0, 45.0], np.float32), (25, 1))
    ground = np.ones(25, bool)
    assert not _on_a_cell(_board(None), rims, ground, 8.0, 5).any()
    on = _on_a_cell(_board((50.0, -35.0, 30.0)), rims, ground, 8.0, 5)
    assert on.tolist() == [k == 12 for k in range(25)]
    # the lines between the tiles as thick as the band: every tile's band alike, no cell
    lined = _board(None)
    lined[:, _band()] = (50.0, -35.0, 30.0)
    assert not _on_a_cell(lined, rims, ground, 8.0, 5).any()


def _band() -> np.ndarray:
    band = np.zeros((PATCH, PATCH), bool)
    band[1:31, 1:31] = True
    band[4:28, 4:28] = False
    return band


def test_a_blocky_two_whose_steps_the_fill_parts_is_not_read_as_a_seven():
    # Widest 1026023's 2 at 0.66x: light blocks outlined in dark on a green bar, its notch
    # and its last step a pixel off the rest; the rest alone (bar, stem, stair) read 7.
    glyph = np.zeros((28, 20), bool)
    glyph[0:4, 4:16] = True  # top bar
    glyph[5:8, 0:3] = True  # the notch under its left end
    glyph[4:12, 16:20] = True  # the right stem
    glyph[12:16, 12:16] = True  # the stair down
    glyph[16:20, 9:12] = True
    glyph[20:24, 4:8] = True  # its last step, on the base
    glyph[24:28, 0:20] = True
    fill = np.zeros((40, 40), bool)
    fill[6:34, 10:30] = glyph
    ink = cv2.dilate(fill.astype(np.uint8), np.ones((3, 3), np.uint8)) > 0
    crop = np.full((40, 40, 3), (40, 90, 40), np.uint8)
    crop[ink] = (20, 20, 20)
    crop[fill] = (235, 235, 235)
    number, _ = _placed_word(crop, ink, _tallest_word)
    assert number is not None and [d for d, _ in number.digits] == [2]
