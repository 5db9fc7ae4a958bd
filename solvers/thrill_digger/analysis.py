"""The exact analysis of a Thrill Digger board: per undug hole, the chance of a bomb, of a
rupoor and of each rupee colour, and the expected rupees of digging it.

Two models of how the game fills a board:

- ``game`` (the default): the game's own generator. Bombs then rupoors go on uniformly random
  empty holes; a board with a 2x2 block of bad holes is redrawn, at most 10 times
  (:mod:`gridsight.solvers.thrill_digger.blocks`). Each layout's probability is proportional to one of
  two weights, depending on whether its bad set holds a block.
- ``uniform``: every layout equally likely (what most other helpers assume).

A layout is the pair (bomb holes, rupoor holes). Readings and blocks depend only on the bad
set (bombs and rupoors together), and given the bad set the bombs are a uniformly random
subset of its holes not already dug, so ``P(bomb at h) = P(bad at h) * free bombs / free bad
items``. :mod:`gridsight.solvers.thrill_digger.counting` counts the bad sets exactly (with and without
blocks); this module weighs the counts with exact integers and converts to float only at the
end (a correctly rounded integer division), so every figure is exact to float precision.

>>> from gridsight.solvers.thrill_digger.state import ThrillDiggerState
>>> from gridsight.solvers.thrill_digger.rules import BEGINNER
>>> a = analyse(ThrillDiggerState.empty(BEGINNER).with_token(0, 0, "g"))
>>> a.hole(0, 1).bomb, a.hole(1, 1).no_bad
(0.0, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import comb

from gridsight.solvers.cellnames import cell_name
from gridsight.solvers.thrill_digger.blocks import block_probability, layout_weights
from gridsight.solvers.thrill_digger.counting import count_variants
from gridsight.solvers.thrill_digger.rules import (
    BOMB,
    COLOUR_NAMES,
    COLOUR_VALUES,
    COLOURS,
    RUPOOR,
    RUPOOR_VALUE,
)
from gridsight.solvers.thrill_digger.state import ThrillDiggerState
from gridsight.solvers.thrill_digger.validate import conflict_error

MODELS: tuple[str, ...] = ("game", "uniform")


@dataclass(frozen=True)
class HoleOdds:
    """What an undug hole holds, under the model.

    ``bomb``, ``rupoor`` and the five colours sum to 1. ``value`` is the expected rupees that
    digging it adds at once (rupee worth, -10 for a rupoor, 0 for a bomb). The flags are
    decided on exact counts, not on rounded floats.
    """

    row: int
    col: int
    bomb: float
    rupoor: float
    green: float
    blue: float
    red: float
    silver: float
    gold: float
    value: float
    no_bomb: bool  # certainly not a bomb
    no_bad: bool  # certainly a rupee: neither a bomb nor a rupoor
    certain_bomb: bool
    certain_rupoor: bool

    @property
    def cell(self) -> tuple[int, int]:
        return (self.row, self.col)

    def colour(self, token: str) -> float:
        """The chance of the rupee colour written ``token`` (``g b r s y``)."""
        return getattr(self, COLOUR_NAMES[token])


@dataclass(frozen=True)
class Analysis:
    """The exact analysis of one board under one model.

    ``layouts`` is how many (bomb holes, rupoor holes) layouts fit the readings (an exact
    count, the same under both models); ``holes`` has one :class:`HoleOdds` per undug hole,
    row by row; ``block_probability`` is the model's chance of a 2x2 block on a uniform board.
    """

    state: ThrillDiggerState
    model: str
    layouts: int
    holes: tuple[HoleOdds, ...]
    block_probability: Fraction

    def hole(self, row: int, col: int) -> HoleOdds:
        for odds in self.holes:
            if odds.row == row and odds.col == col:
                return odds
        raise KeyError(f"{cell_name(row, col)} is not an undug hole")


def analyse(state: ThrillDiggerState, model: str = "game") -> Analysis:
    """Analyse ``state`` exactly under ``model`` (``game`` or ``uniform``).

    Raises :class:`gridsight.solvers.errors.ImpossibleBoardError` naming a small set of readings that
    cannot all be true when no layout fits the board.
    """
    if model not in MODELS:
        raise ValueError(f"unknown model '{model}' (expected one of: {', '.join(MODELS)})")
    d = state.difficulty
    tokens = [t for row in state.grid for t in row]
    free_bombs = d.bombs - tokens.count(BOMB)
    free_rupoors = d.rupoors - tokens.count(RUPOOR)
    if free_bombs < 0 or free_rupoors < 0:
        raise conflict_error(state)
    p = block_probability(d.rows, d.cols, d.bad)
    if model == "game":
        every, clean = count_variants(state.grid, d.bad, (False, True))
        w_clean, w_block = layout_weights(p)
    else:
        (every,) = count_variants(state.grid, d.bad, (False,))
        clean, w_clean, w_block = every, 1, 1
    if every.total == 0:
        raise conflict_error(state)

    def weigh(all_count: int, clean_count: int) -> int:
        return w_clean * clean_count + w_block * (all_count - clean_count)

    free_bad = free_bombs + free_rupoors
    z = weigh(every.total, clean.total)
    split = max(free_bad, 1)  # with no free bad items every undug hole is a rupee
    holes = []
    for cell in state.undug():
        bad = weigh(every.bad[cell], clean.bad[cell])
        colours = [weigh(a, c) for a, c in zip(every.colours[cell], clean.colours[cell])]
        worth = sum(COLOUR_VALUES[t] * w for t, w in zip(COLOURS, colours))
        value_num = worth * split + RUPOOR_VALUE * bad * free_rupoors
        holes.append(
            HoleOdds(
                row=cell[0],
                col=cell[1],
                bomb=(bad * free_bombs) / (z * split),
                rupoor=(bad * free_rupoors) / (z * split),
                green=colours[0] / z,
                blue=colours[1] / z,
                red=colours[2] / z,
                silver=colours[3] / z,
                gold=colours[4] / z,
                value=value_num / (z * split),
                no_bomb=bad == 0 or free_bombs == 0,
                no_bad=bad == 0,
                certain_bomb=bad == z and free_rupoors == 0,
                certain_rupoor=bad == z and free_bombs == 0,
            )
        )
    layouts = every.total * comb(free_bad, free_bombs)
    return Analysis(state, model, layouts, tuple(holes), p)
