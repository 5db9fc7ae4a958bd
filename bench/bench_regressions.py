"""Pinned regression cases moved out of the suite: each still passes, each costs seconds of CPU,
and a cheaper test in the suite fails when the rule it pinned breaks (named per case).

Run ``python bench/bench_regressions.py [--cases NAME,...] [--list]``: each case is run and
said ``ok`` or ``FAILED`` with its CPU seconds; the exit status is 1 when any failed. The
suite runs ``--list`` only (tests/test_bench.py: every case costs more than the second of CPU
a bench's smallest run may).

Cases:

- ``desktop_players_500014`` (was ``tests/test_desktop_players.py::
  test_a_phone_on_two_monitors_is_found[500014]``, 39th session): fresh harder desktop 500014
  with two monitors, the phone's side blended into the window beside it, found only by its
  top and bottom as the fifth proposal, past the four a single monitor gets. Covered in the
  suite by ``test_desktop_players.py::test_each_monitors_worth_of_a_wide_frame_gets_its_own_
  proposals`` (each monitor's worth gets its own ``keep``: it fails when a wide frame gets one
  monitor's; 500011 stays in the suite for the tool strip) and ``test_desktop.py::
  test_a_window_whose_sides_hardly_show_is_proposed_by_its_top_and_bottom``.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))  # the test kit


def desktop_players_500014() -> str:
    """The phone on two monitors of harder desktop 500014 is found where it is (within half a
    cell at every corner). Returns what went wrong, or ``""``."""
    import numpy as np
    from kit.desktop import real_look_rescue, sample

    from gridsight.readers.find import find_in, load_game_pack

    _, capture, _ = sample(real_look_rescue, 500_014, harder=True, fraction=(0.15, 0.4),
                           monitors=2)
    found = find_in(capture.image, {"disco-zoo": load_game_pack("disco-zoo", None)})
    cell = min(capture.geometry.cell_size(0, 0))
    off = float(np.abs(found.read.geometry.outline() - capture.geometry.outline()).max())
    return "" if off < cell / 2 else f"board {off:.1f} px off (a cell is {cell:.1f})"


CASES: dict[str, Callable[[], str]] = {
    "desktop_players_500014": desktop_players_500014,
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", default=",".join(CASES),
                        help="comma-separated case names (default: all)")
    parser.add_argument("--list", action="store_true", help="name the cases, run none")
    args = parser.parse_args(argv)
    if args.list:
        print(f"{len(CASES)} cases: {', '.join(CASES)}")
        return 0
    names = [name for name in args.cases.split(",") if name]
    unknown = sorted(set(names) - set(CASES))
    if unknown:
        parser.error(f"no such case: {', '.join(unknown)}")
    failed = 0
    for name in names:
        start = time.process_time()
        try:
            problem = CASES[name]()
        except Exception as error:  # a case that raises failed; the others still run
            problem = f"{type(error).__name__}: {error}"
        cpu = time.process_time() - start
        failed += bool(problem)
        print(f"{name}: {'FAILED ' + problem if problem else 'ok'} ({cpu:.1f} CPU s)")
    print(f"{len(names) - failed} of {len(names)} cases ok")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
