"""Reading a pentomino level: the board's cells, and which pieces are left in the tray.

The pack's labels are the text format's tokens (a piece letter, ``.`` empty, ``#`` outside).
The format's ``pieces`` line is the whole piece set: the letters on the board plus the pieces
still in the tray. The tray is read where the pack's layout puts it (``layout["tray"]``, see
:func:`read_tray`), by colour: each tray slot is a tile in its piece's colour (times the
layout's ``shade``), compared with the colour of each piece's cell template in the pack, so it
follows the pack's colours (a pack calibrated from a shipped one keeps its layout). A pack
without a tray in its layout does not read one. When the tray cannot be read, a shape of 60
cells means all twelve pieces; otherwise the player names them with ``--pieces``.

An unread cell could be empty, outside the shape or part of a piece: the count of cells to
fill, and so the answer, depends on it, so the reader refuses the board and names the cells.
"""

from __future__ import annotations

import numpy as np

from gridsight.readers.base import (BoardReading, ReadError, ReadHints, every_cell_read,
                                    make_reading)
from gridsight.readers.screen import dominant_color, native_screen
from gridsight.solvers.boardtext import BoardText
from gridsight.vision.classify import BoardRead
from gridsight.vision.packs import TemplatePack

LETTERS = "FILNPTUVWXYZ"
TOKENS = frozenset(LETTERS) | {".", "#"}
EMPTY_SLOT = 30.0  # a slot within this colour distance of the background holds no piece
MATCH = 45.0  # a tray tile farther than this from every piece colour is not read


class PentominoReader:
    game = "pentomino"

    def read(self, image: np.ndarray, board: BoardRead, pack: TemplatePack,
             hints: ReadHints) -> BoardReading:
        grid = every_cell_read(
            board, TOKENS, token_words="a pentomino token",
            why_unread="cell(s) unread ({cells}): an unread cell may be empty, outside the "
                       "shape or part of a piece, so gridsight does not guess")
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
    """The letters in the tray below the board, in slot order; ``None`` when the pack's layout
    has no tray, or a slot is not clearly a piece or clearly empty (then the caller does not
    trust the tray).

    The layout (``pack.layout``) is measured in pixels of a screen whose cells are ``px``
    pixels wide: ``board`` is where the board's top-left corner sits on it and ``screen`` its
    width and height; ``tray`` gives the first slot's corner (``x``, ``y``), the step to the
    next slot (``step``), the slots per row and in all, the part of a slot to read (``tile``:
    x, y, width, height within the slot), a strip of background beside the tray
    (``background``: x, y, width, height), the ``shade`` a slot's colour has against its
    piece's, and the grey level above which a pixel is the slot's white letter.
    """
    layout = pack.layout
    tray = layout.get("tray")
    colors = piece_colors(pack)
    if not tray or not colors:
        return None
    (board_x, board_y), (width, height) = layout["board"], layout["screen"]
    screen = native_screen(image, board.geometry, board_x, board_y, layout["px"], width, height)
    bx, by, bw, bh = tray["background"]
    background = dominant_color(screen[by : by + bh, bx : bx + bw])
    gain = board.gain or 1.0
    (step_x, step_y), per_row = tray["step"], tray["per_row"]
    tx, ty, tw, th = tray["tile"]
    letters = []
    for i in range(tray["slots"]):
        x, y = tray["x"] + (i % per_row) * step_x, tray["y"] + (i // per_row) * step_y
        tile = screen[y + ty : y + ty + th, x + tx : x + tx + tw].reshape(-1, 3).astype(np.float32)
        if not len(tile):
            return None
        ink = tile.min(axis=1) > tray["letter"]  # the white letter
        color = dominant_color(tile[~ink]) if (~ink).any() else dominant_color(tile)
        if np.linalg.norm(color - background) < EMPTY_SLOT:
            continue
        best, dist = None, MATCH
        for letter, base in colors.items():
            d = float(np.linalg.norm(color / gain - base * tray["shade"]))
            if d < dist:
                best, dist = letter, d
        if best is None:
            return None
        letters.append(best)
    return letters


READER = PentominoReader()
