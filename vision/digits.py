"""Reading a number written in an unknown font: the big counter of a game's top bar.

No template of the game's font is available, and general OCR (tesseract 5, measured on 5x7
pixel digits scaled 1x to 4x: about half read right, 0.4 s each) does poorly on pixel fonts.
Digits, though, look much alike from one font to the next once reduced to their shape. Each
glyph is cut out, reduced to a small binary grid (its ink box, the aspect kept) and compared
with the same reduction of the digits 0 to 9 drawn in a dozen *different* fonts: blocky pixel
fonts of two designs (regular and bold) and OpenCV's vector fonts. The nearest font-digit
wins; its lead over the nearest *other* digit is the confidence, so an odd glyph is reported
as unread rather than guessed.

>>> import numpy as np
>>> glyph = np.zeros((14, 10), bool); glyph[1:13, 4:6] = True   # a plain stroke: a one
>>> read_glyph(glyph)[0]
1
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import cv2
import numpy as np

GRID = (14, 10)  # rows, cols of the comparison grid
MIN_LEAD = 0.04  # a digit whose distance beats the next digit's by less is unread

# Two pixel-font designs, each row as bits: a 3x5 one and a 5x7 one with two-pixel strokes.
# (Neither is the font of the real-look skin, so the tests read digits of an unseen font.)
_PIXEL_FONTS = (
    {"0": "111 101 101 101 111", "1": "010 110 010 010 111", "2": "111 001 111 100 111",
     "3": "111 001 011 001 111", "4": "101 101 111 001 001", "5": "111 100 111 001 111",
     "6": "111 100 111 101 111", "7": "111 001 010 010 010", "8": "111 101 111 101 111",
     "9": "111 101 111 001 111"},
    {"0": "01110 11011 11011 11011 11011 11011 01110", "1": "00110 01110 00110 00110 00110 00110 01111",
     "2": "01110 11011 00011 00110 01100 11000 11111", "3": "01110 11011 00011 00110 00011 11011 01110",
     "4": "11011 11011 11011 11111 00011 00011 00011", "5": "11111 11000 11110 00011 00011 11011 01110",
     "6": "01110 11000 11000 11110 11011 11011 01110", "7": "11111 00011 00011 00110 01100 01100 01100",
     "8": "01110 11011 11011 01110 11011 11011 01110", "9": "01110 11011 11011 01111 00011 00011 01110"},
)


@dataclass(frozen=True)
class NumberRead:
    """A number as read: ``value`` (``None`` unread), the weakest digit's ``lead`` and the
    digits' own reads."""

    value: int | None
    lead: float
    digits: tuple[tuple[int, float], ...]


def normalise(mask: np.ndarray) -> np.ndarray:
    """A glyph's ink box, aspect kept (centred in a box of the grid's proportions), resampled
    to :data:`GRID` and lightly blurred (float 0..1)."""
    ys, xs = np.nonzero(mask)
    if len(xs) == 0:
        return np.zeros(GRID, np.float32)
    glyph = mask[ys.min() : ys.max() + 1, xs.min() : xs.max() + 1].astype(np.float32)
    h, w = glyph.shape
    rows, cols = GRID
    target_w = max(w, int(np.ceil(h * cols / rows)))
    target_h = max(h, int(np.ceil(w * rows / cols)))
    canvas = np.zeros((target_h, target_w), np.float32)
    y0, x0 = (target_h - h) // 2, (target_w - w) // 2
    canvas[y0 : y0 + h, x0 : x0 + w] = glyph
    small = cv2.resize(canvas, (cols, rows), interpolation=cv2.INTER_AREA)
    return cv2.GaussianBlur(small, (0, 0), 0.6)


@cache
def _references() -> tuple[tuple[int, np.ndarray], ...]:
    refs = []
    for font in _PIXEL_FONTS:
        for digit, rows in font.items():
            bits = np.array([[c == "1" for c in row] for row in rows.split()], bool)
            for bold in (False, True):
                g = bits | np.pad(bits, ((0, 0), (1, 0)))[:, :-1] if bold else bits
                big = np.kron(g, np.ones((4, 4), bool))
                refs.append((int(digit), normalise(big)))
    for face in (cv2.FONT_HERSHEY_SIMPLEX, cv2.FONT_HERSHEY_DUPLEX, cv2.FONT_HERSHEY_COMPLEX,
                 cv2.FONT_HERSHEY_TRIPLEX, cv2.FONT_HERSHEY_PLAIN):
        for thickness in (2, 5):
            for digit in range(10):
                canvas = np.zeros((80, 70), np.uint8)
                cv2.putText(canvas, str(digit), (10, 65), face, 2.0, 255, thickness, cv2.LINE_AA)
                refs.append((digit, normalise(canvas > 127)))
    return tuple(refs)


# The holes each digit can have, whatever the font (a 4 may be open or closed, a 0 slashed).
HOLES = {0: (1, 2), 1: (0,), 2: (0,), 3: (0,), 4: (0, 1), 5: (0,), 6: (1,), 7: (0,), 8: (2,),
         9: (1,)}


def holes(mask: np.ndarray) -> int:
    """How many enclosed holes a binary glyph has (holes smaller than 1% of its box are
    JPEG specks and do not count)."""
    ys, xs = np.nonzero(mask)
    if len(xs) == 0:
        return 0
    glyph = np.pad(mask[ys.min() : ys.max() + 1, xs.min() : xs.max() + 1], 1).astype(np.uint8)
    background = 1 - glyph
    count, labels, stats, _ = cv2.connectedComponentsWithStats(background, connectivity=4)
    outside = labels[0, 0]
    area = glyph.size
    return sum(1 for i in range(1, count)
               if i != outside and stats[i][4] >= max(1, 0.01 * area))


def read_glyph(mask: np.ndarray) -> tuple[int, float]:
    """The digit a binary glyph shows and its lead over the nearest other digit (0..1).

    Only digits that can have the glyph's number of holes compete; when only one can, its
    lead is its lead over the best digit that cannot."""
    shape = normalise(mask)
    best: dict[int, float] = {}
    for digit, ref in _references():
        d = float(np.mean(np.abs(shape - ref)))
        best[digit] = min(best.get(digit, 1.0), d)
    count = holes(mask)
    fitting = sorted((d, digit) for digit, d in best.items() if count in HOLES[digit])
    others = sorted((d, digit) for digit, d in best.items() if count not in HOLES[digit])
    if not fitting:
        ranked = sorted((d, digit) for digit, d in best.items())
        return ranked[0][1], 0.0
    d0, digit = fitting[0]
    rival = fitting[1][0] if len(fitting) > 1 else others[0][0]
    return digit, rival - d0


def read_number(glyphs: list[np.ndarray]) -> NumberRead:
    """The number written by ``glyphs`` (binary masks, left to right)."""
    if not glyphs:
        return NumberRead(None, 0.0, ())
    reads = tuple(read_glyph(g) for g in glyphs)
    lead = min(r[1] for r in reads)
    value = int("".join(str(r[0]) for r in reads))
    return NumberRead(value if lead >= MIN_LEAD else None, lead, reads)
