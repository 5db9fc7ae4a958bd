"""The shared board text format: headers, grids, separators and the errors they raise."""

from __future__ import annotations

import pytest

from gridsight.solvers.boardtext import parse_boards
from gridsight.solvers.errors import BoardFormatError


def test_headers_and_grid_are_split():
    (board,) = parse_boards("Difficulty: expert\ntaps: 3\n. g\n* .\n")
    assert board.headers == {"difficulty": "expert", "taps": "3"}
    assert board.header_lines == {"difficulty": 1, "taps": 2}
    assert board.grid == ((".", "g"), ("*", "."))
    assert board.row_lines == (3, 4)
    assert (board.rows, board.cols) == (2, 2)


def test_boards_are_separated_by_dashes_and_keep_line_numbers():
    boards = parse_boards(". .\n---\n\n# .\n. #\n---\n")
    assert [b.grid for b in boards] == [((".", "."),), (("#", "."), (".", "#"))]
    assert boards[1].row_lines == (4, 5)
    assert [b.index for b in boards] == [0, 1]


def test_ragged_row_names_its_line():
    with pytest.raises(BoardFormatError) as caught:
        parse_boards(". . .\n. .\n")
    assert caught.value.line == 2
    assert "line 2" in str(caught.value)


def test_header_after_grid_is_refused():
    with pytest.raises(BoardFormatError, match="line 2: header"):
        parse_boards(". .\ntaps: 3\n")


def test_empty_input_is_refused():
    with pytest.raises(BoardFormatError, match="no grid rows"):
        parse_boards("\n\n")


def test_unknown_token_names_line_row_and_col():
    (board,) = parse_boards("a: 1\n. .\n. q\n")
    with pytest.raises(BoardFormatError) as caught:
        board.check_tokens({"."}, "'.'")
    assert caught.value.line == 3 and caught.value.token == "q"
    assert "row 2, column 2" in str(caught.value)


def test_unknown_header_is_refused():
    (board,) = parse_boards("colour: red\n.\n")
    with pytest.raises(BoardFormatError, match="unknown header 'colour'"):
        board.check_headers(("difficulty",))
