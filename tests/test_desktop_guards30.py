"""Session 30's second-screen rule (``readers/desktop._whole_board``), held on built reads
(s31tests: loosened to half a board, no test caught it): a find not sure enough to answer
with counts as a second screen only when every cell of its board is read and some of the
game's furniture found with it."""

from __future__ import annotations

from gridsight.readers.desktop import FURNITURE, _whole_board
from gridsight.vision.classify import UNKNOWN, BoardRead, CellRead
from gridsight.vision.geometry import BoardGeometry

FURNITURE_OF_THE_GAME = ("cards", "counter")


def _read(unread: int, furniture: tuple[str, ...]) -> BoardRead:
    """A 5x5 board read with ``unread`` cells unknown, ``furniture`` found with it."""
    cells = tuple(tuple(CellRead(r, c, UNKNOWN if 5 * r + c < unread else "ground", 1.0, 1.0)
                        for c in range(5)) for r in range(5))
    return BoardRead(BoardGeometry.from_rect(100.0, 100.0, 20.0, 20.0, 5, 5), cells,
                     extras={FURNITURE: furniture})


def test_only_a_whole_board_with_some_furniture_is_a_second_screen():
    assert _whole_board(_read(0, ("cards",)), FURNITURE_OF_THE_GAME)
    # one cell unread (credible, 96%), or half the board: not a whole screen
    assert not _whole_board(_read(1, ("cards", "counter")), FURNITURE_OF_THE_GAME)
    assert not _whole_board(_read(12, ("cards", "counter")), FURNITURE_OF_THE_GAME)
    # every cell but none of the game's furniture: a grid of squares, not a screen
    assert not _whole_board(_read(0, ()), FURNITURE_OF_THE_GAME)
