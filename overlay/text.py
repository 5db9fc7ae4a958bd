"""Outlined text for layers: rendered once per (text, size, colour) and blended where needed.

Text is drawn white (or in a given colour) with a dark outline, so it reads on a bright sky
and on a black pit alike. OpenCV's Hershey fonts are poor below about 15 px, so the glyphs
come from FreeType through Pillow: DejaVu Sans Bold when the system has it, else the font
Pillow ships. Sprites are premultiplied BGRA, like the layers they are blended into, and
cached, because a live overlay draws the same few figures frame after frame.
"""

from __future__ import annotations

from functools import lru_cache

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFont

from gridsight.overlay.style import BGR, CONTRAST, MIN_TEXT_PX, TEXT

_FONT_FILES = ("DejaVuSans-Bold.ttf", "DejaVuSans.ttf")
# Small text is set condensed, so two digits still fit a 16-pixel cell.
_SMALL_FONT_FILES = ("DejaVuSansCondensed-Bold.ttf",) + _FONT_FILES
_SMALL_PX = 12


@lru_cache(maxsize=64)
def font(px: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """A bold sans-serif font whose capitals are about ``px`` pixels tall (condensed when small)."""
    size = max(6, int(round(px * 1.35)))  # capital height is about 0.73 of the em size
    for name in _SMALL_FONT_FILES if px <= _SMALL_PX else _FONT_FILES:
        try:
            return ImageFont.truetype(name, size)
        except OSError:
            continue
    return ImageFont.load_default(size=size)


@lru_cache(maxsize=4096)
def text_width(text: str, px: int) -> int:
    """The width in pixels of ``text`` at cap height ``px``, outline included (the widest
    line of a text on several lines)."""
    if "\n" in text:
        return max(text_width(line, px) for line in text.split("\n"))
    left, _, right, _ = font(px).getbbox(text, stroke_width=_stroke(px))
    return int(right - left)


def two_lines(text: str) -> tuple[str, ...]:
    r"""``text`` on two lines, broken at the space nearest its middle (``Panda or`` over
    ``Tiger?``); no form for a text of one word, nor one that leaves a line of a word of
    two letters (``if`` over ``Tiger``: a choice's label read as two).

    >>> two_lines("Panda or Tiger?"), two_lines("Gorilla"), two_lines("if Tiger")
    (('Panda or\nTiger?',), (), ())
    >>> two_lines("if 6 left")
    ('if 6\nleft',)
    """
    spaces = [i for i, ch in enumerate(text) if ch == " "]
    if not spaces or "\n" in text:
        return ()
    cut = min(spaces, key=lambda i: abs(i - len(text) / 2))
    if min(len(text[:cut]), len(text[cut + 1:])) <= 2:
        return ()
    return (text[:cut] + "\n" + text[cut + 1:],)


def _stroke(px: int) -> int:
    return max(1, int(round(px / 7)))


@lru_cache(maxsize=2048)
def sprite(text: str, px: int, colour: BGR = TEXT) -> np.ndarray:
    """``text`` at cap height ``px``, outlined, as a premultiplied BGRA array (read-only); a
    text on several lines is stacked, each line centred."""
    if "\n" in text:
        parts = [sprite(line, px, colour) for line in text.split("\n")]
        width = max(p.shape[1] for p in parts)
        gap = max(1, px // 4)
        out = np.zeros((sum(p.shape[0] for p in parts) + gap * (len(parts) - 1), width, 4),
                       np.uint8)
        y = 0
        for p in parts:
            x = (width - p.shape[1]) // 2
            out[y:y + p.shape[0], x:x + p.shape[1]] = p
            y += p.shape[0] + gap
        out.setflags(write=False)
        return out
    f = font(px)
    stroke = _stroke(px)
    left, top, right, bottom = f.getbbox(text, stroke_width=stroke)
    width, height = max(1, right - left), max(1, bottom - top)
    canvas = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    draw = ImageDraw.Draw(canvas)
    # Channels are written in BGRA order directly: Pillow does not care what they mean.
    draw.text(
        (-left, -top), text, font=f, fill=(*colour, 255),
        stroke_width=stroke, stroke_fill=(*CONTRAST, 255),
    )
    rgba = np.asarray(canvas, dtype=np.uint8).copy()
    # Pillow leaves colour in fully transparent pixels; premultiply so they blend as nothing.
    alpha = rgba[..., 3:4].astype(np.uint16)
    rgba[..., :3] = (rgba[..., :3].astype(np.uint16) * alpha // 255).astype(np.uint8)
    rgba.setflags(write=False)
    return rgba


def fit_text(
    candidates: tuple[str, ...], max_width: float, max_height: float
) -> tuple[str, int]:
    """A candidate text and the cap height at which it fits in ``max_width`` x ``max_height``.

    Candidates go from the fullest to the most compact spelling of the same figure. The
    fullest one is taken unless a more compact one can be drawn much larger (the fullest would
    be under 60% of the largest size), so ``28%`` keeps its sign wherever it reads well.
    When none fits at :data:`MIN_TEXT_PX`, the most compact one is used at that size anyway:
    legible text that spills over a neighbour beats unreadable text that fits.
    """
    sizes = []
    for text in candidates:
        lines = text.count("\n") + 1
        px = max(1, int(max_height / (lines * 1.3 if lines > 1 else 1)))
        width = text_width(text, px)
        if width > max_width:
            px = int(px * max_width / width)
        sizes.append(px)
    best = max(sizes)
    if best < MIN_TEXT_PX:
        return candidates[-1], MIN_TEXT_PX
    for text, px in zip(candidates, sizes):
        if px >= MIN_TEXT_PX and px >= 0.6 * best:
            return text, px
    return candidates[-1], best  # pragma: no cover - the best one always qualifies


def compact_forms(text: str) -> tuple[str, ...]:
    """Shorter spellings of a figure for small cells, fullest first.

    ``'25%'`` -> ``'25'``; a probability ``'0.25'`` -> ``'.25'`` -> ``'25'`` (hundredths, as
    a player reads a percentage without its sign); other texts are kept as they are.

    >>> compact_forms("0.25")
    ('0.25', '.25', '25')
    >>> compact_forms("1.00"), compact_forms("12%"), compact_forms("Cow")
    (('1.00', '100'), ('12%', '12'), ('Cow',))
    """
    forms = [text]
    if "%" in text and text.replace("%", ""):
        forms.append(text.replace("%", ""))
    try:
        value = float(text)
    except ValueError:
        value = None
    if value is not None and 0.0 <= value <= 1.0 and "." in text:
        if text.startswith("0.") and len(text) > 2:
            forms.append(text[1:])
        forms.append(str(int(round(value * 100))))
    return tuple(dict.fromkeys(forms))


def blit(layer: np.ndarray, spr: np.ndarray, centre: tuple[float, float]) -> None:
    """Blend premultiplied ``spr`` onto premultiplied ``layer`` (in place), centred at ``centre``."""
    h, w = spr.shape[:2]
    x0 = int(round(centre[0] - w / 2))
    y0 = int(round(centre[1] - h / 2))
    blit_at(layer, spr, x0, y0)


def blit_at(layer: np.ndarray, spr: np.ndarray, x0: int, y0: int) -> None:
    """Blend ``spr`` with its top-left corner at pixel ``(x0, y0)``, clipped to the layer."""
    h, w = spr.shape[:2]
    lh, lw = layer.shape[:2]
    sx0, sy0 = max(0, -x0), max(0, -y0)
    x1, y1 = min(lw, x0 + w), min(lh, y0 + h)
    if x1 <= max(0, x0) or y1 <= max(0, y0):
        return
    rows = slice(sy0, sy0 + (y1 - max(0, y0)))
    cols = slice(sx0, sx0 + (x1 - max(0, x0)))
    src = spr[rows, cols]
    keep = np.repeat(255 - src[..., 3:4], 4, axis=2)
    dst = layer[max(0, y0) : y1, max(0, x0) : x1]
    over(dst, src, keep)


def over(dst: np.ndarray, src: np.ndarray, keep: np.ndarray) -> None:
    """``dst = src + dst * keep / 255`` in place: premultiplied "over" (``keep`` = 255 - alpha).

    OpenCV's saturating uint8 arithmetic does this several times faster than numpy in uint16.
    """
    scaled = cv2.multiply(dst, keep, scale=1.0 / 255.0)
    cv2.add(src, scaled, dst=dst)
