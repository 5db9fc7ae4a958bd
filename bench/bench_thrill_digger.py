"""Speed of the exact Thrill Digger analysis on mid-game expert boards.

Run: ``python bench/bench_thrill_digger.py [--states N] [--seed S]``.

States come from the game's own generator: a board is drawn exactly as the game draws it,
then a player digs 4 to 20 holes. Half the states are played by gridsight's policy (stopping
before a bomb), half by a random player digging holes that are not bombs (so rupoors show up).
Every state is analysed under the game model (the full analysis: both counts, every marginal,
the weights), and the script prints the median, 90th percentile and slowest time per board,
with the column caches cleared before each board (cold, the figure to quote) and kept (as in
a live session, where successive boards share most columns).

The baseline, timed in the same run, is the brute-force enumeration of every layout
(:mod:`gridsight.solvers.thrill_digger.brute`) on expert states with few undug holes, where it is
feasible; the ratio is brute-force time over column-sweep time on those same states.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from math import comb
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gridsight.solvers.thrill_digger.analysis import analyse  # noqa: E402
from gridsight.solvers.thrill_digger.blocks import block_probability  # noqa: E402
from gridsight.solvers.thrill_digger.brute import brute_force  # noqa: E402
from gridsight.solvers.thrill_digger.counting import clear_caches  # noqa: E402
from gridsight.solvers.thrill_digger.generator import Layout, draw_layout  # noqa: E402
from gridsight.solvers.thrill_digger.policy import safest_then_richest  # noqa: E402
from gridsight.solvers.thrill_digger.rules import BOMB, EXPERT, RUPOOR  # noqa: E402
from gridsight.solvers.thrill_digger.state import ThrillDiggerState  # noqa: E402


def policy_state(layout: Layout, digs: int) -> ThrillDiggerState:
    state = ThrillDiggerState.empty(layout.difficulty)
    for _ in range(digs):
        cell = safest_then_richest(analyse(state))
        if cell is None or layout.token(*cell) == BOMB:
            break
        state = state.with_token(*cell, layout.token(*cell))
    return state


def random_state(layout: Layout, digs: int, rng: random.Random) -> ThrillDiggerState:
    state = ThrillDiggerState.empty(layout.difficulty)
    holes = [c for c in state.cells() if c not in layout.bombs]
    for cell in rng.sample(holes, digs):
        state = state.with_token(*cell, layout.token(*cell))
    return state


def few_unknowns_state(layout: Layout, undug: int, rng: random.Random) -> ThrillDiggerState:
    """Every hole dug but ``undug`` (all bombs among them), rupoors partly shown."""
    state = ThrillDiggerState.empty(layout.difficulty)
    keep = set(layout.bombs)
    others = [c for c in state.cells() if c not in keep]
    rng.shuffle(others)
    keep.update(others[: undug - len(keep)])
    for cell in state.cells():
        if cell not in keep:
            state = state.with_token(*cell, layout.token(*cell))
    return state


def timed(function, *args) -> float:
    start = time.perf_counter()
    function(*args)
    return time.perf_counter() - start


def summary(times: list[float]) -> str:
    ms = sorted(t * 1000 for t in times)
    p90 = ms[int(0.9 * (len(ms) - 1))]
    return (f"median {statistics.median(ms):7.2f} ms   90% {p90:7.2f} ms   "
            f"slowest {ms[-1]:7.2f} ms   ({len(ms)} boards)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--states", type=int, default=240, help="mid-game states (default 240)")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--baseline", type=int, default=8, help="brute-force states (default 8)")
    options = parser.parse_args()
    rng = random.Random(options.seed)
    block_probability(EXPERT.rows, EXPERT.cols, EXPERT.bad)  # computed once per process
    analyse(ThrillDiggerState.empty(EXPERT))  # warm up numpy

    states = []
    for i in range(options.states):
        layout = draw_layout(EXPERT, rng)
        digs = rng.randint(4, 20)
        states.append(policy_state(layout, digs) if i % 2 == 0 else random_state(layout, digs, rng))
    undug = [len(s.undug()) for s in states]
    print(f"{len(states)} mid-game expert states (game's generator, 4-20 holes dug): "
          f"{min(undug)}-{max(undug)} undug holes, median {statistics.median(undug):.0f}")

    def cold(state: ThrillDiggerState, model: str) -> float:
        clear_caches()
        return timed(analyse, state, model)

    game = [cold(s, "game") for s in states]
    uniform = [cold(s, "uniform") for s in states]
    warm = [timed(analyse, s, "game") for s in states]
    print(f"column sweep, game model, cold caches:    {summary(game)}")
    print(f"column sweep, uniform model, cold caches: {summary(uniform)}")
    print(f"column sweep, game model, caches kept:    {summary(warm)}")
    print(f"empty expert board (40 undug), game model, cold caches: "
          f"{1000 * cold(ThrillDiggerState.empty(EXPERT), 'game'):.2f} ms")

    p = block_probability(EXPERT.rows, EXPERT.cols, EXPERT.bad)
    brute_times, sweep_times, enumerated = [], [], 0
    for _ in range(options.baseline):
        state = few_unknowns_state(draw_layout(EXPERT, rng), 13, rng)
        free_bombs = EXPERT.bombs - sum(t == BOMB for row in state.grid for t in row)
        free_rupoors = EXPERT.rupoors - sum(t == RUPOOR for row in state.grid for t in row)
        n = len(state.undug())
        enumerated += comb(n, free_bombs) * comb(n - free_bombs, free_rupoors)
        brute_times.append(timed(brute_force, state, p))
        sweep_times.append(cold(state, "game"))
    per_layout = sum(brute_times) / enumerated
    print(f"baseline: brute force on {options.baseline} expert states with 13 undug holes: "
          f"median {1000 * statistics.median(brute_times):.1f} ms; column sweep on the same "
          f"states: median {1000 * statistics.median(sweep_times):.2f} ms; "
          f"ratio {sum(brute_times) / sum(sweep_times):.0f}x")
    mid = [
        comb(len(s.undug()), 8) * comb(len(s.undug()) - 8, 8)
        for s in states
        if not any(t in (BOMB, RUPOOR) for row in s.grid for t in row)
    ]
    if mid:
        estimate = statistics.median(mid) * per_layout
        print(f"brute force on a median mid-game state would enumerate "
              f"{statistics.median(mid):.2e} layouts: about {estimate:.0f} s at the measured "
              f"{1e6 * per_layout:.1f} us per layout (estimate, not run); ratio against the "
              f"sweep's median ~{estimate / statistics.median(game):.1e}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
