"""The fast algorithm: de Bruijn's first-empty-cell search on bitboards.

The shape's cells are numbered along its shorter side (column by column when it is wider than
tall), a board is an integer with a bit per cell (set = covered or outside), and each
placement is a mask. Every empty cell must be covered by some placement, in particular the
first empty one, so the search only tries the placements whose first cell is that one: a list
precomputed per cell. This is the method of de Bruijn and Fletcher for pentomino packings; it
visits more nodes than Algorithm X with the fewest-rows rule (:mod:`gridsight.solvers.pentomino.dlx`)
but each node is a few integer operations, so it runs faster, and far faster compiled.

The kernel adds one pruning rule: after a placement, every region of empty cells (found by a
flood fill on the bits) must have a multiple of 5 cells, or no set of pentominoes can fill it,
so it does not go below such a placement. That cuts the nodes of a 6 x 10 count by 3 and of a
stuck board's proof by 7, and halves the kernel's time; in Python the flood fill costs more
than it saves on the short searches Python runs, so the Python loop does without. Pruning
only drops placements with no solution below them: both engines find the same solutions in
the same order.

The search runs in one of two engines with the same tables and the same order:

- :mod:`gridsight.solvers.pentomino.kernel`: compiled with numba (boards of up to 64 cells);
- the pure-Python loop in this module (any size), used when numba is missing or the board
  is too big, and checked against the kernel by the tests.

Which one runs is the ``engine`` (:mod:`gridsight.solvers.engines`, the rule every search shares).

Both stop at a limit on solutions and at the :class:`~gridsight.solvers.limit.Limit` of the analysis
(a :class:`~gridsight.solvers.limit.Meter`), and say which stopped them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from gridsight.solvers.engines import (
    NEEDS_NUMBA, SWITCH_STATES, EngineUnavailable, affords_loading, check_engine,
    compiling_elsewhere, kernel_loaded, numba_installed,
)
from gridsight.solvers.limit import Meter
from gridsight.solvers.pentomino.placements import Placement, placements_with_masks
from gridsight.solvers.pentomino.puzzle import EMPTY, Cell, Puzzle

_CHECK_EVERY = 4096  # Python nodes between two looks at the meter
_PYTHON_FIRST = SWITCH_STATES["pentomino"]  # nodes "auto" tries in Python before the kernel
KERNEL = "gridsight.solvers.pentomino.kernel"


@dataclass(frozen=True)
class SearchResult:
    """What a search found: ``count`` solutions (each a tuple of placement indices when they were
    kept), ``complete`` when it explored everything (neither the count limit nor the meter cut
    it short), ``stopped`` when the meter did, ``nodes`` the placements it tried."""

    count: int
    solutions: tuple[tuple[int, ...], ...]
    complete: bool
    stopped: bool
    nodes: int


@dataclass
class Tables:
    """The bit numbering, placement masks and per-cell candidate lists of one puzzle."""

    puzzle: Puzzle
    placements: tuple[Placement, ...]
    bit_of: dict[Cell, int]
    start_board: int
    full: int
    kinds: tuple[str, ...]
    need: tuple[int, ...]
    # Per placement index: its mask and kind; per cell bit: the placements starting there.
    masks: tuple[int, ...]
    kind_of: tuple[int, ...]
    candidates: tuple[tuple[int, ...], ...]
    # The bit numbering's shape: cell (outer, inner) is bit outer * step + inner; masks of the
    # bits whose inner index is not the first / not the last (for the flood fill's shifts).
    geometry: tuple[int, int, int]
    _arrays: dict = field(default_factory=dict, repr=False)

    @property
    def bits(self) -> int:
        return self.puzzle.rows * self.puzzle.cols

    @cached_property
    def index_of(self) -> dict[Placement, int]:
        return {p: i for i, p in enumerate(self.placements)}


def build_tables(puzzle: Puzzle) -> Tables:
    """Number the cells along the shorter side and index every placement by its first cell."""
    rows, cols = puzzle.rows, puzzle.cols
    if rows <= cols:
        step = rows
        bit_of = {(r, c): c * rows + r for r in range(rows) for c in range(cols)}
    else:
        step = cols
        bit_of = {(r, c): r * cols + c for r in range(rows) for c in range(cols)}
    not_first = not_last = 0
    for bit in range(rows * cols):
        if bit % step:
            not_first |= 1 << bit
        if bit % step != step - 1:
            not_last |= 1 << bit
    start = 0
    for (r, c), bit in bit_of.items():
        if puzzle.grid[r][c] != EMPTY:
            start |= 1 << bit
    row_step, col_step = (1, rows) if rows <= cols else (cols, 1)
    found = placements_with_masks(puzzle, row_step, col_step)
    kinds = tuple(sorted(set(puzzle.to_place)))
    need = tuple(puzzle.to_place.count(k) for k in kinds)
    kind_index = {k: i for i, k in enumerate(kinds)}
    masks = [mask for _, mask in found]
    kind_of = [kind_index[p.letter] for p, _ in found]
    per_cell: list[list[int]] = [[] for _ in range(rows * cols)]
    for i, mask in enumerate(masks):
        per_cell[(mask & -mask).bit_length() - 1].append(i)
    return Tables(
        puzzle=puzzle,
        placements=tuple(p for p, _ in found),
        bit_of=bit_of,
        start_board=start,
        full=(1 << (rows * cols)) - 1,
        kinds=kinds,
        need=need,
        masks=tuple(masks),
        kind_of=tuple(kind_of),
        candidates=tuple(tuple(c) for c in per_cell),
        geometry=(step, not_first, not_last),
    )


def search(
    tables: Tables,
    *,
    fixed: tuple[int, ...] = (),
    limit: int | None = None,
    keep: int = 0,
    meter: Meter | None = None,
    engine: str = "auto",
) -> SearchResult:
    """Count the completions of ``tables``' puzzle that use the ``fixed`` placements.

    Stops after ``limit`` solutions (``None``: all) or once ``meter`` is reached; keeps the
    first ``keep`` solutions as tuples of placement indices (``fixed`` first, then in the
    order placed). ``engine`` is ``"numba"``, ``"python"`` or ``"auto"``
    (:mod:`gridsight.solvers.engines`: Python first, the kernel past ``SWITCH_STATES["pentomino"]``
    nodes when numba is installed and the board has at most 64 cells, or at once when the
    kernel is loaded).
    """
    board = tables.start_board
    left = list(tables.need)
    for i in fixed:
        mask = tables.masks[i]
        if board & mask or left[tables.kind_of[i]] == 0:
            return SearchResult(0, (), True, False, 0)
        board |= mask
        left[tables.kind_of[i]] -= 1
    if limit is not None and limit <= 0:
        return SearchResult(0, (), False, False, 0)
    if board == tables.full:
        return SearchResult(1, (tuple(fixed),) if keep else (), True, False, 0)
    if meter is not None and meter.reached():
        # A limit spent before the search (by an earlier one: the solve before the count)
        # stops it at once, not after its first _CHECK_EVERY nodes (docs/limits.md).
        return SearchResult(0, (), False, True, 0)
    if check_engine(engine) == "auto":
        if tables.bits > 64 or not kernel_available():
            engine = "python"
        elif not kernel_loaded(KERNEL):
            # Loading numba and the compiled kernel costs a process about a second, far more
            # than most hint searches: try them in Python first, and only a search that runs
            # past a few milliseconds starts over in the kernel, if its limit has a second
            # left to load it (under Limit(seconds=0.05), the first stuck-deep solve of a
            # process loaded it: 0.99 s of CPU).
            first = None
            if affords_loading(meter):
                first = _python_search(tables, board, left[:], tuple(fixed), limit, keep, meter,
                                       node_cap=_PYTHON_FIRST)
                if first is not None:
                    return first
            # past the first nodes: the kernel if the limit still affords it, else on in
            # Python (also while another process compiles it: engines.compiling_elsewhere)
            engine = ("numba" if affords_loading(meter)
                      and not compiling_elsewhere(KERNEL, _kernel_run) else "python")
        else:
            engine = "numba"
    if engine == "numba":
        if not kernel_available():
            raise EngineUnavailable(NEEDS_NUMBA)
        from gridsight.solvers.pentomino import kernel

        return SearchResult(*kernel.search(tables, board, left, tuple(fixed), limit, keep,
                                           meter))
    return _python_search(tables, board, left, tuple(fixed), limit, keep, meter)


def _kernel_run():
    """The kernel's compiled search (imports numba): its cache entry says whether numba's
    cache holds the kernel (:func:`gridsight.solvers.engines.compiling_elsewhere`)."""
    from gridsight.solvers.pentomino import kernel

    return kernel._run


def kernel_available() -> bool:
    """Is numba installed (so the compiled kernel can run)?

    Asked without importing numba (about a second of a process's start): a search that the
    pure-Python loop finishes first never loads it (:func:`gridsight.solvers.engines.numba_installed`).
    """
    return numba_installed()


class _Stop(Exception):
    pass


def _python_search(
    tables: Tables,
    board: int,
    left: list[int],
    fixed: tuple[int, ...],
    limit: int | None,
    keep: int,
    meter: Meter | None,
    node_cap: int | None = None,
) -> SearchResult | None:
    """The search in Python; ``None`` if it passed ``node_cap`` nodes (then nothing is kept)."""
    full = tables.full
    candidates = _grouped(tables)
    found: list[tuple[int, ...]] = []
    chosen: list[int] = list(fixed)
    count = nodes = 0
    stopped = capped = False
    next_check = _CHECK_EVERY

    def descend(board: int, start: int) -> None:
        nonlocal count, nodes, stopped, capped, next_check
        # The first empty cell at or after ``start`` (cells before it are all covered).
        cell = start
        while board >> cell & 1:
            cell += 1
        for kind, group in candidates[cell]:
            if not left[kind]:
                continue
            for i, mask in group:
                if board & mask:
                    continue
                nodes += 1
                if nodes >= next_check:
                    next_check += _CHECK_EVERY
                    if meter is not None:
                        meter.count(_CHECK_EVERY)
                        if meter.reached():
                            stopped = True
                            raise _Stop
                    if node_cap is not None and nodes >= node_cap:
                        capped = True
                        raise _Stop
                after = board | mask
                chosen.append(i)
                if after == full:
                    count += 1
                    if len(found) < keep:
                        found.append(tuple(chosen))
                    if limit is not None and count >= limit:
                        raise _Stop
                else:
                    left[kind] -= 1
                    descend(after, cell + 1)
                    left[kind] += 1
                chosen.pop()

    complete = True
    try:
        descend(board, 0)
    except _Stop:
        complete = False
    if capped:
        return None
    return SearchResult(count, tuple(found), complete, stopped, nodes)


def _grouped(tables: Tables) -> list[tuple[tuple[int, tuple[tuple[int, int], ...]], ...]]:
    """Per cell, its candidates grouped by kind: ``((kind, ((index, mask), ...)), ...)``, in
    placement order, so a piece already used is skipped once rather than per placement."""
    cached = tables._arrays.get("python")
    if cached is None:
        cached = []
        for cell in tables.candidates:
            groups: list[tuple[int, list[tuple[int, int]]]] = []
            for i in cell:
                kind = tables.kind_of[i]
                if not groups or groups[-1][0] != kind:
                    groups.append((kind, []))
                groups[-1][1].append((i, tables.masks[i]))
            cached.append(tuple((kind, tuple(group)) for kind, group in groups))
        tables._arrays["python"] = cached
    return cached
