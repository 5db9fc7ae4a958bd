"""Disco Zoo real-look screens stated wrong before the 40th session, each pinned.

- A found tile's rim band of the lawn's green darkened is the cell round a tile inset in it,
  not the tile's colour: no rarity is read from it (:func:`gridsight.games.disco_zoo.screen.
  _darkened_lawn`). Its pin, widest 1126022, is ``bench/bench_regressions.py``'s case
  ``disco_darkened_lawn_1126022`` (42nd session): with the rule undone it failed, and so did
  ``tests/test_disco_zoo_disc39.py``'s 1022036 (the Diplodocus's tile of no rarity), a sixth
  of its CPU, which stays.
- A found tile its colour alone tells one animal, whose picture stands clearly nearer another
  animal's card, is left to the board (:func:`gridsight.games.disco_zoo.identify.
  _pictures_belie`): a found tile is coloured by rarity and shows its animal's sprite, and
  either may be read wrong.

The screens are drawn again as the screens test draws them and read with OCR off.
"""

from __future__ import annotations

import pytest

from kit.disco_reads import given_or_refused
from kit.disco_reads import stated_wrong
from kit.disco_screens import real_screen


def _read(seed: int):
    """(truth, screen, reading with --animals) of widest screen ``seed``, OCR off."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("GRIDSIGHT_OCR", "off")
        base = seed - seed % 2_000
        _, text, image, _ = real_screen(seed - base, base, widest="all")
        screen, refused, given = given_or_refused(image, text)
    assert screen is not None, refused
    return text, screen, given


def test_a_found_tile_whose_picture_belies_its_colour_is_not_told_by_it():
    # widest 1126004 at 0.70x (Ice Age): the mythical Akhlut's pink tile, inset in a cell of
    # the lawn darkened, its rim band of both read rare: stated Saber Tooth with --animals,
    # its picture 0.415 from the Akhlut's card and 0.712 from the Saber Tooth's.
    text, _, given = _read(1_126_004)
    assert stated_wrong(text, given.text, given.warnings, given.unread) == []
    assert given.text.splitlines()[3 + 3].split()[4] != "1"


def test_a_rounded_tile_in_a_cell_of_the_lawn_darkened_is_read_by_its_own_colour():
    # widest 1114020 at 1.06x (Outback): the rare Koala's rounded square inset in a cell of
    # the lawn darkened; read rare by that cell (right by chance) until the rule above, then
    # of no rarity (written 1/3); now by the rounded tile's edge round the animal.
    text, screen, given = _read(1_114_020)
    assert screen.tiles[2][2].rarities == ("rare",)
    assert given.text == text
