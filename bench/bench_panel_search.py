"""Benchmark: the Disco Zoo desktop search's inner steps against their plain versions.

Run ``python bench/bench_panel_search.py [--screens N] [--seed S]``.

``analyze`` of a real-look rescue inside a desktop capture (:mod:`kit.desktop`, the captures
of ``bench/bench_desktop.py``) reads every window-like region it tries: a lattice of tiles,
each tile's rim colour (:func:`gridsight.vision.modes.densest`, thousands of times a region),
then the row of cards above the board (:func:`gridsight.vision.panels.panel_row`: each
row's ground colour, :func:`~gridsight.vision.panels._ground_by_rows`, and the best row of
equal intervals, :func:`~gridsight.vision.panels._equal_intervals`). Those three were
plain loops (a median a row, a NumPy pass a gap, NumPy's checks around each small mean and
norm) and are now done in bulk.

N captures are analysed (``find_in`` and ``read_found`` with the animals given) and every
call of the three is recorded; then each is run on the recorded inputs by its product
version and by its plain version (:mod:`kit.plain_panels`, the loops as they were;
:func:`gridsight.vision.modes._densest_plain`), in this process, in CPU seconds (the machine
is shared): the outputs must be equal (same values, dtypes and lists), and the ratio is
printed. Last, the whole analyze per capture, and what it would have cost with the plain
versions (its CPU plus the difference measured on its own calls), as a ratio.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))  # the test kit

from kit.desktop import real_look_rescue, sample
from kit.plain_panels import plain_equal_intervals, plain_ground_by_rows

import gridsight.games.disco_zoo.screen as disco_screen
from gridsight.readers.base import ReadHints
from gridsight.readers.find import find_in, load_game_pack, read_found
from gridsight.solvers.errors import InputError
from gridsight.vision import glyphs, modes, panels
from gridsight.vision.errors import VisionInputError

SEED = 90_000  # bench_desktop's held-out captures


Call = tuple[tuple, dict]


def recorded(count: int, seed: int) -> tuple[dict[str, list[Call]], list[float]]:
    """Every call of the three during the analyses of ``count`` desktop captures, and each
    analysis's CPU seconds (recording included: a copy of the arguments' references)."""
    calls: dict[str, list[Call]] = {"densest": [], "_ground_by_rows": [],
                                    "_equal_intervals": []}

    def recording(name: str, fn: Callable) -> Callable:
        def wrapper(*args, **kwargs):
            calls[name].append((args, kwargs))
            return fn(*args, **kwargs)
        return wrapper

    saved = [(panels, "_equal_intervals"), (panels, "_ground_by_rows"), (panels, "densest"),
             (disco_screen, "densest"), (glyphs, "densest")]
    originals = [(module, name, getattr(module, name)) for module, name in saved]
    for module, name, fn in originals:
        setattr(module, name, recording(name, fn))
    pack = load_game_pack("disco-zoo", None)
    seconds = []
    try:
        for k in range(count):
            _, capture, truth = sample(real_look_rescue, seed + k)
            names = tuple(truth.splitlines()[1].split(": ")[1].split(", "))
            start = time.process_time()
            try:
                found = find_in(capture.image, {"disco-zoo": pack})
                read_found(capture.image, found, ReadHints(animals=names))
            except (InputError, VisionInputError):
                pass  # a refusal costs its search too
            seconds.append(time.process_time() - start)
    finally:
        for module, name, fn in originals:
            setattr(module, name, fn)
    return calls, seconds


def same(a, b) -> bool:
    """Equal outputs: arrays of the same dtype and values, or equal lists."""
    if isinstance(a, np.ndarray):
        return isinstance(b, np.ndarray) and a.dtype == b.dtype and np.array_equal(a, b)
    return a == b


def timed(fn: Callable, calls: list[Call]) -> tuple[list, float]:
    start = time.process_time()
    out = [fn(*args, **kwargs) for args, kwargs in calls]
    return out, time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--screens", type=int, default=10, help="desktop captures")
    parser.add_argument("--seed", type=int, default=SEED, help="first seed")
    args = parser.parse_args()
    calls, seconds = recorded(args.screens, args.seed)
    pairs = {"densest": (modes.densest, modes._densest_plain),
             "_ground_by_rows": (panels._ground_by_rows, plain_ground_by_rows),
             "_equal_intervals": (panels._equal_intervals, plain_equal_intervals)}
    saved = 0.0
    print(f"{args.screens} desktop captures (seeds {args.seed}..{args.seed + args.screens - 1}),"
          " CPU seconds on the calls their analyses made:")
    for name, (product, plain) in pairs.items():
        new, new_s = timed(product, calls[name])
        old, old_s = timed(plain, calls[name])
        differ = sum(not same(a, b) for a, b in zip(new, old))
        saved += old_s - new_s
        print(f"  {name:17} {len(calls[name]):6} calls: {new_s:6.2f} s against {old_s:6.2f} s "
              f"plain, ratio {old_s / max(new_s, 1e-9):.1f}; outputs differing: {differ}")
        if differ:
            raise SystemExit(f"error: {name} gave {differ} output(s) unlike its plain version")
    whole = statistics.median(seconds)
    before = sum(seconds) + saved
    print(f"analyze of a desktop capture: {whole:.2f} CPU s (median), {sum(seconds):.1f} s in "
          f"all against {before:.1f} s with the plain versions, ratio "
          f"{before / max(sum(seconds), 1e-9):.2f}")


if __name__ == "__main__":
    main()
