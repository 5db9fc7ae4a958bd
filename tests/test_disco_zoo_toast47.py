"""The lattice's lines are drawn over the found tiles as over the grass (issue 18: square
tiles separated by thin darker lines): two neighbouring tiles read found, of one colour
lighter than the grass, with no line between them where that very line parts the grass
tiles along it, are one thing lying over the board, read hidden
(:func:`gridsight.games.disco_zoo.screen._line_lost`; the 47th session's ``s47toast``).

The ``toast`` variant of variants 1272002 (``bench/disco_zoo_variants.py``; City: Opossum,
Rat, Sewer Turtle, all 25 tiles grass, 1x): a pale grey "New message" toast across row 3,
the two tiles wholly under it read found of the rare colour (the toast's words as their
sprites); no line between them where the grass along it dipped 8.7 levels. With --animals
they were stated Opossum and Rat ("resolved by the board"), the counter's 10 overridden.
OCR off.
"""

from __future__ import annotations

from kit.disco_reads import assert_nothing_stated_wrong, kinds_seen, seed_read

SEED = 1_272_002


def test_two_tiles_under_a_toast_with_no_line_between_them_are_hidden_not_found():
    seen = seed_read(SEED, variant="toast")
    kinds = kinds_seen(seen.screen)
    assert kinds[2][2] == kinds[2][3] == "hidden", kinds
    assert all(kind in ("ground", "hidden") for row in kinds for kind in row), kinds
    reading = seen.given
    assert_nothing_stated_wrong(seen.text, reading)
    assert {(2, 2), (2, 3)} <= set(reading.unread)
    assert any("row 3, column 3 is covered" in note for note in reading.notes)
