"""The exact search prunes with upper bounds; pruning keeps values exact only if no bound is
ever below the true value. Held here against the plain expectimax of the cases module on small
random 2-animal boards (half with unsure ``1/3`` and ``*`` tiles: several need classes): the bound of
the root state, and the ceiling of every tap the search ranks at the root."""

from __future__ import annotations

import random
from fractions import Fraction
from functools import cache

import pytest

from test_disco_zoo_cases import brute_joint, brute_value, random_board
from test_disco_zoo_search import _after_tap
from gridsight.solvers.disco_zoo.lookahead import Lookahead
from gridsight.solvers.disco_zoo.objective import Objective
from gridsight.solvers.disco_zoo.placements import joint_placements


#: How many boards are held against the plain expectimax.
BOARD_COUNT = 8


@cache
def _boards():
    """The boards, drawn on first use (by the worker running this file's tests, not by every
    worker collecting it: about a second of CPU)."""
    rng = random.Random(2207)
    boards = []
    while len(boards) < BOARD_COUNT:
        animals = 2
        board = random_board(rng, animals=animals, taps=1 + len(boards) % 2,
                             tapped=rng.randrange(10, 14), unsure=0.4 if len(boards) % 2 else 0.0)
        searched = Lookahead(joint_placements(board), Objective("expected")).root(board.taps)
        if searched is not None and len(brute_joint(board)) > 2:  # taps to rank at the root
            boards.append(board)
    return boards


def _primary(score: int, search: Lookahead) -> Fraction:
    """The objective's value part of a summed integer score (the tie-break part dropped)."""
    return Fraction(score // search.factor, search.total)


@pytest.mark.parametrize("index", range(BOARD_COUNT))
def test_no_bound_is_below_the_true_value(index):
    board = _boards()[index]
    objectives = [Objective("expected"), Objective("all"),
                  Objective("target", len(board.animals) - 1)]
    checked = 0
    for objective in objectives:
        search = Lookahead(joint_placements(board), objective)
        groups = search._groups(search.full, search.hits0)
        true_value = brute_value(board, objective)[0]
        assert _primary(search._bound(groups, board.taps), search) >= true_value, objective
        root = search.root(board.taps)
        if root is None:
            continue
        _, ranked, bound = root
        assert _primary(bound, search) >= true_value, objective
        for negative_ceiling, _, tile, _ in ranked:
            tapped = _after_tap(board, tile, objective)
            assert _primary(-negative_ceiling, search) >= tapped, (objective, tile)
            checked += 1
    assert checked > 0  # the boards are chosen so that the search ranks taps on each
