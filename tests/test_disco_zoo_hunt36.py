"""Fresh real-look Disco Zoo screens of the 36th session, each pinned: a confident WRONG.

The issue's bar: a screen is read exactly or the player is asked, never read wrong with no
warning, and a player who names the animals never gets a board read wrong either.
"""

from __future__ import annotations

from test_disco_zoo_hunt31 import pinned_reads, right_or_asked, right_or_refused
from test_disco_zoo_screens import real_screen


def test_a_bush_off_to_one_side_of_a_lawn_tile_is_not_a_found_tile():
    """1044014 (Jurassic, widest look, 0.64x): a bush of two dark-green circles low in the
    bottom row's fourth tile, the lawn across the tile's top, its green within the common
    rarity's tolerance and a pink berry on it; with ``--animals`` stated a found
    Stegosaurus/Raptor (``2/3``). The lawn shows along one side of the tile and not the
    opposite one: off to one side, not a found tile's fill round its animal
    (:func:`gridsight.games.disco_zoo.screen._lawn_sided`): unread, never stated found."""
    read = pinned_reads({"bush": lambda: real_screen(14, 1_044_000, widest="all")[1:3]})
    text, plain, warnings, asked, unread, named, screen = read["bush"]
    assert screen.tiles[4][3].kind != "found"
    right_or_asked(read["bush"])
    right_or_refused(read["bush"])
