"""A second opinion on Disco Zoo animals settled without the OCR engine: when the engine (the
``ocr`` extra) reads a card's name beyond doubt as another animal, a clue was misread, and the
reader asks rather than advise on the wrong animal (a Kakapo card whose three touching boxes
were counted as two was once named Ghost with no caveat). The engine is stood in for by a
function giving names, so these run without the extra."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from gridsight.games.disco_zoo import ocr_names
from gridsight.games.disco_zoo.screen import locate_rescue
from gridsight.games.disco_zoo.screen_text import read_screen
from gridsight.readers.base import ReadError, ReadHints
from gridsight.solvers.disco_zoo.catalogue import load_catalogue
from kit.ocr_standin import engine_says
from kit.rescues import random_rescue_board
from kit.skins import disco_zoo_real as real


def _engine_says(monkeypatch, cards):
    engine_says(monkeypatch, None, cards)


@pytest.fixture(scope="module")
def settled_screen():
    """A real-look screen of two or more cards read exactly with no options and no engine:
    (image, the rescue drawn, the screen found)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(ocr_names.SWITCH, "off")
        for seed in range(60):
            rng = np.random.default_rng(4400 + seed)
            board = random_rescue_board(rng, max_taps=10, region="Jungle")
            if len(board.animals) < 2:
                continue
            shot = real.render([list(row) for row in board.labels],
                               animals=[(a.name, a.rarity) for a in board.animals],
                               attempts=board.attempts, region=board.region, seed=4400 + seed)
            image = cv2.resize(shot.image, None, fx=2.0, fy=2.0,
                               interpolation=cv2.INTER_NEAREST)
            screen = locate_rescue(image)
            try:
                reading = read_screen(screen, screen.board_read("disco-zoo/structure"),
                                      ReadHints(), image=image)
            except ReadError:
                continue
            if reading.text == board.text:
                return image, board, screen
    raise AssertionError("no screen read exactly with no options")


def _read(screen, image):
    return read_screen(screen, screen.board_read("disco-zoo/structure"), ReadHints(),
                       image=image)


def test_an_engine_naming_a_card_another_animal_makes_the_reader_ask(monkeypatch,
                                                                     settled_screen):
    image, board, screen = settled_screen
    truth = [a.name for a in board.animals]
    other = next(a.name for a in load_catalogue().animals()
                 if a.region == board.region and a.name not in truth)
    _engine_says(monkeypatch, [other] + [None] * (len(truth) - 1))
    with pytest.raises(ReadError) as error:
        _read(screen, image)
    message = str(error.value)
    assert f"card 1: {truth[0]} or {other}" in message
    assert "--animals" in message and "misread" in message


def test_an_engine_agreeing_or_reading_nothing_changes_nothing(monkeypatch, settled_screen):
    image, board, screen = settled_screen
    truth = [a.name for a in board.animals]
    _engine_says(monkeypatch, truth)
    assert _read(screen, image).text == board.text
    _engine_says(monkeypatch, [None] * len(truth))
    assert _read(screen, image).text == board.text
