"""The options of a Disco Zoo solve (``gridsight solve disco-zoo``'s flags, typed)."""

from __future__ import annotations

from dataclasses import dataclass

from gridsight.games.options import SolveOptions
from gridsight.solvers.disco_zoo.advise import DEFAULT_BUDGET


@dataclass(frozen=True)
class DiscoZooOptions(SolveOptions):
    """``objective``: ``expected`` (expected animals rescued, the default), ``all`` (the
    chance of rescuing every animal) or ``target:NAME`` (checked against each board's
    animals); ``budget``: CPU seconds of the lookahead's exact pass (``None``: until exact;
    at most half the limit's seconds), so a busy machine gives the same advice.

    >>> DiscoZooOptions().budget
    1.0
    """

    objective: str = "expected"
    budget: float | None = DEFAULT_BUDGET

    def __post_init__(self) -> None:
        if self.budget is not None and not self.budget >= 0:
            raise ValueError(f"a lookahead budget must be 0 or more seconds, not {self.budget}")
