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

import gridsight.games.disco_zoo.screen as screen
from gridsight.games.disco_zoo.screen import locate_rescue
from gridsight.vision.errors import BoardNotFoundError
from kit.disco_reads import kinds_of, seed_read


def test_a_lattice_straddling_the_board_off_square_is_refused_not_read(monkeypatch):
    seen = seed_read(1_180_019, 1_180_000)
    assert seen.refused is not None and "not square" in seen.refused, seen.found
    monkeypatch.setenv("GRIDSIGHT_OCR", "off")
    text, image = seen.text, seen.image
    # (the rule off: the lattice half a tile below the board reads its tapped tiles as grass,
    # or, since s43toast, is refused: the lattice a row up reads as many tiles, lines stronger)
    monkeypatch.setattr(screen, "EDGE_SQUARE_SLACK", 1.0)
    try:
        found = locate_rescue(image)
    except BoardNotFoundError as refused:
        assert "goes on past the other edge" in str(refused)
        return
    truth = kinds_of(text)
    assert sum(row.count("empty") for row in truth) == 2
    assert not any(t.kind == "empty" for row in found.tiles for t in row)
