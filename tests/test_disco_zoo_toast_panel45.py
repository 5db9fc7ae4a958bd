"""A found tile is rounded, coloured by its rarity, its outline all round it (issue 18): a
tile whose rim band is the grass's green round a middle of another colour is read as a found
tile whose outline is the grass's green (:func:`gridsight.games.disco_zoo.screen._panel_tile`),
but a lawn tile partly under something is not one: the grass's own green along three sides
of its rim and the halves unlike (:data:`gridsight.games.disco_zoo.screen.PANEL_HALVES`), it
is read hidden (the 45th session's ``s45toast``).

The ``toast`` variant of widest 1210005 (``bench/disco_zoo_variants.py``; Jungle: Phoenix,
Monkey, Tiger): a light toast across the bottom half of the untapped tile at row 4, column 4
(a rock in its top half), the grass round its top, the toast's pale grey taken for the tile's
fill (within the rare colour's tolerance): stated a found Tiger with and without --animals.

The rule needs the three sides: the faint-lines probe 810022 (a wider look at 0.67x,
``test_disco_zoo_hunt32b``'s "lattice over the cards") is read through a lattice laid over
the cards, their panels cut into "found" tiles whose halves are unlike too but whose sides
are of two colours or more. Read found, more of them than the animals cover refuse that
board with --animals; read hidden (the 44th session's rule, halves alone), its wrong board
was stated, nine tiles wrong. OCR off.
"""

from __future__ import annotations

import numpy as np
import pytest

from disco_zoo_variants import drawn, variant
from gridsight.games.disco_zoo import screen as zoo_screen
from gridsight.games.disco_zoo.screen import locate_rescue
from test_disco_zoo_hunt31 import both_reads
from test_disco_zoo_hunt32b import _probe
from kit.disco_reads import stated_wrong

SEED = 1_210_005


@pytest.fixture(autouse=True)
def _no_ocr(monkeypatch):
    monkeypatch.setenv("GRIDSIGHT_OCR", "off")


def _panel_reads(monkeypatch) -> list[tuple]:
    """Every tile :func:`_panel_tile` reads found from now on, as (row, col, its rim's halves'
    distance, its rim's sides' distances to the rim's colour, sorted)."""
    seen_found: list[tuple] = []
    panel = zoo_screen._panel_tile

    def spy(image, lattice, r, c, lab, rim, *rest):
        seen = panel(image, lattice, r, c, lab, rim, *rest)
        if seen.kind == "found":
            dominant = zoo_screen._dominant_each
            halves = max(float(np.linalg.norm(np.subtract(*dominant(
                np.stack([lab[one], lab[two]]))))) for one, two in zoo_screen._HALVES)
            sides = sorted(float(np.linalg.norm(dominant(lab[rows, cols].reshape(1, -1, 3))[0]
                                                - rim)) for rows, cols in zoo_screen._SIDES)
            seen_found.append((r, c, halves, sides))
        return seen

    monkeypatch.setattr(zoo_screen, "_panel_tile", spy)
    return seen_found


def test_a_lawn_tile_half_under_a_toast_is_no_found_tile(monkeypatch):
    shot, text = drawn(SEED, True, "all")
    image = variant("toast", shot, SEED)
    assert text.splitlines()[6].split()[3] == "."  # untapped at row 4, column 4
    panels = _panel_reads(monkeypatch)
    screen = locate_rescue(image)
    # (read by _panel_tile as found: halves unlike, the grass's own green on three sides)
    assert any(r == 3 and c == 3 and halves > zoo_screen.PANEL_HALVES
               and sides[2] < zoo_screen.OWN_NEAR for r, c, halves, sides in panels)
    assert screen.tiles[3][3].kind == "hidden"
    plain, warnings, asked, unread, named, _ = both_reads(screen, image, text)
    assert plain or asked
    if plain:
        assert not stated_wrong(text, plain, warnings, unread)
    assert not isinstance(named, str)
    assert not stated_wrong(text, named.text, named.warnings, named.unread)
    assert [3, 3] in [list(cell) for cell in named.unread]


def test_a_lattice_over_the_cards_keeps_its_panels_found_and_is_refused(monkeypatch):
    """810022: the cards' panels cut by the wrong lattice have unlike halves (so the halves
    alone would hide them), but not the lawn's green on three sides: still found, and the
    board refused with --animals (more found tiles than the Sheep's four)."""
    text, image = _probe(810_022, wider=True)
    panels = _panel_reads(monkeypatch)
    screen = locate_rescue(image)
    split = [(r, c) for r, c, halves, sides in panels if halves > zoo_screen.PANEL_HALVES]
    assert split and all(sides[2] >= zoo_screen.OWN_NEAR
                         for _, _, halves, sides in panels if halves > zoo_screen.PANEL_HALVES)
    assert sum(tile.kind == "found" for row in screen.tiles for tile in row) >= 5
    assert not any(tile.kind == "hidden" for row in screen.tiles for tile in row)
    named = both_reads(screen, image, text)[4]
    assert isinstance(named, str) and ("only Sheep may be, more than its 4 tiles" in named
                                       or "no placement of Sheep covers" in named), named
