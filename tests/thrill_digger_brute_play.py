"""An independent brute-force expectimax for the exact play tests.

Plain recursion over explicit layouts with exact arithmetic: a state is the dict of what was
dug, the layouts are listed with :func:`itertools.combinations` and weighed with the game's
redraw rule directly, every hole is tried at every state (no safe-first rule, no symmetry),
and states are memoised on what was dug. The recursion runs in integers -- each state's value
times the total weight of the layouts that fit it -- and divides once, into a
:class:`~fractions.Fraction`, at the end: the same exact values as a recursion in fractions,
without a fraction per step. It shares no code with
:mod:`gridsight.solvers.thrill_digger.layouts` or :mod:`gridsight.solvers.thrill_digger.optimal`.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

from gridsight.solvers.thrill_digger.blocks import REDRAWS, block_probability, has_block
from gridsight.solvers.thrill_digger.rules import (
    BOMB,
    COLOUR_VALUES,
    RUPOOR,
    RUPOOR_VALUE,
    UNDUG,
    UNSEEN,
    Difficulty,
    colour_of,
    neighbours,
)

Cell = tuple[int, int]


def _layouts(d: Difficulty, model: str) -> list[tuple[dict[Cell, str], int]]:
    """Every layout as ``(what each hole shows, weight)``."""
    cells = [(r, c) for r in range(d.rows) for c in range(d.cols)]
    p = block_probability(d.rows, d.cols, d.bad)
    found = []
    for bombs in combinations(cells, d.bombs):
        rest = [c for c in cells if c not in bombs]
        for rupoors in combinations(rest, d.rupoors):
            bad = set(bombs) | set(rupoors)
            shows = {}
            for cell in cells:
                if cell in bombs:
                    shows[cell] = BOMB
                elif cell in rupoors:
                    shows[cell] = RUPOOR
                else:
                    n = sum(x in bad for x in neighbours(*cell, d.rows, d.cols))
                    shows[cell] = colour_of(n)
            # Integer weights: the game's chances scaled by den**REDRAWS.
            if model == "uniform":
                weight = 1
            elif has_block(bad):
                weight = int(p**REDRAWS * p.denominator**REDRAWS)
            else:
                weight = int(sum(p**i for i in range(REDRAWS + 1)) * p.denominator**REDRAWS)
            found.append((shows, weight))
    return found


def _worth(token: str) -> int:
    return RUPOOR_VALUE if token == RUPOOR else COLOUR_VALUES[token]


class BrutePlay:
    """The exact optimum of every state of a small board, by plain recursion.

    ``weighted(seen)`` is the optimal value of ``seen`` times ``W(seen)``, the total weight of
    the layouts that fit it: an integer, since the weights and rupee values are. Digging
    ``cell`` splits the fitting layouts by what ``cell`` shows; a part with token ``t`` and
    weight ``w_t`` is worth ``w_t * worth(t) + weighted(seen + t)`` (the child's value times
    ``w_t``), so ``W(seen) * q(seen, cell)`` is the sum of these over the non-bomb parts and
    ``weighted(seen)`` the largest such sum (``W(seen) > 0`` keeps the argmax). The value is
    ``weighted / W``, exact.
    """

    def __init__(self, difficulty: Difficulty, model: str) -> None:
        self.d = difficulty
        self.layouts = _layouts(difficulty, model)
        self.memo: dict[frozenset, int] = {}

    def _fits(self, seen: dict[Cell, str]) -> list[tuple[dict[Cell, str], int]]:
        def ok(shows: dict[Cell, str]) -> bool:
            for cell, token in seen.items():
                if token == UNSEEN:
                    if shows[cell] in (BOMB, RUPOOR):
                        return False
                elif shows[cell] != token:
                    return False
            return True

        return [(shows, w) for shows, w in self.layouts if ok(shows)]

    def _q_weighted(self, seen: dict[Cell, str], cell: Cell, fits: list) -> int:
        """``W(seen)`` times the expected rupees still to come if ``cell`` is dug next."""
        by_token: dict[str, list] = {}
        for shows, w in fits:
            by_token.setdefault(shows[cell], []).append((shows, w))
        total = 0
        for token, part in by_token.items():
            if token == BOMB:
                continue
            weight = sum(w for _, w in part)
            total += weight * _worth(token) + self._weighted({**seen, cell: token}, part)
        return total

    def _weighted(self, seen: dict[Cell, str], fits: list) -> int:
        """``W(seen)`` times the optimal expected rupees still to come from ``seen``."""
        d = self.d
        key = frozenset(seen.items())
        if key in self.memo:
            return self.memo[key]
        rupees_dug = sum(t not in (RUPOOR, BOMB) for t in seen.values())
        if rupees_dug == d.holes - d.bad:
            self.memo[key] = 0
        else:
            undug = [(r, c) for r in range(d.rows) for c in range(d.cols) if (r, c) not in seen]
            self.memo[key] = max(self._q_weighted(seen, cell, fits) for cell in undug)
        return self.memo[key]

    def q(self, seen: dict[Cell, str], cell: Cell, fits: list | None = None) -> Fraction:
        """Expected rupees still to come if ``cell`` is dug next, then optimal play
        (``fits``: the layouts that fit ``seen``, if already known)."""
        if fits is None:
            fits = self._fits(seen)
        total = sum(w for _, w in fits)
        if total == 0:
            return Fraction(0)
        return Fraction(self._q_weighted(seen, cell, fits), total)

    def value(self, seen: dict[Cell, str], fits: list | None = None) -> Fraction:
        """The optimal expected rupees still to come from the state ``seen``."""
        if fits is None:
            fits = self._fits(seen)
        total = sum(w for _, w in fits)
        if total == 0:
            return Fraction(0)
        return Fraction(self._weighted(seen, fits), total)

    def hole_values(self, grid: tuple[tuple[str, ...], ...]) -> dict[Cell, Fraction]:
        """Every undug hole's value on a board given as tokens."""
        seen = {(r, c): t for r, row in enumerate(grid) for c, t in enumerate(row) if t != UNDUG}
        fits = self._fits(seen)
        return {
            (r, c): self.q(seen, (r, c), fits)
            for r, row in enumerate(grid)
            for c, t in enumerate(row)
            if t == UNDUG
        }
