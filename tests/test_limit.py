"""One limit every solver checks itself: honoured on the main thread and off it, wherever the
code is installed (even under a folder named ``numba``, which turned the old alarm off), with
no signal or timer; and counted in work, so a busy machine gets the same answers.

The searches here are ones that would run for minutes unbounded; the assertions on time are
generous bounds that only a limit ignored could pass (never a speed measurement)."""

from __future__ import annotations

import json
import os
import random
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from gridsight.solvers.boardtext import parse_boards
from gridsight.solvers.limit import Limit
from gridsight.solvers.tile_path import analyse, parse_board
from test_disco_zoo_cases import random_board

REPO = Path(__file__).resolve().parent.parent


def open_room(n: int) -> str:
    rows = [["."] * n for _ in range(n)]
    rows[0][0] = "S"
    return "\n".join(" ".join(row) for row in rows) + "\n"


def _stopped_search(seconds: float) -> tuple[str | None, float]:
    """Tile path on an open 14 x 14 room in pure Python (minutes unbounded) under a limit:
    the limit it reports and the CPU seconds the thread spent."""
    board = parse_board(parse_boards(open_room(14))[0])
    started = time.thread_time()
    result = analyse(board, limit=Limit(seconds=seconds), engine="python")
    return result.quality.stopped, time.thread_time() - started


def test_a_limit_is_honoured_on_the_main_thread():
    assert threading.current_thread() is threading.main_thread()
    stopped, spent = _stopped_search(0.2)
    assert stopped == "the limit of 0.2 s of work"
    assert spent < 5  # unbounded, this search runs for minutes


def test_a_limit_is_honoured_off_the_main_thread():
    """The old alarm (SIGALRM) acted only on the main thread: a solve elsewhere ran unbounded.
    The meter reads the CPU time of the thread that searches, whichever it is."""
    outcome: list = []
    thread = threading.Thread(target=lambda: outcome.append(_stopped_search(0.2)))
    thread.start()
    thread.join(timeout=120)
    assert not thread.is_alive() and outcome
    stopped, spent = outcome[0]
    assert stopped == "the limit of 0.2 s of work" and spent < 5


def test_a_solve_installs_no_signal_handler_and_no_timer():
    from gridsight.registry import get_game

    before = signal.getsignal(signal.SIGALRM) if hasattr(signal, "SIGALRM") else None
    adapter = get_game("tile-path")
    adapter.solve(parse_boards(open_room(12))[0],
                  adapter.options_type(limit=Limit(seconds=0.05), engine="python"))
    if hasattr(signal, "SIGALRM"):
        assert signal.getsignal(signal.SIGALRM) == before
        assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)


def test_the_limit_holds_with_the_tree_under_a_folder_named_numba(tmp_path):
    """The old alarm waited while any frame's file had a path part named ``numba`` (numba's
    own code), so an install under such a folder was never interrupted (``--time-limit 0.01``
    answered after 17.9 s). The meter looks at no path."""
    tree = tmp_path / "numba" / "site"
    skip = shutil.ignore_patterns("__pycache__", "*.png", "*.npz", "*.tsv.gz")
    shutil.copytree(REPO / "gridsight", tree / "gridsight", ignore=skip)
    for room in ("solvers", "vision", "overlay", "safefiles"):  # laid out as installed
        shutil.copytree(REPO / room, tree / "gridsight" / room, ignore=skip)
    env = dict(os.environ, PYTHONPATH=str(tree))
    run = subprocess.run(
        [sys.executable, "-m", "gridsight", "solve", "tile-path", "-", "--json",
         "--engine", "python", "--time-limit", "0.05"],
        input=open_room(14), env=env, capture_output=True, text=True, timeout=300,
        cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    data = json.loads(run.stdout)
    assert data["quality"]["stopped"] == "the limit of 0.05 s of work"
    assert data["solvable"] is None and data["guess"] is not None
    check = subprocess.run([sys.executable, "-c", "import gridsight.solvers as s; print(s.__file__)"],
                           env=env, capture_output=True, text=True, timeout=60, cwd=tmp_path)
    assert f"{os.sep}numba{os.sep}" in check.stdout  # it was the copy that ran


# -- work, not wall time ---------------------------------------------------------------------

# Disco Zoo boards whose exact search takes 0.06-0.15 s of CPU (measured on the numba kernel,
# idle and beside two busy processes): within a lookahead budget of 0.3 s of work, far past it
# in wall time on a loaded machine (0.75-2.5 s measured beside two busy processes).
BUSY_BOARDS = (14, 25, 48, 153)
BUSY_BUDGET = 0.3


def _advice() -> list[tuple]:
    from gridsight.solvers.disco_zoo.advise import plan
    from gridsight.solvers.disco_zoo.objective import Objective

    answers = []
    for seed in BUSY_BOARDS:
        rng = random.Random(seed)
        board = random_board(rng, 3, rng.randint(5, 9), rng.randint(1, 4))
        decision, exact, _ = plan(board, Objective(), BUSY_BUDGET, use_book=False)
        answers.append((decision.tile, decision.value, exact))
    return answers


def test_the_same_answers_with_two_busy_processes_beside_the_solver():
    pytest.importorskip("numba")  # (the exact answers within the budget are the kernel's)
    from gridsight.solvers.disco_zoo.advise import plan
    from gridsight.solvers.disco_zoo.objective import Objective

    rng = random.Random(BUSY_BOARDS[0])
    board = random_board(rng, 3, rng.randint(5, 9), rng.randint(1, 4))
    plan(board, Objective(), None, use_book=False)  # numba and the kernel loaded, not timed
    idle = _advice()
    spin = "while True: pass"
    busy_processes = [subprocess.Popen([sys.executable, "-c", spin]) for _ in range(2)]
    try:
        time.sleep(0.2)  # both are spinning
        busy = _advice()
    finally:
        for process in busy_processes:
            process.kill()
            process.wait(timeout=10)
    assert busy == idle
    assert all(exact for _, _, exact in idle)


@pytest.mark.parametrize("game, board", [
    ("thrill-digger", "thrill-digger-expert.txt"),
    ("minesweeper", "minesweeper-expert.txt"),
    ("pentomino", "pentomino-stuck-deep.txt"),
    ("disco-zoo", "disco-zoo-jungle.txt"),
])
def test_every_game_answers_at_a_limit_in_states_the_same_way_twice(game, board):
    """A limit counted in states is the same work on any machine: the same answer twice,
    and an answer (anytime) even when the limit cuts the search."""
    from gridsight.registry import get_game

    adapter = get_game(game)
    text = (REPO / "examples" / board).read_text()
    options = adapter.options_type(limit=Limit(seconds=None, states=200))
    first = adapter.solve(parse_boards(text)[0], options)
    again = adapter.solve(parse_boards(text)[0], options)
    assert first.json == again.json
    assert first.advice.recommend  # never without advice while a move exists


def test_a_meter_counts_into_its_parents_and_stops_at_exactly_its_bound():
    """The bookkeeping every search's limit rests on, measure by measure: NaN refused, a
    child meter's states counted in its parent too, the parent's bound reached at exactly
    its count and seen from the child, the states left never below 0. (A NaN let through, a
    bound reached one state late, a parent ignored, states not counted upwards and a negative
    allowance were each caught by nothing in this file nor the Disco Zoo engines' limit tests;
    the NaN by none of the 96 tests of the limit files, the engines' and the tile path's.)"""
    for bad in (float("nan"), -1.0):
        with pytest.raises(ValueError):
            Limit(seconds=bad)
    parent = Limit(states=10).start()
    child = parent.within(Limit(states=100))
    child.count(9)
    assert parent.states == 9 and not child.reached() and child.states_left() == 1
    child.count(1)
    assert child.reached() and child.reason == "the limit of 10 states"
    child.count(5)
    assert child.states_left() == 0 and parent.states_left() == 0
