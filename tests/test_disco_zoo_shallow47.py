"""Variants 1256000 at 0.6x as JPEG 60 (``sj``, the widest look; ``s47rover``): boxes whose
middles are a blurred pixel, mostly their light border's colour, tell no fill
(:func:`~gridsight.games.disco_zoo.cards.shallow_middles`). The Marsmot's row "1 of 4" (a dark
olive fill, boxes of 14 px with 6 px borders drawn at 8 px) read "0 of 4" at 0.54 and counted
on; its found tile was stated Rover with ``--animals``. The screen is drawn as the variant
sweeps draw it and located with OCR off.
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
    seen = seed_read(SEED, variant="sj")
    assert seen.text.splitlines()[:2] == ["region: Mars", "animals: Marsmot, Rover, Martian"]
    assert seen.text.splitlines()[6].split()[1] == "1"  # the Marsmot at row 4, column 2
    screen = seen.found
    assert not isinstance(screen, str), screen
    seen.assert_read_right()
    assert seen.given.text.splitlines()[6].split()[1] != "2"  # not Rover
    marsmot = screen.cards[0]
    assert marsmot.boxes is not None and marsmot.boxes.count == 4
    # its middles measured 3-4 px (blurred), a third of the way from the border to the card
    assert shallow_middles(marsmot.row, marsmot.panel.color)
    assert marsmot.boxes.found is None  # its "0 of 4" not counted on


def _row(middle, inner: float) -> BoxRow:
    boxes = tuple((10 * k, 0, 8, 8) for k in range(3))
    return BoxRow(boxes, (middle,) * 3, (LIGHT,) * 3, 1.0, (LIGHT,) * 3, (inner,) * 3)


def _between(share: float) -> tuple[float, float, float]:
    """A colour ``share`` of the way from the light border to the card (BGR)."""
    light, card = np.array(LIGHT), np.array(CARD)
    return tuple(float(v) for v in light + share * (card - light))  # type: ignore[return-value]


def test_small_middles_near_their_border_are_shallow():
    assert shallow_middles(_row(_between(0.2), 3.0), CARD)
    assert shallow_middles(_row(_between(SHALLOW - 0.1), 4.0), CARD)


def test_middles_far_from_their_border_or_big_are_not_shallow():
    assert not shallow_middles(_row(_between(0.9), 3.0), CARD)  # the card's own shade
    assert not shallow_middles(_row(_between(0.2), 10.0), CARD)  # a big middle shows its fill
    assert not shallow_middles(_row(_between(0.2), float("nan")), CARD)  # none measured
    # a card of its borders' colour measures no share
    assert not shallow_middles(_row(_between(0.2), 3.0), LIGHT)
