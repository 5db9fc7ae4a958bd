"""Benchmark: calibrating Hero's Cave rooms, the tiles' exactness against the old path.

Run ``python bench/bench_room_exactness.py [--cases N] [--seed S] [--setups whole|wide]
[--rounds R]``. It draws ``N`` calibration screenshots (:func:`kit.rooms.calibration_shot`,
the suite's set-ups by default) and calibrates each with
:func:`gridsight.games.tile_path.room.calibrate_room`, two ways in the same process,
alternated:

- ``new``: the module as it is: a view's tiles laid out channel by channel, pixels last
  (``mapview._alike_each``), the tiles' colour groups taken at once
  (``mapview._colour_groups_each``), the un-ghosting's cameras showing the same cells
  judged together (``mapview.exactness_each``);
- ``old``: session 36's ``_alike_each`` (kept here: pixels then channels, a call of
  ``_colour_groups`` per camera) and a call of ``exactness`` per camera.

Every calibration must be the same to the bit (each view's camera, screen and pixels, and the
pack's looks), and so must every exactness worked out on the way; it prints the CPU seconds of each and their ratio (the machine is shared:
read the ratio, not the times).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))  # the test kit

from kit import rooms  # noqa: E402
from kit.skins import tile_path_gbc as gbc  # noqa: E402

from gridsight.games.tile_path import room as room_module  # noqa: E402
from gridsight.solvers.boardtext import parse_boards  # noqa: E402
from gridsight.solvers.errors import InputError  # noqa: E402
from gridsight.vision import mapview  # noqa: E402
from gridsight.vision.mapview import TOLERANCE, _colour_groups, _full_cells  # noqa: E402


def _old_alike_each(view: np.ndarray, kinds: np.ndarray, tile: int,
                    cameras: list[tuple[int, int]], chosen: list[tuple[int, int]]
                    ) -> list[tuple[float, float]]:
    """Session 36's ``mapview._alike_each`` (pixels, then a last axis of channels):
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
    flat = np.stack(parts).reshape(len(chosen), n_rows, tile, n_cols, tile, -1).swapaxes(2, 3)
    flat = flat.reshape(len(chosen), len(window), tile * tile, -1).astype(np.int16)
    # Each camera's groups (kind by kind, then by colour), and each group's figures at
    # every camera with that same group: (count, spread) per camera and group.
    plans: list[list[tuple[int, tuple[int, ...]]]] = [[] for _ in chosen]
    figures: dict[tuple[int, tuple[int, ...], int], tuple[float, float]] = {}
    for k in np.unique(window):
        if k < 0:
            continue
        members = flat[:, window == k]
        means = members.mean(axis=2)
        by_group: dict[tuple[int, ...], list[int]] = {}
        for i in range(len(chosen)):
            for group in _colour_groups(means[i]):
                plans[i].append((int(k), tuple(group)))
                if len(group) > 1:
                    by_group.setdefault(tuple(group), []).append(i)
        for group, at in by_group.items():
            # Twice the median and twice each difference, in integers (the median of an
            # even group is half-way between two levels): the same figures as NumPy's float
            # median, without its per-call conversion (a third of a calibration's CPU).
            tiles = members[np.array(at)[:, None], np.array(group)[None, :]]
            ordered = np.sort(tiles, axis=1)
            twice = ordered[:, (len(group) - 1) // 2] + ordered[:, len(group) // 2]
            d2 = np.abs(2 * tiles - twice[:, None]).max(axis=3)
            agree = ((d2 <= 2 * TOLERANCE).mean(axis=2) >= 0.97).sum(axis=1)
            apart = np.ascontiguousarray(np.minimum(d2, 120).mean(axis=2) / 2 / 60).sum(axis=1)
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


def _old_exactness_each(view, kinds, tile, cameras):
    """Session 36's way: ``exactness`` a camera at a time."""
    return [mapview.exactness(view, kinds, tile, camera) for camera in cameras]


def _calibrated(shots, room) -> list:
    """What each calibration learned: each view's camera, screen and pixels, the looks."""
    out = []
    for name, image in shots:
        try:
            result = room_module.calibrate_room([(name, image)], room, name)
        except InputError as error:
            out.append(str(error))
            continue
        views = [(v.placement.camera, v.screen, v.pixels.tobytes()) for v in result.views]
        looks = [(t.label, np.asarray(t.image).tobytes()) for t in result.pack.templates]
        out.append((views, looks, result.lines))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=6)
    parser.add_argument("--seed", type=int, default=4_100)
    parser.add_argument("--setups", default="whole")
    parser.add_argument("--rounds", type=int, default=1)
    args = parser.parse_args(argv)
    room = room_module.room_from_board(parse_boards(gbc.HEROS_CAVE)[0])
    look = gbc.random_look(args.seed)
    shots = [(f"case{i}", rooms.calibration_shot(
        look, rooms.setup_for(args.setups, i, args.seed), args.seed).image)
        for i in range(args.cases)]
    figures: list = []  # every camera's exactness figures worked out (both paths)

    def logged(alike):
        def alike_each(*args):
            out = alike(*args)
            # (each camera's pair alone: the new path asks many cameras in one call)
            figures.extend(np.float64(pair).tobytes() for pair in out)
            return out
        return alike_each

    new = (logged(mapview._alike_each), room_module.exactness_each)
    old = (logged(_old_alike_each), _old_exactness_each)
    plain = (mapview._alike_each, room_module.exactness_each)
    spent = {"old": 0.0, "new": 0.0}
    found: dict[str, list] = {}
    for r in range(2 * args.rounds):
        label = ("old", "new")[r % 2] if r // 2 % 2 == 0 else ("new", "old")[r % 2]
        mapview._alike_each, room_module.exactness_each = old if label == "old" else new
        figures.clear()
        start = time.process_time()
        learned = _calibrated(shots, room)
        spent[label] += time.process_time() - start
        found.setdefault(label, [learned, sorted(figures)])
        if [learned, sorted(figures)] != found["old" if "old" in found else label]:
            mapview._alike_each, room_module.exactness_each = plain
            print(f"{label}: calibrations or exactness figures differ from the old path's")
            return 1
    mapview._alike_each, room_module.exactness_each = plain
    print(f"calibrate_room on {args.cases} {args.setups} cases x {args.rounds} rounds, every "
          f"calibration and exactness the same: old {spent['old']:.2f} s CPU, new {spent['new']:.2f} s, "
          f"ratio old / new {spent['old'] / spent['new']:.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
