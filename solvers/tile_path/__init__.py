"""Tile-path puzzles: walk every tile once, or prove it cannot be done.

Zelda: Oracle of Ages' Hero's Cave and its kind. The modules, one job each:

- :mod:`.board`: the board, its text format and its validation;
- :mod:`.proofs`: quick impossibility proofs (connectivity, chessboard parity, dead ends,
  articulation tiles);
- :mod:`.frontier`: the exact frontier dynamic programme (Hamiltonian path existence with a
  witness walk, and the longest walk);
- :mod:`.analysis`: the whole answer (walk or proof, next moves, fewest tiles left, leave-one);
- :mod:`.dfs`: a plain depth-first search, the baseline and the tests' independent check.
"""

from solvers.tile_path.analysis import LeaveOne, TilePathAnalysis, analyse, moves_of
from solvers.tile_path.board import TilePathBoard, parse_board
from solvers.tile_path.frontier import TimeLimitExceeded
from solvers.tile_path.proofs import Proof

__all__ = [
    "LeaveOne",
    "Proof",
    "TilePathAnalysis",
    "TilePathBoard",
    "TimeLimitExceeded",
    "analyse",
    "moves_of",
    "parse_board",
]
