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

# The same two small frames and the no-cards frame are stepped through a fresh live loop by
# most tests here: each picture is located once in this file (tests/conftest.py; no test here
# changes what the locate does: the OCR is off in every loop, and a region given is a hint the
# locate does not take).
pytestmark = pytest.mark.usefixtures("located_once")


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
        # Said once (real-look 7002): the advice line says what is not read, the question
        # asks, the lists offer; the warning under them said all three again.
        shown = [panel.advice_line.text(), panel.hint_chooser.question.text(),
                 panel.status.text()]
        assert shown[:2] == ["no advice: the animals are not read beyond doubt",
                             "Which animal is on each card?"]
        assert sum(text.count("not read beyond doubt") for text in shown) == 1, shown
        assert "cannot read" not in shown[2] and "panel's lists" not in shown[2], shown[2]
        # Nothing picked for the player: each list of several candidates starts unpicked,
        # and *Read with these* waits (it read a rescue of each list's first candidate).
        assert all(box.currentText() == "(pick one)" for box in lists)
        assert not apply.isEnabled()
        from gridsight.games.disco_zoo.screen_text import _named_choices
        from gridsight.live.hint_choice import _listed

        named = _named_choices(("Pig", "Cow"), "Farm")  # names read that fit no rescue
        assert _listed(named, 0, named.options[0])[0] == "Pig"  # one click reads with them
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


@pytest.fixture(scope="module")
def no_cards_frame() -> np.ndarray:
    """The Panda-or-Tiger rescue of tests/test_doubts.py (Gorilla, Panda, Tiger; its cards
    hidden under a banner) at 0.6x: the board is read, no card is seen."""
    from test_doubts import _doubtful_screen

    return cv2.resize(_doubtful_screen(), None, fx=0.6, fy=0.6, interpolation=cv2.INTER_AREA)


def test_no_card_seen_offers_the_region_and_each_card_not_a_restart(loop, no_cards_frame):
    view = play(loop, no_cards_frame)
    assert view.advice is None and view.choices is not None
    assert view.status == "no advice: the animal cards are not seen"
    choices = view.choices
    # 1 to 3 animals and maybe a pet: four lists, all but the first may be left out.
    assert len(choices.options) == 4 and choices.fewest == 1
    from gridsight.live.qt import view_snapshot

    assert view_snapshot(view)["choices"]["fewest"] == 1  # --status-file's too
    assert "Jungle" in dict(choices.groups)
    assert all(set(TRUTH) <= set(options) for options in dict(choices.groups)["Jungle"])
    with pytest.raises(ValueError):
        choices.value(("none", "Panda", "Tiger", "none"))  # the first card is always there
    view = loop.set_hint("animals", choices.value(TRUTH + ("none",)))
    assert view.advice is not None and view.choices is None
    assert view.board.splitlines()[1] == "animals: Gorilla, Panda, Tiger"


def test_the_panel_offers_the_region_then_the_cards_when_none_is_seen(loop, no_cards_frame,
                                                                       tmp_path):
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    pytest.importorskip("PySide6")
    from PySide6.QtWidgets import QApplication, QComboBox, QPushButton

    from gridsight.live.panel import Panel
    from gridsight.overlay.window import ensure_app

    ensure_app()
    panel = Panel(loop, loop.pack.labels)
    try:
        panel.show()  # shown before the board is read, as live shows it
        QApplication.processEvents()
        panel.show_view(play(loop, no_cards_frame))
        for _ in range(5):  # the layout settles over a few passes (posted resizes)
            QApplication.processEvents()
        # The question wraps on three lines at the panel's narrowest: its height is reserved,
        # so the rows under the board are not drawn over its last row (7 px were).
        undo = next(b for b in panel.findChildren(QPushButton) if b.text() == "Undo")
        board = panel.board
        assert board.mapTo(panel, board.rect().bottomLeft()).y() < \
            undo.mapTo(panel, undo.rect().topLeft()).y()
        lists = [panel.findChild(QComboBox, f"hint:animals:{k}") for k in range(4)]
        region = panel.findChild(QComboBox, "hint:animals:group")
        apply = panel.findChild(QPushButton, "hint:animals:apply")
        assert region is not None and apply is not None and all(lists)
        assert [box.currentText() for box in lists[1:]] == ["none"] * 3  # unpicked: no card
        # Card 1 is always there, and nothing says which: it waits for the player's pick (it
        # started at the region's first animal, and one click read a rescue of a Monkey).
        assert lists[0].currentText() == "(pick one)" and not apply.isEnabled()
        # Four lists and a button fit beside a board: no wider than without the chooser.
        asked = panel.minimumSizeHint().width()
        panel.hint_chooser.setVisible(False)
        assert asked <= panel.minimumSizeHint().width()
        panel.hint_chooser.setVisible(True)
        # The title's JUNGLE is read with no card: the region is picked for the player.
        assert region.currentText() == "Jungle"
        assert all(box.count() <= 7 + 8 + 1 for box in lists)  # the region's, pets, none
        for box, name in zip(lists, TRUTH):
            box.setCurrentIndex(box.findText(name))
        panel.grab().save(str(tmp_path / "no_cards.png"))
        apply.click()
        QApplication.processEvents()
        assert loop.view.advice is not None and not panel.hint_chooser.isVisible()
        # The rescue's found tile is Panda or Tiger: the advice line asks (tests/test_doubts.py).
        assert panel.advice_line.text() == "Row 1, column 4: Panda or Tiger?"
    finally:
        panel.close()


def test_names_that_fit_no_rescue_are_offered_first_and_a_misfit_lets_any_be_picked():
    from gridsight.games.disco_zoo.screen_text import _any_choices, _named_choices

    named = _named_choices(("Pig", "Cow"), "Farm")  # one click: read with the names anyway
    assert [options[0] for options in named.options] == ["Pig", "Cow"]
    assert named.value(("Pig", "Cow")) == ("Pig", "Cow") and named.fewest is None
    anyone = _any_choices("Farm", 2)  # the region given: its animals and the pets alone
    assert not anyone.groups and 7 < len(anyone.options[0]) <= 7 + 8
    assert "Pig" in anyone.options[1]


def test_the_title_s_region_is_offered_first_when_no_card_is_seen(loop, no_cards_frame):
    # With no card there were no names to read the title with: the region list started at
    # "any" (105 names a list) while the screen's title said JUNGLE.
    view = play(loop, no_cards_frame)
    assert view.choices is not None and view.choices.seen == "Jungle"
    assert "the title reads Jungle" in view.choices.question
    from gridsight.live.qt import view_snapshot

    assert view_snapshot(view)["choices"]["seen"] == "Jungle"  # --status-file's too
    # A region the player gave is theirs: nothing read off the title then.
    from gridsight.readers.base import ReadHints

    given = LiveLoop("disco-zoo", load_game_pack("disco-zoo", None), solve_options=OPTIONS,
                     hints=ReadHints(region="Farm"))
    choices = play(given, no_cards_frame).choices
    assert choices is not None and choices.seen == "" and not choices.groups


def test_a_refusal_says_to_pick_in_the_panel_when_it_offers_the_pick_else_to_restart(
        loop, no_cards_frame):
    # The warning under a refused read said "name the animals ... with --animals" while the
    # panel offered the pick: a player mid-game was told to restart.
    view = play(loop, no_cards_frame)  # no panel (live --no-panel)
    said = next(w for w in view.warnings if w.startswith("cannot read the board"))
    assert "start live again" in said and "--no-panel" in said
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    pytest.importorskip("PySide6")
    from gridsight.live.panel import Panel
    from gridsight.overlay.window import ensure_app

    ensure_app()
    panel = Panel(loop, loop.pack.labels)
    try:
        loop.reset()
        view = play(loop, no_cards_frame, 3)
        said = next(w for w in view.warnings if w.startswith("cannot read the board"))
        assert said == ("cannot read the board: found a rescue board but no animal cards above "
                        "it; pick the animals in the panel's lists")
        panel.show_view(view)
        assert "--animals" not in panel.status.text()
    finally:
        panel.close()


def test_the_strip_beside_the_panel_s_lists_says_where_to_pick_not_the_refusal_whole(
        loop, small_frames):
    # A phone's strip said the refused read whole over the game (5 lines): the names not
    # read, the choices they leave, each card's candidates, where to pick them; the panel
    # asks it with its lists. The strip says where to pick; the status line keeps it whole.
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    pytest.importorskip("PySide6")
    from gridsight.live.qt import LiveDriver
    from test_live_real_look import frame

    class Capture:
        def grab(self):
            return frame(small_frames[1])

    lines = []
    driver = LiveDriver(loop, Capture(), panel_choices=loop.pack.labels, say=lines.append)
    try:
        driver.start()
        driver.timer.stop()
        for _ in range(3):
            driver.tick()
        assert loop.view.choices is not None
        assert driver.overlay.status_lines() == [
            ("advice", "no advice: the animals are not read beyond doubt"),
            ("warning", "warning: pick the animals in the panel's lists")]
        assert "cannot read the board: the cards' names are not read" in lines[-1]
    finally:
        driver.stop()


def test_a_refusal_s_clauses_naming_an_option_give_way_to_the_panel():
    from gridsight.errors import HintChoices
    from gridsight.live.loop import _refusal_words
    from gridsight.registry import get_spec

    ask = HintChoices("animals", (("Pig", "Cow"), ("Cow", "Pig")))
    spec = get_spec("disco-zoo")
    said = _refusal_words(
        "the cards' names are not read beyond doubt, and they leave 2 choices (Farm): card 1: "
        "Pig or Cow; card 2: Cow or Pig. Name the animals in card order with --animals, e.g. "
        "--animals Pig,Cow, or the region shown on the screen with --zoo-region (one of Farm, "
        "Mars)", ask, spec, True)
    assert said == ("the cards' names are not read beyond doubt, and they leave 2 choices "
                    "(Farm): card 1: Pig or Cow; card 2: Cow or Pig; pick the animals in the "
                    "panel's lists")
    said = _refusal_words("the cards read Pig, Cow, but no rescue fits. Check the screenshot; "
                          "to read it with these animals anyway, give --animals Pig,Cow (or "
                          "the animals in card order, if these names are misread)", ask, spec,
                          True)
    assert said == ("the cards read Pig, Cow, but no rescue fits. Check the screenshot; pick "
                    "the animals in the panel's lists")



def _7002_at_360() -> np.ndarray:
    """Real-look screen 7002 (two cards, its names not read with the OCR off) 360 px wide."""
    from test_disco_zoo_screens import real_screen

    image = real_screen(2)[2]
    return cv2.resize(image, (360, round(image.shape[0] * 360 / image.shape[1])),
                      interpolation=cv2.INTER_LINEAR)


def _on_a_phone(loop, image, monkeypatch):
    """A live driver of ``image`` (the game's window at 0,0) on a 360x640 phone's screen,
    its panel and strip placed; the caller stops it."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    pytest.importorskip("PySide6")
    from gridsight.live.qt import LiveDriver
    from gridsight.overlay.status import Box
    from test_live_real_look import frame

    class Capture:
        def grab(self):
            return frame(image)

    driver = LiveDriver(loop, Capture(), panel_choices=loop.pack.labels, say=lambda s: None)
    monkeypatch.setattr(driver.overlay, "screen_box", lambda: Box(0, 0, 360, 640))
    monkeypatch.setattr(driver.overlay, "window_box",
                        lambda: Box(0, 0, image.shape[1], image.shape[0]))
    monkeypatch.setattr(driver.overlay, "game_screen_box", lambda: None)
    driver.start()
    driver.timer.stop()
    for _ in range(3):
        driver.tick()
    return driver


def test_on_a_phone_the_panel_asking_which_animal_is_on_each_card_keeps_off_the_cards(
        loop, monkeypatch):
    # A phone's own screen (360x640), real-look 7002 (its names not read, two cards): the
    # panel, no room beside the game, went to the screen's top corner (clear of the board),
    # over the very cards its lists ask about. The reader hands the cards' boxes with its
    # choices; while it asks, the panel keeps off them (over the board's foot: no advice).
    # The strip, moved off the panel, went to the screen's top over the title bar (the
    # region's name, the attempts): the reader hands its place too, the strip keeps off it.
    from gridsight.overlay.placement import inside
    from gridsight.overlay.status import Box

    driver = _on_a_phone(loop, _7002_at_360(), monkeypatch)
    try:
        choices = loop.view.choices
        assert choices is not None and len(choices.where) == 3  # two cards, the title bar
        cards = [driver.overlay.on_screen(b) for b in choices.where[:2]]
        title = driver.overlay.on_screen(choices.where[2])
        assert title.y == 0 and title.y + title.h == min(c.y for c in cards), (title, cards)
        board = driver._board_box()
        assert all(c.y + c.h <= board.y for c in cards), (cards, board)  # above the board
        panel = driver.panel_box()
        assert panel.x >= 0 and panel.x + panel.w <= 360 and panel.y + panel.h <= 640, panel
        assert not any(panel.overlaps(c) for c in cards), (panel, cards)
        strip = driver.overlay.strip_box
        assert inside(strip, Box(0, 0, 360, 640)), strip
        assert not any(strip.overlaps(c) for c in cards + [title]), (strip, title)
        assert not panel.overlaps(title), (panel, title)
    finally:
        driver.stop()


def test_on_a_phone_asking_the_region_too_the_strip_keeps_off_the_title_bar_naming_it(
        loop, small_frames, monkeypatch):
    # The scripted Jungle rescue on a 360x640 phone, its names not read: the panel asks the
    # region (its name is on the screen) and each card. The strip, moved off the panel, went
    # to the screen's top, over the title bar naming the region. The reader hands the title
    # bar's place above the cards with the cards'; the strip and panel keep off all of them.
    from gridsight.overlay.placement import inside
    from gridsight.overlay.status import Box

    image = cv2.resize(small_frames[1], (360, 651), interpolation=cv2.INTER_LINEAR)
    driver = _on_a_phone(loop, image, monkeypatch)
    try:
        choices = loop.view.choices
        assert choices is not None and choices.groups  # the region asked too
        assert len(choices.where) == 4  # three cards and the title bar above them
        cards = [driver.overlay.on_screen(b) for b in choices.where[:3]]
        title = driver.overlay.on_screen(choices.where[3])
        assert title.y == 0 and title.y + title.h == min(c.y for c in cards), (title, cards)
        panel, strip = driver.panel_box(), driver.overlay.strip_box
        assert inside(strip, Box(0, 0, 360, 640)) and not strip.overlaps(panel), (strip, panel)
        for box in cards + [title]:
            assert not panel.overlaps(box) and not strip.overlaps(box), (panel, strip, box)
        # No band off the panel, the cards and the board held the strip (the key's line made
        # the panel 436 px high, the strip went over the title bar): the key is left off (its
        # words in the board's tooltip), the panel lifted, the strip at the screen's foot.
        board = driver._board_box()
        assert not strip.overlaps(board) and strip.y + strip.h == 640, (strip, board)
        assert driver.panel.key_short and not driver.panel.key.isVisibleTo(driver.panel)
        assert "tapped, no animal" in driver.panel.board.toolTip()
    finally:
        driver.stop()


def test_the_cards_asked_about_are_placed_in_the_frame_when_the_phone_is_a_desktop_window(
        loop):
    # The same rescue mirrored in a window of a desktop capture: the board is read in the
    # window's pixels, and the cards' boxes handed with the choices are moved into the
    # frame's (inside the window, above the board), as the overlay places windows by.
    from kit.desktop import _paste, wallpaper, window

    image = _7002_at_360()
    rng = np.random.default_rng(5)
    desk = wallpaper(rng, 1280, 800)
    window(desk, rng, (700, 60, 500, 400), "Notes")
    x, y, w, h = window(desk, rng, (200, 20, 364, image.shape[0] + 34), "scrcpy",
                        lambda box: _paste(desk, image, box[0], box[1]), bar=30, border=2)
    view = play(loop, desk)
    assert view.screen == (x, y, w, h) and view.choices is not None, view.screen
    top = min(float(p[1]) for p in view.geometry.outline())
    assert len(view.choices.where) == 3  # two cards and the title bar above them
    for bx, by, bw, bh in view.choices.where:
        assert x <= bx and bx + bw <= x + w and y <= by and by + bh <= top, (x, y, bx, by)
