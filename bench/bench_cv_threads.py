"""Benchmark: harder desktops read with OpenCV on one thread against its default (a thread a
core), the CPU seconds of the same reads side by side.

Run ``python bench/bench_cv_threads.py [--screens N] [--seed S] [--rounds R]``. Each round
reads the same N harder Disco Zoo desktops (as ``bench/bench_desktop.py --games disco-zoo
--harder --share 0.15 0.2`` draws them: found, then read with the rescue's ``--animals``) in two
fresh processes, one with ``OPENCV_FOR_THREADS_NUM`` unset (OpenCV's default, the baseline), one
with it ``1``, the order alternating round by round. Each process sums the CPU seconds of its
reads (``time.process_time``: every thread of the process) and gives what the reader said;
the two must say the same on every desktop, to the character.

The tests set ``OPENCV_FOR_THREADS_NUM=1`` (``tests/conftest.py``, as ``OPENBLAS_NUM_THREADS``):
the suite keeps both cores busy with its xdist workers, and OpenCV's second thread in each
(its template matches, resizes and blurs of whole desktops) only waits for a core and spins.
A fresh process each way, not one process switching: the readers remember what they read by
its pixels, and a second read of the same desktop would be the cheaper for it.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parent
REPO = BENCH.parent


def child(seed: int, screens: int) -> None:
    """Read the desktops in this process; print ``{"cpu": s, "said": [...]}`` as JSON."""
    sys.path.insert(0, str(BENCH))
    import bench_desktop as desk  # (the kit's desktops, drawn as bench_desktop draws them)

    pack = desk.load_game_pack("disco-zoo", None)
    total, said = 0.0, []
    for k in range(screens):
        shot, capture, truth = desk.sample(desk.draw("disco-zoo"), seed + k,
                                           fraction=(0.15, 0.2), harder=True)
        result, seconds, text = desk.outcome("disco-zoo", capture.image, pack, shot, truth,
                                             capture.geometry)
        total += seconds
        said.append(f"{seed + k} {result} {hashlib.sha1(text.encode()).hexdigest()[:12]}")
    print(json.dumps({"cpu": total, "said": said}))


def run(threads: str | None, seed: int, screens: int) -> dict:
    env = {k: v for k, v in os.environ.items() if k != "OPENCV_FOR_THREADS_NUM"}
    if threads is not None:
        env["OPENCV_FOR_THREADS_NUM"] = threads
    out = subprocess.run([sys.executable, __file__, "--child", "--seed", str(seed),
                          "--screens", str(screens)], env=env, cwd=REPO, check=True,
                         capture_output=True, text=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--screens", type=int, default=4)
    parser.add_argument("--seed", type=int, default=590_000)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.seed, args.screens)
        return
    cpu = {"default": 0.0, "one": 0.0}
    same = total = 0
    for r in range(args.rounds):
        order = (("default", None), ("one", "1")) if r % 2 == 0 else \
            (("one", "1"), ("default", None))
        got = {name: run(threads, args.seed, args.screens) for name, threads in order}
        for name in cpu:
            cpu[name] += got[name]["cpu"]
        total += len(got["one"]["said"])
        same += sum(a == b for a, b in zip(got["default"]["said"], got["one"]["said"]))
    print(f"{args.screens} harder desktops from {args.seed}, {args.rounds} rounds: OpenCV's "
          f"default threads {cpu['default']:.2f} CPU s (baseline), one thread {cpu['one']:.2f} "
          f"s, ratio {cpu['default'] / max(cpu['one'], 1e-9):.2f}; the same said on {same} "
          f"of {total}")


if __name__ == "__main__":
    main()
