"""When the region's name read off the title bar alone counts (the cards' names too small).

The title's region line is read with the cards' names (:mod:`.names`); where those names are
too small to read (:func:`.screen_text._legible`), the region the title reads may still be
taken, and it then settles the animals with the cards' boxes: a wrong region there names
wrong animals with no options. So a title line counts alone only when:

- it is tall enough with a margin (:data:`TITLE_LETTER`, a pixel above the smallest
  name line counted: at :data:`.screen_text.MIN_LETTER` glyphs run together);
- it is the whole of the title's text on its rows left of the counter
  (:func:`whole_name`): no glyph of the letters' height follows it there. 0.78x seed
  270054's ``OUTBACK`` lost its ``A`` to blur, and its ``CK``, parted from ``OUTB`` by the gap,
  was taken off as the counter's digits; the four glyphs left read ``FARM``, and with a card
  of three boxes the Farm's Unicorn was settled for a Tiddalik;
- its glyphs agree with the letters the labels show (``ATTEMPTS LEFT``, ``YOU HAVE``):
  :data:`TITLE_VOUCHED` of those the name has, and two, vouched for
  (:attr:`.names.ScreenText.region_vouched`).
"""

from __future__ import annotations

import numpy as np

from gridsight.vision.glyphs import TextLine

TITLE_LETTER = 6.0  # a title line read alone is at least this tall (pixels)
# A glyph on the region line's rows, right of it and left of the label, at most this many of
# the line's letters' height is more of the title's text (the counter's digit is taller than
# the label's letters, and these than or as tall as the name's: measured on the skins).
TALLER = 1.25
SHORTER = 0.75  # ... and at least this many (a smaller line beside it is another text)
OVERLAP = 0.5  # a glyph is on the line's rows when this share of its height is within them
TITLE_VOUCHED = 0.5  # share of the name's letters the labels show, vouched for by them


def counts_alone(lines: dict, vouched: tuple[int, int] | None) -> bool:
    """Whether the region read off the title line (``lines``: :attr:`.names.ScreenText.lines`)
    counts with no card's name read: see the module docstring. ``vouched``: the glyphs of
    the line the labels vouch for, and those of the name's letters the labels show."""
    line = lines.get("region")
    if line is None or line.height < TITLE_LETTER:
        return False
    if not whole_name(line, lines.get("bar", []), lines.get("label")):
        return False
    return well_vouched(vouched)


def well_vouched(vouched: tuple[int, int] | None) -> bool:
    """Whether the labels vouch for the region line's glyphs as read (``vouched``:
    :attr:`.names.ScreenText.region_vouched`): :data:`TITLE_VOUCHED` of the name's letters
    they show, and two. One is not enough: ``MARS`` misread ``FARM`` has its ``A`` vouched
    for as ``FARM``'s, the two names' ``A`` in one place."""
    if vouched is None:
        return False
    count, shown = vouched
    return count >= max(2, TITLE_VOUCHED * shown)


def counter_line(bar: list[TextLine], label: TextLine | None) -> TextLine | None:
    """The attempts counter among the title bar's lines: the tallest line of one or two
    glyphs left of the ``label`` (``ATTEMPTS LEFT``, when found); of those beside it
    (:func:`_beside`: the digit stands beside the words, issue 18) when any is. Wider
    1072036 at 1.17x: the phone frame's edge (37 px, below the bar) was taken for the counter
    over the ``10`` beside the label (17 px, as tall as ``NOCTURNAL``), so the title was
    not whole (:func:`whole_name`) and its region, read alone by 10, not taken; 2.35x
    1072015's phone frame's edge (145 px) made the clock ``14:06`` the region's line."""
    short = [ln for ln in bar if len(ln.glyphs) <= 2 and (
        label is None or ln.box[0] + ln.box[2] <= label.box[0] + 1)]
    if label is not None:
        short = [ln for ln in short if _beside(ln, label)] or short
    return max(short, key=lambda ln: ln.height, default=None)


BESIDE = 2.0  # the counter ends within this many of the label's heights left of it


def _beside(line: TextLine, label: TextLine) -> bool:
    """Whether ``line`` stands beside the ``label``: on its rows (:data:`OVERLAP` of the
    label's height within them) and ending within :data:`BESIDE` of its heights left of
    it."""
    x, y, w, h = line.box
    lx, ly, _, lh = label.box
    within = min(y + h, ly + lh) - max(y, ly)
    return within >= OVERLAP * lh and -1 <= lx - (x + w) <= BESIDE * lh


def whole_name(line: TextLine, bar: list[TextLine], label: TextLine | None) -> bool:
    """Whether no glyph of ``line``'s letters' height (:data:`SHORTER` to :data:`TALLER`)
    stands on its rows to its right and left of the ``label`` (the title's other lines but
    the counter, :func:`counter_line`, or the words cut off the line it was taken
    from): the name read is then all the title shows of it."""
    counter = counter_line(bar, label)
    tall = float(np.median([g.box[3] for g in line.glyphs])) if line.glyphs else line.height
    top, bottom = line.box[1], line.box[1] + line.box[3]
    right = line.box[0] + line.box[2]
    end = label.box[0] if label is not None else None
    for other in bar:
        if other is label or other is counter:
            continue
        for g in other.glyphs:
            x, y, w, h = g.box
            if x < right or (end is not None and x + w > end):
                continue
            within = min(bottom, y + h) - max(top, y)
            if within >= OVERLAP * h and SHORTER * tall <= h <= TALLER * tall:
                return False
    return True


def unvouched(vouched: tuple[int, int] | None) -> bool:
    """Whether the labels vouch for none of the region line's glyphs as read (``vouched``:
    :attr:`.names.ScreenText.region_vouched`) though they show two or more of the name's
    letters: the glyphs agree with no letter learned, so the name is read from the other
    lines' agreement alone."""
    return vouched is not None and vouched[0] == 0 and vouched[1] >= 2
