"""Confident WRONGs found on fresh real-look Disco Zoo screens (34th session), each pinned.

The issue's bar: a screen is read exactly or the player is asked, never read wrong with no
warning, and a player who names the animals never gets a board read wrong either. Both
screens come from the sweep of fresh widest-look seeds nobody had tuned on (the screens
script's ``--widest`` 992000-992039); each was read with a confident WRONG before its fix.
"""

from __future__ import annotations

import pytest

from gridsight.games.disco_zoo.screen import UNANCHORED, locate_rescue
from gridsight.vision.errors import BoardNotFoundError
from test_disco_zoo_hunt31 import pinned_fixture, pinned_tests
from test_disco_zoo_screens import real_screen


def _widest(k: int, base: int = 992_000):
    """Widest-look screen ``base + k`` as the screens script draws it: (truth, image)."""
    return real_screen(k, base, wider=True, widest="all")[1:3]


SCREENS = {
    # Jurassic, widest look, 2.56x: a Dragon card and a Raptor card found as one panel, cut
    # in three; "Dragon, Raptor, Bird" stated with no doubt.
    "two cards cut in three": lambda: _widest(13),
}


reads = pinned_fixture(SCREENS)
test_read_right_or_asked, test_read_right_or_refused_with_the_animals_named = \
    pinned_tests(SCREENS)


def test_two_cards_found_as_one_panel_are_cut_in_two(reads):
    """992013: the two cards' names, each as wide as its card, hide the panel's picture; cut
    in three, each third held the name text "centred" across it. Parts of like pictures are
    taken first: two cards, the animals read as drawn."""
    text, plain, _, _, _, _, screen = reads["two cards cut in three"]
    assert len(screen.cards) == 2
    assert plain.splitlines()[1] == text.splitlines()[1] == "animals: Dragon, Raptor"


def test_a_lattice_vouched_for_by_one_short_line_is_refused():
    """992019 (widest, 1.72x): the board's own lattice never proposed, the best one lies over
    the title bar and the cards, its "grass" the light ground. No card or counter beside it
    and the only line dipping all along parts a single pair of its grass tiles (at a card's
    box) while its longer lines show nowhere: refused, where ``--animals`` had five tiles
    stated wrong."""
    _, image = _widest(19)
    with pytest.raises(BoardNotFoundError, match=UNANCHORED[:40]):
        locate_rescue(image)
