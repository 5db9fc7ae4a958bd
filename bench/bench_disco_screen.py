"""Benchmark: reading a real-look Disco Zoo rescue screen by its structure.

Run ``python bench/bench_disco_screen.py [--screens N] [--repeat R] [--scales 1,2,3]``. It
draws N rescue screens in random real-game looks (:mod:`kit.skins.disco_zoo_real`) at 1x, 2x
and 3x (a phone screenshot is about 3x; ``--scales`` picks some), and times, as medians per
screen:

- ``structure``: :func:`gridsight.games.disco_zoo.screen.locate_rescue` (lattice, tiles, cards,
  counter), the path ``gridsight analyze`` takes for such a screen;
- ``lattice``: :func:`gridsight.vision.lattice.lattice_candidates` alone, the search part of it;
- baseline, in the same process: :func:`gridsight.vision.locate.locate_board` with the shipped pack on the
  same screen (what ``analyze`` tries first and fails on: no frame to match), so the ratio says
  what the structural reading adds to a screenshot's cost.

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

from gridsight.games.disco_zoo.screen import locate_rescue  # noqa: E402
from kit.skins import disco_zoo_real as real  # noqa: E402
from gridsight.vision.errors import BoardNotFoundError  # noqa: E402
from gridsight.vision.lattice import lattice_candidates  # noqa: E402
from gridsight.vision.locate import locate_board  # noqa: E402
from gridsight.vision.packs import load_pack  # noqa: E402


def screens(count: int) -> list[np.ndarray]:
    rng = np.random.default_rng(0)
    out = []
    for k in range(count):
        cells = [["ground"] * 5 for _ in range(5)]
        for bit in rng.choice(25, size=6, replace=False):
            cells[bit // 5][bit % 5] = "empty"
        cells[2][2] = "animal:Panda"
        shot = real.render(cells, animals=[("Panda", "rare"), ("Tiger", "rare")], attempts=4,
                           region="Jungle", seed=k)
        out.append(shot.image)
    return out


def median_ms(fn, image, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn(image)
        times.append((time.perf_counter() - t0) * 1000)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--screens", type=int, default=6)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--scales", default="1,2,3",
                        help="the scales, comma-separated (default 1,2,3)")
    args = parser.parse_args()
    pack = load_pack("disco-zoo")

    def pack_locate(image):
        try:
            locate_board(image, pack)
        except BoardNotFoundError:
            pass

    def lattice(image):
        lattice_candidates(image, 5, 5, min_width=0.45, keep=2, shifts=1)

    print("scale  structure ms  lattice ms  pack locate ms (baseline)  structure/baseline")
    for scale in (float(x) for x in args.scales.split(",")):
        rows = []
        for image in screens(args.screens):
            big = cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_NEAREST)
            rows.append((median_ms(locate_rescue, big, args.repeat),
                         median_ms(lattice, big, args.repeat),
                         median_ms(pack_locate, big, args.repeat)))
        s, lat, b = (statistics.median(r[i] for r in rows) for i in range(3))
        print(f"{scale:4.1f}x  {s:12.0f}  {lat:10.0f}  {b:25.0f}  {s / b:18.2f}")


if __name__ == "__main__":
    main()
