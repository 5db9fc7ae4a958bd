"""Window-like regions of a large frame: where a screen may sit inside a desktop capture.

A phone mirrored on a desktop (a mirroring window, an emulator) or a console emulator's window
shows the game's screen as an upright rectangle among other things: a wallpaper, other windows,
a taskbar. Whatever surrounds the screen (a title bar, a window border, a device bezel, black
bars, the desktop itself), its sides are *straight boundaries*: lines across which the colour
changes along most of their length. Two steps use them:

1. :func:`propose_regions`: where a screen may be, for a reader to look for its board in
   (:meth:`Region.crop`, the geometry found there mapped back by :meth:`Region.to_frame`).
   Two long vertical boundaries a screen's width apart that run side by side for a
   screen's height (by the aspect ratios allowed) make a region: between them, as tall as
   they run together, unless a boundary as long runs between them (the lines of a grid, a
   board's or a wallpaper's, are not a window's sides). Cheap, and loose at the top and
   bottom (a title bar may be in). A screen's sides may hardly show (a near-white screen
   over a white window, a pillarbox's bars the colour of its ground, no border): its window
   is then found by its top and bottom, the same search turned on its side (two long
   horizontal boundaries a screen's height apart running together for a screen's width: a
   title bar's edge, a game's bar, the window's bottom), ranked by what shows of its sides
   (beside the title bar and the game's bars), its sides placed where they show; a few of
   these (:data:`ACROSS_SPARE`, only :data:`ACROSS_OVER` when the sides' proposals fill
   ``keep``) are ranked among the sides' proposals by score. Their top and bottom must be
   straight lines (:data:`ACROSS_STRAIGHT`: a striped wallpaper's rows are not), and a
   region with many lines across it (:data:`GRID_LINES`: a sheet's rows) is none.
2. :func:`regions_around`: once something is found in one (a board), the rectangles that
   enclose it exactly: its sides the nearest long vertical boundaries left and right of it,
   its bottom where they end below it; its top near where they end above it (the screen's
   top, or its window's when a title bar carries the sides on: a thin band below that is
   left out first), then each horizontal boundary across between them further in, from the
   thing found up (a game's bar, a line of text...), for the reader to choose from.

:func:`region_score` is the cheap check that a region found before is still there (a live
capture): its four sides' edge coverage.

**Boundaries.** A pixel is on a vertical boundary when some colour channel changes by
:data:`EDGE_LEVEL` levels or more across it (over two pixels, so a step that shrinking or
JPEG spread over two pixels still counts); likewise horizontally. A line's *coverage* is the
share of its length on a boundary; cumulative sums make it one subtraction.

>>> import numpy as np
>>> frame = np.full((600, 1000, 3), 40, np.uint8)
>>> frame[100:500, 600:800] = (200, 120, 60)  # a tall window...
>>> frame[250:370, 640:760] = (20, 200, 20)  # ...with something in it
>>> best = propose_regions(frame)[0]
>>> best.x, best.width, best.y <= 100, best.y + best.height >= 500
(600, 200, True, True)
>>> [r.box for r in regions_around(frame, (640, 250, 760, 370))]
[(600, 100, 200, 400)]
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cached_property

import cv2
import numpy as np

from gridsight.vision.geometry import BoardGeometry
from gridsight.vision.runs import longest_runs

WORK_WIDTH = 640  # regions are proposed on the frame shrunk to this width...
WIDEST = 2.0  # ...or a frame wider than this (two monitors side by side, an ultrawide; one
# 16:9 or 16:10 monitor is less) to this many pixels per WIDEST times its height, the screens'
# widths shares of that width
MONITOR_NARROW = 1.5  # ...but the least width a share of one monitor's, when the frame's
# monitors (:func:`monitors`) are each narrower than this times its height (4:3, 5:4): two
# 1280x1024 monitors make a 2560x1024 frame, 2048 px at 2:1, and a phone at 15% of one
# monitor's width, 192 px, was under the least width, 12% of 2048 (fresh harder desktops
# 720023 and 760002 with two monitors: 212 and 230 px screens, never proposed, not found)
EDGE_LEVEL = 16  # a colour step of this many levels (any channel) makes a boundary
SIDE_MIN = 0.6  # coverage a region's side needs along its run
MAX_SIDES = 160  # candidate sides kept for proposals, strongest first
BIN = 8  # rows per bin when two sides' runs are compared (working pixels)
SAME_PLACE = 3  # proposals whose sides are all this close (working pixels) are one
GAP_BINS = 5  # the longest break bridged in two sides' common run (bins)
DENSE = 0.7  # the share of a common run where both sides are boundaries
RUN_MOST = 1.3  # sides may run together this much longer than the tallest screen
INNER_LINE = 0.5  # a line inside a side covering this share as much is the side (see _snap)
BAND = 0.12  # a title or status bar is at most this share of a screen's width tall
BARS = 0.35  # a phone's status bar and a game's top bar together, at most (ditto)
ACROSS_MIN = 0.6  # coverage of a horizontal boundary across a region (a top, a bottom)
SIDE_GAP = 3  # the longest break (pixels) of a side, or of a line across, found unbroken
EDGE_BANDS = 0.2  # the share of its height at its top and bottom a side is placed along
ACROSS_STRAIGHT = 0.8  # the coverage a top or bottom needs on the boundaries not widened
GRID_LINES = 10  # lines across a region found by its top and bottom that make it a grid...
GRID_COVER = 0.9  # ...each covering this share of its width (a board inside covers less)
ACROSS_SPARE = 4  # proposals found by their top and bottom, at most (see propose_regions)...
ACROSS_OVER = 4  # ...and this many over ``keep`` when the sides' proposals take them all
BAR_LINES = 3  # lines across a screen's bars that must end at the same sides (regions_around)


@dataclass(frozen=True)
class Region:
    """A rectangle of a frame: top-left pixel ``(x, y)``, ``width`` x ``height`` pixels;
    ``score`` how window-like it looked (its sides' edge coverage, 0..1)."""

    x: int
    y: int
    width: int
    height: int
    score: float = 0.0

    @property
    def box(self) -> tuple[int, int, int, int]:
        return (self.x, self.y, self.width, self.height)

    def crop(self, image: np.ndarray) -> np.ndarray:
        """The region's pixels (a view into ``image``)."""
        return image[self.y : self.y + self.height, self.x : self.x + self.width]

    def to_frame(self, geometry: BoardGeometry) -> BoardGeometry:
        """A geometry found in :meth:`crop` as a geometry in the whole frame."""
        return geometry.translated(self.x, self.y)

    def to_region(self, geometry: BoardGeometry) -> BoardGeometry:
        """A geometry in the whole frame as a geometry in :meth:`crop`."""
        return geometry.translated(-self.x, -self.y)

    def fits(self, shape: tuple[int, ...]) -> bool:
        """Whether the region lies inside a frame of this shape."""
        h, w = shape[:2]
        return (self.x >= 0 and self.y >= 0 and self.width > 0 and self.height > 0
                and self.x + self.width <= w and self.y + self.height <= h)

    def holds(self, box: tuple[float, float, float, float], slack: float = 0.0) -> bool:
        """Whether the box ``(x0, y0, x1, y1)`` lies inside the region (give or take
        ``slack`` pixels)."""
        x0, y0, x1, y1 = box
        return (x0 >= self.x - slack and y0 >= self.y - slack
                and x1 <= self.x + self.width + slack and y1 <= self.y + self.height + slack)


@dataclass(frozen=True, eq=False)
class Boundaries:
    """Boundary maps of one picture and their cumulative sums: ``vertical[y, x]`` is 1 where a
    vertical boundary passes at ``x`` (between pixels ``x - 1`` and ``x``) on row ``y``;
    ``horizontal[y, x]`` likewise between rows ``y - 1`` and ``y`` on column ``x``."""

    vertical: np.ndarray  # float32 0/1, (h, w + 1)
    horizontal: np.ndarray  # float32 0/1, (h + 1, w)

    @cached_property
    def down(self) -> np.ndarray:
        """Cumulative sums of :attr:`vertical` down each column, ``(h + 1, w + 1)``."""
        return np.vstack([np.zeros((1, self.vertical.shape[1]), np.float32),
                          np.cumsum(self.vertical, axis=0, dtype=np.float32)])

    @cached_property
    def across(self) -> np.ndarray:
        """Cumulative sums of :attr:`horizontal` along each row, ``(h + 1, w + 1)``."""
        return np.hstack([np.zeros((self.horizontal.shape[0], 1), np.float32),
                          np.cumsum(self.horizontal, axis=1, dtype=np.float32)])

    def column(self, x: int | np.ndarray, y0: int, y1: int) -> np.ndarray:
        """Coverage of the vertical line(s) at ``x`` from row ``y0`` to ``y1``."""
        if y1 <= y0:
            return 0.0 * np.asarray(x)
        return (self.down[y1, x] - self.down[y0, x]) / (y1 - y0)

    def row(self, y: int | np.ndarray, x0: int, x1: int) -> np.ndarray:
        """Coverage of the horizontal line(s) at ``y`` from column ``x0`` to ``x1``."""
        if x1 <= x0:
            return 0.0 * np.asarray(y)
        return (self.across[y, x1] - self.across[y, x0]) / (x1 - x0)


def boundaries(image: np.ndarray, *, spread: int = 2, widen: bool = True) -> Boundaries:
    """The boundary maps of ``image`` (BGR or grey, uint8): a step of :data:`EDGE_LEVEL`
    levels over ``spread`` pixels; ``widen``: each boundary also marked one pixel either side
    of where it was seen (a line a pixel off still counts)."""
    pixels = np.ascontiguousarray(image, dtype=np.uint8)
    h, w = pixels.shape[:2]
    vertical = np.zeros((h, w + 1), np.uint8)
    horizontal = np.zeros((h + 1, w), np.uint8)
    at = spread // 2 + spread % 2  # the step over pixels x - spread..x sits near boundary x - at
    if w > spread:
        vertical[:, at : at + w - spread] = _step(pixels[:, spread:], pixels[:, :-spread])
    if h > spread:
        horizontal[at : at + h - spread] = _step(pixels[spread:], pixels[:-spread])
    if widen:
        vertical = cv2.dilate(vertical, np.ones((1, 3), np.uint8))
        horizontal = cv2.dilate(horizontal, np.ones((3, 1), np.uint8))
    return Boundaries(vertical.astype(np.float32), horizontal.astype(np.float32))


def _step(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """1 where some channel of ``a`` and ``b`` differs by :data:`EDGE_LEVEL` or more."""
    diff = cv2.absdiff(np.ascontiguousarray(a), np.ascontiguousarray(b))
    if diff.ndim == 3:
        diff = cv2.max(cv2.max(diff[:, :, 0], diff[:, :, 1]), diff[:, :, 2]) \
            if diff.shape[2] == 3 else diff.max(axis=2)
    return (diff >= EDGE_LEVEL).astype(np.uint8)


# -- 1. proposals -----------------------------------------------------------------------------


def propose_regions(image: np.ndarray, *, min_width: float = 0.12, max_width: float = 0.6,
                    aspect: tuple[float, float] = (1.5, 2.5), keep: int = 8,
                    over: int = ACROSS_OVER, fill: bool = False) -> list[Region]:
    """Up to ``keep`` regions (and ``over`` more) where a screen ``min_width`` to
    ``max_width`` of the frame's width wide, ``aspect[0]`` to ``aspect[1]`` times as tall,
    may be (step 1 of the module docstring), best first: two vertical boundaries that run
    side by side at least ``aspect[0]`` times as long as they are apart (the sides placed to
    the pixel; the top and bottom where the sides run together, to a few pixels), and up to
    :data:`ACROSS_SPARE` found by their top and bottom (placed to the pixel; the sides where
    they show), ranked among them by score.

    A frame more than :data:`WIDEST` times as wide as tall (``mss``'s monitor 0, all
    monitors together: two 1920x1080 monitors make a 3840x1080 frame) is taken as that
    wide a frame's worth of monitors: the widths are shares of :data:`WIDEST` times its
    height, and it is shrunk as much as such a frame is. A phone at 15% of one monitor's
    width is 7.5% of two monitors', below ``min_width``, and a 640-pixel copy of the whole
    would halve what shows of its sides. Each such monitor's worth (:func:`monitors`) gets
    its own ``keep``, ``over`` and :data:`ACROSS_SPARE`: two monitors hold twice the windows
    (fresh harder desktop 500014 with two 2560x1440 monitors: the phone, its left side
    blended into the window beside it, was the fifth proposal found by its top and bottom,
    and the search never tried it). Monitors narrower than :data:`MONITOR_NARROW` (4:3,
    5:4) have ``min_width`` a share of one monitor's width.

    ``fill``: when the sides give no proposal at all, those found by their top and bottom
    take the places of all ``keep`` (not :data:`ACROSS_SPARE` only). Windows overlapping
    everywhere may give the sides no proposal (fresh harder desktop
    891008: BlueStacks' left side against a window of near its green, its right side a tool
    strip; the four found by their top and bottom were other windows', and the phone's,
    its side traced only beside its bars, came sixth)."""
    if image is None or image.ndim not in (2, 3) or min(image.shape[:2]) < 16:
        return []
    h, w = image.shape[:2]
    many = monitors(image.shape)
    keep, over, spare = keep * many, over * many, ACROSS_SPARE * many
    span = min(float(w), WIDEST * h)  # the width the shares are of
    factor = min(1.0, WORK_WIDTH / span)
    # (the least width of one monitor's: monitors narrower than MONITOR_NARROW, see there)
    least = w / many if many > 1 and w / many < MONITOR_NARROW * h else span
    small = image if factor == 1.0 else cv2.resize(
        image, (max(16, round(w * factor)), max(16, round(h * factor))),
        interpolation=cv2.INTER_AREA)
    maps, thin = boundaries(small), boundaries(small, widen=False)
    sh = small.shape[0]
    low, high = max(12.0, min_width * least * factor), max_width * span * factor
    found = _columns(maps, thin, low, high, aspect[0], aspect[1])
    kept: list[Region] = []
    for region in found:
        if any(_same_place(region, k, SAME_PLACE) for k in kept):
            continue
        kept.append(region)
        if len(kept) >= keep:
            break
    out = [_to_full(image, region, factor) for region in kept]
    # Step 1b: windows whose sides hardly show (a near-white screen beside a white window),
    # by their top and bottom: the same search turned on its side (module docstring).
    across = _columns(_transposed(maps), _transposed(thin), max(12.0, aspect[0] * low),
                      min(sh - 1.0, RUN_MOST * aspect[1] * high), 1.0 / (RUN_MOST * aspect[1]),
                      1.0 / aspect[0], grid=False)
    turned = [_transpose_region(r) for r in across]
    turned = [replace(r, score=r.score * (1 + _side_trace(maps, r)) / 2) for r in turned
              if low <= r.width <= high and _straight(thin, r) >= ACROSS_STRAIGHT]
    turned.sort(key=lambda r: (-round(r.score, 2), -r.height))
    room = min(spare, max(over, keep - len(kept)))
    if fill and not kept:
        room = max(room, keep)
    chosen: list[Region] = []
    firsts: list[Region] = []  # each chosen region as first chosen, before any merge
    for region in turned:
        if any(_same_sides(region, k, BIN) for k in kept):
            continue
        same = [k for k, c in enumerate(chosen) if _same_sides(region, c, BIN)]
        if same:  # the same sides, another top or bottom: the window reaches both
            c = chosen[same[0]]
            top, bottom = min(c.y, region.y), max(c.y + c.height, region.y + region.height)
            if region.x < c.x and region.x + region.width > c.x + c.width:
                # Lines running past both ends of those taken (the ends are known to a bin):
                # a board's top and bottom, whose sides trace best, stop inside its screen's
                # sides on both sides (harder desktop 99438: the screen's, a bin further
                # each way, merged into the board's, and its sides cut off). Past one end
                # only, they may be a wallpaper's specks bridged (99202): not followed.
                c = replace(c, x=region.x, width=region.width)
            chosen[same[0]] = replace(c, y=top, height=bottom - top)
        elif len(chosen) < room:
            chosen.append(region)
            firsts.append(region)
    for region, first in zip(chosen, firsts):
        whole = _across_to_full(image, _transpose_region(region), factor)
        out.append(whole)
        if first != region:
            # Merged with another top or bottom: the sides are placed along the merged
            # region's first and last rows, which may be another window's (fresh harder
            # desktop 560014: a window below the phone, its edge 26 px inside the phone's
            # side that hardly shows beside a tool strip of the ground's colour, merged by
            # the phone's bottom bar; the sides placed on that edge cut the board's last
            # column off, and no region held the board). When the merged region is too tall
            # for a screen that wide (two windows' lines, not one's) and the first part's own
            # sides reach past its sides (what that part holds is cut off), the first part is
            # proposed too.
            part = _across_to_full(image, _transpose_region(first), factor)
            slack = SAME_PLACE / factor
            if whole.height > RUN_MOST * aspect[1] * whole.width and (
                    part.x < whole.x - slack
                    or part.x + part.width > whole.x + whole.width + slack):
                out.append(part)
    # Both kinds by their scores (the sides' first when equal).
    out.sort(key=lambda r: -round(r.score, 2))
    return out


def monitors(shape: tuple[int, ...]) -> int:
    """How many monitors' worth a frame of this shape is taken as: 1 up to :data:`WIDEST`
    times as wide as tall, else its width over that (rounded up: 2560x1024 and 5120x1440
    are two monitors side by side, 3840x1080 two and 3840x2160 one).

    >>> monitors((1080, 1920, 3)), monitors((1080, 3840, 3)), monitors((1024, 2560, 3))
    (1, 2, 2)
    """
    h, w = shape[:2]
    return max(1, int(np.ceil(w / (WIDEST * h) - 1e-9)))


def _columns(maps: Boundaries, thin: Boundaries, low: float, high: float, least: float,
             most: float, *, grid: bool = True) -> list[Region]:
    """Regions between pairs of vertical boundaries ``low``..``high`` apart running side by
    side for ``least`` to ``most`` times that (and a little more: a title bar), best first
    (working grid). Their score is the sides' coverage, less twice what the longest boundary
    between them covers of their run past half of it. The sides are placed on ``thin``, the
    same boundaries not widened (a screen's edge and a board's outline a few pixels inside it
    stay two lines), their runs compared on ``maps``."""
    down = maps.down
    h = down.shape[0] - 1
    tall = int(least * low)
    if tall >= h or tall < BIN:
        return []
    runs = (thin.down[tall:] - thin.down[:-tall]) / tall
    strength = runs.max(axis=0)
    sides = _line_columns(strength)
    sides = np.sort(sides[np.argsort(-strength[sides], kind="stable")][:MAX_SIDES])
    if len(sides) < 2:
        return []
    nb = h // BIN
    per_bin = (np.diff(down[np.arange(nb + 1) * BIN][:, sides], axis=0) / BIN).T  # (sides, bins)
    on = per_bin >= 0.5
    out: list[Region] = []
    first, second = np.triu_indices(len(sides), 1)  # every pair, by the left side then the right
    width = sides[second] - sides[first]
    near = (width >= low) & (width <= high)
    first, second = first[near], second[near]
    if not len(first):
        return []
    both = on[first] & on[second]  # (pairs, bins)
    if not grid:
        both = _without_specks(both)
    # Dark bars beside a dark desktop break a side for a while: gaps are bridged.
    start, length = longest_runs(both, GAP_BINS)
    width = sides[second] - sides[first]
    # A screen's sides lined up with a wallpaper's lines run on past its top or bottom, too
    # long for a screen; a break there (its corner, where the lines do not meet) is then
    # taken as the end: the longest run not bridged (harder desktop 121011).
    too_long = np.flatnonzero(length * BIN > RUN_MOST * most * width)
    if len(too_long):
        start[too_long], length[too_long] = longest_runs(both[too_long], 0)
    fits = (least * width <= length * BIN) & (length * BIN <= RUN_MOST * most * width)
    for pair in np.flatnonzero(fits):
        i, j, s, n = int(first[pair]), int(second[pair]), int(start[pair]), int(length[pair])
        xl, xr = int(sides[i]), int(sides[j])
        if both[pair, s : s + n].mean() < DENSE:
            continue
        cover = float(np.minimum(per_bin[i, s : s + n], per_bin[j, s : s + n]).mean())
        if cover < SIDE_MIN:
            continue
        # A long boundary inside, as long as the sides: a part of a grid, not a window.
        # (the sides between, found at once: the same indices as a loop over k in i+1..j-1)
        between = sides[i + 1 : j]
        inside = np.flatnonzero((between - xl > 2) & (xr - between > 2)) + (i + 1)
        along = per_bin[inside, s : s + n].mean(axis=1) if len(inside) else np.zeros(1)
        if grid:
            score = cover - 2 * max(0.0, float(along.max()) - 0.5)
        elif np.count_nonzero(along >= GRID_COVER) >= GRID_LINES:
            continue  # a grid's rows (a sheet, a wallpaper), not a screen's few bars
        else:
            score = cover
        out.append(Region(xl, int(s * BIN), xr - xl, int(n * BIN), score))
    out.sort(key=lambda r: (-round(r.score, 2), -r.height))
    return out


def _line_columns(strength: np.ndarray) -> np.ndarray:
    """The columns where a strong line stands, from each column's strength: each peak (the
    later of equal columns: a step seen over two pixels marks both), and where a plateau of
    strong columns starts (a screen's edge with a board's outline a pixel or two inside it,
    on the shrunk frame)."""
    before, after = np.roll(strength, 1), np.roll(strength, -1)
    strong = strength >= SIDE_MIN
    peak = strong & (strength >= before) & (strength > after)
    start = strong & (before < SIDE_MIN)
    found = np.flatnonzero(peak | start)
    keep = np.concatenate([[True], np.diff(found) > 1]) if len(found) else np.zeros(0, bool)
    return found[keep]


def _without_specks(on: np.ndarray) -> np.ndarray:
    """``on`` (rows of bins) without its specks: a bin alone between two off bins (or an
    off bin and the end). A window's top and bottom are unbroken lines; a striped or
    patterned wallpaper crosses two rows at the same bins here and there, and such specks,
    bridged as gaps, stretched a window's common run far past its corner (the window then
    proposed a third wider than it is, its side placed on the wallpaper)."""
    if on.shape[1] < 2:
        return on
    left = np.zeros_like(on)
    left[:, 1:] = on[:, :-1]
    right = np.zeros_like(on)
    right[:, :-1] = on[:, 1:]
    return on & (left | right)




def _straight(thin: Boundaries, region: Region) -> float:
    """How straight the top and bottom of a region found by them are (working grid): the
    weaker one's coverage along the region's width on the boundaries not widened, each the
    best of its row and the rows beside it. A window's edge or a game's bar is one straight
    line; a striped wallpaper or text marks many rows a little each, which widened run
    together."""
    last = thin.horizontal.shape[0] - 1
    x0, x1 = region.x, region.x + region.width
    lines = []
    for y in (region.y, region.y + region.height):
        rows = np.arange(max(0, y - 1), min(last, y + 1) + 1)
        lines.append(float(np.max(thin.row(rows, x0, x1))) if len(rows) else 0.0)
    return min(lines)


def _side_trace(maps: Boundaries, region: Region) -> float:
    """What shows of the sides of a region found by its top and bottom (working grid): the
    weaker side's coverage over the region's height, each side the best column within a bin
    of where the top and bottom stop (they are known to a bin). A window's side shows at
    least beside its title bar and the game's bars; the rows of a sheet or the lines of a
    wallpaper stop at no side at all."""
    y0, y1 = region.y, region.y + region.height
    last = maps.vertical.shape[1] - 1
    sides = []
    for x in (region.x, region.x + region.width):
        columns = np.arange(max(0, x - BIN), min(last, x + BIN) + 1)
        sides.append(float(np.max(maps.column(columns, y0, y1))) if len(columns) else 0.0)
    return min(sides)


def _transposed(maps: Boundaries) -> Boundaries:
    """The boundary maps of the picture turned about its diagonal (rows for columns): its
    horizontal boundaries are the turned picture's vertical ones."""
    return Boundaries(np.ascontiguousarray(maps.horizontal.T),
                      np.ascontiguousarray(maps.vertical.T))


def _transpose_region(region: Region) -> Region:
    """``region`` turned about the picture's diagonal (its rows for columns)."""
    return Region(region.y, region.x, region.height, region.width, region.score)


def _same_sides(a: Region, b: Region, tolerance: float) -> bool:
    """Whether two regions' left and right sides are each within ``tolerance`` pixels."""
    return (abs(a.x - b.x) <= tolerance
            and abs(a.x + a.width - b.x - b.width) <= tolerance)


def _same_place(a: Region, b: Region, tolerance: float) -> bool:
    """Whether two regions' sides are each within ``tolerance`` pixels."""
    return _same_sides(a, b, tolerance) and _same_sides(_transpose_region(a),
                                                        _transpose_region(b), tolerance)


def _to_full(image: np.ndarray, region: Region, factor: float) -> Region:
    """A region of the working grid on the full frame: its sides placed to the pixel, its top
    and bottom a bin wider (they are only known to a bin)."""
    if factor == 1.0:
        return region
    h = image.shape[0]
    x0, x1 = region.x / factor, (region.x + region.width) / factor
    y0 = max(0, int((region.y - BIN) / factor))
    y1 = min(h, int(np.ceil((region.y + region.height + BIN) / factor)))
    reach = int(np.ceil(1.5 / factor)) + 1
    left = _snap(image, True, x0, reach, y0, y1, +1, ends=True)
    right = _snap(image, True, x1, reach, y0, y1, -1, ends=True)
    if right - left < 4:
        left, right = round(x0), round(x1)
    return Region(left, y0, right - left, y1 - y0, region.score)


def _across_to_full(image: np.ndarray, flipped: Region, factor: float) -> Region:
    """A region found by its top and bottom (on the turned working grid) on the full frame:
    its top and bottom placed to the pixel (:func:`_to_full` on the turned frame), then its
    sides, known to a bin, placed on the strongest vertical boundaries within a bin of them
    along the region's first and last rows (:data:`EDGE_BANDS`): a faint side still shows
    beside the window's title bar and the game's bars, where a board's outline does not."""
    region = _transpose_region(_to_full(image.swapaxes(0, 1), flipped, factor))
    if factor == 1.0:
        return region
    reach = int(np.ceil(BIN / factor)) + 1
    y0, y1 = region.y, region.y + region.height
    x0, x1 = region.x + reach, region.x + region.width - reach  # the bin added by _to_full
    band = max(4, int(EDGE_BANDS * (y1 - y0)))
    bands = ((y0, y0 + band), (y1 - band, y1))
    left = _snap_in_bands(image, x0, reach, bands, +1)
    right = _snap_in_bands(image, x1, reach, bands, -1)
    if right - left < 4:
        return region
    return Region(left, y0, right - left, y1 - y0, region.score)


def _snap_in_bands(image: np.ndarray, at: float, reach: int,
                   bands: tuple[tuple[int, int], ...], inward: int) -> int:
    """The column within ``reach`` of ``at`` on a vertical boundary along the most of the
    rows of ``bands`` (the first and last rows of a region found by its top and bottom: the
    title bar and the game's bars, where a screen's side shows; a board's outline, as strong
    as a side further in, does not reach them), by one-pixel steps; the one furthest towards
    ``inward`` of the strongest."""
    w = image.shape[1]
    centre = round(at)
    lo, hi = max(1, centre - reach), min(w - 1, centre + reach)
    if hi < lo:
        return int(np.clip(centre, 0, w))
    steps = np.zeros(hi - lo + 1)
    for a, b in bands:
        strip = image[max(0, a) : max(0, b), lo - 1 : hi + 1]
        if len(strip):
            steps += _step(strip[:, 1:], strip[:, :-1]).sum(axis=0)
    best = np.flatnonzero(steps >= steps.max())
    return lo + int(best[-1] if inward > 0 else best[0])


def _snap(image: np.ndarray, vertical: bool, at: float, reach: int, a: float, b: float,
          inward: int, *, ends: bool = False) -> int:
    """The boundary line (a column when ``vertical``, else a row) within ``reach`` of ``at``
    covering the most of ``a``..``b`` (their inner four fifths), on the full-sized image, by
    one-pixel steps; of lines covering at least :data:`INNER_LINE` as much, the one furthest
    towards ``inward`` (+1: right or down), the inside of the region whose side it is: a
    screen's edge, not its window border's outer edge (the screen may match the border's
    colour in places, so its edge covers less than the border's outer one does).

    ``ends`` (a proposal's sides, placed from the shrunk frame, :func:`_to_full`): such an
    inner line must also cover, along each end of ``a``..``b`` (:data:`EDGE_BANDS`), at least
    :data:`INNER_LINE` as much as the strongest line does there. A screen's edge shows beside
    its bars; a board's outline a few pixels inside the side does not: fresh harder desktops
    771001 and 771003 (two 1280x1024 monitors, a 193-196 px rescue whose board stands 3-4 px
    from the screen's right side, one working pixel): the board's right edge covered half the
    rows, the region was cut along it and its board was never found."""
    h, w = image.shape[:2]
    limit = w if vertical else h
    centre = round(at)
    lo, hi = max(1, centre - reach), min(limit - 1, centre + reach)
    cut = max(1, int((b - a) / 10))
    a0, b0 = max(0, int(a) + cut), min(h if vertical else w, int(b) - cut)
    if hi < lo or b0 <= a0:
        return int(np.clip(centre, 0, limit))
    strip = image[a0:b0, lo - 1 : hi + 1] if vertical else image[lo - 1 : hi + 1, a0:b0]
    if vertical:
        on = _step(strip[:, 1:], strip[:, :-1])
    else:
        on = _step(strip[1:], strip[:-1]).T
    steps = on.mean(axis=0)
    best = steps >= INNER_LINE * steps.max()
    if ends:  # ... and along both ends as much (against the strongest lines)
        band = max(1, int(EDGE_BANDS * len(on)))
        strongest, shows = steps >= steps.max(), best.copy()
        for end in (on[:band].mean(axis=0), on[-band:].mean(axis=0)):
            shows &= end >= INNER_LINE * end[strongest].max()
        best = shows if shows.any() else best
    lines = np.flatnonzero(best)
    return lo + int(lines[-1] if inward > 0 else lines[0])


# -- 2. the regions around something found ----------------------------------------------------


def regions_around(image: np.ndarray, inner: tuple[float, float, float, float], *,
                   reach: float = 0.6, above: float = 2.5, below: float = 1.6) -> list[Region]:
    """The window-like rectangles enclosing ``inner`` (``x0, y0, x1, y1``, pixels) in
    ``image``, most likely the screen first (step 2 of the module docstring); ``[]`` when no
    long vertical boundary stands on either side of it. Their tops, in order: the first line
    across below where the sides stop, when it is a thin band's height (:data:`BAND`) below it
    (a title bar, or a phone's status bar, left out); where the sides stop; the lines across
    above that, nearest first, up to :data:`BARS` (the sides vanish beside bars as dark as
    what surrounds the screen); the lines further in, from ``inner``'s top up.

    The sides are looked for up to ``reach`` times ``inner``'s width beyond it, the top up to
    ``above`` times its height above it, the bottom up to ``below`` times below it. A side is
    a boundary along ``inner``'s rows and on above them (it is the side of something larger:
    ``inner``'s own outline stops where it does)."""
    x0, y0, x1, y1 = inner
    iw, ih = x1 - x0, y1 - y0
    h, w = image.shape[:2]
    if iw < 4 or ih < 4:
        return []
    wx0, wx1 = max(0, int(x0 - reach * iw) - 2), min(w, int(np.ceil(x1 + reach * iw)) + 2)
    wy0, wy1 = max(0, int(y0 - above * ih)), min(h, int(np.ceil(y1 + below * ih)))
    maps = boundaries(image[wy0:wy1, wx0:wx1], widen=False)
    ax0, ay0, ax1, ay1 = x0 - wx0, y0 - wy0, x1 - wx0, y1 - wy0  # inner, in the window
    columns = np.arange(maps.vertical.shape[1])
    along = maps.column(columns, int(ay0), int(ay1))
    top_band = (int(max(0, ay0 - 0.3 * ih)), int(max(0, ay0 - 0.03 * ih)))
    over = maps.column(columns, *top_band) if top_band[1] - top_band[0] >= 4 else along
    cover = np.minimum(along, over)
    # A side runs unbroken along inner's rows and on above them; inner's own outline, or the
    # edge of something above it lined up with it (a panel), leaves a gap between the two.
    gaps = _longest_gaps(maps.vertical[int(max(0, ay0 - 0.5 * ih)) : int(ay1)])
    unbroken = np.where(gaps <= SIDE_GAP, cover, 0.0)
    sides = []
    for start, direction in ((ax0 + 1, -1), (ax1 - 1, +1)):
        side = _nearest(unbroken, columns, start, direction)
        sides.append(side if side is not None else _nearest(cover, columns, start, direction))
    left_side, right_side = sides
    # The screen's bars above and below inner end at its sides, whether they show beside
    # inner or not (a neighbour or a tool strip of the ground's colour): tried last.
    by_bars = _regions_by_bars(image, maps, (wx0, wy0), (ax0, ay0, ax1, ay1))
    if left_side is None or right_side is None:
        return by_bars
    xl, xr = left_side, right_side
    # Where the sides run on, above and below: the region cannot reach much past them.
    bridge = max(6, int(0.1 * (xr - xl)))  # a dark status bar beside a dark border, say
    top_end = _run_end(maps, xl, xr, int(ay0), -1, bridge)
    bottom_end = _run_end(maps, xl, xr, int(ay1), +1, bridge)
    inset = max(1, (xr - xl) // 40)  # a corner may be rounded
    rows = np.arange(maps.horizontal.shape[0])
    across = maps.row(rows, xl + inset, xr - inset)
    bottom = _line_near(across, bottom_end)
    peaks = (across >= ACROSS_MIN) & (across >= np.roll(across, 1)) & \
        (across > np.roll(across, -1))
    end = _line_near(across, top_end)
    band_px = BAND * (xr - xl)
    crossing = [int(y) for y in np.flatnonzero(peaks)[::-1]]
    lines_below = [y for y in crossing if end + 2 < y <= ay0 - 0.03 * ih]
    lines_over = [y for y in crossing if end - BARS * (xr - xl) <= y < end - 2]
    # In order: below a thin band under where the sides stop (a title bar, or a status bar,
    # left out), where the sides stop (the screen's top, or its window's), above it (the sides
    # vanished beside a dark bar), then the lines further in from inner's top up (the
    # screen's top does not show: a bar's edge, a line of text).
    thin = [y for y in lines_below if y - end <= band_px][-1:]
    tops = [*thin, end, *lines_over, *(y for y in lines_below if y not in thin)]
    # Placed to the pixel along the band above inner (inner's own outline is not there).
    rows_for = top_band if top_band[1] - top_band[0] >= 4 else (int(ay0), int(ay1))
    left = _snap(image, True, wx0 + xl, 2, wy0 + rows_for[0], wy0 + rows_for[1], +1)
    right = _snap(image, True, wx0 + xr, 2, wy0 + rows_for[0], wy0 + rows_for[1], -1)
    bottom = _snap(image, False, wy0 + bottom, 2, left, right, -1) - wy0
    tops = [_snap(image, False, wy0 + top, 2, left, right, +1) - wy0 for top in tops]
    out = []
    for top in tops:
        region = Region(left, wy0 + top, right - left, wy0 + bottom - (wy0 + top),
                        float(min(cover[xl], cover[xr])))
        if region.height >= ih and region.fits(image.shape):
            out.append(region)
    # (the bars' ends only where they are not the sides found: the same screen again costs
    # a read each)
    near = max(4, int(0.02 * (right - left)))
    return out + [r for r in by_bars if abs(r.x - left) > near
                  or abs(r.x + r.width - right) > near]


def _regions_by_bars(image: np.ndarray, maps: Boundaries, origin: tuple[int, int],
                     inner: tuple[float, float, float, float]) -> list[Region]:
    """The screen around ``inner`` (window coordinates, ``origin`` the window's corner in
    ``image``) when its sides do not show beside ``inner``: a neighbour's fill, or a tool
    strip, of the ground's colour. The screen's bars (a status bar, a top bar, a bottom bar,
    a navigation bar) still run across it from side to side, and their lines across end
    where it does: the lines across ``inner``'s whole width, above and below it, are
    followed left and right to where they stop (:func:`_line_ends`); the ends most of
    them share (:data:`BAR_LINES` lines at least, one above ``inner`` and one below) are
    the sides; failing that, the ends of a line across that two lines share at each end.
    Its bottom is the lowest of those lines; its tops, from the highest down (the first
    read with all of the screen wins: one above the screen would only add a title bar)."""
    ox, oy = origin
    ax0, ay0, ax1, ay1 = inner
    iw, ih = ax1 - ax0, ay1 - ay0
    margin = max(2, int(0.03 * ih))
    ends = _line_ends(maps.horizontal, int(ax0), int(np.ceil(ax1)),
                      [*range(0, max(0, int(ay0) - margin)),
                       *range(int(np.ceil(ay1)) + margin, maps.horizontal.shape[0])])
    if len(ends) < BAR_LINES:
        return []
    tolerance = max(2, int(0.01 * iw))
    lefts, rights, rows_at = ends[:, 1], ends[:, 2], ends[:, 0]
    # Each line's ends, and the lines ending within a few pixels of both; of those with
    # lines above inner and below it (a board's own lines are all beside it), the most.
    same_left = np.abs(lefts[:, None] - lefts[None, :]) <= tolerance
    same_right = np.abs(rights[:, None] - rights[None, :]) <= tolerance
    agreeing = same_left & same_right
    chosen = _most_lines(agreeing, rows_at, ay0, ay1)
    if chosen is None:
        # Else a line whose left end two lines share and whose right end two do, itself one
        # of each: a line of another window may carry one end on past the screen's (the top
        # bar's edge running on along a neighbour's field lined up with it, harder desktop
        # 113016, the only line above the board), so no line above agrees at both ends.
        each = (same_left.sum(axis=1) >= 2) & (same_right.sum(axis=1) >= 2)
        agreeing = (same_left | same_right) & each[:, None]
        chosen = _most_lines(agreeing, rows_at, ay0, ay1)
    if chosen is None:
        return []
    agree = agreeing[chosen]
    rows = rows_at[agree]
    xl = int(np.median(lefts[same_left[chosen] & agree]))
    xr = int(np.median(rights[same_right[chosen] & agree]))
    bottom = _snap(image, False, oy + int(rows.max()), 2, ox + xl, ox + xr, -1)
    out: list[Region] = []
    tops = [_snap(image, False, oy + int(top), 2, ox + xl, ox + xr, +1)
            for top in sorted(rows[rows < ay0])]
    if oy == 0:
        # The frame's own top, tried last: a screen at the top of the capture has no line
        # above its top bar (harder desktop 98621: its tops all under the bar, whose counter
        # was then never read).
        tops.append(0)
    for y in tops:
        region = Region(ox + xl, y, xr - xl, bottom - y, float(agree.mean()))
        if region.height >= ih and region.fits(image.shape) and \
                all(r.y != region.y for r in out):
            out.append(region)
    return out


def _most_lines(agreeing: np.ndarray, rows_at: np.ndarray, top: float, bottom: float
                ) -> int | None:
    """The line (an index of ``agreeing``'s rows: which lines agree with each) that most
    lines agree with, :data:`BAR_LINES` at least, among them one above ``top`` and one below
    ``bottom``; ``None`` when none does."""
    both = (agreeing & (rows_at < top)[None, :]).any(axis=1) & \
        (agreeing & (rows_at > bottom)[None, :]).any(axis=1)
    counts = np.where(both, agreeing.sum(axis=1), 0)
    return int(np.argmax(counts)) if counts.max() >= BAR_LINES else None


def _line_ends(horizontal: np.ndarray, x0: int, x1: int, rows: list[int]) -> np.ndarray:
    """For each of ``rows`` whose horizontal boundary covers ``x0``..``x1`` all but
    :data:`SIDE_GAP` pixels at a time, ``(row, left, right)``: where it stops going left
    from ``x0`` and right from ``x1`` (gaps of :data:`SIDE_GAP` bridged; ``right`` past
    its last pixel); one row of each line (a step seen over two rows or three marks each)."""
    out: list[tuple[int, int, int]] = []
    width = horizontal.shape[1]
    # (``inner`` may reach past the window looked in: no-game desktop 874002, a board found
    # 5 px past the frame's left edge, x0 -5: its slice was empty, so an empty row passed as
    # unbroken and was walked off the map's end, an IndexError; the 45th session)
    x0, x1 = max(0, x0), min(width, x1)
    if x1 - x0 < 4 or not len(rows):
        return np.zeros((0, 3), int)
    # every row's longest gap between x0 and x1 at once (each row a column of the map given
    # to _longest_gaps: the same values as one row at a time, in a twentieth of the CPU)
    lines = horizontal[list(rows)] > 0
    gaps = _longest_gaps(lines[:, x0:x1].T)
    for y, line, gap in zip(rows, lines, gaps.tolist()):
        if gap > SIDE_GAP:
            continue
        left = x0
        while left > 0 and line[max(0, left - SIDE_GAP - 1) : left].any():
            left -= 1
        while not line[left]:
            left += 1
        right = x1
        while right < width and line[right : right + SIDE_GAP + 1].any():
            right += 1
        while not line[right - 1]:
            right -= 1
        if left == 0 or right == width or (out and out[-1][0] >= y - 3):
            continue  # (a line on past the window looked in ends nowhere seen)
        out.append((y, left, right))
    return np.array(out, int).reshape(-1, 3)


def _nearest(cover: np.ndarray, columns: np.ndarray, start: float, direction: int) -> int | None:
    """The column nearest ``start`` going ``direction`` whose coverage is :data:`SIDE_MIN` or
    more (the middle of a run of such columns: a boundary seen over two pixels)."""
    strong = cover >= SIDE_MIN
    order = columns[columns <= start][::-1] if direction < 0 else columns[columns >= start]
    for x in order:
        if strong[x]:
            run = [x]
            while 0 <= run[-1] + direction < len(cover) and strong[run[-1] + direction]:
                run.append(run[-1] + direction)
            best = max(run, key=lambda c: cover[c])
            return int(best)
    return None


def _longest_gaps(lines: np.ndarray) -> np.ndarray:
    """For each column of a 0/1 map, the longest run of rows with no boundary (its length:
    4 for 4 rows of 0 between two 1s; the column's length for a column of 0s)."""
    n = lines.shape[0]
    if n == 0:
        return np.zeros(lines.shape[1], int)
    on = np.vstack([np.ones((1, lines.shape[1])), lines > 0, np.ones((1, lines.shape[1]))])
    rows = np.arange(n + 2)[:, None]
    last_on = np.maximum.accumulate(np.where(on, rows, 0), axis=0)
    return (rows - last_on).max(axis=0)


def _run_end(maps: Boundaries, xl: int, xr: int, start: int, direction: int,
             bridge: int) -> int:
    """Where the two sides stop being boundaries going ``direction`` from row ``start``: the
    last row where both are, before a gap of more than ``bridge`` rows, or the window's
    edge."""
    h = maps.vertical.shape[0]
    left = maps.vertical[:, max(0, xl - 1) : xl + 2].max(axis=1)
    right = maps.vertical[:, max(0, xr - 1) : xr + 2].max(axis=1)
    either = np.minimum(left, right)  # both sides a boundary on this row
    window = bridge
    y = start
    last = start
    while 0 <= y < h:
        if either[y]:
            last = y
        elif abs(y - last) > window:
            break
        y += direction
    return last if direction < 0 else last + 1


def _line_near(across: np.ndarray, at: int, reach: int = 4) -> int:
    """The strongest horizontal boundary within ``reach`` rows of ``at`` (``at`` itself when
    none covers :data:`ACROSS_MIN`)."""
    lo, hi = max(0, at - reach), min(len(across) - 1, at + reach)
    part = across[lo : hi + 1]
    # A boundary seen over two pixels marks the rows either side of it: the later is it.
    best = lo + int(np.flatnonzero(part >= part.max() - 1e-6)[-1])
    return best if across[best] >= ACROSS_MIN else int(np.clip(at, 0, len(across) - 1))


# -- the cheap check --------------------------------------------------------------------------


def region_score(image: np.ndarray, region: Region) -> float:
    """How window-like ``region`` still is in ``image``: the mean edge coverage of its four
    sides (each the best of the line and its neighbours, a pixel either way), 0..1. The cheap
    check that a screen found before has not moved or gone."""
    if not region.fits(image.shape):
        return 0.0
    h, w = image.shape[:2]
    x0, y0 = region.x, region.y
    x1, y1 = x0 + region.width, y0 + region.height
    scores = []
    for vertical, at, a, b in ((True, x0, y0, y1), (True, x1, y0, y1), (False, y0, x0, x1),
                               (False, y1, x0, x1)):
        limit = w if vertical else h
        lo, hi = max(1, at - 1), min(limit - 1, at + 1)
        if hi < lo:
            scores.append(0.0)
            continue
        strip = image[a:b, lo - 1 : hi + 1] if vertical else image[lo - 1 : hi + 1, a:b]
        if strip.size == 0:
            scores.append(0.0)
            continue
        steps = _step(strip[:, 1:], strip[:, :-1]).mean(axis=0) if vertical else \
            _step(strip[1:], strip[:-1]).mean(axis=1)
        scores.append(float(steps.max()))
    return float(np.mean(scores))
