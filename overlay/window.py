"""The live overlay: a transparent, click-through, always-on-top, frameless Qt window, and the
status strip beside the game.

The overlay covers a screen rectangle (the captured game) and shows the advice layer drawn by
:func:`gridsight.overlay.paint.render_layer`; nothing else is drawn over the game. The status line (the
advice in one short line, large, then its *why* and the warnings) is a strip of its own, an
ordinary opaque window just under the game's window (else just over it;
:mod:`gridsight.overlay.placement`), where the game has no controls: never over Disco Zoo's MAP bar
or a tray of pieces, never cut short. Mouse clicks and keys go through both to the game
(``Qt.WindowTransparentForInput``); they never take the focus and have no task-bar entry.

PySide6 is imported only when a window is made, so the rest of gridsight (solving, analysing
screenshots, replaying logs) works on machines without a display or without Qt.

Transparency needs a compositor. On X11 without one (a bare window manager, or none),
a translucent window shows black where it should be clear and would hide the game:
:func:`check_compositor` looks for the owner of the ``_NET_WM_CM_S<screen>`` selection (the
EWMH rule every compositor follows: picom, xcompmgr, KWin, Mutter, xfwm4's compositor) and says
so when there is none; the overlay then degrades to what works there (``draw_over=False``):
the strip and the panel beside the game, nothing over it, so a capture of the game never sees
gridsight's own windows. Windows (DWM) and macOS always composite. Pure Wayland lets no program
place a window over another's or read the screen: run the game and gridsight under XWayland
(``QT_QPA_PLATFORM=xcb``) or an X11 session.

Pixels: the layer and every rectangle here are physical pixels, like the capture; the window is
placed in Qt's logical pixels (physical / device pixel ratio of its screen) and draws the layer
at full resolution, so advice lines up with the game on high-DPI screens.

The overlay must not feed back into the reader: on X11 the capture of a window source reads
the game window's own pixels, which a compositor keeps free of the overlay
(:mod:`gridsight.vision.capture`); on Windows 10 (2004) and later the overlay excludes itself from screen
capture. gridsight also knows what it drew and where (:attr:`OverlayWindow.layer`,
:attr:`OverlayWindow.rect`) for any other case.
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from typing import Any, Callable, Sequence

import numpy as np

from gridsight.overlay.caveat import advice_and_caveat
from gridsight.overlay.legend import cells_unbroken
from gridsight.overlay.paint import render_layer
from gridsight.overlay.placement import (
    MIN_STRIP_WIDTH,
    inside,
    place_strip,
    place_strip_beside,
    strip_off_panel,
)
from gridsight.overlay.status import PAD, Box, place_status
from gridsight.solvers.advice import Advice, Cell, MarkKind
from gridsight.vision.geometry import BoardGeometry

#: The words for the board's cells off the screen: ``(hidden, advised, rows, cols, origin)``,
#: cells as 0-based ``(row, col)`` (:func:`gridsight.live.unseen.unseen_words`).
UnseenWords = Callable[[set[tuple[int, int]], list[tuple[int, int]], int, int, tuple[int, int]],
                       str]

WINDOW_TITLE = "gridsight overlay"
STRIP_TITLE = "gridsight status"


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

    from gridsight.overlay.none_guard import guard_none

    guard_none()  # before any void call of PySide6 6.12 on Python 3.11 (see none_guard)
    app = QApplication.instance()
    if app is None:
        app = QApplication(argv or [sys.argv[0] if sys.argv else "gridsight"])
    return app


def _box_of(quad: np.ndarray) -> tuple[float, float, float, float]:
    """The upright box ``(x, y, width, height)`` around the points ``quad``."""
    x0, y0 = np.asarray(quad).min(axis=0)
    x1, y1 = np.asarray(quad).max(axis=0)
    return (float(x0), float(y0), float(x1 - x0), float(y1 - y0))


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
    """The overlay over screen rectangle ``rect`` = ``(left, top, width, height)``, physical px,
    and its status strip beside it.

    :meth:`update` takes the board geometry in the rectangle's own pixel coordinates (as found
    in a frame captured from that rectangle), the advice, and the status line (the advice in
    one short line). The advice layer is drawn over the game only when ``draw_over`` (a
    compositor runs: see :func:`check_compositor`); the strip, an ordinary opaque window, is
    shown either way: under the game's window (else over it; else inside it, beside the board:
    :mod:`gridsight.overlay.placement`), with the status line large, the advice's *why* and the warnings
    under it. :meth:`avoid` keeps the layer from drawing over another window (the panel).
    """

    def __init__(self, rect: tuple[int, int, int, int], *, draw_over: bool = True,
                 status_height: int = 0, unseen_words: UnseenWords | None = None):
        ensure_app()
        self._widget = _make_widget()
        self.strip = _make_strip()
        self.draw_over = draw_over
        left, top, width, height = (int(v) for v in rect)
        self.rect: tuple[int, int, int, int] = (left, top, width, height)
        self.layer = np.zeros((max(1, self.rect[3]), max(1, self.rect[2]), 4), np.uint8)
        self.status = ""
        self.why = ""
        self.warnings: tuple[str, ...] = ()
        self.board_box: tuple[float, float, float, float] | None = None
        self.advised_boxes: tuple[tuple[float, float, float, float], ...] = ()
        # The game's own screen in the captured frame (physical pixels of the frame), when the
        # board was found in a window of a larger capture: a phone mirrored on a desktop.
        self.screen_in_frame: tuple[int, int, int, int] | None = None
        self.strip_box: Box | None = None  # where the strip is, in logical screen pixels
        # Where the strip would be had the panel not covered it there (it was moved off the
        # panel: :meth:`_place_strip`), else ``None``: the panel is placed against this one.
        self.strip_moved_from: Box | None = None
        # The board's cells off every screen (a window dragged partly past the screen's
        # edge), said on the strip in the words ``unseen_words`` gives (the live driver's:
        # gridsight.live.unseen; none: not said).
        self.unseen_words = unseen_words
        self.unseen = ""
        self._drawn: tuple[BoardGeometry | None, Advice | None] = (None, None)
        # the game's own colours of its pieces (by label, BGR), drawn so (the live driver)
        self.piece_colours: dict[str, tuple[int, int, int]] = {}
        # what the panel asks about on the screen (logical pixels): a strip moved off the
        # panel keeps off it first (the live driver)
        self.keep_clear: tuple[Box, ...] = ()
        # the playable rows and columns of the last advice: first row, column, last row, column
        self._playable: tuple[int, int, int, int] | None = None
        self.avoiding: Box | None = None
        # Whether the live panel, folded off the board, says the strip's lines (the advice,
        # its why, the warnings): the strip is then left off where it could only lie over the
        # game (see :meth:`said_in_panel`).
        self.panel_says = False
        # Whether the live panel lies in the strip's own place against the game's window (it
        # went past the strip, the two saying the advice one over the other): the strip is
        # then left off wherever it would go (see :meth:`said_in_panel`).
        self.panel_instead = False
        self._shown = False
        self._widget.owner = self
        self.strip.owner = self
        self.move_to(self.rect)

    # -- what the loop calls ------------------------------------------------------------------

    def update(self, geometry: BoardGeometry | None, advice: Advice | None, status: str = "",
               *, why: str | None = None, warnings: tuple[str, ...] | None = None,
               screen: tuple[int, int, int, int] | None = None) -> None:
        """Redraw: the advice through ``geometry`` (or nothing), the status line ``status``,
        the advice's why and warnings (``why`` and ``warnings`` replace the advice's own);
        ``screen`` is the game's window inside the capture (frame pixels), when the capture
        is larger than the game (a whole desktop): the strip goes beside it, off the game."""
        width, height = self.rect[2], self.rect[3]
        if geometry is None or advice is None:
            self.layer = np.zeros((height, width, 4), np.uint8)
        else:
            self.layer = render_layer((width, height), geometry, advice, self.piece_colours)
        self.warnings = tuple(warnings) if warnings is not None else (
            advice.warnings if advice is not None and geometry is not None else ())
        self.why = why if why is not None else (advice.why if advice is not None else "")
        # The cells the advice outlines, as boxes in the frame's pixels: a panel that must
        # lie over the board keeps off them (the live driver's placing).
        # (with the other move as good, a tile path's or a mirror image's; of several as
        # good, counted in the line, the advised one alone: a fresh pit's three other corners
        # kept the panel lifted onto a small window off every corner, over the wallet)
        also = tuple(Cell(m.row, m.col) for m in advice.marks if m.kind is MarkKind.ALSO) \
            if advice is not None else ()
        self.advised_boxes = () if geometry is None or advice is None else tuple(
            _box_of(geometry.cell_quad(c.row, c.col))
            for c in advice.recommend + (also if len(also) == 1 else ()))
        if advice is not None:
            # The board's playable rows and columns (a pentomino level's shape, its frame's
            # empty rows left out), kept while the next advice is worked out
            last = advice.last
            self._playable = None if last is None else (
                advice.origin.row, advice.origin.col, last.row, last.col)
        if geometry is None:
            self.board_box = None
        else:
            corners = geometry.outline()
            span = self._playable
            if span is not None and 0 <= span[0] <= span[2] < geometry.rows \
                    and 0 <= span[1] <= span[3] < geometry.cols:
                # The board's box is its playable cells' (a panel over a pentomino level's
                # empty frame rows alone said it lay "over part of the board")
                r0, c0, r1, c1 = span
                corners = geometry.board_to_image(
                    [(c0, r0), (c1 + 1, r0), (c1 + 1, r1 + 1), (c0, r1 + 1)])
            x0, y0 = corners.min(axis=0)
            x1, y1 = corners.max(axis=0)
            self.board_box = (float(x0), float(y0), float(x1 - x0), float(y1 - y0))
        self.status = status
        self._drawn = (geometry, advice)
        self.screen_in_frame = None if geometry is None else screen
        self._widget.set_image(layer_to_qimage(self.layer))
        self._place_strip()

    def move_to(self, rect: tuple[int, int, int, int]) -> None:
        """Follow the game's window to a new screen rectangle (physical pixels)."""
        from PySide6.QtCore import QRect

        left, top, width, height = (int(v) for v in rect)
        if (width, height) != (self.rect[2], self.rect[3]):
            self.layer = np.zeros((max(1, height), max(1, width), 4), np.uint8)
            self._widget.set_image(layer_to_qimage(self.layer))
        self.rect = (left, top, width, height)
        box = self.window_box()
        self._widget.setGeometry(QRect(box.x, box.y, box.w, box.h))
        self.avoid(self.avoiding)
        self._place_strip()

    def show(self, layer: bool = True) -> None:
        """Show the strip, and the advice drawn over the game unless ``layer`` is false (the
        game's window is gone: the strip alone stays by its last place, saying so)."""
        self._shown = True
        if not layer:
            self._widget.hide()
        elif self.draw_over:
            self._widget.show()
            if sys.platform.startswith("win"):  # pragma: no cover - Windows only
                _exclude_from_capture(int(self._widget.winId()))
        self._show_strip()

    def hide(self) -> None:
        self._shown = False
        self._widget.hide()
        self.strip.hide()

    def close(self) -> None:
        self._widget.close()
        self.strip.close()

    @property
    def widget(self) -> Any:
        """The underlying QWidget of the advice layer (tests grab it)."""
        return self._widget

    # -- placement ----------------------------------------------------------------------------

    def ratio(self) -> float:
        """The device pixel ratio of the screen the game is on (physical / logical pixels)."""
        screen = self._screen()
        return screen.devicePixelRatio() if screen is not None else 1.0

    def _screen(self) -> Any:
        from PySide6.QtCore import QPoint
        from PySide6.QtGui import QGuiApplication

        left, top = self.rect[0], self.rect[1]
        return QGuiApplication.screenAt(QPoint(left, top)) or QGuiApplication.primaryScreen()

    def screen_box(self) -> Box:
        """The game's screen (its part free of panels and docks), logical pixels."""
        screen = self._screen()
        if screen is None:
            return Box(0, 0, 1 << 15, 1 << 15)
        g = screen.availableGeometry()
        return Box(g.x(), g.y(), g.width(), g.height())

    def window_box(self) -> Box:
        """The game's rectangle in logical pixels (what the layer covers)."""
        ratio = self.ratio()
        left, top, width, height = self.rect
        return Box(round(left / ratio), round(top / ratio),
                   max(1, round(width / ratio)), max(1, round(height / ratio)))

    def game_screen_box(self) -> Box | None:
        """The game's own screen in logical screen pixels when it is a window inside the
        capture (:attr:`screen_in_frame`), else ``None``."""
        return None if self.screen_in_frame is None else self.on_screen(self.screen_in_frame)

    def on_screen(self, box: tuple[float, float, float, float]) -> Box:
        """A box ``(x, y, width, height)`` in the captured frame's pixels as a box on the
        screen, in the logical pixels windows are placed in."""
        ratio = self.ratio()
        x, y, width, height = box
        return Box(round((self.rect[0] + x) / ratio), round((self.rect[1] + y) / ratio),
                   max(1, round(width / ratio)), max(1, round(height / ratio)))

    def avoid(self, box: Box | None) -> None:
        """Keep the advice layer off ``box`` (the panel, logical screen pixels; ``None``: off
        nothing): the part of the layer under it is cut out of the window."""
        from PySide6.QtGui import QRegion

        self.avoiding = box
        game = self.window_box()
        if box is None or not box.overlaps(game):
            self._widget.clearMask()
        else:
            whole = QRegion(0, 0, game.w, game.h)
            self._widget.setMask(whole.subtracted(QRegion(box.x - game.x, box.y - game.y,
                                                          box.w, box.h)))
        strip = self.strip_box
        if self.strip_moved_from is not None or (
                box is not None and strip is not None and box.overlaps(strip)):
            self._place_strip()  # off the panel, when it had to go over the strip's place

    def keep_off(self, boxes: Sequence[Box]) -> None:
        """Keep the strip off ``boxes`` (what the player reads beside the board, what the
        panel asks about: logical pixels), placed again when it lies over one of them."""
        if tuple(boxes) != self.keep_clear:
            self.keep_clear = tuple(boxes)
            strip = self.strip_box
            if strip is not None and any(strip.overlaps(box) for box in boxes):
                self._place_strip()

    def said_in_panel(self, on: bool, instead: bool = False) -> None:
        """The live panel, folded off the board (a phone's screen), says the strip's lines
        (``on``) or no longer does: the strip is placed again (see :meth:`_place_strip`).
        ``instead``: the panel lies in the strip's own place against the game's window (see
        :func:`~gridsight.overlay.placement.in_strips_place`): one advice line, the panel's;
        the strip is left off (but for cells off the screen, which the panel does not say)."""
        on = on or instead
        if (on, instead) != (self.panel_says, self.panel_instead):
            self.panel_says, self.panel_instead = on, instead
            self._place_strip()

    def strip_home(self) -> Box | None:
        """Where the strip goes with nothing in its way: just under (else over) the game's
        window; ``None`` without lines or without room there (see :meth:`_place_strip`)."""
        lines = self.status_lines()
        if not lines:
            return None
        game, screen = self.window_box(), self.screen_box()
        return place_strip(game, screen, lambda width: _strip_height(lines, width),
                           _unwrapped_width(lines, max(game.w, MIN_STRIP_WIDTH)))

    def _place_strip(self) -> None:
        """Put the strip under (else over) the game's window; with no room there (a capture
        of a whole desktop) under or over the game's own window inside the capture; else
        beside the window (one taller than the screen); else inside it beside the board
        (:mod:`gridsight.overlay.placement`). While the folded panel says its lines
        (:attr:`panel_says`), the strip is left off wherever it would go: a phone mirror
        filling a 360x640 screen had 143 px between the board and the game's MENU and MAP
        bar, the folded panel took them and the strip, saying its advice again, went over
        the bar; off the game (at the screen's top) it still said the advice twice."""
        from PySide6.QtCore import QRect

        self.unseen = self._unseen()
        lines = self.status_lines()
        # The folded panel says the strip's lines (the advice, its why, the warnings), and so
        # does the panel in the strip's own place: one of them is enough (on a 360x640 phone
        # the strip at the screen's top said "Step up or right - ..." and the folded panel
        # under the board said it again), but for cells off the screen, which the panel does
        # not say.
        if not lines or (self.panel_says or self.panel_instead) and not self.unseen:
            self._leave_strip_off()
            return
        game, screen = self.window_box(), self.screen_box()
        # As wide as the game, or as its advice line when that is wider: the line the eye
        # finds first is not wrapped (a 360 px tile-path window's "Step up - it keeps a full
        # walk possible" went onto two lines under it).
        box = place_strip(game, screen, lambda width: _strip_height(lines, width),
                          _unwrapped_width(lines, max(game.w, MIN_STRIP_WIDTH)))
        inner_screen = self.game_screen_box()
        if box is None and inner_screen is not None:  # a phone's window on a captured desktop
            box = place_strip(inner_screen, game, lambda width: _strip_height(lines, width),
                              max(MIN_STRIP_WIDTH, _one_line_width(lines)))
        if box is None:  # a window taller than the screen: beside it, off the game
            box = place_strip_beside(game, screen, lambda width: _strip_height(lines, width))
        if box is None:  # no room outside the window: beside the board, inside it
            box = self._by_board(lines, game)
            if any(box.overlaps(k) for k in self.keep_clear):
                # Over what the player reads or plays with beside the board (a phone's
                # pentomino strip covered the tray of pieces): its head alone (the advice
                # line, its caveat; the rest is in the panel) under or over the window when
                # there is room for it there.
                heads = ([line for line in lines if line[0] in ("advice", "caveat")],
                         lines[:1])
                for head in heads:
                    outside = place_strip(game, screen, lambda width: _strip_height(head, width),
                                          _unwrapped_width(head, max(game.w, MIN_STRIP_WIDTH)))
                    if head and outside is not None:
                        box = outside
                        break
        self.strip_moved_from = None
        panel = self.avoiding
        if panel is not None and box.overlaps(panel):
            narrowed = self._beside_panel(lines, box, panel, screen)
            if narrowed is not None:
                self.strip_moved_from, box = box, narrowed
                panel = None  # off it now, where it was
        if panel is not None and box.overlaps(panel):
            # The panel lies over the strip's place (no place of it kept off the strip: a
            # phone-sized screen): the strip goes clear of the panel, its advice line seen.
            board = None if self.board_box is None else self.on_screen(self.board_box)
            moved = strip_off_panel(box, panel, screen, board, self.keep_clear)
            # No place off the panel holds the whole strip (a 601 px panel of a rescue's
            # lists on a 640 px screen): its head alone, the advice line first, its caveat
            # with it when there is room; the lines under them (the why, the warnings, all
            # said in the panel too) are left off.
            heads = ([line for line in lines if line[0] in ("advice", "caveat")], lines[:1])
            # Moved over the board, the strip is its head alone too: the panel beside it says
            # the rest (a phone's Disco Zoo strip said the why twice, over the board's third
            # row, the panel under it saying it again).
            whole = moved
            # (or over what the panel asks about: the whole strip over the cards where its
            # head alone fitted between them and the board)
            over = moved is not None and (board is not None and moved.overlaps(board) or any(
                moved.overlaps(k) for k in self.keep_clear))
            for head in heads if moved is None or over else ():
                short = Box(box.x, box.y, box.w, _strip_height(head, box.w))
                moved = strip_off_panel(short, panel, screen, board, self.keep_clear) \
                    if head else None
                if moved is not None:
                    break
            moved = moved or whole
            if moved is None and not box.overlaps(game):
                # Beside a window taller than the screen, the panel over its place and
                # nothing above or under it (a 576 px pentomino panel on an 800x600 screen):
                # by the board inside the window, as with no room beside it, off the panel.
                inner = self._by_board(lines, game)
                moved = None if inner.overlaps(panel) else inner
            if moved is not None:
                self.strip_moved_from, box = box, moved
        self.strip_box = box
        self.strip.setGeometry(QRect(box.x, box.y, box.w, box.h))
        self.strip.update()
        self._show_strip()

    def _leave_strip_off(self) -> None:
        self.strip_box = self.strip_moved_from = None
        self.strip.hide()

    def core(self) -> Box | None:
        """The part of the strip it keeps when narrowed beside the panel (:meth:`_place_strip`):
        its start, as wide as its advice line on one line (at least
        :data:`~gridsight.overlay.placement.MIN_STRIP_WIDTH`); ``None`` without a strip."""
        box = self.strip_moved_from or self.strip_box
        if box is None:
            return None
        width = max(MIN_STRIP_WIDTH, _one_line_width(self.status_lines()))
        return Box(box.x, box.y, min(box.w, width), box.h)

    def _beside_panel(self, lines: list[tuple[str, str]], box: Box, panel: Box,
                      screen: Box) -> Box | None:
        """The strip's box ``box`` narrowed to end before ``panel`` (over its right part: a
        panel lifted onto a Thrill Digger window's corner, off the wallet), its lines wrapped
        to that width, when its advice line still holds on one line; ``None`` otherwise."""
        from gridsight.overlay.placement import GAP

        width = panel.x - GAP - box.x
        # (its advice line on one line, made smaller as the strip draws it: a pit's "Dig row
        # 1, column 1 - 20% a bomb (one of 4 equally good)" needed 560 px at 17 px, 528 free)
        if panel.x <= box.x or width < MIN_STRIP_WIDTH or not _holds_one_line(lines, width):
            return None
        narrowed = Box(box.x, box.y, width, _strip_height(lines, width))
        return narrowed if inside(narrowed, screen) and not narrowed.overlaps(panel) else None

    def _by_board(self, lines: list[tuple[str, str]], game: Box) -> Box:
        """The strip's box inside the game's window ``game``, beside the board where it covers
        least (no room outside the window)."""
        ratio = self.ratio()
        board = None if self.board_box is None else (
            self.board_box[0] / ratio, self.board_box[1] / ratio,
            self.board_box[2] / ratio, self.board_box[3] / ratio)
        inner = place_status((game.w, game.h), board,
                             lambda width: _strip_height(lines, width + 2 * PAD) - 2 * PAD,
                             max(MIN_STRIP_WIDTH, _one_line_width(lines)))
        return Box(game.x + inner.x, game.y + inner.y, inner.w, inner.h)

    def screen_boxes(self) -> list[Box]:
        """Every screen's box (logical pixels): a cell on none of them is not seen."""
        from PySide6.QtGui import QGuiApplication

        boxes = [Box(g.x(), g.y(), g.width(), g.height())
                 for g in (screen.geometry() for screen in QGuiApplication.screens())]
        return boxes or [self.screen_box()]

    def _unseen(self) -> str:
        """The words for the board's cells whose centres lie on no screen (``""``: none):
        the window dragged partly past the screen's edge, captured whole all the same. Only
        cells inside the captured window count (a room's cells out of the view are not on
        the game's screen at all)."""
        geometry, advice = self._drawn
        if geometry is None or advice is None or self.unseen_words is None:
            return ""
        screens = self.screen_boxes()
        width, height = self.rect[2], self.rect[3]
        cells = [(row, col) for row in range(geometry.rows) for col in range(geometry.cols)]
        centres = geometry.board_to_image([(col + 0.5, row + 0.5) for row, col in cells])
        hidden = set()
        for cell, (x, y) in zip(cells, centres):
            if 0 <= x < width and 0 <= y < height and not any(
                    inside(self.on_screen((float(x), float(y), 1, 1)), screen)
                    for screen in screens):
                hidden.add(cell)
        origin = (advice.origin.row, advice.origin.col)
        return self.unseen_words(hidden, [(c.row, c.col) for c in advice.recommend],
                                 geometry.rows, geometry.cols, origin) if hidden else ""

    def _show_strip(self) -> None:
        if self._shown and self.strip_box is not None:
            self.strip.show()

    # -- the text -----------------------------------------------------------------------------

    def status_lines(self) -> list[tuple[str, str]]:
        """What the strip shows, each line with its kind (``advice``, ``caveat``: an unsure or
        unread cell the advice depends on, on a line of its own, ``why``, ``warning``)."""
        advice, caveat = advice_and_caveat(self.status)
        lines = [("advice", advice)] if advice else []
        lines += [("caveat", caveat)] if caveat else []
        lines += [("caveat", self.unseen)] if self.unseen else []
        lines += [("why", self.why)] if self.why else []
        return lines + [("warning", f"warning: {w}") for w in self.warnings]

    def head_height(self) -> int:
        """The height of the strip's head alone (its advice line and caveat, else its first
        line) at its width now: what it keeps where no place holds it whole
        (:meth:`_place_strip`); 0 without a strip."""
        lines = self.status_lines()
        head = [line for line in lines if line[0] in ("advice", "caveat")] or lines[:1]
        box = self.strip_box
        return 0 if box is None or not head else _strip_height(head, box.w)

    def status_text(self) -> str:
        """The strip's text as one line: the status, its why, then the warnings."""
        return "  |  ".join(text for _, text in self.status_lines())


#: The strip's fonts: the advice line large and bold, the others smaller.
STRIP_FONTS = {"advice": (17, True), "caveat": (14, True), "why": (13, False),
               "warning": (13, True)}
STRIP_COLOURS = {"advice": (255, 225, 80), "caveat": (255, 170, 0), "why": (235, 235, 235),
                 "warning": (255, 170, 0)}
STRIP_BACKGROUND = (24, 24, 24)
# The advice line is made smaller, down to this, to stay on one line in a strip that cannot be
# widened (beside a window taller than the screen, or as wide as the screen): a 360 px tile
# path strip said "Step up or right - either keeps a full walk possible" on two lines.
MIN_ADVICE_PX = 12


def _strip_font(kind: str) -> Any:
    from PySide6.QtGui import QFont

    size, bold = STRIP_FONTS[kind]
    font = QFont()
    font.setPixelSize(size)
    font.setBold(bold)
    return font


def _fitted_font(kind: str, text: str, width: int) -> Any:
    """The font ``text`` of ``kind`` is drawn in, ``width`` pixels wide: the advice line's
    made smaller (down to :data:`MIN_ADVICE_PX`) to hold it on one line."""
    from PySide6.QtGui import QFontMetrics

    font = _strip_font(kind)
    if kind != "advice":
        return font
    size = font.pixelSize()
    while size > MIN_ADVICE_PX and QFontMetrics(font).horizontalAdvance(text) > width:
        size -= 1
        font.setPixelSize(size)
    return font


def _line_height(kind: str, text: str, width: int) -> int:
    from PySide6.QtCore import QRect, Qt
    from PySide6.QtGui import QFontMetrics

    metrics = QFontMetrics(_fitted_font(kind, text, width))
    flags = int(Qt.TextFlag.TextWordWrap)
    return metrics.boundingRect(QRect(0, 0, max(1, width), 100_000), flags,
                                cells_unbroken(text)).height()


def _one_line_width(lines: list[tuple[str, str]]) -> int:
    """The strip's width holding its advice line (the first) on one line: beside a board in
    a window with room to spare (a whole desktop), the advice is not wrapped."""
    from PySide6.QtGui import QFontMetrics

    advice = [text for kind, text in lines if kind == "advice"]
    if not advice:
        return 0
    return QFontMetrics(_strip_font("advice")).horizontalAdvance(advice[0]) + 2 * PAD + 2


def _holds_one_line(lines: list[tuple[str, str]], width: int) -> bool:
    """Whether a strip ``width`` pixels wide holds its advice line on one line, the line
    made smaller as it is drawn (down to :data:`MIN_ADVICE_PX`)."""
    from PySide6.QtGui import QFontMetrics

    advice = [text for kind, text in lines if kind == "advice"]
    if not advice:
        return True
    inner = width - 2 * PAD - 2
    return QFontMetrics(_fitted_font("advice", advice[0], inner)).horizontalAdvance(
        advice[0]) <= inner


def _unwrapped_width(lines: list[tuple[str, str]], width: int) -> int:
    """``width``, or the width holding the advice line on one line when it wraps at
    ``width``."""
    advice = [text for kind, text in lines if kind == "advice"]
    if not advice:
        return width
    from PySide6.QtGui import QFontMetrics

    if QFontMetrics(_strip_font("advice")).horizontalAdvance(advice[0]) <= width - 2 * PAD:
        return width
    return max(width, _one_line_width(lines))


def _strip_height(lines: list[tuple[str, str]], width: int) -> int:
    """The strip's height for ``lines`` wrapped to a strip ``width`` pixels wide."""
    inner = max(1, width - 2 * PAD)
    return sum(_line_height(kind, text, inner) for kind, text in lines) + 2 * PAD


# Kept for the tests of the text's wrapping.
def _wrapped_height(text: str, pixel_size: int, width: int) -> int:
    """The height of ``text`` wrapped at word boundaries to ``width`` pixels."""
    from PySide6.QtCore import QRect, Qt
    from PySide6.QtGui import QFontMetrics

    metrics = QFontMetrics(_status_font(pixel_size))
    flags = int(Qt.TextFlag.TextWordWrap)
    return metrics.boundingRect(QRect(0, 0, max(1, width), 100_000), flags, text).height()


def _status_font(pixel_size: int) -> Any:
    from PySide6.QtGui import QFont

    font = QFont()
    font.setPixelSize(pixel_size)
    font.setBold(True)
    return font


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
        from PySide6.QtCore import Qt
        from PySide6.QtGui import QImage, QPainter
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
                painter.end()

        _WIDGET_CLASS = _OverlayWidget
    return _WIDGET_CLASS()


_STRIP_CLASS: Any = None


def _make_strip() -> Any:
    """The status strip: an ordinary opaque window (it needs no compositor), frameless, on
    top, click-through, never taking the focus."""
    global _STRIP_CLASS
    if _STRIP_CLASS is None:
        from PySide6.QtCore import QRect, Qt
        from PySide6.QtGui import QColor, QPainter
        from PySide6.QtWidgets import QWidget

        class _StripWidget(QWidget):
            def __init__(self) -> None:
                super().__init__(None)
                self.owner: OverlayWindow | None = None
                self.setWindowTitle(STRIP_TITLE)
                self.setWindowFlags(
                    Qt.WindowType.FramelessWindowHint
                    | Qt.WindowType.WindowStaysOnTopHint
                    | Qt.WindowType.WindowTransparentForInput
                    | Qt.WindowType.WindowDoesNotAcceptFocus
                    | Qt.WindowType.Tool
                )
                self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents, True)
                self.setAttribute(Qt.WidgetAttribute.WA_ShowWithoutActivating, True)
                self.setFocusPolicy(Qt.FocusPolicy.NoFocus)

            def paintEvent(self, event: Any) -> None:  # noqa: N802 - Qt's name
                painter = QPainter(self)
                painter.fillRect(self.rect(), QColor(*STRIP_BACKGROUND))
                lines = self.owner.status_lines() if self.owner is not None else []
                y = PAD
                inner = max(1, self.width() - 2 * PAD)
                flags = int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop
                            | Qt.TextFlag.TextWordWrap)
                for kind, text in lines:
                    height = _line_height(kind, text, inner)
                    if y > PAD and y + height > self.height():
                        break  # left off (the strip's head alone: no room for the rest)
                    painter.setFont(_fitted_font(kind, text, inner))
                    painter.setPen(QColor(*STRIP_COLOURS[kind]))
                    # wrapped never between a cell's word and its number
                    painter.drawText(QRect(PAD, y, inner, height), flags, cells_unbroken(text))
                    y += height
                painter.end()

        _STRIP_CLASS = _StripWidget
    return _STRIP_CLASS()
