"""How good the advice is, and how fast: Thrill Digger's policies, then Disco Zoo's.

Run: ``python bench/bench_advice.py [--games N] [--seed S] [--skip-beginner]``.

1. **Beginner, exact.** The value of a policy over every one of the 4845 layouts (the
   policy's game tree walked once, :mod:`gridsight.solvers.thrill_digger.evaluate`), for the old
   ``safest`` and the new default (``auto``: exact optimal play), under each model (the advice
   computed under the model, the layouts weighed by the same model). Gross rupees per game and
   net of the 30 fee; the difference against ``safest`` in the same run. With the median time
   per board of each policy's decisions during the walk.
2. **Beginner from the command line.** The issue's check: every board the advice reaches within
   a few digs is sent to one ``gridsight solve thrill-digger FILE --json --model uniform`` call
   per depth, and the value of the advice is rebuilt from the JSON alone (the chance of each
   board is its ``layouts`` over 4845; what it is still worth is the recommended hole's
   ``value_if_dug``, or nothing once a bomb is dug), with the time per board of the last call.
   Then a file of ``--boards`` random beginner boards (a drawn layout, 0 to 12 holes dug at
   random, no bomb) in one call: the time per board of a whole ``solve --json`` run, and the
   median time per board in process with one shared search (the first boards below the
   shipped table search their subtrees, later ones mostly find them known), and the same for
   the first ``--python-boards`` of them with the pure-Python search (no numba).
3. **Intermediate and expert, simulated.** ``auto`` (the lookahead) against ``safest`` on the
   same boards drawn as the game draws them (``--games`` each, default 200; docs/thrill-digger.md's
   figures use ``gridsight simulate ... --games 5000``), with the paired difference and its
   standard error, and the median time per board of each policy's decisions.
4. **Disco Zoo**: ``report()`` of ``bench/disco_zoo_advice.py`` when that file exists.

Every figure is measured in this run; the baseline is ``safest``, run in the same process.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from gridsight.solvers.paired import compare_paired  # noqa: E402
from gridsight.solvers.thrill_digger.analysis import analyse  # noqa: E402
from gridsight.solvers.thrill_digger.evaluate import policy_value  # noqa: E402
from gridsight.solvers.thrill_digger.generator import draw_layout  # noqa: E402
from gridsight.solvers.thrill_digger.layouts import layout_space  # noqa: E402
from gridsight.solvers.thrill_digger.optimal import ExactPlay  # noqa: E402
from gridsight.solvers.thrill_digger.optimal_table import load_table  # noqa: E402
from gridsight.solvers.thrill_digger.policy import get_policy  # noqa: E402
from gridsight.solvers.thrill_digger.rules import (  # noqa: E402
    BEGINNER,
    BOMB,
    COLOUR_VALUES,
    DIFFICULTIES,
    RUPOOR,
    RUPOOR_VALUE,
)
from gridsight.solvers.thrill_digger.state import ThrillDiggerState, format_state  # noqa: E402


class Timed:
    """A policy's ``decide`` that records how long each call took."""

    def __init__(self, name: str) -> None:
        self.policy = get_policy(name)
        self.times: list[float] = []

    def __call__(self, analysis):
        start = time.perf_counter()
        hole = self.policy.decide(analysis).hole
        self.times.append(time.perf_counter() - start)
        return hole

    def board(self, state: ThrillDiggerState, model: str = "game"):
        """Analyse ``state`` and decide, timing both (the time a player waits per board)."""
        start = time.perf_counter()
        hole = self.policy.decide(analyse(state, model)).hole
        self.times.append(time.perf_counter() - start)
        return hole

    def median_ms(self) -> float:
        return 1000 * statistics.median(self.times) if self.times else 0.0

    def summary(self) -> str:
        ms = sorted(1000 * t for t in self.times)
        return (f"median {statistics.median(ms):.1f} ms, 90% {ms[int(0.9 * (len(ms) - 1))]:.1f} ms, "
                f"slowest {ms[-1]:.0f} ms")


def load_note() -> str:
    try:
        return f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores"
    except OSError:  # pragma: no cover - not on every platform
        return "load average unknown"


def beginner_exact() -> None:
    print("== Beginner: exact value over all 4845 layouts (gross rupees per game; net = "
          "gross - 30) ==")
    for model in ("uniform", "game"):
        results = {}
        for name in ("safest", "auto"):
            timed = Timed(name)
            start = time.perf_counter()
            value = policy_value(BEGINNER, timed, model=model, prior=model)
            results[name] = (value, timed, time.perf_counter() - start)
        base = results["safest"][0].value
        for name, (value, timed, seconds) in results.items():
            print(f"  model {model:<7} {name:<7} {value.value:8.4f} gross "
                  f"{value.value - BEGINNER.fee:+8.4f} net  ({value.value - base:+.4f} against "
                  f"safest; {value.states} boards decided, median {timed.median_ms():.2f} ms "
                  f"per board, {seconds:.1f} s in all)")
    print(f"  ({load_note()})")


def _worth(token: str) -> int:
    return RUPOOR_VALUE if token == RUPOOR else COLOUR_VALUES.get(token, 0)


def beginner_from_cli(depth: int) -> None:
    """Rebuild the advice's value from ``gridsight solve --json`` output alone."""
    print(f"== Beginner from the command line: the advice's value rebuilt from "
          f"'gridsight solve --json --model uniform', boards up to {depth} digs ==")
    space = layout_space(BEGINNER, "uniform")
    total = len(space.outcomes)
    boards = [ThrillDiggerState.empty(BEGINNER)]
    finished: list[tuple[ThrillDiggerState, dict]] = []
    for level in range(depth + 1):
        answers, seconds = _solve_cli(boards)
        print(f"  depth {level}: {len(boards)} boards, {1000 * seconds / len(boards):.1f} ms per "
              f"board for the whole call (process start and table load included)")
        if level == depth:
            break
        following = []
        for state, answer in zip(boards, answers):
            if answer["recommend"] is None:
                finished.append((state, answer))
                continue
            r, c = answer["recommend"]["row"], answer["recommend"]["col"]
            fits = space.fits(space.key_of(state))
            for token in sorted({_token(o) for o in space.outcomes[fits, r * 5 + c]}):
                following.append(state.with_token(r, c, token))
        boards = following
    value = 0.0
    for state, answer in [*finished, *zip(boards, answers)]:
        dug = sum(_worth(t) for row in state.grid for t in row if t not in (".", BOMB))
        rest = 0.0
        if answer["recommend"] is not None:
            cell = next(x for x in answer["cells"] if (x["row"], x["col"]) == (
                answer["recommend"]["row"], answer["recommend"]["col"]))
            rest = cell["value_if_dug"]
        value += answer["layouts"] / total * (dug + rest)
    print(f"  value of the advice from the JSON: {value:.6f} gross per game "
          f"(the issue's bar: >= 47.80; the optimum 47.861)")


def _token(outcome: int) -> str:
    return ("g", "b", "r", "s", "y", "x", "*")[int(outcome)]


def _solve_cli(boards: list[ThrillDiggerState]) -> tuple[list[dict], float]:
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as handle:
        handle.write("\n---\n".join(format_state(b) for b in boards) + "\n")
        path = handle.name
    try:
        env = {**os.environ, "PYTHONPATH": str(REPO)}
        start = time.perf_counter()
        out = subprocess.run(
            [sys.executable, "-m", "gridsight", "solve", "thrill-digger", path, "--json",
             "--model", "uniform"], capture_output=True, text=True, env=env, check=True,
        ).stdout
        seconds = time.perf_counter() - start
    finally:
        os.unlink(path)
    return [json.loads(line) for line in out.splitlines()], seconds


def beginner_file(count: int, seed: int, python_boards: int) -> None:
    print(f"== Beginner: {count} random boards (0-12 holes dug) in one file ==")
    rng = random.Random(seed)
    boards = []
    for _ in range(count):
        layout = draw_layout(BEGINNER, rng)
        state = ThrillDiggerState.empty(BEGINNER)
        holes = [c for c in state.cells() if c not in layout.bombs]
        for cell in rng.sample(holes, rng.randint(0, 12)):
            state = state.with_token(*cell, layout.token(*cell))
        boards.append(state)
    _, seconds = _solve_cli(boards)
    print(f"  gridsight solve --json --model uniform: {seconds:.1f} s, "
          f"{1000 * seconds / count:.1f} ms per board (process start and table load "
          f"included)")
    timed = Timed("auto")
    for state in boards:
        timed(analyse(state, "uniform"))
    _print_times("in process, one shared search, numba when installed", timed.times)
    # The same boards with the pure-Python search only (as on a machine without numba).
    python = ExactPlay(layout_space(BEGINNER, "uniform"), engine="python",
                       table=load_table("uniform"))
    times = []
    for state in boards[:python_boards]:
        start = time.perf_counter()
        python.hole_values(state)
        times.append(time.perf_counter() - start)
    _print_times(f"the first {len(times)} boards, pure-Python search", times)


def _print_times(label: str, seconds: list[float]) -> None:
    times = sorted(1000 * t for t in seconds)
    print(f"  {label}: median {statistics.median(times):.2f} ms, 90% "
          f"{times[int(0.9 * (len(times) - 1))]:.1f} ms, slowest {times[-1]:.0f} ms per board "
          f"({load_note()})")


def simulated(games: int, seed: int) -> None:
    print(f"== Intermediate and expert: auto (lookahead) against safest on the same {games} "
          f"boards each (net rupees per game) ==")
    for name in ("intermediate", "expert"):
        difficulty = DIFFICULTIES[name]
        rng = random.Random(seed)
        layouts = [draw_layout(difficulty, rng) for _ in range(games)]
        scores, timers = {}, {}
        for policy in ("auto", "safest"):
            timed = Timed(policy)
            scores[policy] = [_play(layout, timed) for layout in layouts]
            timers[policy] = timed
        diff = compare_paired(scores["auto"], scores["safest"])
        print(f"  {name:<12} auto {diff.mean_a:+7.2f}  safest {diff.mean_b:+7.2f}  paired "
              f"difference {diff.difference:+6.2f} (standard error {diff.stderr:.2f}, "
              f"{diff.z:+.1f} se)")
        auto, safest = timers["auto"], timers["safest"]
        print(f"    time per board, analysis and decision: auto {auto.summary()} "
              f"({len(auto.times)} boards); safest {safest.summary()}; median ratio "
              f"{auto.median_ms() / safest.median_ms():.1f}x")
    print(f"  ({load_note()})")


def _play(layout, timed: Timed) -> int:
    d = layout.difficulty
    state = ThrillDiggerState.empty(d)
    rupees = -d.fee
    while not state.finished:
        hole = timed.board(state)
        if hole is None:
            break
        token = layout.token(*hole)
        state = state.with_token(*hole, token)
        rupees += _worth(token) if token != BOMB else 0
    return rupees


def disco_zoo(pairs: int | None = None, baseline_cap: float | None = None) -> None:
    path = REPO / "bench" / "disco_zoo_advice.py"
    if not path.exists():
        print("== Disco Zoo: bench/disco_zoo_advice.py is not here (yet) ==")
        return
    spec = importlib.util.spec_from_file_location("disco_zoo_advice", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    print("== Disco Zoo ==")
    module.report(baseline_cap or module.BASELINE_CAP, pairs=pairs)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200,
                        help="games per difficulty in the simulation (default 200)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--cli-depth", type=int, default=3,
                        help="digs of the command-line check (default 3)")
    parser.add_argument("--boards", type=int, default=2000,
                        help="random beginner boards in the one-file run (default 2000)")
    parser.add_argument("--python-boards", type=int, default=300,
                        help="of those, how many to time with the pure-Python search too "
                        "(default 300)")
    parser.add_argument("--skip-beginner", action="store_true")
    parser.add_argument("--no-exact", action="store_true",
                        help="skip section 1 (the exact walk over every beginner layout: "
                        "minutes)")
    parser.add_argument("--disco-pairs", type=int, default=None, metavar="N",
                        help="Disco Zoo's table: its first N pairs of Farm animals (default all)")
    parser.add_argument("--disco-baseline-cap", type=float, default=None, metavar="SECONDS",
                        help="Disco Zoo's table: the pure-Python baseline's cap (default: "
                        "bench/disco_zoo_advice.py's)")
    options = parser.parse_args()
    if not options.skip_beginner:
        if not options.no_exact:
            beginner_exact()
        beginner_from_cli(options.cli_depth)
        beginner_file(options.boards, options.seed, options.python_boards)
    simulated(options.games, options.seed)
    disco_zoo(options.disco_pairs, options.disco_baseline_cap)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
