"""The full analysis of a tile-path board: a walk or a proof, next moves, the best near-miss.

:func:`analyse` answers, for a board as written (a fresh one, or a walk in progress):

- is there a walk from where Link stands crossing every uncrossed tile once (ending on ``E`` if
  given)? If so, one such walk; if not, a proof: a quick argument (:mod:`.proofs`) when one
  applies, otherwise the exhaustive frontier search (:mod:`.frontier`);
- the moves from Link's tile after which a full walk still exists;
- when there is none, the leave-one analysis: for every uncrossed tile, whether blocking it
  (the Hero's Cave's Somaria block) leaves a board with a full walk, with the walk or a proof;
- when there is none, the fewest tiles that must be left uncrossed (exact: the frontier
  programme's longest-walk mode) and a walk that leaves that few.

Everything runs under one :class:`~gridsight.solvers.limit.Limit` (CPU seconds of the solving thread,
by default) and a memory bound (:data:`DEFAULT_MAX_STATES` states held at once, fewer when the
limit's ``memory`` holds fewer: :func:`.limits.memory_bound`); so does each search called on its
own (:func:`.limits.entry_bounds`). Cheap steps
come first: the quick proofs before any search, the main question before the optional parts.
When a bound stops the search, the analysis says exactly what was proven:
``TilePathAnalysis.proven`` is "a full walk exists (witness found)", "no full walk: parity",
"undecided: the limit of 20 s of work reached (searched N states)" and so on; the next moves
and leave-one tiles the bound left open are listed as undecided, never guessed. The advice
still names a move when the main question is undecided (anytime): ``guess`` is a move no
quick proof rules out, the one with the fewest ways on (Warnsdorff's rule), marked
unproven.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from gridsight.solvers.errors import ImpossibleBoardError
from gridsight.solvers.tile_path.board import Pos, TilePathBoard, move_name, neighbours
from gridsight.solvers.limit import Limit, LimitReached, Meter, Quality
from gridsight.solvers.tile_path.frontier import FrontierBoard, Sweep, run
from gridsight.solvers.tile_path.limits import (
    DEFAULT_MAX_STATES, entry_bounds, held_bound, progress, undecided,
)
from gridsight.solvers.tile_path.proofs import Proof, quick_proof, where

__all__ = [
    "DEFAULT_MAX_STATES",
    "Decision",
    "LeaveOne",
    "TilePathAnalysis",
    "analyse",
    "decide",
    "leave_one_analysis",
    "moves_of",
    "quick_walk",
]


@dataclass(frozen=True)
class LeaveOne:
    """One tile of the leave-one analysis: a full walk with ``tile`` blocked, or a proof."""

    tile: Pos
    path: tuple[Pos, ...] | None
    proof: Proof | None


@dataclass(frozen=True)
class Decision:
    """The answer to "is there a full walk?": ``exists`` is True, False or ``None`` (a bound
    stopped the search first, ``stopped`` says which and after how many states). ``path`` is a
    witness walk (``None`` when there is none, or when a bound stopped its rebuilding);
    ``proof`` why there is none; ``states`` the search states expanded; ``undecided`` what a
    player is told when it stopped. ``sweep`` is the frontier run (kept for other runs to
    resume from when asked), ``None`` when a quick proof settled it."""

    exists: bool | None
    path: tuple[Pos, ...] | None
    proof: Proof | None
    states: int
    stopped: str | None = None
    undecided: str | None = None
    engine: str | None = None
    sweep: Sweep | None = field(default=None, repr=False, compare=False)


@dataclass(frozen=True)
class TilePathAnalysis:
    """What :func:`analyse` found.

    ``exists`` answers the main question (``None``: undecided, ``stopped`` says why); ``path``
    is a full walk from Link's tile and ``proof`` why there is none. ``next`` lists the moves
    (``"up"``...) proven to keep a full walk possible and ``next_undecided`` those a bound left
    open. ``nodes`` counts the search states expanded for the main answer and the next moves.
    ``fewest_left`` and ``best_path`` give the longest walk when no full one exists (``None``
    if not computed or out of time). ``leave_one`` lists every decided tile's result (``None``
    if not computed); ``undecided`` the tiles a bound left open. ``guess`` is the anytime
    move when no proven one can be shown (:func:`guess_move`); ``limited`` the first bound
    that cut any part short, in words (``None``: the answer is exact). ``guess_walk``: when
    no full walk exists and a bound stopped the search for the fewest tiles left, the walk
    :func:`quick_walk` found (unproven the best; ``guess`` is its first step).
    """

    board: TilePathBoard
    path: tuple[Pos, ...] | None
    proof: Proof | None
    next: tuple[str, ...]
    nodes: int
    fewest_left: int | None = None
    best_path: tuple[Pos, ...] | None = None
    leave_one: tuple[LeaveOne, ...] | None = None
    undecided: tuple[Pos, ...] = ()
    warnings: tuple[str, ...] = ()
    exists: bool | None = None
    stopped: str | None = None
    next_undecided: tuple[str, ...] = ()
    engine: str | None = None
    undecided_text: str | None = None
    guess: Pos | None = None
    limited: str | None = None
    guess_walk: tuple[Pos, ...] | None = None

    @property
    def solvable(self) -> bool:
        """True when a full walk is proven to exist."""
        return self.exists is True

    @property
    def decided(self) -> bool:
        return self.exists is not None

    @property
    def proven(self) -> str:
        """What was proven about the main question, in one phrase."""
        if self.exists is None:
            return self.undecided_text or f"undecided: {self.stopped}"
        if self.exists:
            if self.path is not None:
                return "a full walk exists (witness found)"
            return f"a full walk exists (the witness walk was not rebuilt: {self.stopped})"
        assert self.proof is not None
        return f"no full walk: {self.proof.kind}"

    @property
    def quality(self) -> Quality:
        """Exact when no bound cut any part of the analysis short (``limited``: the first
        that did, in words); otherwise how the move shown was chosen."""
        if self.limited is None:
            return Quality()
        if self.guess_walk is not None:
            left = len(self.board.tiles) - len(self.guess_walk)
            method = (f"unproven move: the first step of a quick walk leaving {left} "
                      "tile(s), not proven the fewest")
        elif self.guess is not None:
            method = "unproven move: no quick proof rules it out, the fewest ways on"
        else:
            method = self.proven
        # The bound as every solver names it ("the limit of 1 state"): ``limited`` reads
        # "... reached" in this module's own sentences.
        return Quality.bounded(self.limited.removesuffix(" reached"), None, None, method=method)


def moves_of(path: tuple[Pos, ...]) -> list[str]:
    """The walk as move names: ``["up", "left", ...]``."""
    return [move_name(a, b) for a, b in zip(path, path[1:])]


def decide(
    rows: int,
    cols: int,
    tiles: frozenset[Pos],
    start: Pos,
    end: Pos | None,
    *,
    limit: Limit | Meter | None = None,
    meter: Meter | None = None,
    max_states: int | None = DEFAULT_MAX_STATES,
    engine: str = "auto",
    witness: bool = True,
    keep: bool = False,
    resume: Sweep | None = None,
    held_elsewhere: int = 0,
) -> Decision:
    """A full walk, or a proof that there is none, or what stopped the search: the quick
    proofs first, then the frontier sweep within ``limit`` (default ``Limit()``; or ``meter``,
    one already running) and the memory bound ``max_states`` (tightened by the limit's
    ``memory``: :func:`gridsight.solvers.tile_path.limits.entry_bounds`; ``keep``: keep its
    layers for other runs to ``resume`` from, see
    :func:`gridsight.solvers.tile_path.frontier.run`)."""
    meter, max_states = entry_bounds(limit, meter, max_states, engine)
    if end == start and len(tiles) > 1:
        return Decision(False, None, Proof("ends", "the walk cannot end on the tile it starts "
                                           "from"), 0)
    proof = quick_proof(tiles, start, end)
    if proof is not None:
        return Decision(False, None, proof, 0)
    board = FrontierBoard(rows, cols, tiles, start, end)
    try:
        sweep = run(board, witness=witness, keep=keep, meter=meter, max_states=max_states,
                    engine=engine, resume=resume, held_elsewhere=held_elsewhere)
    except LimitReached as stop:
        reason = f"{stop.reason} reached"
        done = progress(stop)
        if done.found:
            # The sweep reached DONE; only rebuilding the witness walk was cut short.
            return Decision(True, None, None, done.states, reason)
        return Decision(None, None, None, done.states, reason, undecided(stop))
    result = sweep.result
    if result.found:
        return Decision(True, result.path, None, result.states, engine=result.engine,
                        sweep=sweep)
    return Decision(False, None, _search_proof(result.states), result.states,
                    engine=result.engine, sweep=sweep)


def _search_proof(states: int) -> Proof:
    return Proof(
        "search",
        "an exhaustive search (a frontier dynamic programme over every way the walk can cross "
        f"the board, {states} states) finds no walk",
    )


def check_walk_so_far(
    board: TilePathBoard, *, limit: Limit | Meter | None = None, meter: Meter | None = None,
    max_states: int | None = DEFAULT_MAX_STATES, engine: str = "auto",
) -> str | None:
    """Refuse a walk in progress whose crossed tiles cannot be one walk from S to L.

    Returns a warning when a bound (``limit``, ``meter`` and ``max_states`` as for
    :func:`decide`) stopped the check before it could tell.
    """
    meter, max_states = entry_bounds(limit, meter, max_states, engine)
    if not board.in_progress:
        return None
    decision = decide(
        board.rows, board.cols, board.crossed, board.start, board.current, meter=meter,
        max_states=max_states, engine=engine, witness=False,
    )
    if decision.exists is None:
        return (
            f"the crossed tiles were not checked to form one walk from S to L "
            f"({decision.stopped})"
        )
    if not decision.exists:
        assert decision.proof is not None
        cells = decision.proof.cells or (board.start, board.current)
        raise ImpossibleBoardError(
            "the crossed tiles (S, x, L) are not one walk from S at "
            f"{where(board.start)} to L at {where(board.current)}: {decision.proof.text}",
            cells=tuple(cells),
        )
    return None


def analyse(
    board: TilePathBoard,
    *,
    leave_one: bool = True,
    fewest: bool = True,
    limit: Limit | Meter = Limit(),
    max_states: int | None = DEFAULT_MAX_STATES,
    engine: str = "auto",
) -> TilePathAnalysis:
    """Analyse ``board`` (see the module docstring).

    ``limit`` (a :class:`~gridsight.solvers.limit.Limit`, or a meter already running) bounds the whole
    analysis and ``max_states`` the states any one search holds at once (``None``: no bound).
    ``engine`` is ``auto``, ``numba`` or ``python`` (:mod:`.engines`): the answers are the
    same.
    """
    meter, max_states = entry_bounds(limit, None, max_states, engine)
    bounds: dict[str, Any] = dict(meter=meter, max_states=max_states, engine=engine)
    warnings: list[str] = []
    limited: list[str] = []  # the bounds that cut any part short, in words
    checked = check_walk_so_far(board, **bounds)
    if checked:
        warnings.append(checked)
        limited.append(limit_reason(meter, max_states))
    rows, cols, tiles, here, end = board.rows, board.cols, board.tiles, board.current, board.end
    # The main sweep keeps its layers: the next-move and leave-one runs resume from them.
    main = decide(rows, cols, tiles, here, end, keep=True, **bounds)
    nodes = main.states
    if main.stopped:
        limited.append(main.stopped)
    common: dict[str, Any] = dict(exists=main.exists, stopped=main.stopped, engine=main.engine,
                                  undecided_text=main.undecided)
    if main.exists is None:
        return TilePathAnalysis(board, None, None, (), nodes, warnings=tuple(warnings),
                                guess=guess_move(board), limited=limited[0], **common)
    if main.exists:
        moves, open_moves, used = _next_moves(board, main, meter, max_states, engine)
        if open_moves:
            limited.append(limit_reason(meter, max_states))
            warnings.append(f"{limited[-1]}: next move(s) {', '.join(open_moves)} undecided")
        guess = guess_move(board) if main.path is None and not moves else None
        return TilePathAnalysis(board, main.path, None, moves, nodes + used,
                                warnings=tuple(warnings), next_undecided=open_moves,
                                guess=guess, limited=limited[0] if limited else None,
                                **common)

    results: tuple[LeaveOne, ...] | None = None
    left_open: tuple[Pos, ...] = ()
    if leave_one:
        results, left_open, why = leave_one_analysis(board, whole=main.sweep, **bounds)
        if left_open:
            limited.append(why)
            warnings.append(f"{why}: {len(left_open)} tile(s) of the leave-one analysis undecided")
    fewest_left: int | None = None
    best: tuple[Pos, ...] | None = None
    fewest_stopped: str | None = None  # the bound that stopped the search for the fewest
    if fewest:
        working = [r for r in results or () if r.path is not None]
        if working:
            # A full walk with one tile blocked leaves exactly one tile, and at least one
            # must be left since no full walk exists: nothing can do better.
            best, fewest_left = working[0].path, 1
        else:
            try:
                sweep = run(FrontierBoard(rows, cols, tiles, here, end), longest=True, **bounds)
            except LimitReached as stop:
                fewest_stopped = stop.reason
            else:
                if sweep.result.found:
                    best, fewest_left = sweep.result.path, len(tiles) - sweep.result.covered
                else:
                    warnings.append("no walk from Link's tile reaches the end tile at all")
    near = None
    if best is None and (limited or fewest_stopped):
        # Stopped before the fewest tiles left was known: still a move (anytime), the first
        # step of the best quick walk, said to be unproven.
        near = quick_walk(board)
        if near is not None and len(tiles) - len(near) == 1:
            # No full walk exists, so at least one tile is left: a walk leaving one leaves
            # the fewest, however it was found.
            best, fewest_left, near = near, 1, None
        elif fewest_stopped:
            limited.append(f"{fewest_stopped} reached")
            warnings.append(f"{limited[-1]}: the fewest tiles left was not computed")
    return TilePathAnalysis(
        board,
        None,
        main.proof,
        (),
        nodes,
        fewest_left=fewest_left,
        best_path=best,
        leave_one=results,
        undecided=left_open,
        warnings=tuple(warnings),
        limited=limited[0] if limited else None,
        guess=near[1] if near else None,
        guess_walk=near,
        **common,
    )


#: Boards up to this many tiles get the connectivity look of :func:`quick_walk` (a walk of
#: n steps costs about n^2 tile visits: 0.03 s of CPU at 100 tiles, 0.4 s at 400, measured).
QUICK_WALK_CONNECTED = 150


def _reach(start: Pos, cells: set[Pos]) -> int:
    """How many of ``cells`` (``start`` among them) are reachable from ``start``."""
    seen, todo = {start}, [start]
    while todo:
        for n in neighbours(todo.pop(), cells):
            if n not in seen:
                seen.add(n)
                todo.append(n)
    return len(seen)


def quick_walk(board: TilePathBoard) -> tuple[Pos, ...] | None:
    """A walk from Link's tile found without search, for a stopped analysis to still advise
    a move: from each first move, a greedy walk (the step that leaves the fewest uncrossed
    tiles out of reach first, on boards of up to :data:`QUICK_WALK_CONNECTED` tiles; then
    Warnsdorff's rule, the tile with the fewest uncrossed neighbours; then reading order; the
    end tile only as the last step), the one crossing the most tiles (then move order). ``None`` when Link
    cannot move or no walk reaches the end tile. No search: no limit needed."""
    here, end = board.current, board.end
    connected = len(board.tiles) <= QUICK_WALK_CONNECTED
    best: tuple[Pos, ...] | None = None
    for first in neighbours(here, board.uncrossed):
        walk = [here, first]
        left = set(board.uncrossed) - {first}
        while walk[-1] != end:
            near = neighbours(walk[-1], left)
            ways = [n for n in near if n != end] or near  # the end tile only when stuck
            if not ways:
                break

            def rank(n: Pos) -> tuple[int, int, Pos]:
                strands = len(left) - _reach(n, left) if connected else 0
                return (strands, len(neighbours(n, left - {n})), n)

            nxt = min(ways, key=rank)
            walk.append(nxt)
            left.discard(nxt)
        if end is not None and walk[-1] != end:
            continue
        if best is None or len(walk) > len(best):
            best = tuple(walk)
    return best


def guess_move(board: TilePathBoard) -> Pos | None:
    """The anytime move when the search could not decide: among the tiles next to Link's
    that no quick proof rules out (the walk from there could still cross every tile), the
    one with the fewest uncrossed neighbours of its own (Warnsdorff's rule: corners and
    corridors first), then reading order. ``None`` when every move is ruled out."""
    here, end = board.current, board.end
    rest = board.tiles - {here}
    open_moves = [n for n in neighbours(here, rest) if quick_proof(rest, n, end) is None]
    if not open_moves:
        return None
    return min(open_moves, key=lambda n: (len(neighbours(n, rest - {n})), n))


def limit_reason(meter: Meter, max_states: int | None) -> str:
    """The bound that left something undecided, in words (the meter's if it was reached)."""
    if meter.reason is not None:
        return f"{meter.reason} reached"
    return f"{held_bound(meter, max_states or 0)} reached"


def _next_moves(
    board: TilePathBoard, main: Decision, meter: Meter, max_states: int | None, engine: str
) -> tuple[tuple[str, ...], tuple[str, ...], int]:
    """The moves from Link's tile after which a full walk still exists, those a bound left
    undecided, and the states used. The witness walk's first move needs no search; the others
    resume from the main sweep's layers (the boards differ only from Link's row on)."""
    here, end, path = board.current, board.end, main.path
    rest = board.tiles - {here}
    held = main.sweep.held() if main.sweep else 0
    proven: list[str] = []
    open_moves: list[str] = []
    used = 0
    for nxt in neighbours(here, rest):
        name = move_name(here, nxt)
        if path is not None and len(path) > 1 and path[1] == nxt:
            proven.append(name)
            continue
        step = decide(board.rows, board.cols, rest, nxt, end, meter=meter,
                      max_states=max_states, engine=engine, witness=False, resume=main.sweep,
                      held_elsewhere=held)
        used += step.states
        if step.exists is None:
            open_moves.append(name)
        elif step.exists:
            proven.append(name)
    return tuple(proven), tuple(open_moves), used


def leave_one_analysis(
    board: TilePathBoard,
    *,
    limit: Limit | Meter | None = None,
    meter: Meter | None = None,
    max_states: int | None = DEFAULT_MAX_STATES,
    engine: str = "auto",
    whole: Sweep | None = None,
) -> tuple[tuple[LeaveOne, ...], tuple[Pos, ...], str]:
    """For each uncrossed tile (not the end tile): a full walk with it blocked, or a proof.

    The quick proofs settle many tiles at once (a chessboard colour count usually rules out a
    whole colour). The rest each get a frontier run that resumes from the layers of a run on
    the whole board (``whole``, if the caller has one with its layers kept), since the sweep
    only sees the blocked tile a row before it reaches it. Returns the results in reading
    order, the tiles a bound left undecided and that bound (``limit``, ``meter`` and
    ``max_states`` as for :func:`decide`: by default ``Limit()`` and
    :data:`DEFAULT_MAX_STATES`).
    """
    meter, max_states = entry_bounds(limit, meter, max_states, engine)
    bounds: dict[str, Any] = dict(meter=meter, max_states=max_states, engine=engine)
    rows, cols, tiles, here, end = board.rows, board.cols, board.tiles, board.current, board.end
    candidates = sorted(board.uncrossed - ({end} if end else set()))
    results: list[LeaveOne] = []
    searched: list[Pos] = []
    for index, tile in enumerate(candidates):
        if meter.reached():  # the quick proofs are linear in the tiles, once per tile
            return (tuple(results), tuple(searched + candidates[index:]),
                    limit_reason(meter, max_states))
        proof = quick_proof(tiles - {tile}, here, end)
        if proof is not None:
            results.append(LeaveOne(tile, None, proof))
        else:
            searched.append(tile)
    if not searched:
        return tuple(results), (), ""
    if whole is None or not whole.saved:
        try:
            whole = run(FrontierBoard(rows, cols, tiles, here, end), witness=False, keep=True,
                        **bounds)
        except LimitReached as stop:
            return tuple(results), tuple(searched), f"{stop.reason} reached"
    held = whole.held()
    left_open: list[Pos] = []
    why = ""
    for index, tile in enumerate(searched):
        decision = decide(rows, cols, tiles - {tile}, here, end, resume=whole,
                          held_elsewhere=held, **bounds)
        if decision.exists is None or (decision.exists and decision.path is None):
            left_open = searched[index:]
            why = decision.stopped or limit_reason(meter, max_states)
            break
        results.append(LeaveOne(tile, decision.path, decision.proof))
    results.sort(key=lambda r: r.tile)
    return tuple(results), tuple(left_open), why
