"""Opening a file only when it is a regular file, and reading it only when it is not too big.

``open()`` on a FIFO blocks until some other process opens it for writing (for ever, when
none does), ``/dev/zero`` and ``/dev/urandom`` never end, and a symbolic link in a folder of
the player's data may point anywhere on the machine. So a file is looked at before it is
opened (its type, by ``stat``; with ``follow=False`` by ``lstat``, so a link is refused
instead of followed), opened without blocking (``O_NONBLOCK``: a FIFO swapped in between the
look and the open cannot block it) and looked at again through the open descriptor, which is
what is read from. Its size is compared with the limit before a byte is read, and reading
stops one byte past the limit all the same (a file may grow while it is read).

>>> import os, tempfile
>>> folder = tempfile.mkdtemp()
>>> fifo = os.path.join(folder, "pipe")
>>> os.mkfifo(fifo)
>>> try:
...     read_regular(fifo, limit=100)
... except NotRegularFile as error:
...     print(error.kind)
a named pipe (FIFO)
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path
from typing import BinaryIO

#: Flags of every open: no blocking on a FIFO, no descriptor leaking into a child process.
_OPEN_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0) \
    | getattr(os, "O_BINARY", 0)
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)

_KINDS = (
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISFIFO, "a named pipe (FIFO)"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
    (stat.S_ISLNK, "a symbolic link"),
)


def file_kind(mode: int) -> str:
    """What a file of ``mode`` (``st_mode``) is, in words: ``"a regular file"``,
    ``"a named pipe (FIFO)"``, ``"a character device"`` (``/dev/zero``), ...

    >>> file_kind(stat.S_IFCHR), file_kind(stat.S_IFREG | 0o644)
    ('a character device', 'a regular file')
    """
    for test, words in _KINDS:
        if test(mode):
            return words
    return "a regular file" if stat.S_ISREG(mode) else "not a regular file"


class NotRegularFile(OSError):
    """A file that is not a regular file (``kind`` says what it is), refused before reading."""

    def __init__(self, path: str | Path, kind: str):
        self.kind = kind
        super().__init__(errno.EINVAL, f"is {kind}, not a regular file", str(path))

    def __str__(self) -> str:
        return f"{self.filename}: {self.strerror}"


class FileTooLarge(OSError):
    """A file larger than the limit its reader gave, refused before (or while) reading it."""

    def __init__(self, path: str | Path, size: int, limit: int):
        self.size, self.limit = size, limit
        super().__init__(errno.EFBIG, f"more than {limit:,} bytes", str(path))

    def __str__(self) -> str:
        return f"{self.filename}: {self.strerror}"


def refuse_special(path: str | Path, *, follow: bool = True) -> os.stat_result:
    """The ``stat`` of ``path`` when it is a regular file; :class:`NotRegularFile` when it is
    anything else (with ``follow=False`` a symbolic link too), ``OSError`` when it is missing."""
    info = os.stat(path) if follow else os.lstat(path)
    if not stat.S_ISREG(info.st_mode):
        raise NotRegularFile(path, file_kind(info.st_mode))
    return info


def open_regular(path: str | Path, *, follow: bool = True) -> BinaryIO:
    """``path`` opened for reading in binary, checked to be a regular file before and after
    opening (a FIFO, a device, a socket or a folder is :class:`NotRegularFile`, and with
    ``follow=False`` so is a symbolic link, even one swapped in after the first look)."""
    refuse_special(path, follow=follow)
    try:
        fd = os.open(path, _OPEN_FLAGS | (0 if follow else _NOFOLLOW))
    except OSError as error:
        if error.errno == errno.ELOOP and not follow:
            raise NotRegularFile(path, "a symbolic link") from None
        raise
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise NotRegularFile(path, file_kind(info.st_mode))
        if hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def read_regular(path: str | Path, *, limit: int, follow: bool = True) -> bytes:
    """The bytes of the regular file ``path`` (see :func:`open_regular`), at most ``limit``:
    a larger file is :class:`FileTooLarge`, told from its size before anything is read."""
    with open_regular(path, follow=follow) as stream:
        size = os.fstat(stream.fileno()).st_size
        if size > limit:
            raise FileTooLarge(path, size, limit)
        data = stream.read(limit + 1)
    if len(data) > limit:  # it grew while being read
        raise FileTooLarge(path, len(data), limit)
    return data


#: How long a pipe (standard input) may stay silent before its reader gives up: a producer
#: that hangs, or standard input left at a terminal by mistake in a script.
PIPE_IDLE_SECONDS = 60.0


class ReadTimeout(OSError):
    """Nothing arrived on a pipe for ``seconds`` seconds."""

    def __init__(self, name: str, seconds: float):
        self.seconds = seconds
        super().__init__(errno.ETIMEDOUT, f"nothing arrived for {seconds:g} s", name)

    def __str__(self) -> str:
        return f"{self.filename}: {self.strerror}"


class TimedPipe:
    """A binary stream (standard input) read with a timeout: each :meth:`read` waits at most
    ``idle`` seconds for the first byte (:class:`ReadTimeout` then), so a pipe nobody writes
    to cannot hang the reader. A terminal is read without a timeout (a person is typing), and
    so is everything where ``select`` cannot wait on the stream (Windows)."""

    def __init__(self, stream: BinaryIO, name: str, idle: float | None = None):
        self.stream, self.name = stream, name
        self.idle = PIPE_IDLE_SECONDS if idle is None else idle
        try:
            self.fd: int | None = stream.fileno()
        except (AttributeError, OSError, ValueError):
            self.fd = None
        if self.fd is not None and (os.name != "posix" or os.isatty(self.fd)):
            self.fd = None

    def read(self, size: int = -1) -> bytes:
        """Up to ``size`` bytes (what has arrived, at least one unless the pipe ended)."""
        if self.fd is None:
            return self.stream.read(size)
        import select

        ready, _, _ = select.select([self.fd], [], [], self.idle)
        if not ready:
            raise ReadTimeout(self.name, self.idle)
        return os.read(self.fd, size if size >= 0 else 1 << 16)
