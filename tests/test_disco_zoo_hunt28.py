"""Confident WRONGs found on fresh real-look Disco Zoo screens (28th session), each pinned.

The issue's bar: a screen is read exactly or the player is asked, never read wrong with no
warning. Each screen here was read wrong with no warning on a seed nobody had tuned on (or
on one of its issue-like variants: scaled, JPEG, a toast), and is drawn again the same way
and read with no options: its tiles, animals and attempts as drawn (or the player asked).
"""

from __future__ import annotations

import pytest

from gridsight.games.disco_zoo.screen import locate_rescue
from test_disco_zoo_screens import read_plainly, real_screen


def _kinds(text: str) -> list[list[str]]:
    return [["ground" if t == "." else "empty" if t == "-" else "found" for t in row.split()]
            for row in text.splitlines()[3:]]


@pytest.fixture(scope="module")
def bottom_row_tapped():
    """Fresh real-look 510043 (2.6x, Northern, 0 attempts left): the bottom row all tapped
    empty, a dark pool drawn below the board near the dirt's colour."""
    shot, text, image, _ = real_screen(43, 510_000)
    screen = locate_rescue(image)
    plain, warnings, asked, _ = read_plainly(
        screen, screen.board_read("disco-zoo/structure"), image)
    return text, screen, plain, asked


def test_a_bottom_row_tapped_beside_dirt_coloured_scenery_is_the_boards(bottom_row_tapped):
    """Its lines show between its tiles, so it is no screen past the board's edge: the lattice
    stays on the board (it was read one row up, the row above the board taken for tiles
    hidden under something, every tile a row off and the attempts with it, no warning)."""
    text, screen, plain, asked = bottom_row_tapped
    assert [[t.kind for t in row] for row in screen.tiles] == _kinds(text)
    assert plain == text or (asked and not plain)
