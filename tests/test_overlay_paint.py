"""The painter: what it draws, where, and that it leaves everything else alone (pixel checks)."""

from __future__ import annotations

import doctest
from dataclasses import replace

import cv2
import numpy as np
import pytest

from gridsight.overlay import paint, style, text
from gridsight.overlay.paint import composite, paint_advice, render_layer
from gridsight.solvers.advice import Advice, Cell, CellFigure, CellMark, MarkKind, PiecePlacement
from gridsight.vision.geometry import BoardGeometry

MAGENTA = np.array([255, 0, 255, 255], dtype=np.uint8)


def _rect(cell: float, rows: int = 5, cols: int = 6, x: float = 30, y: float = 20) -> BoardGeometry:
    return BoardGeometry.from_rect(x, y, cell, cell, rows, cols)


def _size_for(g: BoardGeometry, pad: int = 40) -> tuple[int, int]:
    corners = g.outline()
    return int(corners[:, 0].max()) + pad, int(corners[:, 1].max()) + pad


def _mask(layer: np.ndarray, colour: np.ndarray) -> np.ndarray:
    return np.all(layer == colour, axis=2)


def _distance_to_quad_edges(quad: np.ndarray, shape: tuple[int, int]) -> np.ndarray:
    """Distance of every pixel centre to the quad's outline (0 on the edge)."""
    canvas = np.full(shape, 255, np.uint8)
    cv2.polylines(canvas, [np.round((quad - 0.5) * 16).astype(np.int32)], True, 0, 1, cv2.LINE_8, 4)
    return cv2.distanceTransform(canvas, cv2.DIST_L2, 5)


GEOMETRIES = {
    "16px": _rect(16),
    "40px": _rect(40),
    "200px": _rect(200, x=10, y=10),
    "perspective": BoardGeometry.from_corners([(250, 100), (550, 100), (750, 500), (50, 500)], 5, 6),
}


@pytest.mark.parametrize("name", sorted(GEOMETRIES))
def test_the_recommended_cell_is_outlined_there_and_nowhere_else(name):
    g = GEOMETRIES[name]
    advice = Advice("demo", 5, 6, recommend=(Cell(2, 3),))
    size = _size_for(g)
    layer = render_layer(size, g, advice)
    magenta = _mask(layer, MAGENTA)
    assert magenta.sum() > 20
    w, h = g.cell_size(2, 3)
    thick = max(3, round(min(w, h) * 0.09))
    dist = _distance_to_quad_edges(g.cell_quad(2, 3), magenta.shape)
    # Every magenta pixel hugs the cell's edges (just outside them, corners reach further)...
    assert dist[magenta].max() <= (thick + 3) * 1.42
    # ...and the outline goes all the way round: each side has magenta near its middle.
    quad = g.cell_quad(2, 3)
    centre = quad.mean(axis=0)
    # A small cell's square (with its dark edge over a quarter of the neighbour) is just
    # inside its edges: at 0.5x (16 px) it hid half of the tile-path step numbers round it.
    small = thick + 1 + max(1, round(thick / 3)) > min(w, h) / 4
    assert small == (name == "16px")
    if small:
        cell = np.zeros(magenta.shape, np.uint8)
        cv2.fillPoly(cell, [np.round(quad).astype(np.int32)], 1)
        assert not (magenta & (cell == 0)).any()  # none on the neighbours
    for i in range(4):
        mid = (quad[i] + quad[(i + 1) % 4]) / 2
        outward = mid + (mid - centre) / np.linalg.norm(mid - centre) * (thick / 2 + 1) * (
            -1 if small else 1)
        x, y = int(outward[0]), int(outward[1])
        assert magenta[y - 2 : y + 3, x - 2 : x + 3].any(), f"side {i} not outlined"
    # The inside of the cell stays clear for what the cell shows.
    ys, xs = np.nonzero(layer[..., 3])
    inside = cv2.pointPolygonTest(quad.astype(np.float32), (float(centre[0]), float(centre[1])), True)
    assert inside > 0
    assert layer[int(centre[1]), int(centre[0]), 3] == 0


def test_an_empty_advice_draws_nothing_and_the_layer_is_transparent_away_from_drawings():
    g = _rect(40)
    size = _size_for(g)
    assert not render_layer(size, g, Advice("demo", 5, 6)).any()
    layer = render_layer(size, g, Advice("demo", 5, 6, recommend=(Cell(0, 0),),
                                         marks=(CellMark(4, 5, MarkKind.SAFE),)))
    drawn = layer[..., 3] > 0
    allowed = np.zeros_like(drawn)
    for r, c, margin in ((0, 0, 8), (4, 5, 0)):
        x0, y0 = g.cell_quad(r, c)[0]
        allowed[int(y0) - margin : int(y0) + 40 + margin, int(x0) - margin : int(x0) + 40 + margin] = True
    assert drawn.any()
    assert not (drawn & ~allowed).any()
    # Premultiplied: no colour without coverage.
    assert not layer[..., :3][layer[..., 3] == 0].any()


def test_each_mark_kind_has_its_own_colour_and_its_own_shape():
    g = _rect(60, rows=1, cols=1)
    masks = {}
    for kind in MarkKind:
        layer = render_layer((120, 100), g, Advice("demo", 1, 1, marks=(CellMark(0, 0, kind),)))
        assert _mask(layer, np.array([*style.MARK[kind], 255], np.uint8)).sum() > 30, kind
        masks[kind] = layer[28:72, 38:82, 3] > 128  # the glyph, inside the border
    kinds = list(MarkKind)
    for i, a in enumerate(kinds):
        for b in kinds[i + 1 :]:
            inter = (masks[a] & masks[b]).sum()
            union = (masks[a] | masks[b]).sum()
            assert inter / union < 0.7, f"{a} and {b} look alike (IoU {inter / union:.2f})"


def test_heat_tints_the_cell_from_green_to_red():
    g = _rect(40, rows=1, cols=2)
    advice = Advice("demo", 1, 2, figures=(CellFigure(0, 0, "", 0.0), CellFigure(0, 1, "", 1.0)))
    layer = render_layer(_size_for(g), g, advice)
    safe = layer[25:55, 35:65].reshape(-1, 4).mean(axis=0)
    risky = layer[25:55, 75:105].reshape(-1, 4).mean(axis=0)
    assert safe[1] > 3 * safe[2] and risky[2] > 3 * risky[1]  # BGR: green vs red
    assert 80 < safe[3] < 120  # translucent, the game shows through


@pytest.mark.parametrize("cell", [16, 24, 40, 200])
def test_figures_are_drawn_legibly_at_every_scale(cell):
    g = _rect(cell, rows=1, cols=1, x=50, y=50)
    layer = render_layer((cell + 100, cell + 100), g, Advice("demo", 1, 1, figures=(CellFigure(0, 0, "0.25"),)))
    white = _mask(layer, np.array([255, 255, 255, 255], np.uint8))
    dark = np.all(layer == np.array([0, 0, 0, 255], np.uint8), axis=2)
    assert white.any() and dark.any()  # white text with a dark outline
    ys, xs = np.nonzero(white)
    height = ys.max() - ys.min() + 1
    assert height >= style.MIN_TEXT_PX - 1  # never smaller than legible
    centre_x, centre_y = (xs.max() + xs.min()) / 2, (ys.max() + ys.min()) / 2
    assert abs(centre_x - (50 + cell / 2)) < max(3, cell * 0.1)
    assert abs(centre_y - (50 + cell / 2)) < max(3, cell * 0.15)
    if cell >= 40:  # room enough: the text stays inside its cell
        assert xs.min() >= 50 and xs.max() < 50 + cell


def test_small_cells_use_compact_spellings():
    assert text.compact_forms("0.25") == ("0.25", ".25", "25")
    assert text.fit_text(text.compact_forms("0.25"), 14, 6)[0] == "25"
    full, px = text.fit_text(text.compact_forms("0.25"), 200, 60)
    assert full == "0.25" and px >= 20


def test_a_row_of_small_cells_drops_the_sign_rather_than_run_figures_together():
    """Minesweeper at half its pack's size (18 px cells): "10%" at the legible minimum is wider
    than its cell, so a row of them ran together ("10%10%10%"); the compact "10" fits and is
    drawn instead (session 41). Each figure's white ink stays within its own cell."""
    g = _rect(18, rows=1, cols=6, x=40, y=40)
    figures = tuple(CellFigure(0, c, "10%") for c in range(6))
    layer = render_layer((240, 120), g, Advice("demo", 1, 6, figures=figures))
    white = _mask(layer, np.array([255, 255, 255, 255], np.uint8))
    ys, xs = np.nonzero(white)
    assert ys.max() - ys.min() + 1 >= style.MIN_TEXT_PX - 1  # as legible as before
    for c in range(6):  # no ink on the lines between cells: each figure keeps to its cell
        assert not white[:, 40 + 18 * c].any() and not white[:, 40 + 18 * (c + 1) - 1].any()


def test_a_label_too_wide_for_a_small_cell_is_left_to_its_glyph_and_the_key():
    """Minesweeper at 0.5x (18 px cells): "mine" on each flagged mine, at the legible
    minimum, spilled over its neighbours. A label every mark of its kind bears is left off
    such a cell (its glyph, centred, says it, as the key does); on a 36 px cell it is written;
    an unsure cell's words are never left off (session 41)."""
    def ink_outside(cell, kind, label):
        g = _rect(cell, rows=1, cols=3, x=40, y=40)
        marks = (CellMark(0, 1, kind, label),)
        layer = render_layer((40 * 2 + 3 * cell, 40 * 2 + cell), g, Advice("d", 1, 3, marks=marks))
        white = _mask(layer, np.array([255, 255, 255, 255], np.uint8))
        x0, x1 = int(40 + cell), int(40 + 2 * cell)
        return white.any(), bool(white[:, :x0].any() or white[:, x1:].any())

    assert ink_outside(18, MarkKind.DANGER, "mine") == (False, False)  # the ✗ alone
    assert ink_outside(36, MarkKind.DANGER, "mine") == (True, False)  # written, in its cell
    assert ink_outside(28, MarkKind.DANGER, "mine")[0]  # at 0.75x: as wide as its cell, kept
    assert ink_outside(18, MarkKind.UNSURE, "Panda or Tiger?")[0]  # the doubt is kept


def test_different_figures_draw_different_text():
    g = _rect(40, rows=1, cols=1)
    a = render_layer((120, 100), g, Advice("d", 1, 1, figures=(CellFigure(0, 0, "12"),)))
    b = render_layer((120, 100), g, Advice("d", 1, 1, figures=(CellFigure(0, 0, "71"),)))
    assert (a[..., 3] != b[..., 3]).sum() > 20


def test_a_walk_is_drawn_as_arrows_with_numbered_steps():
    g = _rect(50, rows=2, cols=3)
    path = (Cell(0, 0), Cell(0, 1), Cell(0, 2), Cell(1, 2))
    layer = render_layer(_size_for(g), g, Advice("walk", 2, 3, path=path))
    blue = _mask(layer, np.array([*style.PATH, 255], np.uint8))
    # An arrow crosses the edge between each pair of consecutive cells.
    for a, b in zip(path, path[1:]):
        mid = (np.array(g.cell_center(a.row, a.col)) + np.array(g.cell_center(b.row, b.col))) / 2
        x, y = int(mid[0]), int(mid[1])
        assert blue[y - 3 : y + 4, x - 3 : x + 4].any(), (a, b)
    # Nothing is drawn in the cells the walk does not visit.
    x0, y0 = g.cell_quad(1, 0)[0]
    assert not layer[int(y0) + 6 : int(y0) + 44, int(x0) + 6 : int(x0) + 44, 3].any()
    # Step numbers differ from cell to cell.
    c1 = layer[20:70, 80:130, 3]
    c2 = layer[20:70, 130:180, 3]
    assert (c1 != c2).sum() > 20


def test_on_small_cells_the_walk_s_arrows_keep_off_its_step_numbers(monkeypatch):
    # Tile-path at 0.5x (the Game Boy's own 160 px: 16 px cells): the step numbers, at the
    # legible minimum, hid most arrows and their heads. The arrows are drawn after the
    # numbers, in the room between them (a head alone where little is left, none where two
    # numbers touch), over none of a number's light strokes.
    g = _rect(16, rows=2, cols=14, x=10, y=10)
    path = tuple(Cell(0, c) for c in range(14)) + (Cell(1, 13),)  # steps 1-14
    advice = Advice("walk", 2, 14, path=path)
    size = _size_for(g)
    drawn = paint._draw_arrows
    calls = []
    monkeypatch.setattr(paint, "_draw_arrows", lambda *args: calls.append(args))
    bare = render_layer(size, g, advice)  # the ring and the numbers alone
    monkeypatch.setattr(paint, "_draw_arrows", drawn)
    full = render_layer(size, g, advice)
    (_, board, walk, texts), = calls
    alone = np.zeros_like(full)
    drawn(alone, board, walk, texts)  # the arrows alone
    arrows = alone[..., 3] > 0
    light = _mask(bare, np.array([*style.PATH, 255], np.uint8))  # the numbers' strokes, ring
    opaque = alone[..., 3] == 255
    assert opaque.sum() > 100 and (full[opaque] == alone[opaque]).all()  # on top, seen whole
    # The numbers' light strokes changed by the arrows over them: 9 of 265 (a head's tip
    # touching a stroke's end); 38 with the arrows from 0.3 to 0.7 of the way over them.
    changed = np.abs(full.astype(int) - bare.astype(int)).max(axis=2) > 60
    assert (light & changed).sum() <= 15, (light & changed).sum()
    for a, b in zip(path[1:], path[2:]):  # (from step 1: the first cell has the ring)
        (xa, ya), (xb, yb) = g.cell_center(a.row, a.col), g.cell_center(b.row, b.col)
        x0, x1 = int(min(xa, xb)) - 2, int(max(xa, xb)) + 3
        y0, y1 = int(min(ya, yb)) - 6, int(max(ya, yb)) + 7
        if a.col < 8 or b.row == 1:  # one-digit numbers side by side, and one under another
            assert arrows[y0:y1, x0:x1].sum() >= 12, (a, b)


def test_on_small_cells_the_recommended_square_leaves_the_piece_s_letter_beside_it():
    # Pentomino at 0.5x (12 px cells): the magenta square round the cell to fill, drawn
    # outside its edges, lay over most of the piece's letter in the cell beside it. On a
    # cell that small it is drawn inside its edges: the letter's pixels are untouched.
    g = _rect(12, rows=3, cols=3)
    piece = PiecePlacement("U", (Cell(0, 0), Cell(0, 1), Cell(1, 0), Cell(2, 0), Cell(2, 1)))
    plain = Advice("fill", 3, 3, pieces=(piece,))
    marked = replace(plain, recommend=(Cell(1, 1),))
    a, b = (render_layer(_size_for(g), g, advice) for advice in (plain, marked))
    x0, y0 = (int(v) for v in g.cell_quad(1, 0)[0])
    # the letter's cell (the piece's nearest its middle), inside the piece's outline
    inner = (slice(y0 + 2, y0 + 10), slice(x0 + 2, x0 + 10))
    letter = _mask(a[inner], np.array([*style.TEXT, 255], np.uint8))
    assert letter.sum() >= 5
    assert (a[inner][letter] == b[inner][letter]).all()
    assert _mask(b, MAGENTA).sum() > 10


def test_a_piece_is_filled_in_its_colour_and_outlined():
    g = _rect(40, rows=3, cols=3)
    piece = PiecePlacement("L", (Cell(0, 0), Cell(1, 0), Cell(2, 0), Cell(2, 1)))
    layer = render_layer(_size_for(g), g, Advice("fill", 3, 3, pieces=(piece,)))
    colour = np.array(style.piece_colour("L"), np.float64)
    for cell in piece.cells:
        cx, cy = g.cell_center(cell.row, cell.col)
        px = layer[int(cy) - 12, int(cx) + 12]  # off the label, inside the fill
        assert px[3] > 100
        assert np.allclose(px[:3].astype(float) * 255 / px[3], colour, atol=6)
    cx, cy = g.cell_center(0, 2)
    assert layer[int(cy), int(cx), 3] == 0
    # The boundary between the piece and the rest is outlined (white line), the inner edge is not.
    white = _mask(layer, np.array([255, 255, 255, 255], np.uint8))
    assert white[int(g.cell_center(0, 0)[1]), 68:73].any()  # right edge of (0, 0)
    assert not white[98:103, 35:45].any()  # between (1, 0) and (2, 0): inside the piece
    # Each of the twelve pieces has a colour of its own (by the letter's hash, L, N and U
    # were one yellow: a level's U, L and the advised N one yellow block in the panel).
    assert len({style.piece_colour(p) for p in style.PENTOMINOES}) == 12
    # In the game's own colour when given (a pentomino's in its pack: the piece the player
    # picks up), the palette's for the others.
    grey = (112, 112, 112)
    layer = render_layer(_size_for(g), g, Advice("fill", 3, 3, pieces=(piece,)), {"L": grey})
    cx, cy = g.cell_center(1, 0)
    px = layer[int(cy) - 12, int(cx) + 12]
    assert np.allclose(px[:3].astype(float) * 255 / px[3], grey, atol=6)
    layer = render_layer(_size_for(g), g, Advice("fill", 3, 3, pieces=(piece,)), {"N": grey})
    px = layer[int(cy) - 12, int(cx) + 12]
    assert np.allclose(px[:3].astype(float) * 255 / px[3], colour, atol=6)


def test_painting_does_not_modify_the_input_and_keeps_undrawn_pixels():
    rng = np.random.default_rng(1)
    image = rng.integers(0, 256, (300, 320, 3), dtype=np.uint8)
    before = image.copy()
    g = _rect(40)
    advice = Advice("demo", 5, 6, recommend=(Cell(1, 1),), status="dig here",
                    warnings=("cell (4, 5) unread",), marks=(CellMark(4, 5, MarkKind.UNREAD),))
    out = paint_advice(image, g, advice)
    assert np.array_equal(image, before)
    assert out.shape[0] > image.shape[0] and out.shape[1] == image.shape[1]
    layer = render_layer((320, 300), g, advice)
    untouched = layer[..., 3] == 0
    assert np.array_equal(out[:300][untouched], image[untouched])
    assert not np.array_equal(out[:300], image)
    bare = paint_advice(image, g, advice, legend=False)
    assert bare.shape == image.shape
    assert np.array_equal(bare, out[:300])


def test_the_legend_shows_status_and_warnings():
    image = np.zeros((200, 400, 3), np.uint8)
    g = _rect(30)
    plain = paint_advice(image, g, Advice("demo", 5, 6, status="dig (1, 1)"))
    warned = paint_advice(image, g, Advice("demo", 5, 6, status="dig (1, 1)", warnings=("low confidence",)))
    assert warned.shape[0] > plain.shape[0]
    orange = np.all(warned[200:] == style.WARNING, axis=2)
    assert orange.any()
    narrow = paint_advice(np.zeros((60, 60, 3), np.uint8), _rect(8, 2, 2, 10, 10), Advice("d", 2, 2, status="s"))
    assert narrow.shape[1] >= 320  # widened so the legend stays readable


def test_composite_is_the_over_operator():
    image = np.full((4, 4, 3), 200, np.uint8)
    layer = np.zeros((4, 4, 4), np.uint8)
    layer[1, 1] = (0, 0, 128, 128)  # half-transparent red, premultiplied
    layer[2, 2] = (255, 0, 0, 255)
    out = composite(image, layer)
    assert tuple(out[1, 1]) == (100, 100, 228)
    assert tuple(out[2, 2]) == (255, 0, 0)
    assert tuple(out[0, 0]) == (200, 200, 200)


def test_bad_calls_are_refused_with_a_reason():
    g = _rect(20)
    with pytest.raises(ValueError, match="5x6"):
        render_layer((200, 200), g, Advice("demo", 4, 4))
    with pytest.raises(ValueError, match=r"\(7, 0\)"):
        render_layer((200, 200), g, Advice("demo", 5, 6, recommend=(Cell(7, 0),)))
    with pytest.raises(ValueError, match="shape"):
        paint_advice(np.zeros((10, 10, 2), np.uint8), g, Advice("demo", 5, 6))


def test_doctests():
    for module in (paint, text):
        result = doctest.testmod(module)
        assert result.failed == 0 and result.attempted > 0, module.__name__


def test_report_pictures_number_the_playable_rows_and_columns_and_mark_the_move():
    from gridsight.overlay.paint import draw_move, number_board

    image = np.full((300, 300, 3), 90, np.uint8)
    g = BoardGeometry.from_rect(60, 60, 40, 40, 5, 4)  # rows 0 and 4: a frame, not played
    out, moved = number_board(image, g, Cell(1, 0), Cell(3, 3))
    assert out.shape == image.shape and moved == g  # room enough: no margin added
    white = np.all(out == 255, axis=2)

    def left_of(row):  # the band left of the board at that row
        return white[60 + 40 * row + 8:60 + 40 * row + 32, 30:58].any()

    assert [left_of(r) for r in range(5)] == [False, True, True, True, False]
    # The columns' numbers just above the first playable row (over the frame's row).
    assert all(white[70:98, 60 + 40 * c + 8:60 + 40 * c + 32].any() for c in range(4))
    assert not white[100:260, 60:220].any()  # nothing over the playable cells
    # Too near the edge: a margin is added, and the geometry moves with the picture.
    tight = BoardGeometry.from_rect(0, 0, 40, 40, 2, 2)
    out, moved = number_board(np.zeros((80, 80, 3), np.uint8), tight)
    assert out.shape[0] > 80 and out.shape[1] > 80 and moved.cell_center(0, 0)[0] > 20
    # The player's move: a white frame inside the cell, its middle left clear.
    marked = draw_move(image, g, Cell(2, 1))
    frame = np.all(marked == 255, axis=2)
    x0, y0 = 60 + 40, 60 + 80
    assert frame[y0:y0 + 40, x0:x0 + 40].sum() > 60
    assert not frame[y0 + 15:y0 + 25, x0 + 15:x0 + 25].any()
    assert not frame[:y0, :].any() and not frame[y0 + 40:, :].any()


def test_the_annotated_pentomino_picture_leads_with_the_short_line_live_says(monkeypatch):
    """analyze's picture drew the solver's whole line ("Place U on row 1, columns 2 and 3;
    row 2, column 2; row 3, columns 2 and 3") shrunk to the key's size on two lines; it leads
    with live's short line, the cells under it, a caveat kept at the line's end (session 41)."""
    from gridsight.overlay import paint as paint_mod
    from gridsight.screenshots import annotate

    cells = (Cell(0, 1), Cell(0, 2), Cell(1, 1), Cell(2, 1), Cell(2, 2))
    advice = Advice("pentomino", 6, 10, (Cell(0, 2),), pieces=(PiecePlacement("U", cells),),
                    status="Place U on row 1, columns 2 and 3; row 2, column 2; row 3, columns 2 "
                           "and 3 (unread: look at row 6, column 1 first)", why="only fit")
    drawn = []
    monkeypatch.setattr(paint_mod, "paint_advice", lambda image, g, a, **kw: drawn.append(a))
    annotate(np.zeros((300, 500, 3), np.uint8), BoardGeometry.from_rect(0, 0, 50, 50, 6, 10),
             advice)
    assert drawn[0].status == ("Place U within rows 1-3, columns 2-3 "
                               "(unread: look at row 6, column 1 first)")
    assert drawn[0].why == ("U's cells: row 1, columns 2 and 3; row 2, column 2; row 3, "
                            "columns 2 and 3; only fit")
    annotate(np.zeros((300, 500, 3), np.uint8), BoardGeometry.from_rect(0, 0, 50, 50, 6, 10),
             replace(advice, game="disco-zoo"))
    assert drawn[1].status == advice.status  # a game without a short line: as it is


def test_the_annotated_screenshot_numbers_rows_and_columns_as_its_legend_names_them():
    """``analyze``'s picture (and ``api``'s ``annotate``) counts the rows and columns beside
    the board, as the replay report does: "Tap row 2, column 3" is found on the picture."""
    from gridsight.screenshots import annotate

    image = np.full((500, 500, 3), 90, np.uint8)
    g = BoardGeometry.from_rect(100, 100, 80, 80, 4, 4)  # cells large enough: not enlarged
    advice = Advice("disco-zoo", 4, 4, recommend=(Cell(1, 2),), status="Tap row 2, column 3")
    out = annotate(image, g, advice)
    white = np.all(out[:500, :500] == 255, axis=2)
    assert all(white[100 + 80 * r + 20:100 + 80 * r + 60, 60:98].any() for r in range(4))
    # Disco Zoo's columns under the board: the band over it is the cards' (their box rows,
    # a few pixels over a real-look board, were covered by the numbers 1 and 3)
    assert all(white[422:460, 100 + 80 * c + 20:100 + 80 * c + 60].any() for c in range(4))
    assert not white[:100, 100:420].any()
    # a game with nothing of its own over the board: over it, as the player reads a table
    sweeper = annotate(image, g, replace(advice, game="minesweeper"))
    white = np.all(sweeper[:500, :500] == 255, axis=2)
    assert all(white[60:98, 100 + 80 * c + 20:100 + 80 * c + 60].any() for c in range(4))
    assert not white[420:, 100:420].any()
    # Near the edge: smaller numbers, no margin (the picture keeps the screenshot's
    # coordinates); a board partly out of view (a room bigger than the screen): none.
    near = annotate(image, BoardGeometry.from_rect(24, 24, 80, 80, 4, 4), advice)
    assert near.shape[1] == 500 and np.all(near[:500, :500] == 255, axis=2)[30:100, 0:24].any()
    out_of_view = BoardGeometry.from_rect(-40, 100, 80, 80, 4, 4)
    assert np.array_equal(annotate(image, out_of_view, advice)[:, :500],
                          paint_advice(image, out_of_view, advice)[:, :500])


def test_a_label_beside_a_moves_square_ends_clear_of_it():
    """The square is drawn outside its cell's edges, over its neighbours: a found tile's
    "Panda or Tiger?" left of it ran under it (its "?" hidden, s44doubt); a choice's label
    ("if Tiger") stays clear of the white frame a report draws inside a tapped cell."""
    g = _rect(110, rows=1, cols=2, x=10, y=10)
    advice = Advice("demo", 1, 2, recommend=(Cell(0, 1),),
                    marks=(CellMark(0, 0, MarkKind.UNSURE, "Panda or Tiger?"),
                           CellMark(0, 1, MarkKind.CHOICE, "if Tiger")),
                    figures=(CellFigure(0, 1, "61%"),))
    layer = render_layer((250, 140), g, advice)
    white = np.all(layer[..., :3] == 255, axis=2) & (layer[..., 3] == 255)
    magenta = np.all(layer[..., :3] == style.RECOMMEND, axis=2)
    square_left = int(np.nonzero(magenta[60])[0].min())  # the square's left side, mid-height
    assert square_left < 120  # over the neighbour
    rows = np.nonzero(white[:, :115].any(axis=1))[0]
    y, reach = int(rows.mean()), square_left  # the square's dark edge too, on a text row
    while layer[y, reach - 1, 3] > 0 and not white[y, reach - 1]:
        reach -= 1
    text_right = int(np.nonzero(white[:, :115].any(axis=0))[0].max())
    assert text_right < reach, (text_right, reach)
    # the choice's label in the middle 0.72 of its cell (the move frame: inset 0.1 +- 0.035)
    label = white[20:75, 120:230]
    columns = np.nonzero(label.any(axis=0))[0]
    assert columns.min() >= 0.13 * 110 and columns.max() <= 0.87 * 110


def _white_rows(layer: np.ndarray, x0: int, x1: int, y0: int) -> list[tuple[int, int]]:
    """The runs of rows with white text between columns ``x0`` and ``x1``, from row ``y0``."""
    white = np.all(layer[y0:, x0:x1, :3] == 255, axis=2) & (layer[y0:, x0:x1, 3] == 255)
    rows = white.any(axis=1)
    runs, start = [], None
    for y, on in enumerate(list(rows) + [False]):
        if on and start is None:
            start = y
        elif not on and start is not None:
            runs.append((y0 + start, y0 + y))
            start = None
    return runs


def test_a_found_tiles_question_goes_on_two_lines_and_sizes_no_other_kinds_label():
    """A found tile's "Panda or Tiger?" not beside a square stayed on one line at 0.6 of the
    size it had on two (s44doubt); and the labels of every kind shared one size, so a certain
    tile's "Gorilla" was drawn as small as the question (9 px on a 110 px cell)."""
    g = _rect(150, rows=1, cols=3, x=10, y=10)
    unsure = CellMark(0, 0, MarkKind.UNSURE, "Panda or Tiger?")
    gorilla = CellMark(0, 2, MarkKind.KNOWN, "Gorilla")
    both = render_layer((480, 180), g, Advice("demo", 1, 3, marks=(unsure, gorilla)))
    runs = _white_rows(both, 10, 160, 10 + 45)  # under the "?" glyph in the corner
    assert len(runs) == 2, runs  # "Panda or" over "Tiger?"
    alone = render_layer((480, 180), g, Advice("demo", 1, 3, marks=(gorilla,)))
    assert _white_rows(both, 310, 460, 55) == _white_rows(alone, 310, 460, 55)


def test_a_choices_label_is_never_broken_after_its_if():
    """With labels put on two lines when larger, "if Panda" went on two ("if" over "Panda",
    three lines with the chance under them) on the real-look doubt screen's 110 px tiles."""
    g = _rect(110, rows=1, cols=1, x=10, y=10)
    advice = Advice("demo", 1, 1, recommend=(Cell(0, 0),),
                    marks=(CellMark(0, 0, MarkKind.CHOICE, "if Panda"),),
                    figures=(CellFigure(0, 0, "61%"),))
    layer = render_layer((140, 140), g, advice)
    assert len(_white_rows(layer, 20, 110, 15)) == 2  # "if Panda", "61%"


def test_a_move_as_good_as_the_advised_one_gets_a_dashed_square_of_its_own():
    # Tile path "Step up or right - either keeps a full walk possible" drew one square (the
    # numbered walk's): the player looked for the other move the line named. The other move
    # is a mark of its own (MarkKind.ALSO): the move's magenta, dashed, no number of its own.
    g = _rect(60, rows=3, cols=3)
    advice = Advice("demo", 3, 3, recommend=(Cell(0, 1),), path=(Cell(1, 1), Cell(0, 1)),
                    marks=(CellMark(1, 2, MarkKind.ALSO),),
                    figures=(CellFigure(0, 1, "1"),))
    layer = render_layer(_size_for(g), g, advice)
    magenta = _mask(layer, MAGENTA)
    plain = _mask(render_layer(_size_for(g), g, replace(advice, marks=())), MAGENTA)
    also = magenta & ~plain
    x0, y0 = (int(v) for v in g.cell_quad(1, 2)[0])
    # round the other move's tile, just outside its edges, on all four sides
    for x, y in ((x0 + 30, y0 - 4), (x0 + 30, y0 + 64), (x0 - 4, y0 + 30), (x0 + 64, y0 + 30)):
        assert magenta[y - 4:y + 5, x - 4:x + 5].any(), (x, y)
    # dashed: along its top edge the magenta has gaps (the advised move's square has none)
    top = also[y0 - 8:y0 + 1, x0:x0 + 60].any(axis=0)
    assert top.sum() > 15 and not top.all(), top.astype(int)
    advised = plain[y0 - 60 - 8:y0 - 60 + 1, x0 - 60:x0].any(axis=0)
    assert advised.all()
    # no number on it (the walk's numbers are the advised move's), no glyph inside it
    assert not layer[y0 + 10:y0 + 50, x0 + 10:x0 + 50, 3].any()
