"""A tapped tile the board leaves unread, told by the attempts counter (issue 18, item 1:
every found tile's animal named).

Real-look 7018 (0.92x, Jurassic: Raptor, Ankylosaurus, T-Rex; 5 attempts left): a found
Raptor drawn near the dirt's colour reads as dirt with a picture in its middle
(``TileSeen.pictured``), its sprite 12 px against the card's 41, 0.32 from the Raptor card's
sprite and 0.51 from the others'. The counter's 5 counts it tapped (four tiles seen tapped,
this one unread), so it is found or empty, and a picture centred on a tapped tile is what a
found tile shows: it is found when within :data:`~gridsight.games.disco_zoo.screen.
PICTURED_SPRITE` of a card's sprite (:func:`~gridsight.games.disco_zoo.screen.tapped_unread`),
and the other cards' box rows, counting none of theirs found, name it Raptor. A tile read as
covered (its halves unlike) the counter counts tapped is found the same way (440055).
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from gridsight.games.disco_zoo.screen import PICTURED_SPRITE, TAPPED_SPRITE, tapped_unread
from kit.disco_reads import located, read_given
from test_disco_zoo_screens import locate_rescue, real_screen

RAPTOR = (2, 2)  # row 3, column 3


@pytest.fixture(scope="module")
def raptor():
    """Real-look 7018 drawn and found: (the image, the screen as found, its true text)."""
    _, text, image, _ = real_screen(18, 7000)
    return image, located(image), text  # (as test_disco_zoo_screens found it, on its worker)


def test_the_dark_raptor_is_found_where_the_counter_says_it_was_tapped(raptor):
    image, screen, text = raptor
    tile = screen.tiles[RAPTOR[0]][RAPTOR[1]]
    assert tile.kind == "found" and tile.rarities == ()  # its colour near the dirt's
    reading = read_given(screen, text, image=image)
    assert reading.text == text
    assert reading.unread == ()


def test_the_kits_locate_answers_the_same_pixels_once_and_only_them(raptor):
    """:func:`kit.disco_reads.located`, which the fixture above locates through: the same
    pixels (another array) get the same screen; other pixels are located anew, a refusal
    raised again as it was."""
    import numpy as np

    from gridsight.vision.errors import BoardNotFoundError

    image, screen, _ = raptor
    assert located(image.copy()) is screen
    blank = np.zeros((60, 60, 3), np.uint8)
    with pytest.raises(BoardNotFoundError) as first:
        located(blank)
    with pytest.raises(BoardNotFoundError) as again:
        located(blank.copy())
    assert again.value is first.value


def test_a_picture_that_far_is_found_only_on_a_tile_dark_with_it_in_its_middle():
    assert TAPPED_SPRITE < 0.32 < PICTURED_SPRITE  # 7018's Raptor: 0.32 from its card


def test_with_no_tap_counted_for_it_the_dark_raptor_stays_unread(raptor):
    image, screen, _ = raptor
    as_seen = [list(row) for row in screen.tiles]
    as_seen[RAPTOR[0]][RAPTOR[1]] = replace(as_seen[RAPTOR[0]][RAPTOR[1]], kind="unknown",
                                            rarities=(), pictured=True)
    tiles = tuple(tuple(row) for row in as_seen)
    # 6 left: four taps, the four tiles seen tapped; the dark tile may be untapped dirt
    # under something.
    six = replace(screen.counter, value=6, digits=((6, screen.counter.lead),))
    kept = tapped_unread(image, screen.lattice, tiles, screen.cards, six)
    assert kept[RAPTOR[0]][RAPTOR[1]].kind == "unknown"
    told = tapped_unread(image, screen.lattice, tiles, screen.cards, screen.counter)
    assert told[RAPTOR[0]][RAPTOR[1]].kind == "found"


def test_a_covered_tile_the_counter_counts_tapped_is_found_by_its_sprite():
    # Fresh real-look 440055 (1.08x, City: Raccoon, Sewer Turtle; 0 attempts left): a found
    # Raccoon read as covered (its halves unlike), 0.27 from the Raccoon card's sprite and
    # 0.54 from the other's; the counter's 0 counts ten taps, nine seen and this one.
    _, text, image, _ = real_screen(55, 440_000)
    screen = locate_rescue(image)
    assert screen.tiles[4][1].kind == "found"
    reading = read_given(screen, text, image=image)
    assert reading.text == text
