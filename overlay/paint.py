"""Draw an :class:`~gridsight.solvers.advice.Advice` through a :class:`~gridsight.vision.geometry.BoardGeometry`.

Two entry points:

- :func:`render_layer` draws the advice alone on a transparent layer the size of the screen
  region (the live overlay window shows it as it is);
- :func:`paint_advice` composites that layer on a copy of a picture and adds a legend panel
  below it with the status line and the warnings (saved screenshots, reports, replays).

Layers are **premultiplied** BGRA ``uint8`` arrays, H x W x 4: a pixel nothing was drawn on is
``(0, 0, 0, 0)``. Premultiplied because OpenCV's anti-aliased drawing on such a buffer is
exactly the "over" operator, and Qt shows the format directly
(``QImage.Format_ARGB32_Premultiplied``).

Everything is drawn in board coordinates and mapped through the geometry, so a perspective
board gets tilted outlines and glyphs; text stays upright and is sized from the local cell size.
Draw order, bottom to top: heat tints, pieces, mark borders, the walk's arrows, mark glyphs,
texts, and last the recommended cell's outline so nothing hides it.

>>> from gridsight.solvers.advice import Advice, Cell
>>> from gridsight.vision.geometry import BoardGeometry
>>> g = BoardGeometry.from_rect(10, 10, 40, 40, rows=2, cols=2)
>>> layer = render_layer((100, 100), g, Advice("demo", 2, 2, recommend=(Cell(0, 1),)))
>>> layer.shape, int(layer[0, 0, 3]), tuple(int(v) for v in layer[7, 70])
((100, 100, 4), 0, (255, 0, 255, 255))
"""

from __future__ import annotations

from functools import partial
from typing import Mapping, NamedTuple, Sequence

import cv2
import numpy as np

from gridsight.overlay import glyphs, style, viewport
from gridsight.overlay import text as text_mod
from gridsight.overlay.legend import legend_panel
from gridsight.solvers.advice import Advice, Cell, MarkKind
from gridsight.vision.geometry import BoardGeometry

_CORNER_BOX = (0.04, 0.04, 0.34)  # a glyph beside a figure: top-left corner of the cell
_LABEL_BOX = (0.03, 0.03, 0.25)  # a glyph beside a label and a figure: smaller still
_CENTRE_BOX = (0.18, 0.18, 0.64)  # a glyph alone: the middle of the cell
_QUIET_BOX = (0.3, 0.3, 0.4)  # an empty cell's glyph alone: smaller, it asks for nothing
# Where a cell's texts go: (height of the text's middle, its largest height), in cell units.
_LABEL_OVER = (0.4, 0.22)  # a mark's label above a figure
_LABEL_ALONE = (0.6, 0.28)  # a mark's label alone, under the glyph's corner
_UNDER_LABEL = (0.74, 0.24)  # a figure under a label
_MARKED = (0.68, 0.28)  # a figure in a marked cell, under the glyph's corner
_ALONE = (0.5, 0.3)  # a figure alone: the middle, under a third of the cell
_INSET = 0.07  # mark borders sit this far inside the cell


class _Board:
    """Pixel positions of every grid point, and unit-square maps into cells."""

    def __init__(self, geometry: BoardGeometry):
        self.geometry = geometry
        rows, cols = geometry.rows, geometry.cols
        ys, xs = np.mgrid[0 : rows + 1, 0 : cols + 1]
        pts = np.column_stack([xs.ravel(), ys.ravel()]).astype(np.float64)
        self.grid = geometry.board_to_image(pts).reshape(rows + 1, cols + 1, 2)
        self._sizes: np.ndarray | None = None

    def quad(self, r: int, c: int) -> np.ndarray:
        g = self.grid
        return np.array([g[r, c], g[r, c + 1], g[r + 1, c + 1], g[r + 1, c]])

    def size(self, r: int, c: int) -> tuple[float, float]:
        """A cell's width and height in pixels (means of opposite edges)."""
        if self._sizes is None:
            g = self.grid
            across = np.linalg.norm(g[:, 1:] - g[:, :-1], axis=2)  # (rows + 1, cols)
            down = np.linalg.norm(g[1:] - g[:-1], axis=2)  # (rows, cols + 1)
            widths = (across[:-1] + across[1:]) / 2
            heights = (down[:, :-1] + down[:, 1:]) / 2
            self._sizes = np.stack([widths, heights], axis=2)
        w, h = self._sizes[r, c]
        return float(w), float(h)

    def points(self, r: int, c: int, uv: np.ndarray) -> np.ndarray:
        """Points given in the cell's unit square, in pixels."""
        uv = np.asarray(uv, dtype=np.float64).reshape(-1, 2)
        return self.geometry.board_to_image(np.column_stack([c + uv[:, 0], r + uv[:, 1]]))

    def box_map(self, r: int, c: int, box: tuple[float, float, float]) -> glyphs.UnitMap:
        x0, y0, s = box
        return lambda uv: self.points(r, c, np.asarray(uv, dtype=np.float64) * s + (x0, y0))

    def inset_quad(self, r: int, c: int, inset: float) -> np.ndarray:
        a, b = inset, 1 - inset
        return self.points(r, c, np.array([[a, a], [b, a], [b, b], [a, b]]))

    def centre(self, r: int, c: int) -> np.ndarray:
        return self.points(r, c, np.array([[0.5, 0.5]]))[0]


def render_layer(
    size: tuple[int, int], geometry: BoardGeometry, advice: Advice,
    colours: Mapping[str, style.BGR] | None = None,
) -> np.ndarray:
    """The advice drawn alone: a premultiplied BGRA layer of ``size`` = (width, height).
    ``colours``: a piece's colour by its label, the game's own (a pentomino's in its pack),
    where the palette's (:func:`~gridsight.overlay.style.piece_colour`) would differ from the
    piece the player picks up.

    Raises :class:`ValueError` when the advice's board size differs from the geometry's, or a
    cell of the advice lies outside the board (a caller's bug, not the player's input).
    """
    width, height = int(size[0]), int(size[1])
    if width <= 0 or height <= 0:
        raise ValueError(f"layer size must be positive, got {width}x{height}")
    layer = np.zeros((height, width, 4), dtype=np.uint8)
    draw = partial(draw_advice, colours=colours)
    if geometry.view is not None:  # a board bigger than the screen: its part in view
        viewport.draw_in_view(layer, geometry, advice, draw)
    else:
        draw(layer, geometry, advice)
    return layer


def draw_advice(layer: np.ndarray, geometry: BoardGeometry, advice: Advice,
                colours: Mapping[str, style.BGR] | None = None) -> None:
    """Draw ``advice`` onto an existing premultiplied BGRA ``layer``, in place (``colours``:
    as :func:`render_layer`'s)."""
    _check(geometry, advice)
    board = _Board(geometry)

    figures = {(f.row, f.col): f for f in advice.figures}
    labels = _legible_labels(board, advice)
    steps: dict[tuple[int, int], str] = {}
    for k, cell in enumerate(advice.path[1:], start=1):
        steps.setdefault((cell.row, cell.col), str(k))

    # 1. heat tints
    for f in advice.figures:
        if f.heat is not None:
            glyphs.fill(layer, board.quad(f.row, f.col), style.heat_colour(f.heat), style.TINT_ALPHA)

    # 2. pieces: a translucent fill, then the piece's outer boundary
    for piece in advice.pieces:
        _draw_piece(layer, board, piece.label, piece.cells, figures,
                    (colours or {}).get(piece.label))

    # 3. mark borders (inside the cell, so they never cover a neighbour's); an empty cell's
    # mark is the glyph alone, quiet on purpose
    for m in advice.marks:
        if m.kind in (MarkKind.EMPTY, MarkKind.CHOICE, MarkKind.ALSO):  # a choice, a move as
            continue  # good: the move's square (whole, dashed) says it
        w, h = board.size(m.row, m.col)
        thick = max(1, int(round(min(w, h) * 0.045)))
        quad = board.inset_quad(m.row, m.col, _INSET)
        if m.kind in (MarkKind.UNREAD, MarkKind.UNSURE):
            glyphs.dashed_quad(layer, quad, style.MARK[m.kind], thick)
        else:
            border = thick * 2 if m.kind is MarkKind.CONFLICT else thick
            glyphs.polyline(layer, quad, style.MARK[m.kind], border, True)

    # 4. the walk: a ring where the player stands (its arrows after the texts, off them)
    _draw_ring(layer, board, advice.path)

    # 5. glyphs: in the corner when the cell also carries text, else large in the middle (a
    # choice on a recommended cell: none, the move's square and the label say it)
    recommended = {(c.row, c.col) for c in advice.recommend}
    for m in advice.marks:
        key = (m.row, m.col)
        if m.kind is MarkKind.CHOICE and key in recommended or m.kind is MarkKind.ALSO:
            continue
        has_text = key in figures or key in labels or key in steps
        box = (_LABEL_BOX if key in labels else _CORNER_BOX) if has_text else _CENTRE_BOX
        if m.kind is MarkKind.EMPTY and not has_text:
            box = _QUIET_BOX
        glyphs.draw_glyph(layer, m.kind, board.box_map(m.row, m.col, box))

    # 6. texts: a mark's label on top, the figure (or the walk's step number) below or centred.
    # Each kind of text has one spelling and one size (relative to its cell) on the whole
    # board, so '28%' never stands beside a bare '30', and no figure shouts over its
    # neighbours; figures stay small enough to leave the tile's own art in view.
    marked = {(m.row, m.col) for m in advice.marks if m.kind is not MarkKind.ALSO}  # a glyph
    # The labels of each kind of mark are sized on their own: the longest label of the board
    # ("Panda or Tiger?") made the others as small (a choice's "if Tiger", a certain tile's
    # "Gorilla": half its size beside a found tile's question).
    choices = {(m.row, m.col) for m in advice.marks if m.kind is MarkKind.CHOICE}
    kinds = {(m.row, m.col): m.kind for m in advice.marks}
    slots: dict[str, list[_Slot]] = {f"label:{kind.value}": [] for kind in MarkKind}
    slots.update({"figure": [], "step": []})
    for key in sorted(set(figures) | set(labels) | set(steps)):
        label = labels.get(key)
        figure = figures[key].text if key in figures else None
        step = steps.get(key) if figure is None else None
        if label:
            v, frac = _LABEL_OVER if (figure or step) else _LABEL_ALONE
            # Clear of a move's square beside it, drawn outside its cell's edges (a found
            # tile's "Panda or Tiger?" ran under the square of the tile right of it).
            # A choice's label: clear of the white frame a report draws inside the cell the
            # player tapped (it hid the "i" of "if Tiger").
            wide = 0.7 if _beside(key, recommended) or key in choices else 0.9
            slots[f"label:{kinds[key].value}"].append(
                _Slot(key, (label, *text_mod.two_lines(label)), v, wide,
                      frac * (1.6 if " " in label else 1.0)))
        if figure or step:
            v, frac = _UNDER_LABEL if label else (_MARKED if key in marked else _ALONE)
            if figure:
                slots["figure"].append(_Slot(key, text_mod.compact_forms(figure), v, 0.8, frac))
            else:
                slots["step"].append(_Slot(key, (step,), v, 0.8, frac))
    _draw_recommend(layer, board, advice.recommend, inside=True)  # under the cell's number
    also = tuple(Cell(m.row, m.col) for m in advice.marks if m.kind is MarkKind.ALSO)
    _draw_recommend(layer, board, also, inside=True, dashed=True)
    texts: dict[tuple[int, int], tuple[float, float, float, float]] = {}
    for kind, group in slots.items():
        # A label's forms are its words on one line or two: the larger is taken unless the
        # one line is nearly as large ("Panda or Tiger?" stayed on one line at 0.6 of the
        # size it had on two); a figure's compact form loses a sign, kept at 0.6.
        texts.update(_draw_texts(layer, board, group,
                                 style.PATH if kind == "step" else style.TEXT,
                                 keep=0.85 if kind.startswith("label:") else 0.6))
    # the walk's arrows between consecutive cells, in the room the cells' texts leave
    _draw_arrows(layer, board, advice.path, texts)

    # 7. the recommendation, on top of everything (on a small cell: before the texts); a move
    # as good beside it dashed (a tile path's "Step up or right": one square was drawn, the
    # player looked for the other move)
    _draw_recommend(layer, board, also, inside=False, dashed=True)  # under the move's
    _draw_recommend(layer, board, advice.recommend, inside=False)


def _beside(cell: tuple[int, int], boxed: set[tuple[int, int]]) -> bool:
    """Whether ``cell`` is left or right of a cell in ``boxed`` (a move's square, drawn over
    the edge of its neighbours)."""
    r, c = cell
    return (r, c - 1) in boxed or (r, c + 1) in boxed


def _draw_recommend(layer: np.ndarray, board: _Board, cells: Sequence[Cell], *,
                    inside: bool, dashed: bool = False) -> None:
    """The recommended cells' magenta squares, drawn just outside the cell's edges so they
    never hide what the cell shows; on a small cell (the line with its dark edge over a
    quarter of the neighbour: under 20 px) just inside them (``inside``: those alone, drawn
    under the cell's number; else the others), hiding none of the neighbours' (tile-path at
    0.5x, 16 px cells: the square covered half the step numbers round it; pentomino at 0.5x
    the piece's letter). ``dashed``: a move as good as the advised one (:attr:`MarkKind.ALSO`)."""
    for cell in cells:
        w, h = board.size(cell.row, cell.col)
        thick = max(3, int(round(min(w, h) * 0.09)))
        edge = max(1, int(round(thick / 3)))  # outlined_polyline's dark edge
        small = thick + 1 + edge > min(w, h) / 4
        if small != inside:
            continue
        if small:  # thinner, its dark edge and smoothing clear of the cell's edges
            thick = 2
            out = -(thick / 2 + max(1, int(round(thick / 3))) + 1)
        else:
            out = thick / 2 + 1
        ex, ey = out / max(w, 1.0), out / max(h, 1.0)
        quad = board.points(cell.row, cell.col,
                            np.array([[-ex, -ey], [1 + ex, -ey], [1 + ex, 1 + ey], [-ex, 1 + ey]]))
        if dashed:
            glyphs.outlined_dashes(layer, quad, style.RECOMMEND, thick)
        else:
            glyphs.outlined_polyline(layer, quad, style.RECOMMEND, thick, closed=True)


def square_reach(w: float, h: float) -> int:
    """How far past a ``w`` x ``h`` cell's edges its advice square (solid or dashed) is drawn,
    in pixels, its dark edge and smoothing included (see :func:`_draw_recommend`): a panel
    keeping off the square keeps this far off the cell. A 48 px cell: 7.

    >>> square_reach(48, 48)
    7
    """
    thick = max(3, int(round(min(w, h) * 0.09)))
    return thick + max(1, int(round(thick / 3))) + 2


def paint_advice(
    image_bgr: np.ndarray, geometry: BoardGeometry, advice: Advice, *, legend: bool = True,
    colours: Mapping[str, style.BGR] | None = None,
) -> np.ndarray:
    """An annotated copy of ``image_bgr``: the advice drawn over it, and a legend panel below.

    The picture keeps its pixel coordinates (the panel is appended underneath, and the canvas
    is widened on the right when the picture is too narrow for a readable legend), so nothing
    of the game is hidden by the legend. The input is never modified. A grey (H x W) or BGRA
    picture is accepted and converted. ``colours``: as :func:`render_layer`'s (the legend's
    piece squares in them too).
    """
    image = _as_bgr(image_bgr)
    h, w = image.shape[:2]
    layer = render_layer((w, h), geometry, advice, colours)
    if not legend:
        return composite(image, layer)
    panel = legend_panel(viewport.in_view(advice, geometry), max(w, 320), colours)
    canvas_w = max(w, panel.shape[1])
    canvas = np.empty((h + panel.shape[0], canvas_w, 3), dtype=np.uint8)
    canvas[:h, :w] = image
    if canvas_w > w:
        canvas[:h, w:] = panel[0, 0]
    canvas[h:, : panel.shape[1]] = panel
    composite_into(canvas[:h, :w], layer)
    return canvas


def composite(image_bgr: np.ndarray, layer: np.ndarray) -> np.ndarray:
    """``layer`` (premultiplied BGRA) over a copy of ``image_bgr``."""
    out = np.array(image_bgr, dtype=np.uint8, copy=True)
    composite_into(out, layer)
    return out


def composite_into(image_bgr: np.ndarray, layer: np.ndarray) -> None:
    """``layer`` over ``image_bgr`` in place; only the box where something is drawn is blended."""
    x, y, w, h = cv2.boundingRect(cv2.extractChannel(layer, 3))
    if w == 0 or h == 0:
        return
    src = layer[y : y + h, x : x + w]
    keep = cv2.cvtColor(cv2.bitwise_not(cv2.extractChannel(src, 3)), cv2.COLOR_GRAY2BGR)
    dst = image_bgr[y : y + h, x : x + w]
    text_mod.over(dst, cv2.cvtColor(src, cv2.COLOR_BGRA2BGR), keep)


# -- helpers ------------------------------------------------------------------------------


def _check(geometry: BoardGeometry, advice: Advice) -> None:
    if (advice.rows, advice.cols) != (geometry.rows, geometry.cols):
        raise ValueError(
            f"advice is for a {advice.rows}x{advice.cols} board but the geometry is "
            f"{geometry.rows}x{geometry.cols}"
        )
    cells: list[tuple[str, int, int]] = []
    cells += [("recommended", c.row, c.col) for c in advice.recommend]
    cells += [("marked", m.row, m.col) for m in advice.marks]
    cells += [("figure", f.row, f.col) for f in advice.figures]
    cells += [("path", c.row, c.col) for c in advice.path]
    cells += [(f"piece {p.label}", c.row, c.col) for p in advice.pieces for c in p.cells]
    for what, r, c in cells:
        if not (0 <= r < advice.rows and 0 <= c < advice.cols):
            raise ValueError(
                f"{what} cell ({r}, {c}) is outside the {advice.rows}x{advice.cols} board"
            )


def _as_bgr(image: np.ndarray) -> np.ndarray:
    if not isinstance(image, np.ndarray) or image.dtype != np.uint8:
        raise ValueError("paint_advice needs a uint8 numpy image")
    if image.ndim == 2:
        return np.repeat(image[..., None], 3, axis=2)
    if image.ndim == 3 and image.shape[2] == 4:
        return image[..., :3]
    if image.ndim == 3 and image.shape[2] == 3:
        return image
    raise ValueError(f"paint_advice needs an H x W x 3 BGR image, got shape {image.shape}")


class _Slot(NamedTuple):
    """One text to draw in a cell: its spellings (fullest first), where and how large."""

    cell: tuple[int, int]
    forms: tuple[str, ...]
    v: float  # height of its middle, in cell units
    width: float  # its largest width, in cell units
    height: float  # its largest height, in cell units


def _draw_texts(layer: np.ndarray, board: _Board, slots: list[_Slot], colour: style.BGR,
                keep: float = 0.6) -> dict[tuple[int, int], tuple[float, float, float, float]]:
    """Draw ``slots`` with one spelling depth and one size relative to the cell for all of
    them: the fullest spelling unless a more compact one is much larger (the fullest under
    ``keep`` of its size; 0.6 as :func:`gridsight.overlay.text.fit_text` decides for one
    text), at the size the tightest cell
    allows (never below :data:`gridsight.overlay.style.MIN_TEXT_PX`). On a flat board that is one
    pixel size for all; through a deep perspective it shrinks with the cells. Returns each
    text's box drawn (x, y, width, height: layer pixels) by cell."""
    drawn: dict[tuple[int, int], tuple[float, float, float, float]] = {}
    if not slots:
        return drawn
    depth = max(len(s.forms) for s in slots)
    scales = []  # per spelling depth: the cap height over the cell height that fits every slot
    for k in range(depth):
        worst = float("inf")
        for s in slots:
            w, h = board.size(*s.cell)
            text = s.forms[min(k, len(s.forms) - 1)]
            _, px = text_mod.fit_text((text,), w * s.width, h * s.height)
            if k < len(s.forms) - 1 and text_mod.text_width(text, px) > 1.1 * w * s.width:
                # spills over its neighbours while a more compact form may not (a form on two
                # lines; "10" for "10%": Minesweeper at 0.5x, 18 px cells, drew a row of
                # "10%10%10%" run together at the legible minimum)
                px = 0
            worst = min(worst, px / max(h * s.height, 1.0))
        scales.append(worst)
    best = max(scales)
    k = next(i for i, scale in enumerate(scales) if scale >= keep * best)
    sizes = [max(style.MIN_TEXT_PX, int(scales[k] * board.size(*s.cell)[1] * s.height))
             for s in slots]
    if max(sizes) <= 1.2 * min(sizes):  # a flat board (not a deep perspective): one size
        sizes = [min(sizes)] * len(sizes)
    for s, px in zip(slots, sizes):
        r, c = s.cell
        text = s.forms[min(k, len(s.forms) - 1)]
        centre = board.points(r, c, np.array([[0.5, s.v]]))[0]
        spr = text_mod.sprite(text, px, colour)
        text_mod.blit(layer, spr, (float(centre[0]), float(centre[1])))
        sh, sw = spr.shape[:2]
        drawn[s.cell] = (float(centre[0]) - sw / 2, float(centre[1]) - sh / 2, sw, sh)
    return drawn


# The marks whose label may be left off a cell too small for it: the glyph says as much, the
# key naming the label (never an unsure or unread cell's words, or a conflict's).
_PLAIN_KINDS = (MarkKind.SAFE, MarkKind.DANGER, MarkKind.KNOWN, MarkKind.EMPTY)


def _legible_labels(board: _Board, advice: Advice) -> dict[tuple[int, int], str]:
    """The marks' labels to write on their cells, by cell. A label every spelling of which
    is over a tenth wider than its cell at the legible minimum
    (:data:`~gridsight.overlay.style.MIN_TEXT_PX`) is left off when every mark of its kind bears it (the glyph alone then says it, as the key does:
    Minesweeper at 0.5x, 18 px cells, wrote "mine" over each flagged mine's neighbours; Disco
    Zoo's one certain "Gorilla" over three tiles); a label telling marks of one kind apart
    stays, spilling (legible beats fitting)."""
    labels = {(m.row, m.col): m.label for m in advice.marks if m.label}
    by_kind: dict[MarkKind, set[str]] = {}
    for m in advice.marks:
        by_kind.setdefault(m.kind, set()).add(m.label)
    for m in advice.marks:
        if not m.label or m.kind not in _PLAIN_KINDS or len(by_kind[m.kind]) != 1:
            continue
        w, _ = board.size(m.row, m.col)
        forms = (m.label, *text_mod.two_lines(m.label))
        if all(text_mod.text_width(f, style.MIN_TEXT_PX) > 1.1 * w for f in forms):  # spills
            del labels[m.row, m.col]
    return labels


def _cell_text(
    layer: np.ndarray,
    board: _Board,
    r: int,
    c: int,
    forms: tuple[str, ...],
    v: float,
    max_w: float,
    max_h: float,
    colour: style.BGR,
) -> None:
    text, px = text_mod.fit_text(forms, max_w, max_h)
    centre = board.points(r, c, np.array([[0.5, v]]))[0]
    text_mod.blit(layer, text_mod.sprite(text, px, colour), (float(centre[0]), float(centre[1])))


def _draw_piece(
    layer: np.ndarray, board: _Board, label: str, cells: Sequence[Cell], figures: dict,
    colour: style.BGR | None = None,
) -> None:
    colour = colour or style.piece_colour(label)
    own = {(c.row, c.col) for c in cells}
    for r, c in own:
        glyphs.fill(layer, board.quad(r, c), colour, style.PIECE_ALPHA)
    if not own:
        return
    sizes = [min(board.size(r, c)) for r, c in own]
    thick = max(2, int(round(float(np.median(sizes)) * 0.07)))
    g = board.grid
    edges = []
    for r, c in own:  # an edge is on the boundary when the cell across it is not the piece's
        for (dr, dc), (a, b) in {
            (-1, 0): (g[r, c], g[r, c + 1]),
            (0, 1): (g[r, c + 1], g[r + 1, c + 1]),
            (1, 0): (g[r + 1, c + 1], g[r + 1, c]),
            (0, -1): (g[r + 1, c], g[r, c]),
        }.items():
            if (r + dr, c + dc) not in own:
                edges.append(np.array([a, b]))
    # All the dark edging first, then the light line, so corners join without notches.
    edge = max(1, int(round(thick / 3)))
    for e in edges:
        glyphs.polyline(layer, e, style.CONTRAST, thick + 2 * edge, False)
    for e in edges:
        glyphs.polyline(layer, e, style.TEXT, thick, False)
    # The label goes on the piece's cell nearest its middle, unless that cell shows a figure.
    mean = np.mean([board.centre(r, c) for r, c in own], axis=0)
    r, c = min(sorted(own), key=lambda rc: float(np.linalg.norm(board.centre(*rc) - mean)))
    if (r, c) not in figures:
        w, h = board.size(r, c)
        _cell_text(layer, board, r, c, (label,), 0.5, w * 0.85, h * 0.45, style.TEXT)


def _draw_ring(layer: np.ndarray, board: _Board, path: Sequence[Cell]) -> None:
    """A ring on the walk's first cell (where the player stands)."""
    if not path:
        return
    start = path[0]
    ring = board.points(
        start.row, start.col,
        np.array([[0.5 + 0.36 * np.cos(t), 0.5 + 0.36 * np.sin(t)]
                  for t in np.linspace(0, 2 * np.pi, 32, endpoint=False)]),
    )
    w, h = board.size(start.row, start.col)
    glyphs.outlined_polyline(layer, ring, style.PATH, max(2, int(round(min(w, h) * 0.07))), True)


def _reach(box: tuple[float, float, float, float] | None, centre: np.ndarray,
           u: np.ndarray) -> float:
    """How far from ``centre`` along the unit ``u`` the text box ``box`` reaches (0: none)."""
    if box is None:
        return 0.0
    x, y, w, h = box
    reach = []
    for k, (low, size) in enumerate(((x, w), (y, h))):
        if abs(u[k]) > 1e-6:
            edge = low + size if u[k] > 0 else low
            reach.append((edge - centre[k]) / u[k])
    return max(0.0, min(reach)) if reach else 0.0


def _draw_arrows(layer: np.ndarray, board: _Board, path: Sequence[Cell],
                 texts: Mapping[tuple[int, int], tuple[float, float, float, float]]) -> None:
    """Arrows between the walk's consecutive cells, from 0.3 to 0.7 of the way, kept off the
    cells' texts (their step numbers) where those reach further: tile-path at 0.5x (16 px
    cells), the numbers at the legible minimum hid most arrows and their heads. Where little
    room is left between two numbers, the head alone, small, between them; none where they
    touch (two-digit numbers side by side on 16 px cells: the head hid part of a digit)."""
    for a, b in zip(path, path[1:]):
        pa, pb = board.centre(a.row, a.col), board.centre(b.row, b.col)
        w, h = board.size(a.row, a.col)
        thick = max(2, int(round(min(w, h) * 0.06)))
        span = float(np.linalg.norm(pb - pa))
        if span < 1e-6:
            continue
        u, n = (pb - pa) / span, np.array([-(pb - pa)[1], (pb - pa)[0]]) / span
        edge = max(1, int(round(thick / 3)))  # the arrow's dark edge
        start = max(0.3 * span, _reach(texts.get((a.row, a.col)), pa, u) + edge)
        end = min(0.7 * span, span - _reach(texts.get((b.row, b.col)), pb, -u) - edge)
        head = max(4.0, min(w, h) * 0.16)
        if end - start < 1.0:
            continue  # two numbers side by side, touching: they say the order, no arrow fits
        if end - start < 3.0:  # the head alone, between the two numbers
            head = max(3.0, min(head, end - start))
            middle = (start + end) / 2
            start, end = middle - head / 2, middle + head / 2
            thick = 1  # (its dark edge 1 px each side: the numbers' outlines untouched)
        tail, tip = pa + u * start, pa + u * end
        length = end - start
        head = min(max(length * 0.45, min(head, length)), head)
        arrow = np.array([tail, tip, tip - u * head + n * head * 0.6, tip, tip - u * head - n * head * 0.6])
        glyphs.outlined_polyline(layer, arrow, style.PATH, thick)


# -- report pictures: the player's move, numbered rows and columns ---------------------------


def draw_move(image_bgr: np.ndarray, geometry: BoardGeometry, cell: Cell) -> np.ndarray:
    """A copy of ``image_bgr`` with the player's move at ``cell`` marked: a white frame with a
    dark edge just inside the cell's edges (the advice's magenta square is drawn just outside
    them, so a cell that is both shows both; the cell's figure in the middle stays clear)."""
    image = _as_bgr(image_bgr)
    layer = np.zeros((image.shape[0], image.shape[1], 4), np.uint8)
    board = _Board(geometry)
    w, h = board.size(cell.row, cell.col)
    thick = max(2, int(round(min(w, h) * 0.07)))
    glyphs.outlined_polyline(layer, board.inset_quad(cell.row, cell.col, 0.1), style.MOVE,
                             thick, closed=True)
    return composite(image, layer)


#: The smallest numbers :func:`number_board` draws within the picture (``within=True``).
MIN_NUMBER_PX = 9


def number_board(image_bgr: np.ndarray, geometry: BoardGeometry,
                 origin: Cell = Cell(0, 0), last: Cell | None = None, *, within: bool = False,
                 under: bool = False) -> tuple[np.ndarray, BoardGeometry]:
    """``image_bgr`` with each column's number just above the board and each row's just left
    of it, the way the player counts them (from ``origin``, the first playable row and
    column; the rows and columns before it, and after ``last``, get none), and the geometry in
    the new picture (a margin is added where the board is too near the picture's edge).

    ``within``: never a margin (the picture keeps its pixel coordinates): the numbers are drawn
    smaller where the board is near the edge, and not at all (the picture returned as it is)
    when even :data:`MIN_NUMBER_PX` ones do not fit or the board is not wholly in view.

    ``under``: the columns' numbers just under the board, for a game whose screen shows what
    the player reads just above it (:attr:`~gridsight.games.spec.GameSpec.keep_beside`: a
    real-look Disco Zoo screen's cards end a few pixels over the board, and the numbers 1 and
    3 covered the Panda's and the Tiger's box rows, which tell the found tiles apart)."""
    image = _as_bgr(image_bgr)
    w, h = geometry.cell_size(origin.row, origin.col)
    px = int(np.clip(min(w, h) * 0.3, 10, 16))
    corners = geometry.outline()
    # the room beside the board on the columns' numbers' side (above it, or under it)
    side = float(image.shape[0] - corners[:, 1].max()) if under else float(corners[:, 1].min())
    if within:
        near = min(float(corners[:, 0].min()), side)
        px = min(px, int(near / 2.2))
        inside = corners[:, 0].max() <= image.shape[1] and corners[:, 1].max() <= image.shape[0]
        if px < MIN_NUMBER_PX or not inside:
            return image, geometry
    room = int(px * 2.2)
    top = 0 if under else max(0, room - int(side))
    bottom = max(0, room - int(side)) if under else 0
    left = max(0, room - int(corners[:, 0].min()))
    out = np.empty((image.shape[0] + top + bottom, image.shape[1] + left, 3), np.uint8)
    out[:] = (40, 40, 40)
    out[top:top + image.shape[0], left:] = image
    moved = geometry.translated(left, top)
    layer = np.zeros((out.shape[0], out.shape[1], 4), np.uint8)
    above = room / 2 + px * 0.2
    end = last or Cell(geometry.rows - 1, geometry.cols - 1)
    for c in range(origin.col, end.col + 1):
        x, y = moved.board_to_image([(c + 0.5, end.row + 1 if under else origin.row)])[0]
        text_mod.blit(layer, text_mod.sprite(str(c - origin.col + 1), px),
                      (float(x), float(y) + (above if under else -above)))
    for r in range(origin.row, end.row + 1):
        x, y = moved.board_to_image([(origin.col, r + 0.5)])[0]
        text_mod.blit(layer, text_mod.sprite(str(r - origin.row + 1), px),
                      (float(x) - above, float(y)))
    composite_into(out, layer)
    return out, moved
