"""An exact frontier dynamic programme for Hamiltonian paths on grid graphs.

The question: in the grid graph induced by a set of tiles, is there a path from a given start
tile that crosses every tile exactly once (ending on a given tile, or anywhere)? A plain
depth-first search explores walks one step at a time, and the number of walks grows with the
board's area. This programme sweeps the board instead, one cell at a time, row by row along its
long side, and remembers only how the path fragments drawn so far cross the *frontier* between
the cells done and the cells to come. Its cost grows with the narrow side, not the area.

The frontier of a board ``W`` cells wide holds ``W + 1`` plugs: before cell ``(i, j)`` is
decided, plug ``j`` is the edge coming in from its left and plug ``j + 1`` the edge coming down
from above; the others are the down edges of the row above (``k > j + 1``) or of this row
(``k < j``).
Each plug is:

- ``0``: no edge crosses here;
- ``1`` / ``2``: one end of a fragment whose other end is also on the frontier; ``1`` opens and
  ``2`` closes, and the pairs nest like brackets (two fragments cannot cross in the plane);
- ``3``: an end of a fragment whose other end is an endpoint of the whole path (the start, the
  end tile, or the free end when no end tile is given).

Every tile must get exactly two path edges (one at an endpoint). Joining the two ends of one
fragment would close a cycle and is refused; joining two ``3`` plugs completes the whole path,
which is allowed only when no other plug is left: the state then becomes ``DONE`` and may only
pass over cells that are not tiles. The board has a full walk if and only if ``DONE`` survives
the last cell. This is the standard "plug" or "broken profile" DP used to count Hamiltonian
paths and cycles on grid graphs; here it only needs existence (a set of states per cell), plus
one back-pointer per state to rebuild a witness walk.

A second mode, ``longest``, lets tiles be skipped and keeps the largest number of tiles covered
per state: the longest walk from the start, i.e. the fewest tiles that must be left uncrossed.

Transitions depend only on the state and on a small cell code (column, kind of cell, whether
its down and right neighbours are tiles), so they are memoised in a module-wide table shared by
every run on boards of the same width: the leave-one analysis re-uses nearly all of them.
The table is emptied when it grows past ``CACHE_LIMIT`` entries, so a long-lived process (the
live overlay) does not grow without bound.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

Pos = tuple[int, int]

# Cell kinds.
_NONE = 0  # not a tile of the walk
_TILE = 1  # an ordinary tile: two path edges
_FIXED_END = 2  # the start, or the given end tile: one path edge
_MAYBE_END = 3  # an ordinary tile that may also be the free end (no end tile given)


class TimeLimitExceeded(Exception):
    """A frontier run passed its deadline (only raised when a deadline is given)."""


@dataclass(frozen=True)
class FrontierResult:
    """The outcome of one frontier run.

    ``found`` says whether a walk exists (in ``longest`` mode: whether any walk from the start
    ends on the end tile; always true without one). ``path`` is a witness walk from the start, in board
    coordinates, when asked for and found. ``covered`` is the number of tiles on it (the
    largest possible in ``longest`` mode). ``states`` counts the (state, cell) pairs expanded:
    the "nodes" of this search.
    """

    found: bool
    path: tuple[Pos, ...] | None
    covered: int
    states: int


# Memoised transitions: (width, j, kind, down_ok, right_ok, longest) -> {state: transitions}.
_CACHE: dict[tuple, dict[int, tuple]] = {}
CACHE_LIMIT = 3_000_000


def clear_cache() -> None:
    """Forget the memoised transitions (for benchmarks that must start cold)."""
    _CACHE.clear()


def _partner(state: int, k: int, width: int) -> int:
    """The position of the plug paired with the bracket plug at ``k`` (``3`` plugs skipped)."""
    if (state >> (2 * k)) & 3 == 1:
        depth = 0
        for m in range(k, width + 1):
            v = (state >> (2 * m)) & 3
            if v == 1:
                depth += 1
            elif v == 2:
                depth -= 1
                if depth == 0:
                    return m
    else:
        depth = 0
        for m in range(k, -1, -1):
            v = (state >> (2 * m)) & 3
            if v == 2:
                depth += 1
            elif v == 1:
                depth -= 1
                if depth == 0:
                    return m
    raise AssertionError("unbalanced plugs")


def _transitions(state: int, code: tuple) -> tuple:
    """Every (next state, edges, tiles gained) from ``state`` over a cell of ``code``.

    ``edges`` has bit 0 set for an edge down and bit 1 for an edge right. States are ints with
    plug ``k`` in bits ``2k`` and ``2k + 1``, the "free end used" flag above them, and ``DONE``
    a bit of its own.
    """
    width, j, kind, down_ok, right_ok, longest = code
    done = 1 << (2 * width + 3)
    flag = 1 << (2 * width + 2)
    plug_mask = flag - 1
    last = j == width - 1
    shift = 2 * j
    out: list[tuple[int, int, int]] = []

    if state == done:
        if kind == _NONE:
            return ((done, 0, 0),)
        if longest and kind != _FIXED_END:
            return ((done, 0, 0),)
        return ()

    left, up = (state >> shift) & 3, (state >> (shift + 2)) & 3
    cleared = state & ~(15 << shift)  # this cell's two plugs removed
    free_used = state & flag

    def emit(s: int, edges: int, gain: int) -> None:
        if last:
            if s & (3 << (2 * width)):
                return
            s = ((s << 2) & plug_mask) | (s & flag)
        out.append((s, edges, gain))

    def set_plug(s: int, k: int, value: int) -> int:
        return (s & ~(3 << (2 * k))) | (value << (2 * k))

    if kind == _NONE:
        if left or up:
            return ()
        emit(cleared, 0, 0)
        return tuple(out)

    if kind == _FIXED_END or (kind == _MAYBE_END and not free_used):
        base = cleared | (flag if kind == _MAYBE_END else 0)
        if not left and not up:
            if down_ok:
                emit(base | (3 << shift), 1, 1)
            if right_ok:
                emit(base | (3 << (shift + 2)), 2, 1)
        elif not left or not up:
            a = left or up
            if a == 3:
                if not (cleared & plug_mask):
                    out.append((done, 0, 1))  # the last piece: the whole path is drawn
            else:
                mate = _partner(state, j if left else j + 1, width)
                emit(set_plug(base, mate, 3), 0, 1)
        if kind == _FIXED_END:
            return tuple(out)

    # An ordinary tile: two edges (or, in longest mode, none at all).
    if not left and not up:
        if down_ok and right_ok:
            emit(cleared | (1 << shift) | (2 << (shift + 2)), 3, 1)
        if longest:
            emit(cleared, 0, 0)
    elif not left or not up:
        a = left or up
        if down_ok:
            emit(cleared | (a << shift), 1, 1)
        if right_ok:
            emit(cleared | (a << (shift + 2)), 2, 1)
    elif left == 3 and up == 3:
        if not (cleared & plug_mask):
            out.append((done, 0, 1))
    elif left == 1 and up == 2:
        pass  # the two ends of one fragment: a cycle
    elif left == 2 and up == 1:
        emit(cleared, 0, 1)
    elif left == 1 and up == 1:
        emit(set_plug(cleared, _partner(state, j + 1, width), 1), 0, 1)
    elif left == 2 and up == 2:
        emit(set_plug(cleared, _partner(state, j, width), 2), 0, 1)
    else:  # one is 3, the other a bracket: the bracket's mate now leads to an endpoint
        k = j + 1 if left == 3 else j
        emit(set_plug(cleared, _partner(state, k, width), 3), 0, 1)
    return tuple(out)


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

    def codes(self, longest: bool) -> list[tuple]:
        """The cell code of every cell in sweep order."""
        out = []
        for k, pos in enumerate(self.order):
            i, j = divmod(k, self.width)
            if pos not in self.tiles:
                kind = _NONE
            elif pos == self.start or pos == self.end:
                kind = _FIXED_END
            elif self.end is None:
                kind = _MAYBE_END
            else:
                kind = _TILE
            down_ok = i + 1 < self.height and self.order[k + self.width] in self.tiles
            right_ok = j + 1 < self.width and self.order[k + 1] in self.tiles
            out.append((self.width, j, kind, down_ok, right_ok, longest))
        return out


def run(
    board: FrontierBoard,
    *,
    longest: bool = False,
    witness: bool = True,
    deadline: float | None = None,
    prefix: list[dict] | None = None,
    keep_layers: bool = True,
    memo: bool = True,
) -> tuple[FrontierResult, list[dict]]:
    """Sweep ``board``; return the result and the layers (one dict of states per cell).

    Layer ``k`` maps each state after ``k`` cells to a previous state it comes from
    (``(tiles covered, previous state)`` in ``longest`` mode). ``prefix`` lets
    a caller resume from the first layers of an earlier run on a board whose cell codes agree
    on those cells (the leave-one analysis does). ``deadline`` is a ``time.monotonic()`` value.
    Without ``witness`` and ``keep_layers`` only the last layer is kept (the earlier ones are
    emptied as the sweep goes), and without ``memo`` transitions are not stored in the shared
    table: both bound the memory of runs on wide boards.
    """
    keep_layers = keep_layers or witness
    if sum(len(table) for table in _CACHE.values()) > CACHE_LIMIT:
        _CACHE.clear()
    r, c = board.start
    alone = not any(n in board.tiles for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)))
    if len(board.tiles) == 1 or (longest and alone):
        # A walk of the start alone (the programme needs at least one edge to close a path).
        found = len(board.tiles) == 1 or board.end is None
        return FrontierResult(found, (board.start,) if found else None, int(found), 0), []
    codes = board.codes(longest)
    layers: list = list(prefix) if prefix else [{0: (0, None) if longest else None}]
    states = 0
    for k in range(len(layers) - 1, len(codes)):
        code = codes[k]
        cache = _CACHE.get(code) if memo else {}
        if cache is None:
            cache = _CACHE[code] = {}
        current = layers[k]
        states += len(current)
        if longest:
            # Each next state keeps the most tiles covered, and one predecessor reaching it.
            new: dict | set = {}
            for s, (value, _) in current.items():
                moves = cache.get(s)
                if moves is None:
                    moves = cache[s] = tuple((ns, gain) for ns, _, gain in _transitions(s, code))
                for ns, gain in moves:
                    v = value + gain
                    old = new.get(ns)
                    if old is None or old[0] < v:
                        new[ns] = (v, s)
        elif keep_layers:
            # Existence with back-pointers: any predecessor of a state will do.
            new = {}
            for s in current:
                moves = cache.get(s)
                if moves is None:
                    moves = cache[s] = tuple(ns for ns, _, _ in _transitions(s, code))
                for ns in moves:
                    new[ns] = s
        else:
            new = set()
            for s in current:
                moves = cache.get(s)
                if moves is None:
                    moves = cache[s] = tuple(ns for ns, _, _ in _transitions(s, code))
                new.update(moves)
        layers.append(new)
        if not keep_layers:
            layers[k] = ()
        if deadline is not None and time.monotonic() > deadline:
            raise TimeLimitExceeded()
        if not new:
            break
    done = 1 << (2 * board.width + 3)
    final = layers[-1] if len(layers) == len(codes) + 1 else {}
    if done not in final:
        return FrontierResult(False, None, 0, states), layers
    covered = final[done][0] if longest else len(board.tiles)
    path = _rebuild(board, codes, layers, longest) if witness else None
    return FrontierResult(True, path, covered, states), layers


def _rebuild(
    board: FrontierBoard, codes: list[tuple], layers: list[dict], longest: bool
) -> tuple[Pos, ...]:
    """Follow the back-pointers from ``DONE`` and walk the chosen edges from the start.

    The edges a cell chose are found again from its transitions: the pair (previous state,
    next state) determines them, since the next state holds the cell's down and right plugs.
    """
    done = 1 << (2 * board.width + 3)
    adjacency: dict[Pos, list[Pos]] = {}
    state = done
    for k in range(len(layers) - 1, 0, -1):
        prev = layers[k][state][1] if longest else layers[k][state]
        edges = next(e for ns, e, _ in _transitions(prev, codes[k - 1]) if ns == state)
        pos = board.order[k - 1]
        if edges & 1:
            other = board.order[k - 1 + board.width]
            adjacency.setdefault(pos, []).append(other)
            adjacency.setdefault(other, []).append(pos)
        if edges & 2:
            other = board.order[k]
            adjacency.setdefault(pos, []).append(other)
            adjacency.setdefault(other, []).append(pos)
        state = prev
    path = [board.start]
    previous = None
    while True:
        step = [n for n in adjacency.get(path[-1], []) if n != previous]
        if not step:
            break
        previous = path[-1]
        path.append(step[0])
    return tuple(path)


def hamiltonian_path(
    rows: int,
    cols: int,
    tiles: frozenset[Pos],
    start: Pos,
    end: Pos | None = None,
    *,
    deadline: float | None = None,
) -> FrontierResult:
    """Decide whether a walk from ``start`` covers every tile once (ending on ``end`` if given).

    >>> tiles = frozenset((r, c) for r in range(3) for c in range(3))
    >>> hamiltonian_path(3, 3, tiles, (0, 0)).found
    True
    >>> hamiltonian_path(3, 3, tiles, (0, 1)).found  # an odd-sized board from a minority tile
    False
    """
    result, _ = run(FrontierBoard(rows, cols, tiles, start, end), deadline=deadline)
    return result


def longest_walk(
    rows: int,
    cols: int,
    tiles: frozenset[Pos],
    start: Pos,
    end: Pos | None = None,
    *,
    deadline: float | None = None,
) -> FrontierResult:
    """The longest walk from ``start`` over ``tiles`` (ending on ``end`` if given), exactly.

    ``found`` is False only when ``end`` is given and cannot be reached at all.
    """
    result, _ = run(
        FrontierBoard(rows, cols, tiles, start, end), longest=True, deadline=deadline
    )
    return result
