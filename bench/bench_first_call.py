"""The first solve of a process under a small limit: what it costs against the limit.

Run: ``python bench/bench_first_call.py [--seconds S] [--kind K] [--cold] [--cache DIR]
[--all] [--prepare] [--cli]``.

Every solver checks its :class:`~gridsight.solvers.limit.Limit` itself, but what a process
does once, at its first solve, is outside any search's checks: importing the game's solver
(numpy among it), loading a compiled numba kernel (numba's import and the kernel read from
numba's cache, or compiled when the cache is empty: seconds). Each case here is a fresh
process that imports ``gridsight.api`` and then calls ``api.solve(game, example,
limit=Limit(seconds=S))`` twice. It prints the first call's CPU (process CPU, every thread),
its ratio to the limit, the second call's CPU (the baseline measured in the same process: the
same solve with everything loaded) and the first's ratio to it, and whether numpy and numba
were loaded after the first call, and whether both calls gave the same move.

``--kind`` picks the limit's measure: ``seconds`` (the default, as above), ``wall``
(``Limit(seconds=None, wall_seconds=S)``: the columns are then elapsed seconds), ``states``
(``Limit(seconds=None, states=N)``, ``--states``) or ``memory`` (``Limit(seconds=None,
memory=B)``, ``--memory``); the last column says where a first call stopped. With no CPU bound
a kernel may be loaded (``engines.affords_loading``): the ``numba`` column shows which did.

The limit counts from the call's first line (``api.solve``): a first call whose imports
spend it answers at once with the solver's fallback, the last column says so. ``--prepare``
calls ``api.prepare(game)`` first, as a program that solves under small limits would.

``--cli`` times the command instead: ``gridsight.cli.main(["solve", game, file, "--json",
...])`` called twice in a fresh process that has imported only ``gridsight.cli`` (as the
``gridsight`` command has when it starts), the limit given as ``--time-limit S`` (``seconds``)
or ``--time-limit 0 --wall-limit S`` (``wall``); the command's first solve counts from its
start, the game's solver imported within it, as ``api.solve``'s.

``--cold`` runs every case with numba's cache empty (``NUMBA_CACHE_DIR`` a fresh folder), as
the first run after an install does; ``--cache DIR`` names the cache otherwise (default:
numba's own, next to the kernels' sources). This is a measurement, not a test:
tests/test_kernel_load_limit.py holds the behaviour (no kernel loaded under a small limit).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent

#: The cases: (game, example file); ``--all`` adds every example of the four games' solvers.
CASES = [
    ("thrill-digger", "thrill-digger-beginner.txt"),
    ("thrill-digger", "thrill-digger-expert.txt"),
    ("tile-path", "tile-path-heros-cave.txt"),
    ("tile-path", "tile-path-solvable.txt"),
    ("pentomino", "pentomino-6x10.txt"),
    ("pentomino", "pentomino-stuck-deep.txt"),
    ("minesweeper", "minesweeper-expert.txt"),
    ("disco-zoo", "disco-zoo-jungle.txt"),
    ("disco-zoo", "disco-zoo-polar-endgame.txt"),
]

CHILD = """
import json, sys, time
from gridsight import api
game, path, kind, value = sys.argv[1], sys.argv[2], sys.argv[3], float(sys.argv[4])
if sys.argv[5] == "prepare":
    api.prepare(game)
limit = {"seconds": lambda: api.Limit(seconds=value),
         "wall": lambda: api.Limit(seconds=None, wall_seconds=value),
         "states": lambda: api.Limit(seconds=None, states=int(value)),
         "memory": lambda: api.Limit(seconds=None, memory=int(value))}[kind]()
clock = time.perf_counter if kind == "wall" else time.process_time
text = open(path).read()
runs = []
for _ in range(2):
    start = clock()
    advice = api.solve(game, text, limit=limit)
    runs.append((clock() - start, str(advice.move), "numpy" in sys.modules,
                 "numba" in sys.modules, advice.quality.stopped))
print(json.dumps(runs))
"""

CLI_CHILD = """
import contextlib, io, json, sys, time
from gridsight import cli
game, path, kind, value = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4]
given = {"seconds": ["--time-limit", value],
         "wall": ["--time-limit", "0", "--wall-limit", value]}[kind]
clock = time.perf_counter if kind == "wall" else time.process_time
runs = []
for _ in range(2):
    out = io.StringIO()
    start = clock()
    with contextlib.redirect_stdout(out):
        code = cli.main(["solve", game, path, "--json", *given])
    spent = clock() - start
    answer = json.loads(out.getvalue().splitlines()[0]) if code == 0 else {}
    quality = answer.get("quality") or {}
    runs.append((spent, str(answer.get("status", code)), "numpy" in sys.modules,
                 "numba" in sys.modules, quality.get("stopped")))
print(json.dumps(runs))
"""


def one_case(game: str, example: str, kind: str, value: float, env: dict[str, str],
             prepare: bool = False, cli: bool = False) -> list:
    """The two calls of a fresh process (after ``api.prepare(game)`` with ``prepare``): (CPU
    or wall seconds, move, numpy loaded, numba loaded, where it stopped or None)."""
    child = [CLI_CHILD] if cli else [CHILD]
    done = subprocess.run([sys.executable, "-c", *child, game, str(REPO / "examples" / example),
                           kind, str(value), "prepare" if prepare else "-"], cwd=REPO,
                          env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"{game} {example} failed ({done.returncode}): {done.stderr}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=0.05,
                        help="the limit of each call, CPU seconds (default 0.05)")
    parser.add_argument("--kind", choices=("seconds", "wall", "states", "memory"),
                        default="seconds", help="the limit's measure (default seconds; wall: "
                        "--seconds of waiting, no CPU bound; states, memory: no time bound)")
    parser.add_argument("--states", type=int, default=50, help="--kind states: the bound")
    parser.add_argument("--memory", type=int, default=20_000, help="--kind memory: bytes")
    parser.add_argument("--cold", action="store_true", help="numba's cache empty for each case")
    parser.add_argument("--cache", metavar="DIR", help="numba's cache folder (not with --cold)")
    parser.add_argument("--all", action="store_true", help="every example of the four games")
    parser.add_argument("--games", nargs="*", help="only these games")
    parser.add_argument("--prepare", action="store_true",
                        help="call api.prepare(game) first, outside the calls measured")
    parser.add_argument("--cli", action="store_true",
                        help="time 'gridsight solve GAME FILE' (cli.main) instead of api.solve "
                        "(--kind seconds or wall)")
    options = parser.parse_args()
    if options.cli and (options.kind not in ("seconds", "wall") or options.prepare):
        parser.error("--cli takes --kind seconds or wall, and no --prepare")
    cases = CASES
    if options.all:
        cases = [(game, p.name) for p in sorted((REPO / "examples").glob("*.txt"))
                 for game in ("thrill-digger", "tile-path", "pentomino", "minesweeper",
                              "disco-zoo") if p.name.startswith(game)]
    if options.games:
        cases = [case for case in cases if case[0] in options.games]
    env = dict(os.environ, PYTHONPATH=str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    if options.cache:
        env["NUMBA_CACHE_DIR"] = options.cache
    kind = options.kind
    value = {"seconds": options.seconds, "wall": options.seconds, "states": options.states,
             "memory": options.memory}[kind]
    said = {"seconds": f"Limit(seconds={value})",
            "wall": f"Limit(seconds=None, wall_seconds={value})",
            "states": f"Limit(seconds=None, states={value})",
            "memory": f"Limit(seconds=None, memory={value})"}[kind]
    unit = "wall" if kind == "wall" else "CPU"
    timed = kind in ("seconds", "wall")
    if options.cli:
        said = (f"gridsight solve --time-limit {value}" if kind == "seconds"
                else f"gridsight solve --time-limit 0 --wall-limit {value}")
    print(f"first solve of a fresh process, {said}, numba's cache "
          f"{'empty' if options.cold else options.cache or 'as installed'}"
          f"{', after api.prepare(game)' if options.prepare else ''}")
    print(f"{'game':14} {'example':30} {'1st ' + unit:>8} {'/limit' if timed else '':>7} "
          f"{'2nd ' + unit:>8} {'1st/2nd':>8}  numpy numba same-move  stopped (1st call)")
    worst = 0.0
    for game, example in cases:
        if options.cold:
            env["NUMBA_CACHE_DIR"] = tempfile.mkdtemp(prefix="gridsight-bench-numba-")
        (cpu1, move1, numpy1, numba1, stopped), (cpu2, move2, _, _, _) = one_case(
            game, example, kind, value, env, options.prepare, options.cli)
        ratio = cpu1 / value if timed and value else float("inf")
        worst = max(worst, ratio)
        shown = f"{ratio:6.1f}x" if timed else ""
        print(f"{game:14} {example:30} {cpu1:8.3f} {shown:>7} {cpu2:8.3f} "
              f"{cpu1 / max(cpu2, 1e-3):7.1f}x  {'yes' if numpy1 else 'no':5} "
              f"{'yes' if numba1 else 'no':5} {'yes' if move1 == move2 else 'NO':9}  "
              f"{stopped or '-'}")
    if timed:
        print(f"worst first call: {worst:.1f}x the limit")
    return 0


if __name__ == "__main__":
    sys.exit(main())
