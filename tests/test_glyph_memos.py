"""The reading path's shortcuts give the values of the plain computations, to the bit.

A glyph remembers its distances to the glyphs it was compared with (a screen's names are read
twice over the same glyphs), the cipher works out each glyph's costs and each line's pair costs
once, and a title bar's rows' main colours are found together: each is held here equal to the
plain computation it replaced, and a freed glyph's remembered distance is never handed to a new
glyph that takes its id. Small drawn cases, well under a second.
"""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations

import numpy as np

from gridsight.vision import glyphs
from gridsight.vision.cipher import Cipher
from gridsight.vision.glyphs import glyph_distance, text_lines

BITS = {"A": ["111", "101", "111", "101", "101"], "B": ["110", "101", "110", "101", "110"],
        "C": ["111", "100", "100", "100", "111"], "D": ["110", "101", "101", "101", "110"]}


def _draw(text: str, size: int = 4):
    picture = np.full((8 * size, 5 * size * len(text) + 5 * size, 3), 40, np.uint8)
    for k, ch in enumerate(text):
        glyph = np.kron(np.array([[c == "1" for c in row] for row in BITS[ch]]),
                        np.ones((size, size)))
        x = 2 * size + 5 * size * k
        picture[size : 6 * size, x : x + 3 * size][glyph > 0] = 230
    return text_lines(picture)[0]


def test_a_remembered_glyph_distance_is_the_distance_worked_out():
    one, two = _draw("ABCD"), _draw("DCAB", 3)
    for a in one.glyphs:
        for b in two.glyphs:
            first = glyph_distance(a, b)
            assert glyph_distance(a, b) == first == glyphs._glyph_distance(a, b)


def test_a_freed_glyphs_distance_is_not_given_to_a_glyph_taking_its_id():
    """Each glyph compared is freed at once (a line and its glyphs hold no cycle: freed by
    their count of references, no collection needed), and new glyphs of other letters are
    made right after, so that one of them takes its id (checked: the test is about those).
    Before, drawn lines took the freed ids of none (the memo without its check of the glyph
    itself passed), and a full ``gc.collect()`` after each of 18 glyphs cost 4.2 s of CPU
    in the whole suite's worker, its heap large."""
    kept = _draw("ABCD").glyphs[0]
    spare = {ch: _draw(ch).glyphs[-1] for ch in "ABCD"}  # never compared: no memo of theirs
    taken = 0
    for text in ("ABCD", "BAD", "CAB", "DDA", "ACD", "BCA") * 3:
        line = _draw(text)
        other = line.glyphs[-1]
        freed = id(other)
        glyph_distance(kept, other)  # remembered on ``kept`` for this id
        del line, other
        new = [replace(spare[ch]) for ch in "ABCD" if ch != text[-1]]  # new glyphs
        taken += any(id(glyph) == freed for glyph in new)
        for glyph in new:
            assert glyph_distance(kept, glyph) == glyphs._glyph_distance(kept, glyph)
    assert taken, "no new glyph took a freed one's id: the case is not made"


def test_a_lines_cost_is_its_glyph_costs_then_its_pair_costs_added_in_order():
    cipher = Cipher([(_draw("ABCD"), "ABCD"), (_draw("BAD"), "BAD")])
    line = _draw("CABD", 3)
    for text in ("CABD", "DABC", "AAAA", "CABB", "CABD", "BCDA"):
        plain = sum(cipher.glyph_cost(g, ch, line) for g, ch in zip(line.glyphs, text))
        plain += sum(cipher.pair_cost(a, x, b, y) for (a, x), (b, y)
                     in combinations(list(zip(line.glyphs, text)), 2))
        assert cipher.line_cost(line, text) == plain
    assert cipher.line_cost(line, "CAB") == sum(  # a text shorter than the line: its glyphs
        cipher.glyph_cost(g, ch, line) for g, ch in zip(line.glyphs, "CAB")) + sum(
        cipher.pair_cost(a, x, b, y)
        for (a, x), (b, y) in combinations(list(zip(line.glyphs, "CAB")), 2))


def test_rows_main_colours_found_together_are_each_rows_own():
    rng = np.random.default_rng(5)
    bar = np.clip(rng.normal((60, 120, 200), 6, (70, 300, 3)), 0, 255).astype(np.uint8)
    bar[20:45, 30:200] = (240, 240, 240)  # text over part of some rows
    bar[50:] = (20, 90, 30)  # a second band
    bar[55:60, :] = rng.integers(0, 256, (5, 300, 3))  # rows of every colour
    together = glyphs._rows_mode_colours(bar)
    for y in range(bar.shape[0]):
        alone = glyphs._mode_colour(bar[y].reshape(-1, 3).astype(np.float32))
        assert together[y].dtype == alone.dtype and np.array_equal(together[y], alone), y
