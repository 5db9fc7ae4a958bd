"""How good the advice is, and how fast: Thrill Digger, Minesweeper and Disco Zoo side by side.

Run: ``python bench/bench_advice.py [--games N] [--seed S] [--skip-beginner] [--no-exact]
[--jobs J] [--ms-games N] [--ms-open-games N] [--dz-boards N] [--only SECTIONS] [--quick]``.
``--quick`` runs every section on a handful of boards and games (tests/test_bench.py runs it); the figures of docs/performance.md
come from the default sizes. Every time is CPU time of the thread that worked unless said.

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
3. **Intermediate and expert, simulated.** ``auto`` (the lookahead) against ``safest``, and
   ``deeper`` (a second dig searched) against ``auto``, on the same boards drawn as the game
   draws them (``--games`` each, default 200; docs/thrill-digger.md's
   figures use ``gridsight simulate ... --games 5000``), with the paired difference and its
   standard error, and the median time per board of each policy's decisions.
4. **Beginner, cold boards.** Games played by the optimal advice (with a random hole now and
   then, as a player strays), each board answered by a fresh search (the shipped table
   loaded, nothing else known): CPU per board by the number of holes dug, and how many were
   answered within 50 ms.
5. **Minesweeper.** Expert games (16 x 30, 99 mines, first click safe in the top-left
   corner) played by ``exact`` (the advice) and ``safest`` (the previous advice) on the same
   layouts: win rates, the paired difference and its standard error, CPU per game; then
   ``exact`` with the open start of the published figures (first click at row 3, column 3,
   counted from 0, opening a 0).
6. **Disco Zoo, exact within the default budget.** Random mid-game rescues (2 or 3 animals
   of a random region, 1 to 4 random taps made on a true placement, 10 taps in all) for
   both objectives, every board one advised tap after the opening book's boards, and a sample
   of the boards one tap on any tile after the empty board of the hardest rescues (their empty
   board took over a million states), answered with the book and searched without it: how
   many answers are exact within the default budget (1 s of CPU), and the slowest.
7. **Disco Zoo, compiled against pure Python**: ``report()`` of ``bench/disco_zoo_advice.py``.

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
    """A policy's ``decide`` that records how long each call took (CPU time of the thread)."""

    def __init__(self, name: str) -> None:
        self.policy = get_policy(name)
        self.times: list[float] = []

    def __call__(self, analysis):
        start = time.thread_time()
        hole = self.policy.decide(analysis).hole
        self.times.append(time.thread_time() - start)
        return hole

    def board(self, state: ThrillDiggerState, model: str = "game"):
        """Analyse ``state`` and decide, timing both (the time a player waits per board)."""
        start = time.thread_time()
        hole = self.policy.decide(analyse(state, model)).hole
        self.times.append(time.thread_time() - start)
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
        start = time.thread_time()
        python.hole_values(state)
        times.append(time.thread_time() - start)
    _print_times(f"the first {len(times)} boards, pure-Python search", times)


def _print_times(label: str, seconds: list[float]) -> None:
    times = sorted(1000 * t for t in seconds)
    print(f"  {label}: median {statistics.median(times):.2f} ms, 90% "
          f"{times[int(0.9 * (len(times) - 1))]:.1f} ms, slowest {times[-1]:.0f} ms per board "
          f"({load_note()})")


def simulated(games: int, seed: int, warm: bool = True) -> None:
    """``warm``: one untimed game of each searching policy first (the compiled kernels
    loaded outside the times); a ``--quick`` run, whose times say nothing, goes without."""
    print(f"== Intermediate and expert: auto (lookahead) against safest, and deeper against "
          f"auto, on the same {games} boards each (net rupees per game) ==")
    for name in ("intermediate", "expert"):
        difficulty = DIFFICULTIES[name]
        rng = random.Random(seed)
        layouts = [draw_layout(difficulty, rng) for _ in range(games)]
        scores, timers = {}, {}
        if warm:
            _play(layouts[0], Timed("auto"))  # compiled kernels loaded, untimed
            _play(layouts[0], Timed("deeper"))
        for policy in ("auto", "safest", "deeper"):
            timed = Timed(policy)
            scores[policy] = [_play(layout, timed) for layout in layouts]
            timers[policy] = timed
        diff = compare_paired(scores["auto"], scores["safest"])
        print(f"  {name:<12} auto {diff.mean_a:+7.2f}  safest {diff.mean_b:+7.2f}  paired "
              f"difference {diff.difference:+6.2f} (standard error {diff.stderr:.2f}, "
              f"{diff.z:+.1f} se)")
        deeper = compare_paired(scores["deeper"], scores["auto"])
        print(f"  {name:<12} deeper {deeper.mean_a:+7.2f}  auto {deeper.mean_b:+7.2f}  paired "
              f"difference {deeper.difference:+6.2f} (standard error {deeper.stderr:.2f}, "
              f"{deeper.z:+.1f} se)")
        auto, safest = timers["auto"], timers["safest"]
        print(f"    time per board, analysis and decision: auto {auto.summary()} "
              f"({len(auto.times)} boards); safest {safest.summary()}; median ratio "
              f"{auto.median_ms() / safest.median_ms():.1f}x; deeper {timers['deeper'].summary()}")
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


def beginner_cold(games: int, seed: int) -> None:
    print(f"== Beginner, cold boards: {games} games, each board answered by a fresh search "
          "(the shipped table loaded, nothing else) ==")
    from gridsight.solvers.thrill_digger.optimal_table import TABLE_DEPTH

    model = "uniform"
    space = layout_space(BEGINNER, model)
    table = load_table(model)
    rng = random.Random(seed)
    warm = draw_layout(BEGINNER, random.Random(seed + 1))
    state = ThrillDiggerState.empty(BEGINNER)
    for cell in [(0, 0), (0, 4), (3, 0), (3, 4), (1, 2), (2, 2)]:
        if warm.token(*cell) != BOMB:
            state = state.with_token(*cell, warm.token(*cell))
    ExactPlay(space, table=table, engine="numba").hole_values(state)  # numba loaded, untimed
    by_digs: dict[int, list[float]] = {}
    for _ in range(games):
        layout = draw_layout(BEGINNER, rng)
        state = ThrillDiggerState.empty(BEGINNER)
        digs = 0
        while not state.finished:
            start = time.thread_time()
            values = ExactPlay(space, table=table).hole_values(state)
            by_digs.setdefault(digs, []).append(time.thread_time() - start)
            cell = values.best if rng.random() < 0.7 else rng.choice(sorted(values.values))
            token = layout.token(*cell)
            if token == BOMB:
                break
            state = state.with_token(*cell, token)
            digs += 1
    within = [t for d, times in by_digs.items() if d < TABLE_DEPTH for t in times]
    print(f"  boards with fewer than {TABLE_DEPTH} holes dug (answered from the table): "
          f"{sum(t <= 0.05 for t in within)} of {len(within)} within 50 ms, slowest "
          f"{1000 * max(within):.1f} ms")
    for d in sorted(by_digs):
        times = sorted(by_digs[d])
        print(f"  {d:2} dug: {len(times):4} boards, median {1000 * times[len(times) // 2]:6.1f} "
              f"ms, slowest {1000 * times[-1]:7.1f} ms")
    print(f"  ({load_note()})")


def minesweeper(games: int, open_games: int, seed: int, jobs: int) -> None:
    from gridsight.solvers.minesweeper.rules import EXPERT
    from gridsight.solvers.minesweeper.simulate import compare, simulate

    print(f"== Minesweeper, expert (16 x 30, 99 mines), first click safe in the top-left "
          f"corner: exact against safest on the same {games} games ==")
    a, b, paired = compare(EXPERT, games, seed, ("exact", "safest"), jobs=jobs)
    for report in (a, b):
        print(f"  {report.policy:<7} won {report.wins} of {report.games} "
              f"({100 * report.win_rate:.1f}%, standard error {100 * report.stderr:.1f}), "
              f"{report.mean_guesses:.2f} guesses and {report.mean_cpu:.3f} s of CPU per game")
    print(f"  paired difference exact - safest: {100 * paired.difference:+.1f} points "
          f"(standard error {100 * paired.stderr:.1f}, {paired.z:+.1f} se)")
    if open_games:
        start = (3, 3)
        opened = simulate(EXPERT, open_games, seed, rule="zero", start=start, jobs=jobs)
        print(f"  open start (first click at row 3, column 3 from 0, opening a 0): exact won "
              f"{opened.wins} of {opened.games} ({100 * opened.win_rate:.1f}%, standard error "
              f"{100 * opened.stderr:.1f}), {opened.mean_cpu:.3f} s of CPU per game")
    print(f"  ({load_note()}; {jobs} process{'es' if jobs > 1 else ''})")


def disco_zoo_boards(count: int, seed: int):
    """``count`` mid-game rescues: 2 or 3 animals of a random region, 1 to 4 random taps made
    on a true placement, the rest of the 10 taps left."""
    from gridsight.solvers.disco_zoo.board import EMPTY, RescueBoard, fresh_board
    from gridsight.solvers.disco_zoo.catalogue import load_catalogue
    from gridsight.solvers.disco_zoo.placements import joint_placements

    rng = random.Random(seed)
    catalogue = load_catalogue()
    boards = []
    while len(boards) < count:
        region = rng.choice(sorted(catalogue.regions))
        group = tuple(rng.sample(catalogue.regions[region], rng.choice((2, 3))))
        made = rng.randint(1, 4)
        fresh = fresh_board(region, group, 10 - made)
        joint = joint_placements(fresh)
        truth = [int(m) for m in joint.masks[rng.randrange(joint.count)]]
        grid = [list(row) for row in fresh.grid]
        for tile in rng.sample(range(25), made):
            grid[tile // 5][tile % 5] = next(
                (k + 1 for k, mask in enumerate(truth) if mask >> tile & 1), EMPTY)
        boards.append(RescueBoard(region, group, 10 - made, tuple(map(tuple, grid))))
    return boards


def after_book_boards(most: int | None = None, seed: int = 1, entries: int | None = None):
    """Every board one advised tap after a board of the opening book that is not in the book
    itself (each thing the tile may show), with its objective; with ``most``, a random sample
    of that many (seeded). With ``entries``, only that many of the book's boards, drawn at
    random (seeded), are followed (a quick run's: following all of them to sample a few
    costs 2 s of CPU)."""
    from gridsight.solvers.disco_zoo.board import EMPTY, UNTAPPED, RescueBoard
    from gridsight.solvers.disco_zoo.book import board_key, shipped_book
    from gridsight.solvers.disco_zoo.book_build import outcomes
    from gridsight.solvers.disco_zoo.catalogue import COLS, load_catalogue
    from gridsight.solvers.disco_zoo.objective import Objective

    catalogue = load_catalogue()
    book = shipped_book()
    found = []
    followed = [(key, entry) for key, entry in sorted(book.items())
                if entry.tile >= 0 and entry.completes < 0]
    if entries is not None and entries < len(followed):
        followed = random.Random(seed).sample(followed, entries)
    for key, entry in followed:
        region, names, label, taps, tiles = key
        animals = tuple(next(a for a in catalogue.regions[region] if a.name == name)
                        for name in names)
        values = [UNTAPPED if t == "." else EMPTY if t == "-" else int(t) for t in tiles]
        board = RescueBoard(region, animals, taps,
                            tuple(tuple(values[r * COLS:(r + 1) * COLS]) for r in range(5)))
        objective = Objective(label)
        row, col = divmod(entry.tile, COLS)
        for shows in outcomes(board, entry.tile):
            child = board.with_tap(row, col, shows)
            known = board_key(child, objective)
            if child.taps and (known is None or known[0] not in book):
                found.append((child, objective))
    if most is not None and most < len(found):
        found = random.Random(seed).sample(found, most)
    return found


FIRST_TAP_NODES = 1_000_000  # the rescues whose first-tap boards the bench samples


def first_tap_boards(most: int | None = None, seed: int = 1, min_nodes: int = FIRST_TAP_NODES):
    """Every board one tap (any tile, each thing it may show, taps left) after the empty
    board of a rescue whose empty board's search took more than ``min_nodes`` states (the
    book's ``nodes``), with its objective; with ``most``, a random sample (seeded)."""
    from gridsight.solvers.disco_zoo.board import fresh_board
    from gridsight.solvers.disco_zoo.book import BOOK_TAPS, shipped_book
    from gridsight.solvers.disco_zoo.book_build import outcomes
    from gridsight.solvers.disco_zoo.catalogue import COLS, load_catalogue
    from gridsight.solvers.disco_zoo.objective import Objective

    catalogue = load_catalogue()
    found = []
    for key, entry in sorted(shipped_book().items()):
        region, names, label, taps, tiles = key
        if taps != BOOK_TAPS or set(tiles) != {"."} or entry.nodes <= min_nodes:
            continue
        animals = tuple(next(a for a in catalogue.regions[region] if a.name == name)
                        for name in names)
        board = fresh_board(region, animals, taps)
        for tile in range(len(tiles)):
            for shows in outcomes(board, tile):
                found.append((board.with_tap(tile // COLS, tile % COLS, shows), Objective(label)))
    if most is not None and most < len(found):
        found = random.Random(seed).sample(found, most)
    return found


def disco_zoo(boards: int, after_book: int | None, seed: int, first_taps: int | None = 100,
              book_entries: int | None = None) -> None:
    from gridsight.solvers.disco_zoo.advise import DEFAULT_BUDGET, plan
    from gridsight.solvers.disco_zoo.objective import Objective

    print(f"== Disco Zoo: exact within the default budget ({DEFAULT_BUDGET:g} s of CPU) ==")
    cases = [(board, Objective(kind)) for board in disco_zoo_boards(boards, seed)
             for kind in ("expected", "all")]
    after = after_book_boards(after_book, seed, book_entries)
    warm = cases[0] if cases else after[0]
    plan(warm[0], warm[1], None)  # numba and the kernel loaded, untimed
    groups = [(f"{boards} random mid-game rescues x 2 objectives", cases),
              ("boards one advised tap after the opening book" + ("" if after_book is None else
               " (a random sample)"), after)]
    for label, group in groups:
        if not group:
            continue
        exact, slowest, worst = 0, 0.0, ""
        for board, objective in group:
            start = time.thread_time()
            decision, is_exact, _ = plan(board, objective)
            took = time.thread_time() - start
            exact += is_exact
            if took > slowest:
                names = "+".join(a.name for a in board.animals)
                slowest, worst = took, (f"{board.region} {names}, {board.taps} taps left, "
                                        f"{objective.kind}")
        print(f"  {label}: {exact} of {len(group)} exact; slowest {slowest:.2f} s ({worst})")
    first = first_tap_boards(first_taps, seed)
    if first:
        label = (f"boards one tap (any tile) after the empty board of the rescues whose empty "
                 f"board took over {FIRST_TAP_NODES:,} states"
                 + ("" if first_taps is None else f" (a random sample of {len(first)})"))
        print(f"  {label}:")
        for use_book in (True, False):
            exact, slowest, states = 0, 0.0, 0
            for board, objective in first:
                start = time.thread_time()
                decision, is_exact, _ = plan(board, objective, use_book=use_book)
                slowest = max(slowest, time.thread_time() - start)
                exact += is_exact
                states += decision.nodes
            print(f"    {'with the book' if use_book else 'searched (no book)':18}: {exact} of "
                  f"{len(first)} exact within the budget; slowest {slowest:.2f} s; "
                  f"{states:,} states searched")
    print(f"  ({load_note()})")


def disco_zoo_table(pairs: int | None = None, baseline_cap: float | None = None) -> None:
    path = REPO / "bench" / "disco_zoo_advice.py"
    if not path.exists():
        print("== Disco Zoo: bench/disco_zoo_advice.py is not here (yet) ==")
        return
    spec = importlib.util.spec_from_file_location("disco_zoo_advice", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    print("== Disco Zoo: the compiled search against pure Python (bench/disco_zoo_advice.py) ==")
    module.report(baseline_cap or module.BASELINE_CAP, pairs=pairs)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200,
                        help="Thrill Digger games per difficulty in the simulation (default 200)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--cli-depth", type=int, default=3,
                        help="digs of the command-line check (default 3)")
    parser.add_argument("--boards", type=int, default=2000,
                        help="random beginner boards in the one-file run (default 2000)")
    parser.add_argument("--python-boards", type=int, default=300,
                        help="of those, how many to time with the pure-Python search too "
                        "(default 300)")
    parser.add_argument("--cold-games", type=int, default=200,
                        help="beginner games whose boards are answered cold (default 200)")
    parser.add_argument("--skip-beginner", action="store_true")
    parser.add_argument("--no-exact", action="store_true",
                        help="skip section 1 (the exact walk over every beginner layout: "
                        "minutes)")
    parser.add_argument("--disco-pairs", type=int, default=None, metavar="N",
                        help="Disco Zoo's table: its first N pairs of Farm animals (default all)")
    parser.add_argument("--disco-baseline-cap", type=float, default=None, metavar="SECONDS",
                        help="Disco Zoo's table: the pure-Python baseline's cap (default: "
                        "bench/disco_zoo_advice.py's)")
    parser.add_argument("--ms-games", type=int, default=1000,
                        help="Minesweeper expert games, each played by both policies "
                        "(default 1000; docs/minesweeper.md's figures use more)")
    parser.add_argument("--ms-open-games", type=int, default=300,
                        help="Minesweeper expert games with the open start (default 300)")
    parser.add_argument("--dz-boards", type=int, default=40,
                        help="Disco Zoo mid-game rescues (default 40)")
    parser.add_argument("--dz-after-book", type=int, default=None,
                        help="a random sample of this many boards after the book (default: all 6884)")
    parser.add_argument("--dz-book-entries", type=int, default=None, metavar="N",
                        help="follow only N of the opening book's boards, drawn at random, for "
                        "the boards after the book (default: all; --quick: 6)")
    parser.add_argument("--dz-first-taps", type=int, default=100,
                        help="a random sample of this many boards one tap after the empty "
                        "board of the hardest rescues (default 100; 0: none)")
    parser.add_argument("--jobs", type=int, default=1, help="processes for the simulations")
    parser.add_argument("--quick", action="store_true",
                        help="a few boards and games per section (the tests run it)")
    parser.add_argument("--only", default=None, metavar="SECTIONS",
                        help="run only these sections, comma-separated, of: " + ", ".join(SECTIONS))
    options = parser.parse_args()
    only = set(SECTIONS) if options.only is None else set(options.only.split(","))
    if only - set(SECTIONS):
        parser.error(f"unknown sections {sorted(only - set(SECTIONS))} (known: {SECTIONS})")
    if options.quick:
        options.no_exact, options.cli_depth, options.boards, options.python_boards = True, 0, 1, 1
        options.games, options.cold_games = 1, 3
        options.ms_games, options.ms_open_games = 2, 1
        options.dz_boards, options.dz_after_book, options.dz_first_taps = 2, 6, 2
        options.dz_book_entries = 6
        options.disco_pairs, options.disco_baseline_cap = 1, 0.2
    if not options.skip_beginner and "beginner" in only:
        if not options.no_exact:
            beginner_exact()
        beginner_from_cli(options.cli_depth)
        beginner_file(options.boards, options.seed, options.python_boards)
    if "cold" in only:
        beginner_cold(options.cold_games, options.seed)
    if "thrill" in only:
        simulated(options.games, options.seed, warm=not options.quick)
    if "minesweeper" in only:
        minesweeper(options.ms_games, options.ms_open_games, options.seed, options.jobs)
    if "disco" in only:
        disco_zoo(options.dz_boards, options.dz_after_book, options.seed, options.dz_first_taps,
                  options.dz_book_entries)
    if "disco-table" in only:
        disco_zoo_table(options.disco_pairs, options.disco_baseline_cap)
    return 0


SECTIONS = ("beginner", "cold", "thrill", "minesweeper", "disco", "disco-table")


if __name__ == "__main__":
    raise SystemExit(main())
