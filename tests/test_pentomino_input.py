"""The pentomino text format: what it accepts, and the message for each kind of bad input."""

from __future__ import annotations

import pytest

from gridsight.solvers.boardtext import parse_boards
from gridsight.solvers.errors import BoardFormatError, ImpossibleBoardError, InputError
from gridsight.solvers.pentomino.puzzle import parse_puzzle


def parse(text: str):
    return parse_puzzle(parse_boards(text)[0])


def test_default_piece_set_and_placed_pieces():
    text = "\n".join(
        [". X . . . . . . . .", "X X X . . . . . . .", ". X . . . . . . . ."]
        + [". . . . . . . . . ."] * 3
    )
    puzzle = parse(text)
    assert puzzle.pieces == tuple("FILNPTUVWXYZ")
    assert [p.letter for p in puzzle.placed] == ["X"]
    assert "X" not in puzzle.to_place and len(puzzle.to_place) == 11
    assert len(puzzle.empty_cells) == 55
    assert parse(puzzle.to_text()) == puzzle  # round trip


def test_duplicate_pieces_are_split_into_copies():
    # two I pieces side by side: one 10-cell group of I cells
    text = "pieces: I I P\nI I . .\nI I . .\nI I . #\nI I # #\nI I # #"
    puzzle = parse(text)
    assert [p.letter for p in puzzle.placed] == ["I", "I"]
    assert puzzle.to_place == ("P",)


@pytest.mark.parametrize(
    "text, error, words",
    [
        ("pieces: P Q\n. . . . .\n. . . . .", BoardFormatError, ["line 1", "unknown piece 'Q'"]),
        ("pieces: P U\n. . . . .\n. . x . .", BoardFormatError, ["line 3", "'x'", "row 2, column 3"]),
        ("size: 3\n. . . . .", BoardFormatError, ["line 1", "unknown header 'size'"]),
        ("pieces: P U V\n. . . . .\n. . . . .", ImpossibleBoardError,
         ["10 empty cells", "3 pieces left", "P U V", "15"]),
        ("pieces: P U\nP P . . .\nP . . . .", ImpossibleBoardError,
         ["piece P", "3 connected cells", "row 1, columns 1 and 2; row 2, column 1"]),
        ("pieces: P U\nP P P P P\n. . . . .", ImpossibleBoardError,
         ["piece P", "row 1, columns 1 to 5", "shape of a P pentomino"]),
        ("pieces: U I\nP P . . .\nP P . . .\nP . . . .", ImpossibleBoardError,
         ["piece P is on the board 1 times", "not at all"]),
        ("pieces: I I P\nI I I . .\nI I I I I\nI I . . .",
         ImpossibleBoardError, ["cells of piece I", "row 1, columns 1 to 3", "cannot be split into I pentominoes"]),
    ],
)
def test_bad_input_names_the_problem(text, error, words):
    with pytest.raises(error) as caught:
        parse(text)
    assert isinstance(caught.value, InputError)
    for word in words:
        assert word in str(caught.value), (word, str(caught.value))


def test_piece_placed_more_often_than_listed():
    text = "pieces: I P\n" + "\n".join(["I . I . . ."] * 5)
    with pytest.raises(ImpossibleBoardError, match="piece I is on the board 2 times but "
                       "'pieces' lists it once"):
        parse(text)
