"""Reading and writing files without losing or overwriting anything: gridsight's one way.

Every file gridsight writes (a template pack, a Thrill Digger calibration, the live
``--status-file``, a saved frame, an annotated picture, a replay report, a log's side file)
goes through :func:`write_file` or :func:`replace_folder` (a log, which only grows, through
:func:`append_file`): the new content is written to a
temporary name beside the target, flushed to the disk (``fsync``), and renamed over it, so a
crash, a kill or a full disk leaves the old file (or folder) whole, never half a new one; a
failure raises :class:`SaveError` naming the file and why, and removes the temporary. A
symbolic link or a special file (a FIFO, a device) where a file is to be written is refused,
never followed, and nothing but the files being replaced is deleted.

Every file read from the player's data (a pack's manifest and images, a log's frames, an
input named on the command line) is opened by :func:`open_regular` / :func:`read_regular`:
refused by type before it is opened when it is not a regular file (a FIFO would block the
``open`` itself, ``/dev/zero`` never ends), optionally refused when it is a symbolic link, and
refused by its size before a byte is read. Standard input, where a pipe is meant, is read
through :class:`TimedPipe`: a pipe silent for :data:`PIPE_IDLE_SECONDS` is given up on.

Why a room of its own: ``vision`` (which saves packs) and ``solvers`` (whose build scripts
write data files) may import nothing of this repository, and ``gridsight`` may import
everything, so the one helper every writer shares must live below all of them. It imports
only the standard library, and every room may import it (``tests/test_architecture.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # for the type checker; at run time each name loads on first use
    from gridsight.safefiles.folders import replace_folder
    from gridsight.safefiles.read import (
        PIPE_IDLE_SECONDS,
        FileTooLarge,
        NotRegularFile,
        ReadTimeout,
        TimedPipe,
        file_kind,
        open_regular,
        read_regular,
        refuse_special,
    )
    from gridsight.safefiles.write import (
        PartialWrite,
        SaveError,
        append_file,
        atomic_file,
        truncate_file,
        write_file,
    )

_READ = ("PIPE_IDLE_SECONDS", "FileTooLarge", "NotRegularFile", "ReadTimeout", "TimedPipe",
         "file_kind", "open_regular", "read_regular", "refuse_special")
_WRITE = ("PartialWrite", "SaveError", "append_file", "atomic_file", "truncate_file",
          "write_file")


def __getattr__(name: str) -> Any:
    """The names re-exported here, each imported from its module on first use: a command
    that only reads a file (``gridsight solve``) does not load the writers (their random
    names' ``secrets`` and the folder swap's ``ctypes``), which start-up would pay for."""
    if name in _READ:
        from gridsight.safefiles import read

        return getattr(read, name)
    if name in _WRITE:
        from gridsight.safefiles import write

        return getattr(write, name)
    if name == "replace_folder":
        from gridsight.safefiles import folders

        return folders.replace_folder
    raise AttributeError(f"module 'safefiles' has no attribute {name!r}")


__all__ = [
    "PIPE_IDLE_SECONDS",
    "FileTooLarge",
    "NotRegularFile",
    "PartialWrite",
    "ReadTimeout",
    "SaveError",
    "TimedPipe",
    "append_file",
    "atomic_file",
    "file_kind",
    "open_regular",
    "read_regular",
    "refuse_special",
    "replace_folder",
    "truncate_file",
    "write_file",
]
