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
   (60 s by default) or ``--max-square`` is reached.
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


def baseline(count: int, seed: int) -> None:
    boards = small_boards(count, seed)
    began = time.perf_counter()
    dfs_answers = [dfs_full_walk(tiles, start).path is not None for _, _, tiles, start in boards]
    dfs_time = time.perf_counter() - began
    clear_cache()
    began = time.perf_counter()
    dp_answers = [
        run(FrontierBoard(r, c, tiles, start, None))[0].found for r, c, tiles, start in boards
    ]
    dp_time = time.perf_counter() - began
    assert dfs_answers == dp_answers, "the frontier search disagrees with the plain DFS"
    print(f"1. baseline: {count} random 5 x 6 boards, {sum(dp_answers)} with a full walk")
    print(f"   plain DFS       {dfs_time:8.3f} s")
    print(f"   frontier (cold) {dp_time:8.3f} s")
    print(f"   ratio DFS / frontier: {dfs_time / dp_time:.1f}x")


def heros_cave(dfs_nodes: int) -> None:
    text = (REPO / "examples" / "tile-path-heros-cave.txt").read_text()
    board = parse_board(parse_boards(text)[0])
    print("2. Hero's Cave (13 x 9, 111 tiles to cross)")

    clear_cache()
    began = time.perf_counter()
    result = analyse(board, leave_one=False, fewest=False)
    proof_time = time.perf_counter() - began
    print(f"   proof of no full walk ({result.proof.kind}):   {proof_time:8.4f} s  (target < 1 s)")

    clear_cache()
    began = time.perf_counter()
    searched, _ = run(FrontierBoard(board.rows, board.cols, board.tiles, board.current, None))
    search_time = time.perf_counter() - began
    print(
        f"   same, frontier search only (no parity):    {search_time:8.4f} s  "
        f"(answer: {'walk' if searched.found else 'no walk'}, {searched.states} states)"
    )

    clear_cache()
    began = time.perf_counter()
    full = analyse(board)
    leave_time = time.perf_counter() - began
    works = sum(1 for r in full.leave_one if r.path is not None)
    print(
        f"   complete leave-one analysis + fewest left: {leave_time:8.4f} s  (target < 30 s): "
        f"{works} of {len(full.leave_one)} tiles can be left, fewest left {full.fewest_left}"
    )

    began = time.perf_counter()
    try:
        dfs_full_walk(board.tiles, board.current, node_limit=dfs_nodes)
        print("   plain DFS finished (unexpected)")
    except NodeLimitExceeded:
        elapsed = time.perf_counter() - began
        print(
            f"   plain DFS: {dfs_nodes} nodes in {elapsed:.1f} s ({dfs_nodes / elapsed:,.0f} "
            "nodes/s), undecided; ratio DFS budget time / frontier proof without parity: "
            f"> {elapsed / search_time:.0f}x"
        )


def squares(max_n: int, budget: float) -> None:
    print("3. growth: full n x n grid, start at the middle of the right edge, frontier only")
    print("   | grid | answer | states expanded | time (s) | ratio to previous |")
    print("   |---|---|---|---|---|")
    previous = None
    for n in range(6, max_n + 1):
        tiles = frozenset((r, c) for r in range(n) for c in range(n))
        clear_cache()
        began = time.perf_counter()
        result, _ = run(
            FrontierBoard(n, n, tiles, (n // 2, n - 1), None), witness=False, keep_layers=False
        )
        elapsed = time.perf_counter() - began
        ratio = f"{elapsed / previous:.1f}x" if previous else "-"
        answer = "walk" if result.found else "no walk"
        print(f"   | {n} x {n} | {answer} | {result.states:,} | {elapsed:.2f} | {ratio} |")
        sys.stdout.flush()
        previous = elapsed
        if elapsed > budget:
            print(f"   ({n} x {n} took longer than {budget:.0f} s: stopping)")
            break
    clear_cache()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=40, help="small boards for the baseline")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--dfs-nodes", type=int, default=2_000_000, help="DFS budget on the cave")
    parser.add_argument("--max-square", type=int, default=14, help="largest n x n grid to try")
    parser.add_argument("--square-budget", type=float, default=60.0, help="stop after a size "
                        "takes longer than this (seconds)")
    options = parser.parse_args()
    baseline(options.boards, options.seed)
    heros_cave(options.dfs_nodes)
    squares(options.max_square, options.square_budget)


if __name__ == "__main__":
    main()
