"""Every way to put each piece still to place into the empty cells of a puzzle.

A placement is a piece letter and the five cells it covers. The exact cover matrix has a row
per placement, a column per empty cell and a column per kind of piece left. The list is built
in a fixed order (letter, orientation, top row, left column) so results are reproducible.

>>> from gridsight.solvers.pentomino.puzzle import make_puzzle
>>> len(placements(make_puzzle(["." * 10] * 6)))
2056
>>> len(placements(make_puzzle(["." * 20] * 3)))
1236
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from gridsight.solvers.pentomino.pieces import orientations
from gridsight.solvers.pentomino.puzzle import Cell, PlacedPiece, Puzzle


@dataclass(frozen=True, order=True)
class Placement:
    """Piece ``letter`` covering ``cells`` (five, sorted)."""

    letter: str
    cells: tuple[Cell, ...]

    def as_placed(self) -> PlacedPiece:
        return PlacedPiece(self.letter, self.cells)


def placements(puzzle: Puzzle) -> tuple[Placement, ...]:
    """All placements of the pieces left (one per kind, even if it has copies) on empty cells."""
    return tuple(p for p, _ in placements_with_masks(puzzle, puzzle.cols, 1))


def placements_with_masks(
    puzzle: Puzzle, row_step: int, col_step: int
) -> list[tuple[Placement, int]]:
    """Every placement with its mask in a bit numbering where cell ``(r, c)`` is bit
    ``r * row_step + c * col_step`` (row by row: ``(cols, 1)``; column by column:
    ``(1, rows)``). One mask test per position instead of five cell look-ups."""
    empty = 0
    for r, c in puzzle.empty_cells:
        empty |= 1 << (r * row_step + c * col_step)
    found = []
    for letter in sorted(set(puzzle.to_place)):
        for shape in orientations(letter):
            height = 1 + max(r for r, _ in shape)
            width = 1 + max(c for _, c in shape)
            shape_mask = 0
            for r, c in shape:
                shape_mask |= 1 << (r * row_step + c * col_step)
            for top in range(puzzle.rows - height + 1):
                for left in range(puzzle.cols - width + 1):
                    mask = shape_mask << (top * row_step + left * col_step)
                    if mask & empty == mask:
                        found.append((_placement(letter, shape, top, left), mask))
    return found


@lru_cache(maxsize=1 << 16)
def _placement(letter: str, shape: tuple[Cell, ...], top: int, left: int) -> Placement:
    """The placement of ``shape`` shifted to ``(top, left)``; kept, as every board of the same
    size asks for the same ones again (a hint, then the forced check, then the next board)."""
    return Placement(letter, tuple((top + r, left + c) for r, c in shape))
