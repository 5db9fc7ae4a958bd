"""Hints, forced moves, blocking pieces and counts, each checked against the brute force."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from pentomino_cases import brute_distinct, brute_solutions, random_puzzle, stuck_puzzle
from gridsight.solvers.limit import Limit
from gridsight.solvers.pentomino.analysis import analyse
from gridsight.solvers.pentomino.pieces import orientations
from gridsight.solvers.pentomino.puzzle import make_puzzle

ALGORITHMS = ["bitboard", "dlx"]


def brute_tightest(puzzle):
    """Fewest fitting placements of a piece left per empty cell; ties: reading order."""
    ways = {cell: set() for cell in puzzle.empty_cells}
    for letter in set(puzzle.to_place):
        for shape in orientations(letter):
            for top in range(puzzle.rows):
                for left in range(puzzle.cols):
                    cells = tuple(sorted((top + r, left + c) for r, c in shape))
                    if all(cell in ways for cell in cells):
                        for cell in cells:
                            ways[cell].add((letter, cells))
    cell = min(ways, key=lambda c: (len(ways[c]), c))
    return cell, len(ways[cell])


def cases(n, seed):
    rng = random.Random(seed)
    return [random_puzzle(rng, rows=rng.choice([3, 4, 5]), cols=rng.choice([5, 6]),
                          pieces=rng.choice([2, 3, 4])) for _ in range(n)]


@pytest.mark.parametrize("algorithm", ALGORITHMS)
@pytest.mark.parametrize("puzzle", cases(40, seed=11), ids=lambda p: "|".join(p.rows_text()))
def test_hint_solution_forced_and_counts_match_brute_force(puzzle, algorithm):
    solutions = brute_solutions(puzzle)
    analysis = analyse(puzzle, count=True, algorithm=algorithm, limit=Limit.none())
    assert analysis.solvable is bool(solutions)
    assert analysis.counted.count == len(solutions) and analysis.counted.complete
    assert analysis.counted.distinct == brute_distinct(puzzle, solutions)
    assert not analysis.cut_short
    if not solutions:
        assert analysis.hint is None and analysis.solution is None
        return
    hint = analysis.hint
    placement = (hint.piece, tuple(sorted(hint.cells)))
    assert (hint.tightest, hint.ways) == brute_tightest(puzzle)
    assert hint.tightest in hint.cells
    assert any(placement in s for s in solutions)
    assert hint.forced is all(placement in s for s in solutions)
    # the solution shown is a real completion that uses the hint, and keeps the placed pieces
    shown = analysis.solution
    assert shown.placed[: len(puzzle.placed)] == puzzle.placed
    added = frozenset((p.letter, p.cells) for p in shown.placed[len(puzzle.placed):])
    assert added in solutions and placement in added


@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_blocking_is_every_smallest_set_whose_removal_solves(algorithm):
    rng = random.Random(7)
    checked = 0
    for _ in range(25):
        puzzle = stuck_puzzle(rng)
        analysis = analyse(puzzle, algorithm=algorithm, limit=Limit.none())
        if analysis.solvable:
            assert analysis.blocking == () and analysis.blocking_sets == ()
            continue
        expected = ()
        for size in range(1, len(puzzle.placed) + 1):
            expected = tuple(
                removed for removed in combinations(range(len(puzzle.placed)), size)
                if brute_solutions(puzzle.without(removed))
            )
            if expected:
                break
        assert analysis.blocking_sets == expected
        assert analysis.blocking == (
            tuple(puzzle.placed[i].letter for i in expected[0]) if expected else ()
        )
        checked += 1
    assert checked >= 10


def test_stuck_example_names_the_piece_to_take_back(examples):
    from gridsight.solvers.boardtext import parse_boards
    from gridsight.solvers.pentomino.puzzle import parse_puzzle

    puzzle = parse_puzzle(parse_boards((examples / "pentomino-stuck.txt").read_text())[0])
    analysis = analyse(puzzle)
    assert analysis.solvable is False and analysis.hint is None
    assert analysis.blocking == ("Y",)
    y = [i for i, p in enumerate(puzzle.placed) if p.letter == "Y"]
    assert analysis.blocking_sets == (tuple(y),)
    assert analyse(puzzle.without(y)).solvable is True


def test_forced_hint_on_a_nearly_full_board():
    # 3 x 5 with P U V: with V placed in the right column the rest is forced
    puzzle = make_puzzle(["....V", "....V", "..VVV"], "P U V")
    analysis = analyse(puzzle, count=True)
    assert analysis.counted.count == 1
    assert analysis.hint.forced
    assert analysis.solution.rows_text() == ["UUPPV", "UPPPV", "UUVVV"]


def test_a_full_board_is_solved_and_needs_no_hint():
    analysis = analyse(make_puzzle(["UUVVV", "UPPPV", "UUPPV"], "P U V"), count=True)
    assert analysis.solvable and analysis.hint is None and analysis.counted.count == 1


# Two pieces placed on 6 x 10 that leave no completion; each candidate at the tightest cell
# takes over 20 000 nodes to rule out (more than one slice between two looks at the clock).
DEEP_STUCK = [".....UU...", ".....U..WW", ".....UUWW.", ".......W..", "..........", ".........."]


@pytest.mark.parametrize("engine", ["python", "auto"])
def test_time_limit_cuts_the_solve_short_and_reports_it(engine):
    analysis = analyse(make_puzzle(DEEP_STUCK), limit=Limit(seconds=0), engine=engine)
    assert analysis.solvable is None and analysis.solution is None
    assert analysis.cut_short == ("solve",) and analysis.timed_out
    # Anytime: a hint is still given, the first candidate not ruled out, marked unproven.
    hint = analysis.hint
    assert hint is not None and not hint.proven and not hint.forced
    assert analysis.quality.stopped == "the limit of 0 s of work" and not analysis.quality.exact
    data = analysis.to_json()
    assert data["timed_out"] is True and data["cut_short"] == ["solve"]
    assert data["solvable"] is None and data["hint"]["proven"] is False
    assert data["quality"]["exact"] is False


def test_a_limit_in_states_stops_at_the_same_place_every_time():
    runs = [analyse(make_puzzle(DEEP_STUCK), limit=Limit(seconds=None, states=5000),
                    engine="python") for _ in range(2)]
    assert runs[0].cut_short == ("solve",) and runs[0].hint == runs[1].hint
    assert runs[0].quality.stopped == "the limit of 5,000 states"


def test_deep_stuck_board_is_proved_stuck_and_either_piece_unblocks_it():
    analysis = analyse(make_puzzle(DEEP_STUCK), limit=Limit.none())
    assert analysis.solvable is False and not analysis.cut_short
    assert analysis.blocking_sets == ((0,), (1,)) and analysis.blocking == ("U",)


def test_time_limit_cuts_the_count_short():
    analysis = analyse(make_puzzle(["." * 10] * 6), count=True, limit=Limit(seconds=0))
    assert "count" in analysis.cut_short and analysis.timed_out
    assert not analysis.counted.complete and analysis.counted.count < 9356


def test_limit_stops_the_count_at_n():
    puzzle = make_puzzle(["." * 20] * 3)
    analysis = analyse(puzzle, count=True, max_solutions=3)
    assert analysis.counted.count == 3 and not analysis.counted.complete
    assert analysis.to_json()["count_complete"] is False
    assert analysis.counted.distinct <= 2
    full = analyse(puzzle, count=True, max_solutions=100)
    assert full.counted.count == 8 and full.counted.complete


def test_json_contract_keys():
    data = analyse(make_puzzle(["....."] * 3, "P U V"), count=True).to_json()
    assert list(data) == ["game", "solvable", "solution", "hint", "blocking", "count",
                          "distinct", "count_complete", "timed_out", "cut_short", "quality"]
    assert data["game"] == "pentomino" and data["solvable"] is True
    assert all(set(row) <= set("PUV") for row in data["solution"])
    assert set(data["hint"]) == {"piece", "cells", "forced", "proven"}
    assert data["quality"]["exact"] is True
    assert (data["count"], data["distinct"]) == (4, 1)
