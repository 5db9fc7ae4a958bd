"""The desktop search's inner steps as they were written first, plain loops: the references
the bulk versions in :mod:`gridsight.vision.panels` must equal (``tests/test_vision_bulk.py``)
and are timed against (``bench/bench_panel_search.py``)."""

from __future__ import annotations

import numpy as np

from gridsight.vision.panels import (
    LABEL_SLACK,
    MAX_MODES,
    MIN_SUPPORT,
    MODE_RADIUS,
    _MeanShift,
    gaps_tried,
    rows_carried,
    widest_gap,
)


def plain_equal_intervals(balance: np.ndarray, min_w: float,
                          max_panels: int) -> list[tuple[list[int], int]]:
    """:func:`gridsight.vision.panels._equal_intervals` as it was: every gap's whole table
    of widths by starts scored, a NumPy pass per gap."""
    n_cols = len(balance)
    total = np.concatenate([[0.0], np.cumsum(balance)])
    pad = np.concatenate([total, np.full(2 * n_cols + 2, total[-1])])
    x = np.arange(n_cols)[None, :]
    out = []
    for count in range(1, max_panels + 1):
        widths = np.arange(max(2, int(np.ceil(min_w))), n_cols // count + 1)
        if len(widths) == 0:
            break
        w = widths[:, None]
        best: tuple[float, list[int], int] | None = None
        for gap in gaps_tried(n_cols, count):  # (as the bulk search tries them)
            score = np.zeros((len(widths), n_cols))
            for i in range(count):
                start = x + i * (w + gap)
                score += pad[start + w] - pad[start]
            score[x + count * w + (count - 1) * gap > n_cols] = -np.inf
            score[widest_gap(widths) < gap] = -np.inf
            k = int(np.argmax(score))
            value = float(score.flat[k])
            if best is None or value > best[0]:
                wi, x0 = divmod(k, n_cols)
                span = int(widths[wi])
                best = (value, [x0 + i * (span + gap) for i in range(count)], span)
        if best is not None and best[0] > 0:
            out.append((best[1], best[2]))
    return out


def plain_along(lab: np.ndarray, rows_ground: np.ndarray, panel: np.ndarray) -> np.ndarray:
    """:func:`gridsight.vision.panels._along` as it was: pixels-by-3 offsets, NumPy's sums
    and norms."""
    towards = panel - rows_ground
    offset = lab - rows_ground[:, None, :]
    along = (offset * towards[:, None, :]).sum(axis=2) / \
        np.maximum((towards ** 2).sum(axis=1), 1e-6)[:, None]
    off_line = np.linalg.norm(offset - along[..., None] * towards[:, None, :], axis=2)
    along[(off_line > LABEL_SLACK) | (along < -0.5) | (along > 1.5)] = np.nan
    return along


def plain_distances(lab: np.ndarray, colour: np.ndarray) -> np.ndarray:
    """:func:`gridsight.vision.panels._distances` as it was: NumPy's norm of the pixels-by-3
    offsets (to one colour, or to one a row)."""
    return np.linalg.norm(lab - (colour[:, None, :] if colour.ndim == 2 else colour), axis=2)


def plain_ground_by_rows(lab: np.ndarray, is_ground: np.ndarray, ground: np.ndarray,
                         min_h: float) -> np.ndarray:
    """:func:`gridsight.vision.panels._ground_by_rows` as it was: a median a row."""
    height, width = is_ground.shape
    out = np.empty((height, 3), np.float32)
    known = np.zeros(height, bool)
    for y in range(height):
        if is_ground[y].sum() >= max(4, 0.05 * width):
            out[y] = np.median(lab[y][is_ground[y]], axis=0)
            known[y] = True
    return rows_carried(out, known, ground, min_h)  # the part that was not changed


def plain_modes(lab: np.ndarray, max_modes: int = MAX_MODES, away: np.ndarray | None = None,
                distance: float = 0.0) -> list[np.ndarray]:
    """:func:`gridsight.vision.panels._modes` as it was (45th session): the seeds' bins
    taken by ``np.unique(axis=0)`` (the rows sorted as records), every seed stepped again at
    each step, still or not."""
    pixels = lab.reshape(-1, 3)
    sample = pixels[:: max(1, len(pixels) // 5000)].astype(np.float32)
    if away is not None:
        sample = sample[np.linalg.norm(sample - away, axis=1) >= distance]
    if len(sample) == 0:
        return []
    keys = np.floor(sample / MODE_RADIUS).astype(np.int32)
    _, first, counts = np.unique(keys, axis=0, return_index=True, return_counts=True)
    shift = _MeanShift(sample)
    seeds = sample[first[np.argsort(-counts)][:48]]
    inside = shift.near(seeds)
    seeds = shift.step(seeds, inside)
    moving = np.arange(len(seeds))
    for _ in range(9):
        found = shift.near_distinct(seeds[moving])
        if found is None:
            inside = shift.near(seeds)
        else:
            inside[moving] = found[:, shift.index]
        moved = shift.step(seeds, inside)
        moving = np.nonzero((moved.view(np.int64) != seeds.view(np.int64)).any(axis=1))[0]
        seeds = moved
        if not len(moving):
            break
    support = shift.support(seeds, 2 * MODE_RADIUS)
    total = len(pixels[:: max(1, len(pixels) // 5000)])
    modes: list[np.ndarray] = []
    for i in np.argsort(-support):
        if support[i] < MIN_SUPPORT * total:
            break
        if all(np.linalg.norm(seeds[i] - m) >= MODE_RADIUS for m in modes):
            modes.append(seeds[i])
        if len(modes) == max_modes:
            break
    return modes
