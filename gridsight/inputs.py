"""Reading the player's input files, with errors that name the file and the problem."""

from __future__ import annotations

import sys
from pathlib import Path

from solvers.errors import InputError


def read_text(path: str) -> tuple[str, str]:
    """Return ``(source name, text)`` of ``path``, or of standard input for ``-``.

    Raises :class:`InputError` naming the file when it is missing, unreadable or not text.
    """
    if path == "-":
        try:
            return "<stdin>", sys.stdin.read()
        except UnicodeDecodeError as error:
            raise InputError(f"<stdin>: not UTF-8 text ({error.reason})") from None
    file = Path(path)
    try:
        data = file.read_bytes()
    except FileNotFoundError:
        raise InputError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise InputError(f"{path}: is a folder, not a board file") from None
    except OSError as error:
        raise InputError(f"{path}: cannot read ({error.strerror})") from None
    try:
        return path, data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise InputError(
            f"{path}: not UTF-8 text (byte {error.start}); is it an image? "
            "boards are text files"
        ) from None
