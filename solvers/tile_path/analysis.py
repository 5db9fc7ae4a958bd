"""The full analysis of a tile-path board: a walk or a proof, next moves, the best near-miss.

:func:`analyse` answers, for a board as written (a fresh one, or a walk in progress):

- is there a walk from where Link stands crossing every uncrossed tile once (ending on ``E`` if
  given)? If so, one such walk; if not, a proof: a quick argument (:mod:`.proofs`) when one
  applies, otherwise the exhaustive frontier search (:mod:`.frontier`);
- the moves from Link's tile after which a full walk still exists;
- when there is none, the fewest tiles that must be left uncrossed (exact: the frontier
  programme's longest-walk mode) and a walk that leaves that few;
- when there is none, the leave-one analysis: for every uncrossed tile, whether blocking it
  (the Hero's Cave's Somaria block) leaves a board with a full walk, with the walk or a proof.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from solvers.errors import ImpossibleBoardError
from solvers.tile_path.board import Pos, TilePathBoard, move_name, neighbours
from solvers.tile_path.frontier import (
    FrontierBoard,
    FrontierResult,
    TimeLimitExceeded,
    run,
)
from solvers.tile_path.proofs import Proof, quick_proof, where


@dataclass(frozen=True)
class LeaveOne:
    """One tile of the leave-one analysis: a full walk with ``tile`` blocked, or a proof."""

    tile: Pos
    path: tuple[Pos, ...] | None
    proof: Proof | None


@dataclass(frozen=True)
class TilePathAnalysis:
    """What :func:`analyse` found.

    ``path`` is a full walk from Link's tile (``None`` when there is none) and ``proof`` why
    there is none. ``next`` lists the moves (``"up"``...) that keep a full walk possible.
    ``nodes`` counts the search states expanded for the main answer. ``fewest_left`` and
    ``best_path`` give the longest walk when no full one exists (``None`` if not computed or
    out of time). ``leave_one`` lists every uncrossed tile's result (``None`` if not computed);
    ``undecided`` the tiles the time limit left open.
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

    @property
    def solvable(self) -> bool:
        return self.path is not None


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
    deadline: float | None = None,
    prefix: list[dict] | None = None,
) -> tuple[tuple[Pos, ...] | None, Proof | None, int]:
    """A full walk, or a proof that there is none, and the search states used."""
    if end == start and len(tiles) > 1:
        return None, Proof("ends", "the walk cannot end on the tile it starts from"), 0
    proof = quick_proof(tiles, start, end)
    if proof is not None:
        return None, proof, 0
    result, _ = run(FrontierBoard(rows, cols, tiles, start, end), deadline=deadline, prefix=prefix)
    if result.found:
        return result.path, None, result.states
    return None, _search_proof(result), result.states


def _search_proof(result: FrontierResult) -> Proof:
    return Proof(
        "search",
        "an exhaustive search (a frontier dynamic programme over every way the walk can cross "
        f"the board, {result.states} states) finds no walk",
    )


def check_walk_so_far(board: TilePathBoard, *, deadline: float | None = None) -> None:
    """Refuse a walk in progress whose crossed tiles cannot be one walk from S to L."""
    if not board.in_progress:
        return
    path, proof, _ = decide(
        board.rows, board.cols, board.crossed, board.start, board.current, deadline=deadline
    )
    if path is None:
        assert proof is not None
        cells = proof.cells or (board.start, board.current)
        raise ImpossibleBoardError(
            "the crossed tiles (S, x, L) are not one walk from S at "
            f"{where(board.start)} to L at {where(board.current)}: {proof.text}",
            cells=tuple(cells),
        )


def analyse(
    board: TilePathBoard,
    *,
    leave_one: bool = True,
    fewest: bool = True,
    time_limit: float | None = None,
) -> TilePathAnalysis:
    """Analyse ``board`` (see the module docstring).

    ``time_limit`` (seconds) bounds the whole analysis. The main answer (the walk or its proof,
    and the next moves) is exact or not given: past the limit it raises
    :class:`TimeLimitExceeded`. The optional parts (fewest tiles left, leave-one) stop at the
    limit and say what they left undecided.
    """
    deadline = None if time_limit is None else time.monotonic() + time_limit
    check_walk_so_far(board, deadline=deadline)
    rows, cols, tiles, here, end = board.rows, board.cols, board.tiles, board.current, board.end
    path, proof, nodes = decide(rows, cols, tiles, here, end, deadline=deadline)
    if path is not None:
        moves = []
        rest = tiles - {here}
        for nxt in neighbours(here, rest):
            step_path, _, used = decide(rows, cols, rest, nxt, end, deadline=deadline)
            nodes += used
            if step_path is not None:
                moves.append(move_name(here, nxt))
        return TilePathAnalysis(board, path, None, tuple(moves), nodes)

    warnings: list[str] = []
    results: tuple[LeaveOne, ...] | None = None
    undecided: tuple[Pos, ...] = ()
    if leave_one:
        results, undecided = leave_one_analysis(board, deadline=deadline)
        if undecided:
            warnings.append(
                f"time limit: {len(undecided)} tile(s) of the leave-one analysis undecided"
            )
    fewest_left: int | None = None
    best: tuple[Pos, ...] | None = None
    if fewest:
        working = [r for r in results or () if r.path is not None]
        if working:
            # A full walk with one tile blocked leaves exactly one tile, and at least one
            # must be left since no full walk exists: nothing can do better.
            best, fewest_left = working[0].path, 1
        else:
            try:
                result, _ = run(
                    FrontierBoard(rows, cols, tiles, here, end), longest=True, deadline=deadline
                )
            except TimeLimitExceeded:
                warnings.append("time limit: the fewest tiles left was not computed")
            else:
                if result.found:
                    best, fewest_left = result.path, len(tiles) - result.covered
                else:
                    warnings.append("no walk from Link's tile reaches the end tile at all")
    return TilePathAnalysis(
        board,
        None,
        proof,
        (),
        nodes,
        fewest_left=fewest_left,
        best_path=best,
        leave_one=results,
        undecided=undecided,
        warnings=tuple(warnings),
    )


def leave_one_analysis(
    board: TilePathBoard, *, deadline: float | None = None
) -> tuple[tuple[LeaveOne, ...], tuple[Pos, ...]]:
    """For each uncrossed tile (not the end tile): a full walk with it blocked, or a proof.

    The quick proofs settle many tiles at once (a chessboard colour count usually rules out a
    whole colour). The rest each get a frontier run that resumes from the layers of a run on
    the whole board, since the sweep only sees the blocked tile a row before it reaches it.
    Returns the results in reading order and the tiles left undecided by ``deadline``.
    """
    rows, cols, tiles, here, end = board.rows, board.cols, board.tiles, board.current, board.end
    candidates = sorted(board.uncrossed - ({end} if end else set()))
    results: list[LeaveOne] = []
    undecided: list[Pos] = []
    searched: list[Pos] = []
    for tile in candidates:
        proof = quick_proof(tiles - {tile}, here, end)
        if proof is not None:
            results.append(LeaveOne(tile, None, proof))
        else:
            searched.append(tile)
    whole = FrontierBoard(rows, cols, tiles, here, end)
    layers: list[dict] = []
    if searched:
        try:
            _, layers = run(whole, deadline=deadline)
        except TimeLimitExceeded:
            undecided = searched
            searched = []
    position = {pos: k for k, pos in enumerate(whole.order)}
    for index, tile in enumerate(searched):
        # Cells before the one above the tile (in sweep order) see the same board.
        shared = max(0, position[tile] - whole.width)
        prefix = layers[: shared + 1] if len(layers) > shared else None
        try:
            path, proof, _ = decide(
                rows, cols, tiles - {tile}, here, end, deadline=deadline, prefix=prefix
            )
        except TimeLimitExceeded:
            undecided = searched[index:]
            break
        results.append(LeaveOne(tile, path, proof))
    results.sort(key=lambda r: r.tile)
    return tuple(results), tuple(undecided)
