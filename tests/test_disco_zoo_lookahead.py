"""Disco Zoo lookahead: exact values against a plain expectimax over every tap, certain tiles,
objectives, rescue chances and the budget fallback."""

from __future__ import annotations

import random
from fractions import Fraction
from functools import cache

import pytest

from test_disco_zoo_cases import brute_joint, brute_value, random_board
from gridsight.solvers.boardtext import parse_boards
from gridsight.solvers.disco_zoo.advise import advise, plan
from gridsight.solvers.disco_zoo.board import fresh_board, parse_board
from gridsight.solvers.disco_zoo.catalogue import load_catalogue
from gridsight.solvers.disco_zoo.lookahead import Lookahead
from gridsight.solvers.disco_zoo.objective import Objective, parse_objective
from gridsight.solvers.disco_zoo.placements import joint_placements
from gridsight.solvers.errors import InputError


#: How many boards are checked (a constant: the tests are parametrized before they are drawn).
CASE_COUNT = 24


@cache
def _cases():
    """The boards, drawn on first use (by the worker that runs these tests, not by every
    worker collecting the file)."""
    rng = random.Random(7)
    cases = []
    while len(cases) < CASE_COUNT:
        animals = 1 + len(cases) % 3
        board = random_board(rng, animals=animals, taps=1 + len(cases) % 3, tapped=rng.randrange(9, 15))
        if len(brute_joint(board)) > 1:
            cases.append(board)
    return cases


@pytest.mark.parametrize("index", range(CASE_COUNT))
def test_exact_value_matches_plain_expectimax(index):
    board = _cases()[index]
    objectives = [Objective("expected"), Objective("all"), Objective("target", len(board.animals) - 1)]
    for objective in objectives:
        primary, secondary = brute_value(board, objective)
        decision = Lookahead(joint_placements(board), objective).decide(board.taps)
        assert decision.value == primary, objective
        if objective.kind == "expected":
            assert sum(decision.rescue) == primary
        else:
            assert sum(decision.rescue) == secondary, objective
        if objective.kind == "target":
            assert decision.rescue[objective.target] == primary


@pytest.mark.parametrize("index", range(0, CASE_COUNT, 3))
def test_recommended_tap_achieves_the_value(index):
    board = _cases()[index]
    objective = Objective("expected")
    best, _ = brute_value(board, objective)
    decision = Lookahead(joint_placements(board), objective).decide(board.taps)
    if decision.tile is None:
        return
    row, col = divmod(decision.tile, 5)
    joint = brute_joint(board)
    groups: dict[int, int] = {}
    for j in joint:
        o = next((k for k in range(len(j)) if (row, col) in j[k]), -1)
        groups[o] = groups.get(o, 0) + 1
    after = Fraction(0)
    for o, size in groups.items():
        child = board.with_tap(row, col, o + 1)
        after += Fraction(size, len(joint)) * brute_value(child, objective)[0]
    assert after == best


def _board(text: str):
    return parse_board(parse_boards(text)[0])


def test_issue_example_advice():
    board = _board(
        "region: Jungle\nanimals: Gorilla, Panda, Tiger\ntaps: 7\n"
        ". . . . .\n. . . - .\n. . 2 . .\n. . . . .\n. . 1 . .\n"
    )
    result = advise(board)
    assert result.exact
    # 7 taps: Gorilla needs 3 more, Panda 2, Tiger 3: at most two, and two are certain.
    assert result.value == 2
    assert result.rescue == (1, 1, 0)
    assert result.recommend not in {(c.row, c.col) for c in result.certain}
    tiger = advise(board, Objective("target", 2))
    assert tiger.rescue[2] == tiger.value == 1


def test_certain_tile_is_advised_only_to_complete_an_animal():
    # Sheep (1x4) found on row 0 cols 0-2 is settled at cols 0-3; one tap left.
    board = _board("animals: Sheep, Cow\ntaps: 1\n1 1 1 . .\n. . . . .\n" + ". . . . .\n" * 3)
    result = advise(board)
    assert result.recommend == (0, 3) and result.completes == 0
    assert result.rescue[0] == 1 and result.value == 1
    # With more taps, the search first looks for the Cow; the Sheep tile can wait.
    board = _board("animals: Sheep, Cow\ntaps: 6\n1 1 1 . .\n. . . . .\n" + ". . . . .\n" * 3)
    result = advise(board)
    assert result.recommend != (0, 3) and result.completes is None


@pytest.mark.parametrize("index", range(CASE_COUNT))
def test_never_advises_a_certainly_empty_tile(index):
    result = advise(_cases()[index])
    empty = {(c.row, c.col) for c in result.certain if c.animal is None}
    settled = {(c.row, c.col) for c in result.certain if c.animal is not None}
    assert result.recommend not in empty
    if result.recommend in settled:
        assert result.completes is not None


def test_nothing_to_do_when_every_animal_is_rescued():
    board = _board("animals: Sheep\ntaps: 3\n1 1 1 1 .\n" + ". . . . .\n" * 4)
    result = advise(board)
    assert result.recommend is None and result.value == 1 and result.rescue == (1,)


def test_budget_fallback_is_named_and_not_exact():
    catalogue = load_catalogue()
    farm = {a.name: a for a in catalogue.regions["Farm"]}
    board = fresh_board("Farm", (farm["Pig"], farm["Horse"], farm["Cow"]))
    # The search itself (the opening book answers this board exactly: see test_disco_zoo_book).
    decision, exact, method = plan(board, Objective(), budget=0, use_book=False)
    assert not exact and "restricted lookahead of width 1" in method
    assert decision.tile is not None
    assert 0 < decision.value <= 3 and sum(decision.rescue) == decision.value


def test_restricted_value_is_a_lower_bound_and_widening_reaches_exact():
    jungle = {a.name: a for a in load_catalogue().regions["Jungle"]}
    board = fresh_board("Jungle", (jungle["Gorilla"], jungle["Panda"], jungle["Tiger"]), taps=4)
    joint = joint_placements(board)
    exact = Lookahead(joint, Objective()).decide(4).value
    narrow = Lookahead(joint, Objective(), width=1)
    assert narrow.decide(4).value <= exact and narrow.truncated
    decision, is_exact, _ = plan(board, Objective(), budget=None)
    assert is_exact and decision.value == exact


def test_objective_parsing():
    animals = _board("animals: Gorilla, Panda\n" + ". . . . .\n" * 5).animals
    assert parse_objective("target:panda", animals) == Objective("target", 1)
    assert parse_objective("all", animals) == Objective("all")
    with pytest.raises(InputError, match="not in this rescue"):
        parse_objective("target:Tiger", animals)
    with pytest.raises(InputError, match="unknown --objective"):
        parse_objective("most", animals)


def test_target_names_match_like_the_animals_line():
    board = _board("animals: pet Rabbit, Rabbit, Sheep\n" + ". . . . .\n" * 5)
    assert board.animals[0].is_pet and not board.animals[1].is_pet
    assert parse_objective("target:rabbit", board.animals) == Objective("target", 1)
    assert parse_objective("target:pet Rabbit", board.animals) == Objective("target", 0)
    assert parse_objective("target:Rabbit (pet)", board.animals) == Objective("target", 0)
    savanna = _board("animals: Lion, Rhinoceros\n" + ". . . . .\n" * 5)
    assert parse_objective("target:rhino", savanna.animals) == Objective("target", 1)


@pytest.mark.parametrize("index", range(0, CASE_COUNT, 4))
def test_hints_from_a_narrower_search_do_not_change_the_value(index):
    board = _cases()[index]
    joint = joint_placements(board)
    for objective in (Objective("expected"), Objective("all")):
        narrow = Lookahead(joint, objective, width=1)
        narrow.decide(board.taps)
        hinted = Lookahead(joint, objective, hints=narrow).decide(board.taps)
        plain = Lookahead(joint, objective).decide(board.taps)
        assert hinted.value == plain.value
        assert sum(hinted.rescue) == sum(plain.rescue)
