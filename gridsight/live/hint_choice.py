"""The panel's hint chooser: the player picks what the screen did not settle.

When the reader cannot settle a hint off the screen (Disco Zoo's animals: the cards' names
not read beyond doubt, and their boxes and the board leaving several rescues), it says what
each part may be (:class:`~gridsight.errors.HintChoices`). Instead of telling a player in
the middle of a game to start again with ``--animals``, the panel shows one list per part
(``card 1``, ``card 2``...) holding those candidates (when they are of several regions, a
list of the regions first: the region's name is on the screen, and once it is picked each
card's list holds that region's few), and a button that reads the board again with the ones
picked (:meth:`gridsight.live.loop.LiveLoop.set_hint`), until a new game. When no card is
seen at all, the lists are one per card a rescue may show (its animals and a pet), those after
the first starting at ``none`` (no such card), and the region's list is on a line of its own
(the region read off the title, when it is, picked already: :attr:`HintChoices.seen`);
when the names read fit no rescue, each list starts with the name read (one click reads with
them anyway). The chooser is hidden while nothing is asked. PySide6 is imported here: loaded only with the
panel.
"""

from __future__ import annotations

from typing import Any, Callable

from PySide6.QtWidgets import (
    QComboBox,
    QGridLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from gridsight.errors import NO_PART, HintChoices

PER_LINE = 2  # cards' lists on one line
LIST_LETTERS = 9  # a list is this many letters wide (most names; a longer one is elided)
ANY = "any"  # the group list's first entry: every candidate
# A part that must be given and that nothing on the screen narrows (no card seen: card 1 may be
# any animal of the region) starts at this, not at the region's first animal: one click on
# *Read with these* read the rescue as hiding a Monkey alone, which nobody had picked.
UNPICKED = "(pick one)"
ASK_COLOUR = "#ffe680"  # the doubt bar's: something only the player can settle
PART_NAMES = {"animals": "card"}  # what one part of a hint is called, by the hint's name
# The advice line above says what is not read ("no advice: the animals are not read beyond
# doubt"): the question asks, no more.
QUESTIONS = {"animals": "Which animal is on each card?"}


class HintChooser(QWidget):
    """The choices of the view shown, one list per part; ``choose(hint, value)`` is called
    with the values picked (a tuple, one per part) when the player asks to read with them."""

    def __init__(self, choose: Callable[[str, Any], None]):
        super().__init__()
        self.choose = choose
        self.column = QVBoxLayout(self)
        self.column.setContentsMargins(0, 0, 0, 0)
        self.lists: list[QComboBox] = []
        self.groups: QComboBox | None = None
        self.button: QPushButton | None = None
        self.question: QLabel | None = None
        self._width = 0
        self._shown: HintChoices | None = None
        self.setVisible(False)

    def show_choices(self, choices: HintChoices | None) -> None:
        """Show ``choices`` (``None``: the chooser hides); the same choices again keep what
        the player has picked so far."""
        if choices == self._shown:
            return
        self._shown = choices
        while self.column.count():
            item = self.column.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.deleteLater()
        self.lists, self.groups, self.button, self.question = [], None, None, None
        if choices is not None:
            self._build(choices)
        self.setVisible(choices is not None)
        self.reserve(self._width)

    def reserve(self, width: int) -> None:
        """Keep the question at least ``width`` pixels wide (the panel's narrowest) and tall
        enough for it wrapped at that width: a wrapped label's height depends on its width,
        which the panel's minimum size does not account for (three lines at 419 px took the
        board's last row's height: the buttons under it were drawn over it)."""
        self._width = width
        if self.question is not None and width > 0:
            self.question.setMinimumWidth(width)
            self.question.setMinimumHeight(self.question.heightForWidth(width))

    def _build(self, choices: HintChoices) -> None:
        question = QLabel(choices.question or QUESTIONS.get(
            choices.hint, f"Not read beyond doubt: {choices.hint}?"))
        question.setWordWrap(True)
        question.setStyleSheet(f"background: {ASK_COLOUR}; color: #000000; padding: 2px")
        self.column.addWidget(question)
        self.question = question
        grid = QGridLayout()
        grid.setContentsMargins(0, 0, 0, 0)
        part = PART_NAMES.get(choices.hint, "part")
        if choices.groups:  # the region first, on a line of its own
            grid.addWidget(QLabel(choices.group or "group"), 0, 0)
            self.groups = QComboBox()
            self.groups.setObjectName(f"hint:{choices.hint}:group")
            self.groups.addItems([ANY] + [name for name, _ in choices.groups])
            self.groups.setToolTip(f"the {choices.group or 'group'} on the screen: each list "
                                   "then holds its candidates alone")
            self.groups.currentTextChanged.connect(self._regroup)
            grid.addWidget(self.groups, 0, 1)
        first = grid.rowCount() if choices.groups else 0
        for k, options in enumerate(choices.options):
            # Two cards a line: four lists and a button on one line made the panel twice as
            # wide as the board (821 px against 419: it could not be put beside a game).
            at, col = first + k // PER_LINE, 2 * (k % PER_LINE)
            grid.addWidget(QLabel(f"{part} {k + 1}"), at, col)
            box = QComboBox()
            box.setObjectName(f"hint:{choices.hint}:{k}")
            box.addItems(_listed(choices, k, options))
            box.currentTextChanged.connect(lambda _=None: self._allow())
            # As wide as a name, not the longest of a hundred (the panel may be narrowed).
            box.setSizeAdjustPolicy(
                QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
            box.setMinimumContentsLength(LIST_LETTERS)
            box.setToolTip(f"the {part} {k + 1}'s candidates as read" if not choices.optional(k)
                           else f"the {part} {k + 1}'s animal ({NO_PART}: no such {part})")
            grid.addWidget(box, at, col + 1)
            self.lists.append(box)
        if self.groups is not None and choices.seen:
            # The group the screen seems to show (the title's region), picked for the player,
            # who confirms it: each list then holds that group's few candidates.
            self.groups.setCurrentIndex(max(0, self.groups.findText(choices.seen)))
        self.button = QPushButton("Read with these")
        self.button.setObjectName(f"hint:{choices.hint}:apply")
        self.button.setToolTip("read the board again with the ones picked (until a new game)")
        self.button.clicked.connect(lambda _=False: self.apply())
        grid.addWidget(self.button, grid.rowCount(), 0, 1, 2 * PER_LINE)
        self._allow()
        grid.setColumnStretch(2 * PER_LINE, 1)
        holder = QWidget()
        holder.setLayout(grid)
        self.column.addWidget(holder)

    def _regroup(self, name: str) -> None:
        """Each list refilled with the group ``name``'s candidates (all for :data:`ANY`)."""
        if self._shown is None:
            return
        options = self._shown.options if name == ANY else self._shown.in_group(name)
        for k, (box, values) in enumerate(zip(self.lists, options)):
            box.clear()
            box.addItems(_listed(self._shown, k, values))

    def _allow(self) -> None:
        """*Read with these* is offered once every part that must be given is picked."""
        if self.button is not None:
            self.button.setEnabled(UNPICKED not in self.picked())

    def picked(self) -> tuple[str, ...]:
        """The value picked in each list."""
        return tuple(box.currentText() for box in self.lists)

    def apply(self) -> None:
        """Read again with the values picked (nothing while a part is left unpicked)."""
        if self._shown is not None and UNPICKED not in self.picked():
            self.choose(self._shown.hint, self._shown.value(self.picked()))


def _listed(choices: HintChoices, part: int, options: tuple[str, ...]) -> list[str]:
    """The entries of part ``part``'s list: its options, after :data:`NO_PART` (first: what
    is not picked is left out) when it may be left out, or after :data:`UNPICKED` when it
    must be given and the screen narrowed nothing (the lists of a screen with no card seen,
    :attr:`HintChoices.fewest` set) or left it several options: the cards' names not read
    on a small screen started at each list's first candidate (Sheep, Pig: of 102 each, on
    Xvfb), and one click on *Read with these* gave advice for a rescue nobody had picked. A
    list whose first option is the name read (:attr:`HintChoices.first_read`) or that holds
    one option starts at it."""
    unpicked = choices.fewest is not None or (len(options) > 1 and not choices.first_read)
    first = [NO_PART] if choices.optional(part) else [UNPICKED] if unpicked else []
    return first + list(options)
