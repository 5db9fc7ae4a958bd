"""The cipher remembers glyph distances by the glyphs' ids; a glyph read once and freed must
not hand its remembered distance to a new glyph that takes its id (the doctest of
``vision/cipher.py`` read CAB as DAB now and then that way, depending on what ran before)."""

from __future__ import annotations

import dataclasses
import gc
import weakref

import numpy as np
import pytest

from gridsight.vision.cipher import Cipher, rank
from gridsight.vision.glyphs import glyph_distance, text_lines

BITS = {"A": ["111", "101", "111", "101", "101"], "B": ["110", "101", "110", "101", "110"],
        "C": ["111", "100", "100", "100", "111"], "D": ["110", "101", "101", "101", "110"]}


@pytest.fixture(autouse=True)
def _young_heap():
    """Each test's ``gc.collect()`` walks only what the test made: the heap from before it is
    frozen (``gc.freeze``) for the test and given back after. In the whole suite's worker,
    its heap large after hundreds of tests, a full collection walked all of it (this file's
    five: 0.9 s of CPU there, for a file of small drawn lines)."""
    gc.freeze()
    yield
    gc.unfreeze()


def _draw(text: str):
    picture = np.full((30, 20 * len(text) + 20, 3), 40, np.uint8)
    for k, ch in enumerate(text):
        glyph = np.kron(np.array([[c == "1" for c in row] for row in BITS[ch]]), np.ones((4, 4)))
        picture[5:25, 10 + 20 * k : 22 + 20 * k][glyph > 0] = 230
    return text_lines(picture)[0]


def test_a_glyph_whose_distance_is_remembered_keeps_its_id():
    # A remembered distance is keyed by the two glyphs' ids; were the glyph freed, a glyph made
    # later could take its id and be given its distance. So the cipher holds what it keys.
    cipher = Cipher([(_draw("ABCD"), "ABCD"), (_draw("BAD"), "BAD")])
    line = _draw("CAB")
    glyph, reference = line.glyphs[0], cipher.labelled[0][0]
    held = weakref.ref(glyph)
    assert cipher.distance(glyph, reference) == glyph_distance(glyph, reference)
    del line, glyph
    gc.collect()
    assert held() is not None


def _copy(line):
    """A new line of new glyphs with ``line``'s pixels, made in a few allocations: they take
    the ids of a line and glyphs freed just before (the allocator hands the freed memory out
    again)."""
    return dataclasses.replace(line, glyphs=tuple(dataclasses.replace(g) for g in line.glyphs))


def test_a_line_read_again_after_others_reads_the_same():
    cipher = Cipher([(_draw("ABCD"), "ABCD"), (_draw("BAD"), "BAD")])
    first = [r.texts for r in rank([(_draw("CAB"), ("CAB", "DAB", "ACD"))], cipher)]
    for text in ("DAB", "ACD", "BCA", "DDA"):
        rank([(_draw(text), ("CAB", "DAB"))], cipher)
        gc.collect()
    assert [r.texts for r in rank([(_draw("CAB"), ("CAB", "DAB", "ACD"))], cipher)] == first
    assert first[0] == ("CAB",)
    # Lines read, each freed and the next made at once: were the cipher not to hold what it
    # keys by id (a glyph's distances, a line's references, its glyphs' neighbours and
    # pairs), the new line and its glyphs would take the freed ones' ids and be read with
    # their figures (DAB read as the CAB before it). Without a cipher holding them, such
    # lines do take the freed ids (checked first: else the case would not be made).
    spare = {text: _draw(text) for text in ("CAB", "DAB")}
    freed: set[int] = set()
    taken = 0
    for text in ("CAB", "DAB") * 4:
        line = _copy(spare[text])
        taken += bool(freed & {id(line), *map(id, line.glyphs)})
        freed = {id(line), *map(id, line.glyphs)}
        del line
    assert taken, "no line made took a freed line's ids: the case is not made"
    for k, text in enumerate(("CAB", "DAB") * 4):
        line = _copy(spare[text])
        read = rank([(line, ("CAB", "DAB"))], cipher)[0].texts
        del line  # (the read holds no line: the next one may take this one's ids)
        assert read == (text,), (k, read)
