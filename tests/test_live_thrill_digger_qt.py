"""The Qt driver with the Thrill Digger 3D live path, under offscreen Qt, on rendered frames:
the overlay outlines the recommended hole where the renderer put it, draws nothing on a
grazing view, and the panel's corrections reach the Thrill Digger board."""

from __future__ import annotations

import json
import os

import cv2
import numpy as np
import pytest
from extras import require

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
require("PySide6")  # found, not imported: the tests import it

from gridsight.live.qt import LiveDriver  # noqa: E402
from gridsight.games.thrill_digger.live import TOKENS  # noqa: E402
from kit.games.thrill_digger import pit_loop  # noqa: E402
from kit.skins import thrill_digger_3d as skin  # noqa: E402
from kit.solving import EXACT  # noqa: E402
from gridsight.vision.capture import Frame, Rect  # noqa: E402
from gridsight.vision.pit import calibrate_pit  # noqa: E402

pytestmark = pytest.mark.gui


class FakeCapture:
    """Hands out the given frames in order, repeating the last one."""

    def __init__(self, items):
        self.items = list(items)

    def grab(self):
        return self.items.pop(0) if len(self.items) > 1 else self.items[0]


def test_the_driver_draws_the_3d_advice_on_the_holes_and_the_panel_fixes_a_hole(tmp_path):
    plan = skin.plan_game(5, "beginner", max_digs=1, fps=6, wallet_shown=1.0)
    frames = list(skin.GameRenderer(plan).frames())
    first = frames[0]
    calibration = calibrate_pit(first.image, skin.corner_hole_centres(
        first.homography, plan.rows, plan.cols), plan.rows, plan.cols)
    live = pit_loop(calibration, fps=plan.fps, solve_options=EXACT)
    rect = Rect(200, 100, 1280, 720)
    captures = [Frame(f.image, rect, f.time) for f in frames[:4]]
    driver = LiveDriver(live, FakeCapture(captures), panel_choices=TOKENS,
                        status_file=tmp_path / "s.json", say=lambda line: None)
    driver.start()
    driver.timer.stop()
    for _ in range(4):
        driver.tick()
    view = live.view
    (cell,) = view.advice.recommend
    assert driver.overlay.rect == (200, 100, 1280, 720)
    # The recommended hole is outlined in magenta where the renderer drew it (4th frame).
    layer = driver.overlay.layer
    magenta = np.all(layer[..., :3] == (255, 0, 255), axis=-1) & (layer[..., 3] == 255)
    ys, xs = np.nonzero(magenta)
    centre = np.array([[[cell.col + 0.5, cell.row + 0.5]]], np.float64)
    tx, ty = cv2.perspectiveTransform(centre, frames[3].homography).reshape(2)
    quad = cv2.perspectiveTransform(np.array([[[cell.col, cell.row], [cell.col + 1, cell.row + 1]]],
                                             np.float64), frames[3].homography).reshape(2, 2)
    size = np.abs(quad[1] - quad[0])
    assert magenta.any()
    # (the pit's three other corners are as good: "one of 4 equally good", each dashed; the
    # advised hole's square is the magenta within a hole's size of it)
    assert view.advice.status.endswith("(one of 4 equally good)"), view.advice.status
    near = (np.abs(xs - tx) < size[0]) & (np.abs(ys - ty) < size[1])
    xs, ys = xs[near], ys[near]
    assert abs(xs.mean() - tx) < size[0] / 3 and abs(ys.mean() - ty) < size[1] / 3
    # Every hole has its bomb chance drawn: the layer is not empty far from the outline.
    assert layer[..., 3].astype(bool).sum() > magenta.sum()
    # The panel shows the same board and the recommended hole.
    assert "ff00ff" in driver.panel.cells[cell.row][cell.col].styleSheet()
    snap = json.loads((tmp_path / "s.json").read_text())
    assert snap["recommend"] == [[cell.row, cell.col]] and snap["status"].startswith("Dig row")
    assert snap["details"][0].startswith("thrill-digger")  # the game: a detail, after the advice
    # A correction from the panel reaches the Thrill Digger board and the advice.
    driver.panel.correct(cell.row, cell.col, "g")
    assert live.source.board_text().splitlines()[1 + cell.row].split()[cell.col] == "g"
    # The panel names it as the player sees it: a green rupee, in green, set by hand.
    button = driver.panel.cells[cell.row][cell.col]
    assert driver.panel.believed()[cell.row][cell.col] == "green"
    assert driver.panel.words.word("g").colour in button.styleSheet()
    assert "dashed" in button.styleSheet() and "green rupee" in button.toolTip()
    assert cell not in live.view.advice.recommend
    driver.panel.undo_button.click()
    assert live.view.state.grid[cell.row][cell.col] == "."
    # A grazing view: the overlay draws nothing, the status says why.
    scene = skin.PitScene(plan.rows, plan.cols, np.random.default_rng(plan.seed + 7919))
    grazing = scene.render(skin.Camera(plan.cols / 2, plan.rows / 2, 0.0, 9.0, 6.0))
    driver.capture = FakeCapture([Frame(grazing, rect, 9.0)])
    driver.tick()
    assert not driver.overlay.layer.any() and "not trusted" in driver.overlay.status
    driver.stop()


def test_gridsight_live_with_a_calibration_runs_the_3d_path(tmp_path, run_cli, monkeypatch):
    """The command line end to end, the screen replaced by a rendered game: the calibration is
    made and loaded by the commands, and the session's log and status file tell the game."""
    monkeypatch.setenv("GRIDSIGHT_DATA_DIR", str(tmp_path / "data"))
    plan = skin.plan_game(5, "beginner", max_digs=1, fps=6, wallet_shown=1.0)
    frames = list(skin.GameRenderer(plan).frames())
    shot = tmp_path / "pit.png"
    cv2.imwrite(str(shot), frames[0].image)
    holes = skin.corner_hole_centres(frames[0].homography, plan.rows, plan.cols)
    corners = ",".join(f"{v:.1f}" for v in np.asarray(holes).ravel())
    code, _, err = run_cli("calibrate", "thrill-digger", str(shot), "--corners", corners,
                           "--difficulty", "beginner", "--skin", "cli3d")
    assert code == 0, err
    rect = Rect(0, 0, 1280, 720)

    class Screen(FakeCapture):
        """The rendered game, frame by frame; once it has been shown to the end and the last
        frame repeated for longer than the tracker watches a dig (its ``watch_seconds`` at the
        polling rate of ``--interval 20``, 50 frames a second: 80 frames), the session is
        ended: the test waits for frames, not for a wall-clock time a busy machine may not
        keep. Twice the watch (160 frames, 3.2 s at the polling rate; it was 400, 8 s):
        the dig is logged after 61 to 85 of them (measured), so a tracker that stopped
        logging it still fails here."""

        def __init__(self, source):
            super().__init__([Frame(f.image, rect, f.time) for f in frames])
            self.after_last = 0

        def grab(self):
            frame = super().grab()
            if len(self.items) == 1:
                self.after_last += 1
                if self.after_last == 160:
                    from PySide6.QtCore import QTimer
                    from PySide6.QtWidgets import QApplication

                    QTimer.singleShot(0, QApplication.instance().quit)
            return frame

        def close(self):
            pass

    monkeypatch.setattr("gridsight.vision.capture.ScreenCapture", Screen)
    log, status = tmp_path / "s.jsonl", tmp_path / "s.json"
    code, _, err = run_cli("live", "--game", "thrill-digger", "--calibration",
                           str(tmp_path / "data" / "pits" / "cli3d"), "--region", "0,0,1280,720",
                           "--log", str(log), "--status-file", str(status), "--interval", "20",
                           "--duration", "300", "--no-overlay")
    assert code == 0, err
    ((r, c),) = plan.digs
    token = plan.board[r][c]
    snap = json.loads(status.read_text())
    assert snap["grid"][r][c] in (token, "?") and snap["details"][0] == "thrill-digger beginner"
    from gridsight.log import read_log

    records = read_log(log).records
    events = [e for rec in records for e in rec.solution.get("dig_events", [])]
    assert [(e["row"], e["col"]) for e in events] == [(r, c)]
    assert records[0].move is not None and (records[0].move.row, records[0].move.col) == (r, c)


def _lifted_panel(monkeypatch, wallet=None):
    """Xvfb 800x600, a 640x360 Thrill Digger window at 20,20 (the 3D pit at half size): no
    side holds the panel, it is lifted onto the game. ``wallet``: the pack's wallet box in the
    window's pixels (else the skin's, halved). Returns the panel's, strip's, pit's boxes and
    the panel's notice."""
    from dataclasses import replace

    from PySide6.QtWidgets import QApplication

    from gridsight.overlay.status import Box

    plan = skin.plan_game(5, "beginner", max_digs=1, fps=6, wallet_shown=1.0)
    frames = list(skin.GameRenderer(plan).frames())[:4]
    half = np.diag([0.5, 0.5, 1.0])
    images = [cv2.resize(f.image, (640, 360), interpolation=cv2.INTER_AREA) for f in frames]
    calibration = calibrate_pit(images[0], skin.corner_hole_centres(
        half @ frames[0].homography, plan.rows, plan.cols), plan.rows, plan.cols)
    pack = skin.pit_pack()
    halved = tuple(tuple(v // 2 for v in box) for box in pack.exclude)
    pack = replace(pack, wallet_box=wallet or tuple(v // 2 for v in skin.DIGIT_BOX),
                   wallet_align_right=None, exclude=() if wallet else halved)
    rect = Rect(20, 20, 640, 360)
    screen_box = Box(0, 0, 800, 600)
    monkeypatch.setattr("gridsight.overlay.window.OverlayWindow.screen_box",
                        lambda self: screen_box)
    driver = LiveDriver(pit_loop(calibration, pack, fps=plan.fps, solve_options=EXACT),
                        FakeCapture([Frame(im, rect, f.time) for im, f in zip(images, frames)]),
                        panel_choices=TOKENS, say=lambda line: None)
    try:
        driver.start()
        driver.timer.stop()
        for _ in range(4):
            driver.tick()
        QApplication.processEvents()
        driver.panel.resize(240, 368)  # as on Xvfb
        driver._placed = None
        driver._place_panel()
        QApplication.processEvents()
        return (driver.panel_box(), driver.overlay.strip_box, driver._board_box(),
                driver.panel.notice)
    finally:
        driver.stop()


def test_a_panel_lifted_onto_a_small_game_window_keeps_off_the_wallet(monkeypatch):
    """Seen live (Xvfb 800x600, a 640x360 Thrill Digger window at 20,20): no side holds the
    panel, lifted onto the game it went to the window's top right corner, over the rupee
    counter, kept off the whole strip under the game. It goes to the bottom right corner, over
    plain ground (the least of the window), the strip narrowed to end before it."""
    from gridsight.overlay.placement import inside
    from gridsight.overlay.status import Box

    screen_box, game = Box(0, 0, 800, 600), Box(20, 20, 640, 360)
    panel, strip, pit, notice = _lifted_panel(monkeypatch)
    x, y, w, h = skin.PANEL_BOX  # the wallet, in the 1280x720 picture
    wallet = Box(20 + x // 2, 20 + y // 2, w // 2, h // 2)
    assert inside(panel, screen_box) and panel.overlaps(game), panel  # no room beside it
    assert not panel.overlaps(wallet), (panel, wallet)
    assert not panel.overlaps(pit) and not panel.overlaps(strip), (panel, pit, strip)
    assert inside(strip, screen_box) and not strip.overlaps(game), (strip, game)
    assert notice.startswith("Panel over the game: "), notice


def test_the_lifted_panel_keeps_off_the_wallet_its_pack_knows(monkeypatch):
    """The panel keeps off the wallet by knowing where it is (the pit pack's wallet box,
    passed to the live driver), not because the place covering the least of the window
    happened to be elsewhere: a pack whose counter sits at the window's bottom right corner
    (where that place is) has the panel off it (every place right of the pit meets it: the
    panel goes left, over the pit's first column, the advised hole kept clear)."""
    from gridsight.overlay.placement import inside
    from gridsight.overlay.status import Box

    wallet = (500, 250, 130, 100)  # the window's pixels: its bottom right corner
    panel, strip, pit, notice = _lifted_panel(monkeypatch, wallet)
    on_screen = Box(20 + wallet[0], 20 + wallet[1], wallet[2], wallet[3])
    assert not panel.overlaps(on_screen), (panel, on_screen)
    assert inside(panel, Box(0, 0, 800, 600)), panel
