"""Minesweeper read off the screen: the reader, ``analyze``, ``calibrate`` and the live loop.

The screenshots are the test kit's beginner window (our own art, ``kit.skins.minesweeper``);
the truth comes with each drawing. The scripted game (a first click, safe clicks, a flag) is
the one ``gridsight demo minesweeper`` plays; the live loop over it is tested with every other
game's in ``tests/test_live_loop.py``, and the perturbed corpus holds 170 of its screenshots.
"""

from __future__ import annotations

import json

import cv2
import numpy as np
import pytest

from gridsight.readers.base import ReadError, ReadHints
from gridsight.readers.find import find_board
from gridsight.registry import get_spec
from kit import corpus
from kit.games import minesweeper as kit
from kit.scripted import screen, script_of
from kit.skins import minesweeper as skin
from gridsight.games.minesweeper.options import MinesweeperOptions
from gridsight.solvers.boardtext import parse_boards
from gridsight.solvers.limit import Limit
from gridsight.vision.classify import BoardRead, CellRead
from gridsight.vision.geometry import BoardGeometry
from gridsight.vision.packs import load_pack

SPEC = get_spec("minesweeper")
OPTIONS = MinesweeperOptions(limit=Limit(seconds=5.0))


def _text(labels, mines: int = 10) -> str:
    return f"mines: {mines}\n" + "\n".join(" ".join(row) for row in labels) + "\n"


def _read(image: np.ndarray, hints: ReadHints = ReadHints()):
    pack = load_pack("minesweeper")
    found = find_board(image, "minesweeper", pack)
    return SPEC.reader.read(image, found.read, pack, hints)


def test_every_scripted_board_and_the_specimen_are_read_exactly():
    script = script_of("minesweeper")
    shots = [script.shot(i) for i in range(len(script.boards))] + [kit.specimen()]
    for shot in shots:
        reading = _read(screen(shot.image))
        assert reading.text == _text(shot.labels) and not reading.unread
        assert any("beginner board: 10 mines" in note for note in reading.notes)


def test_the_mines_hint_wins_and_another_size_needs_it():
    shot = script_of("minesweeper").shot(2)
    assert _read(shot.image, ReadHints(mines=12)).text == _text(shot.labels, 12)
    board = BoardRead(BoardGeometry.from_rect(0, 0, 10, 10, 4, 5),
                      tuple(tuple(CellRead(r, c, ".", 1.0, 1.0, ".", ".") for c in range(5))
                            for r in range(4)))
    with pytest.raises(ReadError, match="how many mines has this 4x5 board"):
        SPEC.reader.read(np.zeros((60, 60, 3), np.uint8), board, load_pack("minesweeper"),
                         ReadHints())
    text = SPEC.reader.read(np.zeros((60, 60, 3), np.uint8), board, load_pack("minesweeper"),
                            ReadHints(mines=3)).text
    assert text.startswith("mines: 3\n")


def test_an_unread_cell_is_refused_and_named():
    shot = script_of("minesweeper").shot(1)
    image = shot.image.copy()
    x0, y0 = skin.BOARD_X + 4 * skin.CELL, skin.BOARD_Y + 6 * skin.CELL
    image[y0 + 4:y0 + skin.CELL - 4, x0 + 4:x0 + skin.CELL - 4] = (255, 0, 255)  # a smudge
    with pytest.raises(ReadError, match=r"row 7, column 5") as caught:  # named for people
        _read(image)
    assert caught.value.unread == ((6, 4),)


def test_analyze_finds_the_game_reads_and_solves_a_screenshot(run_cli, tmp_path):
    shot = script_of("minesweeper").shot(3)
    rng = np.random.default_rng(5)
    path = tmp_path / "board.png"
    cv2.imwrite(str(path), corpus.perturb(shot, rng, jpeg=False).image)
    code, out, err = run_cli("analyze", str(path), "--json", "--out", str(tmp_path / "out"))
    assert code == 0, err
    data = json.loads(out)
    assert data["game"] == "minesweeper" and data["board"] == _text(shot.labels)
    alone = SPEC.adapter.solve(parse_boards(_text(shot.labels))[0], OPTIONS)
    assert data["recommend"] == alone.json["recommend"]
    assert (tmp_path / "out" / "board-advice.png").is_file()


def test_a_calibrated_pack_of_an_unseen_look_reads_further_screenshots(run_cli, tmp_path,
                                                                       monkeypatch):
    """A night-coloured window gridsight has never seen: calibrate on one screenshot (corners
    a pixel off, every cell labelled), then read ten perturbed ones with the new pack."""
    monkeypatch.setenv("GRIDSIGHT_DATA_DIR", str(tmp_path / "data"))
    shot = kit.specimen(skin.NIGHT_SKIN)
    image, labels = tmp_path / "night.png", tmp_path / "night.txt"
    cv2.imwrite(str(image), shot.image)
    labels.write_text(_text(shot.labels))
    corners = shot.geometry.outline() + np.array([[0.8, -0.6], [-0.7, 0.5], [0.6, 0.9],
                                                 [-0.9, -0.4]])
    code, out, err = run_cli("calibrate", "minesweeper", str(image), "--skin", "night",
                             "--corners", ",".join(f"{v:.1f}" for v in corners.ravel()),
                             "--labels", str(labels))
    assert code == 0, err
    assert "reads back with all 81 labelled cells right" in out
    pack = load_pack("minesweeper", "night")
    assert load_pack("minesweeper").labels != () and pack.skin == "night"
    for seed in range(10):
        rng = np.random.default_rng(300 + seed)
        sample = corpus.perturb(kit.random_shot(rng, skin=skin.NIGHT_SKIN), rng)
        found = find_board(sample.image, "minesweeper", pack)
        assert [list(r) for r in found.read.labels()] == [list(r) for r in sample.labels], seed
