"""Where the animals can be: candidate and joint placements, validation, the exact posterior.

The model: every joint placement of the rescue's animals (each animal one translation of its
pattern inside the board, no two overlapping) that agrees with the taps so far is equally
likely. A placement of animal k agrees with the taps when it covers every tile showing k and no
tapped tile showing "no animal" or another animal. A found tile whose animal was not told
apart (``1/3`` or ``*``) may be covered by any of its candidates, and a joint placement agrees
only when one of them does cover it.

Placements are 25-bit masks (bit ``row * 5 + col``). Joint placements are enumerated animal by
animal with numpy, keeping only the non-overlapping ones, so a 3-animal board (a few thousand
joint placements) takes milliseconds. Counts are exact integers; probabilities are fractions
of them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations

import numpy as np

from gridsight.solvers.cellnames import cell_name
from gridsight.solvers.disco_zoo.board import EMPTY, ONE_OF, RescueBoard
from gridsight.solvers.disco_zoo.catalogue import COLS, ROWS, Animal
from gridsight.solvers.errors import ImpossibleBoardError

TILES = ROWS * COLS


def tile_name(index: int) -> str:
    """Tile ``index`` as a person reads it (``row 2, column 4``, counted from 1)."""
    return cell_name(index // COLS, index % COLS)


def mask_tiles(mask: int) -> list[int]:
    """The tile indices set in ``mask``, in order."""
    return [i for i in range(TILES) if mask >> i & 1]


def _tiles_text(mask: int) -> str:
    return " and ".join(tile_name(i) for i in mask_tiles(mask))


def _cells(mask: int) -> tuple[tuple[int, int], ...]:
    return tuple(divmod(i, COLS) for i in mask_tiles(mask))


def _one_of_names(board: RescueBoard, index: int) -> str:
    """The candidates of an unsure found tile: ``Horse or Cow``, ``Pig, Horse or Cow``."""
    mask = board.candidates_at(index)
    names = [a.name for k, a in enumerate(board.animals) if mask >> k & 1]
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} or {names[-1]}"


def _describe_tapped(board: RescueBoard, index: int) -> str:
    value = board.grid[index // COLS][index % COLS]
    if value >= ONE_OF:
        return f"the tapped tile at {tile_name(index)} ({_one_of_names(board, index)})"
    what = "empty" if value == EMPTY else board.animals[value - 1].name
    return f"the tapped {what} tile at {tile_name(index)}"


def candidate_placements(board: RescueBoard, k: int) -> tuple[int, ...]:
    """The placements of animal ``k`` (0-based) that agree with the taps, alone.

    Raises :class:`ImpossibleBoardError` naming the tiles when there is none.
    """
    animal = board.animals[k]
    shown = board.shown(k)
    blocked = board.tapped & ~board.may_show(k)
    count = shown.bit_count()
    if count > animal.size:
        raise ImpossibleBoardError(
            f"{animal.name} shows on {count} tiles but its pattern has {animal.size}",
            cells=_cells(shown),
        )
    covering = [p for p in animal.placements() if p & shown == shown]
    noun = f"the {animal.name} tile" + ("s" if count > 1 else "")
    if not covering:
        raise ImpossibleBoardError(
            f"no placement of {animal.name} covers {noun} at {_tiles_text(shown)} "
            f"(its pattern does not fit that way)",
            cells=_cells(shown),
        )
    valid = tuple(p for p in covering if not p & blocked)
    if valid:
        return valid
    # Name a small set of tapped tiles that every covering placement runs into (greedy cover).
    left, blockers = list(covering), 0
    while left:
        best = max(mask_tiles(blocked), key=lambda i: sum(p >> i & 1 for p in left))
        blockers |= 1 << best
        left = [p for p in left if not p >> best & 1]
    tapped = " or ".join(_describe_tapped(board, i) for i in mask_tiles(blockers))
    where = f"covers {noun} at {_tiles_text(shown)}" if count else "fits on the board"
    raise ImpossibleBoardError(
        f"no placement of {animal.name} {where} without covering {tapped}",
        cells=_cells(shown | blockers),
    )


@dataclass(frozen=True)
class JointPlacements:
    """Every joint placement consistent with a board.

    ``candidates[k]`` are animal k's own consistent placements; ``index`` is an ``(N, n)`` array
    whose row j gives, for each animal, the position in ``candidates[k]`` of its placement in
    joint placement j; ``masks`` the same as bitmasks.
    """

    board: RescueBoard
    candidates: tuple[tuple[int, ...], ...]
    index: np.ndarray
    masks: np.ndarray

    @property
    def count(self) -> int:
        return int(self.index.shape[0])


def _combine(candidates: list[np.ndarray], order: list[int]) -> tuple[np.ndarray, np.ndarray]:
    """Non-overlapping combinations of the candidates of the animals in ``order``."""
    first = order[0]
    index = np.arange(len(candidates[first]), dtype=np.int64)[:, None]
    union = candidates[first].copy()
    for k in order[1:]:
        rows, cols = np.nonzero((union[:, None] & candidates[k][None, :]) == 0)
        index = np.hstack([index[rows], cols[:, None]])
        union = union[rows] | candidates[k][cols]
    return index, union


def joint_placements(board: RescueBoard) -> JointPlacements:
    """Enumerate the joint placements consistent with ``board``.

    Raises :class:`ImpossibleBoardError` when an animal has no placement (naming its tiles and
    the tapped tiles in the way) or when the animals cannot all fit together (naming the
    smallest group that cannot, and their tiles).
    """
    n = len(board.animals)
    _check_found_count(board)
    candidates = tuple(candidate_placements(board, k) for k in range(n))
    arrays = [np.array(c, dtype=np.int64) for c in candidates]
    order = sorted(range(n), key=lambda k: len(candidates[k]))
    index, union = _combine(arrays, order)
    unsure = board.unsure
    if unsure:
        index = index[(union & unsure) == unsure]
    if index.shape[0] == 0:
        _explain_no_fit(board, arrays)
    index = index[:, np.argsort(order)]
    masks = np.stack([arrays[k][index[:, k]] for k in range(n)], axis=1)
    return JointPlacements(board, candidates, index, masks)


SEARCHED = 4096  # combinations of placements walked one by one at most (beyond: numpy's)


def has_joint_placement(board: RescueBoard) -> bool:
    """Whether ``board`` has a joint placement: :func:`joint_placements` would find one
    rather than raise :class:`ImpossibleBoardError`.

    Without enumerating them all or explaining a board that has none: the readers ask it of
    thousands of boards a screen (each way of giving the found tiles animals), and most of
    the cost of :func:`joint_placements` went into its arrays and its messages. The same
    rules: the found tiles within the patterns' sizes, each animal a placement covering its
    tiles and no other tapped tile, no two overlapping (a board with tiles not told apart
    goes to :func:`joint_placements` itself)."""
    if board.unsure:
        try:
            joint_placements(board)
        except ImpossibleBoardError:
            return False
        return True
    tapped = board.tapped
    # (no unsure tile: the tapped tiles each animal may show are those it shows)
    return placed_apart(board.animals, tapped, tapped & ~board.tiles(EMPTY),
                        [board.shown(k) for k in range(len(board.animals))])


def placed_apart(animals: Sequence[Animal], tapped: int, found: int,
                 shown: Sequence[int]) -> bool:
    """:func:`has_joint_placement` of a board with no unsure tile, given as bitmasks: the
    ``tapped`` tiles, the ``found`` ones among them (showing an animal) and the tiles each
    animal shows (``shown[k]``). For callers that have the masks at hand (the readers'
    board logic asks it of thousands of assignments a screen: building each board's grid
    and scanning it back cost a quarter of the asking)."""
    if found.bit_count() > sum(a.size for a in animals):
        return False
    valid = []
    for k, animal in enumerate(animals):
        fits = [p for p in animal.placements() if p & tapped == shown[k]]
        if not fits:
            return False
        valid.append(fits)
    valid.sort(key=len)
    ways = 1
    for fits in valid:
        ways *= len(fits)
    if ways > SEARCHED:
        arrays = [np.array(fits, dtype=np.int64) for fits in valid]
        return bool(_combine(arrays, list(range(len(arrays))))[0].shape[0])

    def fit(k: int, used: int) -> bool:
        return k == len(valid) or any(not p & used and fit(k + 1, used | p) for p in valid[k])

    return fit(0, 0)


def _check_found_count(board: RescueBoard) -> None:
    """Refuse more found tiles (certain or unsure) than the animals' patterns have in all."""
    found = board.tapped & ~board.tiles(EMPTY)
    size = sum(a.size for a in board.animals)
    if found.bit_count() > size:
        raise ImpossibleBoardError(
            f"{found.bit_count()} tapped tiles show an animal but the animals cover only "
            f"{size} tiles",
            cells=_cells(found),
        )


def _explain_unsure(board: RescueBoard, arrays: list[np.ndarray]) -> None:
    """Name the unsure found tiles (``1/3``, ``*``) that no joint placement covers: first a
    tile none of its candidates can cover, else the smallest group not covered together."""
    unsure = mask_tiles(board.unsure)
    for tile in unsure:
        mask = board.candidates_at(tile)
        if not any((arrays[k] >> tile & 1).any() for k in range(len(arrays)) if mask >> k & 1):
            names = _one_of_names(board, tile)
            raise ImpossibleBoardError(
                f"the found tile at {tile_name(tile)} shows {names}, but no placement of "
                f"{names} that agrees with the other tapped tiles covers it",
                cells=_cells(1 << tile),
            )
    _, union = _combine(arrays, list(range(len(arrays))))
    for size in range(1, len(unsure) + 1):
        for group in combinations(unsure, size):
            need = sum(1 << t for t in group)
            if not ((union & need) == need).any():
                tiles = " and ".join(_describe_tapped(board, t) for t in group)
                raise ImpossibleBoardError(
                    f"no placement of the animals covers {tiles} together with the other "
                    "tapped tiles",
                    cells=_cells(need),
                )
    raise ImpossibleBoardError(
        "no placement of the animals covers every found tile "
        f"({_tiles_text(board.unsure)} unsure) without overlapping",
        cells=_cells(board.unsure),
    )


def _explain_no_fit(board: RescueBoard, arrays: list[np.ndarray]) -> None:
    n = len(arrays)
    for size in range(2, n + 1):
        for group in combinations(range(n), size):
            index, _ = _combine(arrays, list(group))
            if index.shape[0]:
                continue
            names = [board.animals[k].name for k in group]
            together = (
                f"{names[0]} and {names[1]} cannot both"
                if size == 2
                else f"{', '.join(names[:-1])} and {names[-1]} cannot all"
            )
            shown = 0
            for k in group:
                shown |= board.shown(k)
            at = f" (given the tiles at {_tiles_text(shown)})" if shown else ""
            raise ImpossibleBoardError(
                f"{together} fit on the board without overlapping{at}", cells=_cells(shown)
            )
    if board.unsure:
        _explain_unsure(board, arrays)
    raise ImpossibleBoardError("the animals cannot all fit on the board together")


@dataclass(frozen=True)
class Posterior:
    """Exact tile probabilities: ``counts[tile][k]`` joint placements put animal k on tile.

    ``total`` is the number of consistent joint placements. A tile's chance of holding animal
    k is ``counts[tile][k] / total``; of holding no animal, ``empty(tile) / total``.
    """

    total: int
    counts: tuple[tuple[int, ...], ...]

    def empty(self, tile: int) -> int:
        return self.total - sum(self.counts[tile])

    def probability(self, tile: int, k: int | None) -> Fraction:
        """Chance that ``tile`` holds animal ``k`` (0-based), or no animal for ``None``."""
        hits = self.empty(tile) if k is None else self.counts[tile][k]
        return Fraction(hits, self.total)

    def certain(self, tile: int) -> tuple[bool, int | None]:
        """``(True, k)`` when the tile holds animal k (or ``None``: nothing) in every placement."""
        if self.empty(tile) == self.total:
            return True, None
        for k, hits in enumerate(self.counts[tile]):
            if hits == self.total:
                return True, k
        return False, None


def posterior(joint: JointPlacements) -> Posterior:
    """Count, for every tile and animal, the joint placements putting that animal there."""
    per_animal = []
    bits = np.array([1 << i for i in range(TILES)], dtype=np.int64)
    for k, candidates in enumerate(joint.candidates):
        uses = np.bincount(joint.index[:, k], minlength=len(candidates))
        cover = (np.array(candidates, dtype=np.int64)[:, None] & bits[None, :]) != 0
        per_animal.append(uses @ cover.astype(np.int64))
    counts = tuple(tuple(int(a[i]) for a in per_animal) for i in range(TILES))
    return Posterior(joint.count, counts)
