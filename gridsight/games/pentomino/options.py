"""The options of a pentomino solve (``gridsight solve pentomino``'s flags, typed)."""

from __future__ import annotations

from dataclasses import dataclass

from gridsight.games.options import SolveOptions, check_choice
from gridsight.solvers.engines import ENGINES
from gridsight.solvers.pentomino.algorithms import ALGORITHMS


@dataclass(frozen=True)
class PentominoOptions(SolveOptions):
    """``count``: also count every solution (and the distinct ones up to the shape's
    symmetries); ``max_solutions``: stop the count there (``None``: count all; ``--limit``
    on the command line); ``algorithm``: ``bitboard`` (default) or ``dlx``, same answers;
    ``engine``: what runs the bitboard search, ``auto`` (default), ``numba`` or ``python``
    (:mod:`gridsight.solvers.engines`), same answers.

    >>> PentominoOptions(count=True).algorithm, PentominoOptions().engine
    ('bitboard', 'auto')
    >>> PentominoOptions(engine="dlx")
    Traceback (most recent call last):
    ...
    ValueError: dlx is an algorithm: algorithm='dlx' (the engine is one of: auto, numba, python)
    """

    count: bool = False
    max_solutions: int | None = None
    algorithm: str = "bitboard"
    engine: str = "auto"

    def __post_init__(self) -> None:
        check_choice("algorithm", self.algorithm, ALGORITHMS)
        if self.engine in ALGORITHMS:  # what --engine named before it meant numba or Python
            raise ValueError(f"{self.engine} is an algorithm: algorithm={self.engine!r} (the "
                             f"engine is one of: {', '.join(ENGINES)})")
        check_choice("engine", self.engine, ENGINES)
        if self.max_solutions is not None and self.max_solutions < 1:
            raise ValueError(f"max_solutions must be at least 1, not {self.max_solutions}")
