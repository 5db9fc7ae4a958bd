"""Measurement: Disco Zoo's attempts counter on real-look rescue screens.

Run ``python bench/disco_zoo_counter.py [--first SEED] [--screens N] [--workers W]``. It draws
the screens exactly as ``tests/test_disco_zoo_screens.py`` does for the same seeds (a random
look and pixel font per screen, one in eight with bought attempts; scaled 0.5x to 3x, colours
shifted, noise, JPEG quality 40 to 95), finds each rescue by its structure, and takes the
attempts left as the reader does (:func:`gridsight.games.disco_zoo.screen_text.taps_left`, the
counter weighed against the tiles tapped, here the true count). Each screen's attempts are

- **right**: the true count, silently or **with a warning** to check;
- **flagged**: another count, with the warning that the counter was not read with confidence;
- **WRONG**: another count with no warning (the figure that must stay at zero).

The reading of the tiles and animals is not measured here (``python
tests/test_disco_zoo_screens.py`` does the whole read); CPU seconds per screen of finding
the rescue (the counter's read included) are printed.
"""

from __future__ import annotations

import argparse
import collections
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from multiprocessing import get_context
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))  # the test kit

from gridsight.games.disco_zoo.screen import locate_rescue  # noqa: E402
from gridsight.games.disco_zoo.screen_text import taps_left  # noqa: E402
from test_disco_zoo_screens import degrade, real_rescue  # noqa: E402


def measure_one(k: int, first: int) -> tuple[int, str, int, int, float]:
    """Screen ``k`` of the set starting at ``first``: (seed, outcome, truth, taken, CPU s)."""
    seed = first + k
    rng = np.random.default_rng(seed)
    extra = int(rng.integers(1, 6)) if k % 8 == 0 else 0  # as the screens' test buys them
    shot, text = real_rescue(rng, seed, extra=extra)
    image, _ = degrade(shot.image, rng, seed)
    start = time.process_time()
    screen = locate_rescue(image)
    cpu = time.process_time() - start
    truth = shot.extras["attempts"]
    tapped = sum(token != "." for line in text.splitlines()[3:] for token in line.split())
    warnings: list[str] = []
    taken = taps_left(screen.counter, None, tapped, [], warnings)
    unsure = any("attempts counter not read" in w for w in warnings)
    outcome = ("right, warned" if unsure else "right") if taken == truth else \
        "flagged" if unsure else "WRONG"
    return seed, outcome, truth, taken, cpu


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--first", type=int, default=140_000)
    parser.add_argument("--screens", type=int, default=100)
    parser.add_argument("--workers", type=int, default=2)
    options = parser.parse_args(argv)
    job = partial(measure_one, first=options.first)
    if options.workers <= 1:  # in this process: the same screens read the same way, no second
        rows = list(map(job, range(options.screens)))  # interpreter to start and import into
    else:
        with ProcessPoolExecutor(options.workers, mp_context=get_context("spawn")) as pool:
            rows = list(pool.map(job, range(options.screens), chunksize=4))
    counts = collections.Counter(row[1] for row in rows)
    print(f"seeds {options.first}..{options.first + options.screens - 1}: "
          f"{counts['right'] + counts['right, warned']} right ({counts['right, warned']} with a "
          f"warning), {counts['flagged']} flagged, {counts['WRONG']} WRONG")
    for seed, outcome, truth, taken, _ in rows:
        if outcome in ("flagged", "WRONG"):
            print(f"  {seed}: {outcome}, {taken} for {truth}")
    cpu = sorted(row[4] for row in rows)
    print(f"CPU per screen (finding the rescue, the counter included): median "
          f"{cpu[len(cpu) // 2]:.2f} s, max {cpu[-1]:.2f} s")


if __name__ == "__main__":
    main()
