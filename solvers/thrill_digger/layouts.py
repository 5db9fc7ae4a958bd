"""Every layout of a small board, and the observation keys of the exact play search.

On a small board (beginner: C(20, 4) = 4845 layouts) every (bomb holes, rupoor holes) layout
can be listed with what each hole shows in it. A state of the game (what has been dug and
seen) is then the set of layouts that fit it, weighted by the model, and the holes still
undug: that is all the exact search of :mod:`gridsight.solvers.thrill_digger.optimal` needs.

A state is named by its *key*, three bits per hole in reading order (hole ``i = r * cols +
c`` at bits ``3i..3i+2``): 0 undug, 1..5 a rupee of colour ``COLOURS[code - 1]``, 6 a rupoor,
7 dug with its colour unseen (``?``). A dug bomb ends the game, so it has no key. The board's
symmetries (the flips, and the quarter turns of a square board) map layouts to layouts of
the same weight, so states that are mirror images have the same value: the *canonical* key,
the smallest key among a state's images, names them all.

>>> from gridsight.solvers.thrill_digger.rules import BEGINNER
>>> space = layout_space(BEGINNER, "uniform")
>>> len(space.outcomes), len(space.symmetries)
(4845, 4)
>>> key = space.key_of(ThrillDiggerState.empty(BEGINNER).with_token(0, 0, "g"))
>>> key, space.canonical(key)[0] == space.canonical(key_of_cell(19, 1))[0]
(1, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import chain, combinations
from math import comb

import numpy as np

from gridsight.solvers.thrill_digger.blocks import block_probability, has_block, layout_weights
from gridsight.solvers.thrill_digger.rules import (
    BOMB,
    COLOUR_VALUES,
    COLOURS,
    RUPOOR,
    RUPOOR_VALUE,
    UNDUG,
    UNSEEN,
    Difficulty,
    colour_of,
    neighbours,
)
from gridsight.solvers.thrill_digger.state import ThrillDiggerState

# Outcome codes of a hole in a layout (the particles of the sampler use the same ones).
RUPOOR_OUTCOME = len(COLOURS)  # 5
BOMB_OUTCOME = len(COLOURS) + 1  # 6
OUTCOME_VALUES: tuple[int, ...] = (*(COLOUR_VALUES[c] for c in COLOURS), RUPOOR_VALUE, 0)

# Key codes per hole.
UNDUG_CODE = 0
RUPOOR_CODE = RUPOOR_OUTCOME + 1  # 6: the code of outcome o is o + 1
UNSEEN_CODE = 7
_TOKEN_CODES = {UNDUG: UNDUG_CODE, RUPOOR: RUPOOR_CODE, UNSEEN: UNSEEN_CODE}
_TOKEN_CODES.update({colour: i + 1 for i, colour in enumerate(COLOURS)})

MAX_HOLES = 21  # 3 bits each in a positive 64-bit key
MAX_LAYOUTS = 200_000
_CHUNK = 4  # holes per lookup-table chunk of the canonical key (12 bits)


def key_of_cell(hole: int, code: int) -> int:
    """The key bits of hole index ``hole`` showing ``code``."""
    return code << (3 * hole)


@dataclass(frozen=True, eq=False)
class LayoutSpace:
    """Every layout of ``difficulty`` with its model weight, and the board's symmetries.

    ``outcomes[l, i]`` is what hole ``i`` holds in layout ``l``: a colour index 0..4,
    :data:`RUPOOR_OUTCOME` or :data:`BOMB_OUTCOME`. ``blocked[l]`` says the layout's bad
    holes hold a 2x2 block; under the ``game`` model such a layout weighs ``block_weight``
    against 1 for the others (the exact ratio is ``block_weight_exact``), under ``uniform``
    every layout weighs 1. ``symmetries[t][i]`` is where symmetry ``t`` (0 = identity) moves
    hole ``i``.
    """

    difficulty: Difficulty
    model: str
    outcomes: np.ndarray
    blocked: np.ndarray
    block_weight: float
    block_weight_exact: Fraction
    symmetries: tuple[tuple[int, ...], ...]
    chunk_tables: np.ndarray  # [t, chunk, 4096] -> the chunk's key bits moved by symmetry t

    @property
    def holes(self) -> int:
        return self.difficulty.holes

    @property
    def rupees(self) -> int:
        """How many holes hold a rupee in every layout."""
        return self.difficulty.holes - self.difficulty.bad

    def key_of(self, state: ThrillDiggerState) -> int:
        """The key of ``state`` (which must hold no dug bomb)."""
        key = 0
        for i, token in enumerate(t for row in state.grid for t in row):
            if token == BOMB:
                raise ValueError("a state with a dug bomb has no key: the game is over")
            key |= _TOKEN_CODES[token] << (3 * i)
        return key

    def fits(self, key: int) -> np.ndarray:
        """Which layouts fit the state ``key`` (a boolean array over layouts)."""
        ok = np.ones(len(self.outcomes), dtype=bool)
        for i in range(self.holes):
            code = (key >> (3 * i)) & 7
            if code == UNSEEN_CODE:
                ok &= self.outcomes[:, i] < RUPOOR_OUTCOME
            elif code != UNDUG_CODE:
                ok &= self.outcomes[:, i] == code - 1
        return ok

    def canonical(self, key: int) -> tuple[int, int]:
        """The smallest key among the images of ``key`` under the board's symmetries, and
        the first symmetry that gives it."""
        tables = self.chunk_tables
        best, best_t = key, 0
        chunks = tables.shape[1]
        for t in range(1, tables.shape[0]):
            table = tables[t]
            image = 0
            for ch in range(chunks):
                image |= int(table[ch, (key >> (12 * ch)) & 4095])
            if image < best:
                best, best_t = image, t
        return best, best_t


def _symmetries(rows: int, cols: int) -> tuple[tuple[int, ...], ...]:
    """The cell permutations of the board's symmetry group: flips of the rows and of the
    columns, and on a square board the transposition too. Identity first."""
    found = []
    for transpose in (False, True) if rows == cols else (False,):
        for flip_rows in (False, True):
            for flip_cols in (False, True):
                perm = []
                for i in range(rows * cols):
                    r, c = divmod(i, cols)
                    if transpose:
                        r, c = c, r
                    if flip_rows:
                        r = rows - 1 - r
                    if flip_cols:
                        c = cols - 1 - c
                    perm.append(r * cols + c)
                found.append(tuple(perm))
    return tuple(found)


def _chunk_tables(symmetries: tuple[tuple[int, ...], ...], holes: int) -> np.ndarray:
    """``tables[t, ch, v]``: the key bits of chunk ``ch`` (holes ``4ch .. 4ch+3``, bits
    ``v``) once symmetry ``t`` has moved each hole's code."""
    chunks = -(-holes // _CHUNK)
    values = np.arange(1 << (3 * _CHUNK), dtype=np.int64)
    tables = np.zeros((len(symmetries), chunks, len(values)), dtype=np.int64)
    for t, perm in enumerate(symmetries):
        for ch in range(chunks):
            for j in range(_CHUNK):
                hole = ch * _CHUNK + j
                code = (values >> (3 * j)) & 7
                if hole >= holes:
                    continue
                tables[t, ch] |= code << (3 * perm[hole])
    return tables


@lru_cache(maxsize=8)
def layout_space(difficulty: Difficulty, model: str) -> LayoutSpace:
    """Every layout of ``difficulty`` under ``model`` (``game`` or ``uniform``). Refuses
    boards of more than 21 holes or 200,000 layouts (intermediate and expert are far
    bigger: their exact play is out of reach)."""
    d = difficulty
    count = layout_count(d)
    if d.holes > MAX_HOLES or count > MAX_LAYOUTS:
        raise ValueError(
            f"{d.name}: {d.holes} holes and {count:,} layouts are too many for exact play "
            f"(at most {MAX_HOLES} holes and {MAX_LAYOUTS:,} layouts)"
        )
    if model not in ("game", "uniform"):
        raise ValueError(f"unknown model '{model}'")
    outcomes, blocked = _list_layouts(d)
    if model == "game":
        w_clean, w_block = layout_weights(block_probability(d.rows, d.cols, d.bad))
        exact = Fraction(w_block, w_clean)
    else:
        exact = Fraction(1)
    symmetries = _symmetries(d.rows, d.cols)
    return LayoutSpace(
        difficulty=d,
        model=model,
        outcomes=outcomes,
        blocked=blocked,
        block_weight=float(exact),
        block_weight_exact=exact,
        symmetries=symmetries,
        chunk_tables=_chunk_tables(symmetries, d.holes),
    )


def _list_layouts(d: Difficulty) -> tuple[np.ndarray, np.ndarray]:
    """Every layout of ``d`` (what each hole holds) and whether its bad holes hold a 2x2 block,
    in the order of :func:`_layouts_one_by_one`: the bad holes' combinations in lexicographic
    order, and within one the bomb holes' combinations among them. Built with whole-array
    operations (the beginner board's 4845 layouts: about 3 ms, against 90 ms one by one, a
    cost every ``gridsight solve`` of a beginner board paid; a bad-neighbour count per hole by
    gathering, a third of an integer matrix product's instructions)."""
    holes = d.holes
    sets = comb(holes, d.bad)
    bad = np.fromiter(chain.from_iterable(combinations(range(holes), d.bad)), dtype=np.int64,
                      count=sets * d.bad).reshape(sets, d.bad)
    is_bad = np.zeros((sets, holes), dtype=bool)
    is_bad[np.arange(sets)[:, None], bad] = True
    colour_index = np.array([COLOURS.index(colour_of(n)) for n in range(9)], dtype=np.int8)
    counts = np.empty((sets, holes), dtype=np.int64)
    for i in range(holes):
        near = [r * d.cols + c for r, c in neighbours(*divmod(i, d.cols), d.rows, d.cols)]
        counts[:, i] = is_bad[:, near].sum(axis=1)
    shown = colour_index[counts]
    shown[is_bad] = BOMB_OUTCOME
    corners = [(r * d.cols + c, r * d.cols + c + 1, (r + 1) * d.cols + c,
                (r + 1) * d.cols + c + 1) for r in range(d.rows - 1) for c in range(d.cols - 1)]
    block = np.zeros(len(bad), dtype=bool)
    for square in corners:
        block |= is_bad[:, list(square)].all(axis=1)
    patterns = list(combinations(range(d.bad), d.bombs))  # which of the bad holes are bombs
    outcomes = np.repeat(shown, len(patterns), axis=0)
    rows_of = np.arange(len(bad)) * len(patterns)
    for p, bombs in enumerate(patterns):
        for j in range(d.bad):
            if j not in bombs:
                outcomes[rows_of + p, bad[:, j]] = RUPOOR_OUTCOME
    return outcomes, np.repeat(block, len(patterns))


def _layouts_one_by_one(d: Difficulty) -> tuple[np.ndarray, np.ndarray]:
    """:func:`_list_layouts` written plainly, one layout at a time (the tests' reference).

    >>> from gridsight.solvers.thrill_digger.rules import BEGINNER
    >>> small = Difficulty("small", rows=3, cols=4, bombs=2, rupoors=2, fee=0)
    >>> all(np.array_equal(a, b) for d in (BEGINNER, small)
    ...     for a, b in zip(_list_layouts(d), _layouts_one_by_one(d)))
    True
    """
    cells = [(r, c) for r in range(d.rows) for c in range(d.cols)]
    near = [
        [cells.index(n) for n in neighbours(r, c, d.rows, d.cols)] for r, c in cells
    ]
    count = layout_count(d)
    outcomes = np.empty((count, d.holes), dtype=np.int8)
    blocked = np.empty(count, dtype=bool)
    row = 0
    for bad in combinations(range(d.holes), d.bad):
        bad_set = set(bad)
        shown = [
            BOMB_OUTCOME if i in bad_set else COLOURS.index(colour_of(
                sum(n in bad_set for n in near[i])))
            for i in range(d.holes)
        ]
        block = has_block({cells[i] for i in bad})
        for bombs in combinations(bad, d.bombs):
            line = list(shown)
            for i in bad:
                if i not in bombs:
                    line[i] = RUPOOR_OUTCOME
            outcomes[row] = line
            blocked[row] = block
            row += 1
    return outcomes, blocked


def layout_count(d: Difficulty) -> int:
    """How many (bomb holes, rupoor holes) layouts ``d`` has."""
    return comb(d.holes, d.bad) * comb(d.bad, d.bombs)
