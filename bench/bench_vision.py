"""Benchmark: locating a board in a 1920x1080 frame, and reading every cell of it.

Run ``python bench/bench_vision.py [--repeat N] [--games G ...] [--naive-scales N]``. For
each game (a 5x5 Disco Zoo board, a 6x8 tile-path room, a 12x10 pentomino board) it builds
a 1920x1080 frame with the board drawn by the shipped skin at 1.6x somewhere on a busy
background, then times, as medians:

- ``locate``: :func:`gridsight.vision.locate.locate_board` from scratch (target: under 100 ms), against
  a naive baseline run in the same process: OpenCV's masked normalised template matching of
  the same anchor on the full-resolution frame, at the same scales from 0.5x to 4x;
- ``recheck``: :meth:`gridsight.vision.locate.Locator.locate` on an unchanged frame (the cheap check);
- ``read``: :func:`gridsight.vision.classify.read_cells` on the located board (target: under 5 ms),
  against a baseline that cuts each cell with ``warp_cell`` and compares it with every
  template in a Python loop.

The machine is shared, so absolute times are noisy; the ratios are measured side by side.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))  # the test kit

from kit import corpus  # noqa: E402
from gridsight.vision.classify import read_cells  # noqa: E402
from gridsight.vision.geometry import BoardGeometry  # noqa: E402
from gridsight.vision.locate import Locator, locate_board  # noqa: E402
from gridsight.vision.packs import TemplatePack, load_pack  # noqa: E402

WIDTH, HEIGHT = 1920, 1080
SCALE = 1.6


def frame_for(game: str, seed: int = 4) -> tuple[np.ndarray, BoardGeometry, tuple]:
    rng = np.random.default_rng(seed)
    shot = corpus.RENDERERS[game](rng)
    h, w = shot.image.shape[:2]
    image = cv2.resize(shot.image, (round(w * SCALE), round(h * SCALE)),
                       interpolation=cv2.INTER_LINEAR)
    image = image[: HEIGHT - 20, : WIDTH - 20]
    frame = corpus.busy_background(rng, WIDTH, HEIGHT)
    x, y = 700, 10
    frame[y : y + image.shape[0], x : x + image.shape[1]] = image
    geometry = shot.geometry.scaled(SCALE).translated(x, y)
    return frame, geometry, shot.labels


def timed(fn, repeat: int) -> float:
    """Median wall time of ``fn()`` in milliseconds."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def naive_locate(frame: np.ndarray, pack: TemplatePack, scales: int | None = None
                 ) -> tuple[float, float, float]:
    """Full-resolution masked TM_CCORR_NORMED of the anchor at every scale of a 1.1 ladder
    (its first ``scales`` only when given: a quick run's)."""
    grey = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
    anchor = cv2.cvtColor(pack.anchor.image, cv2.COLOR_BGR2GRAY)
    best = (-1.0, 0.0, 0.0)
    scale, tried = 0.5, 0
    while scale <= 4.0 and (scales is None or tried < scales):
        tried += 1
        size = (round(anchor.shape[1] * scale), round(anchor.shape[0] * scale))
        if size[0] <= grey.shape[1] and size[1] <= grey.shape[0]:
            t = cv2.resize(anchor, size, interpolation=cv2.INTER_AREA)
            m = cv2.resize(pack.anchor.mask, size, interpolation=cv2.INTER_NEAREST)
            res = cv2.matchTemplate(grey, t, cv2.TM_CCORR_NORMED, mask=m)
            _, value, _, loc = cv2.minMaxLoc(np.nan_to_num(res, nan=-1, posinf=-1))
            if value > best[0]:
                best = (value, loc[0], scale)
        scale *= 1.1
    return best


def naive_read(frame: np.ndarray, geometry: BoardGeometry, pack: TemplatePack) -> list:
    labels = []
    for r in range(geometry.rows):
        row = []
        for c in range(geometry.cols):
            cell = geometry.warp_cell(frame, r, c, pack.cell_size, margin=0.1).astype(np.float32)
            best, label = None, ""
            for t in pack.templates:
                ref = cv2.resize(t.image, pack.cell_size)[
                    round(0.1 * pack.cell_size[1]) :, :].astype(np.float32)
                d = float(np.mean((cell[: ref.shape[0]] - ref[: cell.shape[0]]) ** 2))
                if best is None or d < best:
                    best, label = d, t.label
            row.append(label)
        labels.append(row)
    return labels


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=9)
    parser.add_argument("--naive-scales", type=int, default=None, metavar="N",
                        help="the naive baseline's first N scales only (a quick run: its time "
                        "and the speed-up are then of that part of the ladder; default all)")
    parser.add_argument("--games", nargs="+", choices=corpus.GAMES, default=list(corpus.GAMES),
                        help="the games to time (default: all)")
    options = parser.parse_args(argv)
    print(f"frame {WIDTH}x{HEIGHT}, board at {SCALE}x, median of {options.repeat} runs"
          + ("" if options.naive_scales is None else
             f"; the naive baseline on its first {options.naive_scales} scales only"))
    print(f"{'game':<10} {'cells':>5} {'locate ms':>10} {'naive ms':>9} {'speed-up':>8} "
          f"{'recheck ms':>10} {'read ms':>8} {'loop ms':>8} {'speed-up':>8} {'correct':>7}")
    for game in options.games:
        pack = load_pack(game)
        frame, truth, labels = frame_for(game)
        geometry = locate_board(frame, pack)  # warm the per-pack caches
        locate_ms = timed(lambda: locate_board(frame, pack), options.repeat)
        naive_ms = timed(lambda: naive_locate(frame, pack, options.naive_scales), 1)
        locator = Locator(pack)
        locator.locate(frame)
        recheck_ms = timed(lambda: locator.locate(frame), options.repeat)
        read = read_cells(frame, geometry, pack)
        read_ms = timed(lambda: read_cells(frame, geometry, pack), options.repeat * 5)
        loop_ms = timed(lambda: naive_read(frame, geometry, pack), 1)
        error = np.abs(geometry.outline() - truth.outline()).max() / truth.cell_size(0, 0)[0]
        correct = read.labels() == labels and error < 0.1
        print(f"{game:<10} {pack.rows * pack.cols:>5} {locate_ms:>10.1f} {naive_ms:>9.0f} "
              f"{naive_ms / locate_ms:>7.1f}x {recheck_ms:>10.2f} {read_ms:>8.2f} "
              f"{loop_ms:>8.1f} {loop_ms / read_ms:>7.1f}x {str(correct):>7}")
    print("targets: locate < 100 ms, read < 5 ms (absolute times depend on the machine's load)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
