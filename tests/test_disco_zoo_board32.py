"""Disco Zoo attempts counters on the wider looks left unread though plain to see (session 32),
read now, and the rules that read them, each on its own.

Wider real-look 700000 (1.35x: ``ATTEMPT`` cut by the band's edge, its letters joined by JPEG
at the lower ink cuts, no label found), 710008 (1.59x: the region's name FARM as tall as the
bar, the bar given the status bar's black) and 710016 (1.45x: the 6 beside its label stands
where a region's name would start, the name NOCTURNAL written small left of it). Each was
read with the attempts flagged (the board otherwise right): the first two now exact with no
options, the third's counter read (the screen read with a found tile listed unread).
"""

from __future__ import annotations

import numpy as np
import pytest

from gridsight.games.disco_zoo import screen as disco_screen
from kit.disco_reads import located, read_given
from test_disco_zoo_screens import read_plainly, real_screen

UNREAD_BEFORE = {  # (base, k, read exactly with no options): why its counter was unread
    "label's letters joined": (700_000, 0, True),
    "region's name as tall as the bar": (710_000, 8, True),
    # (read with the Kiwi's found tile of the lawn's green listed unread: asked before,
    # "fit no animals", with the tile weighed as untapped; test_disco_zoo_found32.py)
    "counter where a name would start": (710_000, 16, False),
}


def _read(base: int, k: int):
    """Wider real-look screen ``base + k`` drawn, located and read with no options and with
    its animals named: (truth, screen, text read, request for --animals, the read with the
    names)."""
    _, text, image, _ = real_screen(k, base, wider=True)
    screen = located(image)  # (kit: 710016 as test_disco_zoo_found32 found it, on its worker)
    plain, _, asked, _ = read_plainly(screen, screen.board_read("disco-zoo/structure"), image)
    named = read_given(screen, text)
    return text, screen, plain, asked, named


@pytest.fixture(scope="module")
def reads():
    """:func:`_read` of each of :data:`UNREAD_BEFORE`."""
    return {why: _read(base, k) for why, (base, k, _) in UNREAD_BEFORE.items()}


@pytest.mark.parametrize("why", UNREAD_BEFORE)
def test_the_counter_is_read_and_the_screen_exactly_or_asked(reads, why):
    text, screen, plain, asked, named = reads[why]
    taps = int(text.splitlines()[2].split(": ")[1])
    assert screen.counter.value == taps, screen.counter
    assert named.text.splitlines()[2] == text.splitlines()[2], named.text
    assert not any("attempts counter" in w for w in named.warnings), named.warnings
    if UNREAD_BEFORE[why][2]:
        assert plain == text and not asked, plain
    else:
        assert plain and not asked and plain != text


def test_letters_joined_by_jpeg_count_as_the_letters_they_span():
    letter = (0, 0, 7, 11)
    assert disco_screen._letters([letter] * 4) == 4
    # ``TTE`` as one box 32 px wide by 13 (700000's lowest cut): three letters
    assert disco_screen._letters([letter, (8, 0, 32, 13), letter, letter]) == 6
    # a digit-shaped box is one glyph whatever its width up to its height
    assert disco_screen._letters([(0, 0, 12, 13)]) == 1


def test_a_word_after_a_small_name_on_its_line_is_no_part_of_the_name():
    six = [(82, 83, 35, 41)]
    name = [(6, 97, 9, 13), (16, 99, 7, 10), (24, 99, 8, 10), (33, 99, 7, 10)]
    assert disco_screen._named_before(six, name)
    # two small glyphs are no name; nor is a run below the word's line, or right of it
    assert not disco_screen._named_before(six, name[:2])
    assert not disco_screen._named_before(six, [(x, 130, w, h) for x, _, w, h in name])
    assert not disco_screen._named_before([(0, 83, 35, 41)], name)
    # glyphs as tall as the word are the word's own line of big text, not a small name
    assert not disco_screen._named_before(six, [(x, 83, w, 40) for x, _, w, _ in name])


def test_a_bar_mostly_its_own_colour_keeps_it_under_letters_as_tall_as_it():
    """A bar all of whose rows hold big letters (a third of each row's pixels), under a
    black status bar: its colour is its own, not the black above it."""
    band = np.zeros((60, 200, 3), np.float32)  # rows 0-19 the status bar's black
    band[20:] = (102, 81, 80)
    band[20:, 20:90] = (150, 120, 230)  # letters covering every row of the bar: 0.35
    colours = disco_screen._bar_colours(band, 7)
    assert np.allclose(colours[40, 0], (102, 81, 80)), colours[40, 0]
    assert np.allclose(colours[5, 0], (0, 0, 0))
