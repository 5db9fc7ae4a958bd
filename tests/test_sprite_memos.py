"""Sprite distances remembered by pixels (:mod:`gridsight.vision.sprites`): the same values
as worked out afresh, a sprite of the same pixels on another colour not taken for it."""

from __future__ import annotations

import numpy as np

from gridsight.vision import sprites
from gridsight.vision.sprites import Sprite, sprite_distance, sprite_of


def _art(seed: int, block: int, ground) -> np.ndarray:
    rng = np.random.default_rng(seed)
    art = rng.integers(0, 256, (8, 8, 3)).astype(np.uint8) * (rng.random((8, 8, 1)) < 0.6)
    picture = np.full((12 * block, 12 * block, 3), ground, np.uint8)
    big = np.kron(art, np.ones((block, block, 1), np.uint8))
    on = big.any(axis=2)
    picture[2 * block : 2 * block + len(big), 2 * block : 2 * block + len(big)][on] = big[on]
    return picture


def _fresh(a: Sprite, b: Sprite) -> float:
    sprites._DISTANCES.clear()
    sprites._SEEN.clear()
    return sprites._sprite_distance(a, b, sprites.INK)


def test_remembered_distances_are_the_fresh_ones():
    grounds = [(40, 40, 40), (200, 230, 120), (90, 60, 200)]
    made = [sprite_of(_art(seed, block, ground), np.float32(ground))
            for seed in (1, 2) for block in (2, 3) for ground in grounds]
    fresh = {(i, j): _fresh(a, b) for i, a in enumerate(made) for j, b in enumerate(made)}
    sprites._DISTANCES.clear()
    sprites._SEEN.clear()
    for _ in range(2):  # (the second time from the memos, through new sprites of the same pixels)
        for (i, j), d in fresh.items():
            a, b = made[i], made[j]
            a = Sprite(a.picture.copy(), a.background.copy(), a.box)
            assert sprite_distance(a, b) == d, (i, j)
    assert sprites._DISTANCES and sprites._SEEN


def test_same_pixels_on_another_colour_are_another_sprite():
    one = sprite_of(_art(3, 2, (40, 40, 40)), np.float32((40, 40, 40)))
    other = sprite_of(_art(4, 3, (200, 230, 120)), np.float32((200, 230, 120)))
    moved = Sprite(one.picture, np.float32((200, 230, 120)), one.box)  # the paper's colour
    sprite_distance(one, other)
    assert sprite_distance(moved, other) == _fresh(moved, other)
    assert _fresh(moved, other) != _fresh(one, other)
