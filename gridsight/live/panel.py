"""The correction panel: a small ordinary window showing the board as gridsight believes it.

It speaks the game's language, from the game's spec (:class:`~gridsight.games.spec.Words`):

- the advice first, large, in one short line (``Tap row 4, column 1 - 80% an animal``), an
  unsure cell it depends on under it with one button per thing the cell may be
  (:mod:`gridsight.live.doubt_bar`), its one-line *why* under them; the details (the game, the counter, the read confidence, the
  advice's figures) and the warnings under the board; :meth:`Panel.add_extra` puts another
  widget under the advice (a choice the advice depends on);
- one button per cell, showing what the cell holds by the game's name for it (Disco Zoo: the
  animal, coloured by its rarity; Thrill Digger: the rupee, in its colour; tile path: wall,
  tile, Link...) and, on a cell still open, its chance as a heat map, the way players' web
  tools show a board (the colour scale is the game's: the risk of a bomb, the chance of an
  animal); a found animal by its full name, a tile certainly holding one not tapped yet as
  ``(Gorilla)``. The rows and columns are numbered the way the player counts them, from the
  first playable row and column (:attr:`Advice.origin`). The tooltip names the cell
  (``row 2, column 4``), what it holds, its chance, the
  read confidence and whether it was set by hand;
- clicking a cell opens a chooser with one button per thing the cell can hold, by name and in
  its colour (every animal of the rescue by name, so two rare animals are two choices; rupee
  colours; wall, tile, crossed, Link, start, end; the piece letters) and sets it by hand;
- what the screen did not settle, picked from the candidates the reader names (Disco Zoo's
  animals when the cards' names are not read beyond doubt: one list per card,
  :mod:`gridsight.live.hint_choice`), kept until a new game;
- *Undo* takes back the last correction, *New game* forgets the board and the animals picked,
  *Pause* (shown when an overlay is drawn) stops it drawing; a game with a counter (Disco
  Zoo's *Attempts left*) gets a box overriding the count read off the screen (``read`` = read
  it again), a game with objectives a chooser (what the advice aims for); a game without them
  shows neither.

Cells set by hand have a dashed yellow border, contradicted cells are orange, the recommended
cell has a magenta border like the overlay's outline. Cell buttons keep a minimum size and the
layout never lets the window shrink below it, so buttons never overlap, on a 5 x 5 rescue or a
6 x 10 pentomino box.

The panel talks to a :class:`gridsight.live.loop.LiveLoop` only, and hands every resulting
:class:`~gridsight.live.loop.LiveView` to ``on_view`` (the driver redraws the overlay with it).
PySide6 is imported here, so this module is loaded only when a window is made.
"""

from __future__ import annotations

import html
from dataclasses import replace
from typing import Any, Callable, Mapping, Sequence

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QFontInfo, QFontMetrics
from PySide6.QtWidgets import (
    QCheckBox, QComboBox, QGridLayout, QHBoxLayout, QLabel, QLayout, QMenu, QPushButton,
    QSizePolicy, QSpinBox, QVBoxLayout, QWidget, QWidgetAction,
)

from gridsight.games.doubts import advice_alone
from gridsight.games.spec import CellWord
from gridsight.live.doubt_bar import DoubtBar
from gridsight.live.hint_choice import HintChooser
from gridsight.live.loop import REFUSAL, LiveLoop, LiveView
from gridsight.overlay.legend import cells_unbroken
from gridsight.overlay.style import (
    MARK, MARK_NAMES, RECOMMEND, RECOMMEND_NAME, heat_colour, piece_colour,
)
from gridsight.solvers.advice import Advice, Cell, CellFigure, CellMark, MarkKind
from gridsight.solvers.boardtext import parse_boards
from gridsight.solvers.cellnames import cell_name, column_number, row_number
from gridsight.solvers.errors import InputError

PANEL_TITLE = "gridsight panel"
CELL_SIZE = (48, 36)  # a cell button's minimum width and height (room for '100%')
CELL_MAX_WIDTH = 110  # wider names go on two lines
# Narrowed to fit the screen's room (Panel.fit_room), a cell is never narrower than this nor
# lower than that: a 9-column minesweeper board in 276 px, "12%" drawn 8 px high.
MIN_CELL_WIDTH = 24
COMPACT_CELL_HEIGHT = 28
COMPACT_MARGIN = 4  # the window's margins then
# Room kept each side of a cell's text, inside its border (3 px at most: the advised cell's):
# "(rupoor)" filled 49 of its cell's 52 px, and under a mark's 2 px border it was cut.
CELL_MARGIN = 3
CELL_BORDER = 3
MIN_CELL_PX = 8  # a cell's text is made smaller to fit, never under this many pixels high
ADVICE_PX = 16  # the advice line's usual size
# ... made smaller, down to this, to stay on one line in a narrow panel (minesweeper's "Open
# row 6, column 9 - certainly safe" wrapped in the 264 px a 276 px panel beside an 800x600
# screen's game gives it: 338 px at 16 px, 233 at 11)
MIN_ADVICE_PX = 11
# The lines under the advice (its why, the details) are never as large as it, shrunk with it
# (a 240 px Thrill Digger panel: the advice at 12 px bold, the why under it at 13 px drew the
# eye first), never under this many pixels.
MIN_TEXT_PX = 10
ADVICE_STYLE = "font-size: {px}px; font-weight: bold; color: #7a2a00"
NUMBER_STYLE = "color: #606060; font-size: 11px"
DETAIL_INK = "#505050"
WARNING_INK = "#b35c00"
HAND = "#e0a000"  # the dashed border of a cell set by hand
HAND_FILL = "#ffe680"  # ... and its fill when the cell has no colour of its own
CONFLICT = "#ffa040"
SQUARE = "\u25a1"  # the key's sign of the advised cell's square (drawn in its magenta)
DASHED_SQUARE = "\u2b1a"  # ... and of a move as good (dashed, as the cell's border is)
MARK_SIGNS = {MarkKind.SAFE: "\u2713", MarkKind.DANGER: "\u2717", MarkKind.UNREAD: "?",
              MarkKind.UNSURE: "?", MarkKind.CONFLICT: "!", MarkKind.EMPTY: "\u2205",
              MarkKind.KNOWN: "="}


def hex_of(bgr: Sequence[int]) -> str:
    """An overlay colour (BGR) as ``#rrggbb``."""
    b, g, r = (int(v) for v in bgr[:3])
    return f"#{r:02x}{g:02x}{b:02x}"


def luminance(colour: str) -> float:
    """The relative luminance of ``#rrggbb`` (WCAG 2's: 0 black, 1 white)."""
    def linear(v: int) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(int(colour[i:i + 2], 16)) for i in (1, 3, 5))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    """The contrast ratio of two ``#rrggbb`` colours (WCAG 2's: 1 to 21)."""
    low, high = sorted((luminance(a), luminance(b)))
    return (high + 0.05) / (low + 0.05)


def ink_for(background: str | None) -> str:
    """Black or white text, whichever has the more contrast on ``background`` (``#rrggbb``):
    at least 4.5:1 whatever the colour. By a brightness threshold, white went on mid greens
    (a green rupee, pentomino's I and P: 2.7:1, where black has 7.4:1) and on the heat
    map's reds (3.3:1; black 6.3:1).

    >>> ink_for("#3fae49"), ink_for("#303030")
    ('#000000', '#ffffff')
    """
    if not background:
        return ""
    black, white = "#000000", "#ffffff"
    return black if contrast(background, black) > contrast(background, white) else white


class Panel(QWidget):
    """The panel widget (see the module docstring)."""

    def __init__(self, loop: LiveLoop, choices: Sequence[str],
                 on_view: Callable[[LiveView], None] | None = None):
        super().__init__()
        self.loop = loop
        self.choices = tuple(choices)
        self.on_view = on_view
        spec = loop.spec
        self.words = spec.words
        # the colours the game draws its labels in (its pack's), shown so in the cells
        self._skin = dict(self.words.skin(loop.pack))
        self.setWindowTitle(f"{PANEL_TITLE}: {spec.title}")
        self._headers: Mapping[str, str] = {}
        self._room: int | None = None  # the widest the panel may be (fit_room)
        self._hidden_rows: list[bool] | None = None  # the frame's rows and columns not shown
        self._hidden_cols: list[bool] | None = None
        self._tokens: tuple[tuple[str, ...], ...] | None = None
        state = loop.view.state
        rows = len(state.grid) if state is not None else 1
        cols = len(state.grid[0]) if state is not None else 1
        layout = QVBoxLayout(self)
        self._margins = layout.contentsMargins()  # its usual margins (fit_room narrows them)
        # The window never gets smaller than its contents: cell buttons cannot overlap.
        layout.setSizeConstraint(QLayout.SizeConstraint.SetMinimumSize)
        # The advice first, large, in one line of the game's words; its why under it.
        self.advice_line = QLabel("")
        self.advice_line.setObjectName("advice")
        self.advice_line.setWordWrap(True)
        self.advice_line.setStyleSheet(ADVICE_STYLE.format(px=ADVICE_PX))
        self._advice_text = ""  # the advice as said (the line shows it fitted: _fit_advice)
        self._advice_px = ADVICE_PX
        self._why_text = ""  # the why as said (its line may start with the advice's tail)
        self._advice_tail = ""  # the advice's words past its line's room (_fit_advice)
        # At the top of the height reserved for it (at the narrowest width: two lines), so the
        # advice is the first thing in the panel at any width.
        self.advice_line.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        layout.addWidget(self.advice_line)
        # An unsure cell the advice depends on, right under the advice, with its choices.
        # One click settles an unsure cell that matters, or an unsure count (the attempts).
        self.doubts = DoubtBar(self.correct, self.choose_hint)
        layout.addWidget(self.doubts)
        self.why_line = QLabel("")
        self.why_line.setObjectName("why")
        self.why_line.setWordWrap(True)
        layout.addWidget(self.why_line)
        self._text_px = QFontInfo(self.why_line.font()).pixelSize()  # the usual text's size
        self._under_px = self._text_px  # the why's and details' size now (_fit_advice)
        # Widgets other parts add under the advice (a choice the advice depends on).
        self.extras = QVBoxLayout()
        layout.addLayout(self.extras)
        # The board in a widget of its own whose minimum size is the buttons' (a wrapped status
        # line below must not squeeze the rows into each other); rows and columns numbered
        # the way the player counts them (from the first playable row and column).
        self.board = QWidget()
        grid = QGridLayout(self.board)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setSpacing(3)
        self.row_numbers = [QLabel("") for _ in range(rows)]
        self.column_numbers = [QLabel("") for _ in range(cols)]
        for r, label in enumerate(self.row_numbers):
            label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            label.setStyleSheet(NUMBER_STYLE)
            grid.addWidget(label, r + 1, 0)
        for c, label in enumerate(self.column_numbers):
            label.setAlignment(Qt.AlignmentFlag.AlignCenter)
            label.setStyleSheet(NUMBER_STYLE)
            grid.addWidget(label, 0, c + 1)
        self.cells: list[list[QPushButton]] = []
        for r in range(rows):
            line = []
            for c in range(cols):
                button = QPushButton("")
                button.setMinimumSize(*CELL_SIZE)
                button.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
                button.clicked.connect(lambda _=False, r=r, c=c: self._open_chooser(r, c))
                grid.addWidget(button, r + 1, c + 1)
                line.append(button)
            self.cells.append(line)
        # The numbering of the last advice, kept while the next is worked out ("Thinking..."):
        # a pentomino level's frame rows were numbered 1-3 then, and row 4 became "row 1" once
        # the advice came.
        self._numbering: tuple[tuple[int, int], tuple[int, int] | None] = ((0, 0), None)
        self._number((0, 0))
        self._fit_cells()
        layout.addWidget(self.board, 1)
        self.scale = QLabel("")
        self.scale.setTextFormat(Qt.TextFormat.RichText)
        layout.addWidget(self.scale)
        self.key = QLabel("")  # what the signs on the cells mean, in the game's words
        self.key.setWordWrap(True)
        self.key.setTextFormat(Qt.TextFormat.RichText)  # its squares in the advice's colour
        self.key.setMinimumWidth(self.board.minimumWidth())
        layout.addWidget(self.key)

        controls = QHBoxLayout()
        self.undo_button = QPushButton("Undo")
        self.undo_button.clicked.connect(lambda: self._apply(self.loop.undo()))
        self.reset_button = QPushButton("New game")
        self.reset_button.clicked.connect(lambda: self._apply(self.loop.reset()))
        controls.addWidget(self.undo_button)
        controls.addWidget(self.reset_button)
        # Pausing stops the overlay drawing: without a capture there is no overlay to pause.
        self.pause_box: QCheckBox | None = None
        if loop.source.captures:
            self.pause_box = QCheckBox("Pause")
            self.pause_box.toggled.connect(lambda on: self._apply(self.loop.set_paused(on)))
            controls.addWidget(self.pause_box)
        # The board's cells shown or not: unchecked when the panel folds off the board (a
        # phone's screen, :meth:`fold`), shown only then or once the player chose; the
        # player's choice holds from then on.
        self.cells_box = QCheckBox("Cells")
        self.cells_box.setChecked(True)
        self.cells_box.setVisible(False)
        self.cells_chosen: bool | None = None
        self.cells_box.toggled.connect(self._cells_toggled)
        controls.addWidget(self.cells_box)
        controls.addStretch(1)
        layout.addLayout(controls)

        self.counter_box: QSpinBox | None = None
        self.objective_box: QComboBox | None = None
        self._options: list[QWidget] = []  # the counter's and aim's row (left off: tighten)
        if spec.counter is not None or spec.objectives is not None:
            options = QHBoxLayout()
            if spec.counter is not None:
                options.addWidget(QLabel(self.words.counter or spec.counter.header))
                self.counter_box = QSpinBox()
                self.counter_box.setRange(-1, 99)
                self.counter_box.setSpecialValueText("read")
                self.counter_box.setValue(-1)
                self.counter_box.valueChanged.connect(
                    lambda v: self._apply(self.loop.set_counter(None if v < 0 else v)))
                options.addWidget(self.counter_box)
            if spec.objectives is not None:
                options.addWidget(QLabel(self.words.objective or "Objective"))
                self.objective_box = QComboBox()
                self._fill_objectives(spec.objectives.choices(""), loop.objective)
                self.objective_box.currentIndexChanged.connect(self._objective)
                options.addWidget(self.objective_box)
            options.addStretch(1)
            layout.addLayout(options)
            self._options = [options.itemAt(i).widget() for i in range(options.count())
                             if options.itemAt(i).widget() is not None]
        # what the screen did not settle (the rescue's animals), picked by the player
        self.hint_chooser = HintChooser(
            lambda name, value: self._apply(self.loop.set_hint(name, value)))
        layout.addWidget(self.hint_chooser)
        loop.choices_offered = True  # the loop's refusals then say to pick here, not restart
        self.status = QLabel("")  # the details (game, counter, confidence) and the warnings
        self.status.setWordWrap(True)
        self.status.setTextFormat(Qt.TextFormat.RichText)
        self.status.setMinimumWidth(self.board.minimumWidth())
        layout.addWidget(self.status)
        for label in (self.advice_line, self.why_line):
            label.setMinimumWidth(self.board.minimumWidth())
        self.notice = ""
        self.chooser: QMenu | None = None
        self.folded = False  # the board's cells and their keys hidden (fold)
        # the key left off (its words in the board's tooltip): no room for the strip on the
        # screen otherwise (shorten_key)
        self.key_short = False
        self.tight = False  # folded further: the counter's and aim's row left off (tighten)
        self.show_view(loop.view)

    def fold(self, on: bool) -> bool:
        """Hide the board's cells, their keys and the details (``on``), or show them again:
        the advice, its why, the warnings and the controls stay. For a screen where the whole panel covers
        the board wherever it goes (a phone's: minesweeper's 465 px panel over the lower half
        of its board), so the board stays in sight. Whether anything changed."""
        if on == self.folded:
            return False
        self.folded = on
        self.board.setVisible(not on)
        self.cells_box.blockSignals(True)
        self.cells_box.setChecked(not on)
        self.cells_box.blockSignals(False)
        self.cells_box.setVisible(on or self.cells_chosen is not None)
        self.show_view(self.loop.view)
        self.adjustSize()
        if on:  # no taller than its least (the height left gave the advice a blank under it)
            self.resize(self.width(), self.minimumSizeHint().height())
        return True

    def tighten(self, on: bool) -> bool:
        """Fold the folded panel further (``on``): its counter's and aim's row left off
        (the player gets it back with the whole panel: "Cells"), or show that row again.
        A 360x640 phone: the folded Disco Zoo panel, 165 px at the screen's foot, lay 4 px
        over the dashed square of a tap as good as the advised one. Whether it changed."""
        on = on and bool(self._options)
        if on == self.tight:
            return False
        self.tight = on
        width = self.width()
        for widget in self._options:
            widget.setVisible(not on)
        self.adjustSize()
        # as wide as it was (adjusted to its hint, the 345 px phone panel went 313 without
        # that row, its advice line smaller), shorter by that row (no taller than its least)
        self.resize(max(width, self.minimumSizeHint().width()),
                    self.minimumSizeHint().height() if on else self.height())
        return True

    def shorten_key(self, on: bool) -> bool:
        """Leave the key's line off (``on``; its words stay in the board's tooltip), or show
        it again: a phone's screen where the panel, one line taller by the key, left the
        live strip no band off the panel, the cards, the title bar and the board (the strip
        went over the title bar naming the region the panel asked). Whether it changed."""
        if on == self.key_short:
            return False
        shown = self.key.isVisible() or not self.key.isHidden()
        line = self.key.sizeHint().height() + max(0, self.layout().spacing()) if shown else 0
        self.key_short = on
        self.show_view(self.loop.view)
        if on:  # shorter by the key's line alone (a height the player gave it kept otherwise)
            height = max(self.minimumSizeHint().height(), self.height() - line)
            self.resize(self.width(), height)
        else:
            self.adjustSize()
        return True

    def _cells_toggled(self, on: bool) -> None:
        """The player shows the board's cells again (or hides them): theirs from then on."""
        self.cells_chosen = on
        self.fold(not on)

    def add_extra(self, widget: QWidget) -> None:
        """Show ``widget`` under the advice, above the board (a choice the advice depends on)."""
        self.extras.addWidget(widget)

    def set_notice(self, text: str) -> None:
        """A line shown with the details until replaced (said once: no compositor here...)."""
        self.notice = text
        self.show_view(self.loop.view)

    def _number(self, origin: tuple[int, int], last: tuple[int, int] | None = None) -> None:
        """Number the rows and columns from ``origin`` (the first playable row and column) to
        ``last``; the rows and columns outside (a level's frame) get no number."""
        end = last or (len(self.row_numbers) - 1, len(self.column_numbers) - 1)
        for r, label in enumerate(self.row_numbers):
            label.setText(row_number(r, origin) if origin[0] <= r <= end[0] else "")
        for c, label in enumerate(self.column_numbers):
            label.setText(column_number(c, origin) if origin[1] <= c <= end[1] else "")
        # With a last playable cell given (a pentomino level's), the frame's rows and
        # columns are not shown: its 3 dark rows above and 3 under took half the panel's
        # height (624 px on a 768 px laptop screen).
        hide = last is not None
        rows = [hide and not origin[0] <= r <= end[0] for r in range(len(self.row_numbers))]
        cols = [hide and not origin[1] <= c <= end[1] for c in range(len(self.column_numbers))]
        if rows == self._hidden_rows and cols == self._hidden_cols:
            return
        self._hidden_rows, self._hidden_cols = rows, cols
        for r, label in enumerate(self.row_numbers):
            label.setHidden(rows[r])
        for c, label in enumerate(self.column_numbers):
            label.setHidden(cols[c])
        for r, line in enumerate(self.cells):
            for c, button in enumerate(line):
                button.setHidden(rows[r] or cols[c])
        self._fit_cells()

    def _fit_cells(self) -> None:
        """Make every cell button wide enough for the longest thing any cell may show (a
        full animal name, on two lines when it has two words), so the panel keeps its size
        from board to board. A cell shows a word's short form, never its name: a word with
        none (Thrill Digger's "not dug") shows nothing, and its name made every cell 6 px
        wider than anything shown (the 4x5 pit's panel 334 px at its narrowest, 14 px more
        than was free beside a 1280x720 game on a 1600x900 screen)."""
        texts = ["100%"] + [_two_lines(w.short) for _, w in self.choice_words() if w.short]
        metrics = self.cells[0][0].fontMetrics() if self.cells and self.cells[0] else None
        if metrics is None:
            return
        self._cell_font = QFont(self.cells[0][0].font())  # before any cell's style sheet
        wide = max(metrics.horizontalAdvance(part) for t in texts for part in t.split("\n"))
        width = min(CELL_MAX_WIDTH, max(CELL_SIZE[0], wide + 2 * (CELL_BORDER + CELL_MARGIN)))
        self._set_cell_width(width)
        room = self._room
        grid = self.board.layout()
        layout = self.layout()
        if room is not None and grid is not None and layout is not None:
            # Narrower cells (their text drawn smaller, see _fitting_px) when the panel at
            # its usual narrowest is wider than the room it has: a 360 px phone screen cut
            # the Disco Zoo panel's right column (419 px), a 1366x768 laptop a pentomino
            # level's columns 7-10 (546 px, 498 free beside the game).
            margins = self._margins
            columns = max(1, sum(1 for label in self.column_numbers if not label.isHidden()))
            other = grid.minimumSize().width() - columns * width
            fits = (room - margins.left() - margins.right() - other) // columns
            if fits < width:  # narrowed: the window's margins too (9 minesweeper columns in
                # 276 px beside an 800x600 screen's game)
                fits = (room - 2 * COMPACT_MARGIN - other) // columns
                self._set_cell_width(max(MIN_CELL_WIDTH, fits), low=True)
                layout.setContentsMargins(*[COMPACT_MARGIN] * 4)
            else:
                layout.setContentsMargins(margins)
        elif layout is not None:
            layout.setContentsMargins(self._margins)
        # The lines above and under the board are as narrow as it may be, no narrower (set
        # once at the first board's cells, the widest names': a rescue's panel stayed 419 px
        # at its narrowest when its board needed 277).
        for label in (getattr(self, name, None) for name in ("advice_line", "why_line", "key",
                                                              "status")):
            if label is not None:
                label.setMinimumWidth(self.board.minimumWidth())

    def _set_cell_width(self, width: int, low: bool = False) -> None:
        """Every cell button at least ``width`` pixels wide (and the board's least size so),
        :data:`COMPACT_CELL_HEIGHT` high when ``low`` (narrowed to fit the screen)."""
        high = COMPACT_CELL_HEIGHT if low else CELL_SIZE[1]
        for row in self.cells:
            for button in row:
                button.setMinimumSize(width, high)
        grid = self.board.layout()
        if grid is not None:
            grid.invalidate()
            self.board.setMinimumSize(grid.minimumSize())

    def fit_room(self, width: int | None) -> None:
        """Keep the panel at most ``width`` pixels wide at its narrowest (the room the screen
        has for it beside the game; ``None``: no limit): its cells are narrowed (and lower),
        their text smaller, down to :data:`MIN_CELL_WIDTH`."""
        if width == self._room:
            return
        self._room = width
        self._fit_cells()
        self.show_view(self.loop.view)

    def _fitting_px(self, button: QPushButton, text: str, border: int) -> int | None:
        """The pixel size the cell's ``text`` is drawn at to fit its cell with
        :data:`CELL_MARGIN` each side inside its ``border`` (``None``: its usual size
        fits). The cells are as wide as the game's short words; a text longer than those (a
        certain rupoor's "(rupoor)", an unsure tile's two names) is drawn smaller rather
        than run to the border or past it."""
        font = getattr(self, "_cell_font", None)
        if not text or font is None:
            return None
        widest = max(QFontMetrics(font).horizontalAdvance(line) for line in text.split("\n"))
        room = button.minimumWidth() - 2 * (border + CELL_MARGIN)
        if widest <= room:
            return None
        return max(MIN_CELL_PX, int(QFontInfo(font).pixelSize() * room / widest))

    # -- actions ------------------------------------------------------------------------------

    def choice_words(self) -> tuple[tuple[str, CellWord], ...]:
        """What a cell can be set to, in the game's words, for the board shown now."""
        return tuple((value, self._skinned(value, word))
                     for value, word in self.words.choices(self.choices, self._headers))

    def _skinned(self, value: str, word: CellWord) -> CellWord:
        """``word`` in the colour the game draws ``value`` in, when its pack says."""
        colour = self._skin.get(value)
        return replace(word, colour=colour) if colour else word

    def _open_chooser(self, row: int, col: int) -> None:
        self.chooser = self.make_chooser(row, col)
        button = self.cells[row][col]
        self.chooser.popup(button.mapToGlobal(button.rect().bottomLeft()))

    def make_chooser(self, row: int, col: int) -> QMenu:
        """The chooser of cell ``(row, col)``: a popup with one button per choice, by name and
        in its colour (the caller pops it up)."""
        menu = QMenu(self)
        box = QWidget(menu)
        column = QVBoxLayout(box)
        column.setContentsMargins(4, 4, 4, 4)
        column.setSpacing(2)
        advice = self.loop.view.advice
        title = QLabel(f"<b>{cell_name(row, col, self._origin(advice))}</b>")
        column.addWidget(title)
        for value, word in self.choice_words():
            button = QPushButton(word.name)
            button.setObjectName(f"choice:{value}")
            if word.colour:
                button.setStyleSheet(f"background: {word.colour}; color: {ink_for(word.colour)}")
            button.clicked.connect(
                lambda _=False, v=value: (menu.close(), self.correct(row, col, v)))
            column.addWidget(button)
        action = QWidgetAction(menu)
        action.setDefaultWidget(box)
        menu.addAction(action)
        return menu

    def correct(self, row: int, col: int, label: str) -> None:
        self._apply(self.loop.correct(row, col, label))

    def choose_hint(self, hint: str, value: int) -> None:
        """A count read unsure settled by the player (the doubt bar): until a new game."""
        self._apply(self.loop.set_hint(hint, value))

    def _origin(self, advice: Any) -> tuple[int, int]:
        """The first playable row and column cells are named from: the advice's, else the
        last advice's (the rows keep their numbers while the next one is worked out)."""
        if advice is not None:
            return (advice.origin.row, advice.origin.col)
        return self._numbering[0]

    def _objective(self, index: int) -> None:
        if self.objective_box is None or index < 0:
            return
        value = self.objective_box.itemData(index)
        if value:
            self._apply(self.loop.set_objective(value))

    def _apply(self, view: LiveView) -> None:
        self.show_view(view)
        if self.on_view is not None:
            self.on_view(view)

    # -- showing the belief -------------------------------------------------------------------

    def show_view(self, view: LiveView) -> None:
        """Show ``view``'s believed board, its odds as a heat map, the advice and the status."""
        self._read_board(view)
        state = view.state
        advice = view.advice
        recommended = set(advice.recommend) if advice is not None else set()
        figures = {(f.row, f.col): f for f in advice.figures} if advice is not None else {}
        pieces = {(cell.row, cell.col): p.label for p in (advice.pieces if advice else ())
                  for cell in p.cells}
        # Without a capture the whole board is the player's: no cell is marked as set by hand.
        by_hand = state.manual if (state is not None and self.loop.source.captures) else ()
        marks = {(m.row, m.col): m for m in advice.marks} if advice is not None else {}
        conflicts = {(c.row, c.col) for c in state.contradictions} if state else set()
        # the signs the cells show, with their words (the key's), by cell
        signs: dict[tuple[int, int], dict[str, str]] = {}
        if state is not None:
            for r, row in enumerate(state.grid):
                for c, label in enumerate(row):
                    if r >= len(self.cells) or c >= len(self.cells[r]):
                        continue
                    token = self._token(r, c)
                    word = self._skinned(label, self.words.word(label, self._headers, token))
                    shown = self._show_cell(self.cells[r][c], r, c, word, figures.get((r, c)),
                                            marks.get((r, c)), pieces.get((r, c)), advice,
                                            manual=Cell(r, c) in by_hand,
                                            conflict=(r, c) in conflicts,
                                            recommended=Cell(r, c) in recommended,
                                            confidence=state.confidence[r][c])
                    signs[r, c] = _cell_sign(shown, word, pieces.get((r, c)), advice)
        self._show_scale(advice)
        had_doubts = self.doubts.isVisibleTo(self)
        self.doubts.show_doubts(view.doubts, advice_alone(view.status, view.doubts))
        self.doubts.reserve(self.board.minimumWidth())
        self.hint_chooser.show_choices(view.choices)
        self.hint_chooser.reserve(self.board.minimumWidth())
        self._update_objectives(view)
        if advice is not None:
            last = advice.last
            self._numbering = ((advice.origin.row, advice.origin.col),
                               None if last is None else (last.row, last.col))
        self._number(*self._numbering)
        self._show_key(advice, marks, signs)  # after the numbering: of the cells shown
        self._show_status(view)
        if had_doubts != self.doubts.isVisibleTo(self) and self.isVisible():
            self.adjustSize()  # the doubt bar came or went: no gap where it was

    def _show_status(self, view: LiveView) -> None:
        """The advice line (large), its why, then the details and warnings, each wrapped; their
        heights are reserved in the layout (a wrapped label's height depends on its width,
        which a window's minimum size does not account for: the other rows would be squeezed
        into each other)."""
        # As tall as its contents (not taller by the player's hand): shrunk back with them.
        snug = self.isVisible() and self.height() <= self.minimumSizeHint().height()
        # The advice alone, or the question of an unsure cell it depends on: the rest is said
        # just under it, in the doubt bar with its choices (the status line everywhere else
        # says both).
        self._advice_text = advice_alone(view.status, view.doubts)
        self.advice_line.setText(self._advice_text)
        # never broken between a cell's word and its number
        self._why_text = cells_unbroken(view.why)
        self._advice_tail = ""  # the advice's words past its line's room, said under it
        self.why_line.setText(self._why_text)
        self.why_line.setVisible(bool(view.why))
        esc = html.escape
        # Folded (a phone's screen), the details are left off: they made the folded Disco
        # Zoo panel 271 px high on a 360x640 screen, over the cards or the board wherever it
        # went; the advice, its why, the warnings and the controls stay.
        details = () if self.folded else view.details
        parts = [f"<span style='color:{DETAIL_INK}'>{esc(' · '.join(details))}</span>"
                 if details else ""]
        parts += [f"<span style='color:{WARNING_INK}'>warning: {esc(w)}</span>"
                  for w in self._warnings(view)]
        if self.notice:
            parts.append(f"<span style='color:{WARNING_INK}'>{esc(self.notice)}</span>")
        self.status.setText("<br>".join(p for p in parts if p))
        # Shown only with something to say: empty, it kept a blank line (and the layout's
        # spacing) under the folded minesweeper panel's buttons, 22 of its 78 px.
        self.status.setVisible(bool(self.status.text()))
        self._fit_labels()
        high = self.minimumSizeHint().height()
        if snug and self.height() > high:
            self.resize(self.width(), high)

    @staticmethod
    def _warnings(view: LiveView) -> tuple[str, ...]:
        """The view's warnings the panel shows: a refused read's is left out while the panel
        asks for what the screen did not settle, the question and its lists right here
        (real-look 7002: under "no advice: the animals are not read beyond doubt" and "which
        animal is on each card?", the warning said again that the names are not read, each
        card's candidates and where to pick them). Kept when the names read fit no rescue:
        it says what the cards read."""
        choices = view.choices
        if choices is None or choices.first_read:
            return view.warnings
        return tuple(w for w in view.warnings if not w.startswith(REFUSAL))

    def _fit_labels(self) -> None:
        """Each line's height as its text needs at the width it has (at least the board's:
        the narrowest the window may be), again whenever the width changes. Reserved at the
        narrowest width, the one-line advice of a wider panel had a blank line under it, before
        its why. A label's height for a width is never under its minimum height: that is let
        go first, or a long line once shown (the game's window minimised: three lines) kept
        its height under every shorter one after it, a gap over the board."""
        layout = self.layout()
        width = self.board.minimumWidth()
        if layout is not None:
            margins = layout.contentsMargins()
            width = max(width, self.width() - margins.left() - margins.right())
        self._fitted_width = self.width()
        self._fit_advice(width)
        for label in (self.advice_line, self.why_line, self.status):
            label.setMinimumHeight(0)
            label.setMinimumHeight(max(0, label.heightForWidth(width))
                                   if label.isVisibleTo(self) or label is not self.why_line
                                   else 0)
        if layout is not None:
            layout.activate()  # the labels' new heights set the window's least size

    def _fit_advice(self, width: int) -> None:
        """The advice on one line ``width`` pixels wide: its font made smaller (down to
        :data:`MIN_ADVICE_PX`) when it is wider at :data:`ADVICE_PX`; a line wider still is
        never wrapped: it is said shorter, its move alone (``Step up or right``), the words
        after the move (``either keeps a full walk possible``) heading the why line under it.
        A tile path's panel in the strip's place, 292 px wide, said its advice on two lines
        ("Step up or right -" / "either keeps a full walk possible"): the eye found half."""
        text = self._advice_text
        self.advice_line.ensurePolished()
        font = QFont(self.advice_line.font())
        font.setBold(True)
        px = ADVICE_PX
        while px > MIN_ADVICE_PX:
            font.setPixelSize(px)
            if QFontMetrics(font).horizontalAdvance(text) <= width:
                break
            px -= 1
        font.setPixelSize(px)
        shown, tail = text, ""
        under_of = px  # the size the lines under it are shrunk from
        if QFontMetrics(font).horizontalAdvance(text) > width and " - " in text:
            shown, tail = text.split(" - ", 1)
            # The move alone at the usual size (smaller only if even it is wider): said
            # at the 11 px the whole line needed, "Dig row 1, column 1" in a 292 px
            # Thrill Digger panel beside the game was no larger than the why under it.
            # The lines under it keep the size they had (a why at the usual text size
            # made the panel taller, too tall for the strip's place on 700x1000).
            px = ADVICE_PX
            font.setPixelSize(px)
            while px > MIN_ADVICE_PX and QFontMetrics(font).horizontalAdvance(shown) > width:
                px -= 1
                font.setPixelSize(px)
        if tail != self._advice_tail:
            self._advice_tail = tail
            why = self._why_text
            said = f"{tail[:1].upper()}{tail[1:]}." if tail else ""
            self.why_line.setText(" ".join(part for part in (said, why) if part))
            self.why_line.setVisible(bool(tail or why))
        if px != self._advice_px:
            self._advice_px = px
            self.advice_line.setStyleSheet(ADVICE_STYLE.format(px=px))
        # the why and the details under it smaller than the advice, shrunk with it
        under = max(MIN_TEXT_PX, min(self._text_px, under_of - 1))
        if under != self._under_px:
            self._under_px = under
            style = "" if under == self._text_px else f"font-size: {under}px"
            for label in (self.why_line, self.status):
                label.setStyleSheet(style)
        if shown != self.advice_line.text():
            self.advice_line.setText(shown)

    def advice_width(self) -> int:
        """The panel's width (its margins included) that shows its advice whole on one line
        at its usual size (:data:`ADVICE_PX`)."""
        font = QFont(self.advice_line.font())
        font.setBold(True)
        font.setPixelSize(ADVICE_PX)
        layout = self.layout()
        margins = 0 if layout is None else (layout.contentsMargins().left()
                                            + layout.contentsMargins().right())
        frame = 2 * self.advice_line.frameWidth() + self.advice_line.margin() * 2
        return QFontMetrics(font).horizontalAdvance(self._advice_text) + margins + frame + 4

    def resizeEvent(self, event: Any) -> None:  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
        if self.width() != getattr(self, "_fitted_width", None):
            self._fit_labels()

    def _show_cell(self, button: QPushButton, r: int, c: int, word: CellWord,
                   figure: CellFigure | None, mark: CellMark | None, piece: str | None,
                   advice: Advice | None, *, manual: bool, conflict: bool, recommended: bool,
                   confidence: float) -> str:
        """Show one cell; returns its text (before any break onto two lines)."""
        legend = advice.legend if advice is not None else None
        background = word.colour
        text = word.short
        if piece is not None and not word.colour:  # the piece the advice would place here
            text, background = f"+{piece}", self._skin.get(piece) or hex_of(piece_colour(piece))
        elif figure is not None:
            text = figure.text
            if mark is not None and mark.kind is MarkKind.CHOICE:  # whose: "if Tiger" over "61%"
                text = f"{mark.label}\n{text}"
            if figure.heat is not None:
                background = hex_of(heat_colour(figure.heat))
        elif mark is not None and not word.colour:
            sign = MARK_SIGNS.get(mark.kind, "")
            # A certain but untouched cell: what it certainly holds in brackets (as the text
            # report writes it), else the mark's sign.
            known = mark.kind is MarkKind.KNOWN and mark.label
            if mark.kind is MarkKind.UNSURE and " or " in mark.label:
                sign = mark.label  # the animals it may be, as the key lists it (was "?" alone)
            text = (_two_lines(f"({mark.label})") if known else sign) or text
        elif mark is not None and text and mark.kind is not MarkKind.KNOWN:
            # A cell showing the game's own word (Minesweeper's flag "F") and a mark: the sign
            # beside the word ("F ✗": a flag on a certain mine; "F !": a wrong flag), so
            # every sign the key lists is one a cell shows (the key said "✗ mine" over a
            # flagged mine showing only "F" and a red border).
            # Not said twice: a found tile "Panda or Tiger?" showed "Panda or Tiger? ?".
            sign = MARK_SIGNS.get(mark.kind, "")
            text = text if text.endswith(sign) else f"{text} {sign}".rstrip()
        if conflict:
            background = CONFLICT
        elif manual and not background:
            background = HAND_FILL
        shown = text
        text = _two_lines(text)
        button.setText(text)
        style = []
        if background:
            style += [f"background: {background}", f"color: {ink_for(background)}"]
        also = mark is not None and mark.kind is MarkKind.ALSO  # a move as good: dashed
        if recommended:
            style.append(f"border: 3px solid {hex_of(RECOMMEND)}")
        elif also and not manual:
            style.append(f"border: 3px dashed {hex_of(RECOMMEND)}")
        elif manual:
            style.append(f"border: 3px dashed {HAND}")
        elif mark is not None:
            style.append(f"border: 2px solid {hex_of(MARK[mark.kind])}")
        border = CELL_BORDER if recommended or manual or also else 2 if mark is not None else 1
        smaller = self._fitting_px(button, text, border)
        if smaller is not None:
            style.append(f"font-size: {smaller}px")
        button.setStyleSheet("; ".join(style))
        tip = [f"{cell_name(r, c, self._origin(advice))}: {word.name}"]
        if piece is not None:
            tip.append(f"place piece {piece} here")
        if figure is not None:
            caption = (legend.heat if legend is not None else "") or "chance"
            tip.append(f"{caption} {figure.text}")
        if mark is not None:
            words = legend.word(mark.kind.value, mark.kind.value) if legend else mark.kind.value
            tip.append(words.replace("{label}", mark.label))
        if self.loop.source.confidence() is not None and not manual:
            tip.append(f"read confidence {confidence:.2f}")
        if manual:
            tip.append("set by hand")
        button.setToolTip("; ".join(tip))
        return shown

    def _show_scale(self, advice: Advice | None) -> None:
        """The heat map's key, in the game's words and direction (hidden without one)."""
        if self.folded or advice is None or not any(f.heat is not None for f in advice.figures):
            self.scale.setVisible(False)
            return
        legend = advice.legend
        low = 1.0 if not legend.heat_rises else 0.0  # the heat of "low" of the caption's measure
        swatch = lambda heat, word: (  # noqa: E731
            f"<span style='background:{hex_of(heat_colour(heat))};"
            f"color:{ink_for(hex_of(heat_colour(heat)))}'>&nbsp;{word}&nbsp;</span>")
        self.scale.setText(f"{legend.heat or 'chance'}: {swatch(low, 'low')} "
                           f"{swatch(0.5, 'mid')} {swatch(1.0 - low, 'high')}")
        self.scale.setVisible(True)

    def _show_key(self, advice: Advice | None, marks: Mapping[tuple[int, int], CellMark],
                  signs: Mapping[tuple[int, int], Mapping[str, str]] | None = None) -> None:
        """The signs shown on the cells, each with the game's words for it (hidden without):
        the game's own signs (``signs``: Disco Zoo's "–" on a tapped tile with no animal,
        which the key missed while it said what the "∅" of an untapped one means), then
        the marks'. A frame's cells not shown (a pentomino level's) add nothing."""
        own: dict[str, str] = {}
        for (r, c), cell_signs in (signs or {}).items():
            if r < len(self.cells) and c < len(self.cells[r]) and not self.cells[r][c].isHidden():
                own.update(cell_signs)
        # The squares first: the advised cell's magenta square and the dashed one of a move as
        # good (the key named every sign but these two, the ones the advice is about).
        squares = []
        legend = advice.legend if advice is not None else None
        choices = {(m.row, m.col) for m in marks.values() if m.kind is MarkKind.CHOICE}
        if advice is not None and any((c.row, c.col) not in choices for c in advice.recommend):
            squares.append((SQUARE, legend.word("recommend", RECOMMEND_NAME) if legend
                            else RECOMMEND_NAME))
        if any(m.kind is MarkKind.ALSO for m in marks.values()):
            words = legend.word("also", MARK_NAMES[MarkKind.ALSO]) if legend \
                else MARK_NAMES[MarkKind.ALSO]
            squares.append((DASHED_SQUARE, words))
        parts = [f"{sign} {words}" for sign, words in [*squares, *own.items()]]
        seen: set[str] = set(own)
        for mark in marks.values():
            legend = advice.legend if advice is not None else None
            words = legend.word(mark.kind.value, mark.kind.value) if legend else mark.kind.value
            if mark.kind is MarkKind.KNOWN and mark.label:
                sign, words = f"({mark.label})", words.replace("{label}", mark.label)
            elif mark.kind is MarkKind.UNSURE and " or " in mark.label:
                # The cell shows "Panda or Tiger?": the key said "? found", a sign no cell
                # shows. (Said "found, ...": "found: the screen does not tell which" read as
                # if what was found were the screen's words.)
                sign = mark.label
                words = words.replace(": {label}", "") + ", the screen does not tell which"
            else:
                sign, words = MARK_SIGNS.get(mark.kind, ""), words.replace(": {label}", "")
            if sign and sign not in seen:
                seen.add(sign)
                parts.append(f"{sign} {words}")
        parts = [] if self.folded else parts
        self.board.setToolTip(" · ".join(parts) if self.key_short else "")
        parts = [] if self.key_short else parts
        # (rich text: the squares in the advice's magenta, as the cells show them)
        ink = hex_of(RECOMMEND)
        self.key.setText(" · ".join(
            f"<span style='color:{ink}; font-weight:bold'>{part[0]}</span>"
            f"{html.escape(part[1:], quote=False)}" if part[:1] in (SQUARE, DASHED_SQUARE)
            else html.escape(part, quote=False) for part in parts))
        self.key.setVisible(bool(parts))
        self.key.setMinimumHeight(self.key.heightForWidth(self.board.minimumWidth())
                                  if parts else 0)

    def _read_board(self, view: LiveView) -> None:
        """The headers and tokens of the board as solved (names depend on them)."""
        old = self._headers
        self._headers, self._tokens = {}, None
        if not view.board:
            return
        try:
            board = parse_boards(view.board, source="<panel>")[0]
        except (InputError, IndexError):
            return
        self._headers = dict(board.headers)
        if self._headers != old:
            self._fit_cells()
        state = view.state
        if state is not None and len(board.grid) == len(state.grid) and all(
                len(a) == len(b) for a, b in zip(board.grid, state.grid)):
            self._tokens = tuple(tuple(row) for row in board.grid)

    def _token(self, r: int, c: int) -> str | None:
        return self._tokens[r][c] if self._tokens is not None else None

    def _fill_objectives(self, objectives: Sequence[str], current: str | None) -> None:
        box = self.objective_box
        assert box is not None
        box.blockSignals(True)
        box.clear()
        for objective in objectives:
            box.addItem(self.words.objective_name(objective), objective)
        index = box.findData(current)
        if index >= 0:
            box.setCurrentIndex(index)
        box.blockSignals(False)

    def _update_objectives(self, view: LiveView) -> None:
        objectives = self.loop.spec.objectives
        if self.objective_box is None or objectives is None:
            return
        wanted = list(objectives.choices(view.board))
        have = [self.objective_box.itemData(i) for i in range(self.objective_box.count())]
        if wanted != have:
            self._fill_objectives(wanted, self.loop.objective)

    def believed(self) -> list[list[str]]:
        """The cell texts shown, as the player sees them (for tests)."""
        return [[b.text() for b in row] for row in self.cells]


def _cell_sign(shown: str, word: CellWord, piece: str | None,
               advice: Advice | None) -> dict[str, str]:
    """The key's entry for a cell showing ``shown`` (``{sign: words}``), when it is a sign a
    player must look up: the game's own sign for the cell (one mark that is not a letter or a
    figure: "–", "×", "■") or a piece to place ("+U"); none for a word, a number,
    a figure or a blank."""
    if piece is not None and shown == f"+{piece}":
        words = advice.legend.word("piece", "piece {label}") if advice is not None else \
            "piece {label}"
        return {shown: words.replace("{label}", piece)}
    # (not "·", an empty cell's dot: "· · empty" in the key, whose separator it is)
    if shown == word.short and len(shown) == 1 and not shown.isalnum() and shown != "·":
        return {shown: word.name}
    return {}


def _two_lines(text: str, width: int = 9) -> str:
    """A cell's text on two lines when it is long and has a space to break at
    (``Flying Squirrel``, ``Panda or Tiger?``)."""
    if len(text) <= width or " " not in text or "\n" in text:
        return text
    middle = len(text) // 2
    spaces = [i for i, ch in enumerate(text) if ch == " "]
    cut = min(spaces, key=lambda i: abs(i - middle))
    return text[:cut] + "\n" + text[cut + 1:]


def make_panel(loop: LiveLoop, choices: Sequence[str],
               on_view: Callable[[LiveView], None] | None = None) -> Any:
    return Panel(loop, choices, on_view)
