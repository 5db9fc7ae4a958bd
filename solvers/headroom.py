"""Whether this process is close to its data-segment limit (``RLIMIT_DATA``).

``gridsight``'s ``--max-memory`` sets that limit so a runaway search cannot take the machine's
memory. It is a hard wall: a search that runs into it gets a ``MemoryError`` at whatever
allocation happens to fail, and CPython can then spin in its allocator instead of unwinding
(seen: a pure-Python tile path search at a 150 MB bound that never ended, ``SIGTERM``
included, about one run in six). So the searches stop themselves first:
:class:`~gridsight.solvers.limit.Meter` asks :func:`pressed` now and then, and a search past
:data:`SHARE` of the limit stops like at any other bound, with its best answer so far.

Linux only (``/proc/self/statm``); elsewhere, or with no limit set, never pressed.

>>> pressed(limit=None)
False
>>> in_use() is None or in_use() > 0
True
"""

from __future__ import annotations

import os

try:
    import resource
except ImportError:  # Windows: no such limit
    resource = None  # type: ignore[assignment]

#: The share of the data-segment limit at which a search stops itself.
SHARE = 0.85
_PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096


def data_limit() -> int | None:
    """The process's soft data-segment limit in bytes, or ``None`` when there is none."""
    if resource is None:
        return None
    soft = resource.getrlimit(resource.RLIMIT_DATA)[0]
    return None if soft == resource.RLIM_INFINITY else int(soft)


def in_use() -> int | None:
    """Bytes of the process's data segment in use (what ``RLIMIT_DATA`` counts), or ``None``
    where it cannot be read."""
    try:
        with open("/proc/self/statm", "rb") as statm:
            fields = statm.read().split()
    except OSError:
        return None
    return int(fields[5]) * _PAGE if len(fields) > 5 else None


def pressed(limit: int | None = -1) -> bool:
    """True when the data in use is past :data:`SHARE` of ``limit`` (default: the process's
    own limit)."""
    if limit == -1:
        limit = data_limit()
    if limit is None:
        return False
    used = in_use()
    return used is not None and used >= SHARE * limit


def room(limit: int | None = -1) -> int | None:
    """Bytes the process may still take before a search stops itself (:data:`SHARE` of
    ``limit``, default the process's own, less the data in use; never below 0), or ``None``
    with no limit (or where the use cannot be read).

    >>> room(limit=None) is None, room(limit=1)
    (True, 0)
    """
    if limit == -1:
        limit = data_limit()
    used = in_use() if limit is not None else None
    if limit is None or used is None:
        return None
    return max(0, int(SHARE * limit) - used)


def describe(limit: int | None = None) -> str:
    """The bound in words, as a meter's reason names it."""
    limit = data_limit() if limit is None else limit
    size = f"{limit / 2**20:,.0f} MiB" if limit else "the memory limit"
    return f"{SHARE:.0%} of the memory bound ({size}, --max-memory)"
