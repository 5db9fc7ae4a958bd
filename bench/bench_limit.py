"""Budgets in work, not wall time: the same Disco Zoo advice on a busy machine as on an idle one.

Run ``python bench/bench_limit.py [--boards N] [--budget SECONDS] [--busy K] [--seed S]``.
For N random mid-game rescues (3 animals, 1 random tap made, 9 left; the opening book off),
the advice with the lookahead's default budget (1 s of work: CPU seconds of the searching
thread) is worked out idle, then again beside K processes that spin (two by default: a game
and a browser on a 2-core machine). It prints, for each run, how many answers were exact, the
CPU and wall time they took, how many exact answers took more *wall* time than the budget
(those a wall-clock budget, gridsight's before, would have cut short), and how many answers
differ between the two runs (the figure that must be 0). The ratio printed is the busy run's
wall time over the idle run's (how much the load slowed the answers down, not changed them).

This is a measurement, not a test: ``tests/test_limit.py`` holds the same answers beside two
busy processes on a few boards.
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gridsight.solvers.disco_zoo.advise import DEFAULT_BUDGET, plan  # noqa: E402
from gridsight.solvers.disco_zoo.board import EMPTY, RescueBoard, fresh_board  # noqa: E402
from gridsight.solvers.disco_zoo.catalogue import load_catalogue  # noqa: E402
from gridsight.solvers.disco_zoo.objective import Objective  # noqa: E402


def mid_game_boards(count: int, seed: int, made: int = 1, left: int = 9) -> list[RescueBoard]:
    """``count`` rescues of 3 animals of a random region, ``made`` random taps made on a
    random true placement, ``left`` taps left (1 and 9: some searches take up to about a
    second of CPU, where a busy machine's wall clock matters)."""
    from gridsight.solvers.disco_zoo.placements import joint_placements

    rng = random.Random(seed)
    catalogue = load_catalogue()
    boards = []
    while len(boards) < count:
        region = rng.choice(list(catalogue.regions))
        trio = tuple(rng.sample(catalogue.regions[region], 3))
        fresh = fresh_board(region, trio, left)
        joint = joint_placements(fresh)
        truth = [int(m) for m in joint.masks[rng.randrange(joint.count)]]
        grid = [list(row) for row in fresh.grid]
        for tile in rng.sample(range(25), made):
            row, col = divmod(tile, 5)
            grid[row][col] = next((k + 1 for k, mask in enumerate(truth) if mask >> tile & 1),
                                  EMPTY)
        boards.append(RescueBoard(region, trio, left, tuple(map(tuple, grid))))
    return boards


def advise_all(boards: list[RescueBoard], budget: float) -> list[tuple]:
    """Per board: (tile, value, exact, CPU seconds, wall seconds)."""
    answers = []
    for board in boards:
        cpu, wall = time.thread_time(), time.monotonic()
        decision, exact, _ = plan(board, Objective(), budget, use_book=False)
        answers.append((decision.tile, decision.value, exact, time.thread_time() - cpu,
                        time.monotonic() - wall))
    return answers


def summary(name: str, answers: list[tuple], budget: float) -> None:
    exact = sum(a[2] for a in answers)
    cut_by_wall = sum(a[2] and a[4] > budget for a in answers)
    cpu = sorted(a[3] for a in answers)
    wall = sorted(a[4] for a in answers)
    print(f"   {name:5} exact {exact} of {len(answers)}; CPU median {cpu[len(cpu) // 2]:.2f} s, "
          f"max {cpu[-1]:.2f} s; wall median {wall[len(wall) // 2]:.2f} s, max {wall[-1]:.2f} s;"
          f" exact answers past {budget:g} s of wall time (a wall budget would have cut them): "
          f"{cut_by_wall}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=20, help="mid-game rescues (default 20)")
    parser.add_argument("--budget", type=float, default=DEFAULT_BUDGET,
                        help=f"the lookahead's budget, CPU seconds (default {DEFAULT_BUDGET:g})")
    parser.add_argument("--busy", type=int, default=2, help="spinning processes (default 2)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    boards = mid_game_boards(args.boards, args.seed)
    plan(boards[0], Objective(), None, use_book=False)  # numba and the kernel loaded, untimed
    print(f"advice of {args.boards} mid-game Disco Zoo rescues with a budget of {args.budget:g} s "
          f"of work, idle and beside {args.busy} spinning processes")
    idle = advise_all(boards, args.budget)
    spinners = [subprocess.Popen([sys.executable, "-c", "while True: pass"])
                for _ in range(args.busy)]
    try:
        time.sleep(0.2)
        busy = advise_all(boards, args.budget)
    finally:
        for process in spinners:
            process.kill()
            process.wait(timeout=10)
    summary("idle", idle, args.budget)
    summary("busy", busy, args.budget)
    differ = sum(a[:3] != b[:3] for a, b in zip(idle, busy))
    ratio = sum(b[4] for b in busy) / max(1e-9, sum(a[4] for a in idle))
    print(f"   answers that differ, busy against idle: {differ} of {len(boards)}; "
          f"busy / idle wall time: {ratio:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
