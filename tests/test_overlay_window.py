"""The Qt overlay window (offscreen Qt), and on a real X server with a compositor (Xvfb)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest
from extras import require
from xserver import private_display

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
require("PySide6")  # found, not imported: the tests import it

from gridsight.overlay.status import Box  # noqa: E402
from gridsight.overlay import window as window_mod  # noqa: E402
from gridsight.overlay.window import OverlayWindow, check_compositor, layer_to_qimage, qimage_to_array  # noqa: E402
from gridsight.solvers.advice import Advice, Cell  # noqa: E402
from gridsight.vision.geometry import BoardGeometry  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.gui


def _advice():
    return Advice("demo", 3, 3, recommend=(Cell(1, 2),), status="dig (1, 2)")


def test_a_layer_goes_through_qimage_unchanged():
    rng = np.random.default_rng(3)
    layer = rng.integers(0, 256, (7, 5, 4), dtype=np.uint8)
    layer[..., :3] = np.minimum(layer[..., :3], layer[..., 3:4])  # valid premultiplied pixels
    assert np.array_equal(qimage_to_array(layer_to_qimage(layer)), layer)
    with pytest.raises(ValueError, match="H x W x 4"):
        layer_to_qimage(np.zeros((3, 3, 3), np.uint8))


def test_the_window_is_frameless_on_top_click_through_and_translucent():
    from PySide6.QtCore import Qt

    win = OverlayWindow((100, 50, 300, 200))
    w = win.widget
    flags = w.windowFlags()
    for flag in (Qt.WindowType.FramelessWindowHint, Qt.WindowType.WindowStaysOnTopHint,
                 Qt.WindowType.WindowTransparentForInput, Qt.WindowType.WindowDoesNotAcceptFocus):
        assert flags & flag, flag
    assert w.testAttribute(Qt.WidgetAttribute.WA_TranslucentBackground)
    assert w.testAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
    assert w.windowTitle() == window_mod.WINDOW_TITLE
    assert (w.x(), w.y(), w.width(), w.height()) == (100, 50, 300, 200)
    win.close()


def test_the_window_shows_the_advice_where_the_geometry_says_and_is_clear_elsewhere():
    win = OverlayWindow((0, 0, 300, 200))
    g = BoardGeometry.from_rect(60, 40, 40, 40, 3, 3)
    win.update(g, _advice(), "Dig row 2, column 3 - 10% a bomb")
    win.show()
    shot = qimage_to_array(win.widget.grab().toImage())
    assert shot.shape == (200, 300, 4)
    magenta = np.all(shot == (255, 0, 255, 255), axis=2)
    ys, xs = np.nonzero(magenta)
    assert magenta.sum() > 50
    assert 140 - 8 <= xs.min() and xs.max() < 180 + 8  # cell (1, 2) spans x 140..180
    assert 80 - 8 <= ys.min() and ys.max() < 120 + 8  # and y 80..120
    assert shot[190, 290, 3] == 0 and shot[100, 20, 3] == 0  # clear away from the drawing
    assert np.array_equal(win.layer, window_mod.render_layer((300, 200), g, _advice()))
    # Nothing but the advice is drawn over the game: the status line is the strip's, a window
    # of its own just under the game's (the board ends at y 160: nothing under it here).
    assert not shot[165:, :, 3].any()
    assert win.strip_box.y == 200 and win.strip_box.x == 0 and win.strip.isVisible()
    assert win.status_text() == "Dig row 2, column 3 - 10% a bomb"
    win.update(None, None, "")
    assert not qimage_to_array(win.widget.grab().toImage())[..., 3].any()
    assert win.strip_box is None and not win.strip.isVisible()
    win.close()


def test_the_why_and_warnings_join_the_strip_and_it_follows_the_game():
    win = OverlayWindow((0, 0, 200, 100))
    advice = Advice("demo", 1, 1, warnings=("cell (0, 0) unread",), why="Why not here?")
    win.update(BoardGeometry.from_rect(0, 0, 10, 10, 1, 1), advice, "waiting")
    assert win.status_text() == "waiting  |  Why not here?  |  warning: cell (0, 0) unread"
    assert [kind for kind, _ in win.status_lines()] == ["advice", "why", "warning"]
    win.show()
    win.move_to((30, 40, 120, 90))
    assert win.rect == (30, 40, 120, 90) and win.layer.shape == (90, 120, 4)
    w = win.widget
    assert (w.x(), w.y(), w.width(), w.height()) == (30, 40, 120, 90)
    # The strip came along: under the window, as wide as a readable line needs.
    strip = win.strip.geometry()
    assert (strip.x(), strip.y()) == (30, 130) and strip.width() >= 320
    win.close()


STATUS_360 = "Tap row 4, column 1 - 80% an animal"
WHY_360 = ("Why not row 4, column 3 (certainly Gorilla)? It can wait; the best plan for 7 taps "
           "starts here.")


def _strip_shot(win: OverlayWindow) -> np.ndarray:
    return qimage_to_array(win.strip.grab().toImage())


def test_on_a_360_pixel_phone_mirror_the_strip_wraps_every_word_under_the_window():
    # A phone mirror 360 px wide: the game's counter bar at the top, its own controls (the
    # MAP/BACK bar) under the board; gridsight's strip goes under the whole window.
    win = OverlayWindow((100, 20, 360, 640))
    g = BoardGeometry.from_rect(20, 190, 64, 64, 5, 5)
    win.update(g, Advice("disco-zoo", 5, 5, recommend=(Cell(3, 0),), why=WHY_360), STATUS_360)
    win.show()
    box = win.strip_box
    assert box.y == 20 + 640 and box.x == 100 and box.w == 360
    inner = box.w - 2 * window_mod.PAD
    needed = sum(window_mod._line_height(kind, text, inner) for kind, text in win.status_lines())
    assert box.h == needed + 2 * window_mod.PAD  # every word shown, wrapped, none cut off
    assert window_mod._line_height("why", WHY_360, inner) > window_mod._line_height(
        "why", "x", inner)  # the why really wraps onto more lines at this width
    # The advice line is larger than the rest, and drawn: the strip is not blank.
    assert window_mod.STRIP_FONTS["advice"][0] > window_mod.STRIP_FONTS["why"][0]
    shot = _strip_shot(win)
    assert (shot[..., :3] != window_mod.STRIP_BACKGROUND[::-1]).any(axis=2).sum() > 200
    # Nothing is drawn over the game but the advice (not over its counter, not over its bar).
    assert not qimage_to_array(win.widget.grab().toImage())[:185, :, 3].any()
    win.close()


def test_the_strip_goes_above_the_window_when_there_is_no_room_below_and_inside_when_none():
    win = OverlayWindow((0, 0, 360, 10))
    screen = win.screen_box()
    win.move_to((0, screen.h - 300, 360, 300))  # the window's bottom on the screen's edge
    g = BoardGeometry.from_rect(20, 20, 40, 40, 5, 5)
    win.update(g, Advice("disco-zoo", 5, 5), STATUS_360)
    assert win.strip_box.y + win.strip_box.h == screen.h - 300  # just over the window
    win.move_to((0, 0, screen.w, screen.h))  # the window fills the screen: inside, by the board
    win.update(g, Advice("disco-zoo", 5, 5), STATUS_360)
    assert win.strip_box.y >= 20 + 5 * 40  # under the board, not over it
    # ... as wide as the board (the window being the whole desktop), not the screen's width,
    # widened to hold the advice on one line
    box = win.strip_box
    assert window_mod.MIN_STRIP_WIDTH <= box.w < screen.w
    assert box.x <= 20 and box.x + box.w >= 20 + 5 * 40
    advice = [text for kind, text in win.status_lines() if kind == "advice"][0]
    one_line = window_mod._line_height("advice", "x", 1000)
    assert window_mod._line_height("advice", advice, box.w - 2 * window_mod.PAD) == one_line
    win.close()


def test_in_a_captured_desktop_the_strip_goes_beside_the_phones_window_not_over_it():
    # The capture is the whole screen; the board was found in a phone-mirror window inside it
    # (``screen``): the strip goes under that window, off the game's own controls.
    win = OverlayWindow((0, 0, 10, 10))
    whole = win.screen_box()
    win.move_to((0, 0, whole.w, whole.h))
    phone = (40, 10, 240, 420)  # the phone's window in the frame
    g = BoardGeometry.from_rect(60, 150, 40, 40, 5, 5)
    win.update(g, Advice("disco-zoo", 5, 5), STATUS_360, screen=phone)
    box, inner = win.strip_box, win.game_screen_box()
    assert inner == Box(40, 10, 240, 420)
    assert not box.overlaps(inner) and box.y == 10 + 420  # just under the phone's window
    advice = [text for kind, text in win.status_lines() if kind == "advice"][0]
    one_line = window_mod._line_height("advice", "x", 1000)
    assert window_mod._line_height("advice", advice, box.w - 2 * window_mod.PAD) == one_line
    # The same desktop without the window known: inside it, under the board (as before).
    win.update(g, Advice("disco-zoo", 5, 5), STATUS_360)
    assert win.game_screen_box() is None and win.strip_box.overlaps(inner)
    # No board: nothing of the phone's window is kept.
    win.update(None, None, "waiting", screen=phone)
    assert win.screen_in_frame is None
    win.close()


def test_the_compositor_check_without_a_display(monkeypatch):
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.setenv("WAYLAND_DISPLAY", "wayland-0")
    check = check_compositor()
    if sys.platform.startswith("linux"):
        assert check.available is None and "XWayland" in check.message
    monkeypatch.delenv("WAYLAND_DISPLAY")
    if sys.platform.startswith("linux"):
        assert check_compositor().message == "no display ($DISPLAY is not set)"


# -- a real X server: the compositor check, and the overlay on screen over a game ------------


@pytest.fixture(scope="module")
def xvfb():
    """A private Xvfb display (800x600), or a skip when Xvfb or python-xlib is missing."""
    with private_display("800x600x24") as name:
        yield name


def _wait_for(predicate, timeout=60.0):
    # (returns as soon as ``predicate`` holds: the bound is for a loaded machine, where the
    # compositor and the overlay's process take their time to show)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.05)
    return predicate()


_SHOW_OVERLAY = """
import sys
from PySide6.QtCore import QTimer
from gridsight.overlay.window import OverlayWindow, ensure_app
from gridsight.solvers.advice import Advice, Cell
from gridsight.vision.geometry import BoardGeometry
app = ensure_app()
win = OverlayWindow((100, 100, 300, 200))
win.update(BoardGeometry.from_rect(60, 40, 40, 40, 3, 3),
           Advice("demo", 3, 3, recommend=(Cell(1, 2),)), "dig (1, 2)")
win.show()
QTimer.singleShot(300, lambda: print("shown", flush=True))
app.exec()
"""


def test_on_a_composited_x_server_the_overlay_is_clear_over_the_game(xvfb):
    if shutil.which("xcompmgr") is None:
        pytest.skip("xcompmgr is not installed (.ci/run installs it)")
    from Xlib import display

    from gridsight.vision.capture import MonitorSource, Rect, ScreenCapture, WindowSource

    assert check_compositor(xvfb).available is False
    assert "no compositor" in check_compositor(xvfb).message
    # The "game": a window of a known colour under where the overlay will be.
    d = display.Display(xvfb)
    game = d.screen().root.create_window(50, 50, 700, 500, 0, d.screen().root_depth,
                                         background_pixel=0x3080C0, override_redirect=True)
    game.set_wm_name("game")
    game.map()
    d.sync()
    comp = subprocess.Popen(["xcompmgr", "-d", xvfb], stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    shower = None
    try:
        assert _wait_for(lambda: check_compositor(xvfb).available), "xcompmgr did not start"
        env = dict(os.environ, DISPLAY=xvfb, QT_QPA_PLATFORM="xcb", PYTHONPATH=str(REPO))
        shower = subprocess.Popen([sys.executable, "-c", _SHOW_OVERLAY], env=env,
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        line = shower.stdout.readline()
        # The X server and the compositor are up: the overlay not showing is our failure.
        if line.strip() != b"shown":
            err = shower.stderr.read(2000).decode(errors="replace") if shower.poll() is not None else ""
            pytest.fail(f"the overlay window did not show on Xvfb: {err.strip()[:600]}")
        with ScreenCapture(MonitorSource(1), display=xvfb) as cap:
            def overlay_visible():
                f = cap.grab()
                return f if np.all(f.pixels[100 + 80 - 3, 100 + 160] == (255, 0, 255)) else None

            frame = _wait_for(lambda: overlay_visible() or None)
            assert frame is not None, "the recommended cell's outline never appeared"
            px = frame.pixels
            if os.environ.get("GRIDSIGHT_SAVE_SCREENS"):
                import cv2

                cv2.imwrite(os.environ["GRIDSIGHT_SAVE_SCREENS"], px)
            # Outlined cell (1, 2) (local x 140..180, y 80..120): magenta round its edges.
            for y, x in ((80 - 3, 160), (120 + 2, 160), (100, 140 - 3), (100, 180 + 2)):
                assert np.all(px[100 + y, 100 + x] == (255, 0, 255)), (y, x)
            # Its inside is the game's own picture.
            assert tuple(px[100 + 100, 100 + 160]) == (0xC0, 0x80, 0x30)
            # Everywhere else the game shows through unchanged: no black box.
            assert tuple(px[100 + 180, 100 + 250]) == (0xC0, 0x80, 0x30)
            assert tuple(px[100 + 20, 100 + 280]) == (0xC0, 0x80, 0x30)
            assert tuple(px[500, 700]) == (0xC0, 0x80, 0x30)
            # The status strip is shown under the overlay's rectangle (opaque, no compositor
            # needed for it), not over the board.
            assert tuple(px[100 + 200 + 3, 100 + 2]) == window_mod.STRIP_BACKGROUND[::-1]
            assert tuple(px[100 + 180, 100 + 4]) == (0xC0, 0x80, 0x30)
        # The reader does not see the overlay: a window source reads the game's own pixels.
        with ScreenCapture(WindowSource("game"), display=xvfb) as game_cap:
            own = game_cap.grab()
            assert own.rect == Rect(50, 50, 700, 500)
            assert np.all(own.pixels == (0xC0, 0x80, 0x30))
            screen = ScreenCapture(WindowSource("game"), display=xvfb, own_pixels=False)
            seen = screen.grab()
            screen.close()
            assert np.all(seen.pixels[100 + 77 - 50, 100 + 160 - 50] == (255, 0, 255))
        # Click-through: under the pointer, on the recommended cell, the X server finds the
        # game's window, not the overlay (its input shape is empty).
        root = d.screen().root
        root.warp_pointer(100 + 140, 100 + 80 - 3)
        d.sync()
        assert root.query_pointer().child.id == game.id
    finally:
        if shower is not None:
            shower.kill()
            shower.wait()
        comp.terminate()
        comp.wait(timeout=10)
        d.close()


def test_a_board_partly_off_the_screen_is_said_and_the_advised_cell_off_it_first(monkeypatch):
    # Seen live (Xvfb 1024x700, a Disco Zoo window dragged to x -150): its own pixels are
    # captured whole, so the advice named row 2, column 3 while columns 1 and 2 were off the
    # screen, and a player counting the columns they saw took column 3 for column 1.
    from gridsight.live.unseen import unseen_words

    monkeypatch.setattr(OverlayWindow, "screen_boxes", lambda self: [Box(0, 0, 1024, 700)])
    g = BoardGeometry.from_rect(60, 40, 40, 40, 3, 3)  # columns' centres at x 80, 120, 160
    win = OverlayWindow((-130, 50, 300, 200), unseen_words=unseen_words)
    win.update(g, _advice(), "Dig row 2, column 3 - 10% a bomb")
    assert win.status_lines()[1] == (
        "caveat", "columns 1 and 2 are off the screen: the columns count from the board's own "
        "edge")
    win.move_to((-170, 50, 300, 200))  # column 3 (advised) too: said first
    assert win.status_lines()[1][1].startswith(
        "row 2, column 3 is off the screen: move the game's window to see it; columns 1 to 3")
    win.move_to((880, 50, 300, 200))  # past the right edge: column 3, advised, alone
    assert win.status_lines()[1][1] == (
        "row 2, column 3 is off the screen: move the game's window to see it")
    win.update(g, Advice("demo", 3, 3, recommend=(Cell(1, 0),)), "Dig row 2, column 1")
    assert len(win.status_lines()) == 1  # the count from the left is right: nothing said
    win.move_to((100, 50, 300, 200))  # all on the screen: nothing said
    assert [kind for kind, _ in win.status_lines()] == ["advice"]
    win.close()


def test_a_strip_under_a_narrow_window_holds_the_advice_on_one_line():
    # Seen live (Xvfb, a 360 px tile-path window): "Step up - it keeps a full walk possible"
    # went onto two lines in the strip as wide as the window; there was room beside.
    win = OverlayWindow((100, 20, 300, 400))
    g = BoardGeometry.from_rect(20, 20, 40, 40, 5, 5)
    win.update(g, Advice("tile-path", 5, 5), "Step up - it keeps a full walk possible")
    box = win.strip_box
    one_line = window_mod._line_height("advice", "x", 1000)
    assert window_mod._line_height("advice", win.status_lines()[0][1],
                                   box.w - 2 * window_mod.PAD) == one_line, box
    assert box.x == 100 and box.y == 420  # under the window, from its left edge
    win.close()


def test_a_strip_that_cannot_widen_draws_its_advice_smaller_on_one_line():
    # Seen walking the panels (a 360x640 phone, a 360 px tile-path window as wide as the
    # screen): "Step up or right - either keeps a full walk possible" took two lines of the
    # strip, no room to widen it. It is drawn smaller (down to MIN_ADVICE_PX), on one line.
    from PySide6.QtGui import QFontMetrics

    window_mod.ensure_app()
    advice = "Step up or right - either keeps a full walk possible"
    inner = 360 - 2 * window_mod.PAD
    font = window_mod._fitted_font("advice", advice, inner)
    assert window_mod.MIN_ADVICE_PX <= font.pixelSize() < window_mod.STRIP_FONTS["advice"][0]
    assert font.bold() and QFontMetrics(font).horizontalAdvance(advice) <= inner
    assert window_mod._line_height("advice", advice, inner) == QFontMetrics(font).height()
    lines = [("advice", advice), ("why", "the numbers follow one full walk")]
    assert window_mod._strip_height(lines, 360) < 2 * window_mod._line_height("advice", "x", 999)
    # A strip that may widen is widened first, the advice at its usual size.
    assert window_mod._unwrapped_width(lines, 360) > 360
    assert window_mod._fitted_font("advice", advice, 1000).pixelSize() == \
        window_mod.STRIP_FONTS["advice"][0]
