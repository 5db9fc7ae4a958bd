"""Random rescues played with the advice and with the seed-style baseline, on the same boards.

How a rescue is drawn (the game's own odds are not public, so this is a stated choice): the
number of animals is 1, 2 or 3 with chances 1/6, 1/3 and 1/2; they are distinct animals of
the region drawn uniformly (the game's rarity odds are ignored); with chance ``pet_chance`` a
pet drawn uniformly joins them (skipped when it cannot fit with them); the joint placement is
drawn uniformly among all valid non-overlapping ones, which is the solver's own prior.

Policies (:data:`POLICIES`): ``expected`` and ``all`` tap where
:func:`~gridsight.solvers.disco_zoo.advise.plan` advises for that objective (re-planned after every tap
with the given time budget); ``baseline`` is :func:`~gridsight.solvers.disco_zoo.baseline.baseline_tap`.
Every policy plays the same drawn rescues from the empty board with the same placement; a play
ends when the taps run out or the policy has no tap left to make. Two policies are compared
rescue by rescue (:func:`gridsight.solvers.paired.compare_paired`), so the difference and its standard
error are as sharp as the number of rescues allows.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass

from gridsight.solvers.disco_zoo.advise import plan
from gridsight.solvers.disco_zoo.baseline import baseline_tap
from gridsight.solvers.disco_zoo.board import DEFAULT_TAPS, RescueBoard, fresh_board
from gridsight.solvers.disco_zoo.catalogue import Animal, load_catalogue
from gridsight.solvers.disco_zoo.objective import Objective
from gridsight.solvers.disco_zoo.placements import joint_placements
from gridsight.solvers.errors import ImpossibleBoardError, InputError

ANIMAL_COUNTS = ((1, 1), (2, 2), (3, 3))  # (count, weight): 1/6, 1/3, 1/2
DEFAULT_PET_CHANCE = 0.25
DEFAULT_SIM_BUDGET = 0.05

POLICIES = ("expected", "all", "baseline")

Policy = Callable[[RescueBoard], "tuple[int, int] | None"]


class PolicyError(InputError):
    """A policy name that is not one of :data:`POLICIES`."""


@dataclass(frozen=True)
class Rescue:
    """One drawn rescue: its animals and where each one is (bitmasks, in animal order)."""

    region: str
    animals: tuple[Animal, ...]
    masks: tuple[int, ...]


def draw_rescue(region: str, rng: random.Random, pet_chance: float = DEFAULT_PET_CHANCE) -> Rescue:
    """Draw a rescue of ``region`` as the module docstring says."""
    catalogue = load_catalogue()
    counts = [c for c, w in ANIMAL_COUNTS for _ in range(w)]
    animals = tuple(rng.sample(catalogue.regions[region], rng.choice(counts)))
    if rng.random() < pet_chance:
        animals += (rng.choice(catalogue.pets),)
    try:
        joint = joint_placements(fresh_board(region, animals))
    except ImpossibleBoardError:  # the pet cannot fit beside these animals
        animals = animals[:-1]
        joint = joint_placements(fresh_board(region, animals))
    row = joint.masks[rng.randrange(joint.count)]
    return Rescue(region, animals, tuple(int(m) for m in row))


def play(rescue: Rescue, policy: Policy, taps: int = DEFAULT_TAPS) -> int:
    """Play ``rescue`` with ``policy``; return the set of rescued animals as a bitmask."""
    board = fresh_board(rescue.region, rescue.animals, taps)
    while board.taps > 0:
        tap = policy(board)
        if tap is None or board.grid[tap[0]][tap[1]] != -1:
            break
        bit = 1 << (tap[0] * 5 + tap[1])
        shows = next((k + 1 for k, m in enumerate(rescue.masks) if m & bit), 0)
        board = board.with_tap(tap[0], tap[1], shows)
    rescued = 0
    for k, mask in enumerate(rescue.masks):
        if mask & ~board.tapped == 0:
            rescued |= 1 << k
    return rescued


def advised_policy(
    objective: Objective, budget: float | None, max_nodes: int | None = None
) -> Policy:
    """The advice for ``objective`` as a policy. With ``max_nodes`` the search is bounded by
    states instead of seconds (``budget`` is then ignored), so a run gives the same taps on any
    machine, however loaded (on the same engine: with or without numba)."""
    if max_nodes is not None:
        budget = None

    def tap(board: RescueBoard) -> tuple[int, int] | None:
        decision, _, _ = plan(board, objective, budget, max_nodes=max_nodes)
        return None if decision.tile is None else divmod(decision.tile, 5)

    return tap


def named_policy(name: str, budget: float | None, max_nodes: int | None = None) -> Policy:
    """The policy called ``name``: ``expected`` or ``all`` (the advice for that objective) or
    ``baseline``."""
    if name == "baseline":
        return baseline_tap
    if name in ("expected", "all"):
        return advised_policy(Objective(name), budget, max_nodes)
    raise PolicyError(f"unknown policy '{name}' (policies: {', '.join(POLICIES)})")


@dataclass(frozen=True)
class PolicyScores:
    """What one policy did on each rescue: animals rescued, and 1.0 when all were."""

    name: str
    animals: tuple[int, ...]
    everyone: tuple[float, ...]

    @property
    def mean_animals(self) -> float:
        return sum(self.animals) / len(self.animals)

    @property
    def share_everyone(self) -> float:
        return sum(self.everyone) / len(self.everyone)


@dataclass(frozen=True)
class PolicyRuns:
    """Several policies played on the same ``games`` rescues of ``region``."""

    region: str
    games: int
    seed: int
    taps: int
    budget: float | None
    animals_per_rescue: float  # mean animals per rescue (pets included)
    scores: tuple[PolicyScores, ...]


def play_policies(
    region: str,
    games: int,
    seed: int,
    names: tuple[str, ...],
    *,
    taps: int = DEFAULT_TAPS,
    budget: float | None = DEFAULT_SIM_BUDGET,
    pet_chance: float = DEFAULT_PET_CHANCE,
    on_game: Callable[[int], None] | None = None,
    max_nodes: int | None = None,
) -> PolicyRuns:
    """Play every policy of ``names`` on the same ``games`` drawn rescues (``max_nodes``: the
    search's budget in states instead of ``budget`` seconds, for repeatable runs)."""
    policies = [named_policy(name, budget, max_nodes) for name in names]
    rng = random.Random(seed)
    animals: list[list[int]] = [[] for _ in names]
    everyone: list[list[float]] = [[] for _ in names]
    sizes = 0
    for game in range(games):
        rescue = draw_rescue(region, rng, pet_chance)
        sizes += len(rescue.animals)
        full = (1 << len(rescue.animals)) - 1
        for i, policy in enumerate(policies):
            rescued = play(rescue, policy, taps)
            animals[i].append(rescued.bit_count())
            everyone[i].append(float(rescued == full))
        if on_game is not None:
            on_game(game)
    return PolicyRuns(
        region=region,
        games=games,
        seed=seed,
        taps=taps,
        budget=budget,
        animals_per_rescue=sizes / games,
        scores=tuple(
            PolicyScores(name, tuple(a), tuple(e)) for name, a, e in zip(names, animals, everyone)
        ),
    )


@dataclass(frozen=True)
class Paired:
    """Mean of the advice, of the baseline, and of their paired difference with its 95% CI."""

    advised: float
    baseline: float
    difference: float
    half_width: float


def _paired(a: list[float], b: list[float]) -> Paired:
    n = len(a)
    diffs = [x - y for x, y in zip(a, b)]
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1) if n > 1 else 0.0
    return Paired(sum(a) / n, sum(b) / n, mean, 1.96 * math.sqrt(var / n))


@dataclass(frozen=True)
class SimulationResult:
    region: str
    games: int
    seed: int
    taps: int
    budget: float | None
    rescued: Paired  # animals rescued per rescue
    everyone: Paired  # share of rescues with every animal saved
    animals: float  # mean animals per rescue (pets included)


def simulate(
    region: str,
    games: int,
    seed: int,
    *,
    taps: int = DEFAULT_TAPS,
    budget: float | None = DEFAULT_SIM_BUDGET,
    objective: Objective | None = None,
    pet_chance: float = DEFAULT_PET_CHANCE,
    on_game: Callable[[int], None] | None = None,
) -> SimulationResult:
    """Play ``games`` random rescues of ``region`` with the advice for ``objective`` and the
    baseline (see the module docstring), paired rescue by rescue."""
    runs = play_policies(
        region,
        games,
        seed,
        ((objective or Objective()).kind, "baseline"),
        taps=taps,
        budget=budget,
        pet_chance=pet_chance,
        on_game=on_game,
    )
    advised, baseline = runs.scores
    return SimulationResult(
        region=region,
        games=games,
        seed=seed,
        taps=taps,
        budget=budget,
        rescued=_paired([float(x) for x in advised.animals], [float(x) for x in baseline.animals]),
        everyone=_paired(list(advised.everyone), list(baseline.everyone)),
        animals=runs.animals_per_rescue,
    )
