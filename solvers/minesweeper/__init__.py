"""Minesweeper: exact mine chances of every unopened cell, and the cell to open next.

Modules, one job each:

- :mod:`.rules`: tokens, the classic levels, neighbours, the first-click rules.
- :mod:`.state`: the board as seen, and its text format (parse and format).
- :mod:`.frontier`: the numbers' constraints, the frontier, the interior, the components.
- :mod:`.counting`: exact counting of one component's assignments by mine count and cell.
- :mod:`.polynomials`: counts by mine count (convolution and friends).
- :mod:`.combine`: the DP over mine counts joining the components and the interior.
- :mod:`.validate`: consistency, and a small set of readings to blame when there is none.
- :mod:`.analysis`: every unopened cell's mine chance, certain cells, within a time limit.
- :mod:`.policy`: which cell to open next (swappable).
- :mod:`.simulate`: games played on layouts drawn as the game draws them; paired comparisons.
- :mod:`.report`: JSON, the readable board and the drawable :class:`~gridsight.solvers.advice.Advice`.
- :mod:`.brute`: slow references used by the tests and the benchmark.
"""

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # for the type checker; at run time each name loads on first use
    from gridsight.solvers.minesweeper.analysis import Analysis, CellOdds, analyse
    from gridsight.solvers.minesweeper.policy import Recommendation, recommend
    from gridsight.solvers.minesweeper.rules import LEVELS, Level
    from gridsight.solvers.minesweeper.state import FORMAT_HELP, MinesweeperState, format_state, parse_state


def __getattr__(name: str) -> Any:
    """The names re-exported here, each imported from its module on first use: importing
    one submodule (its rules, say) does not load the whole solver."""
    if name in ("Analysis", "CellOdds", "analyse"):
        from gridsight.solvers.minesweeper import analysis as module
    elif name in ("Recommendation", "recommend"):
        from gridsight.solvers.minesweeper import policy as module
    elif name in ("LEVELS", "Level"):
        from gridsight.solvers.minesweeper import rules as module
    elif name in ("FORMAT_HELP", "MinesweeperState", "format_state", "parse_state"):
        from gridsight.solvers.minesweeper import state as module
    else:
        raise AttributeError(f"module 'gridsight.solvers.minesweeper' has no attribute {name!r}")
    return getattr(module, name)


__all__ = [
    "FORMAT_HELP",
    "LEVELS",
    "Analysis",
    "CellOdds",
    "Level",
    "MinesweeperState",
    "Recommendation",
    "analyse",
    "format_state",
    "parse_state",
    "recommend",
]
