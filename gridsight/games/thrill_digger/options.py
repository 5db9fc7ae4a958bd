"""The options of a Thrill Digger solve (``gridsight solve thrill-digger``'s flags, typed)."""

from __future__ import annotations

from dataclasses import dataclass

from gridsight.games.options import SolveOptions, check_choice
from gridsight.solvers.thrill_digger.analysis import MODELS
from gridsight.solvers.thrill_digger.policy import DEFAULT_POLICY_NAME, POLICIES


@dataclass(frozen=True)
class ThrillDiggerOptions(SolveOptions):
    """``model``: how the game fills a board, ``game`` (its own generator) or ``uniform``;
    ``policy``: which hole to advise (``auto``, ``optimal``, ``lookahead``, ``safest``).

    >>> ThrillDiggerOptions().policy
    'auto'
    >>> ThrillDiggerOptions(model="fair")
    Traceback (most recent call last):
    ...
    ValueError: unknown model 'fair' (expected one of: game, uniform)
    """

    model: str = "game"
    policy: str = DEFAULT_POLICY_NAME

    def __post_init__(self) -> None:
        check_choice("model", self.model, MODELS)
        check_choice("policy", self.policy, tuple(POLICIES))
