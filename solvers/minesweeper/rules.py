"""The rules modelled: board tokens, the classic levels and the first-click rules.

A Minesweeper board is ``rows x cols`` cells with ``mines`` mines. Opening a safe cell shows how
many of its (up to eight) neighbours hold a mine; opening a 0 opens every neighbour too, and so
on (a cascade). The game is won when every safe cell is open and lost when a mine is opened.

>>> LEVELS["expert"]
Level(name='expert', rows=16, cols=30, mines=99)
>>> sorted(FIRST_CLICK_RULES)
['safe', 'zero']
"""

from __future__ import annotations

from dataclasses import dataclass

UNOPENED = "."
FLAG = "F"
MINE = "*"
NUMBERS = tuple(str(n) for n in range(9))
TOKENS = frozenset({UNOPENED, FLAG, MINE, *NUMBERS})


@dataclass(frozen=True)
class Level:
    """A classic board size and mine count."""

    name: str
    rows: int
    cols: int
    mines: int


BEGINNER = Level("beginner", 9, 9, 10)
INTERMEDIATE = Level("intermediate", 16, 16, 40)
EXPERT = Level("expert", 16, 30, 99)
LEVELS: dict[str, Level] = {level.name: level for level in (BEGINNER, INTERMEDIATE, EXPERT)}

# How the simulator keeps the first click from losing (the analysis needs no rule: under
# either one, every layout that fits an observed board is equally likely, see
# :mod:`gridsight.solvers.minesweeper.simulate`).
FIRST_CLICK_RULES: dict[str, str] = {
    "safe": "the first click is never a mine: the mines are uniformly random among the other "
    "cells",
    "zero": "the first click opens a 0: the mines are uniformly random among the cells outside "
    "the first click and its neighbours",
}


def neighbours(row: int, col: int, rows: int, cols: int) -> list[tuple[int, int]]:
    """The up to eight cells around ``(row, col)`` on a ``rows x cols`` board, row by row.

    >>> neighbours(0, 0, 9, 9)
    [(0, 1), (1, 0), (1, 1)]
    """
    return [
        (r, c)
        for r in range(max(0, row - 1), min(rows, row + 2))
        for c in range(max(0, col - 1), min(cols, col + 2))
        if (r, c) != (row, col)
    ]
