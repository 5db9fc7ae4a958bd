"""Errors that explain bad input to a player.

Every error raised for bad input carries a message that names what is wrong (the line, the
token, the cell, the rule), so the command line can print it as one clear line and exit
non-zero without a traceback.
"""

from __future__ import annotations


class InputError(Exception):
    """Base class of every error caused by the player's input rather than by a bug."""


class BoardFormatError(InputError):
    """A board's text cannot be parsed: wrong row length, unknown token, bad header.

    ``line`` is the 1-based line number in the source text (``None`` when unknown) and
    ``token`` the offending token, when there is one.
    """

    def __init__(self, message: str, *, line: int | None = None, token: str | None = None):
        self.line = line
        self.token = token
        where = f"line {line}: " if line is not None else ""
        super().__init__(f"{where}{message}")


class ImpossibleBoardError(InputError):
    """A well-formed board whose readings cannot all be true together.

    ``cells`` names a small set of (row, col) cells (0-based) whose readings conflict, so the
    player knows where to look for the typo or misread.
    """

    def __init__(self, message: str, *, cells: tuple[tuple[int, int], ...] = ()):
        self.cells = tuple(cells)
        super().__init__(message)
