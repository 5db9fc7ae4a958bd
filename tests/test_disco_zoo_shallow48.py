"""Variants 1256000 at 0.6x as JPEG 60 (``sj``, the widest look; sessions 46-48): boxes whose
unfilled middles are a blurred pixel, mostly their light border's colour, may hide a fill
(:func:`~gridsight.games.disco_zoo.cards.shallow_middles`): how many the row reads filled is
not counted on. The Marsmot's row "1 of 4" (a dark olive fill, boxes of 14 px with 6 px
borders drawn at 8 px) read "0 of 4" at 0.54 and counted on; the cards then denied its found
tile the Marsmot, and the read with ``--animals`` stated it Rover. Such a row's fills keep
their rarity (session 47 read them blind and lost it: 7089's rare Kakapo,
``test_disco_zoo_tints``; widest 850045's rare Squirrel, ``test_disco_zoo_found33``).
"""

from __future__ import annotations

import numpy as np

from gridsight.games.disco_zoo.cards import SHALLOW, shallow_middles
from gridsight.vision.boxrow import BoxRow
from kit.disco_reads import seed_read

SEED = 1_256_000
CARD = (125.0, 54.0, 70.0)  # (BGR) the screen's dark purple card
LIGHT = (188.0, 111.0, 139.0)  # its boxes' light borders


def test_the_marsmots_shallow_row_is_not_counted_and_its_tile_not_stated_rover():
    seen = seed_read(SEED, variant="sj", ocr=True)
    assert seen.text.splitlines()[:2] == ["region: Mars", "animals: Marsmot, Rover, Martian"]
    assert seen.text.splitlines()[6].split()[1] == "1"  # the Marsmot at row 4, column 2
    screen = seen.found
    assert not isinstance(screen, str), screen
    seen.assert_read_right()
    assert seen.given.text.splitlines()[6].split()[1] != "2"  # not Rover
    marsmot = screen.cards[0]
    assert marsmot.boxes is not None and marsmot.boxes.count == 4
    # its middles measured 3-4 px (blurred), a third of the way from the border to the card
    assert shallow_middles(marsmot.row, marsmot.panel.color, marsmot.boxes.fills)
    assert marsmot.boxes.found is None  # its "0 of 4" not counted on
    # (boxes big enough to tell a fill, MIN_FILL_SIDE: only the shallow middles leave it)
    assert min(min(box[2], box[3]) for box in marsmot.boxes.boxes) >= 7


def _row(middles, inner: float) -> BoxRow:
    boxes = tuple((10 * k, 0, 8, 8) for k in range(len(middles)))
    n = len(middles)
    return BoxRow(boxes, tuple(middles), (LIGHT,) * n, 1.0, (LIGHT,) * n, (inner,) * n)


def _between(share: float) -> tuple[float, float, float]:
    """A colour ``share`` of the way from the light border to the card (BGR)."""
    light, card = np.array(LIGHT), np.array(CARD)
    return tuple(float(v) for v in light + share * (card - light))  # type: ignore[return-value]


def test_small_middles_near_their_border_are_shallow():
    assert shallow_middles(_row([_between(0.2)] * 3, 3.0), CARD)
    assert shallow_middles(_row([_between(SHALLOW - 0.1)] * 3, 4.0), CARD)


def test_middles_far_from_their_border_or_big_are_not_shallow():
    assert not shallow_middles(_row([_between(0.9)] * 3, 3.0), CARD)  # the card's own shade
    assert not shallow_middles(_row([_between(0.2)] * 3, 10.0), CARD)  # big: shows its fill
    assert not shallow_middles(_row([_between(0.2)] * 3, float("nan")), CARD)  # none measured
    # a card of its borders' colour measures no share
    assert not shallow_middles(_row([_between(0.2)] * 3, 3.0), LIGHT)


def test_only_the_boxes_read_unfilled_are_weighed():
    """A fill's middle is its own colour wherever it lies (7089's rare Kakapo: two light
    fills 0.04-0.1 of the way from their border, the unfilled box at the card's colour):
    its row is not shallow; the same fills read unfilled would be."""
    row = _row([_between(0.05), _between(0.1), _between(1.0)], 3.0)
    assert shallow_middles(row, CARD)  # every box weighed
    assert not shallow_middles(row, CARD, (True, True, False))
    assert not shallow_middles(row, CARD, (True, True, True))  # none unfilled: no share
    assert shallow_middles(_row([_between(0.3)] * 4, 3.0), CARD, (False,) * 4)
