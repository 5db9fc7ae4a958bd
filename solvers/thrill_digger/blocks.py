"""The game's redraw rule: boards holding a 2x2 block of bad holes are thrown away.

The game places the bombs, then the rupoors, each on a uniformly random empty hole, so the bad
set is uniform over all sets of its size. While the board holds a 2x2 block of bad holes it
draws again, at most ``REDRAWS`` times; the last board is kept whatever it holds. With ``p``
the chance that a uniform board holds a block, a board without a block is drawn with
probability ``u * (1 + p + ... + p**REDRAWS)`` and one with a block with ``u * p**REDRAWS``
(``u`` the uniform probability).

>>> from gridsight.solvers.thrill_digger.rules import EXPERT
>>> round(float(block_probability(EXPERT.rows, EXPERT.cols, EXPERT.bad)), 3)
0.42
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from math import comb

from gridsight.solvers.thrill_digger.counting import count_bad_sets
from gridsight.solvers.thrill_digger.rules import UNDUG

REDRAWS = 10


def has_block(bad: set[tuple[int, int]] | frozenset[tuple[int, int]]) -> bool:
    """Whether some 2x2 block of holes is entirely in ``bad``."""
    return any(
        (r + 1, c) in bad and (r, c + 1) in bad and (r + 1, c + 1) in bad for r, c in bad
    )


@lru_cache(maxsize=None)
def block_probability(rows: int, cols: int, bad: int) -> Fraction:
    """Exact chance that ``bad`` holes chosen uniformly on a ``rows x cols`` board hold a
    2x2 block of bad holes (counted with the column sweep on an empty board)."""
    empty = tuple((UNDUG,) * cols for _ in range(rows))
    free_of_blocks = count_bad_sets(empty, bad, no_blocks=True, marginals=False).total
    total = comb(rows * cols, bad)
    return Fraction(total - free_of_blocks, total)


def layout_weights(p: Fraction, redraws: int = REDRAWS) -> tuple[int, int]:
    """Integer weights ``(without block, with block)`` proportional to the probability the
    game draws one given layout of each kind, for block probability ``p``.

    Scaled by ``den**redraws`` so they are exact integers: ``sum_{i=0..R} p^i`` and ``p^R``.
    """
    num, den = p.numerator, p.denominator
    with_block = num**redraws
    without = sum(num**i * den ** (redraws - i) for i in range(redraws + 1))
    return without, with_block
