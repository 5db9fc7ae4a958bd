"""The tile-path analysis under its time limit and memory bound: it says exactly what it proved.

A bound never turns into a guess: the main question is answered, or reported undecided with
the states searched; next moves and leave-one tiles a bound left open are listed as such. To
stop a search at a chosen point without timing anything, some tests hand the analysis a meter
that is reached when the test says so.
"""

from __future__ import annotations

import argparse

import pytest

from gridsight.games.tile_path.adapter import GAME, to_json, to_text
from gridsight.solvers.boardtext import parse_boards
from gridsight.solvers.limit import DEFAULT_SECONDS, Limit, LimitReached, Meter, amount
from gridsight.solvers.tile_path import analysis, frontier
from gridsight.solvers.tile_path.analysis import analyse
from gridsight.solvers.tile_path.board import parse_board
from gridsight.solvers.tile_path.limits import DEFAULT_MAX_STATES


def board_of(text: str):
    return parse_board(parse_boards(text)[0])


def open_text(n: int, start=(0, 0)) -> str:
    return "\n".join(
        " ".join("S" if (r, c) == start else "." for c in range(n)) for r in range(n)
    )


class SwitchedMeter(Meter):
    """A meter reached when ``passed[0]`` is set (no clock involved)."""

    def __init__(self, passed: list[bool]):
        super().__init__(Limit.none())
        self.passed = passed

    def reached(self) -> bool:
        if self.passed[0] and self.reason is None:
            self.reason = "the switched limit"
        return self.reason is not None


def test_analyse_refuses_a_memory_bound_below_one_state():
    with pytest.raises(ValueError):
        analyse(board_of(open_text(3)), max_states=0)


def test_defaults_are_bounded():
    assert DEFAULT_SECONDS > 0 and DEFAULT_MAX_STATES > 0
    options = argparse.ArgumentParser()
    GAME.add_solve_arguments(options)
    parsed = GAME.options_from(options.parse_args([]))
    assert parsed.limit.seconds == DEFAULT_SECONDS and parsed.max_states == DEFAULT_MAX_STATES


def test_undecided_main_question_names_the_states_searched_and_still_shows_a_move():
    result = analyse(board_of(open_text(14)), limit=Limit(seconds=0))
    assert result.exists is None and not result.decided and result.path is None
    assert result.proven == (f"undecided: the limit of 0 s of work reached (searched "
                             f"{amount(result.nodes, 'state')})")
    assert result.stopped == "the limit of 0 s of work reached"
    # Anytime: a move no quick proof rules out (from the corner: right or down), unproven.
    assert result.guess in ((0, 1), (1, 0))
    assert not result.quality.exact and result.quality.stopped == "the limit of 0 s of work"
    data = to_json(result)
    assert data["solvable"] is None and data["proven"] == result.proven
    assert data["guess"] == {"row": result.guess[0], "col": result.guess[1]}
    assert f"Full walk: {result.proven}." in to_text(result)
    advice = GAME.solve(parse_boards(open_text(14))[0],
                        GAME.options_type(limit=Limit(seconds=0))).advice
    assert [(c.row, c.col) for c in advice.recommend] == [result.guess]
    assert "unproven" in advice.status and not advice.quality.exact


def test_a_limit_in_states_stops_at_the_same_place_every_time():
    runs = [analyse(board_of(open_text(12)), limit=Limit(seconds=None, states=20_000),
                    engine="python") for _ in range(2)]
    assert runs[0].exists is None and runs[0].nodes == runs[1].nodes > 0
    assert runs[0].stopped == "the limit of 20,000 states reached"


def test_memory_bound_names_itself():
    result = analyse(board_of(open_text(12)), limit=Limit.none(), max_states=3000)
    assert result.exists is None and result.nodes > 0
    assert result.proven == (
        f"undecided: the limit of 3,000 states held at once reached (searched {result.nodes:,} "
        "states)"
    )


def test_quick_proofs_answer_even_with_no_time_at_all():
    # 11 x 11 from a minority tile: parity settles it before any search.
    result = analyse(board_of(open_text(11, start=(0, 1))), limit=Limit(seconds=0))
    assert result.proven == "no full walk: parity"
    assert result.leave_one == () and len(result.undecided) == 120
    assert any("limit of 0 s" in w and "120 tile(s)" in w for w in result.warnings)
    # The fewest tiles left is no search's: a quick walk leaving one is the fewest, since
    # parity proves at least one is left.
    assert result.fewest_left == 1 and len(result.best_path) == 120
    assert not any("fewest tiles left" in w for w in result.warnings)
    assert not result.quality.exact


def test_witness_cut_short_still_reports_that_a_walk_exists(monkeypatch):
    def stop(*args, **kwargs):
        raise LimitReached("the limit of 5 s of work")

    monkeypatch.setattr(frontier, "_rebuild", stop)
    result = analyse(board_of(open_text(4)), limit=Limit(seconds=5.0))
    assert result.exists is True and result.path is None
    assert result.proven == (
        "a full walk exists (the witness walk was not rebuilt: the limit of 5 s of work "
        "reached)"
    )
    assert to_json(result)["solvable"] is True and to_json(result)["path"] is None
    assert result.proven in to_text(result)


def test_next_moves_a_bound_left_open_are_listed(monkeypatch):
    passed = [False]
    original = analysis._next_moves

    def after_the_main_answer(*args):
        passed[0] = True
        return original(*args)

    monkeypatch.setattr(analysis, "_next_moves", after_the_main_answer)
    # Link in the middle of the top row of an open 4 x 5: left, right and down all work.
    board = board_of(". . S . .\n. . . . .\n. . . . .\n. . . . .\n")
    result = analyse(board, limit=SwitchedMeter(passed))
    first = analysis.moves_of(result.path)[0]
    assert result.next == (first,)
    assert set(result.next_undecided) == {"left", "right", "down"} - {first}
    assert any("next move(s)" in w for w in result.warnings)
    assert to_json(result)["next_undecided"] == list(result.next_undecided)


def test_leave_one_cut_short_lists_the_open_tiles(monkeypatch):
    passed = [False]
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
    result = analyse(board, limit=SwitchedMeter(passed))
    assert result.exists is False and result.proof.kind == "search"
    decided = {r.tile for r in result.leave_one}
    assert decided and result.undecided
    assert decided.isdisjoint(result.undecided)
    assert len(decided) + len(result.undecided) == len(board.uncrossed)
    assert any("tile(s) of the leave-one analysis undecided" in w for w in result.warnings)


def test_walk_so_far_unchecked_is_a_warning_not_a_guess():
    board = board_of("S x x #\n. . L .\nE . . .\n")
    result = analyse(board, limit=Limit(seconds=0))
    assert any("not checked" in w for w in result.warnings)


# A plus of corridors from Link's tile: four dead ends, so no full walk (a quick proof), and
# the fewest tiles left needs a search, which one state of work cannot do.
PLUS = "# # . # #\n# # . # #\n. . S . .\n# # . # #\n# # . # #\n"


def _best_first_moves(board) -> tuple[set, int]:
    """The exhaustive answer by plain depth-first search: the first moves that start a
    longest walk, and the fewest tiles left."""
    from gridsight.solvers.tile_path.board import neighbours
    from gridsight.solvers.tile_path.dfs import dfs_longest

    here, rest = board.current, board.tiles - {board.current}
    longest = {n: len(dfs_longest(rest, n, board.end).path or ()) for n in
               neighbours(here, rest)}
    most = max(longest.values())
    return {n for n, k in longest.items() if k == most}, len(board.tiles) - 1 - most


def test_no_full_walk_stopped_still_gives_a_move_said_unproven_and_names_the_limit():
    """Stopped before the fewest tiles left is known, the analysis still says what it proved
    (no full walk: dead ends) and gives the first step of a quick walk, unproven; the move
    starts a longest walk and the walk leaves no fewer tiles than the exhaustive answer."""
    board = board_of(PLUS)
    exact = analyse(board)
    stopped = analyse(board, limit=Limit(states=1))
    assert exact.exists is False and stopped.exists is False  # proven by a quick proof
    assert stopped.fewest_left is None and stopped.limited == "the limit of 1 state reached"
    walk = stopped.guess_walk
    assert walk is not None and walk[0] == board.current and stopped.guess == walk[1]
    assert len(set(walk)) == len(walk) and set(walk) <= board.tiles
    assert all(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 for a, b in zip(walk, walk[1:]))
    firsts, fewest = _best_first_moves(board)
    assert exact.fewest_left == fewest == 6
    assert stopped.guess in firsts and len(board.tiles) - len(walk) >= fewest
    assert stopped.quality.exact is False and "unproven" in stopped.quality.method
    status = to_text(stopped).splitlines()[0]
    assert status.startswith("Step ") and "unproven: the limit of 1 state reached" in status
    assert "no full walk exists" in status and "a quick walk this way leaves 6 tiles" in status
    data = to_json(stopped)
    assert data["solvable"] is False and data["guess_walk"] and data["fewest_left"] is None


def test_a_quick_walk_leaving_one_tile_is_the_fewest_when_no_full_walk_exists(examples):
    """No full walk (parity) means at least one tile is left, so a quick walk leaving one is
    the exact fewest, even when the search for it was stopped (the Hero's Cave at 1 state)."""
    board = board_of((examples / "tile-path-heros-cave.txt").read_text())
    stopped = analyse(board, limit=Limit(states=1))
    assert stopped.exists is False and stopped.proof.kind == "parity"
    assert stopped.fewest_left == 1 and stopped.guess_walk is None
    assert len(board.tiles) - len(stopped.best_path) == 1
    status = to_text(stopped).splitlines()[0]
    assert status.startswith("Step ") and status.endswith("leaving 1 tile")


def test_undecided_gives_a_move_that_keeps_a_full_walk_possible_on_a_small_board():
    """Undecided (one state of work), the move shown is unproven and says the limit; the
    exhaustive search agrees a full walk goes on from it."""
    from gridsight.solvers.tile_path.dfs import dfs_full_walk

    board = board_of(open_text(4))
    stopped = analyse(board, limit=Limit(states=1))
    assert stopped.exists is None and stopped.guess is not None
    rest = board.tiles - {board.current}
    assert dfs_full_walk(rest, stopped.guess, board.end).path is not None
    status = to_text(stopped).splitlines()[0]
    assert "(unproven; undecided: the limit of 1 state reached" in status


def test_the_cli_says_a_stopped_search_stopped_and_still_gives_a_move(run_cli, tmp_path):
    path = tmp_path / "plus.txt"
    path.write_text(PLUS)
    code, out, err = run_cli("solve", "tile-path", str(path), "--time-limit", "0.000001")
    first = out.splitlines()[0]
    assert code == 0 and "Traceback" not in err, err
    assert first.startswith("Step ") and "unproven: the limit of 0.000001 s of work reached" in first
    assert "No full walk exists" not in first
    words = " ".join(out.split())
    assert "before the fewest tiles left was found; a quick walk (not proven the best)" in words
