"""Disco Zoo boards once not found at all on the wider looks (session 31): each is found now,
at its own lattice, and read right or asked for ``--animals``, never stated wrong.

Fresh wider real-look 720006 (2.03x, a board 50% of a mirroring window's width: no lattice
that narrow was proposed) and 720037 (0.60x, decorations on most tiles: the board's lattice
third by its lines, after two over the cards; the wider search ran only when a lattice fit
and left tiles unread). See :func:`gridsight.games.disco_zoo.screen._widest_search`.
"""

from __future__ import annotations

import pytest

from gridsight.games.disco_zoo import screen as disco_screen
from gridsight.games.disco_zoo.screen import locate_rescue
from kit.disco_reads import read_plain, stated_wrong
from kit.disco_screens import real_screen

KIND = {".": "ground", "-": "empty"}  # any other token of the truth: a found tile

NOT_FOUND_BEFORE = {  # (base, k): the board's left edge and pitch as drawn, picture pixels
    "board half a window's width": ((720_000, 6), (202.0, 75.2)),
    "board third by its lines, decorations on most tiles": ((720_000, 37), (64.0, 24.6)),
}


@pytest.fixture(scope="module")
def found():
    """Each of :data:`NOT_FOUND_BEFORE` drawn and located: (truth, image, screen)."""
    out = {}
    for why, ((base, k), _) in NOT_FOUND_BEFORE.items():
        _, text, image, _ = real_screen(k, base, wider=True)
        out[why] = (text, image, locate_rescue(image))
    return out


@pytest.mark.parametrize("why", NOT_FOUND_BEFORE)
def test_the_board_is_found_at_its_own_lattice(found, why):
    text, _, screen = found[why]
    x, pitch = NOT_FOUND_BEFORE[why][1]
    assert abs(screen.lattice.x - x) < pitch / 4 and abs(screen.lattice.pitch_x - pitch) < 1.5
    truth = [row.split() for row in text.splitlines()[3:]]
    for r, row in enumerate(screen.tiles):
        for c, tile in enumerate(row):
            want = KIND.get(truth[r][c], "found")
            assert tile.kind in (want, "unknown", "hidden"), (why, r, c, tile.kind, want)


@pytest.mark.parametrize("why", NOT_FOUND_BEFORE)
def test_read_right_or_asked(found, why):
    text, image, screen = found[why]
    plain, warnings, asked, _, unread = read_plain(
        screen, screen.board_read("disco-zoo/structure"), image)
    assert plain or asked
    if plain:
        assert stated_wrong(text, plain, warnings, unread) == []


def test_narrower_boards_are_searched_only_when_no_lattice_fits():
    """The least width drops only for a search that fitted nothing: a screen whose board
    fits keeps the lattices proposed as before."""
    facts = {"board_min_width": 0.55}
    lattice = None
    fits_none = (0.0, -1.0, lattice, (), False, 0.0)
    fits_some = (1.0, 0.2, lattice, (), False, 0.6)
    assert disco_screen._widest_search(facts, fits_none) < 0.55
    assert disco_screen._widest_search(facts, fits_some) == 0.55


def test_a_lattice_of_the_fallback_search_must_read_every_tile():
    """When the first search fitted nothing, the wider one's lattice is taken only reading
    every tile (no-game desktop 98613: a lattice over windows, tiles "hidden", would be a
    rescue; ``tests/test_disco_zoo_lines.py`` reads that desktop)."""
    lattice = None
    assert disco_screen._whole((1.0, 0.1, lattice, (), False, 1.0))
    assert not disco_screen._whole((1.0, 0.1, lattice, (), False, 0.84))
    assert not disco_screen._whole((0.0, -1.0, lattice, (), False, 1.0))
    assert not disco_screen._whole(None)
