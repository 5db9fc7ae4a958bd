"""Reading the player's input files, with errors that name the file and the problem.

Input is read in chunks and refused as soon as it passes its size limit
(:mod:`gridsight.limits`), so an endless input (``yes |``) stops at the limit instead of
filling the memory, and Ctrl-C is seen between chunks. A file named on the command line must
be a regular file: a FIFO (which would hang the ``open`` itself), a device (``/dev/zero``), a
socket or a folder is refused by its type before it is opened. ``-`` is standard input, read
as a pipe with a timeout (:class:`gridsight.safefiles.TimedPipe`: silent for a minute, it is given up on).
Text is UTF-8, with or without a byte order mark (Windows editors write one), on standard
input as in files.
"""

from __future__ import annotations

import errno
import os
import sys
from pathlib import Path

from gridsight.limits import MAX_BOARD_BYTES
from gridsight.safefiles import NotRegularFile, ReadTimeout, TimedPipe, open_regular
from gridsight.solvers.errors import InputError, one_line

CHUNK = 1 << 16
STDIN = "<stdin>"


class InputTooLarge(InputError):
    """An input larger than its limit; the message names the option that raises it."""


def read_text(path: str, *, limit: int = MAX_BOARD_BYTES, what: str = "a board file",
              option: str = "--max-input-bytes") -> tuple[str, str]:
    """Return ``(source name, text)`` of ``path``, or of standard input for ``-``.

    Raises :class:`InputError` naming the file when it is missing, unreadable, larger than
    ``limit`` bytes or not UTF-8 text.
    """
    source, data = read_bytes(path, limit=limit, what=what, option=option)
    try:
        return source, data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        hint = "; is it an image? boards are text files" if source != STDIN else ""
        raise InputError(f"{source}: not UTF-8 text (byte {error.start}){hint}") from None


def read_bytes(path: str, *, limit: int, what: str = "the input",
               option: str = "--max-input-bytes", kind: str = "file") -> tuple[str, bytes]:
    """Return ``(source name, bytes)`` of ``path`` (``-``: standard input), reading at most
    ``limit`` bytes: one more is :class:`InputTooLarge`. ``kind`` names the file in the
    errors ("no such log file")."""
    if path == "-":
        stream = getattr(sys.stdin, "buffer", None)
        if stream is None:  # a text stream put in place of stdin (tests, embedding)
            return STDIN, _read_text_stream(sys.stdin, limit, what, option)
        try:
            return STDIN, _read_stream(TimedPipe(stream, STDIN), STDIN, limit, what, option)
        except ReadTimeout as error:
            raise InputError(f"{STDIN}: nothing arrived for {error.seconds:g} s (pipe the "
                             "input in, or end typing with Ctrl-D)") from None
    try:
        with open_regular(path) as stream:
            return path, _read_stream(stream, path, limit, what, option)
    except OSError as error:
        raise InputError(f"{one_line(path)}: {file_problem(path, error, kind)}") from None


def _read_stream(stream, name: str, limit: int, what: str, option: str) -> bytes:
    chunks: list[bytes] = []
    total = 0
    while True:
        chunk = stream.read(min(CHUNK, limit + 1 - total))
        if not chunk:
            return b"".join(chunks)
        chunks.append(chunk)
        total += len(chunk)
        if total > limit:
            raise too_large(name, limit, what, option)


def _read_text_stream(stream, limit: int, what: str, option: str) -> bytes:
    chunks: list[bytes] = []
    total = 0
    while True:
        chunk = stream.read(CHUNK)
        if not chunk:
            return b"".join(chunks)
        data = chunk.encode("utf-8", "surrogateescape")
        chunks.append(data)
        total += len(data)
        if total > limit:
            raise too_large(STDIN, limit, what, option)


def too_large(name: str, limit: int, what: str, option: str) -> InputTooLarge:
    return InputTooLarge(f"{name}: more than {limit:,} bytes, the limit for {what}; "
                         f"raise it with {option} N")


def file_problem(path: str | Path, error: OSError, kind: str = "file") -> str:
    """What is wrong with a file that could not be opened, in a few words.

    A dangling symbolic link and a loop of links are told apart from a missing file (``open``
    says "no such file" for the first and "too many levels" for the second).
    """
    if isinstance(error, NotRegularFile):
        hint = "; to read a pipe, give - and redirect it: < PIPE" \
            if "pipe" in error.kind else ""
        return f"is {error.kind}, not a {kind}{hint}"
    if isinstance(error, IsADirectoryError):
        return f"is a folder, not a {kind}"
    if error.errno == errno.ELOOP:
        return "a loop of symbolic links (a link leads back to itself)"
    if isinstance(error, FileNotFoundError):
        if os.path.islink(path):
            return f"a symbolic link to a missing file ({os.readlink(path)})"
        return f"no such {kind}"
    return f"cannot read ({error.strerror or error})"
