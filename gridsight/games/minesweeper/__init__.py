"""Minesweeper: the game's spec, the one place gridsight learns it.

The parts: :mod:`~gridsight.games.minesweeper.adapter` (``gridsight solve`` and ``simulate``).
No screen reader or skin yet: the board is given as text, or set by hand with ``gridsight
live --game minesweeper --manual --mines N`` (the ``mines`` hint fills the required header).
The rules (tokens, levels, first-click rules) are :mod:`solvers.minesweeper.rules`.
"""

from __future__ import annotations

from gridsight.games.minesweeper.words import WORDS
from gridsight.games.spec import TIME_LIMIT, GameSpec, HintOption, ManualBoardSettings
from solvers.minesweeper.rules import BEGINNER, FLAG, MINE, NUMBERS, UNOPENED

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


def _adapter():
    from gridsight.games.minesweeper.adapter import GAME

    return GAME


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
                               (UNOPENED, FLAG, MINE, *NUMBERS), blank=UNOPENED),
    hints=(HintOption("mines", "--mines", "the board's total number of mines", "N",
                      mine_count, header="mines"),),
    solver_options=(TIME_LIMIT,),
    words=WORDS,
)
