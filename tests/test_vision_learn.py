"""Calibration: a pack learned from one screenshot of a skin gridsight has never seen.

For each game the test draws one screenshot of an unseen skin (other colours, other
decorations or walls), learns a pack from it with :func:`gridsight.vision.learn.learn_pack` given the
board's corners (as a player marks them, a pixel or so off) and the cell labels, then locates
and reads further perturbed screenshots of that skin: every cell must be right.
"""

from __future__ import annotations

import numpy as np
import pytest

from kit.skins import disco_zoo
from kit import corpus
from kit.games import disco_zoo as disco_kit
from kit.games import pentomino as pentomino_kit
from kit.games import tile_path as tile_path_kit
from kit.skins import pentomino, tile_path
from sample_sizes import samples
from gridsight.vision.classify import read_cells
from gridsight.vision.errors import VisionInputError
from gridsight.vision.geometry import BoardGeometry
from gridsight.vision.learn import learn_pack
from gridsight.vision.locate import locate_board
from gridsight.vision.packs import load_pack, load_pack_dir


def disco_calibration_shot():
    skin = disco_zoo.DESERT_SKIN
    grid = [["ground"] * 5 for _ in range(5)]
    decor = [[None] * 5 for _ in range(5)]
    for k, name in enumerate(skin.decorations):
        decor[1][k] = name
    grid[3][0] = grid[3][1] = "empty"
    coins = [[False] * 5 for _ in range(5)]
    coins[3][1] = True
    animals = {"Camel": "common", "Fennec": "rare", "Sphinx": "mythical", "Scarab": "timeless"}
    for k, name in enumerate(animals):
        grid[4][k] = f"animal:{name}"
    return disco_zoo.render(grid, skin=skin, animals=animals, decorations=decor, coins_on=coins)


CASES = {
    "disco-zoo": (disco_calibration_shot,
                  lambda rng: disco_kit.random_shot(rng, skin=disco_zoo.DESERT_SKIN)),
    "tile-path": (lambda: tile_path_kit.specimen(tile_path.STONE_SKIN, scale=3),
                  lambda rng: tile_path_kit.random_shot(rng, skin=tile_path.STONE_SKIN, scale=3)),
    "pentomino": (lambda: pentomino_kit.specimen(pentomino.PASTEL_SKIN),
                  lambda rng: pentomino_kit.random_shot(rng, skin=pentomino.PASTEL_SKIN)),
}


def learn_unseen(game: str, tmp_path):
    shot = CASES[game][0]()
    corners = shot.geometry.outline() + np.array([[0.8, -0.6], [-0.7, 0.5], [0.6, 0.9], [-0.9, -0.4]])
    geometry = BoardGeometry.from_corners(corners, shot.geometry.rows, shot.geometry.cols)
    like = load_pack(game)
    margin = like.anchor.margin
    pack = learn_pack(shot.image, geometry, shot.labels, game, "mine", like=like, margin=margin)
    return load_pack_dir(pack.save(tmp_path / game / "mine"))


def _read_all(game, pack, seeds):
    failures = []
    for seed in seeds:
        rng = np.random.default_rng(seed)
        sample = corpus.perturb(CASES[game][1](rng), rng)
        geometry = locate_board(sample.image, pack)
        read = read_cells(sample.image, geometry, pack)
        wrong = [(c.row, c.col, c.label, sample.labels[c.row][c.col])
                 for row in read.cells for c in row if c.label != sample.labels[c.row][c.col]]
        if wrong:
            failures.append((seed, round(sample.extras["scale"], 2), wrong[:3]))
    return failures


@pytest.mark.parametrize("game", sorted(CASES))
def test_learned_pack_has_the_labels_and_groups_variants(game, tmp_path):
    pack = learn_unseen(game, tmp_path)
    shot = CASES[game][0]()
    assert set(pack.labels) == {label for row in shot.labels for label in row}
    if game == "disco-zoo":
        # Plain ground and each decoration are separate templates of one label.
        assert len(pack.templates_of("ground")) == 1 + len(disco_zoo.DESERT_SKIN.decorations)
        assert all(t.mask is not None for t in pack.templates_of("animal:rare"))
        assert pack.label_info["animal:rare"]["rarity"] == "rare"
    assert _read_all(game, pack, range(3)) == []


@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(CASES))
def test_learned_pack_reads_further_screenshots(game, tmp_path):
    pack = learn_unseen(game, tmp_path)
    # 10 further screenshots a game (50 with GRIDSIGHT_FULL_SAMPLES; 20 until the 28th
    # session, 7 s of CPU for the three games): every cell of each read right
    assert _read_all(game, pack, range(100, 100 + samples(10, 50))) == []


def test_the_shipped_pack_does_not_read_the_unseen_skin():
    """The calibration test means something: without it, the new skin is not read."""
    rng = np.random.default_rng(1)
    sample = pentomino_kit.random_shot(rng, skin=pentomino.PASTEL_SKIN)
    pack = load_pack("pentomino")
    read = read_cells(sample.image, sample.geometry, pack)
    assert read.labels() != sample.labels


def test_learning_refuses_mismatched_labels():
    shot = tile_path_kit.specimen()
    with pytest.raises(VisionInputError, match="labels are 2x2"):
        learn_pack(shot.image, shot.geometry, [[".", "."], [".", "."]], "tile-path", "x")
