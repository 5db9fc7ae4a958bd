"""Disco Zoo: a line held to other ink by the screen's edge (47th session, ``s47corvus``; the
WRONG s47names found, variant j40 of widest 1271002).

Widest 1271002 (Constellation: Corvus, Chamaeleon) under JPEG 40 found one panel, the
Chamaeleon card's, its edges blurred into a ground 5 Lab off it. Beside it the Corvus card's
ink was sought in the panel's rows, whose top reached the title bar's foot: 3 px of ink from
the screen's left edge, and the edge's own column of ink a pixel wide down the rows joined it
into one piece as tall as the rows, no line. Every column from the edge to the Corvus card was
then inked, the group reached the side and was taken for no card's: the Chamaeleon card read
alone, and the found Corvus tile (of Chamaeleon's pattern too) stated Chamaeleon, a WRONG.
Lines are now also sought with the outermost column each side set apart
(:data:`gridsight.games.disco_zoo.cards.SIDE_JOINED`). Screens drawn as
``bench/disco_zoo_variants.py`` draws them, OCR off.
"""

from __future__ import annotations

import numpy as np
import pytest
from disco_zoo_variants import drawn, variant
from kit.disco_reads import names_of, read_plain_afresh, stated_wrong

from gridsight.games.disco_zoo import cards
from gridsight.games.disco_zoo.screen import locate_rescue

CORVUS = 1_271_002


def _bar_foot_and_a_card() -> np.ndarray:
    """A mask 40 x 120: the bar's foot (3 rows from the left edge, 60 px), the edge's column
    a pixel wide down every row, and a card's ink (a block 20 x 20) at columns 80-100."""
    mask = np.zeros((40, 120), bool)
    mask[0:3, 0:60] = True
    mask[:, 0] = True
    mask[10:30, 80:100] = True
    return mask


def test_a_line_held_by_the_screens_edge_is_a_line():
    mask = _bar_foot_and_a_card()
    plain = cards._without_lines(mask, 20.0)
    assert plain[0:3, 1:60].all()  # one piece with the edge's column: kept (the old way)
    out = cards._without_lines(mask, 20.0, sides=True)
    assert not out[0:3, 1:60].any()  # the bar's foot taken out
    assert out[10:30, 80:100].all()  # the card's ink kept
    runs = cards.true_runs(out[3:].any(axis=0))
    assert (80, 100) in runs and all(b <= 1 or a >= 80 for a, b in runs)
    # nothing joined by the sides: the mask as it was
    alone = np.zeros((40, 120), bool)
    alone[10:30, 0:30] = True
    assert (cards._without_lines(alone, 20.0, sides=True) == alone).all()


@pytest.fixture(scope="module")
def corvus():
    shot, text = drawn(CORVUS, True, "all")
    image = variant("j40", shot, CORVUS)
    return image, text, locate_rescue(image)


def test_the_corvus_card_is_not_lost_beside_the_chamaeleons(monkeypatch, corvus):
    monkeypatch.setenv("GRIDSIGHT_OCR", "off")
    image, text, screen = corvus
    assert names_of(text) == ("Corvus", "Chamaeleon")
    # (was the Chamaeleon card alone: the Corvus card's ink taken for the screen's side)
    assert len(screen.cards) != 1
    plain, warnings, asked, _, unread = read_plain_afresh(screen, image)
    assert plain or asked
    if plain:  # (was "animals: Chamaeleon", stated with no warning)
        assert stated_wrong(text, plain, warnings, unread) == []
