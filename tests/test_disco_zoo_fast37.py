"""Session 37's speed-ups of the Disco Zoo reading give the same answers to the bit."""

import numpy as np

from gridsight.games.disco_zoo.screen import _HALVES, _SIDES, PATCH, _dominant_each, _lab


def test_sides_and_halves_in_one_call_are_each_their_own():
    """read_tiles and _agrees_at hand a tile's four sides (and four halves) to densest_each
    in one call: each cloud's colour is the one it has alone, to the bit."""
    rng = np.random.default_rng(37)
    for trial in range(20):
        n = int(rng.integers(1, 12))
        colours = rng.integers(0, 256, (n, 1, 1, 3))
        noise = rng.normal(0, rng.uniform(0, 40), (n, PATCH, PATCH, 3))
        patches = np.clip(colours + noise, 0, 255).astype(np.uint8)
        if trial % 2:
            patches[:, : PATCH // 2] = rng.integers(0, 256, 3)  # two colours: the steps differ
        stack = np.stack([_lab(p) for p in patches])
        sides = [stack[:, rows, cols].reshape(n, -1, 3) for rows, cols in _SIDES]
        halves = [stack[:, mask] for pair in _HALVES for mask in pair]
        for clouds in (sides, halves):
            together = _dominant_each(np.concatenate(clouds)).reshape(-1, n, 3)
            for cloud, colours_of in zip(clouds, together):
                alone = np.stack([_dominant_each(one[None])[0] for one in cloud])
                assert alone.tobytes() == colours_of.tobytes()
