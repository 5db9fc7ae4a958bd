"""The board's cells a game window partly off the screen hides, said in words.

A window dragged partly past the screen's edge is still captured whole (its own pixels), so
the board is read and advised on whole: the advice may name a cell the player cannot see,
and the player, counting the columns they see, takes the first one shown for column 1. The
strip says so when the first columns (rows) are off the screen: the count is the board's
own; and first the advised cell, when it is off the screen.

A cell counts as seen when its centre lies on a screen: one cut a few pixels by the edge is
seen well enough to tap.

>>> unseen_words({(r, c) for r in range(5) for c in (0, 1)}, [(1, 2)], 5, 5)
"columns 1 and 2 are off the screen: the columns count from the board's own edge"
>>> unseen_words({(r, 4) for r in range(5)}, [(1, 4)], 5, 5)
"row 2, column 5 is off the screen: move the game's window to see it"
>>> unseen_words({(r, 4) for r in range(5)}, [(1, 4), (3, 4)], 5, 5)
"row 2, column 5; row 4, column 5 are off the screen: move the game's window to see them"
>>> unseen_words({(r, 4) for r in range(5)}, [(1, 2)], 5, 5)
''
"""

from __future__ import annotations

from typing import Iterable

from gridsight.solvers.cellnames import cell_names, lines_named


def unseen_words(hidden: set[tuple[int, int]], advised: Iterable[tuple[int, int]], rows: int,
                 cols: int, origin: tuple[int, int] = (0, 0)) -> str:
    """What the strip says of the board's ``hidden`` cells (``(row, col)``, 0-based; of a
    ``rows`` x ``cols`` board counted from ``origin``): the ``advised`` ones among them, then
    the whole columns (rows) hidden from the first one on, which shift the player's count;
    ``""`` when neither (columns past the screen's right edge change no count)."""
    parts = []
    off = [cell for cell in advised if tuple(cell) in hidden]
    if off:
        one = len(off) == 1
        parts.append(f"{cell_names(off, origin=origin)} {'is' if one else 'are'} off the "
                     f"screen: move the game's window to see {'it' if one else 'them'}")
    playing_rows, playing_cols = range(origin[0], rows), range(origin[1], cols)
    for word, lines, across, first in (
            ("column", playing_cols, playing_rows, origin[1]),
            ("row", playing_rows, playing_cols, origin[0])):
        whole = [line for line in lines if all(
            ((other, line) if word == "column" else (line, other)) in hidden for other in across)]
        if first in whole:
            named = lines_named(word, whole, first)
            verb = "is" if len(whole) == 1 else "are"
            parts.append(f"{named} {verb} off the screen: the {word}s count from the board's "
                         "own edge")
    return "; ".join(parts)


__all__ = ["unseen_words"]
