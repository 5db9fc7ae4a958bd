"""Reading tiles against known looks (:mod:`gridsight.vision.mapview`), computed at once for
every tile and camera, gives exactly what the plain per-tile, per-camera rules below say.

The plain rules are the module's own before it was made fast (session 25: a tile-room read
~2.5x quicker); each test feeds both the same small random inputs, ties and sprites included,
and asks for identical figures: a camera's cost a bit off would reorder near ties.
"""

from __future__ import annotations

import numpy as np
import pytest

from gridsight.vision import mapview
from gridsight.vision.mapview import (
    FIT_WEIGHT,
    MAX_OTHER,
    MIN_SHARE,
    STRONG,
    UNREAD_COST,
    Looks,
    TileRead,
    place_by_looks,
    read_tiles,
    votes,
)

T = 8  # small tiles keep the test quick


def _plain_votes(tiles: np.ndarray, looks: Looks, allowed: np.ndarray | None = None
                 ) -> np.ndarray:
    tiles = tiles.reshape((-1, T, T) + tiles.shape[-1:])
    flat = tiles.reshape(len(tiles), 1, -1, tiles.shape[-1]).astype(np.int16)
    ref = looks.images.reshape(1, len(looks.images), -1, looks.images.shape[-1]).astype(np.int16)
    d = np.abs(flat - ref).max(axis=3)
    if allowed is not None:
        d[:, ~allowed] = 32767
    nearest = d.argmin(axis=1)
    close = d.min(axis=1) <= looks.tolerance
    out = np.zeros((len(tiles), len(looks.images)), np.float32)
    for j in range(len(looks.images)):
        out[:, j] = ((nearest == j) & close).mean(axis=1)
    return out


def _plain_read(tiles: np.ndarray, looks: Looks, allowed: set[int] | None = None
                ) -> list[TileRead]:
    names, kinds = np.array(looks.names), np.array(looks.kinds)
    inside = np.ones(len(names), bool) if allowed is None else np.isin(kinds, list(allowed))
    if not inside.any():
        return [TileRead(-1, 0.0, 0.0) for _ in range(int(np.prod(tiles.shape[:-3])))]
    shares = _plain_votes(tiles, looks, inside)
    unique = list(dict.fromkeys(names[inside]))
    pooled = np.stack([shares[:, names == name].sum(axis=1) for name in unique], axis=1)
    out = []
    for row, by_name in zip(shares, pooled):
        order = np.argsort(-by_name, kind="stable")
        share = float(by_name[order[0]])
        other = float(by_name[order[1]]) if len(order) > 1 else 0.0
        best = int(np.argmax(np.where(names == unique[order[0]], row, -1.0)))
        ok = share >= MIN_SHARE and other <= MAX_OTHER * share
        out.append(TileRead(best if ok else -1, share, other))
    return out


def _plain_costs(view, kinds, looks, phase, anchor, known):
    """Every camera's cost on the grid at ``phase``, camera by camera."""
    tiles = mapview.tiles_at(view, phase, T)
    n_rows, n_cols = tiles.shape[:2]
    reads = _plain_read(tiles, looks)
    read_kind = np.array([looks.kinds[r.look] if r.look >= 0 and r.share >= STRONG else -1
                          for r in reads])
    misfit = FIT_WEIGHT * sum(1.0 - r.share for r, k in zip(reads, read_kind) if k >= 0)
    rows, cols = known.shape
    anchor_tiles = anchor[: rows * T, : cols * T].reshape(rows, T, cols, T, -1).swapaxes(1, 2)
    out = []
    for cy in range(kinds.shape[0] * T - view.shape[0] + 1):
        for cx in range(kinds.shape[1] * T - view.shape[1] + 1):
            if (-cy) % T != phase[1] or (-cx) % T != phase[0]:
                continue
            r0, c0 = -(-cy // T), -(-cx // T)
            window = kinds[r0 : r0 + n_rows, c0 : c0 + n_cols].reshape(-1)
            conflict = (read_kind >= 0) & (window >= 0) & (read_kind != window)
            missed = (read_kind < 0) & np.isin(window, sorted(set(looks.kinds)))
            cost = float(conflict.sum()) + UNREAD_COST * float(missed.sum()) + misfit
            mask = known[r0 : r0 + n_rows, c0 : c0 + n_cols]
            if mask.any():
                ref = anchor_tiles[r0 : r0 + n_rows, c0 : c0 + n_cols][mask].astype(np.int16)
                close = np.abs(tiles.astype(np.int16)[mask] - ref).max(axis=-1) <= looks.tolerance
                cost += float((1.0 - close.mean(axis=(1, 2))).sum())
            out.append((cost / max(len(reads), 1), (cx, cy)))
    return out


def _room(seed: int):
    """A random room of three kinds, its looks (two of one name, one look repeated under
    another name: ties), and a view of it with noise and a few pasted sprites."""
    rng = np.random.default_rng(seed)
    kinds = rng.choice([0, 0, 0, 1, 2], size=(7, 9))
    images = rng.integers(0, 256, (5, T, T, 3), dtype=np.uint8)
    images[4] = images[0]  # the same look under two names: every pixel ties
    looks = Looks(images, (0, 0, 1, 2, 1), ("a", "b", "block", "wall", "copy"))
    look_of = {0: [0, 1], 1: [2], 2: [3]}
    pixels = np.zeros((7 * T, 9 * T, 3), np.uint8)
    for (r, c), k in np.ndenumerate(kinds):
        pixels[r * T:(r + 1) * T, c * T:(c + 1) * T] = images[rng.choice(look_of[int(k)])]
    noise = rng.integers(-45, 46, pixels.shape)
    pixels = np.clip(pixels.astype(int) + noise * (rng.random(pixels.shape[:2]) < 0.3)[..., None],
                     0, 255).astype(np.uint8)
    for _ in range(3):  # sprites over tiles
        y, x = rng.integers(0, 7 * T - 6), rng.integers(0, 9 * T - 6)
        pixels[y:y + 6, x:x + 6] = rng.integers(0, 256, 3)
    known = kinds != 0
    known[rng.random(known.shape) < 0.3] = False
    return kinds, looks, pixels, known, rng


@pytest.mark.parametrize("seed", range(6))
def test_votes_and_reads_are_the_plain_rules(seed):
    kinds, looks, pixels, _known, rng = _room(seed)
    tiles = mapview.tiles_at(pixels, (int(rng.integers(T)), int(rng.integers(T))), T)
    for allowed in (None, np.array([True, False, True, False, True]), np.zeros(5, bool)):
        got = votes(tiles, looks, allowed)
        assert got.dtype == np.float32 and np.array_equal(got, _plain_votes(tiles, looks, allowed))
    for kinds_allowed in (None, {0}, {1, 2}, {5}):
        assert read_tiles(tiles, looks, kinds_allowed) == _plain_read(tiles, looks, kinds_allowed)
    same = read_tiles(mapview.tiles_at(looks.images[4], (0, 0), T), looks)
    assert same == [TileRead(0, 1.0, 0.0)]  # a pixel as near two looks votes for the first
    halves = looks.images[2].copy()
    halves[T // 2 :] = looks.images[3][T // 2 :]  # half a block, half a wall: a tie
    assert read_tiles(mapview.tiles_at(halves, (0, 0), T), looks) == [TileRead(-1, 0.5, 0.5)]


@pytest.mark.parametrize("seed", range(6))
def test_every_camera_is_costed_as_one_by_one(seed, monkeypatch):
    kinds, looks, pixels, known, rng = _room(seed)
    cy, cx = int(rng.integers(0, 2 * T)), int(rng.integers(0, 3 * T))
    view = pixels[cy:cy + 5 * T - 3, cx:cx + 6 * T - 5]
    anchor = pixels.copy()
    seen = []
    phases = [(int(rng.integers(T)), int(rng.integers(T))) for _ in range(3)]
    first = ((-phases[0][0]) % T, (-phases[0][1]) % T)  # a camera of the first grid
    monkeypatch.setattr(mapview, "_best", lambda results, tile: seen.append(list(results))
                        or mapview.Placement(first, tile, 0.0, 1.0))
    place_by_looks(view, kinds, looks, anchor=anchor, known=known, phases=phases)
    plain = [cost for phase in phases for cost in _plain_costs(view, kinds, looks, phase,
                                                                 anchor, known)]
    assert seen == [plain]


def _plain_features(tiles: np.ndarray, size: int) -> np.ndarray:
    n, t = tiles.shape[0] * tiles.shape[1], tiles.shape[2]
    f = tiles.reshape(n, t, t, 3).astype(np.float32) @ np.array([0.114, 0.587, 0.299],
                                                                 np.float32)
    levels = np.clip(f.reshape(n, -1) / 4.0, 0, 63).astype(np.int64)
    counts = np.bincount((levels + 64 * np.arange(n)[:, None]).ravel(),
                         minlength=64 * n).reshape(n, 64).astype(np.float32)
    ranks = np.take_along_axis(np.cumsum(counts, axis=1) - counts / 2, levels, axis=1) / (t * t)
    k = t // size
    f = ranks.reshape(n, t, t)[:, : size * k, : size * k]
    f = f.reshape(n, size, k, size, k).mean(axis=(2, 4)).reshape(n, -1)
    f = f - f.mean(axis=1, keepdims=True)
    return f / np.maximum(f.std(axis=1, keepdims=True), 0.05)


def _plain_kind_costs(feats: np.ndarray, windows: np.ndarray, kind_ids: list[int]) -> np.ndarray:
    onehot = np.stack([windows == k for k in kind_ids], axis=2).astype(np.float32)
    norms = (feats * feats).sum(axis=1)
    weights = onehot
    for _ in range(2):
        counts = np.maximum(weights.sum(axis=1), 1e-6)
        protos = np.einsum("cnk,nd->ckd", weights, feats) / counts[:, :, None]
        cross = np.einsum("nd,ckd->cnk", feats, protos)
        sq = (protos * protos).sum(axis=2)
        dist = (norms[None, :, None] - 2 * cross + sq[:, None, :]) / feats.shape[1]
        d = (dist * onehot).sum(axis=2)
        weights = onehot * (d < mapview.STRUCTURE_CAP)[:, :, None]
    counted = np.maximum(onehot.sum(axis=(1, 2)), 1)
    return np.minimum(np.maximum(d, 0), mapview.STRUCTURE_CAP).sum(axis=1) / counted


@pytest.mark.parametrize("seed", range(4))
def test_designs_and_kind_costs_are_the_float_rules(seed):
    """Ranks pooled in integers (tiles of 16 and 8 pixels; 12 takes the float path) and the
    second round of the kinds' means redone only where a tile went over the cap: the same
    figures to the bit."""
    rng = np.random.default_rng(seed)
    for t, size in ((16, 8), (16, 5), (8, 4), (12, 6)):
        tiles = rng.integers(0, 256, (3, 4, t, t, 3), dtype=np.uint8)
        tiles[0] = tiles[0] // 64 * 64  # few grey levels: many ties of rank
        got = mapview.structure_features(tiles, size)
        assert got.dtype == np.float32 and np.array_equal(got, _plain_features(tiles, size))
    feats = mapview.structure_features(rng.integers(0, 256, (5, 7, 16, 16, 3), np.uint8), 8)
    feats[:10] = feats[0]  # ten tiles alike: a camera counting those alone has none over the cap
    windows = rng.choice([-1, 0, 1, 2, 2, 2], size=(30, 35))
    windows[:3] = -1
    windows[:3, :10] = [0], [1], [2]
    got = mapview._kind_costs(feats, windows, [0, 1, 2])
    assert got.dtype == np.float32 and np.array_equal(got, _plain_kind_costs(feats, windows,
                                                                              [0, 1, 2]))


def test_a_profiles_comb_is_the_plain_sum_whatever_its_length_or_order():
    """:func:`tiling._comb` takes each period's wave from a store kept per profile length
    (:func:`tiling._waves`, the last two lengths up to ``WAVES_KEPT``), cut from one table
    (``WAVES_TABLE`` long): it gives, to the bit, the plain sum of the profile against waves
    worked out afresh, for a length seen before, a new one, one past the store, after the
    store moved on, the table's own length and one past it; the waves it keeps cannot be
    written to."""
    import cv2

    from gridsight.vision import tiling

    def plain(profile: np.ndarray) -> np.ndarray:
        f = profile.astype(np.float32)
        high = f - cv2.blur(f.reshape(1, -1), (9, 1), borderType=cv2.BORDER_REPLICATE).ravel()
        periods = np.arange(tiling.GRID_PERIODS[0], tiling.GRID_PERIODS[1], tiling.GRID_STEP)
        x = np.arange(len(high), dtype=np.float64)
        return np.exp(-2j * np.pi * x[None, :] / periods[:, None]) @ high.astype(np.float64)

    rng = np.random.default_rng(7)
    for n in (120, 97, 120, tiling.WAVES_KEPT + 1, 64, 97, 120, 1500, tiling.WAVES_TABLE,
              tiling.WAVES_TABLE + 1):
        profile = rng.random(n) * 255
        periods, coefficients = tiling._comb(profile)
        assert np.array_equal(coefficients, plain(profile)), n
        periods[0] = -1.0  # the caller's own copy
    assert tiling._comb(rng.random(50))[0][0] == tiling.GRID_PERIODS[0]
    _periods, waves = tiling._waves(50)
    with pytest.raises(ValueError):
        waves[0, 0] = 0


def test_a_pictures_structure_lags_and_flatness_are_the_plain_ones_kept_by_its_pixels():
    """:func:`tiling._structure` of 8-bit pixels (worked out in 8 bits) is the float rule's
    to the bit, grey or colour, a pixel wide or tall; :func:`tiling._mad` is numpy's mean of
    the plain differences; what is kept of a picture (:func:`tiling._worked_out`) is kept by
    its pixels: the same array written over is worked out afresh, and what is kept cannot
    be written to."""
    from gridsight.vision import tiling

    def plain_structure(image: np.ndarray) -> np.ndarray:
        f = image.astype(np.float32)
        f = f if f.ndim == 3 else f[:, :, None]
        gx = np.zeros(f.shape[:2], np.float32)
        gy = np.zeros(f.shape[:2], np.float32)
        gx[:, :-1] = np.abs(f[:, 1:] - f[:, :-1]).max(axis=2)
        gy[:-1] = np.abs(f[1:] - f[:-1]).max(axis=2)
        return np.minimum(gx + gy, 80.0)

    rng = np.random.default_rng(11)
    for shape in ((37, 53, 3), (29, 41), (1, 9, 3), (9, 1, 3), (12, 14, 4)):
        image = rng.integers(0, 256, shape, dtype=np.uint8)
        image[: shape[0] // 2] //= 8  # small steps too, not only capped ones
        structure = tiling._structure(image)
        assert structure.dtype == np.float32 and np.array_equal(structure,
                                                                plain_structure(image)), shape
    grey = tiling._structure(rng.integers(0, 256, (40, 50, 3), dtype=np.uint8))
    for lag, axis in ((1, 1), (7, 1), (3, 0), (39, 0)):
        plain = np.abs(grey[:, lag:] - grey[:, :-lag]) if axis == 1 else \
            np.abs(grey[lag:] - grey[:-lag])
        assert tiling._mad(grey, lag, axis) == float(np.mean(plain)), (lag, axis)
    image = rng.integers(0, 256, (48, 64, 3), dtype=np.uint8)
    image[:, :9] = image[:12] = 40  # a flat margin left and above the busy picture
    for _ in range(2):
        for axis, span in ((1, None), (0, (5, 40))):
            before, after = tiling._flatness(image, axis, span)
            plain_before, plain_after = tiling._flatness_of(image, axis, span)
            assert np.array_equal(before, plain_before) and np.array_equal(after, plain_after)
            with pytest.raises(ValueError):
                before[0] = 0
        image[:, 20:30] = image[20:30] = 90  # the same array, other pixels


def test_an_8bit_pictures_line_medians_and_flatness_are_numpys():
    """:func:`tiling._line_medians_8bit` (counts of each grey level) gives NumPy's float32
    medians to the bit, lines of an odd and even length, few or many levels, rows or columns
    (a transposed picture, a span of it); so :func:`tiling._flatness_of` of 8-bit pixels is
    that of the same grey levels in floats (NumPy's median)."""
    from gridsight.vision import tiling

    rng = np.random.default_rng(5)
    for h, w, levels in ((7, 9, 256), (8, 10, 3), (1, 6, 256), (13, 1, 2), (30, 44, 40)):
        grey = rng.integers(0, levels, (h, w)).astype(np.float32)
        for lines in (grey, grey.T, grey[1:].T, grey[:, 1:]):
            if lines.shape[1]:
                got = tiling._line_medians_8bit(lines)
                plain = np.median(lines, axis=1, keepdims=True)
                assert got.dtype == plain.dtype and np.array_equal(got, plain), (h, w, levels)
    image = rng.integers(0, 256, (36, 50), dtype=np.uint8)
    image[:, :7] = image[:10] = 30
    for axis, span in ((1, None), (0, None), (1, (4, 31)), (0, (3, 40))):
        got = tiling._flatness_of(image, axis, span)
        plain = tiling._flatness_of(image.astype(np.float32), axis, span)
        assert all(np.array_equal(a, b) for a, b in zip(got, plain)), (axis, span)


def test_phase_ranking_orders_every_phase_as_the_plain_means_do():
    """Every phase's score is the mean of its capped squared differences, as NumPy's
    ``mean`` gives it (float32 summed, divided in doubles, rounded to float32): the whole
    order of the phases, not only the first, is the plain rule's."""
    import cv2

    rng = np.random.default_rng(11)
    for _ in range(6):
        looks = Looks(rng.integers(0, 256, (3, T, T, 3), dtype=np.uint8), (0, 1, 2),
                      ("a", "b", "c"), float(rng.uniform(10, 60)))
        view = rng.integers(0, 256, (5 * T + 3, 6 * T + 5, 3), dtype=np.uint8)
        view[T:2 * T, T:2 * T] = looks.images[1]  # one look placed whole: a clear best
        src = view.astype(np.float32)
        best = np.minimum.reduce([cv2.matchTemplate(src, im.astype(np.float32), cv2.TM_SQDIFF)
                                  for im in looks.images])
        best = np.minimum(best, looks.tolerance ** 2 * T * T * 3)
        table = np.array([[float(best[py::T, px::T].mean()) for px in range(T)]
                          for py in range(T)])
        plain = [(int(f) % T, int(f) // T) for f in np.argsort(table, axis=None)]
        assert mapview.phase_ranking(view, looks, keep=T * T) == plain


@pytest.mark.parametrize("seed", range(2))
def test_all_phases_designs_in_one_call_are_each_phases_own(seed):
    """:func:`kind_candidates` takes the designs of every phase's tiles from one call: each
    phase's rows are, to the bit, what a call on that phase's tiles alone gives; a phase
    without inner tiles has none (a view 21 pixels high: a quarter of
    its phases; two tiles high: every one)."""
    _kinds, _looks, pixels, _known, rng = _room(seed)
    cy, cx = int(rng.integers(0, 2 * T)), int(rng.integers(0, 3 * T))
    for view, empty in ((pixels[cy:cy + 5 * T - 3, cx:cx + 6 * T - 5], 0),
                        (pixels[:21, :4 * T], 4), (pixels[:2 * T, :4 * T], 16)):
        phases = [(px, py) for py in range(0, T, 2) for px in range(0, T, 2)]
        got = mapview._phase_features(view, phases, T, T // 2)
        for phase in phases:
            tiles = mapview.inner_tiles(view, phase, T)[0]
            if not tiles.size:
                assert got[phase] is None
                continue
            own = mapview.structure_features(tiles, T // 2)
            assert got[phase] is not None and np.array_equal(got[phase].view(np.uint32),
                                                             own.view(np.uint32))
        assert sum(v is None for v in got.values()) == empty


@pytest.mark.parametrize("seed", range(2))
def test_phases_costed_together_are_each_phases_own(seed):
    """:func:`kind_candidates` costs its phases together, a shape of tiles at a time, the
    phases with fewer cameras padded: each phase's costs are, to the bit, the plain rules'
    on that phase alone (a camera seeing no kind and cameras of one kind's alike tiles
    included)."""
    rng = np.random.default_rng(seed)
    jobs = []
    for n, cameras in ((35, 30), (35, 12), (28, 30), (35, 30), (28, 1)):
        feats = mapview.structure_features(rng.integers(0, 256, (5, 7, 16, 16, 3), np.uint8),
                                           8)[:n]
        feats[:6] = feats[0]  # tiles alike: cameras counting those alone have none over the cap
        windows = rng.choice([-1, 0, 1, 2, 2, 2], size=(cameras, n))
        windows[0] = -1  # a camera seeing no kind
        windows[1:3, :6], windows[1:3, 6:] = 1, -1
        jobs.append((windows, feats))
    got = mapview._kind_costs_of(jobs, [0, 1, 2])
    for (windows, feats), costs in zip(jobs, got):
        plain = _plain_kind_costs(feats, windows, [0, 1, 2])
        assert costs.dtype == np.float32 and np.array_equal(costs.view(np.uint32),
                                                            plain.view(np.uint32))


@pytest.mark.parametrize("seed", range(2))
def test_the_pixel_steps_cameras_compared_together_are_each_cameras_own(seed):
    """:func:`refined` compares its cameras' tiles together, a group of tiles at every
    camera grouping them alike at once: each camera's figures are those it has alone."""
    kinds, _looks, pixels, _known, rng = _room(seed)
    cy, cx = int(rng.integers(2, 2 * T)), int(rng.integers(2, 3 * T))
    view = pixels[cy:cy + 5 * T - 3, cx:cx + 6 * T - 5]
    near = [(cx + dx, cy + dy) for dy in range(-2, 3) for dx in range(-2, 3)]
    together = mapview._alike_each(view, kinds, T, near, near)
    assert together == [mapview._alike_each(view, kinds, T, near, [cam])[0] for cam in near]
    assert len(set(together)) > 1
