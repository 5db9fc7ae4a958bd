"""Small pentomino puzzles for the tests, and an independent brute force to check answers.

The brute force knows nothing of exact cover engines: it tries every combination of one
placement per piece left, in the order the pieces are listed (from its own placement list,
built from the orientations of :mod:`gridsight.solvers.pentomino.pieces`), drops a combination at its
first overlap, and keeps those that cover every empty cell.
"""

from __future__ import annotations

import random

from gridsight.solvers.pentomino.pieces import LETTERS, orientations
from gridsight.solvers.pentomino.puzzle import EMPTY, Puzzle, make_puzzle


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

    def extend(i: int, taken: list, covered: set) -> None:
        # one placement per piece in turn, dropping a combination at its first overlap
        if i == len(options):
            if len(covered) == len(empty):
                found.add(frozenset(taken))  # copies of a piece in another order: the same
            return
        for letter, cells in options[i]:
            if covered.isdisjoint(cells):
                taken.append((letter, cells))
                extend(i + 1, taken, covered | set(cells))
                taken.pop()

    extend(0, [], set())
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


def stuck_puzzle(rng: random.Random) -> Puzzle:
    """A shape built from 4 random pieces in a 5 x 6 box, with 2 or 3 of its pieces placed at
    random elsewhere on it: often stuck, so taking pieces back has to be worked out."""
    while True:
        base = random_puzzle(rng, rows=5, cols=6, pieces=4)
        if base.placed or len(set(base.to_place)) < 3:
            continue
        grid = [list(row) for row in base.grid]
        placed = 0
        wanted = rng.choice([2, 3])
        for letter in rng.sample(list(base.to_place), len(base.to_place)):
            spots = []
            for shape in orientations(letter):
                for top in range(base.rows):
                    for left in range(base.cols):
                        cells = [(top + r, left + c) for r, c in shape]
                        if all(r < base.rows and c < base.cols and grid[r][c] == EMPTY
                               and all(grid[nr][nc] != letter
                                       for nr, nc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                                       if 0 <= nr < base.rows and 0 <= nc < base.cols)
                               for r, c in cells):
                            spots.append(cells)
            if spots:
                for r, c in rng.choice(spots):
                    grid[r][c] = letter
                placed += 1
            if placed == wanted:
                return make_puzzle(["".join(row) for row in grid], " ".join(base.pieces))
