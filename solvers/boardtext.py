"""The board text format shared by every game.

A board is optional ``key: value`` header lines followed by the grid, one row per line, tokens
separated by spaces. Several boards in one text are separated by a line holding ``---``.
Blank lines and comment lines starting with ``//`` are ignored (``#`` is a grid token in some
games, so it cannot start a comment). A header needs a value: ``difficulty:`` alone is refused
rather than read as the default.

>>> boards = parse_boards("difficulty: beginner\\n. . g\\n. * .\\n")
>>> boards[0].headers["difficulty"]
'beginner'
>>> boards[0].grid
(('.', '.', 'g'), ('.', '*', '.'))

Each game then checks the tokens and headers it accepts; this module only knows the layout,
and reports the line number of anything it cannot read so a player can find it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from gridsight.solvers.cellnames import cell_name
from gridsight.solvers.errors import BoardFormatError, shown

SEPARATOR = "---"


@dataclass(frozen=True)
class BoardText:
    """One board as written: its headers and its grid of tokens, with source line numbers.

    ``headers`` maps lower-cased keys to their stripped values; ``header_lines`` gives the line
    of each key. ``grid`` is a tuple of rows of tokens; ``row_lines`` gives the source line of
    each row. ``source`` names where the text came from (a file name or ``<stdin>``).
    """

    headers: dict[str, str]
    header_lines: dict[str, int]
    grid: tuple[tuple[str, ...], ...]
    row_lines: tuple[int, ...]
    source: str = "<text>"
    index: int = 0
    extra: dict[str, str] = field(default_factory=dict)

    @property
    def rows(self) -> int:
        return len(self.grid)

    @property
    def cols(self) -> int:
        return len(self.grid[0]) if self.grid else 0

    def header(self, key: str, default: str | None = None) -> str | None:
        """The value of header ``key`` (case-insensitive), or ``default``."""
        return self.headers.get(key.lower(), default)

    def header_line(self, key: str) -> int | None:
        return self.header_lines.get(key.lower())

    def check_headers(self, allowed: tuple[str, ...]) -> None:
        """Refuse a header key this game does not know, naming its line."""
        for key, line in self.header_lines.items():
            if key not in allowed:
                known = ", ".join(allowed) if allowed else "none"
                raise BoardFormatError(
                    f"unknown header {shown(key)} (this game knows: {known})", line=line,
                    token=key,
                )

    def check_tokens(self, allowed: set[str] | frozenset[str], describe: str) -> None:
        """Refuse any grid token not in ``allowed``, naming its line, row and column."""
        for r, (row, line) in enumerate(zip(self.grid, self.row_lines)):
            for c, token in enumerate(row):
                if token not in allowed:
                    raise BoardFormatError(
                        f"unknown token {shown(token)} at {cell_name(r, c)} (expected {describe})",
                        line=line,
                        token=token,
                    )

    def check_size(self, rows: int, cols: int, what: str) -> None:
        """Refuse a grid that is not ``rows`` x ``cols``."""
        if self.rows != rows or self.cols != cols:
            line = self.row_lines[0] if self.row_lines else None
            raise BoardFormatError(
                f"{what} needs a {rows} x {cols} grid (rows x columns), "
                f"got {self.rows} x {self.cols}",
                line=line,
            )


    def check_cells(self, most: int, what: str) -> None:
        """Refuse a grid of more than ``most`` cells (rows x columns), before anything is done
        cell by cell: a pasted screenful of dots would tie the process up outside any time
        limit (``what``: the game's board, as in "a tile-path board")."""
        if self.rows * self.cols > most:
            raise BoardFormatError(
                f"a {self.rows} x {self.cols} board has {self.rows * self.cols:,} cells, more "
                f"than the {most:,} {what} may have",
                line=self.row_lines[0] if self.row_lines else None,
            )


def _is_header(line: str) -> bool:
    key, sep, _ = line.partition(":")
    return bool(sep) and key.strip() != "" and " " not in key.strip() and key.strip()[0].isalpha()


def parse_boards(text: str, source: str | None = None) -> list[BoardText]:
    """Split ``text`` into boards at ``---`` lines and parse each one.

    Raises :class:`BoardFormatError` naming ``source`` (when given) and the line of the first
    ragged row, header after the grid, repeated or empty header, or empty board.
    """
    boards = []
    for board in parse_each_board(text, source):
        if isinstance(board, BoardFormatError):
            raise board
        boards.append(board)
    return boards


def parse_each_board(text: str, source: str | None = None) -> list[BoardText | BoardFormatError]:
    """Like :func:`parse_boards`, but a board that cannot be parsed is returned as its error
    in its place, so the boards after it can still be solved.

    >>> [type(b).__name__ for b in parse_each_board(". .\\n---\\n. . .\\n. .\\n---\\n.\\n")]
    ['BoardText', 'BoardFormatError', 'BoardText']
    """
    boards: list[BoardText | BoardFormatError] = []
    block: list[tuple[int, str]] = []
    lines = text.splitlines()
    for number, raw in enumerate(lines, start=1):
        if raw.strip() == SEPARATOR:
            boards.append(_parse_block(block, source, len(boards), number))
            block = []
        else:
            block.append((number, raw))
    if any(raw.strip() for _, raw in block) or not boards:
        boards.append(_parse_block(block, source, len(boards), len(lines) + 1))
    return boards


def _parse_block(
    block: list[tuple[int, str]], source: str | None, index: int, end_line: int
) -> BoardText | BoardFormatError:
    try:
        return _parsed_block(block, source, index, end_line)
    except BoardFormatError as error:
        return error.with_source(source) if source else error


def _parsed_block(
    block: list[tuple[int, str]], source: str | None, index: int, end_line: int
) -> BoardText:
    headers: dict[str, str] = {}
    header_lines: dict[str, int] = {}
    grid: list[tuple[str, ...]] = []
    row_lines: list[int] = []
    for number, raw in block:
        line = raw.strip()
        if not line:
            continue
        if line.startswith("//"):
            continue
        if _is_header(line):
            if grid:
                raise BoardFormatError(
                    "header line after the grid started (headers come first)", line=number
                )
            key, _, value = line.partition(":")
            key = key.strip().lower()
            if key in headers:
                raise BoardFormatError(f"header {shown(key)} given twice", line=number, token=key)
            if not value.strip():
                raise BoardFormatError(
                    f"header {shown(key)} has no value (give one, or leave the line out for "
                    "the default)", line=number, token=key)
            headers[key] = value.strip()
            header_lines[key] = number
            continue
        tokens = tuple(line.split())
        if grid and len(tokens) != len(grid[0]):
            raise BoardFormatError(
                f"row has {len(tokens)} tokens but the first row has {len(grid[0])}",
                line=number,
            )
        grid.append(tokens)
        row_lines.append(number)
    if not grid:
        where = f"board {index + 1}" if index else "the input"
        raise BoardFormatError(f"{where} has no grid rows", line=end_line)
    return BoardText(
        headers=headers,
        header_lines=header_lines,
        grid=tuple(grid),
        row_lines=tuple(row_lines),
        source=source or "<text>",
        index=index,
    )
