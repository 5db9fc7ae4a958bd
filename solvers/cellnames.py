"""How a board cell is written for a person: ``row 2, column 4``, counted from 1.

Every text a person reads (solver reports, status lines, reader notes, error messages, replay
texts, the live panel) names cells through this module and nowhere else, so a cell is written
one way throughout gridsight. Rows are counted from 1 at the top and columns from 1 at the
left, the way a player counts tiles on the screen: the games draw no coordinates, so a form
that needs no key (unlike a chessboard's ``B4``, whose letters and upward-counted ranks a
player would have to look up) reads at once. Machine-read outputs (JSON, the recommendation
log, :class:`~gridsight.solvers.advice.Cell`) stay 0-based; only the words are 1-based.

>>> cell_name(0, 3)
'row 1, column 4'
>>> cell_names([(2, 1), (0, 0), (2, 2), (2, 3), (0, 4)])
'row 3, columns 2 to 4; row 1, columns 1 and 5'
>>> cell_names([(r, 0) for r in range(5)], limit=3)
'row 1, column 1; row 2, column 1; row 3, column 1; and 2 more'

A board drawn inside a frame of unplayable rows and columns (a pentomino level with three rows
of frame above its shape) is counted from its first playable row and column, as the player
counts it: ``origin`` is that cell, 0-based, and every function here takes it.

>>> cell_name(3, 1, origin=(3, 0)), cell_names([(3, 1), (3, 2)], origin=(3, 0))
('row 1, column 2', 'row 1, columns 2 and 3')
"""

from __future__ import annotations

from typing import Any, Iterable


def _rc(cell: Any) -> tuple[int, int]:
    """``(row, col)`` of a tuple or of any object with ``row`` and ``col``."""
    if hasattr(cell, "row") and hasattr(cell, "col"):
        return int(cell.row), int(cell.col)
    row, col = cell
    return int(row), int(col)


Origin = Any  # a ``(row, col)`` pair or a :class:`~gridsight.solvers.advice.Cell`, 0-based
TOP_LEFT = (0, 0)


def cell_name(row: int, col: int, origin: Origin = TOP_LEFT) -> str:
    """The cell at 0-based ``row``, ``col`` as a person reads it: ``row R, column C`` (1-based,
    counted from ``origin``)."""
    r0, c0 = _rc(origin)
    return f"row {row - r0 + 1}, column {col - c0 + 1}"


def name_of(cell: Any, origin: Origin = TOP_LEFT) -> str:
    """:func:`cell_name` of a ``(row, col)`` pair or a :class:`~gridsight.solvers.advice.Cell`.

    >>> name_of((4, 0))
    'row 5, column 1'
    """
    return cell_name(*_rc(cell), origin=origin)


def row_name(row: int, origin: Origin = TOP_LEFT) -> str:
    """A 0-based row as a person reads it (``row 3``), for a table's row labels."""
    return f"row {row_number(row, origin)}"


def row_number(row: int, origin: Origin = TOP_LEFT) -> str:
    """A 0-based row as a person counts it (``3``), for a picture's row numbers."""
    return str(row - _rc(origin)[0] + 1)


def column_number(col: int, origin: Origin = TOP_LEFT) -> str:
    """A 0-based column as a person reads it in a table's header (``4``)."""
    return str(col - _rc(origin)[1] + 1)


def _columns(cols: list[int], word: str = "column") -> str:
    """``column 2``, ``columns 2 and 5``, ``columns 2 to 4``, ``columns 1, 3 and 6 to 8``
    (``word``: ``row`` for rows)."""
    runs: list[tuple[int, int]] = []
    for c in cols:
        if runs and c == runs[-1][1] + 1:
            runs[-1] = (runs[-1][0], c)
        else:
            runs.append((c, c))
    parts = []
    for a, b in runs:
        if a == b:
            parts.append(str(a + 1))
        elif b == a + 1:
            parts += [str(a + 1), str(b + 1)]
        else:
            parts.append(f"{a + 1} to {b + 1}")
    if len(cols) == 1:
        return f"{word} {parts[0]}"
    if len(parts) == 1:
        return f"{word}s {parts[0]}"
    return f"{word}s {', '.join(parts[:-1])} and {parts[-1]}"


def either_name(cell: Any, other: Any, origin: Origin = TOP_LEFT) -> str:
    """Two cells either of which will do, the one repeated part said once: ``row 2 or 4,
    column 3`` (one column), ``row 1, column 2 or 4`` (one row), else both whole.

    >>> either_name((1, 2), (3, 2)), either_name((0, 1), (0, 3))
    ('row 2 or 4, column 3', 'row 1, column 2 or 4')
    >>> either_name((0, 1), (2, 3))
    'row 1, column 2 or row 3, column 4'
    """
    (r, c), (r2, c2) = _rc(cell), _rc(other)
    if c == c2:
        return f"row {row_number(r, origin)} or {row_number(r2, origin)}, " \
               f"column {column_number(c, origin)}"
    if r == r2:
        return f"row {row_number(r, origin)}, column {column_number(c, origin)} or " \
               f"{column_number(c2, origin)}"
    return f"{cell_name(r, c, origin)} or {cell_name(r2, c2, origin)}"


def lines_named(word: str, indices: Iterable[int], origin: int = 0) -> str:
    """Whole rows or columns (``word``), 0-based ``indices`` counted from ``origin``'s:
    ``columns 1 and 2``, ``rows 4 to 6``.

    >>> lines_named("column", [1, 0]), lines_named("row", [5, 3, 4], origin=1)
    ('columns 1 and 2', 'rows 3 to 5')
    """
    return _columns(sorted({int(i) - origin for i in indices}), word)


def cell_names(cells: Iterable[Any], limit: int | None = None,
               origin: Origin = TOP_LEFT) -> str:
    """Several cells, grouped by row in the order their rows first appear: ``row 3, columns 2
    to 4; row 1, column 5``. Past ``limit`` cells (``None``: no limit) the rest are counted
    (``and 4 more``); no cells is ``""``."""
    r0, c0 = _rc(origin)
    pairs = list(dict.fromkeys((r - r0, c - c0) for r, c in (_rc(c) for c in cells)))
    shown = pairs if limit is None else pairs[:limit]
    rows: dict[int, list[int]] = {}
    for r, c in shown:
        rows.setdefault(r, []).append(c)
    parts = [f"{row_name(r)}, {_columns(sorted(cols))}" for r, cols in rows.items()]
    if len(pairs) > len(shown):
        parts.append(f"and {len(pairs) - len(shown)} more")
    return "; ".join(parts)


__all__ = ["TOP_LEFT", "cell_name", "cell_names", "column_number", "either_name", "lines_named",
           "name_of", "row_name", "row_number"]
