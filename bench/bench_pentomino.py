"""Pentomino speed: first solution, all 6 x 10 tilings, hints, against a plain Algorithm X.

Run ``python bench/bench_pentomino.py`` (add ``--full-baseline`` to also run the baseline on
every 6 x 10 tiling, which takes minutes; ``--hints N`` and ``--stuck N`` set the boards of
sections 3 and 4, default 60 and 8, ``--no-python-count`` skips section 2's pure-Python
count, ``--no-raw-count`` its count by the kernel without symmetry breaking and
``--no-dlx-count`` its Dancing Links count of the 3 x 20 rectangle; ``--no-fresh-process``
skips section 5's process). The baseline, measured in the same process, is a
pure-Python Algorithm X over dictionaries of sets (column -> rows), branching on the column
with the fewest rows, with no symmetry breaking or other tricks. It prints:

1. first solution of 6 x 10, from the puzzle to the filled grid (target < 20 ms): ours in
   pure Python (what a fresh process runs, see ``bitboard.search``'s "auto") and with the
   compiled kernel, against the baseline's first solution;
2. all 9356 tilings of 6 x 10 (target < 4 s): ours with the kernel and symmetry breaking, the
   same in pure Python, and the kernel without symmetry breaking. The baseline needs minutes
   for all of them, so by default it counts one sub-problem (X pinned at one position, the
   same for both sides, a like-for-like ratio) and the full-count baseline is *estimated* as
   our full time times that ratio (said so in the output); ``--full-baseline`` measures it;
3. hints on partly filled 6 x 10 boards (target < 50 ms each): random tilings with 1 to 10
   pieces kept, the whole hint (tightest cell, a completion, the forced check); median, 90th
   percentile and worst, against the baseline finding one completion of the same boards;
4. stuck boards (no completion): the proof and the pieces to take back;
5. the one-time cost of loading numba and the cached kernel in a fresh process.

Timings are noisy on a shared machine; the ratios are measured in the same process.
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from gridsight.solvers.limit import Limit  # noqa: E402
from gridsight.solvers.pentomino.analysis import analyse  # noqa: E402
from gridsight.solvers.pentomino.bitboard import build_tables, search  # noqa: E402
from gridsight.solvers.pentomino.placements import placements  # noqa: E402
from gridsight.solvers.pentomino.puzzle import Puzzle, make_puzzle  # noqa: E402
from gridsight.solvers.pentomino.symmetry import breaking_plan, symmetries  # noqa: E402

SIX_BY_TEN = ["." * 10] * 6


# -- the baseline: Algorithm X over dictionaries --------------------------------------------


def baseline_problem(puzzle: Puzzle, pinned=()):
    """Columns -> set of rows and row -> columns, for the puzzle with ``pinned`` placed."""
    found = placements(puzzle)
    rows = {i: [("cell", c) for c in p.cells] + [("piece", p.letter)] for i, p in enumerate(found)}
    columns: dict = {}
    for i, cols in rows.items():
        for col in cols:
            columns.setdefault(col, set()).add(i)
    for i in pinned:
        _take(columns, rows, i)
    return columns, rows


def _take(columns, rows, i):
    removed = []
    for col in rows[i]:
        for other in columns[col]:
            for col2 in rows[other]:
                if col2 != col:
                    columns[col2].discard(other)
        removed.append(columns.pop(col))
    return removed


def _give_back(columns, rows, i, removed):
    for col in reversed(rows[i]):
        columns[col] = removed.pop()
        for other in columns[col]:
            for col2 in rows[other]:
                if col2 != col:
                    columns[col2].add(other)


def baseline_solutions(columns, rows, chosen=None):
    chosen = [] if chosen is None else chosen
    if not columns:
        yield list(chosen)
        return
    col = min(columns, key=lambda c: len(columns[c]))
    for i in list(columns[col]):
        chosen.append(i)
        removed = _take(columns, rows, i)
        yield from baseline_solutions(columns, rows, chosen)
        _give_back(columns, rows, i, removed)
        chosen.pop()


def baseline_first(puzzle: Puzzle):
    columns, rows = baseline_problem(puzzle)
    return next(baseline_solutions(columns, rows), None)


def baseline_count(puzzle: Puzzle, pinned=()):
    columns, rows = baseline_problem(puzzle, pinned)
    return sum(1 for _ in baseline_solutions(columns, rows))


# -- helpers -------------------------------------------------------------------------------


class Seconds(float):
    """A wall time that also carries the CPU time of the same run (``.cpu``)."""

    cpu: float


def timed(function, *args, repeat=1, **kwargs):
    """Best of ``repeat`` runs: wall time (a :class:`Seconds` with ``.cpu``) and the result.

    The machine is shared, so wall times include waiting for a core; the CPU time of this
    process is printed beside them."""
    best, result = None, None
    for _ in range(repeat):
        start, start_cpu = time.perf_counter(), time.process_time()
        result = function(*args, **kwargs)
        wall = Seconds(time.perf_counter() - start)
        wall.cpu = time.process_time() - start_cpu
        if best is None or wall < best:
            best = wall
    return best, result


def ms(seconds: float) -> str:
    cpu = getattr(seconds, "cpu", None)
    text = f"{seconds * 1000:8.1f} ms"
    return text + (f" (CPU {cpu * 1000:6.1f} ms)" if cpu is not None else "")


def sec(seconds: float) -> str:
    cpu = getattr(seconds, "cpu", None)
    return f"{seconds:7.2f} s" + (f" (CPU {cpu:6.2f} s)" if cpu is not None else "")


def first_solution(engine: str):
    puzzle = make_puzzle(SIX_BY_TEN)
    tables = build_tables(puzzle)
    return search(tables, limit=1, keep=1, engine=engine)


def partly_filled(rng: random.Random, tilings, tables, n: int):
    boards = []
    for _ in range(n):
        tiling = rng.choice(tilings)
        kept = rng.sample(tiling, rng.randint(1, 10))
        boards.append(make_puzzle(SIX_BY_TEN).with_pieces(
            [tables.placements[i].as_placed() for i in kept]))
    return boards


def stuck_boards(rng: random.Random, n: int):
    puzzle = make_puzzle(SIX_BY_TEN)
    found = placements(puzzle)
    boards = []
    while len(boards) < n:
        a, b = rng.sample(found, 2)
        if a.letter == b.letter or set(a.cells) & set(b.cells):
            continue
        board = puzzle.with_pieces([a.as_placed(), b.as_placed()])
        if analyse(board, limit=Limit.none()).solvable is False:
            boards.append(board)
    return boards


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--full-baseline", action="store_true",
                        help="also run the baseline on every 6 x 10 tiling (minutes)")
    parser.add_argument("--hints", type=int, default=60, metavar="N",
                        help="section 3: partly filled boards (default 60)")
    parser.add_argument("--stuck", type=int, default=8, metavar="N",
                        help="section 4: stuck boards (default 8)")
    parser.add_argument("--no-python-count", action="store_true",
                        help="section 2: skip the pure-Python count of every tiling")
    parser.add_argument("--no-raw-count", action="store_true",
                        help="section 2: skip the kernel's count without symmetry breaking")
    parser.add_argument("--no-dlx-count", action="store_true",
                        help="section 2: skip the Dancing Links count of the 3 x 20 rectangle")
    parser.add_argument("--no-fresh-process", action="store_true",
                        help="section 5: skip the fresh process timing numba's load")
    parser.add_argument("--sub-problem", choices=("largest", "smallest"), default="largest",
                        help="section 2: the orbit pinned for the like-for-like ratio, the one "
                        "with the most tilings (default) or the fewest")
    args = parser.parse_args()
    full_baseline = args.full_baseline
    print("pentomino bench (times: best of a few runs where repeated; noisy shared machine)")
    cold_t, _ = timed(first_solution, "python")  # before anything is cached in this process

    # 5. load cost first, in a fresh process (the kernel is cached by numba after one compile)
    code = ("import time; t = time.perf_counter(); "
            "from gridsight.solvers.pentomino.puzzle import make_puzzle; "
            "from gridsight.solvers.pentomino.bitboard import build_tables, search; "
            "search(build_tables(make_puzzle(['.....'] * 3, 'P U V')), engine='numba'); "
            "print(time.perf_counter() - t)")
    load = None if args.no_fresh_process else float(subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
        check=True).stdout)
    search(build_tables(make_puzzle(SIX_BY_TEN)), limit=1, engine="numba")  # warm up here

    # 1. first solution
    print("\n1. first solution of 6 x 10 (puzzle -> filled grid), target < 20 ms")
    base_t, base = timed(baseline_first, make_puzzle(SIX_BY_TEN), repeat=3)
    py_t, py = timed(first_solution, "python", repeat=5)
    nb_t, nb = timed(first_solution, "numba", repeat=5)
    assert base and py.count == nb.count == 1
    print(f"   baseline Algorithm X     {ms(base_t)}")
    print(f"   ours, pure Python, cold  {ms(cold_t)}   {base_t / cold_t:6.1f}x faster "
          "(first call in the process: placement objects not yet cached)")
    print(f"   ours, pure Python        {ms(py_t)}   {base_t / py_t:6.1f}x faster")
    print(f"   ours, numba kernel       {ms(nb_t)}   {base_t / nb_t:6.1f}x faster")

    # 2. all tilings
    print("\n2. all 9356 tilings of 6 x 10, target < 4 s")
    puzzle = make_puzzle(SIX_BY_TEN)
    ours_t, ours = timed(analyse, puzzle, count=True, limit=Limit.none())
    assert (ours.counted.count, ours.counted.distinct) == (9356, 2339)
    print(f"   ours, kernel + symmetry breaking   {sec(ours_t)}  (count 9356, distinct 2339)")
    if not args.no_raw_count:
        raw_t, raw = timed(lambda: search(build_tables(puzzle), engine="numba"))
        assert raw.count == 9356
        print(f"   ours, kernel, no symmetry breaking {sec(raw_t)}")
    if not args.no_python_count:
        pyc_t, pyc = timed(analyse, puzzle, count=True, limit=Limit.none(), engine="python")
        assert pyc.counted.count == 9356
        print(f"   ours, pure Python + symmetry       {sec(pyc_t)}")
    if not args.no_dlx_count:
        # (the suite's test_dancing_links_counts_agree counted this one till the 38th session,
        # 4 s of its CPU; it counts the ring and the partly filled 6 x 10 now)
        strip = make_puzzle(["." * 20] * 3)
        dlx_t, dlx = timed(analyse, strip, count=True, limit=Limit.none(), algorithm="dlx")
        assert (dlx.counted.count, dlx.counted.distinct) == (8, 2)
        print(f"   Dancing Links (dlx), all 8 tilings of 3 x 20 (distinct 2) {sec(dlx_t)}")
    tables = build_tables(puzzle)
    plan = breaking_plan(symmetries(puzzle), puzzle, tables.placements)
    # Every tiling (section 3 draws its boards from them): the tilings with a placement are
    # those a search pinning it counts, so each orbit's count is read off them, not searched.
    tilings = list(search(tables, keep=9356, engine="numba").solutions)
    assert len(tilings) == 9356
    using = Counter(placement for tiling in tilings for placement in tiling)
    # the orbit with the most tilings, so the sub-problem is a real piece of the work
    pick = max if args.sub_problem == "largest" else min
    rep, _ = pick(plan.orbits, key=lambda orbit: using[orbit[0]])
    sub_base_t, sub_base = timed(baseline_count, puzzle, (rep,))
    sub_ours_t, sub_ours = timed(lambda: search(tables, fixed=(rep,), engine="numba"), repeat=3)
    assert sub_base == sub_ours.count
    ratio = sub_base_t / sub_ours_t
    print(f"   sub-problem {plan.letter} pinned at {tables.placements[rep].cells} "
          f"({sub_ours.count} tilings):")
    print(f"     baseline {sec(sub_base_t)}, ours (kernel) {sec(sub_ours_t)}: "
          f"{ratio:6.1f}x faster (CPU: {sub_base_t.cpu / max(sub_ours_t.cpu, 1e-9):6.1f}x)")
    cpu_ratio = sub_base_t.cpu / max(sub_ours_t.cpu, 1e-9)
    print(f"   baseline for all 9356, ESTIMATED as ours x that ratio: {ours_t * ratio:7.1f} s "
          f"wall, {ours_t.cpu * cpu_ratio:7.1f} s CPU (not measured; --full-baseline measures it)")
    if full_baseline:
        full_t, full = timed(baseline_count, puzzle)
        assert full == 9356
        print(f"   baseline for all 9356, measured: {sec(full_t)}: ours is "
              f"{full_t / ours_t:6.1f}x faster")

    # 3. hints on partly filled boards
    print(f"\n3. hints on {args.hints} partly filled 6 x 10 boards (1-10 pieces of a tiling "
          "kept), target < 50 ms")
    rng = random.Random(2026)
    boards = partly_filled(rng, tilings, tables, args.hints)
    for engine in ("auto", "python"):
        times = []
        forced = 0
        for board in boards:
            t, analysis = timed(analyse, board, limit=Limit.none(), engine=engine)
            assert analysis.solvable and analysis.hint is not None
            forced += analysis.hint.forced
            times.append(t)
        times.sort()
        label = "kernel loaded" if engine == "auto" else "pure Python  "
        cpus = sorted(t.cpu for t in times)
        print(f"   ours, {label}: median {ms(statistics.median(times))}, "
              f"90% {ms(times[int(0.9 * len(times))])}, worst {ms(times[-1])} "
              f"({forced} forced hints)")
        print(f"      CPU: median {statistics.median(cpus) * 1000:6.1f} ms, "
              f"90% {cpus[int(0.9 * len(cpus))] * 1000:6.1f} ms, worst {cpus[-1] * 1000:6.1f} ms")
        if engine == "auto":
            ours_median = statistics.median(times)
    base_times = sorted(timed(baseline_first, board)[0] for board in boards)
    base_median = statistics.median(base_times)
    print(f"   baseline (one completion only): median {ms(base_median)}, "
          f"worst {ms(base_times[-1])}; ours {base_median / ours_median:5.1f}x faster "
          "(median, ours doing the whole hint)")

    # 4. stuck boards
    print("\n4. stuck 6 x 10 boards (two pieces placed, no completion): proof + pieces to take back")
    boards = stuck_boards(random.Random(7), args.stuck)
    times = sorted(timed(analyse, board, limit=Limit.none())[0] for board in boards)
    cpus = sorted(t.cpu for t in times)
    base_times = sorted(timed(baseline_first, board)[0] for board in boards[:3])
    print(f"   ours (kernel): median {ms(statistics.median(times))}, worst {ms(times[-1])}; "
          f"CPU median {statistics.median(cpus) * 1000:.1f} ms, worst {cpus[-1] * 1000:.1f} ms")
    print(f"   baseline proof only (3 boards): median {ms(statistics.median(base_times))}")

    if load is not None:
        print(f"\n5. fresh process: import + load numba and the cached kernel + a tiny search: "
              f"{load:.2f} s (once per process; hints start in Python meanwhile)")


if __name__ == "__main__":
    main()
