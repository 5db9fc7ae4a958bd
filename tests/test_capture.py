"""Screen capture: region parsing, source choice, and real grabs on an Xvfb display."""

from __future__ import annotations

import os
import time

import pytest
from xserver import private_display

from gridsight.vision import capture
from gridsight.vision.capture import (
    CaptureInputError, CaptureUnavailable, Frame, Missing, MissingReason, MonitorSource, Rect,
    RegionSource, ScreenCapture, WindowInfo, WindowSource, choose_window, parse_region,
    pick_window,
    source_from_options,
)
from gridsight.vision.errors import VisionInputError


# -- parsing and choosing -------------------------------------------------------------------


def test_regions_parse_with_negative_coordinates():
    assert parse_region("100,200,640,480") == Rect(100, 200, 640, 480)
    assert parse_region(" -1920 , -50,800, 600") == Rect(-1920, -50, 800, 600)
    assert str(Rect(-5, 3, 10, 20)) == "-5,3,10,20"


@pytest.mark.parametrize(
    "text, message",
    [
        ("100,200,640", "expected X,Y,W,H"),
        ("1,2,3,4,5", "expected X,Y,W,H"),
        ("a,2,3,4", "X is 'a', not an integer"),
        ("1,2,3.5,4", "W is '3.5'"),
        ("0,0,0,10", "must be positive, got 0x10"),
        ("0,0,10,-4", "must be positive"),
        ("", "expected X,Y,W,H"),
    ],
)
def test_bad_regions_are_input_errors_naming_the_problem(text, message):
    with pytest.raises(CaptureInputError, match=message) as info:
        parse_region(text)
    assert isinstance(info.value, VisionInputError)
    assert f"'{text}'" in str(info.value)


def test_one_source_is_chosen_from_the_options():
    assert source_from_options() == MonitorSource(1)
    assert source_from_options(monitor=0) == MonitorSource(0)
    assert source_from_options(region="1,2,3,4") == RegionSource(Rect(1, 2, 3, 4))
    assert source_from_options(window="Dolphin") == WindowSource("Dolphin")
    with pytest.raises(CaptureInputError, match="choose one of --window, --region"):
        source_from_options(window="x", region="1,2,3,4")
    with pytest.raises(CaptureInputError, match="non-empty title"):
        source_from_options(window="  ")
    with pytest.raises(CaptureInputError, match="numbered from 1"):
        source_from_options(monitor=-1)


def test_rect_geometry():
    screen = Rect(-1920, 0, 3840, 1080)  # a monitor left of the primary one
    assert screen.contains(Rect(-1920, 0, 800, 600))
    assert not screen.contains(Rect(1800, 0, 200, 100))
    assert screen.intersection(Rect(1800, 1000, 200, 200)) == Rect(1800, 1000, 120, 80)
    assert screen.intersection(Rect(5000, 0, 10, 10)) is None


def _w(handle, title, w=100, h=100, minimised=False):
    return WindowInfo(handle, title, Rect(0, 0, w, h), minimised)


def test_the_window_is_picked_by_title_and_the_candidates_named_when_not_one():
    wins = [_w(1, "Dolphin 5.0 | Skyward Sword", 800, 600), _w(2, "dolphin", 10, 10),
            _w(3, "gridsight live --window dolphin", 2000, 2000),
            _w(4, "Dolphin log", 900, 700, True),
            _w(5, "scrcpy SM-G991B", 360, 780), _w(6, "Terminal", 600, 400)]
    assert pick_window("dolphin", wins).handle == 2  # an exact title wins
    assert pick_window("DOLPHIN", wins).handle == 2  # then one equal but for case
    assert pick_window("skyward", wins).handle == 1  # else a part of it, any case
    assert pick_window("sm-g991", wins).handle == 5  # scrcpy's window, by the phone's model
    assert pick_window("log", wins).handle == 4  # only a minimised match: it (and wait for it)
    assert pick_window("gridsight", wins) is None  # never our own windows
    # Several visible windows hold the words: none is guessed, each is named.
    several = choose_window("dolph", wins)
    assert isinstance(several, Missing) and several.reason is MissingReason.AMBIGUOUS
    assert several.message.startswith("2 windows match 'dolph': 'Dolphin 5.0 | Skyward Sword' "
                                      "(800x600 at 0,0), 'dolphin' (10x10 at 0,0)")
    assert "give more of the title" in several.message
    # None: the windows there are, named (gridsight's own left out).
    none = choose_window("scrcpy pixel", wins)
    assert isinstance(none, Missing) and none.reason is MissingReason.NOT_FOUND
    assert "windows now: 'Dolphin 5.0 | Skyward Sword', 'Dolphin log', 'Terminal', " \
        "'dolphin', 'scrcpy SM-G991B'; 'gridsight windows' lists them" in none.message
    assert "gridsight live" not in none.message


# -- real captures on a virtual X display ---------------------------------------------------


@pytest.fixture(scope="module")
def xvfb():
    """A private Xvfb display (1280x800), or a skip when Xvfb or python-xlib is missing."""
    with private_display("1280x800x24") as name:
        yield name


class _TestWindow:
    """A plain X window with four coloured quadrants, drawn by the X server itself."""

    COLOURS = ((0x20, 0x40, 0xE0), (0xF0, 0x30, 0x30), (0x30, 0xC0, 0x40), (0xE0, 0xE0, 0x20))  # RGB

    def __init__(self, display_name: str, title: str, x: int, y: int, w: int, h: int):
        from Xlib import X, display

        self.X = X
        self.d = display.Display(display_name)
        root = self.d.screen().root
        self.win = root.create_window(x, y, w, h, 0, self.d.screen().root_depth,
                                      background_pixel=0x000000, override_redirect=True)
        self.win.set_wm_name(title)
        self.parts = []
        for i, (r, g, b) in enumerate(self.COLOURS):
            sub = self.win.create_window((i % 2) * w // 2, (i // 2) * h // 2, w // 2, h // 2, 0,
                                         self.d.screen().root_depth,
                                         background_pixel=(r << 16) | (g << 8) | b)
            sub.map()
            self.parts.append(sub)
        self.win.map()
        self.sync()

    def sync(self):
        """Until the server has done every request sent (a round trip): what a capture asks
        for next, on its own connection, sees it done (no wait on the clock)."""
        self.d.sync()

    def move(self, x, y, w=None, h=None):
        kw = {"x": x, "y": y}
        if w is not None:
            kw.update(width=w, height=h)
            for i, sub in enumerate(self.parts):
                sub.configure(x=(i % 2) * w // 2, y=(i // 2) * h // 2, width=w // 2, height=h // 2)
        self.win.configure(**kw)
        self.sync()

    def hide(self):
        self.win.unmap()
        self.sync()

    def show(self):
        self.win.map()
        self.sync()

    def destroy(self):
        self.win.destroy()
        self.sync()
        self.d.close()


def _quadrants_ok(frame: Frame, w: int, h: int) -> None:
    assert frame.pixels.shape == (h, w, 3)
    for i, (r, g, b) in enumerate(_TestWindow.COLOURS):
        y = (i // 2) * h // 2 + h // 4
        x = (i % 2) * w // 2 + w // 4
        assert tuple(int(v) for v in frame.pixels[y, x]) == (b, g, r), i


def test_a_monitor_and_a_region_are_captured(xvfb):
    win = _TestWindow(xvfb, "quadrants", 100, 80, 200, 160)
    try:
        with ScreenCapture(MonitorSource(1), display=xvfb) as cap:
            assert cap.monitors[0] == Rect(0, 0, 1280, 800)
            frame = cap.grab()
            assert isinstance(frame, Frame) and frame.pixels.shape == (800, 1280, 3)
            assert frame.rect == Rect(0, 0, 1280, 800)
            assert abs(frame.timestamp - time.time()) < 5
            assert not frame.pixels.flags.writeable
            _quadrants_ok(Frame(frame.pixels[80:240, 100:300], Rect(100, 80, 200, 160), 0), 200, 160)
            first = cap.grab()
            assert first.pixels is not frame.pixels  # a new picture each time, one mss reused
        with ScreenCapture(RegionSource(Rect(100, 80, 200, 160)), display=xvfb) as cap:
            frame = cap.grab()
            assert frame.rect == Rect(100, 80, 200, 160)
            _quadrants_ok(frame, 200, 160)
            assert frame.to_screen(10, 20) == (110, 100)
    finally:
        win.destroy()


def test_bad_monitor_or_region_for_this_screen_is_an_input_error(xvfb):
    with pytest.raises(CaptureInputError, match="--monitor 5: no such monitor"):
        ScreenCapture(MonitorSource(5), display=xvfb)
    with pytest.raises(CaptureInputError, match="not inside the screen"):
        ScreenCapture(RegionSource(Rect(1200, 700, 200, 200)), display=xvfb)
    with pytest.raises(CaptureInputError, match="not inside the screen"):
        ScreenCapture(RegionSource(Rect(-10, 0, 200, 200)), display=xvfb)


def test_a_window_is_followed_by_title_through_moves_hides_and_closes(xvfb):
    with ScreenCapture(WindowSource("Emulator"), display=xvfb) as cap:
        missing = cap.grab()
        assert isinstance(missing, Missing) and missing.reason is MissingReason.NOT_FOUND
        assert "no window titled 'Emulator'" in missing.message
        win = _TestWindow(xvfb, "My Emulator - game", 50, 60, 240, 180)
        try:
            frame = cap.grab()
            assert isinstance(frame, Frame), frame
            assert frame.rect == Rect(50, 60, 240, 180)
            _quadrants_ok(frame, 240, 180)
            win.move(400, 300)
            frame = cap.grab()
            assert frame.rect == Rect(400, 300, 240, 180)
            _quadrants_ok(frame, 240, 180)
            win.move(10, 20, 320, 200)
            frame = cap.grab()
            assert frame.rect == Rect(10, 20, 320, 200)
            _quadrants_ok(frame, 320, 200)
            win.move(1200, 700)  # partly off screen: the visible part is captured
            frame = cap.grab()
            assert frame.rect == Rect(1200, 700, 80, 100)
            win.move(2000, 2000)
            assert cap.grab().reason is MissingReason.OFFSCREEN
            win.move(10, 20)
            win.hide()
            hidden = cap.grab()
            assert hidden.reason is MissingReason.MINIMISED and "minimised" in hidden.message
            win.show()
            assert isinstance(cap.grab(), Frame)
        finally:
            win.destroy()
        closed = cap.grab()
        assert closed.reason is MissingReason.CLOSED and "closed" in closed.message
        again = _TestWindow(xvfb, "My Emulator - game", 30, 40, 200, 160)
        try:
            frame = cap.grab()
            assert isinstance(frame, Frame) and frame.rect == Rect(30, 40, 200, 160)
            _quadrants_ok(frame, 200, 160)
        finally:
            again.destroy()


def test_a_followed_window_whose_title_goes_blank_is_still_named_by_its_title(xvfb):
    # A window being closed or made has no title for a moment: the status said
    # "window '' is minimised or hidden".
    with ScreenCapture(WindowSource("Emulator"), display=xvfb) as cap:
        win = _TestWindow(xvfb, "My Emulator - game", 50, 60, 240, 180)
        try:
            assert isinstance(cap.grab(), Frame)
            win.win.set_wm_name("")
            win.hide()
            hidden = cap.grab()
            assert hidden.reason is MissingReason.MINIMISED
            assert "window 'My Emulator - game' is minimised" in hidden.message
        finally:
            win.destroy()


def test_a_followed_window_id_given_to_another_hidden_window_is_not_followed(xvfb):
    # X reuses a closed window's id for the next client's windows: the game window reopened
    # was reported as "window 'window.py' is minimised" (its program's hidden window).
    with ScreenCapture(WindowSource("Emulator"), display=xvfb) as cap:
        win = _TestWindow(xvfb, "My Emulator - game", 50, 60, 240, 180)
        again = None
        try:
            assert isinstance(cap.grab(), Frame)
            win.win.set_wm_name("window.py")  # the same id, now another program's
            win.hide()
            gone = cap.grab()
            assert gone.reason is MissingReason.CLOSED, gone
            assert "window 'My Emulator - game' was closed" in gone.message
            again = _TestWindow(xvfb, "My Emulator - game", 300, 200, 200, 160)
            frame = cap.grab()
            assert isinstance(frame, Frame) and frame.rect == Rect(300, 200, 200, 160)
        finally:
            win.destroy()
            if again is not None:
                again.destroy()


def test_a_failed_grab_is_reported_not_raised(xvfb, monkeypatch):
    import mss.exception

    with ScreenCapture(MonitorSource(1), display=xvfb) as cap:
        def broken(_):
            raise mss.exception.ScreenShotError("XGetImage() failed")

        monkeypatch.setattr(cap._sct, "grab", broken)
        got = cap.grab()
        assert isinstance(got, Missing) and got.reason is MissingReason.CAPTURE_FAILED
        assert "XGetImage" in got.message


def test_no_display_is_a_clear_runtime_failure():
    if not os.sys.platform.startswith("linux"):
        pytest.skip("X11 only")
    with pytest.raises(CaptureUnavailable, match="cannot capture the screen"):
        ScreenCapture(MonitorSource(1), display=":4242")


def test_doctests():
    import doctest

    result = doctest.testmod(capture)
    assert result.failed == 0 and result.attempted > 0


# -- the X11 window grab through MIT-SHM ------------------------------------------------------


def _noise_window(display_name: str, w: int, h: int, seed: int):
    """A window whose background is a pixmap of random pixels: every pixel differs in kind."""
    import numpy as np
    from Xlib import X, display

    d = display.Display(display_name)
    screen = d.screen()
    win = screen.root.create_window(20, 30, w, h, 0, screen.root_depth, override_redirect=True)
    pixmap = win.create_pixmap(w, h, screen.root_depth)
    gc = pixmap.create_gc()
    data = np.random.default_rng(seed).integers(0, 256, (h, w, 4), dtype=np.uint8)
    pixmap.put_image(gc, 0, 0, w, h, X.ZPixmap, screen.root_depth, 0, data.tobytes())
    win.change_attributes(background_pixmap=pixmap)
    win.map()
    d.sync()  # (drawn once the server has answered: no wait on the clock)
    return d, win, data[..., :3]


def _shm_segments() -> set[int]:
    with open("/proc/sysvipc/shm") as table:
        return {int(line.split()[1]) for line in list(table)[1:]}


def test_the_shared_memory_grab_equals_the_plain_grab_and_follows_resizes(xvfb):
    import numpy as np

    from ctypes.util import find_library

    if find_library("xcb-shm") is None:
        pytest.skip("libxcb-shm is not installed (a dependency of libxcb-image0, see .ci/run)")
    d, win, drawn = _noise_window(xvfb, 301, 203, seed=7)  # odd sizes: no row padding assumed
    finder = capture.X11WindowFinder(xvfb)
    try:
        shm = finder._shm_grabber()
        assert shm is not None, "Xvfb offers MIT-SHM"
        fast = finder.grab(win.id, 301, 203)
        plain = finder._grab_plain(win.id, 301, 203)
        assert fast.shape == (203, 301, 3) and fast.flags.c_contiguous
        assert np.array_equal(fast, plain) and np.array_equal(fast, drawn)
        made = shm.segments_made
        again = finder.grab(win.id, 301, 203)
        assert shm.segments_made == made  # one segment reused while the size stays
        assert again is not fast and np.array_equal(again, fast)  # a new array each grab
        win.configure(width=160, height=90)
        d.sync()
        small = finder.grab(win.id, 160, 90)
        assert shm.segments_made == made + 1  # a new segment for the new size
        assert np.array_equal(small, finder._grab_plain(win.id, 160, 90))
        assert np.array_equal(small, drawn[:90, :160])
        assert finder.grab(0x7FFFFFF, 10, 10) is None  # no such window: refused, not raised
        if os.path.exists("/proc/sysvipc/shm"):
            segment = shm._segment.shmid
            assert segment in _shm_segments()
            finder.close()
            finder = None
            # the server detaches when it reads our detach request: until it has, or 10 s
            deadline = time.monotonic() + 10
            while segment in _shm_segments() and time.monotonic() < deadline:
                time.sleep(0.01)
            assert segment not in _shm_segments()  # freed on close
    finally:
        if finder is not None:
            finder.close()
        win.destroy()
        d.close()


def test_without_shared_memory_the_plain_grab_is_used(xvfb, monkeypatch):
    import numpy as np

    from gridsight.vision.xshm import XShmGrabber, XShmUnavailable

    with pytest.raises(XShmUnavailable, match="cannot connect"):
        XShmGrabber.open(":4242")
    d, win, drawn = _noise_window(xvfb, 120, 80, seed=3)
    try:
        def no_shm(display=None):
            raise XShmUnavailable("the X server has no MIT-SHM extension")

        monkeypatch.setattr(capture.XShmGrabber, "open", staticmethod(no_shm))
        finder = capture.X11WindowFinder(xvfb)
        try:
            assert np.array_equal(finder.grab(win.id, 120, 80), drawn)
            assert finder._shm is None and finder._shm_failed
        finally:
            finder.close()
        monkeypatch.undo()
        finder = capture.X11WindowFinder(xvfb)  # MIT-SHM breaks in the middle of a session
        try:
            assert np.array_equal(finder.grab(win.id, 120, 80), drawn)
            shm = finder._shm

            def broken(*_):
                raise XShmUnavailable("the X connection broke")

            monkeypatch.setattr(shm, "grab", broken)
            assert np.array_equal(finder.grab(win.id, 120, 80), drawn)
            assert finder._shm is None and shm._conn is None  # closed, plain path from now
            assert np.array_equal(finder.grab(win.id, 120, 80), drawn)
        finally:
            finder.close()
        finder = capture.X11WindowFinder(xvfb)  # MIT-SHM refuses one picture (a window partly
        try:  # off screen under a compositor): that grab is read with GetImage
            shm = finder._shm_grabber()
            monkeypatch.setattr(shm, "grab", lambda *_: None)
            assert np.array_equal(finder.grab(win.id, 120, 80), drawn)
            assert finder._shm is shm  # kept for the next grabs
        finally:
            finder.close()
    finally:
        win.destroy()
        d.close()
