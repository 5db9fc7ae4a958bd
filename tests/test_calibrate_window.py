"""The calibration window's logic, driven programmatically under Qt's offscreen platform:
clicks on the screenshot mark the corners, each group of cells gets a label, and the saved
pack reads the screenshot back."""

from __future__ import annotations

import argparse
import os

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
pytest.importorskip("PySide6")

from PySide6.QtCore import QPoint, Qt  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from gridsight.calibrate_window import SKIP, CalibrateWindow, CalibrationSession  # noqa: E402
from gridsight.commands.calibrate import calibrate_grid  # noqa: E402
from kit.skins import tile_path  # noqa: E402
from vision.classify import read_cells  # noqa: E402
from vision.locate import locate_board  # noqa: E402
from vision.packs import load_pack  # noqa: E402

ROOM = ["S . . . . . . .", ". # . . . . # .", ". x x L . . . .",
        ". . . . . . . .", ". . . # . . . .", ". . . . . . . E"]


@pytest.fixture(scope="module")
def app():
    return QApplication.instance() or QApplication([])


def test_session_groups_cells_by_look_and_builds_the_label_grid():
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
