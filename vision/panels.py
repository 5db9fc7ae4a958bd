"""Dark panels on a brighter screen, and the picture each one holds.

Game screens put information on dark rounded panels ("cards") standing on a lighter
background. This module finds them in a band of a screenshot, with no idea of their number,
size, colour or position, and finds the largest compact picture inside each (a sprite, as
opposed to lines of text or a row of small boxes).

**Method.** The band's brightness (the HSV value) is split in two by Otsu's threshold, kept
within a dark range; rows that are dark across nearly the whole width are bars, not panels,
and are left out (so a dark bar touching the panels does not merge with them). Connected dark
regions that are big enough, fill most of their bounding box and do not span the whole width
are the panels. Inside a panel, pixels far from the panel's own colour are ink; ink grown by a
small margin joins a pixel-art sprite's parts but leaves each line of text long and flat (and
apart from the next line); the picture is the topmost roughly square blob (a card shows the
picture first, then its text).

>>> import numpy as np
>>> screen = np.full((120, 200, 3), 220, np.uint8)
>>> screen[20:100, 20:90] = 40; screen[20:100, 110:180] = 40
>>> screen[30:60, 40:70] = (0, 0, 255)
>>> [p.box for p in dark_panels(screen, 0, 120, min_side=20)]
[(20, 20, 70, 80), (110, 20, 70, 80)]
>>> picture_box(screen, dark_panels(screen, 0, 120, min_side=20)[0])
(40, 30, 30, 30)
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

DARK_RANGE = (45.0, 125.0)  # the dark/light split is kept within these brightness levels
BAR_FILL = 0.985  # a row dark across (nearly) the whole width belongs to a bar
MIN_FILL = 0.6  # a panel's dark pixels fill this much of its bounding box at least
COLOR_SPREAD = 30.0  # colour distance within which pixels are of one panel's colour
INK = 48.0  # colour distance from the panel's colour that marks ink
MIN_PICTURE = 0.1  # a picture is at least this share of its panel's height


@dataclass(frozen=True)
class Panel:
    """A dark panel: ``box`` = (x, y, width, height) in picture pixels, ``color`` its median
    colour (BGR)."""

    box: tuple[int, int, int, int]
    color: tuple[float, float, float]


def dark_panels(image: np.ndarray, top: int, bottom: int, *, min_side: float) -> list[Panel]:
    """The dark panels between rows ``top`` and ``bottom``, at least ``min_side`` pixels
    wide and tall, left to right."""
    top, bottom = max(0, int(top)), min(image.shape[0], int(bottom))
    if bottom - top < min_side:
        return []
    band = image[top:bottom]
    factor = min(1.0, 40.0 / min_side)  # panels are found at about 40 pixels a side
    if factor < 1.0:
        small = cv2.resize(band, None, fx=factor, fy=factor, interpolation=cv2.INTER_AREA)
        found = _panels(small, 0, min_side * factor, image.shape[1] * factor)
        return [Panel((round(x / factor), round(y / factor) + top, round(w / factor),
                       round(h / factor)), color) for (x, y, w, h), color in
                ((p.box, p.color) for p in found)]
    return _panels(band, top, min_side, image.shape[1])


def _panels(band: np.ndarray, top: int, min_side: float, width: float) -> list[Panel]:
    value = band.max(axis=2)
    level, _ = cv2.threshold(value, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    level = float(np.clip(level, *DARK_RANGE))
    dark = value < level
    dark[dark.mean(axis=1) > BAR_FILL] = False
    k = max(1, int(min_side / 12))
    dark = cv2.morphologyEx(dark.astype(np.uint8), cv2.MORPH_OPEN, np.ones((k, k), np.uint8))
    panels = []
    for x, y, w, h, area, color in _regions(band, dark):
        if w < min_side or h < min_side or w > BAR_FILL * width:
            continue
        # Panels joined by something dark of another colour between them (a shadow, a shape
        # of the scenery) are parted by the panel's own colour.
        box = band[y : y + h, x : x + w].astype(np.float32)
        own = (np.linalg.norm(box - np.array(color, np.float32), axis=2) < COLOR_SPREAD)
        own &= dark[y : y + h, x : x + w] > 0
        parts = [Panel((x + px, y + py + top, pw, ph), pcolor)
                 for px, py, pw, ph, parea, pcolor in _regions(box, own)
                 if pw >= min_side and ph >= min_side and parea >= MIN_FILL * pw * ph]
        if parts:
            panels += parts
        elif area >= MIN_FILL * w * h:
            panels.append(Panel((x, y + top, w, h), color))
    panels.sort(key=lambda p: p.box[0])
    return panels


def _regions(picture: np.ndarray, mask: np.ndarray):
    """``(x, y, w, h, area, colour)`` of each 4-connected region of ``mask`` (colour: the
    median of the picture over it, BGR)."""
    count, labels, stats, _ = cv2.connectedComponentsWithStats(mask.astype(np.uint8),
                                                               connectivity=4)
    for i in range(1, count):
        x, y, w, h, area = (int(v) for v in stats[i])
        inside = picture[y : y + h, x : x + w][labels[y : y + h, x : x + w] == i]
        color = tuple(float(v) for v in np.median(inside.reshape(-1, 3), axis=0))
        yield x, y, w, h, area, color


def picture_box(image: np.ndarray, panel: Panel) -> tuple[int, int, int, int] | None:
    """``(x, y, width, height)`` of the picture at the top of ``panel`` (a card shows its
    picture first, then lines of text), or ``None`` when it holds nothing but text.

    The panel's ink rows fall into bands separated by rows of no ink (bands of a few specks
    left out). The picture starts with the first band that does not look like a line of text
    (:func:`_text_like`: several glyphs side by side, or a band much wider than tall) and
    takes in the bands below it while they are close and do not look like text either. Blur
    may join the picture to the first line of text (no empty row between them at a small
    scale): a band whose lower part is a line of text is cut at its narrowest row. Across,
    the picture is the run of ink columns holding most of its ink.
    """
    x, y, w, h = panel.box
    pad = max(1, round(0.04 * min(w, h)))
    inner = image[y + pad : y + h - pad, x + pad : x + w - pad].astype(np.float32)
    if inner.size == 0:
        return None
    ink = np.linalg.norm(inner - np.array(panel.color, np.float32), axis=2) > INK
    count, labels, stats, _ = cv2.connectedComponentsWithStats(ink.astype(np.uint8), 8)
    speck = max(2, round((min(w, h) / 120) ** 2))
    small = [i for i in range(1, count) if stats[i][4] <= speck]
    if small:
        ink &= ~np.isin(labels, small)
    rows = ink.sum(axis=1)
    bands = _runs(rows > 0)
    if not bands:
        return None
    mass = [int(rows[a:b].sum()) for a, b in bands]
    bands = [band for band, m in zip(bands, mass) if m >= max(6, 0.05 * max(mass))]
    start = None
    for k, (a, b) in enumerate(bands):
        top, bottom = _split_text(ink, a, b)
        if not _text_like(ink[top:bottom]):
            start = k
            break
    if start is None:
        return None
    for a, b in bands[start + 1 :]:
        if bottom < bands[start][1] or a - bottom > max(2, 0.25 * (bottom - top)):
            break
        a2, b2 = _split_text(ink, a, b)
        if _text_like(ink[a2:b2]):
            break
        bottom = b2
        if b2 < b:
            break
    cols = _columns(ink[top:bottom], gap=max(1, round(0.15 * (bottom - top))))
    if cols is None:
        return None
    left, right = cols
    ys, xs = np.nonzero(ink[top:bottom, left:right])
    if len(xs) == 0:
        return None
    return (x + pad + left + int(xs.min()), y + pad + top + int(ys.min()),
            int(xs.max() - xs.min() + 1), int(ys.max() - ys.min() + 1))


def _text_like(ink: np.ndarray) -> bool:
    """Whether a band of ink looks like a line of text: three or more runs of ink columns
    with gaps narrower than the band is tall (glyphs side by side), or one run much wider
    than the band is tall (glyphs blurred together)."""
    height = ink.shape[0]
    runs = _runs(ink.any(axis=0))
    if not runs or height == 0:
        return False
    width = runs[-1][1] - runs[0][0]
    gaps = [b[0] - a[1] for a, b in zip(runs, runs[1:])]
    if len(runs) >= 3 and max(gaps) <= height and width >= 2 * height:
        return True
    return width >= 3 * height


def _split_text(ink: np.ndarray, top: int, bottom: int) -> tuple[int, int]:
    """Rows ``top``..``bottom`` of a band, cut above the first line of text joined to it by
    blur: at the highest thin row (little ink) below which the band looks like text while
    above it it does not."""
    height = bottom - top
    if height < 6:
        return top, bottom
    rows = ink[top:bottom].sum(axis=1)
    thin = 0.35 * float(np.median(rows))
    for cut in range(2, height - 2):
        if rows[cut] > thin:
            continue
        if _text_like(ink[top + cut + 1 : bottom]) and not _text_like(ink[top : top + cut]):
            return top, top + cut
    return top, bottom


def _runs(on: np.ndarray) -> list[tuple[int, int]]:
    """``(start, end)`` of each run of ``True`` in a 1D array."""
    edges = np.diff(np.concatenate([[0], on.astype(np.int8), [0]]))
    return list(zip(np.nonzero(edges == 1)[0].tolist(), np.nonzero(edges == -1)[0].tolist()))


def _columns(ink: np.ndarray, gap: int) -> tuple[int, int] | None:
    """The span of ink columns holding most ink, runs closer than ``gap`` joined."""
    counts = ink.sum(axis=0)
    runs = _runs(counts > 0)
    if not runs:
        return None
    joined = [list(runs[0])]
    for a, b in runs[1:]:
        if a - joined[-1][1] < gap:
            joined[-1][1] = b
        else:
            joined.append([a, b])
    a, b = max(joined, key=lambda r: int(counts[r[0] : r[1]].sum()))
    return a, b
