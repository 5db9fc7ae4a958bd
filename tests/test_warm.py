"""The kernel warm-up beside live (gridsight.warm): started when the game is known, said in the
panel's status while a first run compiles, stopped with the worker; nothing without numba."""

from __future__ import annotations

import sys
import time

import pytest

from gridsight import warm
from gridsight.live.loop import LiveLoop
from gridsight.live.manual import ManualBoard
from gridsight.solvers.engines import numba_installed
from gridsight.worker import SolveWorker
from kit.held_worker import HeldWorker

SETTINGS = {"budget": None, "time_limit": 0}


class FakeWarmer:
    def __init__(self, state: str = "cold") -> None:
        self.state = state
        self.closed = 0

    @property
    def compiling(self) -> bool:
        return self.state == "cold"

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
    fake.state = "done"
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


def test_the_warm_up_process_lines_are_followed_and_the_process_stopped():
    # A stand-in process: says it compiles, then waits to be stopped.
    command = [sys.executable, "-c",
               "import time; print('cold', flush=True); time.sleep(600)"]
    warmer = warm.Warmer("disco-zoo", command=command)
    deadline = time.monotonic() + 120  # a backstop only: the line comes when it comes
    while warmer.state == "starting" and time.monotonic() < deadline:
        time.sleep(0.05)
    assert warmer.compiling
    warmer.close()
    while warmer.state != "done" and time.monotonic() < deadline:
        time.sleep(0.05)
    assert warmer.state == "done" and not warmer.compiling


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
def test_the_cache_check_asks_numbas_own_cache_file_of_the_kernel(tmp_path, monkeypatch):
    from gridsight.solvers.disco_zoo import kernel

    index = kernel.solve._cache._cache_file._index_path
    monkeypatch.setattr(kernel.solve._cache._cache_file, "_index_path",
                        str(tmp_path / "none.nbi"))
    assert not warm.cache_holds("disco-zoo")
    (tmp_path / "none.nbi").write_bytes(b"")
    assert warm.cache_holds("disco-zoo")
    assert index.endswith(".nbi")


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
