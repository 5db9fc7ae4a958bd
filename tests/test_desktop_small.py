"""The search for a game's screen in a desktop capture on small drawn frames (issue 18, item 2;
a fraction of a second each, where ``tests/test_desktop.py`` draws whole desktops):

- a screen whose sides do not show beside its board is bounded by where its bars end
  (:func:`gridsight.vision.regions.regions_around`; desktop 97006 of ``bench/bench_desktop.py``:
  a rescue's dark-green ground beside a window and a tool strip of the same green);
- a flat patch of a wallpaper is no board, whatever a pack's frame matches there (no-game
  desktop 99203: a tile-path board of 48 blocked tiles under the taskbar), nor is a smooth ramp
  of colour (98418 of the harder kit);
- cards none of whose box rows read do not vouch, with a counter reading more, for a rescue
  (no-game desktop 98404 of the harder kit: a chat window);
- cards whose box rows count the tiles found vouch for a rescue whose counter is unread.
"""

from __future__ import annotations

import numpy as np
import pytest

from gridsight.readers.find import find_in, load_game_pack
from gridsight.vision.errors import BoardNotFoundError
from gridsight.vision.regions import SIDE_GAP, _line_ends, _longest_gaps, regions_around

GROUND = (40, 90, 40)


def _screen_among_its_colour(strip: tuple[int, int, int] = GROUND
                             ) -> tuple[np.ndarray, tuple[int, int, int, int],
                                        tuple[int, int, int, int]]:
    """A 1280x720 frame: a screen (a status bar, a top bar, the ground with a board of light
    tiles, a bottom bar, a navigation bar) with a window of its ground's colour on its left and
    a tool strip of ``strip`` on its right; returns the frame, the screen's box and the
    board's (x0, y0, x1, y1)."""
    frame = np.full((720, 1280, 3), (200, 120, 160), np.uint8)  # the wallpaper
    x, y, w, h = 500, 60, 240, 520
    frame[20:700, 150:x] = GROUND  # the window on its left, its fill the ground's colour
    frame[y : y + h, x + w : x + w + 50] = strip  # the tool strip on its right
    frame[y - 26 : y, x : x + w + 50] = (60, 60, 70)  # the window's title bar
    frame[y : y + h, x : x + w] = GROUND
    frame[y : y + 14, x : x + w] = (0, 0, 0)  # the phone's status bar
    frame[y + 14 : y + 60, x : x + w] = (40, 60, 110)  # the game's top bar
    frame[y + h - 70 : y + h - 20, x : x + w] = (40, 60, 110)  # its bottom bar
    frame[y + h - 20 : y + h, x : x + w] = (0, 0, 0)  # the navigation bar
    bx, by, cell = x + 20, y + 160, 40
    for r in range(5):
        for c in range(5):
            frame[by + r * cell + 1 : by + (r + 1) * cell - 1,
                  bx + c * cell + 1 : bx + (c + 1) * cell - 1] = (90, 170, 110)
    return frame, (x, y, w, h), (bx, by, bx + 5 * cell, by + 5 * cell)


def _grass_board(x: int, y: int, pitch: int, furniture, doubtful=(), *,
                 unread=lambda r, c: False, tally: bool | None = None):
    """A 5x5 board read at ``(x, y)`` with tiles of ``pitch`` px, every cell grass but those
    ``unread(r, c)`` names (unknown), with the furniture found (``doubtful`` among it) and,
    when given, whether the cards' tally agrees: what a desktop search weighs finds by."""
    import gridsight.readers.desktop as desktop
    from gridsight.vision.classify import BoardRead, CellRead
    from gridsight.vision.geometry import BoardGeometry

    cells = tuple(tuple(CellRead(r, c, "unknown" if unread(r, c) else "grass", 1.0, 1.0)
                        for c in range(5)) for r in range(5))
    extras = {desktop.FURNITURE: furniture, desktop.DOUBTFUL: doubtful}
    if tally is not None:
        extras[desktop.TALLY] = tally
    return BoardRead(BoardGeometry.from_rect(x, y, pitch, pitch, 5, 5), cells, extras=extras)


def test_a_screen_whose_sides_hide_beside_its_board_is_bounded_by_its_bars():
    frame, (x, y, w, h), board = _screen_among_its_colour()
    around = regions_around(frame, board)
    assert around, "no rectangle around the board"
    best = around[0]
    assert (best.x, best.width) == (x, w)  # the screen's sides, to the pixel
    # The game's bars in: from the top bar (the phone's status bar may be left out, harmless)
    # to the bottom bar, never through the top bar.
    assert y - 26 <= best.y <= y + 15 and best.y + best.height >= y + h - 22


def test_a_screen_at_the_captures_top_is_tried_from_the_frames_top():
    """Harder desktop 98621: a screen whose top bar starts at the capture's first row, its
    sides hidden beside the board. No line stands above the bar, so the rectangles by the bars
    all began under it, the counter in it was never read, and the capture was refused. The
    frame's own top is now tried too, after the lines."""
    frame, (x, y, w, h), (bx0, by0, bx1, by1) = _screen_among_its_colour()
    cut = y + 14  # the capture starts at the game's top bar
    around = regions_around(frame[cut:], (bx0, by0 - cut, bx1, by1 - cut))
    assert any((r.x, r.width, r.y) == (x, w, 0) and r.y + r.height >= y + h - 22 - cut
               for r in around), around
    assert around[0].y > 0  # (tried last: a line above the board comes first)


def test_a_bar_whose_line_runs_on_into_a_neighbours_edge_still_gives_the_sides():
    """Harder desktop 113016: a borderless mirror at the capture's top, its sides hidden (a
    window and a tool strip of its ground's colour); the top bar's lower edge ran on to the
    left along a neighbour's field lined up with it, so no line above the board ended at
    both of the screen's sides and the rectangles by the bars gave nothing: "not found". A
    side is now the end two lines share, each side its own two, one line across from side
    to side."""
    frame, (x, y, w, h), (bx0, by0, bx1, by1) = _screen_among_its_colour()
    frame[y + 30 : y + 60, x - 60 : x] = (120, 120, 120)  # a field lined up with the bar
    cut = y + 14  # the capture starts at the game's top bar
    around = regions_around(frame[cut:], (bx0, by0 - cut, bx1, by1 - cut))
    assert any((r.x, r.width, r.y) == (x, w, 0) and r.y + r.height >= y + h - 22 - cut
               for r in around), around


def test_a_tool_strip_of_another_colour_still_gives_the_sides_as_before():
    frame, (x, y, w, h), board = _screen_among_its_colour(strip=(20, 20, 20))
    around = regions_around(frame, board)
    # the right side shows beside the board now, the left still does not: found by the bars
    assert any((r.x, r.width) == (x, w) for r in around), around


def test_a_flat_patch_under_a_taskbar_is_no_board():
    """The colours of no-game desktop 99203: a wallpaper's flat brown circle under a pale
    taskbar, where the tile-path pack's frame matched (0.83) a board of blocked tiles."""
    frame = np.empty((240, 320, 3), np.uint8)
    frame[:] = (48, 87, 157)
    frame[:37] = (212, 227, 201)
    with pytest.raises(BoardNotFoundError, match="a patch of one colour"):
        find_in(frame, {"tile-path": load_game_pack("tile-path", None)})


def test_a_ramp_of_colour_under_a_window_is_no_board():
    """No-game desktop 98418 (``bench/bench_desktop.py --harder --no-game``): under a
    spreadsheet window, a wallpaper's vertical ramp from olive to brown, where the tile-path
    pack's frame matched a board of 48 end tiles. Each row is one colour and the patch is not
    (its standard deviation over 2): a smooth ramp is no board either."""
    from kit.desktop import desktop, other_phone_screen
    from kit.skins.common import Rendered

    from gridsight.vision.geometry import BoardGeometry

    rng = np.random.default_rng(98418)
    app = other_phone_screen(rng, 360, int(rng.integers(640, 800)))
    capture = desktop(Rendered(app, BoardGeometry.from_rect(0, 0, 1, 1, 1, 1), (), ()), rng,
                      decoy=True, harder=True)
    with pytest.raises(BoardNotFoundError, match="a patch of one colour"):
        find_in(capture.image[500:1040, 0:400], {"tile-path": load_game_pack("tile-path", None)})


def test_a_counter_reading_more_than_a_rescue_shows_vouches_for_nothing():
    """No-game desktop 99213 (of ``bench/bench_desktop.py --no-game``): a home screen's grid of
    icons on a yellow tiled wallpaper, in a window a sheet half covers, reads as a rescue with
    three cards; its "counter", icons under the title bar, reads 97, more than the board's 7
    attempts, and such a counter was taken for one with attempts bought: a find among windows
    with all its furniture. A counter never shows more than 20."""
    from kit.desktop import desktop, other_phone_screen
    from kit.skins.common import Rendered

    from gridsight.games.disco_zoo.screen import locate
    from gridsight.vision.geometry import BoardGeometry

    rng = np.random.default_rng(99213)
    app = other_phone_screen(rng, 360, int(rng.integers(640, 800)))
    capture = desktop(Rendered(app, BoardGeometry.from_rect(0, 0, 1, 1, 1, 1), (), ()), rng,
                      decoy=True)
    read = locate(capture.image[16:720, 594:934])  # the window-like region it was found in
    assert "counter" not in read.extras["furniture"] + read.extras["furniture_doubtful"]


def test_cards_with_no_box_row_beside_a_counter_reading_more_are_no_furniture():
    """No-game desktop 98404 (``bench/bench_desktop.py --harder --no-game``): a chat window
    read as a rescue, a bubble as a card (a name-like line, no sprite, no box row) and a
    stroke as a counter reading 1, more than the board's 0 attempts (taken for an attempt
    bought): all the furniture, a sure find among windows. A real card shows one box per tile
    of its animal, so cards none of whose box rows read do not vouch for a doubtful counter's
    screen; a real rescue with a counter reading more (bench desktop 98400, an attempt bought)
    keeps its cards, whose box rows read. (Since glyphs cut by the counter's band are no
    counter's, the chat's stroke is not read at all: its cards alone are no whole rescue.)"""
    from kit.desktop import desktop, other_phone_screen, real_look_rescue, sample
    from kit.skins.common import Rendered

    from gridsight.games.disco_zoo.screen import locate
    from gridsight.vision.geometry import BoardGeometry

    rng = np.random.default_rng(98404)
    app = other_phone_screen(rng, 360, int(rng.integers(640, 800)))
    capture = desktop(Rendered(app, BoardGeometry.from_rect(0, 0, 1, 1, 1, 1), (), ()), rng,
                      decoy=True, harder=True)
    try:  # the window-like region it was found in
        read = locate(capture.image[14:1397, 1205:1519])
    except BoardNotFoundError:
        # (since the 29th session's second round: the chat's lattice, its top row reading as
        # nothing while the lattice a row over reads more of its tiles, is refused)
        pass
    else:
        screen = read.extras["rescue_screen"]
        # (since the 29th session's lattice changes the chat's region reads another lattice,
        # with no cards at all)
        assert all(card.boxes is None for card in screen.cards)
        seen = set(read.extras["furniture"]) | set(read.extras["furniture_doubtful"])
        assert seen != {"cards", "counter"}

    # (the look this was found on: before lawns were drawn near the common green)
    _, real, _ = sample(lambda seed: real_look_rescue(seed, near=False), 98_400, harder=True)
    x, y, w, h = real.extras["screen_box"]
    read = locate(real.image[y : y + h, x : x + w])
    assert read.extras["furniture_doubtful"] == ("counter",)
    assert read.extras["furniture"] == ("cards",)


def test_a_larger_board_reading_fewer_of_its_cells_leaves_a_whole_one(monkeypatch):
    """Harder desktop 99424 (a phone at 19% of the frame, pillar-boxed over its own screen
    blown up and blurred): the phone's region reads the board whole, with its cards and a
    counter reading more (attempts bought); a wider region round it finds a lattice in the
    blur holding that board, a fifth of its tiles unread. The larger board dropped the one
    it held, and the capture was refused. It replaces only boards reading no more of their
    cells than it does."""
    import gridsight.readers.desktop as desktop
    from gridsight.vision.classify import BoardRead
    from gridsight.vision.regions import Region

    def board(x: int, y: int, pitch: int, unread_row: bool, furniture, doubtful) -> BoardRead:
        return _grass_board(x, y, pitch, furniture, doubtful,
                            unread=lambda r, c: unread_row and r == 4)

    phone, pillar = Region(100, 0, 200, 400, 1.0), Region(50, 0, 400, 400, 1.0)

    def locate(pixels: np.ndarray) -> BoardRead:
        if pixels.shape[1] == phone.width:  # the board, x 120-280, y 150-310 in the frame
            return board(20, 150, 32, False, ("cards",), ("counter",))
        return board(60, 130, 44, True, ("cards",), ())  # the blur's: x 110-330, y 130-350

    monkeypatch.setattr(desktop, "propose_regions", lambda image, keep, **_: [phone, pillar])
    monkeypatch.setattr(desktop, "regions_around", lambda image, box: [])
    found = desktop.locate_inside(np.zeros((400, 600, 3), np.uint8), locate,
                                  ("cards", "counter"))
    assert found.extras[desktop.VIEW] == phone and found.known_fraction == 1.0


def test_a_board_at_its_regions_top_is_read_in_the_screen_around_it(monkeypatch):
    """Harder desktop 99706 (a 621 px phone on a 2560x1440 monitor): the only region holding
    the whole board began at the board's top, so its cards and counter were cut off; the read
    there, every tile and no furniture, was dropped as not credible before the screen around
    it was looked for, and the capture was refused. A board read whole at its region's top,
    or up to a rescue's furniture's height below it (``TOP_CUT``), is now read again around
    it, and counts when that read finds furniture; a board lower in its region, with nothing
    found above it, still does not."""
    import gridsight.readers.desktop as desktop
    from gridsight.vision.classify import BoardRead
    from gridsight.vision.regions import Region

    def board(x: int, y: int, furniture) -> BoardRead:
        return _grass_board(x, y, 32, furniture)

    screen = Region(100, 0, 200, 400, 1.0)  # the board at x 120-280, y 150-310 in the frame
    # At its region's top, 2.3 cells below it (500011 with two monitors: the region's top
    # through the cards), found; 4 cells below it, with nothing found above, not.
    for cut_at, found in ((150, True), (76, True), (22, False)):
        part = Region(110, cut_at, 180, 250, 1.0)

        def locate(pixels: np.ndarray) -> BoardRead:
            if pixels.shape == (screen.height, screen.width, 3):
                return board(20, 150, ("cards", "counter"))
            return board(10, 150 - cut_at, ())  # nothing above the board in the part

        monkeypatch.setattr(desktop, "propose_regions", lambda image, keep, **_: [part])
        monkeypatch.setattr(desktop, "regions_around", lambda image, box: [screen])
        frame = np.zeros((400, 600, 3), np.uint8)
        if found:
            read = desktop.locate_inside(frame, locate, ("cards", "counter"))
            assert read.extras[desktop.VIEW] == screen
        else:
            with pytest.raises(BoardNotFoundError):
                desktop.locate_inside(frame, locate, ("cards", "counter"))


def test_of_two_reads_of_one_board_as_complete_the_sure_one_is_kept(monkeypatch):
    """Fresh harder desktop 410013 (a mirror at 17% of the frame): the first region cut 18 px
    into the phone, reading its board whole and its cards, the box rows' tally off (a card
    cut); a region holding the whole screen read the same board and cards, the tally right.
    The first, as complete, was kept and refused as not sure; of finds as complete, a sure
    one is now kept. Neither sure, the capture is still refused."""
    import gridsight.readers.desktop as desktop
    from gridsight.vision.classify import BoardRead
    from gridsight.vision.regions import Region

    cut, whole = Region(118, 0, 182, 400, 1.0), Region(100, 0, 200, 400, 1.0)

    def board(x: int, tally: bool) -> BoardRead:
        return _grass_board(x, 150, 32, ("cards",), tally=tally)

    for tallied in (True, False):
        def locate(pixels: np.ndarray) -> BoardRead:  # the board at x 120-280 in the frame
            if pixels.shape[1] == whole.width:
                return board(20, tallied)
            return board(2, False)  # the cut region's (and any widened region's)

        monkeypatch.setattr(desktop, "propose_regions", lambda image, keep, **_: [cut, whole])
        monkeypatch.setattr(desktop, "regions_around", lambda image, box: [])
        frame = np.zeros((400, 600, 3), np.uint8)
        if tallied:
            found = desktop.locate_inside(frame, locate, ("cards", "counter"))
            assert found.extras[desktop.VIEW] == whole
        else:
            with pytest.raises(BoardNotFoundError):
                desktop.locate_inside(frame, locate, ("cards", "counter"))


def test_a_find_sure_by_its_tally_is_not_traded_for_a_view_around_it_that_is_not(monkeypatch):
    """Harder desktop 480000 (an emulator's screen of 257 px, 16% of the frame): the
    window's region read the board and cards, their tally agreeing (the counter's 0 as near
    an 8: unread); the rectangle around the board read the same board and cards, the tally
    off, and replaced it as complete; the capture was refused. A view replaces a find only
    when as sure; a view as sure (both or neither) still replaces it."""
    import gridsight.readers.desktop as desktop
    from gridsight.vision.classify import BoardRead
    from gridsight.vision.regions import Region

    window, around = Region(100, 0, 200, 400, 1.0), Region(110, 20, 180, 360, 1.0)
    for tallied, view_tallied, kept in ((True, False, window), (True, True, around),
                                        (False, False, None)):
        def locate(pixels: np.ndarray) -> BoardRead:  # the board at x 120-280 in the frame
            if pixels.shape[:2] == (around.height, around.width):
                return _grass_board(10, 130, 32, ("cards",), tally=view_tallied)
            return _grass_board(20, 150, 32, ("cards",), tally=tallied)

        monkeypatch.setattr(desktop, "propose_regions", lambda image, keep, **_: [window])
        monkeypatch.setattr(desktop, "regions_around", lambda image, box: [around])
        frame = np.zeros((400, 600, 3), np.uint8)
        if kept is None:
            # The refusal names what the likeliest find did not show (fresh 4K 550019: the
            # pointer over the counter of a fresh board).
            with pytest.raises(BoardNotFoundError, match="no game screen.*shows no counter"):
                desktop.locate_inside(frame, locate, ("cards", "counter"))
        else:
            found = desktop.locate_inside(frame, locate, ("cards", "counter"))
            assert found.extras[desktop.VIEW] == kept


def test_our_skin_read_whole_by_its_pack_skips_the_search_by_windows(monkeypatch):
    """Our own skin's rescue, read whole by the shipped pack inside a wider frame, keeps the
    view found around its board: the search by windows (``find._fuller_window``, for a
    calibrated pack's view that misses furniture, desktop 99202) is not run for it (it cost 7
    to 15 s a screenshot in ``bench/bench_analyze.py``'s 1920x1080 frames), and the board
    is read exactly."""
    import cv2

    from gridsight.readers import find
    from gridsight.readers.base import ReadHints
    from kit.skins import disco_zoo
    from test_readers import random_rescue

    rng = np.random.default_rng(1)
    shot, truth = random_rescue(rng, disco_zoo.DEFAULT_SKIN)
    image = cv2.resize(shot.image, None, fx=1.5, fy=1.5, interpolation=cv2.INTER_LINEAR)
    frame = np.full((1080, 1920, 3), (120, 90, 60), np.uint8)
    frame[200 : 200 + image.shape[0], 700 : 700 + image.shape[1]] = image

    def searched(*args, **kwargs):
        raise AssertionError("the search by windows ran for our skin read whole")

    monkeypatch.setattr(find, "_fuller_window", searched)
    found = find_in(frame, {"disco-zoo": load_game_pack("disco-zoo", None)})
    assert found.read.known_fraction == 1.0
    assert find.read_found(frame, found, ReadHints()).text == truth


def test_a_counter_whose_cuts_disagree_spells_the_count_only_if_each_glyph_could(monkeypatch):
    """The furniture check of a desktop's regions (``screen.locate``) took a counter whose
    middle ink cut read the board's count as agreeing with it, whatever the other cuts read
    (its lead test, ``>= 0``, held for every read). Cuts that read another digit, the count's
    digit far behind there, no longer vouch; a glyph about as near the count's digit at every
    cut still does (a heavy 8 read as a slashed 0 at one cut)."""
    import gridsight.games.disco_zoo.screen as screen
    from gridsight.vision.digits import MIN_LEAD, NumberRead
    from gridsight.vision.lattice import Lattice

    tiles = tuple(tuple(screen.TileSeen("empty" if r == 0 and c < 2 else "ground")
                        for c in range(5)) for r in range(5))  # two tapped: 8 left

    def furniture(gap_of_eight: float) -> tuple[str, ...]:
        gaps = (tuple(gap_of_eight if d == 8 else 0.0 if d == 3 else 0.3 for d in range(10)),)
        counter = NumberRead(None, 0.0, ((8, 0.05),), gaps, agree=False)  # 8 here, 3 there
        seen = screen.RescueScreen(Lattice(10, 10, 20, 20, 5, 5, 1.0), tiles, (), counter, 1.0)
        monkeypatch.setattr(screen, "locate_rescue", lambda image: seen)
        return screen.locate(np.zeros((120, 120, 3), np.uint8)).extras["furniture"]

    assert "counter" not in furniture(0.2)  # the 8 far behind the 3 at some cut
    assert "counter" in furniture(0.5 * MIN_LEAD)  # as near the 8 as the 3 at every cut


def test_a_lattice_across_windows_missing_furniture_gives_way_to_a_whole_screen(monkeypatch):
    """Harder desktop 103022 (held out): the whole frame's search laid a 5x5 lattice of 138 px
    across a brown window, the phone and others; 80% of it read as tiles and the phone's
    cards as its cards, credible, so it was answered with (``taps: 9`` and one found tile,
    for the phone's 1 attempt left and six found). A whole-frame find missing some of the
    furniture is now weighed against the windows' search, whose sure and more complete find
    (the phone's board with its cards and counter) wins; a window's find no more complete
    leaves it."""
    import gridsight.readers.desktop as desktop
    from gridsight.vision.classify import BoardRead
    from gridsight.vision.regions import Region

    def board(x: int, pitch: int, unread: int, furniture) -> BoardRead:
        return _grass_board(x, 20, pitch, furniture, unread=lambda r, c: 5 * r + c < unread)

    phone = Region(300, 0, 200, 400, 1.0)
    for window_furniture, answer in ((("cards", "counter"), "window"), (("cards",), "whole")):
        def locate(pixels: np.ndarray) -> BoardRead:
            if pixels.shape[1] == 800:  # the whole frame: a lattice across its windows
                return board(10, 70, 5, ("cards",))
            return board(20, 30, 0, window_furniture)

        monkeypatch.setattr(desktop, "propose_regions", lambda image, keep, **_: [phone])
        monkeypatch.setattr(desktop, "regions_around", lambda image, box: [])
        found = desktop.ScreenLocator(locate, ("cards", "counter"))(
            np.zeros((400, 800, 3), np.uint8))
        assert (desktop.VIEW in found.extras) == (answer == "window"), answer


def test_box_rows_a_video_codec_left_faint_still_vouch_for_a_rescue_with_attempts_bought():
    """Harder desktop 105008 (``bench/bench_desktop.py --harder --seed 105000``): a mirror
    through a video codec, a Moon rescue whose counter reads 7, more than its seven taps
    leave (attempts bought). The codec left the boxes' one-pixel light borders 14 to 18 Lab
    from the grey card, under the ink a box row is first sought at, so no box row read, the
    cards did not count beside the doubtful counter, and the desktop was refused ("no game
    board found"). A card whose row is not found at that ink is tried again at the fainter
    ink of a box's side (the chat window's bubbles of the test above still show none); a
    row found so is not read clearly (at that ink a blurred row may join two boxes)."""
    from kit.desktop import real_look_rescue, sample

    from gridsight.games.disco_zoo.screen import locate
    from gridsight.games.disco_zoo.settle import BOX_SURE

    shot, capture, _ = sample(real_look_rescue, 105_008, fraction=(0.15, 0.40), harder=True)
    x, y, w, h = capture.extras["screen_box"]
    read = locate(capture.image[y : y + h, x : x + w])
    cards = read.extras["rescue_screen"].cards
    assert [(c.boxes.count, c.boxes.filled) if c.boxes else None for c in cards] == \
        [(drawn.boxes, drawn.filled) for drawn in shot.extras["cards"]]
    assert read.extras["furniture"] == ("cards",)
    assert read.extras["furniture_doubtful"] == ("counter",)
    assert all(card.faint_row and card.boxes.confidence < BOX_SURE for card in cards)


def test_a_counter_agrees_with_a_board_whose_tapped_tile_is_under_the_pointer():
    """Fresh harder desktop 106011: a mouse pointer over a tapped empty tile leaves it unread;
    the counter's 5 is one under the 6 the tiles seen give, so it did not count as the
    rescue's furniture and the desktop was refused ("no game board found"). An unread tile
    may be tapped: the count may be that much lower (for two such tiles at most)."""
    from kit.desktop import real_look_rescue, sample

    from gridsight.games.disco_zoo.screen import locate

    _, capture, _ = sample(real_look_rescue, 106_011, fraction=(0.15, 0.40), harder=True)
    x, y, w, h = capture.extras["screen_box"]
    read = locate(capture.image[y : y + h, x : x + w])
    tiles = read.extras["rescue_screen"].tiles
    assert [(r, c) for r, row in enumerate(tiles) for c, tile in enumerate(row)
            if tile.kind == "unknown"] == [(3, 4)]
    assert read.extras["furniture"] == ("cards", "counter")


def test_a_lattice_with_a_column_unread_gets_no_counter_from_tiles_that_may_be_tapped():
    """Harder desktop 98401 (``bench/bench_desktop.py --harder --seed 98400``, the skin's
    colours drawn near): a window-like region cuts the board's first column, and a lattice
    shifted by most of a tile reads its last column over the ground as five unread tiles.
    Counting each as maybe tapped let the counter's 9 agree with the board, and the wrong
    board was read as the screen's, a tile off. Unread tiles count only when a pointer's few
    (two at most) are: here the counter is no furniture."""
    from kit.desktop import real_look_rescue, sample

    from gridsight.games.disco_zoo.screen import locate

    _, capture, _ = sample(real_look_rescue, 98_401, fraction=(0.15, 0.40), harder=True)
    read = locate(capture.image[126 : 126 + 1248, 1994 : 1994 + 511])  # the cut region
    tiles = read.extras["rescue_screen"].tiles
    assert sum(tile.kind in ("hidden", "unknown") for row in tiles for tile in row) > 2
    assert "counter" not in read.extras["furniture"]


def test_a_doubtful_lattice_over_a_finer_board_read_in_a_window_is_no_screen(monkeypatch):
    """Fresh harder desktop 112022: the whole frame's search laid a 5x5 lattice of 150 px
    across a window of the grass's green and the phone, a third of it read, the phone's
    card as its card; the phone's own board (62 px, every tile read) was not sure enough
    among the windows (its counter unread), so the lattice was kept as "a phone's screenshot
    with a hand over the board" and advised on (a wrong board). A board read whole in a
    window, finer, within the lattice and off its lines, shows the lattice is none: refused.
    With only a part of the lattice at half its pitch in the windows (the phone alone of
    112002), a lattice within a tile, or nothing, the doubtful find stands (a hand over a
    phone's board)."""
    import gridsight.readers.desktop as desktop
    from gridsight.vision.classify import BoardRead, CellRead
    from gridsight.vision.geometry import BoardGeometry
    from gridsight.vision.regions import Region

    def board(x: int, y: int, pitch: int, unread: int, furniture=()) -> BoardRead:
        cells = tuple(tuple(CellRead(r, c, "unknown" if 5 * r + c < unread else "grass",
                                     1.0, 1.0) for c in range(5)) for r in range(5))
        return BoardRead(BoardGeometry.from_rect(x, y, pitch, pitch, 5, 5), cells,
                         extras={desktop.FURNITURE: furniture, desktop.DOUBTFUL: ()})

    phone = Region(300, 0, 200, 400, 1.0)
    # In the window: the phone's board, its counter unread; a part of the lattice read at
    # half its pitch, on its lines and half-lines; a "board" of 11 px within one tile (a
    # decoration's pixels, on a phone's screenshot with a finger over its board); nothing.
    for window_board, answer in (((20, 20, 62), "refused"), ((85, 95, 75), "whole"),
                                 ((300, 300, 11), "whole"), (None, "whole")):
        def locate(pixels: np.ndarray) -> BoardRead:
            if pixels.shape[1] == 800:  # the whole frame: a lattice across its windows
                return board(10, 20, 150, 17, ("cards",))
            if window_board is not None:
                return board(*window_board, 0)
            raise BoardNotFoundError("disco-zoo", "nothing here")

        monkeypatch.setattr(desktop, "propose_regions", lambda image, keep, **_: [phone])
        monkeypatch.setattr(desktop, "regions_around", lambda image, box: [])
        locator = desktop.ScreenLocator(locate, ("cards", "counter"))
        try:
            locator(np.zeros((800, 800, 3), np.uint8))
            said = "whole"
        except BoardNotFoundError as error:
            said = "refused"
            assert "laid over a smaller board" in str(error)
        assert said == answer, window_board


def test_one_column_of_an_outlined_digits_outline_is_no_digit():
    """Fresh harder desktop 112022: a bold slashed 0 drawn with a dark outline; at the
    lowest ink cut one column of the outline, 1 px wide and 24 tall, was a glyph and read as
    a 1 beside the 0 the other cuts read, so the cuts disagreed, the counter was unread and
    the phone's screen not sure enough among the windows. A glyph thinner than a tenth of its
    height is no digit."""
    from kit.desktop import real_look_rescue, sample

    from gridsight.games.disco_zoo.screen import locate

    shot, capture, _ = sample(real_look_rescue, 112_022, harder=True)
    assert shot.extras["look"].digit_outline and shot.extras["attempts"] == 0
    x, y, w, h = capture.extras["screen_box"]
    read = locate(capture.image[y : y + h, x : x + w])
    counter = read.extras["rescue_screen"].counter
    assert [d for d, _ in counter.digits] == [0] and counter.agree
    assert read.extras["furniture"] == ("cards", "counter")


def test_a_found_tile_of_the_lawns_green_through_a_codec_is_told_by_its_corners():
    """Fresh harder desktop 112002: a common Stegosaurus's tile, its green near the lawn's,
    read as grass; the card's boxes count one found tile, and the grass tiles' sprites were
    searched for the card's: the found tile's, blurred by a video codec, was 0.29 from it
    (more than :data:`~gridsight.games.disco_zoo.screen.LAWN_SPRITE`), so every grass tile
    with a picture, seven decorated ones with it, was left unread, and among the desktop's
    windows the board (its counter unchecked) was not sure enough: "not found". The tile's
    four corners are a rounded tile's (the dirt under it): with its sprite that near, and
    every decorated tile's far, it is the found one."""
    from kit.desktop import real_look_rescue, sample

    from gridsight.games.disco_zoo.screen import locate

    shot, capture, _ = sample(real_look_rescue, 112_002, harder=True)
    x, y, w, h = capture.extras["screen_box"]
    read = locate(capture.image[y : y + h, x : x + w])
    tiles = read.extras["rescue_screen"].tiles
    assert [(r, c) for r, row in enumerate(tiles) for c, tile in enumerate(row)
            if tile.kind not in ("ground", "empty")] == [(3, 3)]
    assert tiles[3][3].kind == "found" and tiles[3][3].rarities == ("common",)
    assert read.extras["furniture"] == ("cards", "counter")


def test_a_board_read_squeezed_in_a_region_cutting_its_last_column_is_read_whole_around_it(
        monkeypatch):
    """Fresh harder desktop 112016: no region held the whole phone; one cut through the
    board's last column, and the lattice read there was squeezed into what showed (47 px a
    tile for 50, its right side 22 px short). The rectangles around it read the whole board,
    with the cards and the counter, but that board was neither the same (a corner 0.47 of a
    tile off) nor larger by a tile, so it was dropped and the desktop refused. A board of
    the same size over most of it (three fifths of their union or more: harder desktop
    98401's lattice shifted by three quarters of a tile shares 0.77) is the same board read
    whole; one two columns off (three sevenths) is not."""
    import gridsight.readers.desktop as desktop
    from gridsight.vision.classify import BoardRead, CellRead
    from gridsight.vision.geometry import BoardGeometry
    from gridsight.vision.regions import Region

    def board(x: float, pitch: float, furniture=()) -> BoardRead:
        cells = tuple(tuple(CellRead(r, c, "grass", 1.0, 1.0) for c in range(5))
                      for r in range(5))
        return BoardRead(BoardGeometry.from_rect(x, 240, pitch, pitch, 5, 5), cells,
                         extras={desktop.FURNITURE: furniture, desktop.DOUBTFUL: ()})

    screen = Region(393, 0, 316, 651, 1.0)
    monkeypatch.setattr(desktop, "regions_around", lambda image, box: [screen])
    # (the find's x and pitch, the board around it: 112016; 98401 scaled to 112016's tiles;
    # a board two columns off)
    for (x, pitch), around, answer in (((417, 46.6), 423, True),
                                       ((423 + 37, 47.5), 423, True),
                                       ((417, 46.6), 423 + 2 * 49.7, False)):
        found = desktop.view_around(
            np.zeros((720, 1280, 3), np.uint8), board(x, pitch, ("cards",)),
            lambda pixels, around=around: board(around - screen.x, 49.7, ("cards", "counter")),
            ("cards", "counter"))
        assert (found is not None) == answer, (x, around)
        if found is not None:
            assert found.geometry.outline()[:, 0].max() == pytest.approx(423 + 5 * 49.7)


def _screen_with(cards: list[tuple[int, int] | None], found: int):
    """A stand-in rescue screen: cards with box rows of (count, filled) (``None``: unread) and
    ``found`` tiles found of a common animal, the rest grass."""
    from types import SimpleNamespace

    from gridsight.games.disco_zoo.cards import BoxesSeen
    from gridsight.games.disco_zoo.screen import TileSeen

    tiles = [TileSeen("found", ("common",)) if k < found else TileSeen("ground")
             for k in range(25)]
    seen = [SimpleNamespace(boxes=None if row is None else BoxesSeen(row[0], row[1], "common",
                                                                      1.0))
            for row in cards]
    return SimpleNamespace(tiles=tuple(tuple(tiles[r * 5 : r * 5 + 5]) for r in range(5)),
                           cards=tuple(seen))


@pytest.mark.parametrize("cards, found, tally", [
    ([(2, 1), (3, 0), (3, 0)], 1, True),  # harder desktop 117001's screen
    ([(4, 2), (3, 1)], 3, True),
    ([(4, 2), (3, 1)], 2, False),  # a box filled for a tile not found
    ([(4, 0)], 0, False),  # nothing filled, nothing found: agreeing by default (118009)
    ([None, (4, 1)], 1, False),  # a card's row unread
    ([], 1, False),
])
def test_cards_tally_with_the_board_only_when_every_row_counts_its_found_tiles(cards, found,
                                                                              tally):
    """The cards' box rows stand in for an unread counter (:func:`cards_tally`) only when
    every row is read and their filled boxes count the tiles found, one at least."""
    from gridsight.games.disco_zoo.screen import cards_tally

    assert cards_tally(_screen_with(cards, found)) is tally


def test_a_find_whose_counter_is_unread_is_sure_when_its_cards_tally():
    """Among a desktop's windows a find must show all the rescue's furniture
    (:func:`gridsight.readers.desktop._sure`), or its cards tallying with its board (the
    counter unread at 15-20% of the frame's width: harder desktops 117001, 118000); cards
    that do not tally, or a board mostly unread, stay unsure."""
    from gridsight.readers.desktop import TALLY, _sure
    from gridsight.vision.classify import BoardRead, CellRead
    from gridsight.vision.geometry import BoardGeometry

    def read(unread: int, extras: dict) -> BoardRead:
        cells = tuple(tuple(CellRead(r, c, "unknown" if r * 5 + c < unread else "ground",
                                     1.0, 1.0, "ground") for c in range(5)) for r in range(5))
        return BoardRead(BoardGeometry.from_rect(0, 0, 20, 20, 5, 5), cells, 1.0, "s", extras)

    furniture = ("cards", "counter")
    assert _sure(read(0, {"furniture": furniture}), furniture)
    assert _sure(read(2, {"furniture": ("cards",), TALLY: True}), furniture)
    assert not _sure(read(0, {"furniture": ("cards",), TALLY: False}), furniture)
    assert not _sure(read(0, {"furniture": ("cards",)}), furniture)
    assert not _sure(read(10, {"furniture": ("cards",), TALLY: True}), furniture)
    assert not _sure(read(0, {"furniture": (), TALLY: True}), furniture)


def test_a_pack_board_read_as_one_token_on_every_tile_is_no_tile_path_room():
    """No-game desktop 114026 (``bench/bench_desktop.py --harder --no-game``, seed 114000):
    a flat brown window with two lines of text, where the tile-path pack's frame matched at
    0.48x and read 48 end tiles (each cell's score 0.50; the text kept it from being flat).
    ``analyze`` said the parser's "no 'S' tile" of a board that was never there; no room is
    one token on every tile, so it is no board found, said in words."""
    from kit.desktop import desktop, other_phone_screen
    from kit.skins.common import Rendered

    from gridsight.vision.geometry import BoardGeometry

    rng = np.random.default_rng(114026)
    app = other_phone_screen(rng, 360, int(rng.integers(640, 800)))
    capture = desktop(Rendered(app, BoardGeometry.from_rect(0, 0, 1, 1, 1, 1), (), ()), rng,
                      decoy=True, harder=True)
    with pytest.raises(BoardNotFoundError, match="all 48 tiles read as 'E', which no room is"):
        find_in(capture.image, {"tile-path": load_game_pack("tile-path", None)})


@pytest.mark.parametrize("rows, why", [
    (["E E E", "E E E"], "all 6 tiles read as 'E'"),
    (["# # unknown", "# # #"], "all 5 tiles read as '#'"),
    (["S . E", ". # ."], None),
    (["E E E", "E E S"], None),  # (two end tiles and more: the parser's to refuse, in words)
    (["unknown unknown", ". unknown"], None),
])
def test_a_tile_path_room_of_one_token_is_impossible(rows, why):
    from gridsight.games.tile_path import impossible

    said = impossible(tuple(tuple(row.split()) for row in rows))
    assert (said is None) if why is None else said.startswith(why)


@pytest.mark.parametrize("seed, digits, furniture", [
    (118_000, (6,), ("cards",)),  # 6 left, four taps seen: attempts bought, a doubtful counter
    (117_001, (4,), ("cards", "counter")),
])
def test_a_counter_beside_a_label_of_joined_letters_and_a_name_as_tall_is_read(seed, digits,
                                                                              furniture):
    """Harder desktops 118000 (ICE AGE, 0.75x) and 117001 (MOON, 0.6x): the counter's digit
    only 1.5 times the label's height, the label's letters joined in twos and threes by the
    codec (no run of six glyphs to stand the number by), and the region's name as tall as
    the digit: the bar's tallest glyph was the name's, a word of four, and the counter was
    left unread, so the screen among the desktop's windows showed only its cards (not found).
    The rightmost short word of digit-shaped glyphs right of the name is the number."""
    from kit.desktop import real_look_rescue, sample

    from gridsight.games.disco_zoo.screen import locate

    _, capture, _ = sample(real_look_rescue, seed, fraction=(0.15, 0.2), harder=True)
    x, y, w, h = capture.extras["screen_box"]
    read = locate(capture.image[y : y + h, x : x + w])
    counter = read.extras["rescue_screen"].counter
    assert tuple(d for d, _ in counter.digits) == digits
    assert read.extras["furniture"] == furniture


def _plain_line_ends(horizontal, x0, x1, rows):
    """vision.regions._line_ends as a plain loop, one row at a time (the reference)."""
    out = []
    width = horizontal.shape[1]
    for y in rows:
        line = horizontal[y] > 0
        gaps, gap = 0, 0
        for on in line[x0:x1]:
            gap = 0 if on else gap + 1
            gaps = max(gaps, gap)
        if x1 - x0 < 4 or gaps > SIDE_GAP:
            continue
        left, right = x0, x1
        while left > 0 and line[max(0, left - SIDE_GAP - 1) : left].any():
            left -= 1
        while not line[left]:
            left += 1
        while right < width and line[right : right + SIDE_GAP + 1].any():
            right += 1
        while not line[right - 1]:
            right -= 1
        if left == 0 or right == width or (out and out[-1][0] >= y - 3):
            continue
        out.append((y, left, right))
    return out


def test_the_longest_gap_is_counted_in_missing_pixels():
    """_longest_gaps gives a gap's length: a side broken for SIDE_GAP pixels is unbroken,
    one broken for a pixel more is not."""
    column = np.ones((20, 3), np.uint8)
    column[3 : 3 + SIDE_GAP, 0] = 0
    column[3 : 4 + SIDE_GAP, 1] = 0
    assert _longest_gaps(column).tolist() == [SIDE_GAP, SIDE_GAP + 1, 0]
    assert _longest_gaps(np.zeros((6, 2), np.uint8)).tolist() == [6, 6]


def test_the_ends_of_the_lines_across_a_screen_are_those_of_each_row_alone():
    """_line_ends takes every row's longest gap at once (the search's speed): the same ends
    as each row followed alone, on maps of broken lines (gaps under and over SIDE_GAP)."""
    rng = np.random.default_rng(5)
    found = 0
    for _ in range(60):
        h, w = int(rng.integers(8, 40)), int(rng.integers(20, 120))
        horizontal = (rng.random((h, w)) < rng.uniform(0.6, 1.0)).astype(np.uint8) * 255
        x0 = int(rng.integers(1, w // 2))
        x1 = int(rng.integers(x0, w - 1))
        rows = sorted({int(v) for v in rng.integers(0, h, int(rng.integers(0, h)))})
        ends = _line_ends(horizontal, x0, x1, rows)
        assert ends.shape[1] == 3
        assert [tuple(e) for e in ends.tolist()] == _plain_line_ends(horizontal, x0, x1, rows)
        found += len(ends)
    assert found > 10  # the maps had lines to follow, not only refusals


def test_a_tile_cut_off_the_picture_is_clamped_to_it():
    """disco_zoo.screen._tile_crop clamps with min and max: a tile past any edge gives the
    pixels inside (one at least), as np.clip did."""
    from types import SimpleNamespace

    from gridsight.games.disco_zoo.screen import _tile_crop

    image = np.arange(40 * 30 * 3, dtype=np.uint8).reshape(40, 30, 3)
    lattice = SimpleNamespace(x=-12.4, y=np.float64(25.6), pitch_x=10.0, pitch_y=np.float32(9.5))
    assert np.array_equal(_tile_crop(image, lattice, 0, 0, 0.0), image[26:35, 0:1])  # x < 0
    assert np.array_equal(_tile_crop(image, lattice, 1, 1, 0.0), image[35:40, 0:8])  # y > 39
    assert np.array_equal(_tile_crop(image, lattice, 0, 4, 0.0), image[26:35, 28:30])  # x > 29
    assert np.array_equal(_tile_crop(image, lattice, 0, 2, 0.1), image[27:34, 9:17])


def test_a_lopsided_view_missing_furniture_is_read_again_centred_on_the_board(monkeypatch):
    """Harder desktop 500011 with two monitors: an emulator's tool strip of the ground's colour
    beside the screen was taken into every rectangle around the board, and the cards, looked
    for between the screen's sides, were not found (the counter was). A rescue's board stands
    in the middle of its screen: the view is read again narrowed to stand centred on it."""
    import gridsight.readers.desktop as desktop
    from gridsight.vision.classify import BoardRead
    from gridsight.vision.regions import Region

    wide = Region(100, 0, 250, 400, 1.0)  # the board at x 114-274: margins 14 and 76
    centred = Region(100, 0, 188, 400, 1.0)

    def locate(pixels: np.ndarray) -> BoardRead:
        if pixels.shape[1] == centred.width:
            return _grass_board(14, 150, 32, ("cards", "counter"))
        return _grass_board(14, 150, 32, ("counter",))

    monkeypatch.setattr(desktop, "regions_around", lambda image, box: [wide])
    frame = np.zeros((400, 600, 3), np.uint8)
    found = desktop.in_frame(_grass_board(14, 150, 32, ("counter",)), wide)
    read = desktop.view_around(frame, found, locate, ("cards", "counter"))
    assert read is not None and read.extras[desktop.VIEW].box == centred.box
    assert read.extras[desktop.FURNITURE] == ("cards", "counter")
