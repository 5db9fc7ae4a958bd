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
('the limit of 1,000 states held at once', True)
>>> undecided(stop)
'undecided: the limit of 1,000 states held at once reached (searched 0 states)'

The bound is said as its caller gave it (:func:`held_bound`): ``max_states`` (``solve tile-path
--max-states``) in states held, a :class:`~gridsight.solvers.limit.Limit`'s ``memory`` in bytes.

Every entry point that searches (:func:`~gridsight.solvers.tile_path.analysis.analyse`,
``decide``, ``leave_one_analysis``, ``check_walk_so_far``, the frontier's ``run``,
``hamiltonian_path`` and ``longest_walk``) takes its bounds through :func:`bounds`: one
``limit`` (default :class:`~gridsight.solvers.limit.Limit` ``()``, 20 s of work) and the memory
bound (default :data:`DEFAULT_MAX_STATES`, fewer when the limit's ``memory`` holds fewer), so
none runs unbounded unless its caller asks (``Limit.none()``, ``max_states=None``).

>>> meter, states = entry_bounds(Limit(states=5, memory=600), None, 10**6, "python")
>>> meter.limit.states, states
(5, 10)
>>> entry_bounds(None, None, DEFAULT_MAX_STATES, "python")[0].limit == Limit()
True
"""

from __future__ import annotations

from dataclasses import dataclass

from gridsight.solvers.engines import (
    SWITCH_STATES, affords_loading, compiling_elsewhere, kernel_loaded, numba_installed,
)
from gridsight.solvers.limit import Limit, LimitReached, Meter, amount

#: What one frontier state costs in memory, by engine (docs/tile-path.md, measured): a
#: :class:`~gridsight.solvers.limit.Limit`'s ``memory`` (bytes) becomes a bound in states with
#: :func:`states_within`.
PYTHON_STATE_BYTES = 60
NUMBA_STATE_BYTES = 8

#: The limit of a search entry point called without one (20 s of work): :func:`entry_bounds`.
DEFAULT_LIMIT = Limit()

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
    """The run would have held more states at once than its memory bound allows (said as
    ``max_states``'s until :meth:`said_under` names the bound its caller gave)."""

    def __init__(self, max_states: int):
        super().__init__(held_bound(None, max_states))
        self.max_states = max_states

    def said_under(self, meter: Meter) -> None:
        """Name the bound as the caller of the run under ``meter`` gave it
        (:func:`held_bound`)."""
        self.reason = held_bound(meter, self.max_states)
        self.args = (f"stopped at {self.reason}",)


def held_bound(meter: Meter | None, states: int) -> str:
    """The bound of ``states`` held at once, in words, as its caller gave it: the limit's
    ``memory`` (:meth:`Meter.memory_bound`) in bytes when ``states`` is what those bytes hold
    (:func:`states_within`, at either engine's cost), else ``max_states`` in states (before,
    both were "the memory bound of N states", and ``Limit(memory=0)`` said "1 state").

    >>> held_bound(None, 5000)
    'the limit of 5,000 states held at once'
    >>> held_bound(Limit(memory=600_000).start(), 10_000)
    'the memory bound of 600,000 bytes (10,000 states held at once, 60 bytes each)'
    >>> held_bound(Limit(memory=0).start(), 1)
    'the memory bound of 0 bytes (less than one state held: 60 bytes)'
    """
    memory = None if meter is None else meter.memory_bound()
    if memory is not None:
        for cost in (PYTHON_STATE_BYTES, NUMBA_STATE_BYTES):
            if states == max(1, memory // cost):
                held = (f"{amount(states, 'state')} held at once, {cost} bytes each"
                        if memory >= cost else f"less than one state held: {cost} bytes")
                return f"the memory bound of {amount(memory, 'byte')} ({held})"
    return f"the limit of {amount(states, 'state')} held at once"


def progress(stop: LimitReached) -> Progress:
    """The :class:`Progress` a stopped run recorded (attached to it on the way out)."""
    if not isinstance(stop.proven, Progress):
        stop.proven = Progress()
    return stop.proven


def undecided(stop: LimitReached) -> str:
    """What a player is told when the main question stopped undecided."""
    return f"undecided: {stop.reason} reached (searched {amount(progress(stop).states, 'state')})"


#: The compiled kernel's module (loaded only when an engine needs it).
KERNEL = "gridsight.solvers.tile_path.kernel"


def may_load_kernel(meter: Meter) -> bool:
    """Whether an ``auto`` run under ``meter`` may go on in the kernel past its first states:
    the kernel is loaded already, or the limit has a second left to load it
    (:func:`gridsight.solvers.engines.affords_loading`: loading is one step no limit can stop;
    the first Hero's Cave solve of a process under ``Limit(seconds=0.2)`` took 0.63 s of CPU,
    3.0 s with numba's cache empty, when the run loaded it mid-search). Asked once, as a run
    starts, for both its engine and its memory bound (:func:`memory_bound`). Never while
    another process compiles the kernel into numba's cache (the live warm-up,
    :func:`gridsight.solvers.engines.compiling_elsewhere`, told by the process's caller): a
    second compile here (about 6 CPU s) would race it; the run stays in the Python twin."""
    return kernel_loaded(KERNEL) or (affords_loading(meter)
                                     and not compiling_elsewhere(KERNEL, _kernel_expand))


def _kernel_expand():
    """The kernel's compiled frontier step (imports numba): its cache entry says whether
    numba's cache holds the kernel."""
    from gridsight.solvers.tile_path import kernel

    return kernel.expand


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


def memory_bound(meter: Meter, max_states: int | None, engine: str) -> int | None:
    """The states one search may hold: ``max_states``, or fewer when the limit's ``memory``
    (bytes, :meth:`Meter.memory_bound`) holds fewer at the engine's cost per state (the one
    :class:`~gridsight.solvers.limit.Limit` bounds tile path's memory as it does the others')."""
    memory = meter.memory_bound()
    if memory is None:
        return max_states
    compiled = engine == "numba" or (engine == "auto" and numba_installed()
                                     and may_load_kernel(meter))
    states = states_within(memory, compiled,
                           SWITCH_STATES["tile-path"] if engine == "auto" else 0)
    return states if max_states is None else min(states, max_states)


def entry_bounds(limit: Limit | Meter | None, meter: Meter | None, max_states: int | None,
           engine: str) -> tuple[Meter, int | None]:
    """The running meter and the memory bound of one search entry point: ``limit`` (a
    :class:`~gridsight.solvers.limit.Limit`, started here, or a meter already running) or
    ``meter`` (a running meter, as the analysis hands its parts), at most one of them; neither:
    :data:`DEFAULT_LIMIT`. ``max_states`` must be a whole number of at least 1 (``None``: no
    bound of its own), tightened by the limit's ``memory`` (:func:`memory_bound`)."""
    if limit is not None and meter is not None:
        raise TypeError("give a limit or a running meter, not both")
    given = meter if meter is not None else limit
    if given is not None and not isinstance(given, (Limit, Meter)):
        raise TypeError(f"a limit must be a Limit or a Meter, not {type(given).__name__}")
    running = given if isinstance(given, Meter) else (given or DEFAULT_LIMIT).start()
    if max_states is not None:
        if isinstance(max_states, bool) or not isinstance(max_states, int):
            raise TypeError(f"a memory bound must be a whole number of states, not "
                            f"{max_states!r}")
        if max_states < 1:
            raise ValueError(f"a memory bound must be at least 1 state, not {max_states}")
    return running, memory_bound(running, max_states, engine)
