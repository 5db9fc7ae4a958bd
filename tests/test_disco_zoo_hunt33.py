"""Confident WRONGs found on fresh real-look Disco Zoo screens (33rd session), each pinned.

The issue's bar: a screen is read exactly or the player is asked, never read wrong with no
warning, and a player who names the animals never gets a board read wrong either. The
screens were drawn by the sweeps of fresh seeds nobody had tuned on (the screens script's
wider 880000-880059) and the variants of the 32nd session's wider 810000 set (810023 with a
toast, 810029 shrunk to 0.6x and saved as JPEG 60); each was read with a confident WRONG
before its fix.
"""

from __future__ import annotations

import cv2
import numpy as np

from gridsight.games.disco_zoo.screen_text import no_placement
from gridsight.solvers.boardtext import parse_boards
from test_disco_zoo_hunt31 import _drawn, pinned_fixture, pinned_tests
from test_disco_zoo_hunt32b import _toast
from test_disco_zoo_screens import real_screen


def _shrunk_jpeg(seed: int) -> tuple[str, np.ndarray]:
    """Wider-look screen ``seed`` shrunk to 0.6x, then saved as JPEG 60 (the variants' sj)."""
    shot, text = _drawn(seed, wider=True)
    small = cv2.resize(shot.image, None, fx=0.6, fy=0.6, interpolation=cv2.INTER_AREA)
    return text, cv2.imdecode(cv2.imencode(".jpg", small, [cv2.IMWRITE_JPEG_QUALITY, 60])[1],
                              cv2.IMREAD_COLOR)


SCREENS = {
    # Mountain, wider look, 2.66x: the Eagle's one filled box a grey near a shade of its
    # card, read clearly unfilled; "Eagle 0" counted, Eagle and Cougar swapped (no options).
    "a fill of no known colour": lambda: real_screen(2, 880_000, wider=True)[1:3],
    # City, wider look, 0.56x: a Chipmunk tile stated Rat with --animals, where no placement
    # of a Rat covers it.
    "a Rat no placement covers": lambda: real_screen(13, 880_000, wider=True)[1:3],
    # Northern, wider look, a toast: a lattice of the wrong pitch, three "Cougar" tiles.
    "Cougar tiles under a toast": lambda: _toast(810_023, wider=True),
    # Savanna, wider look, 0.6x + JPEG 60: a bright-green bush read as a found common tile.
    "a bush shrunk": lambda: _shrunk_jpeg(810_029),
}


reads = pinned_fixture(SCREENS)
test_read_right_or_asked, test_read_right_or_refused_with_the_animals_named = \
    pinned_tests(SCREENS)


def test_a_row_with_no_fill_read_is_not_counted_beside_a_tile_of_no_colour(reads):
    """880002: the Eagle's found tile is of no rarity's colour the reader knows, and so is its
    one filled box, read as unfilled: its row's 0 was counted and the Eagle's tile given to
    the Cougar. The rows read with fills still count; the Eagle's is not used."""
    text, plain, _, _, _, named, screen = reads["a fill of no known colour"]
    assert any(t.kind == "found" and not t.rarities for row in screen.tiles for t in row)
    assert screen.cards[0].boxes.filled == 0  # (the misread this guards against)
    assert plain.splitlines()[5].split()[3] == "1"  # the Eagle's tile, row 3, column 4
    assert not any(note.startswith("found tiles counted by the cards' boxes: Eagle 0")
                   for note in named.notes)


def test_a_board_no_placement_fits_is_refused_with_the_solvers_words(reads):
    """810023 under a toast, with ``--animals``: found tiles no placement of their animal
    covers were stated; ``analyze`` refused the board, the read now does."""
    named = reads["Cougar tiles under a toast"][5]
    assert isinstance(named, str) and "no placement of Cougar covers" in named


def test_the_chipmunk_no_rat_placement_covers_is_read_chipmunk_or_refused(reads):
    """880013 at 0.56x, with ``--animals``: its found Chipmunk (row 3, column 1, a disc inset
    in its cell) was stated Rat, where no Rat placement covers it; refused by the solver's
    words, and since the disc's own colour is read (session 39), read Chipmunk."""
    text, _, _, _, _, named, _ = reads["a Rat no placement covers"]
    if isinstance(named, str):
        assert "no placement of Rat covers" in named
    else:
        def animals(board: str) -> str:
            return next(line for line in board.splitlines() if line.startswith("animals:"))

        def row_3(board: str) -> list[str]:
            return [line for line in board.splitlines() if ":" not in line][2].split()

        assert animals(named.text) == animals(text)
        assert row_3(named.text)[0] == row_3(text)[0] not in (".", "x")


def test_no_placement_on_board_text():
    """The check on its own: a Sheep's two found tiles a whole board apart fit no placement;
    side by side they do; an unread tile (written untapped) rules nothing out."""
    far = parse_boards("animals: Sheep\ntaps: 8\n1 . . . .\n. . . . .\n. . . . .\n"
                       ". . . . .\n. . . . 1\n")[0]
    near = parse_boards("animals: Sheep\ntaps: 8\n1 1 . . .\n. . . . .\n. . . . .\n"
                        ". . . . .\n. . . . .\n")[0]
    assert "no placement of Sheep covers" in no_placement(far)
    assert no_placement(near) == ""


def test_a_bush_shrunk_is_not_stated_found(reads):
    """810029 at 0.6x and JPEG 60: the bush's rim band 0.58 of one colour, a blend of bush
    and lawn (found tiles showing the lawn: 0.66 and more); asked or unread, never found."""
    _, _, _, _, _, _, screen = reads["a bush shrunk"]
    assert screen.tiles[0][3].kind != "found"
