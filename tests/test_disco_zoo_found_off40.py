"""Disco Zoo: a found tile drawn off its cell's middle, the cell near the lawn's green.

A found tile is rounded, coloured by its rarity and shows its animal (issue 18); no grass tile
shows an animal. Widest 1138004 in the ``top`` variant (Northern, a dark lawn): two found
Otters' gold tiles 4 px above their cells' middles, the rim band the cell (4.8 Lab from the
lawn's green, within its spread), half the middle the cell's: read as grass and stated ground
with and without --animals. Such a tile is now unread (then hidden with its twin)
(:func:`gridsight.games.disco_zoo.screen._animal_on_a_tile`). Read with OCR off.
"""

from __future__ import annotations

import pytest

from disco_zoo_variants import drawn, variant
from gridsight.games.disco_zoo.screen import locate_rescue
from test_disco_zoo_hunt31 import both_reads
from kit.disco_reads import stated_wrong


def test_a_found_tile_off_its_cells_middle_is_not_read_as_grass():
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("GRIDSIGHT_OCR", "off")
        shot, text = drawn(1_138_004, widest="all")
        image = variant("top", shot, 1_138_004)
        screen = locate_rescue(image)
        assert all(screen.tiles[2][c].kind not in ("ground", "empty") for c in (2, 3))
        plain, warnings, _, unread, named, _ = both_reads(screen, image, text)
    assert stated_wrong(text, plain, warnings, unread) == []
    assert not isinstance(named, str)
    assert stated_wrong(text, named.text, named.warnings, named.unread) == []
