"""Session 30's second-screen rule (``readers/desktop._second_screen``, ``_whole_board``), held
on built reads and a stand-in locator (s31tests: two sabotages no test caught): a find not
sure enough to answer with counts as a second screen only when every cell of its board is
read and some of the game's furniture found with it; a region over the board answered with is
its own screen's window, never searched for a second screen."""

from __future__ import annotations

import numpy as np

from gridsight.readers.desktop import FURNITURE, _second_screen, _whole_board
from gridsight.vision.classify import UNKNOWN, BoardRead, CellRead
from gridsight.vision.geometry import BoardGeometry
from gridsight.vision.regions import Region

FURNITURE_OF_THE_GAME = ("cards", "counter")


def _read(unread: int, furniture: tuple[str, ...], at: float = 100.0) -> BoardRead:
    """A 5x5 board of 20 px tiles at (``at``, ``at``) read with ``unread`` cells unknown,
    ``furniture`` found with it (its last cell a tile found, the rest ground)."""
    cells = tuple(tuple(CellRead(r, c, UNKNOWN if 5 * r + c < unread else
                                 "tile" if 5 * r + c == 24 else "ground", 1.0, 1.0)
                        for c in range(5)) for r in range(5))
    return BoardRead(BoardGeometry.from_rect(at, at, 20.0, 20.0, 5, 5), cells,
                     extras={FURNITURE: furniture})


def test_only_a_whole_board_with_some_furniture_is_a_second_screen():
    assert _whole_board(_read(0, ("cards",)), FURNITURE_OF_THE_GAME)
    # one cell unread (credible, 96%), or half the board: not a whole screen
    assert not _whole_board(_read(1, ("cards", "counter")), FURNITURE_OF_THE_GAME)
    assert not _whole_board(_read(12, ("cards", "counter")), FURNITURE_OF_THE_GAME)
    # every cell but none of the game's furniture: a grid of squares, not a screen
    assert not _whole_board(_read(0, ()), FURNITURE_OF_THE_GAME)


def test_a_region_over_the_board_answered_with_is_not_searched_for_a_second_screen():
    """The locator finds a whole, sure board 250 px into any region it is given: in a region
    over the board answered with (100-200 px) that board (300-400 px) lies apart from it, but
    the region is the answered screen's own window and is never read; a region elsewhere
    is, and its board is a second screen."""
    image = np.zeros((700, 900, 3), np.uint8)
    best = _read(0, FURNITURE_OF_THE_GAME)
    asked: list[tuple[int, ...]] = []

    def locate(crop: np.ndarray) -> BoardRead:
        asked.append(crop.shape)
        return _read(0, FURNITURE_OF_THE_GAME, at=250.0)

    over, elsewhere = Region(50, 50, 400, 400, 1.0), Region(450, 50, 400, 400, 1.0)
    assert _second_screen(image, best, [best], [over], locate, FURNITURE_OF_THE_GAME) is None
    assert asked == []
    second = _second_screen(image, best, [best], [over, elsewhere], locate,
                            FURNITURE_OF_THE_GAME)
    assert second is not None and second.geometry.outline().min(axis=0).tolist() == [700, 300]
    assert asked == [(400, 400, 3)]
