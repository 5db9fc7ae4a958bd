"""Disco Zoo found tiles that do not fill their cell (the 43rd session's ``s43found``).

Issue 18: a found tile is rounded, coloured by its rarity and shows its animal; the cards'
box rows count the found tiles. A found tile drawn off its cell's middle (or round in it)
leaves the cell showing on one side or in the corners: its halves are unlike, so it was read
as partly under something (hidden) and left unread, when the cell was the lawn darkened
just above the dirt's bar. It is read found, of no rarity, when one light colour of a rarity
(not the lawn's, not grey) spans the tile round an animal and does not carry on past the
tile's edges as a toast or a finger does
(:func:`gridsight.games.disco_zoo.screen._found_over_its_cell`).
"""

from __future__ import annotations

import numpy as np

import gridsight.games.disco_zoo.screen as screen
from gridsight.games.disco_zoo.screen import PATCH
from kit.disco_reads import assert_no_kind_wrong, seed_read


def test_a_found_tile_off_its_cells_middle_is_read_found():
    # widest 1140014 at 0.65x (Mars): the rare Marsten's tile against its cell's top-left,
    # the cell's dark green (L 44) just above the dirt's bar (42.7); hidden before
    seen = seed_read(1_140_014, 1_140_000)
    found = seen.found
    assert not isinstance(found, str), found
    assert found.tiles[3][3].kind == "found" and found.tiles[3][3].rarities == ()
    assert_no_kind_wrong(found, seen.text)  # nothing stated wrong


def _patch(colour, grass=(53.0, -34.0, 25.0), ink=True, box=(4, 30, 2, 26)):
    """A Lab patch: the cell ``grass`` darkened, a tile of ``colour`` over ``box`` (rows
    y0:y1, columns x0:x1), an animal's dark ink in its middle when ``ink``."""
    lab = np.empty((PATCH, PATCH, 3))
    lab[:] = (44.0, -16.0, -2.0)
    y0, y1, x0, x1 = box
    lab[y0:y1, x0:x1] = colour
    if ink:
        lab[12:22, 11:19] = (20.0, 30.0, 10.0)
    return lab, np.array(grass)


RARE = (74.0, -14.0, -33.0)


def test_the_rule_reads_a_tile_and_refuses_what_carries_past_it():
    facts = screen.screen_facts()
    refs = screen._rarity_references(facts)
    tol, margin = facts["rarity_tolerance"], facts["rarity_margin"]

    def reads(lab, grass):
        return screen._found_over_its_cell(lab, grass, refs, tol, margin)

    assert reads(*_patch(RARE))  # off the middle, touching one side
    assert not reads(*_patch(RARE, ink=False))  # no animal drawn on it
    assert not reads(*_patch(RARE, box=(6, 26, 0, PATCH)))  # a bar across: carries on past
    assert not reads(*_patch((70.0, -3.0, -3.0)))  # grey (near the rare blue): a toast, a rock
    assert not reads(*_patch(RARE, grass=RARE))  # the lawn's own colour
