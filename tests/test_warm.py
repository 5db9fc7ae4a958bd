"""The kernel warm-up beside live (gridsight.warm): started when the game is known, said in the
panel's status while a first run compiles, stopped with the worker; nothing without numba."""

from __future__ import annotations

import sys
import time
from pathlib import Path
from types import SimpleNamespace

import pytest

from gridsight import warm
from gridsight.live.loop import LiveLoop
from gridsight.live.manual import ManualBoard
from gridsight.solvers.engines import numba_installed
from gridsight.worker import SolveWorker
from kit.held_worker import HeldWorker

SETTINGS = {"budget": None, "time_limit": 0}


class FakeWarmer:
    def __init__(self, state: warm.WarmState = warm.WarmState.COLD) -> None:
        self.state = state
        self.closed = 0

    @property
    def compiling(self) -> bool:
        return self.state is warm.WarmState.COLD

    @property
    def over(self) -> bool:
        return self.state is warm.WarmState.DONE

    def close(self) -> None:
        self.closed += 1


class PreparingWorker(HeldWorker):
    """A held worker whose game's kernel is being compiled until the test says otherwise."""

    preparing = True


def test_the_worker_starts_one_warm_up_per_game_says_it_prepares_and_stops_it_on_close():
    started: list[str] = []
    fake = FakeWarmer()

    def start(game):
        started.append(game)
        return fake

    worker = SolveWorker()
    worker.warm("disco-zoo", start=start)
    worker.warm("disco-zoo", start=start)
    assert started == ["disco-zoo"] and worker.preparing
    fake.state = warm.WarmState.DONE
    assert not worker.preparing
    worker.close()
    assert fake.closed == 1
    # Nothing to warm (no numba, no kernel): never preparing.
    bare = SolveWorker()
    bare.warm("minesweeper", start=lambda game: None)
    assert not bare.preparing
    bare.close()


def test_the_panel_says_the_solver_is_being_prepared_rather_than_thinking_on_a_first_run():
    board = ManualBoard.blank("disco-zoo", (("region", "Farm"), ("animals", "Sheep, Pig")))
    worker = PreparingWorker()
    loop = LiveLoop.for_manual(board, solve_options=SETTINGS, worker=worker)
    assert loop.view.thinking and loop.view.status == "Preparing the solver (first run)…"
    worker.preparing = False
    loop.poll()
    assert loop.view.status == "Thinking…"


def test_the_first_run_is_said_for_the_first_board_only():
    """A demo's first run: the warm-up outlasts several boards, and each board's wait said
    "Preparing the solver (first run)…" again; once said, the next boards are "Thinking…"."""
    board = ManualBoard.blank("disco-zoo", (("region", "Farm"), ("animals", "Sheep, Pig")))
    worker = PreparingWorker()
    loop = LiveLoop.for_manual(board, solve_options=SETTINGS, worker=worker)
    assert loop.view.status == "Preparing the solver (first run)…"
    loop.poll()
    assert loop.view.status == "Preparing the solver (first run)…"  # still the same board
    worker.answer()
    loop.poll()
    assert not loop.view.thinking
    loop.correct(0, 0, "0")  # the next board, the kernel still compiling
    assert loop.view.thinking and worker.preparing
    assert loop.view.status.startswith("Thinking… (last: "), loop.view.status


def _said(warmer: warm.Warmer, deadline: float) -> None:
    while warmer.state is warm.WarmState.STARTING and time.monotonic() < deadline:
        time.sleep(0.05)


def test_the_warm_up_process_lines_are_followed_and_a_compile_is_left_to_finish_on_close():
    # Stand-in processes: say they compile (or load), then wait to be stopped.
    deadline = time.monotonic() + 120  # a backstop only: the line comes when it comes
    warmers = {word: warm.Warmer("disco-zoo", command=[
        sys.executable, "-c", f"import time; print({word!r}, flush=True); time.sleep(600)"])
        for word in ("cold", "warm")}
    for warmer in warmers.values():
        _said(warmer, deadline)
    compiling, loading = warmers["cold"], warmers["warm"]
    assert compiling.compiling and not loading.compiling
    compiling.close()  # a compile cut short would write no cache: left to finish
    loading.close()  # only loading: stopped
    assert compiling._process.poll() is None and loading._process.poll() is not None
    compiling.stop()
    for warmer in warmers.values():
        while warmer.state is not warm.WarmState.DONE and time.monotonic() < deadline:
            time.sleep(0.05)
        assert warmer.state is warm.WarmState.DONE and warmer.over and not warmer.compiling


def test_nothing_is_warmed_without_numba_nor_for_a_game_without_a_kernel_nor_when_off(
        monkeypatch):
    monkeypatch.delenv("GRIDSIGHT_WARM", raising=False)
    monkeypatch.setitem(sys.modules, "numba", None)  # numba missing (no fast extra)
    assert warm.start("disco-zoo") is None
    monkeypatch.delitem(sys.modules, "numba")
    assert not warm.wanted("minesweeper")
    monkeypatch.setenv("GRIDSIGHT_WARM", "off")
    assert not warm.wanted("disco-zoo")


@pytest.mark.skipif(not numba_installed(), reason="needs numba (the fast extra)")
def test_the_cache_check_reads_numbas_own_index_and_wants_its_data_files(tmp_path, monkeypatch):
    from gridsight.solvers.disco_zoo import kernel

    cache_file = kernel.solve._cache._cache_file
    assert cache_file._index_path.endswith(".nbi")
    monkeypatch.setattr(cache_file, "_index_path", str(tmp_path / "solve.nbi"))
    monkeypatch.setattr(cache_file, "_cache_path", str(tmp_path))
    assert not warm.cache_holds("disco-zoo")
    (tmp_path / "solve.nbi").write_bytes(b"")  # not an index numba could load
    assert not warm.cache_holds("disco-zoo")
    # numba saves the index before the data: a process killed between the two leaves this
    cache_file._save_index({("a signature", "a target"): "solve.1.nbc"})
    assert not warm.cache_holds("disco-zoo")
    (tmp_path / "solve.1.nbc").write_bytes(b"compiled")
    assert warm.cache_holds("disco-zoo")
    # an index of another version of the source (numba's stamp differs) holds nothing
    monkeypatch.setattr(cache_file, "_source_stamp", ("another", 1))
    assert not warm.cache_holds("disco-zoo")


@pytest.mark.skipif(not numba_installed(), reason="needs numba (the fast extra)")
def test_the_worker_process_is_told_which_kernel_is_compiled_elsewhere(monkeypatch):
    import io
    import pickle

    from gridsight.solvers import engines
    from gridsight.worker import serve

    monkeypatch.setattr(engines, "_ELSEWHERE", set())
    frames = b""
    for message in (("compiled-elsewhere", "gridsight.solvers.disco_zoo.kernel:solve"), None):
        data = pickle.dumps(message)
        frames += len(data).to_bytes(8, "big") + data
    serve(io.BytesIO(frames), io.BytesIO())
    assert engines._ELSEWHERE == {"gridsight.solvers.disco_zoo.kernel:solve"}
    loaded: list[str] = []

    def load():
        loaded.append("kernel")
        return "the kernel"

    monkeypatch.setattr(engines, "kernel_cached", lambda function: False)
    assert engines.compiling_elsewhere("gridsight.solvers.disco_zoo.kernel", load)
    assert not engines.compiling_elsewhere("gridsight.solvers.tile_path.kernel", load)
    assert loaded == ["kernel"]  # only the kernel said to be compiled elsewhere is imported
    monkeypatch.setattr(engines, "kernel_cached", lambda function: True)  # the cache holds it
    assert not engines.compiling_elsewhere("gridsight.solvers.disco_zoo.kernel", load)


def test_an_auto_search_keeps_to_python_while_another_process_compiles_the_kernel(monkeypatch):
    from gridsight.solvers.boardtext import parse_boards
    from gridsight.solvers.disco_zoo import advise
    from gridsight.solvers.disco_zoo.board import parse_board
    from gridsight.solvers.disco_zoo.objective import Objective

    board = parse_board(parse_boards(warm._DISCO_ZOO_BOARD)[0])
    engines_run: list[str] = []
    real_plan = advise._plan

    def plan(*args, **kwargs):
        engines_run.append(args[5])
        return real_plan(*args[:5], "python", **kwargs)  # never compiles here

    monkeypatch.setattr(advise, "_plan", plan)
    monkeypatch.setattr(advise, "resolve", lambda engine: "numba")
    monkeypatch.setattr(advise, "kernel_loaded", lambda: False)
    monkeypatch.setattr(advise, "AUTO_PYTHON_NODES", 1)  # the Python pass runs long
    monkeypatch.setattr(advise, "compiling_elsewhere", lambda module, load: True)
    advise.plan(board, Objective("expected"), budget=None, max_nodes=200, engine="auto")
    assert engines_run == ["python", "python"]
    engines_run.clear()
    monkeypatch.setattr(advise, "compiling_elsewhere", lambda module, load: False)  # cache holds it
    advise.plan(board, Objective("expected"), budget=None, max_nodes=200, engine="auto")
    assert engines_run == ["python", "numba"]


def test_the_worker_process_stops_waiting_once_told_the_warm_up_is_over(monkeypatch):
    import io
    import pickle

    from gridsight.solvers import engines
    from gridsight.worker import serve

    entry = "gridsight.solvers.thrill_digger.lookahead_kernel:_rollout_sums"
    monkeypatch.setattr(engines, "_ELSEWHERE", set())
    frames = b""
    for message in (("compiled-elsewhere", entry), ("compiled-elsewhere", entry, False), None):
        data = pickle.dumps(message)
        frames += len(data).to_bytes(8, "big") + data
    serve(io.BytesIO(frames), io.BytesIO())
    assert engines._ELSEWHERE == set()


def test_a_warm_up_that_ended_without_the_cache_lets_the_worker_compile_again(monkeypatch):
    """Killed or failed mid-compile: the worker is told once, before its next board, and is
    not told again after a restart (before, it kept to the Python twin all session)."""
    from gridsight import worker as worker_module

    sent: list = []
    monkeypatch.setattr(worker_module, "_send", lambda stream, message: sent.append(message))

    def start(self):  # a stand-in process: nothing is solved here
        if self._process is None:
            self._process = SimpleNamespace(stdin=None, stdout=None, pid=0, poll=lambda: None,
                                            kill=lambda: None, wait=lambda timeout: 0)
            self._say_elsewhere()

    monkeypatch.setattr(SolveWorker, "start", start)
    fake = FakeWarmer()
    worker = SolveWorker(meter=lambda pid: None)
    worker.warm("thrill-digger", start=lambda game: fake)
    entry = warm.WARMERS["thrill-digger"][0][0]
    assert sent == [("compiled-elsewhere", entry)]
    options = SimpleNamespace(limit=None)
    worker.submit("thrill-digger", "difficulty: beginner", options, hard_seconds=60)
    assert sent[-1][0] == 1 and len(sent) == 2  # still compiling: nothing more said
    worker.kill()
    fake.state = warm.WarmState.DONE  # killed before numba's cache held the kernel
    worker.submit("thrill-digger", "difficulty: beginner", options, hard_seconds=60)
    # said to the restarted process, then the warm-up's end, then the board
    assert sent[-3:-1] == [("compiled-elsewhere", entry), ("compiled-elsewhere", entry, False)]
    assert sent[-1][0] == 2
    worker.kill()
    worker.submit("thrill-digger", "difficulty: beginner", options, hard_seconds=60)
    assert sent[-1][0] == 3 and sent[-2][0] == 2  # nothing said about it any more
    worker.kill()


@pytest.mark.skipif(not numba_installed(), reason="needs numba (the fast extra)")
def test_importing_a_kernel_compiled_elsewhere_is_not_loading_it(monkeypatch):
    """The cache check imports the kernel's module: a later search must still not take it as
    loaded (before, Disco Zoo's second long board compiled the kernel beside the warm-up)."""
    from gridsight.solvers import engines
    from gridsight.solvers.disco_zoo import engines as disco_engines
    from gridsight.solvers.disco_zoo import kernel  # noqa: F401 - imported, not compiled

    monkeypatch.setattr(engines, "_ELSEWHERE", {"gridsight.solvers.disco_zoo.kernel:solve"})
    monkeypatch.setattr(engines, "kernel_cached", lambda function: False)
    assert not disco_engines.kernel_loaded()
    assert not engines.starts_in_kernel("auto", "thrill-digger-lookahead",
                                        "gridsight.solvers.disco_zoo.kernel")
    monkeypatch.setattr(engines, "kernel_cached", lambda function: True)  # the cache holds it
    assert disco_engines.kernel_loaded()
    assert engines._ELSEWHERE == set()  # not asked again


@pytest.mark.skipif(not numba_installed(), reason="needs numba (the fast extra)")
def test_an_auto_tile_path_run_keeps_to_python_while_another_process_compiles_its_kernel(
        monkeypatch):
    from gridsight.solvers import engines
    from gridsight.solvers.boardtext import parse_boards
    from gridsight.solvers.limit import Limit
    from gridsight.solvers.tile_path import frontier, limits
    from gridsight.solvers.tile_path.board import parse_board

    loads: list[str] = []
    monkeypatch.setattr(frontier, "load_numba_engine", lambda: loads.append("kernel"))
    monkeypatch.setattr(frontier, "AUTO_SWITCH_STATES", 1)  # every run would switch
    monkeypatch.setattr(engines, "_ELSEWHERE", {"gridsight.solvers.tile_path.kernel:expand"})
    monkeypatch.setattr(engines, "kernel_cached", lambda function: False)
    board = parse_board(parse_boards(warm._TILE_PATH_BOARD)[0])
    walk = (board.rows, board.cols, board.tiles, board.start)
    assert frontier.hamiltonian_path(*walk, engine="auto").engine == "python"
    assert loads == [] and not limits.may_load_kernel(Limit().start())
    monkeypatch.setattr(engines, "kernel_cached", lambda function: True)  # the cache holds it
    assert limits.may_load_kernel(Limit().start())


@pytest.mark.skipif(not numba_installed(), reason="needs numba (the fast extra)")
def test_the_tile_path_warm_up_calls_every_kernel_function_a_rooms_solve_calls(monkeypatch):
    """numba compiles (and caches) each ``@njit`` function a search calls from Python on its
    first call: the warm-up's small board reaches the frontier step, its sort and the walk's
    way back, as Hero's Cave's solve does, so the worker loads all three from the cache."""
    from gridsight.solvers.tile_path import kernel

    called: set[str] = set()
    for name in ("expand", "sort_unique", "predecessor"):
        def counted(*args, _name=name, _real=getattr(kernel, name)):
            called.add(_name)
            return _real(*args)
        monkeypatch.setattr(kernel, name, counted)
    warm.WARMERS["tile-path"][2]()
    assert called == {"expand", "sort_unique", "predecessor"}


@pytest.mark.skipif(not numba_installed() or sys.platform == "win32",
                    reason="needs numba (the fast extra) and fcntl")
def test_a_second_warm_up_waits_for_the_one_left_compiling(tmp_path, monkeypatch):
    """A session that ended left its warm-up compiling; the next session's waits for it
    (then only loads the kernel) instead of compiling it at the same time."""
    import subprocess

    from gridsight.solvers.thrill_digger import lookahead_kernel

    monkeypatch.setattr(lookahead_kernel._rollout_sums._cache._cache_file, "_cache_path",
                        str(tmp_path))
    lock = tmp_path / "gridsight-warm-thrill-digger.lock"
    other = [sys.executable, "-c", "import fcntl, sys; f = open(sys.argv[1], 'a'); "
             "fcntl.flock(f.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)", str(lock)]
    with warm.one_at_a_time("thrill-digger"):
        assert subprocess.run(other, capture_output=True).returncode != 0  # held
    assert subprocess.run(other, capture_output=True).returncode == 0  # free again


def test_while_thinking_the_last_boards_why_is_not_said_again():
    """The why names the last board's chances ("Why not row 3, column 2 (58%)?"): beside
    "Thinking… (last: ...)" it was said as if of the board being worked out; the last
    advice's line stays, its why goes until the new answer brings its own."""
    text = (Path(__file__).parents[1] / "examples" / "disco-zoo-jungle.txt").read_text()
    worker = HeldWorker()
    loop = LiveLoop.for_manual(ManualBoard.from_text("disco-zoo", text),
                               solve_options=SETTINGS, worker=worker)
    worker.answer()
    loop.poll()
    first = loop.view
    assert not first.thinking and first.why, first
    assert first.why in first.status_line()
    (tap,) = first.advice.recommend
    other = next((r, c) for r in range(5) for c in range(5) if (r, c) != (tap.row, tap.col))
    view = loop.correct(*other, "-")
    assert view.thinking and view.advice is not None  # the last advice still fits: kept
    assert view.status.startswith("Thinking… (last: ")
    assert view.why == "" and first.why not in view.status_line(verbose=True)
    worker.answer()
    loop.poll()
    assert not loop.view.thinking and loop.view.why
