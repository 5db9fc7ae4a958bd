"""Thrill Digger input: the text format, malformed boards, and impossible boards."""

from __future__ import annotations

import random

import pytest

from gridsight.solvers.boardtext import parse_boards
from gridsight.solvers.errors import BoardFormatError, ImpossibleBoardError
from gridsight.solvers.thrill_digger.analysis import analyse
from gridsight.solvers.thrill_digger.rules import BEGINNER, EXPERT, UNDUG
from gridsight.solvers.thrill_digger.state import ThrillDiggerState, format_state, parse_state
from gridsight.solvers.thrill_digger.validate import find_conflict, is_consistent

from thrill_digger_states import random_state

EMPTY_EXPERT = "\n".join([". . . . . . . ."] * 5) + "\n"


def state_of(text: str) -> ThrillDiggerState:
    return parse_state(parse_boards(text)[0])


def test_default_difficulty_is_expert():
    assert state_of(EMPTY_EXPERT).difficulty == EXPERT


def test_format_round_trips():
    rng = random.Random(3)
    for _ in range(10):
        state = random_state(EXPERT, rng, undug=rng.randint(5, 35))
        assert state_of(format_state(state)) == state


def test_unknown_token_names_line_and_token():
    text = "difficulty: beginner\n. . . . .\n. . q . .\n. . . . .\n. . . . .\n"
    with pytest.raises(BoardFormatError) as caught:
        state_of(text)
    assert caught.value.line == 3 and caught.value.token == "q"
    assert "line 3" in str(caught.value) and "'q'" in str(caught.value)


def test_unknown_difficulty_names_line_and_value():
    with pytest.raises(BoardFormatError) as caught:
        state_of("// a comment\ndifficulty: hard\n" + EMPTY_EXPERT)
    assert caught.value.line == 2
    assert "'hard'" in str(caught.value) and "beginner" in str(caught.value)


def test_wrong_size_for_the_difficulty_is_refused():
    with pytest.raises(BoardFormatError, match="beginner needs a 4 x 5 grid.*got 5 x 8"):
        state_of("difficulty: beginner\n" + EMPTY_EXPERT)


def test_wrong_row_length_names_the_line():
    with pytest.raises(BoardFormatError, match="line 3"):
        state_of(". . . . . . . .\n. . . . . . . .\n. . . . . . .\n")


def test_unknown_header_is_refused():
    with pytest.raises(BoardFormatError, match="unknown header 'level'"):
        state_of("level: expert\n" + EMPTY_EXPERT)


def impossible(text: str) -> ImpossibleBoardError:
    state = state_of(text)
    with pytest.raises(ImpossibleBoardError) as caught:
        analyse(state)
    return caught.value


def test_green_next_to_a_dug_bomb_names_both_cells():
    error = impossible(
        "difficulty: beginner\n. . . . .\n. g * . .\n. . . . .\n. b . . .\n"
    )
    assert set(error.cells) == {(1, 1), (1, 2)}
    assert "cannot all be true" in str(error)
    assert "row 2, column 2 (green)" in str(error) and "row 2, column 3 (bomb)" in str(error)


def test_colours_demanding_too_many_bad_items_are_refused():
    # Two red rupees with no common neighbour need 3+ bad neighbours each: 6 bad items, but
    # beginner has only 4 bombs.
    error = impossible(
        "difficulty: beginner\n. . . . .\nr . . . .\n. . . . r\n. . . . .\n"
    )
    assert set(error.cells) == {(1, 0), (2, 4)}
    assert "row 2, column 1 (red); row 3, column 5 (red)" in str(error)


def test_gold_in_a_corner_is_a_single_impossible_reading():
    text = "y . . . . . . .\n" + "\n".join([". . . . . . . ."] * 4)
    error = impossible(text)
    assert error.cells == ((0, 0),)
    assert str(error).startswith("this reading cannot be true: row 1, column 1 (gold)")


def test_a_rupoor_on_beginner_is_refused():
    error = impossible("difficulty: beginner\n. . x . .\n. . . . .\n. . . . .\n. . . . .\n")
    assert error.cells == ((0, 2),)
    assert "0 rupoors" in str(error)


def test_too_many_dug_bombs_are_refused():
    error = impossible("difficulty: beginner\n* * * * *\n. . . . .\n. . . . .\n. . . . .\n")
    assert len(error.cells) == 5 and "4 bombs" in str(error)


def test_conflicts_are_small_and_every_reading_in_them_is_needed():
    # Corrupt one reading of consistent states; the set named must be inconsistent on its
    # own, and dropping any one of its readings must make it consistent.
    rng = random.Random(11)
    checked = 0
    while checked < 12:
        state = random_state(BEGINNER, rng, undug=rng.randint(6, 14), unseen=0)
        cell = rng.choice(state.readings())
        state = state.with_token(*cell, rng.choice("gbrs*"))
        if is_consistent(state):
            continue
        conflict = find_conflict(state)
        assert conflict and len(conflict) <= len(state.readings())
        only = ThrillDiggerState.empty(BEGINNER)
        for c in conflict:
            only = only.with_token(*c, state.token(*c))
        assert not is_consistent(only)
        for c in conflict:
            assert is_consistent(only.with_token(*c, UNDUG))
        checked += 1


def test_a_finished_board_with_a_dug_bomb_is_still_analysed():
    state = state_of("difficulty: beginner\n* . . . .\n. . . . .\n. . . . .\n. . . . .\n")
    analysis = analyse(state, "uniform")
    assert all(h.bomb == pytest.approx(3 / 19) for h in analysis.holes)
