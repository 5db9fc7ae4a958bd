"""The live overlay: a transparent, click-through, always-on-top, frameless Qt window.

It covers a screen rectangle (the captured game) and shows the advice layer drawn by
:func:`overlay.paint.render_layer` plus a status line (game, taps left, read confidence,
the advice, warnings), wrapped to the window's width and put beside the board, below it when
there is room (:mod:`overlay.status`), so it never covers the game's own counter above the
board and never cuts the advice short, even on a 360-pixel-wide phone mirror. Mouse clicks
and keys go through it to the game (``Qt.WindowTransparentForInput``); it never takes the
focus and has no task-bar entry.

PySide6 is imported only when a window is made, so the rest of gridsight (solving, analysing
screenshots, replaying logs) works on machines without a display or without Qt.

Transparency needs a compositor. On X11 without one (a bare window manager, or none),
a translucent window shows black where it should be clear and would hide the game:
:func:`check_compositor` looks for the owner of the ``_NET_WM_CM_S<screen>`` selection (the
EWMH rule every compositor follows: picom, xcompmgr, KWin, Mutter, xfwm4's compositor) and says
so when there is none. Windows (DWM) and macOS always composite. Pure Wayland lets no program
place a window over another's or read the screen: run the game and gridsight under XWayland
(``QT_QPA_PLATFORM=xcb``) or an X11 session.

Pixels: the layer and every rectangle here are physical pixels, like the capture; the window is
placed in Qt's logical pixels (physical / device pixel ratio of its screen) and draws the layer
at full resolution, so advice lines up with the game on high-DPI screens.

The overlay must not feed back into the reader: on X11 the capture of a window source reads
the game window's own pixels, which a compositor keeps free of the overlay
(:mod:`vision.capture`); on Windows 10 (2004) and later the overlay excludes itself from screen
capture. gridsight also knows what it drew and where (:attr:`OverlayWindow.layer`,
:attr:`OverlayWindow.rect`) for any other case.
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from typing import Any

import numpy as np

from overlay.paint import render_layer
from overlay.status import PAD, Box, place_status
from solvers.advice import Advice
from vision.geometry import BoardGeometry

WINDOW_TITLE = "gridsight overlay"
STATUS_PIXEL_SIZES = (14, 12, 11)  # the status font, tried in turn until it fits beside the board


@dataclass(frozen=True)
class CompositorCheck:
    """Whether translucent windows will look right: ``available`` is ``None`` when unknown."""

    available: bool | None
    message: str


def check_compositor(display: str | None = None) -> CompositorCheck:
    """Is a compositing manager running (so the overlay's clear parts are really clear)?"""
    if sys.platform.startswith("win"):
        return CompositorCheck(True, "Windows always composites (DWM)")
    if sys.platform == "darwin":
        return CompositorCheck(True, "macOS always composites")
    name = display if display is not None else os.environ.get("DISPLAY")
    if not name:
        if os.environ.get("WAYLAND_DISPLAY"):
            return CompositorCheck(
                None,
                "Wayland without X11: the overlay cannot be placed over the game here; run both "
                "under XWayland (QT_QPA_PLATFORM=xcb) or log into an X11 session",
            )
        return CompositorCheck(None, "no display ($DISPLAY is not set)")
    try:
        from Xlib import X, display as xdisplay
    except ImportError:
        return CompositorCheck(None, "cannot check for a compositor without python-xlib")
    try:
        d = xdisplay.Display(name)
    except Exception as error:  # Xlib raises several unrelated types here
        return CompositorCheck(None, f"cannot open display {name} ({error})")
    try:
        atom = d.intern_atom(f"_NET_WM_CM_S{d.get_default_screen()}")
        owner = d.get_selection_owner(atom)
    finally:
        d.close()
    if owner != X.NONE:
        return CompositorCheck(True, "a compositor is running")
    return CompositorCheck(
        False,
        "no compositor is running on this X display: the overlay's clear parts would show "
        "black over the game. Start one (picom, xcompmgr, or your desktop's compositing) and "
        "restart gridsight, or use the panel window alone",
    )


def ensure_app(argv: list[str] | None = None) -> Any:
    """The process's QApplication, created on first use."""
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance()
    if app is None:
        app = QApplication(argv or [sys.argv[0] if sys.argv else "gridsight"])
    return app


def layer_to_qimage(layer: np.ndarray) -> Any:
    """A premultiplied BGRA layer as a QImage that shares nothing with the array."""
    from PySide6.QtGui import QImage

    if layer.ndim != 3 or layer.shape[2] != 4 or layer.dtype != np.uint8:
        raise ValueError(f"a layer is H x W x 4 uint8, got {layer.shape} {layer.dtype}")
    data = np.ascontiguousarray(layer)
    h, w = data.shape[:2]
    # Format_ARGB32_Premultiplied is B, G, R, A in memory on little-endian machines: our layer.
    image = QImage(data.data, w, h, 4 * w, QImage.Format.Format_ARGB32_Premultiplied)
    return image.copy()  # own the pixels: the numpy buffer may go away


def qimage_to_array(image: Any) -> np.ndarray:
    """A QImage as a premultiplied BGRA numpy array (for tests and screenshots)."""
    from PySide6.QtGui import QImage

    image = image.convertToFormat(QImage.Format.Format_ARGB32_Premultiplied)
    w, h = image.width(), image.height()
    buffer = np.frombuffer(image.constBits(), dtype=np.uint8, count=image.sizeInBytes())
    return buffer.reshape(h, image.bytesPerLine())[:, : 4 * w].reshape(h, w, 4).copy()


class OverlayWindow:
    """The overlay over screen rectangle ``rect`` = ``(left, top, width, height)``, physical px.

    :meth:`update` takes the board geometry in the rectangle's own pixel coordinates (as found
    in a frame captured from that rectangle), the advice, and the status line.
    """

    def __init__(self, rect: tuple[int, int, int, int], *, status_height: int = 0):
        ensure_app()
        self._widget = _make_widget()
        self.rect = tuple(int(v) for v in rect)
        self.layer = np.zeros((max(1, self.rect[3]), max(1, self.rect[2]), 4), np.uint8)
        self.status = ""
        self.warnings: tuple[str, ...] = ()
        self.board_box: tuple[float, float, float, float] | None = None
        self._widget.owner = self
        self.move_to(self.rect)

    # -- what the loop calls ------------------------------------------------------------------

    def update(self, geometry: BoardGeometry | None, advice: Advice | None, status: str = "") -> None:
        """Redraw: the advice through ``geometry`` (or nothing), and the one-line ``status``."""
        width, height = self.rect[2], self.rect[3]
        if geometry is None or advice is None:
            self.layer = np.zeros((height, width, 4), np.uint8)
            self.warnings = ()
        else:
            self.layer = render_layer((width, height), geometry, advice)
            self.warnings = advice.warnings
        if geometry is None:
            self.board_box = None
        else:
            corners = geometry.outline()
            x0, y0 = corners.min(axis=0)
            x1, y1 = corners.max(axis=0)
            self.board_box = (float(x0), float(y0), float(x1 - x0), float(y1 - y0))
        self.status = status
        self._widget.set_image(layer_to_qimage(self.layer))

    def move_to(self, rect: tuple[int, int, int, int]) -> None:
        """Follow the game's window to a new screen rectangle (physical pixels)."""
        from PySide6.QtCore import QPoint, QRect
        from PySide6.QtGui import QGuiApplication

        left, top, width, height = (int(v) for v in rect)
        if (width, height) != (self.rect[2], self.rect[3]):
            self.layer = np.zeros((max(1, height), max(1, width), 4), np.uint8)
            self._widget.set_image(layer_to_qimage(self.layer))
        self.rect = (left, top, width, height)
        screen = QGuiApplication.screenAt(QPoint(left, top)) or QGuiApplication.primaryScreen()
        ratio = screen.devicePixelRatio() if screen is not None else 1.0
        self._widget.setGeometry(QRect(round(left / ratio), round(top / ratio),
                                       max(1, round(width / ratio)), max(1, round(height / ratio))))

    def show(self) -> None:
        self._widget.show()
        if sys.platform.startswith("win"):  # pragma: no cover - Windows only
            _exclude_from_capture(int(self._widget.winId()))

    def hide(self) -> None:
        self._widget.hide()

    def close(self) -> None:
        self._widget.close()

    @property
    def widget(self) -> Any:
        """The underlying QWidget (tests grab it; the application may raise it)."""
        return self._widget

    def status_text(self) -> str:
        """The status line as shown: the status, then the warnings."""
        parts = [self.status] + [f"warning: {w}" for w in self.warnings]
        return "  |  ".join(p for p in parts if p)

    def status_layout(self, ratio: float = 1.0) -> tuple[Box, int] | None:
        """Where the status line is drawn and its font's pixel size, in the widget's logical
        pixels (physical / ``ratio``); ``None`` without a status. The largest font of
        :data:`STATUS_PIXEL_SIZES` whose wrapped text fits beside the board is taken."""
        text = self.status_text()
        if not text:
            return None
        width = max(1, round(self.rect[2] / ratio))
        height = max(1, round(self.rect[3] / ratio))
        board = None if self.board_box is None else tuple(v / ratio for v in self.board_box)
        box, size = None, STATUS_PIXEL_SIZES[-1]
        for size in STATUS_PIXEL_SIZES:
            box = place_status((width, height), board,
                               lambda w, size=size: _wrapped_height(text, size, w))
            if board is None or not box.overlaps(Box(*(int(v) for v in board))):
                break
        # As wide as the wrapped text needs, from the left edge: no wider band than that.
        used = _wrapped_width(text, size, box.w - 2 * PAD) + 2 * PAD
        return box._replace(w=min(box.w, used)), size


def _status_font(pixel_size: int) -> Any:
    from PySide6.QtGui import QFont

    font = QFont()
    font.setPixelSize(pixel_size)
    font.setBold(True)
    return font


def _wrapped_height(text: str, pixel_size: int, width: int) -> int:
    """The height of ``text`` wrapped at word boundaries to ``width`` pixels."""
    from PySide6.QtCore import QRect, Qt
    from PySide6.QtGui import QFontMetrics

    metrics = QFontMetrics(_status_font(pixel_size))
    flags = int(Qt.TextFlag.TextWordWrap)
    return metrics.boundingRect(QRect(0, 0, max(1, width), 100_000), flags, text).height()


def _wrapped_width(text: str, pixel_size: int, width: int) -> int:
    """The width of the widest line of ``text`` wrapped to ``width`` pixels."""
    from PySide6.QtCore import QRect, Qt
    from PySide6.QtGui import QFontMetrics

    metrics = QFontMetrics(_status_font(pixel_size))
    flags = int(Qt.TextFlag.TextWordWrap)
    return metrics.boundingRect(QRect(0, 0, max(1, width), 100_000), flags, text).width()


def _exclude_from_capture(hwnd: int) -> bool:  # pragma: no cover - Windows only
    """Windows 10 2004+: keep the overlay out of screen captures, so gridsight never reads it."""
    try:
        import ctypes

        WDA_EXCLUDEFROMCAPTURE = 0x11
        return bool(ctypes.windll.user32.SetWindowDisplayAffinity(hwnd, WDA_EXCLUDEFROMCAPTURE))
    except (AttributeError, OSError):
        return False


_WIDGET_CLASS: Any = None


def _make_widget() -> Any:
    """Build the QWidget subclass on first use (PySide6 is imported lazily)."""
    global _WIDGET_CLASS
    if _WIDGET_CLASS is None:
        from PySide6.QtCore import QRect, Qt
        from PySide6.QtGui import QColor, QImage, QPainter
        from PySide6.QtWidgets import QWidget

        class _OverlayWidget(QWidget):
            def __init__(self) -> None:
                super().__init__(None)
                self.owner: OverlayWindow | None = None
                self._image = QImage()
                self.setWindowTitle(WINDOW_TITLE)
                self.setWindowFlags(
                    Qt.WindowType.FramelessWindowHint
                    | Qt.WindowType.WindowStaysOnTopHint
                    | Qt.WindowType.WindowTransparentForInput
                    | Qt.WindowType.WindowDoesNotAcceptFocus
                    | Qt.WindowType.Tool
                )
                self.setAttribute(Qt.WidgetAttribute.WA_TranslucentBackground, True)
                self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents, True)
                self.setAttribute(Qt.WidgetAttribute.WA_ShowWithoutActivating, True)
                self.setAttribute(Qt.WidgetAttribute.WA_NoSystemBackground, True)
                self.setFocusPolicy(Qt.FocusPolicy.NoFocus)

            def set_image(self, image: QImage) -> None:
                self._image = image
                self.update()

            def paintEvent(self, event: Any) -> None:  # noqa: N802 - Qt's name
                painter = QPainter(self)
                painter.setCompositionMode(QPainter.CompositionMode.CompositionMode_Source)
                painter.fillRect(self.rect(), Qt.GlobalColor.transparent)
                painter.setCompositionMode(QPainter.CompositionMode.CompositionMode_SourceOver)
                if not self._image.isNull():
                    image = QImage(self._image)
                    # Physical pixels to this screen's logical ones, at full resolution.
                    image.setDevicePixelRatio(self.devicePixelRatioF())
                    painter.drawImage(0, 0, image)
                layout = self.owner.status_layout(self.devicePixelRatioF()) \
                    if self.owner is not None else None
                if layout is not None:
                    (x, y, w, h), size = layout
                    painter.setFont(_status_font(size))
                    box = QRect(x, y, w, h)
                    painter.fillRect(box, QColor(0, 0, 0, 170))
                    colour = QColor(255, 170, 0) if self.owner.warnings else QColor(255, 255, 255)
                    painter.setPen(colour)
                    flags = (Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
                             | Qt.TextFlag.TextWordWrap)
                    painter.drawText(box.adjusted(PAD, PAD, -PAD, -PAD), int(flags),
                                     self.owner.status_text())
                painter.end()

        _WIDGET_CLASS = _OverlayWidget
    return _WIDGET_CLASS()
