"""The correction panel speaks each game's language (offscreen Qt, grabbed and checked).

Its cells name what they hold by the game's words and show each open cell's chance as a heat
map; its chooser offers what a cell can hold by name and colour (every animal of a rescue, so
two rare animals are both choosable; rupee colours; walls and Link; piece letters); controls
that do not apply to a game are not there; cell buttons never overlap at the window's smallest.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from extras import require

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
require("PySide6")  # Qt (and the panel, which imports it) where the tests use it

from gridsight.live.loop import LiveLoop  # noqa: E402
from gridsight.live.manual import ManualBoard  # noqa: E402
from kit.scripted import screen, script_of  # noqa: E402
from kit.solving import EXACT  # noqa: E402
from gridsight.readers.find import load_game_pack  # noqa: E402
from gridsight.registry import all_specs  # noqa: E402
from gridsight.overlay.style import heat_colour  # noqa: E402
from gridsight.overlay.window import ensure_app  # noqa: E402
from gridsight.vision.capture import Frame, Rect  # noqa: E402

pytestmark = pytest.mark.gui
OPTIONS = EXACT  # (solved to the end: a cut search's answer changed with the machine's speed)
EXAMPLES = Path(__file__).resolve().parent.parent / "examples"

if TYPE_CHECKING:
    from PySide6.QtWidgets import QPushButton

    from gridsight.live.panel import Panel


def _manual_panel(game: str, text: str | None = None) -> Panel:
    from gridsight.live.panel import Panel

    ensure_app()
    board = ManualBoard.from_text(game, text) if text else ManualBoard.blank(game)
    loop = LiveLoop.for_manual(board, solve_options=OPTIONS)
    return Panel(loop, board.tokens())


def _chooser_buttons(panel: Panel, row: int, col: int) -> dict[str, QPushButton]:
    from PySide6.QtWidgets import QPushButton

    menu = panel.make_chooser(row, col)
    return {b.objectName()[len("choice:"):]: b for b in menu.findChildren(QPushButton)}


@pytest.fixture(scope="module")
def disco_read():
    """A Jungle rescue read off the screen: Gorilla (common), Panda and Tiger (both rare); the
    Panda's tile found at row 4, column 2."""
    from gridsight.live.panel import Panel

    ensure_app()
    script = script_of("disco-zoo")
    image = screen(script.render(3))
    loop = LiveLoop("disco-zoo", load_game_pack("disco-zoo", None), solve_options=OPTIONS)
    for _ in range(3):
        loop.step(Frame(image, Rect(0, 0, image.shape[1], image.shape[0]), 0.0))
    panel = Panel(loop, loop.pack.labels)
    yield loop, panel
    panel.close()


def test_two_rare_animals_are_both_choosable_by_name(disco_read):
    loop, panel = disco_read
    assert loop.view.state.grid[3][1] == "animal:rare"  # the pack sees only the rarity
    assert panel.believed()[3][1] == "Panda"  # the panel names the animal the board holds
    buttons = _chooser_buttons(panel, 3, 1)
    names = {value: b.text() for value, b in buttons.items()}
    assert names["animal:Panda"] == "Panda" and names["animal:Tiger"] == "Tiger"
    assert names["animal:Gorilla"] == "Gorilla" and "animal:rare" not in names
    assert names["ground"] == "not tapped" and names["empty"] == "tapped, no animal"
    # Choosing the Tiger makes it the Tiger on the board solved (the third animal).
    buttons["animal:Tiger"].click()
    assert loop.view.board.splitlines()[3 + 3].split()[1] == "3"
    assert panel.believed()[3][1] == "Tiger"
    _chooser_buttons(panel, 3, 1)["animal:Panda"].click()
    assert loop.view.board.splitlines()[3 + 3].split()[1] == "2"
    loop.undo()
    loop.undo()
    panel.show_view(loop.view)


def test_each_open_cell_shows_its_chance_as_a_heat_map(disco_read):
    from gridsight.live.panel import hex_of

    loop, panel = disco_read
    figures = {(f.row, f.col): f for f in loop.view.advice.figures}
    assert figures
    for (r, c), figure in figures.items():
        button = panel.cells[r][c]
        assert button.text() == figure.text
        assert f"background: {hex_of(heat_colour(figure.heat))}" in button.styleSheet()
        assert button.toolTip().startswith(f"row {r + 1}, column {c + 1}: not tapped")
        assert f"chance of an animal {figure.text}" in button.toolTip()
    assert panel.scale.isVisibleTo(panel) and "chance of an animal" in panel.scale.text()


def test_thrill_digger_offers_rupees_as_coloured_buttons():
    panel = _manual_panel("thrill-digger", (EXAMPLES / "thrill-digger-beginner.txt").read_text())
    buttons = _chooser_buttons(panel, 0, 0)
    words = panel.words
    for token, name in (("g", "green rupee"), ("b", "blue rupee"), ("r", "red rupee"),
                        ("s", "silver rupee"), ("y", "gold rupee")):
        assert buttons[token].text() == name
        assert f"background: {words.word(token).colour}" in buttons[token].styleSheet()
    assert buttons["*"].text() == "bomb" and buttons["x"].text() == "rupoor"
    buttons["r"].click()
    assert panel.loop.view.board.splitlines()[1].split()[0] == "r"
    assert panel.believed()[0][0] == "red"  # a red rupee, by the name a player sees
    assert "risk of a bomb" in panel.scale.text()
    panel.close()


@pytest.mark.parametrize("game, names", [
    ("tile-path", {"#": "wall", ".": "tile", "x": "crossed", "L": "Link", "S": "start",
                   "E": "end"}),
    ("pentomino", {"F": "piece F", "X": "piece X", "#": "outside the shape", ".": "empty"}),
])
def test_the_chooser_speaks_the_game(game, names):
    panel = _manual_panel(game)
    buttons = _chooser_buttons(panel, 0, 0)
    for value, name in names.items():
        assert buttons[value].text() == name
    panel.close()


def test_controls_that_do_not_apply_are_not_there(disco_read):
    from PySide6.QtWidgets import QComboBox, QSpinBox

    _, read_panel = disco_read
    assert read_panel.pause_box is not None  # an overlay is drawn: it can be paused
    tile = _manual_panel("tile-path")
    assert tile.counter_box is None and tile.objective_box is None and tile.pause_box is None
    assert not tile.findChildren(QSpinBox) and not tile.findChildren(QComboBox)
    zoo = _manual_panel("disco-zoo")
    assert zoo.counter_box is not None and zoo.objective_box is not None
    assert zoo.pause_box is None  # nothing drawn over a game to pause
    for panel in (tile, zoo):
        panel.close()


@pytest.mark.parametrize("spec", all_specs(), ids=lambda s: s.name)
def test_cell_buttons_never_overlap_at_the_smallest_window(spec):
    from PySide6.QtCore import QRect
    from PySide6.QtWidgets import QApplication

    from gridsight.live.panel import CELL_SIZE

    panel = _manual_panel(spec.name, spec.example)
    panel.resize(1, 1)  # as small as the window manager would let a player make it
    panel.show()
    QApplication.processEvents()
    assert panel.width() >= panel.minimumSizeHint().width()
    boxes = []
    for row in panel.cells:
        for button in row:
            rect = QRect(button.mapTo(panel, button.rect().topLeft()), button.size())
            assert rect.width() >= CELL_SIZE[0] and rect.height() >= CELL_SIZE[1]
            assert panel.rect().contains(rect)
            text = button.fontMetrics().horizontalAdvance(button.text())
            assert text <= rect.width() - 4, (button.text(), rect.width())
            boxes.append(rect)
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            assert not a.intersects(b), (a, b)
    # Nor does anything else cover them (the heat key, the controls, the wrapped status line),
    # and the status line has the height its wrapped text needs.
    others = [w for w in (panel.scale, panel.status, panel.undo_button, panel.reset_button)
              if w.isVisibleTo(panel)]
    for widget in others:
        rect = QRect(widget.mapTo(panel, widget.rect().topLeft()), widget.size())
        assert not any(rect.intersects(b) for b in boxes), widget
        assert panel.rect().contains(rect)
    assert panel.status.height() >= panel.status.heightForWidth(panel.status.width())
    panel.close()


def test_a_big_board_still_fits(tmp_path):
    from PySide6.QtCore import QRect
    from PySide6.QtWidgets import QApplication

    # 6 x 10 (the pentomino box) with long texts in every cell.
    panel = _manual_panel("pentomino", (EXAMPLES / "pentomino-6x10.txt").read_text())
    panel.resize(1, 1)
    panel.show()
    QApplication.processEvents()
    rects = [QRect(b.mapTo(panel, b.rect().topLeft()), b.size())
             for row in panel.cells for b in row]
    assert len(rects) == 60
    assert not any(a.intersects(b) for i, a in enumerate(rects) for b in rects[i + 1:])
    assert panel.grab().save(str(tmp_path / "panel.png"))
    panel.close()


def _wrapped_lines(label) -> list[str]:
    """The lines a word-wrapped ``label`` shows its text on, at its width."""
    from PySide6.QtGui import QTextLayout

    text = label.text()
    layout = QTextLayout(text, label.font())
    layout.beginLayout()
    lines = []
    while True:
        line = layout.createLine()
        if not line.isValid():
            break
        line.setLineWidth(label.contentsRect().width())
        lines.append(text[line.textStart():line.textStart() + line.textLength()])
    layout.endLayout()
    return lines


def test_the_panel_leads_with_the_advice_and_numbers_rows_the_players_way():
    from PySide6.QtWidgets import QApplication

    # The jungle example: row 4, column 3 certainly holds the Gorilla (not tapped yet).
    panel = _manual_panel("disco-zoo", (EXAMPLES / "disco-zoo-jungle.txt").read_text())
    advice = panel.loop.view.advice
    assert panel.advice_line.text() == advice.status == "Tap row 4, column 1 - 80% an animal"
    assert panel.why_line.text().replace("\u00a0", " ") == advice.why
    assert panel.why_line.isVisibleTo(panel)
    assert "rescue chances:" in panel.status.text()  # the details, under the board
    believed = panel.believed()
    assert believed[3][2] == "(Gorilla)" and believed[4][2] == "Gorilla"  # names, never codes
    assert believed[2][2] == "Panda"
    assert "(Gorilla) certainly Gorilla, not tapped yet" in panel.key.text()
    assert [label.text() for label in panel.row_numbers] == ["1", "2", "3", "4", "5"]
    panel.show()
    QApplication.processEvents()
    assert panel.advice_line.mapTo(panel, panel.advice_line.rect().topLeft()).y() < \
        panel.board.mapTo(panel, panel.board.rect().topLeft()).y()  # above the board
    # Another part may add a widget under the advice (a choice the advice depends on).
    from PySide6.QtWidgets import QLabel

    extra = QLabel("Panda or Tiger?")
    panel.add_extra(extra)
    assert extra.parent() is panel
    panel.close()
    # A pentomino level in its frame: rows counted from the first playable one.
    from gridsight.games.pentomino import SCREEN_EXAMPLE

    level = _manual_panel("pentomino", SCREEN_EXAMPLE)
    assert level.loop.view.advice.origin.row == 3
    assert [label.text() for label in level.row_numbers] == \
        ["", "", "", "1", "2", "3", "4", "5", "6", "", "", ""]
    # One short line first (the rows and columns the piece lies within), its cells under it.
    assert level.advice_line.text() == "Place U within rows 1-3, columns 2-3"
    assert level.why_line.text().startswith("U's cells: row\u00a01, columns\u00a02\u00a0and\u00a03")
    # Wrapped at any width, never between a cell's word and its number ("N's cells: ...; row
    # 6, column" / "10" in a 546 px panel on a 1366x768 screen).
    level.show()
    level.fit_room(300)  # narrowed to a small screen's room: the why on several lines
    wrapped = 0
    for width in range(level.minimumSizeHint().width(), 700, 13):
        level.resize(width, level.height())
        QApplication.processEvents()
        lines = _wrapped_lines(level.why_line)
        wrapped += len(lines) > 1
        assert not any(line.rstrip(" ,;").endswith(("row", "rows", "column", "columns", "and"))
                       for line in lines), lines
    assert wrapped > 5
    (cell,) = level.loop.view.advice.recommend
    assert level.cells[cell.row][cell.col].toolTip().startswith("row 1, column 3:")
    # While the next advice is worked out the rows keep their numbers (they were numbered
    # 1-12 from the frame's first row then, and the player's row 1 was called row 4).
    from dataclasses import replace

    level.show_view(replace(level.loop.view, advice=None, thinking=True, version=99))
    assert [label.text() for label in level.row_numbers] == \
        ["", "", "", "1", "2", "3", "4", "5", "6", "", "", ""]
    assert level.cells[cell.row][cell.col].toolTip().startswith("row 1, column 3:")
    level.close()


def test_a_found_tile_read_unsure_says_its_doubt_once_and_the_key_names_each_sign():
    """A found tile the screen does not tell ("Panda or Tiger?", marked unsure by the read)
    showed "Panda or Tiger? ?" (the mark's "?" after the name's); the key said what "\u2205"
    means but not "\u2013", the tapped tile with no animal beside it (session 41)."""
    from dataclasses import replace

    from gridsight.solvers.advice import CellMark, MarkKind

    text = (EXAMPLES / "disco-zoo-jungle.txt").read_text().replace(". . 2 . .", ". . 2/3 . .")
    panel = _manual_panel("disco-zoo", text)
    view = panel.loop.view
    unsure = CellMark(2, 2, MarkKind.UNSURE, "Panda or Tiger?")
    panel.show_view(replace(view, advice=replace(view.advice,
                                                 marks=(*view.advice.marks, unsure))))
    assert panel.believed()[2][2] == "Panda or\nTiger?"
    assert panel.believed()[1][3] == "\u2013" and panel.believed()[1][1] == "\u2205"
    key = panel.key.text()
    assert "\u2013 tapped, no animal \u00b7 " in key
    assert "\u2205 certainly no animal, not tapped yet" in key
    assert "Panda or Tiger? found, the screen does not tell which" in key
    # read as a rare animal's tile (as live reads it): the name in the rarity's colour, once
    grid = [list(row) for row in view.state.grid]
    grid[2][2] = "animal:rare"
    panel.show_view(replace(view, state=replace(view.state, grid=grid), advice=replace(
        view.advice, marks=(*view.advice.marks, unsure))))
    assert panel.believed()[2][2] == "Panda or\nTiger?"


def test_cells_are_as_wide_as_what_they_show_not_a_name_no_cell_shows():
    # Thrill Digger's "not dug" has no short form: its cell shows nothing (or its odds), yet
    # its name set every cell's width, and the 4x5 pit's panel needed 334 px, 14 more than
    # were free beside a 1280x720 game on a 1600x900 screen (it went over the game).
    panel = _manual_panel("thrill-digger")
    cell = panel.cells[0][0]
    metrics = cell.fontMetrics()
    shown = max(metrics.horizontalAdvance(t) for t in ("100%", "rupoor", "Bomb"))
    assert cell.minimumWidth() >= shown  # room for the widest it may show
    assert cell.minimumWidth() < metrics.horizontalAdvance("not dug") + 12
    panel.close()


@pytest.mark.parametrize("game, marks", [
    # A certain rupoor not dug: "(rupoor)" filled 49 of its cell's 52 px, and under the mark's
    # 2 px border it was cut.
    ("thrill-digger", (("KNOWN", "rupoor"),)),
    # Animals certain but not tapped, in a rescue's cells.
    ("disco-zoo", (("KNOWN", "Flying Squirrel"), ("KNOWN", "Tiddalik"), ("KNOWN", "Gorilla"))),
])
def test_every_text_a_cell_shows_fits_it_with_room_each_side(game, marks):
    from PySide6.QtGui import QFontMetrics
    from PySide6.QtWidgets import QApplication

    from gridsight.live.panel import CELL_MARGIN
    from gridsight.solvers.advice import CellMark, MarkKind

    panel = _manual_panel(game)
    panel.show()
    panel.resize(panel.minimumSizeHint())  # the panel at its narrowest: the cells' least
    QApplication.processEvents()
    blank = next(w for _, w in panel.choice_words() if not w.colour)
    button = panel.cells[0][0]
    for kind, label in marks:
        mark = CellMark(0, 0, MarkKind[kind], label)
        for recommended in (False, True):  # under a mark's border, and the advised cell's
            panel._show_cell(button, 0, 0, blank, None, mark, None, None, manual=False,
                             conflict=False, recommended=recommended, confidence=1.0)
            button.ensurePolished()
            border = 3 if recommended else 2
            metrics = QFontMetrics(button.font())
            assert label.split(" ")[0] in button.text()
            widest = max(metrics.horizontalAdvance(line) for line in button.text().split("\n"))
            assert widest + 2 * (border + CELL_MARGIN) <= button.width(), (label, widest)
            assert metrics.height() >= 8  # smaller, never too small to read
    # The game's own short words keep the cells' usual size: nothing else is made smaller.
    for _, word in panel.choice_words():
        if word.short:
            panel._show_cell(button, 0, 0, word, None, None, None, None, manual=False,
                             conflict=False, recommended=False, confidence=1.0)
            assert "font-size" not in button.styleSheet(), word.short
    panel.close()


def test_a_long_status_once_shown_leaves_no_gap_over_the_board_after_it():
    # The game's window minimised: "waiting: window ... is minimised or hidden; waiting for
    # it" took three lines; back, the one-line advice kept their height, a gap over the board,
    # and the panel stayed taller for good.
    from dataclasses import replace

    from PySide6.QtWidgets import QApplication

    from gridsight.registry import get_spec

    panel = _manual_panel("minesweeper", get_spec("minesweeper").example)
    panel.show()

    def settled() -> tuple[int, int]:
        for _ in range(6):
            QApplication.processEvents()
        return panel.advice_line.height(), panel.height()

    view = panel.loop.view
    line, high = settled()
    panel.show_view(replace(view, status="waiting: window 'Game minesweeper' is minimised or "
                                         "hidden; waiting for it " + "and longer " * 6))
    assert settled()[0] > line  # wrapped: more lines
    panel.show_view(view)
    assert settled() == (line, high)
    # A panel the player made taller stays so.
    panel.resize(panel.width(), high + 80)
    settled()
    panel.show_view(view)
    assert settled()[1] == high + 80
    panel.close()


def test_the_advice_s_why_follows_it_with_no_blank_line_at_any_width():
    # Each line's height was reserved for the panel's narrowest width (the advice on two
    # lines there): a wider panel showed its one-line advice, a blank line, then the why.
    from PySide6.QtWidgets import QApplication

    from gridsight.registry import get_spec

    panel = _manual_panel("disco-zoo", get_spec("disco-zoo").example)
    panel.show()
    metrics = panel.advice_line.fontMetrics()
    for width in (panel.minimumSizeHint().width(), 900):
        panel.resize(width, panel.height())
        for _ in range(6):
            QApplication.processEvents()
        advice, why = panel.advice_line, panel.why_line
        assert why.isVisible() and advice.text().startswith("Tap ")
        lines = -(-metrics.horizontalAdvance(advice.text()) // advice.contentsRect().width())
        assert advice.height() <= lines * metrics.lineSpacing() + 4, width
        assert why.y() - (advice.y() + advice.height()) <= 12  # the layout's spacing
    panel.close()


def test_every_colour_a_cell_may_show_has_its_text_in_the_ink_that_reads_best():
    # A green rupee's "1", pentomino's I and P, the heat map's reds: white text by a
    # brightness threshold, 2.7:1 on the greens (black: 7.4:1). Every game's cell colours,
    # the pieces' and the heat map's get the ink of the more contrast: 4.5:1 at least.
    from gridsight.games.spec import Words
    from gridsight.live.panel import contrast, hex_of, ink_for
    from gridsight.overlay.style import piece_colour

    colours = {hex_of(heat_colour(k / 20)) for k in range(21)}
    colours |= {hex_of(piece_colour(p)) for p in "FILNPTUVWXYZ"}
    for spec in all_specs():
        words = spec.words
        colours |= {w.colour for w in list(words.cells.values()) if w.colour}
        if spec.words.skin is not Words.skin:  # the game's own colours, its pack's
            colours |= set(words.skin(load_game_pack(spec.name, None)).values())
    assert len(colours) > 30
    for colour in colours:
        ink = ink_for(colour)
        other = "#ffffff" if ink == "#000000" else "#000000"
        assert contrast(colour, ink) >= max(4.5, contrast(colour, other)), (colour, ink)


def test_minesweepers_overlay_writes_on_a_cell_the_word_its_key_gives_that_cells_sign():
    """One vocabulary: the overlay wrote "safe" on a cell whose sign the panel's key called
    "no mine"."""
    from gridsight import api
    from gridsight.solvers.advice import MarkKind

    seen = set()
    safe = "mines: 2\n0 1 .\n1 2 .\n. . .\n"  # the corner cell is certainly safe
    for text in (safe, (EXAMPLES / "minesweeper-beginner.txt").read_text().replace("F", ".")):
        drawing = api.solve("minesweeper", text).drawing
        for mark in drawing.marks:
            if mark.kind in (MarkKind.SAFE, MarkKind.DANGER):
                seen.add(mark.kind)
                assert mark.label == drawing.legend.word(mark.kind.value, "")
    assert seen == {MarkKind.SAFE, MarkKind.DANGER}


def test_minesweepers_opened_cell_with_no_mine_around_is_blank_as_the_game_shows_it():
    # The game draws an opened cell with no mine around as a blank grey square; the panel
    # wrote "0" on it, a sign the player never sees in the game (s40live's look under Xvfb).
    panel = _manual_panel("minesweeper", (EXAMPLES / "minesweeper-beginner.txt").read_text())
    empty, one = panel.cells[0][0], panel.cells[0][2]  # the example's "0" and "1"
    assert empty.text() == "" and one.text() == "1"
    assert "no mine around" in empty.toolTip()
    assert "background: #d8d8d8" in empty.styleSheet()  # opened: not an unopened cell's look
    panel.close()


def test_minesweepers_flagged_certain_mine_shows_the_sign_its_key_lists():
    # A flagged certain mine showed "F" and a red border while the key said "✗ mine", a sign
    # no cell showed (s40user): the flag now shows "F ✗"; every sign in the key is on a cell.
    from gridsight.live.panel import MARK_SIGNS
    from gridsight.solvers.advice import MarkKind

    panel = _manual_panel("minesweeper", (EXAMPLES / "minesweeper-beginner.txt").read_text())
    flagged = panel.cells[0][3]  # the example's flag on a certain mine
    danger = MARK_SIGNS[MarkKind.DANGER]
    assert flagged.text() == f"F {danger}" and "mine" in flagged.toolTip()
    shown = {cell.text() for row in panel.cells for cell in row}
    for part in panel.key.text().split(" · "):
        if "</span>" in part:  # the advised cell's square: its border, not its text
            assert "\u25a1" in part and "open next" in part, part
            continue
        sign = part.split(" ")[0]
        assert any(sign in text for text in shown), (part, shown)
    assert f"{danger} mine" in panel.key.text()
    panel.close()
