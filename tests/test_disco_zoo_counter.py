"""The Disco Zoo attempts counter: read right or said to be unsure, never silently wrong.

The counter is the big number of the title bar, drawn in a font the reader has no template
of (:mod:`gridsight.vision.digits` compares it with digits of other fonts). Its read is
checked against the board (:func:`gridsight.games.disco_zoo.screen_text.taps_left`: the
counter is at least 10 minus the tiles tapped, more only when attempts were bought).
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from gridsight.games.disco_zoo.screen import _bar_colours, read_counter, read_counter_in
from gridsight.games.disco_zoo.screen_text import taps_left
from gridsight.vision.digits import MIN_LEAD, NumberRead, agreed, read_glyph, read_number
from gridsight.vision.lattice import Lattice
from kit.skins import disco_zoo_real as real
from kit.skins import pixel_fonts

FONTS = [None, *sorted(pixel_fonts.FONTS)]  # None: the skin's own font


def _counter_shot(font: str | None, value: int, outline: bool, scale: float,
                  quality: int) -> np.ndarray:
    """The counter alone on a bar's colour, drawn as the skin draws it (bold, maybe ringed
    in a dark outline), scaled and saved as JPEG."""
    canvas = np.full((60, 80, 3), (90, 110, 70), np.uint8)
    with pixel_fonts.writing_in(pixel_fonts.FONTS[font] if font else None):
        real.write(canvas, str(value), 12, 10, 4, (80, 230, 250), bold=True,
                   outline=(20, 20, 20) if outline else None)
    image = cv2.resize(canvas, None, fx=scale, fy=scale, interpolation=cv2.INTER_LINEAR)
    return cv2.imdecode(cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, quality])[1],
                        cv2.IMREAD_COLOR)


@pytest.mark.parametrize("font", FONTS)
def test_the_counter_in_every_font_of_the_skin_is_read_or_flagged(font):
    """Every count 0-10 in each pixel font of the skin, small and blurred or large and
    sharp, with or without its outline, against every board count it can stand with (the
    same, or fewer when attempts were bought): the attempts left come out right, or a
    warning says the counter was not read with confidence. (Measured over all fonts with
    scales 0.6x, 1x, 1.7x, 2.5x: 1 of 3696 pairs wrong without a warning: see
    docs/screen-reading.md.)"""
    wrong, right, total = [], 0, 0
    for value in range(11):
        for outline in (False, True):
            for scale, quality in ((0.6, 50), (2.5, 45)):
                image = _counter_shot(font, value, outline, scale, quality)
                counter = read_counter_in(image, (0, 0, image.shape[1], image.shape[0]))
                for tapped in range(10 - value, 11):
                    warnings: list[str] = []
                    got = taps_left(counter, None, tapped, [], warnings)
                    total += 1
                    right += got == value
                    if got != value and not any("not read with confidence" in w
                                                for w in warnings):
                        wrong.append((value, outline, scale, tapped, got))
    assert not wrong
    assert right >= 0.75 * total, (right, total)


def test_a_bought_count_misread_as_the_boards_is_not_taken_silently():
    """A read equal to the board's count, with a higher count nearly as like the glyphs
    (attempts bought, the digit misread), is taken with a warning; a clear one silently."""
    gaps = [0.0] * 10
    gaps[8] = 0.005  # an 8 nearly as likely as the 0 read
    unsure = NumberRead(None, 0.01, ((0, 0.005),), (tuple(gaps),))
    notes: list[str] = []
    warnings: list[str] = []
    assert taps_left(unsure, None, 10, notes, warnings) == 0
    assert warnings and "not read with confidence" in warnings[0]
    clear = NumberRead(0, 0.1, ((0, 0.1),), (tuple([0.0] + [0.1] * 9),))
    warnings = []
    assert taps_left(clear, None, 10, notes, warnings) == 0 and not warnings


def test_a_count_above_the_boards_is_taken_only_when_the_boards_is_a_poor_reading():
    """Attempts bought: a clear read above the board's count is taken when the board's
    count is far behind; when the glyph could nearly be the board's count, that is taken,
    with a warning."""
    far = [0.2] * 10
    far[7] = 0.0
    clear = NumberRead(7, 0.1, ((7, 0.1),), (tuple(far),))
    notes: list[str] = []
    warnings: list[str] = []
    assert taps_left(clear, None, 5, notes, warnings) == 7 and not warnings
    near = list(far)
    near[5] = 0.01
    close = NumberRead(None, 0.01, ((7, 0.01),), (tuple(near),))
    assert taps_left(close, None, 5, notes, warnings) == 5
    assert any("not read with confidence" in w for w in warnings)


def test_a_count_above_the_boards_taken_unsure_names_the_other_count_as_like():
    """A count above the board's read by a hair (harder desktop 400000: a bold slashed 0 read
    as 8 by 0.002, "18" for 10 with 3 tiles tapped) is taken with a warning that names the
    other count the glyphs are as like, so the player is told which one to check for; counts
    the glyphs are far from are not named."""
    first = (0.26, 0.0, 0.23, 0.26, 0.56, 0.2, 0.24, 0.25, 0.26, 0.28)  # a clear 1
    second = (0.002, 0.27, 0.21, 0.18, 0.41, 0.12, 0.13, 0.32, 0.0, 0.13)  # 8, or 0
    counter = NumberRead(None, 0.002, ((1, 0.2), (8, 0.002)), (first, second))
    notes: list[str] = []
    warnings: list[str] = []
    maybe: list[int] = []
    assert taps_left(counter, None, 3, notes, warnings, 0, maybe) == 18
    assert len(warnings) == 1 and "not read with confidence" in warnings[0]
    assert maybe == [10]  # the board text says it (taps: 18/10), the advice whether it matters
    assert "10" not in warnings[0].split("(")[0], warnings  # said by the doubt, not twice
    assert "--taps N" in warnings[0]
    warnings = []  # with no room for other counts (no board text), the warning names them
    assert taps_left(counter, None, 3, notes, warnings) == 18
    assert "taken as 18; it may be 10 " in warnings[0], warnings
    assert "or 1" not in warnings[0] and "or 9" not in warnings[0]


def test_a_count_read_unsure_below_the_boards_is_kept_as_the_other_count():
    """The board's count taken (the glyphs nearly as like it as the count read): the count
    read is kept as the other one (taps: 7/9), so the advice says whether it matters; a read
    the board cannot allow (fewer than the attempts the tapped tiles leave) is not."""
    first = [0.2] * 10
    first[9], first[7] = 0.0, 0.01  # a 9, or nearly a 7
    counter = NumberRead(9, 0.01, ((9, 0.01),), (tuple(first),))
    warnings: list[str] = []
    maybe: list[int] = []
    assert taps_left(counter, None, 3, [], warnings, 0, maybe) == 7
    assert maybe == [9]
    assert len(warnings) == 1 and "not read with confidence" in warnings[0]
    assert "9" not in warnings[0] and "--taps N" in warnings[0], warnings
    low = [0.2] * 10
    low[4], low[7] = 0.0, 0.1  # a 4, with 3 tiles tapped: 7 at least
    maybe, warnings = [], []
    assert taps_left(NumberRead(4, 0.1, ((4, 0.1),), (tuple(low),)), None, 3, [], warnings,
                     0, maybe) == 7
    assert maybe == [] and "it looks like 4" in warnings[0]
    maybe = []  # ... unless unread tiles may be tapped ones (read alike at only some cuts)
    assert taps_left(NumberRead(4, 0.1, ((4, 0.1),), (tuple(low),), agree=False), None, 3,
                     [], [], 3, maybe) == 7
    assert maybe == [4]


def test_reads_at_several_cuts_that_disagree_leave_the_number_unread():
    glyph = np.zeros((14, 10), bool)
    glyph[1:13, 4:6] = True  # a one
    seven = np.zeros((14, 10), bool)
    seven[1:3, 1:9] = True
    seven[3:13, 6:8] = True
    one, other = read_number([glyph]), read_number([seven])
    assert one.digits[0][0] == 1 and other.digits[0][0] == 7
    both = agreed([one, other, one])
    assert not both.agree and both.value is None and both.gap(1) >= 0 and both.gap(7) >= 0
    alike = agreed([one, one])
    assert alike.agree and alike.digits == one.digits and alike.gap(1) == 0.0
    assert alike.gap(12) == float("inf")  # another count of digits


def test_a_nine_closed_at_the_bottom_is_no_four_and_a_hole_low_is_a_six():
    """Where a glyph's hole stands tells digits apart whatever the font: a 9 closed by a
    foot at the bottom is not a closed 4, a 6's hole is low, a 0's runs its height."""
    nine = np.array([[c == "#" for c in row] for row in
                     ("######", "##..##", "##..##", "######", "....##", "....##", "######")])
    six = nine[::-1, ::-1]
    zero = np.array([[c == "#" for c in row] for row in
                     ("######", "##..##", "##..##", "##..##", "##..##", "##..##", "######")])
    for glyph, digit in ((nine, 9), (six, 6), (zero, 0)):
        assert read_glyph(np.kron(glyph, np.ones((5, 5), bool)))[0] == digit


def test_the_bars_colour_holds_on_rows_mostly_ink():
    """A row of bold text can be mostly ink: the bar's colour there is still the bar's."""
    band = np.full((60, 200, 3), (60, 100, 80), np.float32)
    band[:10] = (0, 0, 0)  # a status bar
    band[30:33, :140] = (250, 250, 250)  # the strokes of text across 70% of the row
    colours = _bar_colours(band, 11)
    assert np.allclose(colours[31, 0], (60, 100, 80))
    assert np.allclose(colours[3, 0], (0, 0, 0)) and np.allclose(colours[12, 0], (60, 100, 80))


def test_the_bars_colour_holds_under_text_taller_than_the_window():
    """A big bold label's strokes can fill most of the rows of a band taller than the window
    the bar's colour was once smoothed over (seed 320111 at 2.2x: rows cut from the counter
    made its 3 read as a 4, with no caveat). Rows with no text set the colour of those with
    text, a status bar's step kept."""
    rng = np.random.default_rng(5)
    band = np.full((90, 300, 3), (64, 75, 83), np.float32)
    band[:12] = (20, 20, 20)  # a status bar
    band[20:70] = np.where(rng.random((50, 300, 1)) < 0.6, 240.0, band[20:70])  # dense text
    band += rng.normal(0, 2, band.shape)
    colours = _bar_colours(band, 11)
    assert np.abs(colours[20:70, 0] - (64, 75, 83)).max() < 6
    assert np.abs(colours[5, 0] - (20, 20, 20)).max() < 6


def test_a_bar_whose_every_row_holds_a_tall_digit_keeps_its_colour():
    """A big outlined digit as tall as the bar (desktop 90033's 3, from the status bar down
    to the cards) leaves no row of the bar with text on under a tenth of it; the rows around
    it are the status bar's and the cards'. Taken for either, the whole bar was ink and cut
    away, and the clock's 0 was read as the counter. Nearly every pixel of those rows is the
    bar's: that is their colour."""
    band = np.full((80, 400, 3), (80, 80, 85), np.float32)
    band[:10] = (0, 0, 0)  # a status bar
    band[10:62, 200:255] = (20, 20, 20)  # the digit's outline, the bar's whole height ...
    band[16:56, 208:247] = (90, 220, 250)  # ... and its fill
    band[46:54, 262:380] = (240, 240, 240)  # ATTEMPTS LEFT
    band[62:] = (235, 235, 230)  # the cards
    colours = _bar_colours(band, 11)
    assert np.allclose(colours[10:62, 0], (80, 80, 85))
    assert np.allclose(colours[3, 0], (0, 0, 0)) and np.allclose(colours[70, 0], (235, 235, 230))


def test_a_bold_nine_open_at_the_lower_left_on_a_foot_is_no_four():
    """A bold 9 whose lower left is open above a foot the glyph's width (seed 900064's 9 in
    a box, 1.8x) is shaped much like a closed 4; no 4 has ink in its bottom left corner."""
    nine = np.ones((77, 56), bool)
    nine[12:30, 19:38] = False  # its hole
    nine[48:67, :38] = False  # open at the lower left, over the foot
    digit, lead = read_glyph(nine)
    assert digit == 9 and lead >= MIN_LEAD


def test_a_nine_with_a_roof_and_no_tail_is_never_a_four():
    """A square 9 whose tail is cut off (harder desktop 119014: the bar's bottom cut it, read
    as 4 at every ink cut, the attempts stated wrong) or missing from the font has a bar
    across its top closing a hole, which no 4 has: never read as a 4 (unread). A bold
    3-pixel 4 fills its top but closes no hole: still a 4."""
    for rows in ("11111 10001 11111 00001", "11111 10001 11111 00001 00001"):
        bits = np.array([[c == "1" for c in row] for row in rows.split()])
        for size in (5, 7):
            digit, lead = read_glyph(np.kron(bits, np.ones((size, size), bool)))
            assert lead < MIN_LEAD or digit == 9
    cut = np.array([[c == "1" for c in row] for row in "11111 10001 11111 00001".split()])
    assert read_number([np.kron(cut, np.ones((7, 7), bool))]).value is None
    four = np.array([[c == "1" for c in row] for row in "1111 1111 1111 0011 0011".split()])
    digit, lead = read_glyph(np.kron(four, np.ones((5, 5), bool)))
    assert digit == 4 and lead >= MIN_LEAD


def test_a_bold_slashed_zero_is_a_zero():
    """A slashed 0 drawn bold keeps two small holes, one each side of its slash, one left of
    the other (phone screens 7017 and 7047 at 2.1x and 2.55x: read as 0 and 8 alike, the
    counter left unread); an 8's two holes stand in line. Drawn at the skin's proportions
    (7 x 5 font pixels, and 7 x 6 bold)."""
    for width in (5, 6):
        zero = np.ones((7, width), bool)
        zero[1, 2] = zero[5, width - 2] = False  # the holes either side of the slash
        for scale in (3, 11):
            digit, lead = read_glyph(np.kron(zero, np.ones((scale, scale), bool)))
            assert digit == 0 and lead >= MIN_LEAD, (width, scale, digit, lead)


def _block_with_pinholes(upper: tuple[int, int], lower: tuple[int, int],
                         shape: tuple[int, int] = (27, 21)) -> np.ndarray:
    """A bold glyph blurred shut: a block keeping two pinholes of 6 pixels (under 1% of its
    box: no holes), their top left corners at ``upper`` and ``lower``."""
    glyph = np.ones(shape, bool)
    glyph[upper[0] : upper[0] + 2, upper[1] : upper[1] + 3] = False
    glyph[lower[0] : lower[0] + 3, lower[1] : lower[1] + 2] = False
    return glyph


def test_a_bold_slashed_zero_blurred_to_pinholes_is_a_zero():
    """Harder desktop 117024: a bold slashed 0 at 0.83x through a video codec is a block with
    two pinholes, one each side of its slash, too small to count as holes; as near a heavy
    8's block as a 0's, it read 0 with no lead and the counter "10" was unread (attempts
    taken as 5). Pinholes standing across as a slash's sides are no 8's (an 8's holes stand
    in line): a 0, at any size."""
    for shape in ((20, 15), (27, 21), (34, 26)):
        h, w = shape
        zero = _block_with_pinholes((h // 6, int(0.33 * w)), (int(0.74 * h), int(0.52 * w)),
                                    shape)
        digit, lead = read_glyph(zero)
        assert digit == 0 and lead >= MIN_LEAD, (shape, digit, lead)


def test_pinholes_in_line_or_across_the_other_way_are_never_a_confident_zero():
    """A heavy 8 whose holes closed to pinholes in line (bench seed 90001's slits) may be an
    8 as well as a 0, and so may pinholes standing across the other way (no slash of the
    skin's fonts leans so): unread, never a confident 0."""
    for upper, lower in (((4, 9), (20, 10)), ((4, 12), (20, 7))):
        digit, lead = read_glyph(_block_with_pinholes(upper, lower))
        assert digit != 0 or lead < MIN_LEAD, (upper, lower, digit, lead)


def test_the_bold_slashed_ten_of_harder_desktop_117024_is_read():
    """The whole screen of harder desktop 117024 (a Jurassic rescue in an emulator window at
    0.83x through a video codec): its counter reads 10, as drawn (it read nothing, and the
    attempts were taken as 10 minus the 5 tiles tapped)."""
    from kit.desktop import real_look_rescue, sample

    from gridsight.games.disco_zoo.screen import locate_rescue

    shot, capture, _ = sample(real_look_rescue, 117_024, fraction=(0.15, 0.2), harder=True)
    x, y, w, h = capture.extras["screen_box"]
    counter = locate_rescue(capture.image[y : y + h, x : x + w]).counter
    assert shot.extras["attempts"] == 10
    assert counter.value == 10 and counter.lead >= MIN_LEAD, counter


def test_a_one_with_a_flag_and_no_foot_is_a_one():
    """A stem with a flag part way down its left and no foot (seed 320056 at 5x: 13 read as
    73, too close to call) is a one, at any weight, and still no seven."""
    for flag_row in (1, 2):
        for width in (2, 3):
            one = np.zeros((14, 8), bool)
            one[:, 5 - width + 2 : 7] = True
            one[flag_row : flag_row + 2, 1 : 7] = True
            one = np.kron(one, np.ones((6, 6), bool))
            digit, lead = read_glyph(one)
            assert digit == 1 and lead >= MIN_LEAD, (flag_row, width, digit, lead)
    seven = np.zeros((14, 10), bool)
    seven[:2, :] = True
    seven[2:, 6:8] = True
    assert read_glyph(np.kron(seven, np.ones((6, 6), bool)))[0] == 7


def test_digits_of_a_wide_font_are_read_by_their_shape():
    """A font whose digits are as wide as they are tall (the skin's ``wide`` one: no font the
    reader has) is compared by shape alone, stretched to the grid like the references: all
    but a few read, none read wrong (aspect kept, 70 of 120 were read, seed 180104's 12
    among those left unread)."""
    from kit.digit_glyphs import digit_reads

    with pixel_fonts.writing_in(pixel_fonts.FONTS["wide"]):
        reads = digit_reads(range(2, 8))
    assert all(read == digit or lead < MIN_LEAD for _, _, digit, read, lead in reads), reads
    right = sum(read == digit and lead >= MIN_LEAD for _, _, digit, read, lead in reads)
    assert right >= 0.9 * len(reads), (right, len(reads))


def test_a_cut_that_finds_no_number_leaves_the_others_to_agree():
    """600072 at 1.2x: at the lowest ink cut JPEG's halo joins three letters of ``ATTEMPTS
    LEFT``, so that cut finds no number beside the label; the two other cuts read the 7
    alike, and it is read."""
    from gridsight.games.disco_zoo.screen import locate_rescue
    from test_disco_zoo_screens import real_screen

    shot, text, image, _ = real_screen(72, 600_000, (0.8, 1.5))
    counter = locate_rescue(image).counter
    assert counter.value == shot.extras["attempts"] == 7


def test_a_cut_that_finds_a_much_smaller_word_is_not_the_counter():
    """7056 at 0.6x: at one ink cut the glyphs picked are a word a third as tall as the
    counter (the clock's digits), read as 51; the counter's 13, read alike at the two other
    cuts, stands."""
    from gridsight.games.disco_zoo.screen import locate_rescue
    from test_disco_zoo_screens import real_screen

    shot, text, image, _ = real_screen(56, 7_000)
    assert locate_rescue(image).counter.value == shot.extras["attempts"] == 13


def test_a_label_whose_thin_letters_join_still_marks_the_counter_beside_it():
    """Desktop bench seed 97010: a bold 0 just left of a small ``ATTEMPTS LEFT`` whose
    one-pixel letters JPEG's halo joins (the crossbars of ``TT`` touching ``E``). The joined
    letters, too wide for a glyph, vanished in the opening meant for bridges between bold
    glyphs, leaving the label two runs too short to be one; at two of the three ink cuts no
    number was found and the counter went unread. Cut at the columns only a bridge's pixel
    crosses, the label stays one run, and the 0 beside it is read at every cut."""
    from kit.desktop import real_look_rescue, sample

    from gridsight.games.disco_zoo.screen import locate_rescue

    # (the look this was found on: before lawns were drawn near the common green)
    shot, capture, _ = sample(lambda seed: real_look_rescue(seed, near=False), 97_010)
    x, y, w, h = capture.extras["screen_box"]
    counter = locate_rescue(capture.image[y : y + h, x : x + w]).counter
    assert counter.value == shot.extras["attempts"] == 0


def test_a_counter_is_one_word_at_every_ink_cut():
    """The cuts of :data:`~gridsight.games.disco_zoo.screen.INK_LEVELS` must read one word:
    a faint tall stroke seen only at the low cuts and a dark one elsewhere seen at every cut
    both look like a 1, but two things read as 1 in two places are no counter (no-game
    desktop 97005: a chat window's edges, then a rescue's furniture). Either stroke alone is
    read."""
    lattice = Lattice(10, 100, 36, 36, 5, 5, 1.0)  # a board under the bar
    frame = np.full((300, 200, 3), (225, 245, 225), np.uint8)  # a mint ground
    faint, dark = (slice(20, 70), slice(40, 48)), (slice(25, 60), slice(150, 157))
    both = frame.copy()
    both[faint], both[dark] = (190, 205, 190), (60, 60, 60)
    assert read_counter(both, lattice, ()).digits == ()
    for stroke, colour in ((faint, (190, 205, 190)), (dark, (60, 60, 60))):
        alone = frame.copy()
        alone[stroke] = colour
        assert [d for d, _ in read_counter(alone, lattice, ()).digits] == [1]


def test_a_bar_boxed_digit_and_dense_text_keeps_its_colour():
    """Desktop 99410 (a 294 px phone): the counter's dark box fills the bar's whole height
    over a tenth of its width and the text covers a quarter of the rest, so no row of the
    bar is quiet and under three quarters of its pixels are its colour. Given the cards'
    ground under it, the whole bar was ink and the 6 went unread: the bar keeps its own
    colour while most of its pixels have it."""
    band = np.full((40, 260, 3), (99, 69, 91), np.float32)  # a title bar, no status bar
    band[36:] = (230, 245, 236)  # the cards' ground under it
    band[:36, 110:140] = (20, 20, 20)  # the counter's dark box, the bar's whole height
    band[8:14, 115:135] = (250, 250, 250)
    band[10:28, 10:90:6] = (250, 250, 250)  # the region's name's strokes
    band[20:22, 5:160] = (250, 250, 250)  # rows of text across most of the bar
    band[10:28, 150:250:2] = (250, 250, 250)  # ATTEMPTS LEFT
    colours = _bar_colours(band, 11)
    assert np.allclose(colours[:36, 0], (99, 69, 91))
    assert np.allclose(colours[38, 0], (230, 245, 236))


def test_a_glyph_cut_by_the_bands_side_is_no_counter():
    """Desktop 99432: a tool strip's edge beside the phone, cut by the band's side and the
    tallest thing in it, was read as a 1 at two ink cuts, agreeing with the board (6 left
    read as 1, stated with no doubt). A glyph the band cuts is none of the counter's."""
    lattice = Lattice(10, 100, 36, 36, 5, 5, 1.0)  # a board under the bar
    frame = np.full((300, 200, 3), (225, 245, 225), np.uint8)
    frame[:60] = (110, 60, 40)  # the title bar
    real.write(frame, "6", 80, 14, 4, (250, 250, 250), bold=True)
    frame[:, 193:] = (40, 40, 40)  # a tool strip's edge beside the screen
    assert [d for d, _ in read_counter(frame, lattice, ()).digits] == [6]


def test_a_glyph_taller_than_a_bar_can_be_is_no_counter():
    """Desktop 97003 (4K at 200%): a region over the board's middle held a lattice at half
    the tiles' pitch, and two of the real tiles above it, each twice that pitch tall, read as
    a 0 that might spell its count: the part passed for a whole screen and was answered
    with (a wrong board). The counter's glyphs are at most a tile and a half tall."""
    lattice = Lattice(10, 100, 36, 36, 5, 5, 1.0)  # a board under the bar
    frame = np.full((300, 200, 3), (225, 245, 225), np.uint8)
    frame[2:62, 60:110] = (60, 60, 60)  # a square with a hole, as tall as two tiles
    frame[14:50, 72:98] = (225, 245, 225)
    assert read_counter(frame, lattice, ()).digits == ()


def test_a_speck_of_a_tiles_decoration_is_no_counter():
    """Desktop 102023: over a lattice at half the tiles' pitch inside the board, an 8 px
    speck of a tile read as a 0 that may spell the count, and the part of the board was
    answered with as the screen (every tile stated, wrong). The counter's glyphs are at
    least a fifth of a tile tall."""
    lattice = Lattice(10, 100, 36, 36, 5, 5, 1.0)  # a board under the bar
    frame = np.full((300, 200, 3), (225, 245, 225), np.uint8)
    frame[30:37, 90:96] = (60, 60, 60)  # a ring 7 px tall: a 0 a fifth of a tile tall
    frame[32:35, 92:94] = (225, 245, 225)
    assert read_counter(frame, lattice, ()).digits == ()


def test_each_digits_gap_is_its_nearest_references_mean_difference_to_the_bit():
    """The counter's glyphs are compared with every reference digit at once
    (``digits._nearest_by_digit``): the same distances, to the bit, as one plain mean per
    reference (the aspect-kept grid; the stretched one too); and :func:`read_number` gives
    each glyph the gaps and the read :func:`read_glyph` gives it."""
    from gridsight.vision import digits

    rng = np.random.default_rng(5)
    glyphs = [cv2.resize(mask.astype(np.uint8), None, fx=0.4, fy=0.4 * aspect,
                         interpolation=cv2.INTER_NEAREST) > 0
              for (_, mask), aspect in zip(digits.drawn_digits()[::7], (0.6, 1.0, 1.5) * 5)]
    glyphs += [rng.random((11, 9)) < 0.5, np.ones((6, 9), bool)]  # speckle; a wide block
    for glyph in glyphs:
        for stretch, shape in ((False, digits.normalise(glyph)), (True, digits.stretched(glyph))):
            refs = digits._stretched_references() if stretch else digits._references()
            plain = [1.0] * 10
            for digit, ref in refs:
                plain[digit] = min(plain[digit], float(np.mean(np.abs(shape - ref))))
            together = [1.0] * 10
            digits._nearest_by_digit(shape, digits._stacked(stretch), together)
            assert together == plain, stretch
    read = read_number(glyphs[:3])
    assert read.digits == tuple(read_glyph(g) for g in glyphs[:3])
    assert read.gaps == tuple(digits.digit_gaps(g) for g in glyphs[:3])


def test_a_counter_whose_digits_touch_the_pictures_top_is_read_but_never_sure():
    """A picture cut through the title bar may leave only a digit's lower part (a 5's reads
    3). The bundled example's 6 stands 52 pixels below its top: cut 48 pixels off, it is
    read sure; cut 56 off (its top 4 rows gone), still read 6, but not sure. (A digit
    touching the top taken as whole: caught by nothing before.)"""
    from gridsight.games.disco_zoo.screen import locate_rescue

    image = real.example()
    whole = locate_rescue(image[48:]).counter
    assert (whole.value, whole.agree) == (6, True)
    cut = locate_rescue(image[56:]).counter
    assert (cut.value, cut.agree) == (6, False)


def test_a_counter_found_at_one_ink_cut_alone_is_not_read(monkeypatch):
    """The counter is read at several ink cuts and kept only when two at least find it (a
    digit a blur makes ambiguous reads otherwise at some cut): the bundled example's 6,
    read at every cut, is not read when one cut alone finds it. (One cut taken as enough:
    caught by nothing before.)"""
    from gridsight.games.disco_zoo import screen as screen_module

    image = real.example()
    assert screen_module.locate_rescue(image).counter.value == 6
    monkeypatch.setattr(screen_module, "INK_LEVELS", screen_module.INK_LEVELS[1:2])
    assert screen_module.locate_rescue(image).counter.value is None
