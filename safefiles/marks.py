"""gridsight's mark in the PNG files it writes, so that it replaces only its own.

A picture gridsight writes under a name it chooses (``analyze --out``'s ``<name>-advice.png``,
``live --log --save-frames``'s ``<log>-00001.png``) carries a PNG text chunk right after the
header (``Software: gridsight ...``; the pixels unchanged, any PNG reader skips it). A later
write replaces a file at that name only when it carries the same mark: a file of the player's
own that happens to have the name is kept, and the writer takes another name.

>>> png = b"\\x89PNG\\r\\n\\x1a\\n" + bytes(25) + b"IDAT..."
>>> marked(png, "saved frame")[HEAD + 4:HEAD + 12]
b'tEXtSoft'
"""

from __future__ import annotations

import zlib
from pathlib import Path

#: The signature (8 bytes) and the IHDR chunk (25), always first in a PNG.
HEAD = 33


def _chunk(kind: str) -> bytes:
    text = b"Software\x00gridsight " + kind.encode("ascii")
    return len(text).to_bytes(4, "big") + b"tEXt" + text + zlib.crc32(b"tEXt" + text).to_bytes(
        4, "big")


def marked(png: bytes, kind: str) -> bytes:
    """An encoded PNG with gridsight's mark of ``kind`` ("annotated picture") after its
    header."""
    return png[:HEAD] + _chunk(kind) + png[HEAD:]


def replaceable(target: Path, kind: str) -> bool:
    """Whether gridsight may write a PNG of ``kind`` at ``target``: nothing is there, or a file
    it wrote itself (its mark). A file of the player's own is kept; what is not a regular file
    (a link, a folder, a FIFO) is left to the writer, which refuses it in words."""
    marked_there = _mark_read(target, kind, follow=False)
    return True if marked_there is None else marked_there


def carries(path: Path, kind: str) -> bool:
    """Whether the file at ``path`` is a PNG of ``kind`` gridsight wrote (its mark); ``False``
    for anything else, or what cannot be read."""
    return bool(_mark_read(path, kind, follow=True))


def _mark_read(path: Path, kind: str, *, follow: bool) -> bool | None:
    """Whether the regular file at ``path`` starts with ``kind``'s mark after the PNG's head;
    ``None`` when it cannot be read (nothing there, not a regular file, a link not followed)."""
    from gridsight.safefiles.read import open_regular

    mark = _chunk(kind)
    try:
        with open_regular(path, follow=follow) as stream:
            return stream.read(HEAD + len(mark))[HEAD:] == mark
    except OSError:
        return None


__all__ = ["HEAD", "carries", "marked", "replaceable"]
