"""Reading a wallet counter: light digits of a known font on a dark panel at a fixed place.

The digits are cut apart as connected components of the light pixels, and each is compared
with the font's templates by normalised correlation after both are scaled to the same height
and centred on the same canvas (so a narrow "1" stays narrow). A reading is returned only when
every digit matches one template well and clearly better than the runner-up; otherwise the
value is ``None``. A panel that is not dark, or that holds no digit, is "not visible".
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


class WalletReader:
    """Reads the counter inside ``box`` (x, y, w, h) with the font ``templates`` (digit -> grey
    image of that digit alone, light on dark). ``align_right``: where (x within the box) a
    right-aligned number ends; ``max_gap``: the widest blank between two digits, as a share of
    the digit height."""

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
    ):
        if not templates:
            raise ValueError("a wallet reader needs digit templates")
        self.box = box
        self.ink_level = ink_level
        self.panel_level = panel_level
        self.min_score = min_score
        self.min_margin = min_margin
        self.align_right = align_right
        self.max_gap = max_gap
        self._digits = sorted(templates)
        self._templates = np.stack([_normalise(templates[d]) for d in self._digits])

    def read(self, frame: np.ndarray) -> WalletRead:
        x, y, w, h = self.box
        crop = frame[y: y + h, x: x + w]
        if crop.size == 0:
            return WalletRead(None, False, 0.0)
        gray = crop if crop.ndim == 2 else cv2.cvtColor(crop, cv2.COLOR_BGR2GRAY)
        if float(np.median(gray)) > self.panel_level:
            return WalletRead(None, False, 0.0)
        ink = (gray > self.ink_level).astype(np.uint8)
        n, _, stats, _ = cv2.connectedComponentsWithStats(ink, connectivity=8)
        boxes = [tuple(s[:4]) for s in stats[1:] if s[3] >= 0.4 * h and s[4] >= 6]
        if not boxes:
            return WalletRead(None, False, 0.0)
        tallest = max(b[3] for b in boxes)
        boxes = sorted(b for b in boxes if b[3] >= 0.7 * tallest)
        # A digit hidden (by a cursor, a flash) must not shorten the number: the digits must
        # end where the counter is aligned, and stand no further apart than the font sets them.
        gaps = [b[0] - (a[0] + a[2]) for a, b in zip(boxes, boxes[1:])]
        end = boxes[-1][0] + boxes[-1][2]
        if (self.align_right is not None and abs(end - self.align_right) > 0.15 * tallest) \
                or any(g > self.max_gap * tallest for g in gaps):
            return WalletRead(None, True, 0.0, "")
        text, weakest = "", 1.0
        for bx, by, bw, bh in boxes:
            glyph = _normalise(gray[by: by + bh, bx: bx + bw])
            scores = self._templates.reshape(len(self._digits), -1) @ glyph.reshape(-1)
            order = np.argsort(scores)[::-1]
            best, second = float(scores[order[0]]), float(scores[order[1]])
            weakest = min(weakest, best)
            if best < self.min_score or best - second < self.min_margin:
                text += "?"
            else:
                text += self._digits[order[0]]
        if "?" in text or len(text) > 6:
            return WalletRead(None, True, weakest, text)
        return WalletRead(int(text), True, weakest, text)
