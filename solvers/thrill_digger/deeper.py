"""The ``deeper`` policy: the one-dig lookahead with a second dig searched on the particles.

``lookahead`` values the board a candidate leaves by rollouts of ``safest``; ``deeper`` values
it by the best of the :data:`WIDTH` first holes of the ``safest`` order over that board's
particles, each dug next and followed by ``safest`` (the same rollouts): one more dig of
search toward the best reachable play. A board with fewer than :data:`MIN_CHILD` particles is
valued by ``safest`` alone, as in ``lookahead`` (a choice among a handful of particles would
follow them rather than the board). Candidates, the exact first dig, seeds, ties and the limit
are those of :func:`~gridsight.solvers.thrill_digger.lookahead.lookahead`; it draws
:data:`PARTICLES` layouts (fewer than ``lookahead``'s 3000: each is played out about
``WIDTH`` times more).

It exists to measure how far ``lookahead`` is from deeper play (docs/thrill-digger.md); the
compiled rollouts are :mod:`.deeper_kernel`, the numpy ones :func:`python_deeper_sums`, with
the same sums.
"""

from __future__ import annotations

from functools import partial

import numpy as np

from gridsight.solvers.engines import starts_in_kernel
from gridsight.solvers.limit import Meter
from gridsight.solvers.thrill_digger.analysis import Analysis
from gridsight.solvers.thrill_digger.layouts import BOMB_OUTCOME, RUPOOR_OUTCOME
from gridsight.solvers.thrill_digger.lookahead import (
    LookaheadResult,
    _open_loop,
    _ranking,
    _tree_sum,
    lookahead,
)

KERNEL = "gridsight.solvers.thrill_digger.deeper_kernel"

PARTICLES = 2000
WIDTH = 4
MIN_CHILD = 40
METHOD = (f"one dig of exact lookahead, then the best of the {WIDTH} safest next digs on "
          f"{PARTICLES} layouts drawn from the exact posterior, each followed by rollouts of "
          "safest (an estimate)")


def _kernel_sums():
    """The kernel's compiled rollouts (imports numba): their cache entry says whether numba's
    cache holds the kernel (:func:`gridsight.solvers.engines.compiling_elsewhere`)."""
    from gridsight.solvers.thrill_digger import deeper_kernel

    return deeper_kernel._deeper_sums


def deeper(analysis: Analysis, *, particles: int = PARTICLES, width: int = WIDTH,
           min_child: int = MIN_CHILD, engine: str = "auto",
           meter: Meter | None = None) -> LookaheadResult | None:
    """The ``deeper`` policy's pick and its candidates' scores (``None``: game over).

    ``engine`` (:mod:`gridsight.solvers.engines`): the compiled rollouts from the start when numba is
    installed under ``auto`` (the lookahead's threshold, 0), the numpy twin otherwise."""
    if starts_in_kernel(engine, "thrill-digger-lookahead", KERNEL, meter, _kernel_sums):
        from gridsight.solvers.thrill_digger.deeper_kernel import deeper_sums
    else:
        deeper_sums = python_deeper_sums
    rollouts = partial(_with_width, deeper_sums, width, min_child)
    return lookahead(analysis, particles=particles, meter=meter, rollouts=rollouts)


def _with_width(sums, width, min_child, outcomes, holes, undug, left, worth, closed_min):
    return sums(outcomes, holes, undug, left, worth, closed_min, width, min_child)


def python_deeper_sums(outcomes: np.ndarray, holes: np.ndarray, undug: np.ndarray, left: int,
                       worth: np.ndarray, closed_min: int, width: int = WIDTH,
                       min_child: int = MIN_CHILD) -> tuple[np.ndarray, np.ndarray]:
    """``sums[i, o]``: over the particles where candidate ``holes[i]`` shows ``o``, the rupees
    still dug after it by the best of the ``width`` safest next digs, each followed by
    ``safest``; ``counts[i, o]``: how many such particles. numpy, one board at a time."""
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
            rest = left - 1 if o < RUPOOR_OUTCOME else left
            if not len(part) or rest == 0:
                continue
            if len(part) < min_child:
                sums[i, o] = (_open_loop(outcomes, part, base, after, rest, worth)
                              if len(part) < closed_min else
                              _tree_sum(outcomes, part, after, rest, worth, closed_min))
                continue
            order = _ranking(outcomes, part, after, worth)
            sums[i, o] = max(_after_first(outcomes, part, first, order, after, rest, worth,
                                          closed_min) for first in order[:width])
    return sums, counts


def _after_first(outcomes: np.ndarray, part: np.ndarray, first: int, order: np.ndarray,
                 undug: np.ndarray, left: int, worth: np.ndarray, closed_min: int) -> float:
    """Rupees over ``part`` when ``first`` is dug next and ``safest`` plays on after it."""
    shown = outcomes[part, first]
    after = undug.copy()
    after[first] = False
    total = 0.0
    for o in range(BOMB_OUTCOME):
        layouts = part[shown == o]
        if not len(layouts):
            continue
        total += len(layouts) * worth[o]
        rest = left - 1 if o < RUPOOR_OUTCOME else left
        if len(layouts) < closed_min:
            total += _open_loop(outcomes, layouts, order, after, rest, worth)
        else:
            total += _tree_sum(outcomes, layouts, after, rest, worth, closed_min)
    return total
