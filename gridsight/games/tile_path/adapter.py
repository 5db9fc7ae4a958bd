"""The tile-path adapter: ``gridsight solve tile-path FILE``.

``solve(board, options)`` takes :class:`~gridsight.games.tile_path.options.TilePathOptions`.

It reads the board (:mod:`gridsight.solvers.tile_path.board`), runs the analysis
(:mod:`gridsight.solvers.tile_path.analysis`) and presents it three ways: the JSON contract of issue 4, a
readable board for people, and an :class:`Advice` whose ``path`` is the walk from where Link
stands (so the overlay can draw numbered steps) and whose ``recommend`` is the next tile.
"""

from __future__ import annotations

import argparse
from typing import Any

from gridsight.games.base import Solution
from gridsight.games.options import Arguments, SolveOptions, options_from_arguments, options_of
from gridsight.games.tile_path.options import TilePathOptions
from gridsight.games.tile_path.words import WORDS
from gridsight.limits import SOLVE_TIME_LIMIT, add_time_limit_argument, amount
from gridsight.solvers.advice import Advice, Cell, CellFigure, CellMark, MarkKind
from gridsight.solvers.boardtext import BoardText
from gridsight.solvers.cellnames import column_number, name_of, row_name
from gridsight.solvers.symbols import key_line
from gridsight.solvers.tile_path import (
    DEFAULT_MAX_STATES,
    ENGINES,
    TilePathAnalysis,
    analyse,
    moves_of,
    parse_board,
)
from gridsight.solvers.tile_path.board import move_name
from gridsight.solvers.tile_path.board import MAX_CELLS
from gridsight.solvers.tile_path.proofs import where
from gridsight.solvers.tile_path.unseen import (
    PartialBoard,
    has_unseen,
    needs_text,
    parse_partial,
    unseen_ways,
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
null, "undecided": leave-one tiles left open, "guess": {"row", "col"} the unproven next tile
shown when the search stopped undecided (no quick proof rules it out), or the first step of
"guess_walk" (moves of a quick walk, unproven) when no full walk exists and the search for the
fewest tiles left stopped; null otherwise, "quality":
{"exact", "stopped", "method"}, ...}. Rows and columns count from 0 at the top left.
""" + f"""
limits: each board gets --time-limit CPU seconds of work (default {SOLVE_TIME_LIMIT:g}) and \
each search may hold
--max-states frontier states at once (default {DEFAULT_MAX_STATES:,}); past either, the answer says
what was proven ("undecided: the limit of 20 s of work reached (searched N states)") and still
shows a move, unproven: undecided, one no quick proof rules out; with no full walk, the first
step of a quick walk. Boards have at most {MAX_CELLS:,} cells.
"""


class TilePathGame:
    name = "tile-path"
    #: The header keys this game's board files carry (naming the game of a file given to
    #: another game's ``solve``).
    board_headers: tuple[str, ...] = ()
    title = "Tile path (Zelda: Oracle of Ages' Hero's Cave and its kind)"
    summary = "cross every tile once: a full walk, the next step, or a proof that none exists"
    format_help = FORMAT_HELP
    options_type = TilePathOptions

    def add_solve_arguments(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument(
            "--no-leave-one",
            dest="leave_one",
            action="store_false",
            help="skip the leave-one analysis (which single tile could be blocked) when no "
            "full walk exists",
        )
        add_time_limit_argument(parser, what="the whole analysis of one board",
                                after="; past it the answer says what was proven, and what "
                                "is undecided")
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

    def options_from(self, arguments: Arguments) -> TilePathOptions:
        return options_from_arguments(TilePathOptions, arguments)

    def solve(self, board: BoardText, options: SolveOptions | None = None) -> Solution:
        chosen = options_of(TilePathOptions, options)
        if has_unseen(board):
            partial = parse_partial(board)
            return Solution(partial_json(partial), partial_text(partial),
                            WORDS.dress(partial_advice(partial)))
        parsed = parse_board(board)
        result = analyse(
            parsed,
            leave_one=chosen.leave_one,
            limit=chosen.limit,
            max_states=chosen.max_states,
            engine=chosen.engine,
        )
        return Solution(to_json(result), to_text(result), WORDS.dress(to_advice(result)))


def _states(text: str) -> int | None:
    """``--max-states``: a whole number (``10M`` is 10,000,000), or 0 for no bound (None)."""
    return None if text.strip() == "0" else amount(text)


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
        "guess": None if result.guess is None else {"row": result.guess[0],
                                                    "col": result.guess[1]},
        "guess_walk": _moves(result.guess_walk),
        "quality": result.quality.to_dict(),
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
    count = len(board.unseen)
    ways = unseen_ways(board.unseen, board.here)
    # One short line (the picture's headline; three lines when it named them all): how many
    # and which way from Link, to bring them into view; the text and the JSON name them.
    status = f"no advice yet: {count} tile{'s' if count != 1 else ''} not seen yet" + (
        f", {ways}" if ways else "")
    return Advice(game="tile-path", rows=board.rows, cols=board.cols, marks=marks, path=path,
                  status=status)


def _walk(result: TilePathAnalysis) -> tuple | None:
    return result.path if result.solvable else result.best_path or result.guess_walk


_STEPS = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}


def next_moves(result: TilePathAnalysis) -> tuple[str, ...]:
    """The moves the advice offers from where Link stands: every move proven to keep a full
    walk possible, else the first move of the best near-walk (none when nothing is left)."""
    if result.solvable and result.path is not None and len(result.path) > 1:
        return tuple(result.next) or tuple(moves_of(result.path)[:1])
    walk = _walk(result)
    if result.decided and not result.solvable and walk is not None and len(walk) > 1:
        return tuple(moves_of(walk)[:1])  # the best walk's, or the quick walk's (unproven)
    return ()


def _either(moves: tuple[str, ...]) -> str:
    return " or ".join([", ".join(moves[:-1]), moves[-1]]) if len(moves) > 1 else moves[0]


def to_advice(result: TilePathAnalysis) -> Advice:
    """The walk (or the best near-walk) as ordered cells with step numbers; every next tile
    the advice offers outlined (:func:`_outlined`)."""
    board = result.board
    walk = _walk(result) or (board.current,)
    if len(walk) == 1 and result.guess is not None:
        walk = (board.current, result.guess)  # the anytime move, unproven
    path = tuple(Cell(r, c) for r, c in walk)
    figures = tuple(CellFigure(r, c, str(step)) for step, (r, c) in enumerate(walk) if step)
    marks: list[CellMark] = []
    if result.leave_one is not None:
        for item in result.leave_one:
            if item.path is not None:
                # The check mark alone, no word: a word over the walk's step number read
                # as one phrase ("skip 28": skip step 28?); the key says what it means.
                marks.append(CellMark(item.tile[0], item.tile[1], MarkKind.SAFE))
    recommend, why = _outlined(result, path)
    # The other moves as good (the line says "Step up or right"): dashed squares, no number
    # of their own (the numbers are the outlined move's walk); one square alone had the
    # player look for the second move the line named.
    marks += [CellMark(c.row, c.col, MarkKind.ALSO) for c in _next_cells(result)
              if c not in recommend]
    return Advice(
        game="tile-path",
        rows=board.rows,
        cols=board.cols,
        recommend=recommend,
        marks=tuple(marks),
        figures=figures,
        path=path,
        status=_status(result),
        why=why,
        warnings=result.warnings,
        details=_details(result),
        quality=result.quality,
    )


def _next_cells(result: TilePathAnalysis) -> tuple[Cell, ...]:
    """The tiles of the moves the advice offers (:func:`next_moves`)."""
    here = result.board.current
    return tuple(Cell(here[0] + _STEPS[m][0], here[1] + _STEPS[m][1])
                 for m in next_moves(result))


def _outlined(result: TilePathAnalysis, path: tuple[Cell, ...]) -> tuple[tuple[Cell, ...], str]:
    """The next tiles outlined, and the why that goes with them.

    Several moves may keep a full walk, but the numbers drawn are one walk's: the other
    moves' tiles, outlined as "next step" too, showed that walk's later numbers ("1" up and
    "13" right: which walk is 13 of?). Only the numbered walk's first step is outlined then
    (the others are dashed: :attr:`MarkKind.ALSO`, see :func:`to_advice`); the line names
    every move, and the why says which walk is numbered.
    """
    here = result.board.current
    recommend = _next_cells(result)
    if len(recommend) > 1 and len(path) > 1 and path[1] in recommend:
        first = move_name(here, (path[1].row, path[1].col))
        return path[1:2], f"the numbers follow one full walk, stepping {first} first"
    return recommend or path[1:2], ""


def _guess_text(result: TilePathAnalysis) -> str:
    """The anytime move in words: ``step right (unproven)``."""
    assert result.guess is not None
    return f"step {move_name(result.board.current, result.guess)} (unproven)"


def _status(result: TilePathAnalysis) -> str:
    """The advice in one short line: ``Step down or right - either keeps a full walk
    possible``; with no full walk, the first step of the walk that leaves the fewest tiles."""
    if result.guess_walk is not None:  # no full walk; stopped before the fewest was known
        move = move_name(result.board.current, result.guess_walk[1])
        left = len(result.board.tiles) - len(result.guess_walk)
        return (f"Step {move} (unproven: {result.limited}) - no full walk exists; a quick "
                f"walk this way leaves {left} tile{'s' if left != 1 else ''}")
    if result.guess is not None:  # undecided: the anytime move, unproven
        move = move_name(result.board.current, result.guess)
        return f"Step {move} (unproven; {result.proven})"
    if not result.decided:
        moves = next_moves(result)
        return result.proven if not moves else f"Step {_either(moves)} ({result.proven})"
    moves = next_moves(result)
    if result.solvable:
        if result.path is None:
            return result.proven
        if len(result.path) == 1:
            return "Every tile is crossed"
        keeps = "either keeps" if len(moves) > 1 else "it keeps"
        return f"Step {_either(moves)} - {keeps} a full walk possible"
    left = result.fewest_left
    if not moves:
        if left is None and result.limited:  # stopped, and no quick walk either
            return f"No full walk exists; no move found ({result.limited})"
        return "No full walk exists" + (f"; at best {left} tile(s) left" if left else "")
    return (f"Step {moves[0]} - no full walk exists; this starts the best walk, leaving "
            f"{left} tile{'s' if left != 1 else ''}")


def _details(result: TilePathAnalysis) -> tuple[str, ...]:
    lines = []
    if result.decided and not result.solvable and result.proof is not None:
        lines.append(f"no full walk ({result.proof.kind}): {result.proof.text}")
    walk = _walk(result)
    if walk is not None and len(walk) > 1:
        what = "full walk" if result.solvable else "best walk" if result.best_path else \
            "quick walk (not proven the best)"
        lines.append(f"{what}: {len(walk) - 1} moves")
    return tuple(lines)


def _grid_text(result: TilePathAnalysis, walk: tuple | None, marks: dict) -> list[str]:
    """The board with each tile's step number on ``walk`` (or its symbol) and ``marks``, under
    a header of column numbers and with each row named, as the advice counts them ("row 1,
    column 3" is found by its labels, not by counting tokens)."""
    board = result.board
    steps = {pos: step for step, pos in enumerate(walk or ())}
    width = max(2, len(str(len(steps))), len(str(board.cols)))
    label = len(row_name(board.rows - 1))
    lines = [(" " * (label + 3) + " ".join(column_number(c).rjust(width)
                                          for c in range(board.cols))).rstrip()]
    for r in range(board.rows):
        tokens = []
        for c in range(board.cols):
            pos = (r, c)
            if pos in marks:
                token = marks[pos]
            elif pos in steps and steps[pos]:
                token = str(steps[pos])
            else:
                token = _SYMBOL.get(board.grid[r][c], board.grid[r][c])
            tokens.append(token.rjust(width))
        lines.append((f"  {row_name(r).ljust(label)} " + " ".join(tokens)).rstrip())
    return lines


#: The board tokens as the text tables show them (:mod:`gridsight.solvers.symbols`: Link is ``@``,
#: since a pentomino table's ``L`` is a piece).
_SYMBOL = {"L": "@"}


def _key(lines: list[str], numbers: str) -> str:
    """The key under a table: what its numbers are and each symbol it shows."""
    shown = {t for line in lines for t in line.split()}
    symbols = [s for s in ("@", "S", "E", "x", "#", ".", "B") if s in shown]
    return key_line(symbols, lead=f"Key: numbers {numbers}; ") if symbols else \
        f"Key: numbers {numbers}"


def to_text(result: TilePathAnalysis) -> str:
    board = result.board
    to_end = f" to the end tile at {where(board.end)}" if board.end else ""
    walk = _walk(result) or (board.current,)
    why = _outlined(result, tuple(Cell(r, c) for r, c in walk))[1]
    lines = [_status(result), *([why] if why else []),
             f"Tile path, {board.rows} x {board.cols}: {len(board.uncrossed)} "
             f"tile{'' if len(board.uncrossed) == 1 else 's'} to cross from "
             f"{where(board.current)}{to_end}"]
    if not result.decided:
        lines.append(f"Full walk: {result.proven}.")
        if result.guess is not None:
            lines.append(f"Next: {_guess_text(result)}, to {name_of(result.guess)}: no quick "
                         "proof rules it out, and it has the fewest ways on.")
        lines += [f"warning: {warning}" for warning in result.warnings]
        return "\n".join(lines) + "\n"
    if result.solvable:
        if result.path is None:
            lines.append(f"Full walk: {result.proven}.")
            lines += [f"warning: {warning}" for warning in result.warnings]
            return "\n".join(lines) + "\n"
        moves = moves_of(result.path)
        lines.append(f"Full walk, {len(moves)} moves (step numbers below):")
        grid = _grid_text(result, result.path, {})
        lines += grid + [_key(grid, "the steps of the walk")]
        if moves:
            lines.append("Moves: " + ", ".join(moves))
        lines += [f"warning: {warning}" for warning in result.warnings]
        return "\n".join(lines) + "\n"
    assert result.proof is not None
    lines.append(f"No full walk ({result.proof.kind}): {result.proof.text}.")
    if result.fewest_left is not None and result.best_path is not None:
        lines.append(
            f"Fewest tiles that must be left uncrossed: {result.fewest_left}; a walk that "
            "leaves that few:"
        )
        grid = _grid_text(result, result.best_path, {})
        lines += grid + [_key(grid, "the steps of the walk")]
    elif result.guess_walk is not None:
        left = len(board.tiles) - len(result.guess_walk)
        lines.append(
            f"Stopped ({result.limited}) before the fewest tiles left was found; a quick walk "
            f"(not proven the best) leaves {left}:"
        )
        grid = _grid_text(result, result.guess_walk, {})
        lines += grid + [_key(grid, "the steps of the quick walk")]
    if result.leave_one is not None:
        works = [r.tile for r in result.leave_one if r.path is not None]
        kinds: dict[str, int] = {}
        for r in result.leave_one:
            if r.proof is not None:
                kinds[r.proof.kind] = kinds.get(r.proof.kind, 0) + 1
        why = ", ".join(f"{kind} {count}" for kind, count in sorted(kinds.items()))
        others = f"no full walk for the others ({why or 'none'})"
        if result.undecided:
            others = (f"no full walk for {sum(r.proof is not None for r in result.leave_one)} "
                      f"({why or 'none'}); {len(result.undecided)} undecided (stopped)")
        lines.append(
            f"Leave one: {len(works)} of {len(result.leave_one) + len(result.undecided)} tiles "
            f"can be the single tile left (blocked), marked B; {others}."
        )
        grid = _grid_text(result, None, {pos: "B" for pos in works})
        lines += grid + [key_line([s for s in ("B", "@", "S", "E", "x", "#", ".")
                                   if any(s in line.split() for line in grid)])]
    for warning in result.warnings:
        lines.append(f"warning: {warning}")
    return "\n".join(lines) + "\n"


GAME = TilePathGame()
