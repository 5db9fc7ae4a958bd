"""Disco Zoo real-look screens stated wrong before the 38th session, each pinned.

- A lattice a column (row) off the board, its edge column over the ground past the board read
  as nothing, is not kept when the lattice one tile over shows the board's lines more
  strongly and adds a column with grass in it (:func:`gridsight.games.disco_zoo.screen.
  _lined_past`): the board has thin darker lines between all of its tiles and no frame.

The screens are drawn again as the screens test draws them and read with OCR off.
"""

from __future__ import annotations

import pytest

from gridsight.games.disco_zoo.screen import locate_rescue
from gridsight.vision.errors import BoardNotFoundError
from test_disco_zoo_screens import real_screen

SCREENS = {1024024: {"widest": "all"}}


@pytest.fixture(scope="module")
def located():
    """seed -> (its truth, the rescue screen located, or the refusal's words), OCR off."""
    out = {}
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("GRIDSIGHT_OCR", "off")
        for seed, look in SCREENS.items():
            base = seed - seed % 2_000
            _, text, image, _ = real_screen(seed - base, base, wider=bool(look), **look)
            try:
                out[seed] = (text, locate_rescue(image))
            except BoardNotFoundError as error:
                out[seed] = (text, str(error))
    return out


def test_a_lattice_a_column_off_the_board_where_the_board_shows_stronger_lines_is_refused(
        located):
    # widest 1024024 at 0.72x (Mars, dirt as light as the grass): the lattice a column right
    # of the board (lines 0.38), its right column read as nothing; the board's own (0.60)
    # reads its tapped tiles as nothing, below plausible: five tiles stated wrong with
    # --animals. Now refused in words.
    _, found = located[1024024]
    assert isinstance(found, str), [[t.kind for t in row] for row in found.tiles]
    assert "the board's place is unsure" in found
