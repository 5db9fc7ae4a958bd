"""The tile-path analysis under its time limit and memory bound: it says exactly what it proved.

A bound never turns into a guess: the main question is answered, or reported undecided with
the states searched; next moves and leave-one tiles a bound left open are listed as such. To
stop a search at a chosen point without timing anything, some tests hand the analysis a budget
whose deadline passes when the test says so.
"""

from __future__ import annotations

import argparse
import math

import pytest

from gridsight.games.tile_path.adapter import GAME, to_json, to_text
from solvers.boardtext import parse_boards
from solvers.tile_path import analysis, frontier
from solvers.tile_path.analysis import analyse
from solvers.tile_path.board import parse_board
from solvers.tile_path.limits import (
    DEFAULT_MAX_STATES,
    DEFAULT_TIME_LIMIT,
    Budget,
    TimeLimitExceeded,
)


def board_of(text: str):
    return parse_board(parse_boards(text)[0])


def open_text(n: int, start=(0, 0)) -> str:
    return "\n".join(
        " ".join("S" if (r, c) == start else "." for c in range(n)) for r in range(n)
    )


class SwitchedBudget(Budget):
    """A budget whose deadline passes when ``passed[0]`` is set (no clock involved)."""

    def __new__(cls, passed: list[bool]):
        return super().__new__(cls)

    def __init__(self, passed: list[bool]):
        super().__init__(None, None, 1.0)
        object.__setattr__(self, "passed", passed)

    def expired(self) -> bool:
        return self.passed[0]


def test_budget_refuses_negative_and_nan_limits():
    for bad in (-1.0, -0.001, math.nan):
        with pytest.raises(ValueError):
            Budget.from_limits(bad, None)
    with pytest.raises(ValueError):
        Budget.from_limits(None, 0)
    assert Budget.from_limits(math.inf, None).deadline is None


def test_defaults_are_bounded():
    assert DEFAULT_TIME_LIMIT > 0 and DEFAULT_MAX_STATES > 0
    options = argparse.ArgumentParser()
    GAME.add_solve_arguments(options)
    parsed = options.parse_args([])
    assert parsed.time_limit == DEFAULT_TIME_LIMIT and parsed.max_states == DEFAULT_MAX_STATES


def test_undecided_main_question_names_the_states_searched():
    result = analyse(board_of(open_text(14)), time_limit=0.0)
    assert result.exists is None and not result.decided and result.path is None
    assert result.proven == f"undecided after 0 s: searched {result.nodes:,} states"
    assert result.stopped == "time limit of 0 s reached"
    data = to_json(result)
    assert data["solvable"] is None and data["proven"] == result.proven
    assert f"Full walk: {result.proven}." in to_text(result)


def test_memory_bound_names_itself():
    result = analyse(board_of(open_text(12)), time_limit=None, max_states=3000)
    assert result.exists is None and result.nodes > 0
    assert result.proven == (
        f"undecided: memory bound of 3,000 states reached (searched {result.nodes:,} states)"
    )


def test_quick_proofs_answer_even_with_no_time_at_all():
    # 11 x 11 from a minority tile: parity settles it before any search.
    result = analyse(board_of(open_text(11, start=(0, 1))), time_limit=0.0)
    assert result.proven == "no full walk: parity"
    assert result.leave_one == () and len(result.undecided) == 120
    assert any("time limit" in w and "120 tile(s)" in w for w in result.warnings)
    assert any("fewest tiles left was not computed" in w for w in result.warnings)


def test_witness_cut_short_still_reports_that_a_walk_exists(monkeypatch):
    def stop(*args, **kwargs):
        raise TimeLimitExceeded()

    monkeypatch.setattr(frontier, "_rebuild", stop)
    result = analyse(board_of(open_text(4)), time_limit=5.0)
    assert result.exists is True and result.path is None
    assert result.proven == (
        "a full walk exists (the witness walk was not rebuilt: time limit of 5 s reached)"
    )
    assert to_json(result)["solvable"] is True and to_json(result)["path"] is None
    assert result.proven in to_text(result)


def test_next_moves_a_bound_left_open_are_listed(monkeypatch):
    passed = [False]
    monkeypatch.setattr(analysis.Budget, "from_limits", lambda *a: SwitchedBudget(passed))
    original = analysis._next_moves

    def after_the_main_answer(*args):
        passed[0] = True
        return original(*args)

    monkeypatch.setattr(analysis, "_next_moves", after_the_main_answer)
    # Link in the middle of the top row of an open 4 x 5: left, right and down all work.
    board = board_of(". . S . .\n. . . . .\n. . . . .\n. . . . .\n")
    result = analyse(board)
    first = analysis.moves_of(result.path)[0]
    assert result.next == (first,)
    assert set(result.next_undecided) == {"left", "right", "down"} - {first}
    assert any("next move(s)" in w for w in result.warnings)
    assert to_json(result)["next_undecided"] == list(result.next_undecided)


def test_leave_one_cut_short_lists_the_open_tiles(monkeypatch):
    passed = [False]
    monkeypatch.setattr(analysis.Budget, "from_limits", lambda *a: SwitchedBudget(passed))
    original = analysis.decide
    calls = []

    def count(*args, **kwargs):
        calls.append(1)
        if len(calls) == 4:  # the main answer, then three leave-one tiles
            passed[0] = True
        return original(*args, **kwargs)

    monkeypatch.setattr(analysis, "decide", count)
    # No full walk (only the search shows it), and six tiles the leave-one must search.
    board = board_of("S . . . #\n. . . . #\n. . # . .\n. . # . .\n")
    result = analyse(board)
    assert result.exists is False and result.proof.kind == "search"
    decided = {r.tile for r in result.leave_one}
    assert decided and result.undecided
    assert decided.isdisjoint(result.undecided)
    assert len(decided) + len(result.undecided) == len(board.uncrossed)
    assert any("tile(s) of the leave-one analysis undecided" in w for w in result.warnings)


def test_walk_so_far_unchecked_is_a_warning_not_a_guess():
    board = board_of("S x x #\n. . L .\nE . . .\n")
    result = analyse(board, time_limit=0.0)
    assert any("not checked" in w for w in result.warnings)
