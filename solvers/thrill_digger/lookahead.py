"""The ``lookahead`` policy: one dig of exact lookahead, the rest valued by rollouts of
``safest`` on layouts drawn from the exact posterior.

For a candidate hole ``h``::

    score(h) = value(h) + sum over o of P(h shows o) * V(board after h shows o)

``value(h)`` and ``P(h shows o)`` (a colour or a rupoor; a bomb ends the game) are the exact
analysis's. ``V`` is what the ``safest`` policy would still dig from that board, estimated on
:data:`PARTICLES` layouts drawn from the board's exact posterior
(:mod:`gridsight.solvers.thrill_digger.sampling`): the layouts in which ``h`` shows ``o`` are the
sample of that child board, and ``safest`` is played on them as a game tree, each decision
taken from the layouts that fit what was dug so far (fewest bombs in the hole, then the
highest total worth, then reading order), each layout's rupees counted until its first bomb.

A rollout must not steer by the layout it is scoring: once fewer than :data:`CLOSED_MIN`
layouts fit what was dug, a decision taken on them would mostly follow the one layout being
played (with 3000 layouts, unbounded rollouts value the empty expert board at 260 rupees
and the intermediate one at 125, against the 125 and 79 that ``safest`` really makes there),
so from there each layout goes on *open-loop*, down the order of the last board that had
enough layouts, until its first bomb or its last rupee. With 6 as the bound the estimates
land near the real values (131 and 75) and no longer drift with the number of layouts. The same layouts serve every candidate, so their
differences are measured with common random numbers. A board's layouts are drawn from a seed
made of its own text, so the policy is deterministic: the same board gets the same hole, in
any process.

This is the issue's "one-step lookahead over the current policy" with the leaf valued by
rollouts instead of exactly. On small boards, where the exact optimum is known, it recovers
most of the gap between ``safest`` and the optimum (README, bench/bench_advice.py).

Holes that certainly hold a rupee are dug first (first in reading order): they cost nothing
and can only tell something. Candidates: the :data:`SAFEST` holes with the lowest bomb chance
(then the likeliest green), and among holes within :data:`MARGIN` of the lowest bomb chance the
:data:`GREENEST` likeliest green and the :data:`RICHEST` highest expected value. Ties: scores
within 1e-9, then the lower bomb chance, then reading order.

The rollouts run compiled (:mod:`gridsight.solvers.thrill_digger.lookahead_kernel`) when numba is
installed, else in numpy; both give the same sums (they are sums of whole rupees, exact in
float64), so the same holes. They run one candidate at a time, safest first, and the
:class:`~gridsight.solvers.limit.Meter` is looked at between two (a candidate takes about 10 ms): when
it is reached the pick is the best of the candidates scored (anytime; at worst the safest).
"""

from __future__ import annotations

import zlib
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from gridsight.solvers.engines import numba_installed, starts_in_kernel
from gridsight.solvers.limit import Meter
from gridsight.solvers.thrill_digger.analysis import Analysis, HoleOdds
from gridsight.solvers.thrill_digger.layouts import BOMB_OUTCOME, OUTCOME_VALUES, RUPOOR_OUTCOME
from gridsight.solvers.thrill_digger.rules import COLOURS, UNDUG
from gridsight.solvers.thrill_digger.sampling import sample_layouts
from gridsight.solvers.thrill_digger.state import format_state

KERNEL = "gridsight.solvers.thrill_digger.lookahead_kernel"
PARTICLES = 3000
CLOSED_MIN = 6
SAFEST = 5
GREENEST = 3
RICHEST = 2
MARGIN = 0.10
TIE = 1e-9
WORTH = np.array(OUTCOME_VALUES, dtype=np.float64)  # by outcome code; a bomb is worth 0
#: ``(outcomes, holes, undug, left, worth, closed_min) -> (sums, counts)``: per candidate hole
#: and thing it shows, the rupees still dug after it summed over the particles where it shows
#: that, and how many such particles (:func:`python_rollout_sums`).
Rollouts = Callable[[np.ndarray, np.ndarray, np.ndarray, int, np.ndarray, int],
                    tuple[np.ndarray, np.ndarray]]
METHOD = (f"one dig of exact lookahead, continuations valued by rollouts of safest on "
          f"{PARTICLES} layouts drawn from the exact posterior (an estimate)")


@dataclass(frozen=True)
class LookaheadResult:
    """``hole``: the pick; ``scores``: each candidate's score (expected rupees still to come,
    the rollouts' estimate); ``particles``: how many layouts were drawn; ``candidates``: how
    many holes were to be scored; ``cut``: the limit stopped the scoring before the last."""

    hole: tuple[int, int]
    scores: dict[tuple[int, int], float]
    particles: int
    candidates: int = 0
    cut: bool = False


def candidates(analysis: Analysis) -> list[HoleOdds]:
    """The holes worth a rollout, without repeats: the safest few, then the likeliest greens
    and the richest among the nearly safest."""
    ranked = sorted(analysis.holes, key=lambda h: (h.bomb, -h.green, -h.value, h.row, h.col))
    chosen = ranked[:SAFEST]
    lowest = ranked[0].bomb
    near = [h for h in ranked[SAFEST:] if h.bomb <= lowest + MARGIN]
    greens = sorted(near, key=lambda h: (-h.green, h.bomb, h.row, h.col))[:GREENEST]
    chosen += greens
    rich = [h for h in near if h not in greens]
    chosen += sorted(rich, key=lambda h: (-h.value, h.bomb, h.row, h.col))[:RICHEST]
    return chosen


def board_seed(analysis: Analysis) -> int:
    """The sampler's seed for a board: a checksum of its text and the model."""
    return zlib.crc32(f"{format_state(analysis.state)}\n{analysis.model}".encode())


def _kernel_rollouts():
    """The kernel's compiled rollouts (imports numba): their cache entry says whether numba's
    cache holds the kernel (:func:`gridsight.solvers.engines.compiling_elsewhere`, while the
    live warm-up compiles it)."""
    from gridsight.solvers.thrill_digger import lookahead_kernel

    return lookahead_kernel._rollout_sums


def kernel_available() -> bool:
    """Is numba installed (so the compiled rollouts can run)? Asked without importing it
    (:func:`gridsight.solvers.engines.numba_installed`)."""
    return numba_installed()


def lookahead(
    analysis: Analysis,
    *,
    particles: int = PARTICLES,
    closed_min: int = CLOSED_MIN,
    engine: str = "auto",
    meter: Meter | None = None,
    rollouts: Rollouts | None = None,
) -> LookaheadResult | None:
    """The ``lookahead`` policy's pick and its candidates' scores (``None``: game over).

    ``engine``: ``"numba"``, ``"python"`` or ``"auto"`` (:mod:`gridsight.solvers.engines`: the compiled
    rollouts from the start when numba is installed, the threshold being 0). ``meter``
    (``None``: no limit) is looked at before the layouts are drawn and after each candidate:
    one spent before the first is scored answers the safest candidate unscored (a candidate
    scored alone is the pick too; its rollouts took 0.05-0.1 s of CPU, ``deeper``'s the most).
    ``rollouts``: what values the boards a candidate leaves (:data:`Rollouts`; ``None``:
    ``safest``'s rollouts on ``engine``), as the ``deeper`` policy changes it.
    """
    state = analysis.state
    if state.finished or not analysis.holes:
        return None
    for hole in analysis.holes:
        if hole.no_bad:
            return LookaheadResult(hole.cell, {}, 0)
    d = state.difficulty
    cands = candidates(analysis)
    if meter is not None and meter.reached():
        return LookaheadResult(cands[0].cell, {}, particles, len(cands), True)
    drawn = sample_layouts(state, analysis.model, particles, seed=board_seed(analysis))
    outcomes = np.ascontiguousarray(drawn.outcomes, dtype=np.int8)
    undug = np.array([t == UNDUG for row in state.grid for t in row], dtype=np.bool_)
    left = d.holes - d.bad - sum(t not in (UNDUG, "x", "*") for row in state.grid for t in row)
    holes = np.array([h.row * d.cols + h.col for h in cands], dtype=np.int64)
    if rollouts is not None:
        rollout_sums = rollouts
    elif starts_in_kernel(engine, "thrill-digger-lookahead", KERNEL, meter, _kernel_rollouts):
        from gridsight.solvers.thrill_digger.lookahead_kernel import rollout_sums
    else:
        rollout_sums = python_rollout_sums
    scores = {}
    cut = False
    for i, hole in enumerate(cands):
        if i and meter is not None and meter.reached():
            cut = True
            break
        # One candidate per call, so the meter is looked at between two; the sums are the
        # same as in one call (each candidate's tree is its own).
        sums, counts = rollout_sums(outcomes, holes[i:i + 1], undug, left, WORTH, closed_min)
        if meter is not None:
            meter.count(1)
        chances = [hole.colour(c) for c in COLOURS] + [hole.rupoor]
        weighed, covered = 0.0, 0.0
        for o, chance in enumerate(chances):
            if chance > 0.0 and counts[0, o] > 0:
                weighed += chance * (sums[0, o] / counts[0, o])
                covered += chance
        future = weighed / covered * (1.0 - hole.bomb) if covered > 0.0 else 0.0
        scores[hole.cell] = float(hole.value + future)
    top = max(scores.values())
    bomb = {h.cell: h.bomb for h in cands}
    best = min((cell for cell, s in scores.items() if s >= top - TIE),
               key=lambda cell: (bomb[cell], cell))
    return LookaheadResult(best, scores, particles, len(cands), cut)


def lookahead_hole(analysis: Analysis) -> tuple[int, int] | None:
    """The hole the ``lookahead`` policy digs (``None`` when the game is over)."""
    result = lookahead(analysis)
    return None if result is None else result.hole


def python_rollout_sums(
    outcomes: np.ndarray,
    holes: np.ndarray,
    undug: np.ndarray,
    left: int,
    worth: np.ndarray,
    closed_min: int,
) -> tuple[np.ndarray, np.ndarray]:
    """``sums[i, o]``: over the layouts where candidate ``holes[i]`` shows ``o`` (0..5), the
    rupees ``safest`` digs after it (played on those layouts as described in the module
    docstring); ``counts[i, o]``: how many such layouts. numpy, one tree node at a time."""
    sums = np.zeros((len(holes), RUPOOR_OUTCOME + 1))
    counts = np.zeros((len(holes), RUPOOR_OUTCOME + 1), dtype=np.int64)
    every = np.arange(len(outcomes))
    base = _ranking(outcomes, every, undug, worth)
    for i, h in enumerate(holes):
        shown = outcomes[:, h]
        after = undug.copy()
        after[h] = False
        for o in range(RUPOOR_OUTCOME + 1):
            part = every[shown == o]
            counts[i, o] = len(part)
            if not len(part):
                continue
            rest = left - 1 if o < RUPOOR_OUTCOME else left
            if len(part) < closed_min:
                sums[i, o] = _open_loop(outcomes, part, base, after, rest, worth)
            else:
                sums[i, o] = _tree_sum(outcomes, part, after, rest, worth, closed_min)
    return sums, counts


def _ranking(outcomes: np.ndarray, layouts: np.ndarray, undug: np.ndarray,
             worth: np.ndarray) -> np.ndarray:
    """The undug holes in ``safest`` order over ``layouts``: fewest bombs, then the highest
    total worth, then reading order."""
    cells = np.flatnonzero(undug)
    rows = outcomes[layouts][:, cells]
    bombs = (rows == BOMB_OUTCOME).sum(axis=0)
    value = worth[rows].sum(axis=0)
    return cells[np.lexsort((cells, -value, bombs))]


def _open_loop(outcomes: np.ndarray, layouts: np.ndarray, order: np.ndarray,
               undug: np.ndarray, left: int, worth: np.ndarray) -> float:
    """Rupees dug over ``layouts`` going down ``order`` (undug holes only) until a bomb or the
    last rupee, summed over the layouts: no decision looks at what was dug."""
    cells = order[undug[order]]
    rows = outcomes[layouts][:, cells]
    rupee = rows < RUPOOR_OUTCOME
    no_bomb_yet = np.cumsum(rows == BOMB_OUTCOME, axis=1) == 0
    rupees_before = np.cumsum(rupee, axis=1) - rupee
    taken = no_bomb_yet & (rupees_before < left)
    return float((worth[rows] * taken).sum())


def _tree_sum(outcomes: np.ndarray, layouts: np.ndarray, undug: np.ndarray, left: int,
              worth: np.ndarray, closed_min: int) -> float:
    """Rupees ``safest`` digs from here, summed over ``layouts`` (at least ``closed_min``)."""
    if left == 0 or len(layouts) == 0:
        return 0.0
    order = _ranking(outcomes, layouts, undug, worth)
    g = order[0]
    shown = outcomes[layouts, g]
    after = undug.copy()
    after[g] = False
    total = 0.0
    for o in range(RUPOOR_OUTCOME + 1):
        part = layouts[shown == o]
        if not len(part):
            continue
        total += len(part) * worth[o]
        rest = left - 1 if o < RUPOOR_OUTCOME else left
        if len(part) < closed_min:
            total += _open_loop(outcomes, part, order, after, rest, worth)
        else:
            total += _tree_sum(outcomes, part, after, rest, worth, closed_min)
    return total
