"""Keep ``None`` alive under a PySide6 that drops a reference to it on every void call.

PySide6 / shiboken6 6.12.0 (the ``cp310-abi3`` wheel) hands back ``None`` from a method that
returns nothing (``setText``, ``setStyleSheet``, ``setVisible``, ``setObjectName``, ...)
without taking the reference the caller then drops: harmless from Python 3.12 on, where
``None`` is immortal, but on 3.11 each such call takes one reference from ``None``. A live
session makes thousands of them while the board changes (the Thrill Digger panel: about 18,000
in 12 s of digging), and when ``None``'s count reaches zero the interpreter aborts with
"Fatal Python error: none_dealloc" (at exit, or in a longer session at any moment).

:func:`guard_none` measures the loss on a throw-away ``QObject`` once per process and, only
where references are lost, gives ``None`` a reserve no session can use up (what 3.12's
immortal ``None`` is). Nothing else changes: a sound interpreter never frees ``None``, so the
reserve alters no behaviour of any other code.
"""

from __future__ import annotations

import ctypes
import sys

#: References given to ``None`` where PySide6 loses them: at one lost per microsecond, more
#: than 30 years; far under the counter's limit (2**63).
RESERVE = 1 << 50
#: Void calls made to measure the loss.
PROBE_CALLS = 64

_checked = False


def none_lost_per_call() -> float:
    """References to ``None`` that one void PySide6 call loses here (0.0 when sound)."""
    from PySide6.QtCore import QObject

    probe = QObject()
    name = probe.setObjectName  # bound once: the loop itself takes no reference to None
    before = sys.getrefcount(None)
    for _ in range(PROBE_CALLS):
        name("")
    lost = before - sys.getrefcount(None)
    return max(0.0, lost / PROBE_CALLS)


def guard_none() -> bool:
    """Give ``None`` :data:`RESERVE` references if void PySide6 calls lose them here (Python
    before 3.12, a release build); checked once per process. Returns whether it did now."""
    global _checked
    if _checked or sys.version_info >= (3, 12) or hasattr(sys, "gettotalrefcount"):
        return False
    _checked = True
    if none_lost_per_call() < 0.5:
        return False
    count = ctypes.c_ssize_t.from_address(id(None))  # ob_refcnt: the object's first field
    count.value += RESERVE
    return True


__all__ = ["PROBE_CALLS", "RESERVE", "guard_none", "none_lost_per_call"]
