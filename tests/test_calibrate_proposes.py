"""``gridsight calibrate disco-zoo`` finds what ``analyze`` finds and asks only for the rest;
a card box saved by it that falls off a later screenshot is refused in words.

- no options: the corners come from the lattice search, every cell's label from the
  structural read, and the board (names, attempts) is read back with no hints;
- names that do not read: the command suggested carries ``--animals`` to fill in;
- a tile it cannot tell by itself (a found tile of no known colour) is the one thing it asks
  for (``--labels``), with the corners proposed;
- a pack whose card boxes (``--cards``) land outside a screenshot showing less of the screen
  is refused by ``analyze`` with a sentence, exit 2, no traceback; inside a desktop capture
  the sentence is of the game's window found in it.
"""

from __future__ import annotations

import json

import cv2
import numpy as np
import pytest

from kit.skins import disco_zoo_real as real

# Some screenshots are located by more than one test (calibrate, then analyze or live): each
# picture's structural locate runs once in this file (tests/conftest.py).
pytestmark = pytest.mark.usefixtures("located_once")

ANIMALS = (("Gorilla", "common"), ("Panda", "rare"), ("Tiger", "rare"))
LOOK_SEED = 33  # the look of tests/test_calibrate_real_look.py (its cards are found)


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    """Packs are saved under a temporary data directory, never the real home; no window."""
    monkeypatch.setenv("GRIDSIGHT_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("QT_QPA_PLATFORM", "offscreen")
    return tmp_path / "data"


def _cells(*taps):
    cells = [["ground"] * 5 for _ in range(5)]
    for r, c, label in taps:
        cells[r][c] = label
    return cells


CALIBRATION = _cells((3, 0, "animal:Gorilla"), (1, 1, "animal:Panda"), (4, 4, "animal:Tiger"),
                     (2, 2, "empty"), (0, 4, "empty"), (2, 0, "empty"))
BOARD = """\
region: Jungle
animals: Gorilla, Panda, Tiger
taps: 4
. . . . -
. 2 . . .
- . - . .
1 . . . .
. . . . 3
"""


def _shot(cells=CALIBRATION, attempts=4):
    return real.render(cells, animals=ANIMALS, attempts=attempts, region="Jungle",
                       seed=LOOK_SEED)


def test_calibrate_with_no_options_finds_the_corners_the_cells_and_the_board(tmp_path, run_cli):
    shot = _shot()
    path = tmp_path / "rescue.png"
    cv2.imwrite(str(path), shot.image)
    code, out, err = run_cli("calibrate", "disco-zoo", str(path))
    assert code == 0, err
    found = next(line for line in out.splitlines() if "found by the lattice search" in line)
    corners = [float(v) for v in found.split("--corners ")[1].split(",")]
    truth = shot.geometry.outline().ravel()
    assert max(abs(a - b) for a, b in zip(corners, truth)) < 1.5
    assert "every cell told by itself" in out
    assert "all 25 labelled cells right" in out
    lines = out.splitlines()
    start = lines.index("The board reads back by itself as:") + 1
    assert "\n".join(line[2:] for line in lines[start : start + 8]) + "\n" == BOARD
    assert "found by the automatic search: the cards and the counter" in out
    assert "Use it: gridsight analyze --game disco-zoo --pack mine " in out


def _names_blanked(shot, tmp_path):
    """The screenshot saved with every card's name painted over in the card's colour, so the
    names cannot be read; returns its path."""
    image = shot.image.copy()
    look = shot.extras["look"]
    for card in shot.extras["cards"]:
        x, y, w, h = card.name_box
        image[y - 2 : y + h + 2, x - 2 : x + w + 2] = look.card_color
    path = tmp_path / "rescue.png"
    cv2.imwrite(str(path), image)
    return path


def test_calibrate_suggests_the_hint_the_read_back_asked_for(tmp_path, run_cli):
    """Cards whose names do not read (blanked here): the read back asks for ``--animals``,
    and the command suggested has it, with a placeholder said in words, never without."""
    path = _names_blanked(_shot(), tmp_path)
    code, out, err = run_cli("calibrate", "disco-zoo", str(path))
    assert code == 0, err
    assert "warning: the board is not read back by itself:" in out and "--animals" in out
    assert "in the command below, put the rescue's animals in place of A,B,C: one name for " \
        "each of the 3 cards found, in their order (the warning above" in out
    assert f"Use it: gridsight analyze --game disco-zoo --pack mine --animals A,B,C {path}" \
        in out


def test_the_placeholder_has_one_name_per_card_found(tmp_path, run_cli):
    """Two cards on the screen, their names unread: the command suggested asks for two names
    (``A,B``), not the three of a fixed ``A,B,C``."""
    two = (("Gorilla", "common"), ("Panda", "rare"))
    cells = _cells((3, 0, "animal:Gorilla"), (1, 1, "animal:Panda"), (2, 2, "empty"),
                   (0, 4, "empty"))
    path = _names_blanked(real.render(cells, animals=two, attempts=6, region="Jungle",
                                      seed=LOOK_SEED), tmp_path)
    code, out, err = run_cli("calibrate", "disco-zoo", str(path))
    assert code == 0, err
    assert "put the rescue's animals in place of A,B: one name for each of the 2 cards found" \
        in out
    assert f"--animals A,B {path}" in out and "A,B,C" not in out


def test_calibrate_asks_only_for_the_cells_it_cannot_tell(tmp_path, run_cli):
    shot = _shot()
    image = shot.image.copy()
    look = shot.extras["look"]
    x0, y0, s = look.board_x + look.cell, look.board_y + 2 * look.cell, look.cell
    image[y0 + 4 : y0 + s - 4, x0 + 4 : x0 + s - 4] = (200, 60, 200)  # a tile of no known kind
    path = tmp_path / "rescue.png"
    cv2.imwrite(str(path), image)
    code, out, err = run_cli("calibrate", "disco-zoo", str(path))
    assert code == 1  # no window here to ask in: it says what to give
    assert "corners found by the lattice search" in out
    assert "not told by themselves (row 3, column 2)" in out
    assert "give --labels FILE" in err and "--corners" not in err.split("give ")[-1]


def test_a_card_box_saved_off_a_later_screenshot_is_refused_in_words(tmp_path, run_cli):
    shot = _shot()
    path, labels = tmp_path / "rescue.png", tmp_path / "board.txt"
    cv2.imwrite(str(path), shot.image)
    labels.write_text(BOARD)
    look = shot.extras["look"]
    width = (look.width - 2 * look.card_margin - 2 * look.card_gap) // 3
    if look.card_width:
        width = min(look.card_width, width)
        left = (look.width - (3 * width + 2 * look.card_gap)) // 2
    else:
        left = look.card_margin
    cards = ";".join(f"{left + k * (width + look.card_gap)},{look.card_top},{width},"
                     f"{look.card_height}" for k in range(3))
    code, out, err = run_cli("calibrate", "disco-zoo", str(path), "--labels", str(labels),
                             "--cards", cards)
    assert code == 0, err
    assert json.loads((tmp_path / "data" / "templates" / "disco-zoo" / "mine" /
                       "manifest.json").read_text())["furniture"]["cards"]
    # A later screenshot cropped below the cards (a phone mirror showing the board only).
    later = tmp_path / "later.png"
    cv2.imwrite(str(later), shot.image[look.card_top + look.card_height + 4 :])
    code, out, err = run_cli("analyze", str(later), "--game", "disco-zoo", "--pack", "mine",
                             "--animals", "Gorilla,Panda,Tiger", "--out", str(tmp_path / "out"))
    assert code == 2
    assert "the box of card 1 saved in the pack by calibrate falls at" in err
    assert "outside this" in err and "Traceback" not in err
    # The same screen as a window of a desktop capture: said of the window, not the capture.
    crop = shot.image[look.card_top + look.card_height + 4 :]
    frame = np.full((720, 1280, 3), (70, 40, 30), np.uint8)
    frame[12:40, 498 : 502 + crop.shape[1]] = (200, 200, 200)  # its title bar
    frame[40 : 40 + crop.shape[0], 500 : 500 + crop.shape[1]] = crop
    cv2.imwrite(str(later), frame)
    code, out, err = run_cli("analyze", str(later), "--game", "disco-zoo", "--pack", "mine",
                             "--animals", "Gorilla,Panda,Tiger", "--out", str(tmp_path / "out"))
    assert code == 2 and "Traceback" not in err
    assert "outside the game's window found in this 1280x720 capture (x 500, y " in err


def test_calibrate_on_a_desktop_capture_finds_the_whole_screen_around_the_board(tmp_path,
                                                                                run_cli):
    """Harder desktop 99202 (``bench/bench_desktop.py``): a phone whose left side is blended
    into its neighbour. Its screen was never proposed as a window (the lattice search found
    no board: ``tests/test_desktop.py``); then the pack's board was found, but the rectangles
    around it cut through the title bar, and the counter, though the screen shows it, was
    asked for as not found. The window found by the search by windows shows the whole
    screen: nothing to mark, no hint, the board read back exactly."""
    from kit.desktop import real_look_rescue, sample

    # The capture as drawn before the skins were widened (the look and desktop it was found on).
    _, capture, truth = sample(lambda seed: real_look_rescue(seed, wide=False), 99_202,
                               harder=True, wider=False)
    path = tmp_path / "desktop.png"
    cv2.imwrite(str(path), capture.image)
    code, out, err = run_cli("calibrate", "disco-zoo", str(path))
    assert code == 0, err
    assert "found by the automatic search: the cards and the counter (nothing to mark)" in out
    assert "warning" not in out
    lines = out.splitlines()
    start = lines.index("The board reads back by itself as:") + 1
    assert "\n".join(line[2:] for line in lines[start : start + 8]) + "\n" == truth
    assert f"Use it: gridsight analyze --game disco-zoo --pack mine {path}" in out
