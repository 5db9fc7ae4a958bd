"""Speed of the exact tile-path solver: the two engines side by side, against a plain search.

Run: ``python bench/bench_tile_path.py [--boards N] [--seed S] [--python-budget SECONDS]
[--max-square N] [--skip-first-call]``.

1. Baseline. A plain depth-first search over walks (:mod:`gridsight.solvers.tile_path.dfs`, like the
   issue writer's: no pruning) and the frontier sweep in each engine decide the same random
   small boards (5 x 6, about 10% blocked, random start); the answers must agree.
2. The Hero's Cave (``examples/tile-path-heros-cave.txt``, 13 x 9): the proof of no full walk,
   the frontier search deciding the same board with no parity shortcut, and the complete
   leave-one analysis, in each engine; the plain DFS for a budget of nodes.
3. Open-ish rooms, the targets of issue 14: 12 x 12 and 14 x 14 with four pillars, Link at the
   middle of the right edge (no quick proof applies; a full walk exists). For each engine:
   the frontier search deciding existence, and the whole analysis as ``gridsight solve``
   runs it (witness walk and next moves, default time limit and memory bound). The pure-Python
   runs stop at ``--python-budget`` seconds; a ratio is then a lower bound (``>``).
4. Growth with the grid: full n x n grids, Link at the middle of the right edge, the frontier
   search in each engine, until the kernel takes longer than the Python budget.
5. First-call cost of the kernel, in fresh processes: importing numba, compiling the kernel
   into an empty cache, and loading it from the cache (what every later process pays).

Every engine figure is run cold (the Python engine's memo table emptied first) and the kernel
warm (loaded before timing; its first-call cost is section 5). Figures are wall time and CPU
time of this process: on a shared machine the CPU time moves much less. Ratios are Python
over numba, in this run.
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gridsight.solvers.boardtext import parse_boards  # noqa: E402
from gridsight.solvers.tile_path.analysis import analyse  # noqa: E402
from gridsight.solvers.tile_path.board import parse_board  # noqa: E402
from gridsight.solvers.tile_path.dfs import NodeLimitExceeded, dfs_full_walk  # noqa: E402
from gridsight.solvers.tile_path.engines import clear_cache, load_numba_engine  # noqa: E402
from gridsight.solvers.tile_path.frontier import FrontierBoard, run  # noqa: E402
from gridsight.solvers.limit import Limit, LimitReached  # noqa: E402
from gridsight.solvers.tile_path.limits import progress  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
HAVE_NUMBA = load_numba_engine() is not None
ENGINES = ("python", "numba") if HAVE_NUMBA else ("python",)


def timed(work):
    """Run ``work()``; return its result, the wall time and the CPU time of this process."""
    clear_cache()
    wall, cpu = time.perf_counter(), time.process_time()
    result = work()
    return result, time.perf_counter() - wall, time.process_time() - cpu


def show(label: str, wall: float, cpu: float, note: str = "") -> None:
    print(f"   {label:<46} {wall:9.3f} s wall {cpu:9.3f} s CPU  {note}".rstrip())


def ratio(python: tuple, numba: tuple, *, lower_bound: bool = False) -> str:
    """Python over numba, wall and CPU (``>``: the Python run was stopped by its budget)."""
    mark = ">" if lower_bound else ""
    return (f"ratio python / numba: {mark}{python[0] / numba[0]:.1f}x wall, "
            f"{mark}{python[1] / numba[1]:.1f}x CPU")


def small_boards(count: int, seed: int, rows: int = 5, cols: int = 6):
    rng = random.Random(seed)
    boards = []
    for _ in range(count):
        tiles = frozenset(
            (r, c) for r in range(rows) for c in range(cols) if rng.random() > 0.1
        )
        boards.append((rows, cols, tiles, rng.choice(sorted(tiles))))
    return boards


def baseline(count: int, seed: int) -> None:
    boards = small_boards(count, seed)
    dfs_answers, wall, cpu = timed(
        lambda: [dfs_full_walk(tiles, start).path is not None for _, _, tiles, start in boards]
    )
    print(f"1. baseline: {count} random 5 x 6 boards, {sum(dfs_answers)} with a full walk")
    show("plain DFS", wall, cpu)
    figures = {}
    for engine in ENGINES:
        answers, e_wall, e_cpu = timed(lambda: [
            run(FrontierBoard(r, c, tiles, start, None), engine=engine).result.found
            for r, c, tiles, start in boards
        ])
        assert answers == dfs_answers, f"the {engine} frontier search disagrees with the DFS"
        show(f"frontier, {engine}", e_wall, e_cpu,
             f"(DFS / this: {wall / e_wall:.0f}x wall, {cpu / e_cpu:.0f}x CPU)")
        figures[engine] = (e_wall, e_cpu)
    if HAVE_NUMBA:
        print("   " + ratio(figures["python"], figures["numba"]) + " (small boards: Python "
              "is what 'auto' runs here)")


def heros_cave(dfs_nodes: int, leave_one: bool = True) -> None:
    text = (REPO / "examples" / "tile-path-heros-cave.txt").read_text()
    board = parse_board(parse_boards(text)[0])
    print("2. Hero's Cave (13 x 9, 111 tiles to cross)")
    result, wall, cpu = timed(lambda: analyse(board, leave_one=False, fewest=False))
    show(f"proof of no full walk ({result.proof.kind})", wall, cpu, "(no search)")
    whole = FrontierBoard(board.rows, board.cols, board.tiles, board.current, None)
    searched, leave = {}, {}
    for engine in ENGINES:
        sweep, s_wall, s_cpu = timed(lambda: run(whole, engine=engine))
        answer = "walk" if sweep.result.found else "no walk"
        show(f"frontier search only (no parity), {engine}", s_wall, s_cpu,
             f"({answer}, {sweep.result.states:,} states)")
        searched[engine] = (s_wall, s_cpu)
    for engine in ENGINES if leave_one else ():
        full, l_wall, l_cpu = timed(lambda: analyse(board, engine=engine, limit=Limit.none()))
        works = sum(1 for r in full.leave_one if r.path is not None)
        show(f"complete leave-one + fewest left, {engine}", l_wall, l_cpu,
             f"({works} of {len(full.leave_one)} tiles work; undecided {len(full.undecided)})")
        leave[engine] = (l_wall, l_cpu)
    if HAVE_NUMBA:
        print("   search: " + ratio(searched["python"], searched["numba"]))
        if leave:
            print("   leave-one: " + ratio(leave["python"], leave["numba"]))

    def dfs() -> bool:
        try:
            dfs_full_walk(board.tiles, board.current, node_limit=dfs_nodes)
        except NodeLimitExceeded:
            return False
        return True

    finished, wall, cpu = timed(dfs)
    show(f"plain DFS, {dfs_nodes:,} nodes", wall, cpu, "finished" if finished else "undecided")


def pillared_room(n: int) -> tuple[str, FrontierBoard]:
    """An open n x n room with four pillars (two of each chessboard colour), Link at the
    middle of the right edge: no quick proof applies and a full walk exists."""
    a, b = 3, n - 4
    pillars = {(a, a), (a, b), (b, a), (b, b)}
    start = (n // 2, n - 1)
    rows = [" ".join("S" if (r, c) == start else "#" if (r, c) in pillars else "."
                     for c in range(n)) for r in range(n)]
    tiles = frozenset((r, c) for r in range(n) for c in range(n)) - pillars
    return "\n".join(rows) + "\n", FrontierBoard(n, n, tiles, start, None)


def open_rooms(python_budget: float, sizes: tuple[int, ...] = (12, 14)) -> None:
    print("3. open-ish rooms (four pillars, Link at the middle of the right edge); targets: "
          "12 x 12 under 1 s, 14 x 14 under 10 s")
    for n in sizes:
        text, whole = pillared_room(n)
        board = parse_board(parse_boards(text)[0])
        decided, whole_analysis = {}, {}
        for engine in ENGINES:
            budget = Limit(seconds=python_budget if engine == "python" else None)

            def decide():
                try:
                    return run(whole, witness=False, engine=engine, meter=budget.start()).result
                except LimitReached as stop:
                    return stop

            result, wall, cpu = timed(decide)
            if isinstance(result, LimitReached):
                show(f"{n} x {n} existence, {engine}", wall, cpu,
                     f"(stopped by the budget after {progress(result).states:,} states)")
            else:
                show(f"{n} x {n} existence, {engine}", wall, cpu,
                     f"({'walk' if result.found else 'no walk'}, {result.states:,} states)")
            decided[engine] = (wall, cpu, isinstance(result, LimitReached))
        for engine in ENGINES:
            limit = Limit(seconds=python_budget if engine == "python" else None)
            full, wall, cpu = timed(lambda: analyse(board, engine=engine, limit=limit))
            note = full.proven + (f"; next {', '.join(full.next)}" if full.next else "")
            if full.next_undecided:
                note += f"; undecided {', '.join(full.next_undecided)}"
            show(f"{n} x {n} whole analysis, {engine}", wall, cpu, f"({note})")
            whole_analysis[engine] = (wall, cpu, not full.decided or bool(full.next_undecided))
        if HAVE_NUMBA:
            p, k = decided["python"], decided["numba"]
            print(f"   {n} x {n} existence: " + ratio(p, k, lower_bound=p[2]))
            p, k = whole_analysis["python"], whole_analysis["numba"]
            print(f"   {n} x {n} whole analysis: " + ratio(p, k, lower_bound=p[2]))
        sys.stdout.flush()


def squares(max_n: int, python_budget: float) -> None:
    print("4. growth: full n x n grid, Link at the middle of the right edge, existence only")
    print("   | grid | answer | states | python CPU (s) | numba CPU (s) | ratio |")
    print("   |---|---|---|---|---|---|")
    python_stopped = False
    for n in range(6, max_n + 1):
        tiles = frozenset((r, c) for r in range(n) for c in range(n))
        whole = FrontierBoard(n, n, tiles, (n // 2, n - 1), None)
        cells = {}
        answer = states = None
        for engine in ENGINES:
            if engine == "python" and python_stopped:
                cells[engine] = None
                continue
            budget = Limit(seconds=python_budget if engine == "python" else None)
            try:
                result, _, cpu = timed(lambda: run(whole, witness=False, engine=engine,
                                                   meter=budget.start()).result)
            except LimitReached:
                python_stopped = True
                cells[engine] = None
                continue
            answer, states = ("walk" if result.found else "no walk"), result.states
            cells[engine] = cpu
        py, nb = cells.get("python"), cells.get("numba")
        py_text = f"{py:.2f}" if py is not None else f"stopped at {python_budget:.0f} s CPU"
        nb_text = f"{nb:.3f}" if nb is not None else "-"
        share = f"{py / nb:.0f}x" if py is not None and nb else "-"
        states_text = f"{states:,}" if states is not None else "-"
        print(f"   | {n} x {n} | {answer or '-'} | {states_text} | {py_text} | {nb_text} "
              f"| {share} |")
        sys.stdout.flush()
        if nb is None or nb > python_budget:
            break


_FIRST_CALL = """
import time
began = time.perf_counter()
import numba
imported = time.perf_counter()
from gridsight.solvers.tile_path.frontier import FrontierBoard, run
tiles = frozenset((r, c) for r in range(4) for c in range(4))
run(FrontierBoard(4, 4, tiles, (0, 0), None), engine="numba", longest=False)
run(FrontierBoard(4, 4, tiles, (0, 0), None), engine="numba", longest=True)
done = time.perf_counter()
print(f"{imported - began:.3f} {done - imported:.3f}")
"""


def first_call() -> None:
    if not HAVE_NUMBA:
        print("5. first-call cost: numba is not installed")
        return
    print("5. first-call cost of the kernel, fresh processes (wall)")
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, NUMBA_CACHE_DIR=cache, PYTHONPATH=str(REPO))
        for label in ("compile into an empty cache", "load from the cache"):
            out = subprocess.run([sys.executable, "-c", _FIRST_CALL], env=env, check=True,
                                 capture_output=True, text=True).stdout.split()
            print(f"   {label:<32} import numba {float(out[0]):.2f} s, "
                  f"kernel ready and first runs {float(out[1]):.2f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=40, help="small boards for the baseline")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--dfs-nodes", type=int, default=2_000_000, help="DFS budget on the cave")
    parser.add_argument("--python-budget", type=float, default=300.0,
                        help="seconds a pure-Python run may take before it is stopped")
    parser.add_argument("--max-square", type=int, default=15, help="largest n x n grid to try")
    parser.add_argument("--skip-first-call", action="store_true")
    parser.add_argument("--rooms", type=int, nargs="+", default=[12, 14], metavar="N",
                        help="section 3: the open rooms' sizes (default 12 14; at least 8)")
    parser.add_argument("--no-leave-one", action="store_true",
                        help="section 2: skip the complete leave-one analysis of the cave")
    options = parser.parse_args()
    if HAVE_NUMBA:  # load the kernel before timing anything (section 5 times that)
        run(FrontierBoard(2, 2, frozenset({(0, 0), (0, 1), (1, 0), (1, 1)}), (0, 0), None),
            engine="numba", longest=True)
        run(FrontierBoard(2, 2, frozenset({(0, 0), (0, 1), (1, 0), (1, 1)}), (0, 0), None),
            engine="numba")
    baseline(options.boards, options.seed)
    heros_cave(options.dfs_nodes, leave_one=not options.no_leave_one)
    open_rooms(options.python_budget, tuple(options.rooms))
    squares(options.max_square, options.python_budget)
    if not options.skip_first_call:
        first_call()


if __name__ == "__main__":
    main()
