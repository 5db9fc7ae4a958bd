"""Found Disco Zoo tiles left unread by the board's own checks (32nd session).

A found tile of the lawn's own green (or on a lawn near its rarity's colour) is left unread by
the lawn's checks and weighed, when the names are settled, as the untapped tile it was read as
before them: the names settle as they did. When that strict weighing fits no animals at all
(the cards' filled boxes count found tiles the board does not show), the screen asked "fit no
animals" or "a tile or a box is misread" though the names were plain; now the names are
settled again with those tiles counted unread (each may be a found tile), and the tiles stay
listed unread: never stated. Each screen is drawn as ``tests/test_disco_zoo_screens.py``
draws it.
"""

from __future__ import annotations

import pytest

from gridsight.games.disco_zoo import screen_text
from gridsight.games.disco_zoo.screen_text import card_clues, read_screen
from gridsight.games.disco_zoo.settle import CardClue
from gridsight.readers.base import ReadHints
from kit.disco_reads import located
from test_disco_zoo_screens import real_screen


@pytest.fixture(scope="module")
def screens():
    """Wider-look 710016 (1.45x), 710042 (2.07x), 720019 (2.54x) and real-look 500014
    (1.49x), drawn and located: seed -> (the screen found, the image, its board text)."""
    out = {}
    for k, base, wider in ((16, 710000, True), (42, 710000, True), (19, 720000, True),
                           (14, 500000, False)):
        _, text, image, _ = real_screen(k, base, wider=wider)
        out[base + k] = (located(image), image, text)  # (kit: once a worker)
    return out


def _split(text: str) -> tuple[list[str], list[list[str]]]:
    """A board text's header lines and its rows of tokens."""
    lines = [line for line in text.splitlines() if line.strip()]
    heads = [line for line in lines if ":" in line]
    return heads, [line.split() for line in lines if ":" not in line]


@pytest.mark.parametrize("seed, lawn", [(710016, {(3, 2)}), (500014, {(3, 2), (4, 2)})])
def test_lawn_unread_found_tiles_are_weighed_unread_when_nothing_else_fits(screens, seed,
                                                                          lawn):
    """710016: the Kiwi's card counts 2 found, its tile (3,2) of the lawn's green unread:
    asked "fit no animals". 500014: the Elk's two found common tiles on a lawn near the common
    colour unread, the names Cougar, Elk, Coyote read right: asked "a tile or a box is
    misread". Both now read the region and the animals, the found tiles listed unread (never
    stated as grass or as found), every tile read as the truth has it."""
    screen, image, text = screens[seed]
    seen = screen_text._believed(screen, screen.board_read("disco-zoo/structure"))
    reading = read_screen(screen, screen.board_read("disco-zoo/structure"), ReadHints(),
                          image=image)
    if seed == 500014 and all(screen.tiles[r][c].kind == "found" for r, c in lawn):
        # Since session 36 the Elk's tiles are read found by their cells (a band of another
        # colour all round them, ``screen._on_a_cell``): then the screen is read exactly.
        assert reading.text == text and not reading.unread
        return
    assert all(seen[r][c][1].lawn for r, c in lawn)
    heads, rows = _split(text)
    got_heads, got_rows = _split(reading.text)
    assert got_heads == heads
    assert lawn <= set(reading.unread)
    for r, row in enumerate(got_rows):
        for c, token in enumerate(row):
            if (r, c) not in reading.unread:
                assert token == rows[r][c], (seed, r, c)
    assert any("weighed as unread" in note for note in reading.notes)


def test_no_widening_when_the_lawn_tiles_fit_nothing_either():
    """The widened weighing is tried only to fit something: when even with every
    lawn-unread tile counted unread no animal fits (a common 4-box card with 5 found), the
    counts stay as they were and nothing is noted."""
    notes: list[str] = []
    clue = CardClue("common", 4, 5)
    settled, unread, lawn = screen_text._lawn_counted([clue], [], [], None, [None], 0, 2,
                                                      frozenset(), notes)
    assert (settled, unread, lawn, notes) == (None, 0, 2, [])


def test_the_widened_weighing_names_the_card(screens):
    """710016's one card (common, 4 boxes, 2 found) fits nothing with one found tile on the
    board and no unread tile; with its lawn-unread tile counted it fits the Nocturnal's
    Kiwi among others."""
    screen, _, _ = screens[710016]
    clues = card_clues(screen.cards)
    assert [(c.rarity, c.size, c.found) for c in clues] == [("common", 4, 2)]
    notes: list[str] = []
    settled, unread, lawn = screen_text._lawn_counted(clues, [((4, 2), ("common",))], [],
                                                      "Nocturnal", [None], 0, 1,
                                                      frozenset(), notes)
    assert settled is not None and "Kiwi" in settled.options[0]
    assert (unread, lawn) == (1, 0) and notes


def test_a_pictured_dirt_tile_does_not_hide_the_empty_tiles_beside_it(screens):
    """710042: the Firefly's found tile, dark like the dirt with its picture in its middle,
    and the five tiles tapped empty beside it showed no line between them (the dirt carries
    on): all six were taken for one thing lying over the board and hidden. The empty tiles
    are read empty now. The Firefly's tile was left unread (listed, never stated); since
    s42inset its band round the sprite reads it found of no rarity (``_banded_tile``), the
    cards and its sprite naming it: the screen reads exactly."""
    screen, image, text = screens[710042]
    kinds = [[tile.kind for tile in row] for row in screen.tiles]
    for r, c in ((0, 2), (0, 3), (0, 4), (1, 1), (1, 2), (2, 0)):
        assert kinds[r][c] == "empty", (r, c, kinds)
    assert kinds[2][2] == "found" and screen.tiles[2][2].rarities == ()
    reading = read_screen(screen, screen.board_read("disco-zoo/structure"), ReadHints(),
                          image=image)
    assert reading.text == text and not reading.unread


def test_round_found_tiles_inset_on_the_dirt_show_their_animal(screens):
    """720019: two found Echidna tiles drawn as round yellow discs inset on the dirt read
    hidden (their rim's halves unlike) and their sprite, cut on the crop's dark corners, was
    the whole disc (0.44 from the Echidna card's): both stayed unread. Cut on the disc's own
    colour with its corners masked they show the Echidna, and the screen reads exactly."""
    screen, image, text = screens[720019]
    for r, c in ((3, 4), (4, 2)):
        assert screen.tiles[r][c].kind == "found", (r, c)
    reading = read_screen(screen, screen.board_read("disco-zoo/structure"), ReadHints(),
                          image=image)
    assert reading.text == text and not reading.unread
