"""A Thrill Digger board as the player sees it, and its text format (parse and format).

The text format (see ``FORMAT_HELP``) is the shared board text of :mod:`gridsight.solvers.boardtext`
with an optional ``difficulty:`` header and one token per hole:

>>> from gridsight.solvers.boardtext import parse_boards
>>> state = parse_state(parse_boards("difficulty: beginner\\n. . . . .\\n. g . . .\\n"
...                                  ". . . . .\\n. . . . *\\n")[0])
>>> state.difficulty.name, state.token(1, 1), state.undug()[:2]
('beginner', 'g', [(0, 0), (0, 1)])
>>> print(format_state(state))
difficulty: beginner
. . . . .
. g . . .
. . . . .
. . . . *
"""

from __future__ import annotations

from dataclasses import dataclass

from gridsight.solvers.boardtext import BoardText
from gridsight.solvers.cellnames import cell_name
from gridsight.solvers.errors import BoardFormatError
from gridsight.solvers.thrill_digger.rules import (
    BOMB,
    COLOURS,
    DIFFICULTIES,
    EXPERT,
    RUPOOR,
    TOKEN_NAMES,
    TOKENS,
    UNDUG,
    UNSEEN,
    Difficulty,
)

FORMAT_HELP = """\
board format (one board per block, boards separated by a line '---'):
  difficulty: beginner|intermediate|expert    (optional header, default expert)
  then one row per line, one token per hole, separated by spaces:
    .  undug hole
    g b r s y   a dug rupee of that colour: green, blue, red, silver, gold
    x  a dug rupoor        *  a dug bomb
    ?  dug, not a bomb nor a rupoor, colour not seen
  sizes (rows x columns): beginner 4 x 5 (4 bombs), intermediate 5 x 6 (4 bombs,
  4 rupoors), expert 5 x 8 (8 bombs, 8 rupoors). Rows and columns are counted from 0
  at the top-left, in the text output and in JSON.
example (expert):
  difficulty: expert
  . . . . . . . .
  . . r . . . . .
  . . . . b g . .
  . . . . . . . .
  . . . . . . . ."""


@dataclass(frozen=True)
class ThrillDiggerState:
    """The holes of one board as seen: ``grid[row][col]`` is a token of :data:`TOKENS`."""

    difficulty: Difficulty
    grid: tuple[tuple[str, ...], ...]

    def __post_init__(self) -> None:
        d = self.difficulty
        if len(self.grid) != d.rows or any(len(row) != d.cols for row in self.grid):
            raise ValueError(f"{d.name} needs a {d.rows} x {d.cols} grid")
        bad = {t for row in self.grid for t in row} - TOKENS
        if bad:
            raise ValueError(f"unknown tokens {sorted(bad)}")

    @classmethod
    def empty(cls, difficulty: Difficulty = EXPERT) -> "ThrillDiggerState":
        """A board with every hole undug."""
        return cls(difficulty, tuple((UNDUG,) * difficulty.cols for _ in range(difficulty.rows)))

    def token(self, row: int, col: int) -> str:
        return self.grid[row][col]

    def cells(self) -> list[tuple[int, int]]:
        return [(r, c) for r in range(self.difficulty.rows) for c in range(self.difficulty.cols)]

    def undug(self) -> list[tuple[int, int]]:
        """Undug holes, row by row."""
        return [(r, c) for r, c in self.cells() if self.grid[r][c] == UNDUG]

    def readings(self) -> list[tuple[int, int]]:
        """Dug holes (every cell whose token says something), row by row."""
        return [(r, c) for r, c in self.cells() if self.grid[r][c] != UNDUG]

    def with_token(self, row: int, col: int, token: str) -> "ThrillDiggerState":
        """A copy with hole ``(row, col)`` set to ``token`` (dig it, or forget a reading)."""
        grid = [list(r) for r in self.grid]
        grid[row][col] = token
        return ThrillDiggerState(self.difficulty, tuple(tuple(r) for r in grid))

    @property
    def finished(self) -> bool:
        """A bomb was dug, or every hole that is not bad has been dug."""
        if any(t == BOMB for row in self.grid for t in row):
            return True
        good_dug = sum(t in COLOURS or t == UNSEEN for row in self.grid for t in row)
        return good_dug == self.difficulty.holes - self.difficulty.bad


def describe_cell(state: ThrillDiggerState, cell: tuple[int, int]) -> str:
    """``row 2, column 3 (green)``: a cell and what was read there, for error messages."""
    r, c = cell
    return f"{cell_name(r, c)} ({TOKEN_NAMES[state.token(r, c)]})"


def parse_state(board: BoardText) -> ThrillDiggerState:
    """Check and convert a parsed board text into a :class:`ThrillDiggerState`.

    Raises :class:`BoardFormatError` naming the line of an unknown header, an unknown
    difficulty, an unknown token or a grid of the wrong size.
    """
    board.check_headers(("difficulty",))
    name = (board.header("difficulty") or EXPERT.name).strip().lower()
    difficulty = DIFFICULTIES.get(name)
    if difficulty is None:
        raise BoardFormatError(
            f"unknown difficulty '{board.header('difficulty')}' "
            f"(expected one of: {', '.join(DIFFICULTIES)})",
            line=board.header_line("difficulty"),
            token=board.header("difficulty"),
        )
    board.check_tokens(TOKENS, "one of . g b r s y x * ?")
    board.check_size(difficulty.rows, difficulty.cols, f"Thrill Digger {difficulty.name}")
    return ThrillDiggerState(difficulty, tuple(tuple(row) for row in board.grid))


def format_state(state: ThrillDiggerState) -> str:
    """The board in the text format that :func:`parse_state` reads back."""
    lines = [f"difficulty: {state.difficulty.name}"]
    lines += [" ".join(row) for row in state.grid]
    return "\n".join(lines)


__all__ = [
    "BOMB",
    "FORMAT_HELP",
    "RUPOOR",
    "ThrillDiggerState",
    "describe_cell",
    "format_state",
    "parse_state",
]
