"""How far past its :class:`Limit` each solver runs, through the library.

Run ``PYTHONPATH=. python bench/bench_limit_every_solver.py [--seconds 0.1 0.5] [--states 1000]``.
For a board of each game big enough to need the limit (Thrill Digger expert, a Disco Zoo
Mountain rescue of 9 taps, the Hero's Cave, a 6 x 10 pentomino count, Minesweeper expert), it
solves under ``Limit(seconds=S)`` (CPU seconds of the call) and ``Limit(seconds=None,
states=N)``, and prints the CPU the call took, its ratio to the limit, and what the advice says
of its quality (``stopped at ...`` or ``exact``). The ratio is the figure: a solver looks at the
meter every few hundred or thousand states, so a stop comes a little past the limit; the first
call of a game also loads its solver (``api.prepare`` does that first here, outside the limit).

A measurement, not a test: tests/test_limit_every_solver.py asserts the words.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gridsight import api  # noqa: E402

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
MOUNTAIN = ("region: Mountain\nanimals: Cougar, Eagle, Coyote\ntaps: 9\n. . . . .\n. . . . .\n"
            ". . . . .\n. . . . .\n. . . . -\n")
CASES = [
    ("thrill-digger", (EXAMPLES / "thrill-digger-expert.txt").read_text(), {"policy": "deeper"}),
    ("disco-zoo", MOUNTAIN, {"budget": None}),
    ("tile-path", (EXAMPLES / "tile-path-heros-cave.txt").read_text(), {}),
    ("pentomino", (EXAMPLES / "pentomino-6x10.txt").read_text(),
     {"algorithm": "dlx", "count": True}),
    ("minesweeper", (EXAMPLES / "minesweeper-expert.txt").read_text(), {}),
]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, nargs="+", default=[0.1, 0.5])
    parser.add_argument("--states", type=int, nargs="+", default=[1000])
    args = parser.parse_args()
    for game, _, _ in CASES:
        api.prepare(game)
    print(f"{'game':14} {'limit':22} {'cpu s':>7} {'ratio':>6}  quality")
    for game, board, options in CASES:
        limits = [api.Limit(seconds=s) for s in args.seconds]
        limits += [api.Limit(seconds=None, states=n) for n in args.states]
        for limit in limits:
            start = time.thread_time()
            advice = api.solve(game, board, limit=limit, options=options)
            spent = time.thread_time() - start
            ratio = f"{spent / limit.seconds:6.2f}" if limit.seconds else "     -"
            print(f"{game:14} {limit.describe():22} {spent:7.3f} {ratio}  "
                  f"{advice.quality.describe()[:70]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
