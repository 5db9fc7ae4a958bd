"""Boards drawn exactly as the game draws them.

The bombs go one by one on a uniformly random empty hole, then the rupoors the same way. If
the board holds a 2x2 block of bad holes it is thrown away and drawn again, at most
``redraws`` times (the game: 10); the last board drawn is kept whatever it holds.

>>> import random
>>> from gridsight.solvers.thrill_digger.rules import EXPERT
>>> layout = draw_layout(EXPERT, random.Random(1))
>>> len(layout.bombs), len(layout.rupoors), layout.bombs & layout.rupoors
(8, 8, frozenset())
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from gridsight.solvers.thrill_digger.blocks import REDRAWS, has_block
from gridsight.solvers.thrill_digger.rules import (
    BOMB,
    RUPOOR,
    Difficulty,
    colour_of,
    neighbours,
)


@dataclass(frozen=True)
class Layout:
    """Where the bombs and rupoors are; ``draws`` is how many boards were drawn to get it."""

    difficulty: Difficulty
    bombs: frozenset[tuple[int, int]]
    rupoors: frozenset[tuple[int, int]]
    draws: int = 1

    @property
    def bad(self) -> frozenset[tuple[int, int]]:
        return self.bombs | self.rupoors

    def token(self, row: int, col: int) -> str:
        """What digging ``(row, col)`` shows: ``*``, ``x`` or the rupee colour."""
        if (row, col) in self.bombs:
            return BOMB
        if (row, col) in self.rupoors:
            return RUPOOR
        d = self.difficulty
        bad = self.bad
        return colour_of(sum(n in bad for n in neighbours(row, col, d.rows, d.cols)))


def _place(rng: random.Random, empty: list[tuple[int, int]], count: int) -> set[tuple[int, int]]:
    placed = set()
    for _ in range(count):
        cell = empty.pop(rng.randrange(len(empty)))
        placed.add(cell)
    return placed


def draw_layout(difficulty: Difficulty, rng: random.Random, redraws: int = REDRAWS) -> Layout:
    """One board as the game draws it, using ``rng`` for every random choice."""
    draws = 0
    while True:
        draws += 1
        empty = [(r, c) for r in range(difficulty.rows) for c in range(difficulty.cols)]
        bombs = _place(rng, empty, difficulty.bombs)
        rupoors = _place(rng, empty, difficulty.rupoors)
        if not has_block(bombs | rupoors) or draws > redraws:
            return Layout(difficulty, frozenset(bombs), frozenset(rupoors), draws)
