"""A brute-force reference: enumerate every (bomb holes, rupoor holes) layout.

Slow and plain on purpose: it shares no counting code with the column sweep, so the tests and
the benchmark can hold the fast analysis against it. It returns exact fractions. The block
probability ``p`` of the game model is an input here (the tests check the sweep's ``p``
against a direct enumeration on small boards separately).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations

from gridsight.solvers.thrill_digger.blocks import REDRAWS, has_block
from gridsight.solvers.thrill_digger.rules import (
    BOMB,
    COLOUR_RANGES,
    COLOUR_VALUES,
    COLOURS,
    RUPOOR,
    RUPOOR_VALUE,
    colour_of,
    neighbours,
)
from gridsight.solvers.thrill_digger.state import ThrillDiggerState


@dataclass(frozen=True)
class BruteHole:
    bomb: Fraction
    rupoor: Fraction
    colours: dict[str, Fraction]
    value: Fraction


@dataclass(frozen=True)
class BruteResult:
    layouts: int  # consistent layouts, unweighted
    holes: dict[tuple[int, int], BruteHole]


def brute_force(
    state: ThrillDiggerState, p: Fraction | None = None, redraws: int = REDRAWS
) -> BruteResult | None:
    """Enumerate every layout fitting ``state``; ``p`` is the uniform block probability
    (``None`` for the uniform model). Returns ``None`` when no layout fits."""
    d = state.difficulty
    rows, cols = d.rows, d.cols
    known_bombs = {c for c in state.cells() if state.token(*c) == BOMB}
    known_rupoors = {c for c in state.cells() if state.token(*c) == RUPOOR}
    undug = state.undug()
    need_bombs = d.bombs - len(known_bombs)
    need_rupoors = d.rupoors - len(known_rupoors)
    if need_bombs < 0 or need_rupoors < 0:
        return None
    if p is None:
        w_clean, w_block = Fraction(1), Fraction(1)
    else:
        w_clean = sum(p**i for i in range(redraws + 1))
        w_block = p**redraws
    readings = [
        (cell, COLOUR_RANGES[state.token(*cell)])
        for cell in state.cells()
        if state.token(*cell) in COLOURS
    ]
    # Counted in whole layouts, a tally for clean layouts and one for those with a block, and
    # weighed once at the end: the same exact fractions as adding each layout's weight (a
    # sum of fractions is exact in any order), at a fraction of the work.
    near = {h: neighbours(h[0], h[1], rows, cols) for h in state.cells()}
    kinds = ("bomb", "rupoor", *COLOURS)
    tally = {h: {k: [0, 0] for k in kinds} for h in undug}  # [clean, block]
    shares = [0, 0]
    for bombs in combinations(undug, need_bombs):
        rest = [h for h in undug if h not in bombs]
        for rupoors in combinations(rest, need_rupoors):
            bad = set(bombs) | set(rupoors) | known_bombs | known_rupoors
            fits = True
            for cell, (low, high) in readings:
                n = sum(x in bad for x in near[cell])
                if not low <= n <= high:
                    fits = False
                    break
            if not fits:
                continue
            block = 1 if has_block(bad) else 0
            shares[block] += 1
            for h in undug:
                if h in bombs:
                    tally[h]["bomb"][block] += 1
                elif h in rupoors:
                    tally[h]["rupoor"][block] += 1
                else:
                    tally[h][colour_of(sum(x in bad for x in near[h]))][block] += 1
    layouts = shares[0] + shares[1]
    if layouts == 0:
        return None
    total = shares[0] * w_clean + shares[1] * w_block
    acc = {h: {k: clean * w_clean + blocked * w_block for k, (clean, blocked) in by.items()}
           for h, by in tally.items()}
    holes = {}
    for h in undug:
        share = {k: v / total for k, v in acc[h].items()}
        value = RUPOOR_VALUE * share["rupoor"] + sum(
            COLOUR_VALUES[t] * share[t] for t in COLOURS
        )
        holes[h] = BruteHole(
            share["bomb"], share["rupoor"], {t: share[t] for t in COLOURS}, value
        )
    return BruteResult(layouts, holes)
