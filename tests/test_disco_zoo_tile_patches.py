"""The tiles' Lab patches a search's reads share (``disco_zoo.screen._tile_patches``): each
read's patches are those of its tiles cut and converted one by one, to the bit, whether cut
before (by another lattice over the same pixels) or new."""

from __future__ import annotations

import cv2
import numpy as np

import gridsight.games.disco_zoo.screen as screen
from gridsight.vision.lattice import Lattice


def _one_by_one(image: np.ndarray, lattice: Lattice) -> np.ndarray:
    return np.stack([screen._lab(cv2.resize(screen._tile_crop(image, lattice, r, c, 0.0),
                                            (screen.PATCH, screen.PATCH),
                                            interpolation=cv2.INTER_AREA))
                     for r in range(lattice.rows) for c in range(lattice.cols)])


def test_patches_are_the_tiles_cut_one_by_one_to_the_bit():
    """Lattices over one picture, some cutting the same tiles (a shift of a whole tile, the
    same lattice twice, a picture's edge), some others at odd pitches: every read's patches
    equal the one-by-one cut's; tiles of one size but other pixels are never confused."""
    image = np.random.default_rng(7).integers(0, 256, (300, 420, 3), np.uint8)
    screen._PATCHES.clear()
    lattices = [Lattice(10.0, 12.0, 40.0, 40.0, 5, 5, 1.0),
                Lattice(50.0, 12.0, 40.0, 40.0, 5, 5, 1.0),  # a tile over: 20 tiles shared
                Lattice(10.0, 12.0, 40.0, 40.0, 5, 5, 1.0),  # the same again: all shared
                Lattice(11.3, 12.7, 37.4, 41.9, 5, 5, 1.0),
                Lattice(300.5, 200.2, 33.0, 33.0, 4, 4, 1.0)]  # past the picture's edge
    for lattice in lattices:
        patches = screen._tile_patches(image, lattice)
        assert patches.dtype == np.float32
        assert np.array_equal(patches, _one_by_one(image, lattice)), lattice
    assert 0 < len(screen._PATCHES) < sum(t.rows * t.cols for t in lattices)
