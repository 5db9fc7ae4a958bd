"""Every limit gridsight puts on its input, the size bounds, and the options that change them.

The promise to the player is "a clear one-line error, never a traceback, never a hang". Input
can be endless (``/dev/zero``), huge (a 100000 x 100000 PNG header in 875 bytes) or slow to
solve, so each command bounds what it reads and how long it works, refuses clearly past the
bound, and names the option that raises it. docs/limits.md lists them all.

The work of a solve is bounded by the one :class:`gridsight.solvers.limit.Limit` every solver checks
itself (CPU seconds of the solving thread, by default :data:`SOLVE_TIME_LIMIT`); this module
only offers its command-line options (``--time-limit``, ``--wall-limit``).

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

from gridsight.solvers.limit import DEFAULT_SECONDS

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
#: The work one board's analysis may take by default: CPU seconds of the solving thread (the
#: one default of :class:`gridsight.solvers.limit.Limit`).
SOLVE_TIME_LIMIT = DEFAULT_SECONDS
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
                            default: float = SOLVE_TIME_LIMIT,
                            what: str = "one board's analysis", after: str = "") -> None:
    """The one ``--time-limit SECONDS`` option (work: CPU seconds of the solving thread, so a
    busy machine gets the same answer; ``0`` = no limit), and ``--wall-limit SECONDS``, the
    outer bound on waiting that only the user sets."""
    parser.add_argument(
        "--time-limit", type=seconds, default=default, metavar="SECONDS",
        help=f"work for {what}, in CPU seconds of the solver (default {default:g} s; 0: no "
        f"limit): the same answer on a busy machine as on an idle one{after}")
    add_wall_limit_argument(parser, what)


def add_wall_limit_argument(parser: argparse.ArgumentParser | argparse._ArgumentGroup,
                            what: str = "one board's analysis") -> None:
    """``--wall-limit SECONDS``: the most time to wait for ``what`` (default: no bound)."""
    parser.add_argument(
        "--wall-limit", type=seconds, default=None, metavar="SECONDS",
        help=f"the most seconds to wait for {what}, however busy the machine (default: no "
        "bound; past it the best advice found so far is given)")


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
