"""A time limit for searches that must never freeze their caller.

Every search in this package takes a :class:`Deadline` and checks it now and then (every few
thousand steps, so the check costs nothing); when it has passed, the search stops and reports
that it was cut short instead of running on.

>>> Deadline(None).expired()
False
>>> Deadline(0.0).expired()
True
"""

from __future__ import annotations

import time


class Deadline:
    """The moment ``seconds`` from now (``None``: never). ``hit`` records that a search saw it."""

    def __init__(self, seconds: float | None):
        if seconds is not None and seconds < 0:
            raise ValueError("a time limit cannot be negative")
        self.seconds = seconds
        self._end = None if seconds is None else time.monotonic() + seconds
        self.hit = False

    def expired(self) -> bool:
        """True once the moment has passed (and remember that it was hit)."""
        if self._end is not None and time.monotonic() >= self._end:
            self.hit = True
        return self.hit

    def remaining(self) -> float | None:
        """Seconds left (never below 0), or ``None`` for no limit."""
        if self._end is None:
            return None
        return max(0.0, self._end - time.monotonic())


class TimedOut(Exception):
    """Raised inside a search when its deadline passes; caught by the search's public entry."""
