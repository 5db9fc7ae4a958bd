"""A Disco Zoo board's tiles are square (issue 18): a lattice an edge line of which reads as
nothing, its pitches apart, may straddle the board's edges (the 43rd session's ``s43w1180``).

Fresh widest 1180019 at 1.56x (Outback, faint lines): the board's own lattice scored 0.004
by its lines, one of pitches 62.8 by 67.4 (the board's 65.6) 0.092, half a tile below the
board, its bottom row over the sea unread and the lattice a row up reading as much; its
tiles read the board's two tapped tiles as grass, stated untapped with no warning. Refused
in words since (:func:`gridsight.games.disco_zoo.screen._off_by_a_row`). Drawn as the
screens test draws it and located with OCR off.
"""

from __future__ import annotations

import pytest

import gridsight.games.disco_zoo.screen as screen
from gridsight.games.disco_zoo.screen import locate_rescue
from gridsight.vision.errors import BoardNotFoundError
from test_disco_zoo_lighter41 import _kinds
from test_disco_zoo_screens import real_screen


@pytest.fixture(scope="module")
def widest():
    return real_screen(19, 1_180_000, wider=True, widest="all")[1:3]


def test_a_lattice_straddling_the_board_off_square_is_refused_not_read(widest, monkeypatch):
    monkeypatch.setenv("GRIDSIGHT_OCR", "off")
    text, image = widest
    with pytest.raises(BoardNotFoundError, match="not square"):
        locate_rescue(image)
    # (the rule off: the lattice half a tile below the board reads its tapped tiles as grass,
    # or, since s43toast, is refused: the lattice a row up reads as many tiles, lines stronger)
    monkeypatch.setattr(screen, "EDGE_SQUARE_SLACK", 1.0)
    try:
        found = locate_rescue(image)
    except BoardNotFoundError as refused:
        assert "goes on past the other edge" in str(refused)
        return
    truth = _kinds(text)
    assert sum(row.count("empty") for row in truth) == 2
    assert not any(t.kind == "empty" for row in found.tiles for t in row)
