"""``gridsight replay``: the summary, the HTML report and --check, on logs made by a real solver."""

from __future__ import annotations

import base64
import re
from dataclasses import replace

import cv2
import numpy as np
import pytest

from gridsight import replay
from gridsight.log import LogRecord, RecommendationLog, read_log, utc_now
from gridsight.overlay.paint import paint_advice
from gridsight.solvers.advice import Advice, Cell
from gridsight.solvers.boardtext import parse_boards
from gridsight.vision.geometry import BoardGeometry

FRAME_COLOUR = (40, 90, 60)
GEOMETRY = BoardGeometry.from_rect(60, 60, 40, 40, 5, 8)


BOARD_PICTURE = r'the board with its advice" src="data:image/png;base64,([A-Za-z0-9+/=]+)"'


@pytest.fixture
def thrill_digger():
    from gridsight.registry import get_game

    return get_game("thrill-digger")


def _session(tmp_path, game, *, frames=False, name="s.jsonl", tamper_step=None):
    """Four steps of expert Thrill Digger, solved for real; the player ignores step 3's advice."""
    options = game.options_type()
    grid = [["."] * 8 for _ in range(5)]
    dug = iter("gbrg")
    path = tmp_path / name
    log = RecommendationLog(path, save_frames=frames)
    for step in range(1, 5):
        text = "difficulty: expert\n" + "\n".join(" ".join(r) for r in grid)
        solution = game.solve(parse_boards(text)[0], options)
        advice = solution.advice
        if step == tamper_step:  # an older solver that advised another hole
            advice = replace(advice, recommend=(Cell(4, 7),))
        frame = np.full((340, 460, 3), FRAME_COLOUR, np.uint8)
        log.append(LogRecord(step=step, time=utc_now(), game="thrill-digger", board=text,
                             advice=advice, solution=solution.json, geometry=GEOMETRY), frame)
        move = advice.recommend[0] if step != 3 else Cell(4, 6)
        log.record_move(step, move)
        grid[move.row][move.col] = next(dug)
    return path


def test_the_summary_counts_steps_moves_and_followed_advice(tmp_path, run_cli, thrill_digger):
    path = _session(tmp_path, thrill_digger)
    code, out, err = run_cli("replay", str(path))
    assert code == 0, err
    assert err == ""
    assert "steps: 4 (" in out
    assert "game: thrill-digger" in out
    assert "moves seen: 4; followed the advice: 3 of 4 (75%)" in out
    # Three dug before the last board: green 1 + blue 5 + red 20.
    assert "rupees dug (on the last board): +26" in out


def test_check_finds_the_steps_whose_advice_differs_today(tmp_path, run_cli, thrill_digger):
    same = _session(tmp_path, thrill_digger, name="same.jsonl")
    code, out, _ = run_cli("replay", str(same), "--check")
    assert code == 0
    assert "today's solver gives the same advice at all 4 steps" in out
    old = _session(tmp_path, thrill_digger, name="old.jsonl", tamper_step=2)
    code, out, _ = run_cli("replay", str(old), "--check")
    assert "today's solver differs on 1 of 4 steps:" in out
    line = next(x for x in out.splitlines() if x.strip().startswith("step 2:"))
    assert "logged row 5, column 8; today row " in line


def test_advice_offering_a_choice_agrees_with_one_of_its_cells(tmp_path, thrill_digger):
    """A logged advice of two cells (a choice: either step of a walk, tied holes) agrees with
    today's advice of one of them, and today's of two with a logged one of them; advice with
    no cell in common, or one advising nothing, still differs."""
    records = read_log(_session(tmp_path, thrill_digger)).records
    today = replay.check(records)
    assert today == []
    first = records[0]
    chosen = first.advice.recommend[0]
    other = Cell(0, 0) if chosen != Cell(0, 0) else Cell(0, 1)
    wider = replace(first, advice=replace(first.advice, recommend=(chosen, other)))
    assert replay.check((wider,)) == []
    elsewhere = replace(first, advice=replace(first.advice, recommend=(other,)))
    assert [r.step for r in replay.check((elsewhere,))] == [first.step]
    nothing = replace(first, advice=replace(first.advice, recommend=()))
    assert [r.step for r in replay.check((nothing,))] == [first.step]


def test_check_reports_unknown_games_and_refused_boards(tmp_path, thrill_digger):
    advice = Advice("thrill-digger", 5, 8, recommend=(Cell(0, 0),))
    records = (
        LogRecord(step=1, time=utc_now(), game="no-such-game", board=". .", advice=advice),
        LogRecord(step=2, time=utc_now(), game="thrill-digger", board="difficulty: expert\n. Q", advice=advice),
    )
    results = replay.check(records)
    assert [r.step for r in results] == [1, 2]
    assert "unknown game 'no-such-game'" in results[0].describe()
    assert "the board is refused" in results[1].describe()


def _images(page: str) -> list[np.ndarray]:
    out = []
    for data in re.findall(BOARD_PICTURE, page):
        out.append(cv2.imdecode(np.frombuffer(base64.b64decode(data), np.uint8), cv2.IMREAD_COLOR))
    return out


def test_the_html_report_is_self_contained_with_a_picture_per_step(tmp_path, run_cli, thrill_digger):
    path = _session(tmp_path, thrill_digger)
    out_file = tmp_path / "report.html"
    code, out, err = run_cli("replay", str(path), "--html", str(out_file), "--check")
    assert code == 0, err
    assert f"report: {out_file}" in out
    page = out_file.read_text()
    assert page.startswith("<!DOCTYPE html>")
    assert not re.search(r'(src|href)="(?!data:|#)', page)  # nothing fetched from elsewhere
    images = _images(page)
    assert len(images) == 4 and all(img is not None for img in images)
    assert page.count('class="step"') == 4
    assert page.count(">did otherwise</span>.") == 1
    assert page.count(">followed the advice</span>.") == 3
    # That step's link is red, the others green, and a key says what the colours mean.
    links = re.findall(r'<a href="#step-\d+" class="(\w+)">', page)
    assert sorted(links) == ["no", "yes", "yes", "yes"]
    assert '<span class="no">did otherwise, or today\'s solver differs</span>' in page
    assert "followed the advice: 3 of 4 (75%)" in page
    assert "gives the same advice at every step" in page
    # No frames were saved: each picture is a schematic with the recommended cell outlined.
    for img in images:
        assert np.all(img == (255, 0, 255), axis=2).sum() > 50


def test_saved_frames_are_pictured_with_the_advice_painted_on_them(tmp_path, thrill_digger):
    path = _session(tmp_path, thrill_digger, frames=True)
    contents = read_log(path)
    record = contents.records[0]
    assert record.frame and contents.frame_path(record).exists()
    pic = replay.picture(contents, record)
    frame = cv2.imread(str(contents.frame_path(record)))
    painted = paint_advice(frame, GEOMETRY, record.advice, legend=False)
    # The frame with the advice painted on it, and a margin for the row and column numbers
    # where the board comes near the picture's edge (its legend is the report's text).
    dy, dx = pic.shape[0] - frame.shape[0], pic.shape[1] - frame.shape[1]
    assert 0 <= dy < 60 and 0 <= dx < 60
    magenta = lambda img: np.all(img == (255, 0, 255), axis=2)  # noqa: E731
    assert magenta(painted).sum() > 50
    assert np.array_equal(magenta(pic)[dy:, dx:], magenta(painted))
    assert tuple(pic[-5, -5]) == FRAME_COLOUR  # the frame itself, outside the board
    # Without the frame file, the schematic is drawn instead of failing, and the step says why.
    contents.frame_path(record).unlink()
    shown = replay.step_picture(contents, record)
    assert shown.image.shape != pic.shape
    assert f"frame {record.frame} is missing" in shown.note


def test_a_torn_line_is_skipped_with_a_warning_and_the_rest_is_replayed(tmp_path, run_cli, thrill_digger):
    path = _session(tmp_path, thrill_digger)
    with open(path, "a") as f:
        f.write('{"type": "advice", "step": 5, "ti')  # killed while writing
    code, out, err = run_cli("replay", str(path))
    assert code == 0
    assert "steps: 4 (" in out and "skipped lines: 1" in out
    assert "line 9: torn line skipped" in err


def test_missing_or_empty_logs(tmp_path, run_cli):
    code, out, err = run_cli("replay", str(tmp_path / "nope.jsonl"))
    assert code == 2 and out == ""
    assert err.strip().count("\n") == 0 and "no such log file" in err
    empty = tmp_path / "empty.jsonl"
    empty.write_text("")
    code, out, err = run_cli("replay", str(empty), "--html", str(tmp_path / "e.html"))
    assert code == 2 and out == ""
    assert err == f"gridsight: {empty}: no valid record (the log is empty)\n"
    assert not (tmp_path / "e.html").exists()


def test_the_schematic_shows_the_board_tokens_and_the_advice():
    advice = Advice("demo", 2, 3, recommend=(Cell(1, 2),))
    rec = LogRecord(step=1, time=utc_now(), game="demo", board="g . .\n. . .", advice=advice)
    plain = LogRecord(step=1, time=utc_now(), game="demo", board=". . .\n. . .", advice=advice)
    a, b = replay.schematic(rec), replay.schematic(plain)
    assert a.shape == b.shape
    diff = np.any(a != b, axis=2)
    ys, xs = np.nonzero(diff)
    # Only the dug cell (0, 0) differs: its shade and its token.
    cell = int(np.clip(560 // 3, 24, 72))
    assert xs.max() < 12 + cell and ys.max() < 12 + cell
    assert np.all(a == (255, 0, 255), axis=2).any()


def test_a_board_drawn_from_the_log_keys_its_signs(tmp_path, thrill_digger):
    """With no frame saved, the report draws the board from the log and writes a sign in each
    dug hole (``?`` for a colour unseen, ``1`` for a green rupee): its legend says what each
    sign stands for, once each; a step whose picture is the frame has no such key."""
    text = ("difficulty: expert\n" + ". . . . . . . .\n" * 3
            + ". . . . . . . g\n? . . . . . . g\n")
    # The advice of the board with its unseen colour seen (an unseen one is costly to solve).
    seen = text.replace("?", "g")
    solution = thrill_digger.solve(parse_boards(seen)[0], thrill_digger.options_type())
    record = LogRecord(step=1, time=utc_now(), game="thrill-digger", board=text,
                       advice=solution.advice, solution=solution.json)
    key = replay.board_key(record)
    assert [(sign, name) for sign, name, _ in key] == [("green", "green rupee"),
                                                       ("?", "dug, colour not seen")]
    page = replay.legend_html(record.advice, key)
    assert page.count("dug, colour not seen") == 1 and "green rupee" in page
    path = tmp_path / "s.jsonl"
    RecommendationLog(path).append(record)
    html_out = tmp_path / "r.html"
    from gridsight.cli import main
    assert main(["replay", str(path), "--html", str(html_out)]) == 0
    assert "dug, colour not seen" in html_out.read_text()
    # No move seen at that step: the player's move is not keyed (it was, with nothing marked)
    assert "No move seen." in html_out.read_text()
    assert 'class="swatch move"' not in html_out.read_text()
    framed = _session(tmp_path, thrill_digger, frames=True, name="f.jsonl")
    assert main(["replay", str(framed), "--html", str(tmp_path / "f.html")]) == 0
    assert 'class="swatch cell"' not in (tmp_path / "f.html").read_text()
    assert 'class="swatch move"' in (tmp_path / "f.html").read_text()


def test_a_pentomino_piece_is_keyed_in_the_report_in_the_game_s_colour_not_the_palette_s(
        tmp_path):
    """The live loop logs the colours the game draws its pieces in (its pack's), and the
    report's picture and legend draw the advised piece so, as the live panel does: the
    legend's square for "place N" was the palette's colour while the game draws N grey."""
    import argparse

    from kit.scripted import screen, script_of
    from kit.skins.pentomino import DEFAULT_SKIN

    from gridsight.live.loop import LiveLoop
    from gridsight.overlay.style import piece_colour
    from gridsight.readers.find import load_game_pack
    from gridsight.solvers.pentomino.pieces import LETTERS
    from gridsight.vision.capture import Frame, Rect

    path = tmp_path / "p.jsonl"
    log = RecommendationLog(path, save_frames=True, fsync=False, warn=lambda m: None)
    loop = LiveLoop("pentomino", load_game_pack("pentomino", None), log=log,
                    solve_options=argparse.Namespace(budget=1.0, time_limit=5.0))
    image = screen(script_of("pentomino").render(1))
    for _ in range(3):
        loop.step(Frame(image, Rect(0, 0, image.shape[1], image.shape[0]), 0.0))
    contents = read_log(path)
    (record,) = contents.records
    (piece,) = record.advice.pieces
    game_bgr = np.array(DEFAULT_SKIN.pieces[LETTERS.index(piece.label)])
    palette = np.array(piece_colour(piece.label))
    assert np.abs(game_bgr - palette).max() > 60  # the two differ: the test can tell
    logged = np.array(replay.skin_colours(record)[piece.label])
    assert np.abs(logged - game_bgr).max() <= 8, (logged, game_bgr)
    assert set(record.skin) == set(LETTERS)
    # The report: the legend's square for the piece, in the game's colour.
    out = tmp_path / "p.html"
    from gridsight.cli import main
    assert main(["replay", str(path), "--html", str(out)]) == 0
    page = out.read_text()
    found = re.search(r'src="data:image/png;base64,([A-Za-z0-9+/=]+)">place '
                      + piece.label + "<", page)
    assert found, "no legend entry for the piece"
    key = cv2.imdecode(np.frombuffer(base64.b64decode(found.group(1)), np.uint8),
                       cv2.IMREAD_COLOR)
    centre = key[key.shape[0] // 2, key.shape[1] // 2].astype(int)
    assert np.abs(centre - game_bgr).max() <= 10, (centre, game_bgr, palette)
    # The step's picture draws the piece in it too: as painted with the logged colours.
    frame = cv2.imread(str(contents.frame_path(record)))
    pic = replay.picture(contents, record)
    skinned = paint_advice(frame, record.geometry, record.advice, legend=False,
                           colours=replay.skin_colours(record))
    dy, dx = pic.shape[0] - frame.shape[0], pic.shape[1] - frame.shape[1]
    quad = record.geometry.cell_quad(piece.cells[0].row, piece.cells[0].col)
    x, y = (int(v) for v in quad.mean(axis=0))
    assert np.array_equal(pic[dy + y, dx + x], skinned[y, x])


def test_the_report_never_replaces_a_players_own_file(tmp_path, run_cli, thrill_digger,
                                                      monkeypatch):
    """``replay s.jsonl --html notes.txt`` replaced the player's notes with the page (a PNG
    too); refused first, in one line, the file left as it is. A new name and an earlier
    report are written."""
    monkeypatch.chdir(tmp_path)
    _session(tmp_path, thrill_digger)
    notes = tmp_path / "notes.txt"
    notes.write_text("level 3: left, then up")
    code, _, err = run_cli("replay", "s.jsonl", "--html", "notes.txt")
    assert code == 2 and err.count("\n") == 1, err
    assert "--html notes.txt: holds something other than a report gridsight wrote" in err
    assert notes.read_text() == "level 3: left, then up"
    for _ in range(2):  # new, then the earlier report replaced
        code, out, err = run_cli("replay", "s.jsonl", "--html", "report.html")
        assert code == 0 and "report: report.html" in out, err


def test_a_small_frames_figures_are_drawn_large_enough_to_read(tmp_path, thrill_digger):
    """A frame whose cells are 18 px (a game window at half its pack's size, the smallest the
    readers find) had its figures ("10%") ~7 px tall in the report: its advice is now drawn
    at 3x over the frame stretched (session 41)."""
    from gridsight.report_frames import Budget, FrameStore

    game, small = thrill_digger, BoardGeometry.from_rect(12, 12, 18, 18, 5, 8)
    path = tmp_path / "small.jsonl"
    log = RecommendationLog(path, save_frames=True)
    text = "difficulty: expert\n" + "\n".join(" ".join(["."] * 8) for _ in range(5))
    solution = game.solve(parse_boards(text)[0], game.options_type())
    log.append(LogRecord(step=1, time=utc_now(), game="thrill-digger", board=text,
                         advice=solution.advice, solution=solution.json, geometry=small),
               np.full((120, 170, 3), FRAME_COLOUR, np.uint8))
    contents = read_log(path)
    html, shown = replay._picture_html(contents, contents.records[0],
                                       FrameStore(contents.frames), Budget(10**8))
    assert shown
    width = int(re.search(r"width: (\d+)px", html[0]).group(1))
    layer = cv2.imdecode(np.frombuffer(base64.b64decode(
        re.search(r'src="data:image/png;base64,([A-Za-z0-9+/=]+)"', html[0]).group(1)),
        np.uint8), cv2.IMREAD_UNCHANGED)
    assert layer.shape[1] == width >= 3 * 170
    # The white figures' ink: each cell's figure at least 12 px tall (was 7-8 px).
    white = (layer[..., 3] == 255) & np.all(layer[..., :3] >= 250, axis=2)
    rows = np.flatnonzero(white.any(axis=1))
    runs = np.split(rows, np.flatnonzero(np.diff(rows) > 1) + 1)
    tallest = max(len(run) for run in runs)
    assert tallest >= 12, tallest


def test_an_unsure_found_tile_is_named_whole_on_a_board_drawn_from_the_log():
    """A Disco Zoo found tile read "Panda or Tiger?" was written "Panda or Tig" on the board
    the report draws from the log, and keyed so under it: now whole, on two lines in its
    cell, and not keyed (the cell says it in words)."""
    from gridsight.overlay import text as text_mod
    from gridsight.registry import get_game

    text = ("region: Jungle\nanimals: Gorilla, Panda, Tiger\ntaps: 5\n. . . 2/3 .\n"
            + ". . . . .\n" * 2 + ". . - . .\n. - . - -\n")
    game = get_game("disco-zoo")
    solution = game.solve(parse_boards(text)[0], game.options_type())
    record = LogRecord(step=1, time=utc_now(), game="disco-zoo", board=text,
                       advice=solution.advice)
    assert [sign for sign, _, _ in replay.board_key(record)] == ["–"]
    _, geometry = replay.board_picture(record)
    quad = geometry.cell_quad(0, 3)
    cell = int(round(float(quad[:, 0].max() - quad[:, 0].min())))
    for plain in (False, True):
        label, px = replay.label_fitted(replay.cell_label("Panda or Tiger?"), cell, plain)
        assert label.replace("\n", " ") == "Panda or Tiger?"
        assert text_mod.text_width(label, px) <= cell - 4


def test_a_tile_path_log_with_the_other_moves_dashed_square_replays(tmp_path, run_cli, examples):
    # "Step down or right": the other move is a mark of its own (MarkKind.ALSO). Its log
    # reads back with the mark, the report keys it, a step onto it follows the advice; a
    # mark of a kind this gridsight does not know (a newer one's) is left out, the record
    # kept (a gridsight before "also" skipped such a record whole).
    import json

    from gridsight.registry import get_game
    from gridsight.solvers.advice import MarkKind

    game = get_game("tile-path")
    text = (examples / "tile-path-in-progress.txt").read_text()
    solution = game.solve(parse_boards(text)[0], game.options_type())
    (other,) = [Cell(m.row, m.col) for m in solution.advice.marks if m.kind is MarkKind.ALSO]
    record = LogRecord(step=1, time=utc_now(), game="tile-path", board=text,
                       advice=solution.advice, solution=solution.json, move=other)
    path = tmp_path / "s.jsonl"
    RecommendationLog(path).append(record)
    contents = read_log(path)
    assert not contents.warnings and contents.records[0].advice == solution.advice
    assert replay.followed(replace(contents.records[0], solution={}))  # the mark says so
    html_out = tmp_path / "r.html"
    code, out, err = run_cli("replay", str(path), "--html", str(html_out), "--check")
    assert code == 0, err
    assert "followed the advice: 1 of 1" in out and "the same advice" in out
    page = html_out.read_text()
    assert "or this step: also keeps a full walk" in page and "followed the advice" in page
    line = json.loads(path.read_text().splitlines()[0])
    for mark in line["advice"]["marks"]:
        if mark["kind"] == "also":
            mark["kind"] = "sparkle"  # a kind of a gridsight to come
    newer = tmp_path / "newer.jsonl"
    newer.write_text(json.dumps(line) + "\n")
    contents = read_log(newer)
    assert not contents.warnings and len(contents.records) == 1
    assert not any(m.kind is MarkKind.ALSO for m in contents.records[0].advice.marks)
    assert contents.records[0].advice.recommend == solution.advice.recommend
