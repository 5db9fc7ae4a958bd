"""Benchmark: placing a tile-path view in its room by the map's kinds, against the old path.

Run ``python bench/bench_mapview.py [--views N] [--seed S] [--rounds R]``. It renders ``N``
Hero's Cave views (the Game Boy Color skin at its own pixels, random cameras, looks and
JPEG) and places each with :func:`gridsight.vision.mapview.kind_candidates` (the coarse costs
of every phase, then the pixel step), two ways in the same process, alternated:

- ``new``: the module as it is: the phases' costs worked out a shape at a time
  (``_kind_costs_of``), the pixel step's cameras compared together (``_alike_each``);
- ``old``: a call of ``_kind_costs`` per phase and of the old per-camera ``_alike`` per
  camera (session 35's path, kept here).

Every placement must be the same to the bit (camera, cost, runner-up); it prints the CPU
seconds of each and their ratio (the machine is shared: read the ratio, not the times).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))  # the test kit

from kit.skins import tile_path_gbc as gbc  # noqa: E402

from gridsight.games.tile_path.room import GBC, room_from_board  # noqa: E402
from gridsight.solvers.boardtext import parse_boards  # noqa: E402
from gridsight.vision import mapview  # noqa: E402
from gridsight.vision.tiling import Screen  # noqa: E402


def _old_alike(view, kinds, tile, cameras, camera):
    """``mapview._alike`` as session 35 had it: one camera a call."""
    h, w = view.shape[:2]
    spans = [mapview._full_cells(cam, tile, kinds.shape, (w, h)) for cam in cameras]
    r0, r1 = max(sp[0][0] for sp in spans), min(sp[0][1] for sp in spans)
    c0, c1 = max(sp[1][0] for sp in spans), min(sp[1][1] for sp in spans)
    if r1 < r0 or c1 < c0:
        return (0.0, 0.0)
    window = kinds[r0 : r1 + 1, c0 : c1 + 1].reshape(-1)
    x, y = c0 * tile - camera[0], r0 * tile - camera[1]
    part = view[y : y + (r1 - r0 + 1) * tile, x : x + (c1 - c0 + 1) * tile]
    flat = part.reshape(r1 - r0 + 1, tile, c1 - c0 + 1, tile, -1).swapaxes(1, 2)
    flat = flat.reshape(len(window), tile * tile, -1).astype(np.int16)
    count, spread = 0.0, 0.0
    for k in np.unique(window):
        if k < 0:
            continue
        members = flat[window == k]
        for group in mapview._colour_groups(members.mean(axis=1)):
            if len(group) == 1:
                count += 1.0
                continue
            tiles = members[group]
            ordered = np.sort(tiles, axis=0)
            twice = ordered[(len(group) - 1) // 2] + ordered[len(group) // 2]
            d2 = np.abs(2 * tiles - twice).max(axis=2)
            count += float(((d2 <= 2 * mapview.TOLERANCE).mean(axis=1) >= 0.97).sum())
            spread += float((np.minimum(d2, 120).mean(axis=1) / 2 / 60).sum())
    return count, -spread


def _old_paths():
    """The old path's two functions, in place of the new ones while it runs."""
    def costs_of(jobs, kind_ids):
        return [mapview._kind_costs(feats, windows, kind_ids) for windows, feats in jobs]

    def alike_each(view, kinds, tile, cameras, chosen):
        return [_old_alike(view, kinds, tile, cameras, cam) for cam in chosen]

    return {"_kind_costs_of": costs_of, "_alike_each": alike_each}


def views(n: int, seed: int) -> list[np.ndarray]:
    rng = np.random.default_rng(seed)
    out = []
    for i in range(n):
        cam = (int(rng.integers(0, 81)), int(rng.integers(0, 49)))
        shot = gbc.render(gbc.HEROS_CAVE, link=(3, 3), seed=seed + i, camera=cam, scale=1,
                          look=gbc.random_look(seed + i), jpeg=int(rng.choice([0, 60, 85])))
        out.append(Screen(0.0, 0.0, 16.0, GBC).native_view(shot.image))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--views", type=int, default=12)
    parser.add_argument("--seed", type=int, default=36_000)
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args(argv)
    kinds = room_from_board(parse_boards(gbc.HEROS_CAVE)[0]).kinds()
    pictures = views(args.views, args.seed)
    new_paths = {name: getattr(mapview, name) for name in ("_kind_costs_of", "_alike_each")}
    spent = {"old": 0.0, "new": 0.0}
    found: dict[str, list] = {}
    for r in range(2 * args.rounds):
        label = ("old", "new")[r % 2] if r // 2 % 2 == 0 else ("new", "old")[r % 2]
        for name, fn in (_old_paths() if label == "old" else new_paths).items():
            setattr(mapview, name, fn)
        start = time.process_time()
        placed = [[(p.camera, p.cost, p.runner_up) for p in
                   mapview.kind_candidates(view, kinds, 16)] for view in pictures]
        spent[label] += time.process_time() - start
        found.setdefault(label, placed)
        if placed != found["old" if "old" in found else label]:
            print(f"{label}: placements differ from the old path's")
            return 1
    for name, fn in new_paths.items():
        setattr(mapview, name, fn)
    print(f"kind_candidates on {args.views} views x {args.rounds} rounds, every placement "
          f"the same: old {spent['old']:.2f} s CPU, new {spent['new']:.2f} s, "
          f"ratio old / new {spent['old'] / spent['new']:.2f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
