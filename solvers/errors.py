"""Errors that explain bad input to a player, and how their messages quote that input.

Every error raised for bad input carries a message that names what is wrong (the file, the
line, the token, the cell, the rule), so the command line can print it as one clear line and
exit non-zero without a traceback.

Input quoted back in a message is the player's own text, which may be anything: a 2 MB token,
NUL bytes, escape sequences. :func:`shown` quotes a token safely (control characters escaped,
long tokens cut) and :func:`one_line` makes any message one printable line of bounded length.

>>> str(BoardFormatError("row has 2 tokens", line=3, source="board.txt"))
'board.txt: line 3: row has 2 tokens'
>>> shown("a\\x00b")
"'a\\\\x00b'"
"""

from __future__ import annotations

import re

#: Tokens longer than this are cut when quoted in a message.
SHOWN_CHARS = 24
#: Runs of non-blank characters longer than this (no file path is) are cut in a message.
RUN_CHARS = 256
#: The longest message line printed; longer ones are cut.
LINE_CHARS = 1000
_LONG_RUN = re.compile(r"\S{%d,}" % (RUN_CHARS + 1))


class InputError(Exception):
    """Base class of every error caused by the player's input rather than by a bug."""


class BoardFormatError(InputError):
    """A board's text cannot be parsed: wrong row length, unknown token, bad header.

    ``line`` is the 1-based line number in the source text (``None`` when unknown), ``token``
    the offending token, when there is one, and ``source`` the file it came from (``None``:
    the caller names it). ``detail`` is the message without the place.
    """

    def __init__(self, message: str, *, line: int | None = None, token: str | None = None,
                 source: str | None = None):
        self.line = line
        self.token = token
        self.source = source
        self.detail = message
        where = f"line {line}: " if line is not None else ""
        named = f"{source}: " if source else ""
        super().__init__(f"{named}{where}{message}")

    def with_source(self, source: str) -> "BoardFormatError":
        """The same error, naming ``source`` (unless it already names a source)."""
        if self.source:
            return self
        return BoardFormatError(self.detail, line=self.line, token=self.token, source=source)


class ImpossibleBoardError(InputError):
    """A well-formed board whose readings cannot all be true together.

    ``cells`` names a small set of (row, col) cells (0-based) whose readings conflict, so the
    player knows where to look for the typo or misread.
    """

    def __init__(self, message: str, *, cells: tuple[tuple[int, int], ...] = ()):
        self.cells = tuple(cells)
        super().__init__(message)


def named(error: BaseException, source: str) -> str:
    """The message of ``error`` naming ``source`` once: ``board.txt: line 3: ...``."""
    if isinstance(error, BoardFormatError):
        return str(error.with_source(source))
    text = str(error)
    return text if text.startswith(f"{source}:") or text.startswith(f"{source},") \
        else f"{source}: {text}"


def shown(token: str, limit: int = SHOWN_CHARS) -> str:
    """``token`` quoted for a message: control characters escaped, cut after ``limit``.

    >>> shown("Tiger")
    "'Tiger'"
    >>> shown("x" * 100)
    "'xxxxxxxxxxxxxxxxxxxxxxxx...' (100 characters)"
    """
    if len(token) <= limit:
        return f"'{_escaped(token)}'"
    return f"'{_escaped(token[:limit])}...' ({len(token):,} characters)"


def one_line(message: str, limit: int = LINE_CHARS) -> str:
    """``message`` as one printable line: long runs of non-blank characters cut (the bad
    token of a 2 MB line), newlines and other control characters escaped, at most ``limit``
    characters.

    >>> one_line("bad token 'ab\\ncd'")
    "bad token 'ab\\\\ncd'"
    >>> one_line("token " + "z" * 5000).endswith("... (5,000 characters)")
    True
    """
    text = _LONG_RUN.sub(
        lambda m: f"{m.group()[:SHOWN_CHARS]}... ({len(m.group()):,} characters)", message)
    text = _escaped(text)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _escaped(text: str) -> str:
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in text)
