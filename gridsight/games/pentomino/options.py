"""The options of a pentomino solve (``gridsight solve pentomino``'s flags, typed)."""

from __future__ import annotations

from dataclasses import dataclass

from gridsight.games.options import SolveOptions, check_choice
from solvers.pentomino.engines import ENGINES


@dataclass(frozen=True)
class PentominoOptions(SolveOptions):
    """``count``: also count every solution (and the distinct ones up to the shape's
    symmetries); ``max_solutions``: stop the count there (``None``: count all; ``--limit``
    on the command line); ``engine``: ``bitboard`` (default) or ``dlx``, same answers.

    >>> PentominoOptions(count=True).engine
    'bitboard'
    """

    count: bool = False
    max_solutions: int | None = None
    engine: str = "bitboard"

    def __post_init__(self) -> None:
        check_choice("engine", self.engine, ENGINES)
        if self.max_solutions is not None and self.max_solutions < 1:
            raise ValueError(f"max_solutions must be at least 1, not {self.max_solutions}")
