"""Screen capture: a whole monitor, a fixed region, or a window followed by its title.

One ``mss`` instance is opened per :class:`ScreenCapture` and reused for every grab (opening
one costs a connection to the display server; mss instances are not shared across threads, so
grab from the thread that made the capture). Every grab returns either a :class:`Frame` or a
:class:`Missing` that says why there is no picture now (window not found, closed, minimised,
off screen, or the grab itself failed), so a live loop can show the reason and keep waiting
instead of crashing.

Coordinates are **physical pixels** of the virtual screen everywhere, as mss uses them: monitors
left of or above the primary one have negative coordinates, and ``--region -1920,0,800,600``
is valid. High DPI: on X11 there is no scaling between programs and pixels; on Windows the
process is made per-monitor DPI aware before any window is measured (as mss does for itself),
so window rectangles and captures agree in physical pixels; on macOS window bounds come in
points and are multiplied by the screen's backing scale factor.

Finding a window by its title:

- X11: python-xlib (pure Python; a dependency on Linux). Measured on Xvfb: finding a window by
  title 0.34 ms and re-reading its position 0.10 ms, against 3.2 ms per call for the
  ``xwininfo`` tool and 3.5 ms for ``xdotool``, which are also not always installed. The
  window's client area is captured (no title bar), found again by title when it is closed and
  reopened, and followed when it moves or is resized, since every grab re-reads its geometry.
- Windows: ``EnumWindows`` and ``GetClientRect``/``ClientToScreen`` through ctypes.
- macOS: Quartz's window list (``pyobjc-framework-Quartz``) when it is installed.
- Wayland: no program may read another's window or the screen; run the game under XWayland
  (most emulators do by default) or start the session on X11.

A title matches exactly first (then equal but for case); otherwise as a case-insensitive part
of the title, ignoring gridsight's own windows (and a terminal whose title holds the gridsight
command line). When several visible windows match, none is guessed: the capture waits and
names them, as it names the windows there are when none matches (:func:`choose_window`;
``gridsight windows`` lists them all, with their sizes and positions).

The overlay must not feed back into the reader. On X11, a window source therefore reads the
window's **own** pixels (``XGetImage`` on the window, not on the screen): under a compositor,
which the overlay needs anyway, every window is drawn off screen, so this picture holds the
game and nothing drawn over it, and it works while the window is partly off screen. The window
is read through MIT-SHM shared memory where the server offers it (:mod:`gridsight.vision.xshm`), else
with python-xlib's ``GetImage``, which sends the picture through the X socket; measured with
``python bench/bench_live.py --x11`` (Xvfb): 0.39 ms against 3.1 ms for 640x528, 0.63 against
10 ms for 1024x720. When that read fails (no compositor and the window partly hidden, an
unusual pixel format) the visible part of the screen is read with mss instead. Elsewhere the screen is read: on Windows
the overlay excludes itself from capture (``SetWindowDisplayAffinity``) where the system allows.
"""

from __future__ import annotations

import sys
import time
from dataclasses import dataclass, replace
from enum import Enum
from typing import Protocol

import numpy as np

from gridsight.vision.errors import VisionInputError
from gridsight.vision.xshm import XShmGrabber, XShmUnavailable


class CaptureInputError(VisionInputError):
    """A capture source the player asked for that cannot be: a bad region or monitor number."""


class CaptureUnavailable(Exception):
    """No screen can be captured at all here (no display server, no window lookup support)."""


@dataclass(frozen=True)
class Rect:
    """A rectangle of the virtual screen in physical pixels; ``left``/``top`` may be negative."""

    left: int
    top: int
    width: int
    height: int

    @property
    def right(self) -> int:
        return self.left + self.width

    @property
    def bottom(self) -> int:
        return self.top + self.height

    def intersection(self, other: "Rect") -> "Rect | None":
        left, top = max(self.left, other.left), max(self.top, other.top)
        right, bottom = min(self.right, other.right), min(self.bottom, other.bottom)
        if right <= left or bottom <= top:
            return None
        return Rect(left, top, right - left, bottom - top)

    def contains(self, other: "Rect") -> bool:
        return self.intersection(other) == other

    def as_mss(self) -> dict[str, int]:
        return {"left": self.left, "top": self.top, "width": self.width, "height": self.height}

    def __str__(self) -> str:
        return f"{self.left},{self.top},{self.width},{self.height}"


@dataclass(frozen=True, eq=False)
class Frame:
    """One captured picture: BGR pixels (read-only), the screen rectangle, the wall-clock time."""

    pixels: np.ndarray
    rect: Rect
    timestamp: float

    def to_screen(self, x: float, y: float) -> tuple[float, float]:
        """A pixel position in this frame as a position on the virtual screen."""
        return x + self.rect.left, y + self.rect.top


class MissingReason(str, Enum):
    NOT_FOUND = "not-found"  # no window with that title (yet)
    CLOSED = "closed"  # the window we followed is gone
    MINIMISED = "minimised"  # the window is minimised or hidden
    OFFSCREEN = "offscreen"  # the window (or region) lies outside every monitor
    CAPTURE_FAILED = "capture-failed"  # the display server refused this grab
    AMBIGUOUS = "ambiguous"  # several windows match the title: none is guessed


@dataclass(frozen=True)
class Missing:
    """Why a grab produced no frame; ``message`` is one line for the player."""

    reason: MissingReason
    message: str


# -- sources ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class MonitorSource:
    """Monitor ``index`` as mss numbers them: 1 is the first monitor, 0 all of them together."""

    index: int


@dataclass(frozen=True)
class RegionSource:
    rect: Rect


@dataclass(frozen=True)
class WindowSource:
    title: str


Source = MonitorSource | RegionSource | WindowSource


def parse_region(text: str) -> Rect:
    """``'X,Y,W,H'`` (physical pixels; X and Y may be negative) as a :class:`Rect`.

    >>> parse_region("-1920, 0, 800, 600")
    Rect(left=-1920, top=0, width=800, height=600)
    """
    parts = [p.strip() for p in str(text).split(",")]
    if len(parts) != 4:
        raise CaptureInputError(
            f"region '{text}': expected X,Y,W,H (four integers, e.g. 100,200,640,480)"
        )
    values = []
    for name, part in zip(("X", "Y", "W", "H"), parts):
        try:
            values.append(int(part))
        except ValueError:
            raise CaptureInputError(f"region '{text}': {name} is '{part}', not an integer") from None
    if values[2] <= 0 or values[3] <= 0:
        raise CaptureInputError(
            f"region '{text}': width and height must be positive, got {values[2]}x{values[3]}"
        )
    return Rect(*values)


def source_from_options(
    window: str | None = None, region: str | None = None, monitor: int | None = None
) -> Source:
    """The one source named by ``--window``, ``--region`` or ``--monitor`` (default: monitor 1)."""
    given = [name for name, v in (("--window", window), ("--region", region), ("--monitor", monitor))
             if v is not None]
    if len(given) > 1:
        raise CaptureInputError(f"choose one of {', '.join(given)}, not several")
    if window is not None:
        if not window.strip():
            raise CaptureInputError("--window needs a non-empty title")
        return WindowSource(window)
    if region is not None:
        return RegionSource(parse_region(region))
    if monitor is not None and monitor < 0:
        raise CaptureInputError(f"--monitor {monitor}: monitors are numbered from 1 (0 = all)")
    return MonitorSource(1 if monitor is None else monitor)


# -- window lookup ----------------------------------------------------------------------------


@dataclass(frozen=True)
class WindowInfo:
    """A window found by title: an opaque ``handle``, its title, client area, visibility."""

    handle: int
    title: str
    rect: Rect
    minimised: bool


class WindowFinder(Protocol):
    def find(self, title: str) -> list[WindowInfo]:
        """Every top-level window whose title matches (see :func:`pick_window`)."""

    def windows(self) -> list[WindowInfo]:
        """Every top-level window with a title (``gridsight windows``)."""

    def info(self, handle: int) -> WindowInfo | None:
        """The window's current state, or ``None`` when it no longer exists."""


def title_matches(wanted: str, title: str) -> bool:
    return bool(title) and wanted.casefold() in title.casefold()


def is_own(window: WindowInfo) -> bool:
    """gridsight's own windows, and a window whose title names gridsight (the terminal running
    ``gridsight live --window TITLE``): never captured."""
    return "gridsight" in window.title.casefold()


def describe_window(window: WindowInfo) -> str:
    """``'scrcpy SM-G991B' (360x780 at 1200,40)``: a window as a player can find it."""
    where = f"{window.rect.width}x{window.rect.height} at {window.rect.left},{window.rect.top}"
    return f"'{window.title}' ({where}{', minimised' if window.minimised else ''})"


def _largest(windows: list[WindowInfo]) -> WindowInfo:
    return max(windows, key=lambda w: (not w.minimised, w.rect.width * w.rect.height))


def choose_window(wanted: str, windows: list[WindowInfo]) -> WindowInfo | Missing:
    """The window ``--window wanted`` means, or why there is none to capture.

    A title equal to ``wanted`` first, then one equal but for case; else the windows whose
    title holds ``wanted`` (any case): one visible is it; several visible are named
    (:attr:`MissingReason.AMBIGUOUS`: give more of the title), none at all names the windows
    there are (:attr:`MissingReason.NOT_FOUND`). gridsight's own windows never match.
    """
    mine = [w for w in windows if not is_own(w) or w.title == wanted]
    for same in (lambda t: t == wanted, lambda t: t.casefold() == wanted.casefold()):
        exact = [w for w in mine if same(w.title)]
        if exact:
            return _largest(exact)
    matches = [w for w in mine if title_matches(wanted, w.title)]
    visible = [w for w in matches if not w.minimised]
    if len(visible) == 1 or (matches and not visible):
        return _largest(matches)
    if visible:
        names = ", ".join(describe_window(w) for w in sorted(visible, key=lambda w: w.title)[:6])
        more = f" and {len(visible) - 6} more" if len(visible) > 6 else ""
        return Missing(MissingReason.AMBIGUOUS,
                       f"{len(visible)} windows match '{wanted}': {names}{more}; give more of "
                       "the title")
    others = sorted({w.title for w in mine if w.title.strip()})
    listed = ", ".join(f"'{t}'" for t in others[:6]) + (
        f" and {len(others) - 6} more" if len(others) > 6 else "")
    there = f" (windows now: {listed}; 'gridsight windows' lists them)" if others else ""
    return Missing(MissingReason.NOT_FOUND,
                   f"no window titled '{wanted}' (yet); waiting for it{there}")


def pick_window(wanted: str, windows: list[WindowInfo]) -> WindowInfo | None:
    """The window :func:`choose_window` picks, ``None`` when it names none."""
    chosen = choose_window(wanted, windows)
    return None if isinstance(chosen, Missing) else chosen


class X11WindowFinder:
    """Top-level windows of an X11 display through python-xlib."""

    def __init__(self, display: str | None = None):
        try:
            from Xlib import X, display as xdisplay, error as xerror
        except ImportError:
            raise CaptureUnavailable(
                "finding a window by title on X11 needs python-xlib (pip install python-xlib)"
            ) from None
        try:
            self._display = xdisplay.Display(display)
        except Exception as error:  # Xlib raises several unrelated types here
            raise CaptureUnavailable(f"cannot open the X display ({error})") from None
        self._X, self._xerror = X, xerror
        self._display_name = display
        self._shm: XShmGrabber | None = None  # made on the first grab
        self._shm_failed = False  # MIT-SHM unusable here: plain GetImage from then on
        self._root = self._display.screen().root
        atom = self._display.intern_atom
        self._net_wm_name, self._utf8 = atom("_NET_WM_NAME"), atom("UTF8_STRING")
        self._net_wm_state, self._hidden = atom("_NET_WM_STATE"), atom("_NET_WM_STATE_HIDDEN")
        self._wm_state = atom("WM_STATE")

    def close(self) -> None:
        if self._shm is not None:
            self._shm.close()
            self._shm = None
        self._display.close()

    def _title(self, window) -> str:
        prop = window.get_full_property(self._net_wm_name, self._utf8)
        if prop is not None and prop.value:
            value = prop.value
            return value.decode("utf-8", "replace") if isinstance(value, bytes) else str(value)
        name = window.get_wm_name()
        if isinstance(name, bytes):
            return name.decode("latin-1")
        return name or ""

    def _candidates(self):
        """Top-level client windows: children of the root, and the children of WM frames."""
        for top in self._root.query_tree().children:
            yield top
            try:
                yield from top.query_tree().children
            except self._xerror.XError:
                continue

    def find(self, title: str) -> list[WindowInfo]:
        return self._listed(lambda name: title_matches(title, name))

    def windows(self) -> list[WindowInfo]:
        return self._listed(lambda name: bool(name.strip()))

    def _listed(self, keep) -> list[WindowInfo]:
        found = []
        for window in self._candidates():
            try:
                name = self._title(window)
                if keep(name):
                    info = self._describe(window, name)
                    if info is not None:
                        found.append(info)
            except self._xerror.XError:  # it closed while we looked
                continue
        return found

    def info(self, handle: int) -> WindowInfo | None:
        window = self._display.create_resource_object("window", handle)
        try:
            return self._describe(window, self._title(window))
        except self._xerror.XError:
            return None

    def grab(self, handle: int, width: int, height: int) -> np.ndarray | None:
        """The window's own pixels (BGR), or ``None`` when the server cannot give them.

        Through MIT-SHM (:mod:`gridsight.vision.xshm`) where the server allows, else ``GetImage``: the
        X server refuses MIT-SHM for a window partly off screen even when a compositor keeps
        the whole window's pixels, which ``GetImage`` still reads.
        """
        shm = self._shm_grabber()
        if shm is not None:
            try:
                pixels = shm.grab(handle, width, height)
                if pixels is not None:
                    return pixels
            except XShmUnavailable:  # the shared memory path broke: do without it from now
                self._shm_failed = True
                shm.close()
                self._shm = None
        return self._grab_plain(handle, width, height)

    def _shm_grabber(self) -> XShmGrabber | None:
        if self._shm is None and not self._shm_failed:
            try:
                self._shm = XShmGrabber.open(self._display_name)
            except XShmUnavailable:
                self._shm_failed = True
        return self._shm

    def _grab_plain(self, handle: int, width: int, height: int) -> np.ndarray | None:
        """``GetImage`` through python-xlib: the picture travels through the X socket."""
        window = self._display.create_resource_object("window", handle)
        try:
            image = window.get_image(0, 0, width, height, self._X.ZPixmap, 0xFFFFFFFF)
        except self._xerror.XError:
            return None
        data = image.data
        if image.depth not in (24, 32) or len(data) != width * height * 4:
            return None  # not the usual 32-bit BGRX layout
        pixels = np.frombuffer(data, dtype=np.uint8).reshape(height, width, 4)
        return np.ascontiguousarray(pixels[..., :3])

    def _describe(self, window, name: str) -> WindowInfo | None:
        attrs = window.get_attributes()
        if attrs.win_class == self._X.InputOnly:
            return None
        geometry = window.get_geometry()
        origin = window.translate_coords(self._root, 0, 0)
        state = window.get_full_property(self._net_wm_state, self._X.AnyPropertyType)
        hidden = state is not None and self._hidden in list(state.value)
        minimised = attrs.map_state != self._X.IsViewable or hidden
        rect = Rect(-origin.x, -origin.y, geometry.width, geometry.height)
        return WindowInfo(window.id, name, rect, minimised)


class WindowsWindowFinder:  # pragma: no cover - exercised on Windows only
    """Top-level windows through the Win32 API (ctypes), in physical pixels."""

    def __init__(self) -> None:
        import ctypes
        from ctypes import wintypes

        self._ctypes, self._wintypes = ctypes, wintypes
        self._user32 = ctypes.windll.user32
        try:  # per-monitor DPI awareness v2, else v1, else system aware
            self._user32.SetProcessDpiAwarenessContext(ctypes.c_void_p(-4))
        except (AttributeError, OSError):
            try:
                ctypes.windll.shcore.SetProcessDpiAwareness(2)
            except (AttributeError, OSError):
                self._user32.SetProcessDPIAware()

    def _title(self, hwnd: int) -> str:
        length = self._user32.GetWindowTextLengthW(hwnd)
        buffer = self._ctypes.create_unicode_buffer(length + 1)
        self._user32.GetWindowTextW(hwnd, buffer, length + 1)
        return buffer.value

    def find(self, title: str) -> list[WindowInfo]:
        return [w for w in self.windows() if title_matches(title, w.title)]

    def windows(self) -> list[WindowInfo]:
        ctypes, wintypes = self._ctypes, self._wintypes
        handles: list[int] = []
        proc = ctypes.WINFUNCTYPE(wintypes.BOOL, wintypes.HWND, wintypes.LPARAM)

        def collect(hwnd, _):
            if self._user32.IsWindowVisible(hwnd) and self._title(hwnd).strip():
                handles.append(hwnd)
            return True

        self._user32.EnumWindows(proc(collect), 0)
        return [i for i in (self.info(h) for h in handles) if i is not None]

    def info(self, handle: int) -> WindowInfo | None:
        ctypes, wintypes = self._ctypes, self._wintypes
        if not self._user32.IsWindow(handle):
            return None
        rect = wintypes.RECT()
        self._user32.GetClientRect(handle, ctypes.byref(rect))
        origin = wintypes.POINT(0, 0)
        self._user32.ClientToScreen(handle, ctypes.byref(origin))
        minimised = bool(self._user32.IsIconic(handle)) or not self._user32.IsWindowVisible(handle)
        return WindowInfo(int(handle), self._title(handle),
                          Rect(origin.x, origin.y, rect.right - rect.left, rect.bottom - rect.top),
                          minimised)


class MacWindowFinder:  # pragma: no cover - exercised on macOS only
    """On-screen windows from Quartz's window list (needs pyobjc-framework-Quartz)."""

    def __init__(self) -> None:
        try:
            import Quartz
        except ImportError:
            raise CaptureUnavailable(
                "finding a window by title on macOS needs pyobjc-framework-Quartz "
                "(pip install pyobjc-framework-Quartz); or use --region"
            ) from None
        self._q = Quartz
        try:
            from AppKit import NSScreen

            self._scale = float(NSScreen.mainScreen().backingScaleFactor())
        except Exception:
            self._scale = 1.0

    def _all(self) -> list[WindowInfo]:
        q = self._q
        infos = q.CGWindowListCopyWindowInfo(q.kCGWindowListOptionAll, q.kCGNullWindowID) or []
        found = []
        for w in infos:
            bounds = w.get("kCGWindowBounds") or {}
            s = self._scale
            rect = Rect(int(bounds.get("X", 0) * s), int(bounds.get("Y", 0) * s),
                        int(bounds.get("Width", 0) * s), int(bounds.get("Height", 0) * s))
            title = str(w.get("kCGWindowName") or w.get("kCGWindowOwnerName") or "")
            found.append(WindowInfo(int(w["kCGWindowNumber"]), title, rect,
                                    not bool(w.get("kCGWindowIsOnscreen"))))
        return found

    def find(self, title: str) -> list[WindowInfo]:
        return [w for w in self._all() if title_matches(title, w.title)]

    def windows(self) -> list[WindowInfo]:
        return [w for w in self._all() if w.title.strip()]

    def info(self, handle: int) -> WindowInfo | None:
        return next((w for w in self._all() if w.handle == handle), None)


def window_finder(display: str | None = None) -> WindowFinder:
    """The window finder for this platform."""
    if sys.platform.startswith("win"):
        return WindowsWindowFinder()
    if sys.platform == "darwin":
        return MacWindowFinder()
    return X11WindowFinder(display)


# -- capturing --------------------------------------------------------------------------------


class ScreenCapture:
    """Grabs frames from one source with one reused mss instance.

    ``display`` names the X11 display (``':1'``) when it is not ``$DISPLAY``. A window source
    is looked up on every grab (it is cheap: see the module docstring), so the capture follows
    the window when it moves or is resized and finds it again when it reopens.
    """

    def __init__(self, source: Source, *, display: str | None = None,
                 finder: WindowFinder | None = None, own_pixels: bool = True):
        import mss
        import mss.exception

        self.source = source
        self.own_pixels = own_pixels  # a window source reads the window itself where it can
        self._ScreenShotError = mss.exception.ScreenShotError
        factory = getattr(mss, "MSS", None) or mss.mss  # mss 10 renamed its factory
        try:
            self._sct = factory(display=display) if display is not None else factory()
            self.monitors = [Rect(m["left"], m["top"], m["width"], m["height"])
                             for m in self._sct.monitors]
        except self._ScreenShotError as error:
            raise CaptureUnavailable(f"cannot capture the screen ({error})") from None
        self.screen = self.monitors[0]  # the whole virtual screen
        self._finder = finder
        self._window: WindowInfo | None = None  # the window followed, once found
        try:
            self._check_source(source, display)
        except BaseException:
            self.close()
            raise

    def _check_source(self, source: Source, display: str | None) -> None:
        if isinstance(source, MonitorSource) and not 0 <= source.index < len(self.monitors):
            listing = ", ".join(f"{i}: {r}" for i, r in enumerate(self.monitors))
            raise CaptureInputError(
                f"--monitor {source.index}: no such monitor (monitors: {listing}; 0 is all)"
            )
        if isinstance(source, RegionSource) and not self.screen.contains(source.rect):
            raise CaptureInputError(
                f"region {source.rect} is not inside the screen ({self.screen}; "
                "negative X or Y reach monitors left of or above the primary one)"
            )
        if isinstance(source, WindowSource) and self._finder is None:
            self._finder = window_finder(display)

    def __enter__(self) -> "ScreenCapture":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        self._sct.close()
        close = getattr(self._finder, "close", None)
        if close is not None:
            close()

    @property
    def window(self) -> WindowInfo | None:
        """The window being followed (its last known state), for a window source."""
        return self._window

    def target(self) -> Rect | Missing:
        """Where the next grab will read, or why it cannot."""
        source = self.source
        if isinstance(source, MonitorSource):
            return self.monitors[source.index]
        if isinstance(source, RegionSource):
            return source.rect
        info = self._locate_window(source.title)
        if isinstance(info, Missing):
            return info
        if info.minimised:
            return Missing(MissingReason.MINIMISED,
                           f"window '{info.title}' is minimised or hidden; waiting for it")
        visible = info.rect.intersection(self.screen)
        if visible is None:
            return Missing(MissingReason.OFFSCREEN,
                           f"window '{info.title}' is outside every monitor ({info.rect})")
        return visible

    def grab(self) -> Frame | Missing:
        """One frame, or the reason there is none now. Never raises for a passing failure."""
        rect = self.target()
        if isinstance(rect, Missing):
            return rect
        stamp = time.time()
        own = self._grab_own(stamp)
        if own is not None:
            return own
        try:
            shot = self._sct.grab(rect.as_mss())
        except self._ScreenShotError as error:
            return Missing(MissingReason.CAPTURE_FAILED, f"screen capture failed ({error})")
        pixels = np.frombuffer(shot.bgra, dtype=np.uint8).reshape(shot.height, shot.width, 4)
        pixels = np.ascontiguousarray(pixels[..., :3])
        pixels.setflags(write=False)
        return Frame(pixels, Rect(shot.left, shot.top, shot.width, shot.height), stamp)

    def _grab_own(self, stamp: float) -> Frame | None:
        """The followed window's own pixels, where the platform gives them (X11)."""
        grab = getattr(self._finder, "grab", None)
        if not self.own_pixels or grab is None or self._window is None:
            return None
        info = self._window
        try:
            pixels = grab(info.handle, info.rect.width, info.rect.height)
        except Exception:  # a display hiccup: fall back to reading the screen
            return None
        if pixels is None:
            return None
        pixels.setflags(write=False)
        return Frame(pixels, info.rect, stamp)

    def _locate_window(self, title: str) -> WindowInfo | Missing:
        assert self._finder is not None
        try:
            if self._window is not None:
                info = self._finder.info(self._window.handle)
                if info is not None and info.minimised and info.title \
                        and not title_matches(title, info.title):
                    # Not the game any more: X hands a closed window's id to the next
                    # client's windows (a hidden one titled by its program, 'window.py'),
                    # which was then followed as "minimised". Look for the game by title.
                    info = None
                if info is not None:
                    if not info.title:  # a window being made or closed has no title for a
                        # moment: the player knows it by the title it had
                        info = replace(info, title=self._window.title)
                    self._window = info
                    return info
            found = self._finder.find(title)
            chosen = choose_window(title, found)
            if isinstance(chosen, Missing) and chosen.reason is MissingReason.NOT_FOUND \
                    and self._window is None:
                listing = getattr(self._finder, "windows", None)  # name the windows there are
                chosen = choose_window(title, found + [w for w in (listing() if listing else ())
                                                       if not title_matches(title, w.title)])
        except Exception as error:  # a display hiccup must not end the loop
            return Missing(MissingReason.CAPTURE_FAILED, f"window lookup failed ({error})")
        if isinstance(chosen, Missing):
            if self._window is not None and chosen.reason is MissingReason.NOT_FOUND:
                return Missing(MissingReason.CLOSED, f"window '{self._window.title}' was "
                               "closed; waiting for it to reopen")
            return chosen
        self._window = chosen
        return chosen
