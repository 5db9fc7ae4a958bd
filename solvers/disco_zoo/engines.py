"""Two engines for the exact search, with identical values: pure Python, and compiled.

- ``python``: :class:`~gridsight.solvers.disco_zoo.lookahead.Lookahead`, Python ints as bitsets and
  dicts as the memo; always available.
- ``numba``: :class:`KernelLookahead`, the same search with every state below the root run
  by the compiled :mod:`.kernel` (numpy words as bitsets, a bounded transposition table),
  some 11 to 23 times faster (the Farm pairs of ``bench/disco_zoo_advice.py``: 15.8x in all).

``auto`` (the default) follows the one rule of :mod:`gridsight.solvers.engines`: the Python search
first, and the kernel, when numba is installed, for a search that passes
``SWITCH_STATES["disco-zoo"]`` states (or at once when the kernel is loaded already: see
:func:`gridsight.solvers.disco_zoo.advise.plan`), so numba stays an optional extra
(``pip install gridsight[fast]``). The kernel's
machine code is compiled once and cached beside the module; loading numba costs a process
about half a second the first time, which the opening book (:mod:`.book`) spares the first
tap of a fresh rescue.

Both engines answer through the same interface (``root``, ``tap_score``, ``decide``; see
:class:`~gridsight.solvers.disco_zoo.lookahead.Lookahead`), so the anytime plan of :mod:`.advise` does
not care which one runs; the tests hold their values equal on many boards and objectives.
"""

from __future__ import annotations

import numpy as np

from gridsight.solvers.engines import ENGINES, check_engine, numba_installed  # noqa: F401 - ENGINES offered
from gridsight.solvers.engines import EngineUnavailable
from gridsight.solvers.engines import kernel_loaded as _loaded

from gridsight.solvers.disco_zoo.lookahead import Decision, Lookahead
from gridsight.solvers.limit import Limit, LimitReached, amount
from gridsight.solvers.disco_zoo.objective import Objective
from gridsight.solvers.disco_zoo.placements import TILES, JointPlacements


KERNEL = "gridsight.solvers.disco_zoo.kernel"

# Nodes per kernel call between two looks at the meter: small at first, so a short budget is
# kept to closely, then growing so that long searches pay little for the calls.
FIRST_SLICE = 1 << 11
LAST_SLICE = 1 << 16
# Under a bound in seconds the slices stop growing sooner (about 0.03 s of CPU each), so that
# the meter is read often enough for the advice to come close to its budget.
TIMED_SLICE = 1 << 14

# The transposition table of one search starts at FIRST_TABLE_BYTES and grows fourfold each
# time it is half full, up to TABLE_BYTES; beyond, its entries replace each other. (A large
# table allocated up front costs more to touch than a small search takes.)
FIRST_TABLE_BYTES = 1 << 20
TABLE_BYTES = 256 << 20
# Under a time budget the table grows to TIMED_TABLE_BYTES at most: moving a large table costs
# more than the rest of a 1 s budget (growing to 256 MiB took 0.76 s of a 1.7 s answer), and a
# smaller table only makes entries give way, never changes a value.
TIMED_TABLE_BYTES = 16 << 20


#: Set when numba was found installed but the kernel could not be imported (a broken numba, or
#: a folder named ``numba`` shadowing it): the Python search is used from then on.
_kernel_failed = False


def kernel_available() -> bool:
    """Is numba installed (so the compiled kernel can run)? Asked without importing it
    (:func:`gridsight.solvers.engines.numba_installed`); no once the kernel failed to load."""
    return not _kernel_failed and numba_installed()


def kernel_loaded() -> bool:
    """Has this process loaded the compiled kernel already (so using it costs nothing more)?"""
    return _loaded(KERNEL) and not _kernel_failed


def resolve(engine: str) -> str:
    """``numba`` or ``python``: the twin ``engine`` (one of :data:`ENGINES`) runs in here once
    a search is long (``auto``: the kernel when numba is installed)."""
    if check_engine(engine) == "auto":
        return "numba" if kernel_available() else "python"
    return engine


def make_search(
    joint: JointPlacements,
    objective: Objective,
    width: int | None = None,
    hints: Lookahead | None = None,
    engine: str = "auto",
    memory: int | None = None,
) -> Lookahead:
    """A search of ``joint`` for ``objective`` on ``engine`` (see :class:`Lookahead`); the
    compiled one's table within ``memory`` bytes (``None``: :data:`TABLE_BYTES`).

    ``auto`` goes on in Python when numba is installed but its kernel cannot be imported
    (remembered for the process, as tile path's); ``numba`` then raises
    :class:`~gridsight.solvers.engines.EngineUnavailable` naming the import's error."""
    global _kernel_failed
    if resolve(engine) == "numba":
        try:
            return KernelLookahead(joint, objective, width, memory=memory)
        except ImportError as error:
            _kernel_failed = True
            if engine == "numba":
                raise EngineUnavailable(f"the numba engine could not be loaded ({error})") \
                    from error
    return Lookahead(joint, objective, width, hints)


class KernelLookahead(Lookahead):
    """:class:`Lookahead` whose states are searched by the compiled kernel.

    The root is split in Python (``root``, ``tap_score``), each state below it is handed to
    the kernel; its table lives as long as this object, so the anytime plan's calls share it.
    ``table_bytes`` bounds the table's memory, and ``memory`` (a limit's, when given) too,
    from its first table on: a bound below one bucket of the table (:attr:`refused` says so)
    stops the search at its first state, in words. Hints of an earlier search are not used (they
    only change the order of the taps). ``max_nodes``, when set, stops the search
    (:class:`~gridsight.solvers.limit.LimitReached`) once it has visited that many states: a budget that
    gives the same answer on any machine. The kernel returns to Python every slice of states
    (at most :data:`LAST_SLICE`), where the search's meter is looked at.
    """

    def __init__(
        self,
        joint: JointPlacements,
        objective: Objective,
        width: int | None = None,
        table_bytes: int = TABLE_BYTES,
        memory: int | None = None,
    ):
        super().__init__(joint, objective, width)
        self.max_nodes: int | None = None
        n = self.n
        words = (self.total + 63) // 64
        self.words = words
        cover = np.zeros((TILES, n, words), dtype=np.uint64)
        anyc = np.zeros((TILES, words), dtype=np.uint64)
        for tile in range(TILES):
            for k in range(n):
                cover[tile, k] = _words(self.cover[tile][k], words)
            anyc[tile] = _words(self.any[tile], words)
        classes = self.classes
        cls_bits = np.stack([_words(bits, words) for _, bits in classes])
        cls_needs = np.array([needs for needs, _ in classes], dtype=np.int64)
        score_of = np.zeros(1 << n, dtype=np.int64)
        for rescued in range(1 << n):
            primary, secondary = objective.scores(rescued, n)
            score_of[rescued] = primary * self.factor + secondary
        from gridsight.solvers.disco_zoo import kernel

        depth = len(self.live) + 2
        self._fields = kernel.table_fields(n, words)
        if memory is not None:
            table_bytes = min(table_bytes, memory)
        self._table_bytes = table_bytes
        smallest = kernel.SLOTS * self._fields * 8  # one bucket
        #: Why the search cannot run within its memory bound (``None``: it can).
        self.refused: str | None = None
        if table_bytes < smallest:
            self.refused = (f"the memory bound of {amount(table_bytes, 'byte')} (the "
                            f"lookahead's smallest table takes {amount(smallest, 'byte')})")
        rows = 0 if self.refused else self._slots(min(FIRST_TABLE_BYTES, table_bytes))
        self._table = np.zeros((rows, self._fields), dtype=np.int64)
        moves = TILES
        self._arrays = (
            np.zeros((depth, words), dtype=np.uint64),  # S
            cover,
            anyc,
            cls_bits,
            cls_needs,
            score_of,
            self._table,
            self._table.view(np.uint64),
            np.zeros((depth, kernel.FRAME_FIELDS), dtype=np.int64),  # frame
            np.zeros(depth, dtype=np.uint64),  # hashes
            np.zeros((depth, words), dtype=np.int64),  # nonzero
            np.zeros((depth, 3), dtype=np.int64),  # res
            np.zeros((depth, n), dtype=np.int64),  # res_rescue
            np.zeros((2 * depth, n), dtype=np.int64),  # acc
            np.zeros((depth, len(classes)), dtype=np.int64),  # counts
            np.zeros((depth, n), dtype=np.int64),  # unit_hit
            np.zeros((depth, moves), dtype=np.int64),  # mv_tile
            np.zeros((depth, moves), dtype=np.int64),  # mv_ceiling
            np.zeros((depth, moves), dtype=np.int64),  # mv_hits
            np.zeros((depth, moves), dtype=np.int64),  # mv_nout
            np.zeros((depth, moves, n + 1), dtype=np.int64),  # mv_outk
            np.zeros((depth, moves, n + 1), dtype=np.int64),  # mv_top
            np.zeros((depth, moves, n, words), dtype=np.uint64),  # mv_parts
            np.zeros((depth, moves, n), dtype=np.int64),  # mv_count
            np.zeros((depth, moves), dtype=np.int64),  # mv_order
        )
        self._counters = np.zeros(4, dtype=np.int64)

    def _slots(self, size: int) -> int:
        """Table entries (a power of two, at least one bucket) that fit in ``size`` bytes."""
        from gridsight.solvers.disco_zoo.kernel import SLOTS

        return max(SLOTS, 1 << (max(1, size // (8 * self._fields))).bit_length() - 1)

    def _grow(self) -> None:
        """Move the table into one four times larger, if the memory bound allows."""
        from gridsight.solvers.disco_zoo import kernel

        bound = self._table_bytes
        if self._timed():
            bound = min(bound, TIMED_TABLE_BYTES)
        memory = self.meter.memory_bound()
        if memory is not None:
            bound = min(bound, memory)
        slots = self._slots(bound)
        if slots <= self._table.shape[0]:
            return
        slots = min(slots, 4 * self._table.shape[0])
        table = np.zeros((slots, self._fields), dtype=np.int64)
        old = self._table
        kernel.rehash(old, old.view(np.uint64), table, table.view(np.uint64), self._counters)
        self._table = table
        arrays = list(self._arrays)
        arrays[6], arrays[7] = table, table.view(np.uint64)
        self._arrays = tuple(arrays)

    # ``nodes`` and ``truncated`` are the kernel's counters.
    @property
    def nodes(self) -> int:  # type: ignore[override]
        return int(self._counters[0]) if hasattr(self, "_counters") else 0

    @nodes.setter
    def nodes(self, value: int) -> None:
        if hasattr(self, "_counters"):
            self._counters[0] = value

    @property
    def truncated(self) -> bool:  # type: ignore[override]
        return bool(self._counters[2]) if hasattr(self, "_counters") else False

    @truncated.setter
    def truncated(self, value: bool) -> None:
        if hasattr(self, "_counters"):
            self._counters[2] = int(value)

    @property
    def stored(self) -> int:
        """States in the table now."""
        return int(self._counters[3])

    def take_hints(self, other: Lookahead) -> None:
        """Hints only reorder the taps; the kernel keeps its own order."""

    def _timed(self) -> bool:
        """Is the search's own budget in seconds (then slices stay short and the table small:
        moving a large table would cost more than the rest of a short budget)?"""
        limit = self.meter.limit
        return limit.seconds is not None or limit.wall_seconds is not None

    def decide(self, taps: int, limit: Limit | None = None) -> Decision:
        """:meth:`Lookahead.decide`; within a memory bound below the smallest table (the
        plan decides so only a root that needs no search) by the Python twin, at once."""
        if self.refused is None:
            return super().decide(taps, limit)
        if limit is not None:
            self.meter = limit.start()
        return self._decision(*Lookahead._solve(self, self.full, self.hits0, taps))

    def _solve(self, s, hits, taps, live=None, alpha=-1):
        from gridsight.solvers.disco_zoo import kernel

        if self.refused is not None:  # the whole analysis stops: no table fits its bound
            meter = self.meter
            while meter.parent is not None:
                meter = meter.parent
            meter.stop(self.refused)
            raise LimitReached(self.refused)

        arrays = self._arrays
        S, res, res_rescue = arrays[0], arrays[11], arrays[12]
        S[0] = _words(s, self.words)
        packed = sum(h << (kernel.HIT_BITS * k) for k, h in enumerate(hits))
        tiles = self.live if live is None else live
        live_mask = sum(1 << t for t in tiles)
        counters = self._counters
        width = self.width or 0
        step = FIRST_SLICE
        last = TIMED_SLICE if self._timed() else LAST_SLICE
        meter = self.meter
        while True:
            allowance = counters[kernel.NODES] + step
            if self.max_nodes is not None:
                allowance = min(allowance, self.max_nodes)
            states_left = meter.states_left()
            if states_left is not None:
                allowance = min(allowance, counters[kernel.NODES] + max(1, states_left))
            before = int(counters[kernel.NODES])
            counters[kernel.LIMIT] = allowance
            arrays = self._arrays  # the table may have grown
            status = kernel.solve(
                taps, packed, live_mask, alpha, *arrays[:6], width, *arrays[6:], counters
            )
            if status != kernel.ABORT:
                meter.count(int(counters[kernel.NODES]) - before)
                break
            counters[kernel.NODES] -= 1  # the state that found the allowance spent
            meter.count(int(counters[kernel.NODES]) - before)
            if self.max_nodes is not None and counters[kernel.NODES] >= self.max_nodes:
                raise LimitReached(f"the budget of {amount(self.max_nodes, 'state')}")
            meter.check()
            if 2 * counters[kernel.STORED] > self._table.shape[0]:
                self._grow()
            step = min(step * 2, last)
        if status == kernel.BOUND:
            return (int(res[0, 0]), None, None, None)
        rescue = tuple(int(x) for x in res_rescue[0])
        return (int(res[0, 0]), rescue, int(res[0, 1]), int(res[0, 2]))


def _words(bits: int, words: int) -> np.ndarray:
    """A Python int bitset as ``words`` little-endian 64-bit words."""
    return np.frombuffer(bits.to_bytes(8 * words, "little"), dtype=np.uint64).copy()
