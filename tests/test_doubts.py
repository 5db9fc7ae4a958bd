"""Never confidently wrong: a found tile read as "Panda or Tiger" whose animal changes the
advice is said in words (status line, JSON, picture, overlay) and offered in the panel.

Whether the advice changes is decided exactly (:mod:`gridsight.games.disco_zoo.doubts`): the
board is solved as each candidate, and the advised tap's exact worth there is compared with
the best tap's (a tie is no change). The worth of a tap is checked against the solver's own
value and against a brute force over the joint placements.
"""

from __future__ import annotations

import argparse
import json
import os
from fractions import Fraction
from itertools import product

import cv2
import numpy as np
import pytest

from gridsight.games.disco_zoo.doubts import rescue_doubts, tap_value, tile_readings
from gridsight.games.doubts import doubts_of
from gridsight.live.loop import LiveLoop
from gridsight.readers.base import ReadHints
from gridsight.readers.find import load_game_pack
from kit.skins import disco_zoo_real as real
from gridsight.solvers.boardtext import parse_boards
from gridsight.solvers.advice import MarkKind
from gridsight.solvers.cellnames import cell_name
from gridsight.solvers.disco_zoo.advise import advise
from gridsight.solvers.disco_zoo.board import UNTAPPED, parse_board
from gridsight.solvers.disco_zoo.catalogue import COLS, ROWS
from gridsight.solvers.disco_zoo.objective import Objective
from gridsight.solvers.disco_zoo.placements import joint_placements
from gridsight.solvers.limit import Limit
from gridsight.vision.capture import Frame, Rect

# The same screens are located more than once in this file (analyze, then the live loop):
# each picture's structural locate runs once (tests/conftest.py).
pytestmark = pytest.mark.usefixtures("located_once")

BOARD = """\
region: Jungle
animals: Gorilla, Panda, Tiger
taps: 5
. . . 2/3 .
. . . . .
. . . . .
. . . . .
. . . . .
"""


def _board(text: str):
    return parse_board(parse_boards(text)[0])


def test_an_unsure_tile_changes_the_advice_if_it_is_tiger_and_not_if_it_is_panda():
    board = _board(BOARD)
    best = advise(board, Objective("expected"), 1.0)
    assert best.recommend == (2, 3)
    readings = tile_readings(board, (0, 3), best.recommend, Objective("expected"))
    assert [(r.animal, r.same) for r in readings] == [("Panda", True), ("Tiger", False)]
    assert readings[1].tap == (0, 4)
    # Read as Tiger the board advises row 1, column 5, and row 3, column 4 is worth less there.
    tiger = _board(BOARD.replace("2/3", "3"))
    assert tap_value(tiger, Objective("expected"), 1.0, (2, 3)) < advise(tiger).value


def test_a_tap_worth_as_much_as_the_advised_one_is_no_change():
    """Horse and Cow: every turn and mirror of the board maps the rescue onto itself, so the
    advised tap's mirror image is worth exactly as much, and advising it instead would be no
    change; a corner is worth less."""
    board = _board("region: Farm\nanimals: Horse, Cow\ntaps: 4\n" + ". . . . .\n" * 5)
    goal = Objective("expected")
    best = advise(board, goal, None)
    r, c = best.recommend
    assert tap_value(board, goal, None, (c, r)) == best.value
    assert tap_value(board, goal, None, (4 - r, 4 - c)) == best.value
    assert tap_value(board, goal, None, (0, 0)) < best.value


def test_a_tap_not_proven_exact_within_the_limit_has_no_worth():
    """The doubts weigh exact values only: cut short (a limit of 100 search states), the
    advised tap has no worth (``None``, not a sum of estimates: the advice then counts as
    changed and the player is told to look); with no limit, its worth is exact. (Inexact
    outcomes summed into a worth: caught by nothing before.)"""
    board, goal = _board(BOARD), Objective("expected")
    assert tap_value(board, goal, None, (2, 3)) == Fraction(55, 48)
    assert tap_value(board, goal, None, (2, 3), Limit(states=100).start()) is None


def test_a_tile_the_board_rules_to_one_animal_is_no_doubt():
    """Read ``2/3`` (Panda or Tiger) beside a tapped empty tile only Tiger's pattern leaves
    room for: one reading, so no doubt is said, even against an advice that reading would
    not give (as a solve cut short may advise). (Single readings let through: a doubt of one
    option; caught by nothing before, equivalent while every solve is exact.)"""
    board, goal = _board(BOARD.replace(". . . 2/3 .", "2/3 - . . .")), Objective("expected")
    readings = tile_readings(board, (0, 0), (4, 4), goal, None)
    assert [(r.animal, r.same) for r in readings] == [("Tiger", False)]
    assert rescue_doubts(board, goal, None, (4, 4)) == ()
    assert rescue_doubts(board, goal, None, advise(board, goal, None).recommend) == ()


@pytest.mark.parametrize("seed", range(4))
def test_a_taps_worth_is_the_solvers_value_for_the_advised_tap_and_no_more_for_others(seed):
    rng = np.random.default_rng(seed)
    grid = [["."] * 5 for _ in range(5)]
    for k in rng.choice(25, size=4, replace=False):
        grid[k // 5][k % 5] = "-"
    text = BOARD.split(". . . 2/3")[0].replace("taps: 5", "taps: 3") + "\n".join(
        " ".join(row) for row in grid) + "\n"
    board = _board(text)
    best = advise(board, Objective("expected"), None)
    goal = Objective("expected")
    assert tap_value(board, goal, None, best.recommend) == best.value
    for r, c in [(1, 1), (2, 2), (4, 0)]:
        if board.grid[r][c] == UNTAPPED:
            assert tap_value(board, goal, None, (r, c)) <= best.value


def test_a_taps_worth_with_one_tap_left_matches_a_brute_force_over_the_placements():
    """One tap left: an animal is rescued when all its tiles are tapped, so tapping T is worth
    the mean, over every joint placement, of the animals complete after it."""
    text = """\
region: Farm
animals: Horse, Cow
taps: 1
- . . . -
. 1 . . .
. 1 - . .
. 2 2 . .
. . . . -
"""
    board = _board(text)
    joint = joint_placements(board)
    placements = [tuple(joint.candidates[k][joint.index[i, k]] for k in range(2))
                  for i in range(joint.count)]
    tapped = board.tapped
    for r, c in product(range(ROWS), range(COLS)):
        if board.grid[r][c] != UNTAPPED:
            continue
        bit = 1 << (r * COLS + c)
        brute = Fraction(sum(sum(mask & ~(tapped | bit) == 0 for mask in masks)
                             for masks in placements), len(placements))
        assert tap_value(board, Objective("expected"), None, (r, c)) == brute, (r, c)


# -- said in words, offered in one click ----------------------------------------------------


def _doubtful_screen(seed: int = 0) -> np.ndarray:
    """A real-look Jungle screen (Gorilla, Panda, Tiger; 5 attempts) with a Panda found at
    row 1, column 4 whose sprite is painted over, and the cards hidden under the ground's
    colour below the title bar (a banner over them): their filled boxes would tell Panda from
    Tiger, so with them hidden nothing on screen does."""
    cells = [["ground"] * 5 for _ in range(5)]
    cells[0][3] = "animal:Panda"
    for r, c in ((3, 2), (4, 1), (4, 3), (4, 4)):
        cells[r][c] = "empty"
    animals = [("Gorilla", "common"), ("Panda", "rare"), ("Tiger", "rare")]
    shot = real.render(cells, animals=animals, attempts=5, region="Jungle", seed=seed)
    look = shot.extras["look"]
    x0, y0, s = look.board_x + 3 * look.cell, look.board_y, look.cell
    tile = shot.image[y0 : y0 + s, x0 : x0 + s]
    tile[s // 6 : s - s // 6, s // 6 : s - s // 6] = look.rarity_color("rare")
    art = real.sprite_art("Yeti", look.art_seed)
    block = max(2, (s * 2 // 3) // art.shape[0])
    real.draw_art(tile, art, (s - art.shape[0] * block) // 2, (s - art.shape[0] * block) // 2,
                  block)
    shot.image[look.bar_top + look.bar_height:look.board_y - 2, :] = look.background
    return cv2.resize(shot.image, None, fx=2, fy=2, interpolation=cv2.INTER_NEAREST)


DOUBT_BOARD = """\
region: Jungle
animals: Gorilla, Panda, Tiger
taps: 5
. . . 2/3 .
. . . . .
. . . . .
. . - . .
. - . - -
"""


def _expected_doubt() -> tuple:
    board = _board(DOUBT_BOARD)
    best = advise(board, Objective("expected"), 1.0)
    readings = tile_readings(board, (0, 3), best.recommend, Objective("expected"))
    return best.recommend, [r for r in readings if not r.same]


def test_analyze_says_which_reading_changes_the_advice(tmp_path, run_cli):
    """The line the eye finds first (the terminal's first line, the JSON's status) leads with
    the question and gives each answer's move; it never starts with a confident "Tap" (it
    did: "Tap row 4, column 4 - 65% an animal (but row 1, column 4: Panda or Tiger? ...")."""
    recommend, changes = _expected_doubt()
    assert changes, "the test board must have a doubt that matters"
    path = tmp_path / "doubt.png"
    cv2.imwrite(str(path), _doubtful_screen())
    code, out, err = run_cli("analyze", str(path), "--animals", "Gorilla,Panda,Tiger",
                             "--out", str(tmp_path / "out"), "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["board"].splitlines()[3:] == DOUBT_BOARD.splitlines()[3:]
    (doubt,) = data["doubts"]
    assert (doubt["row"], doubt["col"], doubt["one_of"]) == (0, 3, ["Panda", "Tiger"])
    assert [c["animal"] for c in doubt["changes_if"]] == [r.animal for r in changes]
    assert (doubt["advised"]["row"], doubt["advised"]["col"]) == recommend
    (kept,) = {"Panda", "Tiger"} - {changes[0].animal}
    moves = {kept: recommend, changes[0].animal: changes[0].tap}
    words = "row 1, column 4: Panda or Tiger? " + " ".join(
        f"{name}: tap {cell_name(*moves[name])}." for name in (kept, changes[0].animal))
    assert doubt["words"] == words
    assert data["status"] == words[:1].upper() + words[1:]
    code, out, err = run_cli("analyze", str(path), "--animals", "Gorilla,Panda,Tiger",
                             "--out", str(tmp_path / "out"))
    assert f"caution: {words}" in out.replace("\n  ", " ")
    first = " ".join(line.strip() for line in out.splitlines()[1:3])
    assert first.startswith(f"Row 1, column 4: Panda or Tiger? {kept}: tap "), out


@pytest.mark.gui
def test_live_says_the_doubt_and_the_panel_settles_it_in_one_click():
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    pytest.importorskip("PySide6")
    from gridsight.live.panel import Panel
    from gridsight.overlay.window import ensure_app

    ensure_app()

    recommend, changes = _expected_doubt()
    image = _doubtful_screen()
    loop = LiveLoop("disco-zoo", load_game_pack("disco-zoo", None),
                    solve_options=argparse.Namespace(budget=1.0, time_limit=10.0),
                    hints=ReadHints(animals=("Gorilla", "Panda", "Tiger")))
    frame = Frame(image, Rect(0, 0, image.shape[1], image.shape[0]), 0.0)
    for _ in range(2):
        view = loop.step(frame)
    (doubt,) = view.doubts
    assert doubt.cell == (0, 3) and view.status.startswith("Row 1, column 4: Panda or Tiger? ")
    # the tile is outlined on the game as in the picture, by what it may be
    assert [(m.row, m.col, m.label) for m in view.advice.marks if m.kind is MarkKind.UNSURE] \
        == [(0, 3, "Panda or Tiger?")]
    panel = Panel(loop, loop.pack.labels)
    panel.show()
    app = ensure_app()
    app.processEvents()
    assert panel.doubts.isVisibleTo(panel)
    names = [b.text() for b in panel.doubts.buttons]
    assert names == ["Panda", "Tiger"]
    # The advice alone in the large line, the doubt in words right under it, nothing drawn
    # over anything (the wrapped words once squeezed the board's last row under the key).
    # The question in the large line (as the picture's and the strip's), each answer's move
    # right under it with the buttons.
    assert panel.advice_line.text() == "Row 1, column 4: Panda or Tiger?"
    assert [w.text() for w in panel.doubts.lines] == [doubt.answers()]
    # Each answer's tap in the magenta border with its answer over its chance (s44doubt).
    (kept,) = {"Panda", "Tiger"} - {changes[0].animal}
    for label, (r, c) in ((f"if {kept}", recommend), (f"if {changes[0].animal}", changes[0].tap)):
        assert panel.cells[r][c].text().split("\n")[0] == label
        assert "solid #ff00ff" in panel.cells[r][c].styleSheet().lower()
    assert view.why == "" and not panel.why_line.isVisibleTo(panel)
    assert view.status == f"{panel.advice_line.text()} {doubt.answers()}"
    # The key names the sign the cell shows.
    assert "Panda or Tiger? found, the screen does not tell which" in panel.key.text()
    _nothing_over_anything(panel)
    it = changes[0].animal
    panel.doubts.buttons[names.index(it)].click()  # one click: the tile is that animal
    after = loop.view
    assert after.doubts == () and not panel.doubts.isVisibleTo(panel)
    app.processEvents()
    _nothing_over_anything(panel)
    assert panel.height() <= panel.sizeHint().height()  # no gap where the doubt bar was
    assert after.board.splitlines()[3].split()[3] == str(["Panda", "Tiger"].index(it) + 2)
    assert (after.advice.recommend[0].row, after.advice.recommend[0].col) == changes[0].tap
    # A count chosen in the doubt bar (the attempts read unsure) is read with, until a new game.
    read = after.board.splitlines()[2]
    panel.choose_hint("taps", 3)
    assert loop.view.board.splitlines()[2] == "taps: 3" != read
    assert any("taps set by hand: 3 (until a new game)" in d for d in loop.view.details)
    loop.reset()
    assert not any("set by hand" in d for d in loop.step(frame).details)


def _nothing_over_anything(panel) -> None:
    """The panel's rows (advice, doubts, why, board, key, controls, details) are stacked: no
    shown one reaches into the next, and the board's last row of cells ends inside it."""
    layout = panel.layout()
    boxes = []
    for k in range(layout.count()):
        item = layout.itemAt(k)
        widget = item.widget()
        if widget is not None and widget.isVisibleTo(panel):
            boxes.append((widget.objectName() or type(widget).__name__, widget.geometry()))
    for (a, upper), (b, lower) in zip(boxes, boxes[1:]):
        assert upper.bottom() < lower.top(), f"{a} {upper.getRect()} runs into {b} " \
            f"{lower.getRect()}"
    last = panel.cells[-1][0]
    bottom = last.mapTo(panel, last.rect().bottomLeft()).y()
    assert bottom <= panel.board.geometry().bottom(), "the last row of cells leaves the board"


# -- the attempts counter read unsure between counts (taps: 18/10) ---------------------------

UNSURE_TAPS = """\
region: Jungle
animals: Gorilla, Panda, Tiger
taps: {taps}
. . . . .
. . . - .
. . 2 . .
. . . . .
. . 1 . .
"""


def test_a_count_read_unsure_is_kept_in_the_board_and_its_text():
    board = _board(UNSURE_TAPS.format(taps="18/10/18"))
    assert (board.taps, board.taps_may_be) == (18, (10,))
    from gridsight.solvers.disco_zoo.board import format_board
    assert "taps: 18/10\n" in format_board(board)
    # more taps than untapped tiles count as the untapped tiles: 25 and 22 are one count
    assert _board(UNSURE_TAPS.format(taps="25/22")).taps_may_be == ()
    with pytest.raises(Exception, match="'taps'"):
        _board(UNSURE_TAPS.format(taps="18/"))


def test_an_unsure_count_that_changes_the_advice_is_said_with_the_tap_then(run_cli, tmp_path):
    """1 tap left: no tap can rescue another animal; 6: tap row 4, column 1. The status line,
    the text and the JSON say both, the count taken never stated alone."""
    path = tmp_path / "board.txt"
    path.write_text(UNSURE_TAPS.format(taps="1/6"))
    code, out, err = run_cli("solve", "disco-zoo", str(path), "--json")
    assert code == 0, err
    data = json.loads(out)
    (doubt,) = data["doubts"]
    assert (doubt["about"], doubt["row"], doubt["one_of"]) == ("taps", None, ["1", "6"])
    assert doubt["changes_if"] == [{"animal": "6", "then": {"row": 3, "col": 0}}]
    assert data["taps"] == 1 and data["taps_may_be"] == [6]
    words = ("attempts: 1 or 6? 1 attempt: no tap can rescue another animal. 6 attempts: tap "
             "row 4, column 1.")
    code, out, err = run_cli("solve", "disco-zoo", str(path))
    assert f"caution: {words}" in out.replace("\n  ", " ") and "1 (or 6?) taps left" in out
    # The headline, the line the eye finds first, leads with the doubt (before: only the
    # caution line at the report's end did, the first line advised as if the count were
    # sure; then the first line said the advice and the doubt after it, in brackets).
    first = " ".join(line.strip() for line in out.splitlines()[:2])
    assert first.startswith("Attempts: 1 or 6? 1 attempt: no tap can rescue another animal.")
    from gridsight.games.disco_zoo.adapter import GAME

    status = GAME.solve(parse_boards(path.read_text())[0]).advice.status
    assert status == "A" + words[1:]  # the status line: the CLI, picture, overlay


def test_an_unsure_count_that_does_not_change_the_advice_says_so_in_one_short_line():
    from gridsight.games.disco_zoo.adapter import GAME
    from overlay.caveat import advice_and_caveat

    solution = GAME.solve(parse_boards(UNSURE_TAPS.format(taps="9/8"))[0])
    (doubt,) = doubts_of(solution.json)
    assert doubt.about == "taps" and doubt.changes == ()
    line = "attempts unsure: 9 or 8; the advice is the same"
    assert doubt.words() == line
    assert advice_and_caveat(solution.advice.status)[1] == line[:1].upper() + line[1:]
    assert "9 (or 8?) taps left" in solution.text


def test_an_unsure_tile_that_does_not_change_the_advice_is_said_after_it_in_a_few_words():
    """Gorilla found at row 1, column 1: row 1, column 3 is certainly Gorilla whether the
    unsure tile is Panda or Tiger. The advice is said, the unsure tile after it in brackets
    (before, nothing but the board's "2/3" said it), and the picture's and the strip's split
    keeps the advice alone on its line."""
    from gridsight.games.disco_zoo.adapter import GAME
    from overlay.caveat import advice_and_caveat

    board = DOUBT_BOARD.replace(". . . 2/3 .", "1 . . 2/3 .")
    solution = GAME.solve(parse_boards(board)[0])
    (doubt,) = doubts_of(solution.json)
    assert (doubt.cell, doubt.options, doubt.changes) == ((0, 3), ("Panda", "Tiger"), ())
    said = "row 1, column 4 unsure: Panda or Tiger; the advice is the same"
    advice = "Tap row 1, column 3 - certainly Gorilla"
    assert solution.advice.status == f"{advice} ({said})"
    assert solution.text.splitlines()[0] == solution.advice.status
    assert f"caution: {said}" in solution.text
    assert advice_and_caveat(solution.advice.status) == (advice, said[:1].upper() + said[1:])


@pytest.mark.gui
def test_the_doubt_bar_offers_the_counts_and_a_click_reads_with_the_one_picked():
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    pytest.importorskip("PySide6")
    from gridsight.games.doubts import Doubt
    from gridsight.live.doubt_bar import DoubtBar
    from gridsight.overlay.window import ensure_app

    ensure_app()
    chosen = []
    bar = DoubtBar(lambda *a: chosen.append(("cell", *a)), lambda *a: chosen.append(a))
    bar.show_doubts([Doubt(None, ("18", "10"), (("10", (1, 3)),), about="taps")])
    assert [w.text() for w in bar.lines] == ["Attempts: 18 or 10? 10 attempts: tap row 2, column 4."]
    assert [b.text() for b in bar.buttons] == ["18", "10"]
    from PySide6.QtWidgets import QLabel
    assert "Attempts left:" in [label.text() for label in bar.findChildren(QLabel)]
    bar.buttons[1].click()
    assert chosen == [("taps", 10)]


# -- each answer's move drawn with its answer, none said as the move (s44doubt) --------------


def _solved_doubt():
    """The DOUBT_BOARD solved: its advice (led by the question) and the doubt."""
    from gridsight.registry import get_game

    game = get_game("disco-zoo")
    solution = game.solve(parse_boards(DOUBT_BOARD)[0], game.options_type())
    (doubt,) = doubts_of(solution.json)
    return solution, doubt


def test_each_answers_tap_is_marked_by_its_answer_and_no_why_is_said():
    """The magenta square marked the first answer's tap alone (Panda's), with "tap here next"
    in the key and a why under the question that explained Panda's tap only: now each
    answer's tap is recommended and labelled by its answer, and the why is gone."""
    recommend, changes = _expected_doubt()
    solution, doubt = _solved_doubt()
    advice = solution.advice
    (kept,) = {"Panda", "Tiger"} - {changes[0].animal}
    moves = [(f"if {kept}", recommend), (f"if {changes[0].animal}", changes[0].tap)]
    assert [(c.row, c.col) for c in advice.recommend] == [m for _, m in moves]
    assert [(m.label, (m.row, m.col)) for m in advice.marks if m.kind is MarkKind.CHOICE] \
        == moves
    assert advice.why == ""
    # The text report: no "Why not ..." line, no "[ ]" on one answer's tile, the value kept.
    assert "Why not" not in solution.text and "[" not in solution.text
    assert "expected animals rescued" in solution.text
    from gridsight.overlay.legend import legend_entries

    words = [e.words for e in legend_entries(advice)]
    assert words[:2] == [f"tap here {label}" for label, _ in moves]
    assert "tap here next" not in words


def test_each_answers_tap_is_drawn_with_the_moves_magenta_square():
    """Both answers' tiles carry the magenta square on the picture (it was on one)."""
    from gridsight.overlay import style
    from gridsight.overlay.paint import render_layer
    from gridsight.vision.geometry import BoardGeometry

    solution, _ = _solved_doubt()
    geometry = BoardGeometry.from_rect(20, 20, 60, 60, rows=ROWS, cols=COLS)
    layer = render_layer((340, 340), geometry, solution.advice)
    magenta = np.all(layer[..., :3] == style.RECOMMEND, axis=2) & (layer[..., 3] == 255)
    boxed = set()
    for r in range(ROWS):
        for c in range(COLS):
            x, y = 20 + 60 * c, 20 + 60 * r  # magenta across each of its four edges
            sides = (magenta[y - 8 : y + 1, x + 30], magenta[y + 59 : y + 68, x + 30],
                     magenta[y + 30, x - 8 : x + 1], magenta[y + 30, x + 59 : x + 68])
            if all(side.any() for side in sides):
                boxed.add((r, c))
    assert boxed == {(c.row, c.col) for c in solution.advice.recommend}
    assert len(boxed) == 2


def test_a_tap_one_answer_called_for_is_followed_in_the_replay_report():
    """The report counted the other answer's tap as "did otherwise"."""
    import html as html_mod

    from gridsight.log import LogRecord, utc_now
    from gridsight import replay
    from gridsight.solvers.advice import Cell

    _, changes = _expected_doubt()
    solution, _ = _solved_doubt()
    tap = Cell(*changes[0].tap)
    record = LogRecord(step=1, time=utc_now(), game="disco-zoo", board=DOUBT_BOARD,
                       advice=solution.advice, move=tap)
    assert replay.followed(record) is True
    page = replay.render_html(_contents((record,)), replay.summarise((record,)), None)
    text = html_mod.unescape(page)
    assert f"followed the advice (its tap if {changes[0].animal})" in text
    assert "did otherwise</span>." not in text


def _contents(records):
    from pathlib import Path

    from gridsight.log import LogContents

    return LogContents(Path("demo.jsonl"), records)


def test_unread_tiles_that_would_change_the_advice_are_said_before_it():
    """"(but unread row 2, column 3 may change this)" came after a confident tap: the look
    now leads, the strip and the picture's legend show it as the line found first."""
    from gridsight.overlay.caveat import advice_and_caveat
    from gridsight.screenshots import look_first

    status = look_first("Tap row 4, column 4 - 65% an animal", "row 2, column 3")
    assert status.startswith("Look at row 2, column 3 first: ")
    assert status.endswith("Then tap row 4, column 4 - 65% an animal")
    head, rest = advice_and_caveat(status)
    assert head == "Look at row 2, column 3 first"
    assert rest == "It was not read and may change the advice. Then tap row 4, column 4 - " \
        "65% an animal"
    # a line led by a doubt's question keeps it first
    question = "Row 1, column 4: Panda or Tiger? Panda: tap row 4, column 4."
    assert look_first(question, "row 2, column 3").startswith(question)


def test_a_counts_answer_on_its_move_is_one_short_line_over_the_chance():
    """"if 6 attempts" went on two small lines over the chance (three lines) on a 70 px
    tile; the move's cell says "if 6 left" (the game's counter: "Attempts left"), the key and
    the line the answer in full."""
    from gridsight.overlay.legend import legend_entries
    from gridsight.overlay.paint import render_layer
    from gridsight.registry import get_game
    from gridsight.vision.geometry import BoardGeometry

    game = get_game("disco-zoo")
    solution = game.solve(parse_boards(UNSURE_TAPS.format(taps="1/6"))[0], game.options_type())
    advice = solution.advice
    (choice,) = [m for m in advice.marks if m.kind is MarkKind.CHOICE]
    assert (choice.label, choice.row, choice.col) == ("if 6 left", 3, 0)
    assert "6 attempts: tap row 4, column 1." in advice.status
    assert "tap here if 6 left" in [e.words for e in legend_entries(advice)]
    layer = render_layer((400, 400), BoardGeometry.from_rect(20, 20, 70, 70, ROWS, COLS), advice)
    x0, y0 = 20, 20 + 3 * 70  # the move's tile, row 4, column 1
    tile = layer[y0 + 5 : y0 + 65, x0 + 5 : x0 + 65]
    white = (np.all(tile[..., :3] == 255, axis=2) & (tile[..., 3] == 255)).any(axis=1)
    lines = int(np.count_nonzero(white[1:] & ~white[:-1])) + int(white[0])
    assert lines == 2, lines  # the label on one line, the chance under it
