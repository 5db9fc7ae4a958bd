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
