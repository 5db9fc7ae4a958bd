"""The symmetries of a puzzle and counting its solutions up to them.

A symmetry is one of the eight turns and mirrors of the square that maps the grid onto itself
token for token: the shape onto the shape, every outside cell onto an outside cell and every
locked cell onto a cell of the same piece. (A rectangle that is not square keeps at most four:
itself, the two mirrors and the half turn.) Two solutions that a symmetry maps onto each other
are the same up to symmetry; ``distinct`` counts them once.

Symmetry breaking: pick a piece ``P`` to place that occurs once and has no placement a
symmetry maps onto itself (F L N P Y never do: they have no symmetry of their own). The
symmetries split P's placements into orbits of equal size; the solutions with P at any
placement of an orbit are the images of those with P at one chosen representative, so

- all solutions = sum over orbits of (orbit size) x (solutions with P at its representative),
- solutions up to symmetry = sum over orbits of (solutions with P at its representative),

the second because a solution whose P sits at a representative has no symmetry but the
identity (it would move P). Each orbit is searched once: about ``|G|`` times less work. When no
piece qualifies, every solution is enumerated and counted if it is the smallest of its images.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from gridsight.solvers.pentomino.placements import Placement
from gridsight.solvers.pentomino.puzzle import Cell, Puzzle

Transform = Callable[[Cell], Cell]


@dataclass(frozen=True)
class Symmetry:
    """A named turn or mirror of a ``rows`` x ``cols`` grid."""

    name: str
    rows: int
    cols: int

    def __call__(self, cell: Cell) -> Cell:
        r, c = cell
        last_r, last_c = self.rows - 1, self.cols - 1
        match self.name:
            case "identity":
                return r, c
            case "half turn":
                return last_r - r, last_c - c
            case "mirror left-right":
                return r, last_c - c
            case "mirror top-bottom":
                return last_r - r, c
            case "quarter turn":
                return c, last_r - r
            case "three-quarter turn":
                return last_c - c, r
            case "transpose":
                return c, r
            case "anti-transpose":
                return last_c - c, last_r - r
        raise ValueError(self.name)

    def placement(self, p: Placement) -> Placement:
        """The image of a placement (the same piece, turned or mirrored)."""
        return Placement(p.letter, tuple(sorted(self(cell) for cell in p.cells)))


_ALWAYS = ("identity", "half turn", "mirror left-right", "mirror top-bottom")
_SQUARE_ONLY = ("quarter turn", "three-quarter turn", "transpose", "anti-transpose")


def symmetries(puzzle: Puzzle) -> tuple[Symmetry, ...]:
    """The symmetries that map the puzzle's grid onto itself token for token (identity first)."""
    names = _ALWAYS + (_SQUARE_ONLY if puzzle.rows == puzzle.cols else ())
    kept = []
    for name in names:
        g = Symmetry(name, puzzle.rows, puzzle.cols)
        if all(
            puzzle.grid[r][c] == puzzle.grid[g((r, c))[0]][g((r, c))[1]]
            for r in range(puzzle.rows)
            for c in range(puzzle.cols)
        ):
            kept.append(g)
    return tuple(kept)


@dataclass(frozen=True)
class BreakingPlan:
    """The piece to pin and its placement orbits: ``(representative index, orbit size)``."""

    letter: str
    orbits: tuple[tuple[int, int], ...]


def breaking_plan(
    group: tuple[Symmetry, ...], puzzle: Puzzle, found: tuple[Placement, ...]
) -> BreakingPlan | None:
    """How to break the symmetry: the qualifying piece with the fewest orbits, or ``None``."""
    if len(group) == 1:
        return None
    index = {p: i for i, p in enumerate(found)}
    best: BreakingPlan | None = None
    for letter in sorted(set(puzzle.to_place)):
        if puzzle.to_place.count(letter) != 1:
            continue
        mine = [p for p in found if p.letter == letter]
        orbits = []
        seen: set[Placement] = set()
        ok = True
        for p in mine:
            if p in seen:
                continue
            images = {g.placement(p) for g in group}
            if len(images) != len(group):  # some symmetry maps p onto itself
                ok = False
                break
            seen |= images
            orbits.append((index[min(images)], len(images)))
        if ok and (best is None or len(orbits) < len(best.orbits)):
            best = BreakingPlan(letter, tuple(orbits))
    return best


def is_canonical(group: tuple[Symmetry, ...], solution: frozenset[Placement]) -> bool:
    """Is ``solution`` the smallest of its images (so each orbit is counted once)?"""
    key = sorted(solution)
    return all(sorted(g.placement(p) for p in solution) >= key for g in group[1:])
