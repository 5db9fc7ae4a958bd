"""Thrill Digger in 3D, live: a rendered game fed as captures to the 3D live path.

The pit is calibrated with ``gridsight calibrate thrill-digger`` on the game's first frame and
loaded back as ``gridsight live --calibration`` loads it; every frame of the game is then one
capture. Checked against the renderer's ground truth: the advice after each dig is the
solver's advice for the true board so far (``?`` where the tracker could not tell), the
geometry drawn through is the true one within a few pixels, untrusted (grazing) frames draw
nothing, and the log holds one event per dig with its evidence.
"""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from gridsight.games.thrill_digger.adapter import GAME as ADAPTER
from gridsight.games.thrill_digger.live import CalibrationFileError, load_pit_calibration
from gridsight.log import RecommendationLog, read_log
from kit.games.thrill_digger import pit_loop
from kit.solving import EXACT
from kit.skins import thrill_digger_3d as skin
from gridsight.solvers.advice import Cell, MarkKind
from gridsight.solvers.boardtext import parse_boards
from gridsight.solvers.errors import InputError
from gridsight.vision.capture import Frame, Missing, MissingReason, Rect

RECT = Rect(-1280, 40, 1280, 720)  # a window on a monitor left of the primary one


def _calibrate(tmp_path: Path, monkeypatch, calibrated: Path) -> Path:
    """The module's calibrated folder (:func:`calibrated`), copied as this test's own: the
    same command on the same frame made the same folder in each test (about 3 CPU s each)."""
    import shutil

    monkeypatch.setenv("GRIDSIGHT_DATA_DIR", str(tmp_path / "data"))
    folder = tmp_path / "data" / "pits" / "test3d"
    shutil.copytree(calibrated, folder)
    return folder


def _solve(text: str):
    # (the live loop's and this answer agree whatever the machine's speed: both run to the end,
    # not cut by the 20 s limit, which the first solve of a process could reach compiling the
    # lookahead's numba kernel)
    return ADAPTER.solve(parse_boards(text, source="<test>")[0], ADAPTER.options_from(EXACT))


def _truth_text(plan, dug: np.ndarray, believed: list[list[str]]) -> str:
    """The true board so far: each dug hole's contents, ``?`` where the tracker said ``?``."""
    rows = []
    for r in range(plan.rows):
        rows.append(" ".join(
            ("?" if believed[r][c] == "?" else plan.board[r][c]) if dug[r, c] else "."
            for c in range(plan.cols)))
    return "\n".join([f"difficulty: {plan.difficulty}"] + rows) + "\n"


def _hole_centres(rows: int, cols: int) -> np.ndarray:
    return np.array([[c + 0.5, r + 0.5] for r in range(rows) for c in range(cols)], np.float64)


@pytest.fixture(scope="module")
def game():
    """A 5x8 game with three digs (or fewer, if a bomb ends it) and one dip of the camera to
    a grazing view; rendered once for the module."""
    plan = skin.plan_game(2, "expert", max_digs=3, fps=6, wallet_shown=1.0)
    frames = list(skin.GameRenderer(plan, dips=1).frames())
    return plan, frames


@pytest.fixture(scope="module")
def calibrated(game, tmp_path_factory) -> Path:
    """The pit calibrated once for the module by ``gridsight calibrate thrill-digger`` on the
    game's first frame, as a player would, and the folder it saved."""
    from kit import inprocess

    plan, frames = game
    root = tmp_path_factory.mktemp("pit")
    image = root / "pit.png"
    cv2.imwrite(str(image), frames[0].image)
    holes = skin.corner_hole_centres(frames[0].homography, plan.rows, plan.cols)
    corners = ",".join(f"{v:.1f}" for v in np.asarray(holes).ravel())
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("GRIDSIGHT_DATA_DIR", str(root / "data"))
        done = inprocess.gridsight("calibrate", "thrill-digger", str(image), "--corners",
                                   corners, "--difficulty", plan.difficulty, "--skin", "test3d",
                                   text=True)
    assert done.returncode == 0, done.stderr
    return root / "data" / "pits" / "test3d"


def test_the_live_path_follows_a_rendered_game(game, calibrated, tmp_path, monkeypatch):
    plan, frames = game
    folder = _calibrate(tmp_path, monkeypatch, calibrated)
    calibration, difficulty = load_pit_calibration(folder / "calibration.json")
    assert difficulty == "expert" and (calibration.rows, calibration.cols) == (5, 8)
    log_path = tmp_path / "session.jsonl"
    live = pit_loop(calibration, fps=plan.fps, solve_options=EXACT,
                    log=RecommendationLog(log_path, fsync=False))
    centres = _hole_centres(plan.rows, plan.cols)
    untrusted = 0
    errors = []
    caught_up = set()  # numbers of digs after which the advice was checked on the whole truth
    for frame in frames:
        view = live.step(Frame(frame.image, RECT, frame.time))
        assert view.frame_rect == RECT
        # The board believed: a hole is dug only once it truly is (confirming takes a frame
        # or two), and holds the true token or '?'.
        grid = [list(row) for row in view.state.grid]
        believed = np.array([[t != "." for t in row] for row in grid])
        assert not (believed & ~frame.dug).any(), frame.index
        for r, c in zip(*np.nonzero(believed)):
            assert grid[r][c] in (plan.board[r][c], "?"), (frame.index, r, c, grid[r][c])
        if view.geometry is None:
            # Untrusted: nothing drawn, the status says why, the advice is kept for later.
            untrusted += 1
            assert view.advice is None and "not trusted" in view.status
            assert live.latest_advice is not None
            continue
        # The geometry drawn through is the true one within a few pixels.
        truth = cv2.perspectiveTransform(centres.reshape(-1, 1, 2),
                                         frame.homography).reshape(-1, 2)
        errors.append(float(np.abs(view.geometry.board_to_image(centres) - truth).max()))
        # The advice drawn is the solver's advice for the true board so far.
        expected = _solve(_truth_text(plan, believed, grid))
        assert view.advice is not None
        assert view.advice.recommend == expected.advice.recommend, frame.index
        # ... its marks, and each hole read "?" (its item not seen) marked unsure
        unsure = {(m.row, m.col) for m in view.advice.marks if m.kind is MarkKind.UNSURE}
        assert unsure == {(r, c) for r, row in enumerate(grid) for c, t in enumerate(row)
                          if t == "?"}, frame.index
        assert [m for m in view.advice.marks if m.kind is not MarkKind.UNSURE] == \
            list(expected.advice.marks)
        if (believed == frame.dug).all() and not live.source.watching:
            caught_up.add(int(frame.dug.sum()))
    live.source.tracker.finish()
    assert untrusted >= 2, "the camera's dip gave grazing frames"
    assert max(errors) < 3.0, max(errors)
    # After every dig (and before the first) the whole truth was believed and advised on.
    assert caught_up == set(range(len(plan.digs) + 1)), caught_up
    # Every dig was found; the tracker's tokens are the truth (or '?').
    assert {(e.row, e.col) for e in live.source.tracker.events} == set(plan.digs)
    # The log: one event per dig with its evidence, the digs as the players' moves, in order.
    contents = read_log(log_path)
    assert not contents.warnings
    events = [e for rec in contents.records for e in rec.solution.get("dig_events", [])]
    assert [(e["row"], e["col"]) for e in events] == list(plan.digs)
    read = 0
    for event in events:
        truth = plan.board[event["row"]][event["col"]]
        assert event["token"] in (truth, "?") and event["reason"]
        assert event["frame_started"] <= event["frame_confirmed"] <= event["frame_closed"]
        read += event["token"] == truth
        if event["token"] == truth and truth != "*":
            assert event["wallet_delta"] == skin.WALLET_DELTA[truth]
            assert dict(map(tuple, event["item_frames"]))[truth] >= 2
    assert read >= len(plan.digs) - 1
    moves = [rec.move for rec in contents.records if rec.move is not None]
    assert moves == [Cell(r, c) for r, c in plan.digs]
    # Each record's advice is the solver's on its board, and drawn through a true geometry.
    for rec in contents.records:
        assert rec.advice.recommend == _solve(rec.board).advice.recommend
        assert rec.game == "thrill-digger"


def test_an_untrusted_frame_keeps_the_drawing_off_and_the_advice_for_later(game, calibrated,
                                                                          tmp_path, monkeypatch):
    plan, frames = game
    folder = _calibrate(tmp_path, monkeypatch, calibrated)
    calibration, _ = load_pit_calibration(folder)
    live = pit_loop(calibration, fps=plan.fps, solve_options=EXACT)
    view = live.step(Frame(frames[1].image, RECT, 0.0))
    advice = view.advice
    assert view.geometry is not None and advice is not None
    # The same pit seen at a grazing angle: refused, nothing drawn, the advice kept.
    oblique = skin.PitScene(plan.rows, plan.cols, np.random.default_rng(plan.seed + 7919))
    cam = skin.Camera(plan.cols / 2, plan.rows / 2, 0.0, 9.0, 7.0)
    picture = oblique.render(cam, item=None, link=None)
    grazing = live.step(Frame(picture, RECT, 0.1))
    assert grazing.geometry is None and grazing.advice is None
    assert "not trusted" in grazing.status and live.latest_advice is advice
    # A lost capture draws nothing either and says why.
    gone = live.step(Missing(MissingReason.CLOSED, "the window was closed"))
    assert gone.geometry is None and gone.frame_rect is None and "window was closed" in gone.status
    # The next clear frame draws the same advice again, at the true place.
    back = live.step(Frame(frames[2].image, RECT, 0.2))
    assert back.geometry is not None and back.advice is advice


def test_a_correction_reaches_the_board_the_advice_and_the_log(game, calibrated, tmp_path,
                                                              monkeypatch):
    plan, frames = game
    folder = _calibrate(tmp_path, monkeypatch, calibrated)
    calibration, _ = load_pit_calibration(folder)
    log_path = tmp_path / "fix.jsonl"
    live = pit_loop(calibration, fps=plan.fps, solve_options=EXACT,
                    log=RecommendationLog(log_path, fsync=False))
    live.step(Frame(frames[1].image, RECT, 0.0))
    view = live.correct(0, 0, "r")
    assert view.state.grid[0][0] == "r" and Cell(0, 0) in view.state.manual
    assert "r . . . . . . ." in view.board
    expected = _solve(view.board)
    assert view.advice.recommend == expected.advice.recommend
    assert view.advice.marks == expected.advice.marks
    # The tracker reading something else later does not undo the player's word.
    live.source.tracker.tokens[0][0] = "?"
    assert live.source.board_text().splitlines()[1].startswith("r ")
    view = live.undo()
    assert view.state.grid[0][0] == "?" and Cell(0, 0) not in view.state.manual
    # A hole dug, its item not seen, is solved as a rupee of unknown colour: said in words and
    # marked unsure on the pit, as analyze says it of a still (live said nothing of it).
    assert any(w.startswith("row 1, column 1: dug, colour not seen (solved as a rupee")
               for w in view.warnings), view.warnings
    assert any((m.row, m.col, m.kind) == (0, 0, MarkKind.UNSURE) for m in view.advice.marks)
    records = read_log(log_path).records
    fixes = [rec.solution["correction"] for rec in records if "correction" in rec.solution]
    assert fixes[0] == {"row": 0, "col": 0, "read": ".", "set": "r"}
    assert fixes[1]["undo"] is True and fixes[1]["set"] == "?"
    with pytest.raises(InputError, match="unknown Thrill Digger token 'k'"):
        live.correct(0, 1, "k")
    with pytest.raises(InputError, match="no hole at row 10, column 1"):
        live.correct(9, 0, "g")
    # A correction that makes the board impossible is said, not drawn; undo brings it back.
    for c in range(plan.cols):
        for r in (1, 2):  # 16 bombs: more than an expert pit holds
            view = live.correct(r, c, "*")
    assert view.advice is None and any("not solved" in w for w in view.warnings)
    for _ in range(2 * plan.cols):
        view = live.undo()
    assert view.advice is not None and not any("not solved" in w for w in view.warnings)
    # A new game forgets the board and the corrections.
    assert live.reset().board.count(".") == plan.rows * plan.cols


def test_bad_calibration_files_are_input_errors(tmp_path, run_cli, live_extra):
    with pytest.raises(CalibrationFileError, match="no such calibration file"):
        load_pit_calibration(tmp_path / "none.json")
    bad = tmp_path / "bad"
    bad.mkdir()
    (bad / "calibration.json").write_text("{not json")
    with pytest.raises(CalibrationFileError, match="not JSON"):
        load_pit_calibration(bad)
    (bad / "calibration.json").write_text(json.dumps({"rows": 5}))
    with pytest.raises(CalibrationFileError, match="not a pit calibration"):
        load_pit_calibration(bad)
    shot = tmp_path / "shot.png"  # a screenshot given for the calibration
    shot.write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(range(256)))
    with pytest.raises(CalibrationFileError, match="shot.png: not a pit calibration .not text"):
        load_pit_calibration(shot)  # was Python's "'utf-8' codec can't decode byte 0x89"
    code, _, err = run_cli("live", "--game", "thrill-digger", "--calibration", str(bad),
                           "--monitor", "1")
    assert code == 2 and "not a pit calibration" in err and "Traceback" not in err
    code, _, err = run_cli("live", "--game", "thrill-digger", "--calibration", str(bad),
                           "--pack", "wii")
    assert code == 2 and "--pack is for games read through a template pack" in err
    code, _, err = run_cli("live", "--game", "disco-zoo", "--calibration", str(bad))
    assert code == 2 and "--calibration is for a game read as a 3D pit (--game thrill-digger)" \
        in err


def test_a_saved_pit_missing_its_plan_view_or_of_another_size_is_refused(game, calibrated,
                                                                         tmp_path, run_cli,
                                                                         monkeypatch, live_extra):
    plan, frames = game
    folder = _calibrate(tmp_path, monkeypatch, calibrated)
    code, _, err = run_cli("live", "--game", "thrill-digger", "--calibration", str(folder),
                           "--difficulty", "beginner", "--monitor", "1")
    assert code == 2 and "beginner pit has 4x5 holes, but 5x8" in err
    (folder / "reference.png").unlink()
    with pytest.raises(CalibrationFileError, match="reference.png: missing"):
        load_pit_calibration(folder)
