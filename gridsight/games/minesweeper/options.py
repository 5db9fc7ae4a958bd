"""The options of a Minesweeper solve: the limit of the exact counting, nothing else."""

from __future__ import annotations

from dataclasses import dataclass

from gridsight.games.options import SolveOptions


@dataclass(frozen=True)
class MinesweeperOptions(SolveOptions):
    """Only the :class:`~gridsight.solvers.limit.Limit` of the counting: past it the analysis shows the
    cells proven safe or mines and exact bounds of every other cell's mine chance.

    >>> MinesweeperOptions().limit.seconds
    20.0
    """
