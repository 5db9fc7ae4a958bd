"""A compiled kernel is loaded only when the search's limit can afford it.

Loading a numba kernel (numba's import, the kernel read from its cache or compiled) is one
step no limit can stop: under ``Limit(seconds=0.05)`` the first Thrill Digger solve of a
process took 0.39-0.52 s of CPU (3.8 s with numba's cache empty, 44 s of waiting on a busy
machine), the limit being "honoured" only after it. ``auto`` now keeps such a search in the
Python twin (the same answers) unless :data:`KERNEL_LOAD_SECONDS` are left.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from gridsight.solvers.engines import (
    KERNEL_LOAD_SECONDS, affords_loading, numba_installed, starts_in_kernel,
)
from gridsight.solvers.limit import Limit

REPO = Path(__file__).resolve().parent.parent
NOT_LOADED = "gridsight.solvers.a_kernel_never_imported"


@pytest.mark.parametrize(("limit", "affords"), [
    (None, True), (Limit(), True), (Limit(seconds=None), True),
    (Limit(seconds=2 * KERNEL_LOAD_SECONDS), True), (Limit(seconds=0.05), False),
    (Limit(wall_seconds=0.5), False), (Limit(seconds=None, wall_seconds=30), True),
    # A bound of states below a kernel's cost: Limit(states=50) loaded numba for Thrill
    # Digger's expert lookahead (4.1 s of CPU with numba's cache empty, 0.5 s warm) for a
    # search of 0.04 s. A bound of memory is the search's tables': it does not.
    (Limit(seconds=None, states=50), False), (Limit(seconds=None, states=10**6), True),
    (Limit(seconds=None, memory=20_000), True),
])
def test_a_kernel_is_loaded_only_with_a_second_of_the_limit_left(limit, affords):
    meter = None if limit is None else limit.start()
    assert affords_loading(meter) is affords
    if numba_installed():
        assert starts_in_kernel("auto", "thrill-digger-lookahead", NOT_LOADED, meter) is affords
    assert starts_in_kernel("python", "thrill-digger-lookahead", NOT_LOADED) is False


def test_a_child_meter_is_bounded_by_its_parents_wall_clock():
    parent = Limit(seconds=None, wall_seconds=0.2).start()
    child = parent.within(Limit(seconds=None))
    assert child.wall_left() is not None and child.wall_left() <= 0.2
    assert affords_loading(child) is False


PROBE = """
import sys
from gridsight import api
board = open(sys.argv[1]).read()
advice = api.solve("thrill-digger", board, limit=api.Limit(seconds=0.05))
print("numba" in sys.modules, advice.move is not None)
"""


@pytest.mark.skipif(not numba_installed(), reason="numba is not installed")
def test_a_tight_first_solve_does_not_load_numba():
    done = subprocess.run([sys.executable, "-c", PROBE,
                           str(REPO / "examples" / "thrill-digger-expert.txt")],
                          capture_output=True, text=True, cwd=REPO, timeout=300, check=True)
    assert done.stdout.split() == ["False", "True"]


# -- every solver with a kernel: tile path, pentomino, Disco Zoo, Thrill Digger's optimum ----

FIRST_CALLS = """
import sys
from gridsight import api
examples = sys.argv[1]
def solve(game, name, seconds):
    board = open(f"{examples}/{name}").read()
    return api.solve(game, board, limit=api.Limit(seconds=seconds))
small = solve("tile-path", "tile-path-solvable.txt", 0.2)
print("numpy" in sys.modules, small.move is not None)
cave = solve("tile-path", "tile-path-heros-cave.txt", 0.2)
stuck = solve("pentomino", "pentomino-stuck-deep.txt", 0.05)
print("numba" in sys.modules, cave.move is not None, stuck.quality.stopped is not None)
"""


@pytest.mark.skipif(not numba_installed(), reason="numba is not installed")
def test_tight_first_tile_path_and_pentomino_solves_load_no_kernel():
    # On base32b: the Hero's Cave under Limit(seconds=0.2) loaded the tile-path kernel
    # mid-search (3.0 s of CPU with numba's cache empty), pentomino's stuck-deep under 0.05 s
    # loaded its own (0.5-1.0 s); a small tile-path board loaded numpy it never used.
    done = subprocess.run([sys.executable, "-c", FIRST_CALLS, str(REPO / "examples")],
                          capture_output=True, text=True, cwd=REPO, timeout=300, check=True)
    assert done.stdout.split() == ["False", "True", "False", "True", "True"]


def test_a_tile_path_run_past_its_threshold_stays_in_python_under_a_tight_limit(monkeypatch):
    from gridsight.solvers.tile_path import engines, frontier, limits
    from gridsight.solvers.tile_path.frontier import FrontierBoard, run

    monkeypatch.setattr(engines, "kernel_loaded", lambda: False)
    monkeypatch.setattr(limits, "kernel_loaded", lambda module: False)
    monkeypatch.setattr(frontier, "AUTO_SWITCH_STATES", 10)
    tiles = frozenset((r, c) for r in range(4) for c in range(5))
    board = FrontierBoard(4, 5, tiles, (0, 0), None)
    tight = run(board, engine="auto", limit=Limit(seconds=0.5)).result
    python = run(board, engine="python").result
    assert tight.engine == "python" and tight.states > 10
    assert (tight.found, tight.path, tight.states) == (python.found, python.path, python.states)
    # its memory bound is counted at the Python engine's cost per state, the engine it runs on
    memory = 6_000_000
    tight_bound = limits.entry_bounds(Limit(seconds=0.5, memory=memory), None, None, "auto")[1]
    assert tight_bound == memory // limits.PYTHON_STATE_BYTES
    if numba_installed():
        roomy = limits.entry_bounds(Limit(seconds=20, memory=memory), None, None, "auto")[1]
        assert roomy == memory // limits.NUMBA_STATE_BYTES


def test_disco_zoo_goes_on_in_python_when_its_limit_cannot_afford_the_kernel(monkeypatch):
    from gridsight.solvers.disco_zoo import advise
    from gridsight.solvers.disco_zoo.board import fresh_board
    from gridsight.solvers.disco_zoo.catalogue import load_catalogue
    from gridsight.solvers.disco_zoo.objective import Objective

    asked: list[str] = []
    real = advise.make_search

    def python_only(joint, objective, width=None, hints=None, engine="auto", memory=None):
        asked.append(engine)  # the engine chosen, run in Python (nothing loaded here)
        return real(joint, objective, width, hints, engine="python", memory=memory)

    monkeypatch.setattr(advise, "make_search", python_only)
    monkeypatch.setattr(advise, "kernel_loaded", lambda: False)
    monkeypatch.setattr(advise, "AUTO_PYTHON_NODES", 1)  # the first pass hands over at once
    catalogue = load_catalogue()
    region = next(iter(catalogue.regions))
    board = fresh_board(region, tuple(catalogue.regions[region][:3]), 9)
    for seconds, kernel in ((0.3, False), (20.0, numba_installed())):
        asked.clear()
        decision, _, _ = advise.plan(board, Objective(), 0.01, use_book=False,
                                     meter=Limit(seconds=seconds).start())
        assert decision.tile is not None
        assert ("numba" in asked) is kernel, (seconds, asked)


def test_thrill_diggers_optimum_hands_over_only_if_its_limit_affords_the_kernel(monkeypatch):
    from gridsight.solvers.thrill_digger import optimal
    from gridsight.solvers.thrill_digger.layouts import layout_space
    from gridsight.solvers.thrill_digger.rules import BEGINNER
    from gridsight.solvers.thrill_digger.state import ThrillDiggerState

    monkeypatch.setattr(optimal, "PYTHON_FIRST", 1)  # past one state: the kernel, if afforded
    play = optimal.ExactPlay(layout_space(BEGINNER, "game"))
    result = play.hole_values(ThrillDiggerState.empty(BEGINNER), Limit(seconds=0.05).start())
    assert not result.complete and play._kernel is None
