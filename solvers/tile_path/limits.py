"""The bounds every tile-path search runs under: a deadline and a number of states held.

A frontier run keeps sets of states in memory (the layer it expands, the one it builds, and the
layers it saves to rebuild a witness walk). Their number, not the board's size, is what grows
without bound on wide open boards, so the memory bound counts them: a run stops with
:class:`StateLimitExceeded` rather than exhaust the machine's memory, and with
:class:`TimeLimitExceeded` past its deadline. Both say how many states the run had expanded.

>>> budget = Budget.from_limits(None, 1000)
>>> budget.expired(), budget.max_states
(False, 1000)
>>> Budget.from_limits(0.0, None).expired()
True
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass

# The default bounds of :func:`solvers.tile_path.analysis.analyse` (and of the command line).
DEFAULT_TIME_LIMIT = 20.0
DEFAULT_MAX_STATES = 50_000_000


class SearchStopped(Exception):
    """A frontier run stopped before it was done; ``states`` it had expanded. ``found`` is
    True when the sweep had already proven that a walk exists and only the rebuilding of the
    witness walk was cut short."""

    def __init__(self, states: int = 0):
        super().__init__(states)
        self.states = states
        self.found = False

    def bound(self, budget: "Budget") -> str:
        """The bound that stopped it, in words: ``time limit of 20 s``."""
        raise NotImplementedError

    def undecided(self, budget: "Budget") -> str:
        """What a player is told when the main question stopped undecided."""
        raise NotImplementedError


class TimeLimitExceeded(SearchStopped):
    """The run passed its deadline."""

    def bound(self, budget: "Budget") -> str:
        return "time limit" if budget.seconds is None else f"time limit of {budget.seconds:g} s"

    def undecided(self, budget: "Budget") -> str:
        after = "" if budget.seconds is None else f" after {budget.seconds:g} s"
        return f"undecided{after}: searched {self.states:,} states"


class StateLimitExceeded(SearchStopped):
    """The run would have held more states at once than its memory bound allows."""

    def bound(self, budget: "Budget") -> str:
        return f"memory bound of {budget.max_states:,} states"

    def undecided(self, budget: "Budget") -> str:
        return (
            f"undecided: memory bound of {budget.max_states:,} states reached "
            f"(searched {self.states:,} states)"
        )


@dataclass(frozen=True)
class Budget:
    """A deadline (a ``time.monotonic()`` value, ``None``: none) and the most states a run may
    hold at once (``None``: no bound), shared by every search of one analysis."""

    deadline: float | None
    max_states: int | None
    seconds: float | None = None

    @classmethod
    def from_limits(cls, time_limit: float | None, max_states: int | None) -> "Budget":
        """``time_limit`` seconds from now and ``max_states``; ``None`` for no bound (a time
        limit of 0 has passed at once: the command line maps its 0, "no limit", to ``None``)."""
        if time_limit is not None and not time_limit >= 0:
            raise ValueError(f"a time limit must be 0 or more seconds, not {time_limit}")
        if max_states is not None and max_states < 1:
            raise ValueError(f"a memory bound must be at least 1 state, not {max_states}")
        if time_limit is not None and math.isinf(time_limit):
            time_limit = None
        deadline = None if time_limit is None else time.monotonic() + time_limit
        return cls(deadline, max_states, time_limit)

    def expired(self) -> bool:
        return self.deadline is not None and time.monotonic() >= self.deadline

    def remaining(self) -> float | None:
        """Seconds left (never below 0), or ``None`` for no deadline."""
        return None if self.deadline is None else max(0.0, self.deadline - time.monotonic())


UNBOUNDED = Budget(None, None)
