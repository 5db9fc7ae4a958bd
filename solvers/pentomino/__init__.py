"""Pentomino fill puzzles (Pentolings and the classic rectangles): an exact cover solver.

Fill a shape with given pentominoes, each used once, turned and mirrored as needed, with no
overlap and nothing left over. Modules, in the order data flows:

- :mod:`~gridsight.solvers.pentomino.pieces`: the twelve pieces and their 63 fixed orientations;
- :mod:`~gridsight.solvers.pentomino.puzzle`: the puzzle (shape, piece set, placed pieces), its text
  format and its checks;
- :mod:`~gridsight.solvers.pentomino.placements`: every placement of the pieces left;
- :mod:`~gridsight.solvers.pentomino.dlx`: Algorithm X with Dancing Links (fewest-rows column first);
- :mod:`~gridsight.solvers.pentomino.bitboard` and :mod:`~gridsight.solvers.pentomino.kernel`: the fast
  first-empty-cell search, in Python and compiled with numba;
- :mod:`~gridsight.solvers.pentomino.algorithms`: both behind one interface;
- :mod:`~gridsight.solvers.pentomino.symmetry`: symmetries of the shape, counting up to them;
- :mod:`~gridsight.solvers.pentomino.analysis`: hint, solution, forced, blocking, counts;
- every search takes a :class:`~gridsight.solvers.limit.Meter` (the one limit of :mod:`gridsight.solvers.limit`).
"""

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # for the type checker; at run time each name loads on first use
    from gridsight.solvers.pentomino.analysis import Analysis, Counted, Hint, analyse
    from gridsight.solvers.pentomino.puzzle import PlacedPiece, Puzzle, make_puzzle, parse_puzzle


def __getattr__(name: str) -> Any:
    """The names re-exported here, each imported from its module on first use: importing
    one submodule (its rules, say) does not load the whole solver."""
    if name in ("Analysis", "Counted", "Hint", "analyse"):
        from gridsight.solvers.pentomino import analysis as module
    elif name in ("PlacedPiece", "Puzzle", "make_puzzle", "parse_puzzle"):
        from gridsight.solvers.pentomino import puzzle as module
    else:
        raise AttributeError(f"module 'gridsight.solvers.pentomino' has no attribute {name!r}")
    return getattr(module, name)


__all__ = [
    "Analysis",
    "Counted",
    "Hint",
    "PlacedPiece",
    "Puzzle",
    "analyse",
    "make_puzzle",
    "parse_puzzle",
]
