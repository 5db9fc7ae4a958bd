"""The tile-path adapter: ``gridsight solve tile-path FILE``.

It reads the board (:mod:`solvers.tile_path.board`), runs the analysis
(:mod:`solvers.tile_path.analysis`) and presents it three ways: the JSON contract of issue 4, a
readable board for people, and an :class:`Advice` whose ``path`` is the walk from where Link
stands (so the overlay can draw numbered steps) and whose ``recommend`` is the next tile.
"""

from __future__ import annotations

import argparse
from typing import Any

from gridsight.games.base import Solution
from gridsight.games.tile_path.words import WORDS
from gridsight.limits import amount, seconds
from solvers.advice import Advice, Cell, CellFigure, CellMark, MarkKind
from solvers.boardtext import BoardText
from solvers.tile_path import (
    DEFAULT_MAX_STATES,
    DEFAULT_TIME_LIMIT,
    ENGINES,
    TilePathAnalysis,
    analyse,
    moves_of,
    parse_board,
)
from solvers.tile_path.board import MAX_CELLS
from solvers.tile_path.proofs import where
from solvers.tile_path.unseen import (
    PartialBoard,
    describe_unseen,
    has_unseen,
    needs_text,
    parse_partial,
)

FORMAT_HELP = """\
board format (one token per tile, separated by spaces; '//' starts a comment line):
  .  a tile to cross          #  blocked (statue, wall)
  S  the tile Link starts on  x  a tile already crossed
  L  where Link stands now    E  a tile the walk must end on (optional)
  ?  a tile not seen yet (out of view): the answer then says which tiles are still needed
S and L are already crossed. Without L the walk starts at S; with L it goes on from L, and
the crossed tiles (S, x, L) must form one walk from S to L. Several boards: '---' between.

example (a walk in progress; the one move that keeps a full walk possible is right):
  S x x #
  . . L .
  E . . .

JSON (--json): {"game": "tile-path", "solvable": true | false | null (undecided),
"proven": what was proven, e.g. "no full walk: parity", "stopped": why the search stopped
or null, "path": moves or null, "next": moves proven to keep a full walk possible,
"next_undecided", "proof": "parity" | "connectivity" | "dead-ends" | "articulation" |
"search" | null, "proof_text", "nodes", "fewest_left", "best_path", "leave_one": [{"row",
"col", "path"}] or null, "leave_one_impossible": [{"row", "col", "proof", "proof_text"}] or
null, "undecided": leave-one tiles left open, ...}. Rows and columns count from 0 at the top
left.
""" + f"""
limits: each board gets --time-limit seconds (default {DEFAULT_TIME_LIMIT:g}) and each \
search may hold
--max-states frontier states at once (default {DEFAULT_MAX_STATES:,}); past either, the answer says
what was proven ("undecided after 20 s: searched N states"). Boards have at most {MAX_CELLS:,}
cells.
"""


class TilePathGame:
    name = "tile-path"
    title = "Tile path (Zelda: Oracle of Ages' Hero's Cave and its kind)"
    summary = "cross every tile once: a full walk, the next step, or a proof that none exists"
    format_help = FORMAT_HELP

    def add_solve_arguments(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument(
            "--no-leave-one",
            dest="leave_one",
            action="store_false",
            help="skip the leave-one analysis (which single tile could be blocked) when no "
            "full walk exists",
        )
        parser.add_argument(
            "--time-limit",
            type=seconds,
            default=DEFAULT_TIME_LIMIT,
            metavar="SECONDS",
            help=f"time for the whole analysis of one board (default {DEFAULT_TIME_LIMIT:g}; "
            "0: no limit); past it the answer says what was proven, and what is undecided",
        )
        parser.add_argument(
            "--max-states",
            type=_states,
            default=DEFAULT_MAX_STATES,
            metavar="N",
            help=f"memory bound: the frontier states one search may hold at once (default "
            f"{DEFAULT_MAX_STATES:,}; 0: no bound); docs/tile-path.md gives the memory it means",
        )
        parser.add_argument(
            "--engine",
            choices=ENGINES,
            default="auto",
            help="auto (default): pure Python for small searches, the numba kernel past a few "
            "ten thousand states when numba is installed; numba or python: only that one "
            "(same answers)",
        )

    def solve(self, board: BoardText, options: argparse.Namespace) -> Solution:
        if has_unseen(board):
            partial = parse_partial(board)
            return Solution(partial_json(partial), partial_text(partial),
                            WORDS.dress(partial_advice(partial)))
        parsed = parse_board(board)
        result = analyse(
            parsed,
            leave_one=getattr(options, "leave_one", True),
            time_limit=getattr(options, "time_limit", DEFAULT_TIME_LIMIT) or None,
            max_states=getattr(options, "max_states", DEFAULT_MAX_STATES) or None,
            engine=getattr(options, "engine", "auto"),
        )
        return Solution(to_json(result), to_text(result), WORDS.dress(to_advice(result)))


def _states(text: str) -> int:
    """``--max-states``: a whole number (``10M`` is 10,000,000), or 0 for no bound."""
    return 0 if text.strip() == "0" else amount(text)


def _moves(path: tuple | None) -> list[str] | None:
    return None if path is None else moves_of(path)


def to_json(result: TilePathAnalysis) -> dict[str, Any]:
    """The issue's JSON contract, plus a few named extra fields."""
    board = result.board
    leave_one = None
    impossible = None
    if result.leave_one is not None:
        leave_one = [
            {"row": r.tile[0], "col": r.tile[1], "path": moves_of(r.path)}
            for r in result.leave_one
            if r.path is not None
        ]
        impossible = [
            {"row": r.tile[0], "col": r.tile[1], "proof": r.proof.kind, "proof_text": r.proof.text}
            for r in result.leave_one
            if r.proof is not None
        ]
    return {
        "game": "tile-path",
        "solvable": result.exists,
        "proven": result.proven,
        "stopped": result.stopped,
        "path": _moves(result.path),
        "next": list(result.next),
        "next_undecided": list(result.next_undecided),
        "proof": result.proof.kind if result.proof else None,
        "proof_text": result.proof.text if result.proof else None,
        "nodes": result.nodes,
        "rows": board.rows,
        "cols": board.cols,
        "here": {"row": board.current[0], "col": board.current[1]},
        "tiles_left": len(board.uncrossed),
        "fewest_left": 0 if result.solvable else result.fewest_left,
        "best_path": _moves(result.path if result.solvable else result.best_path),
        "leave_one": leave_one,
        "leave_one_impossible": impossible,
        "undecided": [{"row": r, "col": c} for r, c in result.undecided],
        "warnings": list(result.warnings),
        "engine": result.engine,
    }


def partial_json(board: PartialBoard) -> dict[str, Any]:
    """The JSON of a board with unseen tiles: undecided, and the tiles still needed
    (``unseen``, 0-based), in the same fields as a decided board's where they apply."""
    here = None if board.here is None else {"row": board.here[0], "col": board.here[1]}
    return {
        "game": "tile-path", "solvable": None,
        "proven": f"undecided: {len(board.unseen)} tile(s) not seen yet",
        "stopped": "unseen tiles", "path": None, "next": [], "next_undecided": [],
        "proof": None, "proof_text": None, "nodes": 0, "rows": board.rows, "cols": board.cols,
        "here": here, "tiles_left": None, "fewest_left": None, "best_path": None,
        "leave_one": None, "leave_one_impossible": None, "undecided": [],
        "unseen": [{"row": r, "col": c} for r, c in board.unseen],
        "needs": needs_text(board), "warnings": [], "engine": None,
    }


def partial_text(board: PartialBoard) -> str:
    where_now = "Link's tile not seen" if board.here is None else f"Link at {where(board.here)}"
    return (f"Tile path, {board.rows} x {board.cols}, {where_now}: undecided.\n"
            f"Still needed: {needs_text(board)}.\n")


def partial_advice(board: PartialBoard) -> Advice:
    """Nothing to recommend yet: Link's tile ringed (when seen) and every unseen tile marked."""
    path = () if board.here is None else (Cell(*board.here),)
    marks = tuple(CellMark(r, c, MarkKind.UNREAD, "?") for r, c in board.unseen)
    where_unseen = describe_unseen(board.unseen, board.rows, board.cols)
    return Advice(game="tile-path", rows=board.rows, cols=board.cols, marks=marks, path=path,
                  status=f"no advice yet: {where_unseen} (bring them into view)")


def _walk(result: TilePathAnalysis) -> tuple | None:
    return result.path if result.solvable else result.best_path


def to_advice(result: TilePathAnalysis) -> Advice:
    """The walk (or the best near-walk) as ordered cells with step numbers; the next tile."""
    board = result.board
    walk = _walk(result) or (board.current,)
    path = tuple(Cell(r, c) for r, c in walk)
    figures = tuple(CellFigure(r, c, str(step)) for step, (r, c) in enumerate(walk) if step)
    marks: list[CellMark] = []
    if result.leave_one is not None:
        for item in result.leave_one:
            if item.path is not None:
                marks.append(CellMark(item.tile[0], item.tile[1], MarkKind.SAFE, "block"))
    return Advice(
        game="tile-path",
        rows=board.rows,
        cols=board.cols,
        recommend=path[1:2],
        marks=tuple(marks),
        figures=figures,
        path=path,
        status=_status(result),
        warnings=result.warnings,
    )


def _status(result: TilePathAnalysis) -> str:
    if not result.decided:
        return result.proven
    if result.solvable:
        if result.path is None:
            return result.proven
        if len(result.path) == 1:
            return "every tile is crossed"
        return f"full walk: {len(result.path) - 1} moves; next: {', '.join(result.next)}"
    status = "no full walk"
    if result.fewest_left is not None:
        status += f"; at best {result.fewest_left} tile(s) left uncrossed"
    return status


def _grid_text(result: TilePathAnalysis, walk: tuple | None, marks: dict) -> list[str]:
    """The board with each tile's step number on ``walk`` (or its token) and ``marks``."""
    board = result.board
    steps = {pos: step for step, pos in enumerate(walk or ())}
    width = max(2, len(str(len(steps))))
    lines = []
    for r in range(board.rows):
        tokens = []
        for c in range(board.cols):
            pos = (r, c)
            if pos in marks:
                token = marks[pos]
            elif pos in steps and steps[pos]:
                token = str(steps[pos])
            else:
                token = board.grid[r][c]
            tokens.append(token.rjust(width))
        lines.append(" ".join(tokens).rstrip())
    return lines


def to_text(result: TilePathAnalysis) -> str:
    board = result.board
    to_end = f" to the end tile at {where(board.end)}" if board.end else ""
    lines = [
        f"Tile path, {board.rows} x {board.cols}: {len(board.uncrossed)} tile(s) to cross "
        f"from {where(board.current)}{to_end}"
    ]
    if not result.decided:
        lines.append(f"Full walk: {result.proven}.")
        lines += [f"warning: {warning}" for warning in result.warnings]
        return "\n".join(lines) + "\n"
    if result.solvable:
        if result.path is None:
            lines.append(f"Full walk: {result.proven}.")
            lines += [f"warning: {warning}" for warning in result.warnings]
            return "\n".join(lines) + "\n"
        moves = moves_of(result.path)
        lines.append(f"Full walk, {len(moves)} moves (step numbers below):")
        lines += _grid_text(result, result.path, {})
        if moves:
            lines.append("Moves: " + ", ".join(moves))
            lines.append("Next moves that keep a full walk possible: " + ", ".join(result.next))
        lines += [f"warning: {warning}" for warning in result.warnings]
        return "\n".join(lines) + "\n"
    assert result.proof is not None
    lines.append(f"No full walk ({result.proof.kind}): {result.proof.text}.")
    if result.fewest_left is not None and result.best_path is not None:
        lines.append(
            f"Fewest tiles that must be left uncrossed: {result.fewest_left}; a walk that "
            "leaves that few:"
        )
        lines += _grid_text(result, result.best_path, {})
    if result.leave_one is not None:
        works = [r.tile for r in result.leave_one if r.path is not None]
        kinds: dict[str, int] = {}
        for r in result.leave_one:
            if r.proof is not None:
                kinds[r.proof.kind] = kinds.get(r.proof.kind, 0) + 1
        why = ", ".join(f"{kind} {count}" for kind, count in sorted(kinds.items()))
        lines.append(
            f"Leave one: {len(works)} of {len(result.leave_one)} tiles can be the single tile "
            f"left (blocked), marked B; no full walk for the others ({why or 'none'})."
        )
        lines += _grid_text(result, None, {pos: "B" for pos in works})
    for warning in result.warnings:
        lines.append(f"warning: {warning}")
    return "\n".join(lines) + "\n"


GAME = TilePathGame()
