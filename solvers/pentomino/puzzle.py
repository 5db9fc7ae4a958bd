"""A pentomino fill puzzle: the shape, the pieces to place, the pieces already placed.

The text format (see ``gridsight solve pentomino --help``)::

    pieces: P U V
    . . . . .
    . . . . .
    . . . . .

``pieces`` lists the whole set by letter (F I L N P T U V W X Y Z; a letter may repeat for a
set with two copies of a piece; default all twelve). Grid tokens: ``.`` an empty cell of the
shape, ``#`` a cell outside the shape (shapes need not be rectangles), a letter a cell already
covered by that piece. The format does not tell pieces locked by the level from pieces placed
by the player: every letter on the grid counts as placed, so it is no longer to place, and
"taking back" (see :mod:`gridsight.solvers.pentomino.analysis`) may name any of them.

>>> from gridsight.solvers.boardtext import parse_boards
>>> p = parse_puzzle(parse_boards("pieces: P U V\\n. . . . .\\n. . . . .\\n. . . . .")[0])
>>> p.to_place, len(p.empty_cells)
(('P', 'U', 'V'), 15)
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cached_property

from gridsight.solvers.boardtext import BoardText
from gridsight.solvers.cellnames import cell_names
from gridsight.solvers.errors import BoardFormatError, ImpossibleBoardError
from gridsight.solvers.pentomino.pieces import LETTERS, orientations

Cell = tuple[int, int]
EMPTY = "."
OUTSIDE = "#"
TOKENS = frozenset(LETTERS) | {EMPTY, OUTSIDE}

# The largest board read (rows x columns), shape and outside together: a set of twelve pieces
# covers 60 cells, so real levels are a few hundred at most; a 1000 x 1000 board of five empty
# cells took 30 CPU s under a 1 s time limit (the work before the search is not bounded by it).
MAX_CELLS = 40_000


@dataclass(frozen=True)
class PlacedPiece:
    """A piece on the board: its letter and its five cells (sorted)."""

    letter: str
    cells: tuple[Cell, ...]


@dataclass(frozen=True)
class Puzzle:
    """A shape of ``rows`` x ``cols`` tokens, the listed piece set and the placed pieces.

    ``grid[r][c]`` is ``.`` (empty), ``#`` (outside) or a letter (covered). ``pieces`` is the
    whole set as listed (sorted); ``placed`` the pieces on the grid. Build one with
    :func:`parse_puzzle` (which checks everything) or :func:`make_puzzle`.
    """

    rows: int
    cols: int
    grid: tuple[tuple[str, ...], ...]
    pieces: tuple[str, ...]
    placed: tuple[PlacedPiece, ...]

    @cached_property
    def empty_cells(self) -> tuple[Cell, ...]:
        """The empty cells of the shape, row by row."""
        return tuple(
            (r, c) for r in range(self.rows) for c in range(self.cols) if self.grid[r][c] == EMPTY
        )

    @cached_property
    def to_place(self) -> tuple[str, ...]:
        """The pieces still to place (sorted, with repeats): the listed set minus the placed."""
        left = Counter(self.pieces) - Counter(p.letter for p in self.placed)
        return tuple(sorted(left.elements()))

    def without(self, taken_back: "tuple[int, ...] | list[int]") -> "Puzzle":
        """This puzzle with the placed pieces at indices ``taken_back`` removed (cells emptied)."""
        gone = set(taken_back)
        grid = [list(row) for row in self.grid]
        for i in gone:
            for r, c in self.placed[i].cells:
                grid[r][c] = EMPTY
        return Puzzle(
            self.rows,
            self.cols,
            tuple(tuple(row) for row in grid),
            self.pieces,
            tuple(p for i, p in enumerate(self.placed) if i not in gone),
        )

    def with_pieces(self, placements: "list[PlacedPiece] | tuple[PlacedPiece, ...]") -> "Puzzle":
        """This puzzle with ``placements`` added (their cells must be empty)."""
        grid = [list(row) for row in self.grid]
        for piece in placements:
            for r, c in piece.cells:
                if grid[r][c] != EMPTY:
                    raise ValueError(f"cell ({r}, {c}) is not empty")
                grid[r][c] = piece.letter
        return Puzzle(
            self.rows, self.cols, tuple(tuple(row) for row in grid), self.pieces,
            self.placed + tuple(placements),
        )

    @cached_property
    def origin(self) -> Cell:
        """The cell a player counts as row 1, column 1: :func:`playable_origin`."""
        return playable_origin(self.grid)

    @cached_property
    def last(self) -> Cell:
        """The last row and column holding a cell of the shape."""
        rows = [r for r, row in enumerate(self.grid) if any(t != OUTSIDE for t in row)]
        cols = [c for c in range(self.cols) if any(row[c] != OUTSIDE for row in self.grid)]
        return (rows[-1] if rows else self.rows - 1, cols[-1] if cols else self.cols - 1)

    def rows_text(self) -> list[str]:
        """The grid as strings without spaces (the JSON form): ``"FFII#"``."""
        return ["".join(row) for row in self.grid]

    def to_text(self) -> str:
        """The puzzle in its text format (parses back to an equal puzzle)."""
        lines = [f"pieces: {' '.join(self.pieces)}"]
        lines += [" ".join(row) for row in self.grid]
        return "\n".join(lines) + "\n"


def playable_origin(grid: "tuple[tuple[str, ...], ...] | list[list[str]]") -> Cell:
    """The first row and the first column holding a cell of the shape (not ``#``): a level
    drawn inside a frame of outside cells (three rows of frame above the shape) is counted
    from there, as the player counts it, so a screenshot's board and the same level typed
    without its frame name their cells alike.

    >>> playable_origin([["#", "#", "#"], ["#", ".", "."], ["#", "F", "#"]])
    (1, 1)
    """
    rows = [r for r, row in enumerate(grid) if any(t != OUTSIDE for t in row)]
    cols = [c for c in range(len(grid[0]) if grid else 0)
            if any(row[c] != OUTSIDE for row in grid)]
    return (rows[0] if rows else 0, cols[0] if cols else 0)


def make_puzzle(rows_text: "list[str] | tuple[str, ...]", pieces: str = " ".join(LETTERS)) -> Puzzle:
    """A puzzle from grid rows without spaces (``["..#", "..."]``), checked like a parsed one."""
    from gridsight.solvers.boardtext import parse_boards

    text = f"pieces: {pieces}\n" + "\n".join(" ".join(row) for row in rows_text)
    return parse_puzzle(parse_boards(text)[0])


def parse_puzzle(board: BoardText) -> Puzzle:
    """Check a parsed board and build its :class:`Puzzle`.

    Raises :class:`BoardFormatError` for an unknown header, letter or token (naming the line)
    or a board of more than :data:`MAX_CELLS` cells,
    and :class:`ImpossibleBoardError` when a letter's cells do not form that piece, a piece is
    placed more times than listed, or the empty cells are not five per piece left.
    """
    board.check_headers(("pieces",))
    board.check_cells(MAX_CELLS, "a pentomino board")
    pieces = _parse_pieces(board)
    board.check_tokens(TOKENS, "'.' (empty), '#' (outside the shape) or a piece letter "
                       f"({' '.join(LETTERS)})")
    grid = board.grid
    placed: list[PlacedPiece] = []
    by_letter: dict[str, list[Cell]] = {}
    for r, row in enumerate(grid):
        for c, token in enumerate(row):
            if token in LETTERS:
                by_letter.setdefault(token, []).append((r, c))
    for letter in sorted(by_letter):
        for component in _components(by_letter[letter]):
            placed.extend(_split_into_pieces(letter, component, playable_origin(grid)))
    listed = Counter(pieces)
    on_board = Counter(p.letter for p in placed)
    for letter in sorted(on_board):
        if on_board[letter] > listed[letter]:
            cells = tuple(by_letter[letter])
            times = "once" if listed[letter] == 1 else f"{listed[letter]} times"
            raise ImpossibleBoardError(
                f"piece {letter} is on the board {on_board[letter]} times but 'pieces' lists it "
                f"{times if listed[letter] else 'not at all'}",
                cells=cells,
            )
    puzzle = Puzzle(len(grid), len(grid[0]), grid, tuple(sorted(pieces)), tuple(placed))
    left = len(puzzle.to_place)
    if len(puzzle.empty_cells) != 5 * left:
        raise ImpossibleBoardError(
            f"the shape has {len(puzzle.empty_cells)} empty cells but the {left} pieces left "
            f"({' '.join(puzzle.to_place) or 'none'}) cover {5 * left}: every empty cell must "
            "be covered exactly once"
        )
    return puzzle


def _parse_pieces(board: BoardText) -> list[str]:
    value = board.header("pieces")
    if value is None:
        return list(LETTERS)
    line = board.header_line("pieces")
    tokens = value.replace(",", " ").split()
    if not tokens:
        raise BoardFormatError("'pieces' lists no piece", line=line)
    pieces = []
    for token in tokens:
        letters = token.upper()
        if len(letters) != 1 or letters not in LETTERS:
            raise BoardFormatError(
                f"unknown piece '{token}' in 'pieces' (pieces are {' '.join(LETTERS)}, "
                "separated by spaces)",
                line=line,
                token=token,
            )
        pieces.append(letters)
    return pieces


def _components(cells: list[Cell]) -> list[list[Cell]]:
    """The 4-connected groups of ``cells``, each sorted, in order of their first cell."""
    left = set(cells)
    groups = []
    for start in sorted(cells):
        if start not in left:
            continue
        left.discard(start)
        group, todo = [start], [start]
        while todo:
            r, c = todo.pop()
            for near in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if near in left:
                    left.discard(near)
                    group.append(near)
                    todo.append(near)
        groups.append(sorted(group))
    return groups


def _split_into_pieces(letter: str, cells: list[Cell], origin: Cell = (0, 0)
                       ) -> list[PlacedPiece]:
    """Split a connected group of ``letter`` cells into copies of that piece, or explain why not
    (cells named from ``origin``, the first playable row and column)."""
    where = cell_names(cells, limit=8, origin=origin)
    if len(cells) % 5:
        raise ImpossibleBoardError(
            f"the {len(cells)} connected cells of piece {letter} at {where} do not make "
            f"whole {letter} pieces (each has 5 cells)",
            cells=tuple(cells),
        )
    # A tiny exact cover: place copies of the piece so they cover the group exactly.
    todo = set(cells)
    chosen: list[tuple[Cell, ...]] = []

    def fill() -> bool:
        if not todo:
            return True
        first = min(todo)
        for shape in orientations(letter):
            anchor = shape[0]  # the smallest cell of the shape lands on the smallest cell left
            placed = tuple((first[0] + r - anchor[0], first[1] + c - anchor[1]) for r, c in shape)
            if all(cell in todo for cell in placed):
                todo.difference_update(placed)
                chosen.append(placed)
                if fill():
                    return True
                chosen.pop()
                todo.update(placed)
        return False

    if not fill():
        article = "an" if letter in "FILNX" else "a"
        problem = (
            f"do not have the shape of {article} {letter} pentomino"
            if len(cells) == 5
            else f"cannot be split into {letter} pentominoes"
        )
        raise ImpossibleBoardError(
            f"the cells of piece {letter} at {where} {problem}", cells=tuple(cells)
        )
    return [PlacedPiece(letter, tuple(sorted(p))) for p in chosen]
