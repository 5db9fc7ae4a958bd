"""A game's screen found inside a larger frame: a phone mirrored on a desktop, an emulator's window.

A game whose board is found by its structure (:func:`gridsight.readers.find.structural_games`:
the real Disco Zoo rescue screen) is looked for in the whole frame first. When the frame is a
desktop capture, the screen is a window among others and its board too small a part of the
frame for that; the screen is then found in three steps, each from :mod:`gridsight.vision.regions`:

1. **Where a screen may be**: window-like regions of the frame
   (:func:`gridsight.vision.regions.propose_regions`: tall rectangles between long straight sides,
   then a few found by their top and bottom when the sides hardly show), best first; the
   game's structural locator is run on each region's pixels. A find there
   counts only when credible among many windows (most cells read, some of the game's
   furniture found: Disco Zoo's cards and counter,
   :attr:`~gridsight.games.spec.GridReading.furniture`, as the locator reports them under
   :data:`FURNITURE`), or when its board, read whole, stands at the region's very top
   (:func:`_cut_off_above`: the furniture above it cut off) and the screen around it (step 2)
   shows furniture.
2. **The screen around the board**: a region's top and bottom are loose. The rectangles
   enclosing the board found (:func:`gridsight.vision.regions.regions_around`: its sides the nearest
   long boundaries beside it, its top near where they stop, else a boundary across above the
   board) are read again in their order; the first whose read finds the same board (or a
   larger one holding it) and surely every piece of furniture is the screen: not widened by
   a bezel or black bars, not cut through its top bar (a tile two of the rectangles' reads
   of that board read otherwise is left unread in the one kept: :func:`agreed`). When none
   does, the one that finds the most furniture, then the most cells (a counter reading more
   than the board allows, :data:`DOUBTFUL`, counts after a sure one when both read every
   cell: attempts may have been bought, but a digit cut in half reads so too), if it finds
   more than the region itself did. Regions are tried until one shows the whole screen (and
   the wider regions holding it show no larger board around it: :func:`_larger_around`);
   the best find is the answer only if all the furniture was found (a wallpaper's hills or
   a chat's bubbles read as tiles do not show it).
3. The board is returned in the frame's coordinates, with the screen's region under
   :data:`VIEW` in its ``extras``; a reader is given the region's pixels and the board in them
   (:func:`in_view`), exactly as if the screenshot had been the phone's own.

A board found by a template pack in such a frame (a pack calibrated on the real game) gets its
view the same way (:func:`view_around`), so the reader's furniture search stays on the screen.

:class:`ScreenLocator` does it frame after frame for ``gridsight live``: it remembers the
screen's region and, while its sides are still where they were (:func:`gridsight.vision.regions.
region_score`, four thin strips), reads the board there alone; only when that fails does it
search the frame again.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

import numpy as np

from gridsight.vision.classify import UNKNOWN, BoardRead, CellRead
from gridsight.vision.errors import BoardNotFoundError
from gridsight.vision.regions import Region, propose_regions, region_score, regions_around

VIEW = "screen_region"  # BoardRead extras: the Region of the frame the board was read in
FURNITURE = "furniture"  # extras a structural locator fills: the names of the furniture found
DOUBTFUL = "furniture_doubtful"  # ... and those found, but not surely (a counter reading more)
DISAGREED = "views_disagree"  # extras: tiles two views of the board read otherwise, unread
TALLY = "furniture_tally"  # ... and whether the furniture found agrees with the board by itself
# (Disco Zoo: the cards' box rows count the tiles found), standing in for furniture unread
TRIES = 8  # window-like regions tried for the board, best first (and a few found by their
# top and bottom over them: gridsight.vision.regions.ACROSS_OVER)
KEEP_SIDES = 0.8  # a remembered screen is kept while its sides score this share of before
CREDIBLE = 0.8  # the share of cells a board found among a desktop's windows must read
TOP_CUT = 3.0  # a board this many cells from its region's top, or less, may have lost what
# stands above it to the region (:func:`_cut_off_above`: a rescue's cards and counter stand
# some three cells tall above its board)
SAME_BOARD = 0.3  # boards within this many cells of each other (each corner) are the same
MOSTLY_OVER = 0.6  # boards of one size overlapping by this share of their union are one
# board's lattice at two pitches (:func:`mostly_over`)
FINER = 0.75  # a board read whole in a window at this share of a doubtful whole-frame
# lattice's pitch, or less, within it, shows the lattice is not a board (:func:`_finer_within`)
FINER_SPAN = 1.5  # ... spanning this many of the lattice's cells or more (a phone's
# screenshot with a finger over its board: a 5x5 "board" of 11 px read whole in one 56 px
# tile, a decoration's pixels, is no other board)
HALF_LINE = 0.25  # ... unless each of its sides is within this many of its cells of one of
# the lattice's lines or half-lines (a part of the lattice read at half its pitch)
NEAR_REGION = 0.5  # regions whose every side is within this many of a board's cells of one
# asked already are not asked again for a larger board around it (:func:`_larger_around`) or
# for a second screen (:func:`_second_screen`): the same window cut a few pixels otherwise
WIDEN = 0.3  # a region whose find is no whole screen is tried this share of its width wider
# on each side (:func:`_widened`)
PART_WIDER = 1.5  # a region this many times as wide as a whole find's board, holding it, is
# asked whether the board is a part of a larger one (:func:`_larger_around`)
LOPSIDED = 0.5  # a view whose margins beside the board differ by this many cells is tried
# narrowed to stand centred on the board, when furniture is missing (:func:`_centred`)
AGAIN_WHOLE = 10  # frames a whole-frame find like the last searched one answers alone (no
# window searched: :meth:`ScreenLocator._like_last_whole`) before the full search runs again

Locate = Callable[[np.ndarray], BoardRead]

_ONLY_SURE: ContextVar[bool] = ContextVar("only_sure", default=False)


def only_sure() -> bool:
    """Whether the locator running now is asked for a second screen (:func:`_second_screen`),
    where a find counts only when sure (:func:`_sure`) and a refusal's words are never said:
    a locator may leave out a search whose find would not count there (the Disco Zoo
    reader's wider search after a best lattice showing no lawn at all). Measured on harder
    desktop 410000's first 6 frames: 26 of 70 structural reads were such asks, 1 finding a
    board (never a sure one), 26% of the frames' CPU."""
    return _ONLY_SURE.get()


@contextmanager
def asking_for_a_second_screen() -> Iterator[None]:
    """Within it, :func:`only_sure` is true (the asks of :func:`_second_screen`)."""
    token = _ONLY_SURE.set(True)
    try:
        yield
    finally:
        _ONLY_SURE.reset(token)


def in_view(image: np.ndarray, read: BoardRead) -> tuple[np.ndarray, BoardRead]:
    """The pixels a reader reads ``read`` from, and ``read`` in their coordinates: the
    screen's region and the board in it when the board was found inside a larger frame
    (``read.extras[VIEW]``), else ``image`` and ``read`` themselves."""
    region = read.extras.get(VIEW)
    if region is None:
        return image, read
    return region.crop(image), BoardRead(region.to_region(read.geometry), read.cells, read.gain,
                                         read.pack_name, read.extras)


def in_frame(read: BoardRead, region: Region) -> BoardRead:
    """A board read in ``region``'s pixels, in the whole frame's coordinates, the region kept
    under :data:`VIEW` (its other extras describe the region's pixels)."""
    return BoardRead(region.to_frame(read.geometry), read.cells, read.gain, read.pack_name,
                     {**read.extras, VIEW: region})


def locate_inside(image: np.ndarray, locate: Locate, furniture: tuple[str, ...] = (),
                  seen: list[BoardRead] | None = None) -> BoardRead:
    """The board ``locate`` finds in a window-like region of ``image`` (steps 1 to 3 of the
    module docstring), in frame coordinates with its :data:`VIEW`;
    :class:`BoardNotFoundError` when no region holds it.

    Many regions are tried, so a locator's rare false find (a lattice in a dark window, chat
    bubbles, a wallpaper's hills) comes up more often than on a phone's own screenshot: a find
    must be credible (:func:`_credible`), the regions are tried until one shows the whole
    screen (every cell read, all the furniture), and the most complete find is kept only if
    it is sure enough (:func:`_sure`). ``seen``, when given, gets every board a region
    read (frame coordinates), credible or not."""
    tried = 0
    finds: list[BoardRead] = []
    reads: list[BoardRead] = []  # every board a region read (frame coordinates)
    regions = propose_regions(image, keep=TRIES, fill=True)
    untried: list[Region] = []
    for index, region in enumerate(regions):
        tried += 1
        try:
            read = locate(region.crop(image))
        except BoardNotFoundError:
            continue
        found = in_frame(read, region)
        reads.append(found)
        if seen is not None:
            seen.append(found)
        # Not credible, unless its whole board was read at the region's very top: the
        # screen's furniture above it was cut off with the region's top, not missing, and the
        # screen around it must show some (harder desktop 99706, a region whose top was the
        # board's: nothing above it to see).
        credible = _credible(read, furniture)
        if not credible and not _cut_off_above(read, furniture):
            # A part of a board with none of its furniture, in a region a window over the
            # screen cut through its board: the region tried wider (:func:`_part_widened`).
            wider = _part_widened(image, region, read, found, locate, furniture)
            if wider is None:
                continue
            found, credible = wider, True
        # The region's top and bottom are loose (a dark bar beside a dark border is no side):
        # the screen around the board is looked for, whatever the region's read.
        better = view_around(image, found, locate, furniture)
        if not credible and (better is None or not _credible(better, furniture)):
            continue
        if better is not None and holds(better, found) and \
                _furniture_seen(better, furniture, True) == 0 < len(furniture):
            # A part of the board was found (in a region cutting the rest off), the whole
            # board around it, but none of the screen's furniture (the rectangles around the
            # part were the board's own lines): the screen is looked for around the board.
            again = view_around(image, better, locate, furniture)
            if again is not None and _completeness(again, furniture) >= \
                    _completeness(better, furniture):
                better = again
        if better is not None and (holds(better, found) or _fuller(better, found, furniture)):
            found = better  # never traded for a less complete read (a top cut through a bar)
        if not _whole(found, furniture):
            wider = _widened(image, region, found, locate, furniture)
            if wider is not None:
                found = wider
        if any(holds(other, found) and not _other_board(found, other, furniture)
               for other in finds):
            continue  # a part of a board found already (between two of its lines)
        # A larger board replaces those it holds, unless it reads fewer of its cells: the
        # blurred blow-up of the screen behind a pillar-boxed phone holds a lattice round
        # the board with a fifth of its tiles unread (harder desktop 99424, 15-20% of the
        # frame: the board read whole, with cards and a counter, was dropped for it).
        finds = [other for other in finds if not holds(found, other)
                 or other.known_fraction > found.known_fraction] + [found]
        if _whole(found, furniture):
            # A whole screen, or a part of a board read as one (a lattice at half the tiles'
            # pitch in a region cut between two of the board's lines, tiles above it taken
            # for cards and counter): the wider regions holding it are asked for a larger
            # board around it before it is believed.
            outer = _larger_around(image, found, locate, furniture, regions[index + 1:])
            tried += outer is not None
            if outer is None:
                untried = regions[index + 1:]
                break
            finds = [other for other in finds if not holds(outer, other)] + [outer]
            if _whole(outer, furniture):
                untried = regions[index + 1:]
                break
    # Of finds equally complete, a sure one (:func:`_sure`): a region cutting the screen's
    # side may cut a card's box row, whose count then disagrees with the board, while a
    # region holding the whole screen reads the same board agreeing with it (fresh harder
    # desktop 410013: the first region 18 px into the phone, its board right but its
    # cards' tally off, taken before the sure find of the same board and refused).
    best = max(finds, key=lambda f: (*_completeness(f, furniture), _sure(f, furniture)),
               default=None)
    if best is None or not _sure(best, furniture):
        raise BoardNotFoundError("game", f"no game screen in {tried} window-like region(s) of "
                                 "the frame" + _unsure(best, furniture) if tried
                                 else "no window-like region in the frame")
    second = _second_screen(image, best, finds, untried, locate, furniture)
    if second is not None:
        raise BoardNotFoundError("game", f"two game screens in the frame (around x={_left(best)} "
                                 f"and x={_left(second)}): which to read is not known; "
                                 "capture the game's own window (--window TITLE) or crop the "
                                 "screenshot to one screen")
    # A tile another region's read of the same board reads otherwise is left unread, as
    # between the views round a find (:func:`agreed`): fresh harder desktop 904008, a
    # common Chamaeleon's found tile of the lawn's green read "drawn" (unread) on the board's
    # own lattice in the phone's region, and as grass on a lattice 3% too wide in the
    # emulator window's region, the fuller read taken: stated untapped with --animals.
    return agreed(best, [read for read in reads if read is not best])


def _left(read: BoardRead) -> int:
    """The left edge of ``read``'s board in frame pixels (to name it to the player)."""
    return int(round(float(read.geometry.outline()[:, 0].min())))


def _apart(a: BoardRead, b: BoardRead) -> bool:
    """Whether the boards of ``a`` and ``b`` do not overlap at all (their bounding boxes)."""
    oa, ob = a.geometry.outline(), b.geometry.outline()
    return bool((oa.max(axis=0) < ob.min(axis=0)).any() or (ob.max(axis=0) < oa.min(axis=0)).any())


def _second_screen(image: np.ndarray, best: BoardRead, finds: list[BoardRead],
                   untried: list[Region], locate: Locate, furniture: tuple[str, ...]
                   ) -> BoardRead | None:
    """Another screen of the game in the frame, apart from ``best``'s board (:func:`_apart`),
    among ``finds`` or read in one of the ``untried`` regions (those holding none of
    ``best``'s board), as sure as a find answered with (:func:`_sure`); else ``None``.

    Two screens of one game in a capture (the phone's mirror and a screenshot of the game
    open in an image viewer beside it, ``bench/bench_desktop.py --decoy disco``) cannot be
    told apart by what they show; the search stops at the first whole screen, whichever
    window it is (fresh harder desktops 500000-500019 with a saved rescue beside the phone:
    the viewer's screen read in 10 of 20, by the phone's ``--animals`` with no warning).
    Only a screen as sure as an answer counts, so a part of the screen's own window never
    does, and another app's window would be a false find by itself. Asking for a whole
    second screen (every cell, all furniture) left 3 of those 20 read from the viewer
    (500008: the viewer's screen sure by its cards, the phone's counter doubtful; read as
    the phone's Moon with its Babmoon, no warning); as sure as an answer, they are refused.
    A find made already that reads a whole board apart from ``best`` counts too
    (:func:`_whole_board`). A region's read counts as an answer would: credible
    (:func:`_credible`) as well as sure, :func:`_sure` taking credibility as checked before
    it (fresh harder desktop 780002: a home screen's 4x5 icons in a mirror beside the phone
    read with 14 of 25 cells, "cards" and a doubtful "counter": sure by its furniture
    alone, a second screen, and the phone's rescue, read whole, was refused)."""
    for other in finds:
        if other is not best and _apart(other, best) and (
                _sure(other, furniture) or _whole_board(other, furniture)):
            return other
    outline = best.geometry.outline()
    (x0, y0), (x1, y1) = outline.min(axis=0), outline.max(axis=0)
    near = NEAR_REGION * min(best.geometry.cell_size(0, 0))
    asked: list[Region] = []
    for region in untried:
        if region.x < x1 and x0 < region.x + region.width and region.y < y1 and \
                y0 < region.y + region.height:
            continue  # over the board found: its own screen's window
        if any(_near(region, other, near) for other in asked):
            continue  # a window asked already, cut a few pixels otherwise
        asked.append(region)
        try:
            with asking_for_a_second_screen():
                read = in_frame(locate(region.crop(image)), region)
        except BoardNotFoundError:
            continue
        if _apart(read, best) and _credible(read, furniture) and _sure(read, furniture):
            return read
    return None


def _whole_board(read: BoardRead, furniture: tuple[str, ...]) -> bool:
    """Whether a find not sure enough to answer with still shows another screen's whole board:
    every cell read and some of the game's furniture (:func:`_credible`). Fresh harder desktop
    500011 with a saved rescue in a viewer (``--decoy disco``): the phone's best region cut
    its title bar 28 px down, so each of its finds read all 25 tiles with the cards or with
    the counter, never both (credible, never sure); the viewer's whole screen was taken and
    read with the phone's ``--animals``, no warning. Among the finds already made (in
    regions the search tried), such a board apart from the one answered with is a second
    screen.

    A board whose cells all read alike (nothing on it told apart from the rest) counts only
    with all the furniture found (doubtful counted, :func:`_furniture_seen`): a wallpaper's
    lawn with lines across it reads as a board of grass anywhere, and a window's bar or
    buttons beside it as "cards" (fresh harder desktop 891005: a mint lawn with purple lines
    read as 25 grass tiles, its "cards" the emulator's own MENU and MAP buttons, no box row;
    a second screen, and the phone's rescue, read whole and sure, was refused)."""
    if read.known_fraction < 1.0 or not _credible(read, furniture):
        return False
    return not _plain(read) or _furniture_seen(read, furniture, True) >= len(furniture)


def _plain(read: BoardRead) -> bool:
    """Whether every cell of ``read`` reads as one label (a lawn, a fresh board)."""
    return len({cell.label for row in read.cells for cell in row}) <= 1


def _other_board(found: BoardRead, holder: BoardRead, furniture: tuple[str, ...]) -> bool:
    """Whether ``found``, held by ``holder`` (a board found before it, in another region),
    is another board, not a part of ``holder``'s: it shows more of a screen
    (:func:`_completeness`) and lies at a finer pitch off ``holder``'s lines and half-lines
    (:func:`_finer_within`; a part of a board read in a region cut between two of its lines
    lies on them). Fresh harder desktop 450025 (`--share 0.15 0.2`): a region cutting the
    phone's left side read a 5x5 lattice of 66 px over the board's right half and a dark
    window beside it (cards only, 96% of its cells); the phone's own board of 40 px, read
    whole with its cards and counter in a later region, was skipped as a part of it, and the
    capture refused."""
    return _completeness(found, furniture) > _completeness(holder, furniture) and \
        _finer_within(found, holder)


def _widened(image: np.ndarray, region: Region, found: BoardRead, locate: Locate,
             furniture: tuple[str, ...]) -> BoardRead | None:
    """The board read in ``region`` widened by :data:`WIDEN` of its width on each side (and
    in the screen around it, :func:`view_around`), when it is ``found``'s board or a larger
    one over it, and shows more of the screen (:func:`_completeness`); else ``None``.

    A window over a part of the screen's (harder desktop 117001: a PDF viewer over the
    mirror's lower right, its left edge in line with the board's last column) gives the
    region a side that cuts through the board, the screen's own side hardly showing beside
    the ground's colour: the board is read there in part (a lattice at half the tiles' pitch
    over its left), and the rectangles around that part reach no side of the screen. Widened,
    the region holds the whole board, and the locator (made for a phone's whole screenshot)
    finds it among the other windows' pixels."""
    h, w = image.shape[:2]
    grow = int(WIDEN * region.width)
    x0, x1 = max(0, region.x - grow), min(w, region.x + region.width + grow)
    if x1 - x0 <= region.width:
        return None
    wide = Region(x0, region.y, x1 - x0, region.height, region.score)
    try:
        read = in_frame(locate(wide.crop(image)), wide)
    except BoardNotFoundError:
        return None
    if not (holds(read, found) or same_board(read, found) or mostly_over(read, found)):
        return None
    around = view_around(image, read, locate, furniture)
    if around is not None and (holds(around, read) or _completeness(around, furniture)
                               >= _completeness(read, furniture)):
        read = around
    return read if _completeness(read, furniture) > _completeness(found, furniture) else None


def _part_widened(image: np.ndarray, region: Region, read: BoardRead, found: BoardRead,
                  locate: Locate, furniture: tuple[str, ...]) -> BoardRead | None:
    """``found`` (``read``, a find not credible, in frame coordinates) read again in
    ``region`` widened (:func:`_widened`), when it reads most of its cells
    (:data:`CREDIBLE`) and none of the game's furniture, and the widened region reads a
    board holding or over it sure enough to answer with (:func:`_sure`); else ``None``.

    Harder desktop 117001 (a Moon rescue at 17% of the frame, a PDF viewer over the
    mirror's lower right, the mirror's right side hardly showing): the phone's region was
    cut by the viewer's left edge through the board's last column, and read there a 5x5
    lattice at half the tiles' pitch over the board's left, 96% of it as tiles, no cards,
    no counter (they stand above the board, whole in the region, but not above that
    lattice). Dropped as not credible, it was never tried wider, and the desktop was refused;
    widened, the region holds the whole screen, read with its cards and counter. A find that
    shows furniture, or reads few cells (a dark window's specks), is not tried so. Only a
    sure find counts: fresh harder desktop 500014 with two monitors, a region of a window
    beside the phone widened read a lattice of 119 px over three windows with "cards" (all
    its cells read), a second screen by itself, and the capture was refused."""
    if not furniture or read.known_fraction < CREDIBLE or \
            _furniture_seen(read, furniture, True) > 0:
        return None
    wider = _widened(image, region, found, locate, furniture)
    return wider if wider is not None and _sure(wider, furniture) else None


def _larger_around(image: np.ndarray, found: BoardRead, locate: Locate,
                   furniture: tuple[str, ...], regions: list[Region]) -> BoardRead | None:
    """A larger board holding ``found`` (:func:`holds`), read in its screen
    (:func:`view_around`), when one of ``regions`` (those not tried yet) holds ``found``'s
    board and is at least :data:`PART_WIDER` times as wide, and a credible board larger than
    ``found`` is read there; else ``None``.

    A rescue board is about nine tenths of its screen's width, so a region that wide around
    a whole screen's board is a window around the screen (the locator reads the same board
    there, or none), while around a part of a board (harder desktop 98617: a 5x5 lattice at
    half the tiles' pitch over the board's middle, read with "cards" and a "counter" in the
    board's own top rows, in a region whose sides were two of the board's lines) it shows
    the board's other tiles."""
    outline = found.geometry.outline()
    (x0, y0), (x1, y1) = outline.min(axis=0), outline.max(axis=0)
    near = NEAR_REGION * min(found.geometry.cell_size(0, 0))
    asked: list[Region] = []
    for region in regions:
        if region.width < PART_WIDER * (x1 - x0) or not (
                region.x <= x0 and region.y <= y0 and x1 <= region.x + region.width
                and y1 <= region.y + region.height):
            continue
        if any(_near(region, other, near) for other in asked):
            continue  # the same window cut a few pixels otherwise: no more of a board shows
        asked.append(region)
        try:
            read = in_frame(locate(region.crop(image)), region)
        except BoardNotFoundError:
            continue
        if not (holds(read, found) and _credible(read, furniture)):
            continue
        better = view_around(image, read, locate, furniture)
        if better is not None and _completeness(better, furniture) >= \
                _completeness(read, furniture):
            return better
        return read
    return None


def _near(a: Region, b: Region, slack: float) -> bool:
    """Whether regions ``a`` and ``b`` have each side within ``slack`` pixels of the other's."""
    return max(abs(a.x - b.x), abs(a.y - b.y), abs(a.x + a.width - b.x - b.width),
               abs(a.y + a.height - b.y - b.height)) <= slack


def _cut_off_above(read: BoardRead, furniture: tuple[str, ...]) -> bool:
    """Whether a find that is not credible may only have lost its furniture to the region's
    top: every cell read, none of the furniture seen, and the board's top within
    :data:`TOP_CUT` cells of the region's top (a rescue's cards and counter stand above its
    board). Not only at the very top: a region whose top cut through the cards leaves
    their lower part, too little to be found (harder desktop 500011 with two monitors: the
    region's top 29 px into a 440 px screen, the board 2.3 cells below it, read whole with
    no furniture and never looked around)."""
    if not furniture or read.known_fraction < 1.0 or _furniture_seen(read, furniture, True):
        return False
    geometry = read.geometry
    return float(geometry.outline()[:, 1].min()) <= TOP_CUT * min(geometry.cell_size(0, 0))


def _credible(read: BoardRead, furniture: tuple[str, ...]) -> bool:
    """Whether a board found in one of many regions is worth believing: most of its cells
    read (:data:`CREDIBLE`) and, for a game with furniture, some of it found. A locator made
    to take a phone's screenshot at its word accepts a board with many cells unread (under a
    finger); among a desktop's windows (a chat's bubbles, a grid of icons) that is too
    little."""
    return read.known_fraction >= CREDIBLE and (not furniture or
                                                _furniture_seen(read, furniture, True) > 0)


def _unsure(best: BoardRead | None, furniture: tuple[str, ...]) -> str:
    """What a refusal adds about the likeliest find when none was sure (:func:`_sure`): the
    furniture it did not show, which a mouse pointer or a window may be hiding. Fresh harder
    4K desktop 550019: a fresh board read whole with its cards in the emulator's window,
    the pointer over the counter's 0 (a fresh board gives the cards' tally nothing to vouch
    for); refused as "no game screen" alone, the player not told what to move."""
    if best is None:
        return ""
    seen = set(best.extras.get(FURNITURE) or ())
    missing = [name for name in furniture if name not in seen]
    if not missing or best.known_fraction < CREDIBLE:
        return ""
    return (f" (the likeliest, a board at x={_left(best)}, is not sure: it shows no "
            f"{' or '.join(missing)}; a mouse pointer or a window over it?)")


def _sure(read: BoardRead, furniture: tuple[str, ...]) -> bool:
    """Whether a credible find among a desktop's windows is sure enough to answer with: all
    the game's furniture found (a few cells may be under something), or the furniture found
    agreeing with the board by itself (:data:`TALLY`: the cards' box rows counting the tiles
    found) with most cells read (:data:`CREDIBLE`). Measured on desktops with no game, a
    wallpaper's hills read as tiles with a panel above, or a board of grass whose "counter"
    was a 10 in a window's text, passed :func:`_credible` alone. A rescue's counter is a
    small digit at 15-20% of the frame's width and often unread (fresh harder desktops
    118000, 118009, 118016 and 117001: board and cards found, refused for it alone)."""
    if _furniture_seen(read, furniture, True) == len(furniture):
        return True
    return bool(read.extras.get(TALLY)) and _furniture_seen(read, furniture) > 0 and \
        read.known_fraction >= CREDIBLE


def _completeness(read: BoardRead, furniture: tuple[str, ...]) -> tuple[int, float, int]:
    """How much of a screen a find shows: the furniture found at all (:data:`DOUBTFUL`
    too), the cells read, then the furniture surely found. Cells before sureness: a lattice
    one column off the board (in a region that cut the board's first column away) reads a
    fifth of its tiles as nothing, and its count of tapped tiles may agree with the counter
    by chance, while the true board's count does not (attempts bought)."""
    return (_furniture_seen(read, furniture, True), read.known_fraction,
            _furniture_seen(read, furniture))


def _fuller(view: BoardRead, found: BoardRead, furniture: tuple[str, ...]) -> bool:
    """Whether ``view`` (``found``'s board read in the screen around it) shows as much of the
    screen as ``found`` (:func:`_completeness`) and is as sure (:func:`_sure`): a find sure by
    its cards' tally is not traded for a view as complete whose tally is off (harder desktop
    480000, an emulator's screen of 257 px: its window's region read the board and cards,
    their tally agreeing, the counter's 0 as near an 8; the rectangles around the board read
    the same but for the tally, and the capture was refused)."""
    return (*_completeness(view, furniture), _sure(view, furniture)) >= \
        (*_completeness(found, furniture), _sure(found, furniture))


def _whole(read: BoardRead, furniture: tuple[str, ...]) -> bool:
    """Whether ``read`` shows the whole screen: every cell read, all the furniture surely
    found."""
    return read.known_fraction >= 1.0 and _furniture_seen(read, furniture) == len(furniture)


def _furniture_seen(read: BoardRead, furniture: tuple[str, ...], doubtful: bool = False) -> int:
    """How many of ``furniture`` the locator found with ``read`` (all, when it does not say);
    ``doubtful``: counting those found but not surely (:data:`DOUBTFUL`)."""
    seen = set(read.extras.get(FURNITURE, furniture))
    if doubtful:
        seen |= set(read.extras.get(DOUBTFUL, ()))
    return sum(name in seen for name in furniture)


def view_around(image: np.ndarray, found: BoardRead, locate: Locate,
                furniture: tuple[str, ...] = ()) -> BoardRead | None:
    """``found`` (a board in frame coordinates) read again in the screen around it (step 2 of
    the module docstring), or ``None`` when no window-like rectangle around it reads the same
    board. A larger board holding ``found`` read there wins over it, whatever either's
    furniture: ``found`` was a part of it (a lattice within a bigger one, in a region that cut
    the bigger one's lines off, its tiles and even a counter agreeing with them by chance).
    So does a board of ``found``'s size lying mostly over it (:func:`mostly_over`): ``found``
    was the board read in a region cutting its first or last column, its lattice squeezed or
    shifted into what showed (fresh harder desktop 112016: 47 px a tile for 50, its right
    side 22 px short)."""
    outline = found.geometry.outline()
    box = (*outline.min(axis=0), *outline.max(axis=0))
    best: tuple[tuple[bool, int, float, int], BoardRead] | None = None
    views: list[BoardRead] = []
    for region in regions_around(image, box):
        try:
            read = in_frame(locate(region.crop(image)), region)
        except BoardNotFoundError:
            continue
        larger = holds(read, found)
        if not (larger or same_board(read, found) or mostly_over(read, found)):
            continue
        views.append(read)
        key = (larger, *_completeness(read, furniture))
        if best is None or key > best[0]:
            best = (key, read)
        if _furniture_seen(read, furniture) == len(furniture) and (larger or best[1] is read):
            break
    if best is not None and _furniture_seen(best[1], furniture) < len(furniture):
        centred = _centred(image, best[1], locate)
        if centred is not None and same_board(centred, best[1]) and \
                _completeness(centred, furniture) > _completeness(best[1], furniture):
            views.append(centred)
            best = ((False, *_completeness(centred, furniture)), centred)
    return agreed(best[1], views) if best is not None else None


def _centred(image: np.ndarray, read: BoardRead, locate: Locate) -> BoardRead | None:
    """``read``'s board read again in its view (:data:`VIEW`) narrowed to stand centred
    on the board (the narrower of its two margins on both sides), when the margins differ
    by more than :data:`LOPSIDED` of a cell; else ``None``.

    A rescue's board stands in the middle of its screen. An emulator's tool strip of the
    ground's colour beside the screen hardly shows its edge, so the rectangles around the
    board take the strip in, and the cards, looked for between the screen's sides, are not
    found (harder desktop 500011 with two monitors: a 205 px screen read in 248 px, the
    counter found and the cards not, the capture refused; the screen alone reads both)."""
    region = read.extras.get(VIEW)
    if region is None:
        return None
    outline = read.geometry.outline()
    x0, x1 = float(outline[:, 0].min()), float(outline[:, 0].max())
    left, right = x0 - region.x, region.x + region.width - x1
    cell = min(read.geometry.cell_size(0, 0))
    if abs(left - right) <= LOPSIDED * cell or min(left, right) < 0:
        return None
    margin = int(round(min(left, right)))
    narrow = Region(int(np.floor(x0)) - margin, region.y,
                    int(np.ceil(x1)) - int(np.floor(x0)) + 2 * margin, region.height,
                    region.score)
    if not narrow.fits(image.shape):
        return None
    try:
        return in_frame(locate(narrow.crop(image)), narrow)
    except BoardNotFoundError:
        return None


def agreed(read: BoardRead, views: list[BoardRead]) -> BoardRead:
    """``read`` with every tile that another of ``views`` reading the same board
    (:func:`same_board`) reads otherwise (another label, or unread) left unread, its best
    guess kept for a correction panel; ``read`` itself when they all agree.

    The rectangles around a board are one screen cut a little differently (with or without
    its title bar, a bezel's edge): the pixels of each tile are the same, so a tile read two
    ways is one the reader is unsure of, whichever view reads more (harder desktop 119008 as
    first measured: a dark-rimmed found Rabbit left unread in a view without the mirror's
    title bar and read as an empty tile in the view with it; the fuller view won, and the
    found animal was stated empty). Said unread, it is named to the player, never advised
    on as read."""
    others = [view for view in views if view is not read and same_board(view, read)]
    doubted = {(r, c) for view in others for r, row in enumerate(read.cells)
               for c, cell in enumerate(row) if cell.known and view.cells[r][c].label != cell.label}
    if not doubted:
        return read
    cells = tuple(tuple(CellRead(cell.row, cell.col, UNKNOWN, 0.0, 0.0, cell.best or cell.label,
                                 cell.variant) if (r, c) in doubted else cell
                        for c, cell in enumerate(row)) for r, row in enumerate(read.cells))
    extras = {**read.extras, DISAGREED: tuple(sorted(doubted))}
    return BoardRead(read.geometry, cells, read.gain, read.pack_name, extras)


def _finer_within(board: BoardRead, lattice: BoardRead) -> bool:
    """Whether ``board``, read whole in a window, lies within ``lattice`` (a doubtful find
    in the whole frame) at a pitch :data:`FINER` times its own or less, off the lattice's
    lines: two boards at different pitches, one over the other, are not both a game's; the
    lattice is one laid across the windows (harder desktop 112022: a 5x5 lattice of 150 px
    over a phone's board of 62 px, a window of the grass's green beside it read as tiles,
    the phone's cards as its cards; the phone's board, its counter unread, was not sure
    enough to answer with). A finer board whose every side lies on one of the lattice's
    lines or half-lines (:data:`HALF_LINE`) is no other board but a part of the lattice read
    at half its pitch, in a region cut between two of its lines (the phone alone of harder
    desktop 112002: its board read with eight decorated tiles unread, and a quarter of it
    read whole at half the pitch in a region over its lower left). Nor is one within a tile
    or so of the lattice (:data:`FINER_SPAN`): a picture's pixels read as a lattice."""
    if board.known_fraction < 1.0:
        return False
    inner, outer = board.geometry, lattice.geometry
    if min(inner.cell_size(0, 0)) > FINER * min(outer.cell_size(0, 0)):
        return False
    cell = min(outer.cell_size(0, 0))
    a, b = inner.outline(), outer.outline()
    if not ((a.min(axis=0) >= b.min(axis=0) - cell).all()
            and (a.max(axis=0) <= b.max(axis=0) + cell).all()):
        return False
    if np.ptp(a, axis=0).min() < FINER_SPAN * cell:
        return False  # a lattice within a tile or so: a sprite's or a decoration's pixels
    half = np.tile(np.ptp(b, axis=0) / np.array([outer.cols, outer.rows]) / 2, 2)
    steps = (np.concatenate([a.min(axis=0), a.max(axis=0)]) - np.tile(b.min(axis=0), 2)) / half
    off = np.abs(steps - np.round(steps)) * half
    return bool((off > HALF_LINE * min(inner.cell_size(0, 0))).any())


def same_board(a: BoardRead, b: BoardRead) -> bool:
    """Whether two reads are of one board: the same size, each corner within
    :data:`SAME_BOARD` of a cell."""
    ga, gb = a.geometry, b.geometry
    if (ga.rows, ga.cols) != (gb.rows, gb.cols):
        return False
    cell = min(gb.cell_size(0, 0))
    return bool(np.abs(ga.outline() - gb.outline()).max() <= SAME_BOARD * cell)


def mostly_over(a: BoardRead, b: BoardRead) -> bool:
    """Whether boards ``a`` and ``b`` are of one size (rows and columns) and their areas
    overlap by :data:`MOSTLY_OVER` of their union: one board's lattice read at two pitches
    or places. A region cutting a board's first or last column makes the locator fit a
    lattice squeezed into what shows (fresh harder desktop 112016: 22 px short, four fifths
    of the union), or shifted by most of a tile (harder desktop 98401, a borderless mirror
    beside a window of its ground's colour: 75 px off, 0.77 of the union). Boards two
    columns apart share three sevenths of their union."""
    ga, gb = a.geometry, b.geometry
    if (ga.rows, ga.cols) != (gb.rows, gb.cols):
        return False
    oa, ob = ga.outline(), gb.outline()
    low, high = np.maximum(oa.min(axis=0), ob.min(axis=0)), np.minimum(oa.max(axis=0),
                                                                      ob.max(axis=0))
    both = float(np.prod(np.clip(high - low, 0.0, None)))
    union = float(np.prod(np.ptp(oa, axis=0)) + np.prod(np.ptp(ob, axis=0))) - both
    return union > 0 and both >= MOSTLY_OVER * union


def holds(a: BoardRead, b: BoardRead) -> bool:
    """Whether board ``a`` is larger than board ``b`` and holds it (within a cell of ``a``)."""
    oa, ob = a.geometry.outline(), b.geometry.outline()
    cell = min(a.geometry.cell_size(0, 0))
    if np.ptp(oa[:, 0]) <= np.ptp(ob[:, 0]) + cell:
        return False
    return bool((ob.min(axis=0) >= oa.min(axis=0) - cell).all()
                and (ob.max(axis=0) <= oa.max(axis=0) + cell).all())


class ScreenLocator:
    """Finds a game's board frame after frame, on its own or inside a larger frame, and
    remembers where the screen was (module docstring).

    Called with a frame, it returns the board read (frame coordinates; with a :data:`VIEW`
    when found inside) or raises :class:`BoardNotFoundError`. The whole frame is tried first
    (a phone's own capture); a find there that is not credible among a desktop's windows
    (:func:`_credible`) is kept only if no window shows a more complete one, and it shows
    some of the game's furniture (a hand over the board leaves the cards). ``searches``
    counts the whole-frame searches, ``kept`` the frames read in the remembered screen alone
    (or by the whole frame alone, :meth:`_like_last_whole`).

    A board the full search found in the whole frame is remembered too (:attr:`whole`): a
    find there that is not sure (a real-look screen whose cards are of the ground's colour)
    makes the search ask every window-like region for a better one, some thirty structural
    reads (3 s of CPU) on every frame the player's tap changed. The next frames' whole-frame
    find, when it is that board with the same furniture and cells read, is the answer
    without them, for :data:`AGAIN_WHOLE` frames; any other find searches in full.
    """

    def __init__(self, locate: Locate, furniture: tuple[str, ...] = ()):
        self.locate = locate
        self.furniture = furniture
        self.region: Region | None = None
        self.reference = 0.0
        self.searches = 0
        self.kept = 0
        self.refused: tuple[bytes, BoardNotFoundError] | None = None
        self.whole: tuple[tuple[int, ...], BoardRead] | None = None  # (frame shape, find)
        self.whole_again = 0  # frames answered by :meth:`_like_last_whole` since the search

    def reset(self) -> None:
        self.region = None
        self.refused = None
        self.whole = None

    def __call__(self, image: np.ndarray) -> BoardRead:
        if self.region is not None:
            found = self._in_remembered(image)
            if found is not None:
                self.kept += 1
                return found
            self.region = None
        # A frame the very pixels of the last one refused (a still desktop with no game on
        # it, ``live`` polling) is refused again without a search: the search is a function
        # of the pixels (a digest of them costs a hundredth of a search).
        key = _digest(image)
        if self.refused is not None and self.refused[0] == key:
            raise self.refused[1]
        locate = _OneSearch(self.locate)  # (the whole frame's read shared with the search)
        found = self._like_last_whole(image, locate)
        if found is not None:
            self.kept += 1
            return found
        self.whole = None
        try:
            found = self._search(image, locate)
        except BoardNotFoundError as error:
            self.refused = (key, error)
            raise
        if VIEW not in found.extras:
            self.whole, self.whole_again = (image.shape, found), 0
        return found

    def _like_last_whole(self, image: np.ndarray, locate: Locate) -> BoardRead | None:
        """The board found in the whole of ``image``, when it is the one the last full search
        answered with (:attr:`whole`: found in the whole frame, no window showing a better
        one) on a frame of this size: the same board (:func:`same_board`), as credible and
        sure, the same furniture found, as many cells read. Between two taps only a tile, the
        counter and a card's row change, and the windows searched before are searched again
        only every :data:`AGAIN_WHOLE` frames (a find that is sure was the answer at once).
        ``None`` when not so: the full search follows."""
        if self.whole is None or self.whole[0] != image.shape or \
                self.whole_again >= AGAIN_WHOLE:
            return None
        try:
            found = locate(image)
        except BoardNotFoundError:
            return None
        last = self.whole[1]
        if not (same_board(found, last) and _outcome(found, self.furniture)
                == _outcome(last, self.furniture)):
            return None
        self.whole_again += 1
        return found

    def _search(self, image: np.ndarray, locate: Locate | None = None) -> BoardRead:
        self.searches += 1
        locate = locate or _OneSearch(self.locate)
        whole: BoardRead | None = None
        try:
            whole = locate(image)
        except BoardNotFoundError as error:
            missed = error
        if whole is not None and _credible(whole, self.furniture):
            if _sure(whole, self.furniture):
                return whole
            # Credible but some furniture missing: a lattice laid across a desktop's windows
            # may read so (harder desktop 103022, held out: a 5x5 lattice of 138 px over a
            # brown window, the phone and others read 80% as tiles, the phone's cards as its
            # cards, stated as the board). A window's find replaces it only when sure and
            # more complete (the phone's board, with its cards and counter).
            try:
                found = locate_inside(image, locate, self.furniture)
            except BoardNotFoundError:
                return whole
            if not (_sure(found, self.furniture) and _completeness(found, self.furniture)
                    > _completeness(whole, self.furniture)):
                return whole
            return self._remembered(image, found)
        # Not on the whole frame, or a doubtful find there (most cells unread, no furniture:
        # a lattice across a desktop's windows, or a phone's screenshot under a hand).
        in_windows: list[BoardRead] = []
        try:
            found = locate_inside(image, locate, self.furniture, in_windows)
        except BoardNotFoundError as inside:
            if whole is not None and (not self.furniture or
                                      _furniture_seen(whole, self.furniture) > 0) and \
                    not any(_finer_within(board, whole) for board in in_windows):
                return whole  # a phone's screenshot with a hand over the board, say
            what, detail = (missed.what, missed.detail) if whole is None else \
                (inside.what, "a board with too little of it read and none of its furniture"
                 if not _furniture_seen(whole, self.furniture) else
                 "a board with too little of it read, laid over a smaller board in a window")
            raise BoardNotFoundError(what, f"{detail}; {inside.detail}") from None
        if whole is not None and _completeness(whole, self.furniture) > \
                _completeness(found, self.furniture):
            return whole
        return self._remembered(image, found)

    def _remembered(self, image: np.ndarray, found: BoardRead) -> BoardRead:
        """``found`` (a find in one of the frame's windows), its window remembered for the
        frames after, with how clearly its sides show now."""
        self.region = found.extras[VIEW]
        self.reference = region_score(image, self.region)
        return found

    def _in_remembered(self, image: np.ndarray) -> BoardRead | None:
        assert self.region is not None
        if region_score(image, self.region) < KEEP_SIDES * self.reference:
            return None
        try:
            return in_frame(self.locate(self.region.crop(image)), self.region)
        except BoardNotFoundError:
            return None


def _outcome(read: BoardRead, furniture: tuple[str, ...]) -> tuple:
    """What a search decides a whole frame's find by: credible, sure, how complete, and the
    furniture found (surely, doubtfully, agreeing with the board)."""
    return (_credible(read, furniture), _sure(read, furniture), _completeness(read, furniture),
            tuple(read.extras.get(FURNITURE, ())), tuple(read.extras.get(DOUBTFUL, ())),
            bool(read.extras.get(TALLY)))


class _OneSearch:
    """A locator that answers each picture once in one search of a frame: a rectangle
    around a board found (:func:`view_around`) is often a region tried already, or the same
    rectangle around another region's find (measured on the desktop tests' captures: 21 of
    156 structural reads were of pixels read before in the same search, 12% of its CPU). The
    pixels are the key (their digest, with their shape), so the answer, a board or
    :class:`BoardNotFoundError`, is the one the locator gave them, read for read; a locator
    is a function of the pixels it is given."""

    def __init__(self, locate: Locate):
        self.locate = locate
        self.answers: dict[bytes, BoardRead | BoardNotFoundError] = {}

    def __call__(self, pixels: np.ndarray) -> BoardRead:
        key = _digest(pixels)
        answer = self.answers.get(key)
        if answer is None and only_sure():
            # (a full read's answer serves a second-screen ask; an ask's, told only a sure
            # find counts (:func:`only_sure`), is kept apart from full reads)
            key += b"sure"
            answer = self.answers.get(key)
        if answer is None:
            try:
                answer = self.locate(pixels)
            except BoardNotFoundError as error:
                answer = error
            self.answers[key] = answer
        if isinstance(answer, BoardNotFoundError):
            raise answer
        return answer


def _digest(pixels: np.ndarray) -> bytes:
    """A key of ``pixels``: their digest, with their shape and type."""
    return hashlib.sha1(np.ascontiguousarray(pixels).data).digest() + \
        repr((pixels.shape, pixels.dtype.str)).encode()
