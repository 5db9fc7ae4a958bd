"""Lines of text in a picture cut into glyphs, and glyphs compared, in a font never seen.

A game's text is drawn in its own font; a reader that brings no font of its own can still tell
whether two glyphs on one screen are the same character (the same picture at the same or
another size) and so read the screen as a substitution cipher (:mod:`gridsight.vision.cipher`). This
module does the seeing:

- :func:`text_lines`: the lines of text in a picture (light text on a panel, white text on a
  bar...): the ink is what differs from the picture's background colour; its connected parts
  are glyphs, grouped into lines (one cap height, one baseline) and words (gaps wider than
  half a cap height part words, a wide gap or a change of height parts lines);
- :func:`glyph_distance`: how unlike two glyphs are, 0 (the same picture) to 1, whatever
  their sizes: the finer one is first brought down to the coarser one's resolution, both are
  drawn at one cap height and the best overlap of their soft ink masks (a Dice distance)
  over small shifts is kept.

The ink is soft (0..1): a pixel half way between the background and the text's own colour is
half ink, so a glyph blurred by scaling or JPEG keeps its shape's weight.

>>> import numpy as np
>>> picture = np.full((20, 60, 3), 30, np.uint8)
>>> for k, x in enumerate((5, 15, 25)):
...     picture[5:15, x : x + 6] = 230
...     picture[7:13, x + 2 : x + 4] = 30 if k != 1 else 230   # two hollow boxes, one solid
>>> [line.words for line in text_lines(picture)]
[(3,)]
>>> a, b, c = text_lines(picture)[0].glyphs
>>> glyph_distance(a, c) < 0.02 < 0.08 < glyph_distance(a, b)
True
"""

from __future__ import annotations

import hashlib
import weakref
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property

import cv2
import numpy as np

from gridsight.vision.colour_norms import norms
from gridsight.vision.modes import densest
from gridsight.vision.runs import true_runs

INK = 28.0  # Lab distance from the background above which a pixel starts to be ink
MIN_HEIGHT = 4  # glyphs shorter than this (pixels) are not text that can be read
SAME_LINE = 0.6  # glyphs whose rows overlap by this share of the shorter are on one line
HEIGHT_RATIO = 1.35  # ... and whose heights differ by less than this factor
WORD_GAP = 0.5  # a gap wider than this share of the cap height parts two words
LINE_GAP = 1.5  # a gap wider than this many cap heights parts two lines
SPLIT = 0.5  # glyphs are the runs of columns with this much ink (half) somewhere
COMPARE_HEIGHT = 24  # glyphs are compared drawn at this cap height (pixels)
SHIFT = 3  # ... over shifts of up to this many pixels each way


@dataclass(frozen=True, eq=False)
class Glyph:
    """One glyph: ``box`` (x, y, width, height) in the picture's pixels; ``canvas`` its soft
    ink (0..1) over its line's rows and its own columns, with a margin; ``top``, ``bottom``,
    ``left`` and ``right`` the line's cap edges and the glyph's own edges in the canvas
    (fractions of a pixel: an edge blurred over two pixels is placed where the ink crosses
    one half)."""

    box: tuple[int, int, int, int]
    canvas: np.ndarray = field(repr=False)
    top: float
    bottom: float
    left: float
    right: float

    @property
    def height(self) -> float:
        """The cap height of the glyph's line (pixels)."""
        return self.bottom - self.top

    @property
    def aspect(self) -> float:
        """Width over the line's cap height."""
        return (self.right - self.left) / max(self.height, 1.0)

    @cached_property
    def stroke(self) -> float:
        """The glyph's stroke width over its cap height: the thin runs of ink (half or
        more) across its rows (their lower quartile: a bar across the glyph is not a
        stroke's width), each run's ink summed (a stroke blurred over two pixels counts its
        ink, not its pixels). Computed once (the cipher asks for it many times)."""
        rows = self.canvas[max(0, int(self.top)) : int(np.ceil(self.bottom))]
        widths = _run_inks(rows)
        return float(np.quantile(widths, 0.25)) / max(self.height, 1.0) if len(widths) else 0.0


@dataclass(frozen=True, eq=False)
class TextLine:
    """A line of text: its glyphs left to right, the number of glyphs in each word, its box
    (x, y, width, height) and cap height (pixels), and the text's colour (BGR)."""

    glyphs: tuple[Glyph, ...]
    words: tuple[int, ...]
    box: tuple[int, int, int, int]
    height: float
    colour: tuple[float, float, float]

    @cached_property
    def stroke(self) -> float:
        """The line's stroke width over its cap height (the median run of ink across a
        glyph's rows): a bold line's is larger than a regular line's of the same font.
        Computed once (the cipher asks for it of every pair of lines it compares)."""
        return float(np.median([g.stroke for g in self.glyphs])) if self.glyphs else 0.0

    def first_words(self, count: int) -> TextLine:
        """The line's first ``count`` words alone."""
        n = sum(self.words[:count])
        glyphs = self.glyphs[:n]
        x0 = min(g.box[0] for g in glyphs)
        x1 = max(g.box[0] + g.box[2] for g in glyphs)
        return TextLine(glyphs, self.words[:count], (x0, self.box[1], x1 - x0, self.box[3]),
                        self.height, self.colour)

    def joined(self, other: TextLine) -> TextLine:
        """This line followed by ``other`` (a text wrapped over two lines) as one."""
        x0 = min(self.box[0], other.box[0])
        y0 = min(self.box[1], other.box[1])
        x1 = max(self.box[0] + self.box[2], other.box[0] + other.box[2])
        y1 = max(self.box[1] + self.box[3], other.box[1] + other.box[3])
        return TextLine(self.glyphs + other.glyphs, self.words + other.words,
                        (x0, y0, x1 - x0, y1 - y0), min(self.height, other.height), self.colour)

    def word_glyphs(self) -> list[tuple[Glyph, ...]]:
        """The glyphs of each word."""
        out, k = [], 0
        for n in self.words:
            out.append(self.glyphs[k : k + n])
            k += n
        return out


def lab(picture: np.ndarray) -> np.ndarray:
    """Lab (L 0..100) of BGR pixels, any shape ending in 3."""
    flat = picture.reshape(-1, 1, 3).astype(np.float32) / 255.0
    return cv2.cvtColor(flat, cv2.COLOR_BGR2Lab).reshape(picture.shape[:-1] + (3,))


def border_colour(picture: np.ndarray) -> np.ndarray:
    """The most common colour (BGR) of a picture's outermost two pixels: what its content
    stands on."""
    border = np.concatenate([picture[:2].reshape(-1, 3), picture[-2:].reshape(-1, 3),
                             picture[:, :2].reshape(-1, 3), picture[:, -2:].reshape(-1, 3)])
    return _mode_colour(border.astype(np.float32))


_EXACT_COUNTS = 1 << 24  # counts up to this are whole numbers in float32, summed exactly


def _pooled(counts: np.ndarray) -> np.ndarray:
    """Each cell of a 16 x 16 x 16 histogram plus its neighbours (the 3 x 3 x 3 block around
    it, zero beyond the edges), summed along one axis at a time: six sums, not 27. The
    counts are whole numbers whose total is at most :data:`_EXACT_COUNTS`, so every partial
    sum is exact and the order of the sums changes nothing (:func:`_pooled_plain`)."""
    padded = np.zeros((18, 18, 18), counts.dtype)
    padded[1:17, 1:17, 1:17] = counts
    rows = padded[:16] + padded[1:17] + padded[2:]
    cols = rows[:, :16] + rows[:, 1:17] + rows[:, 2:]
    return cols[:, :, :16] + cols[:, :, 1:17] + cols[:, :, 2:]


def _pooled_plain(counts: np.ndarray) -> np.ndarray:
    """:func:`_pooled` as the 27 shifted copies of the block added one by one."""
    padded = np.pad(counts, 1)
    pooled = np.zeros_like(counts)
    for i, j, k in np.ndindex(3, 3, 3):
        pooled += padded[i : 16 + i, j : 16 + j, k : 16 + k]
    return pooled


def _mode_colour(pixels: np.ndarray, radius: float = 24.0) -> np.ndarray:
    """The most common colour of ``pixels`` (BGR, any shape ending in 3): the fullest cell
    of a coarse colour histogram (cells of 16 levels), refined by a few mean-shift steps
    within ``radius`` (a colour shared by a bare majority still wins over the mix of
    colours around it)."""
    pixels = pixels.reshape(-1, 3).astype(np.float32)
    if len(pixels) == 0:
        return np.zeros(3, np.float32)
    cells = np.clip(pixels // 16, 0, 15).astype(np.int32)
    index = cells[:, 0] * 256 + cells[:, 1] * 16 + cells[:, 2]
    counts = np.bincount(index, minlength=4096).reshape(16, 16, 16).astype(np.float32)
    # Each cell with its neighbours: a noisy colour spread over a few cells is not outvoted
    # by a pure one (white text) held in one.
    pooled = _pooled(counts) if len(pixels) <= _EXACT_COUNTS else _pooled_plain(counts)
    b, g, r = np.unravel_index(int(np.argmax(pooled)), pooled.shape)
    near = (np.abs(cells[:, 0] - b) <= 1) & (np.abs(cells[:, 1] - g) <= 1) & \
        (np.abs(cells[:, 2] - r) <= 1)
    centre = pixels[near].mean(axis=0)
    for _ in range(3):
        near = pixels[norms(pixels - centre) < radius]
        if len(near) == 0:
            break
        centre = near.mean(axis=0)
    return centre


ROWS_AT_ONCE = 64  # rows of a picture whose most common colours are found together


def _rows_mode_colours(picture: np.ndarray) -> list[np.ndarray]:
    """Each row's :func:`_mode_colour`, the same values, found for many rows at once.

    The same steps on every row together: the histograms, their pooled cells (whole
    numbers, summed exactly in any order) and their fullest cells, then the means. A uint8
    row's pixels are whole numbers, so each mean's sum is exact whatever its order: taken
    in float64 and divided there, as ``ndarray.mean`` of float32 pixels divides its exact
    float32 sum by the count, then rounded to float32. The distances of the mean-shift steps
    are the same float32 operations on each pixel. A row whose step finds no pixel near
    stops there, as :func:`_mode_colour` does. Any other picture (not uint8, or rows so
    wide that a sum could pass float32's whole numbers) is done row by row."""
    height, width = picture.shape[:2]
    if picture.dtype != np.uint8 or width == 0 or width * 255 >= _EXACT_COUNTS \
            or picture.ndim != 3 or picture.shape[2] != 3:
        return [_mode_colour(picture[y].reshape(-1, 3).astype(np.float32))
                for y in range(height)]
    out: list[np.ndarray] = []
    for top in range(0, height, ROWS_AT_ONCE):
        out += list(_mode_colours(picture[top : top + ROWS_AT_ONCE]))
    return out


def _mode_colours(picture: np.ndarray, radius: float = 24.0) -> np.ndarray:
    """:func:`_rows_mode_colours` of a few rows of a uint8 picture (float32, one a row)."""
    rows = picture.shape[0]
    pixels = picture.astype(np.float32)
    cells = np.clip(pixels // 16, 0, 15).astype(np.int32)
    index = cells[..., 0] * 256 + cells[..., 1] * 16 + cells[..., 2]
    index += (np.arange(rows, dtype=np.int32) * 4096)[:, None]
    counts = np.bincount(index.ravel(), minlength=4096 * rows).astype(np.float32)
    padded = np.zeros((rows, 18, 18, 18), np.float32)
    padded[:, 1:17, 1:17, 1:17] = counts.reshape(rows, 16, 16, 16)
    across = padded[:, :16] + padded[:, 1:17] + padded[:, 2:]
    across = across[:, :, :16] + across[:, :, 1:17] + across[:, :, 2:]
    pooled = across[..., :16] + across[..., 1:17] + across[..., 2:]
    fullest = np.argmax(pooled.reshape(rows, 4096), axis=1)
    b, g, r = fullest // 256, (fullest // 16) % 16, fullest % 16
    near = (np.abs(cells[..., 0] - b[:, None]) <= 1) & (np.abs(cells[..., 1] - g[:, None]) <= 1) \
        & (np.abs(cells[..., 2] - r[:, None]) <= 1)
    centre = _means(pixels, near)
    for _ in range(3):
        near = norms(pixels - centre[:, None, :]) < radius
        count = near.sum(axis=1)
        if not count.any():
            break
        centre = np.where((count > 0)[:, None], _means(pixels, near), centre)
    return centre


def _means(pixels: np.ndarray, near: np.ndarray) -> np.ndarray:
    """Each row's mean of its pixels ``near`` (float32 whole numbers), as ``ndarray.mean``
    of them gives it (see :func:`_rows_mode_colours`); a row with none gets NaN (unused)."""
    sums = np.einsum("rwc,rw->rc", pixels.astype(np.float64), near.astype(np.float64))
    count = near.sum(axis=1)
    with np.errstate(invalid="ignore", divide="ignore"):
        return (sums / count[:, None]).astype(np.float32)


def text_lines(picture: np.ndarray, background: np.ndarray | None = None, *,
               min_height: int = MIN_HEIGHT, ink: float = INK) -> list[TextLine]:
    """The lines of text in ``picture`` (BGR) standing on ``background`` (a BGR colour; the
    picture's border colour when not given), top to bottom, then left to right; ``ink``: the
    Lab distance from the background past which a pixel starts to be ink (lower for a
    picture whose background is flat, where faint text is all that differs)."""
    if picture.size == 0 or min(picture.shape[:2]) < min_height:
        return []
    bg = border_colour(picture) if background is None else np.asarray(background, np.float32)
    pic_lab = lab(picture)
    bg_lab = lab(np.asarray(bg, np.float32).reshape(1, 1, 3).clip(0, 255).astype(np.uint8))[0, 0]
    distance = norms(pic_lab - bg_lab)
    mask = (distance > ink).astype(np.uint8)
    count, labels, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=8)
    parts = [(int(s[0]), int(s[1]), int(s[2]), int(s[3])) for s in stats[1:count]]
    parts = _bridges_cut(parts, labels, min_height)
    ids = [i + 1 for i, (x, y, w, h) in enumerate(parts) if h >= 2 and w * h >= 3]
    pieces = [(parts[i - 1], i) for i in ids]
    lines = []
    for group in _group_lines(pieces, min_height):
        line = _make_line(group, picture, pic_lab, labels, bg_lab, distance)
        if line is not None:
            lines.append(line)
    lines.sort(key=lambda ln: (ln.box[1], ln.box[0]))
    return lines


BRIDGE = 0.15  # a row of a component with at most this share of its widest row's ink ...
BRIDGE_PIXELS = 2  # ... or this many pixels may be a bridge between two lines' glyphs
MATCHES = 1  # each part cut off is as tall as this many components on its rows
# A component up to this many times as wide as tall is cut at a bridge of at most
# :data:`BRIDGE_PIXELS`: 1.4x seed 7081's ``BA`` of ``BAT`` joined by a pixel's column to the
# ``HAV`` of ``YOU HAVE 4`` under it, 42 pixels by 30, so its name was found as none.
WIDE_BRIDGED = 1.5


def _bridges_cut(parts: list[tuple[int, int, int, int]], labels: np.ndarray,
                 min_height: int) -> list[tuple[int, int, int, int]]:
    """The components' boxes (``parts``, label ``k + 1`` each) with every component that
    joins a glyph of one line to a glyph of the line under it cut in two at the bridge
    between them (``labels`` relabelled in place, the lower part a new label at the end):
    JPEG's bleeding and a scaler's blur may join two letters of stacked lines by a pixel or
    two of ink (0.98x seed 7097's ``K`` of ``KIWI`` and the ``Y`` of ``YOU HAVE`` under it,
    one component as tall as both lines, so ``KIWI`` was found as ``IWI``). A component is
    cut only at its thinnest row (:data:`BRIDGE`), only when as a whole it is as tall as no
    other component on its rows (it fits no line), and each part is as tall as
    :data:`MATCHES` components its rows share (:data:`SAME_LINE`, :data:`HEIGHT_RATIO`,
    within a line's gap of it), and no wider than tall (a letter or two on each line): a
    letter's own thin stroke (a ``T``'s stem) leaves parts no neighbour matches, and a
    sprite's wide blob is left whole (1.2x seed 7005's, cut, made a way of seeing its card
    that lost its name win)."""
    out = list(parts)
    tall = [b for b in parts if b[3] >= min_height]
    for k, (x, y, w, h) in enumerate(parts):
        if h < 2 * min_height + 1 or w > WIDE_BRIDGED * h:
            continue
        own = labels[y:y + h, x:x + w] == k + 1
        rows = own.sum(axis=1)
        # (wider than tall: only at a bridge of a pixel or two, words of two or three letters
        # each side)
        limit = BRIDGE_PIXELS if w > h else max(BRIDGE_PIXELS, BRIDGE * rows.max())
        inner = np.arange(min_height, h - min_height)
        thin = [r for r in inner if rows[r] <= limit]
        if not thin:
            continue
        cut = min(thin, key=lambda r: (rows[r], abs(r - h / 2)))
        upper, lower = own[:cut].any(axis=1), own[cut + 1:].any(axis=1)
        top_box = _part_box(own[:cut], x, y)
        low_box = _part_box(own[cut + 1:], x, y + cut + 1)
        if top_box is None or low_box is None or not upper.any() or not lower.any():
            continue
        whole = (x, y, w, h)
        if _matched(whole, tall, whole) or not (_matched(top_box, tall, whole, MATCHES)
                                                 and _matched(low_box, tall, whole, MATCHES)):
            continue
        window = labels[y:y + h, x:x + w]
        window[cut][own[cut]] = 0
        below = np.zeros_like(own)
        below[cut + 1:] = own[cut + 1:]
        window[below] = len(out) + 1
        out[k] = top_box
        out.append(low_box)
    return out


def _part_box(own: np.ndarray, x: int, y: int) -> tuple[int, int, int, int] | None:
    """The box of the ink ``own`` (a part of a component whose window starts at x, y)."""
    ys, xs = np.nonzero(own)
    if len(ys) == 0:
        return None
    return (x + int(xs.min()), y + int(ys.min()), int(xs.max() - xs.min()) + 1,
            int(ys.max() - ys.min()) + 1)


def _matched(part: tuple[int, int, int, int], others: list[tuple[int, int, int, int]],
             whole: tuple[int, int, int, int], least: int = 1) -> bool:
    """Whether ``least`` other components (not ``whole``) share ``part``'s rows at about its
    height, near enough to be glyphs of its line."""
    x, y, w, h = part
    count = 0
    for other in others:
        if other == whole:
            continue
        ox, oy, ow, oh = other
        overlap = min(y + h, oy + oh) - max(y, oy)
        gap = max(ox - (x + w), x - (ox + ow))
        if (overlap >= SAME_LINE * min(h, oh) and max(h, oh) <= HEIGHT_RATIO * min(h, oh)
                and gap <= LINE_GAP * max(h, oh)):
            count += 1
            if count >= least:
                return True
    return False


def banded_text_lines(picture: np.ndarray, *, min_height: int = MIN_HEIGHT) -> list[TextLine]:
    """The lines of text in a picture made of horizontal bands of different colours (a
    phone's status bar over a game's title bar, say): each band read on its own colour
    (:func:`bands`), the lines' boxes in the picture's pixels."""
    out = []
    for top, bottom, colour in bands(picture):
        if bottom - top < min_height:
            continue
        for line in text_lines(picture[top:bottom], colour, min_height=min_height):
            out.append(moved(line, 0, top))
    return out


BAND_SPREAD = 20.0  # Lab distance within which two rows' main colours are one band's
THIN_BAND = 6  # rows of another colour between two runs of one colour: text, not a band
THIN_SHARE = 0.06  # ... or this share of the picture's rows, when more (a big screenshot)


def bands(picture: np.ndarray) -> list[tuple[int, int, np.ndarray]]:
    """``(top, bottom, colour)`` of each run of rows sharing one main colour (BGR): the
    rows' most common colour, which text over a minority of a row does not change."""
    rows = _rows_mode_colours(picture)
    if not rows:
        return []
    row_lab = lab(np.clip(np.array(rows), 0, 255).astype(np.uint8).reshape(-1, 1, 3))[:, 0]
    runs: list[tuple[int, int]] = []
    start = 0
    for y in range(1, len(rows) + 1):
        if y == len(rows) or np.linalg.norm(row_lab[y] - row_lab[start:y].mean(axis=0)) > BAND_SPREAD:
            runs.append((start, y))
            start = y
    # A few rows of another colour between two runs of one colour are text across a row
    # (a bold title's bars), not a band of their own: the runs are one band.
    # How thin scales with the picture: a title's row of ink is a font pixel or two, 10 rows
    # of a 7.9x screenshot whose 513-row title bar was cut in two bands there, neither
    # holding a whole line (seed 930029: the region's name and ATTEMPTS LEFT not read).
    thin = max(THIN_BAND, THIN_SHARE * len(rows))
    merged: list[tuple[int, int]] = []
    for a, b in runs:
        if len(merged) >= 2 and merged[-1][1] - merged[-1][0] <= thin and np.linalg.norm(
                row_lab[a:b].mean(axis=0) - row_lab[slice(*merged[-2])].mean(axis=0)) <= BAND_SPREAD:
            merged[-2:] = [(merged[-2][0], b)]
        else:
            merged.append((a, b))
    return [(a, b, np.median(np.array(rows[a:b]), axis=0)) for a, b in merged]


def moved(line: TextLine, dx: int, dy: int) -> TextLine:
    """``line`` with its boxes moved by ``(dx, dy)`` pixels."""
    glyphs = tuple(Glyph((g.box[0] + dx, g.box[1] + dy, g.box[2], g.box[3]), g.canvas, g.top,
                         g.bottom, g.left, g.right) for g in line.glyphs)
    x, y, w, h = line.box
    return TextLine(glyphs, line.words, (x + dx, y + dy, w, h), line.height, line.colour)


def emboldened(line: TextLine, stroke: float) -> TextLine:
    """``line`` as its font's bold would draw it, its strokes ``stroke`` thick (over the
    cap height, as :attr:`TextLine.stroke`): each glyph's ink widened to the right by the
    difference, as a bold pixel font widens every stroke by a column (and as a renderer
    makes a bold it does not have, drawing the regular twice a pixel apart). A screen's
    bold title can then be read against its regular labels' glyphs."""
    by = max(0.0, (stroke - line.stroke) * line.height)
    if by <= 0.0:
        return line
    pad = int(np.ceil(by)) + 1
    glyphs = []
    for g in line.glyphs:
        canvas = np.pad(g.canvas, ((0, 0), (0, pad)))
        shifted = cv2.warpAffine(canvas, np.array([[1, 0, by], [0, 1, 0]], np.float32),
                                 (canvas.shape[1], canvas.shape[0]), flags=cv2.INTER_LINEAR,
                                 borderMode=cv2.BORDER_CONSTANT, borderValue=0)
        # (every pixel between the glyph and its copy ``by`` to the right is ink too: the
        # strokes widen, not double)
        wide = np.maximum(canvas, shifted)
        for step in np.arange(1.0, by, 1.0):
            wide = np.maximum(wide, np.roll(canvas, int(step), axis=1))
        x, y, w, h = g.box
        glyphs.append(Glyph((x, y, w + int(round(by)), h), wide, g.top, g.bottom, g.left,
                            g.right + by))
    x, y, w, h = line.box
    return TextLine(tuple(glyphs), line.words, (x, y, w + int(round(by)), h), line.height,
                    line.colour)


def stretched(line: TextLine, stroke: float) -> TextLine:
    """``line`` drawn wider, its upright strokes ``stroke`` thick (over the cap height):
    each glyph stretched across by the ratio of the strokes, the other way a pixel font's
    bold is made (every column drawn twice, where widening each stroke would fill a
    letter's hole: a three-pixel ``A``)."""
    factor = stroke / line.stroke if line.stroke > 0 else 1.0
    if factor <= 1.0:
        return line
    glyphs = []
    for g in line.glyphs:
        width = max(1, int(round(g.canvas.shape[1] * factor)))
        fx = width / g.canvas.shape[1]
        canvas = cv2.resize(g.canvas, (width, g.canvas.shape[0]), interpolation=cv2.INTER_LINEAR)
        x, y, w, h = g.box
        glyphs.append(Glyph((x, y, int(round(w * fx)), h), canvas, g.top, g.bottom,
                            g.left * fx, g.right * fx))
    x, y, w, h = line.box
    return TextLine(tuple(glyphs), line.words, (x, y, int(round(w * factor)), h), line.height,
                    line.colour)


Piece = tuple[tuple[int, int, int, int], int]  # a component's box and its label


def _group_lines(pieces: list[Piece], min_height: int) -> list[list[list[Piece]]]:
    """Components grouped into lines (each a list of glyphs, each a list of components):
    tall enough components sharing rows with similar heights, close enough side by side;
    small components (a colon's dots, a hyphen) join the glyph or line they sit in."""
    tall = sorted((p for p in pieces if p[0][3] >= min_height), key=lambda p: p[0][0])
    lines: list[list[Piece]] = []
    for piece in tall:
        (x, y, w, h), _ = piece
        for line in lines:
            (lx, ly, lw, lh), _ = line[-1]
            overlap = min(y + h, ly + lh) - max(y, ly)
            if (overlap >= SAME_LINE * min(h, lh) and max(h, lh) <= HEIGHT_RATIO * min(h, lh)
                    and x - (lx + lw) <= LINE_GAP * max(h, lh)):
                line.append(piece)
                break
        else:
            lines.append([piece])
    lines = _absorb_fragments(lines)
    out = []
    for line in lines:
        top = int(np.median([p[0][1] for p in line]))
        bottom = int(np.median([p[0][1] + p[0][3] for p in line]))
        left, right = line[0][0][0], line[-1][0][0] + line[-1][0][2]
        # Short pieces inside the line's rows (a hyphen, a colon's dots) are glyphs or
        # parts of glyphs too.
        small = [p for p in pieces if p[0][3] < min_height and p not in line
                 and p[0][1] >= top - 1 and p[0][1] + p[0][3] <= bottom + 1
                 and left - (bottom - top) <= p[0][0] <= right + (bottom - top)]
        members = sorted(line + small, key=lambda p: p[0][0])
        glyphs: list[list[Piece]] = []
        for piece in members:
            (x, _, w, _), _ = piece
            if glyphs:
                gx0 = min(p[0][0] for p in glyphs[-1])
                gx1 = max(p[0][0] + p[0][2] for p in glyphs[-1])
                overlap = min(x + w, gx1) - max(x, gx0)
                if overlap >= 0.5 * min(w, gx1 - gx0):  # stacked parts of one glyph
                    glyphs[-1].append(piece)
                    continue
            glyphs.append([piece])
        out.append(glyphs)
    return out


FRAGMENT = 0.8  # a "line" this much shorter than one whose rows hold it may be its glyph's part


def _absorb_fragments(lines: list[list[Piece]]) -> list[list[Piece]]:
    """Lines that are parts of another line's glyphs, joined to it: a thin stroke of faint
    text breaks into pieces (an ``I``'s two bars without its stem, a ``W``'s short middle
    stroke), each too short to share the line's height, which would stand as lines of their
    own. A line is such parts when it lies within another, taller line's rows (shorter than
    :data:`FRAGMENT` of it, no wider than its height: a label beside a big digit is no
    part of it) and no farther from its ends than a line's gap
    (:data:`LINE_GAP` cap heights). Once joined, two lines of one height on the same rows
    with no more than that gap between them are one line (the parts had kept them apart)."""
    lines = [list(line) for line in lines]
    grown = [False] * len(lines)  # lines that took a fragment in
    changed = True
    while changed and len(lines) > 1:
        changed = False
        boxes = [_union([p[0] for p in line]) for line in lines]
        for k, j in [(k, j) for k in range(len(lines)) for j in range(len(lines)) if k != j]:
            (x, y, w, h), (lx, ly, lw, lh) = boxes[k], boxes[j]
            reach = LINE_GAP * lh
            inside = y >= ly - 1 and y + h <= ly + lh + 1
            fragment = (inside and h < FRAGMENT * lh and w <= lh and x >= lx - reach
                        and x + w <= lx + lw + reach
                        and not _word_beside((x, y, w, h), boxes[j]))
            overlap = min(y + h, ly + lh) - max(y, ly)
            gap = max(x - (lx + lw), lx - (x + w))
            neighbour = (overlap >= SAME_LINE * min(h, lh) and max(h, lh) <= HEIGHT_RATIO * min(h, lh)
                         and gap <= LINE_GAP * max(h, lh) and k > j and (grown[j] or grown[k]))
            if fragment or neighbour:
                lines[j] = sorted(lines[j] + lines[k], key=lambda p: p[0][0])
                grown[j] = grown[j] or grown[k] or fragment
                del lines[k]
                del grown[k]
                changed = True
                break
    return lines


WORD_WIDE = 2.0  # a line beside another, this many times as wide as tall and as far from it ...
WORD_APART = 1.0  # ... as this many of its heights, and as far from its top and foot, is a word


def _word_beside(box: tuple[int, int, int, int], other: tuple[int, int, int, int]) -> bool:
    """Whether a line's ``box`` stands wholly beside ``other``'s columns, :data:`WORD_APART`
    of its heights or farther, among its rows as far from their top and foot, and is
    :data:`WORD_WIDE` times as wide as tall: a word, not strokes of the other line's glyphs,
    which stand within or against its glyphs' columns, or on its top or foot (widest 1022002
    at 1.45x: ``MOUNTAIN``, one component 16 px tall and 80 wide, 36 px left of the title
    bar's counter ``3``, 116 px tall, and some 50 px from its top and foot, was taken in as
    part of the digit, and the region went unread; a letter worn to the bar at its foot
    beside a line's last letter is a part of the line still, its foot on the line's)."""
    x, y, w, h = box
    ox, oy, ow, oh = other
    gap = max(ox - (x + w), x - (ox + ow))
    clear = min(y - oy, oy + oh - (y + h))
    return gap >= WORD_APART * h and clear >= WORD_APART * h and w >= WORD_WIDE * h


def _make_line(glyphs: list[list[Piece]], picture: np.ndarray, pic_lab: np.ndarray,
               labels: np.ndarray, bg_lab: np.ndarray,
               distances: np.ndarray | None = None) -> TextLine | None:
    """A line from its components: the text's colour found, the soft ink computed over the
    line, and the line cut again into glyphs where the soft ink has a gap (a column where no
    pixel is half ink): JPEG's colour bleeding may join two glyphs' components without
    making the gap between them look like text. ``distances``: each pixel's Lab distance
    from ``bg_lab``, when the caller has them (the line's part of them is the same)."""
    boxes = [_union([p[0] for p in g]) for g in glyphs]
    tall = [b for b in boxes if b[3] >= 0.7 * max(bb[3] for bb in boxes)]
    top = int(np.median([b[1] for b in tall]))
    bottom = int(np.median([b[1] + b[3] for b in tall]))
    height = float(bottom - top)
    if height < 2:
        return None
    margin = max(2, int(round(0.25 * height)))
    h_img, w_img = labels.shape
    left = max(0, min(b[0] for b in boxes) - margin)
    right = min(w_img, max(b[0] + b[2] for b in boxes) + margin)
    y0, y1 = max(0, top - margin), min(h_img, bottom + margin)
    ids = [p[1] for g in glyphs for p in g]
    own = cv2.dilate(np.isin(labels[y0:y1, left:right], ids).astype(np.uint8),
                     np.ones((3, 3), np.uint8)) > 0
    region = pic_lab[y0:y1, left:right]
    distance = norms(region - bg_lab) if distances is None else distances[y0:y1, left:right]
    strong = own & (distance > 0.6 * np.percentile(distance[own], 95))
    if strong.sum() < 3:
        return None
    fg_lab = densest(region[strong], radius=12.0)
    soft_all = soft_ink(region, bg_lab, fg_lab)
    own = _grown(own, soft_all)
    soft = soft_all * own
    # The cap edges, to a fraction of a pixel: where the rows' most inked pixel crosses 1/2.
    rows = soft.max(axis=1)
    cap_top = _crossing(rows, top - y0, rising=True)
    cap_bottom = _crossing(rows, bottom - y0, rising=False)
    if cap_bottom - cap_top < 2:
        return None
    # Glyphs are the runs of columns holding half ink somewhere in the cap height.
    profile = soft[max(0, int(cap_top)) : int(np.ceil(cap_bottom))].max(axis=0)
    # Padded so that every glyph's canvas (its columns with a margin, the region's rows)
    # lies inside it: column ``margin + i`` is the region's column ``i``.
    padded = cv2.copyMakeBorder(soft, 0, 0, margin, margin, cv2.BORDER_CONSTANT, value=0)
    # (the columns clear of half ink, padded as the canvases are: made once for the line)
    clear = np.pad(profile < SPLIT, margin, constant_values=True)
    made = []
    for a, b in _split_wide(_join_slits(true_runs(profile >= SPLIT), height), profile, height):
        on = soft[:, a:b] >= 0.5
        ink_rows = np.nonzero(on.any(axis=1))[0]
        if len(ink_rows) == 0:
            continue
        gy0, gy1 = int(ink_rows.min()) + y0, int(ink_rows.max()) + 1 + y0
        if gy1 - gy0 < 0.25 * height and (b - a) < 0.25 * height:
            continue  # a speck, not a glyph
        canvas = padded[:, a : b + 2 * margin].copy()
        # Nothing of the neighbours: in the margins, columns with half ink are cleared.
        keep = clear[a : b + 2 * margin].copy()
        keep[margin : margin + (b - a)] = True
        canvas *= keep
        made.append(Glyph((left + a, gy0, b - a, gy1 - gy0), canvas, cap_top, cap_bottom,
                          margin + _edge(profile, a, b, rising=True) - a,
                          margin + _edge(profile, a, b, rising=False) - a))
    if not made:
        return None
    words = _words([g.box for g in made], height)
    x0 = min(g.box[0] for g in made)
    x1 = max(g.box[0] + g.box[2] for g in made)
    colour = cv2.cvtColor(fg_lab.reshape(1, 1, 3).astype(np.float32), cv2.COLOR_Lab2BGR)[0, 0]
    return TextLine(tuple(made), words, (x0, top, x1 - x0, bottom - top), height,
                    tuple(float(v) * 255.0 for v in colour))  # type: ignore[arg-type]


def _grown(own: np.ndarray, soft: np.ndarray) -> np.ndarray:
    """The line's own pixels ``own`` grown by every part of its soft ink (half or more)
    that touches them: a thin stroke of faint text (light letters on a light card, blurred
    by scaling) falls short of :data:`INK` where a thicker one does not, and would be cut
    off its glyph (an ``L`` without its foot, an ``O`` as two bars)."""
    half = (soft >= 0.5).astype(np.uint8)
    if not half.any():
        return own
    count, labels = cv2.connectedComponents(half, connectivity=8)
    touching = np.unique(labels[own & (half > 0)])
    touching = touching[touching > 0]
    if len(touching) == 0:
        return own
    grown = np.isin(labels, touching)
    return own | (cv2.dilate(grown.astype(np.uint8), np.ones((3, 3), np.uint8)) > 0)


LUMA_WEIGHT = np.array([1.0, 0.4, 0.4], np.float32)  # JPEG keeps lightness sharper than hue


def soft_ink(region_lab: np.ndarray, bg_lab: np.ndarray, fg_lab: np.ndarray) -> np.ndarray:
    """How far each pixel (Lab) is from the background towards the text's colour, 0..1,
    lightness weighted above hue (which JPEG blurs over two pixels); a pixel of a third
    colour (an outline, a shadow) counts only as far as it goes that way."""
    d = (fg_lab - bg_lab) * LUMA_WEIGHT
    span = float(np.dot(d, d))
    if span < 1e-6:
        return np.zeros(region_lab.shape[:2], np.float32)
    rel = (region_lab - bg_lab) * LUMA_WEIGHT
    along = (rel @ d) / span
    # Off the text's colour's way, for its distance along it: a pixel past the text's
    # colour (a stroke fully inked where most are blurred half way) is ink, whatever the
    # small turn in hue that lightness brings.
    off = norms(rel - along[..., None] * d) / np.sqrt(span) \
        / np.maximum(along, 1.0)
    return (np.clip(along, 0.0, 1.0) * np.clip(1.0 - off, 0.0, 1.0)).astype(np.float32)


def _crossing(profile: np.ndarray, index: int, *, rising: bool) -> float:
    """Where ``profile`` crosses 1/2 near ``index`` (an edge between pixels ``index - 1`` and
    ``index`` for a rising edge, ``index - 1`` and ``index`` falling), in pixel-edge
    coordinates: a sharp edge between pixels 4 and 5 is at 5.0."""
    n = len(profile)
    i = int(np.clip(index, 0, n - 1))
    if rising:
        while i > 0 and profile[i - 1] >= 0.5:
            i -= 1
        while i < n - 1 and profile[i] < 0.5:
            i += 1
        lo, hi = (float(profile[i - 1]) if i > 0 else 0.0), float(profile[i])
        return i - 0.5 + (0.5 - lo) / max(hi - lo, 1e-6)
    i = int(np.clip(index - 1, 0, n - 1))
    while i < n - 1 and profile[i + 1] >= 0.5:
        i += 1
    while i > 0 and profile[i] < 0.5:
        i -= 1
    hi, lo = float(profile[i]), (float(profile[i + 1]) if i + 1 < n else 0.0)
    return i + 0.5 + (hi - 0.5) / max(hi - lo, 1e-6)


def _edge(profile: np.ndarray, a: int, b: int, *, rising: bool) -> float:
    """The left (``rising``) or right edge of the glyph in columns ``a``..``b``, to a
    fraction of a pixel when the ink fades out beside it, else the run's own end (a glyph
    parted from its neighbour at a faint column)."""
    if rising:
        if a > 0 and profile[a - 1] < 0.5 <= profile[a]:
            return a - 0.5 + (0.5 - float(profile[a - 1])) / max(float(profile[a] - profile[a - 1]), 1e-6)
        return float(a)
    if b < len(profile) and profile[b] < 0.5 <= profile[b - 1]:
        return b - 0.5 + (float(profile[b - 1]) - 0.5) / max(float(profile[b - 1] - profile[b]), 1e-6)
    return float(b)




SHORT_SUM = 8  # ndarray.sum adds fewer values than this one after another (more: pairwise)


def _run_inks(rows: np.ndarray) -> np.ndarray:
    """For each run of half ink or more across each of ``rows`` (row by row, left to right),
    its ink with a pixel either side summed (float64): ``row[a - 1 : b + 1].sum()`` of the
    run ``a..b``, to the bit, for all the runs at once.

    A glyph's stroke (:attr:`Glyph.stroke`) asked this of each row in turn: a tenth of the
    CPU of reading a real-look screen's names (measured, 24 screens). ``ndarray.sum`` adds
    fewer than :data:`SHORT_SUM` values one after another from the first (longer ones
    pairwise): the short runs' sums are those additions, made column by column over every
    run at once in the rows' type; a longer run is summed by ``ndarray.sum`` itself."""
    height, width = rows.shape
    on = np.zeros((height, width + 2), np.int8)
    on[:, 1:-1] = rows >= 0.5
    edges = np.diff(on, axis=1)
    row_of, starts = np.nonzero(edges == 1)
    _, ends = np.nonzero(edges == -1)  # (row-major: each run's end beside its start)
    lo = np.maximum(starts - 1, 0)
    count = np.minimum(ends + 1, width) - lo
    steps = np.arange(SHORT_SUM - 1)
    inside = steps[None, :] < count[:, None]
    values = np.where(inside, rows[row_of[:, None], np.minimum(lo[:, None] + steps, width - 1)],
                      rows.dtype.type(0.0))
    sums = np.zeros(len(starts), rows.dtype)
    for k in range(SHORT_SUM - 1):  # (adding a run's zeros past its end changes nothing)
        sums += values[:, k]
    out = sums.astype(np.float64)
    for i in np.nonzero(count >= SHORT_SUM)[0]:
        out[i] = float(rows[row_of[i], lo[i] : lo[i] + count[i]].sum())
    return out


SLIT = 0.34  # a gap this much narrower than the line's usual gap between glyphs is a slit
SLIT_WIDTH = 1.3  # ... inside a glyph, when the two runs together are at most this wide (usual)


def _join_slits(runs: list[tuple[int, int]], height: float) -> list[tuple[int, int]]:
    """Runs of ink columns with each slit closed: a gap far narrower than the gaps between
    the line's glyphs (:data:`SLIT`) between two runs that together are no wider than a
    glyph (:data:`SLIT_WIDTH`) is one column of a stroke lost inside a glyph (the thin
    bottom of a ``U`` between its sides, broken by a blur or a JPEG block: measured on a
    ringed ``YOU HAVE`` at 3.4x, a gap of 1 column where the letters stand 5 apart)."""
    gaps = [c - b for (_, b), (c, _) in zip(runs, runs[1:])]
    between = [g for g in gaps if g <= WORD_GAP * height]
    if len(between) < 3:
        return runs
    usual_gap = float(np.median(between))
    usual = float(np.median([b - a for a, b in runs]))
    out = [runs[0]]
    for (c, d), gap in zip(runs[1:], gaps):
        a, _ = out[-1]
        if gap < SLIT * usual_gap and d - a <= SLIT_WIDTH * usual:
            out[-1] = (a, d)
        else:
            out.append((c, d))
    return out


WIDE = 1.9  # a run of ink columns this many times the line's usual glyph width may be two
PAIR = 1.25  # ... or this many cap heights, on a line whose usual glyph is wider than
PAIRED = 1.15  # this many (no letter's usual width: its letters ran together in pairs)
DIP = 0.75  # ... parted where its columns' ink dips below this (a blurred gap, not a stroke)


def _split_wide(runs: list[tuple[int, int]], profile: np.ndarray,
                height: float = 0.0) -> list[tuple[int, int]]:
    """Runs of ink columns, with each run much wider than the line's usual glyph (or than
    :data:`PAIR` cap heights, ``height`` when given) parted at its faintest column near the
    middle, when that column is faint: two glyphs whose gap a blur filled in (a wide glyph
    like ``M`` has no faint column: each of its columns holds a stroke somewhere). By the
    cap height too, on a line whose usual glyph is wider than a letter (:data:`PAIRED`): its
    letters ran together in pairs, and a pair is its usual glyph (1.2x seed 950015:
    ``LUNA MOTH`` as ``LU NA`` ``MO T H``, five glyphs). Only there: a wide font's ``M`` is
    1.2 to 1.3 cap heights, with a faint column between its strokes (2.2x seed 7117's
    ``MUSKOX`` was cut in seven)."""
    if len(runs) < 3:
        return runs
    usual = float(np.median([b - a for a, b in runs]))
    paired = height > 0 and usual > PAIRED * height  # the usual glyph is itself a pair
    out: list[tuple[int, int]] = []
    todo = list(runs)
    while todo:
        a, b = todo.pop(0)
        if (b - a > WIDE * usual or (paired and b - a > PAIR * height)) and b - a >= 4:
            parts = _cut_at_dip(profile, a, b)
            if parts is not None:
                todo[:0] = parts
                continue
        out.append((a, b))
    return out


def _cut_at_dip(profile: np.ndarray, a: int, b: int) -> list[tuple[int, int]] | None:
    """The columns ``a..b`` of a glyph (``profile``: each column's ink) cut at the faintest
    column of their middle half, when it is faint (:data:`DIP`): the two runs, that column
    left out when under :data:`SPLIT` (a gap) and shared otherwise; ``None`` when no column
    there is faint."""
    lo, hi = a + max(1, int(0.25 * (b - a))), b - max(1, int(0.25 * (b - a)))
    cut = lo + int(np.argmin(profile[lo:hi])) if hi > lo else -1
    if cut > a and profile[cut] < DIP:
        return [(a, cut), (cut + 1, b)] if profile[cut] < SPLIT else [(a, cut), (cut, b)]
    return None


def split_wider(line: TextLine, width: float, *, letter: float | None = None) -> TextLine:
    """``line`` with each glyph wider than ``width`` pixels parted at its faintest column
    near the middle, when that column is faint (:func:`_split_wide`'s test): two letters
    run together into one glyph. The caller knows how wide a letter of this line's font is
    from another line (a label's glyphs, as wide as the line's letters for its height),
    where :func:`_split_wide` only has the line itself, whose usual glyph is a pair when most
    of its letters ran together (1.1x seed 7009's ``BEAVER`` as ``BE A VE R``). The same
    line when no glyph is parted. ``letter``: a letter's width, and each glyph wider than
    ``width`` is cut into as many letters of equal width as it holds, faint columns or not
    (letters drawn touching, the last column of one beside the first of the next, a pixel
    font's letters all of one width: for a line whose text is known, which then says
    whether the cuts were right)."""
    glyphs: list[Glyph] = []
    for g in line.glyphs:
        parts = _parted(g, width, letter) if g.box[2] > width else [g]
        glyphs.extend(parts)
    if len(glyphs) == len(line.glyphs):
        return line
    return TextLine(tuple(glyphs), _words([g.box for g in glyphs], line.height), line.box,
                    line.height, line.colour)


def _parted(glyph: Glyph, width: float, letter: float | None = None) -> list[Glyph]:
    """``glyph`` cut where its columns' ink dips (:func:`split_wider`), each part cut again
    while wider than ``width``; ``[glyph]`` when it has no faint column. With ``letter``:
    cut into as many parts of equal width as its own width holds letters (two at least)
    instead."""
    canvas = glyph.canvas
    w = glyph.box[2]
    margin = (canvas.shape[1] - w) // 2
    profile = canvas[max(0, int(glyph.top)) : int(np.ceil(glyph.bottom))].max(axis=0)
    own = profile[margin : margin + w]
    runs = [(0, w)]
    out: list[tuple[int, int]] = []
    if letter is not None:
        n = max(2, int(round(w / max(letter, 1.0))))
        cuts = [int(round(k * w / n)) for k in range(n + 1)]
        runs, out = [], list(zip(cuts, cuts[1:]))
    while runs:
        a, b = runs.pop(0)
        if b - a > width and b - a >= 4:
            parts = _cut_at_dip(own, a, b)
            if parts is not None:
                runs[:0] = parts
                continue
        out.append((a, b))
    if len(out) == 1:
        return [glyph]
    return _pieces(glyph, out, profile) or [glyph]


def _pieces(glyph: Glyph, spans: list[tuple[int, int]],
            profile: np.ndarray | None = None) -> list[Glyph]:
    """The glyphs of ``glyph``'s columns ``spans`` (each ``(a, b)``, of its own columns),
    each on a canvas of its own (the neighbours' half ink in its margins cleared); a span
    with no half ink is left out. ``profile``: each canvas column's ink over the cap height,
    when the caller has it."""
    canvas = glyph.canvas
    w = glyph.box[2]
    margin = (canvas.shape[1] - w) // 2
    if profile is None:
        profile = canvas[max(0, int(glyph.top)) : int(np.ceil(glyph.bottom))].max(axis=0)
    inked = np.nonzero((canvas[:, margin : margin + w] >= 0.5).any(axis=1))[0]
    y0 = glyph.box[1] - (int(inked.min()) if len(inked) else 0)
    keep_all = profile < SPLIT
    made = []
    for a, b in spans:
        sub = canvas[:, a : b + 2 * margin].copy()
        keep = keep_all[a : b + 2 * margin].copy()
        keep[margin : margin + (b - a)] = True
        sub *= keep
        rows = np.nonzero((sub[:, margin : margin + (b - a)] >= 0.5).any(axis=1))[0]
        if len(rows) == 0:
            continue
        left = _edge(profile, margin + a, margin + b, rising=True) - a
        right = _edge(profile, margin + a, margin + b, rising=False) - a
        made.append(Glyph((glyph.box[0] + a, y0 + int(rows.min()), b - a,
                           int(rows.max()) + 1 - int(rows.min())), sub, glyph.top,
                          glyph.bottom, left, right))
    return made


def merged(glyphs: tuple[Glyph, ...] | list[Glyph]) -> Glyph:
    """The glyphs of one line (canvases over the same rows, margins alike) as one glyph
    spanning them all: their canvases laid side by side where their boxes are, each
    column's ink the most any of them has there."""
    margin = (glyphs[0].canvas.shape[1] - glyphs[0].box[2]) // 2
    x0 = min(g.box[0] for g in glyphs)
    x1 = max(g.box[0] + g.box[2] for g in glyphs)
    rows = max(g.canvas.shape[0] for g in glyphs)
    canvas = np.zeros((rows, x1 - x0 + 2 * margin), np.float32)
    for g in glyphs:
        m = (g.canvas.shape[1] - g.box[2]) // 2
        at = g.box[0] - x0 + margin - m
        lo, hi = max(0, at), min(canvas.shape[1], at + g.canvas.shape[1])
        part = g.canvas[:, lo - at : hi - at]
        canvas[: part.shape[0], lo:hi] = np.maximum(canvas[: part.shape[0], lo:hi], part)
    y0 = min(g.box[1] for g in glyphs)
    y1 = max(g.box[1] + g.box[3] for g in glyphs)
    first, last = min(glyphs, key=lambda g: g.box[0]), max(glyphs, key=lambda g: g.box[0] + g.box[2])
    return Glyph((x0, y0, x1 - x0, y1 - y0), canvas, glyphs[0].top, glyphs[0].bottom,
                 first.left + (first.box[0] - x0), last.right + (last.box[0] - x0))


SNAP = 0.3  # an even cut moves to the faintest column within this share of a letter's width


def recut(line: TextLine, counts: tuple[int, ...]) -> TextLine | None:
    """``line`` cut anew into words of ``counts`` letters, for a line whose text is known
    or supposed (a label, a name of a vocabulary) but whose glyphs came out otherwise at a
    small size: letters run together, a letter broken in two strokes, a word gap lost or a
    gap inside a word taken for one. The words are the line's, joined where they are too
    many or parted at their widest gap where too few, so that their widths go with their
    letter counts; a word of as many glyphs as letters keeps them, another is cut into its
    letters evenly, each cut moved to the faintest column near it (:data:`SNAP`). ``None``
    when the line cannot be so cut (a letter would be left with no ink). The cuts are a
    guess: the caller weighs the letters so cut against what it knows of them."""
    if not line.glyphs or not counts or min(counts) < 1:
        return None
    words = [list(w) for w in line.word_glyphs()]
    while len(words) > len(counts):  # joined where the gap is narrowest
        gaps = [b[0].box[0] - (a[-1].box[0] + a[-1].box[2]) for a, b in zip(words, words[1:])]
        k = int(np.argmin(gaps))
        words[k : k + 2] = [words[k] + words[k + 1]]
    while len(words) < len(counts):  # parted at the widest gap between glyphs
        best = None
        for k, word in enumerate(words):
            for j in range(1, len(word)):
                gap = word[j].box[0] - (word[j - 1].box[0] + word[j - 1].box[2])
                if best is None or gap > best[0]:
                    best = (gap, k, j)
        if best is None:
            return None
        _, k, j = best
        words[k : k + 1] = [words[k][:j], words[k][j:]]
    glyphs: list[Glyph] = []
    for word, n in zip(words, counts):
        if len(word) < n:
            word = _pairs_parted(word, n)
        if len(word) == n and even(word):
            glyphs += word
            continue
        whole = merged(word)
        cut = _even_cuts(whole, n)
        if cut is None:
            return None
        glyphs += cut
    x0 = min(g.box[0] for g in glyphs)
    x1 = max(g.box[0] + g.box[2] for g in glyphs)
    return TextLine(tuple(glyphs), tuple(counts), (x0, line.box[1], x1 - x0, line.box[3]),
                    line.height, line.colour)


PIECE_HEIGHT = 0.5  # a glyph under this share of its word's usual glyph height is a letter's piece


def pieces_joined(line: TextLine, counts: tuple[int, ...]) -> TextLine | None:
    """``line`` with the pieces of its letters joined to them, for a text of ``counts``
    letters per word: in each word of more glyphs than its letters, a glyph under
    :data:`PIECE_HEIGHT` of the word's usual (median) glyph height, the shortest first, is
    joined to its nearer neighbour, while the word has too many glyphs (1.47x seed 7031's
    ``CROCODILE`` in ten glyphs: its ``D`` a stem and a 3 px piece of its bow). No letter
    of a capital's height is cut or joined, so no width of a letter need be known (a card
    with no ``YOU HAVE`` line to measure by). ``None`` unless each word then has as many
    glyphs as letters and some piece was joined."""
    def piece(word: list[Glyph], first: list[Glyph]) -> tuple[int, int] | None:
        tall = float(np.median([g.box[3] for g in first]))
        short = [k for k, g in enumerate(word) if g.box[3] < PIECE_HEIGHT * tall]
        if not short or len(word) < 2:
            return None
        k = min(short, key=lambda j: word[j].box[3])
        gaps = []
        if k > 0:
            gaps.append((word[k].box[0] - (word[k - 1].box[0] + word[k - 1].box[2]), k - 1))
        if k + 1 < len(word):
            gaps.append((word[k + 1].box[0] - (word[k].box[0] + word[k].box[2]), k + 1))
        a, b = sorted((k, min(gaps)[1]))
        return a, b

    return _joined_per_word(line, counts, piece)


def _joined_per_word(line: TextLine, counts: tuple[int, ...],
                     pick: Callable[[list[Glyph], list[Glyph]], tuple[int, int] | None]
                     ) -> TextLine | None:
    """``line`` for a text of ``counts`` letters per word, each word of more glyphs than its
    letters joining the neighbouring glyphs ``pick`` names (``(a, b)``: glyphs ``a`` to ``b``,
    inclusive, made one; given the word as it stands and as it was first) until it has as
    many; ``None`` when ``pick`` finds nothing to join in a word still too long, or when
    nothing was joined at all (the line as it is)."""
    words = [list(w) for w in line.word_glyphs()]
    if len(words) != len(counts):
        return None
    glyphs: list[Glyph] = []
    joined = False
    for word, n in zip(words, counts):
        first = list(word)
        while len(word) > n:
            pair = pick(word, first)
            if pair is None:
                return None
            a, b = pair
            word[a : b + 1] = [merged(word[a : b + 1])]
            joined = True
        if len(word) != n:
            return None
        glyphs += word
    if not joined:
        return None
    return TextLine(tuple(glyphs), tuple(counts), line.box, line.height, line.colour)


STEM = 0.6  # a glyph under this share of a letter's width (for its height) may be a stroke
STEM_PAIR = 1.4  # ... and two such, side by side, no wider than this share are one letter


def stems_joined(line: TextLine, counts: tuple[int, ...], letter: float) -> TextLine | None:
    """``line`` with its letters broken into strokes joined, for a text of ``counts``
    letters per word, ``letter`` a letter's usual width (pixels) at the line's height: in
    each word of more glyphs than its letters, two neighbouring glyphs each under
    :data:`STEM` of a letter's width and together (their gap included) no wider than
    :data:`STEM_PAIR` of it are joined, the narrowest pair first, while the word has too
    many glyphs (1.17x seed 270005's ``PENGUIN`` drawn 6 px tall in nine glyphs, each ``N``
    two stems of 2 px with a pixel between them, its letters 4 px wide). Glyphs of a
    letter's height are joined only so: no letter is cut and no two letters of full width
    are joined. ``None`` unless each word then has as many glyphs as letters and some pair
    was joined."""
    if letter <= 0:
        return None

    def stems(word: list[Glyph], first: list[Glyph]) -> tuple[int, int] | None:
        pairs = [(word[k + 1].box[0] + word[k + 1].box[2] - word[k].box[0], k)
                 for k in range(len(word) - 1)
                 if max(word[k].box[2], word[k + 1].box[2]) < STEM * letter]
        pairs = [(w, k) for w, k in pairs if w <= STEM_PAIR * letter]
        if not pairs:
            return None
        _, k = min(pairs)
        return k, k + 1

    return _joined_per_word(line, counts, stems)


RUN_PAIR = 1.6  # a glyph this many times its word's other glyphs' median width is two letters


def _pairs_parted(word: list[Glyph], n: int) -> list[Glyph]:
    """``word``'s glyphs with its widest ones parted in two (:func:`_halved`; in three or
    more when as wide as so many of the others), the widest first, while it has fewer than
    ``n`` glyphs and the widest is :data:`RUN_PAIR` times as wide as the word's other glyphs
    (their median): two letters run together, the word's other letters as found. An even cut of the whole word would move every cut
    (0.92x seed 7018's ``ANKYLOSAURUS`` as eleven glyphs, its ``AU`` one glyph, cut evenly
    into twelve: its ``A``, ``U`` and ``R`` cut through). The word as it is when no glyph
    is so wide (the caller then cuts the whole word evenly)."""
    word = list(word)
    while len(word) < n and len(word) > 1:
        k = max(range(len(word)), key=lambda j: word[j].box[2])
        others = float(np.median([g.box[2] for j, g in enumerate(word) if j != k]))
        if word[k].box[2] < RUN_PAIR * others:
            break
        # Three letters run together are as wide as three (0.84x seed 270032's ``ATT`` of
        # 16 pixels among letters of 5): cut in three at once, not halved and a half halved
        # (its cuts then a letter's half off).
        many = min(n - len(word) + 1, int(round(word[k].box[2] / max(others, 1.0))))
        parts = _halved(word[k], many)
        if parts is None:
            break
        word[k : k + 1] = parts
    return word


GAP_INK = 0.5  # a column with less ink than this (over the cap height) is a gap


def _halved(pair: Glyph, parts: int = 2) -> list[Glyph] | None:
    """``pair`` (two letters run together, or ``parts`` letters) cut in ``parts`` of one
    width: each cut at a gap within a pixel of its even place (a column of less than
    :data:`GAP_INK`), else at its even place itself. Not at the faintest column near it: two
    letters with no gap left between them blur into an even ink whose faintest column is
    noise (0.92x seed 7018's ``UR``, cut a pixel off, its ``U`` read as an ``L``). ``None``
    when a part has no ink."""
    w = pair.box[2]
    margin = (pair.canvas.shape[1] - w) // 2
    profile = pair.canvas[max(0, int(pair.top)) : int(np.ceil(pair.bottom))].max(axis=0)
    own = profile[margin : margin + w]
    cuts = [0]
    for k in range(1, parts):
        even_at = k * w / parts
        at = int(round(even_at))
        near = [c for c in (at - 1, at, at + 1) if cuts[-1] < c < w and own[c] < GAP_INK]
        if near:
            at = min(near, key=lambda c: (own[c], abs(c - even_at)))
        if at <= cuts[-1] or at >= w:
            return None
        cuts.append(at)
    cuts.append(w)
    made = _pieces(pair, list(zip(cuts, cuts[1:])), profile)
    return made if len(made) == parts else None


EVEN = (0.45, 1.8)  # a glyph under the first share of its word's mean width is narrow, over
# the second two letters wide


def even(word: list[Glyph] | tuple[Glyph, ...]) -> bool:
    """Whether a word's glyphs may be its letters as cut: none two letters wide
    (:data:`EVEN`) and no two narrow ones side by side (a letter broken into its strokes:
    0.76x seed 7000's ``YOU`` as glyphs of 10, 1 and 1 pixels). One narrow glyph alone is a
    narrow letter (an ``I``: 2.3x seed 140000's ``GIRAFFE``, its ``I`` 5 pixels wide among
    letters of 23)."""
    widths = [g.box[2] for g in word]
    mean = sum(widths) / len(widths)
    narrow = [w < EVEN[0] * mean for w in widths]
    return max(widths) <= EVEN[1] * mean and not any(a and b for a, b in zip(narrow, narrow[1:]))


def _even_cuts(whole: Glyph, n: int) -> list[Glyph] | None:
    """``whole`` cut into ``n`` glyphs of about one width, each cut at the faintest column
    within :data:`SNAP` of a letter's width of its even place; ``None`` when a part has no
    ink."""
    w = whole.box[2]
    if w < n:
        return None
    margin = (whole.canvas.shape[1] - w) // 2
    profile = whole.canvas[max(0, int(whole.top)) : int(np.ceil(whole.bottom))].max(axis=0)
    own = profile[margin : margin + w]
    step = w / n
    cuts = [0]
    for k in range(1, n):
        at = int(round(k * step))
        reach = max(0, int(SNAP * step))
        lo, hi = max(cuts[-1] + 1, at - reach), min(w - (n - k), at + reach)
        if hi < lo:
            return None
        cuts.append(lo + int(np.argmin(own[lo : hi + 1])))
    cuts.append(w)
    spans = list(zip(cuts, cuts[1:]))
    made = _pieces(whole, spans, profile)
    return made if len(made) == n else None


def _union(boxes: list[tuple[int, int, int, int]]) -> tuple[int, int, int, int]:
    x0 = min(b[0] for b in boxes)
    y0 = min(b[1] for b in boxes)
    x1 = max(b[0] + b[2] for b in boxes)
    y1 = max(b[1] + b[3] for b in boxes)
    return x0, y0, x1 - x0, y1 - y0


def _words(boxes: list[tuple[int, int, int, int]], height: float) -> tuple[int, ...]:
    """Glyphs per word: a gap wider than :data:`WORD_GAP` cap heights parts two words."""
    words = [1]
    for a, b in zip(boxes, boxes[1:]):
        if b[0] - (a[0] + a[2]) > WORD_GAP * height:
            words.append(1)
        else:
            words[-1] += 1
    return tuple(words)


# -- comparing glyphs -----------------------------------------------------------------------


PAD = SHIFT + 2  # blank pixels around a glyph drawn for comparison
BLUR = 0.5  # glyphs are compared blurred by this many of the coarser one's pixels


def _drawn(glyph: Glyph, native: float) -> np.ndarray:
    """The glyph as if seen at cap height ``native`` (pixels; not above its own), then drawn
    with its cap height :data:`COMPARE_HEIGHT` and its edges :data:`PAD` pixels in."""
    canvas, top, bottom, left, right = glyph.canvas, glyph.top, glyph.bottom, glyph.left, glyph.right
    f = native / glyph.height
    if f < 0.9:  # the finer glyph brought down to the coarser one's resolution
        size = (max(1, round(canvas.shape[1] * f)), max(1, round(canvas.shape[0] * f)))
        fx, fy = size[0] / canvas.shape[1], size[1] / canvas.shape[0]
        canvas = cv2.resize(canvas, size, interpolation=cv2.INTER_AREA)
        top, bottom, left, right = top * fy, bottom * fy, left * fx, right * fx
    s = COMPARE_HEIGHT / (bottom - top)
    width = int(round((right - left) * s)) + 2 * PAD
    # Edge coordinates e map to e' = (e - top) * s + PAD; pixel centres sit half a pixel in.
    matrix = np.array([[s, 0, (0.5 - left) * s + PAD - 0.5],
                       [0, s, (0.5 - top) * s + PAD - 0.5]], np.float32)
    drawn = cv2.warpAffine(canvas, matrix, (max(width, 2 * PAD + 1), COMPARE_HEIGHT + 2 * PAD),
                           flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT, borderValue=0)
    # Blurred by a part of a native pixel: a stroke that fell on one pixel and one that fell
    # across two (the font's pixels land on the screen's at another phase) look alike.
    return cv2.GaussianBlur(drawn, (0, 0), BLUR * s)


def _drawn_once(glyph: Glyph, native: float) -> tuple[np.ndarray, np.float32]:
    """:func:`_drawn` and its ink's energy (the sum of its squares), made once per glyph and
    resolution: a screen's cipher compares each glyph with dozens of others, mostly at one
    cap height. Kept on the glyph (its own, read only)."""
    made = glyph.__dict__.setdefault("_drawn_at", {})
    if native not in made:
        drawn = _drawn(glyph, native)
        made[native] = (drawn, (drawn * drawn).sum())
    return made[native]


def glyph_distance(a: Glyph, b: Glyph) -> float:
    """How unlike two glyphs are, 0..1: one minus the best Dice overlap of their soft inks,
    both seen at the coarser one's resolution and drawn at one cap height, over shifts of up
    to :data:`SHIFT` pixels (of :data:`COMPARE_HEIGHT`) each way.

    Remembered on ``a`` for ``b`` (this order: the other order may differ in the last bit),
    while both live: a screen's names are read twice (with every clue of the cards, then with
    the clear ones only), each reading with a cipher of its own over the same glyphs
    (measured: a quarter of the distances asked for on real-look screens were asked before)."""
    memo = a.__dict__.setdefault("_distance_to", {})
    entry = memo.get(id(b))
    if entry is not None and entry[0]() is b:
        return entry[1]
    key = (_pixels(a), _pixels(b))
    d = _BY_PIXELS.get(key)
    if d is None:
        d = _glyph_distance(a, b)
        if len(_BY_PIXELS) >= BY_PIXELS:
            _BY_PIXELS.clear()
        _BY_PIXELS[key] = d
    memo[id(b)] = (weakref.ref(b), d)  # (a weak reference: no cycle between the glyphs)
    return d


# Distances by the glyphs' pixels, in the order asked (the other order may differ in the
# last bit): a card's text seen several ways, or a name cut anew for each letter count, cuts
# the same letters into new glyphs of the same pixels (measured: a quarter of the distances
# worked out on real-look screens had been worked out on glyphs of the same pixels). Exact
# pixels and edges (all that :func:`_glyph_distance` reads), so shared across screens.
_BY_PIXELS: dict[tuple, float] = {}
BY_PIXELS = 1 << 16  # pairs remembered at most (then forgotten all at once)


def _pixels(glyph: Glyph) -> tuple:
    """Everything of ``glyph`` :func:`_glyph_distance` reads (its canvas's bytes, by their
    SHA-1 digest as the screens' own memos key pixels, its shape and type; its cap and side
    edges), made once per glyph (kept on it: a canvas is read only)."""
    made = glyph.__dict__.get("_pixels")
    if made is None:
        canvas = glyph.canvas
        edges = (glyph.top, glyph.bottom, glyph.left, glyph.right)
        # (the edges' types too: a float32 edge of a float's value is worked out otherwise)
        made = glyph.__dict__["_pixels"] = (
            hashlib.sha1(np.ascontiguousarray(canvas).tobytes()).digest(), canvas.shape,
            canvas.dtype.str, edges, tuple(map(type, edges)))
    return made


def _glyph_distance(a: Glyph, b: Glyph) -> float:
    """:func:`glyph_distance` worked out."""
    native = min(a.height, b.height)
    (one, ink_one), (two, ink_two) = _drawn_once(a, native), _drawn_once(b, native)
    total = float(ink_one + ink_two)
    if total <= 1e-6:
        return 1.0
    wide = a
    if one.shape[1] < two.shape[1]:
        one, two, wide = two, one, b
    # ``two`` slides over ``one`` (padded): up to SHIFT each way of the centred place.
    extra = one.shape[1] - two.shape[1]
    cross = cv2.matchTemplate(_padded_once(wide, native, one), two, cv2.TM_CCORR)
    cx = SHIFT + extra // 2
    window = cross[:, max(0, cx - SHIFT) : cx + SHIFT + 1 + extra % 2]
    # (clipped to 0..1 in plain floats: the value np.clip gives, without its overhead)
    return max(0.0, min(1.0, 1.0 - 2.0 * float(window.max()) / total))


def _padded_once(glyph: Glyph, native: float, drawn: np.ndarray) -> np.ndarray:
    """``drawn`` (``glyph`` drawn for ``native``: :func:`_drawn_once`) with :data:`SHIFT`
    blank pixels around it, for the glyphs narrower than it to slide over: made once per
    glyph and resolution (a glyph is the wider of a pair against dozens of others), kept on
    the glyph with the drawing it pads (a drawing made afresh is padded afresh)."""
    made = glyph.__dict__.setdefault("_padded_at", {})
    entry = made.get(native)
    if entry is None or entry[0] is not drawn:
        entry = made[native] = (drawn, cv2.copyMakeBorder(drawn, SHIFT, SHIFT, SHIFT, SHIFT,
                                                          cv2.BORDER_CONSTANT, value=0))
    return entry[1]
