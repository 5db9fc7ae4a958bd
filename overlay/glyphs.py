"""The shape of each mark kind, drawn in a cell's own (perspective) coordinates.

A glyph is defined on the unit square ``(u, v)`` in ``[0, 1]^2`` and drawn through a mapping
from that square to pixels, so the same code draws it upright in a legend, inside a flat
cell, or tilted with a perspective board. Shapes differ per kind (check, cross, diamond,
question mark, warning triangle, slashed ring), so marks are told apart without relying on colour.
"""

from __future__ import annotations

from typing import Callable

import cv2
import numpy as np

from gridsight.overlay import text as text_mod
from gridsight.overlay.style import BGR, CONTRAST, MARK
from gridsight.solvers.advice import MarkKind

# Maps unit-square points, shape (N, 2), to pixel points, shape (N, 2).
UnitMap = Callable[[np.ndarray], np.ndarray]

_SHIFT = 4  # OpenCV sub-pixel drawing: coordinates carry 4 fractional bits
_ONE = 1 << _SHIFT


def fixed(points: np.ndarray) -> np.ndarray:
    """Pixel points (edge convention) to OpenCV's fixed-point, centre-on-integer coordinates."""
    return np.round((np.asarray(points, dtype=np.float64) - 0.5) * _ONE).astype(np.int32)


def bgra(colour: BGR) -> tuple[int, int, int, int]:
    return (int(colour[0]), int(colour[1]), int(colour[2]), 255)


def polyline(layer: np.ndarray, pts: np.ndarray, colour: BGR, thickness: int, closed: bool) -> None:
    cv2.polylines(
        layer, [fixed(pts)], closed, bgra(colour), max(1, int(thickness)), cv2.LINE_AA, _SHIFT
    )


def outlined_polyline(
    layer: np.ndarray, pts: np.ndarray, colour: BGR, thickness: int, closed: bool = False
) -> None:
    """A line in ``colour`` with a dark edge on both sides, legible on any background."""
    edge = max(1, int(round(thickness / 3)))
    polyline(layer, pts, CONTRAST, thickness + 2 * edge, closed)
    polyline(layer, pts, colour, thickness, closed)


def fill(layer: np.ndarray, pts: np.ndarray, colour: BGR, alpha: float = 1.0) -> None:
    """Fill a polygon; a translucent fill is premultiplied, as the layer is."""
    a = int(round(255 * alpha))
    premult = tuple(int(round(c * a / 255)) for c in colour) + (a,)
    cv2.fillPoly(layer, [fixed(pts)], premult, cv2.LINE_AA, _SHIFT)


def draw_glyph(layer: np.ndarray, kind: MarkKind, to_px: UnitMap) -> None:
    """Draw the glyph of ``kind`` into the unit square that ``to_px`` places."""
    corners = to_px(np.array([[0, 0], [1, 0], [1, 1], [0, 1]], dtype=np.float64))
    size = float(np.mean([np.linalg.norm(corners[1] - corners[0]),
                          np.linalg.norm(corners[3] - corners[0])]))
    line = max(2, int(round(size * 0.13)))
    colour = MARK[kind]
    if kind is MarkKind.SAFE:
        outlined_polyline(layer, to_px(np.array([[0.15, 0.55], [0.4, 0.8], [0.85, 0.22]])),
                          colour, line)
    elif kind is MarkKind.DANGER:
        outlined_polyline(layer, to_px(np.array([[0.18, 0.18], [0.82, 0.82]])), colour, line)
        outlined_polyline(layer, to_px(np.array([[0.82, 0.18], [0.18, 0.82]])), colour, line)
    elif kind is MarkKind.KNOWN:
        diamond = to_px(np.array([[0.5, 0.08], [0.92, 0.5], [0.5, 0.92], [0.08, 0.5]]))
        fill(layer, diamond, colour)
        polyline(layer, diamond, CONTRAST, max(1, line // 2), True)
    elif kind is MarkKind.UNREAD:
        px = max(6, int(round(size * 0.75)))
        text_mod.blit(layer, text_mod.sprite("?", px, colour), tuple(to_px(np.array([[0.5, 0.5]]))[0]))
    elif kind is MarkKind.UNSURE:  # a '?' in a ring: read, but one of several things
        ring = to_px(np.array([[0.5 + 0.45 * np.cos(t), 0.5 + 0.45 * np.sin(t)]
                               for t in np.linspace(0, 2 * np.pi, 24, endpoint=False)]))
        outlined_polyline(layer, ring, colour, max(1, line // 2), closed=True)
        px = max(5, int(round(size * 0.5)))
        text_mod.blit(layer, text_mod.sprite("?", px, colour), tuple(to_px(np.array([[0.5, 0.5]]))[0]))
    elif kind is MarkKind.CONFLICT:
        triangle = to_px(np.array([[0.5, 0.06], [0.95, 0.9], [0.05, 0.9]]))
        fill(layer, triangle, colour)
        polyline(layer, triangle, CONTRAST, max(1, line // 2), True)
        polyline(layer, to_px(np.array([[0.5, 0.34], [0.5, 0.6]])), CONTRAST, max(1, line * 2 // 3), False)
        polyline(layer, to_px(np.array([[0.5, 0.74], [0.5, 0.76]])), CONTRAST, max(1, line * 2 // 3), False)
    elif kind is MarkKind.EMPTY:
        # A slashed ring (the "nothing" sign), thin and muted: a settled cell, not a target.
        ring = to_px(np.array([[0.5 + 0.3 * np.cos(t), 0.5 + 0.3 * np.sin(t)]
                               for t in np.linspace(0, 2 * np.pi, 28, endpoint=False)]))
        thin = max(1, line * 2 // 3)
        outlined_polyline(layer, ring, colour, thin, closed=True)
        outlined_polyline(layer, to_px(np.array([[0.22, 0.78], [0.78, 0.22]])), colour, thin)
    elif kind is MarkKind.CHOICE:  # the next move's square: the move if its label holds
        square = to_px(np.array([[0.12, 0.12], [0.88, 0.12], [0.88, 0.88], [0.12, 0.88]]))
        outlined_polyline(layer, square, colour, line, closed=True)
    elif kind is MarkKind.ALSO:  # the next move's square, dashed: a move as good
        square = to_px(np.array([[0.12, 0.12], [0.88, 0.12], [0.88, 0.88], [0.12, 0.88]]))
        outlined_dashes(layer, square, colour, line)
    else:  # pragma: no cover - MarkKind is closed
        raise ValueError(f"no glyph for mark kind {kind!r}")


def outlined_dashes(layer: np.ndarray, quad: np.ndarray, colour: BGR, thickness: int,
                    dashes: int = 3) -> None:
    """A quadrilateral's outline as ``dashes`` dashes per side, each with the dark edge of
    :func:`outlined_polyline` (a move as good as the advised one: dashed, where the advised
    move's square is whole), its corners drawn so the square reads as one."""
    steps = 2 * dashes - 1
    for i in range(4):
        a, b = quad[i], quad[(i + 1) % 4]
        for k in range(0, steps, 2):
            outlined_polyline(layer, np.array([a + (b - a) * (k / steps),
                                               a + (b - a) * ((k + 1) / steps)]),
                              colour, thickness)


def dashed_quad(layer: np.ndarray, quad: np.ndarray, colour: BGR, thickness: int, dashes: int = 3) -> None:
    """A quadrilateral's outline drawn as ``dashes`` dashes per side (the unread-cell border)."""
    for i in range(4):
        a, b = quad[i], quad[(i + 1) % 4]
        steps = 2 * dashes - 1
        for k in range(0, steps, 2):
            p = a + (b - a) * (k / steps)
            q = a + (b - a) * ((k + 1) / steps)
            polyline(layer, np.array([p, q]), colour, thickness, False)
