"""Minesweeper play: the policy, the chance of opening a 0, the simulator's first-click rules,
the cascade, and paired policy comparisons."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations
from math import comb

import pytest

from gridsight.solvers.limit import Limit
from gridsight.solvers.minesweeper.analysis import analyse
from gridsight.solvers.minesweeper.policy import SAFEST_RULE, recommend, zero_layouts
from gridsight.solvers.minesweeper.rules import BEGINNER, Level, neighbours
from gridsight.solvers.minesweeper.simulate import (
    Board,
    compare,
    game_orders,
    layout_for,
    local_policy,
    play_game,
    exact_policy,
    simulate,
)
from gridsight.solvers.minesweeper.state import MinesweeperState

from test_minesweeper_exact import random_observed


def grid(*rows: str) -> tuple[tuple[str, ...], ...]:
    return tuple(tuple(row.split()) for row in rows)


def brute_zero(state: MinesweeperState, cell: tuple[int, int]) -> int:
    """Layouts fitting the board with ``cell`` and its unopened neighbours mine-free."""
    unopened = state.unopened()
    clear = {cell} | {n for n in state.neighbours(*cell) if n in unopened}
    shown = set(state.shown_mines())
    count = 0
    for chosen in combinations(unopened, state.mines - len(shown)):
        mines = shown.union(chosen)
        if clear & mines:
            continue
        if all(sum(n in mines for n in state.neighbours(*c)) == int(state.token(*c))
               for c in state.numbers()):
            count += 1
    return count


def test_zero_chance_equals_the_brute_force():
    rng = random.Random(17)
    checked = 0
    while checked < 150:
        state = random_observed(rng)
        if len(state.unopened()) > 14 or state.finished:
            continue
        analysis = analyse(state)
        for odds in analysis.cells:
            assert zero_layouts(analysis, odds.cell) == brute_zero(state, odds.cell)
            checked += 1


def test_empty_board_opens_a_corner():
    choice = recommend(analyse(MinesweeperState.empty(16, 30, 99)))
    assert choice.cell == (0, 0) and not choice.safe and choice.tied == 480
    assert choice.zero == pytest.approx(comb(476, 99) / comb(480, 99), rel=1e-12)


def test_a_certain_safe_cell_comes_first_and_the_one_likeliest_to_show_a_zero():
    # the 0s make (1,0)-(1,3) safe; the 1 at (0,3) then puts a mine on (0,4) or (1,4), so
    # (1,3) never shows a 0, and (1,0) has the fewest unopened neighbours to keep clear
    state = MinesweeperState(2, grid(
        "0 0 0 1 .",
        ". . . . .",
        ". . . . .",
        ". . . . .",
    ))
    analysis = analyse(state)
    safe = {(1, 0), (1, 1), (1, 2), (1, 3)}
    assert {c.cell for c in analysis.safe} == safe
    assert zero_layouts(analysis, (1, 3)) == 0
    choice = recommend(analysis)
    assert choice.safe and choice.cell == (1, 0)
    assert zero_layouts(analysis, (1, 0)) == max(zero_layouts(analysis, c) for c in safe)
    assert zero_layouts(analysis, (1, 0)) > zero_layouts(analysis, (1, 1))


def test_the_previous_rule_chooses_the_lowest_mine_chance_exactly():
    rng = random.Random(4)
    seen = 0
    while seen < 60:
        state = random_observed(rng)
        if state.finished:
            continue
        analysis = analyse(state)
        choice = recommend(analysis, rule=SAFEST_RULE)
        if choice is None:
            assert all(c.certain_mine for c in analysis.cells)
            continue
        seen += 1
        if analysis.safe:
            assert choice.safe
        else:
            lowest = min(c.mine_layouts for c in analysis.cells)
            assert analysis.cell(*choice.cell).mine_layouts == lowest
            tied = [c for c in analysis.cells if c.mine_layouts == lowest]
            assert choice.tied == len(tied)
            assert zero_layouts(analysis, choice.cell) == max(
                zero_layouts(analysis, c.cell) for c in tied)


def test_no_recommendation_once_the_game_is_over():
    lost = MinesweeperState(1, grid("* 1", "1 1"))
    assert recommend(analyse(lost)) is None
    won = MinesweeperState(1, grid(". 1", "1 1"))
    assert won.won and recommend(analyse(won)) is None


def test_an_incomplete_analysis_recommends_a_proven_cell_first():
    state = MinesweeperState(3, grid("0 . . . 1", ". . . . ."))
    cut = analyse(state, Limit(seconds=0))  # the limit is checked at the first search node
    assert not cut.complete
    choice = recommend(cut)
    assert choice is not None and choice.safe and choice.cell in {c.cell for c in cut.safe}


def test_an_incomplete_analysis_without_a_safe_cell_still_advises_the_least_risky():
    state = MinesweeperState(3, grid(". . . . 1", ". . . . ."))
    cut = analyse(state, Limit(seconds=0))
    assert not cut.complete and not cut.safe
    choice = recommend(cut)
    assert choice is not None and not choice.safe and choice.mine is None
    low, high = choice.bounds
    assert 0 <= low <= high < 1
    assert high == min(float(c.high) for c in cut.cells)


def test_safe_rule_never_puts_a_mine_under_the_first_click_and_is_uniform():
    level = Level("tiny", 3, 3, 2)
    counts: Counter = Counter()
    orders = game_orders(level, 5600, seed=1)
    for order in orders:
        mines = layout_for(level, order, (1, 1), "safe")
        assert (1, 1) not in mines and len(mines) == 2
        counts[mines] += 1
    assert len(counts) == 28  # C(8, 2) layouts, each about 200 times
    assert min(counts.values()) > 140 and max(counts.values()) < 260


def test_zero_rule_opens_a_zero_at_the_first_click():
    for order in game_orders(BEGINNER, 30, seed=2):
        first = (4, 4)
        mines = layout_for(BEGINNER, order, first, "zero")
        assert not mines & {first, *neighbours(*first, 9, 9)} and len(mines) == 10
        board = Board(BEGINNER, order, "zero")
        board.open(first)
        assert board.grid[4][4] == "0" and board.opened >= 9


def test_opening_a_zero_cascades_and_a_mine_loses():
    level = Level("strip", 1, 5, 1)
    order = [(0, 4), (0, 0), (0, 1), (0, 2), (0, 3)]
    board = Board(level, order, "safe")
    board.open((0, 0))  # the mine is (0, 4): 0 0 0 1 .
    assert [board.grid[0][c] for c in range(5)] == ["0", "0", "0", "1", "."]
    assert board.won and not board.lost
    board = Board(level, order, "safe")
    board.open((0, 3))
    board.open((0, 4))
    assert board.lost and board.grid[0][4] == "*"


def test_the_same_order_gives_every_policy_the_same_layout():
    order = game_orders(BEGINNER, 1, seed=5)[0]
    a, b = Board(BEGINNER, order, "safe"), Board(BEGINNER, order, "safe")
    a.open((0, 0))
    b.open((0, 0))
    assert a.mines == b.mines


def test_exact_play_beats_the_local_baseline_on_paired_games():
    a, b, paired = compare(BEGINNER, 150, seed=3, policies=("exact", "local"))
    assert paired.games == 150
    assert paired.mean_a == a.win_rate and paired.mean_b == b.win_rate
    assert paired.difference > 0 and paired.significant
    assert a.win_rate > 0.8


def test_simulate_reports_what_play_game_plays():
    report = simulate(BEGINNER, 12, seed=7, policy="local")
    wins = 0
    for i, order in enumerate(game_orders(BEGINNER, 12, seed=7)):
        wins += play_game(BEGINNER, order, "safe", local_policy,
                          random.Random(7 * 1_000_003 + i)).won
    assert report.wins == wins and report.games == 12
    assert report.mean_guesses >= 1  # the first click is always a guess


def test_exact_policy_opens_every_certain_cell_at_once():
    state = MinesweeperState(2, grid("0 0 0 1 .", ". . . . .", ". . . . ."))
    move = exact_policy(state, random.Random(0))
    assert not move.guess and set(move.cells) == {(1, 0), (1, 1), (1, 2), (1, 3)}


def test_the_tie_break_stopped_by_the_limit_still_recommends_a_tied_cell():
    """The chances to show a 0 are counted within the same limit: stopped, the best of the
    cells counted (the first, if none) is advised, never nothing."""
    state = MinesweeperState(5, grid("2 . . 2", ". . . .", "2 . . 2"))
    full = analyse(state, Limit.none())
    best = recommend(full)
    cut = recommend(full, Limit(seconds=0).start())
    assert best.zero is not None and best.tied == 4
    assert cut is not None and cut.zero is None  # the tie-break was cut at once
    assert cut.mine == best.mine and cut.tied == best.tied and not cut.safe


def test_nothing_is_drawn_on_the_cells_once_a_mine_is_shown():
    # As Thrill Digger's pit after a bomb: under "The game is over: a mine is shown" the
    # overlay drew each closed cell's mine chance and "safe" marks over the lost game.
    from gridsight.registry import get_game
    from gridsight.solvers.boardtext import parse_boards

    text = "mines: 3\n* 1 .\n1 1 .\n. . .\n. . .\n"
    advice = get_game("minesweeper").solve(parse_boards(text)[0]).advice
    assert advice.status == "The game is over: a mine is shown" and advice.recommend == ()
    assert advice.figures == () and advice.marks == ()
    going = get_game("minesweeper").solve(parse_boards(text.replace("*", "."))[0]).advice
    assert going.figures and going.recommend  # a game going on keeps them
