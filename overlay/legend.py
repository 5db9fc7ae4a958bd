"""The legend panel under an annotated picture: status line, warnings, and what each mark means.

Only what the advice actually uses is explained, each entry drawn with the very glyph the
board shows. The panel is a plain BGR image the caller stacks under the picture.
"""

from __future__ import annotations

import cv2
import numpy as np

from overlay import glyphs, style
from overlay import text as text_mod
from solvers.advice import Advice, MarkKind

BACKGROUND: style.BGR = (38, 38, 38)


def legend_panel(advice: Advice, width: int) -> np.ndarray:
    """A BGR panel ``width`` pixels wide (at least) explaining ``advice``."""
    px = int(np.clip(round(width / 75), 11, 20))
    pad = px
    line_h = int(px * 2.0)
    lines: list[tuple[str, style.BGR]] = []
    if advice.status:
        lines += [(t, style.TEXT) for t in _wrap(advice.status, px, width - 2 * pad)]
    for warning in advice.warnings:
        lines += [(t, style.WARNING) for t in _wrap("warning: " + warning, px, width - 2 * pad)]

    entries = _entries(advice)
    box = int(px * 1.7)
    # Lay entries out left to right, wrapping to a new row when the next does not fit.
    placed: list[tuple[int, int, object, str]] = []
    x, row = pad, 0
    for draw, label in entries:
        w = box + px // 2 + text_mod.text_width(label, px) + 2 * px
        if x > pad and x + w > width - pad:
            x, row = pad, row + 1
        placed.append((x, row, draw, label))
        x += w
    entry_rows = (row + 1) if entries else 0
    row_h = box + px // 2
    height = pad + len(lines) * line_h + entry_rows * row_h + pad
    panel = np.zeros((max(height, 2 * pad), width, 4), dtype=np.uint8)

    y = pad
    for text, colour in lines:
        spr = text_mod.sprite(text, px, colour)
        text_mod.blit_at(panel, spr, pad, y + (line_h - spr.shape[0]) // 2)
        y += line_h
    for x, row, draw, label in placed:
        top = y + row * row_h
        draw(panel, x, top, box)
        spr = text_mod.sprite(label, px, style.TEXT)
        text_mod.blit_at(panel, spr, x + box + px // 2, top + (box - spr.shape[0]) // 2)

    out = np.empty((panel.shape[0], width, 3), dtype=np.uint8)
    out[:] = BACKGROUND
    keep = cv2.cvtColor(cv2.bitwise_not(cv2.extractChannel(panel, 3)), cv2.COLOR_GRAY2BGR)
    text_mod.over(out, cv2.cvtColor(panel, cv2.COLOR_BGRA2BGR), keep)
    return out


def _unit(x: int, y: int, s: int):
    return lambda uv: np.asarray(uv, dtype=np.float64) * s + (x, y)


def _entries(advice: Advice) -> list[tuple[object, str]]:
    entries: list[tuple[object, str]] = []
    if advice.recommend:
        def rec(panel, x, y, s):
            sq = np.array([[0.1, 0.1], [0.9, 0.1], [0.9, 0.9], [0.1, 0.9]]) * s + (x, y)
            glyphs.outlined_polyline(panel, sq, style.RECOMMEND, max(3, s // 7), closed=True)
        entries.append((rec, "next move"))
    kinds = [k for k in MarkKind if any(m.kind is k for m in advice.marks)]
    for kind in kinds:
        entries.append((lambda panel, x, y, s, kind=kind: glyphs.draw_glyph(panel, kind, _unit(x, y, s)),
                        style.MARK_NAMES[kind]))
    if any(f.heat is not None for f in advice.figures):
        def heat(panel, x, y, s):
            for i in range(s):
                col = style.heat_colour(i / max(1, s - 1))
                panel[y + s // 4 : y + 3 * s // 4, x + i] = (*col, 255)
        entries.append((heat, "low to high risk"))
    if advice.path:
        def path(panel, x, y, s):
            pts = np.array([[0.1, 0.5], [0.9, 0.5], [0.6, 0.25], [0.9, 0.5], [0.6, 0.75]]) * s + (x, y)
            glyphs.outlined_polyline(panel, pts, style.PATH, max(2, s // 8))
        entries.append((path, "walk (numbered steps)"))
    for piece in advice.pieces:
        def fill(panel, x, y, s, label=piece.label):
            sq = np.array([[0.1, 0.1], [0.9, 0.1], [0.9, 0.9], [0.1, 0.9]]) * s + (x, y)
            glyphs.fill(panel, sq, style.piece_colour(label))
            glyphs.polyline(panel, sq, style.TEXT, max(1, s // 10), True)
        entries.append((fill, f"piece {piece.label}"))
    return entries


def _wrap(text: str, px: int, width: int) -> list[str]:
    """Split ``text`` into lines no wider than ``width`` pixels (a long word stays whole)."""
    lines: list[str] = []
    current = ""
    for word in text.split():
        trial = f"{current} {word}" if current else word
        if current and text_mod.text_width(trial, px) > width:
            lines.append(current)
            current = word
        else:
            current = trial
    if current:
        lines.append(current)
    return lines
