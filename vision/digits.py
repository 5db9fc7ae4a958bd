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

from gridsight.vision.lettering import put_text

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

# Shapes some fonts give a digit besides the designs above: a one with no foot (a stem and a
# flag, which the designs' footed ones left nearer a seven: seed 320056 at 5x read 13 as 73).
_VARIANTS = {"1": ("010 110 010 010 010", "01110 11110 00110 00110 00110 00110 00110")}


HOLE_PENALTY = 0.05  # added to a digit's distance when it cannot have the glyph's holes
# An 8's two holes stand in line, their middles this share of the glyph's width apart at most.
# A bold slashed 0 keeps two small holes either side of its slash, 0.16-0.2 of its width
# apart (the real-look skin's bold square, tall and proportional fonts: 9 of the 20 counters
# unread on phone screens 7000-7119 were such a 0, read as 0 and 8 alike); the holes of every
# 8 of the skins' fonts and of the reference designs and faces stand within 0.01.
EIGHT_ALIGNED = 0.1
FOOT = 0.5  # a glyph with this share of ink in its bottom left corner stands on a foot ...
FOOT_PENALTY = 0.2  # ... which no 4 has: added to a 4's distance (a bold 9 with an open
# lower left read as 4, its foot's penalty the holes' alone: seed 900064's boxed 9 at 1.8x)
ROOF = 0.9  # a glyph whose top rows have ink across this share of its width has a roof ...
ROOF_ROWS = 0.1  # ... (its top rows: this share of its height, one row at least) ...
ROOF_HOLE = 0.3  # ... closing a hole whose top is within this share of its height from the top


@dataclass(frozen=True)
class NumberRead:
    """A number as read: ``value`` (``None`` unread), the weakest digit's ``lead`` and the
    digits' own reads; ``gaps``: for each glyph, how far each digit 0-9 is behind the best
    one (0 for the best; the worst over the reads :func:`agreed` combines), so a number the
    read did not pick can be weighed (:meth:`gap`); ``agree``: every read of it gave the same
    digits."""

    value: int | None
    lead: float
    digits: tuple[tuple[int, float], ...]
    gaps: tuple[tuple[float, ...], ...] = ()
    agree: bool = True

    def gap(self, number: int) -> float:
        """How far ``number`` is behind the read: 0 when every glyph's best digit is its
        digit, the worst glyph's gap otherwise, infinite when it has another count of digits
        (or nothing was read)."""
        text = str(number)
        if not self.gaps or len(text) != len(self.gaps):
            return float("inf")
        return max(g[int(ch)] for g, ch in zip(self.gaps, text))


def normalise(mask: np.ndarray) -> np.ndarray:
    """A glyph's ink box, aspect kept (centred in a box of the grid's proportions), resampled
    to :data:`GRID` and lightly blurred (float 0..1)."""
    glyph = _ink_box(mask)
    if glyph is None:
        return np.zeros(GRID, np.float32)
    h, w = glyph.shape
    rows, cols = GRID
    target_w = max(w, int(np.ceil(h * cols / rows)))
    target_h = max(h, int(np.ceil(w * rows / cols)))
    canvas = np.zeros((target_h, target_w), np.float32)
    y0, x0 = (target_h - h) // 2, (target_w - w) // 2
    canvas[y0 : y0 + h, x0 : x0 + w] = glyph
    small = cv2.resize(canvas, (cols, rows), interpolation=cv2.INTER_AREA)
    return cv2.GaussianBlur(small, (0, 0), 0.6)


def _pixel_digits(variants: bool) -> list[tuple[int, np.ndarray]]:
    """Each digit of :data:`_PIXEL_FONTS` (and of :data:`_VARIANTS` with ``variants``),
    regular and bold, as a binary glyph four pixels to a font pixel."""
    shapes = [(digit, rows) for font in _PIXEL_FONTS for digit, rows in font.items()]
    if variants:
        shapes += [(digit, rows) for digit, more in _VARIANTS.items() for rows in more]
    out = []
    for digit, rows in shapes:
        bits = np.array([[c == "1" for c in row] for row in rows.split()], bool)
        for bold in (False, True):
            g = bits | np.pad(bits, ((0, 0), (1, 0)))[:, :-1] if bold else bits
            out.append((int(digit), np.kron(g, np.ones((4, 4), bool))))
    return out


def _ink_box(mask: np.ndarray) -> np.ndarray | None:
    """A glyph cut to its ink's box (float), ``None`` when it has no ink."""
    ys, xs = np.nonzero(mask)
    if len(xs) == 0:
        return None
    return mask[ys.min() : ys.max() + 1, xs.min() : xs.max() + 1].astype(np.float32)


def drawn_digits() -> list[tuple[int, np.ndarray]]:
    """The digits 0-9 written in five faces of :mod:`gridsight.vision.lettering` (OpenCV's
    Hershey face numbers; thickness 2 and 5, which it draws alike, bold), as binary masks.

    gridsight's own glyphs, not ``cv2.putText``'s: OpenCV 5.1 drew these digits differently
    from 5.0 (and 4.x strokes other shapes again), which would move the reads with the
    installed OpenCV. ``tests/test_lettering.py`` holds their checksum."""
    out = []
    for face in (cv2.FONT_HERSHEY_SIMPLEX, cv2.FONT_HERSHEY_DUPLEX, cv2.FONT_HERSHEY_COMPLEX,
                 cv2.FONT_HERSHEY_TRIPLEX, cv2.FONT_HERSHEY_PLAIN):
        for thickness in (2, 5):
            for digit in range(10):
                canvas = np.zeros((80, 70), np.uint8)
                put_text(canvas, str(digit), (10, 65), face, 2.0, 255, thickness)
                out.append((digit, canvas > 127))
    return out


@cache
def _references() -> tuple[tuple[int, np.ndarray], ...]:
    refs = [(digit, normalise(glyph)) for digit, glyph in _pixel_digits(variants=True)]
    refs += [(digit, normalise(mask)) for digit, mask in drawn_digits()]
    return tuple(refs)


def _nearest_by_digit(shape: np.ndarray, stack: tuple[np.ndarray, np.ndarray],
                      best: list[float]) -> None:
    """Lower ``best[d]`` to the mean absolute difference between ``shape`` and digit ``d``'s
    nearest reference in ``stack`` (:func:`_stacked`): every reference in one array
    operation, each row's mean summed as :func:`numpy.mean` sums one reference alone (the
    same figures to the bit; the loop of a mean per reference was half the counter's read)."""
    digits, refs = stack
    distances = np.abs(shape.reshape(1, -1) - refs).mean(axis=1)
    for digit in range(10):
        mine = distances[digits == digit]
        if len(mine):
            best[digit] = min(best[digit], float(mine.min()))


@cache
def _stacked(stretch: bool) -> tuple[np.ndarray, np.ndarray]:
    """:func:`_references` (or, ``stretch``, :func:`_stretched_references`) as one array:
    (each reference's digit, each reference's grid flattened to a row)."""
    refs = _stretched_references() if stretch else _references()
    return (np.array([digit for digit, _ in refs]),
            np.stack([ref.reshape(-1) for _, ref in refs]))


FILL_ASPECT = 0.75  # a glyph at least this wide for its height is also read stretched


def stretched(mask: np.ndarray) -> np.ndarray:
    """A glyph's ink box resampled to fill :data:`GRID` (its aspect not kept), lightly
    blurred (float 0..1): a wide font's digits compared by their shape alone."""
    glyph = _ink_box(mask)
    if glyph is None:
        return np.zeros(GRID, np.float32)
    small = cv2.resize(glyph, (GRID[1], GRID[0]), interpolation=cv2.INTER_AREA)
    return cv2.GaussianBlur(small, (0, 0), 0.6)


@cache
def _stretched_references() -> tuple[tuple[int, np.ndarray], ...]:
    """The pixel designs' digits stretched (:func:`stretched`); ones left out: never wide."""
    return tuple((digit, stretched(glyph)) for digit, glyph in _pixel_digits(variants=False)
                 if digit != 1)


# The holes each digit can have, whatever the font (a 4 may be open or closed, a 0 slashed).
HOLES = {0: (1, 2), 1: (0,), 2: (0,), 3: (0,), 4: (0, 1), 5: (0,), 6: (1,), 7: (0,), 8: (2,),
         9: (1,)}


def holes(mask: np.ndarray) -> int:
    """How many enclosed holes a binary glyph has (holes smaller than 1% of its box are
    JPEG specks and do not count)."""
    return len(hole_boxes(mask))


def hole_boxes(mask: np.ndarray, least: float = 0.01) -> list[tuple[float, float, float, float]]:
    """A binary glyph's enclosed holes (not JPEG specks under ``least`` of its box), each as
    its centre (row, column), height and width, as fractions of the glyph's ink box."""
    ys, xs = np.nonzero(mask)
    if len(xs) == 0:
        return []
    glyph = np.pad(mask[ys.min() : ys.max() + 1, xs.min() : xs.max() + 1], 1).astype(np.uint8)
    height, width = glyph.shape[0] - 2, glyph.shape[1] - 2
    background = 1 - glyph
    count, labels, stats, centroids = cv2.connectedComponentsWithStats(background, connectivity=4)
    outside = labels[0, 0]
    area = glyph.size
    return [((centroids[i][1] - 1) / height, (centroids[i][0] - 1) / width,
             stats[i][3] / height, stats[i][2] / width)
            for i in range(1, count) if i != outside and stats[i][4] >= max(1, least * area)]


def _holes_fit(digit: int, found: list[tuple[float, float, float, float]],
               mask: np.ndarray | None = None) -> bool:
    """Whether ``digit`` can have the holes ``found`` (:func:`hole_boxes`): their number
    (:data:`HOLES`) and, whatever the font, where they stand: a 0's one hole runs most of
    its height, a 6's stands in its lower half, a 9's and a closed 4's in the upper; an 8's
    two holes stand one above the other, and when both are wide (a quarter of the glyph or
    more) it is no 0 (a slashed 0's holes may stand across; a bold slashed 0 is a block
    with two narrow holes, one above the other, like an 8). A 4 has no ink in the bottom
    left corner of its ``mask`` (where a 9 closed at the bottom has its foot). An 8's holes
    stand one above the other in line (within :data:`EIGHT_ALIGNED`); a slashed 0 whose
    strokes are bold keeps two small holes, one each side of the slash, one left of the
    other."""
    if len(found) not in HOLES[digit]:
        return False
    if digit == 4 and mask is not None and _bottom_left_ink(mask) > 0.25:
        return False
    if len(found) == 1:
        cy, _, tall, _ = found[0]
        return {0: tall >= 0.4, 6: cy > 0.5, 9: cy < 0.5, 4: cy < 0.5}.get(digit, True)
    if len(found) == 2 and digit in (0, 8):
        (ya, xa, _, wa), (yb, xb, _, wb) = found
        stacked = abs(ya - yb) > abs(xa - xb)
        if digit == 8:
            return stacked and abs(xa - xb) < EIGHT_ALIGNED
        return not (stacked and min(wa, wb) >= 0.25)
    return True


PINHOLE = 0.003  # a hole under 1% of a glyph's box but this share or more is a pinhole ...
PINHOLE_PIXELS = 3  # ... and this many pixels at least


def _slashed_pinholes(mask: np.ndarray) -> bool:
    """Whether a glyph with no holes keeps exactly two pinholes (holes too small to count,
    :data:`PINHOLE`) standing as a bold slashed 0's do, one each side of its slash: one in
    the upper half, one in the lower, the lower one right of the upper by more than an 8's
    holes can stand apart (:data:`EIGHT_ALIGNED`).

    Small and blurred, such a 0 is a block whose holes shrink to pinholes (harder desktop
    117024: a bold "10" at 0.83x through a video codec, holes of 6 pixels in a 27 x 21
    glyph); with no holes it is as near an 8 (a heavy 8's holes close alike) and nothing
    tells them apart, the counter unread. Its pinholes across the slash are an 8's only
    if an 8's holes stood apart, which they do not: so a 0 is read. Pinholes in line (a
    heavy 8 with slits for holes) leave the two alike, unread."""
    ys, xs = np.nonzero(mask)
    if len(xs) == 0:
        return False
    box = (ys.max() - ys.min() + 3) * (xs.max() - xs.min() + 3)
    pins = hole_boxes(mask, least=max(PINHOLE, PINHOLE_PIXELS / box))
    if len(pins) != 2:
        return False
    upper, lower = sorted(pins)
    return upper[0] < 0.5 < lower[0] and lower[1] - upper[1] > EIGHT_ALIGNED


def _bottom_left_ink(mask: np.ndarray) -> float:
    """The share of ink in the bottom left corner of a glyph's ink box (its lowest 15% of
    rows, leftmost 30% of columns)."""
    ys, xs = np.nonzero(mask)
    if len(xs) == 0:
        return 0.0
    glyph = mask[ys.min() : ys.max() + 1, xs.min() : xs.max() + 1]
    h, w = glyph.shape
    corner = glyph[h - max(1, int(round(0.15 * h))) :, : max(1, int(round(0.3 * w)))]
    return float(corner.mean())


def _roofed(mask: np.ndarray) -> bool:
    """Whether a glyph's top rows (:data:`ROOF_ROWS` of its ink box's height) each have ink
    across :data:`ROOF` of its width and close a hole in its upper half (its top within
    :data:`ROOF_HOLE` of the glyph's height): a 9, 8 or 0 of a square font, not a 4 of the
    fonts measured (two stems joined lower down, or a point; a bold 3-pixel 4 fills its top
    but has no hole under it). Such a glyph whose nearest digit is a 4 is unread
    (:func:`digit_gaps`).

    Harder desktop 119014's counter, a square 9 whose tail the bar's cut left out (a top
    bar, a hole in the upper half, a stem down the right), was read as a 4 at every ink cut
    (lead 0.056): the attempts stated wrong."""
    glyph = _ink_box(mask)
    if glyph is None:
        return False
    top = glyph[: max(1, int(round(ROOF_ROWS * glyph.shape[0])))]
    if not (top.mean(axis=1) >= ROOF).all():
        return False
    return any(cy < 0.5 and cy - tall / 2 <= ROOF_HOLE for cy, _, tall, _ in hole_boxes(mask))


def digit_gaps(mask: np.ndarray) -> tuple[float, ...]:
    """How far each digit 0-9 is from a binary glyph, behind the nearest (0 for it): the
    mean difference to its nearest reference shape, plus :data:`HOLE_PENALTY` for a digit
    that cannot have the glyph's holes."""
    shape = normalise(mask)
    best = [1.0] * 10
    _nearest_by_digit(shape, _stacked(False), best)
    ink = _ink_box(mask)
    if ink is not None and ink.shape[1] >= FILL_ASPECT * ink.shape[0]:
        # A glyph as wide as it is tall (a wide font's): its shape stretched to the grid
        # against the references' stretched the same (ones excepted: never wide).
        filled = stretched(mask)
        _nearest_by_digit(filled, _stacked(True), best)
    found = hole_boxes(mask)
    pinholes = _slashed_pinholes(mask) if not found else False
    scored = [d + (0.0 if _holes_fit(k, found, mask) or (pinholes and k == 0) else
                   HOLE_PENALTY) for k, d in enumerate(best)]
    if _bottom_left_ink(mask) >= FOOT:
        scored[4] += FOOT_PENALTY
    if scored[4] == min(scored) and _roofed(mask):
        # A roofed glyph nearest a 4 (:func:`_roofed`): as near the runner-up, so unread;
        # never read as the runner-up either (a penalty would lengthen other glyphs' leads:
        # a tall 3 cut short, unread, was then read as a 7).
        scored[4] = sorted(scored)[1]
    low = min(scored)
    return tuple(d - low for d in scored)


def read_glyph(mask: np.ndarray) -> tuple[int, float]:
    """The digit a binary glyph shows and its lead over the nearest other digit (0..1).

    Digits that cannot have the glyph's holes (their number and where they stand,
    :func:`_holes_fit`) compete with :data:`HOLE_PENALTY` added to their distance
    (:func:`digit_gaps`)."""
    return _nearest(digit_gaps(mask))


def _nearest(gaps: tuple[float, ...]) -> tuple[int, float]:
    """The digit of least gap (:func:`digit_gaps`) and the gap of the next (its lead)."""
    ranked = sorted(range(10), key=lambda k: gaps[k])
    return ranked[0], gaps[ranked[1]]


def read_number(glyphs: list[np.ndarray]) -> NumberRead:
    """The number written by ``glyphs`` (binary masks, left to right)."""
    if not glyphs:
        return NumberRead(None, 0.0, ())
    gaps = tuple(digit_gaps(g) for g in glyphs)  # (each glyph's once: read_glyph's figures)
    reads = tuple(_nearest(g) for g in gaps)
    lead = min(r[1] for r in reads)
    value = int("".join(str(r[0]) for r in reads))
    return NumberRead(value if lead >= MIN_LEAD else None, lead, reads, gaps)


def agreed(reads: list[NumberRead]) -> NumberRead:
    """One number read several ways (the ink cut at several thresholds): the middle read,
    kept as read only when every read gives the same digits (its lead the weakest of
    theirs, each digit's gap the largest); otherwise unread (``agree`` false, ``value``
    ``None``, lead 0), the reads' disagreement showing in the gaps (a number one read gave
    and another did not lies behind somewhere). Reads of another count of glyphs leave no
    gaps: nothing is known of the number."""
    if not reads:
        return NumberRead(None, 0.0, ())
    middle = reads[len(reads) // 2]
    if any(len(r.gaps) != len(middle.gaps) for r in reads):
        return NumberRead(None, 0.0, middle.digits, (), agree=False)
    gaps = tuple(tuple(max(r.gaps[k][d] for r in reads) for d in range(10))
                 for k in range(len(middle.gaps)))
    same = all([d for d, _ in r.digits] == [d for d, _ in middle.digits] for r in reads)
    if not same:
        return NumberRead(None, 0.0, middle.digits, gaps, agree=False)
    lead = min(r.lead for r in reads)
    return NumberRead(middle.value if lead >= MIN_LEAD else None, lead, middle.digits, gaps)
