"""Benchmark: what the search for a phone's screen inside a desktop capture costs.

Run ``python bench/bench_desktop_search.py [--captures N] [--seed S] [--big N]``.

Disco Zoo real-look rescues (:mod:`kit.skins.disco_zoo_real`) inside held-out desktop
captures (:func:`kit.desktop.sample`, ``harder``, the screen 15-20% of the frame's width), and
``--big`` 4K desktops (3840x2160, the phone mirror 15-25% of the width: a player with a big
monitor), each searched as ``gridsight live`` searches its first frame
(:class:`gridsight.readers.desktop.ScreenLocator`: the whole frame, then its window-like
regions, the screen around the board, a second screen). Printed, medians per capture:

- the search's CPU seconds (this process; the machine is shared) against the baseline, the
  structural locate of the same screen cut out alone (what a phone's own screenshot costs),
  and their ratio;
- the structural reads the search made (a count, not a time: the same on a busy machine),
  and how many of them were for a second screen (:func:`~gridsight.readers.desktop.
  _second_screen`);
- for the 4K desktops, the frames after the first (the screen remembered: its window's
  pixels read alone), against the screen alone: what ``live`` spends per capture once the
  phone is found.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))  # the test kit

from kit.desktop import real_look_rescue, sample

import gridsight.readers.desktop as desktop
from gridsight.registry import get_spec
from gridsight.vision.errors import BoardNotFoundError

SEED = 540_000  # held-out seeds: nothing was tuned on these


class Counted:
    """The structural locator, counting its reads (and those made for a second screen)."""

    def __init__(self, locate):
        self.locate = locate
        self.reads = 0
        self.second = 0
        self.in_second = False

    def __call__(self, pixels):
        self.reads += 1
        self.second += self.in_second
        return self.locate(pixels)


def _cpu(fn, *args) -> tuple[bool, float]:
    t0 = time.process_time()
    try:
        fn(*args)
        ok = True
    except BoardNotFoundError:
        ok = False
    return ok, time.process_time() - t0


def measure(label: str, count: int, seed: int, frames: int = 0, **options) -> None:
    reading = get_spec("disco-zoo").reading
    second_screen = desktop._second_screen
    search, alone, steady, reads, seconds = [], [], [], [], []
    found = 0
    for k in range(count):
        _, capture, _ = sample(real_look_rescue, seed + k, **options)
        counted = Counted(reading.locate_screen)

        def watched(*args, counted=counted):
            counted.in_second = True
            try:
                return second_screen(*args)
            finally:
                counted.in_second = False

        desktop._second_screen = watched
        try:
            locator = desktop.ScreenLocator(counted, reading.furniture)
            ok, cost = _cpu(locator, capture.image)
        finally:
            desktop._second_screen = second_screen
        found += ok
        search.append(cost)
        reads.append(counted.reads)
        seconds.append(counted.second)
        x, y, w, h = capture.extras["screen_box"]
        phone = capture.image[y : y + h, x : x + w].copy()
        alone.append(_cpu(reading.locate_screen, phone)[1])
        if ok and frames:
            steady.append(statistics.median(_cpu(locator, capture.image)[1]
                                            for _ in range(frames)))
    s, b = statistics.median(search), statistics.median(alone)
    print(f"{label} ({count} captures, found {found}): search {s:.2f} CPU s against {b:.2f} "
          f"for the screen alone (baseline), ratio {s / b:.1f}; structural reads "
          f"{statistics.median(reads):g} (total {sum(reads)}, for a second screen "
          f"{sum(seconds)})")
    if steady:
        t = statistics.median(steady)
        print(f"  then {t:.2f} CPU s per frame (the screen remembered), ratio {t / b:.2f} to "
              "the screen alone")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--captures", type=int, default=10, help="desktop captures (1-2.5K)")
    parser.add_argument("--big", type=int, default=4, help="4K desktop captures (0: none)")
    parser.add_argument("--frames", type=int, default=3,
                        help="frames after the first on each 4K capture")
    parser.add_argument("--seed", type=int, default=SEED, help="first seed")
    args = parser.parse_args()
    if args.captures:
        measure("desktops", args.captures, args.seed, fraction=(0.15, 0.2), harder=True)
    if args.big:
        measure("4K desktops", args.big, args.seed + 500, args.frames, size=(3840, 2160),
                fraction=(0.15, 0.25))


if __name__ == "__main__":
    main()
