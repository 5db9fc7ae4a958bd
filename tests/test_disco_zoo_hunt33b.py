"""Confident WRONGs found on fresh real-look Disco Zoo screens (33rd session's second hunt),
each pinned.

The issue's bar: a screen is read exactly or the player is asked, never read wrong with no
warning, and a player who names the animals never gets a board read wrong either. The
screens were drawn by the sweeps of fresh seeds nobody had tuned on (the screens script's
900000, wider 910000, ``--widest`` 920000, big screens 930000, the wider 940000 variants);
each was read with a confident WRONG before its fix.
"""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np

from gridsight.games.disco_zoo import screen as disco_screen
from test_disco_zoo_hunt31 import pinned_fixture, pinned_tests
from test_disco_zoo_screens import real_screen

SCREENS = {
    # Jurassic, widest look, 0.98x: a big grey rock with a lighter highlight over row 2,
    # column 2 leaves the lawn's green round a grey panel 32 from the rare colour; stated a
    # found T-Rex with --animals (the plain read asks for the names).
    "a grey rock": lambda: real_screen(30, 920_000, widest="all")[1:3],
}


reads = pinned_fixture(SCREENS)
test_read_right_or_asked, test_read_right_or_refused_with_the_animals_named = \
    pinned_tests(SCREENS)


def test_a_grey_rock_round_the_lawn_is_not_a_found_tile(reads):
    """920030: the rock's tile is left unread (listed), not stated a found rare tile."""
    _, _, _, _, _, named, screen = reads["a grey rock"]
    assert screen.tiles[1][1].kind == "unknown"
    assert (1, 1) in named.unread


def _panel_lab(fill_bgr: tuple[int, int, int]) -> np.ndarray:
    """A 32 by 32 Lab tile patch: the lawn's green round a 21 by 22 panel of ``fill_bgr`` with
    a dark mark on it (a found tile's animal's ink, or a rock's shading)."""
    patch = np.zeros((32, 32, 3), np.uint8)
    patch[:] = (60, 170, 50)
    patch[6:27, 5:27] = fill_bgr
    patch[12:18, 10:20] = (30, 30, 30)
    return disco_screen._lab(patch)


def test_a_grey_panel_fits_no_rarity_a_pale_blue_one_still_does(monkeypatch):
    """The rule on its own: the same panel in a neutral grey is unread; in a pale blue (a
    rare tile's fill, jittered) it is read a found rare tile. Both greys fit the rare colour
    by distance alone. The sprite is stubbed: only the colours are judged here."""
    facts = disco_screen.screen_facts()
    refs = disco_screen._rarity_references(facts)
    tolerance, margin = facts["rarity_tolerance"], facts["rarity_margin"]
    fills = ((170, 170, 170), (225, 205, 150))
    for fill in fills:
        panel = disco_screen._lab(np.array([[fill]], np.uint8))[0, 0]
        assert disco_screen._rarity_fits(panel, refs, tolerance, margin)[:1] == ("rare",)
    monkeypatch.setattr(disco_screen, "_tile_sprite",
                        lambda *a, **k: SimpleNamespace(empty=False))
    grey, blue = (disco_screen._panel_tile(None, None, 0, 0, lab, lab[1, 1], refs, tolerance,
                                           margin)
                  for lab in map(_panel_lab, fills))
    assert grey.kind == "unknown"
    assert blue.kind == "found" and blue.rarities[0] == "rare"
