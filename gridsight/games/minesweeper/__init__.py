"""Minesweeper: the game's spec, the one place gridsight learns it.

The parts: :mod:`~gridsight.games.minesweeper.adapter` (``gridsight solve`` and ``simulate``)
and :mod:`~gridsight.games.minesweeper.reader` (the board read off a screenshot through the
pack ``templates/minesweeper/<skin>/``: ``analyze``, ``live``, ``calibrate``, ``demo``). The
``mines`` hint (``--mines N``) gives the board's total of mines where the screen does not
(the reader takes a classic level's otherwise) and fills the header of a board set by hand
(``gridsight live --game minesweeper --manual``). The rules (tokens, levels, first-click
rules) are :mod:`gridsight.solvers.minesweeper.rules`.
"""

from __future__ import annotations

from typing import Any, Mapping

from gridsight.games.minesweeper.words import WORDS
from gridsight.games.spec import (
    TIME_LIMIT, GameSpec, GridReading, HintOption, ManualBoardSettings,
)
from gridsight.live.settings import TrackerSettings
from gridsight.solvers.minesweeper.rules import BEGINNER, FLAG, MINE, NUMBERS, UNOPENED

EXAMPLE = """\
mines: 10
0 0 1 F . . . . .
0 0 1 2 . . . . .
0 0 0 1 . . . . .
0 0 1 2 . . . . .
1 1 2 F . . . . .
. . 3 . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
"""


# A beginner board as the shipped skin shows it (the contract test reads it back): the example.
SCREEN_EXAMPLE = EXAMPLE


def _adapter():
    from gridsight.games.minesweeper.adapter import GAME

    return GAME


def _reader():
    from gridsight.games.minesweeper.reader import READER

    return READER


def opened(old: str, new: str) -> bool:
    """A cell once opened (a number or a mine) never closes; a flag comes and goes."""
    closed = (UNOPENED, FLAG)
    return old in closed and new not in closed


def _results(board: str, solution: Mapping[str, Any]) -> tuple[str, ...]:
    from gridsight.solvers.boardtext import parse_boards
    from gridsight.solvers.errors import InputError

    try:
        grid = parse_boards(board)[0].grid
    except (InputError, IndexError):
        return ()
    closed = sum(t in (UNOPENED, FLAG) for row in grid for t in row)
    lines = [f"cells still closed at the last step: {closed} of {len(grid) * len(grid[0])}"]
    if any(t == MINE for row in grid for t in row):
        lines.append("a mine was opened: the game was lost")
    return tuple(lines)


def mine_count(text: str) -> int:
    """The ``--mines`` hint: a whole number of mines, 0 or more.

    >>> mine_count("10")
    10
    """
    import argparse

    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number of mines: '{text}'") from None
    if value < 0:
        raise argparse.ArgumentTypeError("a board cannot have fewer than 0 mines")
    return value


SPEC = GameSpec(
    name="minesweeper",
    title="Minesweeper",
    summary="open cells, avoid mines: the exact mine chance of every cell and the safest cell",
    load_adapter=_adapter,
    example=EXAMPLE,
    manual=ManualBoardSettings(BEGINNER.rows, BEGINNER.cols,
                               (UNOPENED, FLAG, MINE, *NUMBERS), blank=UNOPENED,
                               headers=(("mines", str(BEGINNER.mines)),)),
    reading=GridReading(_reader, TrackerSettings(UNOPENED, opened), example=SCREEN_EXAMPLE),
    hints=(HintOption("mines", "--mines", "the board's total number of mines (default: the "
                      "classic level of the board's size)", "N", mine_count, header="mines"),),
    solver_options=(TIME_LIMIT,),
    words=WORDS,
    results=_results,
)
