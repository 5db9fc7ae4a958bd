"""Helpers for the Disco Zoo tests (no tests here): random consistent boards and an independent
brute force."""

from __future__ import annotations

import random
from fractions import Fraction
from functools import cache, lru_cache
from itertools import product

from gridsight.solvers.disco_zoo.board import EMPTY, ONE_OF, UNTAPPED, RescueBoard
from gridsight.solvers.disco_zoo.catalogue import load_catalogue
from gridsight.solvers.disco_zoo.objective import Objective


def translations(cells) -> list[frozenset[tuple[int, int]]]:
    """Every translation of ``cells`` inside the 5x5 board, as sets of (row, col)."""
    out = []
    for dr in range(-4, 5):
        for dc in range(-4, 5):
            moved = frozenset((r + dr, c + dc) for r, c in cells)
            if all(0 <= r < 5 and 0 <= c < 5 for r, c in moved):
                out.append(moved)
    return out


def brute_joint(board: RescueBoard) -> list[tuple[frozenset, ...]]:
    """All joint placements consistent with the board, by filtering the full product."""
    found = []
    for combo in product(*(translations(a.cells) for a in board.animals)):
        cells = [c for placement in combo for c in placement]
        if len(cells) != len(set(cells)):
            continue
        ok = True
        for r in range(5):
            for c in range(5):
                value = board.grid[r][c]
                if value == UNTAPPED:
                    continue
                owner = next((k + 1 for k, p in enumerate(combo) if (r, c) in p), EMPTY)
                if value >= ONE_OF:  # one of the animals whose bits are set
                    if owner == EMPTY or not (value - ONE_OF) >> (owner - 1) & 1:
                        ok = False
                elif owner != value:
                    ok = False
        if ok:
            found.append(combo)
    return found


def brute_posterior(board: RescueBoard) -> tuple[int, dict]:
    joint = brute_joint(board)
    chances = {}
    for r in range(5):
        for c in range(5):
            for k in range(len(board.animals)):
                chances[(r, c, k)] = Fraction(sum((r, c) in j[k] for j in joint), len(joint))
    return len(joint), chances


def random_board(
    rng: random.Random, animals: int, taps: int, tapped: int, unsure: float = 0.0
) -> RescueBoard:
    """A board of ``animals`` animals of a random region, ``tapped`` random taps made on a
    random true placement, ``taps`` left. With chance ``unsure`` each found tile is written as
    not told apart: one of a random set of animals holding the true one (``1/3``), or ``*``."""
    catalogue = load_catalogue()
    region = rng.choice(list(catalogue.regions))
    while True:
        chosen = tuple(rng.sample(catalogue.regions[region], animals))
        placed: list[frozenset] = []
        for animal in chosen:
            options = [
                p for p in translations(animal.cells) if not any(p & q for q in placed)
            ]
            if not options:
                break
            placed.append(rng.choice(options))
        else:
            break
    grid = [[UNTAPPED] * 5 for _ in range(5)]
    for index in rng.sample(range(25), tapped):
        r, c = divmod(index, 5)
        grid[r][c] = next((k + 1 for k, p in enumerate(placed) if (r, c) in p), EMPTY)
        if grid[r][c] != EMPTY and rng.random() < unsure:
            others = rng.getrandbits(animals) | 1 << (grid[r][c] - 1)
            grid[r][c] = ONE_OF | others
    return RescueBoard(region, chosen, taps, tuple(map(tuple, grid)))


def _scores(objective: Objective, rescued: frozenset, n: int) -> tuple[int, int]:
    count, everyone = len(rescued), int(len(rescued) == n)
    if objective.kind == "expected":
        return count, everyone
    if objective.kind == "all":
        return everyone, count
    return int(objective.target in rescued), count


@cache
def brute_value(board, objective: Objective) -> tuple[Fraction, Fraction]:
    """Plain expectimax: any untapped tile (certain or not) may be tapped, or none.

    Remembered per (board, objective) for the process: several tests check their engines
    against the same boards (each engine of test_disco_zoo_engines, the tap a test replays),
    and this search is most of their CPU. Boards and objectives are frozen, the answer a
    pair of Fractions, so a remembered answer is the one a fresh search gives."""
    joint = brute_joint(board)
    n = len(board.animals)
    untapped = [(r, c) for r in range(5) for c in range(5) if board.grid[r][c] == UNTAPPED]
    tapped0 = frozenset((r, c) for r in range(5) for c in range(5) if board.grid[r][c] != UNTAPPED)

    def owner(j, cell):
        return next((k for k in range(n) if cell in j[k]), -1)

    @lru_cache(maxsize=None)
    def value(observed: frozenset, taps: int) -> tuple[Fraction, Fraction]:
        alive = [j for j in joint if all(owner(j, cell) == o for cell, o in observed)]
        tapped = tapped0 | {cell for cell, _ in observed}
        total = [Fraction(0), Fraction(0)]
        for j in alive:
            rescued = frozenset(k for k in range(n) if j[k] <= tapped)
            p, s = _scores(objective, rescued, n)
            total[0] += p
            total[1] += s
        best = (total[0] / len(alive), total[1] / len(alive))
        if taps == 0:
            return best
        for cell in untapped:
            if cell in tapped:
                continue
            groups: dict[int, int] = {}
            for j in alive:
                groups[owner(j, cell)] = groups.get(owner(j, cell), 0) + 1
            exp = [Fraction(0), Fraction(0)]
            for o, size in groups.items():
                child = value(observed | {(cell, o)}, taps - 1)
                exp[0] += Fraction(size, len(alive)) * child[0]
                exp[1] += Fraction(size, len(alive)) * child[1]
            best = max(best, (exp[0], exp[1]))
        return best

    return value(frozenset(), board.taps)
