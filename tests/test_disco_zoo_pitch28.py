"""A board whose faint lines lose to a lattice of 4/5 its pitch is still found (28th session).

Fresh real-look 500005 (Outback, 0.90x, faint lines between the tiles): the best lattices by
their lines are of 4/5 the board's pitch, one covering 4 by 4 of the board's tiles; the
board's own lattice is not among the 12 best and was never tried. The screen was read with 8
tiles stated as the wrong kind and no warning. :func:`screen._board_around` tries the lattice
of 5/4 the pitch around the best when the best leaves a fifth of its tiles unread.
"""

from __future__ import annotations

import numpy as np
import pytest

from gridsight.games.disco_zoo.screen import (
    SEEN_WHOLE,
    _board_around,
    read_tiles,
)
from gridsight.vision.lattice import Lattice
from kit.disco_reads import kinds_of, kinds_seen
from test_disco_zoo_screens import located_and_read, real_screen


@pytest.fixture(scope="module")
def screen_500005():
    """Screen 500005 as the screens test degrades it, located and read with no options."""
    _, text, image, _ = real_screen(5, 500_000)
    screen, plain, asked = located_and_read(image)
    return text, image, screen, plain, asked


def test_a_board_with_faint_lines_is_read_on_its_own_pitch(screen_500005):
    """Every tile's kind as drawn (it was read on a lattice of 4/5 the pitch, 8 stated wrong),
    and the board's text exact or the player asked."""
    text, image, screen, plain, asked = screen_500005
    board = screen.lattice
    assert image.shape[1] * 0.15 < board.pitch_x  # 53 px tiles on a 325 px screen, not 42.6
    assert kinds_seen(screen) == kinds_of(text)
    assert plain == text or (bool(asked) and not plain)


def test_a_lattice_that_reads_its_tiles_is_kept(screen_500005):
    """The board's own lattice, reading every tile, is never swapped for one around it."""
    _, image, screen, _, _ = screen_500005
    tiles, plausibility = read_tiles(image, screen.lattice)
    best = (plausibility, 0.1, screen.lattice, tiles, False, 1.0)
    assert _board_around(image, best) is best


def test_the_lattice_of_4_by_4_tiles_is_taken_for_the_board_around_it(screen_500005):
    """The wrong lattice the lines gave (pitch 42.6, its corner on the board's second row's
    left end) leaves fewer than SEEN_WHOLE of its tiles read; the board around it reads."""
    _, image, screen, _, _ = screen_500005
    wrong = Lattice(35.6, 207.5, 42.6, 42.6, 5, 5, 0.101)
    tiles, plausibility = read_tiles(image, wrong)
    seen = sum(t.kind not in ("unknown", "hidden") for row in tiles for t in row) / 25
    assert seen < SEEN_WHOLE
    found = _board_around(image, (plausibility, 0.1 * seen ** 2, wrong, tiles, False, seen))[2]
    assert np.allclose((found.x, found.y, found.pitch_x),
                       (screen.lattice.x, screen.lattice.y, screen.lattice.pitch_x), atol=1.0)
