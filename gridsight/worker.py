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

>>> hard_stop(Limit(seconds=5))
22.0
>>> hard_stop(Limit(seconds=None, wall_seconds=2)), hard_stop(Limit.none()) is None
(6.0, True)
"""

from __future__ import annotations

import os
import pickle
import queue
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from typing import Any

from gridsight.games.options import SolveOptions
from gridsight.solvers.boardtext import BoardText
from gridsight.solvers.errors import InputError
from gridsight.solvers.limit import Limit

#: The hard stop of a solve is this many times its limit in seconds (of work or of waiting)
#: plus :data:`HARD_GRACE`: far past the moment a solver answers by itself, even on a busy
#: machine, so only a solve that stopped checking its limit is killed.
HARD_FACTOR = 4.0
HARD_GRACE = 2.0


def hard_stop(limit: Limit) -> float | None:
    """The seconds after which a solve under ``limit`` is killed (``None``: never): from the
    wall bound when there is one, else from the work bound (:data:`HARD_FACTOR`)."""
    if limit.wall_seconds is not None:
        return 2 * limit.wall_seconds + HARD_GRACE
    if limit.seconds is not None:
        return HARD_FACTOR * limit.seconds + HARD_GRACE
    return None


class HardStop(Exception):
    """A solve ran past its hard stop and its worker process was killed."""


@dataclass(frozen=True)
class WorkerResult:
    """The answer to one submitted board: ``solution`` (a
    :class:`~gridsight.games.base.Solution`), or ``error`` in words, with ``refused`` when the
    board was bad input (an :class:`~gridsight.solvers.errors.InputError`) and ``stopped`` when the
    worker was killed at the hard stop. ``tag`` is what the caller submitted it with."""

    tag: Any
    solution: Any = None
    error: str = ""
    refused: bool = False
    stopped: bool = False
    seconds: float = 0.0


class SolveWorker:
    """One worker process solving boards one at a time (see the module docstring).

    The process is ``python -m gridsight.worker`` (a fresh interpreter: safe beside Qt's
    threads, the same on every platform, whatever the caller's own main module is); boards
    go to it and solutions come back as pickled frames over its standard input and output,
    read by a thread of the caller, so :meth:`poll` never blocks."""

    def __init__(self) -> None:
        self._process: subprocess.Popen | None = None
        self._answers: queue.Queue = queue.Queue()
        self._job: tuple[int, Any, float, float | None] | None = None  # id, tag, sent, hard
        self._next_id = 0
        self.restarts = 0

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
        """Ask the process to end, and end it if it does not."""
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
    def busy(self) -> bool:
        """Is a board being solved (submitted, its answer not yet taken)?"""
        return self._job is not None

    def submit(self, game: str, board: str | BoardText, options: SolveOptions, tag: Any = None,
               hard_seconds: float | None = None) -> None:
        """Send ``board`` (text, or a parsed board: its errors then name its own lines) of
        ``game`` to be solved with ``options``; its answer comes
        from :meth:`poll`. ``hard_seconds`` (default :func:`hard_stop` of the options'
        limit) is when the process is killed if no answer came. One board at a time."""
        if self._job is not None:
            raise RuntimeError("the worker is still solving a board; poll it first")
        self.start()
        assert self._process is not None
        self._next_id += 1
        hard = hard_stop(options.limit) if hard_seconds is None else hard_seconds
        try:
            _send(self._process.stdin, (self._next_id, game, board, options))
        except (OSError, ValueError):
            self.kill()
            self.start()
            _send(self._process.stdin, (self._next_id, game, board, options))
        self._job = (self._next_id, tag, time.monotonic(), hard)

    def poll(self, wait: float = 0.0) -> WorkerResult | None:
        """The answer to the board submitted, once there is one (``None`` meanwhile, after
        waiting at most ``wait`` seconds; also when nothing was submitted). Past the hard
        stop the process is killed and the answer says so."""
        if self._job is None:
            return None
        job_id, tag, sent, hard = self._job
        try:
            frame = self._answers.get(timeout=wait) if wait > 0 else self._answers.get_nowait()
        except queue.Empty:
            frame = _PENDING
        elapsed = time.monotonic() - sent
        if frame is _PENDING:
            assert self._process is not None
            if self._process.poll() is not None:
                return self._lost(tag, elapsed, "the solver process ended unexpectedly")
            if hard is not None and elapsed > hard:
                self.kill()
                return WorkerResult(tag, error=f"stopped: no answer within {hard:g} s (the "
                                    "solver was stopped)", stopped=True, seconds=elapsed)
            return None
        if frame is None:  # the process's output ended
            return self._lost(tag, elapsed, "the solver process ended unexpectedly")
        answer_id, kind, payload = frame
        if answer_id != job_id:  # an answer to a board given up on: skip it
            return None
        self._job = None
        if kind == "ok":
            return WorkerResult(tag, solution=payload, seconds=elapsed)
        return WorkerResult(tag, error=payload, refused=kind == "refused", seconds=elapsed)

    def _lost(self, tag: Any, elapsed: float, why: str) -> WorkerResult:
        self.kill()
        return WorkerResult(tag, error=why, stopped=True, seconds=elapsed)

    def solve(self, game: str, board: str | BoardText, options: SolveOptions,
              hard_seconds: float | None = None) -> Any:
        """Solve ``board`` and wait for its :class:`~gridsight.games.base.Solution`; raises
        :class:`~gridsight.solvers.errors.InputError` for a bad board and :class:`HardStop` when the
        hard stop came first (or the process failed)."""
        self.submit(game, board, options, hard_seconds=hard_seconds)
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


__all__ = ["HARD_FACTOR", "HARD_GRACE", "HardStop", "SolveWorker", "WorkerResult", "hard_stop"]

if __name__ == "__main__":
    raise SystemExit(main())
