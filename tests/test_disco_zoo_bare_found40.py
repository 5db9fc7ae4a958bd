"""Found tiles with no line between them, past the board (40th session).

Issue 18: the board is 5x5 square grass tiles parted by thin darker lines; a found tile is
rounded, coloured by rarity, in its own cell. The ``toast`` variant of fresh wider 1134000
(``bench/disco_zoo_variants.py``; Farm, light-green ground round the board, a toast across
rows 3-4): the board's own lattice read 76% of its tiles; a lattice two columns left of the
board read 88%, its two left columns over the ground read as ten found common tiles with no
line anywhere between them, and won. With ``--animals`` two tapped tiles and two found
Horses were stated untapped (:func:`screen._found_past_the_board`).
"""

from __future__ import annotations

import numpy as np
import pytest

from gridsight.games.disco_zoo import screen
from gridsight.games.disco_zoo.screen import TileSeen, locate_rescue
from gridsight.vision.errors import BoardNotFoundError
from gridsight.vision.lattice import Lattice
from test_disco_zoo_hunt31 import both_reads
from kit.disco_reads import stated_wrong
from disco_zoo_variants import drawn, variant

SEED = 1_134_000
KINDS = {"-": "empty", ".": "ground"}


@pytest.fixture(scope="module")
def farm():
    """Wider look 1134000 with a toast (360 px wide): (its truth, the screen found, both
    reads)."""
    shot, text = drawn(SEED, wider=True)
    image = variant("toast", shot, SEED)
    found = locate_rescue(image)
    return text, found, both_reads(found, image, text)


def test_the_board_is_taken_not_the_ground_beside_it(farm):
    text, found, _ = farm
    assert found.lattice.x > 100  # (the board runs from x 107 to 312; the ground is left)
    truth = [line.split() for line in text.splitlines()[3:8]]
    for row, marks in zip(found.tiles, truth):
        for tile, mark in zip(row, marks):
            if tile.kind in ("ground", "empty", "found"):
                assert tile.kind == KINDS.get(mark, "found")


def test_no_tile_is_stated_wrong_with_or_without_the_animals(farm):
    text, _, (plain, warnings, asked, unread, named, _) = farm
    assert not isinstance(named, str)
    assert not stated_wrong(text, named.text, named.warnings, named.unread)
    assert not plain or not stated_wrong(text, plain, warnings, unread)


def _edge_found(lined: bool):
    """A plain light-green picture and a best lattice over it whose left column reads as
    five found tiles (parted by darker lines when ``lined``), the rest grass."""
    pitch = 40
    image = np.full((5 * pitch, 5 * pitch, 3), (97, 227, 163), np.uint8)
    if lined:
        for r in range(1, 5):
            image[r * pitch - 1 : r * pitch + 1, :pitch] = (60, 140, 100)
    tiles = tuple(tuple(TileSeen("found", ("common",)) if c == 0 else TileSeen("ground")
                        for c in range(5)) for _ in range(5))
    lattice = Lattice(0.0, 0.0, float(pitch), float(pitch), 5, 5, 0.2)
    return image, (1.0, 0.2, lattice, tiles, False, 1.0)


def test_an_edge_column_of_found_tiles_with_no_line_between_them_is_not_the_board():
    image, best = _edge_found(lined=False)
    with pytest.raises(BoardNotFoundError):
        screen._found_past_the_board(image, best)
    image, best = _edge_found(lined=True)
    assert screen._found_past_the_board(image, best) is best
