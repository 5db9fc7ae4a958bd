"""Thrill Digger: the recommendation policy, the game's board generator and the simulator."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from gridsight.solvers.thrill_digger.analysis import Analysis, HoleOdds, analyse
from gridsight.solvers.thrill_digger.blocks import block_probability, has_block
from gridsight.solvers.thrill_digger.generator import draw_layout
from gridsight.solvers.thrill_digger.policy import safest_then_richest
from gridsight.solvers.thrill_digger.rules import BEGINNER, EXPERT, Difficulty, colour_of, neighbours
from gridsight.solvers.thrill_digger.simulate import play_game, simulate
from gridsight.solvers.thrill_digger.state import ThrillDiggerState


def hole(row: int, col: int, bomb: float, value: float) -> HoleOdds:
    return HoleOdds(row, col, bomb, 0.0, 1 - bomb, 0, 0, 0, 0, value,
                    bomb == 0, bomb == 0, bomb == 1, False)


def fake_analysis(*holes: HoleOdds) -> Analysis:
    return Analysis(ThrillDiggerState.empty(BEGINNER), "game", 1, holes, Fraction(0))


def test_policy_digs_the_lowest_bomb_chance():
    chosen = safest_then_richest(fake_analysis(hole(0, 0, 0.3, 50), hole(1, 1, 0.1, 1)))
    assert chosen == (1, 1)


def test_policy_breaks_near_ties_by_value():
    holes = (hole(0, 0, 0.1, 2.0), hole(2, 3, 0.1 + 1e-12, 9.0), hole(1, 1, 0.1 + 1e-6, 99.0))
    assert safest_then_richest(fake_analysis(*holes)) == (2, 3)


def test_policy_stops_when_the_game_is_over():
    state = ThrillDiggerState.empty(BEGINNER).with_token(0, 0, "*")
    assert safest_then_richest(analyse(state)) is None


def test_generator_places_the_right_items_and_colours():
    rng = random.Random(5)
    for _ in range(50):
        layout = draw_layout(EXPERT, rng)
        assert len(layout.bombs) == 8 and len(layout.rupoors) == 8
        assert not layout.bombs & layout.rupoors
        r, c = rng.randrange(5), rng.randrange(8)
        if (r, c) not in layout.bad:
            count = sum(n in layout.bad for n in neighbours(r, c, 5, 8))
            assert layout.token(r, c) == colour_of(count)


def test_generator_gives_up_after_ten_redraws():
    # On a 2 x 2 board with 4 bad items every board is a block: 11 boards drawn, last kept.
    tiny = Difficulty("tiny", 2, 2, 2, 2, 0)
    layout = draw_layout(tiny, random.Random(0))
    assert layout.draws == 11 and has_block(layout.bad)


@pytest.mark.parametrize("redraws", [0, 2])
def test_generator_redraw_rule_matches_the_model(redraws):
    # 3 x 3 with 6 bad items: a uniform board holds a block with p = 3/7; after R redraws a
    # kept board holds one with probability p**(R+1).
    small = Difficulty("small", 3, 3, 3, 3, 0)
    p = float(block_probability(3, 3, 6))
    expected = p ** (redraws + 1)
    rng = random.Random(42 + redraws)
    n = 4000
    blocks = sum(has_block(draw_layout(small, rng, redraws=redraws).bad) for _ in range(n))
    sigma = (expected * (1 - expected) / n) ** 0.5
    assert abs(blocks / n - expected) < 4.5 * sigma


def test_expert_boards_rarely_hold_blocks():
    # p ~ 0.42 on expert, so a kept board holds a block with chance p**11 ~ 7e-5.
    rng = random.Random(9)
    assert sum(has_block(draw_layout(EXPERT, rng).bad) for _ in range(2000)) <= 2


def test_playing_a_game_follows_the_layout():
    rng = random.Random(1)
    layout = draw_layout(BEGINNER, rng)
    result = play_game(layout)
    assert result.cleared != result.bombed
    assert result.digs >= 1
    if result.cleared:
        assert result.digs == 16  # every rupee dug, no bomb
        assert result.rupees > -30


def test_simulation_is_repeatable_and_adds_up():
    first = simulate(BEGINNER, 20, seed=3)
    assert first == simulate(BEGINNER, 20, seed=3)
    assert first.cleared + first.bombed == pytest.approx(1.0)
    assert first.games == 20 and first.mean_digs >= 1


def test_game_model_matches_the_generator_on_a_small_board():
    # 3 x 3 with 6 bad items: p = 3/7, so the redraw rule moves the odds a lot (the centre
    # hole is bad with chance 0.42 under the game, 0.67 under the uniform model). The exact
    # game-model odds must match what the generator actually draws.
    small = Difficulty("small", 3, 3, 3, 3, 0)
    odds = analyse(ThrillDiggerState.empty(small), "game")
    rng = random.Random(8)
    n = 6000
    layouts = [draw_layout(small, rng) for _ in range(n)]
    for cell in [(0, 0), (0, 1), (1, 1)]:
        h = odds.hole(*cell)
        for expected, seen in [
            (h.bomb, sum(cell in lay.bombs for lay in layouts) / n),
            (h.bomb + h.rupoor, sum(cell in lay.bad for lay in layouts) / n),
            (h.blue, sum(lay.token(*cell) == "b" for lay in layouts) / n),
        ]:
            sigma = (expected * (1 - expected) / n) ** 0.5
            assert abs(seen - expected) < 4.5 * sigma + 1e-9, (cell, expected, seen)
    assert odds.hole(1, 1).bomb + odds.hole(1, 1).rupoor < 0.45


def test_nothing_is_drawn_on_the_holes_once_a_bomb_was_dug():
    # Seen live (a rendered 5x8 pit on Xvfb): under "The game is over: a bomb was dug" the
    # overlay went on covering the pit with every hole's bomb chance ("18%").
    from gridsight.registry import get_game
    from gridsight.solvers.boardtext import parse_boards

    text = "difficulty: beginner\n* . . . .\n. . . . g\n. . . . .\n. . . . .\n"
    advice = get_game("thrill-digger").solve(parse_boards(text)[0]).advice
    assert advice.status == "The game is over: a bomb was dug" and advice.recommend == ()
    assert advice.figures == () and advice.marks == ()
    going = get_game("thrill-digger").solve(parse_boards(text.replace("*", "."))[0]).advice
    assert going.figures and going.recommend  # a game going on keeps them
