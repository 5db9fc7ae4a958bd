"""One way to bound a search: :class:`Limit`, started as a :class:`Meter`, stopped by
:class:`LimitReached`.

Every solver takes a ``Limit`` and checks it itself, now and then (every few thousand steps,
so the check costs nothing). The default budget is *work*, not wall time: CPU seconds of the
searching thread (``time.thread_time``) and states visited, so the same board gets the same
answer on a busy machine as on an idle one. A wall-clock bound exists only as an outer limit
the caller sets (``wall_seconds``), for a player who will not wait longer than that.

>>> Limit().seconds == DEFAULT_SECONDS
True
>>> meter = Limit(states=3).start()
>>> meter.count(2); meter.reached()
False
>>> meter.count(1); meter.reached()
True
>>> meter.reason
'the limit of 3 states'
>>> Limit(seconds=-1)
Traceback (most recent call last):
...
ValueError: a limit's seconds must be 0 or more, not -1
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass

#: The default budget of one analysis, in CPU seconds of the searching thread.
DEFAULT_SECONDS = 20.0


def _check(name: str, value: float | None, *, whole: bool = False) -> None:
    if value is None:
        return
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"a limit's {name} must be a number or None, not {type(value).__name__}")
    if whole and not isinstance(value, int):
        raise TypeError(f"a limit's {name} must be a whole number, not {value!r}")
    if math.isnan(value) or value < 0:
        raise ValueError(f"a limit's {name} must be 0 or more, not {value}")


@dataclass(frozen=True)
class Limit:
    """How much work a solve may do; ``None`` leaves that measure unbounded.

    - ``seconds``: CPU seconds of the searching thread (work, not wall time);
    - ``wall_seconds``: an outer bound on elapsed time, only when the caller asks for one;
    - ``states``: search states (nodes) visited;
    - ``memory``: bytes the search's tables may hold.
    """

    seconds: float | None = DEFAULT_SECONDS
    wall_seconds: float | None = None
    states: int | None = None
    memory: int | None = None

    def __post_init__(self) -> None:
        _check("seconds", self.seconds)
        _check("wall_seconds", self.wall_seconds)
        _check("states", self.states, whole=True)
        _check("memory", self.memory, whole=True)

    @classmethod
    def none(cls) -> "Limit":
        """No bound at all: searches run to the end."""
        return cls(seconds=None)

    def start(self) -> "Meter":
        """Start measuring from now, on the calling thread."""
        return Meter(self)


class Meter:
    """A :class:`Limit` being spent: started CPU and wall clocks, and states counted.

    A meter belongs to the thread that started it (CPU time is the thread's own).
    """

    def __init__(self, limit: Limit):
        self.limit = limit
        self._cpu0 = time.thread_time()
        self._wall0 = time.monotonic()
        self.states = 0
        self.reason: str | None = None

    def count(self, states: int = 1) -> None:
        """Record ``states`` more visited states."""
        self.states += states

    def cpu_spent(self) -> float:
        return time.thread_time() - self._cpu0

    def wall_spent(self) -> float:
        return time.monotonic() - self._wall0

    def cpu_left(self) -> float | None:
        """CPU seconds left (never below 0), or ``None`` when unbounded."""
        if self.limit.seconds is None:
            return None
        return max(0.0, self.limit.seconds - self.cpu_spent())

    def reached(self) -> bool:
        """True once any bound is passed; :attr:`reason` then names it in words."""
        if self.reason is not None:
            return True
        limit = self.limit
        if limit.states is not None and self.states >= limit.states:
            self.reason = f"the limit of {limit.states:,} states"
        elif limit.seconds is not None and self.cpu_spent() >= limit.seconds:
            self.reason = f"the limit of {limit.seconds:g} s of work"
        elif limit.wall_seconds is not None and self.wall_spent() >= limit.wall_seconds:
            self.reason = f"the limit of {limit.wall_seconds:g} s of waiting"
        return self.reason is not None

    def check(self) -> None:
        """Raise :class:`LimitReached` once any bound is passed."""
        if self.reached():
            raise LimitReached(self.reason or "the limit")


class LimitReached(Exception):
    """A search stopped at its limit. ``proven`` carries what it established before stopping
    (a best move so far, bounds on its value), when the solver has something to say."""

    def __init__(self, reason: str, proven: object | None = None):
        super().__init__(f"stopped at {reason}")
        self.reason = reason
        self.proven = proven
