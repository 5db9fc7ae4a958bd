"""Speed of the exact Minesweeper analysis on mid-game expert boards.

Run: ``python bench/bench_minesweeper.py [--games N] [--seed S] [--baseline-ways W]
[--pathological]``.

States come from play: expert games (16 x 30, 99 mines, first click never a mine) played by
gridsight's own policy; every board on which the policy had to guess (no cell certainly
safe) with 40 to 400 cells open is kept, since that is when a player asks for advice. Each is
timed cold (no cache survives between boards) through the whole advice: the exact analysis
(components, counting, the mine-count DP, every cell's chance) and the recommendation (with
its exact chance-of-a-0 tie-break). The script prints the median, 90th percentile and
slowest time per board, and the frontier sizes met.

The baseline, timed in the same run on the same boards, is the textbook whole-frontier
enumeration (:func:`gridsight.solvers.minesweeper.brute.whole_frontier`: one backtracking over every
frontier cell, each consistent assignment visited one by one). It is exponential in the
number of frontier assignments, so it runs only on the boards with at most ``--baseline-ways``
of them (the product of the components' counts, known from the exact analysis); the ratio is
its time over the exact analysis's time on those boards, and the script checks that both give
the same counts.

``--pathological`` also times a board no game produces: numbers on every other cell of every
other row of an expert board, one component of over 300 cells, counted without a limit and
then with a quarter of that time as its limit (which must stop it and keep the proven
cells).
"""

from __future__ import annotations

import argparse
import math
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gridsight.solvers.minesweeper.analysis import analyse  # noqa: E402
from gridsight.solvers.minesweeper.brute import whole_frontier  # noqa: E402
from gridsight.solvers.minesweeper.policy import recommend  # noqa: E402
from gridsight.solvers.minesweeper.rules import EXPERT, neighbours  # noqa: E402
from gridsight.solvers.minesweeper.simulate import (  # noqa: E402
    Move,
    exact_policy,
    game_orders,
    play_game,
)
from gridsight.solvers.minesweeper.state import MinesweeperState  # noqa: E402


def guess_states(games: int, seed: int) -> list[MinesweeperState]:
    """Every board of ``games`` expert games on which gridsight's policy had to guess, with
    40 to 400 cells open."""
    states: list[MinesweeperState] = []

    def keep(state: MinesweeperState, move: Move) -> None:
        if move.guess and 40 <= len(state.numbers()) <= 400:
            states.append(state)

    for i, order in enumerate(game_orders(EXPERT, games, seed)):
        play_game(EXPERT, order, "safe", exact_policy, random.Random(seed + i), on_move=keep)
    return states


def lattice() -> MinesweeperState:
    """Numbers on every other cell of every other row of an expert board (true to a random
    layout): one huge two-dimensional component."""
    rng = random.Random(3)
    cells = [(r, c) for r in range(EXPERT.rows) for c in range(EXPERT.cols)]
    mines = set(rng.sample(cells, EXPERT.mines))
    grid = [["."] * EXPERT.cols for _ in range(EXPERT.rows)]
    for r, c in cells:
        if r % 2 == 1 and c % 2 == 1 and (r, c) not in mines:
            grid[r][c] = str(sum(n in mines for n in neighbours(r, c, EXPERT.rows,
                                                                   EXPERT.cols)))
    return MinesweeperState(EXPERT.mines, tuple(tuple(row) for row in grid))


def timed(function, *args) -> tuple[float, object]:
    start = time.perf_counter()
    result = function(*args)
    return time.perf_counter() - start, result


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=30, help="expert games to play (30)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--baseline-ways", type=int, default=200_000,
                        help="run the baseline on boards with at most this many frontier "
                        "assignments (200000)")
    parser.add_argument("--pathological", action="store_true",
                        help="also time the lattice board (about a minute)")
    options = parser.parse_args()
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"load average (1 min) at start: {load:.2f}")
    states = guess_states(options.games, options.seed)
    print(f"{len(states)} expert boards needing a guess, from {options.games} games "
          f"(seed {options.seed})")
    times, analysis_times, frontier_sizes, components, baseline_pairs = [], [], [], [], []
    for state in states:
        seconds, analysis = timed(analyse, state, None)
        choosing, _ = timed(recommend, analysis)
        analysis_times.append(seconds)
        times.append(seconds + choosing)
        frontier_sizes.append(len(analysis.frontier.cells))
        components.append(len(analysis.components))
        ways = math.prod(r.count.total for r in analysis.components)
        if ways <= options.baseline_ways:
            analysis_only, _ = timed(analyse, state, None)
            base_seconds, (total, per_cell) = timed(whole_frontier, state)
            assert total == analysis.layouts
            assert all(per_cell[o.cell] == o.mine_layouts for o in analysis.cells)
            baseline_pairs.append((base_seconds, analysis_only, ways))
    print(f"frontier cells per board: median {statistics.median(frontier_sizes):.0f}, "
          f"max {max(frontier_sizes)}; components: median {statistics.median(components):.0f}, "
          f"max {max(components)}")
    print(f"advice per board (exact analysis + recommendation): median "
          f"{1000 * statistics.median(times):.1f} ms, 90th percentile "
          f"{1000 * percentile(times, 0.9):.1f} ms, slowest {1000 * max(times):.1f} ms")
    print(f"  the exact analysis alone: median {1000 * statistics.median(analysis_times):.1f} ms, "
          f"90th percentile {1000 * percentile(analysis_times, 0.9):.1f} ms, slowest "
          f"{1000 * max(analysis_times):.1f} ms")
    if baseline_pairs:
        base = sum(b for b, _, _ in baseline_pairs)
        ours = sum(a for _, a, _ in baseline_pairs)
        ratios = [b / a for b, a, _ in baseline_pairs]
        print(f"baseline (whole-frontier enumeration) on the {len(baseline_pairs)} boards with "
              f"at most {options.baseline_ways:,} frontier assignments (same counts checked): "
              f"{base:.2f} s against {ours:.3f} s for the exact analysis, ratio {base / ours:.0f}x "
              f"in total (per board: median {statistics.median(ratios):.0f}x, max "
              f"{max(ratios):.0f}x; largest board {max(w for _, _, w in baseline_pairs):,} "
              "assignments)")
    too_many = len(states) - len(baseline_pairs)
    print(f"{too_many} boards had more frontier assignments than the baseline limit "
          "(the baseline would take seconds to hours on them)")
    if options.pathological:
        board = lattice()
        seconds, full = timed(analyse, board, None)
        print(f"pathological lattice ({len(full.frontier.cells)} frontier cells in "
              f"{len(full.components)} component(s)): counted exactly in {seconds:.1f} s "
              "without a limit")
        limit = round(seconds / 4, 2)
        seconds, cut = timed(analyse, board, limit)
        print(f"  with a {limit:g} s limit (a quarter of that): returned after {seconds:.2f} s, "
              f"complete {cut.complete}, {len(cut.safe)} cells proven safe and "
              f"{len(cut.certain_mines)} proven mines (exactly: {len(full.safe)} and "
              f"{len(full.certain_mines)})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
