"""The rules of Thrill Digger (The Legend of Zelda: Skyward Sword): sizes, counts, colours.

Each difficulty has a fixed board size, a number of bombs and rupoors (together the "bad"
items) and a fee. Every other hole holds a rupee whose colour tells how many bad items lie in
its up-to-8 neighbouring holes:

>>> [colour_of(k) for k in range(9)]
['g', 'b', 'b', 'r', 'r', 's', 's', 'y', 'y']
>>> EXPERT.rows, EXPERT.cols, EXPERT.bombs, EXPERT.rupoors
(5, 8, 8, 8)
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Difficulty:
    """One of the game's three levels."""

    name: str
    rows: int
    cols: int
    bombs: int
    rupoors: int
    fee: int

    @property
    def holes(self) -> int:
        return self.rows * self.cols

    @property
    def bad(self) -> int:
        """Bombs and rupoors together: the items a rupee's colour counts."""
        return self.bombs + self.rupoors


BEGINNER = Difficulty("beginner", 4, 5, 4, 0, 30)
INTERMEDIATE = Difficulty("intermediate", 5, 6, 4, 4, 50)
EXPERT = Difficulty("expert", 5, 8, 8, 8, 70)
DIFFICULTIES: dict[str, Difficulty] = {d.name: d for d in (BEGINNER, INTERMEDIATE, EXPERT)}

# Rupee colours in order, as written in the board text format, with their names and worth.
COLOURS: tuple[str, ...] = ("g", "b", "r", "s", "y")
COLOUR_NAMES: dict[str, str] = {
    "g": "green",
    "b": "blue",
    "r": "red",
    "s": "silver",
    "y": "gold",
}
COLOUR_VALUES: dict[str, int] = {"g": 1, "b": 5, "r": 20, "s": 100, "y": 300}
# The inclusive range of bad neighbours each colour stands for.
COLOUR_RANGES: dict[str, tuple[int, int]] = {
    "g": (0, 0),
    "b": (1, 2),
    "r": (3, 4),
    "s": (5, 6),
    "y": (7, 8),
}
RUPOOR_VALUE = -10
BOMB_VALUE = 0

# Board text tokens other than the colours.
UNDUG = "."
RUPOOR = "x"
BOMB = "*"
UNSEEN = "?"  # dug, not a bomb nor a rupoor, colour not seen
TOKENS: frozenset[str] = frozenset(COLOURS) | {UNDUG, RUPOOR, BOMB, UNSEEN}
TOKEN_NAMES: dict[str, str] = {
    **COLOUR_NAMES,
    UNDUG: "undug",
    RUPOOR: "rupoor",
    BOMB: "bomb",
    UNSEEN: "dug, colour unseen",
}


def colour_of(bad_neighbours: int) -> str:
    """The rupee colour shown for a hole with ``bad_neighbours`` bad items next to it."""
    for colour in COLOURS:
        low, high = COLOUR_RANGES[colour]
        if low <= bad_neighbours <= high:
            return colour
    raise ValueError(f"no colour for {bad_neighbours} bad neighbours")


def neighbours(row: int, col: int, rows: int, cols: int) -> list[tuple[int, int]]:
    """The up-to-8 holes touching ``(row, col)``, sides and corners."""
    return [
        (r, c)
        for r in range(row - 1, row + 2)
        for c in range(col - 1, col + 2)
        if (r, c) != (row, col) and 0 <= r < rows and 0 <= c < cols
    ]
