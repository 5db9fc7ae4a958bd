"""Every limit gridsight puts on its input and its work, and the options that change them.

The promise to the player is "a clear one-line error, never a traceback, never a hang". Input
can be endless (``/dev/zero``), huge (a 100000 x 100000 PNG header in 875 bytes) or slow to
solve, so each command bounds what it reads and how long it works, refuses clearly past the
bound, and names the option that raises it. docs/limits.md lists them all.

The option types here are shared by every command that has the option, so ``--time-limit``
means the same everywhere:

>>> seconds("2.5")
2.5
>>> seconds("0")
0.0
>>> seconds("-1")
Traceback (most recent call last):
...
argparse.ArgumentTypeError: must be 0 or a positive number of seconds, not '-1'
>>> amount("10M"), amount("250k"), amount("4000")
(10000000, 250000, 4000)
"""

from __future__ import annotations

import argparse
import math
import signal
import threading
import time
from contextlib import contextmanager
from types import FrameType
from typing import Iterator

# -- the defaults -----------------------------------------------------------------------------

#: Board files and standard input of ``gridsight solve`` (and ``calibrate --labels``, ``live
#: --board``): a board is a few hundred bytes, so a megabyte holds thousands of them.
MAX_BOARD_BYTES = 1_000_000
#: A recommendation log read by ``gridsight replay``: a long session of several thousand steps.
MAX_LOG_BYTES = 64_000_000
#: Pixels of a screenshot (``analyze``, ``calibrate``), read from the file's header before
#: anything is decoded: an 8K screen is 33 million; a decoded 40-megapixel image takes 120 MB.
MAX_PIXELS = 40_000_000
#: Bytes of an image file, or of an image on standard input: generous for ``MAX_PIXELS``
#: uncompressed (a BMP has 3 or 4 bytes per pixel); raised with ``--max-pixels`` in proportion.
IMAGE_BYTES_PER_PIXEL = 5
IMAGE_BYTES_EXTRA = 1_000_000
#: ``gridsight solve``'s time limit per board for the solvers that had none.
SOLVE_TIME_LIMIT = 20.0
#: The memory a solving command (``solve``, ``simulate``, ``analyze``) may take, at most 4 GiB
#: and at most half the machine's memory: past it the command stops with "out of memory"
#: (exit 1) instead of pushing the machine into swap. The biggest search measured (tile path
#: on an open 14 x 14 with its witness walk) peaks at about 0.5 GB.
MAX_MEMORY_CAP = 4 * 2**30


def default_max_memory() -> int:
    """:data:`MAX_MEMORY_CAP`, or half the physical memory when that is less (POSIX)."""
    import os

    try:
        physical = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (AttributeError, ValueError, OSError):
        return MAX_MEMORY_CAP
    return min(MAX_MEMORY_CAP, physical // 2) if physical > 0 else MAX_MEMORY_CAP


def max_image_bytes(max_pixels: int) -> int:
    """The largest image file accepted when images may have ``max_pixels`` pixels."""
    return IMAGE_BYTES_PER_PIXEL * max_pixels + IMAGE_BYTES_EXTRA


# -- option types -------------------------------------------------------------------------------

_SUFFIXES = {"k": 10**3, "m": 10**6, "g": 10**9}


def amount(text: str) -> int:
    """A positive whole number for a size option, with an optional decimal suffix
    ``k`` (thousand), ``M`` (million) or ``G`` (billion): ``10M`` is 10,000,000."""
    raw = text.strip()
    factor = _SUFFIXES.get(raw[-1:].lower(), 1)
    number = raw[:-1] if factor != 1 else raw
    try:
        value = float(number) * factor if "." in number else int(number) * factor
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"not a size: '{text}' (a whole number, optionally with k, M or G)") from None
    if not math.isfinite(value) or value < 1 or value != int(value):
        raise argparse.ArgumentTypeError(f"must be a positive whole number, not '{text}'")
    return int(value)


def seconds(text: str) -> float:
    """``--time-limit``: a number of seconds, 0 for no limit; negative, nan and inf refused."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: '{text}'") from None
    if not math.isfinite(value) or value < 0:
        raise argparse.ArgumentTypeError(
            f"must be 0 or a positive number of seconds, not '{text}'")
    return value


def add_time_limit_argument(parser: argparse.ArgumentParser | argparse._ArgumentGroup, *,
                            default: float, what: str = "one board's analysis",
                            after: str = "") -> None:
    """The one ``--time-limit SECONDS`` option: a positive number, ``0`` = no limit."""
    parser.add_argument(
        "--time-limit", type=seconds, default=default, metavar="SECONDS",
        help=f"time for {what} (default {default:g} s; 0: no limit){after}")


def add_max_bytes_argument(parser: argparse.ArgumentParser, *, default: int, what: str) -> None:
    """``--max-input-bytes N``: the most bytes read from a file or standard input."""
    parser.add_argument(
        "--max-input-bytes", type=amount, default=default, metavar="N",
        help=f"refuse {what} larger than N bytes (default {default:,}; suffixes k, M, G)")


def add_max_pixels_argument(parser: argparse.ArgumentParser) -> None:
    """``--max-pixels N``: the largest image accepted, read from its header before decoding."""
    parser.add_argument(
        "--max-pixels", type=amount, default=MAX_PIXELS, metavar="N",
        help=f"refuse images of more than N pixels, before decoding them (default "
        f"{MAX_PIXELS:,}; suffixes k, M, G)")


def add_max_memory_argument(parser: argparse.ArgumentParser) -> None:
    """``--max-memory N``: the most memory the command may take (0: no bound)."""
    default = default_max_memory()
    parser.add_argument(
        "--max-memory", type=memory_amount, default=default, metavar="N",
        help=f"stop with 'out of memory' past N bytes of memory (default {default:,}: 4 GiB "
        "or half the machine's memory; suffixes k, M, G; 0: no bound)")


def memory_amount(text: str) -> int:
    """``--max-memory``: :func:`amount`, or ``0`` for no bound.

    >>> memory_amount("0"), memory_amount("2G")
    (0, 2000000000)
    """
    return 0 if text.strip() == "0" else amount(text)


# -- a deadline for code that does not watch the clock itself -------------------------------------


class TimeLimitReached(Exception):
    """Raised inside the work when a :func:`deadline` passes."""


# Work an exception must not break into: numba compiling, loading or calling a kernel (an
# exception raised inside llvmlite's callbacks or numba's dispatcher is lost, and it then fails
# with a SystemError traceback), so code of a module that declares ``__uninterruptible__ = True``
# (the solvers' kernel modules) and numba's own, and an import under way (it would leave a
# half-initialised module behind).
UNINTERRUPTIBLE_PACKAGES = ("numba", "llvmlite")
RETRY_SECONDS = 0.02


def inside_uninterruptible(frame: FrameType | None) -> bool:
    """Is the interrupted code, or any of its callers, an import or numba at work?

    >>> inside_uninterruptible(None)
    False
    """
    while frame is not None:
        if frame.f_globals.get("__uninterruptible__"):  # a module calling compiled kernels
            return True
        filename = frame.f_code.co_filename
        if filename.startswith("<frozen importlib"):
            return True
        parts = set(filename.replace("\\", "/").split("/"))
        if parts.intersection(UNINTERRUPTIBLE_PACKAGES):
            return True
        frame = frame.f_back
    return False


@contextmanager
def deadline(limit: float | None) -> Iterator[bool]:
    """Interrupt the enclosed work with :class:`TimeLimitReached` after ``limit`` seconds.

    For the solvers that do not check the clock themselves. It uses the ``SIGALRM`` interval
    timer, so it only acts in the main thread of a POSIX process (elsewhere, and for ``limit``
    ``None`` or 0, the work runs unbounded); it yields whether it is armed. Compiled code
    (numpy, numba) is interrupted when it next returns to Python. An import under way and
    numba compiling or loading a kernel are never broken into (that would leave them half
    built): the limit then strikes as soon as they are done.
    """
    armed = bool(limit) and hasattr(signal, "setitimer") \
        and threading.current_thread() is threading.main_thread()
    if not armed:
        yield False
        return

    def expire(signum, frame):  # noqa: ARG001 - the signal handler's signature
        if inside_uninterruptible(frame):  # try again as soon as it is done
            signal.setitimer(signal.ITIMER_REAL, RETRY_SECONDS)
            return
        raise TimeLimitReached(f"time limit of {limit:g} s reached")

    previous = signal.signal(signal.SIGALRM, expire)
    started = time.monotonic()
    old_timer = signal.setitimer(signal.ITIMER_REAL, float(limit))
    try:
        yield True
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        if old_timer[0]:  # an outer timer was running: let it go on, less the time spent here
            left = old_timer[0] - (time.monotonic() - started)
            signal.setitimer(signal.ITIMER_REAL, max(left, 1e-3))


@contextmanager
def time_limited(limit: float | None, what: str) -> Iterator[None]:
    """:func:`deadline` for a solver that reports nothing partial: past ``limit`` seconds the
    work stops and a :class:`gridsight.errors.RuntimeFailure` (exit 1) says that ``what`` was not
    finished and how to allow more time."""
    from gridsight.errors import RuntimeFailure

    try:
        with deadline(limit):
            yield
    except TimeLimitReached:
        raise RuntimeFailure(
            f"time limit of {limit:g} s reached before {what}; nothing was decided; allow "
            "more time with --time-limit SECONDS (0: no limit)") from None
