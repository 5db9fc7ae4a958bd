"""A panel that shows neither an animal's picture nor a row of boxes is no Disco Zoo card
(issue 18: on each card the animal's sprite, its name, ``YOU HAVE n`` and one box per tile of
its pattern), so it vouches for no rescue among a desktop's windows."""

from __future__ import annotations

import numpy as np
import pytest
from kit.desktop import desktop, other_phone_screen
from kit.skins.common import Rendered

from gridsight.games.disco_zoo.cards import CardSeen
from gridsight.games.disco_zoo.screen import shows_a_card
from gridsight.readers.find import find_in, load_game_pack
from gridsight.vision.errors import BoardNotFoundError
from gridsight.vision.geometry import BoardGeometry
from gridsight.vision.panels import Panel


def _no_game_desktop(seed: int) -> np.ndarray:
    """The harder no-game desktop of ``seed`` as ``bench/bench_desktop.py --no-game`` draws
    it: a phone-like window of another app (a chat, a home screen, a list) among others."""
    rng = np.random.default_rng(seed)
    app = other_phone_screen(rng, 360, int(rng.integers(640, 800)))
    stand_in = Rendered(app, BoardGeometry.from_rect(0, 0, 1, 1, 1, 1), (), ())
    return desktop(stand_in, rng, decoy=True, harder=True).image


def test_a_chat_whose_bubble_stood_for_a_card_is_no_rescue():
    """No-game harder desktop 120010: a chat window's bubbles read as a 5x5 board with 8
    found tiles, one bubble (292 px wide, no picture, no box row) as its card and a "1" of
    the chat's text as a counter agreeing with the board. It is refused in words."""
    image = _no_game_desktop(120_010)
    with pytest.raises(BoardNotFoundError, match="no game screen"):
        find_in(image, {"disco-zoo": load_game_pack("disco-zoo", None)})


def test_a_card_shows_its_picture_or_its_box_row():
    """A panel is a card by what it shows, not by its size: its picture found, or its row of
    boxes; neither, no card."""
    panel = Panel((0, 118, 292, 208), (254.0, 235.0, 232.0))
    assert not shows_a_card(CardSeen(panel, picture=(0, 118, 0, 0)))
    assert shows_a_card(CardSeen(panel, picture=(120, 130, 52, 48)))


def test_a_picture_filling_its_panel_shows_no_card():
    """A card's sprite leaves room below it for the name, ``YOU HAVE n`` and the boxes: a
    "picture" filling its panel both ways with none of them is no card; one with its box row
    or a name line is."""
    panel = Panel((0, 298, 140, 159), (239.0, 234.0, 250.0))
    assert not shows_a_card(CardSeen(panel, picture=(6, 304, 128, 147)))
    assert shows_a_card(CardSeen(panel, picture=(6, 304, 128, 147), name_box=(5, 420, 130, 12)))
    assert shows_a_card(CardSeen(panel, picture=(30, 304, 80, 70)))


def test_a_spreadsheet_corner_over_a_grid_wallpaper_is_no_rescue():
    """Fresh no-game harder desktop 490007: a green grid wallpaper read as a 5x5 board at half
    its pitch, a spreadsheet's lower corner above it (its text filling the panel) as its card
    and a "1" as a counter agreeing with it; found as a rescue (and refused in words) before
    the filled panel counted as no card. Now no rescue is found."""
    image = _no_game_desktop(490_007)
    with pytest.raises(BoardNotFoundError, match="no game screen"):
        find_in(image, {"disco-zoo": load_game_pack("disco-zoo", None)})
