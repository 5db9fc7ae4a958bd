"""Calibration that learns what it needs, on real-look Disco Zoo screens (issue 12, item 3).

- ``gridsight calibrate`` reads its screenshot back through ``analyze``'s own functions and
  prints that read and a command that makes it; the command, run, gives the same board;
- furniture boxes given by option (``--cards``, ``--counter``) are kept in the pack (board
  units) and used where the automatic search finds nothing (cards of the ground's own colour,
  a counter moved);
- a correction in the live panel ("this tile is Panda") is saved to the pack, and the next
  read of another screenshot of the same look is right without it.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import shlex

import cv2
import numpy as np
import pytest

from gridsight.readers.base import ReadHints
from kit.skins import disco_zoo_real as real

ANIMALS = (("Gorilla", "common"), ("Panda", "rare"), ("Tiger", "rare"))
NAMES = "Gorilla,Panda,Tiger"
LOOK_SEED = 33

# The same screens are located more than once in this file (analyze, then the live loop):
# each picture's structural locate runs once (tests/conftest.py).
pytestmark = pytest.mark.usefixtures("located_once")


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    """Packs are saved under a temporary data directory, never the real home."""
    monkeypatch.setenv("GRIDSIGHT_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


def _look(light_cards: bool = False):
    look = real.random_look(LOOK_SEED, "Jungle")
    if light_cards:  # cards of the ground's own colour: the automatic search finds none
        look = real.with_look(look, card_color=look.background, background_low=look.background,
                              ground_specks=0.0)
    return look


def _cards_unseen(monkeypatch) -> None:
    """The automatic card search finds no card on the light-card screens: their cards are the
    ground's own colour, found since the 28th session by what they hold (``unedged_cards``: a
    box row under a centred picture); these tests are about what happens when the search
    finds none (a look it cannot find: the player marks the cards), so that fallback is
    switched off."""
    from gridsight.games.disco_zoo import cards

    monkeypatch.setattr(cards, "unedged_cards", lambda *args, **kwargs: ())


def _shot(cells, attempts, *, light_cards=False):
    return real.render(cells, animals=ANIMALS, attempts=attempts, region="Jungle",
                       seed=LOOK_SEED, look=_look(light_cards))


def _text(cells, taps) -> str:
    names = [n for n, _ in ANIMALS]
    token = {"ground": ".", "empty": "-", **{f"animal:{n}": str(k + 1) for k, n in
                                             enumerate(names)}}
    return (f"region: Jungle\nanimals: {', '.join(names)}\ntaps: {taps}\n"
            + "\n".join(" ".join(token[c] for c in row) for row in cells) + "\n")


def _board(*taps):
    cells = [["ground"] * 5 for _ in range(5)]
    for r, c, label in taps:
        cells[r][c] = label
    return cells


CALIBRATION = _board((3, 0, "animal:Gorilla"), (1, 1, "animal:Panda"), (4, 4, "animal:Tiger"),
                     (2, 2, "empty"), (0, 4, "empty"), (2, 0, "empty"))


def _calibrate(run_cli, tmp_path, shot, text, *extra):
    image, labels = tmp_path / "calibration.png", tmp_path / "labels.txt"
    cv2.imwrite(str(image), shot.image)
    labels.write_text(text)
    corners = ",".join(f"{v:g}" for v in shot.geometry.outline().ravel())
    code, out, err = run_cli("calibrate", "disco-zoo", str(image), "--corners", corners,
                             "--labels", str(labels), *extra)
    assert code == 0, err
    return image, out


def _read_back(out: str) -> str:
    """The board calibrate printed as read back."""
    lines = out.splitlines()
    start = next(i for i, line in enumerate(lines) if "reads back" in line and ":" in line
                 and "cells" not in line) + 1
    board = []
    for line in lines[start:]:
        if not line.startswith("  "):
            break
        board.append(line[2:])
    return "\n".join(board) + "\n"


def test_calibrate_reads_back_as_analyze_does_and_its_command_works(tmp_path, run_cli,
                                                                     monkeypatch):
    """Both commands go through find_in and read_found (a read changed there changes both):
    calibrate's read back is the very read its printed command makes."""
    import gridsight.readers.find as find

    original = find.read_found
    calls = []

    def spy(image, found, hints):
        calls.append(found.pack.name)
        return original(image, found, hints)

    monkeypatch.setattr(find, "read_found", spy)
    shot = _shot(CALIBRATION, 4)
    text = _text(CALIBRATION, 4)
    image, out = _calibrate(run_cli, tmp_path, shot, text)
    assert calls and set(calls) == {"disco-zoo/mine"}
    calls.clear()
    # The cards' names are read off the screen: no --animals needed (issue 18).
    assert "The board reads back exactly as given:" in out
    assert _read_back(out) == text
    command = next(line for line in out.splitlines() if line.startswith("Use it: "))
    args = shlex.split(command[len("Use it: "):])
    assert args[:6] == ["gridsight", "analyze", "--game", "disco-zoo", "--pack", "mine"]
    assert "--animals" not in args and args[-1] == str(image)
    code, printed, err = run_cli(*args[1:], "--json", "--out", str(tmp_path / "out"))
    assert code == 0, err
    assert json.loads(printed)["board"] == _read_back(out)  # the very read calibrate made
    assert calls == ["disco-zoo/mine"]


def card_boxes(look) -> list[tuple[int, int, int, int]]:
    """Where the look draws its cards (pixels, left to right)."""
    n = len(ANIMALS)
    width = (look.width - 2 * look.card_margin - (n - 1) * look.card_gap) // n
    if look.card_width:
        width = min(look.card_width, width)
        x = (look.width - (n * width + (n - 1) * look.card_gap)) // 2
    else:
        x = look.card_margin
    return [(x + k * (width + look.card_gap), look.card_top, width, look.card_height)
            for k in range(n)]


def _number_box(cells, attempts, light_cards) -> tuple[int, int, int, int]:
    """Where the counter's number is drawn: the pixels that differ between this counter and
    others (several: in some fonts two digits share most of their pixels)."""
    a = _shot(cells, attempts, light_cards=light_cards).image
    differ = np.zeros(a.shape[:2], bool)
    for other in (1, 7, 8, 0):
        if other != attempts:
            differ |= np.any(a != _shot(cells, other, light_cards=light_cards).image, axis=2)
    ys, xs = np.nonzero(differ)
    return int(xs.min()) - 3, int(ys.min()) - 3, int(np.ptp(xs)) + 7, int(np.ptp(ys)) + 7


def _counter_moved(image: np.ndarray, box, look) -> tuple[np.ndarray, tuple[int, ...]]:
    """The screen with its counter's number moved from the top bar to the middle of the
    bottom bar (a layout the automatic search does not expect); and its new box."""
    x, y, w, h = box
    out = image.copy()
    number = image[y : y + h, x : x + w].copy()
    out[y : y + h, x : x + w] = image[y + h // 2, x - 4]  # the bar's own colour
    top = look.height - look.nav_bar - look.bottom_height // 2 - h // 2
    left = (look.width - w) // 2
    out[top : top + h, left : left + w] = number
    return out, (left, top, w, h)


def test_furniture_given_by_option_is_kept_and_used(tmp_path, run_cli, monkeypatch):
    _cards_unseen(monkeypatch)
    cells = CALIBRATION
    look = _look(True)
    shot = _shot(cells, 4, light_cards=True)
    picture, counter = _counter_moved(shot.image, _number_box(cells, 4, True), look)
    shot = dataclasses.replace(shot, image=picture)
    text = _text(cells, 4)
    image, out = _calibrate(run_cli, tmp_path, shot, text)
    assert "warning: the cards were not found on this screenshot" in out
    assert "warning: the counter was not found on this screenshot" in out
    boxes = ";".join(",".join(map(str, box)) for box in card_boxes(look))
    image, out = _calibrate(run_cli, tmp_path, shot, text, "--cards", boxes,
                            "--counter", ",".join(map(str, counter)))
    assert "were not found" not in out and "reads back exactly as given" in out
    # what the player marked is said as marked, never as found by the search
    assert "read in the boxes you marked: the cards and the counter" in out
    assert "found by the automatic search" not in out
    manifest = json.loads((tmp_path / "data" / "templates" / "disco-zoo" / "mine" /
                           "manifest.json").read_text())
    assert len(manifest["furniture"]["cards"]) == 3 and len(manifest["furniture"]["counter"]) == 1
    # A later screenshot of the look at another scale, 8 attempts left: a lone rare tile is
    # told Panda (not Tiger) by the cards in the boxes, the taps by the counter in its box,
    # where the automatic search finds neither.
    later = _board((2, 1, "animal:Panda"), (0, 3, "empty"))
    moved, _ = _counter_moved(_shot(later, 8, light_cards=True).image,
                              _number_box(later, 8, True), look)
    picture = cv2.resize(moved, None, fx=1.5, fy=1.5, interpolation=cv2.INTER_NEAREST)
    path = tmp_path / "later.png"
    cv2.imwrite(str(path), picture)
    code, printed, err = run_cli("analyze", str(path), "--game", "disco-zoo", "--pack", "mine",
                                 "--animals", NAMES, "--json", "--out", str(tmp_path / "out"))
    assert code == 0, err
    data = json.loads(printed)
    assert data["board"] == _text(later, 8) and data["warnings"] == []


def test_a_furniture_box_outside_the_screenshot_is_refused_before_saving(tmp_path, run_cli):
    """A --cards box off the screenshot is named, exit 2, and no pack is saved (it was saved
    as given, then blamed on "the box saved in the pack by calibrate")."""
    shot = _shot(CALIBRATION, 4)
    image, labels = tmp_path / "calibration.png", tmp_path / "labels.txt"
    cv2.imwrite(str(image), shot.image)
    labels.write_text(_text(CALIBRATION, 4))
    corners = ",".join(f"{v:g}" for v in shot.geometry.outline().ravel())
    height, width = shot.image.shape[:2]
    code, _, err = run_cli("calibrate", "disco-zoo", str(image), "--corners", corners,
                           "--labels", str(labels), "--skin", "offside",
                           "--cards", f"10,10,50,50;0,0,{width + 100},10")
    assert code == 2 and len(err.strip().splitlines()) == 1
    assert f"--cards box 2 0,0,{width + 100},10 is not inside the {width}x{height}" in err
    assert not (tmp_path / "data" / "templates" / "disco-zoo" / "offside").exists()


def test_a_panel_correction_saved_to_the_pack_makes_the_next_read_right(tmp_path, monkeypatch):
    _cards_unseen(monkeypatch)
    from gridsight.live.loop import LiveLoop
    from kit.scripted import screen
    from gridsight.readers.find import load_game_pack
    from gridsight.vision.capture import Frame, Rect

    options = argparse.Namespace(budget=0.05, time_limit=5.0)
    hints = ReadHints(animals=tuple(n for n, _ in ANIMALS))

    def frame(cells, taps):
        image = screen(_shot(cells, taps, light_cards=True).image, size=(420, 760), at=(30, 0))
        return Frame(image, Rect(0, 0, image.shape[1], image.shape[0]), 0.0)

    def play(loop, f):
        for _ in range(2):
            view = loop.step(f)
        return view

    first = _board((1, 3, "animal:Panda"), (3, 0, "empty"))  # cards unseen: Panda or Tiger?
    loop = LiveLoop("disco-zoo", load_game_pack("disco-zoo", None), solve_options=options,
                    hints=hints, learn=True)
    view = play(loop, frame(first, 8))
    assert view.board.splitlines()[4].split()[3] == "2/3"
    from gridsight.commands.live import board_source
    from gridsight.registry import get_spec

    spec = get_spec("disco-zoo")  # the live command's source offers the animals by name
    offered = board_source(spec, argparse.Namespace(pack=None, hint_animals=hints.animals))
    assert {"animal:Gorilla", "animal:Panda", "animal:Tiger"} <= set(offered.choices)
    fixed = loop.correct(1, 3, "animal:Panda")
    assert fixed.board == _text(first, 8)
    saved = tmp_path / "data" / "templates" / "disco-zoo" / "default" / "manifest.json"
    assert [r["label"] for r in json.loads(saved.read_text())["references"]] == ["animal:Panda"]
    # A new session (the pack loaded again: the player's copy), another rescue of the look:
    # its Panda tile is told by the tile saved, no correction.
    later = _board((2, 1, "animal:Panda"), (0, 3, "empty"), (4, 4, "empty"))
    again = LiveLoop("disco-zoo", load_game_pack("disco-zoo", None), solve_options=options,
                     hints=hints)
    view = play(again, frame(later, 7))
    assert view.board == _text(later, 7)
    assert not view.state.manual


def test_live_reads_a_screen_with_unseen_cards_again_without_searching_its_windows(monkeypatch):
    """Cards of the ground's colour are not found, so the board found in the whole frame is
    not sure and the search asks every window-like region for a better one (some thirty
    structural reads, seconds of CPU); the frame after a tap is read in the whole frame
    alone when it finds that board again (gridsight.readers.desktop.ScreenLocator)."""
    _cards_unseen(monkeypatch)
    from gridsight.live.loop import LiveLoop
    from kit.scripted import screen
    from gridsight.readers.find import load_game_pack
    from gridsight.vision.capture import Frame, Rect

    loop = LiveLoop("disco-zoo", load_game_pack("disco-zoo", None),
                    solve_options=argparse.Namespace(budget=0.05, time_limit=5.0),
                    hints=ReadHints(animals=tuple(n for n, _ in ANIMALS)))
    first = _board((1, 3, "animal:Panda"), (3, 0, "empty"))  # (the panel test's: located once)
    then = _board((1, 3, "animal:Panda"), (3, 0, "empty"), (0, 2, "empty"))  # a tap after
    for cells, taps in ((first, 8), (then, 7)):
        image = screen(_shot(cells, taps, light_cards=True).image, size=(420, 760), at=(30, 0))
        for _ in range(2):
            view = loop.step(Frame(image, Rect(0, 0, image.shape[1], image.shape[0]), 0.0))
    located = loop.source._structure
    assert (located.searches, located.kept) == (1, 1)
    lines = view.board.splitlines()
    assert lines[2] == "taps: 7" and lines[3].split()[2] == "-"
    assert lines[4].split()[3] == "2/3"  # the Panda tile still told from the Tiger by nothing


@pytest.mark.parametrize("learn", [True, False])
def test_live_learn_saves_a_panel_correction_only_when_asked(tmp_path, run_cli, monkeypatch,
                                                             learn):
    """``gridsight live --learn``: the command's own loop saves a correction into the pack;
    without ``--learn`` nothing is written."""
    pytest.importorskip("PySide6")
    import gridsight.commands.live as live
    from gridsight.log import RecommendationLog
    from kit.scripted import screen
    from gridsight.vision.capture import Frame, Rect

    class NoCapture:
        def close(self):
            pass

    monkeypatch.setattr(live, "_open_capture_and_log", lambda options: (
        NoCapture(), RecommendationLog(tmp_path / "log.jsonl")))
    monkeypatch.setattr(live, "_compositor_notice", lambda options: ("", True))
    first = _board((1, 3, "animal:Panda"), (3, 0, "empty"))
    image = screen(_shot(first, 8, light_cards=True).image, size=(420, 760), at=(30, 0))
    views = []

    def drive(options, loop, capture, choices, notice, draw_over):  # the panel, by hand
        frame = Frame(image, Rect(0, 0, image.shape[1], image.shape[0]), 0.0)
        for _ in range(2):
            loop.step(frame)
        views.append(loop.correct(1, 3, "animal:Panda"))
        return 0

    monkeypatch.setattr(live, "_drive", drive)
    code, _, err = run_cli("live", "--game", "disco-zoo", "--animals", NAMES, "--budget", "0.05",
                           *(["--learn"] if learn else []))
    assert code == 0, err
    assert views[0].board == _text(first, 8)
    saved = tmp_path / "data" / "templates" / "disco-zoo" / "default" / "manifest.json"
    assert saved.exists() == learn
    if learn:
        assert any("saved to the pack" in w for w in views[0].warnings)
