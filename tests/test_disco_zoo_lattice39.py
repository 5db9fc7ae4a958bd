"""A Disco Zoo screen read on a lattice showing almost none of its lines (39th session).

The board has thin darker lines between all of its tiles (issue 18): a lattice whose lines
barely outscore those half a tile off is no board, whatever its tiles read
(:data:`gridsight.games.disco_zoo.screen.LINES_LEAST`). The screen is drawn again as the
screens test draws it and located with OCR off.
"""

from __future__ import annotations

import pytest

from gridsight.games.disco_zoo.screen import locate_rescue
from gridsight.vision.errors import BoardNotFoundError
from test_disco_zoo_screens import real_screen


def test_a_lattice_with_almost_no_lines_is_refused(monkeypatch):
    # widest 1114007 at 0.56x (Mountain): the board's own lattice (lines 0.31) reads its pale
    # grass (saturation 48) as no lawn; a lattice of 1.1x its pitch over the board and the
    # ground beside it (lines 0.023) read 23 of 25 tiles, and with --animals two tapped tiles
    # and the found Pika were stated untapped with no warning. Now refused.
    monkeypatch.setenv("GRIDSIGHT_OCR", "off")
    _, _, image, _ = real_screen(7, 1_114_000, widest="all")
    with pytest.raises(BoardNotFoundError, match="almost none of its lines"):
        locate_rescue(image)
