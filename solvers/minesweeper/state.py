"""A Minesweeper board as the player sees it, and its text format (parse and format).

The text format (see ``FORMAT_HELP``) is the shared board text of :mod:`gridsight.solvers.boardtext`
with a required ``mines:`` header and one token per cell:

>>> from gridsight.solvers.boardtext import parse_boards
>>> state = parse_state(parse_boards("mines: 2\\n. . 1\\n1 1 1\\n0 0 0\\n")[0])
>>> state.rows, state.cols, state.mines, state.token(0, 2)
(3, 3, 2, '1')
>>> state.unopened()
[(0, 0), (0, 1)]
>>> print(format_state(state))
mines: 2
. . 1
1 1 1
0 0 0
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache

from gridsight.solvers.boardtext import BoardText
from gridsight.solvers.cellnames import cell_name
from gridsight.solvers.errors import BoardFormatError
from gridsight.solvers.minesweeper.rules import FLAG, MINE, TOKENS, UNOPENED, neighbours

FORMAT_HELP = """\
board format (one board per block, boards separated by a line '---'):
  mines: N    (required header: the board's total number of mines)
  then one row per line, one token per cell, separated by spaces:
    .    an unopened cell
    0-8  an opened cell showing how many of its neighbours hold a mine
    F    a flag the player placed: the player's belief, not a fact, so it is analysed as an
         unopened cell (a flag that is certainly wrong is reported)
    *    a mine shown (the game is lost)
  any size up to 40,000 cells; the classic levels are beginner 9 x 9 with 10 mines,
  intermediate 16 x 16 with 40, expert 16 x 30 (rows x columns) with 99. Rows and columns
  are counted from 0 at the top-left, in the text output and in JSON.
example (beginner, after a first click in the corner):
  mines: 10
  0 0 1 . . . . . .
  1 1 2 . . . . . .
  . . . . . . . . .
  (six more rows of nine tokens)"""


# The largest board read (rows x columns): 200 x 200, some 50 times the expert level. The work
# outside the time limit (the board's sets, the table of chances) is some 20 microseconds a
# cell: 1.5 CPU s for this many under a 1 s limit; a 10-million-cell board pasted into the
# library ran 120 s and took 2.7 GB.
MAX_CELLS = 40_000


@dataclass(frozen=True)
class MinesweeperState:
    """The cells of one board as seen: ``grid[row][col]`` is a token of :data:`TOKENS`, and
    ``mines`` the board's total number of mines (shown or not)."""

    mines: int
    grid: tuple[tuple[str, ...], ...]

    def __post_init__(self) -> None:
        if not self.grid or not self.grid[0]:
            raise ValueError("a board needs at least one cell")
        if any(len(row) != len(self.grid[0]) for row in self.grid):
            raise ValueError("every row needs the same number of cells")
        bad = {t for row in self.grid for t in row} - TOKENS
        if bad:
            raise ValueError(f"unknown tokens {sorted(bad)}")
        if not 0 <= self.mines <= self.rows * self.cols:
            raise ValueError(f"{self.mines} mines do not fit {self.rows * self.cols} cells")

    @classmethod
    def empty(cls, rows: int, cols: int, mines: int) -> "MinesweeperState":
        """A board with every cell unopened."""
        return cls(mines, tuple((UNOPENED,) * cols for _ in range(rows)))

    @property
    def rows(self) -> int:
        return len(self.grid)

    @property
    def cols(self) -> int:
        return len(self.grid[0])

    def token(self, row: int, col: int) -> str:
        return self.grid[row][col]

    def cells(self) -> list[tuple[int, int]]:
        return list(_cells(self.rows, self.cols))

    def neighbours(self, row: int, col: int) -> list[tuple[int, int]]:
        return list(_neighbour_table(self.rows, self.cols)[row][col])

    def unopened(self) -> list[tuple[int, int]]:
        """Cells that may still hold a mine (unopened or flagged), row by row."""
        return list(self._by_kind[0])

    def flags(self) -> list[tuple[int, int]]:
        return [(r, c) for r, c in self._by_kind[0] if self.grid[r][c] == FLAG]

    def numbers(self) -> list[tuple[int, int]]:
        """Opened cells (each shows a number), row by row."""
        return list(self._by_kind[1])

    def shown_mines(self) -> list[tuple[int, int]]:
        return list(self._by_kind[2])

    def readings(self) -> list[tuple[int, int]]:
        """Cells whose token is a fact about the board (a number or a shown mine)."""
        numbers, mines = set(self._by_kind[1]), set(self._by_kind[2])
        return [cell for cell in _cells(self.rows, self.cols) if cell in numbers or
                cell in mines]

    @cached_property
    def _by_kind(self) -> tuple[tuple[tuple[int, int], ...], ...]:
        """The cells that may hold a mine, the numbers and the shown mines, each row by row
        (worked out once: a state is immutable, and the analysis asks for them often)."""
        unopened, numbers, mines = [], [], []
        for r, row in enumerate(self.grid):
            for c, token in enumerate(row):
                if token == UNOPENED or token == FLAG:
                    unopened.append((r, c))
                elif token == MINE:
                    mines.append((r, c))
                else:
                    numbers.append((r, c))
        return tuple(unopened), tuple(numbers), tuple(mines)

    def with_token(self, row: int, col: int, token: str) -> "MinesweeperState":
        """A copy with cell ``(row, col)`` set to ``token``."""
        grid = [list(r) for r in self.grid]
        grid[row][col] = token
        return MinesweeperState(self.mines, tuple(tuple(r) for r in grid))

    @property
    def lost(self) -> bool:
        """A mine is shown."""
        return bool(self._by_kind[2])

    @property
    def won(self) -> bool:
        """Every safe cell is open (and no mine is shown)."""
        return not self.lost and len(self._by_kind[1]) == self.rows * self.cols - self.mines

    @property
    def finished(self) -> bool:
        return self.lost or self.won


@lru_cache(maxsize=16)
def _cells(rows: int, cols: int) -> tuple[tuple[int, int], ...]:
    return tuple((r, c) for r in range(rows) for c in range(cols))


@lru_cache(maxsize=16)
def _neighbour_table(rows: int, cols: int) -> tuple[tuple[tuple[tuple[int, int], ...], ...], ...]:
    """Every cell's neighbours on a ``rows x cols`` board, by row and column."""
    return tuple(tuple(tuple(neighbours(r, c, rows, cols)) for c in range(cols))
                 for r in range(rows))


def describe_cell(state: MinesweeperState, cell: tuple[int, int]) -> str:
    """``row 2, column 3 ('3')``: a cell and its token, for messages."""
    r, c = cell
    return f"{cell_name(r, c)} ('{state.token(r, c)}')"


def parse_state(board: BoardText) -> MinesweeperState:
    """Check and convert a parsed board text into a :class:`MinesweeperState`.

    Raises :class:`BoardFormatError` naming the line of an unknown header, a missing or bad
    ``mines:`` header or an unknown token, or the first row of a board of more than
    :data:`MAX_CELLS` cells.

    >>> from gridsight.solvers.boardtext import parse_boards
    >>> parse_state(parse_boards(". .\\n")[0])
    Traceback (most recent call last):
    ...
    gridsight.solvers.errors.BoardFormatError: line 1: missing header 'mines: N' (the board's total number of mines)
    """
    board.check_headers(("mines",))
    board.check_cells(MAX_CELLS, "a Minesweeper board")
    first_row = board.row_lines[0] if board.row_lines else None
    text = board.header("mines")
    if text is None:
        raise BoardFormatError(
            "missing header 'mines: N' (the board's total number of mines)", line=first_row
        )
    line = board.header_line("mines")
    try:
        mines = int(text)
    except ValueError:
        raise BoardFormatError(
            f"'mines: {text}' is not a whole number", line=line, token=text
        ) from None
    board.check_tokens(TOKENS, "one of . 0-8 F *")
    cells = board.rows * board.cols
    if not 0 <= mines <= cells:
        raise BoardFormatError(
            f"mines: {mines} does not fit a {board.rows} x {board.cols} board ({cells} cells)",
            line=line,
            token=text,
        )
    return MinesweeperState(mines, tuple(tuple(row) for row in board.grid))


def format_state(state: MinesweeperState) -> str:
    """The board in the text format that :func:`parse_state` reads back."""
    return "\n".join([f"mines: {state.mines}"] + [" ".join(row) for row in state.grid])


__all__ = [
    "FLAG",
    "FORMAT_HELP",
    "MAX_CELLS",
    "MINE",
    "UNOPENED",
    "MinesweeperState",
    "describe_cell",
    "format_state",
    "parse_state",
]
