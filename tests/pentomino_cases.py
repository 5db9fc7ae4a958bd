"""Small pentomino puzzles for the tests, and an independent brute force to check answers.

The brute force knows nothing of exact cover engines: it tries every combination of one
placement per piece left (from its own placement list, built from the pieces' drawings by
:mod:`solvers.pentomino.pieces`) and keeps those that cover every empty cell once.
"""

from __future__ import annotations

import itertools
import random

from solvers.pentomino.pieces import LETTERS, orientations
from solvers.pentomino.puzzle import EMPTY, Puzzle, make_puzzle


def brute_solutions(puzzle: Puzzle) -> list[frozenset[tuple[str, tuple]]]:
    """Every completion, as a set of ``(letter, cells)``: one placement per piece left."""
    empty = set(puzzle.empty_cells)
    options = []
    for letter in puzzle.to_place:
        mine = set()
        for shape in orientations(letter):
            for top in range(puzzle.rows):
                for left in range(puzzle.cols):
                    cells = tuple(sorted((top + r, left + c) for r, c in shape))
                    if all(cell in empty for cell in cells):
                        mine.add((letter, cells))
        options.append(sorted(mine))
    found = set()
    for combo in itertools.product(*options):
        covered = [cell for _, cells in combo for cell in cells]
        if len(set(covered)) == len(covered) == len(empty):
            found.add(frozenset(combo))  # copies of a piece in another order: the same
    return sorted(found, key=sorted)


def brute_distinct(puzzle: Puzzle, solutions) -> int:
    """Solutions up to the grid's turns and mirrors that keep every token in place."""
    rows, cols = puzzle.rows, puzzle.cols
    maps = [lambda r, c: (r, c), lambda r, c: (rows - 1 - r, cols - 1 - c),
            lambda r, c: (r, cols - 1 - c), lambda r, c: (rows - 1 - r, c)]
    if rows == cols:
        maps += [lambda r, c: (c, r), lambda r, c: (cols - 1 - c, rows - 1 - r),
                 lambda r, c: (c, rows - 1 - r), lambda r, c: (cols - 1 - c, r)]
    keep = [m for m in maps
            if all(puzzle.grid[r][c] == puzzle.grid[m(r, c)[0]][m(r, c)[1]]
                   for r in range(rows) for c in range(cols))]
    orbits = set()
    for s in solutions:
        images = []
        for m in keep:
            images.append(tuple(sorted((letter, tuple(sorted(m(r, c) for r, c in cells)))
                                       for letter, cells in s)))
        orbits.add(min(images))
    return len(orbits)


def random_puzzle(rng: random.Random, rows: int = 4, cols: int = 5, pieces: int = 3) -> Puzzle:
    """A shape made of ``pieces`` random non-overlapping placements in a box, some of them
    already placed; the piece list is often not the one that built the shape, so many of
    these puzzles have no solution."""
    pieces = min(pieces, rows * cols // 6)  # leave room, or the box may never fit them
    while True:
        grid = [["#"] * cols for _ in range(rows)]
        used: list[tuple[str, tuple]] = []
        for _ in range(200):
            letter = rng.choice(LETTERS)
            shape = rng.choice(orientations(letter))
            top, left = rng.randrange(rows), rng.randrange(cols)
            cells = [(top + r, left + c) for r, c in shape]
            if all(r < rows and c < cols and grid[r][c] == "#" for r, c in cells):
                for r, c in cells:
                    grid[r][c] = EMPTY
                used.append((letter, tuple(cells)))
                if len(used) == pieces:
                    break
        if len(used) < pieces:
            continue
        letters = [letter for letter, _ in used]
        if rng.random() < 0.5:  # swap in another piece set
            letters = [rng.choice(LETTERS) for _ in letters]
        n_placed = rng.randrange(0, 2)
        for letter, cells in used[:n_placed]:
            if letter in letters:
                for r, c in cells:
                    grid[r][c] = letter
        return make_puzzle(["".join(row) for row in grid], " ".join(sorted(letters)))
