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
- :func:`cap_blas_threads`: under a ``--max-memory`` the player gives, OpenBLAS (numpy's
  maths library) on one thread, set before numpy is loaded, so its buffers stay small;
- :func:`limit_memory`: the ``--max-memory`` bound, as the data-segment limit.

A program of its own that writes logs through :class:`gridsight.log.RecommendationLog` may call
:func:`install_exit_hooks` in its own entry point for the same care.

This module is light (the standard library only): ``gridsight --help`` pays nothing for it.
"""

from __future__ import annotations

import atexit
import os
import signal
import sys
import threading
from collections.abc import Sequence
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


#: The variables that set the threads of OpenBLAS (and of an OpenMP build of it), in the order
#: it reads them: one the player set is left as it is (:func:`cap_blas_threads`).
BLAS_THREADS = ("OPENBLAS_NUM_THREADS", "GOTO_NUM_THREADS", "OMP_NUM_THREADS")


def cap_blas_threads(argv: Sequence[str]) -> bool:
    """One OpenBLAS thread when the command line ``argv`` gives ``--max-memory`` (not ``0``)
    and the player has set none of :data:`BLAS_THREADS`; set in the environment, so it must
    come before numpy is loaded (the game's solver is imported while the options are parsed:
    this looks at ``argv`` itself). Returns whether the threads were capped.

    OpenBLAS gives each thread of its pool a buffer (and a stack) when numpy loads, and the
    calling thread its own at the first large product: 42 MB a thread past the first on a
    2-core machine (numpy loaded: 93 MB held; one thread: 51 MB), more with every core, all
    of it within the bound. gridsight's products are small (a homography, a fit): a thread
    is all they use."""
    if not _gives_memory_bound(argv) or any(name in os.environ for name in BLAS_THREADS):
        return False
    if "numpy" in sys.modules:  # too late: its pool is made
        return False
    os.environ["OPENBLAS_NUM_THREADS"] = os.environ["OMP_NUM_THREADS"] = "1"
    return True


def _gives_memory_bound(argv: Sequence[str]) -> bool:
    """Whether ``argv`` gives ``--max-memory`` (or a prefix argparse takes for it, ``--max-m``
    on), with a value other than ``0``."""
    for index, word in enumerate(argv):
        if word == "--":
            return False
        name, equals, value = word.partition("=")
        if len(name) < len("--max-m") or not "--max-memory".startswith(name):
            continue
        if not equals:
            value = argv[index + 1] if index + 1 < len(argv) else ""
        return value.strip() not in ("", "0")
    return False


#: Room under ``--max-memory`` past which OpenBLAS's buffers need no care (:func:`limit_memory`).
_BLAS_ROOM = 256 << 20
#: The least room a bound must leave above what the command holds before it solves
#: (:func:`limit_memory`): 8 times what Disco Zoo's first solve reads (its opening book, about
#: 1 MB). With less, the book was read one failed allocation after another: ``--max-memory 91.5M`` (91.0-91.4
#: MB held) ran for minutes and was deaf to ``SIGTERM`` (killed at last), 92M-92.25M ended in
#: "Exception ignored in sys.unraisablehook" (2 cores, 2026-12-06).
MIN_ROOM = 8_000_000


def limit_memory(max_bytes: int) -> bool:
    """Bound the memory this process may allocate to ``max_bytes`` (0: no bound), so a search
    that grows past it gets a ``MemoryError`` (reported in one line by the command line)
    rather than the machine's swap. Uses the data-segment limit, which on Linux counts every
    private allocation (heap and anonymous maps, so NumPy and numba arrays too) but not the
    address space reserved by libraries. Returns whether a bound is in force (not on
    platforms without ``resource``).

    A bound at or below the memory the process holds already (its libraries: numpy alone
    takes some 90 MB), or less than :data:`MIN_ROOM` above it, is refused, naming the option
    (:class:`ArgumentError`, exit 2): under
    it every allocation fails, wherever it happens (``--max-memory 60M`` gave "out of memory"
    for Thrill Digger before any search, and a traceback for Disco Zoo: an import that could
    not map its library)."""
    if max_bytes <= 0:
        return False
    from gridsight.errors import ArgumentError
    from gridsight.solvers.headroom import in_use

    def refuse_below(held: int | None) -> None:
        if held is not None and max_bytes <= held:
            raise ArgumentError(
                f"--max-memory {max_bytes:,} is below the {held:,} bytes this command holds "
                f"before it solves (its libraries loaded): give more, or 0 for no bound")
        if held is not None and max_bytes < held + MIN_ROOM:
            raise ArgumentError(
                f"--max-memory {max_bytes:,} is below the {held + MIN_ROOM:,} bytes this "
                f"command needs: the {held:,} bytes this command holds before it solves (its "
                f"libraries loaded) and {MIN_ROOM:,} to solve in; give more, or 0 for no bound")

    held = in_use()
    refuse_below(held)
    numpy = sys.modules.get("numpy")
    if numpy is not None and held is not None and max_bytes < held + _BLAS_ROOM:
        # OpenBLAS takes its buffers (36 MB on 2 cores) at its first large product, and when
        # a limit refuses them it gives the process up in its own words ("Memory allocation
        # still failed after 10 retries, giving up", exit 1: Thrill Digger at 100-120 MB):
        # under a tight bound they are taken now, and counted.
        square = numpy.ones((512, 512))
        square @ square
        refuse_below(in_use())
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


__all__ = ["MIN_ROOM", "cap_blas_threads", "close_open_logs", "install_exit_hooks", "limit_memory"]
