"""The ways of giving a rescue's found tiles animals (``identify.by_boxes``), cut early where an
animal has no room for its tiles, against every way checked against the board, and against an
independent count over the animals' joint placements.

Random rescues (1 to 3 animals of a region, up to 15 tiles tapped) with each found tile's
candidates all the rescue's animals, or those of its rarity, and the cards' counts read, not
read or misread: both ways must give every tile the same animals, and those must be exactly
the animals some joint placement (each animal on a placement of its own, none over a tile
tapped empty, the found tiles each under one) with the counts met gives it.
"""

from __future__ import annotations

from itertools import product

import numpy as np
import pytest

from gridsight.games.disco_zoo import identify
from gridsight.games.disco_zoo.identify import FoundTile, by_boxes
from kit.rescues import random_rescue_board
from sample_sizes import samples

BOARDS = samples(150, 600)


def _case(seed: int):
    rng = np.random.default_rng(seed)
    rescue = random_rescue_board(rng, max_taps=15)
    animals = rescue.animals
    found, empty, truth = [], [], [0] * len(animals)
    for r, row in enumerate(rescue.labels):
        for c, label in enumerate(row):
            if label == "empty":
                empty.append((r, c))
            elif label.startswith("animal:"):
                k = next(i for i, a in enumerate(animals) if a.name == label[7:])
                truth[k] += 1
                by_colour = rng.random() < 0.5
                candidates = tuple(i for i, a in enumerate(animals)
                                   if not by_colour or a.rarity == animals[k].rarity)
                found.append(FoundTile((r, c), candidates))
    counts: list[int | None] = [None if rng.random() < 0.3 else n for n in truth]
    if rng.random() < 0.15 and counts:  # a misread count
        counts[0] = (counts[0] or 0) + 1
    return animals, found, empty, counts


def _brute(animals, found, empty, counts):
    """Each found tile's animals over every joint placement meeting the counts, or ``None``."""
    blocked = sum(1 << (r * 5 + c) for r, c in empty)
    bits = {t.cell: 1 << (t.cell[0] * 5 + t.cell[1]) for t in found}
    allowed = {t.cell: set() for t in found}
    stood = False  # a joint placement meeting the counts (with no found tile too)
    for masks in product(*(a.placements() for a in animals)):
        if sum(masks) != _union(masks) or _union(masks) & blocked:
            continue  # overlapping, or over a tile tapped empty
        owners = {}
        for t in found:
            under = [k for k, m in enumerate(masks) if m & bits[t.cell]]
            if not under or under[0] not in t.candidates:
                break
            owners[t.cell] = under[0]
        else:
            tally = [list(owners.values()).count(k) for k in range(len(animals))]
            if all(n is None or n == tally[k] for k, n in enumerate(counts)):
                stood = True
                for cell, k in owners.items():
                    allowed[cell].add(k)
    if not stood:
        return None
    return {cell: tuple(sorted(ks)) for cell, ks in allowed.items()}


def _union(masks) -> int:
    out = 0
    for m in masks:
        out |= m
    return out


@pytest.mark.parametrize("chunk", range(3))
def test_cutting_early_gives_every_tile_the_animals_the_board_allows(chunk, monkeypatch):
    for seed in range(chunk, BOARDS, 3):
        animals, found, empty, counts = _case(seed)
        cut = by_boxes(found, animals, counts, empty=empty, region="", taps=10)
        with monkeypatch.context() as patched:
            patched.setattr(identify._Room, "allows", lambda self, given: True)
            every = by_boxes(found, animals, counts, empty=empty, region="", taps=10)
        assert cut == every, seed
        assert cut == _brute(animals, found, empty, counts), seed
