"""Benchmark: the whole ``gridsight analyze`` pipeline per screenshot, for each 2D game.

Run ``python bench/bench_analyze.py [--shots N] [--no-warm]``. For each game it draws N
screenshots of one session with the shipped skin (different boards, the game at 1.5x, at the
same place in a 1920x1080 frame with other things around it, saved as PNG files) and runs every
stage on each,
timing them: **load** (:func:`gridsight.vision.images.load_image`), **find** (locate the board and read
its cells, :func:`gridsight.vision.classify.read_cells`), **reader** (cards, counters, tray: the game's
reader),
**solve** (:func:`gridsight.api.solve`, as ``gridsight solve``), **paint**
(:func:`gridsight.overlay.paint.paint_advice`) and **write** (the PNG).

Two runs per game in the same process:

- *baseline*: every screenshot located from scratch, as ``gridsight analyze`` does
  (:func:`gridsight.readers.find.find_board`);
- *reuse*: a :class:`gridsight.vision.locate.Locator` keeps the geometry while the board's frame still
  matches (what the live loop does; ``analyze`` on a folder of one session could do it too).

It prints the median of each stage and the ratio of the whole pipeline, baseline over reuse.
Disco Zoo's lookahead runs with ``--budget 0.2``; the machine is shared, so absolute times
are noisy and the ratios are what to compare.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

import cv2
import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from gridsight import api  # noqa: E402
from gridsight.readers.base import ReadHints  # noqa: E402
from gridsight.readers.find import find_board, read_found  # noqa: E402
from gridsight.registry import get_reader  # noqa: E402
from kit.corpus import busy_background  # noqa: E402
from kit.skins import pentomino, tile_path  # noqa: E402
from gridsight.overlay.paint import paint_advice  # noqa: E402
from test_calibrate import random_level, random_room  # noqa: E402
from test_readers import random_rescue  # noqa: E402
from gridsight.vision.classify import read_cells  # noqa: E402
from gridsight.vision.images import load_image  # noqa: E402
from gridsight.vision.locate import Locator  # noqa: E402
from gridsight.vision.packs import load_pack  # noqa: E402

STAGES = ("load", "find", "reader", "solve", "paint", "write")
SCALE = 1.5
#: Each game's settings (gridsight solve's options); the others keep the defaults.
SOLVE_OPTIONS = {"disco-zoo": {"budget": 0.2}}


def screenshots(game: str, count: int, folder: Path) -> list[Path]:
    rng = np.random.default_rng(1)
    frame_rng = np.random.default_rng(2)
    background = busy_background(frame_rng, 1920, 1080)
    paths = []
    for k in range(count):
        if game == "disco-zoo":
            image = random_rescue(rng)[0].image
        elif game == "tile-path":
            image = tile_path.render(random_room(rng), scale=2).image
        else:
            level, tray = random_level(rng)
            image = pentomino.render(level, pieces_left=tray).image
        image = cv2.resize(image, None, fx=SCALE, fy=SCALE, interpolation=cv2.INTER_LINEAR)
        frame = background.copy()
        frame[200 : 200 + image.shape[0], 700 : 700 + image.shape[1]] = image
        path = folder / f"{game}-{k:02d}.png"
        cv2.imwrite(str(path), frame)
        paths.append(path)
    return paths


def run(game: str, paths: list[Path], reuse: bool, out: Path) -> dict[str, list[float]]:
    pack = load_pack(game)
    reader = get_reader(game)
    options = SOLVE_OPTIONS.get(game)
    locator = Locator(pack)
    times: dict[str, list[float]] = {stage: [] for stage in STAGES}
    for path in paths:
        t = [time.perf_counter()]
        image = load_image(path)
        t.append(time.perf_counter())
        if reuse:
            geometry = locator.locate(image)
            board = read_cells(image, geometry, pack)
            t.append(time.perf_counter())
            reading = reader.read(image, board, pack, ReadHints())
        else:
            found = find_board(image, game, pack)
            geometry = found.read.geometry
            t.append(time.perf_counter())
            # as analyze reads it: the screen's window of the frame when the board was found
            # inside it, with the pack it was found by (ours, or the board's structure)
            reading = read_found(image, found, ReadHints())
        t.append(time.perf_counter())
        advice = api.solve(game, reading.text, options=options)
        t.append(time.perf_counter())
        picture = paint_advice(image, geometry, advice.drawing)
        t.append(time.perf_counter())
        cv2.imwrite(str(out / path.name), picture)
        t.append(time.perf_counter())
        for stage, a, b in zip(STAGES, t, t[1:]):
            times[stage].append(b - a)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shots", type=int, default=12, help="screenshots per game")
    parser.add_argument("--no-warm", action="store_true",
                        help="skip the untimed run of each game's first screenshot that fills "
                        "the caches first (a quick run's: its first timed shot pays for them)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        (folder / "out").mkdir()
        print(f"{args.shots} screenshots per game, 1920x1080 frames, game drawn at {SCALE}x; "
              "medians in ms")
        print(f"{'game':10} {'run':9} " + " ".join(f"{s:>7}" for s in STAGES) + f" {'total':>8}")
        for game in ("disco-zoo", "tile-path", "pentomino"):
            paths = screenshots(game, args.shots, folder)
            if not args.no_warm:
                run(game, paths[:1], False, folder / "out")  # warm caches (pack features, numba)
            totals = {}
            for name, reuse in (("baseline", False), ("reuse", True)):
                times = run(game, paths, reuse, folder / "out")
                per_shot = [sum(v) for v in zip(*times.values())]
                totals[name] = statistics.median(per_shot)
                cells = " ".join(f"{1000 * statistics.median(times[s]):7.1f}" for s in STAGES)
                print(f"{game:10} {name:9} {cells} {1000 * totals[name]:8.1f}")
            print(f"{game:10} whole pipeline, baseline / reuse: "
                  f"{totals['baseline'] / totals['reuse']:.2f}x")


if __name__ == "__main__":
    main()
