"""The pentomino advice said short in the live strip and panel.

The solver's line names every cell of the piece ("Place P on row 1, columns 9 and 10; row 2,
columns 9 and 10; row 3, column 10"): three lines in the live strip, cut off by the panel on
a game filling the screen. Live leads with the rows and columns the piece lies within ("Place
P within rows 1-3, columns 9-10", one line of a 360 px strip), which the drawn piece makes
plain, and says its cells on the line under it (the advice's why line), so nothing of the
solver's words is lost. "within": a piece filling fewer cells than that box (all but I) was
said as if it filled it ("Place U: rows 1-3, columns 2-3", 6 cells for a 5-cell piece); a piece
filling its box is said so ("Place I: row 1, columns 1-5").
"""

from __future__ import annotations

from typing import Any

from gridsight.solvers.cellnames import cell_names, column_number, row_number

LEADS = ("Place ", "Try ")  # the solver's words for a piece to put down (Try: unproven)


def headline(advice: Any) -> tuple[str, str] | None:
    """``(short line, the rest)`` for an advice placing one piece; ``None`` (the solver's
    own line) for any other (solved, no solution, a limit reached).

    >>> from dataclasses import replace
    >>> from gridsight.solvers.advice import Advice, Cell, PiecePlacement
    >>> cells = (Cell(0, 8), Cell(0, 9), Cell(1, 8), Cell(1, 9), Cell(2, 9))
    >>> a = Advice("pentomino", 3, 10, (Cell(0, 8),), pieces=(PiecePlacement("P", cells),),
    ...            status="Place P on row 1, columns 9 and 10; row 2, columns 9 and 10; row 3, "
    ...                   "column 10")
    >>> headline(a)[0]
    'Place P within rows 1-3, columns 9-10'
    >>> headline(a)[1]
    "P's cells: row 1, columns 9 and 10; row 2, columns 9 and 10; row 3, column 10"
    >>> i = tuple(Cell(2, c) for c in range(5))
    >>> headline(replace(a, pieces=(PiecePlacement("I", i),), status="Place I on row 3, "
    ...                  "columns 1, 2, 3, 4 and 5"))[0]
    'Place I: row 3, columns 1-5'
    """
    pieces = getattr(advice, "pieces", ())
    status = str(getattr(advice, "status", ""))
    if len(pieces) != 1 or not status.startswith(LEADS):
        return None
    piece = pieces[0]
    origin = getattr(advice, "origin", None) or (0, 0)
    rows = sorted({int(row_number(c.row, origin)) for c in piece.cells})
    cols = sorted({int(column_number(c.col, origin)) for c in piece.cells})
    lead = status.split(" ", 1)[0]
    # (the box of those rows and columns filled by the piece, or only lain within)
    filled = len({(c.row, c.col) for c in piece.cells}) == len(rows) * len(cols)
    short = (f"{lead} {piece.label}{': ' if filled else ' within '}{_span(rows, 'row')}, "
             f"{_span(cols, 'column')}")
    rest = status[status.index(" on ") + 4:] if " on " in status else ""
    cells = cell_names(piece.cells, origin=origin)
    if rest.startswith(cells):  # the solver's words past the cells (Try's "(unproven...)")
        rest = rest[len(cells):].strip()
    return short, f"{piece.label}'s cells: {cells}" + (f" {rest}" if rest else "")


def _span(numbers: list[int], what: str) -> str:
    first, last = numbers[0], numbers[-1]
    if first == last:
        return f"{what} {first}"
    return f"{what}s {first}-{last}"
