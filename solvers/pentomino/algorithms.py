"""Two exact search algorithms behind one small interface, so the analysis does not care
which runs.

- :class:`BitboardSearch` (the default, ``bitboard``): the first-empty-cell search of
  :mod:`gridsight.solvers.pentomino.bitboard`, run by the engine asked (:mod:`gridsight.solvers.engines`: in
  Python, or compiled with numba when it is installed);
- :class:`DlxSearch` (``dlx``): Algorithm X with Dancing Links (:mod:`gridsight.solvers.pentomino.dlx`),
  always branching on the column (cell or piece) with the fewest rows left.

Both answer the same three questions about a puzzle with some placements pinned: is there a
solution (and which), how many are there (up to a limit), and what are they. Placements are
named by their index in :func:`gridsight.solvers.pentomino.placements.placements`, the same for both, and
every answer says whether the limit (a :class:`~gridsight.solvers.limit.Meter`) cut it short. The tests
check that both algorithms (and both engines of the first) agree on every answer.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from gridsight.solvers.engines import check_engine
from gridsight.solvers.pentomino.bitboard import Tables, build_tables, search
from gridsight.solvers.limit import LimitReached, Meter
from gridsight.solvers.pentomino.dlx import ExactCover
from gridsight.solvers.pentomino.placements import Placement
from gridsight.solvers.pentomino.puzzle import Puzzle

ALGORITHMS = ("bitboard", "dlx")


@dataclass(frozen=True)
class Found:
    """``count`` solutions found (``first`` the first, as placement indices, if any kept);
    ``complete``: the search ran to its end; ``stopped``: the limit stopped it."""

    count: int
    first: tuple[int, ...] | None
    complete: bool
    stopped: bool


class Search:
    """What the analysis needs from a search algorithm (see the module docstring)."""

    placements: tuple[Placement, ...]

    def find(
        self, fixed: tuple[int, ...], limit: int | None, meter: Meter | None
    ) -> Found:
        """Count solutions containing ``fixed`` (up to ``limit``), keeping the first."""
        raise NotImplementedError

    def solutions(self, meter: Meter | None) -> Iterator[tuple[int, ...]]:
        """Every solution; raises :class:`~gridsight.solvers.limit.LimitReached` once the meter is
        reached."""
        raise NotImplementedError


class BitboardSearch(Search):
    def __init__(self, puzzle: Puzzle, engine: str = "auto"):
        self.tables: Tables = build_tables(puzzle)
        self.placements = self.tables.placements
        self.engine = engine

    def find(self, fixed, limit, meter):
        result = search(
            self.tables, fixed=fixed, limit=limit, keep=1, meter=meter, engine=self.engine
        )
        first = result.solutions[0] if result.solutions else None
        return Found(result.count, first, result.complete, result.stopped)

    def solutions(self, meter):
        # The kernel keeps solutions in an array sized up front: count them first.
        counted = search(self.tables, meter=meter, engine=self.engine)
        if counted.stopped:
            raise LimitReached(meter.reason or "the limit")
        kept = search(self.tables, keep=counted.count, meter=meter, engine=self.engine)
        if kept.stopped:
            raise LimitReached(meter.reason or "the limit")
        yield from kept.solutions


class DlxSearch(Search):
    def __init__(self, puzzle: Puzzle):
        tables = build_tables(puzzle)
        self.placements = tables.placements
        column_of = {cell: i for i, cell in enumerate(puzzle.empty_cells)}
        kinds = {k: len(column_of) + i for i, k in enumerate(tables.kinds)}
        rows = [[column_of[c] for c in p.cells] + [kinds[p.letter]] for p in self.placements]
        need = [1] * len(column_of) + list(tables.need)
        self.cover = ExactCover(len(column_of) + len(kinds), rows, need)
        self._empty = not puzzle.to_place

    def find(self, fixed, limit, meter):
        if limit is not None and limit <= 0:
            return Found(0, None, False, False)
        count, first = 0, None
        try:
            for solution in self.cover.solutions(meter, fixed):
                count += 1
                if first is None:
                    first = tuple(fixed) + tuple(i for i in solution if i not in fixed)
                if limit is not None and count >= limit:
                    return Found(count, first, False, False)
        except LimitReached:
            return Found(count, first, False, True)
        return Found(count, first, True, False)

    def solutions(self, meter):
        for solution in self.cover.solutions(meter):
            yield tuple(solution)


def make_search(puzzle: Puzzle, algorithm: str = "bitboard", engine: str = "auto") -> Search:
    """The search ``algorithm`` (``bitboard`` or ``dlx``) for ``puzzle``, the bitboard one run
    by ``engine`` (:mod:`gridsight.solvers.engines`; DLX is pure Python)."""
    check_engine(engine)
    if algorithm == "bitboard":
        return BitboardSearch(puzzle, engine)
    if algorithm == "dlx":
        return DlxSearch(puzzle)
    raise ValueError(f"unknown algorithm {algorithm!r} (choose from {', '.join(ALGORITHMS)})")
