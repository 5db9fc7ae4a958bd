"""Phones inside desktops (session 40): a second screen counts only as an answer would; a
proposal's side is the screen's, not its board's outline a few pixels inside it."""

from __future__ import annotations

import numpy as np
from kit.desktop import real_look_rescue, sample

from gridsight.readers.desktop import DOUBTFUL, FURNITURE, _second_screen
from gridsight.vision.classify import UNKNOWN, BoardRead, CellRead
from gridsight.vision.geometry import BoardGeometry
from gridsight.vision.regions import Region, propose_regions

FURNITURE_OF_THE_GAME = ("cards", "counter")


def _read(unread: int, at: float, doubtful: tuple[str, ...] = ()) -> BoardRead:
    """A 5x5 board of 20 px tiles at (``at``, ``at``), ``unread`` cells unknown, the cards
    found with it and ``doubtful`` found not surely."""
    cells = tuple(tuple(CellRead(r, c, UNKNOWN if 5 * r + c < unread else "ground", 1.0, 1.0)
                        for c in range(5)) for r in range(5))
    return BoardRead(BoardGeometry.from_rect(at, at, 20.0, 20.0, 5, 5), cells,
                     extras={FURNITURE: ("cards",), DOUBTFUL: doubtful})


def test_a_second_screen_read_in_a_region_must_be_credible_as_well_as_sure():
    """Fresh harder desktop 780002 (``bench/bench_desktop.py --harder --share 0.15 0.2``): a
    home screen's grid of icons in a mirror beside the phone read as a board with 14 of its
    25 cells, "cards" and a doubtful "counter". All the furniture found (the doubtful too)
    made it sure, though :func:`_sure` takes credibility as checked before it; as a second
    screen it refused the phone's rescue, read whole with its cards and counter."""
    image = np.zeros((700, 900, 3), np.uint8)
    best = _read(0, 100.0)
    best.extras[FURNITURE] = FURNITURE_OF_THE_GAME
    icons = _read(11, 250.0, ("counter",))  # 56% of its cells, furniture all "seen"

    def locate(crop: np.ndarray) -> BoardRead:
        return icons

    elsewhere = Region(450, 50, 400, 400, 1.0)
    assert _second_screen(image, best, [best], [elsewhere], locate,
                          FURNITURE_OF_THE_GAME) is None
    icons_read_whole = _read(0, 250.0, ("counter",))  # as credible as an answer: it counts
    assert _second_screen(image, best, [best], [elsewhere], lambda crop: icons_read_whole,
                          FURNITURE_OF_THE_GAME) is not None


def test_a_proposals_side_is_the_screens_not_its_boards_outline_just_inside():
    """Fresh harder desktop 771001 (two 1280x1024 monitors, ``--share 0.15 0.2``): a 193 px
    rescue in a borderless mirror, its board's right edge 3 px inside the screen's right
    side (one working pixel). Both lines covered half its run or more, and the side was
    snapped to the inner one, the board's outline: the region cut along the board read no
    board, and the capture was not found. The screen's side shows along the region's ends
    (its bars); the board's outline does not."""
    _, capture, _ = sample(real_look_rescue, 771001, fraction=(0.15, 0.2), harder=True,
                           monitors=2, size=(1280, 1024))
    x, y, w, h = capture.extras["screen_box"]
    assert (x, w) == (236, 193)
    sides = [(r.x, r.x + r.width) for r in propose_regions(capture.image, keep=8)
             if abs(r.x - x) <= 1 and r.y <= y + h // 4 and r.y + r.height >= y + 3 * h // 4]
    assert (x, x + w) in sides
