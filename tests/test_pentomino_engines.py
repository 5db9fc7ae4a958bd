"""The algorithms and engines against an independent brute force, and against each other.

Three ways to the same answers: Algorithm X with Dancing Links, the bitboard search in pure
Python and the same search compiled with numba. On random small puzzles (many unsolvable)
each must find exactly the brute force's solutions; on larger boards they must agree.
"""

from __future__ import annotations

import random

import pytest

from pentomino_cases import brute_solutions, random_puzzle
from gridsight.solvers.pentomino.bitboard import build_tables, kernel_available, search
from gridsight.solvers.limit import Limit
from gridsight.solvers.pentomino.dlx import ExactCover
from gridsight.solvers.pentomino.algorithms import BitboardSearch, DlxSearch
from gridsight.solvers.pentomino.puzzle import make_puzzle

ENGINES = ["python"] + (["numba"] if kernel_available() else [])


def as_sets(engine, solutions):
    return sorted(
        (frozenset((engine.placements[i].letter, engine.placements[i].cells) for i in s)
         for s in solutions),
        key=sorted,
    )


def random_cases(n: int, seed: int):
    rng = random.Random(seed)
    return [random_puzzle(rng, rows=rng.choice([3, 4, 5]), cols=rng.choice([4, 5, 6]),
                          pieces=rng.choice([2, 3, 4])) for _ in range(n)]


@pytest.mark.parametrize("puzzle", random_cases(60, seed=5), ids=lambda p: "|".join(p.rows_text()))
def test_every_algorithm_and_engine_finds_exactly_the_brute_force_solutions(puzzle):
    expected = brute_solutions(puzzle)
    dlx = DlxSearch(puzzle)
    assert as_sets(dlx, dlx.solutions(None)) == expected
    for engine in ENGINES:
        bitboard = BitboardSearch(puzzle, engine)
        assert as_sets(bitboard, bitboard.solutions(None)) == expected, engine
        found = bitboard.find((), None, None)
        assert found.count == len(expected) and found.complete and not found.stopped


def test_duplicate_pieces_are_not_counted_twice():
    # two copies of I fill a 2 x 5 rectangle in exactly one way (swapping them is the same)
    puzzle = make_puzzle([".....", "....."], "I I")
    assert len(brute_solutions(puzzle)) == 1
    assert DlxSearch(puzzle).find((), None, None).count == 1
    for engine in ENGINES:
        assert BitboardSearch(puzzle, engine).find((), None, None).count == 1


@pytest.mark.parametrize("rows, pieces", [
    (["......", "......", "###..."], "L L V"),
    (["........", ".......#"], "L L P"),
    (["........", ".......#"], "P P P"),
])
def test_duplicates_with_more_freedom_match_brute_force(rows, pieces):
    puzzle = make_puzzle(rows, pieces)
    expected = brute_solutions(puzzle)
    assert len(expected) == 2
    assert DlxSearch(puzzle).find((), None, None).count == len(expected)
    for engine in ENGINES:
        assert BitboardSearch(puzzle, engine).find((), None, None).count == len(expected)


@pytest.mark.skipif(not kernel_available(), reason="numba is not installed")
def test_engines_give_identical_solutions_in_identical_order():
    tables = build_tables(make_puzzle(["." * 20] * 3))
    python = search(tables, keep=100, engine="python")
    compiled = search(tables, keep=100, engine="numba")
    assert python.count == compiled.count == 8
    assert python.solutions == compiled.solutions
    assert python.nodes > compiled.nodes  # the kernel prunes regions (same solutions)
    # a pinned placement and a limit
    for fixed in [(5,), (700,), (1200,)]:
        python = search(tables, fixed=fixed, limit=1, keep=1, engine="python")
        compiled = search(tables, fixed=fixed, limit=1, keep=1, engine="numba")
        assert (python.count, python.solutions, python.complete) == (
            compiled.count, compiled.solutions, compiled.complete)


def test_limit_stops_the_count_and_says_so():
    tables = build_tables(make_puzzle(["." * 5] * 3, "P U V"))
    for engine in ENGINES:
        result = search(tables, limit=2, keep=5, engine=engine)
        assert result.count == 2 and not result.complete and not result.stopped
        assert len(result.solutions) == 2


def test_the_limit_stops_every_engine_and_says_so():
    puzzle = make_puzzle(["." * 10] * 6)
    for engine in ENGINES:
        result = search(build_tables(puzzle), meter=Limit(seconds=0.05).start(), engine=engine)
        assert result.stopped and not result.complete and result.count < 9356
    found = DlxSearch(puzzle).find((), None, Limit(seconds=0.05).start())
    assert found.stopped and not found.complete


def test_a_limit_in_states_stops_every_engine_after_about_that_many():
    puzzle = make_puzzle(["." * 10] * 6)
    for engine in ENGINES:
        meter = Limit(seconds=None, states=30_000).start()
        result = search(build_tables(puzzle), meter=meter, engine=engine)
        assert result.stopped and 30_000 <= meter.states < 40_000, engine


def test_dancing_links_restores_the_matrix_after_every_search():
    puzzle = make_puzzle(["." * 5] * 3, "P U V")
    engine = DlxSearch(puzzle)
    before = (list(engine.cover.left), list(engine.cover.right), list(engine.cover.up),
              list(engine.cover.down), list(engine.cover.size))
    assert engine.find((), None, None).count == 4
    assert engine.find((0,), 1, None).count <= 1
    engine.find((), None, Limit(seconds=0).start())
    after = (engine.cover.left, engine.cover.right, engine.cover.up, engine.cover.down,
             engine.cover.size)
    assert list(before) == [list(x) for x in after]


def test_exact_cover_on_a_textbook_matrix():
    # Knuth's example from "Dancing Links": the only cover is rows 0, 3, 4
    rows = [[2, 4, 5], [0, 3, 6], [1, 2, 5], [0, 3], [1, 6], [3, 4, 6]]
    cover = ExactCover(7, rows)
    assert [sorted(s) for s in cover.solutions()] == [[0, 3, 4]]
    assert cover.first(fixed=[1]) is None


def test_boards_over_64_cells_use_python_and_agree():
    # 6 x 11 with a column outside the shape: 66 bits, too many for the kernel's int64
    rows = ["#" + "." * 10] * 6
    puzzle = make_puzzle(rows)
    tables = build_tables(puzzle)
    assert tables.bits == 66
    result = search(tables, limit=3, keep=3)  # "auto" must fall back to Python
    assert result.count == 3 and len(result.solutions) == 3
    plain = build_tables(make_puzzle(["." * 10] * 6))
    shifted = {tuple(sorted((p.letter, tuple((r, c - 1) for r, c in p.cells))
                            for p in (tables.placements[i] for i in s))) for s in result.solutions}
    first_three = search(plain, limit=3, keep=3, engine="python").solutions
    expected = {tuple(sorted((p.letter, p.cells) for p in (plain.placements[i] for i in s)))
                for s in first_three}
    assert shifted == expected


def test_an_exact_cover_refuses_a_row_naming_a_column_past_the_last():
    """Column ``columns`` is one past the last: refused by name, as a negative one is (an
    off-by-one there was caught by nothing)."""
    from gridsight.solvers.pentomino.dlx import ExactCover

    for column in (3, -1):
        with pytest.raises(ValueError, match=f"names column {column} outside 0..2"):
            ExactCover(3, [[0, 1], [column]])
    assert ExactCover(3, [[0, 1], [2]]).first() == [0, 1]
