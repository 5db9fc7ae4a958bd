"""What belongs to a whole process, and so to the ``gridsight`` console script alone.

A library call (:mod:`gridsight.api`) and :func:`gridsight.cli.main` called in-process leave the
process as they found it: no memory limit lowered, no signal handler or exit hook installed.
The console script (:func:`gridsight.__main__.entry`, also ``python -m gridsight``) owns the
process, so it calls these (through :func:`gridsight.cli.console`):

- :func:`install_exit_hooks`: at interpreter exit and on ``SIGTERM`` every recommendation log
  still open is closed, so the records it could not write yet go to a side file rather than
  being lost (``SIGTERM`` becomes an orderly exit, ``SystemExit(143)``, so ``finally`` blocks
  run too, held while a log is in the middle of a write so every record is written exactly
  once), when the process had no ``SIGTERM`` handler of its own;
- :func:`limit_memory`: the ``--max-memory`` bound, as the data-segment limit.

A program of its own that writes logs through :class:`gridsight.log.RecommendationLog` may call
:func:`install_exit_hooks` in its own entry point for the same care.

This module is light (the standard library only): ``gridsight --help`` pays nothing for it.
"""

from __future__ import annotations

import atexit
import signal
import sys
import threading
from types import FrameType

_installed = False


def install_exit_hooks() -> bool:
    """Close the open recommendation logs at exit and on ``SIGTERM`` (see the module
    docstring); once per process. Returns whether the ``SIGTERM`` handler is ours (not in a
    thread other than the main one, nor when the process had a handler of its own)."""
    global _installed
    if not _installed:
        _installed = True
        atexit.register(close_open_logs)
    if threading.current_thread() is not threading.main_thread():
        return False
    try:
        current = signal.getsignal(signal.SIGTERM)
        if current is _terminated:
            return True
        if current != signal.SIG_DFL:
            return False
        signal.signal(signal.SIGTERM, _terminated)
    except (ValueError, OSError, AttributeError):  # pragma: no cover - no signals here
        return False
    return True


def close_open_logs() -> None:
    """Close every recommendation log still open (:func:`gridsight.log.close_all`), if the
    log module was ever loaded."""
    log = sys.modules.get("gridsight.log")
    if log is not None:
        log.close_all()


def _terminated(signum: int, frame: FrameType | None) -> None:  # noqa: ARG001
    """``SIGTERM``: an orderly exit with the logs closed, exactly once
    (:func:`gridsight.log.terminate`: held while a log is in the middle of a write)."""
    log = sys.modules.get("gridsight.log")
    if log is not None:
        log.terminate(signum)  # returns only when held until the write is done
        return
    raise SystemExit(128 + signum)


def limit_memory(max_bytes: int) -> bool:
    """Bound the memory this process may allocate to ``max_bytes`` (0: no bound), so a search
    that grows past it gets a ``MemoryError`` (reported in one line by the command line)
    rather than the machine's swap. Uses the data-segment limit, which on Linux counts every
    private allocation (heap and anonymous maps, so NumPy and numba arrays too) but not the
    address space reserved by libraries. Returns whether a bound is in force (not on
    platforms without ``resource``)."""
    if max_bytes <= 0:
        return False
    try:
        import resource
    except ImportError:  # Windows: no such limit; the time limits still bound the work
        return False
    soft, hard = resource.getrlimit(resource.RLIMIT_DATA)
    if hard != resource.RLIM_INFINITY:
        max_bytes = min(max_bytes, hard)
    try:
        resource.setrlimit(resource.RLIMIT_DATA, (max_bytes, hard))
    except (ValueError, OSError):
        return False
    return True


__all__ = ["close_open_logs", "install_exit_hooks", "limit_memory"]
