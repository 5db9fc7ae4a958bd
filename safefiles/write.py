"""Writing one file atomically: a temporary beside it, ``fsync``, rename over it.

The temporary gets a fresh random name (``.<name>.<random>.tmp``) and is created with
``O_CREAT | O_EXCL | O_NOFOLLOW``, so a file or symbolic link planted under a predictable
name (``status.json.tmp`` pointing at the player's ``~/.bashrc``) is never written through.
The target itself is refused when it is a symbolic link or anything but a regular file (a
folder, a FIFO, a device): ``rename`` would replace the link itself, silently turning the
player's link into a file, and writing through it would overwrite whatever it points at.

After the rename the folder is flushed too (POSIX), so the new name survives a power cut.
A replaced file keeps its permission bits; a new one gets ``mode`` less the umask.

>>> import tempfile, pathlib
>>> target = pathlib.Path(tempfile.mkdtemp()) / "status.json"
>>> write_file(target, '{"ok": true}\\n') == target
True
>>> target.read_text()
'{"ok": true}\\n'
>>> sorted(p.name for p in target.parent.iterdir())  # no temporary left behind
['status.json']
"""

from __future__ import annotations

import errno
import os
import secrets
import stat
from contextlib import contextmanager
from pathlib import Path
from typing import BinaryIO, Iterator

from gridsight.safefiles.read import file_kind

_CREATE = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) \
    | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)


class SaveError(OSError):
    """A file (or folder) that could not be written; whatever was there before is intact.

    ``str()`` is one line naming the file and the reason: ``cannot write status.json (No
    space left on device); the previous file is kept``.
    """

    def __init__(self, path: str | Path, reason: str, code: int | None = 0, *,
                 kept: bool = True):
        self.path = str(path)
        self.reason = reason
        self.kept = kept
        super().__init__(code or errno.EIO, reason, self.path)

    def __str__(self) -> str:
        tail = "; the previous one is kept" if self.kept else ""
        return f"cannot write {self.path} ({self.reason}){tail}"


def reason_of(error: OSError) -> str:
    """A few words for an ``OSError``: its ``strerror`` (``No space left on device``)."""
    if isinstance(error, SaveError):
        return error.reason
    return error.strerror or str(error) or type(error).__name__


def check_target(path: Path) -> os.stat_result | None:
    """The ``lstat`` of an existing target (``None`` when there is none yet);
    :class:`SaveError` when it is a symbolic link or not a regular file."""
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        return None
    except OSError as error:
        raise SaveError(path, reason_of(error), error.errno) from None
    if stat.S_ISLNK(info.st_mode):
        raise SaveError(path, "it is a symbolic link; gridsight does not write through links "
                        "(remove it, or give the file it points to)", errno.ELOOP)
    if not stat.S_ISREG(info.st_mode):
        raise SaveError(path, f"it is {file_kind(info.st_mode)}, not a regular file",
                        errno.EINVAL)
    return info


def temporary_beside(path: Path, *, suffix: str = ".tmp", mode: int = 0o644) -> tuple[Path, int]:
    """A new file ``.<name>.<random><suffix>`` in ``path``'s folder, created exclusively (never
    an existing file, never through a link): its path and an open write descriptor."""
    for _ in range(100):
        tmp = path.with_name(f".{path.name}.{secrets.token_hex(6)}{suffix}")
        try:
            return tmp, os.open(tmp, _CREATE, mode)
        except FileExistsError:
            continue
    raise SaveError(path, "no free temporary name beside it", errno.EEXIST)


def sync_folder(folder: Path) -> None:
    """Flush a folder's entries to the disk (a rename in it then survives a power cut).
    Nothing to do, or nothing possible, on Windows."""
    if os.name != "posix":
        return
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:  # some file systems cannot sync a folder; the rename is done all the same
        pass
    finally:
        os.close(fd)


@contextmanager
def atomic_file(path: str | Path, *, mode: int = 0o644, fsync: bool = True,
                make_parents: bool = True) -> Iterator[BinaryIO]:
    """Write ``path`` through a binary file: it replaces ``path`` when the block ends without
    an exception, and is thrown away otherwise (``path`` untouched). Raises
    :class:`SaveError` for every failure of its own (the disk full, the folder read-only,
    ``path`` a link or a FIFO)."""
    path = Path(path)
    if make_parents:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise SaveError(path, f"cannot create its folder: {reason_of(error)}",
                            error.errno) from None
    old = check_target(path)
    kept = old is not None  # (nothing was there: no "previous one is kept")
    try:
        tmp, fd = temporary_beside(path, mode=mode)
    except SaveError:
        raise
    except OSError as error:
        raise SaveError(path, reason_of(error), error.errno, kept=kept) from None
    try:
        with os.fdopen(fd, "wb") as stream:
            try:
                yield stream
                stream.flush()
            except OSError as error:
                raise SaveError(path, reason_of(error), error.errno, kept=kept) from None
            if old is not None and hasattr(os, "fchmod"):
                try:
                    os.fchmod(stream.fileno(), stat.S_IMODE(old.st_mode))
                except OSError:
                    pass
            if fsync:
                try:
                    os.fsync(stream.fileno())
                except OSError as error:
                    raise SaveError(path, reason_of(error), error.errno, kept=kept) from None
        check_target(path)  # still not a link or a FIFO (it may have been swapped meanwhile)
        try:
            os.replace(tmp, path)
        except OSError as error:
            raise SaveError(path, reason_of(error), error.errno, kept=kept) from None
    except BaseException as error:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        if isinstance(error, OSError) and not isinstance(error, SaveError):
            raise SaveError(path, reason_of(error), error.errno, kept=kept) from None
        raise
    if fsync:
        sync_folder(path.parent)


def write_file(path: str | Path, data: bytes | str, *, mode: int = 0o644,
               fsync: bool = True) -> Path:
    """Replace ``path`` with ``data`` (text is written as UTF-8) atomically; returns ``path``.
    Raises :class:`SaveError`, leaving any previous ``path`` as it was."""
    payload = data.encode("utf-8") if isinstance(data, str) else bytes(data)
    with atomic_file(path, mode=mode, fsync=fsync) as stream:
        stream.write(payload)
    return Path(path)


_APPEND = os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) \
    | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)


class PartialWrite(SaveError):
    """An append that wrote only ``written`` of its bytes (the disk filled up meanwhile)."""

    def __init__(self, path: str | Path, written: int, wanted: int, reason: str = "",
                 code: int = errno.ENOSPC):
        self.written = written
        why = f"{reason}; " if reason else ""
        super().__init__(path, f"{why}only {written} of {wanted} bytes written", code,
                         kept=False)


def _open_regular(path: Path | str, flags: int) -> int:
    """A descriptor of the regular file ``path`` opened with ``flags`` (which hold
    ``O_NOFOLLOW``), for :func:`append_file` and :func:`truncate_file`: a symbolic link, a
    named pipe or anything but a regular file refused as :class:`SaveError`, the descriptor
    closed."""
    try:
        fd = os.open(path, flags, 0o644)
    except OSError as error:
        if error.errno == errno.ELOOP:
            raise SaveError(path, "it is a symbolic link; gridsight does not write through "
                            "links", errno.ELOOP, kept=False) from None
        if error.errno == errno.ENXIO:  # a FIFO nobody reads
            raise SaveError(path, "it is a named pipe (FIFO), not a regular file",
                            errno.ENXIO, kept=False) from None
        raise SaveError(path, reason_of(error), error.errno, kept=False) from None
    try:
        info = os.fstat(fd)
    except OSError as error:
        os.close(fd)
        raise SaveError(path, reason_of(error), error.errno, kept=False) from None
    if not stat.S_ISREG(info.st_mode):
        os.close(fd)
        raise SaveError(path, f"it is {file_kind(info.st_mode)}, not a regular file",
                        errno.EINVAL, kept=False)
    return fd


def append_file(path: str | Path, data: bytes, *, fsync: bool = True,
                make_parents: bool = True) -> None:
    """Append ``data`` to ``path`` (created when missing), then ``fsync``:
    the one way gridsight adds to a file (a log is append-only, so it is never replaced).
    Refuses a symbolic link (never followed, even one planted under a predictable name in
    the shared temporary folder) and anything but a regular file (:class:`SaveError`); a
    short write is :class:`PartialWrite`, saying how much went."""
    path = Path(path)
    if make_parents:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise SaveError(path, f"cannot create its folder: {reason_of(error)}",
                            error.errno, kept=False) from None
    fd = _open_regular(path, _APPEND)
    try:
        written = 0
        while written < len(data):  # a short write: the next one says why (the disk is full)
            try:
                count = os.write(fd, data[written:])
            except OSError as error:
                if not written:
                    raise SaveError(path, reason_of(error), error.errno, kept=False) from None
                raise PartialWrite(path, written, len(data), reason_of(error),
                                   error.errno or errno.ENOSPC) from None
            if count <= 0:
                raise PartialWrite(path, written, len(data))
            written += count
        if fsync:
            try:
                os.fsync(fd)
            except OSError as error:
                raise SaveError(path, reason_of(error), error.errno, kept=False) from None
    finally:
        os.close(fd)


_TRUNCATE = os.O_WRONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0) \
    | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)


def truncate_file(path: str | Path, size: int) -> None:
    """Cut the regular file ``path`` to ``size`` bytes, never through a symbolic link
    (``os.truncate`` follows one: a log swapped for a link after it was checked would have cut
    the file the link points to). Raises :class:`SaveError` for a link, anything but a
    regular file, or a failure."""
    fd = _open_regular(path, _TRUNCATE)
    try:
        try:
            os.ftruncate(fd, size)
        except OSError as error:
            raise SaveError(path, reason_of(error), error.errno, kept=False) from None
    finally:
        os.close(fd)
