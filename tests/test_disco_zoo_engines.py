"""Disco Zoo search engines: the compiled kernel and the pure-Python search give identical
values, taps and rescue chances, both equal to the independent plain expectimax; the kernel's
bounded table and its budget in states keep the answers exact and repeatable.

The kernel tests skip only when numba is not installed (an optional extra); the Python engine
is tested either way.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
from fractions import Fraction
from functools import cache
from pathlib import Path

import pytest

from test_disco_zoo_cases import brute_joint, brute_value, random_board
from gridsight.solvers.disco_zoo.advise import plan
from gridsight.solvers.disco_zoo.board import fresh_board
from gridsight.solvers.disco_zoo.catalogue import load_catalogue
from gridsight.solvers.disco_zoo.engines import KernelLookahead, kernel_available, make_search, resolve
from gridsight.solvers.disco_zoo.lookahead import Lookahead, need_classes
from gridsight.solvers.limit import Limit, LimitReached, amount
from gridsight.solvers.disco_zoo.objective import Objective
from gridsight.solvers.disco_zoo.placements import joint_placements

ENGINES = ["python"] + (["numba"] if kernel_available() else [])
needs_numba = pytest.mark.skipif(not kernel_available(), reason="numba is not installed")

FARM = {a.name: a for a in load_catalogue().regions["Farm"]}


def _objectives(board):
    n = len(board.animals)
    return [Objective("expected"), Objective("all")] + [Objective("target", k) for k in range(n)]


#: How many boards are checked (a constant: the tests are parametrized before they are drawn).
#: 12 draws every pairing of the drawing's two cycles (1 to 3 animals with as many taps, and
#: every fourth board unsure): 30 until the 28th session, the plain expectimax most of the
#: file's CPU.
SMALL_COUNT = 12


@cache
def _small_cases():
    """Boards the plain expectimax can check: 1 to 3 animals, 1 to 3 taps left, some with
    unsure found tiles (board 7 needs several classes, the kernel's general path: the only
    one of the first 30 that does)."""
    rng = random.Random(41)
    cases = []
    while len(cases) < SMALL_COUNT:
        animals = 1 + len(cases) % 3
        unsure = 0.5 if len(cases) % 4 == 3 else 0.0
        board = random_board(rng, animals=animals, taps=1 + len(cases) % 3,
                             tapped=rng.randrange(8, 14), unsure=unsure)
        if len(brute_joint(board)) > 1:
            cases.append(board)
    return cases


@cache
def _plain_values(index: int) -> list[tuple]:
    """The plain expectimax's (primary, secondary) of small board ``index`` under each of its
    objectives: worked out once for both engines' tests (the expectimax is most of their CPU:
    6.4 s of the 7.3 s, measured 2026-12-02)."""
    board = _small_cases()[index]
    return [brute_value(board, objective) for objective in _objectives(board)]


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("index", range(SMALL_COUNT))
def test_each_engine_equals_the_plain_expectimax(engine, index):
    board = _small_cases()[index]
    joint = joint_placements(board)
    for objective, (primary, secondary) in zip(_objectives(board), _plain_values(index),
                                               strict=True):
        decision = make_search(joint, objective, engine=engine).decide(board.taps)
        assert decision.value == primary, objective
        assert sum(decision.rescue) == (primary if objective.kind == "expected" else secondary)
        planned, exact, _ = plan(board, objective, None, engine=engine, use_book=False)
        assert exact and planned.value == primary, objective


@cache
def _classes_cases():
    """Small boards whose unsure found tiles split the placements into several need classes
    (every found tile written ``1/3`` or ``*``), where stopping must choose one set of animals
    for all the classes at once (``Lookahead._stop``'s several-classes branch, and the
    kernel's). Of the first 25 such boards of the draw, 3 (1 to 3 taps, 5 to 11 placements)
    fail when that branch treats the classes as one, drops the animals already rescued, counts
    a class once instead of by its placements, or completes unsettled animals; a missing
    check that the animals fit in the taps failed none of the 25 (never reached so small)."""
    rng = random.Random(7)
    found = []
    while len(found) < 6:
        board = random_board(rng, animals=rng.choice((2, 3)), taps=rng.randrange(1, 4),
                             tapped=rng.randrange(8, 14), unsure=1.0)
        joint = joint_placements(board)
        if len(brute_joint(board)) > 1 and len(need_classes(joint)) > 1:
            found.append(board)
    return found[3:]


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("index", range(3))
def test_boards_of_several_need_classes_equal_the_plain_expectimax(engine, index):
    board = _classes_cases()[index]
    joint = joint_placements(board)
    assert len(need_classes(joint)) > 1
    for objective in _objectives(board):
        primary, secondary = brute_value(board, objective)
        decision = make_search(joint, objective, engine=engine).decide(board.taps)
        assert decision.value == primary, objective
        assert sum(decision.rescue) == (primary if objective.kind == "expected" else secondary)


def _medium_cases():
    """Boards too big for the plain expectimax: fresh 2-animal boards with 4 and 5 taps, and
    random mid-game boards of 2 and 3 animals (some unsure). (The Pig and Unicorn had 6 taps
    until the 28th session: 2.7 s of CPU in the Python search, two thirds of the test.)"""
    rng = random.Random(5)
    cases = [fresh_board("Farm", (FARM["Horse"], FARM["Cow"]), 5),
             fresh_board("Farm", (FARM["Pig"], FARM["Unicorn"]), 5),
             fresh_board("Farm", (FARM["Sheep"], FARM["Chicken"], FARM["Rabbit"]), 4)]
    while len(cases) < 14:
        animals = 2 + len(cases) % 2
        board = random_board(rng, animals=animals, taps=4 + len(cases) % 3,
                             tapped=rng.randrange(3, 7), unsure=0.3 if len(cases) % 3 == 0 else 0)
        if joint_placements(board).count > 1:
            cases.append(board)
    return cases


MEDIUM = _medium_cases()


@needs_numba
@pytest.mark.parametrize("index", range(len(MEDIUM)))
def test_kernel_and_python_agree_on_larger_boards(index):
    board = MEDIUM[index]
    joint = joint_placements(board)
    for objective in _objectives(board):
        python = Lookahead(joint, objective).decide(board.taps)
        kernel = KernelLookahead(joint, objective).decide(board.taps)
        assert (kernel.value, kernel.rescue, kernel.tile, kernel.completes) == (
            python.value, python.rescue, python.tile, python.completes), objective
        # The restricted lookahead of width 1 too: the same policy, the same value.
        narrow_python = Lookahead(joint, objective, width=1).decide(board.taps)
        narrow_kernel = KernelLookahead(joint, objective, width=1).decide(board.taps)
        assert narrow_kernel.value == narrow_python.value, objective
        assert narrow_kernel.rescue == narrow_python.rescue, objective


@needs_numba
def test_a_tiny_table_evicts_entries_but_never_changes_a_value():
    # 5 taps: 6,662 states through a table of 64 entries (7 taps until the 28th session: the
    # Python search checking the value was 1 s of CPU)
    board = fresh_board("Farm", (FARM["Horse"], FARM["Cow"]), 5)
    joint = joint_placements(board)
    objective = Objective("all")
    roomy = KernelLookahead(joint, objective).decide(board.taps)
    tiny = KernelLookahead(joint, objective, table_bytes=1 << 12)
    cramped = tiny.decide(board.taps)
    assert tiny.stored <= 64  # the table never grew past its bound
    assert cramped.nodes > roomy.nodes  # entries were replaced and worked out again
    assert (cramped.value, cramped.rescue, cramped.tile) == (roomy.value, roomy.rescue, roomy.tile)
    assert roomy.value == Lookahead(joint, objective).decide(board.taps).value


@pytest.mark.parametrize("engine", ENGINES)
def test_a_budget_in_states_stops_the_search_at_the_same_place_every_time(engine):
    board = fresh_board("Farm", (FARM["Pig"], FARM["Horse"]), 8)
    objective = Objective("expected")
    search = make_search(joint_placements(board), objective, engine=engine)
    search.max_nodes = 500
    with pytest.raises(LimitReached):
        search.decide(board.taps)
    assert search.nodes == 500
    runs = [plan(board, objective, None, max_nodes=2000, engine=engine, use_book=False)
            for _ in range(2)]
    assert runs[0] == runs[1] and not runs[0][1]
    assert runs[0][2].startswith("stopped at the budget of 2,000 states")
    limited = [plan(board, objective, None, max_nodes=limit, engine=engine, use_book=False)
               for limit in (0, 300, 3000, 30000, None)]
    values = [decision.value for decision, _, _ in limited]
    assert values == sorted(values)  # more states never give a worse advice
    # no limit (plan's default, max_nodes=None: the same call as a plain plan, searched once
    # here) is exact: the best of all
    assert limited[-1][1] and not limited[0][1]


def test_auto_picks_the_kernel_when_numba_is_there():
    assert resolve("auto") == ("numba" if kernel_available() else "python")
    assert resolve("python") == "python"
    with pytest.raises(ValueError):
        resolve("fortran")


def test_auto_gives_the_same_advice_as_each_engine():
    # 5 taps: the two objectives advise different tiles (7 until the 28th session: 1.7 s of
    # CPU in the Python engine)
    board = fresh_board("Farm", (FARM["Sheep"], FARM["Horse"]), 5)
    for objective in (Objective("expected"), Objective("target", 1)):
        answers = [plan(board, objective, None, engine=engine, use_book=False)[0]
                   for engine in ["auto"] + ENGINES]
        assert len({(d.tile, d.value, d.rescue) for d in answers}) == 1


def test_auto_falls_back_to_python_when_numba_cannot_be_imported(monkeypatch):
    monkeypatch.setitem(sys.modules, "numba", None)  # "import numba" now raises ImportError
    assert not kernel_available()
    assert resolve("auto") == "python"
    board = fresh_board("Farm", (FARM["Sheep"], FARM["Pig"]), 10)
    # The whole advice, first tap and all, on the Python engine: the same exact optimum as
    # the independent figure (7/16) the kernel gives too.
    decision, exact, method = plan(board, Objective("all"), None, use_book=False)
    assert exact and decision.value == Fraction(7, 16)
    assert isinstance(make_search(joint_placements(board), Objective("all")), Lookahead)
    assert not isinstance(make_search(joint_placements(board), Objective("all")), KernelLookahead)


def test_auto_goes_on_in_python_when_numba_is_installed_but_its_kernel_fails(monkeypatch):
    """numba found installed but the kernel's import failing (a broken numba, a folder named
    ``numba`` on the path): ``auto`` searches in Python, exactly, and remembers it; ``numba``
    says in words it could not be loaded."""
    from gridsight.solvers.disco_zoo import engines

    monkeypatch.setattr(engines, "numba_installed", lambda: True)
    monkeypatch.setattr(engines, "_kernel_failed", False)
    monkeypatch.setitem(sys.modules, "gridsight.solvers.disco_zoo.kernel", None)
    monkeypatch.delattr("gridsight.solvers.disco_zoo.kernel", raising=False)
    assert resolve("auto") == "numba"
    board = fresh_board("Farm", (FARM["Sheep"], FARM["Pig"]), 10)
    search = make_search(joint_placements(board), Objective("all"))
    assert type(search) is Lookahead and not kernel_available() and resolve("auto") == "python"
    decision, exact, _ = plan(board, Objective("all"), None, use_book=False)
    assert exact and decision.value == Fraction(7, 16)
    with pytest.raises(ValueError, match="could not be loaded"):
        make_search(joint_placements(board), Objective("all"), engine="numba")


def test_an_easy_board_is_advised_without_loading_numba():
    """A board the Python search finishes in a few thousand states never pays for numba's
    start (about half a second), in a fresh interpreter."""
    code = (
        "import sys\n"
        "from gridsight.solvers.disco_zoo.advise import plan\n"
        "from gridsight.solvers.disco_zoo.objective import Objective\n"
        "from gridsight.solvers.disco_zoo.catalogue import load_catalogue\n"
        "from gridsight.solvers.disco_zoo.board import fresh_board\n"
        "farm = {a.name: a for a in load_catalogue().regions['Farm']}\n"
        "board = fresh_board('Farm', (farm['Sheep'], farm['Chicken']), 3)\n"
        "decision, exact, _ = plan(board, Objective('all'), None, use_book=False)\n"
        "assert exact, 'not exact'\n"
        "print('numba' in sys.modules, decision.value)\n"
    )
    root = Path(__file__).resolve().parent.parent
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=root, env={**os.environ, "PYTHONPATH": str(root)}, check=True)
    board = fresh_board("Farm", (FARM["Sheep"], FARM["Chicken"]), 3)
    value = plan(board, Objective("all"), None, engine="python", use_book=False)[0].value
    assert done.stdout.split() == ["False", str(value)]


@pytest.mark.parametrize("engine", ENGINES)
def test_a_limit_of_states_stops_either_engine_soon_after(engine):
    """The search counts its states in the meter of the limit: the kernel returns to Python
    every slice of states, so a limit in states (or seconds) is honoured inside it too."""
    board = fresh_board("Farm", (FARM["Pig"], FARM["Horse"]), 8)
    search = make_search(joint_placements(board), Objective("expected"), engine=engine)
    with pytest.raises(LimitReached) as caught:
        search.decide(board.taps, Limit(seconds=None, states=3000))
    assert caught.value.reason == "the limit of 3,000 states"
    assert 3000 <= search.meter.states <= 3000 + 128


@pytest.mark.parametrize("engine", ENGINES)
def test_the_limit_of_the_whole_analysis_cuts_even_the_width_1_pass(engine):
    """Anytime: stopped before the restricted lookahead valued every first tap, the plan
    still advises a tap, valued by a concrete policy (a lower bound), with an upper bound
    that holds, and says what stopped it."""
    board = fresh_board("Farm", (FARM["Pig"], FARM["Horse"], FARM["Cow"]), 10)
    objective = Objective("expected")
    optimum, exact, _ = plan(board, objective, None, engine=engine, use_book=True)
    assert exact
    for states in (1, 200):
        meter = Limit(seconds=None, states=states).start()
        decision, exact, method = plan(board, objective, 1.0, engine=engine, use_book=False,
                                       meter=meter)
        assert not exact and decision.tile is not None
        assert method.startswith(f"stopped at the limit of {amount(states, 'state')}")
        assert decision.upper is not None and optimum.value <= decision.upper
        if "value is not known" not in method:
            assert decision.value <= optimum.value
