"""The live loop's speed: change-to-advice latency, and CPU use while nothing changes.

In-process, on synthetic frames of the three 2D games drawn with the shipped skins (the
scripted games of :mod:`gridsight.live.scripted`, each pasted on a 640x720 window-sized
frame). For each move of each script:

- **latency**: from the first frame showing the move to the new advice's overlay layer
  rendered: the frame that sees the change, the frame that confirms it (the tracker believes a
  cell after two equal reads), the reader, the solver and ``render_layer``. This is the
  processing; the poll interval adds up to two intervals of waiting in a real session (the
  change lands just after one poll, and the confirming frame is the next poll), printed as the
  worst case at 30 Hz;
- **idle CPU**: the loop polled at 30 Hz for ``--idle`` seconds on an unchanging picture
  (each poll gets a fresh copy of the pixels, as a grab does), process CPU time / wall time.

Baseline, run in the same process: a naive loop that locates the board from scratch, reads
every cell, runs the reader and the solver and renders the layer on every frame.

Run: ``python bench/bench_live.py [--idle SECONDS] [--repeat N] [--budget S]``. Targets:
latency under 100 ms for the three games, idle under 5% of a core.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gridsight.live.loop import LiveLoop  # noqa: E402
from gridsight.live.scripted import SCRIPTS, screen  # noqa: E402
from gridsight.readers.base import ReadHints  # noqa: E402
from gridsight.readers.find import load_game_pack  # noqa: E402
from gridsight.registry import get_game, get_reader  # noqa: E402
from overlay.paint import render_layer  # noqa: E402
from vision.capture import Frame, Rect  # noqa: E402
from vision.classify import read_cells  # noqa: E402
from vision.locate import locate_board  # noqa: E402

SIZE = (640, 720)
POLL_HZ = 30.0
OPTIONS = argparse.Namespace(budget=0.2, objective="expected", time_limit=5.0)


def frames_of(game: str) -> list[Frame]:
    script = SCRIPTS[game]()
    out = []
    for i in range(len(script.boards)):
        pixels = screen(script.render(i), size=SIZE, at=(40, 60))
        pixels.setflags(write=False)
        out.append(Frame(pixels, Rect(0, 0, SIZE[0], SIZE[1]), 0.0))
    return out


def fresh(frame: Frame) -> Frame:
    """A new frame with a copy of the pixels, as each grab returns."""
    return Frame(frame.pixels.copy(), frame.rect, time.time())


def loop_latency(game: str, frames: list[Frame]) -> list[float]:
    """Seconds from each move's first frame to its advice layer, ours."""
    pack = load_game_pack(game, None)
    loop = LiveLoop(game, pack, solve_options=OPTIONS)
    for _ in range(3):
        view = loop.step(fresh(frames[0]))
    times = []
    for frame in frames[1:]:
        start = time.perf_counter()
        before = view.version
        while True:  # the change, then its confirmation
            view = loop.step(fresh(frame))
            if view.version != before and view.advice is not None and \
                    not view.status.startswith("reading"):
                break
        render_layer(SIZE, view.geometry, view.advice)
        times.append(time.perf_counter() - start)
        loop.step(fresh(frame))
    return times


class NaiveLoop:
    """Everything on every frame: locate from scratch, read, reader, solve, render."""

    def __init__(self, game: str):
        self.game = game
        self.pack = load_game_pack(game, None)
        self.reader = get_reader(game)
        self.adapter = get_game(game)

    def step(self, frame: Frame):
        geometry = locate_board(frame.pixels, self.pack)
        board = read_cells(frame.pixels, geometry, self.pack)
        reading = self.reader.read(frame.pixels, board, self.pack, ReadHints())
        advice = self.adapter.solve(reading.board, OPTIONS).advice
        return render_layer(SIZE, geometry, advice)


def naive_latency(game: str, frames: list[Frame]) -> list[float]:
    naive = NaiveLoop(game)
    naive.step(fresh(frames[0]))
    times = []
    for frame in frames[1:]:
        start = time.perf_counter()
        naive.step(fresh(frame))  # it believes the first frame it reads
        times.append(time.perf_counter() - start)
    return times


def idle_cpu(step, frame: Frame, seconds: float) -> tuple[float, int]:
    """Fraction of one core used polling ``step`` at 30 Hz on an unchanging picture."""
    period = 1.0 / POLL_HZ
    wall0, cpu0 = time.perf_counter(), time.process_time()
    polls, deadline = 0, wall0 + seconds
    next_poll = wall0
    while time.perf_counter() < deadline:
        step(fresh(frame))
        polls += 1
        next_poll += period
        delay = next_poll - time.perf_counter()
        if delay > 0:
            time.sleep(delay)
    wall, cpu = time.perf_counter() - wall0, time.process_time() - cpu0
    return cpu / wall, polls


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--idle", type=float, default=5.0, help="seconds of idle polling")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each script")
    parser.add_argument("--budget", type=float, default=OPTIONS.budget,
                        help="Disco Zoo lookahead budget (gridsight live's default 0.2 s)")
    args = parser.parse_args(argv)
    OPTIONS.budget = args.budget
    interval_ms = 1000.0 / POLL_HZ
    print(f"latency: change on screen -> new advice layer, {SIZE[0]}x{SIZE[1]} frames "
          f"(median / max over {args.repeat} runs of each script's moves)")
    for game in SCRIPTS:
        frames = frames_of(game)
        ours, naive = [], []
        for _ in range(args.repeat):
            ours += loop_latency(game, frames)
            naive += naive_latency(game, frames)
        med, worst = statistics.median(ours), max(ours)
        base = statistics.median(naive)
        print(f"  {game:10s} ours {1e3 * med:6.1f} ms (max {1e3 * worst:6.1f}; worst case with "
              f"30 Hz polling {1e3 * worst + 2 * interval_ms:6.1f})  naive per frame "
              f"{1e3 * base:6.1f} ms  ratio naive/ours {base / med:5.2f}")
    print(f"idle CPU: {args.idle:g} s polling at {POLL_HZ:g} Hz on an unchanging picture")
    for game in SCRIPTS:
        frames = frames_of(game)
        loop = LiveLoop(game, load_game_pack(game, None), solve_options=OPTIONS)
        for _ in range(3):
            loop.step(fresh(frames[0]))
        ours, polls = idle_cpu(loop.step, frames[0], args.idle)
        naive_loop = NaiveLoop(game)
        naive, naive_polls = idle_cpu(naive_loop.step, frames[0], min(args.idle, 2.0))
        print(f"  {game:10s} ours {100 * ours:5.2f}% of a core ({polls} polls; "
              f"{loop.counters.reads} reads in all)  naive {100 * naive:5.1f}% "
              f"({naive_polls} polls)  ratio naive/ours {naive / max(ours, 1e-9):6.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
