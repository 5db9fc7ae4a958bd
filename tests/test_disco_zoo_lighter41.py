"""A Disco Zoo board whose dirt is as light as its grass (the 41st session's ``s41dot``, the
42nd's ``s42dirt``).

The board is 5x5 square tiles parted by thin lines; a tapped empty tile is plain dirt of one
colour, every tapped tile of a board the same colour, told from the grass by its hue even
when as light; untapped tiles carry random decorations. A tile is read tapped by its
darkness; plain cells of one colour not the grass's, left unread for want of it, are read
tapped all together (:func:`gridsight.games.disco_zoo.screen._light_dirt`). Without that
rule, a lattice across the board was taken in the board's place: refused in words since the
41st session (:func:`gridsight.games.disco_zoo.screen._lighter_dirt`), checked here with the
rule turned off. The widest screens are drawn as the screens test draws them and located with
OCR off; the skin's screens with dirt lighter and as light as the grass are drawn at 1x.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

import gridsight.games.disco_zoo.screen as screen
from gridsight.games.disco_zoo.screen import TileSeen, locate_rescue
from gridsight.vision.errors import BoardNotFoundError
from kit.disco_reads import kinds_of, kinds_seen
from kit.rescues import random_rescue_board
from kit.skins import disco_zoo_real as real
from test_disco_zoo_screens import real_screen


@pytest.fixture(scope="module")
def widest():
    # widest 1146007 at 1.13x (Savanna: slate dirt at L 41, the olive grass at L 45),
    # 1148022 at 0.54x (Nocturnal: grey dirt at L 39, the olive grass at L 38-42) and
    # 1160003 at 0.85x (Savanna: grey dirt at L 39, the grass at L 38)
    return {seed: real_screen(seed % 2000, seed - seed % 2000, wider=True, widest="all")[1:3]
            for seed in (1_146_007, 1_148_022, 1_160_003)}


@pytest.mark.parametrize("seed", [1_146_007, 1_148_022, 1_160_003])
def test_a_board_of_dirt_as_light_as_its_grass_is_read_on_its_own_lattice(
        widest, seed, monkeypatch):
    # The board's own lattice read its 8 and 9 tapped tiles unread (plausibility 0.68, 0.64),
    # and a lattice across the board was taken: with --animals the found tile stated
    # untapped (1148022's Flying Squirrel at (3,0)) or tapped (1146007's Giraffe at (2,0)).
    # 1160003 (fresh): two tapped tiles side by side, the line between them 13 L darker,
    # were taken for one thing over the board (hidden), the board refused (84% plausible).
    monkeypatch.setenv("GRIDSIGHT_OCR", "off")
    text, image = widest[seed]
    found = locate_rescue(image)
    truth = kinds_of(text)
    assert kinds_seen(found) == truth
    assert sum(row.count("empty") for row in truth) >= 6


def test_without_the_light_dirt_the_lattice_across_the_board_is_refused(widest, monkeypatch):
    # (the 41st session's refusal, the fallback when the plain cells are not read tapped; on
    # 1148022 alone: 1146007's costs 1 CPU s more)
    monkeypatch.setenv("GRIDSIGHT_OCR", "off")
    monkeypatch.setattr(screen, "LIGHT_DIRT_LEAST", 99)
    with pytest.raises(BoardNotFoundError, match="plain cells of one colour"):
        locate_rescue(widest[1_148_022][1])


def _shot(seed: int, lighter: float):
    """A real-look screen (1x) whose dirt is ``lighter`` L levels off the grass's lightness
    (either way), of a grey or brown hue far from the grass's (at least 20 Lab in a, b)."""
    rng = np.random.default_rng(seed)
    board = random_rescue_board(rng, max_taps=10)
    while sum(row.count("empty") for row in board.labels) < 3:
        board = random_rescue_board(rng, max_taps=10)
    look = real.random_look(seed, board.region)
    grass = real._lab(look.grass)
    facts = screen.screen_facts()
    references = screen._rarity_references(facts)
    for _ in range(100):  # grey to brown, of no rarity's colour (else a found tile's)
        dirt = real._from_lab([float(np.clip(grass[0] + lighter, 5, 95)),
                               rng.uniform(-3, 12), rng.uniform(0, 25)])
        if np.linalg.norm(real._lab(dirt)[1:] - grass[1:]) >= 20 and not screen._rarity_fits(
                real._lab(dirt), references, facts["rarity_tolerance"], facts["rarity_margin"]):
            break
    look = replace(look, empty_color=dirt, found_under=dirt)
    shot = real.render([list(row) for row in board.labels],
                       animals=[(a.name, a.rarity) for a in board.animals],
                       attempts=board.attempts, region=board.region, seed=seed, look=look)
    return shot, board


@pytest.mark.parametrize("seed, lighter", [(4_200_001, 0.0), (4_200_002, 9.0), (4_200_003, -4.0)],
                         ids=["as-light", "lighter", "a-little-darker"])
def test_tapped_tiles_of_a_hue_not_the_grass_are_read_whatever_their_lightness(
        seed, lighter, monkeypatch):
    # The dirt's lightness against the grass's is not known: drawn both ways.
    monkeypatch.setenv("GRIDSIGHT_OCR", "off")
    shot, board = _shot(seed, lighter)
    found = locate_rescue(shot.image)
    truth = [["found" if label.startswith("animal:") else label for label in row]
             for row in board.labels]
    kinds = kinds_seen(found)
    for r in range(5):
        for c in range(5):
            if truth[r][c] == "empty":
                assert kinds[r][c] == "empty", (r, c, kinds)
            elif kinds[r][c] not in ("unknown", "hidden"):
                assert kinds[r][c] == truth[r][c], (r, c, kinds)


def _cells(colours, lawn):
    """read_tiles' view of 25 tiles: ``colours`` the plain unread cells' (index: Lab), the
    rest grass of ``lawn``'s colour."""
    tiles = [TileSeen("ground") for _ in range(25)]
    inner = np.tile(np.array(lawn, float), (25, 1))
    for k, colour in colours.items():
        tiles[k] = TileSeen("unknown", confidence=0.0)
        inner[k] = colour
    ground = np.array([k not in colours for k in range(25)])
    return tiles, sorted(colours), inner, inner.copy(), ground


def test_plain_cells_are_read_tapped_only_when_one_colour_of_another_hue_than_the_grass():
    lawn = [45.0, -36.0, 16.0]
    slate = [41.0, -12.0, 17.5]  # widest 1146007's dirt
    tiles, plain, inner, rims, ground = _cells({1: slate, 6: slate, 8: slate}, lawn)
    screen._light_dirt(tiles, plain, inner, rims, ground)
    assert [tiles[k].kind for k in (1, 6, 8)] == ["empty"] * 3
    # a lighter shade of the grass's own hue (a checkered lawn's other green): unread
    tiles, plain, inner, rims, ground = _cells({1: [50, -38, 18], 6: [50, -38, 18]}, lawn)
    screen._light_dirt(tiles, plain, inner, rims, ground)
    assert [tiles[k].kind for k in (1, 6)] == ["unknown"] * 2
    # two colours: not one dirt
    tiles, plain, inner, rims, ground = _cells({1: slate, 6: slate, 8: [60, 20, 30]}, lawn)
    screen._light_dirt(tiles, plain, inner, rims, ground)
    assert [tiles[k].kind for k in (1, 6, 8)] == ["unknown"] * 3
    # one plain cell alone: nothing to tell it by
    tiles, plain, inner, rims, ground = _cells({1: slate}, lawn)
    screen._light_dirt(tiles, plain, inner, rims, ground)
    assert tiles[1].kind == "unknown"
    # an unread tile of that colour with a decoration on it: an untapped tile's colour
    tiles, plain, inner, rims, ground = _cells({1: slate, 6: slate}, lawn)
    tiles[12], rims[12], ground[12] = TileSeen("unknown", confidence=0.0), slate, False
    screen._light_dirt(tiles, plain, inner, rims, ground)
    assert [tiles[k].kind for k in (1, 6)] == ["unknown"] * 2
    # tiles read tapped by their darkness of another colour: the plain cells are not dirt
    tiles, plain, inner, rims, ground = _cells({1: slate, 6: slate}, lawn)
    tiles[12], inner[12], ground[12] = TileSeen("empty"), [15, 5, 10], False
    screen._light_dirt(tiles, plain, inner, rims, ground)
    assert [tiles[k].kind for k in (1, 6)] == ["unknown"] * 2
