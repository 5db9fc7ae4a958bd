"""The title bar parted by its big number is no row of cards (the 48th session's ``s48taps``).

Variants 1275004 ``j40`` (``bench/disco_zoo_variants.py``, widest look, JPEG quality 40; Moon:
Moonkey, Tribble, Moonicorn, 7 tiles tapped, 3 attempts left): the counter's 3 is 87 px tall
at a pitch of 57, the red title bar on either side of it found as two panels 93 px tall, taken
for cards beside a missed one (the dark cards themselves unfound). The counter was sought
above those panels, in the phone's status bar: the battery's box, an outlined rectangle, read
0 by 0.069 at every ink cut, and "taps: 0" for 3 was stated with --animals and no warning (the
board allowed 0 to 3 with six tiles unread, and a read at its lowest count needs no warning:
``tests/test_disco_zoo_counter46.py``).
"""

from __future__ import annotations

from gridsight.games.disco_zoo.screen import PARTED_BAR, _bar_parted
from kit.disco_reads import assert_nothing_stated_wrong, read_given, seed_read

SEED, BASE = 1_275_004, 1_275_000


def test_the_battery_over_a_parted_bar_is_not_read_as_the_counter():
    seen = seed_read(SEED, base=BASE, variant="j40", ocr=True)
    assert seen.screen is not None, seen.refused
    assert seen.screen.counter.value != 0  # (the battery's box: read 0 before)
    reading = read_given(seen.screen, seen.text, image=seen.image)
    assert_nothing_stated_wrong(seen.text, reading)
    assert "taps: 3" in reading.text.splitlines()


def test_a_word_between_panels_across_their_rows_parts_the_bar():
    panels = [(0, 41, 122, 93), (212, 41, 147, 93)]  # (1275004 j40's, in the picture)
    battery = (326, 3, 20, 33)
    assert _bar_parted((121, 46, 91, 87), battery, panels)
    assert _bar_parted((121, 46, 91, 87), None, panels)
    # A card's picture stands inside its panel, or over part of its rows only.
    assert not _bar_parted((20, 46, 60, 87), battery, panels)
    short = int(PARTED_BAR * 93) - 2
    assert not _bar_parted((121, 60, 91, short), battery, panels)
    # No taller than the word found above the panels: that word is kept.
    assert not _bar_parted((121, 46, 91, 87), (150, 0, 60, 90), panels)
