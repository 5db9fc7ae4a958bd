"""Each game in its own words on the picture: the legend, the marks, and texts that agree.

The overlay knows no game: a game's words reach it through :attr:`Advice.legend` (filled in by
the game's adapter). These tests solve real boards through the registry and check what the
painter draws for them: the legend's words, a certainly-empty Disco Zoo tile that does not look
like "tap here", one spelling and one size per kind of text on a board, and figures that leave
the middle of a tile (its art) in view.
"""

from __future__ import annotations


import numpy as np
import pytest

from gridsight.registry import get_spec
from gridsight.overlay import legend, paint, style
from gridsight.overlay import text as text_mod
from gridsight.overlay.paint import render_layer
from gridsight.solvers.advice import Advice, Cell, CellFigure, CellMark, Legend, MarkKind
from gridsight.solvers.boardtext import parse_boards
from gridsight.vision.geometry import BoardGeometry
from kit.solving import EXACT

JUNGLE = """\
region: Jungle
animals: Gorilla, Panda, Tiger
taps: 7
. . . . .
. . . - .
. . 2 . .
. . . . .
. . 1 . .
"""

THRILL = """\
difficulty: intermediate
. . . . . .
g r . . . .
g b . . . .
g b r . . .
. b . . . .
"""


def _advice(game: str, text: str) -> Advice:
    spec = get_spec(game)
    # solved to the end (a search cut at 0.05 s said the fresh Pig board's tie or not by the
    # machine's speed)
    settings = {o.dest: o.default for o in spec.solver_options} | vars(EXACT)
    return spec.adapter.solve(parse_boards(text)[0], spec.adapter.options_from(settings)).advice


@pytest.fixture(scope="module")
def jungle() -> Advice:
    return _advice("disco-zoo", JUNGLE)


@pytest.fixture(scope="module")
def thrill() -> Advice:
    return _advice("thrill-digger", THRILL)


def _legend_words(advice: Advice) -> list[str]:
    return [entry.words for entry in legend.legend_entries(advice)]


def test_disco_zoo_speaks_of_animals_not_of_safety_or_risk(jungle):
    words = _legend_words(jungle)
    assert "certainly no animal, not tapped yet" in words  # "∅": untapped (key: "–" tapped)
    assert "certainly Gorilla, not tapped yet" in words
    assert "chance of an animal: low \u2192 high" in words
    assert "tap here next" in words
    assert not any("safe" in w or "risk" in w for w in words)
    # The certainly-empty tiles are a neutral mark, never the green "safe" check.
    kinds = {m.kind for m in jungle.marks}
    assert MarkKind.EMPTY in kinds and MarkKind.SAFE not in kinds


def test_thrill_digger_speaks_of_bombs(thrill):
    words = _legend_words(thrill)
    assert "dig here next" in words and "risk of a bomb: low \u2192 high" in words
    assert "safe" in words  # a hole certainly holding a rupee


def test_a_legend_without_game_words_keeps_plain_ones():
    advice = Advice("demo", 2, 2, recommend=(Cell(0, 0),), marks=(CellMark(1, 1, MarkKind.SAFE),),
                    figures=(CellFigure(0, 1, "20%", 0.2),))
    assert _legend_words(advice) == ["next move", "safe", "chance: low \u2192 high"]


def test_a_label_entry_is_written_once_per_animal():
    advice = Advice("demo", 1, 3, marks=(CellMark(0, 0, MarkKind.KNOWN, "Pig"),
                                         CellMark(0, 1, MarkKind.KNOWN, "Cow"),
                                         CellMark(0, 2, MarkKind.KNOWN, "Pig")),
                    legend=Legend.of({"known": "animal here: {label}"}))
    assert _legend_words(advice) == ["animal here: Pig", "animal here: Cow"]


@pytest.mark.parametrize("rises", [True, False])
def test_the_heat_bar_runs_in_the_games_direction(rises):
    advice = Advice("demo", 1, 1, figures=(CellFigure(0, 0, "50%", 0.5),),
                    legend=Legend.of({}, heat="chance of X", heat_rises=rises))
    (entry,) = legend.legend_entries(advice)
    panel = np.zeros((40, 200, 4), np.uint8)
    entry.draw(panel, 0, 0, 30)
    left, right = panel[15, 1, :3], panel[15, 30 * entry.span - 2, :3]
    red, green = np.array(style.heat_colour(1.0)), np.array(style.heat_colour(0.0))
    # Left is "low" of the caption's quantity: low heat (green) when it rises with heat,
    # high heat (red) when it falls (Disco Zoo: green where an animal is likely).
    low, high = (green, red) if rises else (red, green)
    assert np.abs(left.astype(int) - low).max() < 20 and np.abs(right.astype(int) - high).max() < 20


def test_a_legend_entry_too_wide_for_the_panel_wraps_instead_of_being_cut(jungle):
    panel = legend.legend_panel(jungle, 200)
    assert panel.shape[1] == 200
    # Nothing is drawn in the last columns (the padding): no word ran off the edge.
    background = np.all(panel[:, -8:] == legend.BACKGROUND, axis=2)
    assert background.all()


def test_an_empty_tile_is_quiet_grey_not_a_green_check(jungle):
    g = BoardGeometry.from_rect(10, 10, 60, 60, 5, 5)
    empty = [m for m in jungle.marks if m.kind is MarkKind.EMPTY]
    alone = Advice("disco-zoo", 5, 5, marks=tuple(empty))
    layer = render_layer((320, 320), g, alone)
    colour = layer[..., :3]
    opaque = layer[..., 3] == 255
    green = np.all(colour == style.MARK[MarkKind.SAFE], axis=2) & opaque
    grey = np.all(colour == style.MARK[MarkKind.EMPTY], axis=2) & opaque
    assert grey.sum() > 20 and not green.any()
    # Quiet: the mark covers a small part of its tile (no border, a small sign).
    m = empty[0]
    cell = layer[10 + 60 * m.row: 70 + 60 * m.row, 10 + 60 * m.col: 70 + 60 * m.col, 3]
    assert 0 < (cell > 0).mean() < 0.2


@pytest.fixture
def drawn(monkeypatch):
    """Every text the painter draws: (text, cap height, colour)."""
    calls: list[tuple[str, int, tuple]] = []
    real = text_mod.sprite

    def spy(text, px, colour=style.TEXT):
        calls.append((text, px, tuple(colour)))
        return real(text, px, colour)

    monkeypatch.setattr(text_mod, "sprite", spy)
    return calls


def test_one_spelling_and_one_size_for_every_figure_on_a_board(drawn):
    # Figures that would each fit differently alone ('100%' is wide, '5%' narrow), some in
    # marked cells, on a flat board of 44-pixel cells.
    cells = [(0, 0), (0, 1), (1, 0), (1, 1), (2, 2)]
    texts = ["5%", "100%", "28%", "<1%", "7%"]
    figures = tuple(CellFigure(r, c, text, 0.3) for (r, c), text in zip(cells, texts))
    advice = Advice("demo", 3, 3, figures=figures,
                    marks=(CellMark(1, 1, MarkKind.KNOWN, "Pig"), CellMark(0, 1, MarkKind.UNREAD)))
    render_layer((200, 200), BoardGeometry.from_rect(20, 20, 44, 44, 3, 3), advice)
    shown = [(t, px) for t, px, colour in drawn if t not in ("Pig", "?")]
    assert len(shown) == 5
    assert len({px for _, px in shown}) == 1
    with_sign = [t.endswith("%") for t, _ in shown]
    assert all(with_sign) or not any(with_sign)


def test_figures_leave_the_middle_of_the_tile_in_view(drawn, jungle):
    cell = 80
    g = BoardGeometry.from_rect(0, 0, cell, cell, 5, 5)
    render_layer((400, 400), g, jungle)
    figures = {f.text for f in jungle.figures}
    sizes = [px for t, px, _ in drawn if t in figures]
    assert sizes and max(sizes) <= 0.3 * cell  # cap height: under a third of the tile


def test_a_deep_perspective_keeps_texts_in_proportion(drawn):
    # Through a strong perspective the near row's cells are three times the far row's:
    # texts shrink with their cells rather than all taking the far row's size.
    g = BoardGeometry.from_corners([(300, 50), (500, 50), (780, 600), (20, 600)], 4, 3)
    figures = tuple(CellFigure(r, c, "25%", 0.25) for r in range(4) for c in range(3))
    render_layer((800, 650), g, Advice("demo", 4, 3, figures=figures))
    sizes = [px for t, px, _ in drawn if t.startswith("25")]
    assert len(sizes) == 12 and max(sizes) > 1.5 * min(sizes)


def test_paint_module_doctest_still_holds():
    import doctest

    assert doctest.testmod(paint).failed == 0


DOUBTFUL = ("Row 1, column 4: Panda or Tiger? Panda: tap row 4, column 4. Tiger: tap row 1, "
            "column 5.")


def _advice_rows(panel: np.ndarray) -> int:
    """How many rows of the legend hold text in the advice line's colour."""
    advice = np.all(np.abs(panel[..., :3].astype(int) - style.ADVICE) < 8, axis=2)
    return int(advice.any(axis=1).sum())


def test_the_advice_stays_one_short_line_and_its_caveat_goes_under_it():
    """A status line led by an unsure cell's question: the picture's headline is the question
    alone (as many rows of its colour as with nothing after it), each answer's move under it
    in the warnings' colour; once it wrapped into three lines of headline."""
    alone = legend.legend_panel(Advice("disco-zoo", 5, 5, status=DOUBTFUL.split("? ")[0] + "?"),
                                720)
    both = legend.legend_panel(Advice("disco-zoo", 5, 5, status=DOUBTFUL), 720)
    assert _advice_rows(both) == _advice_rows(alone) > 0
    warning = np.all(np.abs(both[..., :3].astype(int) - style.WARNING) < 8, axis=2)
    assert warning.any(axis=1).sum() > 0


def test_the_advice_is_one_line_on_a_narrow_picture_too():
    """A phone's screenshot 300 pixels wide: the headline shrinks (down to the other text's
    size) to stay one line, instead of wrapping in two at the headline's size; where it fits,
    it keeps its larger size."""
    status = "Tap row 4, column 1 - 80% an animal"

    def runs(panel: np.ndarray) -> int:  # separate bands of rows in the advice's colour
        rows = np.all(np.abs(panel[..., :3].astype(int) - style.ADVICE) < 8, axis=2).any(axis=1)
        return int(np.sum(rows[1:] & ~rows[:-1]) + rows[0])

    narrow = legend.legend_panel(Advice("disco-zoo", 5, 5, status=status), 320)
    wide = legend.legend_panel(Advice("disco-zoo", 5, 5, status=status), 720)
    assert runs(narrow) == 1 and runs(wide) == 1
    assert _advice_rows(wide) > _advice_rows(narrow) > 0


@pytest.mark.gui
def test_the_strip_shows_the_caveat_on_a_line_of_its_own():
    import os

    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    pytest.importorskip("PySide6")
    from gridsight.overlay.window import OverlayWindow, ensure_app

    ensure_app()
    win = OverlayWindow((0, 0, 200, 100))
    win.update(BoardGeometry.from_rect(0, 0, 10, 10, 1, 1), Advice("disco-zoo", 1, 1), DOUBTFUL)
    assert win.status_lines() == [
        ("advice", "Row 1, column 4: Panda or Tiger?"),
        ("caveat", "Panda: tap row 4, column 4. Tiger: tap row 1, column 5.")]
    win.close()


@pytest.mark.parametrize("width", [260, 330, 420, 560])
def test_the_advice_wraps_between_phrases_never_between_a_cell_and_its_number(width):
    """A pentomino headline lists cells; on a narrow picture it must not strand a number on the
    next line ("... columns 2 and" / "3"): each line that breaks ends at a word a reader stops
    at, and no line starts with a number or with "and"."""
    advice = "Place U on row 1, columns 2 and 3; row 2, column 2; row 3, columns 2 and 3"
    lines = legend._wrap(advice, 12, width)
    assert " ".join(lines) == advice
    assert len(lines) > 1
    for line in lines[1:]:
        first = line.split()[0]
        assert not first[0].isdigit() and first not in ("and", "or"), lines
    assert all(not line.endswith((" and", " or", "column", "columns", "row")) for line in lines)


@pytest.mark.gui
def test_the_last_advice_while_thinking_goes_under_and_the_strip_keeps_its_width():
    """While the next board is worked out the status is "Thinking… (last: <the advice>)": on
    the advice line it widened the strip under a 360 px game to 744 px, and back to 360 px
    with the advice, at every board. The last advice now goes on the line under."""
    import os

    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    pytest.importorskip("PySide6")
    from gridsight.overlay.window import OverlayWindow, ensure_app

    ensure_app()
    win = OverlayWindow((0, 0, 360, 300))
    geometry = BoardGeometry.from_rect(25, 20, 260, 260, 5, 5)
    widths = []
    for status in ("Tap row 1, column 3 - 53% an animal",
                   "Preparing the solver (first run)… (last: Tap row 1, column 3 - 53% an "
                   "animal)"):
        win.update(geometry, Advice("disco-zoo", 5, 5), status)
        widths.append(win.strip_box.w)
    assert win.status_lines() == [("advice", "Preparing the solver (first run)…"),
                                  ("caveat", "Last: Tap row 1, column 3 - 53% an animal")]
    assert widths[0] == widths[1] == 360
    win.close()


MIRRORED = """\
region: Farm
animals: Pig
taps: 8
. . - . .
. . - . .
. . . . .
. . . . .
. . . . .
"""


def test_a_tap_as_good_as_the_advised_one_is_said_drawn_and_keyed():
    # The line named one tile as if it were the only best while its mirror image was worth
    # exactly as much (demo board 1: "Tap row 2, column 3 - 55% an animal", row 4, column 3
    # the same tap mirrored): the line says "or", the other tile gets a dashed square, the
    # picture's legend and the report's key name it, in the game's words.
    from gridsight.replay import legend_html

    advice = _advice("disco-zoo", MIRRORED)
    assert advice.status == "Tap row 4, column 2 or 4 - 33% an animal", advice.status
    assert advice.recommend == (Cell(3, 1),)
    assert [(m.row, m.col) for m in advice.marks if m.kind is MarkKind.ALSO] == [(3, 3)]
    assert "or tap here: as good" in _legend_words(advice)
    assert "or tap here: as good" in legend_html(advice)
    geometry = BoardGeometry.from_rect(0, 0, 60, 60, 5, 5)
    layer = render_layer((300, 300), geometry, advice)
    magenta = np.all(layer[..., :3] == style.RECOMMEND, axis=-1) & (layer[..., 3] > 0)
    assert magenta[170:250, 170:250].any() and magenta[170:250, 50:130].any()
    # no square on a tile that is not as good (the squares reach 6 px past their tiles)
    assert not magenta[:170, :].any() and not magenta[:, 250:].any()
    # Four as good (a Pig alone on a fresh board: the four turns of one tile): counted.
    fresh = _advice("disco-zoo", MIRRORED.replace("-", "."))
    assert fresh.status.endswith("(one of 4 equally good)"), fresh.status
    assert len([m for m in fresh.marks if m.kind is MarkKind.ALSO]) == 3


def test_a_thrill_digger_hole_as_good_as_the_advised_one_is_said_and_dashed():
    # A fresh beginner pit said "Dig row 1, column 1 - 20% a bomb" while its other three
    # corners were worth the same 47.90 rupees to come (its details: "from the next best
    # hole 47.90"): counted in the line, each dashed, named in the legend.
    advice = _advice("thrill-digger", "difficulty: beginner\n" + ". . . . .\n" * 4)
    assert advice.status == "Dig row 1, column 1 - 20% a bomb (one of 4 equally good)", (
        advice.status)
    also = sorted((m.row, m.col) for m in advice.marks if m.kind is MarkKind.ALSO)
    assert also == [(0, 4), (3, 0), (3, 4)], also
    assert "or dig here: as good" in _legend_words(advice)
    # a dug pit whose advised hole has no equal: nothing said
    one = _advice("thrill-digger", THRILL)
    assert "equally good" not in one.status and " or " not in one.status.split(" - ")[0]
