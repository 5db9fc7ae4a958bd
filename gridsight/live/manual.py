"""A board set by hand (``gridsight live --game G --manual``): board tokens, not pack labels.

Without a capture there is no reader: the panel edits the game's own text-format tokens, and
the board text is the player's headers (from the hints the game's spec declares, such as
``--animals`` or ``--pieces``) plus that grid, solved exactly as ``gridsight solve`` would. A
starting board can be given (``--board FILE``), otherwise every cell starts as the game's
"nothing here yet" token, on a board of the game's usual size (the spec's ``manual`` part).
:class:`ManualSource` is the live loop's board source for it.

>>> board = ManualBoard.blank("pentomino", (("pieces", "P U V"),))
>>> len(board.grid), len(board.grid[0]), board.tokens()[:3]
(6, 10, ('.', '#', 'F'))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from gridsight.live.sources import SourceUpdate, _NoExtras
from gridsight.readers.base import BoardReading, ReadHints
from gridsight.registry import get_spec
from gridsight.tracking import CellTracker, TrackerState, never
from gridsight.solvers.boardtext import parse_boards

if TYPE_CHECKING:  # pragma: no cover
    from gridsight.vision.capture import Frame


@dataclass(frozen=True)
class ManualBoard:
    """The game, its starting grid and its headers (the counter's is overridden, see below)."""

    game: str
    grid: tuple[tuple[str, ...], ...]
    headers: tuple[tuple[str, str], ...] = ()

    @classmethod
    def blank(cls, game: str, headers: tuple[tuple[str, str], ...] = ()) -> "ManualBoard":
        """The game's usual board, every cell blank (an unknown game is an error)."""
        manual = get_spec(game).manual
        row = (manual.blank,) * manual.cols
        given = {key for key, _ in headers}
        headers = tuple(h for h in manual.headers if h[0] not in given) + tuple(headers)
        return cls(game, tuple(row for _ in range(manual.rows)), headers)

    @classmethod
    def from_text(cls, game: str, text: str, source: str = "<board>") -> "ManualBoard":
        get_spec(game)  # an unknown game is an error here too
        board = parse_boards(text, source=source)[0]
        return cls(game, tuple(tuple(row) for row in board.grid), tuple(board.headers.items()))

    @staticmethod
    def headers_from(game: str, hints: ReadHints) -> tuple[tuple[str, str], ...]:
        """The board-text headers the player's hints fill (``--animals Pig,Cow`` ->
        ``animals: Pig, Cow``), in the order the game's spec declares its hints."""
        return tuple((hint.header, hint.header_text(hints.get(hint.name)))
                     for hint in get_spec(game).hints
                     if hint.header is not None and hints.get(hint.name) is not None)

    def tokens(self) -> tuple[str, ...]:
        """What the panel offers: the game's tokens, then any other token on the board."""
        seen = list(get_spec(self.game).manual.tokens)
        for row in self.grid:
            seen += [t for t in row if t not in seen]
        return tuple(dict.fromkeys(seen))

    def tracker(self) -> CellTracker:
        """A tracker holding the starting grid as manual cells (reads never reach it)."""
        blank = get_spec(self.game).manual.blank
        tracker = CellTracker(len(self.grid), len(self.grid[0]), initial=blank, is_reveal=never)
        for r, row in enumerate(self.grid):
            for c, token in enumerate(row):
                if token != blank:
                    tracker.correct(r, c, token)
        tracker._undo.clear()  # the starting board is not a correction to undo
        return tracker

    def reading(self, state: TrackerState, hints: ReadHints) -> BoardReading:
        """The board text of ``state`` with this board's headers; the game's counter (Disco
        Zoo's ``taps``) given in ``hints`` wins over the header."""
        counter = get_spec(self.game).counter
        override = None if counter is None else hints.get(counter.hint)
        headers = [(k, v) for k, v in self.headers
                   if not (override is not None and k == counter.header)]
        if override is not None:
            headers.append((counter.header, str(override)))
        lines = [f"{k}: {v}" for k, v in headers] + [" ".join(row) for row in state.grid]
        text = "\n".join(lines) + "\n"
        board = parse_boards(text, source="<panel>")[0]
        confidence = tuple(tuple(1.0 for _ in row) for row in state.grid)
        return BoardReading(self.game, text, board, (), confidence)


class ManualSource(_NoExtras):
    """The board set by hand in the panel: board tokens, no capture (``--manual``)."""

    captures = False
    confirm = 1

    def __init__(self, manual: ManualBoard):
        self.manual = manual
        self.tracker = manual.tracker()
        self.choices = manual.tokens()
        self._state = self.tracker.state()

    @property
    def ready(self) -> bool:
        return True

    def title(self) -> str:
        return self.manual.game

    def confidence(self) -> float | None:
        return None

    def read(self, frame: Frame) -> SourceUpdate:  # pragma: no cover - never fed frames
        return SourceUpdate(None, changed=False)

    def state(self) -> TrackerState:
        return self._state

    def reading(self, hints: ReadHints) -> BoardReading:
        return self.manual.reading(self._state, hints)

    def correct(self, row: int, col: int, label: str) -> None:
        self._state = self.tracker.correct(row, col, label)

    def undo(self) -> bool:
        state = self.tracker.undo()
        if state is None:
            return False
        self._state = state
        return True

    def reset(self) -> None:
        self._state = self.tracker.reset()
