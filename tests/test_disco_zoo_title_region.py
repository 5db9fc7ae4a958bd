"""When the region read off the title bar alone counts
(:mod:`gridsight.games.disco_zoo.title_region`): synthetic title lines, no screen read.

0.78x seed 270054 (Outback, one Tiddalik card): blur took the ``A`` of ``OUTBACK``, and the
``CK`` beyond the gap was taken off the line as the counter's digits; the four glyphs left
(6 px tall, the cards' names too small to read) read ``FARM``, and that region, taken as read
beyond doubt, named the card's three boxes the Farm's Unicorn with no options: WRONG.
"""

from __future__ import annotations

from gridsight.games.disco_zoo import names, screen_text
from kit.disco_reads import text_line as _line  # the title-bar tests' synthetic lines
from gridsight.games.disco_zoo.title_region import counts_alone, whole_name


# 270054's title, as found: OUTB and CK on one bar line, the counter, ATTEMPTS LEFT.
OUTB = [(8, 32, 4, 6), (14, 32, 4, 6), (19, 32, 3, 6), (23, 32, 4, 6)]
CK = [(34, 32, 4, 6), (39, 32, 4, 6)]
COUNTER = _line([(129, 27, 14, 16)])
LABEL = _line([(150 + 10 * k, 32, 8, 11) for k in range(12)], (8, 4))


def _lines(region: names.TextLine, bar_line: names.TextLine) -> dict:
    return {"region": region, "bar": [bar_line, COUNTER, LABEL], "label": LABEL, "names": []}


def test_a_title_line_cut_short_of_the_text_on_its_rows_is_not_read_alone():
    """``OUTB`` taken off ``OUTB CK`` is not the whole name: the region it reads does not count
    alone, however well its letters are vouched for; the line whole does (the counter, a
    taller digit, and the label are not the name's text)."""
    bar_line = _line(OUTB + CK, (4, 2))
    cut = bar_line.first_words(1)
    assert not whole_name(cut, _lines(cut, bar_line)["bar"], LABEL)
    assert not counts_alone(_lines(cut, bar_line), (4, 4))
    assert whole_name(bar_line, _lines(bar_line, bar_line)["bar"], LABEL)
    assert counts_alone(_lines(bar_line, bar_line), (3, 3))


def test_a_title_line_read_alone_needs_its_letters_vouched_for_and_a_margin_of_height():
    whole = _line(OUTB)
    lines = _lines(whole, whole)
    assert counts_alone(lines, (2, 3))
    assert not counts_alone(lines, (1, 3))  # 270054's FARM: one letter of three vouched for
    assert not counts_alone(lines, (0, 0))  # no label of the title's style: nothing vouched
    assert not counts_alone(lines, None)
    short = _line([(x, 32, 3, 5) for x in (8, 12, 16, 20)])
    assert not counts_alone(_lines(short, short), (4, 4))  # 5 px: no margin


def test_the_region_of_a_screen_whose_names_are_not_legible_is_not_taken_off_a_cut_title():
    """:func:`screen_text._region_seen` on 270054's words: FARM read off the cut title line
    (one glyph vouched for) is not seen; the same read off a whole line, vouched for, is."""
    bar_line = _line(OUTB + CK, (4, 2))
    cut = bar_line.first_words(1)
    words = names.ScreenText("Farm", ("Farm", "Mars"), (names.CardName(None, ()),),
                             lines=_lines(cut, bar_line), region_vouched=(1, 1))
    assert screen_text._region_seen(words) is None
    whole = _line(OUTB)
    words = names.ScreenText("Farm", ("Farm",), (names.CardName(None, ()),),
                             lines=_lines(whole, whole), region_vouched=(3, 3))
    assert screen_text._region_seen(words) == "Farm"


def test_a_last_word_of_the_title_is_taken_off_only_when_it_is_like_the_counters_digits():
    """:func:`names._region_line`: 270054's ``CK``, parted from ``OUTB`` by blur with the
    counter far beyond, stays on the line (which then reads no region: asked, not FARM); a
    digit joined to the name is taken off when taller than its letters, or when it stands
    nearer the label than the name."""
    kept = names._region_line([_line(OUTB + CK, (4, 2)), COUNTER, LABEL], LABEL, 320)
    assert kept is not None and len(kept.glyphs) == 6
    tall_digit = [(40, 30, 8, 10)]
    line = names._region_line([_line(OUTB + tall_digit, (4, 1)), LABEL], LABEL, 320)
    assert line is not None and len(line.glyphs) == 4
    near_label = [(140, 32, 4, 6)]
    line = names._region_line([_line(OUTB + near_label, (4, 1)), LABEL], LABEL, 320)
    assert line is not None and len(line.glyphs) == 4
    # (no label found, a digit of the letters' height: kept, the line then reads no region)
    line = names._region_line([_line(OUTB + near_label, (4, 1)), COUNTER], None, 320)
    assert line is not None and len(line.glyphs) == 5


def test_the_counter_is_the_tallest_short_line_left_of_the_label_not_an_icon_beyond_it():
    """The counter is the title bar's tallest line of one or two glyphs left of ``ATTEMPTS
    LEFT``; a taller icon right of the label (a button, up at the bar's top) is not it. The
    counter's rows, with the label's, say where the region's name stands, so a phone's clock
    above the bar is not taken for it. (The icon taken for the counter: the clock read as the
    region's line; caught by nothing before.)"""
    from gridsight.games.disco_zoo.names import _region_line
    from gridsight.games.disco_zoo.title_region import counter_line

    icon = _line([(280, 0, 18, 20)])
    clock = _line([(5, 2, 4, 8), (10, 2, 4, 8), (17, 2, 4, 8), (22, 2, 4, 8)], (2, 2))
    whole = _line(OUTB)
    bar = [clock, whole, COUNTER, LABEL, icon]
    assert counter_line(bar, LABEL) is COUNTER
    assert _region_line(bar, LABEL, 300) is whole


def test_with_no_label_the_name_is_neither_a_windows_title_nor_the_clock():
    """With no ``ATTEMPTS LEFT`` found, the bar's leftmost line of three glyphs was the
    region's name: above a phone mirrored in a window with no short line anywhere, the
    window's title (a region read off it, or none read and the names asked for); with an
    icon taken for the counter (the tallest short line anywhere), the clock on the icon's
    rows. Neither is the name now: with no anchor no line is, and a counter places the name
    only on the lowest line's rows (the game's title stands right above the cards)."""
    from gridsight.games.disco_zoo.names import _region_line

    title = _line([(2, -30, 6, 8), (9, -30, 6, 8), (16, -30, 6, 8), (23, -30, 6, 8)])
    whole = _line(OUTB)
    assert _region_line([title, whole], None, 300) is None
    icon = _line([(280, 0, 18, 20)])
    clock = _line([(5, 2, 4, 8), (10, 2, 4, 8), (17, 2, 4, 8), (22, 2, 4, 8)], (2, 2))
    assert _region_line([clock, whole, icon], None, 300) is None
    # the counter's digit on the name's rows (taller than a status bar's icon): the name
    small = _line([(280, 2, 10, 10)])
    assert _region_line([clock, whole, COUNTER, small], None, 300) is whole
