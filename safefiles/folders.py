"""Replacing a folder of files (a template pack) in one step, keeping what is not ours.

:func:`replace_folder` writes the new files into a temporary folder beside the target
(``.<name>.new-<random>``), flushes each and the folder to the disk, and swaps it in by a
rename, so at every instant the target is either the whole old folder or the whole new one:
``kill -9`` or a full disk in the middle leaves the old pack loadable.

What the folder holds besides the files being replaced is not ours to delete: the caller says
which entries of a folder are its own (``own(folder)``: a pack's manifest and the images it
names), and every other entry is carried into the new folder (a hard link made before the swap, so it is never
missing from the target; moved after the swap when a link is not possible, a sub-folder for
one). A symbolic link inside the folder is refused: the save stops before anything changes.

The swap itself is ``renameat2(RENAME_EXCHANGE)`` on Linux (both names always exist). Where
that is not available, the old folder is renamed aside (``.<name>.old-<random>``) and the new
one into place: a crash between those two renames leaves the old folder beside the target
under that name, and the next save of the same folder puts it back
(:func:`_recover_leftovers`). A folder left beside the target by a crash is emptied only of
what is provably redundant, and removed only once empty.

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
import os
import secrets
import stat
import sys
from collections.abc import Callable, Collection, Mapping
from pathlib import Path

from safefiles.write import SaveError, reason_of, sync_folder

_RENAME_EXCHANGE = 2
_AT_FDCWD = -100
_CREATE = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) \
    | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)


def plain_name(name: str) -> bool:
    """A file name with no folder part, not hidden, not empty, not ``.`` or ``..``.

    >>> plain_name("anchor.png"), plain_name("../x"), plain_name(".hidden"), plain_name("")
    (True, False, False, False)
    """
    return bool(name) and name not in (".", "..") and not name.startswith(".") \
        and "/" not in name and "\\" not in name and "\x00" not in name \
        and (os.altsep is None or os.altsep not in name)


def folder_entries(folder: Path) -> dict[str, os.stat_result]:
    """The entries of ``folder`` with their ``lstat`` (empty when it does not exist);
    :class:`SaveError` when it holds a symbolic link or is not a folder."""
    try:
        info = os.lstat(folder)
    except FileNotFoundError:
        return {}
    except OSError as error:
        raise SaveError(folder, reason_of(error), error.errno) from None
    if not stat.S_ISDIR(info.st_mode):
        raise SaveError(folder, "it is not a folder", errno.ENOTDIR)
    entries = {}
    try:
        names = os.listdir(folder)
    except OSError as error:
        raise SaveError(folder, reason_of(error), error.errno) from None
    for name in names:
        try:
            entry = os.lstat(folder / name)
        except FileNotFoundError:
            continue
        if stat.S_ISLNK(entry.st_mode):
            raise SaveError(folder, f"it holds a symbolic link, {name}: a pack folder must hold "
                            "plain files only (nothing was changed)", errno.ELOOP)
        entries[name] = entry
    return entries


def replace_folder(folder: str | Path, files: Mapping[str, bytes], *,
                   own: Callable[[Path], Collection[str]] = lambda folder: (),
                   fsync: bool = True) -> Path:
    """Make ``folder`` hold exactly ``files`` (name -> bytes, written in that order: put the
    file that names the others first) plus every old entry that is not its own, swapped in at
    once; returns the folder (its real path). ``own(f)`` names the entries of a folder ``f``
    that belong to its owner (a pack's manifest and the images it names): those of the old
    folder are dropped, everything else in it is carried over.

    Raises :class:`SaveError` (the old folder intact) when a name is not a plain file name, an
    entry to keep has the name of a new file, the folder holds a symbolic link, or writing
    fails (disk full, read-only)."""
    folder = Path(os.path.realpath(folder))  # a link to the folder itself is the player's own
    bad = [name for name in files if not plain_name(name)]
    if bad:
        raise SaveError(folder, f"{bad[0]!r} is not a plain file name", errno.EINVAL)
    parent = folder.parent
    try:
        parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise SaveError(folder, f"cannot create its folder: {reason_of(error)}",
                        error.errno) from None
    _recover_leftovers(folder, own)
    old = folder_entries(folder)
    ours = set(own(folder)) if old else set()
    keep = {name: info for name, info in old.items() if name not in ours}
    clash = sorted(set(keep) & set(files))
    if clash:
        raise SaveError(folder, f"it holds {clash[0]}, which is not the pack's own, under the "
                        "name of a file to write", errno.EEXIST)
    new = _new_folder(folder)
    try:
        for name, data in files.items():
            _write_new(new / name, data, fsync)
        moved_later = []
        for name, info in keep.items():
            if stat.S_ISREG(info.st_mode) and _linked(folder / name, new / name):
                continue
            moved_later.append(name)  # a sub-folder, a FIFO, or no hard links here
        if fsync:
            sync_folder(new)
        if not old and not os.path.lexists(folder):
            os.rename(new, folder)  # nothing to swap with
            if fsync:
                sync_folder(parent)
            return folder
        aside = _swap(new, folder)
    except BaseException as error:
        _discard(new, folder, files)
        if isinstance(error, OSError) and not isinstance(error, SaveError):
            raise SaveError(folder, reason_of(error), error.errno) from None
        raise
    # The new folder is in place; ``aside`` holds the old one. What was not ours goes over.
    for name in moved_later:
        try:
            os.rename(aside / name, folder / name)
        except OSError:
            pass  # left in the old folder, which is then kept (see _tidy)
    _tidy(aside, folder, own)
    if fsync:
        sync_folder(parent)
    return folder


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


def _write_new(path: Path, data: bytes, fsync: bool) -> None:
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
        os.link(source, target, follow_symlinks=False)
    except (OSError, NotImplementedError):
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


def _discard(new: Path, folder: Path, written: Collection[str]) -> None:
    """After a failure: remove the files this save wrote into ``new`` and the hard links it
    made there, and ``new`` when it is then empty. Safe whether or not the swap happened (then
    ``new`` holds the old folder, and only its redundant entries go)."""
    try:
        names = os.listdir(new)
    except OSError:
        return
    for name in names:
        path = new / name
        try:
            info = os.lstat(path)
        except OSError:
            continue
        if (name in written and stat.S_ISREG(info.st_mode)) or _same_file(info, folder / name):
            try:
                os.unlink(path)
            except OSError:
                pass
    try:
        os.rmdir(new)
    except OSError:
        pass


def _tidy(left: Path, folder: Path, own: Callable[[Path], Collection[str]]) -> None:
    """Empty and remove ``left``, a folder set aside by a save (or left by a crashed one),
    deleting only what is provably redundant: its owner's own files (``own(left)``) and hard
    links of files ``folder`` has. Anything else not in ``folder`` is moved there (it was on
    its way); what still cannot go keeps ``left`` in place, so nothing is ever lost."""
    try:
        names = os.listdir(left)
        ours = set(own(left))
    except OSError:
        return
    for name in names:
        path = left / name
        try:
            info = os.lstat(path)
        except OSError:
            continue
        if _same_file(info, folder / name) or (name in ours and stat.S_ISREG(info.st_mode)):
            try:
                os.unlink(path)
            except OSError:
                pass
        elif not os.path.lexists(folder / name):
            try:
                os.rename(path, folder / name)
            except OSError:
                pass
    try:
        os.rmdir(left)
    except OSError:
        pass  # something is still there: kept, hidden beside the folder, never deleted


def _same_file(info: os.stat_result, other: Path) -> bool:
    try:
        there = os.lstat(other)
    except OSError:
        return False
    return (there.st_dev, there.st_ino) == (info.st_dev, info.st_ino)


def _recover_leftovers(folder: Path, own: Callable[[Path], Collection[str]]) -> None:
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
