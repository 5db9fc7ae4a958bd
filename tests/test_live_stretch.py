"""A game window stretched out of proportion (an emulator filling the screen without keeping
its picture's aspect): the board found again and read as before (gridsight.live.stretch), and
when it is not, the status says so in the player's words."""

from __future__ import annotations

import argparse

import cv2
import numpy as np
import pytest

from gridsight.live.loop import LiveLoop
from gridsight.readers.find import load_game_pack
from gridsight.vision.capture import Frame, Rect
from kit.scripted import screen, script_of

OPTIONS = argparse.Namespace(budget=1.0, time_limit=5.0)


def frame(image: np.ndarray) -> Frame:
    return Frame(image, Rect(0, 0, image.shape[1], image.shape[0]), 0.0)


def play(loop: LiveLoop, image: np.ndarray, times: int = 3):
    for _ in range(times):
        loop.step(frame(image))
    loop.settle(30)
    return loop.step(frame(image))


def stretched(image: np.ndarray, sx: float, sy: float) -> np.ndarray:
    h, w = image.shape[:2]
    return cv2.resize(image, (round(w * sx), round(h * sy)), interpolation=cv2.INTER_NEAREST)


@pytest.fixture(scope="module")
def board():
    script = script_of("minesweeper")
    return script, screen(script.render(2))


def test_a_board_found_before_its_window_was_stretched_is_read_as_before(board):
    script, image = board
    loop = LiveLoop("minesweeper", load_game_pack("minesweeper", None), solve_options=OPTIONS)
    seen = play(loop, image)
    assert seen.advice is not None
    wide = stretched(image, 2.0, 1.2)  # each cell 2.0 times wider, 1.2 times taller
    view = play(loop, wide)
    assert view.geometry is not None, view.status
    assert view.state.grid == seen.state.grid
    assert view.advice is not None and view.advice.recommend == seen.advice.recommend
    # The board's corners where the stretch put them (within a pixel or two).
    before = seen.geometry.outline() * np.array([2.0, 1.2])
    assert np.abs(view.geometry.outline() - before).max() < 3


def test_a_stretched_window_with_a_bar_that_does_not_stretch_is_searched_squeezed(board):
    """The game's picture does not fill the window (a menu bar over it): the last board
    stretched as the window was misses, and the frame squeezed back to the board's proportions
    is searched."""
    script, image = board
    loop = LiveLoop("minesweeper", load_game_pack("minesweeper", None), solve_options=OPTIONS)
    seen = play(loop, image)
    wide = stretched(image, 1.8, 1.1)
    bar = np.full((40, wide.shape[1], 3), 235, np.uint8)  # the window's menu bar
    view = play(loop, np.vstack([bar, wide]))
    assert view.geometry is not None, view.status
    assert view.state.grid == seen.state.grid
    assert view.advice is not None and view.advice.recommend == seen.advice.recommend


def test_a_board_not_found_after_a_stretch_is_said_in_plain_words(board):
    script, image = board
    loop = LiveLoop("minesweeper", load_game_pack("minesweeper", None), solve_options=OPTIONS)
    seen = play(loop, image)
    blank = np.full_like(stretched(image, 2.0, 1.2), 90)  # the game left its board screen
    view = play(loop, blank)
    assert view.geometry is None and view.advice is None
    assert view.status == ("no board in view: no minesweeper board found since the game's "
                           "window was stretched out of proportion; the last board read is "
                           "kept")
    assert view.state.grid == seen.state.grid
    # Back in proportion: no word of a stretch, no pack name or frame score.
    view = play(loop, np.full_like(image, 90))
    assert view.status == "no board in view: no minesweeper board found; the last board " \
        "read is kept"


def test_a_board_never_found_keeps_no_last_board_in_its_words(board):
    script, image = board
    loop = LiveLoop("minesweeper", load_game_pack("minesweeper", None), solve_options=OPTIONS)
    view = play(loop, np.full_like(image, 90))
    assert view.status == ("no board in view: no minesweeper board found; another game? "
                           "--game minesweeper was given")


def test_a_window_already_stretched_when_live_starts_is_read(board):
    # An emulator started full screen, its picture stretched to the window before live ran:
    # no board was ever seen to say how, and live said only "no board in view". The frame is
    # searched squeezed back at 15 proportions (gridsight.live.stretch.unstretched).
    # Seen on Xvfb: the window's first frame took the squeezed search (and missed); the
    # game's picture, still from then on, was never read again (the loop reads changed
    # pictures only), and live said "reading the board" for good. The frame the waiting
    # search skipped is owed: the source asks to read it again once the search may run.
    script, image = board
    loop = LiveLoop("minesweeper", load_game_pack("minesweeper", None), solve_options=OPTIONS)
    wide = stretched(image, 1.5, 1.0)
    source = loop.source
    # A frame of this size was just searched (the window's first, not painted yet): the
    # search waits (a pause far off, set here rather than waited for).
    source._unstretch_size, source._unstretch_next = wide.shape[:2], float("inf")
    view = play(loop, wide, 2)
    assert view.geometry is None and source._unstretch_owed and not source.watching
    source._unstretch_next = 0.0  # the pause is over
    assert source.watching
    view = play(loop, wide, 3)  # the same still picture, read again
    assert view.geometry is not None and not source.watching, view.status
    # Read as the picture in proportion is.
    fresh = LiveLoop("minesweeper", load_game_pack("minesweeper", None), solve_options=OPTIONS)
    seen = play(fresh, image)
    assert view.state.grid == seen.state.grid
    assert view.advice is not None and view.advice.recommend == seen.advice.recommend
    before = seen.geometry.outline() * np.array([1.5, 1.0])
    assert np.abs(view.geometry.outline() - before).max() < 6  # of 540 px across
