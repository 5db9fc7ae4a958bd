"""Disco Zoo found tiles whose animal is not told apart (``1/3``, ``*``) and the taps bound:
parsing, echo, validation, and the exact posterior and lookahead against brute force."""

from __future__ import annotations

import json
import random
from fractions import Fraction
from functools import cache

import pytest

from test_disco_zoo_cases import brute_joint, brute_posterior, brute_value, random_board
from gridsight.solvers.boardtext import parse_boards
from gridsight.solvers.disco_zoo.advise import advise
from gridsight.solvers.disco_zoo.board import ONE_OF, format_board, parse_board
from gridsight.solvers.disco_zoo.lookahead import Lookahead, need_classes
from gridsight.solvers.disco_zoo.objective import Objective
from gridsight.solvers.disco_zoo.placements import joint_placements, posterior
from gridsight.solvers.disco_zoo.report import to_json, to_text
from gridsight.solvers.errors import BoardFormatError, ImpossibleBoardError

EMPTY_ROWS = ". . . . .\n"


def _board(text: str):
    return parse_board(parse_boards(text)[0])


@pytest.mark.parametrize("seed", range(40))
def test_posterior_with_unsure_tiles_matches_brute_force(seed):
    rng = random.Random(1000 + seed)
    while True:
        board = random_board(rng, animals=2 + seed % 2, taps=10, tapped=rng.randrange(3, 12), unsure=0.7)
        if board.unsure:
            break
    total, chances = brute_posterior(board)
    post = posterior(joint_placements(board))
    assert post.total == total
    for (r, c, k), p in chances.items():
        assert post.probability(r * 5 + c, k) == p, (r, c, k)


#: How many boards are checked (a constant: the tests are parametrized before they are drawn).
UNSURE_COUNT = 12


@cache
def _unsure_cases():
    """The boards, drawn on first use (by the worker that runs these tests, not by every
    worker collecting the file)."""
    rng = random.Random(11)
    cases = []
    while len(cases) < UNSURE_COUNT:
        animals = 2 + len(cases) % 2
        board = random_board(
            rng, animals=animals, taps=1 + len(cases) % 3, tapped=rng.randrange(8, 14), unsure=0.8
        )
        if board.unsure and len(brute_joint(board)) > 1:
            cases.append(board)
    return cases


@pytest.mark.parametrize("index", range(UNSURE_COUNT))
def test_lookahead_with_unsure_tiles_matches_plain_expectimax(index):
    board = _unsure_cases()[index]
    for objective in (Objective("expected"), Objective("all"), Objective("target", 0)):
        primary, secondary = brute_value(board, objective)
        decision = Lookahead(joint_placements(board), objective).decide(board.taps)
        assert decision.value == primary, objective
        if objective.kind != "expected":
            assert sum(decision.rescue) == secondary, objective


def test_unsure_needs_differ_by_placement_and_certain_taps_can_finish_one():
    # Horse (vertical 3) or Cow (horizontal 3) covers row 1, column 1: each still needs 2 tiles
    # when it is the one there, 3 otherwise, so the placements fall in two need classes.
    board = _board("animals: Horse, Cow\ntaps: 2\n1/2 . . . .\n" + EMPTY_ROWS * 4)
    assert [needs for needs, _ in need_classes(joint_placements(board))] == [(2, 3), (3, 2)]
    for objective in (Objective("expected"), Objective("all")):
        primary, _ = brute_value(board, objective)
        assert Lookahead(joint_placements(board), objective).decide(2).value == primary


@pytest.mark.parametrize(
    "text, value",
    [
        ("region: Mountain\nanimals: Aatxe, Elk, Cougar\ntaps: 1\n. . . - -\n. * 1/2 - .\n"
         "- . . . .\n. * . * -\n. - . - .\n", "2/3"),
        ("region: Farm\nanimals: Horse, Cow, Pig\ntaps: 1\n- - . . .\n1/3 2/3 1/3 . .\n"
         "* . . . .\n. . . . .\n- . - . -\n", "4/7"),
    ],
)
def test_a_certain_tile_can_finish_an_animal_in_some_placements_only(text, value):
    # With unsure tiles, an animal's last tile can be certain while it is finished by it only
    # in some placements: the search must weigh tapping it (found by a random search where
    # leaving such taps out gave a lower value than the plain expectimax).
    board = _board(text)
    assert len(need_classes(joint_placements(board))) > 1
    primary, _ = brute_value(board, Objective("expected"))
    assert primary == Fraction(value)
    assert Lookahead(joint_placements(board), Objective("expected")).decide(board.taps).value == primary


def test_tokens_parse_in_any_order_and_echo():
    board = _board("animals: Horse, Cow, Pig\n3/1 * . . .\n" + EMPTY_ROWS * 4)
    assert board.grid[0][0] == ONE_OF | 0b101 and board.grid[0][1] == ONE_OF | 0b111
    assert board.may_show(1) == 1 << 1 and board.may_show(0) == 0b11
    text = format_board(board)
    assert "1/3 * . . ." in text
    assert parse_board(parse_boards(text)[0]) == board


def test_text_and_json_show_unsure_tiles_with_their_odds():
    # Row 2, column 1 is empty, so a Horse (vertical) cannot hold row 1, column 1: it is the Cow.
    board = _board("animals: Horse, Cow, Pig\ntaps: 8\n1/2 * . . .\n- . . . .\n" + EMPTY_ROWS * 3)
    result = advise(board, budget=0.5)
    data = to_json(result)
    first = data["unsure"][0]
    assert (first["row"], first["col"], first["token"]) == (0, 0, "1/2")
    assert first["one_of"] == ["Horse", "Cow"] and first["Cow"] == 1.0 and first["Horse"] == 0.0
    assert data["unsure"][1]["token"] == "*" and data["unsure"][1]["one_of"] == ["Horse", "Cow", "Pig"]
    assert len(data["cells"]) == 22  # the unsure tiles are tapped, not listed as cells
    json.dumps(data)
    text = to_text(result)
    # The unsure tiles by the names of what they may be, never their tokens (1/2, *).
    assert "Horse or Cow?" in text and "#" not in text and "1/2" not in text
    assert "found tile at row 1, column 1 (Horse or Cow?): Horse 0%, Cow 100%" in text
    assert "found tile at row 1, column 2 (Horse, Cow or Pig?): Horse 0%, Cow 100%, Pig 0%" \
        in text


@pytest.mark.parametrize(
    "token", ["1/1", "1/4", "1/", "/2", "**", "1*"]
)
def test_bad_unsure_tokens_are_refused_by_position(token):
    with pytest.raises(BoardFormatError, match=r"unknown token .* at row 1, column 3"):
        _board(f"animals: Horse, Cow, Pig\n. . {token} . .\n" + EMPTY_ROWS * 4)


def test_unsure_tile_no_candidate_can_cover_is_named():
    # Pig is 2x2: a '*' boxed in by empty tiles fits no animal.
    with pytest.raises(ImpossibleBoardError) as error:
        joint_placements(_board("animals: Pig, Sheep\n* - . . .\n- - . . .\n" + EMPTY_ROWS * 3))
    assert str(error.value) == (
        "the found tile at row 1, column 1 shows Pig or Sheep, but no placement of Pig or Sheep "
        "that agrees with the other tapped tiles covers it"
    )
    assert error.value.cells == ((0, 0),)


def test_unsure_tiles_that_cannot_be_covered_together_are_named():
    # Three corners, each Horse or Cow: two animals of 3 tiles cannot cover all three.
    text = "animals: Horse, Cow\n1/2 . . . 1/2\n" + EMPTY_ROWS * 3 + "1/2 . . . .\n"
    with pytest.raises(ImpossibleBoardError) as error:
        joint_placements(_board(text))
    message = str(error.value)
    assert message.startswith("no placement of the animals covers the tapped tile at row 1, column 1 (Horse or Cow)")
    assert "row 1, column 5 (Horse or Cow)" in message and "row 5, column 1 (Horse or Cow)" in message
    assert set(error.value.cells) == {(0, 0), (0, 4), (4, 0)}


def test_too_many_found_tiles_are_refused():
    with pytest.raises(ImpossibleBoardError, match="11 tapped tiles show an animal but the animals cover only 10 tiles"):
        joint_placements(_board("animals: Pig, Horse, Cow\n* * * * *\n* * * * *\n* . . . .\n" + EMPTY_ROWS * 2))


def test_a_digit_blocked_by_an_unsure_tile_names_its_candidates():
    # Horse at row 1, column 1 needs rows 2 and 3 of column 1; row 2 shows Cow or Pig.
    with pytest.raises(ImpossibleBoardError) as error:
        joint_placements(_board("animals: Horse, Cow, Pig\n1 - . . .\n2/3 . . . .\n" + EMPTY_ROWS * 3))
    assert "the tapped tile at row 2, column 1 (Cow or Pig)" in str(error.value)


def test_taps_beyond_the_board_are_refused_and_beyond_the_untapped_tiles_capped():
    for text in ("100000000000000000000000000", "26", "-1", "ten"):
        with pytest.raises(BoardFormatError, match="'taps'") as error:
            _board(f"animals: Sheep\ntaps: {text}\n" + EMPTY_ROWS * 5)
        assert error.value.line == 2
    assert _board("animals: Sheep\ntaps: 25\n" + EMPTY_ROWS * 5).taps == 25
    # 20 tiles tapped, 5 untapped: 12 taps can only tap those 5.
    board = _board("animals: Sheep\ntaps: 12\n1 1 1 1 -\n" + "- - - - -\n" * 3 + ". . . . .\n")
    assert board.taps == 5


def test_taps_bound_on_the_command_line(run_cli):
    code, out, err = run_cli("solve", "disco-zoo", "-", stdin="animals: Sheep\ntaps: 99999999999\n" + EMPTY_ROWS * 5)
    assert code == 2 and out == ""
    assert "'taps' is at most 25 (the tiles of the board), got '99999999999'" in err
    assert "Traceback" not in err
