"""One way to bound a search: :class:`Limit`, started as a :class:`Meter`, stopped by
:class:`LimitReached`; and how good an answer is: :class:`Quality`.

Every solver takes a ``Limit`` and checks it itself, now and then (every few thousand steps,
so the check costs nothing; compiled kernels return to Python every few thousand states so
the check happens there too). The default budget is *work*, not wall time: CPU seconds of the
searching thread (``time.thread_time``) and states visited, so the same board gets the same
answer on a busy machine as on an idle one. A wall-clock bound exists only as an outer limit
the caller sets (``wall_seconds``), for a player who will not wait longer than that.

No signal, no alarm, no stack walk: a limit works the same on any thread, on any platform,
and wherever the code is installed. A caller that needs a hard stop (a solve that must end
at a moment whatever the solver does) runs it in a worker process it can kill
(:mod:`gridsight.worker`).

A search stopped by its limit is *anytime*: it answers with the best move found so far and
says how good it is (:class:`Quality`), never with nothing when a move exists.

>>> Limit().seconds == DEFAULT_SECONDS
True
>>> meter = Limit(states=3).start()
>>> meter.count(2); meter.reached()
False
>>> meter.count(1); meter.reached()
True
>>> meter.reason
'the limit of 3 states'
>>> part = Limit(seconds=None).start().within(Limit(seconds=None, states=2))
>>> part.count(2); part.reached(), part.parent.reached(), part.parent.states
(True, False, 2)
>>> Limit(seconds=-1)
Traceback (most recent call last):
...
ValueError: a limit's seconds must be 0 or more, not -1
>>> Quality.bounded("the limit of 1 s of work", 1.71, 1.74, "expected animals").describe()
'stopped at the limit of 1 s of work: at least 1.71, at most 1.74 expected animals'

A limit is spent from the moment its meter starts, inside the solver; a caller whose own
steps come first (``gridsight.api.solve`` imports the game's solver, parses the board) gives
the solver ``limit.from_now()``, whose meters count from that earlier moment (on the same
thread), so the limit bounds the call as the caller sees it:

>>> import time
>>> early = Limit(seconds=None, wall_seconds=0.01).from_now()
>>> time.sleep(0.02)
>>> early.start().reached(), Limit(seconds=None, wall_seconds=0.01).start().reached()
(True, False)
>>> early == Limit(seconds=None, wall_seconds=0.01)  # the moment is no part of the value
True
"""

from __future__ import annotations

import math
import os
import threading
import time
from dataclasses import dataclass, field, replace
from decimal import Decimal
from typing import Any

from gridsight.solvers import headroom

#: How many :meth:`Meter.reached` calls pass between two looks at the process's memory (a
#: look reads ``/proc``; the calls come every few thousand states).
_MEMORY_EVERY = 16

#: The default budget of one analysis, in CPU seconds of the searching thread: the one
#: default every command and the library share (``--time-limit``).
DEFAULT_SECONDS = 20.0


def amount(count: int, unit: str) -> str:
    """``count`` of ``unit`` in words, singular for one: ``1 state``, ``2 states``,
    ``1,000 bytes`` (every stop line and limit in words goes through it).

    >>> amount(1, "state"), amount(0, "state"), amount(12000, "byte")
    ('1 state', '0 states', '12,000 bytes')
    """
    return f"{count:,} {unit}" + ("" if count == 1 else "s")


def said_seconds(value: float) -> str:
    """``value`` seconds as a person writes them, every digit it has and no exponent (every
    limit in seconds said in words goes through it: ``{:g}`` said ``1e-09`` and
    ``1.23457e+06``).

    >>> said_seconds(20.0), said_seconds(1e-9), said_seconds(1234567.0), said_seconds(2.5)
    ('20', '0.000000001', '1234567', '2.5')
    """
    text = repr(float(value))  # the shortest digits that give the number back
    if "e" in text and 1e-15 <= value < 1e16:
        text = format(Decimal(text), "f")
    return text[:-2] if text.endswith(".0") else text


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
class Since:
    """The moment a limit counts from (:meth:`Limit.from_now`): the thread's CPU clock and
    the monotonic clock then, and the thread and process that read them (CPU time is a
    thread's own: a meter started on another thread, or in another process the limit was
    sent to, counts from its own start)."""

    cpu: float
    wall: float
    thread: int
    process: int

    @classmethod
    def now(cls) -> "Since":
        return cls(time.thread_time(), time.monotonic(), threading.get_ident(), os.getpid())

    def here(self) -> bool:
        """Whether this moment was read on the calling thread of this process."""
        return self.thread == threading.get_ident() and self.process == os.getpid()

    def excluding(self, begin: "Since", end: "Since") -> "Since":
        """This moment moved later by the time from ``begin`` to ``end`` on both clocks: a
        wait between them counts against nothing (``gridsight solve`` waiting for its board on
        a pipe or a terminal counts from its start, its reading of the board left out).

        >>> start = Since(1.0, 10.0, 7, 8)
        >>> start.excluding(Since(1.5, 11.0, 7, 8), Since(1.75, 41.0, 7, 8))
        Since(cpu=1.25, wall=40.0, thread=7, process=8)
        """
        return replace(self, cpu=self.cpu + end.cpu - begin.cpu,
                       wall=self.wall + end.wall - begin.wall)


@dataclass(frozen=True)
class Limit:
    """How much work a solve may do; ``None`` leaves that measure unbounded.

    - ``seconds``: CPU seconds of the searching thread (work, not wall time);
    - ``wall_seconds``: an outer bound on elapsed time, only when the caller asks for one;
    - ``states``: search states (nodes) visited;
    - ``memory``: bytes the search's tables may hold.

    ``since`` (set by :meth:`from_now`, not compared, not shown) is the moment the limit's
    time measures count from; ``None``: from the start of each meter.
    """

    seconds: float | None = DEFAULT_SECONDS
    wall_seconds: float | None = None
    states: int | None = None
    memory: int | None = None
    since: Since | None = field(default=None, repr=False, compare=False)

    def __post_init__(self) -> None:
        _check("seconds", self.seconds)
        _check("wall_seconds", self.wall_seconds)
        _check("states", self.states, whole=True)
        _check("memory", self.memory, whole=True)
        if self.since is not None and not isinstance(self.since, Since):
            raise TypeError(f"a limit's since is a Since (Limit.from_now()), not "
                            f"{type(self.since).__name__}")
        for name in ("seconds", "wall_seconds"):  # inf is "no bound", said once
            value = getattr(self, name)
            if value is not None and math.isinf(value):
                object.__setattr__(self, name, None)

    @classmethod
    def none(cls) -> "Limit":
        """No bound at all: searches run to the end."""
        return cls(seconds=None)

    @classmethod
    def of_seconds(cls, seconds: float | None, **others: Any) -> "Limit":
        """``seconds`` of work, where the command line's ``0`` means no bound.

        >>> Limit.of_seconds(0).seconds is None, Limit.of_seconds(2.5).seconds
        (True, 2.5)
        """
        return cls(seconds=seconds or None, **others)

    @property
    def unbounded(self) -> bool:
        """Whether no bound is set at all (``Limit.none()``): a search runs to its end."""
        return (self.seconds is None and self.wall_seconds is None and self.states is None
                and self.memory is None)

    def replace(self, **changes: Any) -> "Limit":
        """This limit with some measures changed."""
        return replace(self, **changes)

    def from_now(self) -> "Limit":
        """This limit counted from now: the CPU and wall seconds spent on this thread between
        now and the start of a meter of it count against it (``gridsight.api.solve`` gives
        the solver its limit so, from the call's first line: the game's solver imported
        within it; a limit given to it counted from a moment of its own keeps that moment, so
        one made once and given to every call of a loop is spent by the first calls)."""
        return replace(self, since=Since.now())

    def tighter(self, other: "Limit") -> "Limit":
        """The stricter of two limits, measure by measure (a fresh budget: counted from its
        meter's start, whatever moment either counted from).

        >>> Limit(seconds=5).tighter(Limit(seconds=1, states=9))
        Limit(seconds=1, wall_seconds=None, states=9, memory=None)
        """
        def least(a: Any, b: Any) -> Any:
            return b if a is None else a if b is None else min(a, b)

        return Limit(least(self.seconds, other.seconds),
                     least(self.wall_seconds, other.wall_seconds),
                     least(self.states, other.states), least(self.memory, other.memory))

    def describe(self) -> str:
        """The limit in words, for messages: ``20 s of work``, ``no limit``.

        >>> Limit(seconds=2, wall_seconds=5).describe()
        '2 s of work, 5 s of waiting'
        """
        parts = []
        if self.seconds is not None:
            parts.append(f"{said_seconds(self.seconds)} s of work")
        if self.wall_seconds is not None:
            parts.append(f"{said_seconds(self.wall_seconds)} s of waiting")
        if self.states is not None:
            parts.append(amount(self.states, "state"))
        if self.memory is not None:
            parts.append(amount(self.memory, "byte"))
        return ", ".join(parts) or "no limit"

    def start(self) -> "Meter":
        """Start measuring on the calling thread: from now, or from :attr:`since` when it
        was read on this thread."""
        return Meter(self)


class Meter:
    """A :class:`Limit` being spent: started CPU and wall clocks, and states counted.

    A meter belongs to the thread that started it (CPU time is the thread's own). A part of
    a search with a budget of its own (Disco Zoo's exact pass within the whole analysis) runs
    under :meth:`within`: a child meter that is reached when its own limit or its parent's is,
    and whose states count in its parent too.
    """

    def __init__(self, limit: Limit, parent: "Meter | None" = None):
        self.limit = limit
        self.parent = parent
        self.thread = threading.get_ident()
        since = limit.since if limit.since is not None and limit.since.here() else None
        self._cpu0 = time.thread_time() if since is None else since.cpu
        self._wall0 = time.monotonic() if since is None else since.wall
        self.states = 0
        self.reason: str | None = None
        self._looks = 0

    def within(self, limit: Limit) -> "Meter":
        """A child meter for part of the work, bounded by ``limit`` and by this meter."""
        return Meter(limit, parent=self)

    def count(self, states: int = 1) -> None:
        """Record ``states`` more visited states (here and in every parent)."""
        meter: Meter | None = self
        while meter is not None:
            meter.states += states
            meter = meter.parent

    def cpu_spent(self) -> float:
        """CPU seconds the thread spent since the meter started."""
        return time.thread_time() - self._cpu0

    def wall_spent(self) -> float:
        return time.monotonic() - self._wall0

    def cpu_left(self) -> float | None:
        """CPU seconds left (never below 0; the least of this meter's and its parents'), or
        ``None`` when unbounded."""
        own = None if self.limit.seconds is None else max(0.0, self.limit.seconds
                                                         - self.cpu_spent())
        above = None if self.parent is None else self.parent.cpu_left()
        return own if above is None else above if own is None else min(own, above)

    def wall_left(self) -> float | None:
        """Seconds of waiting left (never below 0; the least along the parents), or ``None``
        when unbounded."""
        own = None if self.limit.wall_seconds is None else max(0.0, self.limit.wall_seconds
                                                              - self.wall_spent())
        above = None if self.parent is None else self.parent.wall_left()
        return own if above is None else above if own is None else min(own, above)

    def states_left(self) -> int | None:
        """States that may still be visited (never below 0; the least along the parents), or
        ``None`` when unbounded: a compiled kernel can take it as its allowance."""
        own = None if self.limit.states is None else max(0, self.limit.states - self.states)
        above = None if self.parent is None else self.parent.states_left()
        return own if above is None else above if own is None else min(own, above)

    def memory_bound(self) -> int | None:
        """The bytes a search's tables may hold (the least along the parents), or ``None``."""
        own = self.limit.memory
        above = None if self.parent is None else self.parent.memory_bound()
        return own if above is None else above if own is None else min(own, above)

    def reached(self) -> bool:
        """True once any bound (its own or a parent's) is passed; :attr:`reason` then names
        it in words. Once reached, a meter stays reached."""
        if self.reason is not None:
            return True
        limit = self.limit
        if limit.states is not None and self.states >= limit.states:
            self.reason = f"the limit of {amount(limit.states, 'state')}"
        elif limit.seconds is not None and self.cpu_spent() >= limit.seconds:
            self.reason = f"the limit of {said_seconds(limit.seconds)} s of work"
        elif limit.wall_seconds is not None and self.wall_spent() >= limit.wall_seconds:
            self.reason = f"the limit of {said_seconds(limit.wall_seconds)} s of waiting"
        elif self.parent is not None and self.parent.reached():
            self.reason = self.parent.reason
        else:
            self._looks += 1
            if self._looks % _MEMORY_EVERY == 0 and headroom.pressed():
                # Before the process's hard limit (--max-memory), where an allocation fails
                # wherever it happens (solvers.headroom says why that must not happen).
                self.reason = headroom.describe()
        return self.reason is not None

    def stop(self, reason: str) -> None:
        """Mark the meter reached for ``reason`` (a bound the solver checks itself, such as a
        memory bound counted in its own units)."""
        if self.reason is None:
            self.reason = reason

    def check(self) -> None:
        """Raise :class:`LimitReached` once any bound is passed."""
        if self.reached():
            raise LimitReached(self.reason or "the limit")


def unlimited() -> Meter:
    """A meter that is never reached (for callers that want a search to run to its end)."""
    return Limit.none().start()


class LimitReached(Exception):
    """A search stopped at its limit. ``reason`` names the bound in words; ``proven`` carries
    what it established before stopping (a best move so far, bounds on its value, the states
    searched), when the solver has something to say. Solvers catch it at their own entry and
    answer with the best they have (:class:`Quality` says how good that is); it reaches a
    caller only from a search that has nothing to offer yet."""

    def __init__(self, reason: str, proven: object | None = None):
        super().__init__(f"stopped at {reason}")
        self.reason = reason
        self.proven = proven


@dataclass(frozen=True)
class Quality:
    """How good an answer is.

    ``exact``: the search ran to its end and the advised move is proven best (its value,
    when the game has one, is ``low == high``). Otherwise ``stopped`` names the limit that
    cut it short (``None``: a method that is never exact, such as rollouts), ``low`` is what
    the advised move is proven to be worth at least and ``high`` what no move can beat (either
    ``None`` when unknown), in ``unit`` ("expected animals"); ``method`` says how the move was
    chosen.

    >>> Quality.exact_value(1.5, "expected animals").describe()
    'exact: 1.5 expected animals'
    >>> Quality(exact=False, stopped="the limit of 2 s of work").describe()
    'stopped at the limit of 2 s of work'
    """

    exact: bool = True
    stopped: str | None = None
    low: float | None = None
    high: float | None = None
    unit: str = ""
    method: str = ""

    @classmethod
    def exact_value(cls, value: float | None = None, unit: str = "") -> "Quality":
        return cls(True, None, value, value, unit)

    @classmethod
    def bounded(cls, stopped: str | None, low: float | None, high: float | None,
                unit: str = "", method: str = "") -> "Quality":
        return cls(False, stopped, low, high, unit, method)

    def describe(self, digits: int = 2) -> str:
        """One line: ``exact``, or where the search stopped and the bounds it proved."""
        unit = f" {self.unit}" if self.unit else ""
        if self.exact:
            return "exact" if self.low is None else f"exact: {_number(self.low, digits)}{unit}"
        parts = []
        if self.low is not None:
            parts.append(f"at least {_number(self.low, digits)}")
        if self.high is not None:
            parts.append(f"at most {_number(self.high, digits)}")
        bounds = ", ".join(parts) + (unit if parts else "")
        head = f"stopped at {self.stopped}" if self.stopped else "not exact"
        return f"{head}: {bounds}" if bounds else head

    def to_dict(self) -> dict[str, Any]:
        """The quality as JSON: ``exact``, ``stopped``, the bounds proved (``at_least``,
        ``at_most``, their ``unit``) and the ``method``, as ``--json`` prints it."""
        return {"exact": self.exact, "stopped": self.stopped, "at_least": self.low,
                "at_most": self.high, "unit": self.unit, "method": self.method}

    @classmethod
    def from_dict(cls, data: dict[str, Any] | None) -> "Quality":
        if not data:
            return cls()
        return cls(bool(data.get("exact", True)), data.get("stopped"), data.get("at_least"),
                   data.get("at_most"), str(data.get("unit", "")), str(data.get("method", "")))


def _number(value: float, digits: int) -> str:
    """``value`` with ``digits`` decimals, trailing zeros dropped (1.5, 1.71, 47.86)."""
    text = f"{value:.{digits}f}"
    return text.rstrip("0").rstrip(".") if "." in text else text
