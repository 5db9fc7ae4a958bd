"""A found tile nearer one card than another by a thin lead is not told by the cards.

Fresh real-look 1118012 at 0.52x (Constellation: Chamaeleon and Lynx common, Pegasus
mythical; one Chamaeleon and one Lynx found, the Lynx's tile unread): the Chamaeleon's card
is dark purple, its sprite's dark outline does not show on it, and the common found tile stood
0.439 from the Lynx's card and 0.514 from its own. The card's box rows tell nothing (the
Chamaeleon's not found, the Lynx's read at confidence 0), so the cards' sprites alone stated
it Lynx with ``--animals`` (a WRONG). A lead of 0.075 is under
:data:`~gridsight.games.disco_zoo.identify.CARD_LEAD`: the tile is written with both
candidates. Drawn as the screens test draws it, read with OCR off.
"""

from __future__ import annotations

import pytest

from kit.disco_reads import pinned_given
from kit.disco_reads import stated_wrong
from kit.disco_screens import real_screen


@pytest.fixture(scope="module")
def constellation():
    """1118012: (its truth, its reading with --animals), OCR off."""
    _, text, image, _ = real_screen(12, 1_118_000)
    return text, pinned_given(image, text)[1]


def test_a_thin_lead_between_two_cards_is_asked_not_stated(constellation):
    text, given = constellation
    assert text.splitlines()[7].split()[1] == "1"  # the truth: the Chamaeleon's, row 5, col 2
    token = given.text.splitlines()[7].split()[1]
    assert token in ("1", "1/3", "*"), given.text
    assert stated_wrong(text, given.text, given.warnings, given.unread) == []
