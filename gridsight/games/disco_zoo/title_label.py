"""The title bar's ``ATTEMPTS LEFT`` found again when its glyphs came out wrong.

At a small size (0.5-0.7x of a phone's screen) the label's letters run together or break
into strokes, and a piece of the big attempts digit beside it may join its line (0.53x seed
7025: glyphs ``(3, 6, 3, 1)``, the first the digit's foot, each ``T`` a stem and a bar). No
line then has the label's words of 8 and 4 glyphs, no letter is learned from it, and the
cards' names are left unread. The bar's lines are then cut anew into the label's letters
(:func:`gridsight.vision.glyphs.recut`), and a cut is taken only when the label's own
repeated letters say so: each of its four ``T`` and two ``E`` looks most like another glyph
of its letter (:func:`repeats_alike`), which a wrong cut, a region's name or a row of
decorations cut into twelve pieces does not (measured on seed 7000: a right cut 6 of 6, the
wrong ones 0 to 3).
"""

from __future__ import annotations

import numpy as np

from gridsight.vision.glyphs import TextLine, glyph_distance, recut

SAME_ROWS = 0.6  # two lines sharing this share of the shorter's rows are on one line
DROP = 2  # leading glyphs of a line that may be the counter's pieces, dropped
COUNTER_COLUMNS = 0.5  # ... when another line of the bar shares this share of its columns
MIN_GLYPHS = 4  # a line of fewer glyphs (after the drop) is not cut into a label


def same_rows(a: TextLine, b: TextLine) -> bool:
    """Whether ``b`` stands right of ``a`` on its rows (one line of text parted in two)."""
    overlap = min(a.box[1] + a.box[3], b.box[1] + b.box[3]) - max(a.box[1], b.box[1])
    return overlap >= SAME_ROWS * min(a.box[3], b.box[3]) and b.box[0] >= a.box[0] + a.box[2]


def recut_label(bar: list[TextLine], text: str) -> TextLine | None:
    """The title bar's label ``text`` (``ATTEMPTS LEFT``) cut anew from ``bar``'s lines,
    when no line was found with its words: each line, alone and joined with the lines right
    of it on its rows, with up to :data:`DROP` leading glyphs dropped where they are the
    counter's (:func:`_counter_piece`), cut into the label's words; the rightmost cut whose
    repeated letters look alike (:func:`repeats_alike`), ``None`` when none."""
    counts = tuple(len(word) for word in text.split())
    letters = text.replace(" ", "")
    found: list[TextLine] = []
    ordered = sorted(bar, key=lambda ln: ln.box[0])
    for k, first in enumerate(ordered):
        line = first
        tries = [line]
        for other in ordered[k + 1:]:
            if same_rows(line, other):
                line = line.joined(other)
                tries.append(line)
        for whole in tries:
            for drop in range(DROP + 1):
                if len(whole.glyphs) - drop < MIN_GLYPHS:
                    break
                if drop and not _counter_piece(whole.glyphs[drop - 1].box, whole, bar):
                    break
                cut = recut(_dropped(whole, drop), counts)
                if cut is not None and repeats_alike(cut, letters):
                    found.append(cut)
                    break
    return max(found, key=lambda ln: ln.box[0] + ln.box[2]) if found else None


def _dropped(line: TextLine, drop: int) -> TextLine:
    """``line`` without its first ``drop`` glyphs, as one word (:func:`recut` parts it)."""
    if not drop:
        return line
    glyphs = line.glyphs[drop:]
    x0 = glyphs[0].box[0]
    return TextLine(glyphs, (len(glyphs),),
                    (x0, line.box[1], line.box[0] + line.box[2] - x0, line.box[3]),
                    line.height, line.colour)


def _counter_piece(box: tuple[int, int, int, int], line: TextLine, bar: list[TextLine]) -> bool:
    """Whether a glyph's ``box`` of ``line`` is a piece of the big digit beside the label:
    another line of the bar shares :data:`COUNTER_COLUMNS` of its columns and reaches above
    or below ``line``'s rows (the digit is taller than the label; 0.53x seed 7025's digit
    fell into a top of 4 rows and a foot on the label's rows)."""
    for other in bar:
        if other is line or any(g is other.glyphs[0] for g in line.glyphs):
            continue
        ox, oy, ow, oh = other.box
        shared = min(box[0] + box[2], ox + ow) - max(box[0], ox)
        outside = oy < line.box[1] or oy + oh > line.box[1] + line.box[3]
        if shared >= COUNTER_COLUMNS * box[2] and outside:
            return True
    return False


def repeats_alike(line: TextLine, letters: str) -> bool:
    """Whether every glyph of ``line`` (one per letter of ``letters``) whose letter comes
    twice or more looks most like another glyph of its letter (nearest by
    :func:`gridsight.vision.glyphs.glyph_distance` among all the line's other glyphs)."""
    glyphs = line.glyphs
    if len(glyphs) != len(letters):
        return False
    repeated = [k for k, ch in enumerate(letters) if letters.count(ch) > 1]
    if not repeated:
        return False
    for k in repeated:
        near = [glyph_distance(glyphs[k], g) if j != k else np.inf for j, g in enumerate(glyphs)]
        if letters[int(np.argmin(near))] != letters[k]:
            return False
    return True
