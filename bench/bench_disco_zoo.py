"""Disco Zoo speed: the exact posterior and the advised tap, against brute force in the same run.

Run ``python bench/bench_disco_zoo.py [--boards N] [--ends N] [--fresh N] [--midgame N]
[--budget S]`` (the defaults: every board of section 1, 12, 6, 20 and 1 s). It prints:

1. posterior: for every 3-animal combination of every region, fresh and after 3 random taps,
   the time of :func:`joint_placements` + :func:`posterior` (target < 50 ms per board), and
   the same boards by brute force (filtering the product of every animal's translations);
2. lookahead: exact expectimax with bitsets on small end-game boards, against a plain
   expectimax over explicit placement lists that tries every tap (the test suite's oracle);
3. advice from fresh 3-animal, 10-tap boards with the default 1 s budget: the wall time, and
   whether the search was exact or how wide its restricted lookahead got when the budget ran out;
4. the same for 20 random mid-game boards (3 animals, 3 taps made, 7 left): how many are
   answered exactly within the budget.

Timings are noisy on a shared machine; the ratios are measured in the same process.
"""

from __future__ import annotations

import argparse
import random
import re
import statistics
import sys
import time
from fractions import Fraction
from functools import lru_cache
from itertools import combinations, product
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gridsight.solvers.disco_zoo.advise import advise  # noqa: E402
from gridsight.solvers.disco_zoo.board import RescueBoard, fresh_board  # noqa: E402
from gridsight.solvers.disco_zoo.catalogue import load_catalogue  # noqa: E402
from gridsight.solvers.disco_zoo.lookahead import Lookahead  # noqa: E402
from gridsight.solvers.disco_zoo.objective import Objective  # noqa: E402
from gridsight.solvers.disco_zoo.placements import joint_placements, posterior  # noqa: E402

REGIONS = ("Farm", "Jungle", "Northern", "Mars")


def brute_joint(board: RescueBoard) -> list[tuple[int, ...]]:
    """Consistent joint placements by filtering the full product of translations."""
    options = [animal.placements() for animal in board.animals]
    shown = [board.shown(k) for k in range(len(board.animals))]
    empty = board.tiles(0)
    found = []
    for combo in product(*options):
        union = 0
        ok = True
        for k, mask in enumerate(combo):
            if union & mask or mask & shown[k] != shown[k] or mask & empty:
                ok = False
                break
            union |= mask
        if ok and all(not (combo[k] & shown[j]) for k in range(len(combo)) for j in range(len(combo)) if j != k):
            found.append(combo)
    return found


def brute_posterior(board: RescueBoard) -> list[list[Fraction]]:
    joint = brute_joint(board)
    return [
        [Fraction(sum(j[k] >> t & 1 for j in joint), len(joint)) for k in range(len(board.animals))]
        for t in range(25)
    ]


def brute_value(board: RescueBoard) -> Fraction:
    """Plain expectimax of the expected number rescued, every untapped tile tried."""
    joint = brute_joint(board)
    n = len(board.animals)

    @lru_cache(maxsize=None)
    def value(observed: frozenset, taps: int) -> Fraction:
        alive = [j for j in joint if all((next((k for k in range(n) if j[k] >> t & 1), -1)) == o for t, o in observed)]
        tapped = board.tapped | sum(1 << t for t, _ in observed)
        best = Fraction(sum(sum(j[k] & ~tapped == 0 for k in range(n)) for j in alive), len(alive))
        if taps == 0:
            return best
        for t in range(25):
            if tapped >> t & 1:
                continue
            groups: dict[int, int] = {}
            for j in alive:
                o = next((k for k in range(n) if j[k] >> t & 1), -1)
                groups[o] = groups.get(o, 0) + 1
            exp = sum(Fraction(s, len(alive)) * value(observed | {(t, o)}, taps - 1) for o, s in groups.items())
            best = max(best, exp)
        return best

    return value(frozenset(), board.taps)


def tapped_board(board: RescueBoard, rng: random.Random, taps: int, left: int) -> RescueBoard:
    joint = joint_placements(board)
    masks = [int(m) for m in joint.masks[rng.randrange(joint.count)]]
    grid = [list(r) for r in board.grid]
    for index in rng.sample(range(25), taps):
        grid[index // 5][index % 5] = next((k + 1 for k, m in enumerate(masks) if m >> index & 1), 0)
    return RescueBoard(board.region, board.animals, left, tuple(map(tuple, grid)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=None, metavar="N",
                        help="section 1: the first N boards only (default: all)")
    parser.add_argument("--ends", type=int, default=12, metavar="N",
                        help="section 2: end-game boards (default 12)")
    parser.add_argument("--fresh", type=int, default=6, metavar="N",
                        help="section 3: fresh rescues, of the 6 listed (default 6)")
    parser.add_argument("--midgame", type=int, default=20, metavar="N",
                        help="section 4: mid-game boards (default 20)")
    parser.add_argument("--budget", type=float, default=1.0, metavar="SECONDS",
                        help="sections 3 and 4: the advice's budget (default 1)")
    args = parser.parse_args()
    catalogue = load_catalogue()
    rng = random.Random(0)
    boards = []
    for region in catalogue.regions:
        for trio in combinations(catalogue.regions[region], 3):
            fresh = fresh_board(region, trio)
            boards += [fresh, tapped_board(fresh, rng, 3, 7)]
    boards = boards[: args.boards]

    print(f"1. posterior, {len(boards)} boards with 3 animals (every region; fresh and after 3 taps)")
    times = []
    for board in boards:
        start = time.perf_counter()
        posterior(joint_placements(board))
        times.append(time.perf_counter() - start)
    fast = sum(times)
    start = time.perf_counter()
    for board in boards[:: max(1, len(boards) // 20)]:
        brute_posterior(board)
    sample = len(boards[:: max(1, len(boards) // 20)])
    slow = (time.perf_counter() - start) / sample * len(boards)
    print(f"   solver: mean {1000 * fast / len(boards):.2f} ms, max {1000 * max(times):.2f} ms per board (target < 50 ms)")
    print(f"   brute force (product of translations, {sample} boards, scaled): mean {1000 * slow / len(boards):.1f} ms per board")
    print(f"   ratio brute force / solver: {slow / fast:.0f}x")

    print(f"2. lookahead, exact expected-rescued value on {args.ends} end-game boards (3 animals, "
          "8 tiles tapped, 3 taps left)")
    ends = []
    while len(ends) < args.ends:
        region = rng.choice(REGIONS)
        trio = tuple(rng.sample(catalogue.regions[region], 3))
        try:
            ends.append(tapped_board(fresh_board(region, trio), rng, 8, 3))
        except Exception:
            continue
    start = time.perf_counter()
    values = [Lookahead(joint_placements(b), Objective()).decide(b.taps).value for b in ends]
    fast = time.perf_counter() - start
    start = time.perf_counter()
    brute = [brute_value(b) for b in ends]
    slow = time.perf_counter() - start
    assert values == brute, "lookahead disagrees with the plain expectimax"
    print(f"   bitset expectimax: {1000 * fast / len(ends):.1f} ms per board; plain expectimax: {1000 * slow / len(ends):.0f} ms per board; same values")
    print(f"   ratio plain / bitset: {slow / fast:.0f}x")

    print(f"3. advice from fresh 3-animal 10-tap boards, budget {args.budget:g} s")
    cases = [("Jungle", ("Gorilla", "Panda", "Tiger")), ("Farm", ("Pig", "Horse", "Cow")),
             ("Northern", ("Bear", "Sasquatch", "Otter")), ("Savanna", ("Zebra", "Lion", "Gryphon")),
             ("Mars", ("Marsmot", "Rock", "Rover")), ("Polar", ("Penguin", "Seal", "Yeti"))]
    worst = 0.0
    for region, names in cases[: args.fresh]:
        animals = tuple(next(a for a in catalogue.regions[region] if a.name == n) for n in names)
        start = time.perf_counter()
        result = advise(fresh_board(region, animals), Objective(), budget=args.budget)
        took = time.perf_counter() - start
        worst = max(worst, took)
        width = re.search(r"width (\d+)", result.method)
        how = "exact" if result.exact else f"estimate (budget out at width {width.group(1) if width else '?'})"
        print(f"   {region:9} {', '.join(names):28} {took:5.2f} s  value {float(result.value):.3f}  {how}")
    print(f"   slowest / budget: {worst / args.budget:.2f}")

    print(f"4. advice from {args.midgame} mid-game boards (3 animals, 3 random taps made, 7 "
          f"left), budget {args.budget:g} s")
    exact = 0
    worst = 0.0
    took_all = []
    for _ in range(args.midgame):
        region = rng.choice(list(catalogue.regions))
        trio = tuple(rng.sample(catalogue.regions[region], 3))
        board = tapped_board(fresh_board(region, trio), rng, 3, 7)
        start = time.perf_counter()
        result = advise(board, Objective(), budget=args.budget)
        took_all.append(time.perf_counter() - start)
        exact += result.exact
    took_all.sort()
    print(f"   exact: {exact} of {args.midgame}; median {statistics.median(took_all):.2f} s, "
          f"slowest {took_all[-1]:.2f} s (slowest / budget {took_all[-1] / args.budget:.2f})")


if __name__ == "__main__":
    main()
