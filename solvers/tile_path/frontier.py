"""The exact frontier sweep for Hamiltonian paths on grid graphs, under a time and memory bound.

The board is swept one cell at a time, row by row along its long side; the states and their
transitions (the model) are in :mod:`.transitions`, the expansion of one layer of states over
a cell in :mod:`.engines` (pure Python, or compiled with numba). This module runs the sweep:

- **existence**: the board has a full walk if and only if the ``DONE`` state survives the last
  cell; in ``longest`` mode (tiles may be skipped) the value of ``DONE`` is the most tiles a
  walk can cover;
- **the witness walk** is rebuilt backwards without one back-pointer per state: the sweep saves
  the layer at the start of each row, and the others while they fit in half the memory
  bound. Going back from ``DONE``, the layers of a row that were not saved are recomputed from
  its first one (or, if even that row does not fit, from its first layer and its middle one,
  halving again as needed), and at each cell the smallest state leading to the one already
  chosen is taken, so both engines rebuild the same walk. Past the saved part, the memory
  held is about one layer per row plus one row of layers, not every state;
- **bounds**: every run counts the states it holds at once (the layers saved, the one expanded,
  the one built) against its memory bound ``max_states`` and looks at its
  :class:`~gridsight.solvers.limit.Meter` every few thousand states; past either it raises a
  :class:`~gridsight.solvers.limit.LimitReached` (:class:`StatesHeldExceeded` for the memory bound)
  whose ``proven`` is the :class:`~gridsight.solvers.tile_path.limits.Progress` it made;
- **resuming**: a run on a board that differs from an earlier one only from some cell on may
  start from the earlier run's saved layers (the leave-one analysis does).

>>> tiles = frozenset((r, c) for r in range(3) for c in range(3))
>>> hamiltonian_path(3, 3, tiles, (0, 0)).path
((0, 0), (0, 1), (0, 2), (1, 2), (1, 1), (1, 0), (2, 0), (2, 1), (2, 2))
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from gridsight.solvers.tile_path.engines import (
    AUTO_SWITCH_STATES,
    NumbaEngine,
    PythonEngine,
    clear_cache,
    load_numba_engine,
    make_engine,
    trim_cache,
)
from gridsight.solvers.limit import Limit, LimitReached, Meter
from gridsight.solvers.tile_path.limits import (
    DEFAULT_MAX_STATES, StatesHeldExceeded, entry_bounds, may_load_kernel, progress,
)
from gridsight.solvers.tile_path.transitions import (
    FIXED_END,
    MAX_KERNEL_WIDTH,
    MAYBE_END,
    NONE,
    TILE,
    CellCode,
    done_state,
)

Pos = tuple[int, int]

__all__ = [
    "FrontierBoard",
    "FrontierResult",
    "StatesHeldExceeded",
    "Sweep",
    "clear_cache",
    "hamiltonian_path",
    "longest_walk",
    "run",
]


@dataclass(frozen=True)
class FrontierResult:
    """The outcome of one frontier run.

    ``found`` says whether a walk exists (in ``longest`` mode: whether any walk from the start
    ends on the end tile; always true without one). ``path`` is a witness walk from the start,
    in board coordinates, when asked for and found. ``covered`` is the number of tiles on it
    (the largest possible in ``longest`` mode). ``states`` counts the (state, cell) pairs the
    sweep expanded: the "nodes" of this search. ``engine`` names the engine that finished it
    (``none`` when the board needed no sweep).
    """

    found: bool
    path: tuple[Pos, ...] | None
    covered: int
    states: int
    engine: str = "none"


class FrontierBoard:
    """A board prepared for frontier runs: the sweep order and the code of every cell.

    ``tiles`` are the cells the walk must cover, ``start`` the tile it starts on, ``end`` the
    tile it must end on or ``None``. The board is transposed when it is wider than tall, so the
    frontier runs across the narrow side.
    """

    def __init__(self, rows: int, cols: int, tiles: frozenset[Pos], start: Pos, end: Pos | None):
        if start not in tiles or (end is not None and end not in tiles):
            raise ValueError("start and end must be tiles")
        self.rows, self.cols = rows, cols
        self.tiles, self.start, self.end = frozenset(tiles), start, end
        self.transposed = cols > rows
        self.height, self.width = (cols, rows) if self.transposed else (rows, cols)
        self.order: list[Pos] = [
            self._to_board((i, j)) for i in range(self.height) for j in range(self.width)
        ]

    def _to_board(self, cell: Pos) -> Pos:
        return (cell[1], cell[0]) if self.transposed else cell

    def codes(self, longest: bool) -> list[CellCode]:
        """The cell code of every cell in sweep order."""
        out = []
        for k, pos in enumerate(self.order):
            i, j = divmod(k, self.width)
            if pos not in self.tiles:
                kind = NONE
            elif pos == self.start or pos == self.end:
                kind = FIXED_END
            elif self.end is None:
                kind = MAYBE_END
            else:
                kind = TILE
            down_ok = i + 1 < self.height and self.order[k + self.width] in self.tiles
            right_ok = j + 1 < self.width and self.order[k + 1] in self.tiles
            out.append(CellCode(self.width, j, kind, down_ok, right_ok, longest))
        return out


@dataclass
class Sweep:
    """A finished run: its ``result``, and the layers it saved (layer ``k`` is the states
    before cell ``k`` in sweep order, in the form of ``engine``) with the cell ``codes`` they
    were swept over, for other runs to resume from."""

    result: FrontierResult
    saved: dict[int, Any] = field(default_factory=dict)
    engine: PythonEngine | NumbaEngine | None = None
    codes: list[CellCode] | None = None

    def held(self) -> int:
        """The states its saved layers hold."""
        return sum(self.engine.size(layer) for layer in self.saved.values()) if self.engine else 0


class _Layers:
    """The layers a run keeps (to rebuild its witness walk, or for other runs to resume from):
    the first layer of every row, and every other layer while the saved ones fit in
    ``dense_budget`` states. :meth:`thin` drops the layers inside rows (they can be
    recomputed from their row's first) when the memory bound gets close."""

    def __init__(self, width: int, dense_budget: int | None, keep: bool):
        self.width, self.dense_budget, self.keep = width, dense_budget, keep
        self.saved: dict[int, Any] = {}
        self.sizes: dict[int, int] = {}
        self.held = 0
        self.dense = True

    def add(self, k: int, layer: Any, size: int) -> None:
        if not self.keep:
            return
        if k % self.width:
            if self.dense and self.dense_budget is not None:
                self.dense = self.held + size <= self.dense_budget
            if not self.dense:
                return
        self.saved[k], self.sizes[k] = layer, size
        self.held += size

    def thinnable(self) -> bool:
        return any(m % self.width for m in self.saved)

    def thin(self) -> None:
        """Drop every saved layer but the first of each row."""
        self.dense = False
        for m in [m for m in self.saved if m % self.width]:
            self.held -= self.sizes.pop(m)
            del self.saved[m]

    def adopt(self, engine: PythonEngine | NumbaEngine, longest: bool) -> None:
        for k, layer in self.saved.items():
            self.saved[k] = engine.adopt(layer, longest)


def _room(max_states: int | None, held: int) -> int | None:
    """How many states a layer being built may hold, given ``held`` elsewhere."""
    if max_states is None:
        return None
    room = max_states - held
    if room <= 0:
        raise StatesHeldExceeded(max_states)
    return room


def run(
    board: FrontierBoard,
    *,
    longest: bool = False,
    witness: bool = True,
    keep: bool = False,
    limit: Limit | Meter | None = None,
    meter: Meter | None = None,
    max_states: int | None = DEFAULT_MAX_STATES,
    engine: str = "auto",
    resume: Sweep | None = None,
    held_elsewhere: int = 0,
) -> Sweep:
    """Sweep ``board``; return the result and (with ``witness`` or ``keep``) its saved layers.

    ``engine`` is ``auto``, ``numba`` or ``python`` (:mod:`.engines`). ``resume`` is an earlier
    run (with ``keep``) on a board of the same size: this run starts from its last saved layer
    before the first cell whose code differs (a layer depends only on the cells before it).
    ``held_elsewhere`` counts states the caller holds meanwhile, against the memory bound
    ``max_states`` (default :data:`~gridsight.solvers.tile_path.limits.DEFAULT_MAX_STATES`;
    ``None``: none). Raises :class:`~gridsight.solvers.limit.LimitReached` (its ``proven``: the
    progress made) when ``limit`` (default ``Limit()``; or ``meter``, one already running) or
    the memory bound stops the run.
    """
    meter, max_states = entry_bounds(limit, meter, max_states, engine)
    r, c = board.start
    alone = not any(n in board.tiles for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)))
    if len(board.tiles) == 1 or (longest and alone):
        # A walk of the start alone (the programme needs at least one edge to close a path).
        found = len(board.tiles) == 1 or board.end is None
        return Sweep(FrontierResult(found, (board.start,) if found else None, int(found), 0))
    trim_cache()
    codes = board.codes(longest)
    width = board.width
    active = make_engine(engine, width)
    switch = (engine == "auto" and isinstance(active, PythonEngine) and width <= MAX_KERNEL_WIDTH
              and may_load_kernel(meter))
    dense_budget = None if max_states is None else max_states // 2
    layers = _Layers(width, dense_budget, keep or witness)
    shared = _shared_layers(codes, resume)
    if shared:
        begin = max(shared)
        for k in sorted(shared):
            layers.add(k, active.adopt(shared[k], longest), len(shared[k]))
        current = layers.saved[begin] if begin in layers.saved else active.adopt(
            shared[begin], longest
        )
    else:
        begin = 0
        current = active.initial(longest)
        layers.add(0, current, 1)
    states = 0
    try:
        for k in range(begin, len(codes)):
            size = active.size(current)
            states += size
            if switch and states > AUTO_SWITCH_STATES:
                switch = False
                compiled = load_numba_engine()
                if compiled is not None:
                    active = compiled
                    current = active.adopt(current, longest)
                    layers.adopt(active, longest)
            if max_states is not None and layers.held > max_states * 3 // 4:
                layers.thin()
            held = held_elsewhere + layers.held + (0 if k in layers.saved else size)
            try:
                current = active.step(current, codes[k], meter, _room(max_states, held),
                                      max_states)
            except StatesHeldExceeded:
                if not layers.thinnable():
                    raise
                layers.thin()  # then try again with the room that frees
                held = held_elsewhere + layers.held + (0 if k in layers.saved else size)
                current = active.step(current, codes[k], meter, _room(max_states, held),
                                      max_states)
            if not active.size(current):
                break
            layers.add(k + 1, current, active.size(current))
        else:
            k = len(codes)
        done = done_state(width)
        final = active.value(current, done, longest) if k == len(codes) else None
        if final is None:
            result = FrontierResult(False, None, 0, states, active.name)
            return Sweep(result, layers.saved if keep else {}, active, codes)
        covered = final if longest else len(board.tiles)
        path = None
        if witness:
            try:
                path = _rebuild(board, codes, layers, active, final, meter, max_states,
                                held_elsewhere)
            except LimitReached as stop:
                progress(stop).found = True
                raise
    except LimitReached as stop:
        progress(stop).states = states
        if isinstance(stop, StatesHeldExceeded):
            stop.said_under(meter)
        raise
    result = FrontierResult(True, path, covered, states, active.name)
    return Sweep(result, layers.saved if keep else {}, active, codes)


def _shared_layers(codes: list[CellCode], resume: Sweep | None) -> dict[int, Any]:
    """The saved layers of ``resume`` that a sweep over ``codes`` would compute the same."""
    if resume is None or not resume.saved or resume.codes is None:
        return {}
    if len(resume.codes) != len(codes) or resume.codes[0].width != codes[0].width:
        return {}
    first = next((i for i, (a, b) in enumerate(zip(codes, resume.codes)) if a != b), len(codes))
    return {k: layer for k, layer in resume.saved.items() if k <= first}


def _rebuild(
    board: FrontierBoard,
    codes: list[CellCode],
    layers: _Layers,
    engine: PythonEngine | NumbaEngine,
    final: int,
    meter: Meter,
    max_states: int | None,
    held_elsewhere: int,
) -> tuple[Pos, ...]:
    """Go back from ``DONE`` segment by segment (between saved layers), then walk the chosen
    edges from the start."""
    rebuild = _Rebuild(board, codes, layers, engine, meter, max_states, final)
    k = len(codes)
    while k > 0:
        a = max(m for m in layers.saved if m < k)
        rebuild.backward(a, layers.saved[a], k, held_elsewhere + layers.held)
        k = a
    return rebuild.path()


class _Rebuild:
    """The backward pass of a witness rebuild: the chosen state after the cell being
    visited, and the walk's edges chosen so far."""

    def __init__(self, board, codes, layers, engine, meter, max_states, final):
        self.board, self.codes, self.layers = board, codes, layers
        self.engine, self.meter, self.max_states = engine, meter, max_states
        self.target, self.value = done_state(board.width), final
        self.adjacency: dict[Pos, list[Pos]] = {}

    def backward(self, a: int, first: Any, k: int, held: int) -> None:
        """Choose the states before cells ``k - 1`` down to ``a``, given layer ``a``
        (``first``); ``held`` counts the states held meanwhile, ``first`` included.

        The layers in between are recomputed and kept if the memory bound allows; if not, the
        segment is halved: the middle layer is computed, the second half visited, then the
        first (recomputed again), so only a few layers are held at once.
        """
        engine, meter, bound, saved = self.engine, self.meter, self.max_states, self.layers.saved
        stored = [first]
        try:
            extra = held
            for m in range(a, k - 1):
                layer = saved.get(m + 1)
                if layer is None:
                    layer = engine.step(stored[-1], self.codes[m], meter, _room(bound, extra),
                                        bound)
                    extra += engine.size(layer)
                stored.append(layer)
        except StatesHeldExceeded:
            if k - a <= 2:
                raise
            stored = []
        if stored:
            for m in range(k - 1, a - 1, -1):
                self.choose(m, stored[m - a])
            return
        mid = (a + k) // 2
        layer = first
        for m in range(a, mid):
            size = 0 if layer is first else engine.size(layer)
            layer = engine.step(layer, self.codes[m], meter, _room(bound, held + size), bound)
        self.backward(mid, layer, k, held + engine.size(layer))
        self.backward(a, first, mid, held)

    def choose(self, m: int, layer: Any) -> None:
        """Pick the smallest state of ``layer`` (before cell ``m``) leading to the one chosen
        after it, and record the edges cell ``m`` takes: the transition between the two
        states gives them (the next state holds the cell's down and right plugs)."""
        board = self.board
        self.target, edges, self.value = self.engine.predecessor(
            layer, self.codes[m], self.target, self.value
        )
        pos = board.order[m]
        if edges & 1:
            self._join(pos, board.order[m + board.width])
        if edges & 2:
            self._join(pos, board.order[m + 1])

    def _join(self, a: Pos, b: Pos) -> None:
        self.adjacency.setdefault(a, []).append(b)
        self.adjacency.setdefault(b, []).append(a)

    def path(self) -> tuple[Pos, ...]:
        path = [self.board.start]
        previous = None
        while True:
            step = [n for n in self.adjacency.get(path[-1], []) if n != previous]
            if not step:
                return tuple(path)
            previous = path[-1]
            path.append(step[0])


def hamiltonian_path(
    rows: int,
    cols: int,
    tiles: frozenset[Pos],
    start: Pos,
    end: Pos | None = None,
    *,
    limit: Limit | Meter | None = None,
    max_states: int | None = DEFAULT_MAX_STATES,
    engine: str = "auto",
) -> FrontierResult:
    """Decide whether a walk from ``start`` covers every tile once (ending on ``end`` if given).

    >>> tiles = frozenset((r, c) for r in range(3) for c in range(3))
    >>> hamiltonian_path(3, 3, tiles, (0, 0)).found
    True
    >>> hamiltonian_path(3, 3, tiles, (0, 1)).found  # an odd-sized board from a minority tile
    False
    """
    board = FrontierBoard(rows, cols, tiles, start, end)
    return run(board, limit=limit, max_states=max_states, engine=engine).result


def longest_walk(
    rows: int,
    cols: int,
    tiles: frozenset[Pos],
    start: Pos,
    end: Pos | None = None,
    *,
    limit: Limit | Meter | None = None,
    max_states: int | None = DEFAULT_MAX_STATES,
    engine: str = "auto",
) -> FrontierResult:
    """The longest walk from ``start`` over ``tiles`` (ending on ``end`` if given), exactly.

    ``found`` is False only when ``end`` is given and cannot be reached at all.
    """
    board = FrontierBoard(rows, cols, tiles, start, end)
    return run(board, longest=True, limit=limit, max_states=max_states,
               engine=engine).result
