"""A found common tile whose green is near the lawn's is still found, on a checkered lawn too.

The real game's common tiles are green like the grass, and a checkered lawn's two shades made
the grass look more scattered than each shade is: tiles found at 8 to 10 Lab levels from their
own squares' green read as untapped ground (seeds 310024 and 310029 drawn at 3x-9x), a wrong
board given with no caveat. Each tile is now measured against its own squares' green.
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from gridsight.games.disco_zoo.screen import locate_rescue
from kit.skins import disco_zoo_real as real

BOARD = [
    "ground ground ground empty ground",
    "ground animal:Sheep ground ground ground",
    "empty ground animal:Sheep ground ground",
    "ground ground ground animal:Sheep ground",
    "ground empty ground ground animal:Sheep",
]


def _near_grass_common(look: real.Look, shift: tuple[float, float, float]) -> real.Look:
    """``look`` with a checkered lawn and its common tiles' green ``shift`` (L, a, b) away from
    the grass's, in CIE Lab units."""
    lab = real._lab(look.grass) + np.array(shift, np.float32)
    common = real._from_lab(lab)
    return real.with_look(look, checker=10, tile_rim=False,
                          rarity_colors=(common, *look.rarity_colors[1:]))


@pytest.mark.parametrize("seed, shift, scale", [
    (3, (4.0, 4.0, 6.0), 1.5),
    (11, (-3.0, -5.0, 5.0), 4.0),
    (19, (5.0, -4.0, -3.0), 2.5),
])
def test_a_common_tile_near_the_lawns_green_reads_as_found(seed, shift, scale):
    look = _near_grass_common(real.random_look(seed, "Farm"), shift)
    shot = real.render(BOARD, animals=[("Sheep", "common")], region="Farm", seed=seed,
                       look=look)
    image = cv2.resize(shot.image, None, fx=scale, fy=scale,
                       interpolation=cv2.INTER_LINEAR if scale > 2 else cv2.INTER_NEAREST)
    image = cv2.imdecode(cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 80])[1],
                         cv2.IMREAD_COLOR)
    screen = locate_rescue(image)
    truth = [["found" if label.startswith("animal:") else label for label in row.split()]
             for row in BOARD]
    seen = [[tile.kind for tile in row] for row in screen.tiles]
    assert seen == truth
