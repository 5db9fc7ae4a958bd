"""Tile-path puzzles: walk every tile once, or prove it cannot be done.

Zelda: Oracle of Ages' Hero's Cave and its kind. The modules, one job each:

- :mod:`.board`: the board, its text format and its validation;
- :mod:`.proofs`: quick impossibility proofs (connectivity, chessboard parity, dead ends,
  articulation tiles);
- :mod:`.transitions`: the exact frontier dynamic programme's states and transitions;
- :mod:`.engines`: one layer of states expanded over a cell, in pure Python or compiled with
  numba (:mod:`.kernel`);
- :mod:`.frontier`: the sweep over the board (Hamiltonian path existence, a witness walk
  rebuilt without one back-pointer per state, and the longest walk);
- :mod:`.limits`: the memory bound (states held) every search runs under, besides the one
  :class:`~gridsight.solvers.limit.Limit` of the analysis;
- :mod:`.analysis`: the whole answer (walk or proof, next moves, fewest tiles left, leave-one);
- :mod:`.dfs`: a plain depth-first search, the baseline and the tests' independent check.
"""

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # for the type checker; at run time each name loads on first use
    from gridsight.solvers.tile_path.analysis import LeaveOne, TilePathAnalysis, analyse, moves_of
    from gridsight.solvers.tile_path.board import TilePathBoard, parse_board
    from gridsight.solvers.tile_path.engines import ENGINES
    from gridsight.solvers.tile_path.limits import DEFAULT_MAX_STATES, StatesHeldExceeded
    from gridsight.solvers.tile_path.proofs import Proof


def __getattr__(name: str) -> Any:
    """The names re-exported here, each imported from its module on first use: importing
    one submodule (its rules, say) does not load the whole solver."""
    if name in ("LeaveOne", "TilePathAnalysis", "analyse", "moves_of"):
        from gridsight.solvers.tile_path import analysis as module
    elif name in ("TilePathBoard", "parse_board"):
        from gridsight.solvers.tile_path import board as module
    elif name in ("ENGINES",):
        from gridsight.solvers.tile_path import engines as module
    elif name in ("DEFAULT_MAX_STATES", "StatesHeldExceeded"):
        from gridsight.solvers.tile_path import limits as module
    elif name in ("Proof",):
        from gridsight.solvers.tile_path import proofs as module
    else:
        raise AttributeError(f"module 'gridsight.solvers.tile_path' has no attribute {name!r}")
    return getattr(module, name)


__all__ = [
    "DEFAULT_MAX_STATES",
    "ENGINES",
    "LeaveOne",
    "Proof",
    "StatesHeldExceeded",
    "TilePathAnalysis",
    "TilePathBoard",
    "analyse",
    "moves_of",
    "parse_board",
]
