"""Disco Zoo found tiles, 34th session (second round): a bush read as a found tile.

Fresh widest 997035 (the widest look of ``tests/test_disco_zoo_screens.py``): a bush of a
dark green within the common rarity's tolerance (36 Lab from the lawn's green) drawn over
all but the corners of the ground tile at row 5, column 5. As JPEG 40, JPEG 60, 0.6x + JPEG 60
and at 0.5x, the lawn filled 0.16-0.24 of the inside's corners (under the bigger bushes'
``LAWN_CORNERS``), and the tile was read as a found common tile, stated '2' with no warning.
A found tile shows its animal; the bush shows one berry (:func:`_bare_decoration`). Each
screen is drawn as the variant sweeps draw it.
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from gridsight.errors import ReadError
from gridsight.games.disco_zoo.screen import locate_rescue
from gridsight.games.disco_zoo.screen_text import read_screen
from gridsight.readers.base import ReadHints
from kit.disco_reads import names_of
from kit.disco_screens import real_rescue

SEED = 997_035


def _jpeg(image: np.ndarray, quality: int) -> np.ndarray:
    return cv2.imdecode(cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, quality])[1],
                        cv2.IMREAD_COLOR)


@pytest.fixture(scope="module")
def screens():
    """Widest 997035 at 0.5x (area, as the sweeps shrink odd seeds) and as JPEG 60 at 1x,
    located: name -> the screen found; and the board text as drawn."""
    rng = np.random.default_rng(SEED)
    shot, text = real_rescue(rng, SEED, wider=True, widest="all")
    image = shot.image
    half = cv2.resize(image, None, fx=0.5, fy=0.5, interpolation=cv2.INTER_AREA)
    return {"s0.5": locate_rescue(half), "j60": locate_rescue(_jpeg(image, 60))}, text


@pytest.mark.parametrize("name", ["s0.5", "j60"])
@pytest.mark.parametrize("given", [False, True])
def test_a_bush_of_a_raritys_colour_is_no_found_tile(name, given, screens):
    """The bush over row 5, column 5 (a ground tile) is never read found, and no read states
    it a found tile, plain or with the animals given: untapped (listed unread) or asked."""
    found, text = screens
    screen = found[name]
    assert text.splitlines()[-1].split()[4] == "."
    assert screen.tiles[4][4].kind != "found"
    hints = ReadHints(animals=names_of(text)) if given else ReadHints()
    try:
        said = read_screen(screen, screen.board_read("disco-zoo/structure"), hints).text
    except ReadError:  # asked (the cards' names not read beyond doubt)
        assert not given
        return
    assert said.splitlines()[-1].split()[4] == "."
