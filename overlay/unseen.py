"""The board's cells a game window partly off the screen hides, said in words.

A window dragged partly past the screen's edge is still captured whole (its own pixels), so
the board is read and advised on whole: the advice may name a cell the player cannot see,
and the player, counting the columns they see, takes the first one shown for column 1. The
strip says which rows or columns are off the screen (so the count is the board's own), and
first the advised cell when it is one of them.

A cell counts as seen when its centre lies on a screen: one cut a few pixels by the edge is
seen well enough to tap.

>>> unseen_words({(r, c) for r in range(5) for c in (0, 1)}, [(1, 2)], 5, 5)
"columns 1 and 2 are off the screen: the columns count from the board's own edge"
>>> unseen_words({(r, 0) for r in range(5)}, [(1, 0)], 5, 5)
"row 2, column 1 is off the screen: move the game's window to see it; column 1 is off the screen"
>>> unseen_words(set(), [(1, 0)], 5, 5)
''
"""

from __future__ import annotations

from typing import Iterable

from gridsight.solvers.cellnames import cell_names, lines_named


def unseen_words(hidden: set[tuple[int, int]], advised: Iterable[tuple[int, int]], rows: int,
                 cols: int, origin: tuple[int, int] = (0, 0)) -> str:
    """What the strip says of the board's ``hidden`` cells (``(row, col)``, 0-based; of a
    ``rows`` x ``cols`` board counted from ``origin``) and of the ``advised`` ones among
    them; ``""`` when none is hidden."""
    if not hidden:
        return ""
    parts = []
    off = [cell for cell in advised if tuple(cell) in hidden]
    if off:
        parts.append(f"{cell_names(off, origin=origin)} "
                     f"{'is' if len(off) == 1 else 'are'} off the screen: move the game's "
                     "window to see it")
    lines = _whole_lines(hidden, rows, cols, origin)
    if lines:
        verb = "are" if lines.startswith(("rows", "columns")) else "is"
        counted = "" if off else (
            ": the columns count from the board's own edge" if "column" in lines
            else ": the rows count from the board's own edge")
        parts.append(f"{lines} {verb} off the screen{counted}")
    elif not off:
        parts.append(f"{len(hidden)} of the board's cells are off the screen: the rows and "
                     "columns count from the board's own edges")
    return "; ".join(parts)


def _whole_lines(hidden: set[tuple[int, int]], rows: int, cols: int,
                 origin: tuple[int, int]) -> str:
    """The whole columns, else whole rows, that ``hidden`` is (``""``: neither)."""
    columns = sorted({c for _, c in hidden})
    if all((r, c) in hidden for c in columns for r in range(origin[0], rows)):
        return lines_named("column", columns, origin[1])
    lines = sorted({r for r, _ in hidden})
    if all((r, c) in hidden for r in lines for c in range(origin[1], cols)):
        return lines_named("row", lines, origin[0])
    return ""


__all__ = ["unseen_words"]
