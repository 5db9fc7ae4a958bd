"""Speed of the exact tile-path solver: baseline comparison, the Hero's Cave, square grids.

Run: ``python bench/bench_tile_path.py [--boards N] [--seed S] [--max-square N]
[--square-budget SECONDS]``.

1. Baseline. A plain depth-first search over walks (:mod:`solvers.tile_path.dfs`, like the
   issue writer's: no pruning) and the frontier programme (:mod:`solvers.tile_path.frontier`)
   decide the same random small boards (5 x 6, about 10% blocked, random start) in this run;
   the answers must agree, and the ratio is DFS time over frontier time (frontier timed cold:
   its transition table is cleared first).
2. The Hero's Cave (``examples/tile-path-heros-cave.txt``, 13 x 9): the proof of no full walk
   (the whole ``analyse`` call without the optional parts), the frontier search deciding the
   same board with no parity shortcut, and the complete leave-one analysis (every tile decided
   exactly, each working tile with its walk), all cold. The plain DFS is also run on it for a
   budget of nodes, to show its node rate and that it does not finish.
3. Growth with the grid: full n x n grids, Link starting at the middle of the right edge (as
   in the Hero's Cave), decided by the frontier search alone (no quick proof), cold, without
   the witness back-pointers. Sizes go up from 6 x 6 until one takes longer than the budget
   (60 CPU seconds by default) or ``--max-square`` is reached. Every figure is printed as
   wall time and CPU time of this process: on a shared machine the CPU time moves much less.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solvers.boardtext import parse_boards  # noqa: E402
from solvers.tile_path.analysis import analyse  # noqa: E402
from solvers.tile_path.board import parse_board  # noqa: E402
from solvers.tile_path.dfs import NodeLimitExceeded, dfs_full_walk  # noqa: E402
from solvers.tile_path.frontier import FrontierBoard, clear_cache, run  # noqa: E402

REPO = Path(__file__).resolve().parent.parent


def small_boards(count: int, seed: int, rows: int = 5, cols: int = 6):
    rng = random.Random(seed)
    boards = []
    for _ in range(count):
        tiles = frozenset(
            (r, c) for r in range(rows) for c in range(cols) if rng.random() > 0.1
        )
        boards.append((rows, cols, tiles, rng.choice(sorted(tiles))))
    return boards


def timed(work):
    """Run ``work()``; return its result, the wall time and the CPU time of this process."""
    wall, cpu = time.perf_counter(), time.process_time()
    result = work()
    return result, time.perf_counter() - wall, time.process_time() - cpu


def show(label: str, wall: float, cpu: float, note: str = "") -> None:
    print(f"   {label:<44} {wall:9.4f} s wall {cpu:9.4f} s CPU  {note}".rstrip())


def baseline(count: int, seed: int) -> None:
    boards = small_boards(count, seed)
    dfs_answers, dfs_wall, dfs_cpu = timed(
        lambda: [dfs_full_walk(tiles, start).path is not None for _, _, tiles, start in boards]
    )
    clear_cache()
    dp_answers, dp_wall, dp_cpu = timed(
        lambda: [
            run(FrontierBoard(r, c, tiles, start, None))[0].found for r, c, tiles, start in boards
        ]
    )
    assert dfs_answers == dp_answers, "the frontier search disagrees with the plain DFS"
    print(f"1. baseline: {count} random 5 x 6 boards, {sum(dp_answers)} with a full walk")
    show("plain DFS", dfs_wall, dfs_cpu)
    show("frontier (cold)", dp_wall, dp_cpu)
    print(f"   ratio DFS / frontier: {dfs_wall / dp_wall:.1f}x wall, {dfs_cpu / dp_cpu:.1f}x CPU")


def heros_cave(dfs_nodes: int) -> None:
    text = (REPO / "examples" / "tile-path-heros-cave.txt").read_text()
    board = parse_board(parse_boards(text)[0])
    print("2. Hero's Cave (13 x 9, 111 tiles to cross), all cold")

    clear_cache()
    result, wall, cpu = timed(lambda: analyse(board, leave_one=False, fewest=False))
    show(f"proof of no full walk ({result.proof.kind})", wall, cpu, "(target < 1 s)")

    clear_cache()
    (searched, _), search_wall, search_cpu = timed(
        lambda: run(FrontierBoard(board.rows, board.cols, board.tiles, board.current, None))
    )
    answer = "walk" if searched.found else "no walk"
    show(
        "same, frontier search only (no parity)",
        search_wall,
        search_cpu,
        f"({answer}, {searched.states:,} states)",
    )

    clear_cache()
    full, wall, cpu = timed(lambda: analyse(board))
    works = sum(1 for r in full.leave_one if r.path is not None)
    show("complete leave-one analysis + fewest left", wall, cpu, "(target < 30 s)")
    print(
        f"   {works} of {len(full.leave_one)} tiles can be the one left; "
        f"fewest left {full.fewest_left}; undecided {len(full.undecided)}"
    )

    def dfs() -> bool:
        try:
            dfs_full_walk(board.tiles, board.current, node_limit=dfs_nodes)
        except NodeLimitExceeded:
            return False
        return True

    finished, wall, cpu = timed(dfs)
    show(f"plain DFS, {dfs_nodes:,} nodes", wall, cpu, "finished" if finished else "undecided")
    print(
        f"   plain DFS rate {dfs_nodes / cpu:,.0f} nodes per CPU second; its budget took "
        f"{cpu / search_cpu:.0f}x the CPU time of the frontier search, without an answer"
    )


def squares(max_n: int, budget: float) -> None:
    print("3. growth: full n x n grid, start at the middle of the right edge, frontier only")
    print("   | grid | answer | states expanded | wall time (s) | CPU time (s) | CPU ratio |")
    print("   |---|---|---|---|---|---|")
    previous = None
    for n in range(6, max_n + 1):
        tiles = frozenset((r, c) for r in range(n) for c in range(n))
        clear_cache()
        began, began_cpu = time.perf_counter(), time.process_time()
        result, _ = run(
            FrontierBoard(n, n, tiles, (n // 2, n - 1), None), witness=False, keep_layers=False
        )
        elapsed, cpu = time.perf_counter() - began, time.process_time() - began_cpu
        ratio = f"{cpu / previous:.1f}x" if previous else "-"
        answer = "walk" if result.found else "no walk"
        print(
            f"   | {n} x {n} | {answer} | {result.states:,} | {elapsed:.2f} | {cpu:.2f} "
            f"| {ratio} |"
        )
        sys.stdout.flush()
        previous = cpu
        if cpu > budget:
            print(f"   ({n} x {n} took more than {budget:.0f} CPU seconds: stopping)")
            break
    clear_cache()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=40, help="small boards for the baseline")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--dfs-nodes", type=int, default=2_000_000, help="DFS budget on the cave")
    parser.add_argument("--max-square", type=int, default=14, help="largest n x n grid to try")
    parser.add_argument("--square-budget", type=float, default=60.0, help="stop after a size "
                        "takes more CPU seconds than this")
    options = parser.parse_args()
    baseline(options.boards, options.seed)
    heros_cave(options.dfs_nodes)
    squares(options.max_square, options.square_budget)


if __name__ == "__main__":
    main()
