"""Two exact engines behind one small interface, so the analysis does not care which runs.

- :class:`BitboardEngine` (the default): the first-empty-cell search of
  :mod:`solvers.pentomino.bitboard`, compiled with numba when it is installed;
- :class:`DlxEngine`: Algorithm X with Dancing Links (:mod:`solvers.pentomino.dlx`), always
  branching on the column (cell or piece) with the fewest rows left.

Both answer the same three questions about a puzzle with some placements pinned: is there a
solution (and which), how many are there (up to a limit), and what are they. Placements are
named by their index in :func:`solvers.pentomino.placements.placements`, the same for both, and
every answer says whether the deadline cut it short. The tests check that both engines (and
both backends of the first) agree on every answer.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from solvers.pentomino.bitboard import Tables, build_tables, search
from solvers.pentomino.deadline import Deadline, TimedOut
from solvers.pentomino.dlx import ExactCover
from solvers.pentomino.placements import Placement
from solvers.pentomino.puzzle import Puzzle

ENGINES = ("bitboard", "dlx")


@dataclass(frozen=True)
class Found:
    """``count`` solutions found (``first`` the first, as placement indices, if any kept);
    ``complete``: the search ran to its end; ``timed_out``: the deadline stopped it."""

    count: int
    first: tuple[int, ...] | None
    complete: bool
    timed_out: bool


class Engine:
    """What the analysis needs from an engine (see the module docstring)."""

    placements: tuple[Placement, ...]

    def find(
        self, fixed: tuple[int, ...], limit: int | None, deadline: Deadline | None
    ) -> Found:
        """Count solutions containing ``fixed`` (up to ``limit``), keeping the first."""
        raise NotImplementedError

    def solutions(self, deadline: Deadline | None) -> Iterator[tuple[int, ...]]:
        """Every solution; raises :class:`TimedOut` when the deadline passes."""
        raise NotImplementedError


class BitboardEngine(Engine):
    def __init__(self, puzzle: Puzzle, backend: str = "auto"):
        self.tables: Tables = build_tables(puzzle)
        self.placements = self.tables.placements
        self.backend = backend

    def find(self, fixed, limit, deadline):
        result = search(
            self.tables, fixed=fixed, limit=limit, keep=1, deadline=deadline, backend=self.backend
        )
        first = result.solutions[0] if result.solutions else None
        return Found(result.count, first, result.complete, result.timed_out)

    def solutions(self, deadline):
        # The kernel keeps solutions in an array sized up front: count them first.
        counted = search(self.tables, deadline=deadline, backend=self.backend)
        if counted.timed_out:
            raise TimedOut
        kept = search(self.tables, keep=counted.count, deadline=deadline, backend=self.backend)
        if kept.timed_out:
            raise TimedOut
        yield from kept.solutions


class DlxEngine(Engine):
    def __init__(self, puzzle: Puzzle):
        tables = build_tables(puzzle)
        self.placements = tables.placements
        column_of = {cell: i for i, cell in enumerate(puzzle.empty_cells)}
        kinds = {k: len(column_of) + i for i, k in enumerate(tables.kinds)}
        rows = [[column_of[c] for c in p.cells] + [kinds[p.letter]] for p in self.placements]
        need = [1] * len(column_of) + list(tables.need)
        self.cover = ExactCover(len(column_of) + len(kinds), rows, need)
        self._empty = not puzzle.to_place

    def find(self, fixed, limit, deadline):
        if limit is not None and limit <= 0:
            return Found(0, None, False, False)
        count, first = 0, None
        try:
            for solution in self.cover.solutions(deadline, fixed):
                count += 1
                if first is None:
                    first = tuple(fixed) + tuple(i for i in solution if i not in fixed)
                if limit is not None and count >= limit:
                    return Found(count, first, False, False)
        except TimedOut:
            return Found(count, first, False, True)
        return Found(count, first, True, False)

    def solutions(self, deadline):
        for solution in self.cover.solutions(deadline):
            yield tuple(solution)


def make_engine(puzzle: Puzzle, engine: str = "bitboard", backend: str = "auto") -> Engine:
    """The engine named ``engine`` (``bitboard`` or ``dlx``) for ``puzzle``."""
    if engine == "bitboard":
        return BitboardEngine(puzzle, backend)
    if engine == "dlx":
        return DlxEngine(puzzle)
    raise ValueError(f"unknown engine {engine!r} (choose from {', '.join(ENGINES)})")
