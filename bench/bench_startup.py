"""Start-up cost of the command line: CPU seconds beyond a bare interpreter.

Run: ``python bench/bench_startup.py [--runs N] [--python PATH]``.

``--python`` measures an installed gridsight instead of this tree: that interpreter (a fresh
virtual environment's, with the wheel or sdist installed, not editable), run outside the
repository with nothing added to its path; its own ``python -c pass`` is the floor.

Each case is run ``--runs`` times as a fresh process, as a player's shell runs the ``gridsight``
console script (``from gridsight.__main__ import entry; entry()``), and the CPU it took (user +
system, from ``getrusage`` of the children) is compared with the floor measured in the same
run, ``python -c pass``: the figure is the least over the runs (the one least disturbed by the
rest of the machine) less the floor's least. The cases: ``gridsight --help``, a beginner
Thrill Digger solve (``gridsight solve thrill-digger examples/thrill-digger-beginner.txt``),
and ``gridsight analyze`` of one screenshot with and without ``--game`` (the second call of the
one without, which reuses what the first learned of the screen). The target of the first two
is 0.15 s beyond the floor (docs/performance.md); each case also prints its ratio to the floor.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
CONSOLE = "import sys; from gridsight.__main__ import entry; sys.exit(entry())"
TARGET = 0.15


def cpu_of(argv: list[str], env: dict[str, str], cwd: Path = REPO) -> float:
    """CPU seconds (user + system) one run of ``argv`` took."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(argv, cwd=cwd, env=env, stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, text=True, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(argv[3:])} failed ({done.returncode}): {done.stderr}")
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def measure(argv: list[str], runs: int, env: dict[str, str], cwd: Path = REPO) -> list[float]:
    return [cpu_of(argv, env, cwd) for _ in range(runs)]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=10, help="runs of each case (default 10)")
    parser.add_argument("--no-analyze", action="store_true",
                        help="skip the analyze cases (they need OpenCV)")
    parser.add_argument("--python", metavar="PATH",
                        help="an installed gridsight's interpreter (a fresh venv's python), "
                        "run outside the tree with nothing added to its path")
    options = parser.parse_args()
    runs = max(1, options.runs)
    data = Path(tempfile.mkdtemp(prefix="gridsight-bench-startup-"))
    try:
        return run_cases(options, runs, data)
    finally:  # the folder is this run's own: its data dir, analyze's output, its bytecode
        shutil.rmtree(data, ignore_errors=True)


def run_cases(options: argparse.Namespace, runs: int, data: Path) -> int:
    """Measure every case with ``data`` as the data folder (removed by the caller)."""
    out = data / "out"
    # As an installed package runs: from compiled bytecode (pip compiles it at install time),
    # kept here in a cache folder of this run's own, so the tree is left as it was; or in the
    # one the environment already names (PYTHONPYCACHEPREFIX, outside the tree by definition:
    # the tests' conftest sets one), which saves compiling every module again, gridsight's
    # and the libraries' (1.4 s of CPU of the 5.8 s of `--runs 1`), for the same figures.
    pycache = os.environ.get("PYTHONPYCACHEPREFIX") or str(data / "pycache")
    env = dict(os.environ, PYTHONPATH=str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", ""),
               GRIDSIGHT_DATA_DIR=str(data), PYTHONPYCACHEPREFIX=pycache)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    python = [sys.executable]
    cwd = REPO
    if options.python:  # installed: its own bytecode, no tree on the path, run elsewhere
        python = [options.python]
        env = dict(os.environ, GRIDSIGHT_DATA_DIR=str(data))
        env.pop("PYTHONPATH", None)
        env.pop("PYTHONPYCACHEPREFIX", None)
        cwd = data
    shot = REPO / "examples" / "screenshots" / "tile-path-room.png"
    cases = [
        ("gridsight --help", [*python, "-c", CONSOLE, "--help"], True),
        ("gridsight solve thrill-digger examples/thrill-digger-beginner.txt",
         [*python, "-c", CONSOLE, "solve", "thrill-digger",
          str(REPO / "examples" / "thrill-digger-beginner.txt")], True),
    ]
    if not options.no_analyze and shot.exists():
        cases += [
            (f"gridsight analyze --game tile-path {shot.relative_to(REPO)}",
             [*python, "-c", CONSOLE, "analyze", "--game", "tile-path", "--out", str(out),
              str(shot)], False),
            (f"gridsight analyze {shot.relative_to(REPO)} (the screen remembered)",
             [*python, "-c", CONSOLE, "analyze", "--out", str(out), str(shot)], False),
        ]
    for _, argv, _ in cases:  # compile the bytecode; the first analyze learns the screen
        cpu_of(argv, env, cwd)
    cpu_of([*python, "-c", "pass"], env, cwd)
    floor = measure([*python, "-c", "pass"], runs, env, cwd)
    base = min(floor)
    print(f"floor: python -c pass: {base:.3f} s CPU (least of {runs}; median "
          f"{statistics.median(floor):.3f} s)")
    print(f"{'case':<72} {'least':>7} {'median':>7} {'beyond floor':>13} {'ratio':>6}")
    worst = 0.0
    for name, argv, targeted in cases:
        times = measure(argv, runs, env, cwd)
        beyond = min(times) - base
        if targeted:
            worst = max(worst, beyond)
        mark = (" (target 0.15)" if targeted else "")
        ratio = min(times) / base if base > 0 else float("inf")
        print(f"{name:<72} {min(times):7.3f} {statistics.median(times):7.3f} "
              f"{beyond:+12.3f}s {ratio:5.1f}x{mark}")
    verdict = "within" if worst <= TARGET else "OVER"
    print(f"--help and the beginner solve: at most {worst:.3f} s beyond the floor, {verdict} "
          f"the {TARGET} s target; load average {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
