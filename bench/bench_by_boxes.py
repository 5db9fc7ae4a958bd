"""Benchmark: the ways of giving a rescue's found tiles animals, cut early where an animal has no
room for its tiles, against every way checked against the board.

Run ``python bench/bench_by_boxes.py [--seeds 7053 7092 ...]``. It draws the real-look screens
of those seeds as ``tests/test_disco_zoo_screens.py`` does (the defaults: the suite's three
slowest reads of 2026-12-02, small screens whose names are unread, so thousands of choices of
animals are weighed against the board, and three ordinary ones), finds each once and reads each
with no options twice in this process, CPU seconds per screen:

- baseline: every way of giving the found tiles animals (each within its colour's and the
  boxes' counts) checked against the board's joint placements
  (:func:`gridsight.games.disco_zoo.identify.by_boxes` as it was);
- cut: as shipped, a way cut as soon as an animal has no placement clear of the empty tiles
  covering its tiles and none of the others' (``identify._Room``).

- grid: as shipped, but each assignment checked on the board's grid drawn and scanned back
  (``identify._Board.assigned`` before session 40; now the masks go to
  :func:`gridsight.solvers.disco_zoo.placements.placed_apart` directly).

The runs' texts must be the same. The machine is shared, so the ratios, measured side by
side, are the figures. ``--base B --widest`` reads widest-look screens drawn from base ``B``
(the seeds then ``B + k``).
"""

from __future__ import annotations

import argparse
import sys
from contextlib import contextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))  # the test kit

from bench_disco_settle import patched, timed_read  # noqa: E402
from gridsight.games.disco_zoo import identify  # noqa: E402
from gridsight.games.disco_zoo.screen import locate_rescue  # noqa: E402
from gridsight.solvers.disco_zoo.placements import has_joint_placement  # noqa: E402
from test_disco_zoo_screens import SEED, real_screen  # noqa: E402


@contextmanager
def uncut():
    """Every way checked against the board (the baseline)."""
    saved = identify._Room.allows
    identify._Room.allows = lambda self, given: True  # type: ignore[method-assign]
    try:
        yield
    finally:
        identify._Room.allows = saved  # type: ignore[method-assign]


def _assigned_on_a_grid(self, tiles, animal) -> bool:
    """``identify._Board.assigned`` as it was: the board's grid drawn, then its masks read."""
    groups = [[t] for t in tiles]
    return has_joint_placement(self._board(groups, {i: k + 1 for i, k in enumerate(animal)}))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, nargs="+",
                        default=[7053, 7092, 7226, 7000, 7001, 7002])
    parser.add_argument("--base", type=int, default=SEED)
    parser.add_argument("--widest", action="store_true")
    parser.add_argument("--no-baseline", action="store_true",
                        help="skip the uncut baseline (slow on screens of many choices)")
    args = parser.parse_args()
    base_total = cut_total = grid_total = 0.0
    for seed in args.seeds:
        _, _, image, scale = real_screen(seed - args.base, args.base, wider=args.widest,
                                         widest="all" if args.widest else "")
        found = (locate_rescue(image), image)
        timed_read(found)  # warm: the OCR model, the numba kernels
        base, base_text = 0.0, None
        if not args.no_baseline:
            with uncut():
                base, base_text = timed_read(found)
        with patched(identify._Board, "assigned", _assigned_on_a_grid):
            grid, grid_text = timed_read(found)
        cut, cut_text = timed_read(found)
        if grid_text != cut_text or base_text not in (None, cut_text):
            raise SystemExit(f"seed {seed}: the runs read differently")
        base_total += base
        cut_total += cut
        grid_total += grid
        print(f"seed {seed} ({scale:.2f}x): baseline {base:.2f} s, grid {grid:.2f} s, "
              f"cut {cut:.2f} s")
    if not args.no_baseline:
        print(f"total: baseline {base_total:.2f} s, cut {cut_total:.2f} s, "
              f"ratio {base_total / max(cut_total, 1e-9):.1f}x")
    print(f"total: grid {grid_total:.2f} s, masks (shipped) {cut_total:.2f} s, "
          f"ratio {cut_total / max(grid_total, 1e-9):.2f}")


if __name__ == "__main__":
    main()
