"""Benchmark: the Disco Zoo desktop search's inner steps against their plain versions.

Run ``python bench/bench_panel_search.py [--screens N] [--seed S]``.

``analyze`` of a real-look rescue inside a desktop capture (:mod:`kit.desktop`, the captures
of ``bench/bench_desktop.py``) reads every window-like region it tries: a lattice of tiles,
each tile's rim colour (:func:`gridsight.vision.modes.densest`, thousands of times a region),
then the row of cards above the board (:func:`gridsight.vision.panels.panel_row`: each
row's ground colour, :func:`~gridsight.vision.panels._ground_by_rows`, the best row of
equal intervals, :func:`~gridsight.vision.panels._equal_intervals`, every pixel's Lab
distance to the two colours, :func:`~gridsight.vision.panels._distances`, and how far along
from the ground's colour to the panels' each pixel is, :func:`~gridsight.vision.panels._along`).
Those were plain loops or NumPy's general routines (a median a row, a NumPy pass a gap,
NumPy's checks around each small mean and norm, pixels-by-3 temporaries) and are now done in
bulk.

N captures are analysed (``find_in`` and ``read_found`` with the animals given) and every
call of the five is run by its product version (whose output the search goes on with) and
by its plain version (:mod:`kit.plain_panels`, the loops as they were;
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
from kit.plain_panels import (
    plain_along,
    plain_distances,
    plain_equal_intervals,
    plain_ground_by_rows,
)

import gridsight.games.disco_zoo.screen as disco_screen
from gridsight.readers.base import ReadHints
from gridsight.readers.find import find_in, load_game_pack, read_found
from gridsight.solvers.errors import InputError
from gridsight.vision import glyphs, modes, panels
from gridsight.vision.errors import VisionInputError

SEED = 90_000  # bench_desktop's held-out captures


PAIRS = {"densest": (modes.densest, modes._densest_plain),
         "_ground_by_rows": (panels._ground_by_rows, plain_ground_by_rows),
         "_equal_intervals": (panels._equal_intervals, plain_equal_intervals),
         "_distances": (panels._distances, plain_distances),
         "_along": (panels._along, plain_along)}
# where the searches call them (each module's own name for the function)
CALLED_FROM = [(panels, "_equal_intervals"), (panels, "_ground_by_rows"), (panels, "densest"),
               (panels, "_distances"), (panels, "_along"), (disco_screen, "densest"),
               (glyphs, "densest")]


class Tally:
    """Each step's calls, CPU seconds (product, plain) and outputs differing; and the CPU
    seconds spent by the tally itself (the plain versions and the comparisons), to be taken
    from the analyses' time."""

    def __init__(self) -> None:
        self.calls = dict.fromkeys(PAIRS, 0)
        self.product = dict.fromkeys(PAIRS, 0.0)
        self.plain = dict.fromkeys(PAIRS, 0.0)
        self.differ = dict.fromkeys(PAIRS, 0)
        self.aside = 0.0

    def wrapped(self, name: str) -> Callable:
        """``name``'s product version, each call also run by the plain one and compared
        (no picture is kept: the calls of a desktop's search hold gigabytes in all)."""
        product, plain = PAIRS[name]

        def both(*args, **kwargs):
            t0 = time.process_time()
            out = product(*args, **kwargs)
            t1 = time.process_time()
            ref = plain(*args, **kwargs)
            t2 = time.process_time()
            self.differ[name] += not same(out, ref)
            t3 = time.process_time()
            self.calls[name] += 1
            self.product[name] += t1 - t0
            self.plain[name] += t2 - t1
            self.aside += t3 - t1
            return out
        return both


def analysed(image: np.ndarray, names: tuple[str, ...], pack, tally: Tally) -> float:
    """The CPU seconds of one desktop capture's analysis, the five steps tallied (their
    plain runs and comparisons not counted)."""
    originals = [(module, name, getattr(module, name)) for module, name in CALLED_FROM]
    for module, name, _ in originals:
        setattr(module, name, tally.wrapped(name))
    aside, start = tally.aside, time.process_time()
    try:
        found = find_in(image, {"disco-zoo": pack})
        read_found(image, found, ReadHints(animals=names))
    except (InputError, VisionInputError):
        pass  # a refusal costs its search too
    finally:
        seconds = time.process_time() - start - (tally.aside - aside)
        for module, name, fn in originals:
            setattr(module, name, fn)
    return seconds


def same(a, b) -> bool:
    """Equal outputs: arrays of the same dtype and values (NaN where NaN), or equal lists."""
    if isinstance(a, np.ndarray):
        return isinstance(b, np.ndarray) and a.dtype == b.dtype and \
            np.array_equal(a, b, equal_nan=a.dtype.kind == "f")  # (NaN: _along's ink)
    return a == b


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--screens", type=int, default=10, help="desktop captures")
    parser.add_argument("--seed", type=int, default=SEED, help="first seed")
    args = parser.parse_args()
    pack = load_game_pack("disco-zoo", None)
    tally = Tally()
    seconds = []
    for k in range(args.screens):
        _, capture, truth = sample(real_look_rescue, args.seed + k)
        names = tuple(truth.splitlines()[1].split(": ")[1].split(", "))
        seconds.append(analysed(capture.image, names, pack, tally))
    print(f"{args.screens} desktop captures (seeds {args.seed}..{args.seed + args.screens - 1}),"
          " CPU seconds on the calls their analyses made:")
    for name in PAIRS:
        new_s, old_s = tally.product[name], tally.plain[name]
        print(f"  {name:17} {tally.calls[name]:6} calls: {new_s:6.2f} s against {old_s:6.2f} s "
              f"plain, ratio {old_s / max(new_s, 1e-9):.1f}; outputs differing: "
              f"{tally.differ[name]}")
    if any(tally.differ.values()):
        raise SystemExit("error: a bulk step gave outputs unlike its plain version")
    saved = sum(tally.plain[name] - tally.product[name] for name in PAIRS)
    whole = statistics.median(seconds)
    before = sum(seconds) + saved
    print(f"analyze of a desktop capture: {whole:.2f} CPU s (median), {sum(seconds):.1f} s in "
          f"all against {before:.1f} s with the plain versions, ratio "
          f"{before / max(sum(seconds), 1e-9):.2f}")


if __name__ == "__main__":
    main()
