"""Where a scrolling view sits in a known tiled map, and what each of its tiles shows.

A room bigger than the screen is seen through a view that follows the player and stops at
the room's edges (it never shows past them). The view moves by whole pixels of the console's
own resolution (:mod:`gridsight.vision.tiling` resamples a screenshot back to it), so it sits at an
integer **camera** position: its top-left corner in map pixels, ``tile`` pixels a map cell.
A cell of the map is *fully in view* when its whole tile is inside the view; the view's edge
may cut the cells around them.

Two ways to find the camera, both trying every position the view can take:

- :func:`place_by_kinds`, when nothing is known of the tiles' looks yet (calibration): the
  map says which *kind* each cell is (say floor, block, wall). At the right camera the tiles
  fully in view fall apart into kinds whose tiles look alike in their structure (a cell's
  grey levels, standardised: tiles of one design in other colours look alike), while a camera
  off by a few pixels cuts tiles into pieces that match nothing, and a camera off by a tile
  puts blocks where the map has floor. The cost of a camera is the mean distance of each
  tile to the typical tile of its kind (capped: a sprite over a tile costs a bounded amount).
- :func:`place_by_looks`, once the looks are known (:class:`Looks`): the grids of tiles
  where the tiles match known looks best, then among their cameras the one where what each
  tile shows agrees with the map: a tile of one kind read where the map has another is a
  conflict, a tile matching nothing costs half as much, a cell whose very look is known (a
  wall piece, a statue) is compared with it.

A camera is refused as ambiguous when the next best one (a different placement, not the same
one a pixel off) explains the view as well.

Each tile is then read (:func:`read_tiles`) by its pixels, each voting for the known look it
is nearest to: a sprite standing over a tile hides part of it, and the rest still says which
look it is; a tile whose visible part votes for two looks, or for none well enough, is
unknown, never guessed.

A room of 12x9 cells: walls around, three blocks, floor tiles in two colours, every tile
with a dark line on its right and bottom; the view is 8x6 tiles cut at camera (21, 13):

>>> import numpy as np
>>> kinds = np.full((9, 12), 2); kinds[1:8, 1:11] = 0; kinds[2, 3] = kinds[4, 6] = kinds[6, 4] = 1
>>> room = np.zeros((9 * 16, 12 * 16, 3), np.uint8)
>>> red, blue, grey = (40, 60, 200), (200, 120, 40), (60, 60, 60)
>>> for (r, c), k in np.ndenumerate(kinds):
...     tile = room[r * 16:(r + 1) * 16, c * 16:(c + 1) * 16]
...     tile[:] = grey if k == 2 else red if k == 1 or (r * 7 + c * 3) % 5 == 0 else blue
...     tile[15], tile[:, 15] = 0, 0
...     if k == 1: tile[4:12, 4:12] = 255
>>> place = place_by_kinds(room[13:109, 21:149], kinds, 16)
>>> place.camera, place.full_cells(kinds.shape, (128, 96))
((21, 13), ((1, 5), (2, 8)))
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

TOLERANCE = 40.0  # a pixel agrees with a look when no channel is further than this
STRUCTURE_CAP = 1.2  # the most one tile adds to a camera's cost (a sprite over it)
MIN_SHARE = 0.2  # at least this share of a tile must agree with its look
MAX_OTHER = 0.35  # and no other look may agree with more than this share of what agrees


@dataclass(frozen=True)
class Placement:
    """A camera position and how well it explains the view: ``cost`` (lower is better) and
    ``runner_up``, the cost of the best camera placing the tiles differently."""

    camera: tuple[int, int]
    tile: int
    cost: float
    runner_up: float

    @property
    def phase(self) -> tuple[int, int]:
        """Where the first tile fully in view starts, in view pixels (x, y)."""
        return (-self.camera[0]) % self.tile, (-self.camera[1]) % self.tile

    @property
    def margin(self) -> float:
        return self.runner_up - self.cost

    def full_cells(self, map_shape: tuple[int, int], view_size: tuple[int, int]
                   ) -> tuple[tuple[int, int], tuple[int, int]]:
        """The map cells fully in a view of ``view_size`` (width, height) pixels, as inclusive
        ``((r0, r1), (c0, c1))``."""
        return _full_cells(self.camera, self.tile, map_shape, view_size)


def _full_cells(camera, tile, map_shape, view_size):
    cx, cy = camera
    w, h = view_size
    c0, r0 = -(-cx // tile), -(-cy // tile)
    c1, r1 = (cx + w) // tile - 1, (cy + h) // tile - 1
    rows, cols = map_shape
    return (max(0, r0), min(rows - 1, r1)), (max(0, c0), min(cols - 1, c1))


def tiles_at(view: np.ndarray, phase: tuple[int, int], tile: int) -> np.ndarray:
    """The tiles fully in ``view`` when the first starts at ``phase`` (x, y): an array
    ``(rows, cols, tile, tile, channels)``."""
    px, py = phase
    h, w = view.shape[:2]
    cols, rows = (w - px) // tile, (h - py) // tile
    part = view[py : py + rows * tile, px : px + cols * tile]
    shape = (rows, tile, cols, tile) + view.shape[2:]
    return part.reshape(shape).swapaxes(1, 2)


def structure_features(tiles: np.ndarray, size: int = 8) -> np.ndarray:
    """Each tile's design, whatever its colours: its grey levels replaced by their rank within
    the tile (the same design in another palette keeps its order of dark and light: its edge
    darker than its fill, its highlight lighter), averaged to ``size`` x ``size`` and
    standardised (a flat tile's spread taken as a small one)."""
    n = tiles.shape[0] * tiles.shape[1]
    t = tiles.shape[2]
    return _ranked(_levels(tiles.reshape((n, t, t) + tiles.shape[4:]), tiles.ndim == 5), size)


def _levels(pixels: np.ndarray, colour: bool) -> np.ndarray:
    """Each pixel's grey level in 64 steps (:func:`structure_features`): of grey pixels, or
    with ``colour`` of BGR ones (a last axis of 3). A pixel's level is its own, however
    many pixels are asked for at once (the product is per pixel)."""
    f = pixels.astype(np.float32)
    if colour:
        f = f @ np.array([0.114, 0.587, 0.299], np.float32)
    return np.clip(f / 4.0, 0, 63).astype(np.uint8)  # 64 grey steps


def _ranked(levels: np.ndarray, size: int) -> np.ndarray:
    """:func:`structure_features` of tiles given by their pixels' grey levels
    (:func:`_levels`), ``(n, t, t)``."""
    n, t = levels.shape[:2]
    levels = levels.reshape(n, -1)
    at = levels + 64 * np.arange(n)[:, None]
    k = t // size
    if t & (t - 1) == 0:
        # Twice each rank times the tile's pixels is a whole number (counts and their halves),
        # and so is its sum over a block: summed in integers and divided once, the figures
        # of the float path below to the bit (its ranks and sums are exact, its mean one
        # rounding of the same quotient), at a third of the work.
        # (in integers any order of sums is exact: 16-bit ones, up to 2 t^2 k^2, when they fit)
        counts_i = np.bincount(at.ravel(), minlength=64 * n).reshape(n, 64)
        small = np.int16 if 2 * t * t * k * k < 2**15 else np.int64
        twice = (2 * np.cumsum(counts_i, axis=1) - counts_i).astype(small).ravel()[at]
        twice = twice.reshape(n, t, t)[:, : size * k, : size * k]
        rows = twice.reshape(n, size, k, size * k)  # each block's k rows, then k columns
        block = sum(rows[:, :, i] for i in range(1, k)) + rows[:, :, 0]
        block = block.reshape(n, size, size, k)
        block = sum(block[..., j] for j in range(1, k)) + block[..., 0]
        f = block.reshape(n, -1).astype(np.float32) / np.float32(2 * t * t * k * k)
    else:
        counts = np.bincount(at.ravel(), minlength=64 * n).reshape(n, 64).astype(np.float32)
        below = np.cumsum(counts, axis=1) - counts / 2  # ties share their middle rank
        ranks = np.take_along_axis(below, levels, axis=1) / (t * t)
        f = ranks.reshape(n, t, t)[:, : size * k, : size * k]
        f = f.reshape(n, size, k, size, k).mean(axis=(2, 4)).reshape(n, -1)
    f = f - f.mean(axis=1, keepdims=True)
    spread = np.maximum(f.std(axis=1, keepdims=True), 0.05)
    return f / spread


def _cameras(map_shape, tile, view_size):
    rows, cols = map_shape
    w, h = view_size
    return range(cols * tile - w + 1), range(rows * tile - h + 1)


def inner_tiles(view: np.ndarray, phase: tuple[int, int], tile: int
                ) -> tuple[np.ndarray, tuple[int, int]]:
    """The tiles fully in view whose middles lie at least a tile inside the view's edges, and
    the index (column, row) of the first among all tiles fully in view. Every phase has as
    many of them, so cameras of different phases are compared on as many tiles."""
    h, w = view.shape[:2]
    px, py = phase
    first_c = max(0, -(-(tile - px - tile // 2) // tile))
    first_r = max(0, -(-(tile - py - tile // 2) // tile))
    last_c = (w - tile - px - tile // 2 - 1) // tile
    last_r = (h - tile - py - tile // 2 - 1) // tile
    tiles = tiles_at(view, phase, tile)[first_r : last_r + 1, first_c : last_c + 1]
    return tiles, (first_c, first_r)


def place_by_kinds(view: np.ndarray, kinds: np.ndarray, tile: int) -> Placement:
    """The camera whose tiles best fall into the map's kinds: the first of
    :func:`kind_candidates`."""
    return kind_candidates(view, kinds, tile, keep=1)[0]


def kind_candidates(view: np.ndarray, kinds: np.ndarray, tile: int,
                    keep: int = 3, refine: bool = True) -> list[Placement]:
    """The ``keep`` cameras placing the tiles most differently whose tiles best fall into
    the map's kinds (see the module docstring), best first,
    judged on the tiles a tile inside the view's edges (:func:`inner_tiles`). ``kinds``
    holds an integer per map cell (negative: anything may be there). A first pass compares
    designs at half resolution at every other phase; then the cameras within two pixels of
    the best are told apart by how exactly alike their tiles are (:func:`_alike`;
    ``refine`` false: not yet, each placement's camera the first pass's, for a caller that
    keeps few of many candidates and refines those with :func:`refined`: the pixel step is
    three quarters of the work). Raises :class:`ValueError` when the view is larger than
    the map."""
    h, w = view.shape[:2]
    xs, ys = _cameras(kinds.shape, tile, (w, h))
    if not len(xs) or not len(ys):
        raise ValueError("the view is larger than the map")
    kind_ids = [int(k) for k in np.unique(kinds) if k >= 0]

    # Each phase's cameras, their windows of kinds and the designs of their tiles; costed
    # together below (:func:`_kind_costs_of`), every camera's figures as a call per phase.
    jobs: list[tuple[list[tuple[int, int]], np.ndarray, np.ndarray]] = []

    def costs_at(phase: tuple[int, int], size: int, only=None, feats=None) -> None:
        px, py = phase
        tiles, (fc, fr) = inner_tiles(view, phase, tile)
        n_rows, n_cols = tiles.shape[:2]
        cams = [(cx, cy) for cy in range((-py) % tile, len(ys), tile)
                for cx in range((-px) % tile, len(xs), tile)]
        if only is not None:
            cams = [cam for cam in cams if only(cam)]
        if not cams or n_rows == 0 or n_cols == 0:
            return
        # Each camera's window of kinds (its first cell's row and column, then the inner
        # tiles' offsets), indexed in one step: a sliding window view's cells, without it.
        at = np.array(cams)
        r0s = -(-at[:, 1] // tile) + fr
        c0s = -(-at[:, 0] // tile) + fc
        windows = kinds[(r0s[:, None] + np.arange(n_rows))[:, :, None],
                        (c0s[:, None] + np.arange(n_cols))[:, None, :]]
        windows = windows.reshape(len(cams), -1)
        if feats is None:
            feats = structure_features(tiles, size)
        jobs.append((cams, windows, feats))

    # Every other phase (the pixel is settled below), the designs of all their tiles in one
    # call: each tile's features are its own (row by row), as many calls would give them.
    phases = [(px, py) for py in range(0, tile, 2) for px in range(0, tile, 2)]
    designs = _phase_features(view, phases, tile, max(1, tile // 2))
    for phase in phases:
        costs_at(phase, max(1, tile // 2), feats=designs[phase])
    # The last camera each way may be of an odd phase, its even neighbour past the map's
    # edge: a view cut by the screenshot's edge at the room's far wall sits there (132012:
    # cut 5 console pixels on the left, camera 85 of 0-85; 84, a pixel off, cost twice as
    # much and lost to a place at the room's other end). Those cameras are tried too.
    x_end, y_end = xs[-1], ys[-1]
    odd_x, odd_y = (-x_end) % tile % 2 == 1, (-y_end) % tile % 2 == 1
    if odd_x:
        for py in range(0, tile, 2):
            costs_at(((-x_end) % tile, py), max(1, tile // 2),
                     only=lambda cam: cam[0] == x_end)
    if odd_y:
        for px in list(range(0, tile, 2)) + ([(-x_end) % tile] if odd_x else []):
            costs_at((px, (-y_end) % tile), max(1, tile // 2),
                     only=lambda cam: cam[1] == y_end)
    all_costs = _kind_costs_of([(windows, feats) for _cams, windows, feats in jobs], kind_ids)
    if not jobs:
        raise ValueError("the view is larger than the map")
    # The cameras by cost (a stable sort: ties in the order tried), and the best of each
    # distinct placement: each next one the first after the last that is more than a
    # quarter tile from every one before it (those far from all, kept as a mask).
    costs = np.concatenate(all_costs)
    at = np.array([cam for cams, _windows, _feats in jobs for cam in cams])
    order = np.argsort(costs, kind="stable")
    xs_by, ys_by = at[order, 0], at[order, 1]
    far = np.ones(len(order), bool)
    heads: list[tuple[float, tuple[int, int]]] = []  # the best of each distinct placement
    place = 0
    while True:
        heads.append((float(costs[order[place]]), (int(xs_by[place]), int(ys_by[place]))))
        if len(heads) > keep:
            break
        far &= (np.abs(xs_by - xs_by[place]) > tile // 4) | (np.abs(ys_by - ys_by[place])
                                                              > tile // 4)
        later = np.flatnonzero(far[place + 1 :])
        if not len(later):
            break
        place += 1 + int(later[0])
    out = []
    for i, (cost, best_cam) in enumerate(heads[:keep]):
        runner = heads[i + 1][0] if i + 1 < len(heads) else float("inf")
        if i:
            runner = max(runner, heads[0][0])
        placement = Placement(best_cam, tile, float(cost), float(runner))
        out.append(refined(view, kinds, placement) if refine else placement)
    return out


def _phase_features(view: np.ndarray, phases: list[tuple[int, int]], tile: int, size: int
                    ) -> dict[tuple[int, int], np.ndarray | None]:
    """:func:`structure_features` of each phase's inner tiles (:func:`inner_tiles`), computed
    in one call over all their tiles (a tile's features depend on it alone: the figures of a
    call per phase, to the bit, without the per-call work that was most of a small call's
    time). ``None`` for a phase without tiles."""
    # (the view's grey levels worked out once: each pixel lies in a tile of nearly every
    # phase, and its level is its own, whichever tile it is taken in)
    levels = _levels(view, view.ndim == 3)
    parts = [inner_tiles(levels, phase, tile)[0] for phase in phases]
    counts = [part.shape[0] * part.shape[1] for part in parts]
    out: dict[tuple[int, int], np.ndarray | None] = dict.fromkeys(phases)
    if not sum(counts):
        return out
    every = _ranked(np.concatenate(
        [part.reshape((-1,) + part.shape[2:]) for part in parts if part.size]), size)
    start = 0
    for phase, count in zip(phases, counts):
        if count:
            out[phase] = every[start : start + count]
            start += count
    return out


def refined(view: np.ndarray, kinds: np.ndarray, placement: Placement) -> Placement:
    """``placement`` (a first pass's, :func:`kind_candidates`) at its pixel: among the
    cameras within two pixels of it, the one whose tiles of each kind and colour are most
    exactly alike (:func:`_alike`, judged on the map cells all of them show)."""
    tile = placement.tile
    xs, ys = _cameras(kinds.shape, tile, view.shape[1::-1])
    x0, y0 = placement.camera
    near = [(x0 + dx, y0 + dy) for dy in range(-2, 3)
            for dx in range(-2, 3) if x0 + dx in xs and y0 + dy in ys]
    scores = _alike_each(view, kinds, tile, near, near)
    camera = near[max(range(len(near)), key=scores.__getitem__)]
    return Placement(camera, tile, placement.cost, placement.runner_up)


def _alike(view: np.ndarray, kinds: np.ndarray, tile: int, cameras: list[tuple[int, int]],
           camera: tuple[int, int]) -> tuple[float, float]:
    """How exactly alike the tiles are at ``camera``, on the map cells fully in view for
    every one of ``cameras``: within each kind, tiles are grouped by their mean colour, and
    each group's tiles compared with the group's median tile. Returns (how many tiles agree
    with it on nearly every pixel, minus their mean difference): a camera a pixel off mixes
    a strip of each tile's neighbour in, which differs from one tile to the next."""
    return _alike_each(view, kinds, tile, cameras, [camera])[0]


def _alike_each(view: np.ndarray, kinds: np.ndarray, tile: int,
                cameras: list[tuple[int, int]], chosen: list[tuple[int, int]]
                ) -> list[tuple[float, float]]:
    """:func:`_alike` at each camera of ``chosen``, on the cells all of ``cameras`` show:
    the tiles of every chosen camera cut out at once, and a group of tiles (of a kind and
    colour) compared at every camera grouping them alike in one step. Each camera's figures
    are those of a call of its own to the bit: its counts and sums are over the same tiles
    and pixels in the same order, added up group by group in the same order."""
    h, w = view.shape[:2]
    spans = [_full_cells(cam, tile, kinds.shape, (w, h)) for cam in cameras]
    r0, r1 = max(sp[0][0] for sp in spans), min(sp[0][1] for sp in spans)
    c0, c1 = max(sp[1][0] for sp in spans), min(sp[1][1] for sp in spans)
    if r1 < r0 or c1 < c0:
        return [(0.0, 0.0)] * len(chosen)
    window = kinds[r0 : r1 + 1, c0 : c1 + 1].reshape(-1)
    n_rows, n_cols = r1 - r0 + 1, c1 - c0 + 1
    parts = []
    for camera in chosen:
        x, y = c0 * tile - camera[0], r0 * tile - camera[1]
        parts.append(view[y : y + n_rows * tile, x : x + n_cols * tile])
    # Each tile's pixels channel by channel, ``(cameras, cells, channels, pixels)``: every
    # figure below is a count, a sum of whole numbers, a largest or a middle value, exact
    # in any order, so laid out for the pixels to run along the last axis (a tenth of the
    # time of reducing a last axis of three channels; session 37).
    stacked = np.stack(parts)
    if stacked.ndim == 3:
        stacked = stacked[..., None]
    flat = stacked.reshape(len(chosen), n_rows, tile, n_cols, tile, -1).transpose(0, 1, 3, 5, 2, 4)
    flat = flat.reshape(len(chosen), len(window), -1, tile * tile).astype(np.int16)
    pixels = float(tile * tile)
    # Every tile's mean colour at once: its sum of whole numbers divided by the pixels in
    # doubles, as NumPy's mean divides it (the same doubles, to the bit).
    all_means = flat.sum(axis=3, dtype=np.int64) / pixels
    # Each camera's groups (kind by kind, then by colour), and each group's figures at
    # every camera with that same group: (count, spread) per camera and group.
    plans: list[list[tuple[int, tuple[int, ...]]]] = [[] for _ in chosen]
    figures: dict[tuple[int, tuple[int, ...], int], tuple[float, float]] = {}
    for k in np.unique(window):
        if k < 0:
            continue
        of_kind = window == k
        members = flat[:, of_kind]
        by_group: dict[tuple[int, ...], list[int]] = {}
        for i, groups in enumerate(_colour_groups_each(all_means[:, of_kind])):
            for group in groups:
                plans[i].append((int(k), group))
                if len(group) > 1:
                    by_group.setdefault(group, []).append(i)
        for group, at in by_group.items():
            # Twice the median and twice each difference, in integers (the median of an
            # even group is half-way between two levels): the same figures as NumPy's float
            # median, without its per-call conversion (a third of a calibration's CPU).
            tiles = members[np.array(at)[:, None], np.array(group)[None, :]]
            ordered = np.sort(tiles, axis=1)
            twice = ordered[:, (len(group) - 1) // 2] + ordered[:, len(group) // 2]
            d2 = np.abs(2 * tiles - twice[:, None]).max(axis=2)  # the largest channel's
            # (the means over a tile's pixels as counts and sums, divided in doubles)
            agree = (np.count_nonzero(d2 <= 2 * TOLERANCE, axis=2) / pixels >= 0.97).sum(axis=1)
            apart = np.ascontiguousarray(
                np.minimum(d2, 120).sum(axis=2, dtype=np.int64) / pixels / 2 / 60).sum(axis=1)
            for i, count, spread in zip(at, agree.tolist(), apart.tolist()):
                figures[(int(k), group, i)] = (float(count), float(spread))
    out = []
    for i, plan in enumerate(plans):
        count, spread = 0.0, 0.0
        for k, group in plan:
            if len(group) == 1:  # a tile alone is its own median: it agrees on every pixel
                count += 1.0
                continue
            more, wider = figures[(k, group, i)]
            count += more
            spread += wider
        out.append((count, -spread))
    return out


def exactness(view: np.ndarray, kinds: np.ndarray, tile: int, camera: tuple[int, int]
              ) -> tuple[float, float]:
    """How exactly alike the tiles of the map cells fully in view at ``camera`` are, per
    cell (:func:`_alike` on those cells alone): the share agreeing on nearly every pixel
    with the median tile of their kind and colour, and minus their mean difference from
    it (a tie-break). A view whose pixels blend in another picture of the map (an LCD's
    ghost of the frame before, a pixel or more off) has fewer such tiles."""
    h, w = view.shape[:2]
    (r0, r1), (c0, c1) = _full_cells(camera, tile, kinds.shape, (w, h))
    cells = max(0, r1 - r0 + 1) * max(0, c1 - c0 + 1)
    if not cells:
        return 0.0, 0.0
    count, spread = _alike(view, kinds, tile, [camera], camera)
    return count / cells, spread / cells


def exactness_each(view: np.ndarray, kinds: np.ndarray, tile: int,
                   cameras: list[tuple[int, int]]) -> list[tuple[float, float]]:
    """:func:`exactness` at each of ``cameras``, the same figures to the bit: the cameras
    showing the same map cells fully worked out together (:func:`_alike_each`, whose figures
    for each camera are those of a call of its own), each on its own cells."""
    h, w = view.shape[:2]
    out: list[tuple[float, float]] = [(0.0, 0.0)] * len(cameras)
    by_cells: dict[tuple[tuple[int, int], tuple[int, int]], list[int]] = {}
    for i, camera in enumerate(cameras):
        by_cells.setdefault(_full_cells(camera, tile, kinds.shape, (w, h)), []).append(i)
    for ((r0, r1), (c0, c1)), members in by_cells.items():
        cells = max(0, r1 - r0 + 1) * max(0, c1 - c0 + 1)
        if not cells:
            continue
        chosen = [cameras[i] for i in members]
        for i, (count, spread) in zip(members, _alike_each(view, kinds, tile, chosen, chosen)):
            out[i] = (count / cells, spread / cells)
    return out


def _colour_groups(means: np.ndarray, reach: float = 30.0) -> list[list[int]]:
    """Tiles grouped by mean colour: each joins the first group whose first tile is within
    ``reach`` levels on every channel."""
    groups: list[list[int]] = []
    firsts: list[list[float]] = []  # each group's first tile's mean (plain floats: the same
    for i, m in enumerate(means.tolist()):  # differences as NumPy's, without a call per pair)
        for group, first in zip(groups, firsts):
            if all(abs(a - b) < reach for a, b in zip(m, first)):
                group.append(i)
                break
        else:
            groups.append([i])
            firsts.append(m)
    return groups


def _colour_groups_each(means: np.ndarray, reach: float = 30.0
                        ) -> list[list[tuple[int, ...]]]:
    """:func:`_colour_groups` of each row of ``means`` (``(cameras, tiles, channels)``), the
    same groups: every pair of tiles' nearness taken at once (the same differences, in
    doubles), then each group the tiles left that are near the first of them (every tile
    before that one already joined a group before it, so it joins the first it is near)."""
    near = None
    for channel in range(means.shape[2]):  # (channel by channel: not a last axis of three)
        values = means[:, :, channel]
        close = np.abs(values[:, :, None] - values[:, None, :]) < reach
        near = close if near is None else near & close
    assert near is not None
    out: list[list[tuple[int, ...]]] = []
    for rows in near.tolist():
        groups: list[tuple[int, ...]] = []
        left = list(range(len(rows)))
        while left:
            first = rows[left[0]]
            groups.append(tuple(j for j in left if first[j]))
            left = [j for j in left if not first[j]]
        out.append(groups)
    return out


def _kind_costs(feats: np.ndarray, windows: np.ndarray, kind_ids: list[int]) -> np.ndarray:
    """The cost of each camera (a row of ``windows``: the kind under each tile): the mean
    capped distance of each tile to its kind's typical tile (the mean of the kind's tiles
    within the cap of a first mean, so a sprite over one tile does not move it)."""
    if not kind_ids:
        raise ValueError("need at least one array to stack")  # as np.stack said
    ids = np.array(kind_ids, windows.dtype)
    onehot = (windows[:, :, None] == ids).astype(np.float32)  # C,n,K
    dims = feats.shape[1]
    norms = (feats * feats).sum(axis=1)  # n

    def distances(weights: np.ndarray, onehot: np.ndarray) -> np.ndarray:
        """Each tile's distance to its kind's mean over the tiles ``weights`` counts."""
        counts = np.maximum(weights.sum(axis=1), 1e-6)  # C,K
        protos = np.einsum("cnk,nd->ckd", weights, feats) / counts[:, :, None]  # C,K,D
        c, k = protos.shape[:2]
        # Every tile against every camera's means as one table of dot products (the same
        # products, each summed as before: a row of feats with a row of protos).
        cross = np.einsum("nd,md->nm", feats, protos.reshape(c * k, -1))
        cross = np.ascontiguousarray(cross.reshape(-1, c, k).transpose(1, 0, 2))  # C,n,K
        sq = (protos * protos).sum(axis=2)  # C,K
        dist = (norms[None, :, None] - 2 * cross + sq[:, None, :]) / dims
        return (dist * onehot).sum(axis=2)  # each tile against its own kind

    d = distances(onehot, onehot)
    weights = onehot * (d < STRUCTURE_CAP)[:, :, None]
    # The second round again on the cameras where a tile went over the cap: elsewhere its
    # weights are the first round's, and so are its distances.
    again = (weights != onehot).any(axis=(1, 2))
    if again.any():
        d[again] = distances(weights[again], onehot[again])
    counted = np.maximum(onehot.sum(axis=(1, 2)), 1)
    return np.minimum(np.maximum(d, 0), STRUCTURE_CAP).sum(axis=1) / counted


def _kind_costs_of(jobs: list[tuple[np.ndarray, np.ndarray]], kind_ids: list[int]
                   ) -> list[np.ndarray]:
    """:func:`_kind_costs` of each ``(windows, feats)`` of ``jobs`` (a phase's cameras and
    its tiles' designs), those of one shape (as many cameras and tiles) worked out together
    along a first axis of phases (:func:`_stacked_costs`), to the bit."""
    if jobs and not kind_ids:
        raise ValueError("need at least one array to stack")  # as np.stack said
    out: list[np.ndarray] = [np.zeros(0)] * len(jobs)
    groups: dict[tuple, list[int]] = {}
    for i, (windows, feats) in enumerate(jobs):
        groups.setdefault((windows.shape[1], feats.shape, windows.dtype), []).append(i)
    for members in groups.values():
        # Phases with fewer cameras padded with cameras seeing no kind (costs dropped).
        most = max(len(jobs[i][0]) for i in members)
        windows = np.full((len(members), most, jobs[members[0]][0].shape[1]), -1,
                          jobs[members[0]][0].dtype)
        for row, i in enumerate(members):
            windows[row, : len(jobs[i][0])] = jobs[i][0]
        costs = _stacked_costs(np.stack([jobs[i][1] for i in members]), windows, kind_ids)
        for i, row in zip(members, costs):
            out[i] = row[: len(jobs[i][0])]
    return out


def _stacked_costs(feats: np.ndarray, windows: np.ndarray, kind_ids: list[int]) -> np.ndarray:
    """:func:`_kind_costs` of ``P`` phases at once, ``feats`` ``(P, n, D)``, ``windows``
    ``(P, C, n)``: the costs ``(P, C)``, each that of a call of its own phase to the bit. Every sum runs over the same axis in the same order as there, whatever is
    stacked beside it; a tile is measured against its own kind's mean alone (the others
    were multiplied by zero there and added: its distance again, or a zero whose sign no
    cost keeps, a tile's term being at least +0.0 for a tile of a kind and +0.0 for one of
    none), and the second round only on the cameras it changes, each with its phase's
    designs."""
    ids = np.array(kind_ids, windows.dtype)
    onehot = (windows[..., None] == ids).astype(np.float32)  # P,C,n,K
    known = onehot.any(axis=3)  # P,C,n
    kind = np.where(known, onehot.argmax(axis=3), 0)  # each tile's kind (any, if none)
    dims = feats.shape[2]
    norms = (feats * feats).sum(axis=2)  # P,n

    def distances(weights: np.ndarray, feats: np.ndarray, norms: np.ndarray, kind: np.ndarray
                  ) -> np.ndarray:
        """Each tile's distance to its kind's mean over the tiles ``weights`` counts:
        ``weights`` (S, C, n, K), ``feats`` (S, n, D), ``kind`` (S, C, n)."""
        counts = np.maximum(weights.sum(axis=2), 1e-6)  # S,C,K
        # (the weights tile by tile last: the same sums, each tile's row added in turn)
        by_kind = np.ascontiguousarray(weights.transpose(0, 1, 3, 2))  # S,C,K,n
        protos = np.einsum("sckn,snd->sckd", by_kind, feats) / counts[..., None]  # S,C,K,D
        s, c, k = protos.shape[:3]
        # Every tile against every camera's means of its phase as one table of dot products
        # (the same products, each summed as before: a row of feats with a row of protos),
        # then each tile's own kind's.
        cross = np.einsum("snd,smd->snm", feats, protos.reshape(s, c * k, -1))
        cross = cross.reshape(s, -1, c, k).transpose(0, 2, 1, 3)  # S,C,n,K
        cross = np.take_along_axis(cross, kind[..., None], axis=3)[..., 0]  # S,C,n
        sq = (protos * protos).sum(axis=3)  # S,C,K
        sq_own = np.take_along_axis(sq, kind, axis=2)  # S,C,n
        return (norms[:, None, :] - 2 * cross + sq_own) / dims

    d = np.where(known, distances(onehot, feats, norms, kind), np.float32(0))
    weights = onehot * (d < STRUCTURE_CAP)[..., None]
    # The second round again on the cameras where a tile went over the cap: elsewhere its
    # weights are the first round's, and so are its distances.
    again = (weights != onehot).any(axis=(2, 3))
    if again.any():
        ps = np.nonzero(again)[0]
        d[again] = np.where(known[again], distances(
            weights[again][:, None], feats[ps], norms[ps], kind[again][:, None])[:, 0],
            np.float32(0))
    counted = np.maximum(onehot.sum(axis=(2, 3)), 1)
    return np.minimum(np.maximum(d, 0), STRUCTURE_CAP).sum(axis=2) / counted


def _best(results: list[tuple[float, tuple[int, int]]], tile: int) -> Placement:
    """The best camera, and the best cost among cameras placing the tiles differently (more
    than a quarter of a tile away)."""
    results.sort(key=lambda item: item[0])
    cost, camera = results[0]
    runner = float("inf")
    for other, (x, y) in results[1:]:
        if abs(x - camera[0]) > tile // 4 or abs(y - camera[1]) > tile // 4:
            runner = other
            break
    return Placement(camera, tile, float(cost), float(runner))


# -- known looks ---------------------------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class Looks:
    """The known looks of tiles: ``images`` ``(n, tile, tile, 3)``, each look's ``kind`` (the
    kinds of :func:`place_by_kinds`) and ``name``; ``tolerance`` as in :data:`TOLERANCE`."""

    images: np.ndarray
    kinds: tuple[int, ...]
    names: tuple[str, ...]
    tolerance: float = TOLERANCE


def agreement(tiles: np.ndarray, looks: Looks, step: int = 1) -> np.ndarray:
    """The share of each tile's pixels agreeing with each look: ``(n_tiles, n_looks)``;
    ``step`` > 1 compares every ``step``-th pixel of each row and column only (a quick look)."""
    t = looks.images.shape[1]
    tiles = tiles.reshape((-1, t, t) + tiles.shape[-1:])[:, ::step, ::step]
    refs = looks.images[:, ::step, ::step]
    flat = tiles.reshape(len(tiles), 1, -1, tiles.shape[-1]).astype(np.int16)
    ref = refs.reshape(1, len(refs), -1, refs.shape[-1]).astype(np.int16)
    close = np.abs(flat - ref).max(axis=3) <= looks.tolerance
    return close.mean(axis=2, dtype=np.float32)


@dataclass(frozen=True)
class TileRead:
    """One tile as read: the index of its look (``-1``: unknown), the share agreeing with it
    and with the best look of another name."""

    look: int
    share: float
    other: float


def votes(tiles: np.ndarray, looks: Looks, allowed: np.ndarray | None = None) -> np.ndarray:
    """Each tile's pixels voting for the look they are nearest to (among ``allowed`` looks,
    a boolean per look), if within the tolerance: ``(n_tiles, n_looks)`` shares. Unlike
    :func:`agreement`, a pixel close to two looks (two pale palettes) counts for one only
    (the first of the looks nearest it)."""
    t = looks.images.shape[1]
    tiles = tiles.reshape((-1, t, t) + tiles.shape[-1:])
    n, m = len(tiles), len(looks.images)
    out = np.zeros((n, m), np.float32)
    chosen = np.arange(m) if allowed is None else np.flatnonzero(allowed)
    if n == 0 or not len(chosen):
        return out
    pixels = t * t
    # Channel by channel in bytes (the distance is the largest channel's), one look at a
    # time: not an int16 array reduced over its last axis of three (127018: 8.2 -> 1.9 s).
    flat = np.ascontiguousarray(np.moveaxis(tiles.reshape(n, pixels, -1), 2, 0))  # ch,n,px
    refs = looks.images.reshape(m, pixels, -1)
    nearest = np.zeros((n, pixels), np.intp)
    least = None
    for j in chosen.tolist():
        ref = np.ascontiguousarray(refs[j].T)[:, None, :]  # ch,1,px
        d = _far(flat, ref)
        if least is None:
            least = d
            nearest[:] = j
        else:
            closer = d < least  # ties keep the first look (as an argmin does)
            nearest[closer] = j
            np.minimum(least, d, out=least)
    assert least is not None
    close = least <= looks.tolerance
    index = nearest + m * np.arange(n)[:, None]
    counts = np.bincount(index[close], minlength=n * m).reshape(n, m)
    out[:] = counts / pixels  # a float64 share (as a mean of booleans is), then float32
    return out


def _far(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """The largest channel difference of each pixel, ``a`` and ``b`` channels first
    (broadcast against each other): in bytes when both are (``|a - b|`` is the larger less
    the smaller), else in int16 as :func:`agreement` computes it."""
    out = None
    for ca, cb in zip(a, b):
        if ca.dtype == np.uint8 and cb.dtype == np.uint8:
            d = np.maximum(ca, cb) - np.minimum(ca, cb)
        else:
            d = np.abs(ca.astype(np.int16) - cb.astype(np.int16))
        out = d if out is None else np.maximum(out, d, out=out)
    assert out is not None
    return out


def read_tiles(tiles: np.ndarray, looks: Looks, allowed: set[int] | None = None
               ) -> list[TileRead]:
    """Read every tile (rows x cols x tile x tile x 3, row-major) against ``looks`` (only
    those of the ``allowed`` kinds, if given): each pixel votes for the look it is nearest
    to (:func:`votes`), looks of one name pooling their votes; the name with most votes wins
    if it has at least :data:`MIN_SHARE` of the tile and no other name has more than
    :data:`MAX_OTHER` of its votes (a sprite of a tile's colours over another tile); otherwise
    the tile is unknown. A sprite hides part of a tile: the rest still says which it is."""
    names = np.array(looks.names)
    kinds = np.array(looks.kinds)
    inside = np.ones(len(names), bool) if allowed is None else np.isin(kinds, list(allowed))
    if not inside.any():
        return [TileRead(-1, 0.0, 0.0) for _ in range(int(np.prod(tiles.shape[:-3])))]
    shares = votes(tiles, looks, inside)
    unique = list(dict.fromkeys(names[inside]))
    pooled = np.stack([shares[:, names == name].sum(axis=1) for name in unique], axis=1)
    # The name with most votes (the first of equals), its share and the runner-up's (equal
    # to it when two names tie: then the tile is unknown whichever is taken first).
    top = np.argmax(pooled, axis=1)
    share = pooled[np.arange(len(pooled)), top].astype(np.float64)  # judged in doubles
    other = (np.sort(pooled, axis=1)[:, -2].astype(np.float64) if len(unique) > 1
             else np.zeros_like(share))
    of_name = np.array(unique)[top][:, None] == names[None, :]
    best = np.argmax(np.where(of_name, shares, -1.0), axis=1)
    ok = (share >= MIN_SHARE) & (other <= MAX_OTHER * share)
    look = np.where(ok, best, -1)
    return [TileRead(k, a, b) for k, a, b in zip(look.tolist(), share.tolist(), other.tolist())]


def phase_ranking(view: np.ndarray, looks: Looks, keep: int = 4) -> list[tuple[int, int]]:
    """The grids of tiles (phases x, y) where the tiles look most like known looks, best
    first: every phase scored at once by the mean squared difference of each look slid over
    the view (capped per tile: a sprite costs a bounded amount). A design repeating within a
    tile (four identical quarters) fits a grid half a tile off as well: the caller decides
    among the first few by what the tiles show (:func:`place_by_looks`)."""
    import cv2

    t = looks.images.shape[1]
    src = view.astype(np.float32)
    best_d = None
    for image in looks.images:
        d = cv2.matchTemplate(src, image.astype(np.float32), cv2.TM_SQDIFF)
        best_d = d if best_d is None else np.minimum(best_d, d)
    assert best_d is not None
    cap = (looks.tolerance ** 2) * t * t * 3
    best_d = np.minimum(best_d, cap)
    table = np.full((t, t), np.inf)
    for py in range(t):
        for px in range(t):
            grid = best_d[py::t, px::t]
            if grid.size:
                # ``grid.mean()`` without its Python wrapper (a tenth of a read: 256 calls per
                # ranking): the same float32 sum, divided in doubles by the count and rounded
                # to float32, as NumPy's mean does for float32 (divided by an intp).
                total = float(np.add.reduce(grid, axis=None))
                table[py, px] = float(np.float32(total / grid.size))
    order = np.argsort(table, axis=None)[:keep]
    return [(int(flat) % t, int(flat) // t) for flat in order]


def _windows(grid: np.ndarray, r0s: list[int], c0s: list[int], n_rows: int, n_cols: int
             ) -> np.ndarray:
    """``grid``'s windows of ``n_rows`` x ``n_cols`` cells at every (r0, c0):
    ``(len(r0s), len(c0s), n_rows, n_cols)``."""
    every = np.lib.stride_tricks.sliding_window_view(grid, (n_rows, n_cols))
    return every[np.array(r0s)[:, None], np.array(c0s)[None, :]]


def _anchor_costs(tiles: np.ndarray, anchor_tiles: np.ndarray, known: np.ndarray,
                  r0s: list[int], c0s: list[int], tolerance: float
                  ) -> list[list[float | None]]:
    """For each camera (``known``: its window of the cells whose look never changes), what
    its tiles on such cells disagree with the anchor: the sum over them, in the cells' order,
    of the share of each tile's pixels further than ``tolerance`` from the anchor's
    (``None``: no such cell in view)."""
    t = tiles.shape[2]
    at = np.nonzero(known)  # camera row, camera column, tile row, tile column
    out: list[list[float | None]] = [[None] * len(c0s) for _ in r0s]
    if not len(at[0]):
        return out
    shown = tiles[at[2], at[3]].reshape(len(at[0]), t * t, -1)
    ref = anchor_tiles[np.array(r0s)[at[0]] + at[2], np.array(c0s)[at[1]] + at[3]]
    ref = ref.reshape(len(at[0]), t * t, -1)
    far = _far(np.moveaxis(shown, 2, 0), np.moveaxis(ref, 2, 0))
    # A mean of booleans over a tile's pixels is their count over the pixels, in doubles.
    share = 1.0 - np.count_nonzero(far <= tolerance, axis=1) / float(t * t)
    camera = at[0] * len(c0s) + at[1]
    starts = np.flatnonzero(np.r_[True, camera[1:] != camera[:-1]])
    ends = np.r_[starts[1:], len(camera)]
    for a, b in zip(starts.tolist(), ends.tolist()):
        i, j = divmod(int(camera[a]), len(c0s))
        out[i][j] = float(np.ascontiguousarray(share[a:b]).sum())
    return out


UNREAD_COST = 0.5  # a tile read as nothing costs this much of a conflict
STRONG = 0.8  # a tile read with at least this share of its pixels is evidence of its kind
FIT_WEIGHT = 0.5  # what a tile read costs for each share of its pixels not matching its look


def place_by_looks(view: np.ndarray, kinds: np.ndarray, looks: Looks, *,
                   anchor: np.ndarray | None = None, known: np.ndarray | None = None,
                   phases: list[tuple[int, int]] | None = None
                   ) -> tuple[Placement, list[TileRead]]:
    """The camera (see the module docstring) and the tiles fully in view as read there.

    Every camera of the best few grids (:func:`phase_ranking`, or ``phases``) is scored:
    a tile read (by at least :data:`STRONG` of its pixels) as a look of one kind on a map cell
    of another costs 1, a tile read as nothing (or weakly) on a map cell of a kind with known
    looks :data:`UNREAD_COST` (a grid off by half a tile cuts tiles in two: they match
    nothing), a tile read :data:`FIT_WEIGHT` times the share of its pixels not matching (a
    grid a pixel off reads tiles a little less well), and with ``anchor`` (the map drawn at ``tile`` pixels a cell where known) and
    ``known`` (a boolean per map cell whose look never changes: a wall piece, a statue) a
    tile on such a cell costs what it disagrees with the anchor. The cost of a camera is the
    mean over its tiles."""
    t = looks.images.shape[1]
    h, w = view.shape[:2]
    xs, ys = _cameras(kinds.shape, t, (w, h))
    anchor_tiles = None
    if anchor is not None and known is not None:
        rows, cols = known.shape
        anchor_tiles = anchor[: rows * t, : cols * t].reshape(rows, t, cols, t, -1).swapaxes(1, 2)
    results = []
    reads_at = {}
    looked = np.isin(kinds, sorted(set(looks.kinds)))  # cells of a kind with known looks
    for phase in phases or phase_ranking(view, looks):
        tiles = tiles_at(view, phase, t)
        n_rows, n_cols = tiles.shape[:2]
        if n_rows == 0 or n_cols == 0:
            continue
        reads = read_tiles(tiles, looks)
        reads_at[phase] = reads
        # Only a tile mostly matching its look is evidence of its kind: a tile of a kind with
        # no known look (walls never calibrated) may match a look weakly, not strongly.
        read_kind = np.array([looks.kinds[r.look] if r.look >= 0 and r.share >= STRONG
                              else -1 for r in reads])
        # How exactly the tiles read match their looks: a grid a pixel off still reads most
        # tiles, each a little less well.
        misfit = FIT_WEIGHT * sum(1.0 - r.share for r, k in zip(reads, read_kind) if k >= 0)
        # Every camera of this grid at once (whole tiles apart: r0, c0 the map cell of the
        # first tile fully in view), row by row as the cameras are listed.
        r0s = [-(-cy // t) for cy in range((-phase[1]) % t, len(ys), t)]
        c0s = [-(-cx // t) for cx in range((-phase[0]) % t, len(xs), t)]
        if not r0s or not c0s:
            continue
        windows = _windows(kinds, r0s, c0s, n_rows, n_cols)  # R, C, n_rows, n_cols
        read = read_kind.reshape(n_rows, n_cols)
        # A tile read as one kind where the map has another; a tile read as nothing where the
        # map has a kind with known looks.
        conflicts = ((read >= 0) & (windows >= 0) & (read != windows)).sum(axis=(2, 3))
        missed = ((read < 0) & _windows(looked, r0s, c0s, n_rows, n_cols)).sum(axis=(2, 3))
        anchored = None
        if anchor_tiles is not None and known is not None:
            anchored = _anchor_costs(tiles, anchor_tiles, _windows(known, r0s, c0s, n_rows,
                                                                   n_cols), r0s, c0s,
                                     looks.tolerance)
        for i, r0 in enumerate(r0s):
            for j, c0 in enumerate(c0s):
                cost = float(conflicts[i, j]) + UNREAD_COST * float(missed[i, j]) + misfit
                if anchored is not None and anchored[i][j] is not None:
                    cost += anchored[i][j]
                cx, cy = c0 * t - phase[0], r0 * t - phase[1]
                results.append((cost / max(len(reads), 1), (cx, cy)))
    if not results:
        raise ValueError("the view is larger than the map")
    best = _best(results, t)
    return best, reads_at[best.phase]


__all__ = ["Looks", "Placement", "TileRead", "agreement", "exactness", "kind_candidates",
           "phase_ranking", "place_by_kinds", "place_by_looks", "read_tiles", "refined",
           "structure_features", "tiles_at", "votes"]
