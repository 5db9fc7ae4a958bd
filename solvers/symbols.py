"""The symbols gridsight's text tables use, each with one meaning in every game.

A player who reads a Disco Zoo table and then a tile-path one must not meet ``x`` meaning
"certainly empty" in one and "crossed" in the other, so every symbol a report prints in a
table (beyond numbers, percentages and whole words) is listed here once, with its meaning,
and each table is followed by a key line written by :func:`key_line` from this list: a
report cannot give a symbol a second meaning without changing it here for every game
(``tests/test_text_output.py`` checks every table of every example against it).

Whole words (``SAFE``, ``blue``, ``Gorilla``), numbers (a step, a count of mines around) and
percentages need no entry: they say what they are, and the table's heading names what the
percentages are chances of.

>>> key_line(("#", "x", "@"))
'Key: # wall or outside the shape; x crossed; @ Link'
>>> key_line(("[ ]",), lead="")
'[ ] the advice'
"""

from __future__ import annotations

from typing import Iterable

#: Every symbol of a text table, and its one meaning.
SYMBOLS: dict[str, str] = {
    ".": "still to cover",
    "#": "wall or outside the shape",
    "x": "crossed",
    "@": "Link",
    "S": "start",
    "E": "end",
    "B": "may be the one tile left",
    "*": "mine shown",
    "-": "tapped, no animal",
    "[ ]": "the advice",
    "( )": "certain, not tapped yet",
    "?": "not read",
    "f": "flagged, its chance after it (f12%: 12% a mine; fmine: certainly a mine)",
    "~": "not counted in time",
    "<": "not counted in time, at most that chance (<18%: at most 18%)",
}


def meaning(symbol: str) -> str:
    """What ``symbol`` means in every table (a ``KeyError`` for a symbol not listed)."""
    return SYMBOLS[symbol]


def key_line(symbols: Iterable[str], lead: str = "Key: ") -> str:
    """The key under a table: each of ``symbols`` (in the given order) and its meaning."""
    return lead + "; ".join(f"{s} {meaning(s)}" for s in dict.fromkeys(symbols))


def fits(lines: Iterable[str], width: int = 100) -> bool:
    """Whether no line is wider than ``width`` columns."""
    return all(len(line) <= width for line in lines)


__all__ = ["SYMBOLS", "fits", "key_line", "meaning"]
