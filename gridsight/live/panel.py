"""The correction panel: a small ordinary window showing the board as gridsight believes it.

One button per cell shows the believed label (its short form from the game's words, the
spec's :class:`~gridsight.games.spec.Words`; the full label, its confidence and whether it was
set by hand in the tooltip). Clicking a cell offers every label (the pack's, or the game's
board tokens in manual mode) and sets it by hand; *Undo* takes back the last correction, *New
game* forgets the board, *Pause* stops the overlay drawing. A game with a counter (Disco Zoo's
*Taps left*) gets a box overriding the counter read off the screen (``read`` = read it again),
a game with objectives a chooser (Disco Zoo's target animal), each named by the game's words.
Cells set by hand are yellow, contradicted cells orange, the recommended cell has a magenta
border, like the overlay's outline.

The panel talks to a :class:`gridsight.live.loop.LiveLoop` only, and hands every resulting
:class:`~gridsight.live.loop.LiveView` to ``on_view`` (the driver redraws the overlay with it).
PySide6 is imported here, so this module is loaded only when a window is made.
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

from PySide6.QtWidgets import (
    QCheckBox, QComboBox, QGridLayout, QHBoxLayout, QLabel, QMenu, QPushButton, QSpinBox,
    QVBoxLayout, QWidget,
)

from gridsight.live.loop import LiveLoop, LiveView
from solvers.advice import Cell

PANEL_TITLE = "gridsight panel"


class Panel(QWidget):
    """The panel widget (see the module docstring)."""

    def __init__(self, loop: LiveLoop, choices: Sequence[str],
                 on_view: Callable[[LiveView], None] | None = None):
        super().__init__()
        self.loop = loop
        self.choices = tuple(choices)
        self.on_view = on_view
        self.setWindowTitle(f"{PANEL_TITLE}: {loop.game}")
        state = loop.view.state
        rows = len(state.grid) if state is not None else 1
        cols = len(state.grid[0]) if state is not None else 1
        layout = QVBoxLayout(self)
        grid = QGridLayout()
        grid.setSpacing(2)
        self.cells: list[list[QPushButton]] = []
        for r in range(rows):
            line = []
            for c in range(cols):
                button = QPushButton(".")
                button.setFixedSize(34, 30)
                button.clicked.connect(lambda _=False, r=r, c=c: self._menu(r, c))
                grid.addWidget(button, r, c)
                line.append(button)
            self.cells.append(line)
        layout.addLayout(grid)
        controls = QHBoxLayout()
        self.undo_button = QPushButton("Undo")
        self.undo_button.clicked.connect(lambda: self._apply(self.loop.undo()))
        self.reset_button = QPushButton("New game")
        self.reset_button.clicked.connect(lambda: self._apply(self.loop.reset()))
        self.pause_box = QCheckBox("Pause")
        self.pause_box.toggled.connect(lambda on: self._apply(self.loop.set_paused(on)))
        for w in (self.undo_button, self.reset_button, self.pause_box):
            controls.addWidget(w)
        layout.addLayout(controls)
        spec = loop.spec
        self.words = spec.words
        options = QHBoxLayout()
        self.counter_box: QSpinBox | None = None
        if spec.counter is not None:
            options.addWidget(QLabel(self.words.counter or spec.counter.header))
            self.counter_box = QSpinBox()
            self.counter_box.setRange(-1, 99)
            self.counter_box.setSpecialValueText("read")
            self.counter_box.setValue(-1)
            self.counter_box.valueChanged.connect(
                lambda v: self._apply(self.loop.set_counter(None if v < 0 else v)))
            options.addWidget(self.counter_box)
        self.objective_box: QComboBox | None = None
        if spec.objectives is not None:
            options.addWidget(QLabel(self.words.objective or "Objective"))
            self.objective_box = QComboBox()
            self.objective_box.addItems(list(spec.objectives.choices("")))
            self.objective_box.currentTextChanged.connect(self._objective)
            options.addWidget(self.objective_box)
        layout.addLayout(options)
        self.status = QLabel("")
        self.status.setWordWrap(True)
        layout.addWidget(self.status)
        self.show_view(loop.view)

    # -- actions ------------------------------------------------------------------------------

    def _menu(self, row: int, col: int) -> None:
        menu = QMenu(self)
        for label in self.choices:
            action = menu.addAction(label)
            action.triggered.connect(lambda _=False, l=label: self.correct(row, col, l))
        menu.popup(self.cells[row][col].mapToGlobal(self.cells[row][col].rect().bottomLeft()))

    def correct(self, row: int, col: int, label: str) -> None:
        self._apply(self.loop.correct(row, col, label))

    def _objective(self, text: str) -> None:
        if text:
            self._apply(self.loop.set_objective(text))

    def _apply(self, view: LiveView) -> None:
        self.show_view(view)
        if self.on_view is not None:
            self.on_view(view)

    # -- showing the belief -------------------------------------------------------------------

    def show_view(self, view: LiveView) -> None:
        """Show ``view``'s believed board, recommendation and status."""
        state = view.state
        recommended = set(view.advice.recommend) if view.advice is not None else set()
        conflicts = {(c.row, c.col) for c in state.contradictions} if state else set()
        if state is not None:
            for r, row in enumerate(state.grid):
                for c, label in enumerate(row):
                    button = self.cells[r][c]
                    button.setText(self.words.short(label))
                    manual = Cell(r, c) in state.manual
                    button.setToolTip(f"row {r} col {c}: {label} (confidence "
                                      f"{state.confidence[r][c]:.2f}"
                                      f"{', set by hand' if manual else ''})")
                    style = []
                    if manual:
                        style.append("background: #ffe680")
                    if (r, c) in conflicts:
                        style.append("background: #ffa040")
                    if Cell(r, c) in recommended:
                        style.append("border: 3px solid #ff00ff")
                    button.setStyleSheet("; ".join(style))
        self._update_objectives(view)
        self.status.setText(view.status_line())

    def _update_objectives(self, view: LiveView) -> None:
        objectives = self.loop.spec.objectives
        if self.objective_box is None or objectives is None:
            return
        wanted = list(objectives.choices(view.board))
        have = [self.objective_box.itemText(i) for i in range(self.objective_box.count())]
        if wanted != have:
            current = self.objective_box.currentText()
            self.objective_box.blockSignals(True)
            self.objective_box.clear()
            self.objective_box.addItems(wanted)
            if current in wanted:
                self.objective_box.setCurrentText(current)
            self.objective_box.blockSignals(False)

    def believed(self) -> list[list[str]]:
        """The labels shown, as the player sees them (for tests)."""
        return [[b.text() for b in row] for row in self.cells]


def make_panel(loop: LiveLoop, choices: Sequence[str],
               on_view: Callable[[LiveView], None] | None = None) -> Any:
    return Panel(loop, choices, on_view)
