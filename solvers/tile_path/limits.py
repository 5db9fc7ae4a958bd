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

from gridsight.solvers.limit import LimitReached, amount

#: What one frontier state costs in memory, by engine (docs/tile-path.md, measured): a
#: :class:`~gridsight.solvers.limit.Limit`'s ``memory`` (bytes) becomes a bound in states with
#: :func:`states_within`.
PYTHON_STATE_BYTES = 60
NUMBA_STATE_BYTES = 8

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
        super().__init__(f"the memory bound of {amount(max_states, 'state')}")
        self.max_states = max_states


def progress(stop: LimitReached) -> Progress:
    """The :class:`Progress` a stopped run recorded (attached to it on the way out)."""
    if not isinstance(stop.proven, Progress):
        stop.proven = Progress()
    return stop.proven


def undecided(stop: LimitReached) -> str:
    """What a player is told when the main question stopped undecided."""
    return f"undecided: {stop.reason} reached (searched {amount(progress(stop).states, 'state')})"


def states_within(memory: int, compiled: bool, switch: int) -> int:
    """The frontier states ``memory`` bytes hold (at least 1): at the Python engine's cost per
    state, or at the kernel's when ``compiled`` and the bound lets a run reach the kernel
    (``switch``: the states an ``auto`` run expands in Python first; 0 for the kernel alone).

    >>> states_within(1, False, 0), states_within(600_000, False, 0)
    (1, 10000)
    >>> states_within(600_000, True, 30_000), states_within(8_000_000, True, 30_000)
    (10000, 1000000)
    """
    python = memory // PYTHON_STATE_BYTES
    if not compiled or python < switch:
        return max(1, python)
    return max(1, memory // NUMBA_STATE_BYTES)
