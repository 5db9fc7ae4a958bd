"""Disco Zoo names read off big screens' title bars and thin name boxes (session 39).

Wider 1072036 at 1.17x (Nocturnal, one Firefly card): the phone frame's edge below the bar,
one glyph 37 px tall left of ``ATTEMPTS LEFT``, was taken for the attempts counter over the
``10`` beside the label (17 px, as tall as ``NOCTURNAL``), so the ``10`` was more of the title's
text and the title, read alone by 10, not whole; and the card's name box, found 5 px thin
under the 12-px ``FIREFLY``, held no line. Asked "46 choices (in 14 regions)" before. Wider
1072015 at 2.35x: the phone frame's edge (145 px) was the counter, and on its rows the clock
``14:06`` the region's line (the title ``MOON`` too small to be found): ``LUNA MOTH``, read
alone by 10, was doubted with it and 46 choices asked.
"""

from __future__ import annotations

from gridsight.games.disco_zoo import names
from kit.disco_reads import text_line as _line  # the title-bar tests' synthetic lines
from gridsight.games.disco_zoo.title_region import counter_line, whole_name


# 1072036's title bar as found (boxes measured on the screen).
CLOCK = _line([(17, 34, 10, 18), (31, 34, 10, 18), (45, 38, 3, 10), (52, 34, 10, 18),
               (66, 34, 10, 18)])
BATTERY = _line([(386, 34, 23, 26)])  # (right of the label's start: never the counter)
EDGE = _line([(0, 107, 8, 37)])
TITLE = _line([(17, 78, 17, 17), (38, 78, 21, 17), (62, 78, 14, 17), (80, 78, 14, 17),
               (97, 78, 14, 17), (115, 78, 21, 17), (140, 78, 17, 17), (161, 78, 21, 17),
               (185, 78, 14, 17)])
TEN = _line([(241, 78, 14, 17), (259, 78, 21, 17)])
LABEL = _line([(290 + 10 * k, 82, 7, 12) for k in range(12)], (8, 4))
BAR = [CLOCK, BATTERY, TITLE, TEN, LABEL, EDGE]


def test_the_counter_is_the_short_line_beside_the_label_not_a_frames_taller_edge():
    assert counter_line(BAR, LABEL) is TEN
    assert whole_name(TITLE, BAR, LABEL)
    assert names._region_line(BAR, LABEL, 430) is TITLE
    # with nothing beside the label, the tallest short line left of it as before
    assert counter_line([CLOCK, BATTERY, TITLE, LABEL, EDGE], LABEL) is EDGE
    # a short line on the label's rows but far from it (a piece of the title) is not beside it
    piece = _line([(120, 78, 14, 17)])
    assert counter_line([piece, LABEL, EDGE], LABEL) is EDGE


def test_the_title_is_not_whole_with_a_glyph_of_its_height_between_it_and_the_counter():
    """The counter beside the label is skipped, no more: a word of the title's height
    between the title and the counter still leaves the title cut short."""
    more = _line([(205, 78, 14, 17), (222, 78, 14, 17)])
    assert not whole_name(TITLE, BAR + [more], LABEL)


def test_a_name_box_thinner_than_the_name_finds_the_line_around_it():
    """1072036's card: the name box found 5 px tall at row 187, its ``FIREFLY`` line 12 px
    tall from row 178 (its middle above the box's reach); the faint ``YOU HAVE`` pieces
    below are not taken. A line within the box's reach is taken as before."""
    card = names.CardText((40, 144, 358, 147), None, (54, 187, 330, 5), 3, "")
    sprite = _line([(243, 144, 12, 13), (255, 144, 12, 13)])
    name = _line([(184 + 9 * k, 178, 7, 12) for k in range(7)])
    have = _line([(211, 194, 6, 6), (218, 194, 6, 6), (225, 194, 6, 6), (232, 194, 6, 6),
                  (240, 194, 2, 6)], (4, 1))
    have2 = _line([(197, 195, 4, 5), (201, 195, 4, 5)])
    assert names._name_line([sprite, name, have, have2], card, None) is name
    inside = _line([(190 + 9 * k, 186, 7, 6) for k in range(5)])
    assert names._name_line([sprite, name, inside], card, None) is inside
    assert names._name_line([sprite, have, have2], card, None) is None
    # 0.58x fresh 1106027's card 2: a 4-px box at 75 and its box row, three boxes 9 px tall
    # from 78 (one row of the box's): no name line (Snowy Owl then settled by the others)
    card = names.CardText((77, 26, 54, 72), None, (79, 75, 50, 4), 3, "timeless")
    boxes = _line([(85, 78, 10, 9), (98, 78, 10, 9), (112, 78, 9, 9)])
    assert names._name_line([_line([(85, 64, 20, 12), (106, 64, 15, 12)]), boxes], card,
                            None) is None


def test_1072036_is_read_exactly(monkeypatch):
    """The screen drawn and read with no options: Nocturnal, the Firefly."""
    from gridsight.games.disco_zoo.screen import locate_rescue
    from kit.disco_reads import read_plain
    from kit.disco_screens import real_screen

    monkeypatch.setenv("GRIDSIGHT_OCR", "off")
    _, text, image, _ = real_screen(36, 1_072_000, wider=True)
    screen = locate_rescue(image)
    plain, _, asked, _, _ = read_plain(screen, screen.board_read("disco-zoo/structure"), image)
    assert not asked and plain == text


def test_1072015_is_read_exactly(monkeypatch):
    """Moon, the Luna Moth: the counter beside the label places the title's rows (the clock
    above them is no region line), and the name read beyond doubt says the region."""
    from gridsight.games.disco_zoo.screen import locate_rescue
    from kit.disco_reads import read_plain
    from kit.disco_screens import real_screen

    monkeypatch.setenv("GRIDSIGHT_OCR", "off")
    _, text, image, _ = real_screen(15, 1_072_000, wider=True)
    screen = locate_rescue(image)
    plain, _, asked, _, _ = read_plain(screen, screen.board_read("disco-zoo/structure"), image)
    assert not asked and plain == text

