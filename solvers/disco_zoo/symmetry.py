"""Symmetries of a rescue: the turns and mirrors of the board that leave the problem unchanged.

A symmetry of the 5x5 board (one of 8: identity, the three turns, the four mirrors) maps a
rescue onto itself when it maps every animal's pattern onto the pattern of an animal of the
rescue (itself, or another animal: a turn maps Farm's Horse, three tiles down, onto the Cow,
three tiles across), the board's tapped tiles onto tapped tiles showing the same (mapped)
animals, and the objective onto itself (``target:NAME`` only when NAME is mapped onto itself).
Then a tap and its image are worth exactly the same, so the search needs one tap of each
orbit at the root.

Patterns are only translated in Disco Zoo, so this holds only for some rescues: Horse + Cow
has all 8 symmetries (the turns swap the two), Pig + Rabbit has 4 (the square Pig has 8, the
upright Rabbit only the mirrors and the half turn), a rescue with Farm's Unicorn has none.

>>> from gridsight.solvers.disco_zoo.catalogue import load_catalogue
>>> from gridsight.solvers.disco_zoo.board import fresh_board
>>> from gridsight.solvers.disco_zoo.objective import Objective
>>> farm = {a.name: a for a in load_catalogue().regions["Farm"]}
>>> len(symmetries(fresh_board("Farm", (farm["Horse"], farm["Cow"])), Objective("all")))
8
>>> len(symmetries(fresh_board("Farm", (farm["Horse"], farm["Cow"])), Objective("target", 0)))
4
>>> root_orbits(fresh_board("Farm", (farm["Horse"], farm["Cow"])), Objective("all"))[12]
(12,)
"""

from __future__ import annotations

from dataclasses import dataclass

from gridsight.solvers.disco_zoo.board import ONE_OF, UNTAPPED, RescueBoard, candidates, one_of
from gridsight.solvers.disco_zoo.catalogue import COLS, ROWS
from gridsight.solvers.disco_zoo.objective import Objective

TRANSFORMS = (
    lambda r, c: (r, c),
    lambda r, c: (r, COLS - 1 - c),
    lambda r, c: (ROWS - 1 - r, c),
    lambda r, c: (ROWS - 1 - r, COLS - 1 - c),
    lambda r, c: (c, r),
    lambda r, c: (c, ROWS - 1 - r),
    lambda r, c: (COLS - 1 - c, r),
    lambda r, c: (COLS - 1 - c, ROWS - 1 - r),
)


@dataclass(frozen=True)
class Symmetry:
    """A board symmetry that maps the rescue onto itself: ``tiles[t]`` is the image of tile
    ``t``, ``animals[k]`` the animal that animal ``k``'s pattern becomes."""

    tiles: tuple[int, ...]
    animals: tuple[int, ...]


def _shape(cells) -> tuple[tuple[int, int], ...]:
    top = min(r for r, _ in cells)
    left = min(c for _, c in cells)
    return tuple(sorted((r - top, c - left) for r, c in cells))


def symmetries(board: RescueBoard, objective: Objective) -> tuple[Symmetry, ...]:
    """The symmetries of ``board`` for ``objective`` (the identity always among them)."""
    shapes = [_shape(a.cells) for a in board.animals]
    n = len(board.animals)
    found = []
    for transform in TRANSFORMS:
        images = [_shape([transform(r, c) for r, c in a.cells]) for a in board.animals]
        animals = []
        for k, image in enumerate(images):
            # An animal's image is itself when it can be, else the first of that shape.
            options = [k] if shapes[k] == image else [j for j in range(n) if shapes[j] == image]
            animals.append(options[0] if options else -1)
        if -1 in animals or len(set(animals)) != n:
            continue
        if objective.kind == "target" and animals[objective.target or 0] != (objective.target or 0):
            continue
        tiles = tuple(
            (lambda rc: rc[0] * COLS + rc[1])(transform(t // COLS, t % COLS))
            for t in range(ROWS * COLS)
        )
        if all(
            board.grid[tiles[t] // COLS][tiles[t] % COLS]
            == _map_value(board.grid[t // COLS][t % COLS], animals, n)
            for t in range(ROWS * COLS)
        ):
            found.append(Symmetry(tiles, tuple(animals)))
    return tuple(found)


def _map_value(value: int, animals: list[int], n: int) -> int:
    if value == UNTAPPED or value == 0:
        return value
    if value < ONE_OF:
        return animals[value - 1] + 1
    mask = candidates(value, n)
    return one_of(sum(1 << animals[k] for k in range(n) if mask >> k & 1))


def root_orbits(board: RescueBoard, objective: Objective) -> dict[int, tuple[int, ...]]:
    """Each tile's orbit under the symmetries (sorted tile indices); tiles of one orbit are
    worth the same tap."""
    group = symmetries(board, objective)
    return {t: tuple(sorted({g.tiles[t] for g in group})) for t in range(ROWS * COLS)}
