"""A counter read that agrees with the board only with its unread tiles counted untapped is
sure only when the glyph is read clearly (:data:`UNREAD_LEAD`): else the counts with those
tiles tapped are as possible, and the attempts are said unsure (the 46th session's
``s46w1230b``).

The ``notch`` variant of widest 1230000's third screen (``bench/disco_zoo_variants.py``;
Mountain: Eagle, 6 tiles tapped, one of them the found Eagle tile at row 4, column 1): the
notch's black covers the top right of the pink 4 of the attempts counter, read 5 by 0.058
(3 next, which the board forbids; 4 far, 0.398); the found tile is read unread (dark, a
picture in its middle), so the board allows 4 or 5 and "taps: 5" was stated with --animals
and no warning.
"""

from __future__ import annotations

from disco_zoo_variants import drawn, variant
from gridsight.games.disco_zoo.screen import locate_rescue
from gridsight.games.disco_zoo.screen_text import UNREAD_LEAD, taps_left
from kit.disco_reads import assert_nothing_stated_wrong, counter_read, read_given

SEED = 1_230_002


def test_the_notch_over_the_counter_is_not_read_for_sure():
    # (Since session 47's s47counter the 4 is parted from the notch and read, and "5" was
    # the S of ATTEMPTS: tests/test_disco_zoo_counter47.py. Read 4, the board's lowest
    # count, it needs no warning; never 5.)
    shot, text = drawn(SEED, False, "all")
    image = variant("notch", shot, SEED)
    reading = read_given(locate_rescue(image), text, image=image)
    assert_nothing_stated_wrong(text, reading)
    assert "taps: 4" in reading.text.splitlines() or any(
        "attempts counter not read with confidence" in w for w in reading.warnings)


def test_a_read_agreeing_only_with_unread_tiles_untapped_warns_unless_clear():
    unclear = counter_read(5, 0.058, {3: 0.058, 4: 0.398, 6: 0.11})
    notes: list[str] = []
    warnings: list[str] = []
    assert taps_left(unclear, None, 5, notes, warnings, unread=1) == 5
    assert warnings and "it may be 4" in warnings[0]
    # The same glyph with no tile unread: the board allows 5 alone, which agrees.
    warnings = []
    assert taps_left(unclear, None, 5, notes, warnings, unread=0) == 5 and not warnings
    # Read clearly: the unread tile is taken untapped, as the counter says.
    clear = counter_read(5, UNREAD_LEAD + 0.05, {4: 0.398})
    warnings = []
    assert taps_left(clear, None, 5, notes, warnings, unread=1) == 5 and not warnings
    # The read at the board's lowest count (every unread tile tapped) needs no such care.
    low = counter_read(4, 0.058, {3: 0.058, 5: 0.398})
    warnings = []
    assert taps_left(low, None, 5, notes, warnings, unread=1) == 4 and not warnings
