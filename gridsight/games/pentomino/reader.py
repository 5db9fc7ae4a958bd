"""Reading a pentomino level: the board's cells, and which pieces are left in the tray.

The pack's labels are the text format's tokens (a piece letter, ``.`` empty, ``#`` outside).
The format's ``pieces`` line is the whole piece set: the letters on the board plus the pieces
still in the tray. The tray is read by colour: each tray slot is a rounded tile in its piece's
colour (darkened, as the shipped skin draws it), compared with the colour of each piece's
cell template in the pack, so it follows the pack's colours (a calibrated skin with the same
layout works too). When the tray cannot be read, a shape of 60 cells means all twelve
pieces; otherwise the player names them with ``--pieces``.

An unread cell could be empty, outside the shape or part of a piece: the count of cells to
fill, and so the answer, depends on it, so the reader refuses the board and names the cells.
"""

from __future__ import annotations

import numpy as np

from gridsight.readers.base import BoardReading, ReadError, ReadHints, describe_cells, make_reading
from gridsight.readers.screen import dominant_color, native_screen
from gridsight.skins import pentomino as skin
from solvers.boardtext import BoardText
from solvers.cellnames import cell_name
from vision.classify import BoardRead
from vision.packs import TemplatePack

LETTERS = "FILNPTUVWXYZ"
TOKENS = frozenset(LETTERS) | {".", "#"}
TRAY_SHADE = 0.8  # the skin draws a tray tile in its piece's colour times this
EMPTY_SLOT = 30.0  # a slot within this colour distance of the background holds no piece
MATCH = 45.0  # a tray tile farther than this from every piece colour is not read


class PentominoReader:
    game = "pentomino"

    def read(self, image: np.ndarray, board: BoardRead, pack: TemplatePack,
             hints: ReadHints) -> BoardReading:
        unread = board.unknown()
        if unread:
            raise ReadError(
                f"{len(unread)} cell(s) unread ({describe_cells(unread)}): an unread cell may "
                "be empty, outside the shape or part of a piece, so gridsight does not guess",
                tuple(unread))
        grid = [list(row) for row in board.labels()]
        for r, row in enumerate(grid):
            for c, label in enumerate(row):
                if label not in TOKENS:
                    raise ReadError(f"the pack's label '{label}' at {cell_name(r, c)} is not a "
                                    "pentomino token")
        placed = sorted({t for row in grid for t in row if t in LETTERS})
        empty = sum(t == "." for row in grid for t in row)
        notes = []
        if hints.pieces:
            pieces = hints.pieces
            notes.append(f"pieces from --pieces: {pieces}")
        else:
            tray = read_tray(image, board, pack)
            if tray is not None and len(tray) * 5 == empty and not set(tray) & set(placed):
                pieces = "".join(sorted(placed + tray, key=LETTERS.index))
                notes.append(f"tray: {' '.join(tray) or 'empty'}")
            elif empty + 5 * len(placed) == 60:
                pieces = LETTERS
                notes.append("tray not read; a 60-cell shape: all twelve pieces")
            else:
                seen = f"the tray shows {' '.join(tray)}" if tray else "the tray was not read"
                raise ReadError(
                    f"cannot tell which pieces are left ({seen}, {empty} empty cells); name "
                    "the whole piece set with --pieces, e.g. --pieces FILNP")
        headers = [("pieces", " ".join(pieces))]
        return make_reading(self.game, headers, grid, board, [], notes)

    def labels_from_text(self, board: BoardText, pack: TemplatePack) -> list[list[str]]:
        board.check_tokens(TOKENS | {"?"}, "a piece letter, . or #, or ? for a cell not to learn")
        return [list(row) for row in board.grid]


def piece_colors(pack: TemplatePack) -> dict[str, np.ndarray]:
    """Each piece letter's colour in ``pack``: the median of its cell template."""
    return {t.label: dominant_color(t.image) for t in pack.templates if t.label in LETTERS}


def read_tray(image: np.ndarray, board: BoardRead, pack: TemplatePack) -> list[str] | None:
    """The letters in the tray below the board, in slot order; ``None`` when a slot is not
    clearly a piece or clearly empty (then the caller does not trust the tray)."""
    colors = piece_colors(pack)
    if not colors:
        return None
    screen = native_screen(image, board.geometry, skin.BOARD_X, skin.BOARD_Y, skin.CELL,
                           skin.WIDTH, skin.HEIGHT)
    top = skin.BOARD_Y + skin.ROWS * skin.CELL + 24
    background = dominant_color(screen[top - 14 : top - 4, 20:280])
    gain = board.gain or 1.0
    letters = []
    for i in range(12):
        x, y = 14 + (i % 6) * 46, top + (i // 6) * 40
        tile = screen[y + 5 : y + 28, x + 5 : x + 31].reshape(-1, 3).astype(np.float32)
        if not len(tile):
            return None
        ink = tile.min(axis=1) > 215  # the white letter
        color = dominant_color(tile[~ink]) if (~ink).any() else dominant_color(tile)
        if np.linalg.norm(color - background) < EMPTY_SLOT:
            continue
        best, dist = None, MATCH
        for letter, base in colors.items():
            d = float(np.linalg.norm(color / gain - base * TRAY_SHADE))
            if d < dist:
                best, dist = letter, d
        if best is None:
            return None
        letters.append(best)
    return letters


READER = PentominoReader()
