"""Which hole to dig next: the named policies, kept apart so they can be swapped and compared.

A policy takes an :class:`~gridsight.solvers.thrill_digger.analysis.Analysis` (and a
:class:`~gridsight.solvers.limit.Meter`: the limit of the search, ``None`` for none) and returns a
:class:`Decision`: the hole to dig (``None`` when the game is over), the name of the policy
that chose it, when the policy knows them every hole's exact optimal value, and how good the
choice is (:class:`~gridsight.solvers.limit.Quality`). Every policy is anytime: stopped by the limit it
still answers, with the best hole it has valued so far, or at worst ``safest``'s.

- ``safest``: the hole least likely to hold a bomb; among holes within ``1e-9`` of the
  lowest bomb chance, the highest expected value; then the first in reading order. Fast, and
  the baseline the others are measured against.
- ``optimal``: the exact expected-value optimum (:mod:`gridsight.solvers.thrill_digger.optimal`), on
  boards small enough to search exactly: beginner. Its tie order: values within ``1e-9``
  rupees are tied, then the lowest bomb chance, then reading order. A beginner board with a
  colour unseen (``?``) and more than :data:`UNSEEN_EXACT_UNDUG` undug holes would need a
  search of millions of states, so it is played by ``lookahead`` instead (said in the note).
- ``lookahead``: one dig of exact lookahead, each continuation valued by rollouts of the
  ``safest`` policy on layouts drawn from the exact posterior
  (:mod:`gridsight.solvers.thrill_digger.lookahead`); any board.
- ``auto`` (the default): ``optimal`` where it exists (beginner), else ``lookahead``.

>>> from gridsight.solvers.thrill_digger.analysis import analyse
>>> from gridsight.solvers.thrill_digger.rules import BEGINNER
>>> from gridsight.solvers.thrill_digger.state import ThrillDiggerState
>>> decision = get_policy("auto").decide(analyse(ThrillDiggerState.empty(BEGINNER), "uniform"))
>>> decision.hole, decision.policy, round(decision.values[(0, 0)], 3)
((0, 0), 'optimal', 47.861)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from gridsight.solvers.errors import InputError
from gridsight.solvers.limit import Meter, Quality
from gridsight.solvers.thrill_digger.analysis import Analysis
from gridsight.solvers.thrill_digger.rules import BEGINNER, UNDUG, UNSEEN, Difficulty

TIE = 1e-9
UNSEEN_EXACT_UNDUG = 14
#: What the exact values count (the unit of :class:`~gridsight.solvers.limit.Quality`'s bounds).
VALUE_UNIT = "rupees to come"
SAFEST_METHOD = "the lowest bomb chance, ties by expected value"


@dataclass(frozen=True)
class Decision:
    """A policy's answer for one board.

    ``hole``: where to dig (``None``: the game is over). ``policy``: the name of the policy
    that chose it (``auto`` names the one it used). ``values``: for ``optimal``, every undug
    hole's exact expected rupees still to come if it is dug next and play is optimal after
    (see :data:`gridsight.solvers.thrill_digger.optimal.VALUATION`); ``None`` otherwise. ``note``:
    why a policy handed the board to another, if it did.
    """

    hole: tuple[int, int] | None
    policy: str
    values: Mapping[tuple[int, int], float] | None = field(default=None, compare=False)
    note: str = ""
    quality: Quality = field(default_factory=lambda: Quality(False, method=SAFEST_METHOD),
                             compare=False)


def safest_then_richest(analysis: Analysis) -> tuple[int, int] | None:
    """The undug hole with the lowest bomb chance, ties (within 1e-9) broken by the highest
    expected value, then reading order; ``None`` if the game is over."""
    if analysis.state.finished or not analysis.holes:
        return None
    lowest = min(h.bomb for h in analysis.holes)
    tied = [h for h in analysis.holes if h.bomb <= lowest + TIE]
    best = max(tied, key=lambda h: (h.value, -h.row, -h.col))
    return best.cell


class SafestPolicy:
    """``safest``: :func:`safest_then_richest`."""

    name = "safest"

    def decide(self, analysis: Analysis, meter: Meter | None = None) -> Decision:
        return Decision(safest_then_richest(analysis), self.name)


def exact_play_available(difficulty: Difficulty) -> bool:
    """Whether ``optimal`` can search this difficulty exactly (its layouts can be listed)."""
    from gridsight.solvers.thrill_digger.layouts import MAX_HOLES, MAX_LAYOUTS, layout_count

    return difficulty.holes <= MAX_HOLES and layout_count(difficulty) <= MAX_LAYOUTS


@lru_cache(maxsize=8)
def exact_play(difficulty: Difficulty, model: str):
    """The shared :class:`~gridsight.solvers.thrill_digger.optimal.ExactPlay` of a difficulty and
    model, with the shipped table for beginner (one per process: its memo grows with use)."""
    from gridsight.solvers.thrill_digger.layouts import layout_space
    from gridsight.solvers.thrill_digger.optimal import ExactPlay
    from gridsight.solvers.thrill_digger.optimal_table import load_table

    table = load_table(model) if difficulty == BEGINNER else None
    return ExactPlay(layout_space(difficulty, model), table=table)


class OptimalPolicy:
    """``optimal``: the exact optimum; refuses boards too big to search."""

    name = "optimal"

    def decide(self, analysis: Analysis, meter: Meter | None = None) -> Decision:
        state = analysis.state
        if not exact_play_available(state.difficulty):
            raise PolicyUnavailable(
                f"the optimal policy is exact only on small boards (beginner); "
                f"{state.difficulty.name} is too big: use lookahead or safest"
            )
        if state.finished or not analysis.holes:
            return Decision(None, self.name, quality=Quality())
        tokens = [t for row in state.grid for t in row]
        undug = tokens.count(UNDUG)
        if UNSEEN in tokens and undug > UNSEEN_EXACT_UNDUG:
            fallback = LookaheadPolicy().decide(analysis, meter)
            return Decision(
                fallback.hole, fallback.policy,
                note=f"a colour was not seen and {undug} holes are undug: exact play is "
                f"searched with a '?' only from {UNSEEN_EXACT_UNDUG} undug holes down",
                quality=fallback.quality,
            )
        # Holes are valued safest first, so that a search the limit stops has valued the
        # holes the exact odds favour.
        order = sorted(analysis.holes, key=lambda h: (h.bomb, -h.value, h.row, h.col))
        result = exact_play(state.difficulty, analysis.model).hole_values(
            state, meter, order=[h.cell for h in order])
        if result.complete:
            return Decision(result.best, self.name, result.values,
                            quality=Quality.exact_value(result.value, VALUE_UNIT))
        stopped = meter.reason if meter is not None else None
        if result.best is None:  # not one hole valued: the exact odds alone
            hole = safest_then_richest(analysis)
            return Decision(hole, self.name, None, quality=Quality.bounded(
                stopped, None, result.ceiling, VALUE_UNIT,
                "no hole valued exactly before the limit: " + SAFEST_METHOD))
        return Decision(result.best, self.name, result.values, quality=Quality.bounded(
            stopped, result.value, result.ceiling, VALUE_UNIT,
            f"the best of the {len(result.values)} of {len(analysis.holes)} holes valued "
            "exactly (safest first) before the limit"))


def _scored_decision(name: str, result: Any, meter: Meter | None, method: str) -> Decision:
    """The decision of a policy that scores candidate holes (``lookahead``, ``deeper``): the
    best scored, with how far the scoring got before the limit."""
    assert result is not None
    if not result.scores and not result.cut:  # a hole certainly a rupee: nothing to weigh
        return Decision(result.hole, name, quality=Quality())
    stopped = meter.reason if meter is not None and result.cut else None
    if result.cut:
        method = (f"{method}; {len(result.scores)} of {result.candidates} candidates scored "
                  "before the limit")
    return Decision(result.hole, name, quality=Quality(False, stopped, method=method))


class LookaheadPolicy:
    """``lookahead``: see :mod:`gridsight.solvers.thrill_digger.lookahead`."""

    name = "lookahead"

    def decide(self, analysis: Analysis, meter: Meter | None = None) -> Decision:
        from gridsight.solvers.thrill_digger.lookahead import METHOD, lookahead

        if analysis.state.finished or not analysis.holes:
            return Decision(None, self.name, quality=Quality())
        result = lookahead(analysis, meter=meter)
        return _scored_decision(self.name, result, meter, METHOD)


class DeeperPolicy:
    """``deeper``: see :mod:`gridsight.solvers.thrill_digger.deeper` (one more dig of search than
    ``lookahead``, to measure how far that one is from deeper play)."""

    name = "deeper"

    def decide(self, analysis: Analysis, meter: Meter | None = None) -> Decision:
        from gridsight.solvers.thrill_digger.deeper import METHOD, deeper

        if analysis.state.finished or not analysis.holes:
            return Decision(None, self.name, quality=Quality())
        result = deeper(analysis, meter=meter)
        return _scored_decision(self.name, result, meter, METHOD)


class AutoPolicy:
    """``auto``: ``optimal`` on boards it can search (beginner), else ``lookahead``."""

    name = "auto"

    def decide(self, analysis: Analysis, meter: Meter | None = None) -> Decision:
        if exact_play_available(analysis.state.difficulty):
            return OptimalPolicy().decide(analysis, meter)
        return LookaheadPolicy().decide(analysis, meter)


class PolicyUnavailable(InputError):
    """A policy was asked for a board it cannot play (``optimal`` on a big board)."""


POLICIES: dict[str, Callable[[], object]] = {
    "auto": AutoPolicy,
    "optimal": OptimalPolicy,
    "lookahead": LookaheadPolicy,
    "deeper": DeeperPolicy,
    "safest": SafestPolicy,
}
POLICY_HELP = {
    "auto": "the default: optimal on beginner, lookahead on intermediate and expert",
    "optimal": "the exact expected-value optimum (beginner only)",
    "lookahead": "one dig of exact lookahead, continuations valued by rollouts of safest "
    "on layouts drawn from the exact posterior",
    "deeper": "lookahead with a second dig searched on the drawn layouts (the best of the "
    "4 safest next digs, then safest): to measure how far lookahead is from deeper play",
    "safest": "the lowest bomb chance, ties by expected value (the old default)",
}
DEFAULT_POLICY_NAME = "auto"


class UnknownPolicy(InputError):
    """A policy name that is not one of :data:`POLICIES`."""


def get_policy(name: str):
    """The policy called ``name``; :class:`UnknownPolicy` names the known ones otherwise."""
    try:
        return POLICIES[name]()
    except KeyError:
        raise UnknownPolicy(
            f"unknown policy '{name}' (expected one of: {', '.join(POLICIES)})"
        ) from None


DEFAULT_POLICY = AutoPolicy()
