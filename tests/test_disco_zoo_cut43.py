"""The ``crop`` variant of fresh widest 1193001 (``s43crop``): a lattice whose lines one way
cut through the board's tiles is not the board (issue 18: a 5x5 board of equal square tiles,
thin darker lines between them both ways). The screen is drawn as the variant sweeps draw it
and located with OCR off.
"""

from __future__ import annotations

import pytest

from disco_zoo_variants import drawn, variant
from gridsight.games.disco_zoo.screen import locate_rescue
from gridsight.vision.errors import BoardNotFoundError

SEED = 1_193_001


def test_a_lattice_cutting_through_the_boards_tiles_is_refused(monkeypatch):
    # Constellation; 3, 7, 4, 5 px cut off the top, left, bottom, right: 5 px of the board's
    # first column, so its own lattice (past the picture's edge) is never proposed. A lattice
    # of 0.61 its pitch inside it (lines across near two of the board's) read 19 of 25 tiles
    # and was taken: with and without --animals six tiles stated wrong, 12 left unread.
    monkeypatch.setenv("GRIDSIGHT_OCR", "off")
    shot, _ = drawn(SEED, True, "all")
    image = variant("crop", shot, SEED)
    with pytest.raises(BoardNotFoundError, match="none of its lines down"):
        locate_rescue(image)
