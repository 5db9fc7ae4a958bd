"""Two engines for the frontier sweep's one expensive operation: expanding a layer over a cell.

A *layer* is the set of frontier states before a cell (in longest mode, each with the most
tiles covered). The sweep (:mod:`.frontier`) asks an engine for the first layer, the next layer
over a cell, a state's value in a layer, and (to rebuild a witness walk) the smallest state of a
layer leading to a given state of the next. Two engines answer with identical layers:

- :class:`PythonEngine`: sets and dicts of ints, the transitions of
  :mod:`.transitions` memoised per cell code in a table shared by all runs (the leave-one
  analysis re-uses most of them); always available, and the only one for boards wider than
  :data:`~gridsight.solvers.tile_path.transitions.MAX_KERNEL_WIDTH` cells on both sides;
- :class:`NumbaEngine`: sorted arrays of ``int64`` states, expanded and radix-sorted by the
  compiled :mod:`.kernel`, tens of times faster.

The engine is chosen by the one rule of :mod:`gridsight.solvers.engines`: ``auto`` (the default of
:func:`gridsight.solvers.tile_path.frontier.run`) starts in Python, since loading numba and the compiled
kernel costs a process about half a second, far more than small boards need; a run that
expands more than :data:`AUTO_SWITCH_STATES` states (``SWITCH_STATES["tile-path"]``) hands its
layers over to the kernel and goes on there, if its limit had a second left to load it as the
run started (:func:`~gridsight.solvers.tile_path.limits.may_load_kernel`). Once the kernel is loaded, ``auto`` uses it at once. When numba is
not installed, ``auto`` stays in Python.

Both engines count their states in the analysis's :class:`~gridsight.solvers.limit.Meter` and check it
and the memory bound every few thousand states (the kernel returns to Python every
:data:`_KERNEL_SLICE` states for that), so a run stops soon after either is passed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from gridsight.solvers.engines import (  # noqa: F401 - ENGINES: re-exported, the engines offered
    ENGINES, NEEDS_NUMBA, SWITCH_STATES, EngineUnavailable, check_engine, numba_installed,
)
from gridsight.solvers.engines import kernel_loaded as _loaded
from gridsight.solvers.limit import Meter
from gridsight.solvers.tile_path.limits import KERNEL, StatesHeldExceeded
from gridsight.solvers.tile_path.transitions import MAX_KERNEL_WIDTH, CellCode, transitions

if TYPE_CHECKING:  # pragma: no cover - numpy is loaded with the compiled engine only
    import numpy as np


# States an "auto" run expands in Python before it moves to the kernel (about 0.1 s).
AUTO_SWITCH_STATES = SWITCH_STATES["tile-path"]

# Memoised transitions of the Python engine: cell code -> {state: moves}. It stops growing at
# CACHE_LIMIT states (about 150 MB) and is emptied when a run starts with it full, so neither
# a big run nor a long-lived process (the live overlay) grows it without bound.
_CACHE: dict[CellCode, dict[int, tuple]] = {}
CACHE_LIMIT = 1_000_000
_cached = [0]  # states memoised in _CACHE

_PYTHON_CHECK_EVERY = 2048  # states between two looks at the meter (about 5 ms)
_KERNEL_SLICE = 1 << 15  # states per kernel call (a few ms)


def clear_cache() -> None:
    """Forget the Python engine's memoised transitions (for benchmarks that start cold)."""
    _CACHE.clear()
    _cached[0] = 0


def trim_cache() -> None:
    """Empty the memo table if it is full (:data:`CACHE_LIMIT` states), for a new run."""
    if _cached[0] >= CACHE_LIMIT:
        clear_cache()


def _check(meter: Meter, room: int | None, held: int, max_states: int | None,
           states: int) -> None:
    """Count ``states`` more in ``meter``; stop past the meter or the memory bound."""
    meter.count(states)
    if room is not None and held > room:
        raise StatesHeldExceeded(max_states or room)
    meter.check()


class PythonEngine:
    """Layers as a ``set`` of states (existence) or a ``dict`` state -> tiles covered."""

    name = "python"

    def initial(self, longest: bool) -> Any:
        return {0: 0} if longest else {0}

    def size(self, layer: Any) -> int:
        return len(layer)

    def value(self, layer: Any, state: int, longest: bool) -> int | None:
        """``state``'s value in ``layer`` (0 in existence mode), ``None`` if it is not there."""
        if longest:
            return layer.get(state)
        return 0 if state in layer else None

    def adopt(self, layer: Any, longest: bool) -> Any:
        """``layer`` in this engine's form (it may come from the other engine)."""
        if isinstance(layer, ArrayLayer):
            keys = layer.keys.tolist()
            return dict(zip(keys, layer.values.tolist())) if longest else set(keys)
        return layer

    def step(self, layer: Any, code: CellCode, meter: Meter, room: int | None,
             max_states: int | None = None) -> Any:
        """The next layer over a cell of ``code``; ``room``: the most states it may hold (of
        the memory bound ``max_states``)."""
        cache = _CACHE.get(code)
        if cache is None:
            cache = _CACHE[code] = {}
        since = 0
        if code.longest:
            new: dict[int, int] = {}
            for s, value in layer.items():
                moves = cache.get(s)
                if moves is None:
                    moves = tuple((ns, gain) for ns, _, gain in transitions(s, code))
                    if _cached[0] < CACHE_LIMIT:
                        cache[s] = moves
                        _cached[0] += 1
                for ns, gain in moves:
                    v = value + gain
                    old = new.get(ns)
                    if old is None or old < v:
                        new[ns] = v
                since += 1
                if since == _PYTHON_CHECK_EVERY:
                    since = 0
                    _check(meter, room, len(new), max_states, _PYTHON_CHECK_EVERY)
            _check(meter, room, len(new), max_states, since)
            return new
        nxt: set[int] = set()
        for s in layer:
            moves = cache.get(s)
            if moves is None:
                moves = tuple(ns for ns, _, _ in transitions(s, code))
                if _cached[0] < CACHE_LIMIT:
                    cache[s] = moves
                    _cached[0] += 1
            nxt.update(moves)
            since += 1
            if since == _PYTHON_CHECK_EVERY:
                since = 0
                _check(meter, room, len(nxt), max_states, _PYTHON_CHECK_EVERY)
        _check(meter, room, len(nxt), max_states, since)
        return nxt

    def predecessor(
        self, layer: Any, code: CellCode, target: int, target_value: int
    ) -> tuple[int, int, int]:
        """The smallest state of ``layer`` with a transition to ``target`` (reaching
        ``target_value`` tiles in longest mode): ``(state, edges, its value)``."""
        best: tuple[int, int, int] | None = None
        items = layer.items() if code.longest else ((s, 0) for s in layer)
        for s, value in items:
            if best is not None and s >= best[0]:
                continue
            for ns, edges, gain in transitions(s, code):
                if ns == target and (not code.longest or value + gain == target_value):
                    best = (s, edges, value)
                    break
        if best is None:
            raise AssertionError("a state of the sweep has no predecessor")
        return best


@dataclass(frozen=True)
class ArrayLayer:
    """A layer of the compiled engine: distinct states in increasing order, and (longest
    mode) their values."""

    keys: np.ndarray
    values: np.ndarray

    def __len__(self) -> int:
        return int(self.keys.shape[0])


class NumbaEngine:
    """Layers as :class:`ArrayLayer`, expanded by the compiled :mod:`.kernel`."""

    name = "numba"

    def __init__(self) -> None:
        import numpy as np  # with the kernel only: a run in Python never loads numpy

        from gridsight.solvers.tile_path import kernel  # loads numba: only when this engine is made

        self.kernel = kernel
        self._no_values = np.zeros(1, dtype=np.int32)

    def initial(self, longest: bool) -> ArrayLayer:
        import numpy as np

        return ArrayLayer(
            np.zeros(1, dtype=np.int64),
            np.zeros(1, dtype=np.int32) if longest else self._no_values,
        )

    def size(self, layer: ArrayLayer) -> int:
        return len(layer)

    def value(self, layer: ArrayLayer, state: int, longest: bool) -> int | None:
        import numpy as np

        i = int(np.searchsorted(layer.keys, state))
        if i == len(layer) or int(layer.keys[i]) != state:
            return None
        return int(layer.values[i]) if longest else 0

    def adopt(self, layer: Any, longest: bool) -> ArrayLayer:
        import numpy as np

        if isinstance(layer, ArrayLayer):
            return layer
        keys = np.fromiter(layer, dtype=np.int64, count=len(layer))
        order = np.argsort(keys, kind="stable")
        keys = keys[order]
        if longest:
            values = np.fromiter((layer[k] for k in layer), dtype=np.int32, count=len(layer))
            return ArrayLayer(keys, values[order])
        return ArrayLayer(keys, self._no_values)

    def step(
        self, layer: ArrayLayer, code: CellCode, meter: Meter, room: int | None,
        max_states: int | None = None,
    ) -> ArrayLayer:
        import numpy as np

        kernel, longest = self.kernel, code.longest
        n = len(layer)
        # At most 4 next states per state; pages of the buffer never written are never used.
        out_keys = np.empty(4 * n, dtype=np.int64)
        out_values = np.empty(4 * n, dtype=np.int32) if longest else self._no_values
        used = lo = 0
        while lo < n:
            hi = min(n, lo + _KERNEL_SLICE)
            used = int(kernel.expand(
                layer.keys, layer.values, lo, hi, code.width, code.j, code.kind,
                code.down_ok, code.right_ok, longest, out_keys, out_values, used,
            ))
            meter.count(hi - lo)
            lo = hi
            meter.check()
        spare_keys = np.empty(used, dtype=np.int64)
        spare_values = np.empty(used, dtype=np.int32) if longest else self._no_values
        count, where = kernel.sort_unique(
            out_keys, out_values, spare_keys, spare_values, used, 2 * code.width + 4, longest
        )
        keys, values = (out_keys, out_values) if where == 0 else (spare_keys, spare_values)
        count = int(count)
        _check(meter, room, count, max_states, 0)
        return ArrayLayer(keys[:count].copy(), values[:count].copy() if longest else values)

    def predecessor(
        self, layer: ArrayLayer, code: CellCode, target: int, target_value: int
    ) -> tuple[int, int, int]:
        state, edges, value = self.kernel.predecessor(
            layer.keys, layer.values, code.width, code.j, code.kind, code.down_ok,
            code.right_ok, code.longest, target, target_value,
        )
        if state < 0:
            raise AssertionError("a state of the sweep has no predecessor")
        return int(state), int(edges), int(value)


_kernel_failed = False


def load_numba_engine() -> NumbaEngine | None:
    """The compiled engine, or ``None`` when numba is not installed or cannot be imported
    (remembered)."""
    global _kernel_failed
    if _kernel_failed or not numba_installed():
        return None
    try:
        return NumbaEngine()
    except ImportError:
        _kernel_failed = True
        return None


def kernel_loaded() -> bool:
    """Has this process already loaded the compiled kernel (so using it costs nothing)?"""
    return _loaded(KERNEL) and not _kernel_failed


def make_engine(name: str, width: int) -> PythonEngine | NumbaEngine:
    """The engine to start a run with: ``numba``, ``python`` or ``auto`` (see the module
    docstring). ``width`` is the frontier's width; wider than the kernel's limit means Python.
    """
    check_engine(name)
    if name == "python" or width > MAX_KERNEL_WIDTH:
        if name == "numba":
            raise EngineUnavailable(
                f"the numba engine handles boards up to {MAX_KERNEL_WIDTH} tiles across on "
                f"their narrow side, not {width}"
            )
        return PythonEngine()
    if name == "numba":
        engine = load_numba_engine()
        if engine is None:
            raise EngineUnavailable(NEEDS_NUMBA)
        return engine
    if kernel_loaded():
        return load_numba_engine() or PythonEngine()
    return PythonEngine()
