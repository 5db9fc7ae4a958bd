"""Every tile-path search called on its own (not through ``analyse``) honours one ``Limit``,
and runs bounded by default: ``decide``, ``leave_one_analysis`` and ``check_walk_so_far`` once
needed ``max_states`` passed (``None``, no bound, was their default) and took only a running
meter (``Limit.memory`` ignored, no limit at all when none was given)."""

from __future__ import annotations

import inspect

import pytest

from gridsight.solvers.boardtext import parse_boards
from gridsight.solvers.limit import Limit
from gridsight.solvers.tile_path import analysis, frontier, limits
from gridsight.solvers.tile_path.board import parse_board
from gridsight.solvers.tile_path.frontier import FrontierBoard

ENTRY_POINTS = (analysis.decide, analysis.leave_one_analysis, analysis.check_walk_so_far,
                analysis.analyse, frontier.run, frontier.hamiltonian_path,
                frontier.longest_walk)
OPEN = frozenset((r, c) for r in range(5) for c in range(5))  # a walk exists from a corner
MEMORY_STOP = "the memory bound of 1 byte (less than one state held: 60 bytes) reached"


def _board(text: str):
    return parse_board(parse_boards(text)[0])


@pytest.mark.parametrize("entry", ENTRY_POINTS, ids=lambda f: f.__name__)
def test_each_entry_point_is_bounded_by_default(entry):
    parameters = inspect.signature(entry).parameters
    assert parameters["max_states"].default == limits.DEFAULT_MAX_STATES
    assert "limit" in parameters
    assert parameters["limit"].default in (None, Limit())


def test_decide_honours_the_limits_memory_without_max_states():
    decision = analysis.decide(5, 5, OPEN, (0, 0), None, limit=Limit(memory=1), engine="python")
    assert decision.exists is None and decision.stopped == MEMORY_STOP
    exact = analysis.decide(5, 5, OPEN, (0, 0), None, engine="python")
    assert exact.exists and exact.path is not None and not exact.stopped


def test_decide_without_a_limit_runs_under_the_default_one(monkeypatch):
    monkeypatch.setattr(limits, "DEFAULT_LIMIT", Limit(memory=1))
    decision = analysis.decide(5, 5, OPEN, (0, 0), None, engine="python")
    assert decision.exists is None and decision.stopped == MEMORY_STOP


def test_leave_one_analysis_honours_the_limit():
    """A 4 x 5 open board (tiles the quick proofs leave to a search): under ``Limit(memory=1)``
    the whole board's run stops at the bound and the searched tiles are left open, named."""
    board = _board("S . . .\n. . . .\n. . . .\n. . . .\n. . . .")
    results, left_open, why = analysis.leave_one_analysis(board, limit=Limit(memory=1),
                                                          engine="python")
    assert left_open and why == MEMORY_STOP
    full, none_open, _ = analysis.leave_one_analysis(board, engine="python")
    assert not none_open and len(full) == len(board.uncrossed)
    assert len(results) + len(left_open) == len(full)


def test_check_walk_so_far_honours_the_limit():
    board = _board("S x x x\nx x x x\nL . . .\n. . . .\n. . . .")
    warning = analysis.check_walk_so_far(board, limit=Limit(memory=1), engine="python")
    assert warning is not None and MEMORY_STOP in warning
    assert analysis.check_walk_so_far(board, engine="python") is None


def test_frontier_entry_points_honour_the_limit():
    with pytest.raises(limits.StatesHeldExceeded):
        frontier.hamiltonian_path(5, 5, OPEN, (0, 0), limit=Limit(memory=1), engine="python")
    with pytest.raises(limits.StatesHeldExceeded):
        frontier.longest_walk(5, 5, OPEN, (0, 0), limit=Limit(memory=1), engine="python")
    with pytest.raises(limits.StatesHeldExceeded):
        frontier.run(FrontierBoard(5, 5, OPEN, (0, 0), None), limit=Limit(memory=1),
                     engine="python")
    assert frontier.hamiltonian_path(5, 5, OPEN, (0, 0), engine="python").found


@pytest.mark.parametrize(("limit", "meter", "max_states", "error", "words"), [
    (Limit(), Limit().start(), 10, TypeError, "not both"),
    ("20 s", None, 10, TypeError, "must be a Limit or a Meter, not str"),
    (None, None, 0, ValueError, "at least 1 state, not 0"),
    (None, None, 2.5, TypeError, "whole number of states, not 2.5"),
    (None, None, True, TypeError, "whole number of states, not True"),
])
def test_wrong_bounds_are_refused_in_words(limit, meter, max_states, error, words):
    with pytest.raises(error, match=words):
        analysis.decide(5, 5, OPEN, (0, 0), None, limit=limit, meter=meter,
                        max_states=max_states)
