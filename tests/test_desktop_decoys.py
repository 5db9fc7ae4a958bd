"""A second phone-like window that is nearly a rescue but is not one (issue 18 item 2: the
rescue screen found anywhere in a larger frame, with other windows around it): a photo of a
lawn (:func:`kit.desktop.grass_photo`, maybe with a path of square slabs) or another game's
board (:func:`kit.desktop.game_phone_screen`). The reader must find the rescue's window or
refuse; it must never read the other window's pixels as a rescue."""

from __future__ import annotations

import numpy as np
import pytest
from kit.desktop import (desktop, game_phone_screen, grass_photo, real_look_rescue,
                         sample)
from kit.skins.common import Rendered

from gridsight.games.disco_zoo.screen import found_past_the_most
from gridsight.readers.base import ReadHints
from gridsight.readers.find import find_in, load_game_pack, read_found
from gridsight.vision.errors import BoardNotFoundError
from gridsight.vision.geometry import BoardGeometry


@pytest.fixture(scope="module")
def pack():
    return load_game_pack("disco-zoo", None)


def _lawns_desktop(seed: int) -> np.ndarray:
    """The harder no-game desktop of ``seed`` as ``bench/bench_desktop.py --no-game N
    --decoy grass`` draws it: two phone-like windows, each a photo of a lawn."""
    rng = np.random.default_rng(seed)
    photo = grass_photo(rng, 360, int(rng.integers(640, 800)))
    stand_in = Rendered(photo, BoardGeometry.from_rect(0, 0, 1, 1, 1, 1), (), ())
    return desktop(stand_in, rng, decoy=True, harder=True, decoy_screen=grass_photo).image


def test_a_lawn_photo_is_green_and_may_hold_a_path_of_slabs():
    """The decoy is what it claims: mostly green (the rescue's grass is), and some seeds draw
    the path of slabs (a lattice of squares, the nearest thing to a board)."""
    photos = [grass_photo(np.random.default_rng(seed), 120, 240) for seed in range(6)]
    for photo in photos:
        b, g, r = photo.reshape(-1, 3).mean(axis=0)
        assert g > b and g > r
    # (a slab is grey: its pixels' three channels within a few levels; the lawn's are not)
    grey = [int((np.ptp(photo.astype(int), axis=2) < 30).sum()) for photo in photos]
    assert max(grey) > 2000 and min(grey) < 200


def test_two_lawn_photos_are_no_rescue(pack):
    """No-game harder desktop 462003 with both phone-like windows photos of a lawn: no Disco
    Zoo board is found (its slabs and blades read as no rescue tiles, no cards, no counter)."""
    with pytest.raises(BoardNotFoundError):
        find_in(_lawns_desktop(462_003), {"disco-zoo": pack})


def test_a_rescue_beside_another_games_phone_is_read_there(pack):
    """Harder desktop 461000 with a second phone-like window showing a tile-path board: the
    rescue's own window is found and read exactly, not the other game's lattice."""
    shot, capture, truth = sample(real_look_rescue, 461_000, fraction=(0.15, 0.2),
                                  harder=True, decoy=True,
                                  decoy_screen=game_phone_screen("tile-path"))
    assert capture.extras["decoy_box"] is not None
    found = find_in(capture.image, {"disco-zoo": pack})
    cell = min(capture.geometry.cell_size(0, 0))
    assert np.abs(found.read.geometry.outline() - capture.geometry.outline()).max() < 0.5 * cell
    names = tuple(truth.splitlines()[1].split(": ")[1].split(", "))
    assert read_found(capture.image, found, ReadHints(animals=names)).text == truth


def test_more_found_animals_than_a_rescue_hides_is_no_board():
    """Three of the largest animals of a rarity and a pet are the most a rescue shows found
    (:func:`gridsight.games.disco_zoo.screen.found_past_the_most`): a pack's read of 25 found
    rare tiles (a wallpaper of blue squares, no-game desktop 461011) is no board; a rescue's
    few found tiles are one."""
    assert "25 tiles read as found animals" in found_past_the_most((("animal:rare",) * 5,) * 5)
    assert "found rare animals" in found_past_the_most(
        (("animal:rare",) * 5,) * 2 + (("ground",) * 5,) * 3)
    board = (("ground",) * 5,) * 4 + (("animal:rare", "animal:rare", "empty", "ground",
                                       "unknown"),)
    assert found_past_the_most(board) is None


def test_a_wallpaper_of_squares_read_as_found_animals_is_no_rescue(pack):
    """No-game harder desktop 461011 (`--decoy game`, two Minesweeper phones): our skin's
    frame matched a wallpaper of light blue squares between red lines, each square read as a
    found rare animal; with ``--animals`` the 25 were said as found, no warning. No board."""
    rng = np.random.default_rng(461_011)
    app = game_phone_screen("minesweeper")(rng, 360, int(rng.integers(640, 800)))
    stand_in = Rendered(app, BoardGeometry.from_rect(0, 0, 1, 1, 1, 1), (), ())
    image = desktop(stand_in, rng, decoy=True, harder=True,
                    decoy_screen=game_phone_screen("minesweeper")).image
    with pytest.raises(BoardNotFoundError):
        find_in(image, {"disco-zoo": pack})
