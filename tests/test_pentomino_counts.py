"""The published counts of the classic boards, and the examples shipped in ``examples/``.

Counts: 6x10 has 9356 tilings (2339 up to symmetry), 5x12 4040 (1010), 4x15 1472 (368),
3x20 8 (2), the 8x8 square with a 2x2 hole in the centre 520 (65), the 8x8 square without its
corners 17360 (2170), and 3x5 with P, U, V 4 (1). With the compiled kernel each takes well
under a second; the pure-Python engine and Dancing Links are checked on the smaller boards.
"""

from __future__ import annotations

import pytest

from gridsight.solvers.boardtext import parse_boards
from gridsight.solvers.limit import Limit
from gridsight.solvers.pentomino.analysis import analyse
from gridsight.solvers.pentomino.bitboard import kernel_available
from gridsight.solvers.pentomino.puzzle import parse_puzzle

PUBLISHED = [
    ("pentomino-6x10.txt", 9356, 2339, 4),
    ("pentomino-5x12.txt", 4040, 1010, 4),
    ("pentomino-4x15.txt", 1472, 368, 4),
    ("pentomino-3x20.txt", 8, 2, 4),
    ("pentomino-8x8-hole.txt", 520, 65, 8),
    ("pentomino-8x8-corners.txt", 17360, 2170, 8),
    ("pentomino-3x5-puv.txt", 4, 1, 4),
]


def load(examples, name):
    return parse_puzzle(parse_boards((examples / name).read_text(), source=name)[0])


@pytest.mark.parametrize("name, count, distinct, symmetries", PUBLISHED)
def test_published_counts(examples, name, count, distinct, symmetries):
    counted = analyse(load(examples, name), count=True, limit=Limit.none()).counted
    assert (counted.count, counted.distinct, counted.complete) == (count, distinct, True)
    assert len(counted.symmetries) == symmetries


@pytest.mark.parametrize("name, count, distinct", [
    ("pentomino-partial.txt", 1, 1),  # all twelve pieces, nine to place
    ("pentomino-ring.txt", 24, 3),  # eight symmetries
    ("pentomino-3x5-puv.txt", 4, 1),
])
def test_dancing_links_counts_agree(examples, name, count, distinct):
    """The Dancing Links search counts what the bitboard one counts (the 3 x 20 rectangle's 8
    tilings, 4 s of CPU, till the 38th session: ``bench/bench_pentomino.py``'s section 2)."""
    counted = analyse(load(examples, name), count=True, algorithm="dlx",
                      limit=Limit.none()).counted
    assert (counted.count, counted.distinct) == (count, distinct)


@pytest.mark.slow
def test_python_engine_counts_agree_on_4x15(examples):
    counted = analyse(load(examples, "pentomino-4x15.txt"), count=True, engine="python",
                      limit=Limit.none()).counted
    assert (counted.count, counted.distinct) == (1472, 368)


def test_every_example_parses_and_is_analysed(examples):
    names = sorted(p.name for p in examples.glob("pentomino-*.txt"))
    assert len(names) >= 12
    for name in names:
        analysis = analyse(load(examples, name), limit=Limit(seconds=30))
        assert not analysis.cut_short, name
        if name.startswith("pentomino-stuck"):
            assert analysis.solvable is False and analysis.blocking
        else:
            assert analysis.solvable is True, name


@pytest.mark.parametrize("rows, pieces", [
    ([".....", "....."], "I I"),
    (["....."] * 5, "I I I I I"),
    (["...."] * 5, "I I I I"),
    (["....."] * 3, "U U U"),
    (["......", "......", "###..."], "L L V"),
])
def test_counts_by_enumeration_when_no_piece_can_be_pinned(rows, pieces):
    # Only symmetric or repeated pieces: no piece qualifies for pinning, so every solution is
    # enumerated and each orbit counted at its smallest member; checked against brute force.
    from pentomino_cases import brute_distinct, brute_solutions
    from gridsight.solvers.pentomino.puzzle import make_puzzle

    puzzle = make_puzzle(rows, pieces)
    solutions = brute_solutions(puzzle)
    for algorithm in ("bitboard", "dlx"):
        counted = analyse(puzzle, count=True, algorithm=algorithm).counted
        assert counted.complete
        assert (counted.count, counted.distinct) == (
            len(solutions), brute_distinct(puzzle, solutions))


@pytest.mark.skipif(not kernel_available(), reason="numba is not installed")
def test_kernel_and_python_agree_on_the_8x8_hole(examples):
    puzzle = load(examples, "pentomino-8x8-hole.txt")
    python = analyse(puzzle, count=True, max_solutions=40, engine="python",
                     limit=Limit.none()).counted
    kernel = analyse(puzzle, count=True, max_solutions=40, engine="numba",
                     limit=Limit.none()).counted
    assert python == kernel and python.count == 40 and not python.complete
