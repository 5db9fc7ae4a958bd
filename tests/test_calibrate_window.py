"""The calibration window's logic, driven programmatically under Qt's offscreen platform:
clicks on the screenshot mark the corners, each group of cells gets a label, and the saved
pack reads the screenshot back."""

from __future__ import annotations

import argparse
import os

import pytest
from extras import require

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
require("PySide6")  # Qt itself is imported by the tests that use it, not at collection

from gridsight.calibration import calibrate_grid  # noqa: E402
from kit.skins import tile_path  # noqa: E402
from gridsight.vision.classify import read_cells  # noqa: E402
from gridsight.vision.locate import locate_board  # noqa: E402
from gridsight.vision.packs import load_pack  # noqa: E402

ROOM = ["S . . . . . . .", ". # . . . . # .", ". x x L . . . .",
        ". . . . . . . .", ". . . # . . . .", ". . . . . . . E"]


@pytest.fixture(scope="module")
def app():
    from gridsight.overlay.window import ensure_app

    return ensure_app()  # None guarded, as the product's own windows (overlay.none_guard)


def test_session_groups_cells_by_look_and_builds_the_label_grid():
    from gridsight.calibrate_window import CalibrationSession

    shot = tile_path.render(ROOM, skin=tile_path.STONE_SKIN, scale=2)
    session = CalibrationSession.for_game("tile-path", shot.image)
    for x, y in shot.geometry.outline():
        session.add_corner(x, y)
    session.make_groups()
    # One group per distinct tile in the room: . x # S E L.
    assert len(session.groups) == 6
    for k, cells in enumerate(session.groups):
        truths = {shot.labels[r][c] for r, c in cells}
        assert len(truths) == 1, truths  # a group never mixes two kinds of tile
        session.current = k
        session.set_label(truths.pop())
    assert session.labels_grid() == [list(row) for row in shot.labels]
    with pytest.raises(ValueError, match="unknown label"):
        session.set_label("banana")


def test_window_clicks_labels_and_saves_a_pack_that_reads_the_screenshot(app, tmp_path,
                                                                         monkeypatch):
    from PySide6.QtCore import QPoint, Qt
    from PySide6.QtTest import QTest

    from gridsight.calibrate_window import SKIP, CalibrateWindow, CalibrationSession

    monkeypatch.setenv("GRIDSIGHT_DATA_DIR", str(tmp_path))
    shot = tile_path.render(ROOM, skin=tile_path.STONE_SKIN, scale=2)
    session = CalibrationSession.for_game("tile-path", shot.image)
    window = CalibrateWindow("tile-path", session, "mine")
    window.show()
    assert not window.next.isEnabled() and not window.save.isEnabled()
    # A wrong click, undone, then the four corners.
    QTest.mouseClick(window.view, Qt.MouseButton.LeftButton, pos=QPoint(5, 5))
    window.on_undo()
    for x, y in shot.geometry.outline():
        wx, wy = window.view.image_to_widget(x, y)
        QTest.mouseClick(window.view, Qt.MouseButton.LeftButton, pos=QPoint(round(wx), round(wy)))
    assert session.corners == [tuple(map(float, p)) for p in shot.geometry.outline()]
    QTest.mouseClick(window.next, Qt.MouseButton.LeftButton)
    assert len(session.groups) == 6 and window.strip.pixmap() is not None
    for k in range(len(session.groups)):
        r, c = session.groups[k][0]
        label = shot.labels[r][c]
        window.choice.setCurrentText(label if label != "E" else SKIP)  # leave the exit out
        if k < len(session.groups) - 1:
            QTest.mouseClick(window.next, Qt.MouseButton.LeftButton)
    assert window.save.isEnabled()
    QTest.mouseClick(window.save, Qt.MouseButton.LeftButton)
    assert not window.isVisible()
    corners, labels = window.result
    window.deleteLater()
    assert sum(row.count(SKIP) for row in labels) == 1

    options = argparse.Namespace(game="tile-path", skin="mine")
    saved = calibrate_grid(shot.image, options, corners, labels)
    assert saved.folder == tmp_path / "templates" / "tile-path" / "mine"
    pack = load_pack("tile-path", "mine")
    assert "E" not in pack.labels and set(pack.labels) == {".", "x", "#", "S", "L"}
    read = read_cells(shot.image, locate_board(shot.image, pack), pack)
    got = read.labels()
    assert all(got[r][c] == shot.labels[r][c] for r in range(6) for c in range(8)
               if shot.labels[r][c] != "E")


def test_furniture_session_keeps_dragged_boxes_left_to_right_per_kind():
    import numpy as np

    from gridsight.calibrate_window import FurnitureSession

    session = FurnitureSession(np.zeros((50, 80, 3), np.uint8), ("cards", "counter"))
    session.add_box(40, 5, 30, 20)  # dragged right to left: the same box
    session.add_box(2, 5, 12, 20)
    session.add_box(60, 5, 61, 6)  # a mere click: no box
    session.next_name()
    session.add_box(1, 30, 9, 40)
    session.undo_box()
    session.add_box(1, 30, 9, 41)
    assert not session.done
    session.next_name()
    assert session.done
    assert session.result() == {"cards": [(2, 5, 10, 15), (30, 5, 10, 15)],
                                "counter": [(1, 30, 8, 11)]}


def test_calibrate_asks_for_the_furniture_it_did_not_find_and_reads_back_with_it(
        app, tmp_path, run_cli, monkeypatch):
    """A real-look screen whose cards are the ground's own colour (the automatic search finds
    the corners but no cards): the command opens the furniture window, the player drags a box
    around each card, and the pack saved reads the screenshot back exactly, the boxes kept in
    the pack."""
    import json

    import cv2
    from PySide6.QtCore import QPoint, Qt
    from PySide6.QtTest import QTest

    import gridsight.calibrate_window as windows
    import gridsight.commands.calibrate as calibrate
    from test_calibrate_real_look import CALIBRATION, _cards_unseen, _look, _shot, _text, card_boxes

    _cards_unseen(monkeypatch)
    monkeypatch.setenv("GRIDSIGHT_DATA_DIR", str(tmp_path / "data"))
    shot = _shot(CALIBRATION, 4, light_cards=True)
    corners = [tuple(map(float, p)) for p in shot.geometry.outline()]
    monkeypatch.setattr(calibrate, "_interactive",  # the corners clicked in the first window
                        lambda options, image, c, labels: (corners, labels))
    asked = []

    def drag_boxes(game, image, names):
        asked.append(tuple(names))
        window = windows.FurnitureWindow(game, windows.FurnitureSession(image, tuple(names)))
        window.show()
        for name in names:
            assert name == "cards"
            for x, y, w, h in card_boxes(_look(True)):
                a = window.view.image_to_widget(x, y)
                b = window.view.image_to_widget(x + w, y + h)
                QTest.mousePress(window.view, Qt.MouseButton.LeftButton,
                                 pos=QPoint(round(a[0]), round(a[1])))
                QTest.mouseRelease(window.view, Qt.MouseButton.LeftButton,
                                   pos=QPoint(round(b[0]), round(b[1])))
            QTest.mouseClick(window.next, Qt.MouseButton.LeftButton)
        assert not window.isVisible()
        return window.result

    monkeypatch.setattr(windows, "run_furniture_window", drag_boxes)
    monkeypatch.setattr(calibrate, "_window_possible", lambda: True)  # Qt draws off screen here
    image, labels = tmp_path / "shot.png", tmp_path / "labels.txt"
    cv2.imwrite(str(image), shot.image)
    labels.write_text(_text(CALIBRATION, 4))
    code, out, err = run_cli("calibrate", "disco-zoo", str(image), "--labels", str(labels))
    assert code == 0, err
    assert asked == [("cards",)]
    assert "were not found" not in out and "reads back exactly as given" in out
    manifest = json.loads((tmp_path / "data" / "templates" / "disco-zoo" / "mine" /
                           "manifest.json").read_text())
    assert len(manifest["furniture"]["cards"]) == 3


def test_with_labels_given_the_window_asks_only_for_the_corners(app):
    from PySide6.QtCore import QPoint, Qt
    from PySide6.QtTest import QTest

    from gridsight.calibrate_window import CalibrateWindow, CalibrationSession

    shot = tile_path.render(ROOM, skin=tile_path.STONE_SKIN, scale=2)
    labels = [list(row) for row in shot.labels]
    window = CalibrateWindow("tile-path", CalibrationSession.for_game("tile-path", shot.image),
                             "mine", labels)
    window.show()
    for x, y in shot.geometry.outline():
        wx, wy = window.view.image_to_widget(x, y)
        QTest.mouseClick(window.view, Qt.MouseButton.LeftButton, pos=QPoint(round(wx), round(wy)))
    assert "labels given" in window.prompt.text()
    QTest.mouseClick(window.next, Qt.MouseButton.LeftButton)
    assert not window.isVisible()
    corners, got = window.result
    assert got == labels and corners == [tuple(map(float, p)) for p in shot.geometry.outline()]
    window.deleteLater()


@pytest.mark.parametrize("signame", ["SIGINT", "SIGTERM"])
def test_ctrl_c_or_sigterm_ends_the_calibration_window_saving_nothing(app, signame):
    """The window was deaf to Ctrl-C and SIGTERM (s40user under Xvfb: only SIGKILL or
    closing it ended ``gridsight calibrate``): now each closes it and ends the command."""
    import signal

    from PySide6.QtCore import QTimer

    from gridsight.calibrate_window import run_window

    shot = tile_path.render(ROOM, skin=tile_path.STONE_SKIN, scale=1)
    QTimer.singleShot(300, lambda: os.kill(os.getpid(), getattr(signal, signame)))
    closer = QTimer()  # the test's own guard: the window closed after 3 s whatever happens
    closer.setSingleShot(True)
    closer.timeout.connect(lambda: [w.close() for w in app.topLevelWidgets()])
    closer.start(3000)
    # A harmless handler of the test's own under the window's: were the window deaf, the
    # signal would neither end this process nor reach the test by another way.
    def ignored(*_):
        return None

    before = {sig: signal.signal(sig, ignored) for sig in (signal.SIGINT, signal.SIGTERM)}
    try:
        expected = KeyboardInterrupt if signame == "SIGINT" else SystemExit
        with pytest.raises(expected):
            run_window("tile-path", shot.image, "mine")
        closer.stop()
        assert signal.getsignal(signal.SIGINT) is ignored  # the handlers given back
        assert signal.getsignal(signal.SIGTERM) is ignored
        assert not any(w.isVisible() for w in app.topLevelWidgets())
    finally:
        for sig, handler in before.items():
            signal.signal(sig, handler)
