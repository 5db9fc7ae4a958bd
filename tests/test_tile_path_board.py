"""Tile-path text format: what it reads, and the errors that name the line and token."""

from __future__ import annotations

import pytest

from gridsight.solvers.boardtext import parse_boards
from gridsight.solvers.errors import BoardFormatError, ImpossibleBoardError
from gridsight.solvers.tile_path import analyse, parse_board


def board(text: str):
    return parse_board(parse_boards(text)[0])


def test_fresh_board_starts_at_s():
    b = board(". . .\n# S .\n. . E\n")
    assert b.start == b.current == (1, 1)
    assert b.end == (2, 2)
    assert b.tiles == {(0, 0), (0, 1), (0, 2), (1, 1), (1, 2), (2, 0), (2, 1), (2, 2)}
    assert b.uncrossed == b.tiles - {(1, 1)}
    assert not b.in_progress


def test_walk_in_progress_goes_on_from_l():
    b = board("S x .\n. L .\n")
    assert b.start == (0, 0) and b.current == (1, 1)
    assert b.crossed == {(0, 0), (0, 1), (1, 1)}
    assert b.tiles == {(1, 1), (0, 2), (1, 0), (1, 2)}
    assert b.in_progress


def test_to_text_round_trips():
    text = "S x .\n. L #\n. . E\n"
    assert board(text).to_text() == text


@pytest.mark.parametrize(
    ("text", "line", "token", "words"),
    [
        ("S . .\n. S .\n", 2, "S", "second 'S'"),
        (". . .\n. . .\n", 1, "S", "no 'S'"),
        (". . .\n. L .\n", 2, "L", "no 'S'"),
        ("S L .\n. L .\n", 2, "L", "second 'L'"),
        ("S E .\n. . E\n", 2, "E", "second 'E'"),
        ("S . .\n. x .\n", 2, "x", "no 'L'"),
        ("S . .\n. o .\n", 2, "o", "unknown token 'o' at row 2, column 2"),
    ],
)
def test_bad_tokens_name_line_and_token(text, line, token, words):
    with pytest.raises(BoardFormatError) as caught:
        board(text)
    assert caught.value.line == line
    assert caught.value.token == token
    assert words in str(caught.value)
    assert f"line {line}" in str(caught.value)


@pytest.mark.parametrize(("text", "line", "token", "spaced"), [
    ("S.E\n...\n", 1, "S.E", "'S . E'"),  # no S seen: the bad token is named, not the S
    ("S . E\n. .. .\n", 2, "..", "'. .'"),
])
def test_tiles_written_without_spaces_name_the_token_and_the_format(text, line, token, spaced):
    with pytest.raises(BoardFormatError) as caught:
        board(text)
    message = str(caught.value)
    assert caught.value.line == line and caught.value.token == token
    assert f"unknown token '{token}'" in message and "no 'S'" not in message
    assert "one token per tile, separated by spaces" in message and spaced in message


def test_ragged_rows_name_the_line():
    with pytest.raises(BoardFormatError, match="line 3: row has 2 tokens"):
        board("S . .\n. . .\n. .\n")


def test_headers_are_refused():
    with pytest.raises(BoardFormatError, match="unknown header 'size'"):
        board("size: 3\nS . .\n")


def test_crossed_tiles_must_be_one_walk_from_s_to_l():
    # The x at the bottom right is not joined to the rest of the walk.
    with pytest.raises(ImpossibleBoardError, match="not one walk from S") as caught:
        analyse(board("S x . .\n. L . .\n. . . x\n"))
    assert (2, 3) in caught.value.cells
    # Every crossed tile joined, but no single walk S -> L crosses them all (a branch).
    with pytest.raises(ImpossibleBoardError, match="not one walk from S"):
        analyse(board("S x L .\n. x . .\n"))
