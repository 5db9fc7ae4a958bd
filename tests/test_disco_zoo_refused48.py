"""Session 48's refused screens (s48refused): boards of a grass the capture greyed, pinned.

A capture's colour shift greys a pale grass as it turns its hue: the reader takes a lawn for
grass from saturation :data:`screen.GRASS_SATURATION` up, and the widest skin's grass (70 up,
drawn) comes out under it for 0.41% of its draws. The lawn of the lattice with the strongest
lines the picture proposes, of a grass hue, saturated from :data:`screen.SATURATION_LEAST`
up and showing its lines both ways when read as grass, is the board's own grass then
(:func:`screen._picture_pale`). Widest 1262219 at 0.55x (Jungle, saturation 42) and fresh
widest 1263013 at 1.79x (Mars, 33): both were refused, their board's own lattice the
strongest proposed and reading nothing; now exact with ``--animals``. A refusal for a lawn
still too grey says so (:func:`screen._grey_lawn`): 1262219's words named a lattice below
the board whose grass showed no lines. Widest 1244016 at 1.00x (Moon): the strongest lattice
lies over the speckled grey-teal ground beside the board (saturation 35), no line dipping
between its tiles: not taken for grass, refused as before, in words that say why.

Fresh widest 1284000 at 0.52x (Jungle, a checkered lawn, its dirt a dark olive 15 Lab from
the grass): six tapped tiles stated untapped with ``--animals`` (main's WRONG, in the fresh
block measured): :func:`screen.dirt_on_the_lawn` measured the lighter squares against the
darker squares' green, their kind split by the dirt (:func:`screen._shade_among`)."""

from __future__ import annotations

import pytest

from gridsight.games.disco_zoo import screen
from gridsight.vision.errors import BoardNotFoundError
from kit.disco_reads import assert_no_kind_wrong, kinds_of, seed_read
from kit.disco_screens import real_screen


@pytest.mark.parametrize("seed, x, y, pitch", [(1262219, 10.2, 130.8, 37.1),
                                               (1263013, 111.3, 661.0, 98.4)])
def test_a_greyed_grass_is_read_on_the_boards_own_lattice(seed, x, y, pitch):
    one = seed_read(seed, base=seed // 100 * 100)
    assert one.refused is None, one.refused
    lattice = one.screen.lattice
    assert lattice.pitch_x == pytest.approx(pitch, abs=1.0)
    assert lattice.x == pytest.approx(x, abs=0.2 * pitch)
    assert lattice.y == pytest.approx(y, abs=0.2 * pitch)
    assert_no_kind_wrong(one.screen, one.text)
    assert one.given.text == one.text
    one.assert_read_right()


def _locate_off(seed: int, patch: pytest.MonkeyPatch):
    """Screen ``seed`` located (OCR off) with the pale grass rule off: its refusal's words."""
    patch.setenv("GRIDSIGHT_OCR", "off")
    patch.setattr(screen, "SATURATION_LEAST", screen.GRASS_SATURATION)
    _, _, image, _ = real_screen(seed % 100, seed // 100 * 100, wider=True, widest="all")
    with pytest.raises(BoardNotFoundError) as refused:
        screen.locate_rescue(image)
    return str(refused.value)


def test_a_refusal_for_a_grey_lawn_says_so(monkeypatch):
    # 1262219 without the rule: refused, and the words say what was seen (they named only
    # a lattice below the board, "its grass tiles show none of its lines")
    words = _locate_off(1262219, monkeypatch)
    assert "too grey to read as grass (saturation 42 of 255" in words, words


def test_a_grey_ground_with_no_lines_is_not_read_as_grass():
    one = seed_read(1244016, base=1244000)
    assert one.screen is None
    assert "too grey to read as grass (saturation 35 of 255" in one.refused, one.refused
    assert "its lines do not show both ways" in one.refused, one.refused


def test_tapped_dirt_near_a_checkered_lawn_is_not_stated_untapped():
    one = seed_read(1284000, base=1284000)
    assert one.refused is None, one.refused
    one.assert_read_right()
    tiles = one.screen.tiles
    truth = kinds_of(one.text)
    tapped = [(r, c) for r, row in enumerate(truth) for c, kind in enumerate(row)
              if kind == "empty"]
    assert len(tapped) == 6
    for r, c in tapped:  # dirt of the grass's hue: unread, never grass
        assert tiles[r][c].kind != "ground", (r, c, tiles[r][c])
