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
    # The looks these cases were measured on (before the skin's properties were widened):
    # the tiles here stand 8.3 Lab from the lawn, just past the grass's floor of 8; with the
    # widened looks of seeds 11 and 19 (found tiles inset a point more) they measure 7.9 and
    # read as grass. See docs/screen-reading.md, "the widened skin".
    look = _near_grass_common(real.random_look(seed, "Farm", wide=False), shift)
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


def test_a_found_tile_whose_outline_is_the_grass_green_is_never_read_as_untapped():
    """Real-look screen 7026 (widened skin, 0.69x, bilinear, JPEG): a common tile drawn with a
    darker outline of the grass's very green, inset 3 points with dirt round it. Its rim band
    is mostly that outline, so by the rim alone it was grass: an untapped tile stated without
    doubt where an animal was found. Most of an untapped tile is its grass; this tile's
    middle is not (``screen.GRASS_OWN_SHARE``), so it is read by the colour of the rest of
    its middle (the common green) and its sprite: found."""
    from test_disco_zoo_screens import real_screen

    shot, text, image, _ = real_screen(26)
    truth = [row.split() for row in text.splitlines()[3:]]
    assert truth[3][1] == "1"  # row 3, column 1: the found common tile
    tiles = locate_rescue(image).tiles
    assert tiles[3][1].kind == "found" and tiles[3][1].rarities[0] == "common"
    kinds = [[tile.kind for tile in row] for row in tiles]
    assert kinds == [[{".": "ground", "-": "empty"}.get(t, "found") for t in row]
                     for row in truth]


def test_a_checkered_lawn_with_faint_lines_two_rows_under_the_lines_best_lattice_is_found():
    """Phone screen 330002 (widened skin: a lawn checkered 13 levels each way, its lines only
    7% darker than the grass), drawn and degraded as the phone-size test draws it but at 1.5x.
    The lines' best lattices stand two rows above the board, over the cards; moved one tile
    each way, the best read was one row up, its top row over the cards "hidden" and the
    board's last row, with its tapped tile, left out. Moved two tiles, the board is there,
    every tile read."""
    from test_disco_zoo_screens import degrade, real_rescue

    rng = np.random.default_rng(330_002)
    shot, text = real_rescue(rng, 330_002, near=False)  # the look it was found on
    image, _ = degrade(shot.image, rng, 330_002, (1.5, 1.5))
    truth = [[{".": "ground", "-": "empty"}.get(t, "found") for t in row.split()]
             for row in text.splitlines()[3:]]
    assert "-" in text.splitlines()[-1]  # the last row holds a tapped tile
    assert [[tile.kind for tile in row] for row in locate_rescue(image).tiles] == truth
