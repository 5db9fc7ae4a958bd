"""Tapped tiles are dirt, and neighbouring tapped tiles are still separate tiles (issue 18):
a tile tapped empty beside one read unknown of the dirt's colour, that one beside an unread
tile of another colour (a tapped tile partly under a light toast), never starts a patch of
tiles under something lying over the board (the 44th session's ``s43toast``).

The ``toast`` variant of fresh widest 1194010 (``bench/disco_zoo_variants.py``; Mountain, a
light toast over the bottom row): the board's own lattice read its left column of tapped
tiles as hidden (13 of 25 read), the lattice a column right (its right column over the
ground read tapped) won: eight tiles stated wrong both ways. The board's own lattice now
reads 20 of 25, as many as the lattice a row above it (its top row over the card); the
board's shows its lines more strongly: the board's place is unsure, refused in words
(:func:`gridsight.games.disco_zoo.screen._off_by_a_row`). OCR off.
"""

from __future__ import annotations

import pytest

from disco_zoo_variants import drawn, variant
from gridsight.games.disco_zoo.screen import locate_rescue
from gridsight.vision.errors import BoardNotFoundError


def test_tapped_column_beside_a_toast_is_not_hidden_and_the_place_is_refused(monkeypatch):
    monkeypatch.setenv("GRIDSIGHT_OCR", "off")
    shot, _ = drawn(1_194_010, False, "all")
    with pytest.raises(BoardNotFoundError, match="place is unsure"):
        locate_rescue(variant("toast", shot, 1_194_010))
