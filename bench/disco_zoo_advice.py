"""Disco Zoo advice from the empty board: the exact P(all rescued) table, and how fast.

``python bench/disco_zoo_advice.py`` prints :func:`report`: for every 2-animal rescue of Farm,
the exact chance of rescuing both animals in 10 taps with best play (``plan`` with no budget:
the anytime search run to the end), the optimal first tap, the time it took, and the time of
the previous advice's exact search (one alpha-beta expectimax from the root, no symmetry, no
first-tap passes: ``Lookahead.decide``, which shares this branch's fail-soft bounds) on the
same board in the same process, as the baseline; the baseline is cut at ``--baseline-cap``
wall seconds (then ``>`` the CPU time it had used). The last column is the exact chance that
the seed-style helper (``solvers.disco_zoo.baseline``) rescues both, played on every joint
placement: the head-room a simulation can hope to show.

``--sweep REGION ...`` also times the advice with the default 1 s budget from the empty board
of every 2- and 3-animal rescue of those regions (``all`` for every region) and both
objectives, and prints how many came back exact and the slowest.

The table's times are CPU seconds of this process (``time.process_time``): on a shared machine
wall-clock time mostly measures the other processes. The sweep's times are wall-clock, since
the budget is: the load average is printed with every figure.
"""

from __future__ import annotations

import argparse
import itertools
import os
import sys
import time
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solvers.disco_zoo.advise import DEFAULT_BUDGET, plan  # noqa: E402
from solvers.disco_zoo.board import fresh_board  # noqa: E402
from solvers.disco_zoo.catalogue import load_catalogue  # noqa: E402
from solvers.disco_zoo.lookahead import Lookahead, SearchTimeout  # noqa: E402
from solvers.disco_zoo.objective import Objective  # noqa: E402
from solvers.disco_zoo.placements import joint_placements  # noqa: E402
from solvers.disco_zoo.baseline import baseline_tap  # noqa: E402
from solvers.disco_zoo.simulate import Rescue, play  # noqa: E402

BASELINE_CAP = 60.0


def _load() -> str:
    return "load average " + " ".join(f"{x:.1f}" for x in os.getloadavg())


def baseline_all_chance(board) -> Fraction:
    """The exact chance that the seed-style baseline rescues every animal from ``board``: it is
    played on every joint placement (all equally likely), its taps memoised by board."""
    joint = joint_placements(board)
    taps: dict = {}

    def policy(state):
        if state not in taps:
            taps[state] = baseline_tap(state)
        return taps[state]

    full = (1 << len(board.animals)) - 1
    wins = 0
    for row in joint.masks:
        rescue = Rescue(board.region, board.animals, tuple(int(m) for m in row))
        wins += play(rescue, policy, board.taps) == full
    return Fraction(wins, joint.count)


def report(baseline_cap: float | None = BASELINE_CAP) -> None:
    """Print the exact P(all rescued) from the empty board of every 2-animal Farm rescue, with
    the time of the search and of the previous exact search (the baseline) on each."""
    farm = load_catalogue().regions["Farm"]
    print(f"Disco Zoo: exact P(all rescued) from the empty board, Farm, 2 animals, 10 taps ({_load()})")
    print(f"  {'rescue':18} {'P(all)':>8} {'fraction':>9}  first tap    {'CPU s':>8} {'baseline':>9} {'ratio':>6}   seed-style helper's P(all)")
    total_new = total_old = 0.0
    gaps = []
    for pair in itertools.combinations(farm, 2):
        board = fresh_board("Farm", pair)
        objective = Objective("all")
        start = time.process_time()
        decision, exact, _ = plan(board, objective, budget=None)
        took = time.process_time() - start
        assert exact and decision.tile is not None
        start = time.process_time()
        try:
            old = Lookahead(joint_placements(board), objective).decide(board.taps, baseline_cap)
            old_took = time.process_time() - start
            assert old.value == decision.value, "the baseline search disagrees"
            old_text, ratio = f"{old_took:8.2f}s", f"{old_took / took:5.1f}x"
        except SearchTimeout:
            old_took = time.process_time() - start
            old_text, ratio = f">{old_took:7.2f}s", f">{old_took / took:4.1f}x"
        total_new += took
        total_old += old_took
        name = " + ".join(a.name for a in pair)
        row, col = divmod(decision.tile, 5)
        helper = baseline_all_chance(board)
        gaps.append(decision.value - helper)
        print(
            f"  {name:18} {float(decision.value):8.4f} {str(decision.value):>9}  row {row}, col {col}"
            f" {took:8.2f}s {old_text:>9} {ratio:>6}   {float(helper):.4f}",
            flush=True,
        )
    print(
        "  best play against the seed-style helper (exact, every placement played): mean gain "
        f"{100 * float(sum(gaps)) / len(gaps):+.1f} points of P(all), largest "
        f"{100 * float(max(gaps)):+.1f}"
    )
    print(f"  total: search {total_new:.1f} s, baseline {total_old:.1f} s (capped), ratio {total_old / total_new:.1f}x ({_load()})")


def sweep(regions: list[str], budget: float = DEFAULT_BUDGET) -> None:
    """Time the budgeted advice from the empty board of every 2- and 3-animal rescue."""
    catalogue = load_catalogue()
    for region in regions:
        for size in (2, 3):
            for kind in ("expected", "all"):
                times = []
                inexact = []
                for group in itertools.combinations(catalogue.regions[region], size):
                    board = fresh_board(region, group)
                    start = time.perf_counter()
                    _, exact, _ = plan(board, Objective(kind), budget)
                    times.append(time.perf_counter() - start)
                    if not exact:
                        inexact.append("+".join(a.name for a in group))
                worst = max(times)
                print(
                    f"  {region:10} {size} animals, {kind:8}: {len(times) - len(inexact):2} of "
                    f"{len(times)} exact within {budget:g} s; slowest {worst:.2f} s; not exact: "
                    f"{', '.join(inexact) or 'none'} ({_load()})",
                    flush=True,
                )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline-cap", type=float, default=BASELINE_CAP, metavar="SECONDS")
    parser.add_argument("--sweep", nargs="*", metavar="REGION", default=None,
                        help="also time the 1 s advice on every 2- and 3-animal rescue of these "
                        "regions ('all' for all 14)")
    parser.add_argument("--no-table", action="store_true", help="skip the Farm table")
    args = parser.parse_args()
    if not args.no_table:
        report(args.baseline_cap)
    if args.sweep is not None:
        regions = list(load_catalogue().regions) if args.sweep in ([], ["all"]) else args.sweep
        print(f"Disco Zoo: advice with a {DEFAULT_BUDGET:g} s budget from the empty board")
        sweep(regions)


if __name__ == "__main__":
    main()
