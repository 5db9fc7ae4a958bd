"""Disco Zoo advice search: the anytime plan against a plain expectimax, the symmetries, the
Farm table values, and the budget-out path."""

from __future__ import annotations

import dataclasses
import random
from fractions import Fraction
from functools import cache

import pytest

from test_disco_zoo_cases import brute_joint, brute_value, random_board
from gridsight.solvers.disco_zoo.advise import plan
from gridsight.solvers.disco_zoo.board import fresh_board
from gridsight.solvers.disco_zoo.engines import kernel_available
from gridsight.solvers.disco_zoo.catalogue import load_catalogue
from gridsight.solvers.disco_zoo.lookahead import Lookahead
from gridsight.solvers.disco_zoo.objective import Objective
from gridsight.solvers.disco_zoo.placements import joint_placements
from gridsight.solvers.disco_zoo.symmetry import root_orbits, symmetries

ENGINES = ["python"] + (["numba"] if kernel_available() else [])

FARM = {a.name: a for a in load_catalogue().regions["Farm"]}
JUNGLE = {a.name: a for a in load_catalogue().regions["Jungle"]}


def _farm(*names: str, taps: int = 10):
    return fresh_board("Farm", tuple(FARM[n] for n in names), taps)


def _objectives(board):
    if not board.tapped:  # the fresh boards: the brute force is slow there, two objectives
        return [Objective("all"), Objective("target", 0)]
    return [Objective("expected"), Objective("all"), Objective("target", 0),
            Objective("target", len(board.animals) - 1)]


#: How many boards are checked (a constant: the tests are parametrized before they are drawn):
#: 9 random boards, three of each of 1 to 3 animals (18 until the 28th session, the plain
#: expectimax most of the file's CPU), and the two fresh boards.
CASE_COUNT = 11


@cache
def _cases():
    """The boards, drawn on first use (by the worker that runs these tests, not by every
    worker collecting the file)."""
    rng = random.Random(23)
    cases = []
    while len(cases) < CASE_COUNT - 2:  # and the two fresh boards below
        animals = 1 + len(cases) % 3
        board = random_board(rng, animals=animals, taps=1 + len(cases) % 3, tapped=rng.randrange(8, 14))
        if len(brute_joint(board)) > 1:
            cases.append(board)
    # Fresh boards whose symmetries the plan uses (8 and 2 of them), with 2 taps.
    cases += [_farm("Horse", "Cow", taps=2), _farm("Sheep", "Chicken", taps=2)]
    return cases


def _after_tap(board, tile, objective):
    """The plain expectimax's value of tapping ``tile`` first, then playing best."""
    row, col = divmod(tile, 5)
    joint = brute_joint(board)
    groups: dict[int, int] = {}
    for j in joint:
        owner = next((k for k in range(len(j)) if (row, col) in j[k]), -1)
        groups[owner] = groups.get(owner, 0) + 1
    return sum(
        Fraction(size, len(joint)) * brute_value(board.with_tap(row, col, owner + 1), objective)[0]
        for owner, size in groups.items()
    )


@pytest.mark.parametrize("index", range(CASE_COUNT))
def test_plan_equals_plain_expectimax(index):
    board = _cases()[index]
    for objective in _objectives(board):
        primary, secondary = brute_value(board, objective)
        decision, exact, _ = plan(board, objective, budget=None)
        assert exact and decision.value == primary, objective
        if objective.kind == "expected":
            assert sum(decision.rescue) == primary
        else:
            assert sum(decision.rescue) == secondary, objective
        if decision.tile is not None and decision.completes is None:
            assert _after_tap(board, decision.tile, objective) == primary, objective


def test_symmetries_of_farm_rescues():
    assert len(symmetries(_farm("Horse", "Cow"), Objective("all"))) == 8
    assert len(symmetries(_farm("Pig", "Rabbit"), Objective("all"))) == 4
    assert len(symmetries(_farm("Pig", "Unicorn"), Objective("all"))) == 1
    # A target that a turn would swap with the other animal keeps only the mirrors.
    assert len(symmetries(_farm("Horse", "Cow"), Objective("target", 1))) == 4
    # A tapped tile breaks the symmetries that move it.
    board = _farm("Horse", "Cow").with_tap(0, 0, 0)
    assert len(symmetries(board, Objective("all"))) == 2  # the identity and the diagonal mirror
    assert len(symmetries(_farm("Horse", "Cow").with_tap(0, 0, 1), Objective("all"))) == 1
    orbits = root_orbits(_farm("Horse", "Cow"), Objective("all"))
    assert orbits[7] == (7, 11, 13, 17) and orbits[6] == (6, 8, 16, 18) and orbits[12] == (12,)


def test_taps_of_one_orbit_are_worth_the_same():
    board = _farm("Horse", "Cow", taps=3)
    joint = joint_placements(board)
    for objective in (Objective("all"), Objective("target", 0)):
        search = Lookahead(joint, objective)
        _, ranked, _ = search.root(board.taps)
        values = {tile: search.tap_score(tile, children, board.taps)[0] for _, _, tile, children in ranked}
        for tile, orbit in root_orbits(board, objective).items():
            if tile in values:
                assert {values[t] for t in orbit if t in values} == {values[tile]}


def _symmetric(taps: int, empty: tuple[int, ...] = ()):
    """A Horse and Cow board (a turn or the diagonal mirror swaps the two), the ``empty``
    tiles tapped and found empty, ``taps`` left."""
    board = _farm("Horse", "Cow", taps=taps)
    for tile in empty:
        board = board.with_tap(*divmod(tile, 5), 0)
    return dataclasses.replace(board, taps=taps)


def test_a_target_keeps_apart_the_taps_a_symmetry_would_swap_with_the_other_animal():
    """The plan lists one first tap per orbit; for a target, a symmetry swapping it with the
    other animal must not join two taps into one orbit: their values differ. With the orbits
    of "all" (the objective ignored) or each tile's listing marking the next tile's orbit as
    seen, the plan misses the best tap on these boards (4 taps: the 2 and 3 taps of the other
    cases hide it; found by a search over symmetric boards). Checked against the plain
    expectimax on a board it can afford (0.3 s), against the exact search, itself checked
    against the expectimax above, on the others (0.1 s)."""
    small = _symmetric(4, (7, 8, 9, 11, 13, 14, 16, 17, 21, 22, 24))
    decision, exact, _ = plan(small, Objective("target", 0), budget=None, use_book=False)
    assert exact and decision.value == brute_value(small, Objective("target", 0))[0] == 1
    for board in (_symmetric(4), _symmetric(4, (2, 10, 13, 17, 24))):
        assert len(symmetries(board, Objective("all"))) > len(symmetries(board, Objective("target", 0)))
        joint = joint_placements(board)
        for objective in (Objective("target", 0), Objective("target", 1)):
            for engine in ENGINES:
                decision, exact, _ = plan(board, objective, budget=None, engine=engine,
                                          use_book=False)
                assert exact and decision.value == Lookahead(joint, objective).decide(4).value


def test_farm_table_sheep_pig():
    for engine in ENGINES:  # the search itself, not the opening book
        decision, exact, _ = plan(_farm("Sheep", "Pig"), Objective("all"), budget=None,
                                  engine=engine, use_book=False)
        assert exact and decision.value == Fraction(7, 16)  # 0.4375


@pytest.mark.slow
def test_farm_table_horse_cow():
    # The example: the 8 tiles around the centre are worth 0.7292 (= 105/144).
    decision, exact, _ = plan(_farm("Horse", "Cow"), Objective("all"), budget=None,
                              use_book=False)
    assert exact and round(float(decision.value), 4) == 0.7292
    assert decision.tile in (6, 7, 8, 11, 13, 16, 17, 18)


def test_budget_out_never_advises_worse_than_a_finished_search():
    board = fresh_board("Jungle", (JUNGLE["Gorilla"], JUNGLE["Panda"], JUNGLE["Tiger"]), taps=4)
    objective = Objective("expected")
    optimum, exact, _ = plan(board, objective, budget=None)
    assert exact and optimum.upper == optimum.value
    narrow = Lookahead(joint_placements(board), objective, width=1).decide(board.taps)
    # The exact value of every first tap, to check the advised one against.
    search = Lookahead(joint_placements(board), objective)
    _, ranked, _ = search.root(board.taps)
    worth = {tile: search.tap_score(tile, children, board.taps)[0] for _, _, tile, children in ranked}
    values = []
    # Budgets in states cut the search at the same place on any machine.
    for states in (0, 20, 60, 200, 600, 2000, 6000, None):
        decision, is_exact, method = plan(board, objective, None, max_nodes=states,
                                          engine="python", use_book=False)
        assert decision.value >= narrow.value  # never worse than the finished width-1 search
        assert decision.value <= optimum.value <= decision.upper  # the bounds hold
        # The advised tap is worth at least what the plan says (a lower bound for best play).
        assert Fraction(worth[decision.tile] // search.factor, search.total) >= decision.value
        if not is_exact:
            assert method.startswith(f"stopped at the budget of {states:,} states")
        else:
            assert decision.value == optimum.value
        values.append(decision.value)
    assert values == sorted(values)  # more work never gives a worse advice
    assert not plan(board, objective, 0.0)[1]  # no budget at all does run out


def test_budget_out_on_a_fresh_board_is_named():
    # The search itself (the opening book answers this board exactly: see test_disco_zoo_book).
    decision, exact, method = plan(_farm("Pig", "Horse", "Cow"), Objective(), budget=0,
                                   use_book=False)
    assert not exact and "restricted lookahead of width 1" in method
    assert decision.tile is not None and 0 < decision.value <= 3
    assert sum(decision.rescue) == decision.value
