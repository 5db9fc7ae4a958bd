"""Session 47's desktop fixes. The second-screen guard (``readers/desktop._whole_board``), held
on built reads: a board whose cells all read alike (a wallpaper's lawn, fresh harder desktop
891005) counts as a second screen only with all the game's furniture found, not with "cards"
alone (the phone's own MENU and MAP buttons beside the lawn). The regions the desktop search
tries (``locate_inside``): those found by their top and bottom fill the places the sides'
proposals leave empty (891008: none by the sides, the phone's window the sixth by its top and
bottom, never tried)."""

from __future__ import annotations

import numpy as np
import pytest
from kit.desktop import real_look_rescue, sample

from gridsight.readers.desktop import (
    DOUBTFUL,
    FURNITURE,
    _second_screen,
    _whole_board,
    locate_inside,
)
from gridsight.vision.classify import BoardRead, CellRead
from gridsight.vision.errors import BoardNotFoundError
from gridsight.vision.geometry import BoardGeometry
from gridsight.vision.regions import Region

FURNITURE_OF_THE_GAME = ("cards", "counter")


def _read(furniture: tuple[str, ...], plain: bool, at: float = 100.0,
          doubtful: tuple[str, ...] = ()) -> BoardRead:
    """A 5x5 board of 20 px tiles at (``at``, ``at``), every cell read: all grass when
    ``plain``, else with a tile found in its middle; ``furniture`` found with it."""
    cells = tuple(tuple(CellRead(r, c, "found" if not plain and (r, c) == (2, 2) else "grass",
                                 1.0, 1.0) for c in range(5)) for r in range(5))
    return BoardRead(BoardGeometry.from_rect(at, at, 20.0, 20.0, 5, 5), cells,
                     extras={FURNITURE: furniture, DOUBTFUL: doubtful})


def test_a_lawn_read_whole_with_cards_alone_is_no_second_screen():
    assert not _whole_board(_read(("cards",), plain=True), FURNITURE_OF_THE_GAME)
    assert not _whole_board(_read(("counter",), plain=True), FURNITURE_OF_THE_GAME)
    # all the furniture (a doubtful counter counted) vouches even for a fresh-looking board
    assert _whole_board(_read(("cards", "counter"), plain=True), FURNITURE_OF_THE_GAME)
    assert _whole_board(_read(("cards",), plain=True, doubtful=("counter",)),
                        FURNITURE_OF_THE_GAME)
    # a board with something told apart on it still counts with some furniture
    assert _whole_board(_read(("cards",), plain=False), FURNITURE_OF_THE_GAME)


def test_the_phone_is_answered_beside_a_lawn_found_with_cards():
    """891005's shape: the answered board sure, a find apart from it reading a lawn of grass
    with "cards" only; no second screen, so the phone's read is not refused."""
    best = _read(FURNITURE_OF_THE_GAME, plain=False)
    lawn = _read(("cards",), plain=True, at=400.0)
    image = np.zeros((700, 900, 3), np.uint8)

    def locate(crop: np.ndarray) -> BoardRead:
        raise AssertionError("no region to read")

    assert _second_screen(image, best, [best, lawn], [], locate, FURNITURE_OF_THE_GAME) is None
    marked = _read(("cards",), plain=False, at=400.0)
    assert _second_screen(image, best, [best, marked], [], locate,
                          FURNITURE_OF_THE_GAME) is marked


def test_the_desktop_search_tries_the_phone_whose_sides_hardly_show(monkeypatch):
    """Fresh harder desktop 891008 (1600x900, BlueStacks with a tool strip at its right, its
    left side against a window of near its green): the sides gave no proposal, and the four
    found by their top and bottom were other windows'; the phone's window is now tried."""
    _, capture, _ = sample(real_look_rescue, 891_008, harder=True, fraction=(0.15, 0.2))
    x, y, w, h = capture.extras["screen_box"]
    tried: list[tuple[int, int, int, int]] = []
    crop = Region.crop

    def recorded(region: Region, frame: np.ndarray) -> np.ndarray:
        tried.append(region.box)
        return crop(region, frame)

    def locate(pixels: np.ndarray) -> BoardRead:
        raise BoardNotFoundError("nothing here")

    monkeypatch.setattr(Region, "crop", recorded)
    with pytest.raises(BoardNotFoundError):
        locate_inside(capture.image, locate)
    slack = 8  # the screen's window: its title bar and tool strip may be in
    assert any(bx <= x + slack and by <= y + slack and bx + bw >= x + w - slack
               and by + bh >= y + h - slack for bx, by, bw, bh in tried), tried
