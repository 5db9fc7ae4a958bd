"""Replacing a folder of files (a template pack, a pit calibration) in one step, keeping what
is not ours.

:func:`replace_folder` writes the new files into a temporary folder beside the target
(``.<name>.new-<random>``), flushes each and the folder to the disk, and swaps it in by a
rename, so at every instant the target is either the whole old folder or the whole new one:
``kill -9`` or a full disk in the middle leaves the old pack loadable.

What the folder holds besides the files being replaced is not ours to delete: the caller says
which entries of a folder are its own (``own(folder)``: a pack's manifest and the images it
names, as paths relative to the folder), and every other file is carried into the new folder
(a hard link made before the swap, so it is never missing from the target; moved after the
swap when a link is not possible, and so is a sub-folder none of whose paths are ours). A
symbolic link inside the folder is refused: the save stops before anything changes.

The swap itself is ``renameat2(RENAME_EXCHANGE)`` on Linux (both names always exist). Where
that is not available, the old folder is renamed aside (``.<name>.old-<random>``) and the new
one into place: a crash between those two renames leaves the old folder beside the target
under that name, and the next save of the same folder puts it back
(:func:`_recover_leftovers`). A folder left beside the target by a crash is emptied only of
what is provably redundant (its owner's own files, links of files the target has), and
removed only once empty.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp()) / "pack"
>>> _ = replace_folder(folder, {"manifest.json": b"{}", "a.png": b"1"})
>>> (folder / "notes.txt").write_text("mine")
4
>>> own = lambda f: {"manifest.json", "a.png", "b.png"}  # a pack would read its manifest
>>> _ = replace_folder(folder, {"manifest.json": b"{}", "b.png": b"2"}, own=own)
>>> sorted(p.name for p in folder.iterdir())  # a.png was the pack's; notes.txt is kept
['b.png', 'manifest.json', 'notes.txt']
>>> sorted(p.name for p in folder.parent.iterdir())  # nothing left beside it
['pack']
"""

from __future__ import annotations

import ctypes
import errno
import json
import os
import secrets
import stat
import sys
from collections.abc import Callable, Collection, Mapping
from pathlib import Path

from gridsight.safefiles.write import SaveError, reason_of, sync_folder

#: In a folder being emptied, the names its owner's own files had (written before any is
#: deleted, removed last), so a kill in the middle never makes them look like the player's.
_OWNED = ".owned.json"
_RENAME_EXCHANGE = 2
_AT_FDCWD = -100
_CREATE = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) \
    | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)

Owner = Callable[[Path], Collection[str]]


def plain_name(name: str) -> bool:
    """A file name with no folder part, not hidden, not empty, not ``.`` or ``..``.

    >>> plain_name("anchor.png"), plain_name("../x"), plain_name(".hidden"), plain_name("")
    (True, False, False, False)
    """
    return bool(name) and not name.startswith(".") and "/" not in name and "\\" not in name \
        and "\x00" not in name and (os.altsep is None or os.altsep not in name)


def plain_path(path: str) -> bool:
    """A relative path of plain names joined by ``/`` (``items/bomb.png``).

    >>> plain_path("items/bomb.png"), plain_path("items/../x"), plain_path("/etc/passwd")
    (True, False, False)
    """
    return all(plain_name(part) for part in path.split("/"))


def replace_folder(folder: str | Path, files: Mapping[str, bytes], *,
                   own: Owner = lambda folder: (), fsync: bool = True) -> Path:
    """Make ``folder`` hold exactly ``files`` (relative path -> bytes, written in that order:
    put the file that names the others first) plus every old entry that is not its own,
    swapped in at once; returns the folder (its real path). ``own(f)`` names the files of a
    folder ``f`` (relative paths) that belong to its owner: those of the old folder are
    dropped, every other file in it is carried over.

    Raises :class:`SaveError` (the old folder intact) when a path is not plain, a file to
    keep has the path of a new file, the folder holds a symbolic link, or writing fails (disk
    full, read-only)."""
    folder = Path(os.path.realpath(folder))  # a link to the folder itself is the player's own
    bad = [name for name in files if not plain_path(name)]
    if bad:
        raise SaveError(folder, f"{bad[0]!r} is not a plain relative path", errno.EINVAL)
    parent = folder.parent
    try:
        parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise SaveError(folder, f"cannot create its folder: {reason_of(error)}",
                        error.errno) from None
    _recover_leftovers(folder, own)
    exists = os.path.lexists(folder)
    if exists and not stat.S_ISDIR(os.lstat(folder).st_mode):
        raise SaveError(folder, "it is not a folder", errno.ENOTDIR)
    ours = set(own(folder)) if exists else set()
    wanted = set(files) | {"/".join(p.split("/")[:k]) for p in files
                           for k in range(1, p.count("/") + 1)}
    keep_files, keep_whole = _foreign(folder, "", ours | set(files), wanted) if exists \
        else ([], [])
    clash = sorted(set(keep_files) & set(files))
    if clash:  # pragma: no cover - _foreign leaves the new paths out
        raise SaveError(folder, f"it holds {clash[0]}, which is not its own", errno.EEXIST)
    new = _new_folder(folder)
    try:
        for name, data in files.items():
            _write_new(new, name, data, fsync)
        for name in keep_files:
            if not _linked(folder / name, new / name):
                keep_whole.append(name)  # no hard links here: moved after the swap
        if fsync:
            sync_folder(new)
        if not exists:
            os.rename(new, folder)  # nothing to swap with
            if fsync:
                sync_folder(parent)
            return folder
        aside = _swap(new, folder)
    except BaseException as error:
        _tidy(new, folder, lambda _: files, move=False)
        if isinstance(error, OSError) and not isinstance(error, SaveError):
            raise SaveError(folder, reason_of(error), error.errno) from None
        raise
    # The new folder is in place; ``aside`` holds the old one. What was not ours goes over.
    for name in keep_whole:
        _move(aside / name, folder / name)
    _tidy(aside, folder, own)
    if fsync:
        sync_folder(parent)
    return folder


def _foreign(folder: Path, prefix: str, ours: set[str],
             wanted: set[str]) -> tuple[list[str], list[str]]:
    """The entries under ``folder/prefix`` that are not ``ours``: files to link into the new
    folder, and entries (sub-folders holding nothing of ours nor of the new files, special
    files) to move whole after the swap. :class:`SaveError` for a symbolic link."""
    files: list[str] = []
    whole: list[str] = []
    where = folder / prefix if prefix else folder
    try:
        names = sorted(os.listdir(where))
    except OSError as error:
        raise SaveError(folder, reason_of(error), error.errno) from None
    for name in names:
        rel = f"{prefix}/{name}" if prefix else name
        try:
            info = os.lstat(folder / rel)
        except FileNotFoundError:
            continue
        if stat.S_ISLNK(info.st_mode):
            raise SaveError(folder, f"it holds a symbolic link, {rel}: gridsight saves only "
                            "into a folder of plain files (nothing was changed)", errno.ELOOP)
        if stat.S_ISDIR(info.st_mode):
            if rel in wanted or any(path.startswith(rel + "/") for path in ours):
                sub_files, sub_whole = _foreign(folder, rel, ours, wanted)
                files += sub_files
                whole += sub_whole
            else:
                whole.append(rel)
        elif rel in ours:
            continue
        elif stat.S_ISREG(info.st_mode):
            files.append(rel)
        else:
            whole.append(rel)
    return files, whole


def _new_folder(folder: Path) -> Path:
    for _ in range(100):
        new = folder.with_name(f".{folder.name}.new-{secrets.token_hex(6)}")
        try:
            os.mkdir(new, 0o755)
            return new
        except FileExistsError:
            continue
        except OSError as error:
            raise SaveError(folder, reason_of(error), error.errno) from None
    raise SaveError(folder, "no free temporary name beside it", errno.EEXIST)


def _write_new(new: Path, name: str, data: bytes, fsync: bool) -> None:
    path = new / name
    if "/" in name:
        path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, _CREATE, 0o644)
    with os.fdopen(fd, "wb") as stream:
        stream.write(data)
        stream.flush()
        if fsync:
            os.fsync(stream.fileno())


def _linked(source: Path, target: Path) -> bool:
    """Hard-link ``source`` as ``target``; whether it worked (not across devices, not on a
    file system without links)."""
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        os.link(source, target, follow_symlinks=False)
    except (OSError, NotImplementedError):
        return False
    return True


def _move(source: Path, target: Path) -> bool:
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        if os.path.lexists(target):
            return False
        os.rename(source, target)
    except OSError:
        return False
    return True


def _exchange(a: Path, b: Path) -> bool:
    """Swap two paths at once (Linux ``renameat2``); whether it was done."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        renameat2 = libc.renameat2
    except (OSError, AttributeError):
        return False
    renameat2.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p,
                          ctypes.c_uint]
    renameat2.restype = ctypes.c_int
    done = renameat2(_AT_FDCWD, os.fsencode(a), _AT_FDCWD, os.fsencode(b), _RENAME_EXCHANGE)
    if done == 0:
        return True
    code = ctypes.get_errno()
    if code in (errno.EINVAL, errno.ENOSYS, errno.EOPNOTSUPP, errno.ENOTSUP):
        return False  # this file system cannot exchange: rename aside instead
    raise OSError(code, os.strerror(code), str(b))


def _swap(new: Path, folder: Path) -> Path:
    """Put ``new`` in ``folder``'s place; returns where the old folder now is."""
    if _exchange(new, folder):
        return new  # ``new`` now names the old folder
    aside = folder.with_name(f".{folder.name}.old-{secrets.token_hex(6)}")
    os.rename(folder, aside)
    try:
        os.rename(new, folder)
    except BaseException:
        os.rename(aside, folder)  # put the old one back
        raise
    return aside


def _tidy(left: Path, folder: Path, own: Owner, *, move: bool = True) -> None:
    """Empty and remove ``left``, a folder set aside by a save (or left by a crashed or failed
    one), deleting only what is provably redundant: its owner's own files (``own(left)``) and
    hard links of files ``folder`` has. With ``move``, anything else not in ``folder`` is moved
    there (it was on its way); what still cannot go keeps ``left`` in place, hidden beside the
    folder, so nothing is ever lost."""
    try:
        ours = set(own(left))
    except OSError:
        ours = set()
    marker = left / _OWNED
    try:  # what an earlier, interrupted tidy of this folder knew was its owner's
        ours |= {name for name in json.loads(marker.read_bytes()) if isinstance(name, str)}
    except (OSError, ValueError, TypeError):
        pass
    if ours:
        # Deleting may remove the very file that says what is ours (a pack's manifest): say
        # it first in a marker of our own, so a kill in the middle leaves it known.
        try:
            if os.path.lexists(left / (_OWNED + ".tmp")):
                os.unlink(left / (_OWNED + ".tmp"))
            _write_new(left, _OWNED + ".tmp", json.dumps(sorted(ours)).encode(), True)
            os.replace(left / (_OWNED + ".tmp"), marker)
        except OSError:
            pass

    def walk(prefix: str) -> None:
        where = left / prefix if prefix else left
        try:
            names = os.listdir(where)
        except OSError:
            return
        for name in names:
            rel = f"{prefix}/{name}" if prefix else name
            try:
                info = os.lstat(left / rel)
            except OSError:
                continue
            is_dir = stat.S_ISDIR(info.st_mode)
            into = os.path.isdir(folder / rel) and not os.path.islink(folder / rel)
            if is_dir and (into or not move):  # emptied entry by entry (else moved whole)
                walk(rel)
            elif rel in (_OWNED, _OWNED + ".tmp"):
                continue  # the marker goes last
            elif _same_file(info, folder / rel) or (rel in ours and stat.S_ISREG(info.st_mode)):
                try:
                    os.unlink(left / rel)
                except OSError:
                    pass
            elif move:
                _move(left / rel, folder / rel)
        if prefix:
            try:
                os.rmdir(where)
            except OSError:
                pass

    walk("")
    for name in (_OWNED + ".tmp", _OWNED):
        try:
            if set(os.listdir(left)) <= {_OWNED, _OWNED + ".tmp"}:
                os.unlink(left / name)
        except OSError:
            pass
    try:
        os.rmdir(left)
    except OSError:
        pass  # something is still there: kept, never deleted


def _same_file(info: os.stat_result, other: Path) -> bool:
    try:
        there = os.lstat(other)
    except OSError:
        return False
    return (there.st_dev, there.st_ino) == (info.st_dev, info.st_ino)


def _recover_leftovers(folder: Path, own: Owner) -> None:
    """After a crash: tidy every ``.<name>.old-*`` or ``.<name>.new-*`` folder beside
    ``folder`` (:func:`_tidy`); when ``folder`` itself is missing (a crash between the two
    renames of the fallback swap), the old folder set aside is put back first."""
    parent = folder.parent
    try:
        names = sorted(os.listdir(parent))
    except OSError:
        return
    prefixes = (f".{folder.name}.old-", f".{folder.name}.new-")
    for name in names:
        left = parent / name
        if not name.startswith(prefixes) or not os.path.isdir(left) or os.path.islink(left):
            continue
        if name.startswith(prefixes[0]) and not os.path.lexists(folder):
            try:
                os.rename(left, folder)
            except OSError:
                pass
            continue
        if os.path.isdir(folder):
            _tidy(left, folder, own)
