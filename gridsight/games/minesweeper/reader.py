"""Reading a Minesweeper board: the pack's labels are the text format's tokens.

An unread cell could be unopened, flagged or any number: each changes every chance on the
board, so nothing is assumed and the reader refuses the board, naming the unread cells. The
board's total number of mines (the format's ``mines:`` header) is the player's ``--mines N``,
else the mines of the classic level of that size (beginner 9x9: 10, intermediate 16x16: 40,
expert 16x30: 99), said in the notes; a board of another size without ``--mines`` is refused.
"""

from __future__ import annotations

import numpy as np

from gridsight.readers.base import (BoardReading, ReadError, ReadHints, every_cell_read,
                                    make_reading)
from gridsight.solvers.boardtext import BoardText
from gridsight.solvers.minesweeper.rules import LEVELS, TOKENS
from gridsight.vision.classify import BoardRead
from gridsight.vision.packs import TemplatePack


class MinesweeperReader:
    game = "minesweeper"

    def read(self, image: np.ndarray, board: BoardRead, pack: TemplatePack,
             hints: ReadHints) -> BoardReading:
        grid = every_cell_read(
            board, TOKENS, token_words="a Minesweeper token (. F * 0-8)",
            why_unread="cell(s) unread ({cells}): a Minesweeper cell changes every chance on "
                       "the board, so gridsight does not guess it")
        rows, cols = len(grid), len(grid[0])
        notes = []
        mines = hints.mines
        if mines is None:
            level = next((lv for lv in LEVELS.values() if (lv.rows, lv.cols) == (rows, cols)),
                         None)
            if level is None:
                raise ReadError(f"how many mines has this {rows}x{cols} board? give --mines N")
            mines = level.mines
            notes.append(f"{level.name} board: {mines} mines (give --mines N otherwise)")
        return make_reading(self.game, [("mines", str(mines))], grid, board, [], notes)

    def labels_from_text(self, board: BoardText, pack: TemplatePack) -> list[list[str]]:
        board.check_tokens(TOKENS | {"?"}, "one of . F * 0-8, or ? for a cell not to learn")
        return [list(row) for row in board.grid]


READER = MinesweeperReader()
