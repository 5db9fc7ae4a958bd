"""A Disco Zoo board whose grass is paler than the reader takes for grass (40th session).

The board is 5x5 grass tiles with thin darker lines (issue 18). When the lattice of the
strongest lines over the board makes a lawn of a colour not read as grass, a weaker lattice
over the board and the ground around it is not read in its place: refused in words
(:func:`gridsight.games.disco_zoo.screen._paler_lawn`). The screen is drawn again as the
screens test draws it and located with OCR off.
"""

from __future__ import annotations

import pytest

from gridsight.games.disco_zoo import screen
from gridsight.games.disco_zoo.screen import locate_rescue
from gridsight.vision.errors import BoardNotFoundError
from kit.disco_reads import read_given, stated_wrong
from test_disco_zoo_screens import real_screen


def test_a_weak_lattice_under_a_paler_lawn_is_refused(monkeypatch):
    # widest 1114007 at 0.56x (Mountain): the board's own lattice (lines 0.31) reads its pale
    # grass (saturation 48 < 50) as no lawn; a lattice of 1.1x its pitch over the board and the
    # green ground beside it (lines 0.023) read 23 of 25 tiles, and with --animals two tapped
    # tiles and the found Pika were stated untapped with no warning. Refused. (Since the 48th
    # session the picture's strongest lattice's pale lawn, its lines showing, reads as grass,
    # :func:`screen._picture_pale`: here without that rule, as for a greyer grass.)
    monkeypatch.setenv("GRIDSIGHT_OCR", "off")
    monkeypatch.setattr(screen, "SATURATION_LEAST", screen.GRASS_SATURATION)
    _, _, image, _ = real_screen(7, 1_114_000, widest="all")
    with pytest.raises(BoardNotFoundError, match="a lawn of a colour not read as grass"):
        locate_rescue(image)


def test_the_paler_lawn_is_read_on_the_boards_own_lattice(monkeypatch):
    # 48th session: the same screen, its board's own lattice the strongest proposed, its pale
    # lawn showing the lines both ways: read there, nothing stated wrong with --animals
    monkeypatch.setenv("GRIDSIGHT_OCR", "off")
    _, text, image, _ = real_screen(7, 1_114_000, widest="all")
    found = locate_rescue(image)
    assert found.lattice.pitch_x == pytest.approx(24.7, abs=0.5)
    assert found.lattice.x == pytest.approx(29.3, abs=1.5)
    assert found.lattice.y == pytest.approx(166.8, abs=1.5)
    given = read_given(found, text)
    assert stated_wrong(text, given.text, given.warnings, given.unread) == []
