"""Fresh real-look Disco Zoo screens of the 35th session, each pinned: a confident WRONG and
a needless ask.

The issue's bar: a screen is read exactly or the player is asked, never read wrong with no
warning, and a player who names the animals never gets a board read wrong either.
"""

from __future__ import annotations

import pytest

from gridsight.games.disco_zoo.screen import locate_rescue, square
from gridsight.vision.errors import BoardNotFoundError
from gridsight.vision.lattice import Lattice
from test_disco_zoo_hunt31 import pinned_reads, right_or_asked, right_or_refused
from test_disco_zoo_hunt34 import _widest
from test_disco_zoo_screens import real_screen


def test_an_unread_name_is_told_by_its_length_when_far_from_the_others():
    """1000034 (Constellation, plain look, 1.52x): the third card's ``CHAMAELEON`` in a
    smaller font than the other names, read as none of its names; asked Chamaeleon, Corvus
    or Lynx. Ten glyphs, the Corvus six letters and the Lynx four: read exactly with no
    options, and right with the animals named."""
    read = pinned_reads({"long name": lambda: real_screen(34, 1_000_000)[1:3]})["long name"]
    right_or_asked(read)
    right_or_refused(read)
    assert read[1] == read[0]


def test_the_region_unread_is_told_by_the_titles_length_and_the_cards():
    """1000020 (Nocturnal, plain look, 1.44x): both cards' names unread, the title's region
    not read beyond doubt, 72 choices in 14 regions asked. ``NOCTURNAL``'s nine glyphs are no
    other region's length (and read alone as it); of its animals the cards' lines fit
    ``FLYING SQUIRREL`` and ``KIWI``: read exactly with no options, and right with the
    animals named (:func:`gridsight.games.disco_zoo.lengths.region_by_title`)."""
    read = pinned_reads({"region": lambda: real_screen(20, 1_000_000)[1:3]})["region"]
    right_or_asked(read)
    right_or_refused(read)
    assert read[1] == read[0]


def test_a_name_read_by_shapes_over_a_pair_of_letters_is_asked():
    """1012053 (Outback, plain look, 2.60x): the card's ``COCKATOO`` in seven glyphs, one of
    them two letters (20 pixels among 9 to 11), read ``ECHIDNA`` by its shapes at no cost: the
    Echidna stated for the Cockatoo with no warning. Eight letters are no Echidna: asked
    (:func:`gridsight.games.disco_zoo.lengths.pair_belies`), right with the animal named."""
    read = pinned_reads({"pair": lambda: real_screen(53, 1_012_000)[1:3]})["pair"]
    right_or_asked(read)
    right_or_refused(read)


def test_an_unanchored_lattice_of_oblong_tiles_is_refused():
    """870028 (widest, 1.67x): the board's tan lawn never proposed, the best lattice lies over
    three green cards (pitches 82.4 by 76.2), the gaps between the cards lines dipping all
    along and none across, no card and no counter read beside it; with ``--animals`` 11 tiles
    were stated wrong. A board's tiles are square: refused. (Lines one way only refused wider
    830058 too, a board: test_disco_zoo_hunt32b's "counter by a hair".)"""
    _, image = _widest(28, 870_000)
    with pytest.raises(BoardNotFoundError, match=r"not square"):
        locate_rescue(image)


def test_square_tiles_within_the_slack():
    """Pitches 6.5% apart or less are square (a board's lattice as refined: up to 1.051)."""
    assert square(Lattice(0.0, 0.0, 21.81, 21.75, 5, 5, 0.2))
    assert square(Lattice(0.0, 0.0, 113.8, 108.3, 5, 5, 0.2))
    assert not square(Lattice(0.0, 0.0, 82.4, 76.2, 5, 5, 0.2))
    assert not square(Lattice(0.0, 0.0, 40.0, 44.0, 5, 5, 0.2))
