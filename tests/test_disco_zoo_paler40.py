"""A Disco Zoo board whose grass is paler than the reader takes for grass (40th session).

The board is 5x5 grass tiles with thin darker lines (issue 18). When the lattice of the
strongest lines over the board makes a lawn of a colour not read as grass, a weaker lattice
over the board and the ground around it is not read in its place: refused in words
(:func:`gridsight.games.disco_zoo.screen._paler_lawn`). The screen is drawn again as the
screens test draws it and located with OCR off.
"""

from __future__ import annotations

import pytest

from gridsight.games.disco_zoo.screen import locate_rescue
from gridsight.vision.errors import BoardNotFoundError
from test_disco_zoo_screens import real_screen


def test_a_weak_lattice_under_a_paler_lawn_is_refused(monkeypatch):
    # widest 1114007 at 0.56x (Mountain): the board's own lattice (lines 0.31) reads its pale
    # grass (saturation 48 < 50) as no lawn; a lattice of 1.1x its pitch over the board and the
    # green ground beside it (lines 0.023) read 23 of 25 tiles, and with --animals two tapped
    # tiles and the found Pika were stated untapped with no warning. Now refused.
    monkeypatch.setenv("GRIDSIGHT_OCR", "off")
    _, _, image, _ = real_screen(7, 1_114_000, widest="all")
    with pytest.raises(BoardNotFoundError, match="a lawn of a colour not read as grass"):
        locate_rescue(image)
