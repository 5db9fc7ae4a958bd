"""The Disco Zoo reader's inner steps as they were before the 47th session sped them up, plain:
the references the faster versions must equal (``tests/test_reader_plain_equal.py``) and are
timed against (``bench/bench_reader_speed.py``'s baseline); and the settling as the 47th
session left it (:func:`weighed_settle`, ``bench/bench_settle.py``'s middle way)."""

from __future__ import annotations

from collections.abc import Collection, Iterator, Sequence
from functools import lru_cache
from itertools import product

import numpy as np

from gridsight.games.disco_zoo.settle import (
    MAX_CHOICES,
    CardClue,
    Cell,
    Settled,
    _fitting,
    _stands,
)
from gridsight.solvers.disco_zoo.catalogue import Animal, load_catalogue
from gridsight.vision.colour_norms import norms
from gridsight.vision.sprites import COLOR_SCALE


def plain_shape_distance(ma, la, mb0, lb0) -> float:
    """:func:`gridsight.vision.sprites._shape_distance` as it was: one shift at a time."""
    best = 1.0
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            mb = np.roll(np.roll(mb0, dy, 0), dx, 1)
            lb = np.roll(np.roll(lb0, dy, 0), dx, 1)
            either = np.maximum(ma, mb)
            if float(either.sum()) < 1e-6:
                continue
            both = np.minimum(ma, mb)
            colour = np.minimum(1.0, norms(la - lb) / COLOR_SCALE)
            cost = (either - both) + both * colour
            best = min(best, float((cost * either).sum() / (either * either).sum()))
    return best


def plain_settle(clues: Sequence[CardClue], found: Sequence[tuple[Cell, tuple[str, ...]]],
                 empty: Sequence[Cell], *, region: str | None = None,
                 names: Sequence[Sequence[str] | None] = (), taps: int = 10,
                 unread: int = 0, sure: Collection[Cell] = ()) -> Settled | None:
    """:func:`gridsight.games.disco_zoo.settle.settle` as it was: every choice of the cards'
    product made and looked at whole, the board checks remembered by every argument."""
    catalogue = load_catalogue()
    regions = [catalogue.region_name(region)] if region else list(catalogue.regions)
    standing: list[tuple[str, tuple[Animal, ...]]] = []
    board = (tuple(clues), tuple((cell, tuple(rarities)) for cell, rarities in found),
             tuple(empty))
    surely = frozenset(sure)
    for name in regions:
        per_card = [_fitting(catalogue.regions[name] + catalogue.pets, clue,
                             names[k] if k < len(names) else None)
                    for k, clue in enumerate(clues)]
        if any(not options for options in per_card):
            continue
        for choice in product(*per_card):
            if len({a.name for a in choice}) < len(choice) or sum(a.is_pet for a in choice) > 1:
                continue
            if len(standing) >= MAX_CHOICES:
                break
            if _plain_stands_once(choice, *board, name, taps, unread, surely):
                standing.append((name, choice))
    if not standing:
        return None
    options = tuple(tuple(dict.fromkeys(choice[k].name for _, choice in standing))
                    for k in range(len(clues)))
    first_region, first = standing[0]
    return Settled(first_region, first, len(standing), options,
                   tuple(dict.fromkeys(r for r, _ in standing)))


@lru_cache(maxsize=1 << 16)
def _plain_stands_once(choice, clues, found, empty, region, taps, unread, sure) -> bool:
    return _stands(choice, clues, found, empty, region, taps, unread, sure)


def weighed_settle(clues: Sequence[CardClue], found: Sequence[tuple[Cell, tuple[str, ...]]],
                   empty: Sequence[Cell], *, region: str | None = None,
                   names: Sequence[Sequence[str] | None] = (), taps: int = 10,
                   unread: int = 0, sure: Collection[Cell] = ()) -> Settled | None:
    """:func:`gridsight.games.disco_zoo.settle.settle` as the 47th session left it: the
    choices made by a generator a card deep, each board check remembered by the board with
    the cards' clues and by the choice's animals in card order (:data:`WEIGHED_47`)."""
    catalogue = load_catalogue()
    regions = [catalogue.region_name(region)] if region else list(catalogue.regions)
    standing: list[tuple[str, tuple[Animal, ...]]] = []
    board = (tuple(clues), tuple((cell, tuple(rarities)) for cell, rarities in found),
             tuple(empty))
    surely = frozenset(sure)
    for name in regions:
        per_card = [_fitting(catalogue.regions[name] + catalogue.pets, clue,
                             names[k] if k < len(names) else None)
                    for k, clue in enumerate(clues)]
        if any(not options for options in per_card):
            continue
        key_board = (*board, name, taps, unread, surely)
        if key_board not in WEIGHED_47:
            if len(WEIGHED_47) >= 16:
                WEIGHED_47.clear()
            WEIGHED_47[key_board] = {}
        weighed = WEIGHED_47[key_board]
        for choice in _apart_47(per_card):
            if len(standing) >= MAX_CHOICES:
                break
            key = tuple(map(id, choice))
            seen = weighed.get(key)
            if seen is None:
                seen = weighed[key] = (choice, _stands(choice, *board, name, taps, unread,
                                                       surely))
            if seen[1]:
                standing.append((name, choice))
    if not standing:
        return None
    options = tuple(tuple(dict.fromkeys(choice[k].name for _, choice in standing))
                    for k in range(len(clues)))
    first_region, first = standing[0]
    return Settled(first_region, first, len(standing), options,
                   tuple(dict.fromkeys(r for r, _ in standing)))


#: :func:`weighed_settle`'s board checks (the 47th session's ``settle._WEIGHED``).
WEIGHED_47: dict[tuple, dict[tuple[int, ...], tuple[tuple[Animal, ...], bool]]] = {}


def _apart_47(per_card: Sequence[Sequence[Animal]]) -> Iterator[tuple[Animal, ...]]:
    chosen: list[Animal] = []
    named: set[str] = set()

    def walk(k: int, pets: int) -> Iterator[tuple[Animal, ...]]:
        if k == len(per_card):
            yield tuple(chosen)
            return
        for animal in per_card[k]:
            pet = animal.is_pet
            if animal.name in named or pet and pets:
                continue
            chosen.append(animal)
            named.add(animal.name)
            yield from walk(k + 1, pets + pet)
            chosen.pop()
            named.discard(animal.name)

    return walk(0, 0)
