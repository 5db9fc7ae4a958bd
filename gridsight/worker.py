"""Solving in a worker process: off the caller's thread, and stopped hard when it must be.

Every solver checks its own :class:`~gridsight.solvers.limit.Limit` and answers at it (anytime), so a
solve normally returns by itself. A caller that must not wait past a moment whatever happens
(the live overlay, a pathological board, a library user with a deadline) runs the solve
here: a worker process, started once and reused (it imports the solvers once), that solves
boards sent to it and sends the solutions back. When a solve runs past its *hard stop*, the
process is killed and a new one takes the next board; the caller is told in words.

- :meth:`SolveWorker.submit` / :meth:`SolveWorker.poll`: the non-blocking pair the live loop
  uses (it keeps following the window meanwhile);
- :meth:`SolveWorker.solve`: waits for the answer, at most until the hard stop.

No signal, no alarm: the process is stopped from outside (``Popen.kill``), which works on
every platform and whatever the solver was doing.

The hard stop is judged on the **worker process's own CPU time** (:func:`process_cpu_seconds`),
as the solver's budget is work, not elapsed time: on a machine so busy that the solve gets a
few percent of a core, it is slow, not stuck, and answers at its limit in the end. A solver
that hangs without using CPU is stopped by a much longer **wall-clock backstop**
(:data:`BACKSTOP_FACTOR` times the hard stop). Where the platform does not say a process's
CPU time, the hard stop is judged on the wall clock. The answer's words say which stop fired.

>>> hard_stop(Limit(seconds=5))
HardStops(work=22.0, wall=220.0)
>>> hard_stop(Limit(seconds=None, wall_seconds=2)), hard_stop(Limit.none()).never
(HardStops(work=None, wall=6.0), True)
"""

from __future__ import annotations

import functools
import os
import pickle
import queue
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from typing import Any, Callable

from gridsight.games.options import SolveOptions
from gridsight.solvers.boardtext import BoardText
from gridsight.solvers.errors import InputError
from gridsight.solvers.limit import Limit

#: The hard stop of a solve is this many times its limit in seconds of work (CPU seconds of
#: the worker process) plus :data:`HARD_GRACE`: far past the moment a solver answers by
#: itself, so only a solve that stopped checking its limit is killed.
HARD_FACTOR = 4.0
HARD_GRACE = 2.0

#: The wall-clock backstop of a solve judged on its CPU time: this many times its hard stop,
#: in elapsed seconds. Only a solver that hangs without using CPU (blocked, deadlocked) meets
#: it: a solve given 3% of a core (2 cores shared by some 60 busy processes) answers at live's
#: 5 s budget after about 170 s, within live's 220 s backstop.
BACKSTOP_FACTOR = 10.0


@dataclass(frozen=True)
class HardStops:
    """When a solve is killed: past ``work`` CPU seconds of the worker process (judged on the
    wall clock where the platform does not say a process's CPU time), or past ``wall``
    elapsed seconds, whichever comes first; ``None``: no such stop."""

    work: float | None = None
    wall: float | None = None

    @property
    def never(self) -> bool:
        """Is the solve never killed (no stop at all)?"""
        return self.work is None and self.wall is None

    @classmethod
    def of(cls, work: float | None, wall: float | None = None) -> "HardStops":
        """A stop at ``work`` CPU seconds, with its backstop (default
        :data:`BACKSTOP_FACTOR` x ``work`` elapsed seconds).

        >>> HardStops.of(0.3), HardStops.of(1.0, wall=0.5)
        (HardStops(work=0.3, wall=3.0), HardStops(work=1.0, wall=0.5))
        """
        if wall is None and work is not None:
            wall = BACKSTOP_FACTOR * work
        return cls(work, wall)


def hard_stop(limit: Limit) -> HardStops:
    """When a solve under ``limit`` is killed: a wall bound gives an elapsed-time stop
    (2 x it + :data:`HARD_GRACE`: the solver answers at the bound however busy the machine);
    else the work bound gives a CPU-time stop (:data:`HARD_FACTOR`) with its backstop."""
    if limit.wall_seconds is not None:
        return HardStops(wall=2 * limit.wall_seconds + HARD_GRACE)
    if limit.seconds is not None:
        return HardStops.of(HARD_FACTOR * limit.seconds + HARD_GRACE)
    return HardStops()


def process_cpu_seconds(pid: int) -> float | None:
    """The CPU seconds (user and system) process ``pid`` has used so far, or ``None`` when
    the platform does not say (or the process is gone): Linux's ``/proc/PID/stat``;
    Windows' ``GetProcessTimes`` (through ctypes); nothing elsewhere."""
    if sys.platform.startswith("linux"):
        return _linux_cpu_seconds(pid)
    if sys.platform == "win32":  # pragma: no cover - not run on Linux CI
        try:
            return _windows_cpu_seconds(pid)
        except Exception:  # noqa: BLE001 - no measure: the wall clock judges
            return None
    return None


def stop_reached(stops: HardStops, elapsed: float, worked: float | None
                 ) -> tuple[str, str] | None:
    """Which of ``stops`` a solve is past, ``elapsed`` seconds after it was sent, having used
    ``worked`` CPU seconds (``None``: not known, and the work stop goes by the wall clock),
    with the words that say it; ``None``: none yet.

    >>> stop_reached(HardStops.of(22), elapsed=60, worked=0.8) is None  # slow, not stuck
    True
    >>> stop_reached(HardStops.of(22), elapsed=60, worked=22.5)[1]
    "no answer within 22 s of the solver's work (its CPU time; the solver was stopped)"
    >>> print(*stop_reached(HardStops.of(22), elapsed=221, worked=0.0))  # doctest: +ELLIPSIS
    wall no answer within 220 s of waiting (elapsed time, 0.0 s of it the solver's work; ...)
    >>> print(*stop_reached(HardStops.of(22), elapsed=23, worked=None))  # doctest: +ELLIPSIS
    work no answer within 22 s (elapsed time: the solver's CPU time is not known here; ...)
    """
    if stops.work is not None:
        if worked is not None and worked > stops.work:
            return "work", (f"no answer within {stops.work:g} s of the solver's work (its CPU "
                            "time; the solver was stopped)")
        if worked is None and elapsed > stops.work:
            return "work", (f"no answer within {stops.work:g} s (elapsed time: the solver's "
                            "CPU time is not known here; the solver was stopped)")
    if stops.wall is not None and elapsed > stops.wall:
        spent = "" if worked is None else f", {worked:.1f} s of it the solver's work"
        return "wall", (f"no answer within {stops.wall:g} s of waiting (elapsed time{spent}; "
                        "the solver was stopped)")
    return None


def _linux_cpu_seconds(pid: int) -> float | None:
    try:
        with open(f"/proc/{pid}/stat", "rb") as stat:
            text = stat.read()
        # "pid (comm) state ppid ...": comm may hold spaces and parentheses, so the fields
        # are counted after its last ")"; utime and stime are fields 14 and 15.
        fields = text[text.rindex(b")") + 2:].split()
        ticks = int(fields[11]) + int(fields[12])
        return ticks / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None


@functools.lru_cache(maxsize=1)
def _kernel32() -> Any:  # pragma: no cover - Windows only
    """kernel32 with the three calls' types declared (a HANDLE is pointer-wide), loaded once."""
    import ctypes
    from ctypes import wintypes

    kernel32 = ctypes.WinDLL("kernel32", use_last_error=True)  # type: ignore[attr-defined]
    kernel32.OpenProcess.argtypes = (wintypes.DWORD, wintypes.BOOL, wintypes.DWORD)
    kernel32.OpenProcess.restype = wintypes.HANDLE
    times_type = ctypes.POINTER(wintypes.FILETIME)
    kernel32.GetProcessTimes.argtypes = (wintypes.HANDLE,) + (times_type,) * 4
    kernel32.GetProcessTimes.restype = wintypes.BOOL
    kernel32.CloseHandle.argtypes = (wintypes.HANDLE,)
    return kernel32


def _windows_cpu_seconds(pid: int) -> float | None:  # pragma: no cover - Windows only
    import ctypes
    from ctypes import wintypes

    kernel32 = _kernel32()
    handle = kernel32.OpenProcess(0x1000, False, pid)  # PROCESS_QUERY_LIMITED_INFORMATION
    if not handle:
        return None
    try:
        times = [wintypes.FILETIME() for _ in range(4)]  # creation, exit, kernel, user
        if not kernel32.GetProcessTimes(handle, *(ctypes.byref(t) for t in times)):
            return None
        hundreds = sum((t.dwHighDateTime << 32) | t.dwLowDateTime for t in times[2:])
        return hundreds * 1e-7
    finally:
        kernel32.CloseHandle(handle)


class HardStop(Exception):
    """A solve ran past its hard stop and its worker process was killed."""


@dataclass(frozen=True)
class WorkerResult:
    """The answer to one submitted board: ``solution`` (a
    :class:`~gridsight.games.base.Solution`), or ``error`` in words, with ``refused`` when the
    board was bad input (an :class:`~gridsight.solvers.errors.InputError`) and ``stopped`` when the
    worker was killed at the hard stop (``stop`` says which: ``"work"``, its CPU time, or
    ``"wall"``, elapsed time). ``tag`` is what the caller submitted it with."""

    tag: Any
    solution: Any = None
    error: str = ""
    refused: bool = False
    stopped: bool = False
    seconds: float = 0.0
    stop: str = ""


@dataclass(frozen=True)
class _Job:
    """The board with the worker: its frame id, the caller's tag, when it was sent (wall
    clock), its stops and the worker's CPU seconds then (``None``: not measured here)."""

    id: int
    tag: Any
    sent: float
    stops: HardStops
    cpu: float | None


class SolveWorker:
    """One worker process solving boards one at a time (see the module docstring).

    The process is ``python -m gridsight.worker`` (a fresh interpreter: safe beside Qt's
    threads, the same on every platform, whatever the caller's own main module is); boards
    go to it and solutions come back as pickled frames over its standard input and output,
    read by a thread of the caller, so :meth:`poll` never blocks. ``meter`` gives a process's
    CPU seconds by its id (``None``: not known, and the hard stop goes by the wall clock)."""

    def __init__(self, meter: Callable[[int], float | None] = process_cpu_seconds) -> None:
        self._process: subprocess.Popen | None = None
        self._answers: queue.Queue = queue.Queue()
        self._job: _Job | None = None
        self._meter = meter
        self._next_id = 0
        self.restarts = 0
        self._warmer: Any = None  # the game's kernel warm-up (gridsight.warm), if started
        self._elsewhere: tuple[str, ...] = ()  # the kernels it compiles (module:function),
        # told to the process while it runs

    # -- the process ---------------------------------------------------------------------

    def start(self) -> None:
        """Start the process now (it imports the solvers), so a first solve waits less."""
        if self._process is not None and self._process.poll() is None:
            return
        process = subprocess.Popen([sys.executable, "-m", "gridsight.worker"],
                                   stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        answers: queue.Queue = queue.Queue()
        threading.Thread(target=_read_answers, args=(process.stdout, answers), daemon=True,
                         name="gridsight-solver-answers").start()
        self._process, self._answers = process, answers
        self._say_elsewhere()

    def warm(self, game: str, start: Callable[[str], Any] | None = None) -> None:
        """Start warming ``game``'s compiled kernel in a process of its own
        (:func:`gridsight.warm.start`; ``start`` stands in for it in tests), as soon as the
        game is known: a first run compiles it there while this worker goes on with the
        boards, and a later solve loads it from numba's cache. Nothing without numba."""
        if self._warmer is not None:
            return
        if start is None:
            from gridsight.warm import start
        self._warmer = start(game)
        if self._warmer is None:
            return
        # The worker's auto searches do not compile the kernel too meanwhile: they keep to
        # the Python twin until numba's cache holds it (engines.compiling_elsewhere), or
        # until the warm-up is over (_say_warm_over).
        from gridsight.warm import WARMERS

        self._elsewhere = WARMERS[game][0] if game in WARMERS else ()
        if self._process is not None and self._process.poll() is None:
            self._say_elsewhere()
        else:
            self.start()  # (it says so)

    def _say_elsewhere(self) -> None:
        """Tell the process which kernels the warm-up compiles (again after a restart)."""
        if self._process is not None:
            for entry in self._elsewhere:
                _send(self._process.stdin, ("compiled-elsewhere", entry))

    def _say_warm_over(self) -> None:
        """Once the warm-up is over (done, or killed or failed before numba's cache held the
        kernel), tell the process it no longer waits for it: a search that needs a kernel
        the cache still lacks compiles it itself, as without a warm-up (before, the process
        kept to the Python twin for the rest of the session)."""
        if not self._elsewhere or self._warmer is None or not getattr(self._warmer, "over",
                                                                      False):
            return
        entries, self._elsewhere = self._elsewhere, ()
        if self._process is not None and self._process.poll() is None:
            for entry in entries:
                _send(self._process.stdin, ("compiled-elsewhere", entry, False))

    @property
    def preparing(self) -> bool:
        """Is the game's kernel being compiled (a first run: numba's cache did not hold it)?"""
        return self._warmer is not None and bool(self._warmer.compiling)

    def kill(self) -> None:
        """Stop the process at once (a new one starts for the next board)."""
        if self._process is not None:
            self._process.kill()
            self._process.wait(timeout=10)
            _close(self._process)
            self.restarts += 1
        self._process = None
        self._job = None

    def close(self) -> None:
        """Ask the process to end, and end it if it does not (and stop a warm-up)."""
        if self._warmer is not None:
            self._warmer.close()
            self._warmer = None
        process = self._process
        if process is None:
            return
        if self._job is None and process.poll() is None:
            try:
                _send(process.stdin, None)
                process.wait(timeout=2)
            except (OSError, ValueError, subprocess.TimeoutExpired):
                pass
        if process.poll() is None:
            self.kill()
            return
        _close(process)
        self._process = None

    def __enter__(self) -> "SolveWorker":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- solving ---------------------------------------------------------------------------

    @property
    def pid(self) -> int | None:
        """The worker process's id (``None`` before it started or once it ended)."""
        return None if self._process is None else self._process.pid

    @property
    def busy(self) -> bool:
        """Is a board being solved (submitted, its answer not yet taken)?"""
        return self._job is not None

    def submit(self, game: str, board: str | BoardText, options: SolveOptions, tag: Any = None,
               hard_seconds: float | None = None, backstop_seconds: float | None = None) -> None:
        """Send ``board`` (text, or a parsed board: its errors then name its own lines) of
        ``game`` to be solved with ``options``; its answer comes from :meth:`poll`. The
        process is killed if no answer came by :func:`hard_stop` of the options' limit, or
        after ``hard_seconds`` of its CPU time when given (then ``backstop_seconds`` elapsed,
        default :data:`BACKSTOP_FACTOR` times it). One board at a time."""
        if self._job is not None:
            raise RuntimeError("the worker is still solving a board; poll it first")
        self.start()
        assert self._process is not None
        try:
            self._say_warm_over()
        except (OSError, ValueError):
            pass  # a process gone: the board's send below restarts it
        self._next_id += 1
        stops = (hard_stop(options.limit) if hard_seconds is None and backstop_seconds is None
                 else HardStops.of(hard_seconds, backstop_seconds))
        try:
            _send(self._process.stdin, (self._next_id, game, board, options))
        except (OSError, ValueError):
            self.kill()
            self.start()
            _send(self._process.stdin, (self._next_id, game, board, options))
        self._job = _Job(self._next_id, tag, time.monotonic(), stops,
                         self._meter(self._process.pid))

    def poll(self, wait: float = 0.0) -> WorkerResult | None:
        """The answer to the board submitted, once there is one (``None`` meanwhile, after
        waiting at most ``wait`` seconds; also when nothing was submitted). Past the hard
        stop the process is killed and the answer says so."""
        if self._job is None:
            return None
        job = self._job
        tag = job.tag
        try:
            frame = self._answers.get(timeout=wait) if wait > 0 else self._answers.get_nowait()
        except queue.Empty:
            frame = _PENDING
        elapsed = time.monotonic() - job.sent
        if frame is _PENDING:
            assert self._process is not None
            if self._process.poll() is not None:
                return self._lost(tag, elapsed, "the solver process ended unexpectedly")
            stopped = self._past_stop(job, elapsed)
            if stopped is not None:
                self.kill()
                stop, words = stopped
                return WorkerResult(tag, error=f"stopped: {words}", stopped=True,
                                    seconds=elapsed, stop=stop)
            return None
        if frame is None:  # the process's output ended
            return self._lost(tag, elapsed, "the solver process ended unexpectedly")
        answer_id, kind, payload = frame
        if answer_id != job.id:  # an answer to a board given up on: skip it
            return None
        self._job = None
        if kind == "ok":
            return WorkerResult(tag, solution=payload, seconds=elapsed)
        return WorkerResult(tag, error=payload, refused=kind == "refused", seconds=elapsed)

    def _past_stop(self, job: _Job, elapsed: float) -> tuple[str, str] | None:
        """Which stop ``job`` is past after ``elapsed`` seconds (see :func:`stop_reached`)."""
        worked = None
        if job.cpu is not None and self._process is not None:
            now = self._meter(self._process.pid)
            worked = None if now is None else now - job.cpu
        return stop_reached(job.stops, elapsed, worked)

    def _lost(self, tag: Any, elapsed: float, why: str) -> WorkerResult:
        self.kill()
        return WorkerResult(tag, error=why, stopped=True, seconds=elapsed)

    def solve(self, game: str, board: str | BoardText, options: SolveOptions,
              hard_seconds: float | None = None, backstop_seconds: float | None = None) -> Any:
        """Solve ``board`` and wait for its :class:`~gridsight.games.base.Solution`; raises
        :class:`~gridsight.solvers.errors.InputError` for a bad board and :class:`HardStop` when the
        hard stop came first (or the process failed)."""
        self.submit(game, board, options, hard_seconds=hard_seconds,
                    backstop_seconds=backstop_seconds)
        result = None
        while result is None:
            result = self.poll(wait=0.05)
        if result.solution is not None:
            return result.solution
        if result.refused:
            raise InputError(result.error)
        raise HardStop(result.error)


_PENDING = object()


def _send(stream: Any, message: Any) -> None:
    """One pickled frame: its length (8 bytes, big-endian), then the pickle."""
    data = pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL)
    stream.write(len(data).to_bytes(8, "big") + data)
    stream.flush()


def _receive(stream: Any) -> Any:
    """The next frame of ``stream``; ``EOFError`` at its end."""
    head = stream.read(8)
    if len(head) < 8:
        raise EOFError
    data = stream.read(int.from_bytes(head, "big"))
    return pickle.loads(data)  # noqa: S301 - frames of our own child process


def _read_answers(stream: Any, answers: queue.Queue) -> None:
    """The caller's reader thread: every frame into ``answers``, then ``None`` at the end."""
    try:
        while True:
            answers.put(_receive(stream))
    except (EOFError, OSError, ValueError, pickle.UnpicklingError):
        answers.put(None)


def _close(process: subprocess.Popen) -> None:
    for stream in (process.stdin, process.stdout):
        try:
            if stream is not None:
                stream.close()
        except OSError:
            pass


def serve(source: Any, sink: Any) -> None:
    """The worker's loop: solve each board received, send the solution (or the error)."""
    from gridsight.registry import get_game
    from gridsight.solvers.boardtext import parse_boards

    while True:
        try:
            job = _receive(source)
        except (EOFError, OSError, KeyboardInterrupt):
            return
        if job is None:
            return
        if job[0] == "compiled-elsewhere":  # gridsight.warm compiles this kernel
            from gridsight.solvers.engines import compiled_elsewhere

            compiled_elsewhere(*job[1:])
            continue
        job_id, game, given, options = job
        try:
            board = given if isinstance(given, BoardText) else parse_boards(given)[0]
            solution = get_game(game).solve(board, options)
            answer: tuple = (job_id, "ok", solution)
        except InputError as error:
            answer = (job_id, "refused", str(error))
        except MemoryError:
            answer = (job_id, "failed", "out of memory")
        except Exception as error:  # noqa: BLE001 - said to the caller, never lost
            answer = (job_id, "failed", f"{type(error).__name__}: {error}")
        try:
            _send(sink, answer)
        except (OSError, ValueError):
            return


def main() -> int:  # pragma: no cover - runs in the worker process
    """``python -m gridsight.worker``: frames on standard input and output; anything the
    solvers print goes to standard error, so it never breaks a frame."""
    sink = os.fdopen(os.dup(sys.stdout.fileno()), "wb")
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())
    serve(sys.stdin.buffer, sink)
    return 0


__all__ = ["BACKSTOP_FACTOR", "HARD_FACTOR", "HARD_GRACE", "HardStop", "HardStops", "SolveWorker",
           "WorkerResult", "hard_stop", "process_cpu_seconds", "stop_reached"]

if __name__ == "__main__":
    raise SystemExit(main())
