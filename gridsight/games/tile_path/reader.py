"""Reading a tile-path room: the pack's labels are the text format's tokens.

An unread tile could be a tile to cross, a crossed tile, a statue or Link: each changes whether
a walk exists, so nothing is assumed. The reader refuses the board, naming the unread tiles,
rather than give advice that may be wrong.

A pack calibrated for a room bigger than the screen (:mod:`gridsight.games.tile_path.room`)
reads the whole room instead: ``?`` for every tile not fully in view or hidden (the solver
then says which tiles it still needs), the room's own ``#`` and ``S``, and the states read.
"""

from __future__ import annotations

import numpy as np

from gridsight.games.tile_path.room import (
    board_tokens,
    contradictions_text,
    describe_view,
    room_of,
)
from gridsight.readers.base import (
    BoardReading,
    ReadHints,
    every_cell_read,
    make_reading,
)
from gridsight.solvers.boardtext import BoardText
from gridsight.vision.classify import BoardRead
from gridsight.vision.packs import TemplatePack

TOKENS = frozenset(".x#SEL")


class TilePathReader:
    game = "tile-path"

    def read(self, image: np.ndarray, board: BoardRead, pack: TemplatePack,
             hints: ReadHints) -> BoardReading:
        room = room_of(pack)
        if room is not None:
            grid = board_tokens(board, room)
            said = contradictions_text(board)
            return make_reading(self.game, [], grid, board, [], [describe_view(board)],
                                [said] if said else [])
        grid = every_cell_read(
            board, TOKENS, token_words="a tile-path token (. x # S E L)",
            why_unread="tile(s) unread ({cells}): a tile-path walk depends on every tile, so "
                       "gridsight does not guess them")
        return make_reading(self.game, [], grid, board, [], [])

    def labels_from_text(self, board: BoardText, pack: TemplatePack) -> list[list[str]]:
        board.check_tokens(TOKENS | {"?"}, "one of . x # S E L, or ? for a tile not to learn")
        return [list(row) for row in board.grid]


READER = TilePathReader()
