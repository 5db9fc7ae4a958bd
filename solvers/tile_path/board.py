"""The tile-path board: which tiles are blocked, crossed, still to cross, and where Link is.

A tile-path puzzle (Zelda: Oracle of Ages' Hero's Cave and its kind) is a grid of tiles. Link
moves up, down, left or right; each tile he crosses turns red; he may not cross a tile twice and
must cross every tile. The text format (one token per tile)::

    . a tile still to cross        # a blocked tile (statue, wall)
    S the tile Link started on     x a tile already crossed
    L where Link stands now        E a tile the walk must end on (optional)

``S`` and ``L`` are already crossed. Without ``L`` the walk starts at ``S``; with ``L`` the
walk is in progress and goes on from ``L``, and the crossed tiles (``S``, ``x``, ``L``) must
form one walk from ``S`` to ``L``.

>>> from gridsight.solvers.boardtext import parse_boards
>>> board = parse_board(parse_boards("S . .\\n# . E\\n")[0])
>>> board.current, board.end, len(board.tiles)
((0, 0), (1, 2), 5)
"""

from __future__ import annotations

from dataclasses import dataclass

from gridsight.solvers.boardtext import BoardText
from gridsight.solvers.cellnames import name_of
from gridsight.solvers.errors import BoardFormatError, shown

Pos = tuple[int, int]

TOKENS = frozenset({".", "#", "S", "x", "L", "E"})
TOKEN_HELP = "'.' tile, '#' blocked, 'S' start, 'x' crossed, 'L' Link now, 'E' end"

# The largest board read (rows x columns). Real rooms are a few dozen tiles; the quick proofs
# cost some 10 microseconds per tile and the leave-one analysis runs them once per tile, so a
# bound keeps a pasted screenful of dots from tying up the process.
MAX_CELLS = 40_000

# Moves by name, as (row step, column step), in the order moves are listed.
MOVES: dict[str, Pos] = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}


@dataclass(frozen=True)
class TilePathBoard:
    """One tile-path board.

    ``grid`` holds the tokens as written. ``start`` is the ``S`` tile, ``current`` the tile the
    walk goes on from (``L``, or ``S`` when there is no ``L``), ``end`` the ``E`` tile or
    ``None``. ``tiles`` is the set the walk must still cover: ``current`` and every uncrossed
    tile (``.`` and ``E``); ``crossed`` the tiles already crossed (``S``, ``x``, ``L``).
    """

    rows: int
    cols: int
    grid: tuple[tuple[str, ...], ...]
    start: Pos
    current: Pos
    end: Pos | None
    tiles: frozenset[Pos]
    crossed: frozenset[Pos]

    @property
    def in_progress(self) -> bool:
        """True when Link has already moved (an ``L`` is on the board)."""
        return self.current != self.start

    @property
    def uncrossed(self) -> frozenset[Pos]:
        """The tiles still to cross (every walk tile but the current one)."""
        return self.tiles - {self.current}

    def without(self, tile: Pos) -> "TilePathBoard":
        """This board with ``tile`` (an uncrossed tile) blocked, as by a Somaria block."""
        if tile not in self.uncrossed:
            raise ValueError(f"{tile} is not an uncrossed tile")
        grid = [list(row) for row in self.grid]
        grid[tile[0]][tile[1]] = "#"
        return TilePathBoard(
            rows=self.rows,
            cols=self.cols,
            grid=tuple(tuple(row) for row in grid),
            start=self.start,
            current=self.current,
            end=None if self.end == tile else self.end,
            tiles=self.tiles - {tile},
            crossed=self.crossed,
        )

    def to_text(self) -> str:
        """The board in its text format (what :func:`parse_board` reads)."""
        return "\n".join(" ".join(row) for row in self.grid) + "\n"


def parse_board(board: BoardText) -> TilePathBoard:
    """Read a tile-path board from the shared text format.

    Raises :class:`BoardFormatError` naming the line and token of an unknown token, a missing
    or repeated ``S``, ``L`` or ``E``, crossed tiles without an ``L``, or a board of more than
    :data:`MAX_CELLS` cells. The cheap checks come first: the size, then whether there is an
    ``S`` at all (a scan of each row at C speed), before anything is done tile by tile.
    """
    board.check_headers(())
    board.check_cells(MAX_CELLS, "a tile-path board")
    grid = board.grid
    if not all(TOKENS.issuperset(row) for row in grid):
        _refuse_unknown_token(board)
    found: dict[str, list[tuple[Pos, int]]] = {}
    for token in ("S", "L", "E"):
        found[token] = [
            ((r, c), board.row_lines[r])
            for r, row in enumerate(grid)
            if token in row
            for c, t in enumerate(row)
            if t == token
        ]
    if not found["S"]:
        if found["L"]:
            (pos, line) = found["L"][0]
            raise BoardFormatError(
                f"'L' at {name_of(pos)} but no 'S' (mark where Link started)",
                line=line,
                token="L",
            )
        raise BoardFormatError(
            "no 'S' tile (mark the tile Link starts on)",
            line=board.row_lines[0] if board.row_lines else None,
            token="S",
        )
    for token, what in (("S", "start tile"), ("L", "tile where Link stands"), ("E", "end tile")):
        if len(found[token]) > 1:
            (first, _), (second, line) = found[token][:2]
            raise BoardFormatError(
                f"a second '{token}' ({what}) at {name_of(second)}; "
                f"the first is at {name_of(first)}",
                line=line,
                token=token,
            )
    crossed = {(r, c) for r, row in enumerate(grid) if "x" in row
               for c, t in enumerate(row) if t == "x"}
    if crossed and not found["L"]:
        pos = min(crossed)
        raise BoardFormatError(
            f"crossed tile 'x' at {name_of(pos)} but no 'L' "
            "(mark where Link stands now)",
            line=board.row_lines[pos[0]],
            token="x",
        )
    start = found["S"][0][0]
    current = found["L"][0][0] if found["L"] else start
    end = found["E"][0][0] if found["E"] else None
    uncrossed = {(r, c) for r, row in enumerate(grid) for c, t in enumerate(row) if t == "."}
    if end is not None:
        uncrossed.add(end)
    crossed |= {start, current}
    return TilePathBoard(
        rows=board.rows,
        cols=board.cols,
        grid=grid,
        start=start,
        current=current,
        end=end,
        tiles=frozenset(uncrossed | {current}),
        crossed=frozenset(crossed),
    )


def _refuse_unknown_token(board: BoardText) -> None:
    """Refuse the first unknown token, naming its line, cell and the tokens expected; a token
    made of several known ones (``S.E``: tiles written without spaces) is told how to write it.
    Checked before the ``S`` and the other tiles, so the message names what is wrong."""
    for r, (row, line) in enumerate(zip(board.grid, board.row_lines)):
        for c, token in enumerate(row):
            if token in TOKENS:
                continue
            if len(token) > 1 and set(token) <= TOKENS:
                spaced = " ".join(token) if len(token) <= 12 else " ".join(token[:12]) + " ..."
                raise BoardFormatError(
                    f"unknown token {shown(token)} at {name_of((r, c))}: one token per tile, "
                    f"separated by spaces ('{spaced}'; expected {TOKEN_HELP})",
                    line=line,
                    token=token,
                )
            board.check_tokens(TOKENS, TOKEN_HELP)  # names this first unknown token


def neighbours(pos: Pos, cells: frozenset[Pos] | set[Pos]) -> list[Pos]:
    """The cells of ``cells`` one step up, down, left or right of ``pos``, in move order."""
    r, c = pos
    return [(r + dr, c + dc) for dr, dc in MOVES.values() if (r + dr, c + dc) in cells]


def move_name(a: Pos, b: Pos) -> str:
    """The name of the unit move from ``a`` to ``b``."""
    step = (b[0] - a[0], b[1] - a[1])
    for name, delta in MOVES.items():
        if delta == step:
            return name
    raise ValueError(f"{a} -> {b} is not a unit move")
