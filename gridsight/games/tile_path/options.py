"""The options of a tile-path solve (``gridsight solve tile-path``'s flags, typed)."""

from __future__ import annotations

from dataclasses import dataclass

from gridsight.games.options import SolveOptions, check_choice
from gridsight.solvers.tile_path import DEFAULT_MAX_STATES, ENGINES


@dataclass(frozen=True)
class TilePathOptions(SolveOptions):
    """``leave_one``: when no full walk exists, which single tile could be blocked;
    ``max_states``: the memory bound, frontier states one search may hold at once (``None``:
    none); ``engine``: ``auto``, ``numba`` or ``python`` (same answers).

    >>> TilePathOptions().max_states
    50000000
    """

    leave_one: bool = True
    max_states: int | None = DEFAULT_MAX_STATES
    engine: str = "auto"

    def __post_init__(self) -> None:
        check_choice("engine", self.engine, ENGINES)
        if self.max_states is not None and self.max_states < 1:
            raise ValueError(f"max_states must be at least 1 (None: no bound), not "
                             f"{self.max_states}")
