"""The interactive form of ``gridsight calibrate``: a Qt window to mark the board and name cells.

Two steps, one screenshot:

1. **Corners.** The player clicks the board's four outer corners, top-left, top-right,
   bottom-right, bottom-left (Backspace or "Undo" takes the last one back).
2. **Labels.** The cells are cut out through the marked corners and grouped by look (cells
   whose small colour thumbnails are within :data:`gridsight.vision.learn.CLUSTER_RMS` of a group's
   first cell join it). One group at a time is outlined on the screenshot and shown as a strip
   of its cells; the player picks what it is from the game's labels (or "?" to leave it out)
   and goes on. A plain ground tile and a decorated one form two groups and get the same label.

A third step comes only when the game's reader needs furniture around the board that it did not
find by itself on the screenshot (Disco Zoo's animal cards and attempts counter):
:class:`FurnitureWindow` asks for a box around each (press, drag, release), one kind after
the other, left to right.

The logic lives in :class:`CalibrationSession` and :class:`FurnitureSession`, which know
nothing of Qt (and are tested on their own); the windows only show them and forward clicks. PySide6 is imported by this
module only, and the command imports this module only for the interactive form.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import cv2
import numpy as np
from PySide6.QtCore import QPointF, Qt, Signal
from PySide6.QtGui import (
    QColor, QImage, QKeySequence, QPainter, QPen, QPixmap, QPolygonF, QShortcut,
)
from PySide6.QtWidgets import (
    QComboBox, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget,
)

from gridsight.overlay.window import ensure_app
from gridsight.vision.classify import board_thumbnails
from gridsight.vision.geometry import BoardGeometry
from gridsight.vision.learn import CLUSTER_RMS
from gridsight.vision.packs import load_pack

SKIP = "?"
CORNER_NAMES = ("top-left", "top-right", "bottom-right", "bottom-left")


@dataclass
class CalibrationSession:
    """The state of one calibration: the corners marked so far, the groups and their labels."""

    image: np.ndarray
    rows: int
    cols: int
    choices: tuple[str, ...]
    corners: list[tuple[float, float]] = field(default_factory=list)
    groups: list[list[tuple[int, int]]] = field(default_factory=list)
    group_labels: list[str] = field(default_factory=list)
    current: int = 0

    @classmethod
    def for_game(cls, game: str, image: np.ndarray) -> "CalibrationSession":
        like = load_pack(game, "default")
        return cls(image, like.rows, like.cols, tuple(like.labels) + (SKIP,))

    # -- step 1 ----------------------------------------------------------------------------

    def add_corner(self, x: float, y: float) -> None:
        if len(self.corners) < 4:
            self.corners.append((float(x), float(y)))

    def undo_corner(self) -> None:
        if self.corners:
            self.corners.pop()
        self.groups, self.group_labels = [], []

    @property
    def corners_done(self) -> bool:
        return len(self.corners) == 4

    @property
    def geometry(self) -> BoardGeometry:
        return BoardGeometry.from_corners(self.corners, self.rows, self.cols)

    # -- step 2 ----------------------------------------------------------------------------

    def make_groups(self) -> None:
        """Group the cells by look (reading order; each group led by its first cell)."""
        thumbs = board_thumbnails(self.image, self.geometry)
        leaders: list[np.ndarray] = []
        groups: list[list[tuple[int, int]]] = []
        for i, thumb in enumerate(thumbs):
            cell = divmod(i, self.cols)
            rms = [float(np.sqrt(np.mean((lead - thumb) ** 2))) for lead in leaders]
            k = int(np.argmin(rms)) if rms else -1
            if k >= 0 and rms[k] < CLUSTER_RMS:
                groups[k].append(cell)
            else:
                leaders.append(thumb)
                groups.append([cell])
        self.groups = groups
        self.group_labels = [SKIP] * len(groups)
        self.current = 0

    def set_label(self, label: str) -> None:
        if label not in self.choices:
            raise ValueError(f"unknown label '{label}' (choices: {', '.join(self.choices)})")
        self.group_labels[self.current] = label

    def labels_grid(self) -> list[list[str]]:
        grid = [[SKIP] * self.cols for _ in range(self.rows)]
        for cells, label in zip(self.groups, self.group_labels):
            for r, c in cells:
                grid[r][c] = label
        return grid

    @property
    def complete(self) -> bool:
        return bool(self.groups) and any(label != SKIP for label in self.group_labels)

    def group_strip(self, k: int, size: int = 48, most: int = 8) -> np.ndarray:
        """Up to ``most`` cells of group ``k`` side by side, ``size`` pixels each (BGR)."""
        g = self.geometry
        tiles = [g.warp_cell(self.image, r, c, (size, size)) for r, c in self.groups[k][:most]]
        return np.hstack(tiles)


@dataclass
class FurnitureSession:
    """The boxes marked so far (pixels, ``(x, y, w, h)``) for each kind of furniture asked
    (``names``, in order); the kind being marked is the first with no box confirmed."""

    image: np.ndarray
    names: tuple[str, ...]
    boxes: dict[str, list[tuple[float, float, float, float]]] = field(default_factory=dict)
    current: int = 0

    def add_box(self, x0: float, y0: float, x1: float, y1: float) -> None:
        """A box dragged from one corner to the other (any direction); a mere click (under
        3 pixels either way) is no box."""
        x, y = min(x0, x1), min(y0, y1)
        w, h = abs(x1 - x0), abs(y1 - y0)
        if w >= 3 and h >= 3 and self.current < len(self.names):
            self.boxes.setdefault(self.names[self.current], []).append((x, y, w, h))

    def undo_box(self) -> None:
        if self.current < len(self.names):
            boxes = self.boxes.get(self.names[self.current], [])
            if boxes:
                boxes.pop()

    def next_name(self) -> None:
        """Done with the current kind (its boxes kept left to right)."""
        if self.current < len(self.names):
            name = self.names[self.current]
            self.boxes[name] = sorted(self.boxes.get(name, []))
            self.current += 1

    @property
    def done(self) -> bool:
        return self.current >= len(self.names)

    def result(self) -> dict[str, list[tuple[float, float, float, float]]]:
        """The boxes of every kind given at least one."""
        return {name: sorted(boxes) for name, boxes in self.boxes.items() if boxes}


class _ImageView(QLabel):
    """The screenshot, scaled to fit; reports clicks in image pixels and draws the marks."""

    clicked = Signal(float, float)
    dragged = Signal(float, float, float, float)

    def __init__(self, session: CalibrationSession, max_size: tuple[int, int] = (900, 760)):
        super().__init__()
        self.session = session
        h, w = session.image.shape[:2]
        # Shrink a big screenshot to fit; enlarge a small one by a whole factor (corners are
        # easier to hit, and pixel art stays crisp).
        fit = min(max_size[0] / w, max_size[1] / h) if w and h else 1.0
        self.scale = fit if fit < 1 else float(min(4, int(fit)))
        rgb = cv2.cvtColor(session.image, cv2.COLOR_BGR2RGB)
        qimage = QImage(rgb.data, w, h, 3 * w, QImage.Format.Format_RGB888).copy()
        self.base = QPixmap.fromImage(qimage).scaled(
            round(w * self.scale), round(h * self.scale),
            Qt.AspectRatioMode.KeepAspectRatio, Qt.TransformationMode.SmoothTransformation)
        self.setFixedSize(self.base.size())
        self.refresh()

    def image_to_widget(self, x: float, y: float) -> tuple[float, float]:
        return x * self.scale, y * self.scale

    def mousePressEvent(self, event) -> None:  # noqa: N802 - Qt's name
        if event.button() == Qt.MouseButton.LeftButton:
            p = event.position()
            self._pressed = (p.x() / self.scale, p.y() / self.scale)
            self.clicked.emit(*self._pressed)

    def mouseReleaseEvent(self, event) -> None:  # noqa: N802 - Qt's name
        pressed = getattr(self, "_pressed", None)
        if event.button() == Qt.MouseButton.LeftButton and pressed is not None:
            p = event.position()
            self.dragged.emit(*pressed, p.x() / self.scale, p.y() / self.scale)
            self._pressed = None

    def refresh(self) -> None:
        pixmap = QPixmap(self.base)
        painter = QPainter(pixmap)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        s = self.session
        if isinstance(s, FurnitureSession):
            painter.setPen(QPen(QColor(255, 160, 0), 2))
            for boxes in s.boxes.values():
                for x, y, w, h in boxes:
                    painter.drawRect(round(x * self.scale), round(y * self.scale),
                                     round(w * self.scale), round(h * self.scale))
            painter.end()
            self.setPixmap(pixmap)
            return
        pts = [QPointF(x * self.scale, y * self.scale) for x, y in s.corners]
        painter.setPen(QPen(QColor(255, 0, 255), 2))
        for p in pts:
            painter.drawEllipse(p, 5, 5)
        if len(pts) >= 2:
            painter.drawPolyline(QPolygonF(pts + ([pts[0]] if len(pts) == 4 else [])))
        if s.groups:
            painter.setPen(QPen(QColor(0, 230, 255), 3))
            g = s.geometry
            for r, c in s.groups[s.current]:
                quad = g.cell_quad(r, c) * self.scale
                painter.drawPolygon(QPolygonF([QPointF(float(x), float(y)) for x, y in quad]))
        painter.end()
        self.setPixmap(pixmap)


class CalibrateWindow(QWidget):
    """Mark the corners, then label each group; ``result`` holds (corners, labels) once saved."""

    def __init__(self, game: str, session: CalibrationSession, skin: str,
                 labels: list[list[str]] | None = None):
        super().__init__()
        self.setWindowTitle(f"gridsight calibrate {game} (pack '{skin}')")
        self.session = session
        self.preset = labels  # given with --labels: only the corners are asked
        self.result: tuple[list[tuple[float, float]], list[list[str]]] | None = None
        self.view = _ImageView(session)
        self.view.clicked.connect(self.on_click)
        self.prompt = QLabel()
        self.prompt.setWordWrap(True)
        self.strip = QLabel()
        self.choice = QComboBox()
        self.choice.addItems(list(session.choices))
        self.choice.currentTextChanged.connect(self.on_choice)
        self.undo = QPushButton("Undo corner")
        self.undo.clicked.connect(self.on_undo)
        self.back = QPushButton("Previous group")
        self.back.clicked.connect(lambda: self.step(-1))
        self.next = QPushButton("Next")
        self.next.clicked.connect(self.on_next)
        self.save = QPushButton("Save pack")
        self.save.clicked.connect(self.on_save)
        QShortcut(QKeySequence(Qt.Key.Key_Backspace), self, activated=self.on_undo)

        side = QVBoxLayout()
        for widget in (self.prompt, self.strip, self.choice, self.undo, self.back, self.next,
                       self.save):
            side.addWidget(widget)
        side.addStretch(1)
        layout = QHBoxLayout(self)
        layout.addWidget(self.view)
        layout.addLayout(side)
        self.update_controls()

    # -- events ----------------------------------------------------------------------------

    def on_click(self, x: float, y: float) -> None:
        if not self.session.corners_done:
            self.session.add_corner(x, y)
            self.update_controls()

    def on_undo(self) -> None:
        self.session.undo_corner()
        self.update_controls()

    def on_next(self) -> None:
        s = self.session
        if not s.groups and s.corners_done and self.preset is not None:
            self.result = (list(s.corners), self.preset)
            self.close()
            return
        if not s.groups:
            if s.corners_done:
                s.make_groups()
        else:
            self.step(1)
            return
        self.update_controls()

    def step(self, delta: int) -> None:
        s = self.session
        if s.groups:
            s.current = max(0, min(len(s.groups) - 1, s.current + delta))
        self.update_controls()

    def on_choice(self, text: str) -> None:
        if self.session.groups and text:
            self.session.set_label(text)
            self.save.setEnabled(self.session.complete)

    def on_save(self) -> None:
        if self.session.complete:
            self.result = (list(self.session.corners), self.session.labels_grid())
            self.close()

    # -- display ---------------------------------------------------------------------------

    def update_controls(self) -> None:
        s = self.session
        labelling = bool(s.groups)
        if not s.corners_done:
            self.prompt.setText(f"Click the board's {CORNER_NAMES[len(s.corners)]} corner "
                                f"({len(s.corners) + 1} of 4). Backspace undoes.")
        elif not labelling and self.preset is not None:
            self.prompt.setText("Corners marked. Next saves the pack with the labels given.")
        elif not labelling:
            self.prompt.setText("Corners marked. Next: name the groups of similar cells.")
        else:
            self.prompt.setText(
                f"Group {s.current + 1} of {len(s.groups)} ({len(s.groups[s.current])} cells, "
                "outlined): what do these cells show? '?' leaves them out.")
            strip = cv2.cvtColor(s.group_strip(s.current), cv2.COLOR_BGR2RGB)
            h, w = strip.shape[:2]
            self.strip.setPixmap(QPixmap.fromImage(
                QImage(strip.data, w, h, 3 * w, QImage.Format.Format_RGB888).copy()))
            self.choice.blockSignals(True)
            self.choice.setCurrentText(s.group_labels[s.current])
            self.choice.blockSignals(False)
        self.strip.setVisible(labelling)
        self.choice.setEnabled(labelling)
        self.back.setEnabled(labelling and s.current > 0)
        self.next.setEnabled(s.corners_done and (not labelling or s.current < len(s.groups) - 1))
        self.save.setEnabled(s.complete)
        self.view.refresh()


def run_window(game: str, image: np.ndarray, skin: str, corners=None, labels=None):
    """Show the window until the player saves or closes it: ``(corners, labels)`` or ``None``.

    Corners or labels already given on the command line are kept (the window then only asks
    for the rest).
    """
    app = ensure_app()  # the one QApplication, with None guarded (overlay.none_guard)
    session = CalibrationSession.for_game(game, image)
    for x, y in corners or ():
        session.add_corner(x, y)
    window = CalibrateWindow(game, session, skin, labels)
    if labels is not None and session.corners_done:
        return list(session.corners), labels
    window.show()
    _until_closed(app, window)  # returns when the window closes (saved or not)
    return window.result


def _until_closed(app, window) -> None:
    """Run Qt's loop until ``window`` closes. Ctrl-C and ``SIGTERM`` reach Python while it
    runs (a no-op tick wakes it, as ``gridsight live`` does): the window closes, nothing is
    saved, and the command ends as on any interrupt (the window was deaf to both, only
    ``SIGKILL`` or closing it ended the command). The old handlers come back after."""
    import signal

    from PySide6.QtCore import QTimer

    caught: list[int] = []

    def stop(signum, _frame) -> None:
        caught.append(signum)
        window.close()
        app.quit()

    previous = {sig: signal.signal(sig, stop) for sig in (signal.SIGINT, signal.SIGTERM)}
    wake = QTimer()
    wake.timeout.connect(lambda: None)
    wake.start(200)
    try:
        app.exec()
    finally:
        wake.stop()
        for sig, handler in previous.items():
            signal.signal(sig, handler)
    if caught:
        if caught[0] == signal.SIGINT:
            raise KeyboardInterrupt
        raise SystemExit(128 + caught[0])


class FurnitureWindow(QWidget):
    """Drag a box around each piece of furniture asked, kind after kind; ``result`` holds the
    boxes (pixels) once done."""

    def __init__(self, game: str, session: FurnitureSession):
        super().__init__()
        self.setWindowTitle(f"gridsight calibrate {game}: mark what was not found")
        self.session = session
        self.result: dict[str, list[tuple[float, float, float, float]]] | None = None
        self.view = _ImageView(session)
        self.view.dragged.connect(self.on_drag)
        self.prompt = QLabel()
        self.prompt.setWordWrap(True)
        self.undo = QPushButton("Undo box")
        self.undo.clicked.connect(self.on_undo)
        self.next = QPushButton("Next")
        self.next.clicked.connect(self.on_next)
        QShortcut(QKeySequence(Qt.Key.Key_Backspace), self, activated=self.on_undo)
        side = QVBoxLayout()
        for widget in (self.prompt, self.undo, self.next):
            side.addWidget(widget)
        side.addStretch(1)
        layout = QHBoxLayout(self)
        layout.addWidget(self.view)
        layout.addLayout(side)
        self.update_controls()

    def on_drag(self, x0: float, y0: float, x1: float, y1: float) -> None:
        self.session.add_box(x0, y0, x1, y1)
        self.update_controls()

    def on_undo(self) -> None:
        self.session.undo_box()
        self.update_controls()

    def on_next(self) -> None:
        self.session.next_name()
        if self.session.done:
            self.result = self.session.result()
            self.close()
            return
        self.update_controls()

    def update_controls(self) -> None:
        s = self.session
        if not s.done:
            name = s.names[s.current]
            count = len(s.boxes.get(name, []))
            self.prompt.setText(f"The automatic search did not find the {name}: drag a box "
                                f"around each ({count} marked so far), then Next. Backspace "
                                "undoes.")
            self.next.setText("Save" if s.current == len(s.names) - 1 else "Next")
        self.view.refresh()


def run_furniture_window(game: str, image: np.ndarray, names: tuple[str, ...]):
    """Show the furniture window until done or closed: ``{name: boxes}`` or ``None``."""
    app = ensure_app()  # the one QApplication, with None guarded (overlay.none_guard)
    window = FurnitureWindow(game, FurnitureSession(image, tuple(names)))
    window.show()
    _until_closed(app, window)
    return window.result
