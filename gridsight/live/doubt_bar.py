"""The panel's doubt bar: one click settles a cell read unsurely.

For each :class:`~gridsight.games.doubts.Doubt` of the view (a found Disco Zoo tile that
is "Panda or Tiger") the bar shows the doubt in words on a line of its own (the doubt the
panel's advice line asks: each answer's move, "Panda: tap row 4, column 4. Tiger: tap row
1, column 5."; one that changes nothing: "the advice is the same") and, under it, one button
per candidate ("It is: [Panda] [Tiger]"); a click sets the cell to that candidate (the panel's correction, ``animal:NAME``),
so the board is solved again as the player sees it. A doubt about a count read unsure
(Disco Zoo's attempts: "18 or 10?", said whether or not the advice changes) offers each count
the same way ("Attempts left: [18] [10]"); a click reads the board again with that count
(:meth:`gridsight.live.loop.LiveLoop.set_hint`, until a new game). The bar is hidden while
there is no doubt.
The panel puts it right under the advice line, which then shows the question alone or the
advice alone (the rest is the bar's). A wrapped line's height depends on its width, which a window's minimum size
does not account for: :meth:`DoubtBar.reserve` sets the words' minimum height for the
narrowest width the panel may have, so the rows under the bar are never drawn over it.
PySide6 is imported here: loaded only with the panel.
"""

from __future__ import annotations

from typing import Callable, Sequence

from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from gridsight.games.doubts import ABOUT_WORDS, Doubt

DOUBT_COLOUR = "#ffe680"


class DoubtBar(QWidget):
    """The doubts of the view shown, each with its candidates as buttons;
    ``correct(row, col, label)`` is called with the label ``animal:NAME`` of the one
    clicked, ``choose(hint, value)`` with a count's hint (``taps``) and the count clicked."""

    def __init__(self, correct: Callable[[int, int, str], None],
                 choose: Callable[[str, int], None] | None = None):
        super().__init__()
        self.correct = correct
        self.choose = choose
        self.column = QVBoxLayout(self)
        self.column.setContentsMargins(0, 0, 0, 0)
        self.buttons: list[QPushButton] = []
        self.lines: list[QLabel] = []
        self._shown: tuple[tuple[Doubt, ...], str] = ((), "")
        self._width = 0
        self.setVisible(False)

    def show_doubts(self, doubts: Sequence[Doubt], asked: str = "") -> None:
        """Show ``doubts`` (none: the bar hides); the one whose question is ``asked`` (the
        panel's advice line) by its answers alone."""
        doubts = tuple(doubts)
        if (doubts, asked) == self._shown:
            return
        self._shown = (doubts, asked)
        while self.column.count():
            item = self.column.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.deleteLater()
        self.buttons = []
        self.lines = []
        for doubt in doubts:
            if doubt.cell is None and (doubt.about is None or self.choose is None):
                continue  # a count's doubt with nowhere to send the choice: the status says it
            name = doubt.about if doubt.cell is None else f"{doubt.cell[0]},{doubt.cell[1]}"
            said = doubt.answers() if doubt.changes and asked and \
                asked.lower() == doubt.question().lower() else doubt.words()
            words = QLabel(said[:1].upper() + said[1:])  # a line of its own: a sentence
            words.setObjectName(f"doubt:{name}")
            words.setWordWrap(True)
            words.setStyleSheet(f"background: {DOUBT_COLOUR}; color: #000000; padding: 2px")
            self.column.addWidget(words)
            self.lines.append(words)
            row = QWidget()
            line = QHBoxLayout(row)
            line.setContentsMargins(0, 0, 0, 0)
            said = ABOUT_WORDS.get(doubt.about or "", "") if doubt.cell is None else ""
            line.addWidget(QLabel(f"{said.capitalize()} left:" if said else "It is:"))
            for option in doubt.options:
                button = QPushButton(option)
                button.setObjectName(f"doubt:{name}:{option}")
                self._connect(button, doubt, option)
                line.addWidget(button)
                self.buttons.append(button)
            line.addStretch(1)
            self.column.addWidget(row)
        self.setVisible(bool(self.lines))
        self.reserve(self._width)

    def _connect(self, button: QPushButton, doubt: Doubt, option: str) -> None:
        """``button`` settles ``doubt`` as ``option``: the tile set to that animal, or the
        count's hint chosen (until a new game)."""
        if doubt.cell is None:
            hint, choose = doubt.about or "", self.choose
            button.setToolTip(f"it is {option}: read the board again with {option} (until a "
                              "new game)")
            button.clicked.connect(
                lambda _=False, h=hint, v=int(option): choose(h, v) if choose else None)
            return
        r, c = doubt.cell
        button.setToolTip(f"it is {option}: set the tile and solve again")
        button.clicked.connect(
            lambda _=False, r=r, c=c, n=option: self.correct(r, c, f"animal:{n}"))

    def reserve(self, width: int) -> None:
        """Keep each doubt's words at least ``width`` pixels wide (the panel's narrowest) and
        tall enough for them wrapped at that width."""
        self._width = width
        for words in self.lines:
            words.setMinimumWidth(width)
            words.setMinimumHeight(words.heightForWidth(width) if width > 0 else 0)
