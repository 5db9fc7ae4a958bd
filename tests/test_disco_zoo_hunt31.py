"""Confident WRONGs found on fresh real-look Disco Zoo screens (31st session), each pinned.

The issue's bar: a screen is read exactly or the player is asked, never read wrong with no
warning. Each screen here was drawn by the variants of earlier sessions (fresh seeds 790000-
790039 in the opt-in wider family of looks) and read with a confident WRONG before its fix.
"""

from __future__ import annotations

import numpy as np
import pytest

from gridsight.games.disco_zoo.lengths import told_apart
from gridsight.games.disco_zoo.screen import locate_rescue
from test_disco_zoo_screens import _read_plain, real_rescue, real_screen, stated_wrong


def _crop(seed: int) -> tuple[str, np.ndarray]:
    """Wider-look screen ``seed`` as drawn (no attempts bought), 2-8 pixels cut off each
    edge (the variants' ``crop``)."""
    shot, text = real_rescue(np.random.default_rng(seed), seed, wider=True)
    top, left, bottom, right = np.random.default_rng([seed, 29]).integers(2, 9, 4)
    image = shot.image
    return text, image[top : image.shape[0] - bottom, left : image.shape[1] - right]


@pytest.fixture(scope="module")
def reads():
    """Each pinned screen read with no options: name: (truth, text, warnings, request,
    cells listed unread)."""
    screens = {"card past the area": real_screen(0, 790_000, (0.8, 3.0), wider=True)[1:3],
               "bold COW": _crop(790_017)}
    out = {}
    for name, (text, image) in screens.items():
        screen = locate_rescue(image)
        board = screen.board_read("disco-zoo/structure")
        plain, warnings, asked, _, unread = _read_plain(screen, board, image)
        out[name] = text, plain, warnings, asked, unread
    return out


@pytest.mark.parametrize("name", ["card past the area", "bold COW"])
def test_read_right_or_asked(reads, name):
    text, plain, warnings, asked, unread = reads[name]
    assert plain or "--animals" in asked
    if plain:
        assert stated_wrong(text, plain, warnings, unread) == []


def test_a_card_past_the_card_areas_side_is_not_left_out(reads):
    """790000 at 2.2x: a board half the screen's width, its Dragon card standing across the
    right side of the area the cards are searched in; two cards were found and "animals:
    Triceratops, Diplodocus" stated. The ink beside the cards found is looked for across
    the screen: the screen asks (or names all three)."""
    text, plain, _, asked, _ = reads["card past the area"]
    assert "Dragon" in text
    assert "Dragon" in plain if plain else "--animals" in asked


def test_names_differing_only_in_letters_no_label_shows_are_not_told_by_shapes():
    """790017 cut 2-8 pixels: its bold ``COW`` read ``DOG`` by shapes, only its ``O`` a
    label's letter: a Dog (a pet) given for the Cow."""
    labels = frozenset("ATTEMPTS LEFT" + "YOU HAVE") - {" "}
    assert not told_apart("Dog", ("Sheep", "Pig", "Cow", "Dog"), labels)
    assert told_apart("Dog", ("Sheep", "Pig", "Dog"), labels)  # P is a label's letter
    assert told_apart("Horse", ("Horse", "Cow", "Sheep"), labels)
