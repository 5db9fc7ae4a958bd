"""Locating the board on whole screenshots, not ones cropped close around the board.

A whole screenshot (the full Disco Zoo rescue screen, the full tile-path or pentomino window)
holds, besides the board, blocks of its cells whose lines look like the board's frame: with a
pack learned from the desert Disco Zoo skin, a 3 x 3 corner of the 5 x 5 board (or even one
cell) matches the anchor at a smaller scale. The locator used to return such a part on up to
all the screenshots at exactly 1x. Here every skin's unseen variant, with a pack learned from
one screenshot, and every shipped skin with its shipped pack are located on whole
screenshots at several scales from 0.5x to 3x, exactly 1x included, searching 0.5x to 4x; the
located board must be the true one within a tenth of a cell.
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from sample_sizes import samples
from kit.skins import disco_zoo
from kit.games import disco_zoo as disco_kit
from kit.games import pentomino as pentomino_kit
from kit.games import tile_path as tile_path_kit
from kit.skins import pentomino, tile_path
from test_calibrate import disco_calibration_shot
from test_readers import random_rescue
from test_vision_learn import learn_unseen
from gridsight.vision.geometry import BoardGeometry
from gridsight.vision.learn import learn_pack
from gridsight.vision.locate import Locator, locate_board
from gridsight.vision.packs import load_pack


def _calibrated_disco(tmp_path):
    """The desert Disco Zoo pack as ``gridsight calibrate`` learns it (default margin)."""
    shot = disco_calibration_shot()
    return learn_pack(shot.image, shot.geometry, shot.labels, "disco-zoo", "mine",
                      like=load_pack("disco-zoo"))


PACKS = {
    "disco-calibrated": (_calibrated_disco,
                         lambda rng: random_rescue(rng, skin=disco_zoo.DESERT_SKIN,
                                                   region="Farm")[0]),
    "disco-learned": (lambda tmp: learn_unseen("disco-zoo", tmp),
                      lambda rng: disco_kit.random_shot(rng, skin=disco_zoo.DESERT_SKIN)),
    "tile-path-learned": (lambda tmp: learn_unseen("tile-path", tmp),
                          lambda rng: tile_path_kit.random_shot(rng, skin=tile_path.STONE_SKIN,
                                                              scale=3)),
    "pentomino-learned": (lambda tmp: learn_unseen("pentomino", tmp),
                          lambda rng: pentomino_kit.random_shot(rng, skin=pentomino.PASTEL_SKIN)),
    "disco-default": (lambda tmp: load_pack("disco-zoo"), lambda rng: random_rescue(rng)[0]),
    "tile-path-default": (lambda tmp: load_pack("tile-path"), tile_path_kit.random_shot),
    "pentomino-default": (lambda tmp: load_pack("pentomino"), pentomino_kit.random_shot),
}


def whole_screen(shot, scale: float) -> tuple[np.ndarray, BoardGeometry]:
    """The whole screenshot ``shot`` resized by ``scale``, and where its board is then."""
    if scale == 1:
        return shot.image, shot.geometry
    interpolation = cv2.INTER_AREA if scale < 1 else cv2.INTER_LINEAR
    image = cv2.resize(shot.image, None, fx=scale, fy=scale, interpolation=interpolation)
    return image, shot.geometry.scaled(scale)


def error_in_cells(found: BoardGeometry, truth: BoardGeometry) -> float:
    """The farthest any corner of ``found`` is from ``truth``'s, in cells."""
    return float(np.abs(found.outline() - truth.outline()).max()) / min(truth.cell_size(0, 0))


def misplaced(pack, make, seeds, scales) -> list[tuple[int, float, float]]:
    """``(seed, scale, error in cells)`` of every screenshot located more than 0.1 cell off."""
    wrong = []
    for seed in seeds:
        shot = make(np.random.default_rng(seed))
        for scale in scales:
            image, truth = whole_screen(shot, scale)
            error = error_in_cells(locate_board(image, pack), truth)
            if error > 0.1:
                wrong.append((seed, scale, round(error, 2)))
    return wrong


def test_calibrated_desert_pack_finds_the_whole_board_not_a_corner(tmp_path):
    """The reported case: these screenshots were located as a 3 x 3 corner (or a single
    cell) of the board, at exactly 1x among others."""
    pack = _calibrated_disco(tmp_path)
    assert misplaced(pack, PACKS["disco-calibrated"][1], range(2, 6), (1.0, 2.2, 3.0)) == []


def test_a_part_of_the_board_passes_for_a_board_so_the_test_means_something(tmp_path):
    """Searching only scales where the whole board cannot be (0.5x to 0.7x, the board being
    at 1x), the locator still finds "a board": a 3 x 3 block of cells at about 0.6x, whose
    anchor and cells pass its verification. That is the part the whole board must beat."""
    from gridsight.vision.locate import _locate

    pack = _calibrated_disco(tmp_path)
    shot = random_rescue(np.random.default_rng(3), skin=disco_zoo.DESERT_SKIN, region="Farm")[0]
    part, read, score = _locate(shot.image, pack, 0.5, 0.7)
    assert part.cell_size(0, 0)[0] == pytest.approx(0.6 * shot.geometry.cell_size(0, 0)[0],
                                                    rel=0.05)
    assert score > 0.9 and read.known_fraction > 0.9
    whole, _, whole_score = _locate(shot.image, pack, 0.5, 4.0)
    assert error_in_cells(whole, shot.geometry) < 0.1
    assert whole_score > score


@pytest.mark.parametrize("name", sorted(PACKS))
def test_whole_screenshots_at_several_scales(name, tmp_path):
    make_pack, make_shot = PACKS[name]
    pack = make_pack(tmp_path)
    assert misplaced(pack, make_shot, range(2), (0.5, 1.0, 2.2)) == []


def test_locator_keeps_the_whole_board(tmp_path):
    """The frame-after-frame locator searches the same way and keeps the whole board."""
    pack = _calibrated_disco(tmp_path)
    shot = random_rescue(np.random.default_rng(5), skin=disco_zoo.DESERT_SKIN, region="Farm")[0]
    locator = Locator(pack)
    for _ in range(2):
        assert error_in_cells(locator.locate(shot.image), shot.geometry) < 0.1
    assert locator.searches == 1


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(PACKS))
def test_whole_screenshots_many(name, tmp_path):
    make_pack, make_shot = PACKS[name]
    pack = make_pack(tmp_path)
    # (2 screenshots at each of the 6 scales, 6 with GRIDSIGHT_FULL_SAMPLES: 6 until the
    # seventeenth session, 2.5 s of CPU a pack, none of the 36 misplaced; 4 until the 28th,
    # 1.5 s a pack. With the 2 of test_whole_screenshots_at_several_scales each pack is still
    # located on 4 screenshots at 0.5x, 1x and 2.2x, and on 2 at 0.75x, 1.5x and 3x)
    seeds = range(10, 10 + samples(2, 6))
    assert misplaced(pack, make_shot, seeds, (0.5, 0.75, 1.0, 1.5, 2.2, 3.0)) == []


def test_a_board_filling_the_frame_is_found_between_two_coarse_scales():
    """A whole rescue screen at 0.70x, noisy and JPEG'd: the board's frame spans the screen's
    width, so the coarse scale above the board's (0.74x) did not fit in the frame and the one
    below (0.66x) matched too poorly; the board was not found at all. The frame's edge is
    repeated for that scale now."""
    rng = np.random.default_rng(1000)
    shot, _ = random_rescue(rng)
    scale = float(np.exp(rng.uniform(np.log(0.5), np.log(3.0))))
    assert 0.70 < scale < 0.71
    image = cv2.resize(shot.image, None, fx=scale, fy=scale, interpolation=cv2.INTER_NEAREST)
    noisy = image.astype(np.float32) * rng.uniform(0.85, 1.15)
    noisy += rng.normal(0, rng.uniform(0, 6), image.shape)
    image = np.clip(noisy, 0, 255).astype(np.uint8)
    quality = int(rng.integers(40, 96))
    image = cv2.imdecode(cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, quality])[1],
                         cv2.IMREAD_COLOR)
    truth = shot.geometry.scaled(scale)
    assert error_in_cells(locate_board(image, load_pack("disco-zoo")), truth) < 0.1
