"""Thrill Digger (The Legend of Zelda: Skyward Sword): exact analysis of a board.

Modules, one job each:

- :mod:`.rules`: sizes, counts, colours and values of the three difficulties.
- :mod:`.state`: the board as seen, and its text format (parse and format).
- :mod:`.counting`: the exact column sweep counting the bad sets that fit the readings.
- :mod:`.blocks`: the game's 2x2-block redraw rule and its exact weights.
- :mod:`.validate`: consistency, and a small set of readings to blame when there is none.
- :mod:`.analysis`: per-hole probabilities and expected values under a model.
- :mod:`.policy`: which hole to dig next: the named policies (``auto``, ``optimal``,
  ``lookahead``, ``safest``).
- :mod:`.layouts`: every layout of a small board, and the keys of exact play.
- :mod:`.optimal`, :mod:`.optimal_kernel`: the exact expected-value optimum of a small board
  (Python, and compiled with numba); :mod:`.optimal_table`: the shipped top of the beginner
  tree and the command that builds it.
- :mod:`.sampling`: layouts drawn exactly from a board's posterior.
- :mod:`.lookahead`, :mod:`.lookahead_kernel`: one dig of lookahead with rollouts of
  ``safest`` on those layouts.
- :mod:`.evaluate`: the exact value of a policy over every layout of a small board.
- :mod:`.generator`: boards drawn exactly as the game draws them.
- :mod:`.simulate`: many games played with a policy, or two policies on the same boards.
- :mod:`.report`: the readable board and the drawable :class:`~gridsight.solvers.advice.Advice`.
- :mod:`.brute`: a brute-force reference used by tests and the benchmark.
"""

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # for the type checker; at run time each name loads on first use
    from gridsight.solvers.thrill_digger.analysis import MODELS, Analysis, HoleOdds, analyse
    from gridsight.solvers.thrill_digger.policy import DEFAULT_POLICY, get_policy, safest_then_richest
    from gridsight.solvers.thrill_digger.rules import DIFFICULTIES, Difficulty
    from gridsight.solvers.thrill_digger.state import (
        FORMAT_HELP, ThrillDiggerState, format_state, parse_state,
    )


def __getattr__(name: str) -> Any:
    """The names re-exported here, each imported from its module on first use: importing
    one submodule (its rules, say) does not load the whole solver."""
    if name in ("MODELS", "Analysis", "HoleOdds", "analyse"):
        from gridsight.solvers.thrill_digger import analysis as module
    elif name in ("DEFAULT_POLICY", "get_policy", "safest_then_richest"):
        from gridsight.solvers.thrill_digger import policy as module
    elif name in ("DIFFICULTIES", "Difficulty"):
        from gridsight.solvers.thrill_digger import rules as module
    elif name in ("FORMAT_HELP", "ThrillDiggerState", "format_state", "parse_state"):
        from gridsight.solvers.thrill_digger import state as module
    else:
        raise AttributeError(f"module 'gridsight.solvers.thrill_digger' has no attribute {name!r}")
    return getattr(module, name)


__all__ = [
    "DEFAULT_POLICY",
    "DIFFICULTIES",
    "FORMAT_HELP",
    "MODELS",
    "Analysis",
    "Difficulty",
    "HoleOdds",
    "ThrillDiggerState",
    "analyse",
    "format_state",
    "get_policy",
    "parse_state",
    "safest_then_richest",
]
