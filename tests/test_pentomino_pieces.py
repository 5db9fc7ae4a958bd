"""The twelve pieces, their fixed orientations, and the placements on the classic boards."""

from __future__ import annotations

from gridsight.solvers.pentomino.pieces import LETTERS, normalise, orientations, shape_letter
from gridsight.solvers.pentomino.placements import placements
from gridsight.solvers.pentomino.puzzle import make_puzzle


def test_63_fixed_orientations_with_the_known_count_per_piece():
    expected = {"X": 1, "I": 2, "T": 4, "U": 4, "V": 4, "W": 4, "Z": 4,
                "F": 8, "L": 8, "N": 8, "P": 8, "Y": 8}
    assert {letter: len(orientations(letter)) for letter in LETTERS} == expected
    assert sum(len(orientations(letter)) for letter in LETTERS) == 63


def test_orientations_are_pentominoes_closed_under_turns_and_mirrors():
    for letter in LETTERS:
        shapes = set(orientations(letter))
        assert len(shapes) == len(orientations(letter))
        for shape in shapes:
            assert len(shape) == 5 and shape == normalise(shape)
            assert normalise([(c, -r) for r, c in shape]) in shapes  # quarter turn
            assert normalise([(r, -c) for r, c in shape]) in shapes  # mirror
            assert shape_letter(shape) == letter
    # no two pieces share a shape
    all_shapes = [s for letter in LETTERS for s in orientations(letter)]
    assert len(set(all_shapes)) == 63


def test_placements_on_the_classic_rectangles():
    assert len(placements(make_puzzle(["." * 10] * 6))) == 2056
    assert len(placements(make_puzzle(["." * 20] * 3))) == 1236


def test_placements_avoid_covered_and_outside_cells():
    puzzle = make_puzzle(["#.....", "......", "....##"], "P U V")
    found = placements(puzzle)
    assert found and all((0, 0) not in p.cells for p in found)
    assert {p.letter for p in found} == {"P", "U", "V"}


def test_docstring_examples():
    import doctest

    from gridsight.solvers.pentomino import dlx, pieces, placements as placements_module, puzzle

    for module in (dlx, pieces, placements_module, puzzle):
        failed, tried = doctest.testmod(module)
        assert failed == 0 and tried > 0, module.__name__
