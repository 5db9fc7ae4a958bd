"""Disco Zoo fresh widest screens whose tiles' kinds were stated wrong (session 44), each
pinned.

- Tapped tiles all look alike: plain dark tiles of one colour of their own, apart from the
  lawn's green by more than the grass tiles' own scatter but nearer it than the floor of
  its spread, are unread with the rest of the dirt on the lawn
  (:func:`gridsight.games.disco_zoo.screen.dirt_on_the_lawn`).

The screens are drawn again as the screens test draws them and read with OCR off.
"""

from __future__ import annotations

import pytest

from kit.disco_reads import given_or_refused
from test_disco_zoo_screens import real_screen, stated_wrong

SCREENS = (1203129,)


@pytest.fixture(scope="module")
def located():
    """seed -> (its truth, the rescue screen located or the refusal's words, its reading
    with --animals or None), OCR off."""
    out = {}
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("GRIDSIGHT_OCR", "off")
        for seed in SCREENS:
            base = seed - seed % 100
            _, text, image, _ = real_screen(seed - base, base, wider=True, widest="all")
            screen, refused, given = given_or_refused(image, text)
            out[seed] = (text, refused if screen is None else screen, given)
    return out


def test_tapped_tiles_alike_near_the_lawns_green_are_unread_not_grass(located):
    # widest 1203129 at 2.65x (Polar, a checkered dark-green lawn, 9 tiles tapped): the
    # eight empty tiles' dirt one colour, 6.3-6.7 Lab from their squares' green (the grass
    # tiles' own scatter 0.9, the spread's floor 8): read as grass, all eight stated
    # untapped both ways
    text, screen, given = located[1203129]
    assert not isinstance(screen, str), screen
    empties = {(0, 1), (0, 2), (0, 3), (1, 1), (1, 4), (3, 3), (4, 2), (4, 4)}
    assert all(screen.tiles[r][c].kind != "ground" for r, c in empties)
    assert given is not None
    assert stated_wrong(text, given.text, given.warnings, given.unread) == []
    # the grass tiles stay grass
    assert sum(tile.kind == "ground" for row in screen.tiles for tile in row) == 16
