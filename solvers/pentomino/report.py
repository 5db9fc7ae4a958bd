"""An analysis as the player sees it: readable text, and an :class:`Advice` to draw.

The advice outlines the cell with the fewest ways to be filled (``recommend``), draws the
hinted piece (``pieces``),
and marks the cells of the pieces to take back when the puzzle is stuck (``marks``, kind
``conflict``).
"""

from __future__ import annotations

from typing import Sequence

from gridsight.solvers.advice import Advice, Cell, CellMark, MarkKind, PiecePlacement
from gridsight.solvers.cellnames import cell_names, column_number, name_of, row_name
from gridsight.solvers.symbols import key_line
from gridsight.solvers.pentomino.analysis import Analysis

FORMAT_HELP = """\
board format:
  pieces: F I L N P T U V W X Y Z     the whole piece set (default: all twelve; a letter may
                                      repeat for a set with two copies of a piece)
  . . . . . . . . . .                 one row per line, tokens separated by spaces:
  . . . . . . . . . .                   .  an empty cell of the shape
  . . # # . . . . . .                   #  a cell outside the shape (any shape, not only
  F F . . . . . . . .                      rectangles)
                                        F..Z  a cell covered by that piece, locked by the
                                           level or placed by you: no longer to place
  The empty cells must number five per piece left. Boards are separated by a line '---'.

hint: the empty cell with the fewest ways to be filled (fewest placements of a piece left that
fit on it; ties: the first in reading order) and the first of its placements that the rest
can be solved around;
'forced' when every completion uses it. When nothing fits the placed pieces, 'blocking' names
the fewest placed pieces to take back (any letter may be named: locked and placed pieces look
the same in this format).

JSON (--json), one object per board: {"game": "pentomino", "solvable": true|false (null if
the time limit came first), "solution": [rows as strings of letters and #] or null, "hint":
{"piece", "cells": [[row, col], ...], "forced", "proven"} or null (when the time limit
stopped the search for a completion, the hint is the first placement of the tightest cell not
ruled out, "proven": false), "blocking": [letters], with --count "count", "distinct" (up to
the shape's symmetries that keep its locked cells) and "count_complete" (false when --limit
or the time limit stopped the count: both are then lower bounds), "timed_out": true|false,
"cut_short": [the searches the time limit stopped: "solve", "forced", "blocking", "count"],
"quality": {"exact", "stopped": the limit in words or null, "method"}}."""


def advice(analysis: Analysis) -> Advice:
    puzzle = analysis.puzzle
    recommend: tuple[Cell, ...] = ()
    pieces: tuple[PiecePlacement, ...] = ()
    marks: list[CellMark] = []
    if analysis.hint is not None:
        hint = analysis.hint
        recommend = (Cell(*hint.tightest),)
        pieces = (PiecePlacement(hint.piece, tuple(Cell(r, c) for r, c in hint.cells)),)
    if analysis.blocking_sets:
        for i in analysis.blocking_sets[0]:
            piece = puzzle.placed[i]
            marks += [CellMark(r, c, MarkKind.CONFLICT, piece.letter) for r, c in piece.cells]
    warnings = tuple(_cut_warning(analysis, what) for what in analysis.cut_short)
    return Advice(
        game="pentomino",
        rows=puzzle.rows,
        cols=puzzle.cols,
        recommend=recommend,
        marks=tuple(marks),
        pieces=pieces,
        status=status(analysis),
        warnings=warnings,
        details=details(analysis),
        origin=Cell(*puzzle.origin),
        last=Cell(*puzzle.last),
        quality=analysis.quality,
    )


def _cut_warning(analysis: Analysis, what: str) -> str:
    return f"{analysis.stopped or 'the limit'} reached: {what} cut short"


def status(analysis: Analysis) -> str:
    """The advice in one short line, cells counted from the first playable row and column:
    ``Place U on row 1, columns 2 and 3; ...``."""
    origin = analysis.puzzle.origin
    if analysis.solvable is None:
        hint = analysis.hint
        if hint is not None:
            return (f"Try {hint.piece} on {cell_names(hint.cells, origin=origin)} (unproven: "
                    "the limit stopped the search)")
        return "No answer within the time limit"
    if analysis.solvable is False:
        if analysis.blocking:
            return f"No solution from here: take back {' '.join(analysis.blocking)}"
        if analysis.puzzle.placed and "blocking" not in analysis.cut_short:
            return "No solution, even with every placed piece taken back"
        return "No solution from here"
    if analysis.hint is None:
        return "Solved"
    hint = analysis.hint
    return f"Place {hint.piece} on {cell_names(hint.cells, origin=origin)}"


def details(analysis: Analysis) -> tuple[str, ...]:
    """Why this piece here, and the other ways out of a dead end."""
    hint = analysis.hint
    origin = analysis.puzzle.origin
    lines = []
    if hint is not None:
        ways = f"{hint.ways} placement{'s' if hint.ways != 1 else ''} fit"
        if hint.proven:
            settled = ("this one is in every solution" if hint.forced
                       else "this one leads to a solution, others may too")
        else:
            settled = (f"{hint.ruled_out} ruled out before the limit stopped the search; this "
                       "one is the first left, not proven to lead to a solution")
        lines.append(
            f"{name_of(hint.tightest, origin=origin)} has the fewest ways to be filled ({ways}): "
            + settled)
    if len(analysis.blocking_sets) > 1:
        options = [
            " ".join(analysis.puzzle.placed[i].letter for i in chosen)
            for chosen in analysis.blocking_sets
        ]
        lines.append("or take back: " + "; ".join(options[1:]))
    return tuple(lines)


def _numbered(grid: Sequence[Sequence[str]], origin: tuple[int, int]) -> list[str]:
    """The playable rows and columns of ``grid`` (a frame of outside cells around them left
    out) with the row and column numbers a player counts, from ``origin``."""
    rows = [r for r, row in enumerate(grid) if any(t != "#" for t in row)] or [0]
    cols = [c for c in range(len(grid[0])) if any(row[c] != "#" for row in grid)] or [0]
    keep_rows = range(origin[0], rows[-1] + 1)
    keep_cols = range(origin[1], cols[-1] + 1)
    head = "         " + " ".join(f"{column_number(c, origin):>2}" for c in keep_cols)
    return [head.rstrip()] + [f"  {row_name(r, origin):>6} "
                              + " ".join(f"{grid[r][c]:>2}" for c in keep_cols)
                              for r in keep_rows]


def text(analysis: Analysis) -> str:
    """The readable report: the advice, why, a solution grid with its key, counts, warnings."""
    origin = analysis.puzzle.origin
    lines = [status(analysis)] + list(details(analysis))
    if analysis.solution is not None and analysis.hint is not None:
        lines.append("a solution:")
        lines += _numbered(analysis.solution.grid, origin)
        lines.append("Key: letters the pieces; " + key_line(["#"], lead=""))
    if analysis.counted is not None:
        counted = analysis.counted
        bound = "" if counted.complete else "at least "
        lines.append(
            f"solutions: {bound}{counted.count}, {bound}{counted.distinct} up to symmetry "
            f"({len(counted.symmetries)} symmetr{'y' if len(counted.symmetries) == 1 else 'ies'})"
        )
    lines += [f"warning: {_cut_warning(analysis, what)}" for what in analysis.cut_short]
    return "\n".join(lines) + "\n"
