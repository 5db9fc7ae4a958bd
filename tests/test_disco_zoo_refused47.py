"""Session 47's refused screens (s47refused): what was fixed, pinned.

Bushes bigger than their tiles (:func:`screen.read_tiles`, the note above
``screen.BARE_CORNERS``): a bush of a rarity's colour, the lawn in its tile's corners and no
animal drawn on it (:func:`screen._bare_decoration`), is unread but a tile of the lawn for
the lattice's fit (``decorated``), where it was read as nothing in two places: with a berry
on it (its sprite a speck), and spilling over two of its tile's sides (its halves unlike).
Widest 1226010 at 1.40x (Constellation): both on the board's own lattice, (0,1) and (3,3),
which read 92% and lost to a lattice a row below it (its bottom row over the menu bar read as
five found tiles); now the board's own reads every tile and is taken: exact with
``--animals``. Widest 1244016 at 1.00x (Moon): a berry bush over (0,0) of the board's own
lattice (found by the narrower search) read unknown; (0,1) still reads hidden there (a found
disc of a shaded green in a cell of speckled dirt, its animal reaching its top), so that
screen stays refused in words.

Wider 1243003 at 1.86x (Farm, a checkered lawn with no lines): the best lattice by its lines
lay over the cards and the light-green ground, read as grass, and was refused for the board
going on past its bottom row (:func:`screen._not_going_on`); the board's own lattice, the
seventh proposed, reads all 25 and fits better. Where that refusal falls, the lattices are
proposed again, more of them (:func:`screen._not_going_on_or_elsewhere`): exact."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from gridsight.games.disco_zoo import screen
from gridsight.vision.lattice import Lattice
from kit.disco_reads import (assert_no_kind_wrong, kinds_of, kinds_seen, located_or_refused,
                             read_given, seed_read)
from kit.disco_screens import real_screen


@pytest.fixture(scope="module")
def widest_1226010():
    return seed_read(1226010, base=1226000)


def test_bushes_bigger_than_their_tiles_read_as_lawn_tiles_on_1226010(widest_1226010):
    one = widest_1226010
    assert one.refused is None, one.refused
    tiles = one.screen.tiles
    # (0,1) spills over its tile's top and left; (3,3) has a berry on it
    for r, c in ((0, 1), (3, 3)):
        assert tiles[r][c].kind == "unknown" and tiles[r][c].decorated, (r, c, tiles[r][c])


def test_widest_1226010_is_found_on_the_boards_own_lattice(widest_1226010):
    one = widest_1226010
    assert one.refused is None, one.refused
    lattice = one.screen.lattice
    # the board's own lattice (its top at 212.9), not the one a row below over the menu bar
    assert abs(lattice.y - 212.9) < 0.2 * lattice.pitch_y, lattice
    assert_no_kind_wrong(one.screen, one.text)
    assert sum(kind != want for seen, truth in zip(kinds_seen(one.screen), kinds_of(one.text))
               for kind, want in zip(seen, truth)) == 2  # the two bushes, unread


def test_widest_1226010_reads_exact_with_its_animals(widest_1226010):
    one = widest_1226010
    assert one.given.text == one.text
    one.assert_read_right()


def test_a_berry_bush_over_its_tile_is_a_lawn_tile_on_1244016s_board():
    one = seed_read(1244016, base=1244000)
    # the board's own lattice, as the narrower search refines it
    lattice = Lattice(75.2825, 263.5325, 38.0511, 37.957837, 5, 5, 0.157)
    tiles, _ = screen.read_tiles(one.image, lattice)
    assert tiles[0][0].kind == "unknown" and tiles[0][0].decorated, tiles[0][0]
    assert tiles[1][2].decorated and tiles[4][3].decorated  # (the two read so before)
    assert_no_kind_wrong(SimpleNamespace(tiles=tiles), one.text)


@pytest.fixture(scope="module")
def wider_1243003():
    _, text, image, _ = real_screen(3, 1243000, wider=True)
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("GRIDSIGHT_OCR", "off")
        found, refused = located_or_refused(image)
    return text, image, found, refused


def test_wider_1243003_is_found_past_a_lineless_lattice_over_the_cards(wider_1243003):
    text, _, found, refused = wider_1243003
    assert refused is None, refused
    # the board's own lattice (left side at x 185), not the one over the cards (x 277)
    assert abs(found.lattice.x - 185.3) < 0.2 * found.lattice.pitch_x, found.lattice
    assert kinds_seen(found) == kinds_of(text)


def test_wider_1243003_reads_exact_with_its_animals(wider_1243003):
    text, image, found, _ = wider_1243003
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("GRIDSIGHT_OCR", "off")
        assert read_given(found, text).text == text
        assert read_given(found, text, image=image).text == text


def test_a_bush_of_no_raritys_colour_over_its_tile_is_no_found_tile_on_1263021():
    """Fresh widest 1263021 at 1.46x (Farm): (1,0), a bush of no rarity's colour over all of
    the tile but a tenth of its corners, a berry on it, was read found by the last fallback
    of :func:`screen.read_tiles` and stated a found tile with ``--animals`` (WRONG, main's).
    A decoration with no animal drawn on it (:func:`screen._bare_decoration`) is unread."""
    one = seed_read(1263021, base=1263000)
    assert one.refused is None, one.refused
    tile = one.screen.tiles[1][0]
    assert tile.kind == "unknown" and tile.decorated, tile
    assert_no_kind_wrong(one.screen, one.text)
    one.assert_read_right()

