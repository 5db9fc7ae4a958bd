"""Disco Zoo advice from the empty board: the exact P(all rescued) table, and how fast.

``python bench/disco_zoo_advice.py`` prints :func:`report`: for every 2-animal rescue of Farm,
the exact chance of rescuing both animals in 10 taps with best play (``plan`` with no budget
and no book: the anytime search run to the end on ``--engine``, the compiled kernel by
default), the optimal first tap, the time it took, and the time of the pure-Python search on
the same board in the same process, as the baseline (cut at ``--baseline-cap`` wall seconds,
then ``>`` the CPU time it had used); the ``book`` column says whether the opening book's entry
has the same value. The last column is the exact chance that
the seed-style helper (``gridsight.solvers.disco_zoo.baseline``) rescues both, played on every joint
placement: the head-room a simulation can hope to show.

``--sweep REGION ...`` also times the advice with the default 1 s budget from the empty board
of every 2- and 3-animal rescue of those regions (``all`` for every region) and both
objectives (``--kinds``), and prints how many came back exact and the slowest;
``--no-book`` makes every board searched (the kernel's own reach), ``--after-first`` times the
boards the first advised tap leads to instead. ``--ratio`` times the kernel against the
pure-Python search on a few boards.

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

from gridsight.solvers.disco_zoo.advise import BOOK_METHOD, DEFAULT_BUDGET, plan  # noqa: E402
from gridsight.solvers.disco_zoo.engines import ENGINES, resolve  # noqa: E402
from gridsight.solvers.disco_zoo.board import fresh_board  # noqa: E402
from gridsight.solvers.disco_zoo.catalogue import load_catalogue  # noqa: E402
from gridsight.solvers.disco_zoo.objective import Objective  # noqa: E402
from gridsight.solvers.disco_zoo.placements import joint_placements  # noqa: E402
from gridsight.solvers.disco_zoo.baseline import baseline_tap  # noqa: E402
from gridsight.solvers.disco_zoo.simulate import Rescue, play  # noqa: E402

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


def report(baseline_cap: float | None = BASELINE_CAP, engine: str = "auto",
           pairs: int | None = None) -> None:
    """Print the exact P(all rescued) from the empty board of every 2-animal Farm rescue (the
    first ``pairs`` of them; ``None``: all): the search on ``engine`` (the book unused) and
    the pure-Python search on the same board in the same process (the baseline, cut at
    ``baseline_cap`` wall seconds), the opening book's entry checked equal, and the
    seed-style helper's exact P(all)."""
    from gridsight.solvers.disco_zoo.book import lookup

    farm = load_catalogue().regions["Farm"]
    if resolve(engine) == "numba":
        # The kernel's one-time load (numba and the cached machine code), left out of the rows.
        start = time.process_time()
        plan(fresh_board("Farm", farm[:1], 2), Objective("all"), None, engine="numba",
             use_book=False)
        print(f"Disco Zoo: loading the compiled kernel took {time.process_time() - start:.2f} s "
              f"of CPU ({_load()})")
    print(f"Disco Zoo: exact P(all rescued) from the empty board, Farm, 2 animals, 10 taps ({_load()})")
    print(f"  {'rescue':18} {'P(all)':>8} {'fraction':>9}  first tap    {resolve(engine) + ' s':>8} "
          f"{'python s':>9} {'ratio':>6}  book   seed-style helper's P(all)")
    total_new = total_old = 0.0
    gaps = []
    for pair in itertools.islice(itertools.combinations(farm, 2), pairs):
        board = fresh_board("Farm", pair)
        objective = Objective("all")
        start = time.process_time()
        decision, exact, _ = plan(board, objective, budget=None, engine=engine, use_book=False)
        took = time.process_time() - start
        assert exact and decision.tile is not None
        start = time.process_time()
        old, old_exact, _ = plan(board, objective, baseline_cap, engine="python", use_book=False)
        old_took = time.process_time() - start
        if old_exact:
            assert old.value == decision.value, "the Python search disagrees"
            old_text, ratio = f"{old_took:8.2f}s", f"{old_took / took:5.1f}x"
        else:
            old_text, ratio = f">{old_took:7.2f}s", f">{old_took / took:4.1f}x"
        booked = lookup(board, objective)
        book_text = "-" if booked is None else ("same" if booked.value == decision.value else "DIFF")
        total_new += took
        total_old += old_took
        name = " + ".join(a.name for a in pair)
        row, col = divmod(decision.tile, 5)
        helper = baseline_all_chance(board)
        gaps.append(decision.value - helper)
        print(
            f"  {name:18} {float(decision.value):8.4f} {str(decision.value):>9}  row {row}, col {col}"
            f" {took:8.2f}s {old_text:>9} {ratio:>6}  {book_text:5}  {float(helper):.4f}",
            flush=True,
        )
    print(
        "  best play against the seed-style helper (exact, every placement played): mean gain "
        f"{100 * float(sum(gaps)) / len(gaps):+.1f} points of P(all), largest "
        f"{100 * float(max(gaps)):+.1f}"
    )
    print(f"  total: {resolve(engine)} {total_new:.1f} s, python {total_old:.1f} s (capped), "
          f"ratio {total_old / total_new:.1f}x ({_load()})")


def sweep(
    regions: list[str],
    budget: float = DEFAULT_BUDGET,
    engine: str = "auto",
    use_book: bool = True,
    kinds: tuple[str, ...] = ("expected", "all"),
    after_first: bool = False,
) -> None:
    """Time the budgeted advice from the empty board of every 2- and 3-animal rescue of
    ``regions`` (wall-clock, since the budget is), on ``engine``, with or without the book;
    with ``after_first``, the boards after the first advised tap (each thing it may show)."""
    from gridsight.solvers.disco_zoo.book_build import outcomes

    catalogue = load_catalogue()
    totals = [0, 0, 0.0, ""]  # exact, boards, slowest, its name
    book_hits = 0
    for region in regions:
        for size in (2, 3):
            for kind in kinds:
                times = []
                inexact = []
                for group in itertools.combinations(catalogue.regions[region], size):
                    board = fresh_board(region, group)
                    goals = ([Objective(kind)] if kind != "target"
                             else [Objective("target", k) for k in range(size)])
                    for objective in goals:
                        boards = [("", board)]
                        if after_first:
                            first, _, _ = plan(board, objective, budget, engine=engine)
                            if first.tile is None:
                                continue
                            row, col = divmod(first.tile, 5)
                            boards = [(f" then {shows}", board.with_tap(row, col, shows))
                                      for shows in outcomes(board, first.tile)]
                        goal = "" if kind != "target" else f" target {group[objective.target].name}"
                        for shown, case in boards:
                            start = time.perf_counter()
                            _, exact, method = plan(case, objective, budget, engine=engine,
                                                    use_book=use_book)
                            took = time.perf_counter() - start
                            times.append(took)
                            book_hits += method == BOOK_METHOD
                            name = "+".join(a.name for a in group) + goal + shown
                            if took > totals[2]:
                                totals[2:] = [took, f"{region} {name} {kind}"]
                            if not exact:
                                inexact.append(name)
                totals[0] += len(times) - len(inexact)
                totals[1] += len(times)
                worst = max(times)
                print(
                    f"  {region:13} {size} animals, {kind:8}: {len(times) - len(inexact):3} of "
                    f"{len(times)} exact within {budget:g} s; slowest {worst:.2f} s; not exact: "
                    f"{', '.join(inexact) or 'none'} ({_load()})",
                    flush=True,
                )
    print(
        f"  total: {totals[0]} of {totals[1]} exact within {budget:g} s ({book_hits} from the "
        f"book); slowest {totals[2]:.2f} s ({totals[3]}); engine {resolve(engine)}, book "
        f"{'on' if use_book else 'off'} ({_load()})",
        flush=True,
    )


def engines_ratio(cases: list[tuple[str, tuple[str, ...], str]]) -> None:
    """The compiled kernel against the pure-Python search, same boards, same process: the exact
    search from the empty board (no book), CPU seconds, and the values checked equal."""
    catalogue = load_catalogue()
    print(f"Disco Zoo: exact search from the empty board, kernel against pure Python ({_load()})")
    total = {"numba": 0.0, "python": 0.0}
    for region, names, kind in cases:
        animals = {a.name: a for a in catalogue.regions[region]}
        board = fresh_board(region, tuple(animals[n] for n in names))
        found = {}
        for engine in ("numba", "python"):
            start = time.process_time()
            decision, exact, _ = plan(board, Objective(kind), None, engine=engine, use_book=False)
            found[engine] = (time.process_time() - start, decision, exact)
            total[engine] += found[engine][0]
        (fast, one, ok1), (slow, two, ok2) = found["numba"], found["python"]
        assert ok1 and ok2 and one.value == two.value and one.rescue == two.rescue
        print(f"  {region} {'+'.join(names):24} {kind:8} value {str(one.value):>9}  kernel "
              f"{fast:7.2f} s  python {slow:7.2f} s  ratio {slow / fast:5.1f}x", flush=True)
    print(f"  total: kernel {total['numba']:.2f} s, python {total['python']:.2f} s, ratio "
          f"{total['python'] / total['numba']:.1f}x ({_load()})")


RATIO_CASES = [
    ("Farm", ("Sheep", "Pig"), "all"),
    ("Farm", ("Horse", "Cow"), "all"),
    ("Farm", ("Pig", "Horse"), "expected"),
    ("Farm", ("Sheep", "Chicken", "Rabbit"), "expected"),
    ("Jungle", ("Gorilla", "Panda", "Tiger"), "all"),
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline-cap", type=float, default=BASELINE_CAP, metavar="SECONDS")
    parser.add_argument("--sweep", nargs="*", metavar="REGION", default=None,
                        help="also time the 1 s advice on every 2- and 3-animal rescue of these "
                        "regions ('all' for all 14)")
    parser.add_argument("--engine", default="auto", choices=ENGINES,
                        help="the sweep's search engine (default auto)")
    parser.add_argument("--no-book", action="store_true",
                        help="the sweep searches every board (the opening book unused)")
    parser.add_argument("--kinds", nargs="*", default=["expected", "all"],
                        help="the sweep's objectives: expected, all, target (each animal's; "
                        "default: expected all)")
    parser.add_argument("--after-first", action="store_true",
                        help="the sweep times the boards after the first advised tap")
    parser.add_argument("--ratio", action="store_true",
                        help="time the kernel against the pure-Python search on a few boards")
    parser.add_argument("--no-table", action="store_true", help="skip the Farm table")
    parser.add_argument("--pairs", type=int, default=None, metavar="N",
                        help="the table's first N pairs of animals only (default: all 21)")
    args = parser.parse_args()
    if not args.no_table:
        report(args.baseline_cap, args.engine, args.pairs)
    if args.ratio:
        engines_ratio(RATIO_CASES)
    if args.sweep is not None:
        regions = list(load_catalogue().regions) if args.sweep in ([], ["all"]) else args.sweep
        where = "after the first advised tap" if args.after_first else "from the empty board"
        print(f"Disco Zoo: advice with a {DEFAULT_BUDGET:g} s budget {where}")
        sweep(regions, engine=args.engine, use_book=not args.no_book, kinds=tuple(args.kinds),
              after_first=args.after_first)


if __name__ == "__main__":
    main()
