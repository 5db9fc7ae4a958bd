"""Learning the wallet counter (where it is, its colours, its digits) from one screenshot.

The player gives a screenshot with the counter on screen and the amount it shows (and, if
they like, the counter's box). Every digit of that amount is then a labelled glyph:

1. **Where.** Without a box, the counter is searched for: the picture is thresholded locally
   both ways (light ink on a dark panel, dark ink on a light one), and rows of blobs of one
   height, side by side like the characters of a number, are collected; a row must hold as
   many blobs as the amount has digits, stand on a flat panel (the pixels around the blobs
   vary little), and repeated digits of the amount must look alike (and different digits
   not the same). The best row wins; two good rows far apart are refused as unclear (give
   the box). With a box, only the box is searched.
2. **How it is drawn.** Within the row: the panel's grey level, the ink's, the threshold
   between them, and whether the ink is the lighter.
3. **Where to read.** The panel's extent around the digits (the columns that stay panel or
   ink), the digit band's height: the box a :class:`~gridsight.vision.pit.wallet.WalletReader` reads,
   and where the number is aligned in it (``right`` by default: the last digit's end).
4. **The glyphs.** Each digit's pixels, turned light-on-dark and cropped: the reader's
   templates. Digits the amount does not show are not known yet: another screenshot (or,
   in live play, a later frame whose amount is certain) teaches them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

import cv2
import numpy as np

from gridsight.vision.errors import VisionInputError
from gridsight.vision.pit.wallet import WalletReader, glyph_similarity


class WalletLearningError(VisionInputError):
    """A wallet screenshot that cannot be learned from (the message says which and why)."""


@dataclass(frozen=True, eq=False)
class WalletStyle:
    """A counter as learned: its reading ``box`` (x, y, w, h), ``dark_ink`` (dark digits on a
    light panel), the ``ink_level`` and ``panel_level`` (grey, in the light-ink sense: for
    dark ink both are of the inverted grey), ``align`` (``right``, ``left`` or ``none``) with
    the aligned edge's x within the box, the ``digit_height`` in pixels, and the digit
    ``templates`` known so far (light-on-dark grey crops). The reader it makes takes the
    panel as shown while the box's median grey stays well below the ink's, and asks a glyph
    to match its digit closely (0.85): with digits still unknown, a near match to another
    digit must not be taken for it."""

    box: tuple[int, int, int, int]
    dark_ink: bool
    ink_level: int
    panel_level: int
    align: str
    edge: int
    digit_height: int
    templates: Mapping[str, np.ndarray] = field(repr=False)

    def reader(self) -> WalletReader:
        """A reader of this counter with the digits known so far."""
        shown = int(round(self.panel_level + 0.6 * (self.ink_level - self.panel_level)))
        return WalletReader(self.templates, self.box, ink_level=self.ink_level,
                            panel_level=shown, dark_ink=self.dark_ink, min_score=0.85,
                            align_right=self.edge if self.align == "right" else None,
                            align_left=self.edge if self.align == "left" else None)

    def with_templates(self, templates: Mapping[str, np.ndarray]) -> "WalletStyle":
        from dataclasses import replace

        return replace(self, templates=dict(templates))

    def to_dict(self) -> dict:
        return {"box": list(map(int, self.box)), "dark_ink": self.dark_ink,
                "ink_level": int(self.ink_level), "panel_level": int(self.panel_level),
                "align": self.align, "edge": int(self.edge),
                "digit_height": int(self.digit_height)}

    @classmethod
    def from_dict(cls, data: Mapping, templates: Mapping[str, np.ndarray]) -> "WalletStyle":
        box = tuple(int(v) for v in data["box"])
        if len(box) != 4 or box[2] <= 0 or box[3] <= 0:
            raise ValueError(f"box {list(box)} is not x, y, width, height")
        align = str(data["align"])
        if align not in ("right", "left", "none"):
            raise ValueError(f"align '{align}' (right, left or none)")
        return cls(box, bool(data["dark_ink"]), int(data["ink_level"]), int(data["panel_level"]),
                   align, int(data["edge"]), int(data["digit_height"]), dict(templates))


@dataclass(frozen=True)
class _Row:
    boxes: tuple[tuple[int, int, int, int], ...]  # x, y, w, h of each digit, left to right
    dark_ink: bool
    score: float


def _rows(gray: np.ndarray, dark_ink: bool, count: int, offset: tuple[int, int],
          min_height: int, max_height: int) -> list[_Row]:
    """Rows of ``count`` blobs of one height, side by side (candidate counters)."""
    ink_gray = 255 - gray if dark_ink else gray
    block = max(3, (max_height * 2) | 1)
    ink = cv2.adaptiveThreshold(ink_gray, 255, cv2.ADAPTIVE_THRESH_MEAN_C, cv2.THRESH_BINARY,
                                block, -25)
    n, _, stats, _ = cv2.connectedComponentsWithStats(ink, connectivity=8)
    blobs = [tuple(int(v) for v in s[:4]) for s in stats[1:]
             if min_height <= s[3] <= max_height and 0.12 * s[3] <= s[2] <= 1.0 * s[3]
             and s[4] >= 0.12 * s[2] * s[3]]
    blobs.sort()
    rows = []
    for i, first in enumerate(blobs):
        row = [first]
        for b in blobs[i + 1:]:
            last = row[-1]
            h = first[3]
            if abs(b[3] - h) > 0.15 * h or abs(b[1] - first[1]) > 0.15 * h:
                continue
            gap = b[0] - (last[0] + last[2])
            if gap < -1:
                continue
            if gap > 0.8 * h:
                break
            row.append(b)
            if len(row) == count:
                break
        if len(row) == count:
            ox, oy = offset
            rows.append(_Row(tuple((x + ox, y + oy, w, h) for x, y, w, h in row), dark_ink,
                             0.0))
    return rows


def _panel_flatness(gray: np.ndarray, row: _Row) -> float:
    """The spread (std) of the grey around the digits, ink left out: low on a flat panel."""
    xs = [b[0] for b in row.boxes] + [b[0] + b[2] for b in row.boxes]
    ys = [b[1] for b in row.boxes] + [b[1] + b[3] for b in row.boxes]
    h = max(b[3] for b in row.boxes)
    pad = max(2, h // 4)
    x0, y0 = max(min(xs) - pad, 0), max(min(ys) - pad, 0)
    x1, y1 = min(max(xs) + pad, gray.shape[1]), min(max(ys) + pad, gray.shape[0])
    crop = gray[y0:y1, x0:x1].astype(np.float32)
    level = _otsu(crop)
    panel = crop <= level if not row.dark_ink else crop >= level
    panel = cv2.erode(panel.astype(np.uint8), np.ones((3, 3), np.uint8)) > 0
    return float(crop[panel].std()) if panel.sum() > 20 else 255.0


def _otsu(values: np.ndarray) -> float:
    level, _ = cv2.threshold(np.clip(values, 0, 255).astype(np.uint8).reshape(1, -1), 0, 255,
                             cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    return float(level)


def _glyphs_consistent(gray: np.ndarray, row: _Row, digits: str) -> float:
    """How well the row's blobs agree with the amount: repeated digits alike, different
    digits not identical. 1 is perfect; below 0 contradicts the amount."""
    ink_gray = 255 - gray if row.dark_ink else gray
    crops = [ink_gray[y:y + h, x:x + w] for x, y, w, h in row.boxes]
    score = 1.0
    for i in range(len(digits)):
        for j in range(i + 1, len(digits)):
            sim = glyph_similarity(crops[i], crops[j])
            if digits[i] == digits[j]:
                score = min(score, sim - 0.2)
            elif sim > 0.97:
                score = min(score, -1.0)
    return score


def learn_wallet(image: np.ndarray, amount: int, *, box: tuple[int, int, int, int] | None = None,
                 source: str = "the wallet screenshot", align: str = "right",
                 min_height: int = 8, max_height: int = 120) -> WalletStyle:
    """Learn the counter showing ``amount`` in ``image`` (see the module docstring)."""
    if not isinstance(image, np.ndarray) or image.ndim != 3 or image.dtype != np.uint8:
        raise WalletLearningError(f"{source}: not a colour picture")
    if not isinstance(amount, int) or amount < 0:
        raise WalletLearningError(f"{source}: the amount shown must be a whole number >= 0")
    if align not in ("right", "left", "none"):
        raise WalletLearningError(f"wallet alignment '{align}' (right, left or none)")
    digits = str(amount)
    gray = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    height, width = gray.shape
    if box is not None:
        x, y, w, h = box
        if w <= 0 or h <= 0 or x < 0 or y < 0 or x + w > width or y + h > height:
            raise WalletLearningError(f"{source}: the wallet box {x},{y},{w},{h} is not inside "
                                      f"the {width}x{height} picture")
        search, offset = gray[y:y + h, x:x + w], (x, y)
        max_height = min(max_height, h)
    else:
        search, offset = gray, (0, 0)
    candidates = []
    for dark in (False, True):
        for row in _rows(search, dark, len(digits), offset, min_height, max_height):
            flat = _panel_flatness(gray, row)
            agree = _glyphs_consistent(gray, row, digits)
            if flat > 30 or agree < 0:
                continue
            candidates.append(_Row(row.boxes, row.dark_ink, agree - flat / 30))
    if not candidates:
        where = "in the box given" if box is not None else "anywhere"
        raise WalletLearningError(
            f"{source}: no counter showing {digits} found {where} ({len(digits)} digits side "
            "by side on a flat panel); check the amount, or give the wallet's box")
    candidates.sort(key=lambda r: -r.score)
    best = candidates[0]
    for other in candidates[1:]:
        far = abs(other.boxes[0][0] - best.boxes[0][0]) > best.boxes[0][3] \
            or abs(other.boxes[0][1] - best.boxes[0][1]) > best.boxes[0][3]
        if far and other.score > best.score - 0.05:
            raise WalletLearningError(
                f"{source}: more than one place could be the counter showing {digits} (near "
                f"{best.boxes[0][:2]} and {other.boxes[0][:2]}); give the wallet's box")
    return _style(gray, best, digits, align)


def _style(gray: np.ndarray, row: _Row, digits: str, align: str) -> WalletStyle:
    ink_gray = 255 - gray if row.dark_ink else gray
    h = max(b[3] for b in row.boxes)
    top = min(b[1] for b in row.boxes)
    x_first, x_last = row.boxes[0][0], row.boxes[-1][0] + row.boxes[-1][2]
    band0, band1 = max(top - h // 4, 0), min(top + h + h // 4, gray.shape[0])
    band = ink_gray[band0:band1, :].astype(np.float32)
    glyph_area = band[:, x_first:x_last]
    level = _otsu(glyph_area)
    panel_level = float(np.median(glyph_area[glyph_area <= level]))
    ink_level_seen = float(np.median(glyph_area[glyph_area > level]))
    ink_level = int(round((panel_level + ink_level_seen) / 2))
    # The panel's extent: from the digits outwards, the columns of the band that are mostly
    # panel (it ends at the panel's edge, at an icon, or where the ground begins).
    column_ok = (np.abs(band - panel_level) <= 28).mean(axis=0) >= 0.6
    x0 = x_first
    while x0 > 0 and column_ok[x0 - 1]:
        x0 -= 1
    x1 = x_last
    while x1 < gray.shape[1] and column_ok[x1]:
        x1 += 1
    pad = max(h // 6, 2)
    x0, x1 = min(x0 + 2, x_first - pad), max(x1 - 2, x_last + pad)
    box = (int(x0), int(band0), int(x1 - x0), int(band1 - band0))
    edge = (x_last - x0) if align == "right" else (x_first - x0) if align == "left" else 0
    templates: dict[str, np.ndarray] = {}
    for d, (x, y, w, hh) in zip(digits, row.boxes):
        if d not in templates:
            templates[d] = ink_gray[y:y + hh, x:x + w].copy()
    return WalletStyle(box, row.dark_ink, ink_level, int(round(panel_level)), align, int(edge),
                       int(h), templates)


def learn_glyphs(style: WalletStyle, image: np.ndarray, amount: int) -> WalletStyle:
    """``style`` with the digits of ``amount``, as ``image`` shows them in the counter, added to
    its templates (a later screenshot or frame whose amount is certain). Raises
    :class:`WalletLearningError` when the counter there does not hold as many glyphs as the
    amount has digits, or a known digit does not read as itself."""
    glyphs = style.reader().glyphs(image)
    digits = str(amount)
    if glyphs is None or len(glyphs) != len(digits):
        raise WalletLearningError(f"the counter does not show {len(digits)} digits here")
    read = style.reader().read(image)
    for d, shown in zip(digits, read.digits):
        if shown != "?" and shown != d:
            raise WalletLearningError(f"the counter reads {read.digits}, not {digits}")
    templates = dict(style.templates)
    for d, glyph in zip(digits, glyphs):
        templates.setdefault(d, glyph)
    return style.with_templates(templates)


def solve_glyphs(reader: WalletReader, before: list[np.ndarray], after: list[np.ndarray],
                 delta: int, *, same: float = 0.9) -> dict[str, np.ndarray] | None:
    """Digits the reader does not know yet, worked out from a change of the counter.

    ``before`` and ``after`` are the counter's glyphs (left to right) before and after a
    change by ``delta`` (an item seen for certain: +20 for a red rupee, say). Glyphs the reader
    knows stand for their digits; the unknown ones are grouped by shape (the same shape is the
    same digit, different shapes are different digits, none of them a digit already known),
    and every way of giving the groups digits is tried: when exactly one makes ``after`` equal
    ``before + delta`` (a counter never drops below 0), the new digits and their glyphs are
    returned. ``None`` when nothing is new, or the answer is not unique.

    >>> from gridsight.vision.lettering import put_text
    >>> def glyph(d):
    ...     canvas = np.zeros((40, 30), np.uint8)
    ...     put_text(canvas, d, (2, 34), 0, 1.2, 255, 3)
    ...     ys, xs = np.nonzero(canvas)
    ...     return canvas[ys.min(): ys.max() + 1, xs.min(): xs.max() + 1]
    >>> reader = WalletReader({d: glyph(d) for d in "0123456"}, (0, 0, 1, 1), min_score=0.9)
    >>> new = solve_glyphs(reader, [glyph(d) for d in "58"], [glyph(d) for d in "63"], 5)
    >>> sorted(new)
    ['8']
    """
    from itertools import permutations

    known = set(reader.digits)
    slots: list[list[object]] = []
    clusters: list[np.ndarray] = []
    for glyphs in (before, after):
        row: list[object] = []
        for g in glyphs:
            digit, _ = reader.classify(g)
            if digit != "?":
                row.append(digit)
                continue
            for k, rep in enumerate(clusters):
                if glyph_similarity(rep, g) >= same:
                    row.append(k)
                    break
            else:
                clusters.append(g)
                row.append(len(clusters) - 1)
        slots.append(row)
    if not clusters:
        return None
    free = [d for d in "0123456789" if d not in known]
    if len(clusters) > len(free):
        return None
    answers = []
    for digits in permutations(free, len(clusters)):
        text_before = "".join(s if isinstance(s, str) else digits[s] for s in slots[0])
        text_after = "".join(s if isinstance(s, str) else digits[s] for s in slots[1])
        if any(len(t) > 1 and t[0] == "0" for t in (text_before, text_after)):
            continue
        if int(text_after) == max(int(text_before) + delta, 0):
            answers.append(digits)
            if len(answers) > 1:
                return None
    if len(answers) != 1:
        return None
    return {answers[0][k]: clusters[k] for k in range(len(clusters))}


__all__ = ["WalletLearningError", "WalletStyle", "learn_glyphs", "learn_wallet", "solve_glyphs"]
