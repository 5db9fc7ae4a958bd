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
:func:`~gridsight.games.disco_zoo.screen._on_the_same_lines`). With the same session's
pale-lawn rule (:func:`~gridsight.games.disco_zoo.screen._picture_pale`) the board's own
lattice reads its grass, and the screen is read right there.
"""

from __future__ import annotations

import pytest

from gridsight.games.disco_zoo import screen
from gridsight.vision.lattice import Lattice
from gridsight.vision.errors import BoardNotFoundError
from kit.disco_reads import seed_read
from kit.disco_screens import real_screen


@pytest.fixture(scope="module")
def widest_1265007():
    return seed_read(1_265_007, base=1_265_000)


def test_a_lattice_two_columns_off_a_paler_board_is_refused(monkeypatch):
    # without the pale-lawn rule of the same session (:func:`screen._picture_pale`, which
    # reads this grass on the board's own lattice): as for a grass greyer still
    monkeypatch.setenv("GRIDSIGHT_OCR", "off")
    monkeypatch.setattr(screen, "SATURATION_LEAST", screen.GRASS_SATURATION)
    _, _, image, _ = real_screen(7, 1_265_000, widest="all")
    with pytest.raises(BoardNotFoundError) as refused:
        screen.locate_rescue(image)
    assert "a lawn of a colour not read as grass" in str(refused.value)
    assert "the board's place is unsure" in str(refused.value)


def test_the_grey_olive_board_is_read_on_its_own_lattice(widest_1265007):
    # with both of the session's rules: the board's own lattice (lines 0.49, x 177), its
    # tapped tiles unread and settled empty by the counter and the boxes, nothing stated wrong
    seen = widest_1265007
    assert seen.screen is not None, seen.refused
    assert seen.screen.lattice.x == pytest.approx(177.4, abs=3.0)
    assert seen.screen.lattice.pitch_x == pytest.approx(113.1, abs=2.0)
    seen.assert_read_right()


def _lattice(x: float, y: float, pitch: float = 100.0, score: float = 0.2) -> Lattice:
    return Lattice(x=x, y=y, pitch_x=pitch, pitch_y=pitch, rows=5, cols=5, score=score)


def test_on_the_same_lines():
    taken = _lattice(400.0, 700.0)
    assert screen._on_the_same_lines(taken, _lattice(200.0, 700.0))  # two columns left
    assert screen._on_the_same_lines(taken, _lattice(305.0, 596.0))  # within a tenth
    assert not screen._on_the_same_lines(taken, _lattice(250.0, 700.0))  # half a tile off
    assert not screen._on_the_same_lines(taken, _lattice(400.0, 650.0))
    assert not screen._on_the_same_lines(taken, _lattice(400.0, 700.0, pitch=110.0))
