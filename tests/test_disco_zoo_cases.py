"""Helpers for the Disco Zoo tests (no tests here): random consistent boards and an independent
brute force."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import product

from solvers.disco_zoo.board import EMPTY, UNTAPPED, RescueBoard
from solvers.disco_zoo.catalogue import load_catalogue


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
                if owner != value:
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


def random_board(rng: random.Random, animals: int, taps: int, tapped: int) -> RescueBoard:
    """A board of ``animals`` animals of a random region, ``tapped`` random taps made on a
    random true placement, ``taps`` left."""
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
    return RescueBoard(region, chosen, taps, tuple(map(tuple, grid)))
