"""A row of small square boxes on a panel, and the lines of ink above it.

Game panels count things with a row of small equal square boxes: a light-bordered box per
thing to count, filled with a colour for each one counted so far. This module finds such a row
in a part of a panel, with no idea of the boxes' number, size or colours, and returns each
box and the colour of its middle (whether a colour means "filled" is the caller's knowledge).

**Method.** Ink is what differs from the panel's colour. The lowest band of ink rows that is
not much taller than its pieces are wide is the row. Across it, the boxes are the runs of
inked columns parted by columns of the panel's colour; at a small scale the gaps blur away
and runs join, so a run is cut into as many equal squares as its width holds (a box is as wide
as the row is tall, its gaps narrower). The boxes must then be of one size and evenly spaced.
:func:`ink_lines` gives the bands of ink above (lines of text, a picture), top to bottom.

>>> panel = np.full((60, 120, 3), (60, 90, 60), np.uint8)
>>> for k in range(4):  # four boxes with light borders, the first two filled in blue
...     x = 20 + 22 * k
...     panel[40:56, x : x + 16] = 230
...     panel[42:54, x + 2 : x + 14] = (240, 200, 120) if k < 2 else (60, 90, 60)
>>> row = box_row(panel, (0, 0, 120, 60), (60.0, 90.0, 60.0))
>>> [b[0] for b in row.boxes], [b[2] for b in row.boxes]
([20, 42, 64, 86], [16, 16, 16, 16])
>>> [tuple(round(v) for v in c) for c in row.insides]
[(240, 200, 120), (240, 200, 120), (60, 90, 60), (60, 90, 60)]
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from gridsight.vision.runs import true_runs

Box = tuple[int, int, int, int]
Colour = tuple[float, float, float]

INK = 18.0  # Lab distance from the panel's colour that marks ink
SIDE_INK = 13.5  # ... that closes a box's side (a one-pixel border between two pixels, JPEG)
MIN_BOXES = 2
MAX_BOXES = 8
# A box's middle is read over this central share of its side each way. A third took in the
# border of a box whose border is thick (3 of 8 px drawn: a third of a 29 px box at 2.9x held
# more border than middle, and four unfilled boxes read as their light border; phone screen
# 7098) or blurred into a small middle (9 px at 1.06x: 7009's unfilled row read "3 of 3
# filled"). A fifth stays inside the middle; 0.15 to 0.25 read the same rows on 120 screens.
CENTRE = 0.2
# Boxes joined in one run touch or nearly: their step is at most a side and a narrow gap.
# The side is the cut's, and also the band's height (a box is square): a cut's side found
# from the run's width carries the run's blurred fringe (210018 at 1.06x: boxes of 17 px, a
# side of 22 with the fringe). Real-look 210003 at 0.65x: three rimmed boxes of 6 px, 1 px
# apart, blurred into one run 15 px wide and 5 tall, the faint change of colour between the
# first two lost; its colours repeated best at 8 px and it was cut into two boxes of 7 px,
# a gap of 1 px by that side, of 3 px by the height, read clearly as a row of two.
SQUARE_GAP = 2.0
# ... and a gap of SQUARE_SHARE of the box's larger measure is still narrow: a band's rows may
# lose a box's faint top or bottom border (fresh real-look 230022 at 0.92x: boxes of 16 px in
# a band 14 rows tall, a step of 18, a gap of 4 by the height; cut at a quarter of the
# height, the Lynx's row of four was left unclear and its found tile unread).
SQUARE_SHARE = 0.3


@dataclass(frozen=True)
class BoxRow:
    """A row of equal square boxes, left to right: ``boxes`` (x, y, width, height) in picture
    pixels, ``insides`` the colour (BGR) of each box's middle, ``borders`` of its edge ring,
    ``lights`` of its light border (the lightest part of its frame: the edge ring itself,
    unless something darker rims the box), ``regularity`` 0..1 how equal and evenly spaced
    the boxes are (1: exactly)."""

    boxes: tuple[Box, ...]
    insides: tuple[Colour, ...]
    borders: tuple[Colour, ...]
    regularity: float
    lights: tuple[Colour, ...] = ()  # each box's light border (:func:`_light_border`)
    inner: tuple[float, ...] = ()  # each box's middle's side, pixels (:func:`inner_side`)


def _lab(bgr: np.ndarray) -> np.ndarray:
    return cv2.cvtColor(bgr.astype(np.float32) / 255.0, cv2.COLOR_BGR2Lab)


def ink_mask(picture: np.ndarray, background: Colour, ink: float = INK) -> np.ndarray:
    """Pixels of ``picture`` (BGR) farther than ``ink`` (Lab) from ``background`` (BGR)."""
    lab = _lab(picture)
    ref = _lab(np.array(background, np.float32).reshape(1, 1, 3))[0, 0]
    return np.linalg.norm(lab - ref, axis=2) > ink


def ink_lines(image: np.ndarray, area: Box, background: Colour,
              ink: float = INK) -> list[tuple[int, int]]:
    """The bands of ink rows in ``area`` = (x, y, width, height) of ``image``, top to bottom,
    as ``(top, bottom)`` picture rows (bands parted by a row of no ink; specks left out)."""
    x, y, w, h = area
    crop = image[max(0, y) : y + h, max(0, x) : x + w]
    if crop.size == 0:
        return []
    mask = ink_mask(crop, background, ink)
    counts = mask.sum(axis=1)
    on = counts >= max(1, 0.02 * mask.shape[1])
    return [(max(0, y) + a, max(0, y) + b) for a, b in true_runs(on)]


def box_row(image: np.ndarray, area: Box, background: Colour, *, min_side: float = 3.0,
            ink: float = INK) -> BoxRow | None:
    """The row of equal square boxes at the bottom of ``area`` = (x, y, width, height) of
    ``image`` (BGR) on a panel of colour ``background``: the lowest band of ink at least
    ``min_side`` tall; ``None`` when that band is not a row of boxes."""
    x0, y0 = max(0, int(area[0])), max(0, int(area[1]))
    crop = image[y0 : int(area[1] + area[3]), x0 : int(area[0] + area[2])]
    if crop.size == 0:
        return None
    lab = _lab(crop)
    ref = _lab(np.array(background, np.float32).reshape(1, 1, 3))[0, 0]
    distance = np.linalg.norm(lab - ref, axis=2)
    mask = without_specks(distance > ink)
    sides = _card_edges(mask)
    mask[:, sides] = False
    distance[:, sides] = 0.0
    # (a row through empty boxes holds only their thin sides: two pixels of ink are enough)
    counts = mask.sum(axis=1)
    bands = true_runs(counts >= 2)
    skipped = 0  # the tallest band across the area below, no row of boxes found in it
    for top, bottom in reversed(bands):
        top, bottom = _cored(counts, top, bottom)
        height = bottom - top
        if height < min_side:
            continue  # a speck of a line: the panel's edge, noise
        inked = mask[top:bottom].any(axis=0)
        if _edge_across(inked) and bottom >= mask.shape[0] - 1:
            continue  # across the whole area: the panel's edge (boxes keep to its middle)
        if bottom >= mask.shape[0] - 1 and _at_the_corners(mask[top:bottom]):
            continue  # the panel's rounded corners at the area's foot, however far they reach
        across = inked.mean() > ACROSS  # (parted by gaps: big boxes, or a band of specks)
        if not _in_the_middle(mask[top:bottom]):
            continue  # at the sides only: the panel's rounded corners
        # The boxes are the lowest thing there: a band above them is never taken for them.
        # At a small scale the line above may touch them: the band is also tried from each
        # of its waists (rows of little ink) down.
        found = None
        rows = mask[top:bottom].sum(axis=1)
        starts = _waists(rows, min_side, top)
        starts += [y for y in _ledges(mask[top:bottom], min_side, top) if y not in starts]
        starts = sorted(starts, reverse=True) + [top]
        foot = _flat_foot(rows, min_side, top)  # (its rows above are the line's, blurred)
        if foot is not None and foot not in starts:
            starts.append(foot)
        for start in starts:
            found = _boxes_in_band(mask[start:bottom], bottom - start, lab[start:bottom],
                                   mask[start:bottom] | (distance[start:bottom] > SIDE_INK))
            if found is not None and start > top and start != foot and sum(
                    bool(mask[start - 1, a : a + 2].any() and mask[start - 1, b - 2 : b].any())
                    for a, b in found[0]) > len(found[0]) // 2:
                found = None  # the boxes' sides run on above: a waist inside empty boxes
            if found is not None:
                top, height = start, bottom - start
                finer = _finer_below(mask, lab, distance, start, bottom, found[0], min_side)
                if finer is not None:
                    top, found = finer
                    height = bottom - top
                break
        if found is None:
            if across and not _a_line_of_text(mask[top:bottom]):
                skipped = max(skipped, height)
                continue  # no row of boxes: skipped as before big boxes were sought there
            return None
        if height < SKIPPED_TALLER * skipped:
            return None  # boxes under it, too blurred to part, may be the row: none taken
        spans, regularity = found
        if not _spans_the_middle(spans, mask.shape[1]):
            continue  # boxes at the sides only: the panel's rounded corners, ink in between
        spans = _regrown(spans, mask.shape[1], x0, image.shape[1])
        boxes = tuple((x0 + a, y0 + top, b - a, height) for a, b in spans)
        insides, borders = zip(*(_colours(image, box) for box in boxes))
        lights = tuple(_light_border(image, box) for box in boxes)
        return BoxRow(boxes, tuple(insides), tuple(borders), regularity, lights,
                      tuple(inner_side(image, box, light) for box, light in zip(boxes, lights)))
    return None


# A line of text standing on the boxes, joined to them by blur with no waist, ledge or flat
# foot between (its rows as inked as theirs, a fringe under the boxes), is read with them as
# one band: its "boxes" as tall as the line and the row together, each over two real ones
# (widest 1164000 at 1.20x: the Elk's four boxes of 11 px under its YOU HAVE line's dark
# backdrop, read as two boxes of 20 px). The band's lower rows are then tried
# from each row down: a row of more boxes there, within the columns of those found, whose
# band is as tall as its boxes are wide (square, within SQUARE_BAND of their side, a pixel at
# least: a start cutting the line's foot in, or the boxes' top off, is not), each box closed
# on all four sides at the full ink (a box's border; the lower part of an unfilled box shows no
# top of its own), and the rows above it (the line's) fewer than its own: the lower half of a
# real row, its boxes' dotted middles repeating at half their step, is read as a row of twice
# as many boxes too small for their sides to tell (wider 770098 at 0.66x: the Raptor's four
# boxes of 9 px read as eight of 4 px, 5 rows under the real row's top; the Elk's row stands
# 8 rows under the line's top, 12 tall).
# (Fresh 1181001 at 0.66x, the Corvus's four boxes of 7 px under its blurred YOU HAVE 4 read
# as two of 13x16 the same way, is not mended: the boxes' run carries a blurred fringe, too
# wide for their step from any start, and reads as no row.)
# The finer boxes are FINER_SIDE px or more: a smaller box's two outer lines each side are
# most of it, and its sides tell nothing (variant j60 of widest 1215001: the Skunk's four
# boxes of 8 px read from their third row down as five of 5x6; the screen read exactly on
# main was asked).
SQUARE_BAND = 0.15
FINER_SIDE = 7


def _finer_below(mask: np.ndarray, lab: np.ndarray, distance: np.ndarray, start: int,
                 bottom: int, spans: list[tuple[int, int]],
                 min_side: float) -> tuple[int, tuple[list[tuple[int, int]], float]] | None:
    """``(top, (spans, regularity))`` of a row of more boxes than ``spans`` (read in rows
    ``start``..``bottom`` of ``mask``) in the band's lower rows, when one stands there (see
    :data:`SQUARE_BAND`), the highest such start; else ``None``."""
    first, last = spans[0][0], spans[-1][1]
    slack = max(1.0, SQUARE_BAND * (last - first) / len(spans))
    for top in range(start + 1, bottom - int(np.ceil(min_side)) + 1):
        if top - start >= bottom - top:
            break  # (the rows above it, the line's, more than the row's own: see above)
        found = _boxes_in_band(mask[top:bottom], bottom - top, lab[top:bottom],
                               mask[top:bottom] | (distance[top:bottom] > SIDE_INK))
        if found is None or len(found[0]) <= len(spans):
            continue
        side = float(np.median([b - a for a, b in found[0]]))
        if side < FINER_SIDE:
            continue
        if abs(bottom - top - side) <= max(1.0, SQUARE_BAND * side) and \
                found[0][0][0] >= first - slack and found[0][-1][1] <= last + slack and \
                all(_sides(mask[top:bottom, a:b]) >= 4 for a, b in found[0]):
            return top, found
    return None


def _boxes_in_band(band: np.ndarray, height: int, lab: np.ndarray,
                   faint: np.ndarray | None = None) -> tuple[list[tuple[int, int]], float] | None:
    """The boxes across one band of ink rows: ``(spans, regularity)`` or ``None`` when the
    band is not a row of equal squares (a line of text: its pieces narrow or uneven, its
    outlines open).

    Boxes are parted by columns of the panel's colour: the runs of columns holding any ink
    are the boxes, whatever their middles show (JPEG noise on a dark middle, a colour). At a
    small scale the gaps blur away and boxes join: a run as wide as several is cut into as
    many squares as the repeat of its colours (a border, a middle) says. Each box's border must be closed on three sides at least (one may be lost when
    the screen was shrunk with nearest-neighbour sampling). A minority of the boxes may be
    closed only in ``faint`` (the band's ink with the fainter pixels of :data:`SIDE_INK`
    added): a one-pixel border that fell between two pixels when the screen was scaled is
    spread over both at half its contrast, and JPEG takes some more. A 7 px box's sides then
    read 14 to 25 levels from the card, under :data:`INK` on half their rows, while its
    middle stays under 14 (desktop 98432, harder kit, the third of four boxes). Most boxes
    must be closed at :data:`INK`: faint pixels also close a blurred letter's outline."""
    clean = band
    spans: list[tuple[int, int]] = []
    pending: list[tuple[int, float, float, int]] = []  # (span, step, side, boxes): gap wide
    for a, b in true_runs(clean.any(axis=0)):
        width = b - a
        if width < 0.5 * height:
            if clean[:, a:b].sum() < SPECK * height:
                continue  # a speck of ringing, not a letter's stroke (:data:`SPECK`)
            return None  # a narrow piece: a letter, a digit
        step = _period(lab[:, a:b].mean(axis=0), height) if width >= 1.6 * height else None
        if step is None:  # one box, or a bar (refused below: not a square)
            spans.append((a, b))
            continue
        joined = max(1, round((width + step - height) / step))
        side = width - (joined - 1) * step  # n boxes of one side, one step apart
        if joined > 1 and side > 1.25 * step + 1 and side - 2 * FRINGE >= FRINGE_BOXES and \
                0.7 * height - 1 <= side - 2 * FRINGE <= 1.25 * step + 1:
            a, side = a + FRINGE, side - 2 * FRINGE  # (a blurred fringe each side: FRINGE)
        if joined == 1 or not 0.7 * height - 1 <= side <= 1.25 * step + 1:
            spans.append((a, b))
            continue
        if step - min(side, height) > max(SQUARE_GAP, SQUARE_SHARE * max(side, height)):
            # (boxes of a run touch or nearly: a gap wider than blur would have parted them,
            # the side taken as the band's height too: a box is square, and a side found
            # from the run's width carries its blurred fringe, :data:`SQUARE_GAP`; unless a
            # box standing apart in the band is of that side, on that step: :func:`_on_grid`)
            pending.append((len(spans), step, side, joined))
            spans.append((a, b))
            continue
        spans += [(round(a + j * step), round(a + j * step + side)) for j in range(joined)]
    for k, step, side, joined in reversed(pending):
        a = spans[k][0]
        alone = [span for j, span in enumerate(spans) if j not in {p[0] for p in pending}]
        if _on_grid(alone, a, step, side, joined, height):
            spans[k : k + 1] = [(round(a + j * step), round(a + j * step + side))
                                for j in range(joined)]
    if len(spans) >= 2 and any(b - a > 1.35 * height + 1 for a, b in spans):
        spans = _on_an_even_grid(spans, height) or spans  # (a run left whole: refused below)
    spans = [_trimmed(clean, a, b) for a, b in spans]
    if not MIN_BOXES <= len(spans) <= MAX_BOXES:
        return None
    widths = np.array([b - a for a, b in spans], float)
    if widths.max() > 1.35 * height + 1 or widths.min() < 0.7 * height - 1:
        return None  # not squares: text, or a bar
    if widths.max() > 1.5 * widths.min() + 1:
        return None  # not equal
    top, bottom = _rows_of_boxes(clean, spans)
    firm, cornered = 0, 0
    for a, b in spans:
        if _closed(clean[top:bottom, a:b]):
            firm += 1
        elif faint is not None and _closed(faint[top:bottom, a:b]):
            continue
        elif faint is not None and _corner(faint[top:bottom, a:b]):
            cornered += 1  # (one box at most, every other closed firmly: see :func:`_corner`)
        else:
            return None  # an open outline: a letter
    if 2 * firm <= len(spans) or (cornered and (cornered > 1 or firm < len(spans) - 1)):
        return None  # most of the boxes closed only by faint pixels: blur closing letters
    regularity = 1.0 - float(np.ptp(widths)) / max(1.0, float(widths.mean()))
    if len(spans) >= 2:
        steps = np.diff([a for a, _ in spans]).astype(float)
        if steps.max() > 1.5 * steps.min() + 1:
            return None  # not evenly spaced
        regularity = min(regularity, 1.0 - float(np.ptp(steps)) / max(1.0, float(steps.mean())))
    return spans, float(np.clip(regularity, 0.0, 1.0))


# Touching boxes with dark middles, blurred by a video codec, darken the card a pixel or two
# past the row's ends: the run is that much wider than its boxes (fresh harder desktop 640006:
# four boxes of 11 px, 11 apart, in a run of 48, a side of 15 by its width: not cut, and the
# row not found). A side too wide by the width is taken less FRINGE pixels each side.
FRINGE = 2
# ... for boxes this wide or more: a row of small boxes (180048 at 0.52x: four of 6x7 px)
# cut so was counted right, but its fills unsure and the other card's row with them.
FRINGE_BOXES = 4 * FRINGE

# A narrow run of ink in a band of boxes holding fewer pixels than SPECK times the band's
# height is JPEG's ringing in a gap, not a letter's stroke (a stroke fills a column):
# real-look 310029 at 0.69x, four boxes of 6 px in a band 7 tall, 4 pixels in the second
# gap; 7072 at 0.66x, 5 pixels before a row of four; each such row was refused as text.
SPECK = 1.0
GRID = 1.5  # a box standing apart on a joined run's grid: its side and place to this (px)


def _on_grid(alone: list[tuple[int, int]], a: int, step: float, side: float, joined: int,
             height: int) -> bool:
    """Whether a run from ``a`` cut into ``joined`` boxes of ``side``, ``step`` apart, is
    borne out by a box standing apart in its band (``alone``: the band's other runs): one
    as wide as ``side`` and as tall as the band, starting on that step's grid outside the
    run (within :data:`GRID`). At a small scale JPEG may close one gap of a row and not the
    next (real-look 7101 at 0.78x: three boxes of 8 px, 12 apart, the first two joined in
    a run of 20 px and the third apart; the gap of 4 px by their side too wide for boxes
    blurred together, :data:`SQUARE_GAP`, the row was not found)."""
    for x0, x1 in alone:
        j = round((x0 - a) / step)
        if 0 <= j < joined or not 0.7 * height - 1 <= x1 - x0 <= 1.35 * height + 1:
            continue
        if abs((x1 - x0) - side) <= GRID and abs(x0 - (a + j * step)) <= GRID:
            return True
    return False


GRID_EDGE = 0.15  # a run's ends on an even row's box ends: within this share of a side (1 px+)


def _on_an_even_grid(spans: list[tuple[int, int]], height: int) -> list[tuple[int, int]] | None:
    """The band's runs (``spans``, some wider than a box: boxes joined by blur) cut as one
    even row of ``n`` equal boxes from the first run's start to the last run's end, when
    some ``n`` puts every run's two ends on box ends (:data:`GRID_EDGE`) with gaps narrower
    than a box; else ``None``. (Two runs at least, a gap must show: one run is cut only by
    its colours' repeat, :func:`_period`, a bar having none; and one box standing apart, its
    width the side: a band of a few rows under a waist, below a row's top, holds runs three
    times as wide as it is tall and no box, 310005 at 0.73x cut into eight boxes of 3 px.)
    The side is the width of the boxes standing apart (their median). Two boxes joined by a gap of 4 px at 1.78x may repeat at their height
    better than at their step, and the run is then not cut (widest-look 850005: boxes of
    18 px, 21 apart, the middle two joined, matched best at 17 by 0.34, at 21 by 0.27;
    the singles either side place them)."""
    singles = [b - a for a, b in spans if 0.7 * height - 1 <= b - a <= 1.35 * height + 1]
    if not singles:
        return None  # (no box standing apart to show the side: a waist's low band of ink)
    side = float(np.median(singles))
    first, last = spans[0][0], spans[-1][1]
    slack = max(1.0, GRID_EDGE * side)
    for n in range(MIN_BOXES, MAX_BOXES + 1):
        gap = (last - first - n * side) / (n - 1)
        if not -1.0 <= gap < side:
            continue
        step = side + gap
        starts = [first + j * step for j in range(n)]
        if all(min(abs(a - x) for x in starts) <= slack
               and min(abs(b - x - side) for x in starts) <= slack for a, b in spans) and all(
                abs(a - b - gap) <= slack + 1 for (_, b), (a, _) in zip(spans, spans[1:])):
            # (and the gaps seen between the runs are the grid's: a blurred box of 6 px
            # beside a box of 4, 4 px apart, is no two boxes touching; 500034 at 0.75x)
            return [(round(x), round(x + side)) for x in starts]
    return None


def _closed(piece: np.ndarray) -> bool:
    """Whether a box's ink (its span's rows and columns, ends found to a pixel: the outer
    two lines each side) closes three of its four sides at least."""
    return _sides(piece) >= 3


def _sides(piece: np.ndarray) -> int:
    """How many of its four sides a box's ink closes (see :func:`_closed`)."""
    sides = [max(piece[:, 0].mean(), piece[:, 1].mean()),
             max(piece[:, -1].mean(), piece[:, -2].mean()),
             max(piece[0].mean(), piece[1].mean()), max(piece[-1].mean(), piece[-2].mean())]
    return sum(side >= 0.7 for side in sides)


def _corner(piece: np.ndarray) -> bool:
    """Whether a box's ink closes two sides meeting at a corner (a side and its top or
    bottom). Boxes of 6 px with one-pixel borders shrunk to 0.6x may lose the right and
    bottom borders of one box between pixels while the others keep theirs (fresh real-look
    310006 at 0.61x: the Horologium's three boxes 11 px apart, the first closed only on its
    top and left; the row not found). One such box is taken in a row whose other boxes,
    two at least, close three sides firmly and stand equal and evenly spaced with it."""
    sides = [max(piece[:, 0].mean(), piece[:, 1].mean()),
             max(piece[:, -1].mean(), piece[:, -2].mean()),
             max(piece[0].mean(), piece[1].mean()), max(piece[-1].mean(), piece[-2].mean())]
    return any(sides[v] >= 0.7 and sides[h] >= 0.7 for v in (0, 1) for h in (2, 3))


def without_specks(mask: np.ndarray) -> np.ndarray:
    """``mask`` less its pieces of one or two pixels (JPEG noise, not ink)."""
    count, labels, stats, _ = cv2.connectedComponentsWithStats(mask.astype(np.uint8), 8)
    specks = [i for i in range(1, count) if stats[i][4] <= 2]
    return mask & ~np.isin(labels, specks) if specks else mask


MIDDLE = 0.6  # a row of boxes, centred on its panel, has ink in this middle share of its width


ACROSS = 0.8  # a band inked over more of the area's columns than this may be the panel's edge
ONE_RUN = 0.5  # ... when one run of inked columns covers more than this of them
# A band across the area with no row of boxes found in it is skipped, and the row sought
# above it; a row found there whose boxes are under SKIPPED_TALLER of that band's height is
# not taken: the band may be the boxes, joined past parting (touching boxes blurred, filled
# and unfilled alike), and the row above a line of words (widest-look 850033 at 0.6x: four
# touching boxes of 8 px in a solid band 10 rows tall, not parted; the foot of YOU HAVE above
# read as "3 of 3 filled" common at 0.79, the card's count wrong).
SKIPPED_TALLER = 0.5


# A card drawn with a border of its own (a darker or lighter line round it) shows it down the
# sides of its lower part, inside a search area inset a little from the panel's sides: its
# columns inked down every row join the box row, the lines above and the corners into one
# band, and no row is found (widest-look 1006007 at 2.94x: a border of 3 px down the first
# two columns of each card's area, ink on 95% of their rows; every box row None). A column
# in the outer EDGE_SHARE of the area on either side inked down EDGE_DOWN of its rows or
# more is that border, no ink of the boxes (a box's side is inked down its own height; with
# a line of words above reaching the area's sides too, 55% of the rows: widest-look 850049
# at 1.73x, its boxes across the whole area, lost at 0.6).
EDGE_SHARE = 0.1
EDGE_DOWN = 0.8


def _card_edges(mask: np.ndarray) -> np.ndarray:
    """The columns of ``mask`` that are a card's border down its sides (see
    :data:`EDGE_SHARE`), as a boolean array over the columns."""
    width = mask.shape[1]
    out = np.zeros(width, bool)
    if mask.shape[0] == 0:
        return out
    down = mask.mean(axis=0) >= EDGE_DOWN
    reach = max(1, int(EDGE_SHARE * width))
    out[:reach] = down[:reach]
    out[width - reach :] = down[width - reach :]
    return out


def _edge_across(inked: np.ndarray) -> bool:
    """Whether a band whose columns ``inked`` (any ink in the column) is the panel's edge (the
    ground below it): inked across :data:`ACROSS` of the area in one run over :data:`ONE_RUN`
    of it. A row of big boxes may span as much, parted by gaps of the panel's colour (fresh
    wider real-look 700005 at 1.49x: four boxes of 32 px over 0.92 of the card's inner width,
    skipped as an edge, the Crocodile's row unread). Such a band that holds no row of boxes
    is skipped as before (:func:`box_row`). The edge, the ground below the panel, reaches the
    area's last row: a band in one run that ends above it, the panel's colour under it, is
    tried as boxes too (710019 at 1.10x: four boxes 1 px apart across the card's whole
    width)."""
    if inked.mean() <= ACROSS:
        return False
    return max((b - a for a, b in true_runs(inked)), default=0) > ONE_RUN * len(inked)


# A band across the area holding no row of boxes was skipped, and the search went on above
# it (big boxes, a band of specks). A line of text is never under the boxes: above a line of
# text the boxes are not (widest-look 850052 at 0.77x: the Bear card's boxes of 3 px joined
# to the end of its YOU HAVE line, that band skipped, and the name BEAR above it, each two
# letters solid in their dark rim, read as a row of two filled boxes, clearly). A line: two
# runs of inked columns or more (words; blur joins a small line's letters), parted by gaps
# narrower than the band is tall, their columns' ink filling TEXT_FILL of the band's rows
# and more (strokes, not specks nor the thin borders of big empty boxes).
TEXT_FILL = 0.3


def _a_line_of_text(band: np.ndarray) -> bool:
    """Whether a band of ink rows is a line of text (see above :data:`TEXT_FILL`)."""
    height = band.shape[0]
    runs = true_runs(band.any(axis=0))
    if len(runs) < 2 or max(b[0] - a[1] for a, b in zip(runs, runs[1:])) > height:
        return False
    cols = sum(b - a for a, b in runs)
    return float(band.sum()) >= TEXT_FILL * height * cols


CORNER_SHARE = 0.9  # a band whose ink this much hangs on the area's sides is the corners'


def _at_the_corners(band: np.ndarray) -> bool:
    """Whether a band of ink rows at the area's foot is the panel's rounded corners (the
    ground showing past them, or an edge drawn round the card): :data:`CORNER_SHARE` of its
    ink and more in runs joined to the area's left or right side, row by row. Boxes keep
    off the sides. A card's large corners reach into the area's middle on its last rows and
    pass :func:`_in_the_middle`, and a band that holds no boxes ended the search (widest-look
    850042 at 0.75x: the Lynx card's corners 22 px deep under its clear row of four, the
    row not found and the screen asked)."""
    total = int(band.sum())
    if total == 0:
        return False
    joined = 0
    for row in band:
        left = int(np.argmin(row)) if not row.all() else len(row)
        right = int(np.argmin(row[::-1])) if not row.all() else 0
        joined += left + right
    return joined >= CORNER_SHARE * total


def _in_the_middle(band: np.ndarray) -> bool:
    """Whether a band of ink rows holds ink in its :data:`MIDDLE` columns. Ink at the sides
    only is the panel's rounded corners (the ground showing past them), a band at the
    area's bottom, below the boxes, as tall as they are when the radius is large (7105 at
    2.5x: 60 px corners under boxes 29 px tall, the row not found)."""
    width = band.shape[1]
    margin = round((1 - MIDDLE) / 2 * width)
    return bool(band[:, margin : width - margin].any())


def _spans_the_middle(spans: list[tuple[int, int]], width: int) -> bool:
    """Whether a row's boxes (``spans``, columns of an area ``width`` wide) reach into its
    :data:`MIDDLE` columns, as a row centred on its panel does. Two "boxes" at the sides
    alone are the panel's rounded corners with a speck of ink between them passing
    :func:`_in_the_middle` (fresh real-look 560022 at 2.22x: the Zebra card's corners 14 px
    wide at its bottom edge read as a row of two under its real row of four, the row of four
    then read as its ``YOU HAVE`` line, its tint as rare for the common Zebra)."""
    margin = round((1 - MIDDLE) / 2 * width)
    return any(b > margin and a < width - margin for a, b in spans)


CORE = 0.25  # a band's end rows holding less ink than this share of its fullest row: a fringe


def _cored(counts: np.ndarray, top: int, bottom: int) -> tuple[int, int]:
    """Rows ``top``..``bottom`` of a band less its thin fringes: a few stray pixels of JPEG
    ringing or a blurred letter's foot above or below the boxes would otherwise make the band
    taller than the boxes, and boxes of the wrong height are cut wrong (three touching boxes
    read as two). A row through empty boxes still holds their sides (at least two pixels of
    every box's width, well over the share), so the boxes themselves are never cut."""
    fringe = CORE * float(counts[top:bottom].max(initial=0))
    while bottom - top > 1 and counts[top] < fringe:
        top += 1
    while bottom - top > 1 and counts[bottom - 1] < fringe:
        bottom -= 1
    return top, bottom


def _waists(counts: np.ndarray, min_side: float, offset: int) -> list[int]:
    """Rows (``offset`` added) just below a waist of a band (a row of much less ink than the
    rows above and below it), lowest first, leaving at least ``min_side`` rows below."""
    out = []
    for y in range(1, len(counts) - int(min_side)):
        above, below = counts[:y].max(), counts[y + 1 :].max()
        if counts[y] < 0.5 * min(above, below):
            out.append(offset + y + 1)
    return sorted(out, reverse=True)


# Boxes that touch one another, their rims joined, show a row of ink across the whole row at
# their top; a line of words standing on them (no gap above the boxes) leaves no waist there
# (widest-look 1006037 at 2.24x: three rimmed boxes of 63 px touching, right under YOU HAVE,
# the band of both 72 rows with no waist; no row found on any card). A row inked across
# LEDGE_ACROSS of the band's width or more under one of under LEDGE_STEP of its ink is also
# tried as the boxes' top.
LEDGE_ACROSS = 0.8
LEDGE_STEP = 0.7


def _ledges(band: np.ndarray, min_side: float, offset: int) -> list[int]:
    """Rows (``offset`` added) of ``band`` (a mask) inked across (:data:`LEDGE_ACROSS`)
    under a row of much less ink (:data:`LEDGE_STEP`), leaving at least ``min_side`` rows
    below, lowest first."""
    counts = band.sum(axis=1)
    width = band.shape[1]
    return sorted((offset + y for y in range(1, len(counts) - int(min_side))
                   if counts[y] >= LEDGE_ACROSS * width
                   and counts[y - 1] < LEDGE_STEP * counts[y]), reverse=True)


# A row of boxes is as inked, row after row, from its top border to its bottom one; the line
# above it, joined to it by blur, is as wide or wider (fresh harder desktop 640006: the
# Unicorn card's three boxes 34-36 pixels of ink a row, its YOU HAVE line 46-57, the 29 of
# the row between them no waist). The band's foot of rows within FLAT_FOOT of its lowest
# rows' median, when shorter than the band, is tried last as the boxes.
FLAT_FOOT = 0.1


def _flat_foot(counts: np.ndarray, min_side: float, offset: int) -> int | None:
    """The first row (``offset`` added) of the band's foot whose rows' ink (``counts``) is
    within :data:`FLAT_FOOT` of its lowest ``min_side`` rows' median, when that foot is at
    least ``min_side`` tall and shorter than the band; else ``None``."""
    low = int(np.ceil(min_side))
    if len(counts) <= low:
        return None
    typical = float(np.median(counts[-low:]))
    if typical <= 0:
        return None
    y = len(counts)
    while y > 0 and abs(float(counts[y - 1]) - typical) <= FLAT_FOOT * typical:
        y -= 1
    if y == 0 or len(counts) - y < min_side:
        return None
    return offset + y


# The area searched stops short of the card's sides (a few pixels in), and a row as wide as its
# card may have its first or last box cut there: its middle, read over the part inside, is off
# the box's own (variant j40 of widest 1231010: the Lunar Tick's fourth box, 14 px, cut to 11
# by the area's side 3 px before the card's edge; its middle read over the pink beside the
# unfilled box's dot, the box read filled, three found of four, and City's Rat, Pigeon stated
# for Moon's Lunar Tick, Moonkey). An end box touching the area's side (within CUT_SIDE px),
# narrower than the row's other boxes by more than CUT_SIDE, is taken as wide as their middle
# side, on the side away from the row, where the picture holds it; cut by the picture's own
# edge it stays as found (the card then cut too: :func:`~gridsight.games.disco_zoo.cards.
# read_card` sets such a row aside).
CUT_SIDE = 1


def _regrown(spans: list[tuple[int, int]], width: int, x0: int,
             image_width: int) -> list[tuple[int, int]]:
    """``spans`` (columns of an area ``width`` wide, at image column ``x0``) with an end box
    cut by the area's side taken whole (see :data:`CUT_SIDE`)."""
    if len(spans) < 2:
        return spans
    out = list(spans)
    for k, inner in ((0, spans[1:]), (len(spans) - 1, spans[:-1])):
        a, b = spans[k]
        side = round(float(np.median([q - p for p, q in inner])))
        if b - a >= side - CUT_SIDE:
            continue
        if k == 0 and a <= CUT_SIDE and x0 + b - side >= 0:
            out[0] = (b - side, b)
        elif k == len(spans) - 1 and b >= width - CUT_SIDE and x0 + a + side <= image_width:
            out[k] = (a, a + side)
    return out


def _rows_of_boxes(mask: np.ndarray, spans: list[tuple[int, int]]) -> tuple[int, int]:
    """The band's rows narrowed to the boxes' top and bottom borders: up to two rows of
    JPEG ringing or blur above and below them left out (a border runs across most of the
    boxes' width; a lost border, none)."""
    cols = np.zeros(mask.shape[1], bool)
    for a, b in spans:
        cols[a:b] = True
    across = mask[:, cols].mean(axis=1)
    top, bottom = 0, len(across)
    for k in range(min(3, len(across) // 3)):
        if across[k] >= 0.5:
            top = k
            break
    for k in range(min(3, len(across) // 3)):
        if across[len(across) - 1 - k] >= 0.5:
            bottom = len(across) - k
            break
    return top, bottom


def _trimmed(mask: np.ndarray, a: int, b: int) -> tuple[int, int]:
    """Columns ``a``..``b`` narrowed to a box's sides: the outermost columns inked down half
    the band at least (blur and JPEG ringing widen a run by a pixel or two)."""
    down = mask[:, a:b].mean(axis=0)
    full = np.nonzero(down >= 0.5)[0]
    if len(full) < 2:
        return a, b
    return a + int(full[0]), a + int(full[-1]) + 1


# Boxes rimmed in a darker shade (light borders on a light panel), a pixel apart, share the
# rim between them: their step is less than their height with the rims (7105 at 2.5x: three
# boxes 29 px tall, 25 px apart, their run read as joined by a step of two boxes, 50, and
# refused: from 0.9 of the height on, the best match was two boxes' step). The step is
# sought from this share of the height on.
SHORTEST_STEP = 0.75
# Boxes that touch repeat at their own height: a weaker match (over TOUCHING_MATCH) is taken
# at a shift of the band's height, a pixel less or TOUCHING_SLACK more (real-look 7083 at
# 0.61x: four rimmed boxes of 10 px touching in a run of 41, the first filled, its colours
# matching best at 10 and 11 px by 0.34, the row not found and the cards asked).
TOUCHING_MATCH = 0.3
TOUCHING_SLACK = 2
# Boxes that touch repeat at two boxes' step too, and may match there a little better (fresh
# harder desktop 640006, a video's blur: the Unicorn card's three boxes of 11 px in a run of
# 36, matching at 11 px by 0.88 and at 21 by 0.91; cut as one box of 36, the row was not
# found). The boxes are square: half the best shift is taken when it is the band's height (a
# pixel less or TOUCHING_SLACK more), the best is not, and it matches HALF_MATCH as well or
# better. (Session 36 took any half so matching; the merge dropped it, its hunt30 test
# reading a plain read's unread tiles as stated: see test_disco_zoo_hunt30.)
HALF_MATCH = 0.9


def _period(profile: np.ndarray, height: int) -> float | None:
    """The repeat of boxes joined into one run: the shift between ``height`` and 1.7 times
    it at which the changes of the run's column colours (``profile``, one Lab colour per
    column) best match themselves, when they clearly do (a box's border and middle differ,
    so the changes repeat with the boxes, whatever each middle shows)."""
    if len(profile) < max(4, 1.5 * height):
        return None
    # Where the colour changes (a box's border, whatever its middle shows), column by column.
    profile = np.linalg.norm(np.diff(profile, axis=0), axis=1)
    # (spread a little: boxes drawn equal are so only to a pixel once the screen is scaled)
    profile = cv2.GaussianBlur(profile.astype(np.float32).reshape(1, -1), (0, 0), 1.0).ravel()
    profile = profile - profile.mean()
    if float((profile ** 2).sum()) < 1e-3 * len(profile) or len(profile) < 1.5 * height:
        return None
    scores = {}
    for shift in range(max(2, int(SHORTEST_STEP * height)),
                       min(len(profile) - 2, int(1.7 * height) + 2)):
        a, b = profile[:-shift], profile[shift:]
        scores[shift] = float((a * b).sum() / max(1e-6, np.sqrt((a * a).sum() * (b * b).sum())))
    if not scores:
        return None
    best = max(scores, key=scores.get)  # type: ignore[arg-type]
    half = [shift for shift in (best // 2, (best + 1) // 2)
            if shift in scores and height - 1 <= shift <= height + TOUCHING_SLACK]
    if best > height + TOUCHING_SLACK and half and \
            max(scores[shift] for shift in half) >= HALF_MATCH * scores[best]:
        best = max(half, key=scores.get)  # (two square boxes' step: :data:`HALF_MATCH`)
    if scores[best] > 0.5 or (scores[best] > TOUCHING_MATCH
                              and height - 1 <= best <= height + TOUCHING_SLACK):
        return float(best)
    return None


def _colours(image: np.ndarray, box: Box) -> tuple[Colour, Colour]:
    """The median colour (BGR) of a box's middle (its central :data:`CENTRE` each way, at
    least a pixel) and of its edge ring."""
    x, y, w, h = box
    crop = image[y : y + h, x : x + w].astype(np.float32)
    if crop.size == 0:
        return (0.0, 0.0, 0.0), (0.0, 0.0, 0.0)
    mx, my = max(0, round(w * (1 - CENTRE) / 2)), max(0, round(h * (1 - CENTRE) / 2))
    middle = crop[my : max(my + 1, h - my), mx : max(mx + 1, w - mx)].reshape(-1, 3)
    ring = np.concatenate([crop[0], crop[-1], crop[:, 0], crop[:, -1]])
    inside = tuple(float(v) for v in np.median(middle, axis=0))
    border = tuple(float(v) for v in np.median(ring, axis=0))
    return inside, border  # type: ignore[return-value]


FRAME = 0.3  # a box's frame: this share of its side in from each edge


def _light_border(image: np.ndarray, box: Box) -> Colour:
    """The median colour (BGR) of the lightest quarter of a box's frame (its outer
    :data:`FRAME` each side): its light border. The edge ring alone is that border on a dark
    panel; a light panel may rim its boxes in a darker shade (the light borders would not
    show on it otherwise), and the ring is then that rim, the border inside it."""
    x, y, w, h = box
    crop = image[y : y + h, x : x + w].astype(np.float32)
    if crop.size == 0:
        return 0.0, 0.0, 0.0
    mx, my = max(1, round(FRAME * w)), max(1, round(FRAME * h))
    frame = np.ones(crop.shape[:2], bool)
    frame[my : h - my, mx : w - mx] = False
    pixels = crop[frame]
    light = _lab(pixels.reshape(-1, 1, 3)).reshape(-1, 3)[:, 0]
    top = pixels[light >= np.quantile(light, 0.75)]
    return tuple(float(v) for v in np.median(top, axis=0))  # type: ignore[return-value]


INNER_CONTRAST = 8.0  # a box's middle this near its light border (Lab) shows no side of its own


def inner_side(image: np.ndarray, box: Box, light: Colour) -> float:
    """The side (pixels) of a box's middle inside its light border (``light``, BGR): the
    run of pixels through the box's centre, across and down, farther from the border's
    colour than half the centre's distance from it (the lesser of the two runs). A box
    drawn with a thick border keeps a middle of a pixel or two, however big the box: its
    fill blends away with the border and the card around it. ``nan`` when the middle is
    within :data:`INNER_CONTRAST` of the border (no middle to measure: a fill of the
    border's colour)."""
    x, y, w, h = box
    crop = image[y : y + h, x : x + w]
    if crop.size == 0 or min(w, h) < 3:
        return float("nan")
    ref = _lab(np.array(light, np.float32).reshape(1, 1, 3))[0, 0]
    distance = np.linalg.norm(_lab(crop) - ref, axis=2)
    cy, cx = h // 2, w // 2
    band = max(1, round(0.1 * min(w, h)))
    across = distance[max(0, cy - band) : cy + band + (h % 2)].mean(axis=0)
    down = distance[:, max(0, cx - band) : cx + band + (w % 2)].mean(axis=1)
    centre = float(distance[max(0, cy - band) : cy + band + (h % 2),
                            max(0, cx - band) : cx + band + (w % 2)].mean())
    if centre < INNER_CONTRAST:
        return float("nan")
    return float(min(_run_through(across, cx, 0.5 * centre),
                     _run_through(down, cy, 0.5 * centre)))


def _run_through(profile: np.ndarray, at: int, level: float) -> int:
    """The length of the run of ``profile`` over ``level`` that holds index ``at``."""
    if profile[at] <= level:
        return 0
    a, b = at, at + 1
    while a > 0 and profile[a - 1] > level:
        a -= 1
    while b < len(profile) and profile[b] > level:
        b += 1
    return b - a
