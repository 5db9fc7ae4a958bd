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
INK = 48.0  # colour distance from the panel's colour that marks ink


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
    count, labels, stats, _ = cv2.connectedComponentsWithStats(dark, connectivity=4)
    panels = []
    for i in range(1, count):
        x, y, w, h, area = (int(v) for v in stats[i])
        if w < min_side or h < min_side or w > BAR_FILL * width:
            continue
        if area < MIN_FILL * w * h:
            continue
        inside = band[y : y + h, x : x + w][labels[y : y + h, x : x + w] == i]
        color = tuple(float(v) for v in np.median(inside.reshape(-1, 3), axis=0))
        panels.append(Panel((x, y + top, w, h), color))  # type: ignore[arg-type]
    panels.sort(key=lambda p: p.box[0])
    return panels


def picture_box(image: np.ndarray, panel: Panel) -> tuple[int, int, int, int] | None:
    """``(x, y, width, height)`` of the largest roughly square picture inside ``panel``, or
    ``None`` when it holds nothing but text."""
    x, y, w, h = panel.box
    pad = max(1, round(0.04 * min(w, h)))
    inner = image[y + pad : y + h - pad, x + pad : x + w - pad].astype(np.float32)
    if inner.size == 0:
        return None
    ink = (np.linalg.norm(inner - np.array(panel.color, np.float32), axis=2) > INK)
    grow = max(1, round(min(w, h) / 70))  # joins a sprite's parts, not lines of text
    joined = cv2.dilate(ink.astype(np.uint8), np.ones((2 * grow + 1, 2 * grow + 1), np.uint8))
    count, labels, stats, _ = cv2.connectedComponentsWithStats(joined, connectivity=8)
    blobs = []
    for i in range(1, count):
        bx, by, bw, bh, _ = (int(v) for v in stats[i])
        if bh < 0.08 * h or not 0.45 < bw / max(bh, 1) < 2.2:
            continue
        raw = ink[by : by + bh, bx : bx + bw] & (labels[by : by + bh, bx : bx + bw] == i)
        blobs.append((by, int(raw.sum()), bx, raw))
    if not blobs:
        return None
    biggest = max(b[1] for b in blobs)
    # The topmost picture of a fair size: a card shows it first (specks and a lone letter
    # are smaller).
    by, _, bx, raw = min((b for b in blobs if b[1] >= 0.25 * biggest), key=lambda b: b[0])
    ys, xs = np.nonzero(raw)
    best = (x + pad + bx + int(xs.min()), y + pad + by + int(ys.min()),
            int(xs.max() - xs.min() + 1), int(ys.max() - ys.min() + 1))
    return best
