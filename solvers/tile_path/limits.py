"""The bounds every tile-path search runs under: the analysis's limit and a memory bound.

The work is bounded by the one :class:`~gridsight.solvers.limit.Limit` of :mod:`gridsight.solvers.limit` (CPU
seconds of the solving thread, states visited), checked through its
:class:`~gridsight.solvers.limit.Meter` every few thousand states. A frontier run also keeps sets of
states in memory (the layer it expands, the one it builds, and the layers it saves to rebuild
a witness walk). Their number, not the board's size, is what grows without bound on wide open
boards, so the memory bound counts them (``max_states``): a run stops with
:class:`StatesHeldExceeded` rather than exhaust the machine's memory. Both stops are a
:class:`~gridsight.solvers.limit.LimitReached`, whose ``proven`` is the run's :class:`Progress` (the
states it expanded; whether it had already proven that a walk exists).

>>> stop = StatesHeldExceeded(1000)
>>> stop.reason, isinstance(stop, LimitReached)
('the memory bound of 1,000 states', True)
>>> undecided(stop)
'undecided: the memory bound of 1,000 states reached (searched 0 states)'
"""

from __future__ import annotations

from dataclasses import dataclass

from gridsight.solvers.limit import LimitReached

# The default memory bound of :func:`gridsight.solvers.tile_path.analysis.analyse` (and of the command
# line): frontier states one search may hold at once.
DEFAULT_MAX_STATES = 50_000_000


@dataclass
class Progress:
    """What a stopped run had done: ``states`` expanded; ``found`` is True when the sweep had
    already proven that a walk exists and only the rebuilding of the witness walk was cut
    short."""

    states: int = 0
    found: bool = False


class StatesHeldExceeded(LimitReached):
    """The run would have held more states at once than its memory bound allows."""

    def __init__(self, max_states: int):
        super().__init__(f"the memory bound of {max_states:,} states")
        self.max_states = max_states


def progress(stop: LimitReached) -> Progress:
    """The :class:`Progress` a stopped run recorded (attached to it on the way out)."""
    if not isinstance(stop.proven, Progress):
        stop.proven = Progress()
    return stop.proven


def undecided(stop: LimitReached) -> str:
    """What a player is told when the main question stopped undecided."""
    return f"undecided: {stop.reason} reached (searched {progress(stop).states:,} states)"
