"""An analysis as the player sees it: readable text, and an :class:`Advice` to draw.

The advice outlines the tightest cell (``recommend``), draws the hinted piece (``pieces``),
and marks the cells of the pieces to take back when the puzzle is stuck (``marks``, kind
``conflict``).
"""

from __future__ import annotations

from solvers.advice import Advice, Cell, CellMark, MarkKind, PiecePlacement
from solvers.cellnames import cell_names, name_of
from solvers.pentomino.analysis import Analysis

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

hint: the tightest empty cell (fewest placements of a piece left that fit on it; ties: the
first in reading order) and the first of its placements that the rest can be solved around;
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
        quality=analysis.quality,
    )


def _cut_warning(analysis: Analysis, what: str) -> str:
    return f"{analysis.stopped or 'the limit'} reached: {what} cut short"


def status(analysis: Analysis) -> str:
    """One line for the player."""
    if analysis.solvable is None:
        hint = analysis.hint
        if hint is not None:
            return (f"try {hint.piece} on {cell_names(hint.cells)} (unproven: the limit "
                    "stopped the search)")
        return "no answer within the time limit"
    if analysis.solvable is False:
        if analysis.blocking:
            return f"no solution from here: take back {' '.join(analysis.blocking)}"
        if analysis.puzzle.placed and "blocking" not in analysis.cut_short:
            return "no solution, even with every placed piece taken back"
        return "no solution from here"
    if analysis.hint is None:
        return "solved"
    hint = analysis.hint
    return f"place {hint.piece} on {cell_names(hint.cells)}" + (" (forced)" if hint.forced else "")


def text(analysis: Analysis) -> str:
    """The readable report: status, hint details, solution grid, counts, warnings."""
    lines = [status(analysis)]
    hint = analysis.hint
    if hint is not None:
        if hint.proven:
            settled = ("this one is in every completion" if hint.forced
                       else "others also complete")
        else:
            settled = (f"{hint.ruled_out} ruled out before the limit stopped the search; this "
                       "one is the first left, not proven to complete")
        lines.append(
            f"tightest cell {name_of(hint.tightest)}: {hint.ways} "
            f"placement{'s' if hint.ways != 1 else ''} fit; {settled}"
        )
    if len(analysis.blocking_sets) > 1:
        options = [
            " ".join(analysis.puzzle.placed[i].letter for i in chosen)
            for chosen in analysis.blocking_sets
        ]
        lines.append("or take back: " + "; ".join(options[1:]))
    if analysis.solution is not None and hint is not None:
        lines.append("a solution:")
        lines += [" ".join(row) for row in analysis.solution.grid]
    if analysis.counted is not None:
        counted = analysis.counted
        bound = "" if counted.complete else "at least "
        lines.append(
            f"solutions: {bound}{counted.count}, {bound}{counted.distinct} up to symmetry "
            f"({len(counted.symmetries)} symmetr{'y' if len(counted.symmetries) == 1 else 'ies'})"
        )
    lines += [f"warning: {_cut_warning(analysis, what)}" for what in analysis.cut_short]
    return "\n".join(lines) + "\n"
