"""The Disco Zoo attempts counter, 34th session (second round): the counter WRONGs of the
fresh variant sweeps.

Wider 975002 at 0.75x: a count of 4 (no attempts bought) in a dark outline whose outer edge,
blended with the pink bar, is brighter than the outline: taken for a glyph's fill, a line
down the digit's left side was read as a 1 and the count as 14, stated with the animals given
and no warning (a count above the board's is taken as attempts bought, which the board cannot
check). Each screen is drawn as the variant sweeps draw it (the wider looks of
``tests/test_disco_zoo_screens.py``).
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from gridsight.games.disco_zoo.screen import locate_rescue
from gridsight.games.disco_zoo.screen_text import read_screen
from gridsight.readers.base import ReadHints
from test_disco_zoo_screens import names_of, real_rescue


def _wider(seed: int):
    """Wider-look screen ``seed`` as the variant sweeps draw it (attempts bought on every
    eighth seed): (its image, its board text)."""
    rng = np.random.default_rng(seed)
    extra = int(rng.integers(1, 6)) if seed % 8 == 0 else 0
    shot, text = real_rescue(rng, seed, extra=extra, wider=True)
    return shot.image, text


def _scaled(image: np.ndarray, seed: int, factor: float) -> np.ndarray:
    """``image`` shrunk as the sweeps shrink it (area on odd seeds, linear on even ones)."""
    interp = cv2.INTER_AREA if seed % 2 else cv2.INTER_LINEAR
    return cv2.resize(image, None, fx=factor, fy=factor, interpolation=interp)


@pytest.fixture(scope="module")
def screens():
    """975002 at 0.75x, located: seed -> (the screen found, its board text as drawn)."""
    image, text = _wider(975_002)
    return {975_002: (locate_rescue(_scaled(image, 975_002, 0.75)), text)}


def _read(screen, text: str):
    return read_screen(screen, screen.board_read("disco-zoo/structure"),
                       ReadHints(animals=names_of(text)))


def _taps(text: str) -> str:
    return next(line for line in text.splitlines() if line.startswith("taps: "))


def test_an_outlines_edge_beside_a_lone_digit_is_no_1(screens):
    """975002's 4 at 0.75x: read 4 (it was 14, the outline's blended edge a 1), and stated
    with the animals given."""
    screen, text = screens[975_002]
    assert [d for d, _ in screen.counter.digits] == [4]
    assert _taps(_read(screen, text).text) == _taps(text) == "taps: 4"
