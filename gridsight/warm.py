"""Warming a game's compiled kernel in a process of its own, while live follows the window.

With the ``fast`` extra, a game's search runs a numba kernel (``@njit(cache=True)``). The
first process on a machine that uses it compiles it (the Disco Zoo kernel: about 17 s of CPU,
minutes on a busy machine) and writes it to numba's cache, where every later process loads it
(about half a second). Without a warm-up that compile happened inside live's first long solve,
and the player saw "Thinking…" for minutes.

:func:`start` runs ``python -m gridsight.warm GAME``: a process of its own (nice 5 where the
platform has it, so the solver's process comes first), that says on its first line whether
numba's cache holds the game's kernel (``warm``) or not (``cold``), runs the kernel on a small
board (compiling it and writing the cache, or only loading it), and says ``done``. It never
holds up a board: the solver's process goes on meanwhile (the opening book, or the Python
twin under ``engine=auto``: every ``auto`` switch asks
:func:`gridsight.solvers.engines.compiling_elsewhere`, told by the worker), and once the
warm-up is over, done or not, the worker is told so and a solve that needs a kernel the cache
still lacks compiles it itself, as without a warm-up. :class:`Warmer` reads its lines on a
thread and says whether the solver is still being prepared (:class:`WarmState`).

Games warmed (:data:`WARMERS`): Disco Zoo, tile path and Thrill Digger (an expert pit's first
solve compiles the lookahead's rollouts: 3.7-7.1 worker CPU s on an empty cache, measured).
Pentomino has a kernel, but none of live's solves of the example boards reaches it (the
Python twin finishes each within its first placements, the stuck-deep board in 0.9 s), so a
warm-up would compile it for nothing.

A compile cut short writes nothing (numba saves a function's cache when its compile ends): a
warm-up still compiling when live closes is left to finish (:meth:`Warmer.close`), and the next
session's waits for it (:func:`one_at_a_time`), then only loads the kernel. numba
writes each cache file whole (a temporary name, then a rename), the index before the data:
the cache check (:func:`gridsight.solvers.engines.kernel_cached`) wants both. A temporary file
a killed write left is never read again and is left where it is: gridsight deletes no file it
did not write.

numba's cache: beside the kernel's source (``__pycache__``) when that folder is writable, and
numba itself falls back to the user's cache folder (``~/.cache/numba``, ``XDG_CACHE_HOME``)
for a read-only install (measured: a read-only bind mount, the kernel cached and loaded from
the user's folder by a second process). ``NUMBA_CACHE_DIR`` is not set: it is read when numba
is imported and applies to the whole process, and neither this process nor the caller's needs
it.

Without numba (no ``fast`` extra), for a game without a kernel, or with ``GRIDSIGHT_WARM=off``
(:func:`wanted`), nothing is started.
"""

from __future__ import annotations

import contextlib
import enum
import os
import subprocess
import sys
import threading
from typing import Any, Callable, Iterator

#: A small board of each game with a kernel: running it compiles (or loads) the kernel.
_DISCO_ZOO_BOARD = """region: Jungle
animals: Gorilla, Panda, Tiger
taps: 7
. . . . .
. . . - .
. . 2 . .
. . . . .
. . 1 . .
"""

_TILE_PATH_BOARD = """. . . . . .
. # . . . .
. . . . # .
S . . . . .
. . . # . .
"""

#: Thrill Digger: an expert pit, answered by the lookahead's compiled rollouts (its first solve
#: on an empty cache: 3.7-7.1 CPU s in live's worker, measured; 0.07 s once cached). Beginner and
#: intermediate pits are answered without a kernel.
_THRILL_DIGGER_BOARD = """difficulty: expert
. . . . . . . .
. r . . . . r .
. . . . . b b .
. r . . . b b b
. . . . . b x .
"""


def _run(game: str, board: str, options: dict[str, str] | None = None) -> Callable[[], None]:
    def run() -> None:
        from gridsight import api

        api.solve(game, board, options=options)

    return run


def _disco_zoo() -> None:
    from gridsight.solvers.boardtext import parse_boards
    from gridsight.solvers.disco_zoo.board import parse_board
    from gridsight.solvers.disco_zoo.engines import make_search
    from gridsight.solvers.disco_zoo.objective import Objective
    from gridsight.solvers.disco_zoo.placements import joint_placements

    joint = joint_placements(parse_board(parse_boards(_DISCO_ZOO_BOARD)[0]))
    make_search(joint, Objective("expected"), engine="numba").decide(2)


def _disco_zoo_kernels() -> tuple[Any, ...]:
    from gridsight.solvers.disco_zoo import kernel

    return (kernel.solve,)


def _tile_path_kernels() -> tuple[Any, ...]:
    from gridsight.solvers.tile_path import kernel

    return (kernel.expand,)


def _thrill_digger_kernels() -> tuple[Any, ...]:
    from gridsight.solvers.thrill_digger import lookahead_kernel

    return (lookahead_kernel._rollout_sums,)


#: Each game with a kernel worth warming: its kernels' entries (``module:function``, the
#: compiled functions its searches call, whose cache entries say whether numba's cache holds
#: the kernel; each is compiled after the functions it calls, so it is cached last), those
#: functions (imported by their loader, with numba) and the run that compiles them.
WARMERS: dict[str, tuple[tuple[str, ...], Callable[[], tuple[Any, ...]], Callable[[], None]]] = {
    "disco-zoo": (("gridsight.solvers.disco_zoo.kernel:solve",), _disco_zoo_kernels,
                  _disco_zoo),
    # (expand alone: its run also compiles sort_unique and predecessor, but a worker whose
    # board comes once expand is cached and before those are compiles them itself, cheaply:
    # Hero's Cave's first solve 1.9-2.0 worker CPU s so, 4.8-5.9 kept to the Python twin)
    "tile-path": (("gridsight.solvers.tile_path.kernel:expand",), _tile_path_kernels,
                  _run("tile-path", _TILE_PATH_BOARD, {"engine": "numba"})),
    # (no engine option: its lookahead's rollouts start in the kernel under numba)
    "thrill-digger": (("gridsight.solvers.thrill_digger.lookahead_kernel:_rollout_sums",),
                      _thrill_digger_kernels, _run("thrill-digger", _THRILL_DIGGER_BOARD)),
}


def cache_holds(game: str) -> bool:
    """Does numba's cache hold ``game``'s kernels (imported here, with numba)? See
    :func:`gridsight.solvers.engines.kernel_cached`."""
    from gridsight.solvers.engines import kernel_cached

    return all(kernel_cached(function) for function in WARMERS[game][1]())


def wanted(game: str) -> bool:
    """Is there a kernel to warm for ``game`` here (numba installed, the game has one, and
    ``GRIDSIGHT_WARM`` is not ``off``: the tests' setting, where the kernels are compiled
    beforehand by ``tools/compile_kernels.py``)?"""
    from gridsight.solvers.engines import numba_installed

    if os.environ.get("GRIDSIGHT_WARM", "").lower() == "off":
        return False
    return game in WARMERS and numba_installed()


class WarmState(enum.Enum):
    """Where a warm-up is (:attr:`Warmer.state`); each value is also the line the warm-up
    process prints (but ``starting``)."""

    #: the process is starting (numba not yet asked)
    STARTING = "starting"
    #: numba's cache did not hold the kernel: compiling it
    COLD = "cold"
    #: the cache held it: loading it
    WARM = "warm"
    #: over: done, failed or stopped (a compile cut short writes no cache)
    DONE = "done"


class Warmer:
    """The warm-up process of one game (see the module docstring): :attr:`state` is
    :attr:`WarmState.STARTING`, then ``COLD`` (compiling) or ``WARM`` (loading), then
    ``DONE`` (also when the process failed or was stopped). ``command`` is the process's
    command (tests give their own)."""

    def __init__(self, game: str, command: list[str] | None = None) -> None:
        self.game = game
        self.state = WarmState.STARTING
        self._process = subprocess.Popen(
            command or [sys.executable, "-m", "gridsight.warm", game],
            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
            start_new_session=os.name == "posix")
        threading.Thread(target=self._read, daemon=True, name="gridsight-warm").start()

    def _read(self) -> None:
        stream = self._process.stdout
        assert stream is not None
        said = {state.value: state for state in (WarmState.COLD, WarmState.WARM, WarmState.DONE)}
        try:
            for line in stream:
                word = line.decode("ascii", "replace").strip()
                if word in said:
                    self.state = said[word]
        except (OSError, ValueError):
            pass
        self._process.wait()
        self.state = WarmState.DONE

    @property
    def compiling(self) -> bool:
        """Is the kernel being compiled (numba's cache did not hold it) and not done yet?"""
        return self.state is WarmState.COLD

    @property
    def over(self) -> bool:
        """Has the warm-up ended (done, failed or stopped)?"""
        return self.state is WarmState.DONE

    def close(self) -> None:
        """End the warm-up with its caller: stopped when it only loads the kernel or is
        done, **left to finish when it compiles** (:attr:`compiling`). A compile cut short
        writes nothing to numba's cache (measured: a Disco Zoo warm-up killed at 8 CPU s
        left no file, and the next one compiled from the start, 26 CPU s at load 35), so a
        machine whose sessions all end sooner than the compile (over two minutes of wall
        clock on a busy one) would never get the kernel. Left alone, the process ends by
        itself once the cache holds the kernel (niced; its own session, so a Ctrl-C in the
        player's terminal does not cut it short either)."""
        if self.compiling and self._process.poll() is None:
            return
        self.stop()

    def stop(self) -> None:
        """Stop the process now if it still runs (a compile cut short writes no cache)."""
        if self._process.poll() is None:
            self._process.kill()
        self._process.wait(timeout=10)
        if self._process.stdout is not None:
            try:
                self._process.stdout.close()
            except OSError:
                pass


def start(game: str) -> Warmer | None:
    """The warm-up of ``game``'s kernel, started (``None``: nothing to warm here)."""
    return Warmer(game) if wanted(game) else None


def main(argv: list[str] | None = None) -> int:  # pragma: no cover - runs in its own process
    """``python -m gridsight.warm GAME``: ``cold``/``warm``, then ``done``, one a line."""
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1 or args[0] not in WARMERS:
        print("usage: python -m gridsight.warm " + "|".join(WARMERS), file=sys.stderr)
        return 2
    if hasattr(os, "nice"):
        try:
            os.nice(5)  # this process only: the solver's comes first
        except OSError:
            pass
    print((WarmState.WARM if cache_holds(args[0]) else WarmState.COLD).value, flush=True)
    with one_at_a_time(args[0]):  # after another's compile, this run only loads the kernel
        WARMERS[args[0]][2]()
    print(WarmState.DONE.value, flush=True)
    return 0


@contextlib.contextmanager
def one_at_a_time(game: str) -> Iterator[None]:
    """Hold the warm-up lock of ``game`` (a file beside its kernels' cache), waiting for a
    warm-up that holds it: one left compiling by a session that ended
    (:meth:`Warmer.close`) while the next one starts. Without it both compiled the kernel
    at once. Where there is no ``fcntl`` (Windows) or no cache folder, no lock is taken."""
    try:
        import fcntl
    except ImportError:
        fcntl = None  # type: ignore[assignment]
    folder = getattr(getattr(getattr(WARMERS[game][1]()[0], "_cache", None), "_cache_file",
                             None), "_cache_path", None)
    handle = None
    if fcntl is not None and folder is not None:
        try:
            # (never through a link: O_NOFOLLOW refuses a lock path that is one)
            descriptor = os.open(os.path.join(folder, f"gridsight-warm-{game}.lock"),
                                 os.O_WRONLY | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o644)
            handle = os.fdopen(descriptor, "a")
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX)
        except OSError:
            handle = None
    try:
        yield
    finally:
        if handle is not None:
            handle.close()  # (closing the file releases the lock)


__all__ = ["WARMERS", "WarmState", "Warmer", "cache_holds", "main", "one_at_a_time", "start",
           "wanted"]

if __name__ == "__main__":
    raise SystemExit(main())
