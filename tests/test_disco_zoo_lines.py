"""A lattice with most of its tiles unread must show its lines between its grass tiles.

No-game desktop 98613 of the harder kit (``bench/bench_desktop.py --seed 98600 --harder``):
a tiled wallpaper's lines, every fourth, made a 5x5 lattice across the desktop; a dark green
terminal under it read as eight grass tiles, the windows over the rest as tiles hidden under
something, and a title bar's glyph as a counter agreeing with the board. The whole-frame
search kept it ("a phone's screenshot with a hand over the board") and ``analyze`` asked for
``--animals`` to advise on a board that was not there. A rescue's grass tiles are parted by
thin darker lines; that terminal's "grass" showed none.
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from gridsight.games.disco_zoo.screen import lawn_lined, locate_rescue
from gridsight.vision.errors import BoardNotFoundError
from gridsight.vision.geometry import BoardGeometry
from kit.desktop import desktop, other_phone_screen
from kit.skins import disco_zoo_real as real
from kit.skins.common import Rendered

BOARD = [
    "ground ground empty ground ground",
    "ground animal:Sheep ground ground ground",
    "ground animal:Sheep ground empty ground",
    "ground ground ground ground ground",
    "empty ground ground ground ground",
]


def _no_game_desktop(seed: int) -> np.ndarray:
    """The no-game desktop ``bench/bench_desktop.py`` draws for ``seed`` (its
    ``measure_no_game``): another app's phone screen among windows."""
    rng = np.random.default_rng(seed)
    app = other_phone_screen(rng, 360, int(rng.integers(640, 800)))
    stand_in = Rendered(app, BoardGeometry.from_rect(0, 0, 1, 1, 1, 1), (), ())
    return desktop(stand_in, rng, decoy=True, harder=True).image


def test_a_lattice_over_a_desktops_windows_whose_grass_shows_no_line_is_no_board():
    with pytest.raises(BoardNotFoundError, match="grass tiles show none of its lines"):
        locate_rescue(_no_game_desktop(98613))


def test_a_rescues_lawn_shows_its_lines_and_the_same_lawn_without_them_does_not():
    look = real.random_look(5, "Farm")
    shot = real.render(BOARD, animals=[("Sheep", "common")], region="Farm", seed=5, look=look)
    screen = locate_rescue(shot.image)
    assert lawn_lined(shot.image, screen.lattice, screen.tiles)
    # The same screen with its lines drawn in the grass's colour: a green patch, no lawn.
    bare = real.render(BOARD, animals=[("Sheep", "common")], region="Farm", seed=5,
                       look=real.with_look(look, line_color=look.grass))
    assert not lawn_lined(bare.image, screen.lattice, screen.tiles)


# Harder desktop 98429's phone (1.43x, lines one point thin): a column of three tiles tapped
# empty beside a found common tile drawn near the dirt's colour. The lines between them are a
# pixel or two of the shown screen; with the line's colour taken as the median across a tenth
# of a tile, the tiles' colour carried on from one to the next, and the four tiles were taken
# for one thing lying over the board and left unread (the board was then not sure enough to
# be found among the desktop's windows).
THIN_BOARD = [
    "ground ground ground ground ground",
    "ground ground empty ground empty",
    "ground ground empty ground ground",
    "ground ground empty animal:Chamaeleon ground",
    "ground ground ground ground ground",
]


@pytest.mark.parametrize("scale", [1.43, 1.2])
def test_tiles_tapped_empty_parted_by_thin_lines_are_not_taken_for_a_cover(scale):
    look = real.random_look(98429, "Constellation")
    dirt = look.empty_color
    look = real.with_look(look, line=1, tile_inset=0, found_under=(73, 112, 59),
                          rarity_colors=((dirt[0] + 6, dirt[1] + 19, dirt[2] + 11),
                                         *look.rarity_colors[1:]))
    shot = real.render(THIN_BOARD, animals=[("Chamaeleon", "common")], region="Constellation",
                       seed=98429, look=look)
    image = cv2.resize(shot.image, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    image = cv2.imdecode(cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 85])[1],
                         cv2.IMREAD_COLOR)
    kinds = [[tile.kind for tile in row] for row in locate_rescue(image).tiles]
    assert [kinds[r][2] for r in (1, 2, 3)] == ["empty"] * 3 and kinds[1][4] == "empty"
    # the found tile near the dirt is found or unread, never tapped empty or grass
    assert kinds[3][3] in ("found", "unknown")
