"""A tile-path board with tiles not seen yet (``?``): what is known, and what is still needed.

A room bigger than the screen is read a view at a time, so a board read off the screen may
hold ``?`` for every tile out of view (or hidden behind an enemy). Each such tile could be a
tile to cross, a crossed tile, a statue, even the start or Link: whether a full walk exists
depends on every one of them, so nothing is assumed. The answer is what the board still
needs: which tiles to bring into view, said compactly (whole rows and columns first).

>>> from gridsight.solvers.boardtext import parse_boards
>>> board = parse_partial(parse_boards("? ? . .\\n? ? S .\\n? ? . #\\n")[0])
>>> len(board.unseen), board.here
(6, (1, 2))
>>> describe_unseen(board.unseen, board.rows, board.cols)
'6 tiles not seen yet: columns 1 and 2'
"""

from __future__ import annotations

from dataclasses import dataclass

from gridsight.solvers.boardtext import BoardText
from gridsight.solvers.cellnames import cell_names, name_of
from gridsight.solvers.errors import BoardFormatError
from gridsight.solvers.tile_path.board import MAX_CELLS, TOKEN_HELP, TOKENS, Pos

UNSEEN = "?"


@dataclass(frozen=True)
class PartialBoard:
    """A board with ``unseen`` tiles (``?``). ``here`` is where Link stands when the board
    shows it (``L``, else ``S`` when no tile is crossed), ``None`` when it is unseen."""

    rows: int
    cols: int
    grid: tuple[tuple[str, ...], ...]
    unseen: tuple[Pos, ...]
    here: Pos | None

    def to_text(self) -> str:
        return "\n".join(" ".join(row) for row in self.grid) + "\n"


def has_unseen(board: BoardText) -> bool:
    """Whether the board holds a ``?`` tile."""
    return any(UNSEEN in row for row in board.grid)


def parse_partial(board: BoardText) -> PartialBoard:
    """Read a board that may hold ``?`` tiles; the tokens and the single ``S``, ``L`` and
    ``E`` are checked as :func:`~gridsight.solvers.tile_path.board.parse_board` checks them (a ``?``
    may hide the start or Link, so neither is required)."""
    board.check_headers(())
    if board.rows * board.cols > MAX_CELLS:
        raise BoardFormatError(
            f"a {board.rows} x {board.cols} board has {board.rows * board.cols:,} cells, more "
            f"than the {MAX_CELLS:,} a tile-path board may have",
            line=board.row_lines[0] if board.row_lines else None)
    board.check_tokens(TOKENS | {UNSEEN}, TOKEN_HELP + ", '?' not seen yet")
    grid = board.grid
    found: dict[str, list[Pos]] = {"S": [], "L": [], "E": []}
    for r, row in enumerate(grid):
        for c, token in enumerate(row):
            if token in found:
                found[token].append((r, c))
    for token, what in (("S", "start tile"), ("L", "tile where Link stands"), ("E", "end tile")):
        if len(found[token]) > 1:
            first, second = found[token][:2]
            raise BoardFormatError(
                f"a second '{token}' ({what}) at {name_of(second)}; the first is at "
                f"{name_of(first)}", line=board.row_lines[second[0]], token=token)
    unseen = tuple((r, c) for r, row in enumerate(grid) for c, t in enumerate(row) if t == UNSEEN)
    crossed = any(t == "x" for row in grid for t in row)
    if found["L"]:
        here: Pos | None = found["L"][0]
    elif found["S"] and not crossed:
        here = found["S"][0]
    else:
        here = None
    return PartialBoard(board.rows, board.cols, grid, unseen, here)


def describe_unseen(cells: tuple[Pos, ...] | list[Pos], rows: int, cols: int) -> str:
    """The unseen tiles in few words: whole columns and rows first, then the rest by name.

    >>> describe_unseen([(0, c) for c in range(3)] + [(2, 1)], 3, 3)
    '4 tiles not seen yet: row 1; row 3, column 2'
    """
    left = set(cells)
    parts = []
    full_cols = [c for c in range(cols) if all((r, c) in left for r in range(rows))]
    if full_cols and rows > 1:
        parts.append(_runs(full_cols, "column"))
        left -= {(r, c) for c in full_cols for r in range(rows)}
    full_rows = [r for r in range(rows) if all((r, c) in left or c in full_cols
                                               for c in range(cols)) and any(
        (r, c) in left for c in range(cols))]
    if full_rows and cols > 1:
        parts.append(_runs(full_rows, "row"))
        left -= {(r, c) for r in full_rows for c in range(cols)}
    if left:
        parts.append(cell_names(sorted(left), limit=6))
    count = len(set(cells))
    return f"{count} tile{'s' if count != 1 else ''} not seen yet: " + "; ".join(parts)


def unseen_ways(cells: tuple[Pos, ...] | list[Pos], here: Pos | None) -> str:
    """Which way from Link's tile the unseen tiles lie, in a few words (each tile counted
    the way it lies farthest, the most tiles first): what a player needs to know to bring
    them into view; ``""`` when Link's tile is not known.

    >>> unseen_ways([(0, c) for c in range(13)] + [(r, 0) for r in range(1, 9)], (8, 5))
    'up and left'
    """
    if here is None or not cells:
        return ""
    counts: dict[str, int] = {}
    for r, c in set(cells):
        dr, dc = r - here[0], c - here[1]
        if (dr, dc) == (0, 0):
            continue
        way = ("up" if dr < 0 else "down") if abs(dr) >= abs(dc) else \
            ("left" if dc < 0 else "right")
        counts[way] = counts.get(way, 0) + 1
    ways = sorted(counts, key=lambda w: (-counts[w], ("up", "down", "left", "right").index(w)))
    return ways[0] if len(ways) == 1 else f"{', '.join(ways[:-1])} and {ways[-1]}"


def _runs(values: list[int], word: str) -> str:
    """``columns 1 to 4``, ``rows 1 and 9``, ``row 3`` (1-based)."""
    runs: list[tuple[int, int]] = []
    for v in values:
        if runs and v == runs[-1][1] + 1:
            runs[-1] = (runs[-1][0], v)
        else:
            runs.append((v, v))
    texts = []
    for a, b in runs:
        if a == b:
            texts.append(str(a + 1))
        elif b == a + 1:
            texts += [str(a + 1), str(b + 1)]
        else:
            texts.append(f"{a + 1} to {b + 1}")
    many = len(values) > 1
    joined = texts[0] if len(texts) == 1 else f"{', '.join(texts[:-1])} and {texts[-1]}"
    return f"{word}{'s' if many else ''} {joined}"


def needs_text(board: PartialBoard) -> str:
    """What the board still needs before a walk can be worked out, in one sentence."""
    where = describe_unseen(board.unseen, board.rows, board.cols)
    return (f"{where}; a full walk depends on every tile, so bring them into view (or read "
            "them) first")
