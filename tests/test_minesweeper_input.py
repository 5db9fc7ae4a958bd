"""Minesweeper input: the text format, malformed boards, impossible boards and the readings
they blame."""

from __future__ import annotations

import random

import pytest

from gridsight.solvers.boardtext import parse_boards
from gridsight.solvers.errors import BoardFormatError, ImpossibleBoardError
from gridsight.solvers.minesweeper.analysis import analyse
from gridsight.solvers.minesweeper.brute import brute_force
from gridsight.solvers.minesweeper.rules import neighbours
from gridsight.solvers.minesweeper.state import MinesweeperState, format_state, parse_state
from gridsight.solvers.limit import Limit
from gridsight.solvers.minesweeper.validate import find_conflict, is_consistent, narrow_conflict


def state_of(text: str) -> MinesweeperState:
    return parse_state(parse_boards(text)[0])


def impossible(text: str) -> ImpossibleBoardError:
    with pytest.raises(ImpossibleBoardError) as caught:
        analyse(state_of(text))
    return caught.value


def test_format_round_trips():
    text = "mines: 3\n0 1 . F\n0 1 . .\n1 2 * .\n"
    state = state_of(text)
    assert format_state(state) + "\n" == text
    assert state_of(format_state(state)) == state
    assert state.flags() == [(0, 3)] and state.shown_mines() == [(2, 2)]
    assert state.unopened() == [(0, 2), (0, 3), (1, 2), (1, 3), (2, 3)]


def test_missing_mines_header_names_the_first_row():
    with pytest.raises(BoardFormatError) as caught:
        state_of("// no header\n\n. . .\n. . .\n")
    assert caught.value.line == 3 and "mines: N" in str(caught.value)


def test_mines_that_are_not_a_number_name_line_and_value():
    with pytest.raises(BoardFormatError) as caught:
        state_of("mines: ten\n. .\n")
    assert caught.value.line == 1 and caught.value.token == "ten"
    assert "'mines: ten' is not a whole number" in str(caught.value)


def test_more_mines_than_cells_is_refused():
    with pytest.raises(BoardFormatError) as caught:
        state_of("mines: 5\n. .\n. .\n")
    assert caught.value.line == 1 and "2 x 2 board (4 cells)" in str(caught.value)
    with pytest.raises(BoardFormatError):
        state_of("mines: -1\n. .\n")


def test_unknown_token_names_line_row_col_and_token():
    with pytest.raises(BoardFormatError) as caught:
        state_of("mines: 1\n. . .\n. 9 .\n")
    assert caught.value.line == 3 and caught.value.token == "9"
    assert "row 2, column 2" in str(caught.value)
    with pytest.raises(BoardFormatError) as caught:
        state_of("mines: 1\n. f .\n")
    assert caught.value.token == "f"


def test_unknown_header_is_named():
    with pytest.raises(BoardFormatError) as caught:
        state_of("mines: 1\nlevel: expert\n. .\n")
    assert caught.value.line == 2 and "unknown header 'level'" in str(caught.value)


def test_a_number_too_big_for_its_corner_is_blamed_alone():
    error = impossible("mines: 4\n4 .\n. .\n")
    assert error.cells == ((0, 0),)
    assert "this reading cannot be true: row 1, column 1 ('4')" in str(error)


def test_a_zero_beside_a_three_blames_both():
    error = impossible("mines: 4\n0 1 .\n3 . .\n. . .\n")
    assert error.cells == ((0, 0), (1, 0))
    assert "row 1, column 1 ('0')" in str(error) and "row 2, column 1 ('3')" in str(error)


def test_more_shown_mines_than_the_header_blames_the_shown_mines():
    error = impossible("mines: 1\n* *\n. .\n")
    assert set(error.cells) == {(0, 0), (0, 1)}
    assert "they allow between 2 and 4 mines in all, but mines: 1" in str(error)


def test_numbers_needing_more_mines_than_the_header_say_how_many():
    error = impossible("mines: 1\n. 1 . . 1 . .\n")
    assert set(error.cells) == {(0, 1), (0, 4)}
    assert "they allow between 2 and 3 mines in all, but mines: 1" in str(error)
    error = impossible("mines: 3\n. 1 . . 1 .\n")
    assert "they allow exactly 2 mines in all, but mines: 3" in str(error)


def test_too_many_mines_for_the_unopened_cells():
    error = impossible("mines: 3\n0 0 .\n0 1 .\n")
    assert error.cells and "but mines: 3" in str(error)


def test_a_number_wrong_by_one_is_found_and_the_blamed_set_is_minimal():
    rng = random.Random(9)
    tried = 0
    while tried < 40:
        rows, cols = rng.choice(((3, 4), (4, 4), (4, 5)))
        cells = [(r, c) for r in range(rows) for c in range(cols)]
        mines = set(rng.sample(cells, rng.randint(2, 5)))
        grid = [["."] * cols for _ in range(rows)]
        for r, c in cells:
            if (r, c) not in mines and rng.random() < 0.6:
                grid[r][c] = str(sum(n in mines for n in neighbours(r, c, rows, cols)))
        numbers = [(r, c) for r, c in cells if grid[r][c] != "."]
        if not numbers:
            continue
        r, c = rng.choice(numbers)
        grid[r][c] = str(min(8, max(0, int(grid[r][c]) + rng.choice((-1, 1)))))
        state = MinesweeperState(len(mines), tuple(tuple(row) for row in grid))
        if brute_force(state)[0] > 0:  # the change still fits some other layout
            assert is_consistent(state) and find_conflict(state) == ()
            continue
        tried += 1
        assert not is_consistent(state)
        blamed = find_conflict(state)
        assert blamed
        kept = set(blamed)
        only = state
        for cell in state.readings():
            if cell not in kept:
                only = only.with_token(*cell, ".")
        assert brute_force(only)[0] == 0  # the blamed readings cannot all be true
        for cell in blamed:  # and each is needed
            assert brute_force(only.with_token(*cell, "."))[0] > 0
        with pytest.raises(ImpossibleBoardError) as caught:
            analyse(state)
        assert caught.value.cells == blamed


def test_narrowing_stops_at_its_time_limit_with_a_set_that_still_conflicts():
    state = state_of("mines: 4\n0 1 . .\n3 . . .\n. . 2 .\n")
    # checked at the first search node
    cells, finished = narrow_conflict(state, Limit(seconds=0).start())
    assert not finished and cells == tuple(sorted(state.readings()))
    assert brute_force(state)[0] == 0
    cells, finished = narrow_conflict(state, Limit.none().start())
    assert finished and cells == ((0, 0), (1, 0))
