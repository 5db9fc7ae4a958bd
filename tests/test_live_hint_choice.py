"""What the screen does not settle, the player picks in the live panel.

A real-look rescue too small for its cards' names to be read (and no OCR engine): the reader
names each card's candidates (:class:`~gridsight.errors.HintChoices`); the live loop shows
no advice (never the last board's) and offers the choice; the panel shows one list per card,
and the player's pick is read with until a new game.
"""

from __future__ import annotations

import os

import cv2
import numpy as np
import pytest

from gridsight.live.loop import LiveLoop
from gridsight.readers.find import load_game_pack
from test_live_real_look import ANIMALS, OPTIONS, play, real_look_script

TRUTH = tuple(name for name, _ in ANIMALS)


@pytest.fixture(scope="module")
def small_frames() -> list[np.ndarray]:
    """The scripted rescue's first two frames at half size: the board and the counter read,
    the names not."""
    return [cv2.resize(image, None, fx=0.5, fy=0.5, interpolation=cv2.INTER_AREA)
            for image, _, _ in real_look_script()[:2]]


@pytest.fixture
def loop(monkeypatch) -> LiveLoop:
    monkeypatch.setenv("GRIDSIGHT_OCR", "off")  # the screen's own glyphs alone
    return LiveLoop("disco-zoo", load_game_pack("disco-zoo", None), solve_options=OPTIONS)


def test_names_not_read_are_offered_and_the_pick_is_read_with_until_a_new_game(loop,
                                                                             small_frames):
    view = play(loop, small_frames[1])
    assert view.advice is None and view.choices is not None
    assert view.status == "no advice: the animals are not read beyond doubt"
    assert view.choices.hint == "animals" and len(view.choices.options) == 3
    assert all(name in options for name, options in zip(TRUTH, view.choices.options))
    assert any("names are not read beyond doubt" in w for w in view.warnings)

    view = loop.set_hint("animals", view.choices.value(TRUTH))
    assert view.advice is not None and view.choices is None
    assert view.board.splitlines()[1] == "animals: Gorilla, Panda, Tiger"
    assert any("animals set by hand: Gorilla, Panda, Tiger" in d for d in view.details)
    assert play(loop, small_frames[1]).advice is not None  # kept frame after frame

    # A new game forgets the pick: asked again, and the last rescue's tap is not shown.
    loop.reset()
    view = play(loop, small_frames[0], 3)
    assert view.choices is not None and view.advice is None
    assert not any("set by hand" in d for d in view.details)


def test_a_pick_outside_the_choices_is_refused(loop, small_frames):
    view = play(loop, small_frames[1])
    with pytest.raises(ValueError, match="not one of the choices"):
        view.choices.value(("Unicorn", "Panda", "Tiger"))
    with pytest.raises(ValueError):
        view.choices.value(("Gorilla", "Panda"))


def test_the_panel_shows_one_list_per_card_and_reads_with_the_pick(loop, small_frames,
                                                                   tmp_path):
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    pytest.importorskip("PySide6")
    from PySide6.QtWidgets import QApplication, QComboBox, QPushButton

    from gridsight.live.panel import Panel
    from gridsight.overlay.window import ensure_app

    from gridsight.live.qt import view_snapshot

    ensure_app()
    view = play(loop, small_frames[1])
    assert view_snapshot(view)["choices"]["hint"] == "animals"  # --status-file's too
    panel = Panel(loop, loop.pack.labels)
    try:
        panel.show()
        QApplication.processEvents()
        lists = [panel.findChild(QComboBox, f"hint:animals:{k}") for k in range(3)]
        apply = panel.findChild(QPushButton, "hint:animals:apply")
        assert all(box is not None and box.isVisible() for box in lists) and apply is not None
        panel.grab().save(str(tmp_path / "asked.png"))
        # The region first (its name is on the screen): each card's list is then the
        # region's few candidates, the truth among them.
        region = panel.findChild(QComboBox, "hint:animals:group")
        region.setCurrentIndex(region.findText("Jungle"))
        QApplication.processEvents()
        assert all(0 < box.count() <= 7 for box in lists)
        for box, name in zip(lists, TRUTH):
            assert box.findText(name) >= 0
            box.setCurrentIndex(box.findText(name))
        apply.click()
        QApplication.processEvents()
        assert loop.view.advice is not None
        assert not panel.hint_chooser.isVisible()
        assert panel.advice_line.text().startswith("Tap row")
    finally:
        panel.close()
