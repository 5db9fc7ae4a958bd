"""Advice on a board bigger than the screen: drawn on the part in view, pointed at beyond it.

A board seen through a scrolling view (a tile-path room following the player) has a
:class:`~gridsight.vision.geometry.BoardGeometry` whose ``view`` is the part of the board on screen;
the rest maps onto other things of the picture (the status bar, the emulator's window) or off
it. So on such a board:

- marks and figures are drawn on cells wholly in view only (:func:`in_view`), and what the
  painter draws is kept to those cells (:func:`whole_cells`, :func:`clip`): a walk's step
  number is never cut in half on a tile the view's edge cuts, and the walk's line stops there;
- a recommended cell not wholly in view, and the walk where it leaves the view, are shown by
  an arrow just inside the view's edge, pointing the way to go (:func:`point_beyond`).

>>> import numpy as np
>>> from gridsight.solvers.advice import Advice, Cell
>>> from gridsight.vision.geometry import BoardGeometry
>>> g = BoardGeometry.from_rect(0, 0, 20, 20, 4, 8).with_view((0, 0, 4, 4))
>>> layer = np.zeros((80, 160, 4), np.uint8)
>>> point_beyond(layer, g, Advice("demo", 4, 8, recommend=(Cell(1, 6),)))
1
>>> clip(layer, g)
>>> bool(layer[:, 80:].any()), bool(layer[:, 60:80, 3].any())
(False, True)
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import replace

import cv2
import numpy as np

from gridsight.overlay import glyphs, style
from gridsight.solvers.advice import Advice, Cell
from gridsight.vision.geometry import BoardGeometry


def draw_in_view(layer: np.ndarray, geometry: BoardGeometry, advice: Advice,
                 draw: Callable[[np.ndarray, BoardGeometry, Advice], None]) -> None:
    """Draw ``advice`` with ``draw`` (the painter's own) on a board bigger than the screen:
    marks and figures of cells in view, kept to the cells wholly in view (a recommendation's
    frame, drawn just outside its cell, keeps its outer edge); arrows towards what lies
    beyond, kept to the view; composited over ``layer`` (premultiplied BGRA) in place."""
    own = np.zeros_like(layer)
    draw(own, geometry, in_view(advice, geometry))
    clip(own, whole_cells(geometry, MARGIN))
    arrows = np.zeros_like(layer)
    if point_beyond(arrows, geometry, advice):
        clip(arrows, geometry)
        alpha = arrows[:, :, 3:4].astype(np.uint16)
        own[:] = (arrows.astype(np.uint16) + own.astype(np.uint16) * (255 - alpha) // 255
                  ).astype(np.uint8)
    alpha = own[:, :, 3:4].astype(np.uint16)
    layer[:] = (own.astype(np.uint16) + layer.astype(np.uint16) * (255 - alpha) // 255
                ).astype(np.uint8)


def in_view(advice: Advice, geometry: BoardGeometry) -> Advice:
    """``advice`` with its marks and figures kept on cells wholly in view (all of them on a
    board with no ``view``)."""
    if geometry.view is None:
        return advice
    return replace(
        advice,
        marks=tuple(m for m in advice.marks if geometry.in_view(m.row, m.col)),
        figures=tuple(f for f in advice.figures if geometry.in_view(f.row, f.col)),
    )


MARGIN = 0.08  # board units a drawing may reach past the cells wholly in view (a frame's edge)


def whole_cells(geometry: BoardGeometry, margin: float = 0.0) -> BoardGeometry:
    """``geometry`` with its view narrowed to the cells wholly in it, widened by ``margin``
    (board units) but never past the view itself: what the painter draws is kept there, so a
    tile the view's edge cuts (its state ``?`` in the read) carries no cut-off number.

    >>> g = BoardGeometry.from_rect(0, 0, 20, 20, 4, 8).with_view((0.5, -0.25, 4.0, 3.6))
    >>> whole_cells(g).view, whole_cells(g, 0.1).view
    ((1.0, 0.0, 4.0, 3.0), (0.9, -0.1, 4.0, 3.1))
    """
    if geometry.view is None:
        return geometry
    x0, y0, x1, y1 = geometry.view
    eps = 1e-6
    c0, r0 = np.ceil(x0 - eps), np.ceil(y0 - eps)
    c1, r1 = np.floor(x1 + eps), np.floor(y1 + eps)
    if c1 <= c0 or r1 <= r0:  # no cell wholly in view: nothing of the painter's is kept
        return geometry.with_view((x0, y0, x0 + eps, y0 + eps))
    box = (max(x0, c0 - margin), max(y0, r0 - margin), min(x1, c1 + margin),
           min(y1, r1 + margin))
    return geometry.with_view(tuple(round(float(v), 9) + 0.0 for v in box))


def view_quad(geometry: BoardGeometry) -> np.ndarray:
    """The view's corners in pixels (top-left, top-right, bottom-right, bottom-left)."""
    assert geometry.view is not None
    x0, y0, x1, y1 = geometry.view
    return geometry.board_to_image([(x0, y0), (x1, y0), (x1, y1), (x0, y1)])


def clip(layer: np.ndarray, geometry: BoardGeometry) -> None:
    """Clear what was drawn outside the view, in place."""
    if geometry.view is None:
        return
    quad = view_quad(geometry)
    xs, ys = quad[:, 0], quad[:, 1]
    if np.allclose(xs[[0, 3]], xs[[0, 3]].mean()) and np.allclose(ys[[0, 1]], ys[[0, 1]].mean()):
        # Upright: the pixels whose middles are inside (pixel i covers [i, i + 1]).
        h, w = layer.shape[:2]
        x0, x1 = int(np.ceil(xs.min() - 0.5)), int(np.floor(xs.max() - 0.5)) + 1
        y0, y1 = int(np.ceil(ys.min() - 0.5)), int(np.floor(ys.max() - 0.5)) + 1
        keep = np.zeros((h, w), bool)
        keep[max(0, y0) : max(0, y1), max(0, x0) : max(0, x1)] = True
        layer[~keep] = 0
        return
    mask = np.zeros(layer.shape[:2], np.uint8)
    cv2.fillConvexPoly(mask, np.round((quad - 0.5) * 16).astype(np.int32), 255, shift=4)
    layer[mask == 0] = 0


def point_beyond(layer: np.ndarray, geometry: BoardGeometry, advice: Advice) -> int:
    """Draw an arrow at the view's edge towards each recommended cell not wholly in view
    (the recommendation's colour) and towards where the walk leaves the view (the walk's
    colour); returns how many arrows were drawn."""
    if geometry.view is None:
        return 0
    drawn = 0
    for cell in advice.recommend:
        if not geometry.in_view(cell.row, cell.col):
            drawn += _arrow(layer, geometry, _from(advice, cell), cell, style.RECOMMEND, 1.0)
    path = advice.path
    for a, b in itertools.pairwise(path):
        if geometry.in_view(a.row, a.col) and not geometry.in_view(b.row, b.col):
            if b not in advice.recommend:
                drawn += _arrow(layer, geometry, a, b, style.PATH, 0.75)
            break
    return drawn


def _from(advice: Advice, cell: Cell) -> Cell | None:
    """Where the way to ``cell`` starts: the cell before it on the walk, if any."""
    path = list(advice.path)
    if cell in path and path.index(cell) > 0:
        return path[path.index(cell) - 1]
    return path[0] if path else None


def _arrow(layer: np.ndarray, geometry: BoardGeometry, origin: Cell | None, target: Cell,
           colour: style.BGR, size: float) -> int:
    """An arrow just inside the view's edge (clear of the texts in the cell's middle), on the
    line from ``origin`` (the view's middle when unknown or off view) to ``target``'s
    middle, pointing at it."""
    assert geometry.view is not None
    x0, y0, x1, y1 = geometry.view
    if origin is not None and geometry.in_view(origin.row, origin.col):
        start = np.array([origin.col + 0.5, origin.row + 0.5])
    else:
        start = np.array([(x0 + x1) / 2, (y0 + y1) / 2])
    end = np.array([target.col + 0.5, target.row + 0.5])
    direction = end - start
    if not np.any(direction):
        return 0
    # Where the line from the start leaves the view (board units), a little inside it.
    inset = 0.1
    limits = []
    for axis, (low, high) in enumerate(((x0 + inset, x1 - inset), (y0 + inset, y1 - inset))):
        d = direction[axis]
        if d > 0:
            limits.append((high - start[axis]) / d)
        elif d < 0:
            limits.append((low - start[axis]) / d)
    t = max(0.0, min(limits)) if limits else 0.0
    tip_board = start + direction * min(t, 1.0)
    unit = direction / np.linalg.norm(direction)
    tip = geometry.board_to_image([tip_board])[0]
    back = geometry.board_to_image([tip_board - unit * 0.45 * size])[0]
    cell_px = float(np.linalg.norm(geometry.board_to_image([[1, 0]])[0]
                                   - geometry.board_to_image([[0, 0]])[0]))
    head = max(6.0, 0.28 * size * cell_px)
    along = (tip - back) / max(np.linalg.norm(tip - back), 1e-6)
    normal = np.array([-along[1], along[0]])
    wing_a = tip - along * head + normal * head * 0.6
    wing_b = tip - along * head - normal * head * 0.6
    thick = max(2, round(0.08 * size * cell_px))
    glyphs.outlined_polyline(layer, np.array([back, tip]), colour, thick)
    head_poly = np.array([tip, wing_a, wing_b])
    glyphs.fill(layer, head_poly, style.CONTRAST)
    shrink = head_poly.mean(axis=0) + (head_poly - head_poly.mean(axis=0)) * 0.7
    glyphs.fill(layer, shrink, colour)
    return 1


__all__ = ["clip", "draw_in_view", "in_view", "point_beyond", "view_quad", "whole_cells"]
