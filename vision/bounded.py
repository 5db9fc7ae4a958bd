"""Bounded memos: what a module remembers from one call to the next, at most a fixed number of
entries, the least recently used forgotten first.

A memo kept in a module is shared by every caller in the process, so it holds only what its key
alone decides (a digest of the pixels read, the arguments) and stays bounded: a
:class:`BoundedMemo` is its only side effect. A memo whose answer hangs on more than its key
belongs to the caller's session instead (:mod:`gridsight.memo`).

>>> from gridsight.vision.bounded import BoundedMemo
>>> memo: BoundedMemo[str, int] = BoundedMemo(2)
>>> memo.remember("a", lambda: 1), memo.remember("b", lambda: 2)
(1, 2)
>>> memo.remember("a", lambda: 10)  # known: used again (so now the newest), not made anew
1
>>> memo["c"] = 3  # one too many: "b", the least recently used, forgotten
>>> list(memo.items())
[('a', 1), ('c', 3)]
>>> off = BoundedMemo(0)  # remembers nothing (a baseline without the memo)
>>> off.remember("a", lambda: 1), len(off)
(1, 0)
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Callable, TypeVar

K = TypeVar("K")
V = TypeVar("V")

SIZE = 8  # entries kept when a memo is made without a size


class BoundedMemo(OrderedDict[K, V]):
    """An :class:`~collections.OrderedDict` of at most :attr:`size` entries, oldest first: every
    entry set or remembered again becomes the newest, and setting one past :attr:`size` forgets
    the oldest. Like the dictionary, not locked: a memo shared between threads is used under
    its owner's lock."""

    size: int

    def __init__(self, size: int = SIZE) -> None:
        if size < 0:
            raise ValueError(f"a memo keeps 0 entries or more, not {size}")
        super().__init__()
        self.size = size

    def __setitem__(self, key: K, value: V) -> None:
        super().__setitem__(key, value)
        self.move_to_end(key)
        while len(self) > self.size:
            self.popitem(last=False)

    def remember(self, key: K, make: Callable[[], V]) -> V:
        """The value kept under ``key`` (now the newest), or ``make()`` kept there and
        returned: ``make`` is called only for a key not kept."""
        try:
            value = self[key]
        except KeyError:
            value = self[key] = make()
            return value
        self.move_to_end(key)
        return value


__all__ = ["BoundedMemo", "SIZE"]
