"""Every way to put each piece still to place into the empty cells of a puzzle.

A placement is a piece letter and the five cells it covers. The exact cover matrix has a row
per placement, a column per empty cell and a column per kind of piece left. The list is built
in a fixed order (letter, orientation, top row, left column) so results are reproducible.

>>> from solvers.pentomino.puzzle import make_puzzle
>>> len(placements(make_puzzle(["." * 10] * 6)))
2056
>>> len(placements(make_puzzle(["." * 20] * 3)))
1236
"""

from __future__ import annotations

from dataclasses import dataclass

from solvers.pentomino.pieces import orientations
from solvers.pentomino.puzzle import EMPTY, Cell, PlacedPiece, Puzzle


@dataclass(frozen=True, order=True)
class Placement:
    """Piece ``letter`` covering ``cells`` (five, sorted)."""

    letter: str
    cells: tuple[Cell, ...]

    def as_placed(self) -> PlacedPiece:
        return PlacedPiece(self.letter, self.cells)


def placements(puzzle: Puzzle) -> tuple[Placement, ...]:
    """All placements of the pieces left (one per kind, even if it has copies) on empty cells."""
    grid = puzzle.grid
    found = []
    for letter in sorted(set(puzzle.to_place)):
        for shape in orientations(letter):
            height = 1 + max(r for r, _ in shape)
            width = 1 + max(c for _, c in shape)
            for top in range(puzzle.rows - height + 1):
                for left in range(puzzle.cols - width + 1):
                    cells = tuple((top + r, left + c) for r, c in shape)
                    if all(grid[r][c] == EMPTY for r, c in cells):
                        found.append(Placement(letter, cells))
    return tuple(found)
