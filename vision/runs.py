"""Runs of ``True`` in boolean arrays: where each run starts and ends along a line, and each
row's longest run. Shared by the readers that find bands, boxes and bars by their runs of
ink (cards, box rows, glyph lines, panels, window regions)."""

from __future__ import annotations

import numpy as np


def true_runs(on: np.ndarray) -> list[tuple[int, int]]:
    """``(start, end)`` of each run of ``True`` in a 1D array, ``end`` exclusive."""
    edges = np.diff(np.concatenate([[0], on.astype(np.int8), [0]]))
    return list(zip(np.nonzero(edges == 1)[0].tolist(), np.nonzero(edges == -1)[0].tolist()))


def longest_runs(on: np.ndarray, gap: int = 1) -> tuple[np.ndarray, np.ndarray]:
    """For each row of booleans, the start and length of its longest run of ``True``
    (bridging gaps of up to ``gap`` ``False``; the first of equally long runs)."""
    on = np.asarray(on, bool)
    n, m = on.shape
    start = np.zeros(n, int)
    run = np.zeros(n, int)
    missed = np.zeros(n, int)
    best_start = np.zeros(n, int)
    best = np.zeros(n, int)
    for k in range(m):
        here = on[:, k]
        fresh = here & (run == 0)
        start[fresh] = k
        missed = np.where(here, 0, missed + 1)
        alive = here | ((run > 0) & (missed <= gap))
        run = np.where(alive, k - start + 1, 0)
        length = np.where(here, run, 0)
        better = length > best
        best[better], best_start[better] = length[better], start[better]
    return best_start, best
