"""The two engines of the frontier sweep: the same transitions, layers, walks and stops.

The compiled kernel is a copy of the pure-Python transitions; these tests hold them equal state
by state, then hold the whole runs equal (answer, states expanded, the very same witness walk,
where a memory bound stops them), and check how ``auto`` picks an engine: Python for small
searches and when numba cannot be imported, the kernel past a few ten thousand states.
"""

from __future__ import annotations

import importlib.util
import random
import subprocess
import sys
from pathlib import Path

import pytest

from gridsight.solvers.tile_path import engines
from gridsight.solvers.tile_path.engines import AUTO_SWITCH_STATES, PythonEngine, make_engine
from gridsight.solvers.tile_path.frontier import FrontierBoard, run
from gridsight.solvers.limit import Limit, LimitReached, unlimited
from gridsight.solvers.tile_path.limits import StatesHeldExceeded, progress
from gridsight.solvers.tile_path.transitions import MAX_KERNEL_WIDTH, transitions

REPO = Path(__file__).resolve().parent.parent
HAVE_NUMBA = importlib.util.find_spec("numba") is not None
needs_numba = pytest.mark.skipif(not HAVE_NUMBA, reason="numba (the 'fast' extra) is missing")


def random_board(rng: random.Random, max_rows: int = 6, max_cols: int = 6) -> FrontierBoard:
    rows, cols = rng.randint(2, max_rows), rng.randint(2, max_cols)
    density = rng.random() * 0.3
    tiles = frozenset(
        (r, c) for r in range(rows) for c in range(cols) if rng.random() > density
    ) | {(0, 0)}
    start = rng.choice(sorted(tiles))
    end = None
    if rng.random() < 0.4 and len(tiles) > 1:
        end = rng.choice(sorted(tiles - {start}))
    return FrontierBoard(rows, cols, tiles, start, end)


def open_board(n: int) -> FrontierBoard:
    tiles = frozenset((r, c) for r in range(n) for c in range(n))
    return FrontierBoard(n, n, tiles, (n // 2, n - 1), None)


@needs_numba
def test_kernel_transitions_equal_the_python_ones_on_every_state_met():
    from gridsight.solvers.tile_path import kernel

    rng = random.Random(1)
    python = PythonEngine()
    compared = 0
    for _ in range(60):
        board = random_board(rng)
        for longest in (False, True):
            layer = python.initial(longest)
            for code in board.codes(longest):
                for state in layer:
                    expected = transitions(state, code)
                    got = kernel.transitions_of(state, *code)
                    assert list(zip(*(a.tolist() for a in got))) == list(expected), (state, code)
                    compared += 1
                layer = python.step(layer, code, unlimited(), None)
                if not layer:
                    break
    assert compared > 5000


@needs_numba
@pytest.mark.parametrize("longest", [False, True])
def test_engines_give_identical_runs(longest):
    rng = random.Random(2 if longest else 3)
    found = 0
    for _ in range(150):
        board = random_board(rng)
        a = run(board, longest=longest, engine="python").result
        b = run(board, longest=longest, engine="numba").result
        assert (a.found, a.covered, a.states, a.path) == (b.found, b.covered, b.states, b.path)
        if a.states:
            assert (a.engine, b.engine) == ("python", "numba")
        found += a.found
    assert found > 30


@pytest.mark.parametrize("engine", ["python"] + (["numba"] if HAVE_NUMBA else []))
def test_tight_memory_bounds_rebuild_the_same_walk_or_stop(engine):
    """Past half the bound the sweep keeps one layer per row and recomputes the others (halving
    a row when even that does not fit): the walk is the same as with every layer kept."""
    rng = random.Random(4)
    rebuilt = stopped = 0
    for _ in range(40):
        board = random_board(rng, 7, 7)
        full = run(board, engine=engine).result
        for bound in (30, 60, 120, 400):
            try:
                bounded = run(board, engine=engine, max_states=bound).result
            except StatesHeldExceeded as stop:
                stopped += 1
                assert progress(stop).states > 0 or bound < 60
                continue
            rebuilt += 1
            assert (bounded.found, bounded.path) == (full.found, full.path)
    assert rebuilt > 40 and stopped > 10


@needs_numba
def test_engines_stop_at_the_same_point_under_a_memory_bound():
    board = open_board(8)
    stops = []
    for engine in ("python", "numba"):
        with pytest.raises(StatesHeldExceeded) as caught:
            run(board, engine=engine, max_states=2000)
        stops.append(progress(caught.value).states)
    assert stops[0] == stops[1] > 0


def test_a_time_limit_stops_a_run():
    with pytest.raises(LimitReached) as caught:
        run(open_board(10), engine="python", meter=Limit(seconds=0).start())
    assert progress(caught.value).states >= 0


@pytest.mark.parametrize("engine", ["python"] + (["numba"] if HAVE_NUMBA else []))
def test_a_limit_in_states_stops_either_engine_soon_after(engine):
    meter = Limit(seconds=None, states=50_000).start()
    with pytest.raises(LimitReached) as caught:
        run(open_board(12), engine=engine, meter=meter)
    assert caught.value.reason == "the limit of 50,000 states"
    assert 50_000 <= meter.states < 50_000 + (1 << 15) + 2048


def test_resuming_from_an_earlier_run_gives_the_same_answers():
    rng = random.Random(5)
    for _ in range(40):
        board = random_board(rng)
        whole = run(board, witness=False, keep=True)
        for tile in sorted(board.tiles - {board.start, board.end})[:4]:
            smaller = FrontierBoard(board.rows, board.cols, board.tiles - {tile}, board.start,
                                    board.end)
            fresh = run(smaller).result
            resumed = run(smaller, resume=whole).result
            assert (resumed.found, resumed.path) == (fresh.found, fresh.path)
            assert resumed.states <= fresh.states


def test_auto_starts_in_python_and_moves_to_the_kernel_past_the_threshold(monkeypatch):
    monkeypatch.setattr(engines, "kernel_loaded", lambda: False)
    small = run(random_board(random.Random(6)), engine="auto").result
    assert small.engine == "python" and small.states < AUTO_SWITCH_STATES
    big = run(open_board(8), engine="auto").result
    python = run(open_board(8), engine="python").result
    assert big.states > AUTO_SWITCH_STATES
    assert big.engine == ("numba" if HAVE_NUMBA else "python")
    assert (big.found, big.path, big.states) == (python.found, python.path, python.states)


def test_auto_falls_back_to_python_when_numba_cannot_be_imported(monkeypatch):
    monkeypatch.setitem(sys.modules, "numba", None)  # "import numba" now raises ImportError
    monkeypatch.delitem(sys.modules, "gridsight.solvers.tile_path.kernel", raising=False)
    monkeypatch.delattr("gridsight.solvers.tile_path.kernel", raising=False)
    monkeypatch.setattr(engines, "_kernel_failed", False)
    result = run(open_board(8), engine="auto").result
    assert result.engine == "python" and result.states > AUTO_SWITCH_STATES and result.found
    with pytest.raises(ValueError, match="'fast' extra"):
        make_engine("numba", 8)


def test_boards_wider_than_the_kernel_run_in_python():
    assert isinstance(make_engine("auto", MAX_KERNEL_WIDTH + 1), PythonEngine)
    with pytest.raises(ValueError, match="up to 29"):
        make_engine("numba", MAX_KERNEL_WIDTH + 1)
    with pytest.raises(ValueError, match="unknown engine"):
        make_engine("fortran", 5)


def _modules_after(args: list[str]) -> set[str]:
    """The modules a fresh ``gridsight ARGS`` process has imported when it ends."""
    code = (
        "import sys\n"
        "from gridsight.cli import main\n"
        "try:\n"
        f"    main({args!r})\n"
        "except SystemExit:\n"
        "    pass\n"
        "print(' '.join(sorted(sys.modules)), file=sys.stderr)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True,
                          text=True, timeout=120, env={"PYTHONPATH": str(REPO),
                                                       "PATH": "/usr/bin:/bin"})
    return set(done.stderr.split())


def test_help_and_small_boards_do_not_load_numba(examples):
    assert "numba" not in _modules_after(["solve", "tile-path", "--help"])
    modules = _modules_after(["solve", "tile-path", str(examples / "tile-path-solvable.txt")])
    assert "gridsight.solvers.tile_path.analysis" in modules and "numba" not in modules


@needs_numba
def test_a_big_board_loads_the_kernel_in_a_fresh_process(tmp_path):
    board = tmp_path / "open.txt"
    board.write_text("\n".join(" ".join("S" if (r, c) == (0, 0) else "." for c in range(9))
                               for r in range(9)))
    assert "gridsight.solvers.tile_path.kernel" in _modules_after(["solve", "tile-path", str(board),
                                                         "--no-leave-one"])


def test_the_python_memo_table_stops_growing_at_its_limit(monkeypatch):
    monkeypatch.setattr(engines, "CACHE_LIMIT", 500)
    engines.clear_cache()
    first = run(open_board(7), engine="python").result
    assert engines._cached[0] == sum(len(t) for t in engines._CACHE.values()) == 500
    again = run(open_board(7), engine="python").result  # starts with the table emptied
    assert engines._cached[0] == 500 and (again.found, again.path) == (first.found, first.path)
    engines.clear_cache()
