"""What refusing a frame with no game costs (``gridsight live`` with no game on screen searches
every frame again; issue 18, item 2): work no outcome depends on is skipped.

- a template pack's candidate whose fine-level score is too weak for any polish to make a board
  (:data:`gridsight.vision.locate.POLISH_GAIN`) is not polished, while a board is polished and
  found as before;
- a frame the very pixels of the last one refused is refused again without a search
  (:class:`gridsight.readers.desktop.ScreenLocator`, `live` polling a still desktop);
- a 5x5 lattice with no lawn under it is refused on its rims' colours alone
  (:func:`gridsight.games.disco_zoo.screen.read_tiles`), the rest of the tiles' colours not
  measured.

Small drawn frames: a fraction of a second each.
"""

from __future__ import annotations

import numpy as np
import pytest

from gridsight.games.disco_zoo import screen
from gridsight.readers.find import load_game_pack
from gridsight.vision import locate
from gridsight.vision.errors import BoardNotFoundError
from gridsight.vision.lattice import Lattice
from kit.skins import minesweeper as mines


def _counting(monkeypatch, module, name: str) -> list[float]:
    """``module.name`` replaced by a wrapper that records each call's returned score."""
    calls: list[float] = []
    original = getattr(module, name)

    def counted(*args, **kwargs):
        out = original(*args, **kwargs)
        calls.append(getattr(out, "score", float("nan")))
        return out

    monkeypatch.setattr(module, name, counted)
    return calls


def test_weak_candidates_are_not_polished_and_a_board_still_is(monkeypatch):
    pack = load_game_pack("minesweeper", None)
    rng = np.random.default_rng(5)
    frame = np.full((240, 320, 3), (120, 90, 60), np.uint8)  # a desktop: windows, text
    for _ in range(12):
        x, y = int(rng.integers(0, 280)), int(rng.integers(0, 200))
        frame[y : y + int(rng.integers(10, 60)), x : x + int(rng.integers(10, 90))] = \
            rng.integers(0, 256, 3)
    refined = _counting(monkeypatch, locate, "_refine")
    polished: list[float] = []
    polish = locate._polish

    def watched(frame, pack, prep, found):
        polished.append(found.score)  # the fine level's score it starts from
        return polish(frame, pack, prep, found)

    monkeypatch.setattr(locate, "_polish", watched)
    try:
        locate.locate_board(frame, pack)
    except BoardNotFoundError:
        pass
    assert len(polished) < len(refined)  # the hopeless ones were not polished
    assert all(score >= locate.MIN_ANCHOR - locate.POLISH_GAIN for score in polished)
    polished.clear()
    shot = mines.render(["." * 9] * 8 + ["0 0 1 F . . . . ."])
    geometry = locate.locate_board(shot.image, pack)
    assert polished, "the board's candidate is polished"
    assert np.abs(geometry.outline() - shot.geometry.outline()).max() < 1.0


def test_a_lattice_with_no_lawn_is_refused_on_its_rims(monkeypatch):
    frame = np.zeros((200, 200, 3), np.uint8)
    frame[:, :] = (60, 60, 200)  # red tiles, dark lines: a lattice, no grass
    frame[::40], frame[:, ::40] = 0, 0
    measured = _counting(monkeypatch, screen, "_dominant_each")
    tiles, plausibility = screen.read_tiles(frame, Lattice(0, 0, 40, 40, 5, 5, 1.0))
    assert plausibility == 0.0 and all(t.kind == "unknown" for row in tiles for t in row)
    assert len(measured) == 1  # the rims only


def test_live_refuses_a_frame_unchanged_since_its_refusal_without_a_search():
    from gridsight.readers.find import screen_locator

    locator = screen_locator("disco-zoo")
    frame = np.full((240, 320, 3), (90, 60, 30), np.uint8)
    frame[40:200, 100:220] = (200, 200, 200)  # a window, no game in it
    for _ in range(3):
        with pytest.raises(BoardNotFoundError):
            locator(frame)
    assert locator.searches == 1
    frame[60:80, 120:200] = (0, 0, 0)  # the window's text changed: searched again
    with pytest.raises(BoardNotFoundError):
        locator(frame)
    assert locator.searches == 2
