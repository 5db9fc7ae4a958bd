"""Two confident WRONGs left by the 30th session's first round, each pinned.

- Fresh real-look 640031 (Outback, 3 attempts left) seen through a phone's notch (a black
  pill over the top bar's middle, the screen's corners rounded): the notch hides the counter
  and most of ``ATTEMPTS LEFT``, and the counter's fallback took the ``UT`` of the region's
  name ``OUTBACK`` for the number: ``taps: 7`` stated with no warning.
- ``--animals`` that the cards seen contradict (a name left out, one too many): the read
  went on under the names given with no warning (s30desk's 500001: one name given over a
  screen showing two cards).
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from gridsight.games.disco_zoo.screen_text import read_screen
from gridsight.readers.base import ReadError, ReadHints
from test_disco_zoo_screens import located_and_read, real_rescue

SEED = 640_031  # Outback: Kangaroo (4 boxes), Tiddalik (3 boxes); 3 attempts left, 7 tapped


def _notched(image: np.ndarray, seed: int) -> np.ndarray:
    """``image`` as a phone with a notch shows it: a black pill at the top's middle (0.3 to
    0.5 of the width, 3 to 4.5% of the height) and the screen's corners rounded off in black
    (a radius of 5 to 10% of the width)."""
    out = image.copy()
    h, w = out.shape[:2]
    rng = np.random.default_rng([seed, 301])
    nw, nh = int(w * rng.uniform(0.3, 0.5)), int(h * rng.uniform(0.03, 0.045))
    cv2.rectangle(out, ((w - nw) // 2, 0), ((w + nw) // 2, nh), (0, 0, 0), -1)
    cv2.circle(out, ((w - nw) // 2, nh // 2), nh // 2, (0, 0, 0), -1)
    radius = int(w * rng.uniform(0.05, 0.1))
    mask = np.zeros((h, w), np.uint8)
    cv2.rectangle(mask, (radius, 0), (w - radius, h), 255, -1)
    cv2.rectangle(mask, (0, radius), (w, h - radius), 255, -1)
    for cx, cy in ((radius, radius), (w - radius - 1, radius), (radius, h - radius - 1),
                   (w - radius - 1, h - radius - 1)):
        cv2.circle(mask, (cx, cy), radius, 255, -1)
    out[mask == 0] = 0
    return out


@pytest.fixture(scope="module")
def notched():
    """640031 as drawn (attempts not bought) behind a notch: the truth, the screen found and
    its board, and the no-options read's text and warnings (asked reads: the question)."""
    shot, text = real_rescue(np.random.default_rng(SEED), SEED)
    screen, plain, asked = located_and_read(_notched(shot.image, SEED))
    board = screen.board_read("disco-zoo/structure")

    def named(*animals: str):
        return read_screen(screen, board, ReadHints(animals=animals))
    return text, screen, plain, named


def test_the_region_names_letters_are_no_counter(notched):
    """No counter is read from the title's ``UT``; the attempts come from the board
    (3 = 10 - 7 tapped, the truth) with the warning that the counter was not read."""
    text, screen, _, named = notched
    assert screen.counter.value is None
    reading = named("Kangaroo", "Tiddalik")
    assert reading.text.splitlines()[2] == text.splitlines()[2] == "taps: 3"
    assert any("attempts counter not read" in w and "no number found" in w
               for w in reading.warnings)


def test_a_name_left_out_of_the_cards_seen_is_refused(notched):
    """Two cards seen, their box rows (4 and 3) read clearly, one animal named: refused,
    naming both; either card's name alone."""
    _, _, _, named = notched
    for name in ("Kangaroo", "Tiddalik"):
        with pytest.raises(ReadError, match=rf"shows 2 animal cards .*names 1 \({name}\)"):
            named(name)


def test_a_name_more_than_the_cards_seen_is_warned(notched):
    """Three animals named over two cards: read with a warning naming both counts, or
    (s33hunt: a board no placement of the animals fits is refused by the read itself, as
    ``analyze`` refuses it) refused, saying the three cannot all fit."""
    _, _, _, named = notched
    try:
        reading = named("Kangaroo", "Tiddalik", "Koala")
    except ReadError as error:
        assert "Kangaroo, Tiddalik and Koala cannot all fit on the board" in str(error)
        return
    assert any("2 card(s) seen for the 3 animals named (Kangaroo, Tiddalik, Koala)" in w
               for w in reading.warnings)


def test_the_true_names_draw_no_such_warning(notched):
    """The names the cards show draw neither the refusal nor a warning about them."""
    _, _, _, named = notched
    reading = named("Kangaroo", "Tiddalik")
    assert not any("seen for the" in w or "boxes" in w for w in reading.warnings)
    assert reading.text.splitlines()[1] == "animals: Kangaroo, Tiddalik"
