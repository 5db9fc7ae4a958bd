"""Disco Zoo: the exact posterior against brute force, certain tiles, impossible boards."""

from __future__ import annotations

import random

import pytest

from test_disco_zoo_cases import brute_posterior, random_board
from gridsight.solvers.boardtext import parse_boards
from gridsight.solvers.disco_zoo.board import parse_board
from gridsight.solvers.disco_zoo.placements import (has_joint_placement, joint_placements,
                                                   posterior)
from gridsight.solvers.errors import ImpossibleBoardError


def _board(text: str):
    return parse_board(parse_boards(text)[0])


@pytest.mark.parametrize("seed", range(40))
def test_posterior_matches_brute_force(seed):
    rng = random.Random(seed)
    board = random_board(rng, animals=1 + seed % 3, taps=10, tapped=rng.randrange(0, 9))
    total, chances = brute_posterior(board)
    post = posterior(joint_placements(board))
    assert post.total == total
    for (r, c, k), p in chances.items():
        assert post.probability(r * 5 + c, k) == p, (r, c, k)


def test_issue_example_counts_and_certain_tiles():
    board = _board(
        "region: Jungle\nanimals: Gorilla, Panda, Tiger\ntaps: 7\n"
        ". . . . .\n. . . - .\n. . 2 . .\n. . . . .\n. . 1 . .\n"
    )
    total, chances = brute_posterior(board)
    post = posterior(joint_placements(board))
    assert post.total == total == 10
    # Gorilla (#.# / #.#) shows at row 5, column 3: the tile above it is Gorilla in every placement.
    assert post.certain(3 * 5 + 2) == (True, 0)
    assert post.certain(1 * 5 + 1) == (True, None)
    assert post.certain(0) == (False, None)


def test_pet_joins_the_joint_placements():
    board = _board("animals: Sheep, Dog\n" + ". . . . .\n" * 5)
    total, _ = brute_posterior(board)
    assert posterior(joint_placements(board)).total == total


def _impossible(text: str) -> ImpossibleBoardError:
    with pytest.raises(ImpossibleBoardError) as error:
        joint_placements(_board(text))
    return error.value


def test_animal_on_more_tiles_than_its_pattern():
    error = _impossible(
        "animals: Gorilla, Panda, Tiger\n2 2 2 2 .\n. . . . .\n. . . . .\n. . . . .\n. . . . .\n"
    )
    assert str(error) == "Panda shows on 4 tiles but its pattern has 3"
    assert len(error.cells) == 4


def test_tile_blocked_by_a_tapped_empty_tile_names_both():
    # Tiger is '#.##': a Tiger at row 3, column 1 needs row 3, column 3 and row 3, column 4.
    error = _impossible(
        "animals: Gorilla, Panda, Tiger\n. . . . .\n. . . . .\n3 . - . .\n. . . . .\n. . . . .\n"
    )
    assert str(error) == (
        "no placement of Tiger covers the Tiger tile at row 3, column 1 without covering "
        "the tapped empty tile at row 3, column 3"
    )
    assert set(error.cells) == {(2, 0), (2, 2)}


def test_pattern_that_cannot_cover_the_shown_tiles():
    # Hippo is the four corners of a 3x3 square: never two side-by-side tiles.
    error = _impossible("animals: Hippo\n. . . . .\n. . . . .\n. 1 1 . .\n. . . . .\n. . . . .\n")
    assert str(error) == (
        "no placement of Hippo covers the Hippo tiles at row 3, column 2 and row 3, column 3 "
        "(its pattern does not fit that way)"
    )


def test_pair_that_cannot_fit_is_named():
    # Only row 4 is open; Pig (2x2) has no room at all, so it is named on its own.
    text = "animals: Pig, Sheep\n" + "- - - - -\n" * 4 + ". . . . .\n"
    assert "no placement of Pig fits on the board" in str(_impossible(text))
    # Both Sheep (1x4) and Cow (1x3) fit in row 4 alone, but not together.
    text = "animals: Sheep, Cow\n" + "- - - - -\n" * 4 + ". . . . .\n"
    error = _impossible(text)
    assert str(error) == "Sheep and Cow cannot both fit on the board without overlapping"


def test_three_animals_that_fit_in_pairs_but_not_together():
    # Only rows 3 and 4 are open. Sheep (1x4) and Cow (1x3) fit one per row, Unicorn
    # (#.. / .##) fits beside either, but the three together need more room than 10 tiles give.
    text = "region: Farm\nanimals: Sheep, Cow, Unicorn\n" + "- - - - -\n" * 3 + ". . . . .\n" * 2
    error = _impossible(text)
    assert str(error) == "Sheep, Cow and Unicorn cannot all fit on the board without overlapping"


@pytest.mark.parametrize("searched", [4096, 1])  # the walk, and numpy's combinations for all
def test_has_joint_placement_is_joint_placements_finding_one(monkeypatch, searched):
    """Boards drawn from a true placement (a tile misread now and then), random tokens and
    unsure tiles: ``has_joint_placement`` says yes exactly when ``joint_placements`` finds
    one rather than refusing the board."""
    from gridsight.solvers.disco_zoo import placements
    from gridsight.solvers.disco_zoo.board import EMPTY, UNTAPPED, RescueBoard, one_of
    from gridsight.solvers.disco_zoo.catalogue import load_catalogue

    monkeypatch.setattr(placements, "SEARCHED", searched)
    catalogue = load_catalogue()
    rng = random.Random(searched)
    seen = {True: 0, False: 0}
    for k in range(700):
        region = rng.choice(sorted(catalogue.regions))
        animals = tuple(rng.sample(catalogue.regions[region], rng.randint(1, 3)))
        if rng.random() < 0.2:
            animals += (rng.choice(catalogue.pets),)
        grid = [[UNTAPPED] * 5 for _ in range(5)]
        truth, used = [], 0
        for animal in animals:
            room = [m for m in animal.placements() if not m & used] or [0]
            truth.append(rng.choice(room))
            used |= truth[-1]
        for tile in rng.sample(range(25), rng.randint(0, 13)):
            shows = next((j + 1 for j, m in enumerate(truth) if m >> tile & 1), EMPTY)
            if k % 2 or rng.random() < 0.1:
                shows = rng.randint(0, len(animals))
            grid[tile // 5][tile % 5] = shows
        if rng.random() < 0.15:
            for tile in rng.sample(range(25), rng.randint(1, 3)):
                grid[tile // 5][tile % 5] = one_of(rng.randint(1, (1 << len(animals)) - 1))
        board = RescueBoard(region, animals, 10, tuple(map(tuple, grid)))
        try:
            joint_placements(board)
            found = True
        except ImpossibleBoardError:
            found = False
        assert has_joint_placement(board) == found, board
        seen[found] += 1
    assert min(seen.values()) > 150  # both answers well tried
