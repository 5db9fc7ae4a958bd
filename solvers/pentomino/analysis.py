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

Every search shares one :class:`~gridsight.solvers.limit.Limit` (CPU seconds of the solving thread and
states, by default); a search it stops is listed in ``cut_short`` and its result is reported as
unknown rather than guessed: ``solvable`` is ``None`` if no completion was found and none was
ruled out in time, ``forced`` is ``False`` when the check did not finish. The advice is still
given (anytime): when the limit stops the search for the hint, the hint is the first candidate
of the tightest cell not yet ruled out, marked unproven (``Hint.proven`` false): every
candidate before it was proven to have no completion.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from gridsight.solvers.limit import Limit, LimitReached, Meter, Quality
from gridsight.solvers.pentomino.algorithms import Search, make_search
from gridsight.solvers.pentomino.placements import Placement
from gridsight.solvers.pentomino.puzzle import Cell, Puzzle
from gridsight.solvers.pentomino.symmetry import breaking_plan, is_canonical, symmetries


@dataclass(frozen=True)
class Hint:
    """Place ``piece`` on ``cells``. ``tightest`` is the cell it was chosen for, which has
    ``ways`` candidate placements; ``forced``: it is in every completion. ``proven``: a
    completion with it was found (false when the limit stopped the search first: the hint is
    then the first candidate not ruled out, ``ruled_out`` the candidates before it)."""

    piece: str
    cells: tuple[Cell, ...]
    forced: bool
    tightest: Cell
    ways: int
    proven: bool = True
    ruled_out: int = 0


@dataclass(frozen=True)
class Counted:
    """``count`` solutions, ``distinct`` up to the puzzle's ``symmetries`` (names); when not
    ``complete`` (a count limit or the limit of the analysis stopped it) both are lower
    bounds."""

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
    ``count``; ``cut_short``: the searches the limit stopped (``solve``, ``forced``,
    ``blocking``, ``count``); ``stopped``: that limit in words (``None``: nothing stopped).
    """

    puzzle: Puzzle
    solvable: bool | None
    solution: Puzzle | None
    hint: Hint | None
    blocking: tuple[str, ...] = ()
    blocking_sets: tuple[tuple[int, ...], ...] = ()
    counted: Counted | None = None
    cut_short: tuple[str, ...] = field(default=())
    stopped: str | None = None

    @property
    def timed_out(self) -> bool:
        return bool(self.cut_short)

    @property
    def quality(self) -> Quality:
        """Exact when nothing the advice rests on was cut short (a count limit the player
        asked for is not a stop); else where the limit stopped and what stands unproven."""
        if not self.cut_short:
            return Quality()
        if self.hint is not None and not self.hint.proven:
            method = (f"unproven hint: the first of {self.hint.ways} candidates of the tightest "
                      f"cell not ruled out ({self.hint.ruled_out} ruled out)")
        else:
            method = "cut short: " + ", ".join(self.cut_short)
        return Quality.bounded(self.stopped, None, None, method=method)

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
        if self.hint is not None:
            data["hint"]["proven"] = self.hint.proven
        data["quality"] = self.quality.to_dict()
        return data


def analyse(
    puzzle: Puzzle,
    *,
    count: bool = False,
    max_solutions: int | None = None,
    limit: Limit | Meter = Limit(),
    algorithm: str = "bitboard",
    engine: str = "auto",
) -> Analysis:
    """Solve ``puzzle``: hint, solution, forced, blocking and (with ``count``) the counts.

    ``limit`` (a :class:`~gridsight.solvers.limit.Limit`, or a meter already running) bounds everything
    together; ``max_solutions`` stops the count after that many solutions. ``algorithm`` is
    the search (``bitboard`` or ``dlx``, :mod:`gridsight.solvers.pentomino.algorithms`), ``engine`` the
    twin that runs it (:mod:`gridsight.solvers.engines`).
    """
    meter = limit.start() if isinstance(limit, Limit) else limit
    solver = make_search(puzzle, algorithm, engine)
    cut: list[str] = []
    solvable, solution, hint = _solve_and_hint(puzzle, solver, meter, cut)
    blocking: tuple[str, ...] = ()
    blocking_sets: tuple[tuple[int, ...], ...] = ()
    if solvable is False and puzzle.placed:
        blocking_sets = find_blocking(puzzle, meter, algorithm, engine, cut)
        if blocking_sets:
            blocking = tuple(puzzle.placed[i].letter for i in blocking_sets[0])
    counted = None
    if count:
        counted = count_solutions(puzzle, solver, max_solutions, meter)
        if counted.complete is False and meter.reason is not None:
            cut.append("count")
    return Analysis(puzzle, solvable, solution, hint, blocking, blocking_sets, counted,
                    tuple(cut), meter.reason if cut else None)


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
    puzzle: Puzzle, solver: Search, meter: Meter, cut: list[str]
) -> tuple[bool | None, Puzzle | None, Hint | None]:
    if not puzzle.to_place:
        return True, puzzle, None
    cell, candidates = tightest_cell(puzzle, solver.placements)
    chosen = None
    for position, i in enumerate(candidates):
        found = solver.find((i,), 1, meter)
        if found.count:
            chosen = position
            solution = puzzle.with_pieces([solver.placements[j].as_placed() for j in found.first])
            break
        if found.stopped:
            # Anytime: the candidates before this one have no completion; this one is the
            # best move left, unproven.
            cut.append("solve")
            guess = solver.placements[i]
            return None, None, Hint(guess.letter, guess.cells, False, cell, len(candidates),
                                    proven=False, ruled_out=position)
    if chosen is None:
        return False, None, None
    forced = True
    for i in candidates[chosen + 1:]:
        found = solver.find((i,), 1, meter)
        if found.count:
            forced = False
            break
        if found.stopped:
            forced = False
            cut.append("forced")
            break
    best = solver.placements[candidates[chosen]]
    return True, solution, Hint(best.letter, best.cells, forced, cell, len(candidates))


def is_solvable(
    puzzle: Puzzle, meter: Meter, algorithm: str = "bitboard", engine: str = "auto"
) -> bool | None:
    """Does ``puzzle`` have a completion? ``None`` when the limit stopped the search."""
    if not puzzle.to_place:
        return True
    found = make_search(puzzle, algorithm, engine).find((), 1, meter)
    if found.count:
        return True
    return None if found.stopped else False


def find_blocking(
    puzzle: Puzzle, meter: Meter, algorithm: str, engine: str, cut: list[str]
) -> tuple[tuple[int, ...], ...]:
    """Every smallest set of placed pieces (indices) whose removal makes ``puzzle`` solvable.

    Empty when even removing every placed piece does not help, or when the limit stopped
    the search first (then ``"blocking"`` is added to ``cut``).
    """
    for size in range(1, len(puzzle.placed) + 1):
        found = []
        for removed in combinations(range(len(puzzle.placed)), size):
            answer = is_solvable(puzzle.without(removed), meter, algorithm, engine)
            if answer is None:
                cut.append("blocking")
                return tuple(found)
            if answer:
                found.append(removed)
        if found:
            return tuple(found)
    return ()


def count_solutions(
    puzzle: Puzzle, solver: Search, limit: int | None, meter: Meter
) -> Counted:
    """All solutions and those up to symmetry, with symmetry breaking (see ``symmetry``)."""
    group = symmetries(puzzle)
    names = tuple(g.name for g in group)
    if len(group) == 1:
        found = solver.find((), limit, meter)
        return Counted(found.count, found.count, found.complete, names)
    plan = breaking_plan(group, puzzle, solver.placements)
    if plan is not None:
        total = distinct = 0
        for representative, size in plan.orbits:
            room = None if limit is None else -(-(limit - total) // size)
            found = solver.find((representative,), room, meter)
            total += size * found.count
            distinct += found.count
            if not found.complete and (found.stopped or limit is not None):
                if limit is not None and total >= limit:
                    return Counted(limit, distinct, False, names)
                return Counted(total, distinct, False, names)
        return Counted(total, distinct, True, names)
    # No piece to pin: enumerate, counting each orbit at its smallest member.
    total = distinct = 0
    try:
        for solution in solver.solutions(meter):
            total += 1
            if is_canonical(group, frozenset(solver.placements[i] for i in solution)):
                distinct += 1
            if limit is not None and total >= limit:
                return Counted(total, distinct, False, names)
    except LimitReached:
        return Counted(total, distinct, False, names)
    return Counted(total, distinct, True, names)
