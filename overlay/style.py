"""Colours and proportions shared by every painter (the overlay layer, saved pictures, legends).

Colours are BGR, as OpenCV and the layers use them. Each mark kind has its own colour *and*
its own shape (see :mod:`gridsight.overlay.glyphs`), so a colour-blind player can still tell them apart.
The recommendation's magenta is used by nothing else, so a test (or a player) can find it.
"""

from __future__ import annotations

import zlib

from gridsight.solvers.advice import MarkKind

BGR = tuple[int, int, int]

RECOMMEND: BGR = (255, 0, 255)  # magenta: the next move, used nowhere else
CONTRAST: BGR = (0, 0, 0)  # the dark edge around lines and text, so they read on any background
TEXT: BGR = (255, 255, 255)
PATH: BGR = (255, 200, 0)  # a light blue for the walk's arrows and step numbers
WARNING: BGR = (0, 170, 255)  # orange text for warnings
MOVE: BGR = (255, 255, 255)  # the player's move in a report: a white frame
ADVICE: BGR = (80, 230, 255)  # the advice line: a warm yellow, larger than the rest
HEADLINE_SCALE = 1.35  # the advice line's size against the legend's other text

MARK: dict[MarkKind, BGR] = {
    MarkKind.SAFE: (60, 200, 40),  # green, a check mark
    MarkKind.DANGER: (40, 40, 235),  # red, a cross
    MarkKind.KNOWN: (235, 140, 30),  # blue, a diamond and the label
    MarkKind.UNREAD: (170, 170, 170),  # grey, a dashed border and '?'
    MarkKind.UNSURE: (0, 220, 255),  # yellow, a dashed border, '?' and the label
    MarkKind.CONFLICT: (0, 140, 255),  # orange, a triangle with '!'
    MarkKind.EMPTY: (150, 140, 130),  # a muted grey, a slashed ring: nothing here, no call to act
    MarkKind.CHOICE: RECOMMEND,  # the next move's magenta square: the move if the label holds
    MarkKind.ALSO: RECOMMEND,  # the next move's magenta, dashed: a move as good as the square's
}

MARK_NAMES: dict[MarkKind, str] = {
    MarkKind.SAFE: "safe",
    MarkKind.DANGER: "danger",
    MarkKind.KNOWN: "known",
    MarkKind.UNREAD: "not read",
    MarkKind.UNSURE: "unsure read",
    MarkKind.CONFLICT: "contradicts the board",
    MarkKind.EMPTY: "nothing here",
    MarkKind.CHOICE: "next move {label}",
    MarkKind.ALSO: "or this move, as good",
}

# The legend's plain words where the advice's own (its game's, :class:`gridsight.solvers.advice.Legend`)
# say nothing.
RECOMMEND_NAME = "next move"
PATH_NAME = "walk (numbered steps)"
PIECE_NAME = "piece {label}"
HEAT_NAME = "chance"

# Twelve well-separated piece colours (BGR); a piece keeps its colour from frame to frame
# because the colour is chosen from its label, not its position in the list.
PIECE_PALETTE: tuple[BGR, ...] = (
    (75, 25, 230), (75, 180, 60), (25, 225, 255), (200, 130, 0), (48, 130, 245),
    (180, 30, 145), (240, 240, 70), (230, 50, 240), (60, 245, 210), (212, 190, 250),
    (128, 128, 0), (40, 110, 170),
)

TINT_ALPHA = 0.38  # opacity of a heat tint
PIECE_ALPHA = 0.55  # opacity of a hinted piece's fill
MIN_TEXT_PX = 8  # bold capitals below this height are not legible; small cells overflow instead


def heat_colour(heat: float) -> BGR:
    """Green (0, good) through yellow to red (1, bad)."""
    h = min(1.0, max(0.0, float(heat)))
    red = int(round(min(255.0, 510.0 * h)))
    green = int(round(min(255.0, 510.0 * (1.0 - h))))
    return (40, green, red)


PENTOMINOES = "FILNPTUVWXYZ"  # the twelve pieces' letters: one colour of the palette each


def piece_colour(label: str) -> BGR:
    """The colour a piece is drawn in: each of the twelve pentominoes its own (by the hash of
    its letter alone, L, N and U were one yellow, I and P one green, T and V one orange: a
    level's U, L and the advised N side by side in the panel, one yellow block), any other
    label by its hash."""
    if len(label) == 1 and label in PENTOMINOES:
        return PIECE_PALETTE[PENTOMINOES.index(label)]
    return PIECE_PALETTE[zlib.crc32(label.encode("utf-8")) % len(PIECE_PALETTE)]
