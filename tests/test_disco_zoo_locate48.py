"""Disco Zoo: a board located two columns too far right (the 48th session's ``s48locate``).

The board is 5x5 grass tiles parted by thin darker lines (issue 18). Fresh widest 1265007 at
2.89x (Northern): a grey-olive grass (saturation 30, under the 50 of
:func:`gridsight.games.disco_zoo.screen._is_green`) on a teal ground of its lightness. The
board's own lattice (lines 0.49) read as nothing; the lattice two columns right (lines 0.22),
its right two columns over the ground, read all 25 tiles as grass (its lawn the median of the
board's grass and the ground, saturated 53), and with and without ``--animals`` five tapped
tiles were stated untapped. A lattice on the taken one's own lines with 1.5x its lines or more
whose lawn is not read as grass now refuses the read in words
(:func:`~gridsight.games.disco_zoo.screen._paler_lawn`,
:func:`~gridsight.games.disco_zoo.screen._on_the_same_lines`).
"""

from __future__ import annotations

import pytest

from gridsight.games.disco_zoo import screen
from gridsight.vision.lattice import Lattice
from kit.disco_reads import seed_read


@pytest.fixture(scope="module")
def widest_1265007():
    return seed_read(1_265_007, base=1_265_000)


def test_a_lattice_two_columns_off_a_paler_board_is_refused(widest_1265007):
    seen = widest_1265007
    assert seen.screen is None, seen.screen.lattice
    assert "a lawn of a colour not read as grass" in seen.refused, seen.refused
    assert "the board's place is unsure" in seen.refused


def _lattice(x: float, y: float, pitch: float = 100.0, score: float = 0.2) -> Lattice:
    return Lattice(x=x, y=y, pitch_x=pitch, pitch_y=pitch, rows=5, cols=5, score=score)


def test_on_the_same_lines():
    taken = _lattice(400.0, 700.0)
    assert screen._on_the_same_lines(taken, _lattice(200.0, 700.0))  # two columns left
    assert screen._on_the_same_lines(taken, _lattice(305.0, 596.0))  # within a tenth
    assert not screen._on_the_same_lines(taken, _lattice(250.0, 700.0))  # half a tile off
    assert not screen._on_the_same_lines(taken, _lattice(400.0, 650.0))
    assert not screen._on_the_same_lines(taken, _lattice(400.0, 700.0, pitch=110.0))
