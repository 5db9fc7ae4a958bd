"""The live loop's speed: change-to-advice latency, and CPU use while nothing changes.

In-process, on synthetic frames of the three 2D games drawn with the shipped skins (the
scripted games of :mod:`kit.scripted`, each pasted on a 640x720 window-sized
frame). For each move of each script:

- **latency**: from the first frame showing the move to the new advice's overlay layer
  rendered: the frame that sees the change, the frame that confirms it (the tracker believes a
  cell after two equal reads), the reader, the solver and ``render_layer``. This is the
  processing; the poll interval adds up to two intervals of waiting in a real session (the
  change lands just after an idle poll, 66 ms, and the confirming frame is grabbed 17 ms
  after the change is seen), printed as the worst case;
- **idle CPU**: the loop polled at 30 Hz for ``--idle`` seconds on an unchanging picture
  (each poll gets a fresh copy of the pixels, as a grab does), process CPU time / wall time.

Baseline, run in the same process: a naive loop that locates the board from scratch, reads
every cell, runs the reader and the solver and renders the layer on every frame.

With ``--x11`` (Linux with Xvfb and xcompmgr) the whole ``gridsight live --window`` process
runs over the demo window on Xvfb: its idle CPU (grabs and Qt included) with the idle back-off
against a constant 30 Hz, and the time from a new picture in the window to the new advice
shown, starting from idle polling; and first one grab of a window, through MIT-SHM (what
``gridsight live`` uses) against python-xlib's ``GetImage`` (the fallback), in the same process.

A real-look Disco Zoo rescue read by its structure (``--real-look N`` runs) is timed in CPU
seconds from a tap to its advice, against the same loop forgetting the last frame it found (a
frame like the last is otherwise the same read, not searched again).

The same rescue in a look whose cards are of the ground's colour (``--unseen-cards N`` runs):
the board found in the whole frame is then not sure, and a full search asks every window-like
region for a better one (some thirty structural reads); timed against the locator forgetting
that whole-frame find before each step (:class:`gridsight.readers.desktop.ScreenLocator`
searches every changed frame in full, as it did before it remembered the find).

Run: ``python bench/bench_live.py [--idle SECONDS] [--repeat N] [--budget S] [--real-look N]
[--unseen-cards N] [--moves N] [--x11]`` (``--moves N``: each script's first N moves only, for a quick run). Targets:
latency under 100 ms for the three games, idle under 5% of a core.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))  # the test kit

from gridsight.live.loop import LiveLoop  # noqa: E402
from kit.scripted import screen, scripts  # noqa: E402
from gridsight.readers.base import ReadHints  # noqa: E402
from gridsight.readers.find import load_game_pack  # noqa: E402
from gridsight.registry import get_game, get_reader  # noqa: E402
from gridsight.overlay.paint import render_layer  # noqa: E402
from gridsight.vision.capture import Frame, Rect  # noqa: E402
from gridsight.vision.classify import read_cells  # noqa: E402
from gridsight.vision.locate import locate_board  # noqa: E402

SIZE = (640, 720)
POLL_HZ = 30.0
IDLE_POLL_MS = 66.0  # gridsight live's poll interval once the picture is still
CONFIRM_MS = 17.0  # ... and the confirming grab after a change (gridsight.live.qt)
SETTINGS = {"budget": 0.2, "objective": "expected", "time_limit": 5.0}


def frames_of(game: str, count: int | None = None) -> list[Frame]:
    """The script's frames (its first ``count``, when given)."""
    script = scripts()[game]()
    out = []
    for i in range(len(script.boards) if count is None else min(count, len(script.boards))):
        pixels = screen(script.render(i), size=SIZE, at=(40, 60))
        pixels.setflags(write=False)
        out.append(Frame(pixels, Rect(0, 0, SIZE[0], SIZE[1]), 0.0))
    return out


def fresh(frame: Frame) -> Frame:
    """A new frame with a copy of the pixels, as each grab returns."""
    return Frame(frame.pixels.copy(), frame.rect, time.time())


def options_of(game: str):
    """The game's typed solve options with ``gridsight live``'s settings."""
    return get_game(game).options_from(SETTINGS)


def loop_latency(game: str, frames: list[Frame]) -> list[float]:
    """Seconds from each move's first frame to its advice layer, ours."""
    pack = load_game_pack(game, None)
    loop = LiveLoop(game, pack, solve_options=options_of(game))
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
        advice = self.adapter.solve(reading.board, options_of(self.game)).advice
        return render_layer(SIZE, geometry, advice)


def tap_latencies(step, script: list) -> list[float]:
    """CPU seconds from each tap's first frame of ``script`` to its advice, ``step`` reading a
    frame's pixels into the loop's view (the first frame read three times first)."""
    for _ in range(3):
        view = step(script[0][0])
    times = []
    for image, _, _ in script[1:]:
        start = time.process_time()
        before = view.version
        while True:  # the change, then its confirmation
            view = step(image)
            if view.version != before and view.advice is not None and \
                    not view.status.startswith("reading"):
                break
        times.append(time.process_time() - start)
    return times


def real_look_latency(remember: bool, moves: int | None = None) -> list[float]:
    """CPU seconds from each tap's first frame to its advice on a real-look Disco Zoo rescue
    read by its structure (no pack's frame: cards and tiles searched on the screen, most of a
    second); ``remember`` off forgets the last frame found before each step, as the loop was
    before a frame like the last became the same read (the baseline)."""
    from test_live_real_look import CANVAS, loop_for, real_look_script

    script = real_look_script()
    if moves is not None:
        script = script[: moves + 1]
    loop = loop_for()

    def step(pixels):
        if not remember:
            loop.source._located = None
        return loop.step(Frame(pixels.copy(), Rect(0, 0, CANVAS[0], CANVAS[1]), time.time()))

    return tap_latencies(step, script)


def unseen_cards_script(moves: int | None = None) -> list:
    """The frames of ``real_look_script``'s rescue drawn in a look whose cards are of the
    ground's colour (no card found: the whole frame's find is not sure)."""
    from test_live_real_look import ANIMALS, CANVAS, LOOK_SEED, TAPS
    from kit.skins import disco_zoo_real as real

    look = real.random_look(LOOK_SEED, "Jungle")
    look = real.with_look(look, card_color=look.background, background_low=look.background,
                          ground_specks=0.0)
    cells = [["ground"] * 5 for _ in range(5)]
    out = []
    for step in range(len(TAPS) + 1 if moves is None else min(len(TAPS), moves) + 1):
        if step:
            r, c, label = TAPS[step - 1]
            cells[r][c] = label
        shot = real.render(cells, animals=ANIMALS, attempts=10 - step, region="Jungle",
                           seed=LOOK_SEED, look=look)
        out.append((screen(shot.image, size=CANVAS, at=(30, 0)), None, None))
    return out


def unseen_cards_latency(remember: bool, moves: int | None = None) -> list[float]:
    """CPU seconds from each tap's first frame to its advice on :func:`unseen_cards_script`;
    ``remember`` off forgets the whole frame's find before each step (the baseline)."""
    from test_live_real_look import CANVAS, loop_for

    script = unseen_cards_script(moves)
    loop = loop_for()

    def step(pixels):
        if not remember and loop.source._structure is not None:
            loop.source._structure.whole = None
        return loop.step(Frame(pixels.copy(), Rect(0, 0, CANVAS[0], CANVAS[1]), time.time()))

    return tap_latencies(step, script)


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


# -- on a real X server: the whole ``gridsight live`` process ----------------------------------


def _start_x() -> tuple[list, str] | None:
    """Xvfb (display picked with ``-displayfd``) plus xcompmgr, or ``None`` when missing."""
    import os
    import select
    import shutil
    import subprocess

    if shutil.which("Xvfb") is None or shutil.which("xcompmgr") is None:
        return None
    read_fd, write_fd = os.pipe()
    xvfb = subprocess.Popen(["Xvfb", "-displayfd", str(write_fd), "-screen", "0", "1024x768x24",
                             "-nolisten", "tcp", "-noreset"], pass_fds=(write_fd,),
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write_fd)
    number = b""
    while not number.endswith(b"\n") and select.select([read_fd], [], [], 10)[0]:
        chunk = os.read(read_fd, 16)
        if not chunk:
            break
        number += chunk
    os.close(read_fd)
    name = f":{number.strip().decode()}"
    comp = subprocess.Popen(["xcompmgr", "-d", name], stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    time.sleep(1.0)
    return [comp, xvfb], name


def _cpu_seconds(pid: int) -> float:
    import os

    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def grab_speed(display: str) -> None:
    """One window grab on Xvfb: MIT-SHM (what ``gridsight live`` uses) against python-xlib's
    ``GetImage`` (the baseline, the fallback when MIT-SHM is missing), same window, same
    process; the pictures are checked equal."""
    import numpy as np
    from Xlib import display as xdisplay

    from gridsight.vision.capture import X11WindowFinder

    d = xdisplay.Display(display)
    screen = d.screen()
    finder = X11WindowFinder(display)
    try:
        for w, h in ((640, 528), (1024, 720)):  # inside the 1024x768 screen: see capture.py
            win = screen.root.create_window(0, 0, w, h, 0, screen.root_depth,
                                            background_pixel=0x336699, override_redirect=True)
            win.map()
            d.sync()
            time.sleep(0.2)
            assert finder._shm_grabber() is not None, "no MIT-SHM on this display"
            assert np.array_equal(finder.grab(win.id, w, h), finder._grab_plain(win.id, w, h))
            times = {}
            for label, grab in (("MIT-SHM", finder.grab), ("GetImage", finder._grab_plain)):
                runs = []
                for _ in range(5):
                    start = time.perf_counter()
                    for _ in range(20):
                        grab(win.id, w, h)
                    runs.append((time.perf_counter() - start) / 20)
                times[label] = statistics.median(runs)
            print(f"  grab {w}x{h}: MIT-SHM {1e3 * times['MIT-SHM']:5.2f} ms, GetImage "
                  f"{1e3 * times['GetImage']:5.2f} ms (ratio {times['GetImage'] / times['MIT-SHM']:5.1f})")
            win.destroy()
            d.sync()
    finally:
        finder.close()
        d.close()


def x11_session(seconds: float) -> None:
    """``gridsight live --window`` on Xvfb over the demo window: idle CPU of the process at
    a constant 30 Hz (baseline) and with the idle back-off, and the latency from a new picture
    in the window to the new advice shown (the status file is written right after the overlay
    is redrawn)."""
    import json
    import os
    import signal
    import subprocess
    import tempfile

    import cv2
    import numpy as np

    started = _start_x()
    if started is None:
        print("x11: skipped (Xvfb or xcompmgr missing)")
        return
    procs, display = started
    repo = Path(__file__).resolve().parent.parent
    env = dict(os.environ, DISPLAY=display, QT_QPA_PLATFORM="xcb", PYTHONPATH=str(repo))
    tmp = Path(tempfile.mkdtemp())
    print(f"x11: gridsight live --window on Xvfb + xcompmgr ({seconds:g} s idle each)")
    try:
        grab_speed(display)
        from gridsight.vision.capture import ScreenCapture, WindowSource

        for game in ("tile-path", "disco-zoo"):
            script = scripts()[game]()
            pictures = [screen(script.render(i), size=(360, 600), at=(20, 20))
                        for i in range(len(script.boards))]
            png = tmp / f"{game}.png"
            cv2.imwrite(str(png), pictures[0])
            title = f"Bench {game}"
            window = subprocess.Popen([sys.executable, "-m", "gridsight.demo.window",
                                       str(png), title, "400", "40"], env=env,
                                      stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
            window.stdout.readline()
            cpu = {}
            for label, idle_ms in (("constant 30 Hz", 33), ("with back-off", 66)):
                status = tmp / f"{game}-{idle_ms}.json"
                live = subprocess.Popen(
                    [sys.executable, "-m", "gridsight", "live", "--game", game, "--window", title,
                     "--log", str(tmp / f"{game}.jsonl"), "--status-file", str(status),
                     "--idle-interval", str(idle_ms)],
                    env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                time.sleep(5.0)
                c0, t0 = _cpu_seconds(live.pid), time.perf_counter()
                time.sleep(seconds)
                cpu[label] = (_cpu_seconds(live.pid) - c0) / (time.perf_counter() - t0)
                if idle_ms == 66:  # play the moves and time them, from the idle state
                    lat = []
                    with ScreenCapture(WindowSource(title), display=display) as cap:
                        for i in range(1, len(pictures)):
                            nxt = tmp / "next.png"
                            cv2.imwrite(str(nxt), pictures[i])
                            os.replace(nxt, png)
                            while True:
                                f = cap.grab()
                                if hasattr(f, "pixels") and f.pixels.shape == pictures[i].shape \
                                        and np.array_equal(f.pixels, pictures[i]):
                                    shown = time.perf_counter()
                                    break
                                time.sleep(0.002)
                            want = [list(r) for r in script.labels(i)]
                            while True:
                                try:
                                    snap = json.loads(status.read_text())
                                except (OSError, ValueError):
                                    snap = {}
                                if snap.get("grid") == want and snap.get("recommend"):
                                    lat.append(time.perf_counter() - shown)
                                    break
                                time.sleep(0.002)
                            time.sleep(3.0)  # back to idle polling before the next move
                live.send_signal(signal.SIGTERM)
                live.wait(timeout=20)
            window.kill()
            window.wait()
            base, ours = cpu["constant 30 Hz"], cpu["with back-off"]
            print(f"  {game:10s} idle CPU: {100 * ours:4.1f}% of a core with back-off, "
                  f"{100 * base:4.1f}% at a constant 30 Hz (ratio {base / max(ours, 1e-9):4.2f})"
                  f"; picture shown -> advice shown, from idle: median "
                  f"{1e3 * statistics.median(lat):5.1f} ms, max {1e3 * max(lat):5.1f} ms "
                  f"({len(lat)} moves)")
    finally:
        for proc in procs:
            proc.terminate()
            proc.wait(timeout=10)


def remembered_or_not(latency, repeat: int, moves: int) -> tuple[list[float], float, float]:
    """``latency`` measured ``repeat`` times with the last frame remembered and without, in
    turn: every CPU time remembered, their median and the median without (the baseline)."""
    ours: list[float] = []
    forgetting: list[float] = []
    for _ in range(repeat):
        ours += latency(remember=True, moves=moves)
        forgetting += latency(remember=False, moves=moves)
    return ours, statistics.median(ours), statistics.median(forgetting)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--idle", type=float, default=5.0, help="seconds of idle polling")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each script")
    parser.add_argument("--budget", type=float, default=SETTINGS["budget"],
                        help="Disco Zoo lookahead budget (gridsight live's default 0.2 s)")
    parser.add_argument("--real-look", type=int, default=2, metavar="N",
                        help="runs of the real-look rescue read by its structure (0: skip)")
    parser.add_argument("--unseen-cards", type=int, default=1, metavar="N",
                        help="runs of that rescue with cards of the ground's colour (0: skip)")
    parser.add_argument("--moves", type=int, default=None, metavar="N",
                        help="the first N moves of each script only (default all)")
    parser.add_argument("--x11", action="store_true",
                        help="also run gridsight live on Xvfb (whole process: grabs, Qt)")
    args = parser.parse_args(argv)
    SETTINGS["budget"] = args.budget
    print(f"latency: change on screen -> new advice layer, {SIZE[0]}x{SIZE[1]} frames "
          f"(median / max over {args.repeat} runs of each script's moves)")
    moves = None if args.moves is None else max(1, args.moves)
    for game in scripts():
        frames = frames_of(game, None if moves is None else moves + 1)
        ours, naive = [], []
        for _ in range(args.repeat):
            ours += loop_latency(game, frames)
            naive += naive_latency(game, frames)
        med, worst = statistics.median(ours), max(ours)
        base = statistics.median(naive)
        print(f"  {game:10s} ours {1e3 * med:6.1f} ms (max {1e3 * worst:6.1f}; + waiting for "
              f"the polls, at worst {1e3 * worst + IDLE_POLL_MS + CONFIRM_MS:6.1f})  "
              f"naive per frame "
              f"{1e3 * base:6.1f} ms  ratio naive/ours {base / med:5.2f}")
    if args.real_look:
        ours, med, base = remembered_or_not(real_look_latency, args.real_look, moves)
        print(f"  real-look disco-zoo by its structure, CPU: ours {1e3 * med:6.1f} ms (max "
              f"{1e3 * max(ours):6.1f})  the last frame not remembered {1e3 * base:6.1f} ms  "
              f"ratio {base / med:5.2f}")
    if args.unseen_cards:
        ours, med, base = remembered_or_not(unseen_cards_latency, args.unseen_cards, moves)
        print(f"  real-look disco-zoo, cards unseen, CPU: ours {1e3 * med:6.1f} ms (max "
              f"{1e3 * max(ours):6.1f})  the whole frame's find not remembered "
              f"{1e3 * base:6.1f} ms  ratio {base / med:5.2f}")
    print(f"idle CPU: {args.idle:g} s polling at {POLL_HZ:g} Hz on an unchanging picture")
    for game in scripts():
        frames = frames_of(game, 1)  # the first picture, unchanging
        loop = LiveLoop(game, load_game_pack(game, None), solve_options=options_of(game))
        for _ in range(3):
            loop.step(fresh(frames[0]))
        ours, polls = idle_cpu(loop.step, frames[0], args.idle)
        naive_loop = NaiveLoop(game)
        naive, naive_polls = idle_cpu(naive_loop.step, frames[0], min(args.idle, 2.0))
        print(f"  {game:10s} ours {100 * ours:5.2f}% of a core ({polls} polls; "
              f"{loop.counters.reads} reads in all)  naive {100 * naive:5.1f}% "
              f"({naive_polls} polls)  ratio naive/ours {naive / max(ours, 1e-9):6.1f}")
    if args.x11:
        x11_session(args.idle)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
