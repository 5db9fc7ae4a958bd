"""Locating boards and reading their cells on synthetic screenshots of the shipped skins."""

from __future__ import annotations

import dataclasses

import cv2
import numpy as np
import pytest

from kit.skins import disco_zoo
from kit import corpus
from kit.games import tile_path as tile_path_kit
from kit.skins import pentomino, tile_path
from gridsight.vision.classify import UNKNOWN, read_cells
from gridsight.vision.geometry import BoardGeometry
from gridsight.vision.locate import BoardNotFoundError, Locator, anchor_score, locate_board
from gridsight.vision.packs import load_pack


def _truth_matches(read, labels):
    return [(c.row, c.col, c.label, labels[c.row][c.col])
            for row in read.cells for c in row if c.label != labels[c.row][c.col]]


@pytest.mark.parametrize("game", corpus.GAMES)
def test_clean_screenshot_reads_every_cell_through_the_true_geometry(game):
    shot = corpus.RENDERERS[game](np.random.default_rng(7))
    read = read_cells(shot.image, shot.geometry, load_pack(game))
    assert _truth_matches(read, shot.labels) == []
    assert read.known_fraction == 1.0 and read.min_score > 0.6


def test_disco_tapped_tile_is_not_a_darker_ground_tile():
    """The board-wide gain must not let a 30%-darker hatched tile pass for ground."""
    grid = [["ground"] * 5 for _ in range(5)]
    grid[2][2] = grid[0][4] = "empty"
    shot = disco_zoo.render(grid, seed=3)
    pack = load_pack("disco-zoo")
    for gain in (0.85, 1.0, 1.15):
        image = np.clip(shot.image.astype(np.float32) * gain, 0, 255).astype(np.uint8)
        read = read_cells(image, shot.geometry, pack)
        assert read.cells[2][2].label == "empty" and read.cells[1][1].label == "ground"
        assert read.cells[0][4].label == "empty"


def test_animal_tiles_read_by_rarity_whatever_the_sprite():
    grid = [["ground"] * 5 for _ in range(5)]
    names = ["Zebra", "Lion", "Gecko", "Marmot", "Ostrich"]  # not in the pack's specimen
    for k, name in enumerate(names):
        grid[1][k] = f"animal:{name}"
    rarities = dict(zip(names, ["common", "rare", "mythical", "timeless", "rare"]))
    shot = disco_zoo.render(grid, animals=rarities, seed=1)
    read = read_cells(shot.image, shot.geometry, load_pack("disco-zoo"))
    assert [c.label for c in read.cells[1]] == [f"animal:{rarities[n]}" for n in names]


def test_a_covered_cell_is_unknown_not_a_guess():
    shot = pentomino.render(["#" * 10] + ["#" + "." * 8 + "#"] * 10 + ["#" * 10])
    image = shot.image.copy()
    x0, y0 = (int(v) for v in shot.geometry.cell_quad(4, 4)[0])
    size = int(shot.geometry.cell_size(4, 4)[0])
    yy, xx = np.mgrid[0:size, 0:size]
    checks = np.where((((2 * xx) // size + (2 * yy) // size) % 2 == 0)[..., None], 255, 0)
    image[y0 : y0 + size, x0 : x0 + size] = checks.astype(np.uint8)  # no cell looks like this
    read = read_cells(image, shot.geometry, load_pack("pentomino"))
    assert read.cells[4][4].label == UNKNOWN
    assert read.unknown() == [(4, 4)]
    assert read.cells[4][3].label == "."


def test_read_rejects_a_geometry_of_the_wrong_size():
    shot = tile_path.render([". " * 8] * 6)
    with pytest.raises(ValueError, match="6x8"):
        read_cells(shot.image, BoardGeometry.from_rect(0, 0, 10, 10, 2, 2), load_pack("tile-path"))


@pytest.mark.parametrize("game", corpus.GAMES)
@pytest.mark.parametrize("scale", [0.5, 1.0, 2.3, 4.0])
def test_locate_finds_the_board_at_any_scale(game, scale):
    rng = np.random.default_rng(int(scale * 10))
    shot = corpus.RENDERERS[game](rng)
    h, w = shot.image.shape[:2]
    image = cv2.resize(shot.image, (round(w * scale), round(h * scale)),
                       interpolation=cv2.INTER_LINEAR)
    truth = shot.geometry.scaled(image.shape[1] / w)
    # Keep the board, its frame and a little more (the whole phone screen at 4x is large).
    cell = truth.cell_size(0, 0)[0]
    around = (load_pack(game).anchor.margin + 0.5) * cell
    (x0, y0), (x1, y1) = truth.outline()[0] - around, truth.outline()[2] + around
    x0, y0 = max(0, int(x0)), max(0, int(y0))
    image = image[y0 : int(y1), x0 : int(x1)]
    truth = truth.translated(-x0, -y0)
    found = locate_board(image, load_pack(game))
    assert np.abs(found.outline() - truth.outline()).max() < 0.1 * cell
    assert _truth_matches(read_cells(image, found, load_pack(game)), shot.labels) == []


def test_locator_reuses_the_geometry_until_the_board_moves():
    pack = load_pack("tile-path")
    rng = np.random.default_rng(3)
    shot = tile_path_kit.random_shot(rng)
    frame = corpus.busy_background(rng, 900, 700)
    frame[100 : 100 + shot.image.shape[0], 50 : 50 + shot.image.shape[1]] = shot.image
    locator = Locator(pack)
    first = locator.locate(frame)
    assert locator.searches == 1
    changed = frame.copy()
    changed[150:160, 200:260] = (0, 0, 255)  # a cell changes: the frame is still there
    assert locator.locate(changed) is first and locator.searches == 1
    moved = corpus.busy_background(rng, 900, 700)
    moved[300 : 300 + shot.image.shape[0], 400 : 400 + shot.image.shape[1]] = shot.image
    second = locator.locate(moved)
    assert locator.searches == 2
    assert np.allclose(second.outline() - first.outline(), [350, 200], atol=1.5)


def test_anchor_score_drops_when_the_board_is_gone():
    pack = load_pack("disco-zoo")
    shot = disco_zoo.render([["ground"] * 5] * 5)
    here = anchor_score(shot.image, shot.geometry, pack)
    elsewhere = anchor_score(shot.image, shot.geometry.translated(0, -150), pack)
    assert here > 1.2 and elsewhere < 0.75 * here


def test_the_cells_without_the_boards_frame_are_not_a_board():
    """The frame is what tells a board: with the wooden frame painted over in the screen's
    background, the 25 ground cells alone (they read, the frame's match is about 0.6) are
    not located. (``MIN_ANCHOR``'s check of a refined candidate dropped locates them: caught
    by nothing before.)"""
    pack = load_pack("disco-zoo")
    shot = disco_zoo.render([["ground"] * 5] * 5)
    (x0, y0), (x1, y1) = np.round(shot.geometry.outline()[[0, 2]]).astype(int)
    band = round((pack.anchor.margin + 0.1) * (x1 - x0) / 5)
    image = shot.image.copy()
    cells = image[y0:y1, x0:x1].copy()
    image[y0 - band : y1 + band, x0 - band : x1 + band] = image[5, 5]
    image[y0:y1, x0:x1] = cells
    assert _truth_matches(read_cells(image, shot.geometry, pack), shot.labels) == []
    with pytest.raises(BoardNotFoundError, match="best frame match 0"):
        locate_board(image, pack)


def _two_tone_pack():
    """A made-up pack of two labels whose pictures differ only in brightness: ``lit`` is
    ``dim`` times 2, more than a cell's own gain may be in either pass."""
    from gridsight.vision.packs import Anchor, Template, TemplatePack

    texture = np.indices((16, 16)).sum(axis=0) % 4 * 16.0 - 24.0  # stripes, -24 to 24
    dim = np.repeat((100.0 + texture)[:, :, None], 3, axis=2)
    anchor = Anchor(np.zeros((4, 4, 3), np.uint8), np.zeros((4, 4), np.uint8), 0.0)
    pack = TemplatePack("test", "two-tone", (16, 16), 1, 6,
                        (Template("dim", "a", dim.astype(np.uint8)),
                         Template("lit", "a", (dim * 2).astype(np.uint8))),
                        anchor, min_score=0.92)
    return pack, dim


def test_a_cell_is_read_at_the_boards_own_gain_give_or_take_its_slack():
    """The second pass lets each cell's gain stray from the board's by ``GAIN_SLACK`` (6%):
    a cell lit 5% more or less than the board still reads sure, and a cell that is the other
    label's picture at another gain is never taken for it. (A slack of 1% leaves the two
    stray cells unknown: nothing else caught it; one of 30% or 50% reads every cell here
    unknown, and the pentomino reads fail too.)"""
    pack, dim = _two_tone_pack()
    cells = [dim, dim * 2, dim, dim * 2, dim * 1.05, dim * 2 * 0.95]
    board = np.concatenate(cells, axis=1).round().astype(np.uint8)
    read = read_cells(board, BoardGeometry.from_rect(0, 0, 16, 16, 1, 6), pack)
    assert [cell.label for cell in read.cells[0]] == ["dim", "lit"] * 3
    assert abs(read.gain - 1.0) < 0.01


def test_one_darker_cell_does_not_move_the_boards_gain():
    """The board's gain is the median of its cells' (a shaded cell, 25% darker, is one of
    six): the five others read, the dark one is unknown, not a guess. (The gain taken as the
    greatest of the cells' reads the five unknown; caught by nothing before.)"""
    pack, dim = _two_tone_pack()
    board = np.concatenate([dim] * 5 + [dim * 0.75], axis=1).round().astype(np.uint8)
    read = read_cells(board, BoardGeometry.from_rect(0, 0, 16, 16, 1, 6), pack)
    assert [cell.label for cell in read.cells[0]] == ["dim"] * 5 + [UNKNOWN]
    assert abs(read.gain - 1.0) < 0.01


def test_a_board_under_a_dark_veil_is_unknown_not_read_at_the_veils_gain():
    """In the first pass a cell is brought to a template by a gain of 0.7 to 1.4
    (``FIRST_GAIN``): a board under a dialog's dark shade (35% of its light, a gain of 2.9)
    is unknown, every cell, while one 25% darker reads. (The first pass's range widened to
    0.3 to 3.0 reads the shaded board at its own gain: caught by nothing before.)"""
    pack, dim = _two_tone_pack()
    geometry = BoardGeometry.from_rect(0, 0, 16, 16, 1, 6)
    darker = read_cells(np.concatenate([dim * 0.75] * 6, axis=1).round().astype(np.uint8),
                        geometry, pack)
    assert [cell.label for cell in darker.cells[0]] == ["dim"] * 6
    assert abs(darker.gain - 1 / 0.75) < 0.01  # the gain that brings a cell to its template
    veiled = read_cells(np.concatenate([dim * 0.35] * 6, axis=1).round().astype(np.uint8),
                        geometry, pack)
    assert [cell.label for cell in veiled.cells[0]] == [UNKNOWN] * 6
    assert all(cell.best == "dim" for cell in veiled.cells[0])


def test_cells_that_match_nothing_do_not_set_the_boards_gain():
    """The board's gain is the median over the cells that match a template well, not over
    all of them: a shade over four cells of six leaves those four unknown and the two others
    read at their own gain. (The median over every cell puts the gain at the shaded cells'
    clipped 1.4 and the two clear cells go unknown; a wider first-pass range does the same:
    both caught by nothing before.)"""
    pack, dim = _two_tone_pack()
    cells = [dim * 0.35] * 2 + [dim, dim * 2] + [dim * 0.35] * 2
    read = read_cells(np.concatenate(cells, axis=1).round().astype(np.uint8),
                      BoardGeometry.from_rect(0, 0, 16, 16, 1, 6), pack)
    assert [cell.label for cell in read.cells[0]] == [UNKNOWN] * 2 + ["dim", "lit"] + [UNKNOWN] * 2
    assert abs(read.gain - 1.0) < 0.01


def test_a_cell_two_labels_fit_alike_is_unknown():
    """A cell whose two best labels score within the pack's ``min_margin`` is unknown even
    when both score well (the margin check dropped reads it; caught by nothing before)."""
    pack, dim = _two_tone_pack()
    twin = dim.copy()
    twin[0, 0] += 8  # one pixel apart: both labels fit the cell nearly as well
    from gridsight.vision.packs import Template

    pack = dataclasses.replace(pack, templates=(Template("dim", "a", dim.astype(np.uint8)),
                                                Template("twin", "a", twin.astype(np.uint8))))
    read = read_cells(np.concatenate([dim] * 6, axis=1).astype(np.uint8),
                      BoardGeometry.from_rect(0, 0, 16, 16, 1, 6), pack)
    assert all(cell.label == UNKNOWN and cell.best in ("dim", "twin") and cell.score > 0.95
               for cell in read.cells[0])
