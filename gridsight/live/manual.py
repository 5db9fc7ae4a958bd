"""A board set by hand (``gridsight live --game G --manual``): board tokens, not pack labels.

Without a capture there is no reader: the panel edits the game's own text-format tokens, and
the board text is the player's headers (``--animals``, ``--region``, ``--taps``, ``--pieces``)
plus that grid, solved exactly as ``gridsight solve`` would. A starting board can be given
(``--board FILE``), otherwise every cell starts as the game's "nothing here yet" token.
"""

from __future__ import annotations

from dataclasses import dataclass

from gridsight.readers.base import BoardReading, ReadHints
from gridsight.tracking import CellTracker, TrackerState, never
from solvers.boardtext import parse_boards

# Rows, columns and the blank token of each game's usual board.
_SHAPES: dict[str, tuple[int, int, str]] = {
    "disco-zoo": (5, 5, "."),
    "tile-path": (6, 8, "."),
    "pentomino": (6, 10, "."),
    "thrill-digger": (5, 8, "."),
}

# The tokens the panel offers per game (besides any already on the board).
TOKENS: dict[str, tuple[str, ...]] = {
    "disco-zoo": (".", "-", "1", "2", "3", "4"),
    "tile-path": (".", "x", "#", "S", "E", "L"),
    "pentomino": (".", "#", *"FILNPTUVWXYZ"),
}


@dataclass(frozen=True)
class ManualBoard:
    """The game, its starting grid and its headers (other than ``taps``, see below)."""

    game: str
    grid: tuple[tuple[str, ...], ...]
    headers: tuple[tuple[str, str], ...] = ()

    @classmethod
    def blank(cls, game: str, headers: tuple[tuple[str, str], ...] = ()) -> "ManualBoard":
        rows, cols, token = _SHAPES.get(game, (5, 5, "."))
        return cls(game, tuple((token,) * cols for _ in range(rows)), headers)

    @classmethod
    def from_text(cls, game: str, text: str, source: str = "<board>") -> "ManualBoard":
        board = parse_boards(text, source=source)[0]
        return cls(game, tuple(tuple(row) for row in board.grid), tuple(board.headers.items()))

    def tokens(self) -> tuple[str, ...]:
        seen = list(TOKENS.get(self.game, ()))
        for row in self.grid:
            seen += [t for t in row if t not in seen]
        return tuple(dict.fromkeys(seen))

    def tracker(self) -> CellTracker:
        """A tracker holding the starting grid as manual cells (reads never reach it)."""
        tracker = CellTracker(len(self.grid), len(self.grid[0]), initial=".", is_reveal=never)
        for r, row in enumerate(self.grid):
            for c, token in enumerate(row):
                if token != ".":
                    tracker.correct(r, c, token)
        tracker._undo.clear()  # the starting board is not a correction to undo
        return tracker

    def reading(self, state: TrackerState, hints: ReadHints) -> BoardReading:
        """The board text of ``state`` with this board's headers (``hints.taps`` wins)."""
        headers = [(k, v) for k, v in self.headers if not (k == "taps" and hints.taps is not None)]
        if hints.taps is not None:
            headers.append(("taps", str(hints.taps)))
        lines = [f"{k}: {v}" for k, v in headers] + [" ".join(row) for row in state.grid]
        text = "\n".join(lines) + "\n"
        board = parse_boards(text, source="<panel>")[0]
        confidence = tuple(tuple(1.0 for _ in row) for row in state.grid)
        return BoardReading(self.game, text, board, (), confidence)
