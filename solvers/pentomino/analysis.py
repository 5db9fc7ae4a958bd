"""What the player gets: a solution, the next piece to place, counts, and what blocks them.

The hint, as Pentolings gives them. The *tightest* cell is the empty cell with the fewest
candidate placements (placements of a piece still to place whose five cells are all empty;
ties go to the first cell in reading order). Every completion covers that cell with exactly one
of its candidates, so the search tries them in order: the first that has a completion is the
hint (the piece and its cells), and the completion found is the solution shown. The hint is
*forced* when no other candidate has a completion, which is the same as saying it appears in
every completion; the candidates before it have already been ruled out, the ones after it are
searched now.

When no candidate has a completion, no completion exists at all: the puzzle is stuck, and
``blocking`` names the smallest set of placed pieces whose taking back makes it solvable
again (the sets of one piece are tried first, then of two, and so on, each with an exact
search; the first set found is named and all sets of that size are kept). The text format
does not tell locked pieces from the player's, so any placed piece may be named.

Every search shares one deadline; a search it stops is listed in ``cut_short`` and its result
is reported as unknown rather than guessed: ``solvable`` is ``None`` if no completion was found
and none was ruled out in time, ``forced`` is ``False`` when the check did not finish.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from solvers.pentomino.deadline import Deadline, TimedOut
from solvers.pentomino.algorithms import Search, make_search
from solvers.pentomino.placements import Placement
from solvers.pentomino.puzzle import Cell, Puzzle
from solvers.pentomino.symmetry import breaking_plan, is_canonical, symmetries


@dataclass(frozen=True)
class Hint:
    """Place ``piece`` on ``cells``. ``tightest`` is the cell it was chosen for, which has
    ``ways`` candidate placements; ``forced``: it is in every completion."""

    piece: str
    cells: tuple[Cell, ...]
    forced: bool
    tightest: Cell
    ways: int


@dataclass(frozen=True)
class Counted:
    """``count`` solutions, ``distinct`` up to the puzzle's ``symmetries`` (names); when not
    ``complete`` (a limit or the deadline stopped the count) both are lower bounds."""

    count: int
    distinct: int
    complete: bool
    symmetries: tuple[str, ...]


@dataclass(frozen=True)
class Analysis:
    """Everything found about ``puzzle``.

    ``solvable``: a completion exists (``None``: the time limit came first); ``solution``: the
    completed puzzle (or the puzzle itself when already full); ``hint``: the next placement;
    ``blocking``: the letters of the first smallest set of placed pieces to take back, and
    ``blocking_sets`` every such set as indices into ``puzzle.placed``; ``counted``: with
    ``count``; ``cut_short``: the searches the time limit stopped (``solve``, ``forced``,
    ``blocking``, ``count``).
    """

    puzzle: Puzzle
    solvable: bool | None
    solution: Puzzle | None
    hint: Hint | None
    blocking: tuple[str, ...] = ()
    blocking_sets: tuple[tuple[int, ...], ...] = ()
    counted: Counted | None = None
    cut_short: tuple[str, ...] = field(default=())

    @property
    def timed_out(self) -> bool:
        return bool(self.cut_short)

    def to_json(self) -> dict[str, Any]:
        """The documented JSON object of ``gridsight solve pentomino --json``."""
        data: dict[str, Any] = {
            "game": "pentomino",
            "solvable": self.solvable,
            "solution": self.solution.rows_text() if self.solution else None,
            "hint": None
            if self.hint is None
            else {
                "piece": self.hint.piece,
                "cells": [[r, c] for r, c in self.hint.cells],
                "forced": self.hint.forced,
            },
            "blocking": list(self.blocking),
        }
        if self.counted is not None:
            data["count"] = self.counted.count
            data["distinct"] = self.counted.distinct
            data["count_complete"] = self.counted.complete
        data["timed_out"] = self.timed_out
        data["cut_short"] = list(self.cut_short)
        return data


def analyse(
    puzzle: Puzzle,
    *,
    count: bool = False,
    limit: int | None = None,
    time_limit: float | None = 20.0,
    algorithm: str = "bitboard",
    engine: str = "auto",
) -> Analysis:
    """Solve ``puzzle``: hint, solution, forced, blocking and (with ``count``) the counts.

    ``time_limit`` (seconds, ``None`` for none) bounds everything together; ``limit`` stops the
    count after that many solutions. ``algorithm`` is the search (``bitboard`` or ``dlx``,
    :mod:`solvers.pentomino.algorithms`), ``engine`` the twin that runs it
    (:mod:`solvers.engines`).
    """
    deadline = Deadline(time_limit)
    solver = make_search(puzzle, algorithm, engine)
    cut: list[str] = []
    solvable, solution, hint = _solve_and_hint(puzzle, solver, deadline, cut)
    blocking: tuple[str, ...] = ()
    blocking_sets: tuple[tuple[int, ...], ...] = ()
    if solvable is False and puzzle.placed:
        blocking_sets = find_blocking(puzzle, deadline, algorithm, engine, cut)
        if blocking_sets:
            blocking = tuple(puzzle.placed[i].letter for i in blocking_sets[0])
    counted = None
    if count:
        counted = count_solutions(puzzle, solver, limit, deadline)
        if counted.complete is False and deadline.hit:
            cut.append("count")
    return Analysis(puzzle, solvable, solution, hint, blocking, blocking_sets, counted, tuple(cut))


def tightest_cell(puzzle: Puzzle, found: tuple[Placement, ...]) -> tuple[Cell, list[int]] | None:
    """The empty cell with the fewest candidate placements, and their indices (in order)."""
    covering: dict[Cell, list[int]] = {cell: [] for cell in puzzle.empty_cells}
    for i, p in enumerate(found):
        for cell in p.cells:
            covering[cell].append(i)
    if not covering:
        return None
    cell = min(covering, key=lambda c: (len(covering[c]), c))
    return cell, covering[cell]


def _solve_and_hint(
    puzzle: Puzzle, solver: Search, deadline: Deadline, cut: list[str]
) -> tuple[bool | None, Puzzle | None, Hint | None]:
    if not puzzle.to_place:
        return True, puzzle, None
    cell, candidates = tightest_cell(puzzle, solver.placements)
    chosen = None
    for position, i in enumerate(candidates):
        found = solver.find((i,), 1, deadline)
        if found.count:
            chosen = position
            solution = puzzle.with_pieces([solver.placements[j].as_placed() for j in found.first])
            break
        if found.timed_out:
            cut.append("solve")
            return None, None, None
    if chosen is None:
        return False, None, None
    forced = True
    for i in candidates[chosen + 1:]:
        found = solver.find((i,), 1, deadline)
        if found.count:
            forced = False
            break
        if found.timed_out:
            forced = False
            cut.append("forced")
            break
    best = solver.placements[candidates[chosen]]
    return True, solution, Hint(best.letter, best.cells, forced, cell, len(candidates))


def is_solvable(
    puzzle: Puzzle, deadline: Deadline, algorithm: str = "bitboard", engine: str = "auto"
) -> bool | None:
    """Does ``puzzle`` have a completion? ``None`` when the deadline stopped the search."""
    if not puzzle.to_place:
        return True
    found = make_search(puzzle, algorithm, engine).find((), 1, deadline)
    if found.count:
        return True
    return None if found.timed_out else False


def find_blocking(
    puzzle: Puzzle, deadline: Deadline, algorithm: str, engine: str, cut: list[str]
) -> tuple[tuple[int, ...], ...]:
    """Every smallest set of placed pieces (indices) whose removal makes ``puzzle`` solvable.

    Empty when even removing every placed piece does not help, or when the deadline stopped
    the search first (then ``"blocking"`` is added to ``cut``).
    """
    for size in range(1, len(puzzle.placed) + 1):
        found = []
        for removed in combinations(range(len(puzzle.placed)), size):
            answer = is_solvable(puzzle.without(removed), deadline, algorithm, engine)
            if answer is None:
                cut.append("blocking")
                return tuple(found)
            if answer:
                found.append(removed)
        if found:
            return tuple(found)
    return ()


def count_solutions(
    puzzle: Puzzle, solver: Search, limit: int | None, deadline: Deadline
) -> Counted:
    """All solutions and those up to symmetry, with symmetry breaking (see ``symmetry``)."""
    group = symmetries(puzzle)
    names = tuple(g.name for g in group)
    if len(group) == 1:
        found = solver.find((), limit, deadline)
        return Counted(found.count, found.count, found.complete, names)
    plan = breaking_plan(group, puzzle, solver.placements)
    if plan is not None:
        total = distinct = 0
        for representative, size in plan.orbits:
            room = None if limit is None else -(-(limit - total) // size)
            found = solver.find((representative,), room, deadline)
            total += size * found.count
            distinct += found.count
            if not found.complete and (found.timed_out or limit is not None):
                if limit is not None and total >= limit:
                    return Counted(limit, distinct, False, names)
                return Counted(total, distinct, False, names)
        return Counted(total, distinct, True, names)
    # No piece to pin: enumerate, counting each orbit at its smallest member.
    total = distinct = 0
    try:
        for solution in solver.solutions(deadline):
            total += 1
            if is_canonical(group, frozenset(solver.placements[i] for i in solution)):
                distinct += 1
            if limit is not None and total >= limit:
                return Counted(total, distinct, False, names)
    except TimedOut:
        return Counted(total, distinct, False, names)
    return Counted(total, distinct, True, names)
