"""The exact analysis against an independent brute force over every layout, to 1e-9."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import combinations
from math import comb

import pytest

from gridsight.solvers.thrill_digger.analysis import analyse
from gridsight.solvers.thrill_digger.blocks import block_probability, has_block
from gridsight.solvers.thrill_digger.brute import brute_force
from gridsight.solvers.thrill_digger.counting import count_bad_sets
from gridsight.solvers.thrill_digger.rules import (
    BEGINNER,
    COLOURS,
    EXPERT,
    INTERMEDIATE,
    Difficulty,
)
from gridsight.solvers.thrill_digger.state import ThrillDiggerState

from thrill_digger_states import random_state

TOLERANCE = 1e-9


def assert_matches_brute(state: ThrillDiggerState, model: str) -> None:
    d = state.difficulty
    p = block_probability(d.rows, d.cols, d.bad) if model == "game" else None
    expected = brute_force(state, p)
    assert expected is not None, "test states are consistent"
    got = analyse(state, model)
    assert got.layouts == expected.layouts
    assert {h.cell for h in got.holes} == set(expected.holes)
    for h in got.holes:
        e = expected.holes[h.cell]
        assert h.bomb == pytest.approx(float(e.bomb), abs=TOLERANCE), h.cell
        assert h.rupoor == pytest.approx(float(e.rupoor), abs=TOLERANCE), h.cell
        for colour in COLOURS:
            assert h.colour(colour) == pytest.approx(float(e.colours[colour]), abs=TOLERANCE)
        assert h.value == pytest.approx(float(e.value), abs=TOLERANCE), h.cell
        # The certainty flags are decided on exact counts.
        assert h.no_bomb == (e.bomb == 0)
        assert h.no_bad == (e.bomb + e.rupoor == 0)
        assert h.certain_bomb == (e.bomb == 1)
        assert h.certain_rupoor == (e.rupoor == 1)


@pytest.mark.parametrize("model", ["game", "uniform"])
def test_empty_beginner_board_matches_brute_force(model):
    assert_matches_brute(ThrillDiggerState.empty(BEGINNER), model)


@pytest.mark.parametrize("model", ["game", "uniform"])
@pytest.mark.parametrize("seed", range(25))
def test_random_beginner_states_match_brute_force(model, seed):
    rng = random.Random(seed)
    state = random_state(BEGINNER, rng, undug=rng.randint(5, 19))
    assert_matches_brute(state, model)


@pytest.mark.parametrize("model", ["game", "uniform"])
@pytest.mark.parametrize("seed", range(8))
def test_intermediate_states_with_few_unknowns_match_brute_force(model, seed):
    rng = random.Random(100 + seed)
    state = random_state(INTERMEDIATE, rng, undug=rng.randint(8, 11), show_bad=0.4)
    assert_matches_brute(state, model)


@pytest.mark.parametrize("model", ["game", "uniform"])
@pytest.mark.parametrize("seed", range(8))
def test_expert_states_with_few_unknowns_match_brute_force(model, seed):
    # 11 to 13 unknowns (12 to 14 before 2026-12-02): each state still has 120 to 792
    # layouts, and the plain enumeration's cost grows about 3.5x per unknown (these 16 cases:
    # 12.5 s of CPU at 12 to 14, 3.4 s at 11 to 13); the sweep has no threshold in the
    # number of unknowns, so the cases one unknown smaller check the same code
    rng = random.Random(200 + seed)
    state = random_state(EXPERT, rng, undug=rng.randint(11, 13), show_bad=0.5)
    assert_matches_brute(state, model)


SMALL = Difficulty("small", 3, 4, 3, 2, 0)


@pytest.mark.parametrize("model", ["game", "uniform"])
@pytest.mark.parametrize("seed", range(10))
def test_small_board_with_rupoors_matches_brute_force(model, seed):
    # 3 x 4 with 5 bad items: the block rule matters here (p = 2/33) and so does labelling.
    rng = random.Random(300 + seed)
    state = random_state(SMALL, rng, undug=rng.randint(4, 12), show_bad=0.4)
    assert_matches_brute(state, model)


@pytest.mark.parametrize("rows, cols, bad", [(3, 4, 5), (4, 5, 4), (3, 3, 4), (2, 5, 6), (4, 3, 6)])
def test_block_probability_matches_enumeration(rows, cols, bad):
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    blocked = sum(has_block(set(s)) for s in combinations(cells, bad))
    assert block_probability(rows, cols, bad) == Fraction(blocked, comb(rows * cols, bad))


def test_expert_block_probability_is_about_42_percent():
    # The issue: "under uniform placement about 42% of expert boards hold such a block".
    p = block_probability(EXPERT.rows, EXPERT.cols, EXPERT.bad)
    assert 0.41 < p < 0.43


def test_game_model_differs_from_uniform_on_expert():
    # The redraw rule moves real probability: on an empty expert board a corner hole is
    # more often bad under the game's generator (it cannot sit in as many blocks).
    empty = ThrillDiggerState.empty(EXPERT)
    game, uniform = analyse(empty, "game"), analyse(empty, "uniform")
    assert uniform.hole(0, 0).bomb == pytest.approx(8 / 40)
    assert game.hole(0, 0).bomb - uniform.hole(0, 0).bomb > 0.005


def test_counts_on_the_empty_board_are_binomials():
    counts = count_bad_sets(ThrillDiggerState.empty(INTERMEDIATE).grid, INTERMEDIATE.bad)
    assert counts.total == comb(30, 8)
    assert all(n == comb(29, 7) for n in counts.bad.values())
    for cell, colours in counts.colours.items():
        assert sum(colours) + counts.bad[cell] == counts.total


def test_probabilities_sum_to_one_on_a_mid_game_expert_board():
    rng = random.Random(7)
    state = random_state(EXPERT, rng, undug=28)
    for h in analyse(state).holes:
        total = h.bomb + h.rupoor + sum(h.colour(c) for c in COLOURS)
        assert total == pytest.approx(1.0, abs=1e-12)


@pytest.mark.parametrize(
    "shape", [(1, 5, 1, 1), (5, 1, 2, 0), (2, 2, 1, 1), (1, 1, 1, 0), (2, 3, 2, 2), (4, 4, 2, 2)]
)
def test_odd_board_shapes_match_brute_force(shape):
    # Single rows and columns, tiny boards: the sweep's padding and edges.
    rows, cols, bombs, rupoors = shape
    d = Difficulty("odd", rows, cols, bombs, rupoors, 0)
    rng = random.Random(rows * 100 + cols)
    for _ in range(6):
        state = random_state(d, rng, undug=rng.randint(0, rows * cols))
        for model in ("game", "uniform"):
            assert_matches_brute(state, model)


def test_random_token_boards_are_refused_exactly_when_no_layout_fits():
    from gridsight.solvers.errors import ImpossibleBoardError

    d = Difficulty("small", 3, 4, 2, 2, 0)
    rng = random.Random(17)
    refused = accepted = 0
    for _ in range(150):
        grid = tuple(
            tuple(rng.choice("........gbrsyx*?") for _ in range(d.cols)) for _ in range(d.rows)
        )
        state = ThrillDiggerState(d, grid)
        fits = brute_force(state) is not None
        try:
            analyse(state, "uniform")
        except ImpossibleBoardError:
            assert not fits, grid
            refused += 1
        else:
            assert fits, grid
            accepted += 1
    assert refused > 10 and accepted > 10
