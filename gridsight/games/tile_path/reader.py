"""Reading a tile-path room: the pack's labels are the text format's tokens.

An unread tile could be a tile to cross, a crossed tile, a statue or Link: each changes whether
a walk exists, so nothing is assumed. The reader refuses the board, naming the unread tiles,
rather than give advice that may be wrong.
"""

from __future__ import annotations

import numpy as np

from gridsight.readers.base import BoardReading, ReadError, ReadHints, describe_cells, make_reading
from solvers.boardtext import BoardText
from solvers.cellnames import cell_name
from vision.classify import BoardRead
from vision.packs import TemplatePack

TOKENS = frozenset(".x#SEL")


class TilePathReader:
    game = "tile-path"

    def read(self, image: np.ndarray, board: BoardRead, pack: TemplatePack,
             hints: ReadHints) -> BoardReading:
        unread = board.unknown()
        if unread:
            raise ReadError(
                f"{len(unread)} tile(s) unread ({describe_cells(unread)}): a tile-path walk "
                "depends on every tile, so gridsight does not guess them", tuple(unread))
        grid = [list(row) for row in board.labels()]
        for r, row in enumerate(grid):
            for c, label in enumerate(row):
                if label not in TOKENS:
                    raise ReadError(f"the pack's label '{label}' at {cell_name(r, c)} is not a "
                                    "tile-path token (. x # S E L)")
        return make_reading(self.game, [], grid, board, [], [])

    def labels_from_text(self, board: BoardText, pack: TemplatePack) -> list[list[str]]:
        board.check_tokens(TOKENS | {"?"}, "one of . x # S E L, or ? for a tile not to learn")
        return [list(row) for row in board.grid]


READER = TilePathReader()
