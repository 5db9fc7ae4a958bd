"""Layouts drawn exactly from the posterior of a board: the particles of the lookahead policy.

Every layout that fits a board's readings is drawn with its exact probability under the model
(:mod:`gridsight.solvers.thrill_digger.analysis`): the bad set is drawn backwards through the forward
tables of the column sweep (:func:`gridsight.solvers.thrill_digger.counting.forward_sweep`): the last two
columns' masks in proportion to the number of fillings that end with them, then each earlier
column's mask in proportion to the fillings of the columns before it that fit the readings of
the column after it, so every fitting bad set is equally likely. The game model weighs a bad set
``w_block + (w_clean - w_block) * [no 2x2 block]``: a mixture of a uniform draw over all
fitting sets (weight ``w_block * N_all``) and a uniform draw over the block-free ones (weight
``(w_clean - w_block) * N_clean``), which is how it is drawn. The bombs among the undug bad
holes are then a uniformly random subset of the right size, the rest rupoors.

>>> from gridsight.solvers.thrill_digger.rules import BEGINNER
>>> from gridsight.solvers.thrill_digger.state import ThrillDiggerState
>>> state = ThrillDiggerState.empty(BEGINNER).with_token(1, 1, "g")
>>> particles = sample_layouts(state, "game", 100, seed=1)
>>> particles.outcomes.shape, bool((particles.outcomes[:, 6] == BOMB_OUTCOME).any())
((100, 20), False)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from gridsight.solvers.thrill_digger.blocks import block_probability, layout_weights
from gridsight.solvers.thrill_digger.counting import ForwardSweep, forward_sweep
from gridsight.solvers.thrill_digger.layouts import BOMB_OUTCOME, RUPOOR_OUTCOME
from gridsight.solvers.thrill_digger.rules import BOMB, COLOURS, RUPOOR, UNDUG, colour_of
from gridsight.solvers.thrill_digger.state import ThrillDiggerState
from gridsight.solvers.thrill_digger.validate import conflict_error

_COLOUR_OF_COUNT = np.array([COLOURS.index(colour_of(k)) for k in range(9)], dtype=np.int8)


@dataclass(frozen=True)
class Particles:
    """``outcomes[i, r * cols + c]``: what hole ``(r, c)`` holds in drawn layout ``i`` (a
    colour index 0..4, ``RUPOOR_OUTCOME`` or ``BOMB_OUTCOME`` of
    :mod:`gridsight.solvers.thrill_digger.layouts`), dug holes included."""

    state: ThrillDiggerState
    model: str
    outcomes: np.ndarray


def _pick_rows(weights: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """One column index per row of ``weights`` (non-negative), in proportion to the row."""
    cumulative = np.cumsum(weights, axis=1)
    target = rng.random(len(weights)) * cumulative[:, -1]
    picked = (cumulative <= target[:, None]).sum(axis=1)
    return np.minimum(picked, weights.shape[1] - 1)


def _draw_bad_sets(
    sweep: ForwardSweep, variant: int, count: int, rng: np.random.Generator
) -> np.ndarray:
    """``count`` bad sets drawn uniformly among those the sweep's ``variant`` counts, as a
    boolean array ``[count, rows, cols]``."""
    rows, cols, bad = sweep.rows, sweep.cols, sweep.bad
    chosen = np.zeros((count, cols), dtype=np.intp)  # mask index per column
    last = sweep.transfers[cols - 1][variant, :, :, 0]  # [b, a]
    final = sweep.alpha[cols - 1][variant, :, :, bad] * last.T  # [a, b]
    flat = _pick_rows(np.broadcast_to(final.ravel(), (count, final.size)), rng)
    a_index, b_index = np.divmod(flat, final.shape[1])
    chosen[:, cols - 1] = b_index
    left = bad - sweep.columns[cols - 1].pop[b_index]
    if cols >= 2:
        chosen[:, cols - 2] = a_index
    for j in range(cols - 2, 0, -1):
        b, c = chosen[:, j], chosen[:, j + 1]
        # fillings of columns 0..j ending (a, b) with `left` bad holes, times the readings
        # of column j (and the block rule between j and j+1) holding for (a, b, c).
        forward = sweep.alpha[j][variant][:, b, left].T  # [sample, a]
        fits = sweep.transfers[j][variant][b, :, c]  # [sample, a]
        chosen[:, j - 1] = _pick_rows(forward * fits, rng)
        left = left - sweep.columns[j].pop[b]
    bad_sets = np.zeros((count, rows, cols), dtype=bool)
    for j, column in enumerate(sweep.columns):
        masks = column.masks[chosen[:, j]]
        for r in range(rows):
            bad_sets[:, r, j] = (masks >> r) & 1 == 1
    return bad_sets


def _neighbour_counts(cells: np.ndarray) -> np.ndarray:
    """For a boolean ``[n, rows, cols]`` array, how many of each cell's 8 neighbours are set."""
    n, rows, cols = cells.shape
    padded = np.zeros((n, rows + 2, cols + 2), dtype=np.int8)
    padded[:, 1:-1, 1:-1] = cells
    total = np.zeros((n, rows, cols), dtype=np.int8)
    for dr in (0, 1, 2):
        for dc in (0, 1, 2):
            if (dr, dc) != (1, 1):
                total += padded[:, dr : dr + rows, dc : dc + cols]
    return total


def sample_layouts(
    state: ThrillDiggerState, model: str, count: int, *, seed: int
) -> Particles:
    """``count`` layouts drawn independently from the exact posterior of ``state`` under
    ``model`` (``game`` or ``uniform``), from ``numpy.random.PCG64(seed)``.

    Raises :class:`gridsight.solvers.errors.ImpossibleBoardError` when no layout fits.
    """
    d = state.difficulty
    rng = np.random.Generator(np.random.PCG64(seed))
    tokens = np.array(state.grid)
    known_bombs = int((tokens == BOMB).sum())
    free_bombs = d.bombs - known_bombs
    free_bad = d.bad - known_bombs - int((tokens == RUPOOR).sum())
    if free_bombs < 0 or free_bad < free_bombs:
        raise conflict_error(state)
    if model == "game":
        sweep = forward_sweep(state.grid, d.bad, (False, True))
        every, clean = sweep.totals()
        w_clean, w_block = layout_weights(block_probability(d.rows, d.cols, d.bad))
        z = w_clean * clean + w_block * (every - clean)
        from_every = float(Fraction(w_block * every, z)) if z else 0.0
    elif model == "uniform":
        sweep = forward_sweep(state.grid, d.bad, (False,))
        every, clean, from_every = sweep.totals()[0], 0, 1.0
    else:
        raise ValueError(f"unknown model '{model}'")
    if every == 0:
        raise conflict_error(state)
    use_every = rng.random(count) < from_every
    bad_sets = np.empty((count, d.rows, d.cols), dtype=bool)
    for variant, members in ((0, use_every), (1, ~use_every)):
        if members.any():
            bad_sets[members] = _draw_bad_sets(sweep, variant, int(members.sum()), rng)

    flat_bad = bad_sets.reshape(count, -1)
    undug = (tokens == UNDUG).reshape(-1)
    # The bombs among the undug bad holes: the free_bombs of them with the smallest keys.
    keys = rng.random(flat_bad.shape)
    keys[~(flat_bad & undug)] = 2.0
    order = np.argsort(keys, axis=1, kind="stable")
    bombs = np.zeros_like(flat_bad)
    np.put_along_axis(bombs, order[:, :free_bombs], True, axis=1)
    bombs |= (tokens == BOMB).reshape(-1)
    outcomes = _COLOUR_OF_COUNT[_neighbour_counts(bad_sets).reshape(count, -1)]
    outcomes[flat_bad] = RUPOOR_OUTCOME
    outcomes[bombs] = BOMB_OUTCOME
    return Particles(state, model, outcomes)
