"""Reading a wallet counter: digits of a known font on a flat panel at a fixed place.

The digits are cut apart as connected components of the light pixels, and each is compared
with the font's templates by normalised correlation after both are scaled to the same height
and centred on the same canvas (so a narrow "1" stays narrow). A reading is returned only when
every digit matches one template well and clearly better than the runner-up; otherwise the
value is ``None``. A panel that is not dark, or that holds no digit, is "not visible".
Dark digits on a light panel (``dark_ink``) are read on the inverted grey, so every level is
given in the light-ink sense.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

import cv2
import numpy as np

_CANVAS = (24, 18)  # height, width


@dataclass(frozen=True)
class WalletRead:
    """``value`` (or ``None`` when unreadable), whether the panel was ``visible``, the weakest
    digit's score as ``confidence``, and the digits as read (``?`` for an unsure one)."""

    value: int | None
    visible: bool
    confidence: float
    digits: str = ""


def _normalise(gray: np.ndarray) -> np.ndarray:
    h, w = gray.shape[:2]
    ch, cw = _CANVAS
    scale = ch / h
    new_w = max(1, min(cw, int(round(w * scale))))
    glyph = cv2.resize(gray, (new_w, ch), interpolation=cv2.INTER_AREA).astype(np.float32)
    canvas = np.zeros(_CANVAS, np.float32)
    x = (cw - new_w) // 2
    canvas[:, x: x + new_w] = glyph
    canvas -= canvas.mean()
    norm = float(np.linalg.norm(canvas))
    return canvas / norm if norm > 0 else canvas


def glyph_similarity(a: np.ndarray, b: np.ndarray) -> float:
    """Normalised correlation of two glyphs (grey crops) after both are scaled to one height
    and centred: 1 for the same shape.

    >>> bar = np.full((12, 3), 255, np.uint8)
    >>> round(glyph_similarity(bar, np.full((24, 6), 200, np.uint8)), 3)
    1.0
    """
    return float((_normalise(a) * _normalise(b)).sum())


class WalletReader:
    """Reads the counter inside ``box`` (x, y, w, h) with the font ``templates`` (digit -> grey
    image of that digit alone, light on dark). ``align_right``: where (x within the box) a
    right-aligned number ends; ``max_gap``: the widest blank between two digits, as a share of
    the digit height. ``dark_ink``: dark digits on a light panel (the levels are then of the
    inverted grey); ``align_left``: where a left-aligned number starts."""

    def __init__(
        self,
        templates: Mapping[str, np.ndarray],
        box: tuple[int, int, int, int],
        *,
        ink_level: int = 140,
        panel_level: int = 90,
        min_score: float = 0.75,
        min_margin: float = 0.05,
        align_right: int | None = None,
        max_gap: float = 0.6,
        dark_ink: bool = False,
        align_left: int | None = None,
    ):
        if not templates:
            raise ValueError("a wallet reader needs digit templates")
        self.box = box
        self.ink_level = ink_level
        self.panel_level = panel_level
        self.min_score = min_score
        self.min_margin = min_margin
        self.align_right = align_right
        self.align_left = align_left
        self.max_gap = max_gap
        self.dark_ink = dark_ink
        self._digits = sorted(templates)
        self._templates = np.stack([_normalise(templates[d]) for d in self._digits])

    def _digit_boxes(self, frame: np.ndarray):
        """The panel's grey (light-ink sense) and the digits' boxes in it, left to right;
        ``None`` when the panel is not shown, ``()`` when the digits do not sit as the
        counter sets them (a digit hidden must not shorten the number)."""
        x, y, w, h = self.box
        crop = frame[y: y + h, x: x + w]
        if crop.size == 0:
            return None
        gray = crop if crop.ndim == 2 else cv2.cvtColor(crop, cv2.COLOR_BGR2GRAY)
        if self.dark_ink:
            gray = 255 - gray
        if float(np.median(gray)) > self.panel_level:
            return None
        ink = (gray > self.ink_level).astype(np.uint8)
        n, _, stats, _ = cv2.connectedComponentsWithStats(ink, connectivity=8)
        boxes = [tuple(s[:4]) for s in stats[1:] if s[3] >= 0.4 * h and s[4] >= 6]
        if not boxes:
            return None
        tallest = max(b[3] for b in boxes)
        boxes = sorted(b for b in boxes if b[3] >= 0.7 * tallest)
        # The digits must end (start) where the counter is aligned, and stand no further
        # apart than the font sets them.
        gaps = [b[0] - (a[0] + a[2]) for a, b in zip(boxes, boxes[1:])]
        end = boxes[-1][0] + boxes[-1][2]
        if (self.align_right is not None and abs(end - self.align_right) > 0.15 * tallest) \
                or (self.align_left is not None
                    and abs(boxes[0][0] - self.align_left) > 0.15 * tallest) \
                or any(g > self.max_gap * tallest for g in gaps):
            return gray, ()
        return gray, boxes

    @property
    def digits(self) -> tuple[str, ...]:
        """The digits this reader knows."""
        return tuple(self._digits)

    def classify(self, glyph: np.ndarray) -> tuple[str, float]:
        """One glyph (light-ink grey crop) -> its digit (``?`` when unsure) and the best score:
        a digit only when its template matches well and clearly better than the runner-up."""
        scores = self._templates.reshape(len(self._digits), -1) @ _normalise(glyph).reshape(-1)
        order = np.argsort(scores)[::-1]
        best = float(scores[order[0]])
        second = float(scores[order[1]]) if len(order) > 1 else -1.0
        if best < self.min_score or best - second < self.min_margin:
            return "?", best
        return self._digits[order[0]], best

    def glyphs(self, frame: np.ndarray) -> list[np.ndarray] | None:
        """The counter's glyphs in ``frame`` (light-on-dark grey crops, left to right), or
        ``None`` when the panel is not shown or the digits do not sit right."""
        found = self._digit_boxes(frame)
        if not found or not found[1]:
            return None
        gray, boxes = found
        return [gray[by: by + bh, bx: bx + bw].copy() for bx, by, bw, bh in boxes]

    def read(self, frame: np.ndarray) -> WalletRead:
        found = self._digit_boxes(frame)
        if found is None:
            return WalletRead(None, False, 0.0)
        gray, boxes = found
        if not boxes:
            return WalletRead(None, True, 0.0, "")
        text, weakest = "", 1.0
        for bx, by, bw, bh in boxes:
            digit, best = self.classify(gray[by: by + bh, bx: bx + bw])
            weakest = min(weakest, best)
            text += digit
        if "?" in text or len(text) > 6:
            return WalletRead(None, True, weakest, text)
        return WalletRead(int(text), True, weakest, text)
