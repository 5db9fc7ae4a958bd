"""Memos a caller owns: what a reader remembers from one frame to the next of one session.

A read whose answer may change with pixels its memo's key does not hold (the Disco Zoo title
bar's region, kept by the cards' pictures: :func:`.games.disco_zoo.given.title_read`) may not
keep it in the module, where any other caller of the library in the process would be given
it. It keeps it in the :class:`ReadMemo` its caller made and made active for its reads (a
live loop's session: one frame after another of one window); with none active, each read is
its own.

>>> from gridsight.memo import ReadMemo, kept
>>> kept("example") is None
True
>>> session = ReadMemo()
>>> with session:
...     kept("example")["frame"] = "read once"
...     kept("example")["frame"]
'read once'
>>> kept("example") is None, ReadMemo().kept("example")
(True, OrderedDict())
"""

from __future__ import annotations

from collections import OrderedDict
from contextvars import ContextVar, Token
from typing import Any

_ACTIVE: ContextVar["ReadMemo | None"] = ContextVar("gridsight_read_memo", default=None)


class ReadMemo:
    """A session's memos by name (each an :class:`~collections.OrderedDict` its user bounds),
    active for the reads done inside ``with memo:`` in this thread (or task)."""

    def __init__(self) -> None:
        self._memos: dict[str, OrderedDict[Any, Any]] = {}
        self._tokens: list[Token[ReadMemo | None]] = []

    def kept(self, name: str) -> OrderedDict[Any, Any]:
        """The memo called ``name`` (made empty on first use)."""
        return self._memos.setdefault(name, OrderedDict())

    def clear(self) -> None:
        """Forget everything (a new game, another window)."""
        self._memos.clear()

    def __enter__(self) -> ReadMemo:
        self._tokens.append(_ACTIVE.set(self))
        return self

    def __exit__(self, *exc: object) -> None:
        _ACTIVE.reset(self._tokens.pop())


def kept(name: str) -> OrderedDict[Any, Any] | None:
    """The active session's memo called ``name``, or ``None``: no session is active (a
    library call on its own remembers nothing)."""
    memo = _ACTIVE.get()
    return None if memo is None else memo.kept(name)


__all__ = ["ReadMemo", "kept"]
