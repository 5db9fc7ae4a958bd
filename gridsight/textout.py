"""A report as the terminal shows it: the advice emphasised, no line wider than 100 columns.

Every game's report starts with the advice in one short line (``Tap row 4, column 1 - 80% an
animal``); on a terminal that line is set in bold so the eye finds it first (not when the
output goes to a file or a pipe, nor with ``NO_COLOR`` set). Tables are laid out to fit 100
columns by their game (a wide Minesweeper board in parts); a line of prose that is longer (a
long list of cells) is wrapped at a word boundary, its continuation indented.

>>> print(for_terminal("Open row 1, column 5 - certainly safe\\n" + "row 1, column 2; " * 8,
...                    width=60, emphasise=False))
Open row 1, column 5 - certainly safe
row 1, column 2; row 1, column 2; row 1, column 2; row 1,
  column 2; row 1, column 2; row 1, column 2; row 1, column
  2; row 1, column 2;
"""

from __future__ import annotations

import os
import sys
import textwrap
from typing import TextIO

WIDTH = 100
BOLD, PLAIN = "\033[1m", "\033[0m"


def wrap_line(line: str, width: int = WIDTH) -> list[str]:
    """``line`` as lines of at most ``width`` columns (a word longer than that stays whole),
    its continuation indented two columns more than the line itself (an indented note's
    continuation was less indented than its first line, and read as a note of its own).

    >>> wrap_line("   a note that is read in two lines", 24)
    ['   a note that is read', '     in two lines']
    """
    if len(line) <= width:
        return [line]
    indent = line[: len(line) - len(line.lstrip(" "))]
    return textwrap.wrap(line.lstrip(" "), width=width, initial_indent=indent,
                         subsequent_indent=indent + "  ", break_long_words=False,
                         break_on_hyphens=False, drop_whitespace=True) or [line]


def with_status(text: str, status: str | None) -> str:
    """``text`` (a solver's report) with its first line, the advice, replaced by ``status``
    when that is the same advice with a caveat added (a found tile read "Panda or Tiger" that
    changes the advice, an unread cell), so the line the eye finds first never states the
    advice without the doubt the report says further down.

    >>> with_status("Tap row 1, column 1\\ndetails", "Tap row 1, column 1 (but unsure)")
    'Tap row 1, column 1 (but unsure)\\ndetails'
    >>> with_status("Tap row 1, column 1\\ndetails", "Open row 2, column 2")
    'Tap row 1, column 1\\ndetails'
    """
    first, newline, rest = text.partition("\n")
    if status and status != first and status.startswith(first):
        return status + newline + rest
    return text


def wants_emphasis(stream: TextIO | None = None) -> bool:
    """Whether ``stream`` (standard output) is a terminal that may show bold text."""
    stream = stream or sys.stdout
    if os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":
        return False
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def for_terminal(text: str, width: int = WIDTH, emphasise: bool | None = None,
                 headline: int = 0) -> str:
    """``text`` with every line wrapped to ``width`` columns and line ``headline`` (the
    advice: the first, or the second under a file's heading) in bold when ``emphasise``
    (default: :func:`wants_emphasis`)."""
    source = text.rstrip("\n").split("\n")
    lines = []
    for k, line in enumerate(source):
        parts = wrap_line(line, width)
        if k == headline and (wants_emphasis() if emphasise is None else emphasise):
            parts = [f"{BOLD}{part}{PLAIN}" for part in parts]
        lines += parts
    return "\n".join(lines)


__all__ = ["WIDTH", "for_terminal", "wants_emphasis", "wrap_line"]
