"""A tile-path room bigger than the screen: calibrated from views, read a view at a time.

Oracle of Ages' Hero's Cave room is 15x11 tiles with its walls; the Game Boy Color shows a
status bar and a 10x8-tile view that follows Link, so no screenshot shows the whole board. The
player gives the room once, in the text format (``examples/tile-path-heros-cave.txt``: the
board inside the walls), and this module:

- **calibrates** a pack from one or more screenshots (:func:`calibrate_room`): the screen's
  tile pitch and place are found by :mod:`gridsight.vision.tiling`, the view's place in the room by the
  room's blocked tiles and walls (:func:`gridsight.vision.mapview.kind_candidates`: ``#`` cells are
  blocks, the ring around the board is wall, the rest floor; of the few places suggested, the
  one where the looks learned there place the view there again, clearly ahead of anywhere
  else); then the looks are learned from the tiles in view: the floor's states by their colour (the game's: blue not stepped, red
  stepped, yellow where Link stands), the blocks (statues, the plate), the walls; the room as
  seen (walls and blocks, cell by cell) becomes the pack's anchor, so a later view is placed by
  them too;
- **reads** a screenshot through such a pack (:func:`locate_view`): every board cell fully in
  view with its state, every other cell unknown, the board's geometry in the picture (with the
  part of it on screen, so the advice is drawn there only) and the view's cells.

Link's own tile is mostly hidden under him: its yellow look is the blue tile's design in the
yellow cell's colours (an affine colour map fitted on the cell's visible yellow pixels), since
the floor's states are one design in three palettes.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace

import cv2
import numpy as np

from gridsight.solvers.boardtext import BoardText
from gridsight.solvers.errors import BoardFormatError, InputError
from gridsight.vision.classify import UNKNOWN, BoardRead, CellRead
from gridsight.vision.errors import BoardNotFoundError, PackError
from gridsight.vision.geometry import BoardGeometry
from gridsight.vision.mapview import (
    UNREAD_COST,
    Looks,
    Placement,
    exactness,
    exactness_each,
    kind_candidates,
    place_by_looks,
    refined,
    tiles_at,
)
from gridsight.vision.packs import Anchor, Template, TemplatePack
from gridsight.vision.tiling import (
    ASPECT_REACH,
    MAX_CUT,
    ConsoleGrid,
    Screen,
    ScreenLayout,
    evened,
    evenings,
    find_cut_screens,
    find_screens,
    moved,
    pitch_candidates,
    without_scanlines,
)

#: The Game Boy Color screen: 10x9 tiles of 16 pixels, the top row a status bar.
GBC = ScreenLayout(tiles_wide=10, tiles_high=9, bar_top=1, tile_px=16)

FLOOR, BLOCK, WALL = 0, 1, 2
KIND_NAMES = {FLOOR: "floor", BLOCK: "block", WALL: "wall"}
#: The floor's states, as the pack's labels (the text format's tokens).
NOT_STEPPED, STEPPED, LINK = ".", "x", "L"
STATE_WORDS = {NOT_STEPPED: "blue (not stepped)", STEPPED: "red (stepped)",
               LINK: "yellow (where Link stands)"}
WALL_LABEL = "wall"
BLOCK_LABEL = "#"
ROOM_TOKENS = frozenset(".#SExL")

MAX_CONFLICTS = 0.06  # a view whose tiles disagree with the room more than this is not it
MIN_LEAD = 0.02  # ... nor one that another place in the room explains nearly as well
GOOD_FIT = 0.03  # a placement this good, this far ahead of any other, ends the search
CHECKED = 6  # the places checked for a picture cut or stretched (the most alike first)
EVENINGS = 3  # the ways of evening out a console pixel's pattern tried (:func:`evenings`)


@dataclass(frozen=True)
class Room:
    """The room the player gave: the board's tokens (``.``, ``#``, ``S``, ``E``; ``x`` and
    ``L`` count as floor), as in the text format."""

    grid: tuple[tuple[str, ...], ...]

    @property
    def rows(self) -> int:
        return len(self.grid)

    @property
    def cols(self) -> int:
        return len(self.grid[0])

    @property
    def start(self) -> tuple[int, int] | None:
        return next(((r, c) for r, row in enumerate(self.grid) for c, t in enumerate(row)
                     if t == "S"), None)

    def kinds(self) -> np.ndarray:
        """Each cell's kind with the ring of walls around the board (``(rows + 2, cols + 2)``)."""
        out = np.full((self.rows + 2, self.cols + 2), WALL, np.int64)
        for r, row in enumerate(self.grid):
            for c, token in enumerate(row):
                out[r + 1, c + 1] = BLOCK if token == "#" else FLOOR
        return out

    def lines(self) -> list[str]:
        return [" ".join(row) for row in self.grid]


def room_from_board(board: BoardText) -> Room:
    """The room of a board in the text format: its blocked tiles and its start tile."""
    board.check_headers(())
    board.check_tokens(ROOM_TOKENS, "one of . # S E (x and L count as floor)")
    starts = [(r, c) for r, row in enumerate(board.grid) for c, t in enumerate(row) if t == "S"]
    if len(starts) != 1:
        raise BoardFormatError("the room needs exactly one 'S' (the start tile beside the "
                               f"doorway), not {len(starts)}",
                               line=board.row_lines[0] if board.row_lines else None)
    grid = tuple(tuple("." if t in ("x", "L") else t for t in row) for row in board.grid)
    if len(grid) < 1 or len(grid[0]) < 1:
        raise BoardFormatError("the room has no tiles")
    return Room(grid)


def room_of(pack: TemplatePack) -> Room | None:
    """The room a pack was calibrated for (``None``: a pack for a room seen whole).
    :class:`PackError` when the pack's room is not a board of its size in the room tokens,
    or its screen layout or looks do not fit (a pack edited by hand)."""
    lines = pack.layout.get("room")
    if not lines:
        return None
    where = pack.source or pack.name
    if not isinstance(lines, list) or not all(isinstance(line, str) for line in lines):
        raise PackError(where, "'layout.room' must be a list of rows of tokens")
    grid = tuple(tuple(line.split()) for line in lines)
    if len(grid) != pack.rows or any(len(row) != pack.cols for row in grid):
        raise PackError(where, f"'layout.room' is not a {pack.rows}x{pack.cols} board")
    if any(t not in ROOM_TOKENS for row in grid for t in row):
        raise PackError(where, "'layout.room' holds a token other than . # S E")
    layout = layout_of(pack)
    if pack.cell_size != (layout.tile_px, layout.tile_px):
        raise PackError(where, f"a room pack's looks are {layout.tile_px} pixels square")
    if pack.anchor.margin != 1.0:
        raise PackError(where, "a room pack's anchor is the room with its ring of walls")
    return Room(grid)


def layout_of(pack: TemplatePack) -> ScreenLayout:
    """The screen layout a room pack was calibrated with (:class:`PackError` if absurd)."""
    data = pack.layout.get("tile_screen", {})
    try:
        layout = ScreenLayout(int(data.get("tiles_wide", GBC.tiles_wide)),
                              int(data.get("tiles_high", GBC.tiles_high)),
                              int(data.get("bar_top", GBC.bar_top)),
                              int(data.get("bar_bottom", GBC.bar_bottom)),
                              int(data.get("tile_px", GBC.tile_px)))
    except (TypeError, ValueError, AttributeError):
        raise PackError(pack.source or pack.name, "'layout.tile_screen' must hold whole numbers") \
            from None
    wide, high = layout.view_tiles
    if not (1 <= wide <= 64 and 1 <= high <= 64 and 4 <= layout.tile_px <= 64
            and layout.bar_top >= 0 and layout.bar_bottom >= 0):
        raise PackError(pack.source or pack.name, "'layout.tile_screen' is not a tile screen")
    return layout


# -- one screenshot: the screen, the view, its place -------------------------------------------


@dataclass(frozen=True, eq=False)
class View:
    """One screenshot's view of the room: the screen found, the view in the console's own
    pixels, the camera (the view's top-left in room pixels, walls included) and how sure."""

    screen: Screen
    pixels: np.ndarray = field(repr=False)
    placement: Placement

    @property
    def camera(self) -> tuple[int, int]:
        return self.placement.camera

    def cells(self, room: Room, cut: Sequence[int] = (0, 0, 0, 0)
              ) -> tuple[tuple[int, int], tuple[int, int]]:
        """The room cells (walls included) fully in view, inclusive. A black bar the picture
        was placed over (:func:`black_margins`) is no part of the view: a cell reaching into it
        is cut by the view's real edge, so it is not fully in view. ``cut``: console pixels a
        cell may miss at each side (left, top, right, bottom) and still count, where no black
        bar is (:func:`_board_read`: :data:`CUT_READ`)."""
        h, w = self.pixels.shape[:2]
        left, top, right, bottom = black_margins(self.pixels, self.placement.tile)
        more = [side if bar == 0 else 0 for side, bar in zip(cut, (left, top, right, bottom))]
        cx, cy = self.camera
        shown = Placement((cx + left - more[0], cy + top - more[1]), self.placement.tile, 0.0,
                          0.0)
        return shown.full_cells((room.rows + 2, room.cols + 2),
                                (w - left - right + more[0] + more[2],
                                 h - top - bottom + more[1] + more[3]))

    def shown(self) -> tuple[int, int, int, int]:
        """The room pixels the screenshot shows of the view, ``(x0, y0, x1, y1)``, end
        exclusive: the view's pixels less a black bar the picture was placed over. The
        console's whole view (:attr:`ScreenLayout.view_tiles`) holds them, wherever the
        screenshot's edge cuts it."""
        h, w = self.pixels.shape[:2]
        left, top, right, bottom = black_margins(self.pixels, self.placement.tile)
        cx, cy = self.camera
        return cx + left, cy + top, cx + w - right, cy + h - bottom

    def tile(self, r: int, c: int) -> np.ndarray:
        """The tile of room cell ``(r, c)`` (walls included), ``tile_px`` square; a line of it
        past the view's edge (a cell cut by a console pixel, :data:`CUT_READ`) is the
        nearest line shown repeated."""
        t = self.placement.tile
        h, w = self.pixels.shape[:2]
        x, y = c * t - self.camera[0], r * t - self.camera[1]
        if 0 <= x and x + t <= w and 0 <= y and y + t <= h:
            return self.pixels[y : y + t, x : x + t]
        ys = np.clip(np.arange(y, y + t), 0, h - 1)
        xs = np.clip(np.arange(x, x + t), 0, w - 1)
        return self.pixels[np.ix_(ys, xs)]


BAR_BLACK = 40  # a console pixel no channel of which is brighter: an emulator's black bar


def black_margins(pixels: np.ndarray, tile: int) -> tuple[int, int, int, int]:
    """How many whole console columns and rows at each edge of a view (left, top, right,
    bottom) are black from end to end: an emulator's bar the picture's place reaches into
    (a picture cut by the view's edge is placed to show the most cells, and a bar beside it
    looks like more picture). At most a tile less one pixel on each side: the room's own
    tiles are never black across the whole view, and a placement off by a whole tile does
    not fit the room."""
    dark = pixels.max(axis=2) <= BAR_BLACK if pixels.ndim == 3 else pixels <= BAR_BLACK
    if dark.size == 0:
        return 0, 0, 0, 0
    columns, rows = dark.all(axis=0), dark.all(axis=1)

    def run(flags: np.ndarray) -> int:
        n = 0
        while n < min(tile - 1, len(flags) - 1) and flags[n]:
            n += 1
        return n

    return run(columns), run(rows), run(columns[::-1]), run(rows[::-1])


def screen_from_corners(corners: Sequence[tuple[float, float]],
                        layout: ScreenLayout = GBC) -> Screen:
    """The screen whose outer corners (the whole picture, status bar included) the player
    marked: top-left, top-right, bottom-right, bottom-left, in pixels."""
    xs = [float(x) for x, _ in corners]
    ys = [float(y) for _, y in corners]
    width, height = max(xs) - min(xs), max(ys) - min(ys)
    pitch = (width / layout.tiles_wide + height / layout.tiles_high) / 2
    if pitch < 4:
        raise InputError("the corners mark a picture too small for a tile screen")
    return Screen(min(xs), min(ys), pitch, layout)


def _views_by_kinds(image: np.ndarray, room: Room, layout: ScreenLayout,
                    screen: Screen | None = None, keep: int = 1, stage: int = 0,
                    refine: bool = True) -> list[View]:
    """The view placed by the room's kinds (the ``keep`` best distinct places) at each pitch
    the picture repeats at (or on the ``screen`` given), best first; ``stage`` 1: on the
    pictures :func:`more_screens` finds (cut by the screenshot's edge, or not square);
    ``refine`` false: each camera the first pass's (:func:`_refined_view` later, on the
    few views kept)."""
    out = []
    screens: Iterable[Screen]
    if screen is not None:
        screens = [screen]
    elif stage == 0:
        screens = (found for pitch in pitch_candidates(image, layout)
                   for found in find_screens(image, layout, pitch))
    else:
        screens = more_screens(image, layout)
    for found in screens:
        view = found.native_view(image)
        try:
            placements = kind_candidates(view, room.kinds(), layout.tile_px, keep, refine)
        except ValueError:
            continue
        out += [View(found, view, placement) for placement in placements]
    out.sort(key=lambda v: v.placement.cost)
    return out


# -- calibration ----------------------------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class RoomCalibration:
    """A calibrated pack, and what the player should know about it."""

    pack: TemplatePack
    lines: tuple[str, ...]
    views: tuple[View, ...]
    missing: tuple[str, ...] = ()


#: Asked about a screenshot (its name and picture) when no place in the room fits its screen
#: as found at its own pixels: raises :class:`InputError` when it shows something that is
#: not a view of the room (a whole board of another size, read as ``analyze`` reads it).
ShownCheck = Callable[[str, np.ndarray], None]


def calibrate_room(images: Sequence[tuple[str, np.ndarray]], room: Room, skin: str,
                   layout: ScreenLayout = GBC, screen: Screen | None = None,
                   shown: ShownCheck | None = None) -> RoomCalibration:
    """Learn a room pack from screenshots of the room (see the module docstring); ``screen``
    is the first screenshot's screen when the player marked it (:func:`screen_from_corners`).
    ``shown`` (:data:`ShownCheck`) is asked before the costlier searches (a picture cut by
    the screenshot's edge or stretched, a display's grid evened out: 17 CPU s on the bundled
    8x6 board's screenshot given Hero's Cave) once the plain one found no place.

    Raises :class:`InputError` naming the screenshot when its screen or its place in the room
    cannot be found, or when the floor's looks cannot be told apart."""
    views: list[View] = []
    images = [(name, without_scanlines(image)) for name, image in images]
    grid = False
    for index, (name, image) in enumerate(images):
        given = screen if index == 0 else None
        doubt = (lambda named=name, picture=image: shown(named, picture)) if shown else None
        chosen, any_found = _calibration_view(image, room, layout, skin, given, doubt)
        source = image  # the picture the chosen view's pixels are of
        if chosen is None and given is None:
            # A pattern at every console pixel (an LCD grid's lines, a CRT's dark row edges)
            # may hide the tiles' own repeats: each console pixel evened out to its middle.
            for way in evenings(image)[:EVENINGS]:
                even = evened(image, way)
                chosen, found = _calibration_view(even, room, layout, skin, nearby=False)
                any_found = any_found or found
                if chosen is not None:
                    chosen, grid = _plain_widest(chosen, image, room, layout, skin)
                    if grid and not _at_console_pixel(way, chosen.screen):
                        chosen, grid = _as_shown(chosen, image, room, layout, skin)
                    source = even if grid else image
                    break
        if not any_found:
            raise InputError(f"{name}: no tile screen found (a {layout.tiles_wide}x"
                             f"{layout.tiles_high}-tile picture, status bar on top)")
        if chosen is None:
            raise InputError(f"{name}: the view's place in the room is unclear (two places "
                             "fit its blocked tiles and walls as well, or its tiles do not "
                             "repeat clearly). Take the screenshot again: the whole emulator "
                             "window, nothing of the picture cut off by the screenshot's edge, "
                             "Link standing still (not mid-step) a dozen steps into the room "
                             "with statues or walls in view, and any LCD-grid or CRT filter "
                             "off while calibrating; or mark the picture's corners with "
                             "--corners X1,Y1,...,X4,Y4 (status bar included)")
        if given is None:
            chosen = _at_subpixel(chosen, source, room, layout, skin)
        views.append(_calibration_unghosted(chosen, room, layout, skin))
    return _learned(images, views, room, skin, layout, grid)


SUBPIXEL_STEPS = (-0.5, -0.375, -0.25, -0.125, 0.125, 0.25, 0.375, 0.5)  # console pixels
SUBPIXEL_GAIN = 0.05  # ... the share more of a view's tiles exactly alike a phase must make
SUBPIXEL_CONTRAST = 0.97  # ... keeping this share of the view's contrast (its pixels' spread)


def _at_subpixel(view: View, image: np.ndarray, room: Room, layout: ScreenLayout, skin: str
                 ) -> View:
    """``view`` (a calibration's, at its camera) or the same view with its screen moved by
    a fraction of a console pixel across, then down (:data:`SUBPIXEL_STEPS`), where clearly
    more of its tiles are exactly alike (:func:`exactness`, by :data:`SUBPIXEL_GAIN`) and
    the looks learned there place it there again, its tiles fitting them at least as well
    (:func:`_self_consistent`). A smoothed picture's corner is found from its repeats and
    edges to within a console pixel; looks learned off by part of one blend a strip of each
    tile's neighbours in, which later screenshots, found a little off another way, do not
    show: 150000 --widest all (cubic 3.5x, JPEG, scanlines), found 0.42 console pixels
    right and 0.3 low, refused every frame ("disagree on 20-33%"). A phase that samples a
    display's dark grid lines or CRT rows makes tiles alike by darkening them all: one
    losing the view's contrast (:data:`SUBPIXEL_CONTRAST`) is never taken (an LCD grid at
    3x, ghosted: moved 0.375 console pixels onto the lines, the later frames refused)."""
    kinds = room.kinds()
    t = layout.tile_px

    def at(dx: float, dy: float) -> tuple[tuple[float, float], View]:
        s = view.screen
        screen = replace(s, x=s.x + dx * s.native_scale, y=s.y + dy * s.native_scale_y)
        pixels = screen.native_view(image)
        return exactness(pixels, kinds, t, view.camera), View(screen, pixels, view.placement)

    start = exactness(view.pixels, kinds, t, view.camera)
    contrast = float(view.pixels.std())
    best = (start, view)
    shift = [0.0, 0.0]
    for axis in (0, 1):
        for step in SUBPIXEL_STEPS:
            moves = list(shift)
            moves[axis] = step
            found = at(moves[0], moves[1])
            if found[0] > best[0] and found[1].pixels.std() >= SUBPIXEL_CONTRAST * contrast:
                best, shift = found, moves
    if best[1] is view or best[0][0] < start[0] + SUBPIXEL_GAIN:
        return view
    fit = _self_consistent(view, room, layout, skin)
    moved_fit = _self_consistent(best[1], room, layout, skin)
    if moved_fit is None or (fit is not None and moved_fit.cost > fit.cost):
        return view
    return best[1]


GHOST_GAIN = 0.05  # un-ghosting must make this much more of a calibration view's tiles exact
CALIBRATION_STRENGTHS = (0.25, 0.35)  # the shares of the frame before tried in calibration
#: The cameras tried for an un-ghosted view go this much past the move either way: a blend
#: is alike even a pixel or two beyond both frames' places (3 pixels off, only wrong
#: undoings were tried, one 76% of the pixels off placed and kept: later frames refused).
CAMERA_SLACK = 2


def _calibration_unghosted(view: View, room: Room, layout: ScreenLayout, skin: str) -> View:
    """``view``, or its pixels with LCD ghosting undone (:func:`unghost`) when that makes
    clearly more of its tiles exactly alike (:func:`exactness`, by :data:`GHOST_GAIN`) and
    the looks learned from them place it there again (:func:`_self_consistent`). Looks
    learned from a ghosted view hold the frame before's blend, which a later frame,
    ghosted another way or not at all, does not show: 99300's case 3 (ghosting 34%, the
    view 3 pixels further down the frame before) refused every later screenshot. The view
    may also have been placed where the frame before was, or between: the blend of two
    pictures a few pixels apart is alike there too, or a little beyond both, so each move
    is tried with the camera moved along it by as much and :data:`CAMERA_SLACK` more
    either way."""
    kinds = room.kinds()
    t = layout.tile_px
    h, w = view.pixels.shape[:2]
    xs, ys = range(kinds.shape[1] * t - w + 1), range(kinds.shape[0] * t - h + 1)
    raw = exactness(view.pixels, kinds, t, view.camera)
    if raw[0] + GHOST_GAIN > 1.0:
        return view  # nothing to gain
    best: tuple[tuple[float, float], np.ndarray, tuple[int, int]] | None = None
    for shift in GHOST_SHIFTS:
        reach = max(abs(shift[0]), abs(shift[1]))
        unit = (int(np.sign(shift[0])), int(np.sign(shift[1])))
        cameras = [(view.camera[0] + k * unit[0], view.camera[1] + k * unit[1])
                   for k in range(-reach - CAMERA_SLACK, reach + CAMERA_SLACK + 1)]
        cameras = [c for c in cameras if c[0] in xs and c[1] in ys]
        for strength in CALIBRATION_STRENGTHS:
            clean = unghost(view.pixels, shift, strength)
            for camera, score in zip(cameras, exactness_each(clean, kinds, t, cameras)):
                if best is None or score > best[0]:
                    best = (score, clean, camera)
    if best is None or best[0][0] < raw[0] + GHOST_GAIN:
        return view
    _, clean, camera = best
    p = view.placement
    candidate = View(view.screen, clean, Placement(camera, p.tile, p.cost, p.runner_up))
    if _self_consistent(candidate, room, layout, skin) is None:
        return view
    return candidate


def _calibration_view(image: np.ndarray, room: Room, layout: ScreenLayout, skin: str,
                      screen: Screen | None = None, doubt: Callable[[], None] | None = None,
                      nearby: bool = True) -> tuple[View | None, bool]:
    """The view of one calibration screenshot (``None``: no place fits) and whether any tile
    screen was found at all. First the whole picture at square pixels; then, unless a place
    fits well, a picture cut by the screenshot's edge or stretched one way
    (:func:`more_screens`; a whole picture found squeezed a little fits only roughly).
    ``doubt`` is called before that second search when the first found no place.
    ``nearby``: a whole picture's place that fits not is tried a pixel or two off
    (:func:`_nearby_fit`); not on a picture evened out (:func:`evened`): there every place
    cuts the same whole evened blocks, so where the looks fit their own tiles best says not
    where the picture shown is. 150002 --wider (an LCD grid, letterboxed): evened, a view 3
    screen pixels low moved 2 console pixels across fitted its looks at 0.024 and won over
    the one found before (0.055); later set half a console pixel off by :func:`_at_subpixel`,
    every frame read a pixel left (7 cells ``?`` each)."""
    best: tuple[float, View] | None = None
    any_found = False
    for stage in (0, 1) if screen is None else (0,):
        if stage and best is None and doubt is not None:
            doubt()
        # (stage 1 finds hundreds of places, of which CHECKED are kept: each is set at its
        # pixel once kept, which is what costs, not before; 127018's calibration: 41 s ->
        # 23 s of CPU)
        found = _views_by_kinds(image, room, layout, screen, keep=3, stage=stage,
                                refine=not stage)
        any_found = any_found or bool(found)
        if stage:  # the places most alike over the whole view first (:func:`_whole_view_cost`)
            # and the picture filling the screenshot stretched (:func:`_filling_stretched`)
            # checked beside them, taking none of their places: where it is not kept, the
            # calibration is as it was
            filling = _filling_stretched(image.shape, layout)
            ranked = _per_screen(sorted(found, key=lambda v: _whole_view_cost(v.placement.cost,
                                                                              v)))
            found = [_refined_view(v, room) for v in
                     [v for v in ranked if v.screen != filling][:CHECKED]
                     + [v for v in ranked if v.screen == filling][:1]]
        chosen = _chosen(found, room, layout, skin, nearby=nearby and not stage)
        if chosen is not None and (best is None or chosen[0] < best[0]):
            best = chosen
        if best is not None and best[0] <= GOOD_FIT:
            break
    return (best[1] if best is not None else None), any_found


def _plain_widest(chosen: View, image: np.ndarray, room: Room, layout: ScreenLayout,
                  skin: str) -> tuple[View, bool]:
    """A view found on a picture evened out at every console pixel (``chosen``) and whether
    it is kept so (``True``), or, when it is taken to be cut by the screenshot's edge, its
    mapping moved to the edges on the picture as it is (:func:`_calibration_widest`) when
    that fits better: a pattern two console pixels wide (a blurred floor's) is taken for a
    display's grid, and the evened picture's pixels no longer fit the place where the
    picture is whole (141000 case 0)."""
    if not any(chosen.screen.clip):
        return chosen, True
    fit = _self_consistent(chosen, room, layout, skin)
    if fit is None:
        return chosen, True
    view = _calibration_widest(chosen, fit.cost, image, room, layout, skin)
    return view, view is chosen


def _at_console_pixel(way: tuple[ConsoleGrid, ...], screen: Screen) -> bool:
    """Whether every pattern of ``way`` (an evening out, :func:`evened`) repeats at the
    console pixel of ``screen`` (within :data:`GRID_REACH`): a display's grid or CRT rows,
    not a tile design's pattern a few console pixels wide."""
    size = {1: screen.native_scale, 0: screen.native_scale_y}
    return all(abs(g.period - size[g.axis]) <= GRID_REACH * size[g.axis] for g in way)


def _as_shown(chosen: View, image: np.ndarray, room: Room, layout: ScreenLayout, skin: str
              ) -> tuple[View, bool]:
    """A calibration view found on a picture evened out at a pattern that is not the console
    pixel's (``chosen``: :func:`_at_console_pixel` false) and whether it is kept so
    (``True``), or the same screen and place with the picture's own pixels when the looks
    learned from those place it there again (:func:`_self_consistent`). Reading evens a
    picture out only at the console pixel (:func:`_evenings_at`), so looks learned from a
    picture evened at two console pixels meet only pictures as they are: 147012 --wider
    (lanczos 2.5x, JPEG 59, a floor pattern every 5 screenshot pixels taken for a grid)
    learned its looks a console pixel pair at a time, and its three frames were refused
    (their tiles 11-21% off the room)."""
    pixels = chosen.screen.native_view(image)
    try:
        view = _refined_view(View(chosen.screen, pixels, chosen.placement), room)
    except ValueError:
        return chosen, True
    if _self_consistent(view, room, layout, skin) is None:
        return chosen, True
    return view, False


def _calibration_widest(chosen: View, cost: float, image: np.ndarray, room: Room,
                        layout: ScreenLayout, skin: str) -> View:
    """A calibration view taken to be cut by the screenshot's edge (``chosen``, its tiles
    fitting the looks learned from it at ``cost``), or the same mapping moved to the
    screenshot's edges (:func:`_moved_views`, the camera moved as much, then set at its
    pixel) when the looks learned there place it there again (:func:`_self_consistent`),
    its own tiles fit them at least as well, and it fits better over the whole view
    (:func:`_whole_view_cost`). Reading widens a cut view so (:func:`_widest`); calibration
    did not: 141000 case 0 (the picture cut 26 px on the left, blurred 3.1x, a floor
    repeating every 8 console pixels) was placed 15 console pixels low and taken as cut 17
    pixels at the bottom, its looks learned with a strip of the floor beside each statue,
    and every later screenshot refused (moved: its tiles cost 0.02 where they cost 0.06).
    Over the whole view alone, a moved view showing more tiles wins by the cut part's
    charge though its tiles fit worse: 140030 (EPX, cut 10 px at the bottom) was moved 1
    console pixel up (its tiles 0.025 where they cost 0.018), learned off by that pixel, and
    a frame read 63 cells ``?``."""
    best = (_whole_view_cost(cost, chosen), chosen)
    shape = (room.rows + 2, room.cols + 2)
    p = chosen.placement
    for _cells, screen, camera in _moved_views(chosen, image, shape)[:WIDER_TRIED]:
        pixels = screen.native_view(image)
        try:
            moved_view = _refined_view(View(screen, pixels, Placement(camera, p.tile, p.cost,
                                                                      p.runner_up)), room)
        except ValueError:
            continue
        fit = _self_consistent(moved_view, room, layout, skin)
        if fit is None or fit.cost > cost:
            continue
        whole = _whole_view_cost(fit.cost, moved_view)
        if whole < best[0]:
            best = (whole, moved_view)
    return best[1]


def _refined_view(view: View, room: Room) -> View:
    """``view`` with its camera set at the pixel (:func:`~gridsight.vision.mapview.refined`)."""
    return View(view.screen, view.pixels, refined(view.pixels, room.kinds(), view.placement))


def _chosen(views: Iterable[View], room: Room, layout: ScreenLayout, skin: str,
            nearby: bool = False) -> tuple[float, View] | None:
    """Of the places the kinds suggest, the one a calibration keeps, and its cost over the
    whole view (:func:`_whole_view_cost`; ``None``: none fits). Each is tried: the looks
    learned there must place the view there again, clearly ahead of anywhere else
    (:func:`_self_consistent`); of those, the one fitting best over the whole view, so a
    picture taken to be cut deeper than it is, fitting its fewer tiles as well, loses to
    the one showing more. ``nearby``: a place that does not fit is tried at the cameras
    :data:`NEARBY` console pixels across or down from it (:func:`_nearby_fit`) when the looks
    learned there place it there again, clearly ahead, fitting too loosely only, and no
    worse than a ghosted frame may (:data:`GHOST_REACH`): a place at a wrong pitch (fitting
    at 0.4-0.9) or one its own looks move elsewhere is no ghosted one a pixel or two off
    (each try learns looks: 8 more per place; 150002 --wider tried 26 such places). Only
    when no place fits as it is: 163017 tried them beside a place that fit (46 looks
    learned where main learned 15)."""
    best: tuple[float, View] | None = None
    loose: list[View] = []
    pointed: list[tuple[float, View]] = []
    for view in views:
        own = _own_fit(view, room, layout, skin)
        if own is not None and _consistent(own, view):
            cost = _whole_view_cost(own.cost, view)
            if best is None or cost < best[0]:
                best = (cost, view)
        elif nearby and own is not None and own.camera == view.camera \
                and own.margin >= MIN_LEAD and own.cost <= GHOST_REACH:
            loose.append(view)
        if own is not None and own.camera != view.camera:
            pointed.append((own.cost, View(view.screen, view.pixels, own)))
    if best is not None:
        return best
    for view in loose:
        moved, fit = _nearby_fit(view, room, layout, skin)
        if fit is None:
            continue
        cost = _whole_view_cost(fit.cost, moved)
        if best is None or cost < best[0]:
            best = (cost, moved)
    return best if best is not None else _pointed_fit(pointed, room, layout, skin)


POINTED_TRIED = 3  # the places a calibration's looks point to that are tried, at most


def _pointed_fit(pointed: list[tuple[float, View]], room: Room, layout: ScreenLayout,
                 skin: str) -> tuple[float, View] | None:
    """Of the places the looks learned at a suggested place put its view elsewhere
    (``pointed``: each view at the camera its own looks chose, with their cost), the one
    whose own looks place it there again (:func:`_self_consistent`) fitting best over the
    whole view, its cost so; the :data:`POINTED_TRIED` fitting their pointer's looks best
    tried, each camera once (``None``: none fits). Asked only when no place suggested fits:
    the room's kinds read off a blurred, JPEG'd picture may suggest no place near the
    truth, while looks learned at a wrong place still match the room's tiles where they are.
    172005 ``--widest all`` (3.46x EPX, CRT 0.25, JPEG 54, Link mid-step, the view at the
    room's left wall): the kinds suggested three places 0.81 off; the looks learned at one
    of them placed the view at the truth (0, 48), where the looks learned there fit its
    tiles at 0.018, every other place 0.17 worse; refused, every frame ``?``."""
    best: tuple[float, View] | None = None
    tried: set[tuple[Screen, tuple[int, int]]] = set()
    for _cost, view in sorted(pointed, key=lambda item: item[0]):
        if len(tried) == POINTED_TRIED:
            break
        if (view.screen, view.camera) in tried:
            continue
        tried.add((view.screen, view.camera))
        fit = _self_consistent(view, room, layout, skin)
        if fit is None:
            continue
        cost = _whole_view_cost(fit.cost, view)
        if best is None or cost < best[0]:
            best = (cost, view)
    return best


NEARBY = (-2, -1, 1, 2)  # console pixels a whole picture's place is moved when it fits not


def _nearby_fit(view: View, room: Room, layout: ScreenLayout, skin: str
                ) -> tuple[View, Placement | None]:
    """``view`` (which :func:`_self_consistent` refused) moved :data:`NEARBY` console
    pixels across, then down (from the best across), each place's looks learned there; the
    one whose tiles fit their own looks best, if it is self-consistent. A ghosted picture's
    tiles are most alike where the frame before's blend lines up (:func:`refined`): 167003
    --wider (3.13x cubic, ghosting 33%, gamma 0.76) was set 2 console pixels right of its
    place, its looks fitting its tiles at 0.112 (refused) where they fit at 0.024; then
    only a picture evened out was placed, 42 console pixels low, and every frame refused."""
    best: tuple[View, Placement | None] = (view, None)
    kinds, t = room.kinds(), layout.tile_px
    h, w = view.pixels.shape[:2]
    xs, ys = range(kinds.shape[1] * t - w + 1), range(kinds.shape[0] * t - h + 1)
    for axis in (0, 1):
        start = best[0]
        for step in NEARBY:
            x, y = start.camera
            camera = (x + step, y) if axis == 0 else (x, y + step)
            p = start.placement
            moved_view = View(start.screen, start.pixels,
                              Placement(camera, p.tile, p.cost, p.runner_up))
            if camera[0] not in xs or camera[1] not in ys:
                continue
            fit = _self_consistent(moved_view, room, layout, skin)
            if fit is not None and (best[1] is None or fit.cost < best[1].cost):
                best = (moved_view, fit)
    return best


def _per_screen(views: list[View]) -> list[View]:
    """The best view of each screen, then the rest, each in the order given."""
    firsts: list[View] = []
    rest: list[View] = []
    for view in views:
        (rest if any(view.screen == v.screen for v in firsts) else firsts).append(view)
    return firsts + rest


def _hidden_share(view: View) -> float:
    """The share of the view cut off by the screenshot's edge."""
    wide, high = view.screen.layout.view_tiles
    t = view.screen.layout.tile_px
    return 1.0 - view.pixels.shape[0] * view.pixels.shape[1] / (wide * high * t * t)


#: What the part of a view cut off by under a tile at each side costs over the whole view
#: (:func:`_whole_view_cost`), a share of its tiles: half a tile read as nothing.
SHAVED_COST = 0.5 * UNREAD_COST


def _whole_view_cost(cost: float, view: View) -> float:
    """A place's cost over the whole view (calibration's :func:`_chosen`, reading's
    :func:`_rank`): ``cost`` (the mean over the tiles in the screenshot,
    :func:`place_by_looks`) on the part shown, and the part it takes to be cut off by the
    screenshot's edge charged as tiles read as nothing
    (:data:`~gridsight.vision.mapview.UNREAD_COST`). A picture placed a whole number of
    tiles off, so that more of it is taken to be cut off, maps the screenshot to the room
    the same way and fits its fewer tiles as well or better (99700 case 0, cut 1.1
    console pixels on the left: a place 127 pixels to the right, 21% of its view taken
    as cut off, fitted with no conflict and won; calibration learned from it saw no
    Link). Each tile it leaves unexplained now costs what a tile read as nothing costs, so
    such a place wins only when the tiles the other shows cost more than that (a view
    over the window's margin or a status bar does; a right one, a sprite or two, not)."""
    hidden = _hidden_share(view)
    shaved = max(view.screen.clip) < view.screen.layout.tile_px
    return cost * (1.0 - hidden) + (SHAVED_COST if shaved else UNREAD_COST) * hidden


def _self_consistent(view: View, room: Room, layout: ScreenLayout,
                     skin: str) -> Placement | None:
    """The placement by the looks learned from ``view``, if it is where ``view`` was placed,
    its tiles agreeing with the room and clearly ahead of any other place (a view placed a
    tile off, or found at a wrong pitch, is not); else ``None``."""
    placement = _own_fit(view, room, layout, skin)
    return placement if placement is not None and _consistent(placement, view) else None


def _own_fit(view: View, room: Room, layout: ScreenLayout, skin: str) -> Placement | None:
    """The placement of ``view`` by the looks learned from it (``None``: none learned)."""
    try:
        pack = _learned([("", view.pixels)], [view], room, skin, layout).pack
    except InputError:
        return None
    looks = looks_of(pack)
    kinds = room.kinds()
    placement, reads = place_by_looks(view.pixels, kinds, looks, anchor=pack.anchor.image,
                                      known=_known(pack, layout))
    if any(view.screen.clip):
        return placement
    unseen = {NOT_STEPPED, STEPPED} - set(looks.names)
    sprites = _sprites_excused(placement, reads, view.pixels, kinds, looks, unseen)
    return _picture_excused(placement, reads, sprites=sprites)[0] if sprites else placement


def _consistent(placement: Placement, view: View) -> bool:
    """Whether the looks learned from ``view`` place it (``placement``) where it was, its
    tiles agreeing with the room and clearly ahead of any other place. Its floor tiles a
    sprite covers part of (:func:`_sprites_excused`, on a view the screenshot's edge does
    not cut) are not held against it, as reading does not hold them (:func:`_read_cost`):
    175304 ``--widest all`` (5.57x heavy blur, colour correction -0.96, JPEG 70), three
    enemies of a tile and a half over seven floor tiles and a statue, the right screen
    and camera fitted their own looks at 0.074 (0.057 of it the sprites', the next place
    0.141 worse); calibration refused, every frame ``?``."""
    cost = placement.cost - (placement.sprites if isinstance(placement, SharedMisfit) else 0.0)
    return placement.camera == view.camera and cost <= MAX_CONFLICTS \
        and placement.margin >= MIN_LEAD


def _known(pack: TemplatePack, layout: ScreenLayout) -> np.ndarray:
    """Which room cells' looks the pack's anchor holds."""
    t = layout.tile_px
    mask = pack.anchor.mask
    rows, cols = mask.shape[0] // t, mask.shape[1] // t
    return mask[t // 2 :: t, t // 2 :: t][:rows, :cols] > 0


def _learned(images, views: list[View], room: Room, skin: str,
             layout: ScreenLayout, grid: bool = False) -> RoomCalibration:
    """The pack learned from views already placed in the room (``grid``: found on a picture
    evened out at every console pixel, so reading tries that first)."""
    t = layout.tile_px
    kinds = room.kinds()
    floor_tiles: list[np.ndarray] = []
    floor_cells: list[tuple[int, int, int]] = []
    block_tiles: list[np.ndarray] = []
    wall_tiles: list[np.ndarray] = []
    anchor = np.zeros(((room.rows + 2) * t, (room.cols + 2) * t, 3), np.uint8)
    known = np.zeros((room.rows + 2, room.cols + 2), bool)
    for k, view in enumerate(views):
        (r0, r1), (c0, c1) = view.cells(room)
        for r in range(r0, r1 + 1):
            for c in range(c0, c1 + 1):
                tile = view.tile(r, c)
                kind = kinds[r, c]
                if kind == FLOOR:
                    floor_tiles.append(tile)
                    floor_cells.append((k, r, c))
                else:
                    (block_tiles if kind == BLOCK else wall_tiles).append(tile)
                    if not known[r, c]:
                        anchor[r * t : (r + 1) * t, c * t : (c + 1) * t] = tile
                        known[r, c] = True
    states, notes, missing = _floor_states(floor_tiles, floor_cells, room, views)
    templates: list[Template] = []
    for label, images_of in states.items():
        for i, image in enumerate(images_of):
            templates.append(Template(label, f"{label}-{i}", image))
    for i, image in enumerate(_distinct(block_tiles)):
        templates.append(Template(BLOCK_LABEL, f"block-{i}", image))
    for i, image in enumerate(_distinct(wall_tiles)):
        templates.append(Template(WALL_LABEL, f"wall-{i}", image))
    mask = np.zeros(anchor.shape[:2], np.uint8)
    for (r, c), seen in np.ndenumerate(known):
        if seen:
            mask[r * t : (r + 1) * t, c * t : (c + 1) * t] = 255
    pitch = float(np.median([v.screen.pitch for v in views]))
    pitch_y = float(np.median([v.screen.pitch_down for v in views]))
    stretched = {"pitch_y": round(pitch_y, 3)} if abs(pitch_y - pitch) > 0.03 * pitch else {}
    pack = TemplatePack(
        game="tile-path", skin=skin, cell_size=(t, t), rows=room.rows, cols=room.cols,
        templates=tuple(templates), anchor=Anchor(anchor, mask, 1.0),
        label_info={NOT_STEPPED: {"kind": "floor"}, STEPPED: {"kind": "floor"},
                    LINK: {"kind": "floor"}, BLOCK_LABEL: {"kind": "block"},
                    WALL_LABEL: {"kind": "wall"}},
        layout={"room": room.lines(), "pitch": round(pitch, 3), **stretched,
                **({"console_grid": True} if grid else {}),
                "tile_screen": {"tiles_wide": layout.tiles_wide, "tiles_high": layout.tiles_high,
                           "bar_top": layout.bar_top, "bar_bottom": layout.bar_bottom,
                           "tile_px": layout.tile_px}},
    )
    lines = []
    for (name, _), view in zip(images, views):
        (r0, r1), (c0, c1) = view.cells(room)
        scale = f"{view.screen.native_scale:.2f}x"
        if abs(view.screen.native_scale_y - view.screen.native_scale) > \
                0.03 * view.screen.native_scale:
            scale += f" across by {view.screen.native_scale_y:.2f}x down"
        if any(view.screen.clip):
            scale += " (cut by the screenshot's edge)"
        lines.append(f"{name}: screen at ({view.screen.x:.0f}, {view.screen.y:.0f}), "
                     f"{scale}; view at room pixel {view.camera}, "
                     f"board rows {max(r0, 1)}-{min(r1, room.rows)}, columns "
                     f"{max(c0, 1)}-{min(c1, room.cols)} in full")
    lines += notes
    return RoomCalibration(pack, tuple(lines), tuple(views), tuple(missing))


STATE_SATURATION = 0.18  # a floor tile's typical colour this saturated names its state
PALE_SATURATION = 0.08  # ... or this saturated, in a calibration view none of whose floor
PALE_TILES = 3  # ... tiles names a state, when this many alike tiles name it so


def _hue_name(colour: np.ndarray, least: float = STATE_SATURATION) -> str | None:
    """The floor state a tile's typical colour names: blue, red or yellow (``None``: none),
    when it is saturated at least ``least`` (0..1)."""
    pixel = np.clip(np.asarray(colour, np.float64), 0, 255).astype(np.uint8).reshape(1, 1, 3)
    hsv = cv2.cvtColor(pixel, cv2.COLOR_BGR2HSV)[0, 0]
    hue, sat = float(hsv[0]) * 2, float(hsv[1]) / 255
    if sat < least:
        return None
    if 170 <= hue <= 270:
        return NOT_STEPPED
    if _red(hue, sat):
        return STEPPED
    if 30 <= hue <= 75:
        return LINK
    return None


def _red(hue: float | np.ndarray, sat: float | np.ndarray) -> bool | np.ndarray:
    """Whether a hue (degrees) and saturation (0..1), or arrays of them, are the stepped
    floor's red."""
    return ((hue >= 320) | (hue <= 25)) & (sat >= STATE_SATURATION)


def _yellow_share(tile: np.ndarray) -> float:
    hsv = cv2.cvtColor(tile, cv2.COLOR_BGR2HSV).reshape(-1, 3).astype(np.float32)
    hue = hsv[:, 0] * 2
    return float(((hue >= 30) & (hue <= 75) & (hsv[:, 1] >= 64) & (hsv[:, 2] >= 80)).mean())


def _floor_states(tiles, cells, room: Room, views) -> tuple[dict, list[str], list[str]]:
    """The floor's looks by state: the not-stepped and stepped tiles grouped by colour, and
    Link's yellow tile rebuilt from the not-stepped design in its visible colours."""
    notes: list[str] = []
    missing: list[str] = []
    if not tiles:
        raise InputError("no floor tile fully in view in the screenshot(s)")
    stack = np.stack(tiles).astype(np.int16)
    yellow = np.array([_yellow_share(tile) for tile in tiles])
    link_index = int(np.argmax(yellow))
    if yellow[link_index] < 0.12:
        link_index = -1
    groups: dict[str, list[int]] = {NOT_STEPPED: [], STEPPED: []}
    medians = np.median(stack.reshape(len(tiles), -1, 3), axis=1)
    for i in range(len(tiles)):
        if i == link_index:
            continue
        name = _hue_name(medians[i])
        if name in groups:
            groups[name].append(i)
    looks: dict[str, list[np.ndarray]] = {}
    for state, members in groups.items():
        if members:
            looks[state] = [np.median(stack[_alike(stack, members)], axis=0).astype(np.uint8)]
    for state, members in _pale_groups(stack, medians, groups, link_index).items():
        looks[state] = [np.median(stack[members], axis=0).astype(np.uint8)]
    base = looks.get(NOT_STEPPED, looks.get(STEPPED))
    if link_index >= 0 and base is not None:
        looks[LINK] = [_recoloured(base[0], tiles[link_index])]
    for state in (NOT_STEPPED, STEPPED, LINK):
        if state not in looks:
            missing.append(state)
            notes.append(f"warning: no {STATE_WORDS[state]} tile was seen: such tiles will "
                         "read as unknown (?) until you calibrate with a screenshot showing one "
                         "(Link standing a dozen steps into the room, red tiles behind him)")
    return looks, notes, missing


def _alike(stack: np.ndarray, members: list[int], strict: bool = False) -> list[int]:
    """The tiles of a state alike: those close to the members' median (a sprite over one
    tile does not make a look), or (not ``strict``) all the members when none is."""
    median = np.median(stack[members], axis=0)
    close = [i for i in members
             if (np.abs(stack[i] - median).max(axis=2) <= 40).mean() >= 0.9]
    return close if close or strict else members


def _pale_groups(stack: np.ndarray, medians: np.ndarray, groups: dict[str, list[int]],
                 link_index: int) -> dict[str, list[int]]:
    """The floor tiles of the states no tile named (``groups``: the tiles named at
    :data:`STATE_SATURATION`) named at :data:`PALE_SATURATION`, each state's tiles alike
    (:func:`_alike`) and :data:`PALE_TILES` or more of them; the other states none.

    Colour correction and gamma wash a picture out: 175503 ``--widest all`` (5.77x EPX
    blur, correction 0.57, gamma 0.64, JPEG 44) and 175507 (4.88x area, correction 0.99)
    showed their blue floor at saturation 0.15-0.16 and 0.13, their red at 0.24 and 0.54:
    no blue look was learned, the blue tiles read as a statue's look by half their pixels,
    the view fitted its own looks at 0.29 and calibration refused (every frame ``?``)."""
    named = {i for members in groups.values() for i in members}
    pale: dict[str, list[int]] = {}
    for i in range(len(stack)):
        if i == link_index or i in named:
            continue
        name = _hue_name(medians[i], PALE_SATURATION)
        if name in groups and not groups[name]:
            pale.setdefault(name, []).append(i)
    out = {}
    for state, members in pale.items():
        alike = _alike(stack, members, strict=True)
        if len(alike) >= PALE_TILES:
            out[state] = alike
    return out


MAP_ROUNDS = 4  # an affine colour map is fitted this many times, each on the pixels near
MAP_NEAR = 30  # ... the last: within this many levels on every channel


def _colour_map_fits(base: np.ndarray, target: np.ndarray, inliers: np.ndarray,
                     least: float) -> list[np.ndarray]:
    """The affine colour map taking ``base``'s pixels (N x 3) to ``target``'s, fitted on the
    ``inliers`` and then again on the pixels it maps within :data:`MAP_NEAR` of their target
    (a sprite over a tile left out): each round's mapped pixels, up to :data:`MAP_ROUNDS`,
    stopping before a round with fewer than ``least`` inliers."""
    design = np.c_[base, np.ones(len(base))]
    fits: list[np.ndarray] = []
    for _ in range(MAP_ROUNDS):
        if inliers.sum() < least:
            break
        coef, *_ = np.linalg.lstsq(design[inliers], target[inliers], rcond=None)
        fitted = design @ coef
        fits.append(fitted)
        inliers = np.abs(fitted - target).max(axis=1) <= MAP_NEAR
    return fits


def _recoloured(base: np.ndarray, target: np.ndarray) -> np.ndarray:
    """``base``'s design in ``target``'s colours: an affine colour map fitted on the pixels of
    ``target`` that look like its tile (yellow, and close to the map once fitted), so the
    sprite standing on it is left out.

    Two fits are tried: from every yellow pixel, and from those near their median colour
    (the tile's fill, most of what shows of it); the one whose map explains more of the
    tile's pixels (within :data:`MAP_NEAR`) is kept. Link's outline and shading are
    yellowish too under smoothing and JPEG: fitted on every yellow pixel, the first map
    was pulled towards them, the tile's own fill then fell outside it, and the look learned
    was a dull olive no later screenshot's yellow tile matched (fresh walk 131004: 2.9x
    xBR, JPEG 63, Link's tile ``?`` in every frame, and so the tiles he might have crossed
    ``?`` as well)."""
    b = base.reshape(-1, 3).astype(np.float64)
    y = target.reshape(-1, 3).astype(np.float64)
    hsv = cv2.cvtColor(target, cv2.COLOR_BGR2HSV).reshape(-1, 3).astype(np.float64)
    inliers = (hsv[:, 0] * 2 >= 30) & (hsv[:, 0] * 2 <= 80) & (hsv[:, 1] >= 50)
    fitted = None
    if inliers.any():
        fill = np.median(y[inliers], axis=0)
        near_fill = inliers & (np.abs(y - fill).max(axis=1) <= MAP_NEAR)
        value = hsv[:, 2]
        bright = inliers & (value >= np.median(value[inliers]))
        near_bright = inliers & (np.abs(y - np.median(y[bright], axis=0)).max(axis=1)
                                 <= MAP_NEAR)
        explained = -1
        for start in (inliers, near_fill, near_bright):
            fits = _colour_map_fits(b, y, start, 12)
            if not fits:
                continue
            count = int((np.abs(fits[-1] - y).max(axis=1) <= MAP_NEAR).sum())
            if count > explained:
                fitted, explained = fits[-1], count
    if fitted is None:
        colour = np.median(y[(hsv[:, 1] >= 50)], axis=0) if (hsv[:, 1] >= 50).any() \
            else np.median(y, axis=0)
        fitted = np.repeat(colour[None], len(y), axis=0)
    return np.clip(fitted, 0, 255).reshape(base.shape).astype(np.uint8)


def _distinct(tiles: list[np.ndarray], agree: float = 0.9) -> list[np.ndarray]:
    """The distinct looks among ``tiles``: each the median of the tiles like it."""
    groups: list[list[np.ndarray]] = []
    for tile in tiles:
        for group in groups:
            if (np.abs(tile.astype(np.int16) - group[0].astype(np.int16)).max(axis=2)
                    <= 40).mean() >= agree:
                group.append(tile)
                break
        else:
            groups.append([tile])
    return [np.median(np.stack(g), axis=0).astype(np.uint8) for g in groups]


# -- reading a screenshot ---------------------------------------------------------------------


def looks_of(pack: TemplatePack) -> Looks:
    kind_of = {"floor": FLOOR, "block": BLOCK, "wall": WALL}
    kinds = tuple(kind_of[str(pack.label_info.get(t.label, {}).get("kind", "floor"))]
                  for t in pack.templates)
    return Looks(np.stack([t.image for t in pack.templates]), kinds,
                 tuple(t.label for t in pack.templates))


@dataclass(frozen=True, eq=False)
class RoomRead:
    """A screenshot read through a room pack: the view, the board's cells (unknown out of
    view), and where things are."""

    view: View
    board: BoardRead
    cells: tuple[tuple[int, int], tuple[int, int]] | None  # board cells fully in view


def locate_view(image: np.ndarray, pack: TemplatePack) -> BoardRead:
    """The board read off ``image`` through a room pack (:func:`read_view`'s ``board``)."""
    return read_view(image, pack).board


def read_view(image: np.ndarray, pack: TemplatePack) -> RoomRead:
    """Find the screen and the view's place in the room, and read every board cell in view.

    Tries the pack's own pitch first, then every pitch the picture repeats at; keeps the
    placement whose tiles agree best with the room. Raises :class:`BoardNotFoundError` when
    no placement fits."""
    room = room_of(pack)
    if room is None:
        raise ValueError(f"{pack.name} is not a room pack")
    image = without_scanlines(image)
    looks = looks_of(pack)
    # A pack calibrated on a picture evened out at every console pixel (an LCD grid, CRT
    # rows) tries that first; any other, only when the picture as it is fits nowhere.
    grid = pack.layout.get("console_grid") is True
    best = None
    if not grid:
        best = _search(image, pack, room, looks)
    if best is None or not _fits(best):
        for way in _evenings_at(image, pack):
            found = _search(evened(image, way), pack, room, looks)
            if found is not None and (best is None or found[0] < best[0]):
                best = found
            if _fits(best):
                break
    if grid and (best is None or not _fits(best)):
        found = _search(image, pack, room, looks)
        if found is not None and (best is None or found[0] < best[0]):
            best = found
    if best is not None and not _fits(best) and best[0] <= GHOST_REACH:
        # LCD ghosting: the frame before blended in, the view a few pixels back.
        # Not kept at the same place where it is excused less: 168003 frame 0 (the sprites
        # over it excused, 0.034; undone, 0.093 for 0.095 but only 0.064 excused: refused).
        found = _unghosted(best[1], image, pack, room, looks)
        if found is not None and found[0] < best[0] \
                and not (found[1].camera == best[1].camera
                         and _read_cost(found[1]) > _read_cost(best[1])):
            best = found
    if best is None:
        raise BoardNotFoundError("tile-path", "no tile screen of the room's size found")
    cost, view = best
    if _read_cost(view) > MAX_CONFLICTS and not _alone(view):
        raise BoardNotFoundError("tile-path", f"the view does not fit the room (its tiles "
                                 f"disagree with the room on {_read_cost(view):.0%} of them)")
    if view.placement.margin < MIN_LEAD:
        raise BoardNotFoundError("tile-path", "the view's place in the room is ambiguous "
                                 "(another place fits its tiles nearly as well)")
    return _board_read(view, room, looks, pack, at_border(view, image.shape), image.shape)


NOISY_CONFLICTS = 0.08  # a view disagreeing this much is read when no other place is near
CLEAR_LEAD = 0.15  # ... every other place in the room disagreeing more by this much


def _alone(view: View) -> bool:
    """Whether a view just over :data:`MAX_CONFLICTS` (excused, :func:`_excused_cost`, up
    to :data:`NOISY_CONFLICTS`) is read all the same: its place is beyond doubt, every
    other place costing :data:`CLEAR_LEAD` more (155017 --wider frame 2: JPEG 25, CRT 0.19,
    ghosting 0.19, correction -0.53; the right screen and camera at 0.065 excused, the next
    place 0.177 worse; refused, 63 cells ``?``; read, all 63 right). Its cost is excused
    as :func:`read_view` excuses it, the floor tiles a sprite covers part of too (enemies
    may walk over tiles): 171002 --widest all frame 1 (an LCD grid 0.21, scanlines 0.39,
    JPEG 59, correction -0.77) cost 0.083, 0.081 less the shared misfit, 0.075 less its
    sprites too, the next place 0.188 worse; refused, 63 cells ``?``; read, all right."""
    return _read_cost(view) <= NOISY_CONFLICTS and view.placement.margin >= CLEAR_LEAD


def _read_cost(view: View) -> float:
    """What :func:`read_view` holds against the view it reads: its cost less the misfit all
    its tiles share, its walls of bricks never learned and its floor tiles a sprite covers
    part of (:func:`_shared`, :func:`_walls`, :func:`_sprites`)."""
    return view.placement.cost - _shared(view) - _walls(view) - _sprites(view)


GHOST_REACH = 0.4  # a view fitting this badly may be a ghosted frame (:func:`_unghosted`)
GHOST_SHIFTS = tuple((d, 0) for d in (-4, -3, -2, -1, 1, 2, 3, 4)) + \
    tuple((0, d) for d in (-4, -3, -2, -1, 1, 2, 3, 4))  # the view's moves between frames
GHOST_STRENGTHS = (0.15, 0.25, 0.35, 0.45)  # the share of the frame before tried
GHOST_PLACED = 3  # the un-ghostings placed (those whose tiles match the looks best)


def unghost(pixels: np.ndarray, shift: tuple[int, int], strength: float,
            rounds: int = 8) -> np.ndarray:
    """A console view with LCD ghosting undone: the frame shown is ``1 - strength`` of the
    view now plus ``strength`` of the frame before, the view then ``shift`` console pixels
    (x, y) further along (the camera follows Link as he walks). The view now is solved for
    by repeated substitution (each round shrinks the error by ``strength / (1 - strength)``);
    what the frame before showed past the view's edge is taken as shown now."""
    shown = pixels.astype(np.float32)
    now = shown.copy()
    dx, dy = shift
    for _ in range(rounds):
        before = np.roll(now, (-dy, -dx), axis=(0, 1))
        if dx > 0:
            before[:, -dx:] = shown[:, -dx:]
        elif dx < 0:
            before[:, :-dx] = shown[:, :-dx]
        if dy > 0:
            before[-dy:] = shown[-dy:]
        elif dy < 0:
            before[:-dy] = shown[:-dy]
        now = (shown - strength * before) / (1.0 - strength)
    return np.clip(now + 0.5, 0, 255).astype(np.uint8)


def _unghosted(view: View, image: np.ndarray, pack: TemplatePack, room: Room, looks: Looks
               ) -> tuple[float, View] | None:
    """``view``'s screen (placed, but not fitting the room) read as a ghosted frame
    (:func:`unghost`): every move of the view and share of the frame before in
    :data:`GHOST_SHIFTS` x :data:`GHOST_STRENGTHS` undone, the few whose tiles at the
    view's grid match the pack's looks best (every other pixel compared: a quick look)
    placed again, the best placement kept (its cost and view, the un-ghosted pixels;
    ``None`` if none could be placed), and on a picture cut by the screenshot's edge
    moved as :func:`_widest` moves it. It is then judged as any placement is: fitting the
    room, clearly ahead of any other place."""
    from gridsight.vision.mapview import read_tiles

    layout = layout_of(pack)
    t = layout.tile_px
    pixels = view.screen.native_view(image)
    phase = view.placement.phase
    quick = Looks(looks.images[:, ::2, ::2], looks.kinds, looks.names, looks.tolerance)
    scored = []
    for shift in GHOST_SHIFTS:
        for strength in GHOST_STRENGTHS:
            clean = unghost(pixels, shift, strength)
            tiles = tiles_at(clean, phase, t)[:, :, ::2, ::2]
            if tiles.size == 0:
                continue
            share = float(np.mean([r.share for r in read_tiles(tiles, quick)]))
            scored.append((-share, shift, strength, clean))
    scored.sort(key=lambda item: item[0])
    kinds = room.kinds()
    known = _known(pack, layout)
    unseen = {NOT_STEPPED, STEPPED} - set(looks.names)
    doorways = doorways_of(room)

    def placed_by(clean: np.ndarray) -> tuple[Placement, list]:
        placement, reads = place_by_looks(clean, kinds, looks, anchor=pack.anchor.image,
                                          known=known)
        return _picture_excused(placement, reads,
                                _walls_excused(placement, reads, clean, kinds, looks,
                                              doorways),
                                _sprites_excused(placement, reads, clean, kinds, looks,
                                                 unseen))

    best: tuple[float, View] | None = None
    undo = None
    for _, shift, strength, clean in scored[:GHOST_PLACED]:
        try:
            placement, reads = placed_by(clean)
        except ValueError:
            continue
        if unseen:
            placement = _excused(placement, reads, clean, kinds, unseen)
        if best is None or placement.cost < best[0]:
            best = (placement.cost, View(view.screen, clean, placement))
            undo = (shift, strength)
    if best is None or undo is None or not _fits(best) or not any(best[1].screen.clip):
        return best
    shift, strength = undo
    return _widest(best, image, room, placed_by, unseen,
                   lambda shown: unghost(shown, shift, strength))


GRID_REACH = 0.03  # a console pixel's pattern is at the pack's pitch within this share


def _evenings_at(image: np.ndarray, pack: TemplatePack) -> list[tuple[ConsoleGrid, ...]]:
    """The ways of evening out ``image`` (:func:`evenings`) whose periods are the console
    pixel of the pack's pitch (across, and down): a pattern at another period is a tile
    design's, not the display's, and searching again on it would only cost time (a
    screenshot refused would cost several searches)."""
    layout = layout_of(pack)
    pitch = _number(pack.layout.get("pitch"))
    pitch_y = _number(pack.layout.get("pitch_y")) or pitch
    if not pitch:
        return evenings(image)[:EVENINGS]
    size = {1: pitch / layout.tile_px, 0: pitch_y / layout.tile_px}
    return [way for way in evenings(image)
            if all(abs(g.period - size[g.axis]) <= GRID_REACH * size[g.axis] for g in way)
            ][:EVENINGS]


def _fits(best: tuple[float, View] | None) -> bool:
    """Whether a placement fits the room and is clearly ahead of any other place."""
    return best is not None and best[0] <= MAX_CONFLICTS \
        and best[1].placement.margin >= MIN_LEAD


def _shared(view: View) -> float:
    """The misfit all of ``view``'s tiles share (:func:`_picture_excused`; 0 unknown)."""
    return view.placement.shared if isinstance(view.placement, SharedMisfit) else 0.0


def _walls(view: View) -> float:
    """The cost of ``view``'s wall tiles of bricks never learned (:func:`_walls_excused`; 0
    unknown), excused as the shared misfit is, on a view the screenshot's edge does not
    cut only. A picture taken to be cut, its camera moved, places walls on other walls'
    pixels half a brick off: they too match a wall look weakly (140023, a 4.8x blur: two
    frames taken cut 15 and 23 pixels deeper, the camera as far off, outranked the whole
    view, 1 board of 3 exact, 3 without the excuse)."""
    if any(view.screen.clip) or not isinstance(view.placement, SharedMisfit):
        return 0.0
    return view.placement.walls


def _sprites(view: View) -> float:
    """The cost of ``view``'s floor tiles a sprite covers part of (:func:`_sprites_excused`;
    0 unknown), on a view the screenshot's edge does not cut only (as :func:`_walls`)."""
    if any(view.screen.clip) or not isinstance(view.placement, SharedMisfit):
        return 0.0
    return view.placement.sprites


def _search(image: np.ndarray, pack: TemplatePack, room: Room, looks: Looks
            ) -> tuple[float, View] | None:
    """The best placement of the view in ``image`` (its cost and the view; ``None``: no
    screen found): the pack's own pitch first, then every pitch the picture repeats at,
    then (when no whole picture at square pixels fits) pictures cut or stretched."""
    layout = layout_of(pack)
    kinds = room.kinds()
    known = _known(pack, layout)
    unseen = {NOT_STEPPED, STEPPED} - set(looks.names)
    doorways = doorways_of(room)
    best: tuple[float, View] | None = None
    ranked = (1, 0.0)  # the best's rank (:func:`_rank`)

    def placed_by(pixels: np.ndarray) -> tuple[Placement, list]:
        placement, reads = place_by_looks(pixels, kinds, looks, anchor=pack.anchor.image,
                                          known=known)
        return _picture_excused(placement, reads,
                                _walls_excused(placement, reads, pixels, kinds, looks,
                                              doorways),
                                _sprites_excused(placement, reads, pixels, kinds, looks,
                                                 unseen))

    def place(screens: Iterable[Screen]) -> None:
        """Each screen's view placed through the looks; the best kept in ``best`` (by
        :func:`_rank`: of places that fit, the one fitting best over the whole view, so that
        a picture taken to be cut deeper than it is, its fewer tiles fitting as well, does
        not win), and the search stopped at a placement good over the whole view and
        clearly ahead. A cut view that fits but leaves much of the view out is widened at
        once (:func:`_widest`): the same mapping moved to the screenshot's edges, where it
        is, ends the search there."""
        nonlocal best, ranked
        for screen in screens:
            pixels = screen.native_view(image)
            try:
                placement, reads = placed_by(pixels)
            except ValueError:
                continue
            if unseen:
                placement = _excused(placement, reads, pixels, kinds, unseen)
            found = (placement.cost, View(screen, pixels, placement))
            rank = _rank(found[1])
            if rank[0] == 0 and rank[1] > GOOD_FIT and any(screen.clip):
                wider = _widest(found, image, room, placed_by, unseen)
                if wider is not found and _rank(wider[1]) < rank:
                    found, rank = wider, _rank(wider[1])
            if best is None or rank < ranked:
                best, ranked = found, rank
            if ranked[1] <= GOOD_FIT and best[1].placement.margin > GOOD_FIT:
                return  # no need to look further

    def fits() -> bool:
        return _fits(best)

    tried: list[float] = []  # pitches searched around (2%: a picture's size is settled)
    hint = pack.layout.get("pitch")
    hint_y = _number(pack.layout.get("pitch_y"))
    if hint_y and _number(hint):  # calibrated stretched: that stretch first
        place(find_screens(image, layout, _number(hint), exact=True, pitch_y=hint_y))
        if not fits():
            place(find_cut_screens(image, layout, _number(hint), hint_y))
    for pitch, exact in _pitches(image, layout, hint):
        if fits() and hint_y:
            break
        if any(abs(pitch - p) < 0.02 * p for p in tried):
            continue
        if not exact:
            tried.append(pitch)
        # The pack's own pitch is exact (the window not resized since): sizes near it only.
        place(find_screens(image, layout, pitch, exact=exact))
        if best is None:
            continue
        if exact and fits():
            break  # the pitch of the calibration fits: the window was not resized
        if exact and best[0] <= GHOST_REACH:
            # At the pitch of the calibration, a frame ghosted (:func:`_unghosted`) fits
            # no place as it is: undone first, before every other picture is searched.
            found = _unghosted(best[1], image, pack, room, looks)
            if _fits(found):
                return found
        if best[0] <= GOOD_FIT and best[1].placement.margin > GOOD_FIT:
            break  # no need to look further
    if not fits():
        # No whole picture at square pixels fits: one cut by the screenshot's edge, or
        # stretched one way.
        place(more_screens(image, layout, hint, hint_y))
    if best is None or not any(best[1].screen.clip):
        return best
    if fits():
        return _widest(best, image, room, placed_by, unseen)
    if _read_excused(best):
        return _widest(best, image, room, placed_by, unseen, excused=True)
    return best


def _excused_cost(view: View) -> float:
    """A placement's cost less the misfit all its tiles share and its walls of bricks never
    learned (:func:`_shared`, :func:`_walls`): what :func:`read_view` holds against a view
    that fits no place by its whole cost."""
    return view.placement.cost - _shared(view) - _walls(view)


def _read_excused(best: tuple[float, View]) -> bool:
    """Whether a placement that does not fit by its whole cost (:func:`_fits`) is read all
    the same, its excused cost (:func:`_excused_cost`) within :data:`MAX_CONFLICTS` and
    clearly ahead of any other place."""
    return _excused_cost(best[1]) <= MAX_CONFLICTS and best[1].placement.margin >= MIN_LEAD


def _rank(view: View) -> tuple[int, float]:
    """How a read's placements are ordered (least first): one that fits the room
    (:func:`_fits`) before any that does not; of those that fit, by the cost over the
    whole view (:func:`_whole_view_cost`: the part taken to be cut off by the screenshot's
    edge charged as tiles read as nothing); of the others, by their own cost (a frame
    ghosted is undone from the nearest, :func:`_unghosted`), less the misfit all their
    tiles share (:func:`_picture_excused`). A picture cut by the
    screenshot's edge is offered cut at several depths; at the pack's exact pitch, one
    placed a whole number of tiles off maps the screenshot to the room as the right one
    does, over fewer tiles, and fits them as well (99700 case 0: seven of ten screenshots
    placed one or two tiles off, 79 cells ``?`` that the screenshot shows whole)."""
    cost = view.placement.cost
    if _fits((cost, view)):
        return 0, _whole_view_cost(cost, view)
    return 1, cost - _shared(view) - _walls(view)


WIDER_SLACK = 0.01  # a view of the same mapping showing more cells may cost this much more
WIDER_TRIED = 4  # the moved views placed at most (the most cells first)


def _widest(best: tuple[float, View], image: np.ndarray, room: Room,
            placed_by: Callable[[np.ndarray], tuple[Placement, list]], unseen: set[str],
            prepare: Callable[[np.ndarray], np.ndarray] | None = None,
            excused: bool = False) -> tuple[float, View]:
    """``best`` (a picture cut by the screenshot's edge) or the same mapping of the
    screenshot to the room with its view moved by whole console pixels to the screenshot's
    edges, showing more room cells (:func:`_moved_views`), when it is placed there again
    (the camera moved as much, so every cell both show is read from the same pixels),
    fitting as well (within :data:`WIDER_SLACK`) and as clearly ahead.

    A cut picture is offered cut at several depths, on either side, and the first place
    that fits well ends the search: it may be cut deeper than the picture is, its mapping
    right and its view over fewer cells (s15: 7 to 28 cells of such a frame in the
    screenshot read ``?``). A view moved over pixels that are not the room's (a status bar,
    a window's margin) disagrees with the room there and costs more. ``prepare``: what is done
    to a moved view's pixels before placing them (a ghosted frame's :func:`unghost`).
    ``excused``: ``best`` fits by its excused cost only (:func:`_read_excused`: a blur, an
    LCD grid, ghosting), and so must the moved view, by the same slack. Such a view was
    never widened: 149020 --wider frame 0 (an LCD grid 0.51, ghosting 0.31, JPEG 42) was
    read as a picture cut 48 console pixels at the bottom (excused cost 0.030), 31 cells
    ``?``; the whole picture, 0.037, is placed at the same mapping."""
    view = best[1]
    bound = _excused_cost(view) if excused else best[0]
    shape = (room.rows + 2, room.cols + 2)
    tried = 0
    for _cells, screen, camera in _moved_views(view, image, shape):
        if tried == WIDER_TRIED:
            break
        tried += 1
        pixels = screen.native_view(image)
        if prepare is not None:
            pixels = prepare(pixels)
        try:
            placement, reads = placed_by(pixels)
        except ValueError:
            continue
        if unseen:
            placement = _excused(placement, reads, pixels, room.kinds(), unseen)
        found = View(screen, pixels, placement)
        cost = _excused_cost(found) if excused else placement.cost
        if placement.camera != camera \
                or cost > min(bound + WIDER_SLACK, MAX_CONFLICTS) \
                or placement.margin < min(view.placement.margin, GOOD_FIT):
            continue
        return placement.cost, found
    return best


def _moved_views(view: View, image: np.ndarray, shape: tuple[int, int]
                 ) -> list[tuple[int, Screen, tuple[int, int]]]:
    """``view``'s screen moved by whole console pixels (:func:`moved`: every console pixel
    on the same screenshot pixels) so that its view starts at the screenshot's left or top
    edge, or ends at its right or bottom edge (each within a console pixel either side),
    one way, the other or both: each with the room cells it would show in full and its
    camera (``view``'s moved as much), those showing more cells than ``view``, the most
    first."""
    screen = view.screen
    h, w = image.shape[:2]
    s, sy = screen.native_scale, screen.native_scale_y
    t = screen.layout.tile_px
    wide, high = screen.layout.view_tiles
    bar = screen.layout.bar_top * t

    def around(value: float) -> set[int]:
        return {int(np.floor(value)), int(np.ceil(value))}

    xs = {0} | around(-screen.x / s) | around((w - screen.x) / s - wide * t)
    ys = {0} | around(-screen.y / sy - bar) | around((h - screen.y) / sy - bar - high * t)

    def cells(camera: tuple[int, int], clip: tuple[int, int, int, int]) -> int:
        size = (wide * t - clip[0] - clip[2], high * t - clip[1] - clip[3])
        (r0, r1), (c0, c1) = Placement(camera, t, 0.0, 0.0).full_cells(shape, size)
        return max(0, r1 - r0 + 1) * max(0, c1 - c0 + 1)

    now = cells(view.camera, screen.clip)
    out: list[tuple[int, Screen, tuple[int, int]]] = []
    for dx in xs:
        for dy in ys:
            found = moved(screen, dx, dy, w, h) if (dx, dy) != (0, 0) else None
            if found is None:
                continue
            camera = (view.camera[0] + dx + found.clip[0] - screen.clip[0],
                      view.camera[1] + dy + found.clip[1] - screen.clip[1])
            n = cells(camera, found.clip)
            if n > now and all(found != f for _, f, _ in out):
                out.append((n, found, camera))
    out.sort(key=lambda item: (-item[0], abs(item[1].x - screen.x) + abs(item[1].y - screen.y)))
    return out


def _excused(placement: Placement, reads: list, pixels: np.ndarray, kinds: np.ndarray,
             unseen: set[str]) -> Placement:
    """``placement`` with the floor tiles in a state the pack never saw (``unseen``: no red
    tile in the calibration screenshot, Link still in the doorway) not counted against it.
    Such a tile matches no look, and a tile matching nothing where the room has floor costs
    half a conflict (:data:`gridsight.vision.mapview.UNREAD_COST`): a dozen stepped tiles in
    view made every later screenshot "not fit the room", where the calibration promised them
    ``?``. A tile is excused when it is unread on a floor cell and its typical colour names
    the state unseen (:func:`_unseen_colour`); it still reads ``?``. Cost and runner-up move
    alike, so the lead over another place does not grow."""
    from gridsight.vision.mapview import UNREAD_COST

    excused = sum(_unseen_colour(tile, unseen)
                  for tile in _weak_floor_tiles(placement, reads, pixels, kinds))
    if not excused:
        return placement
    relief = UNREAD_COST * excused / len(reads)
    return replace(placement, cost=max(0.0, placement.cost - relief),
                   runner_up=max(0.0, placement.runner_up - relief))


WALL_WEAK = 0.4  # a wall tile matching a wall look by this share is a brick wall unlearned
WALL_COLOUR = 2.0  # ... when its typical colour is this many tolerances from a wall look's


def doorways_of(room: Room) -> frozenset[tuple[int, int]]:
    """The ring cells (room coordinates, walls included) of the doorway Link enters by:
    beside the start tile, on each edge of the board it lies on (issue 18: the start tile
    is next to the east doorway). Empty when the start is inside the board."""
    if room.start is None:
        return frozenset()
    r, c = room.start
    out = set()
    if c == room.cols - 1:
        out.add((r + 1, room.cols + 1))
    if c == 0:
        out.add((r + 1, 0))
    if r == room.rows - 1:
        out.add((room.rows + 1, c + 1))
    if r == 0:
        out.add((0, c + 1))
    return frozenset(out)


def _walls_excused(placement: Placement, reads: list, pixels: np.ndarray, kinds: np.ndarray,
                   looks: Looks, doorways: frozenset[tuple[int, int]] = frozenset()) -> float:
    """What ``placement``'s wall tiles that are bricks of a design the pack never saw cost
    it, to be excused as :func:`_excused` excuses floor states unseen. Hero's Cave's walls
    are olive brick (issue 18), but a wall piece's bricks need not repeat: a calibration
    screenshot with one wall column in view learns one brick pattern, and the bricks of the
    next column (offset by half a brick) or of a wall whose bricks each have their own shade
    then match it by half their pixels, each costing half a conflict (140004: five wall
    tiles on the top row read 45-62%, the frame refused). A tile is excused when it lies on a
    wall cell, is not read strongly, its best look is a wall look matched by at least
    :data:`WALL_WEAK` of its pixels, and its median colour is near that look's. The
    tile stays what it is (a wall cell is no board cell). Returns the cost so excused, which
    is held as the misfit the picture causes is (:func:`_picture_excused`): only against a
    view that fits no place, never in ranking views that fit (excused there, a picture taken
    cut a row deeper won on 137018's frame 0, a row cut by a sliver counted in view).

    A statue is excused so too, on a block cell, by a block look: the room's statues never
    move, but a smoothed picture bleeds each tile's neighbours across its edge, and the
    statues' neighbours differ (the floor around them turns red as Link walks), so a statue
    learned beside one colour matches one beside another by half its pixels (150002
    --wider, a 3.3x blur: four statues read 55-64% like their looks, the right view and
    camera refused at 7%, 126 cells ``?``).

    So is the doorway (``doorways``, :func:`doorways_of`), a gap in the wall with a look of
    its own that the pack learned only if its calibration screenshot showed it: read not
    strongly there, by any look or none (159013 --wider frame 2: the doorway read 61% like
    the bricks, the view refused at 6%)."""
    from gridsight.vision.mapview import STRONG, UNREAD_COST

    walls = [k for k, kind in enumerate(looks.kinds) if kind in (WALL, BLOCK)]
    if not walls or not reads:
        return 0.0
    t = placement.tile
    tiles = tiles_at(pixels, placement.phase, t)
    n_rows, n_cols = tiles.shape[:2]
    if n_rows * n_cols != len(reads):
        return 0.0
    r0, c0 = -(-placement.camera[1] // t), -(-placement.camera[0] // t)
    window = kinds[r0 : r0 + n_rows, c0 : c0 + n_cols]
    typical = {k: np.median(looks.images[k].reshape(-1, 3), axis=0) for k in walls}
    excused = 0
    for i, read in enumerate(reads):
        rr, cc = divmod(i, n_cols)
        if rr >= window.shape[0] or cc >= window.shape[1] or window[rr, cc] not in (WALL, BLOCK):
            continue
        if (r0 + rr, c0 + cc) in doorways:
            excused += read.look < 0 or read.share < STRONG
            continue
        if read.look not in typical or read.share >= STRONG or read.share < WALL_WEAK:
            continue
        if looks.kinds[read.look] != window[rr, cc]:
            continue  # a wall by a wall look, a statue by a statue's
        colour = np.median(tiles[rr, cc].reshape(-1, 3), axis=0)
        if np.abs(colour - typical[read.look]).max() <= WALL_COLOUR * looks.tolerance:
            excused += 1
    return UNREAD_COST * excused / len(reads)


def _sprites_excused(placement: Placement, reads: list, pixels: np.ndarray, kinds: np.ndarray,
                     looks: Looks, unseen: set[str]) -> float:
    """What ``placement``'s floor tiles a sprite covers part of (:func:`_under_sprite`;
    issue 18: enemies may walk over tiles) cost it, read as nothing or weakly (half a
    conflict each), unless their colour names a floor state the pack never saw (``unseen``:
    :func:`_excused` excuses those). Held against the refusal of a view the screenshot's
    edge does not cut only (:func:`_sprites`), never in ranking views: 163004 --widest
    all (4.5x, sharp), five enemies over the floor, the right screen and camera refused at
    8%, 126 cells ``?``. The tiles still read as they read."""
    from gridsight.vision.mapview import UNREAD_COST

    if not reads or FLOOR not in looks.kinds:
        return 0.0
    weak = _weak_floor_tiles(placement, reads, pixels, kinds, cells=True)
    blobs = _sprite_blobs(placement, pixels, kinds, looks) if weak else None
    excused = sum(_under_sprite(tile, looks) or
                  (blobs is not None and _under_blob(tile, blobs[rr, cc], looks))
                  for tile, (rr, cc) in weak
                  if not (unseen and _unseen_colour(tile, unseen)))
    return UNREAD_COST * excused / len(reads)


def _weak_floor_tiles(placement: Placement, reads: list, pixels: np.ndarray,
                      kinds: np.ndarray, cells: bool = False) -> list:
    """The pixels of ``placement``'s tiles on the room's floor cells read as nothing or
    weakly (under :data:`~gridsight.vision.mapview.STRONG`): the tiles :func:`_excused` and
    :func:`_sprites_excused` may excuse (``cells``: each with its place among the view's
    tiles, row and column). Empty when ``reads`` are not the view's tiles."""
    from gridsight.vision.mapview import STRONG

    t = placement.tile
    tiles = tiles_at(pixels, placement.phase, t)
    n_rows, n_cols = tiles.shape[:2]
    if not reads or n_rows * n_cols != len(reads):
        return []
    r0, c0 = -(-placement.camera[1] // t), -(-placement.camera[0] // t)
    window = kinds[r0 : r0 + n_rows, c0 : c0 + n_cols]
    weak = []
    for i, read in enumerate(reads):
        rr, cc = divmod(i, n_cols)
        if rr >= window.shape[0] or cc >= window.shape[1] or window[rr, cc] != FLOOR:
            continue
        if read.look < 0 or read.share < STRONG:
            weak.append((tiles[rr, cc], (rr, cc)) if cells else tiles[rr, cc])
    return weak


SPRITE_FLOOR = 0.25  # a floor tile under a sprite: at least this share of it still its look
SPRITE_SHOWN = 0.8  # ... and this share either its look or of colours no look has


def _best_floor_agreement(tile: np.ndarray, looks: Looks) -> np.ndarray | None:
    """Per pixel of ``tile`` (flattened), whether it agrees with the floor look it agrees with
    most (within the looks' tolerance); ``None`` when the pack has no floor look. Shared by
    the two sprite excuses (:func:`_under_sprite`, :func:`_under_blob`)."""
    floor = [k for k, kind in enumerate(looks.kinds) if kind == FLOOR]
    if not floor:
        return None
    px = tile.reshape(-1, tile.shape[-1]).astype(np.int16)
    refs = looks.images[floor].reshape(len(floor), -1, px.shape[-1]).astype(np.int16)
    agree = np.abs(px[None] - refs).max(axis=2) <= looks.tolerance
    best: np.ndarray = agree[int(np.argmax(agree.sum(axis=1)))]
    return best


def _under_sprite(tile: np.ndarray, looks: Looks) -> bool:
    """Whether a floor tile read as nothing (or weakly) is a floor look with a sprite over
    part of it (issue 18: enemies may walk over tiles): at least :data:`SPRITE_FLOOR` of
    its pixels agree with one floor look where they lie, and of the rest all but
    ``1 - SPRITE_SHOWN`` of the tile are of colours no look has (:func:`_palette`). A
    wall, a statue or another floor state under a wrong camera is of colours the looks
    have: never excused so."""
    best = _best_floor_agreement(tile, looks)
    if best is None:
        return False
    share = float(best.mean())
    if share < SPRITE_FLOOR:
        return False
    px = tile.reshape(-1, tile.shape[-1]).astype(np.int16)
    table, step = _palette(looks)
    q = np.clip(px // step, 0, table.shape[0] - 1)
    foreign = ~table[q[:, 0], q[:, 1], q[:, 2]]
    return share + float((foreign & ~best).mean()) >= SPRITE_SHOWN


SPRITE_BOX = 28  # console pixels: a sprite's misfit (16 px, blurred, ghosted) spans at most


def _sprite_blobs(placement: Placement, pixels: np.ndarray, kinds: np.ndarray,
                  looks: Looks) -> np.ndarray:
    """Which pixels of ``placement``'s tiles (``(rows, cols, tile, tile)`` booleans, as
    :func:`~gridsight.vision.mapview.tiles_at`) belong to a sprite over the room: a
    connected patch of pixels agreeing with no look of their cell's kind where they lie,
    at most :data:`SPRITE_BOX` console pixels either way and not within one tile's
    bounds. An enemy walks where it likes: its patch straddles tiles. Its colours need not
    be foreign to the looks (:func:`_under_sprite`): 166009 --widest all frames 0-1 (2.96x
    lanczos, ghosting 0.18), purple beetles within the tolerance of the blue and red floor
    looks; 168003 frame 2, orange ones of the olive bricks' and the plate's colours; the
    right screen and camera refused at 8-10%. A tile of the wrong kind under a wrong camera
    misfits within its own bounds; a wall of bricks never learned, over a whole row."""
    t = placement.tile
    tiles = tiles_at(pixels, placement.phase, t)
    n_rows, n_cols = tiles.shape[:2]
    r0, c0 = -(-placement.camera[1] // t), -(-placement.camera[0] // t)
    window = kinds[r0 : r0 + n_rows, c0 : c0 + n_cols]
    misfit = np.zeros((n_rows, n_cols, t, t), bool)
    for rr in range(min(n_rows, window.shape[0])):
        for cc in range(min(n_cols, window.shape[1])):
            of_kind = [k for k, kind in enumerate(looks.kinds) if kind == window[rr, cc]]
            if not of_kind:
                continue
            far = np.abs(tiles[rr, cc][None].astype(np.int16)
                         - looks.images[of_kind].astype(np.int16)).max(axis=3)
            misfit[rr, cc] = ~(far <= looks.tolerance).any(axis=0)
    flat = misfit.swapaxes(1, 2).reshape(n_rows * t, n_cols * t).astype(np.uint8)
    count, labels, stats, _ = cv2.connectedComponentsWithStats(flat, connectivity=8)
    keep = np.zeros(count, bool)
    for i in range(1, count):
        x, y, w, h = (int(v) for v in stats[i, :4])
        one_tile = x // t == (x + w - 1) // t and y // t == (y + h - 1) // t
        keep[i] = w <= SPRITE_BOX and h <= SPRITE_BOX and not one_tile
    sprite = keep[labels]
    return sprite.reshape(n_rows, t, n_cols, t).swapaxes(1, 2)


def _under_blob(tile: np.ndarray, sprite: np.ndarray, looks: Looks) -> bool:
    """Whether a floor tile read as nothing (or weakly) is a floor look with a sprite over
    part of it, the sprite found by its shape (``sprite``: the tile's pixels in a sprite's
    patch, :func:`_sprite_blobs`): at least :data:`SPRITE_FLOOR` of its pixels agree with
    one floor look, and they and the sprite's make :data:`SPRITE_SHOWN` of the tile."""
    best = _best_floor_agreement(tile, looks) if sprite.any() else None
    if best is None:
        return False
    share = float(best.mean())
    return share >= SPRITE_FLOOR and \
        share + float((sprite.reshape(-1) & ~best).mean()) >= SPRITE_SHOWN


_PALETTES: dict[int, tuple[Looks, np.ndarray, int]] = {}


def _palette(looks: Looks) -> tuple[np.ndarray, int]:
    """The colours the looks have, within their tolerance: a boolean table over colours
    quantised by ``step`` levels a channel (``table[r // step, g // step, b // step]``),
    true where some look's pixel is at most the tolerance away on every channel (to a
    step). Kept per looks (the few packs read in a process)."""
    kept = _PALETTES.get(id(looks))
    if kept is not None and kept[0] is looks:
        return kept[1], kept[2]
    step = 4
    n = 256 // step
    table = np.zeros((n, n, n), bool)
    q = looks.images.reshape(-1, looks.images.shape[-1]).astype(np.int32) // step
    table[q[:, 0], q[:, 1], q[:, 2]] = True
    reach = int(looks.tolerance) // step
    for axis in range(3):
        grown = table.copy()
        for d in range(1, reach + 1):
            grown[tuple(slice(d, None) if a == axis else slice(None) for a in range(3))] |= \
                table[tuple(slice(None, -d) if a == axis else slice(None) for a in range(3))]
            grown[tuple(slice(None, -d) if a == axis else slice(None) for a in range(3))] |= \
                table[tuple(slice(d, None) if a == axis else slice(None) for a in range(3))]
        table = grown
    if len(_PALETTES) >= 4:
        _PALETTES.clear()
    _PALETTES[id(looks)] = (looks, table, step)
    return table, step


@dataclass(frozen=True)
class SharedMisfit(Placement):
    """A placement with the misfit all its tiles share (:func:`_picture_excused`) and the
    cost of its wall tiles of bricks never learned (:func:`_walls_excused`)."""

    shared: float = 0.0
    walls: float = 0.0
    sprites: float = 0.0  # floor tiles a sprite covers part of (:func:`_sprites_excused`)


def _picture_excused(placement: Placement, reads: list, walls: float = 0.0,
                     sprites: float = 0.0) -> tuple[Placement, list]:
    """``placement`` with the misfit every tile read shares noted (:class:`SharedMisfit`):
    what the picture itself costs (a blur, a CRT mask, a gamma the looks were learned
    through once and each tile meets again a sub-pixel apart), not a disagreement with the
    room. Each tile read strongly costs :data:`FIT_WEIGHT` times the share of its pixels off
    its look; the median of those shares over the view, charged on every tile read, is not
    held against a view that fits no place by its whole cost (:func:`_rank` of such views,
    the refusal of :func:`read_view`); a tile fitting worse than the rest of the view still
    costs the difference. Views that fit are judged and ranked by their whole cost as
    before, so a grid a pixel off (its tiles all a little worse) or a picture taken to be
    cut deeper never wins for it. 140023 (4.8x blur, CRT 0.23, gamma 1.36): every tile read
    about 89% like its look, 0 conflicts, cost 0.097 over the 0.06 limit, every frame
    refused. ``walls``: the cost of wall tiles of bricks never learned
    (:func:`_walls_excused`), held so too; ``sprites``: of floor tiles a sprite covers part
    of (:func:`_sprites_excused`), held against the refusal only."""
    from gridsight.vision.mapview import FIT_WEIGHT, STRONG

    off = [1.0 - r.share for r in reads if r.look >= 0 and r.share >= STRONG]
    if not reads or (not off and not walls and not sprites):
        return placement, reads
    shared = FIT_WEIGHT * float(np.median(off)) * len(off) / len(reads) if off else 0.0
    return SharedMisfit(placement.camera, placement.tile, placement.cost,
                        placement.runner_up, shared, walls, sprites), reads


def _unseen_colour(tile: np.ndarray, unseen: set[str]) -> bool:
    """Whether a floor tile's colours name a state the pack never saw (:func:`_hue_name` of
    its typical colour; Link's yellow by its share of yellow pixels, as calibration finds
    his tile). Such a tile is read as the nearest look it has, which is not its own: with no
    stepped look learned, a colour-corrected red tile read as Link's yellow."""
    if LINK in unseen and _yellow_share(tile) >= 0.12:
        return True
    return _hue_name(np.median(tile.reshape(-1, 3), axis=0)) in unseen


def _pitches(image: np.ndarray, layout: ScreenLayout, hint):
    """The pitch the pack was calibrated at first (the same window, most often: exact, so
    ``True``), then every pitch the picture repeats at (worked out only if the first does
    not fit; ``False``: a pitch known to a percent or so)."""
    try:
        first = float(hint) if hint is not None else 0.0
    except (TypeError, ValueError):
        first = 0.0  # a pack edited by hand: the search finds the pitch anyway
    if np.isfinite(first) and first >= 4:
        yield first, True
    for pitch in pitch_candidates(image, layout):
        yield pitch, False


def _number(value) -> float:
    """A pitch from a pack (0 when absent or absurd: a pack edited by hand)."""
    try:
        number = float(value) if value is not None else 0.0
    except (TypeError, ValueError):
        return 0.0
    return number if np.isfinite(number) and number >= 4 else 0.0


def more_screens(image: np.ndarray, layout: ScreenLayout, hint=None, hint_y=None
                 ) -> Iterator[Screen]:
    """The pictures to try when no whole picture at square pixels fits, likely first: cut
    by the screenshot's edge (or whole, at a pitch found only by searching past the
    screenshot's size) at the pack's pitch (``hint``) or any the picture repeats at;
    then stretched one way (the pitches across and down found apart: the pack's first),
    whole or cut."""
    first, first_y = _number(hint), _number(hint_y)
    square = ([first] if first else []) + pitch_candidates(image, layout, cut=MAX_CUT)
    for pitch in _distinct_pitches(square):
        yield from find_cut_screens(image, layout, pitch)
        # The search past the screenshot's size also finds the pitch of a picture filling
        # it whole whose repeats are faint (blurred): its dip needs lags past it.
        yield from find_screens(image, layout, pitch)
    across = ([first] if first else []) + pitch_candidates(image, layout, axis=1, cut=MAX_CUT)
    for pitch in _distinct_pitches(across):
        downs = ([first_y] if first_y and pitch == first else []) + \
            pitch_candidates(image, layout, axis=0, near=pitch, cut=MAX_CUT, keep=3)
        for pitch_y in _distinct_pitches(downs):
            if abs(pitch_y - pitch) <= 0.03 * pitch:
                continue  # square: tried already
            yield from find_screens(image, layout, pitch, pitch_y=pitch_y)
            yield from find_cut_screens(image, layout, pitch, pitch_y)
    filling = _filling_stretched(image.shape, layout)
    if filling is not None:
        yield filling


FILL_STRETCH = 0.03  # a screenshot this much (or more) off the picture's shape is stretched


def _filling_stretched(shape: tuple[int, ...], layout: ScreenLayout) -> Screen | None:
    """The picture filling the screenshot (``shape``) both ways, its pixels stretched one
    way (``None``: the screenshot's shape is the picture's, within :data:`FILL_STRETCH`, or
    stretched past :data:`ASPECT_REACH`): a screenshot of the picture alone, its size saying
    both pitches. The pitches the repeats say are offered first, but a pattern at every
    console pixel down (a CRT's dark lower third of each row) hides the tiles' repeats one
    way: 169007 ``--widest all`` (2.5x across, 2.06x down, 400 x 296: the pitch down found
    32.00 for 32.89, no stretched picture settling whole) was placed only on a picture
    evened out at a floor pattern 3 console pixels wide, taken to start a row low (the
    view's top row for the status bar) and cut at the bottom; its looks learned so, every
    frame was refused (27-32%)."""
    h, w = shape[:2]
    across, down = w / layout.tiles_wide, h / layout.tiles_high
    if abs(down - across) <= FILL_STRETCH * across \
            or max(across, down) > ASPECT_REACH * min(across, down):
        return None
    return Screen(0.0, 0.0, across, layout, down)


def _distinct_pitches(pitches: list[float]) -> list[float]:
    out: list[float] = []
    for p in pitches:
        if all(abs(p - q) > 0.002 * q for q in out):
            out.append(p)
    return out


#: Console pixels a cell may miss where the view ends at the screenshot's edge and still be
#: read: the edge's console pixel mostly cut off is left out of the view
#: (:func:`~gridsight.vision.tiling._clip`), and a picture cut by less than a console pixel
#: is placed as one whole, or cut, ending at the border (the same pixels either way), so a
#: cell the edge cuts by a sliver (under a console pixel: in view, as the docs promise)
#: misses that line. 137000 case 0 (cut 32.9 console pixels at the top): the row Link stood
#: on, 15.1 of its 16 lines shown, read ``?`` in two frames of three.
CUT_READ = 1


def _past(view: View, shape: tuple[int, ...]) -> tuple[float, float, float, float]:
    """Console pixels of ``view``'s whole view past the screenshot's edge (``shape``), each
    side (left, top, right, bottom), exactly as placed; less than 0 where the view ends
    inside the screenshot."""
    screen = view.screen
    layout = screen.layout
    s, sy = screen.native_scale, screen.native_scale_y
    h, w = shape[:2]
    top = screen.y + layout.bar_top * screen.pitch_down
    bottom = screen.y + (layout.tiles_high - layout.bar_bottom) * screen.pitch_down
    return (-screen.x / s, -top / sy, (screen.x + screen.width - w) / s, (bottom - h) / sy)


def at_border(view: View, shape: tuple[int, ...]) -> tuple[int, int, int, int]:
    """:data:`CUT_READ` at each side (left, top, right, bottom) of ``view`` where the
    screenshot's edge (``shape``) cuts the cell beyond the pixels read by under a console
    pixel, 0 at the others. The screenshot's edge cuts a side its screen is placed cut at
    (:attr:`Screen.clip`), or one ending within a console pixel of the edge when the
    picture is cut all the same: the status bar beyond it cut off, or the picture placed
    cut on the other side (the same pixels: a picture cut by a sliver on one side is one
    cut by a console pixel less the sliver on the other; 137000 case 18, cut 0.65 console
    pixels on the right and placed cut by one on the left, its last column read ``?``). A
    side of a picture placed whole at the screenshot's edge is not: a cell the camera cuts
    there, mid-scroll, is out of view whatever the picture's edges."""
    screen = view.screen
    layout = screen.layout
    past = _past(view, shape)
    clip = screen.clip
    edge = [p > -1.0 for p in past]
    cut = (clip[0] > 0 or (edge[0] and clip[2] > 0),
           clip[1] > 0 or (edge[1] and (layout.bar_top > 0 or clip[3] > 0)),
           clip[2] > 0 or (edge[2] and clip[0] > 0),
           clip[3] > 0 or (edge[3] and (layout.bar_bottom > 0 or clip[1] > 0)))
    # The cell just beyond the pixels read starts a console pixel before them: cut by
    # ``past - clip + 1`` console pixels, read when that is under one.
    return tuple(CUT_READ if is_cut and p < c else 0  # type: ignore[return-value]
                 for is_cut, p, c in zip(cut, past, clip))


#: The outer line of the cells at a side of the view is the room's when its pixels agree
#: with the looks those cells read as at least this share as well as their other lines do
#: (:func:`_unshown_sides`).
LINE_SHOWN = 0.5
SIDE_LINES = 2  # ... the lines nearest a side so judged: a picture placed this far off
SIDE_CELLS = 2  # ... judged only where this many of the side's cells are read as a look
KIND_SHOWN = 0.5  # a side let in by the screenshot's cut: this share read as another kind


def _unshown_sides(view: View, cells: tuple[int, int, int, int], looks: Looks,
                   shape: tuple[int, ...], cut: Sequence[int] = (0, 0, 0, 0),
                   kinds: np.ndarray | None = None) -> tuple[int, int, int, int]:
    """1 at each side (left, top, right, bottom) of ``view`` whose outermost cells
    (``cells``: ``r0, r1, c0, c1``, inclusive, fully in view as placed) are only partly
    shown, 0 at the others. A cell fully in view shows every line of its tile, the outer
    one included; a picture placed a console pixel or two off (a window's border or the
    screenshot's margin taken for its first pixels, the room's mapping still right) lets a
    row or column in that the camera cuts, its outer line not the room's. Such a line agrees
    with the looks its cells read as (all kinds, :func:`read_tiles`) less than
    :data:`LINE_SHOWN` as well as their other lines do, any of the :data:`SIDE_LINES`
    nearest the side: 160006 ``--widest all`` (a 5-pixel window border taken as the
    picture's first console pixel, its first column 0% like its looks, the rest 100%) and
    160012 (placed 2 console pixels low: its last two lines 0%). Only a side whose edge the
    screenshot does not show is judged: the view ending within :data:`SIDE_LINES` console
    pixels of the screenshot's edge (``shape``, :func:`_past`) or past it, where nothing
    beyond the picture pins its place. Where the picture's edge shows (a status bar, a
    margin), a smoothed picture bleeds it into the room's first line: 140023 --wider (a 4.8x
    blur) has the top row's first line 0% like its looks, the status bar's dark blurred in,
    and the row fully in view. A side the screenshot's edge cuts (``cut``,
    :func:`at_border`) misses a line by design: its cells are judged by their kinds instead
    (``kinds``, the room's), dropped when more than :data:`KIND_SHOWN` of those read as a
    look read as another kind: 163012 frame 1 (4.23x, the picture cut 19.7 console pixels at
    the bottom, placed 15 console pixels higher, its status bar taken as cut off above and
    the view's cut top row, over the status bar, read as walls where the room has floor and
    a statue: the statue written, out of view), or when under :data:`KIND_SHOWN` of them
    read as a look at all: 163001 ``--widest all`` frame 1 (2.5x3.0, the picture placed
    whole 2 screenshot pixels under the top, its status bar taken as cut off above and
    the view's top row over it: no tile of the row read as any look, every one 15-31% like
    the floor's, so seven cells out of view written not stepped)."""
    from gridsight.vision.mapview import read_tiles

    r0, r1, c0, c1 = cells
    if r1 - r0 < 2 or c1 - c0 < 2:
        return (0, 0, 0, 0)  # too few cells to drop one side's
    t = view.placement.tile
    sides = ([(r, c0) for r in range(r0, r1 + 1)], [(r0, c) for c in range(c0, c1 + 1)],
             [(r, c1) for r in range(r0, r1 + 1)], [(r1, c) for c in range(c0, c1 + 1)])
    past = _past(view, shape)
    out = [0, 0, 0, 0]
    for side, where in enumerate(sides):
        if past[side] <= -SIDE_LINES or (cut[side] and kinds is None):
            continue
        tiles = np.stack([view.tile(r, c) for r, c in where])
        reads = read_tiles(tiles, looks)
        read = [(tile, looks.images[rd.look]) for tile, rd in zip(tiles, reads) if rd.look >= 0]
        if cut[side] and kinds is not None:
            other = sum(looks.kinds[rd.look] != kinds[cell]
                        for cell, rd in zip(where, reads) if rd.look >= 0)
            out[side] = int(other > KIND_SHOWN * len(read)
                            or len(read) < KIND_SHOWN * len(where))
            continue
        if len(read) < SIDE_CELLS:
            continue
        # Each tile turned so that the side's line is its first row.
        turn = {0: lambda a: np.swapaxes(a, 0, 1), 1: lambda a: a,
                2: lambda a: np.swapaxes(a, 0, 1)[::-1], 3: lambda a: a[::-1]}[side]
        close = np.stack([np.abs(turn(tile).astype(np.int16) - turn(look).astype(np.int16))
                          .max(axis=2) <= looks.tolerance for tile, look in read])
        by_line = close.mean(axis=(0, 2))
        rest = float(by_line[SIDE_LINES:].mean()) if t > SIDE_LINES else 1.0
        if rest > 0 and (by_line[:SIDE_LINES] < LINE_SHOWN * rest).any():
            out[side] = 1
    return out[0], out[1], out[2], out[3]


def _board_read(view: View, room: Room, looks: Looks, pack: TemplatePack,
                cut: Sequence[int] = (0, 0, 0, 0), shape: tuple[int, ...] | None = None
                ) -> RoomRead:
    """The board cells in ``view`` read through the looks; ``cut``: console pixels a cell at
    each side may miss (:func:`at_border`); ``shape``: the screenshot's (a tile read as
    Link's where the camera cannot follow him is not read, :func:`_unfollowed`)."""
    from gridsight.vision.mapview import read_tiles

    (r0, r1), (c0, c1) = view.cells(room, cut)
    left, top, right, bottom = (_unshown_sides(view, (r0, r1, c0, c1), looks, shape, cut,
                                                room.kinds())
                                if shape is not None else (0, 0, 0, 0))
    r0, r1, c0, c1 = r0 + top, r1 - bottom, c0 + left, c1 - right
    tiles = np.stack([[view.tile(r, c) for c in range(c0, c1 + 1)] for r in range(r0, r1 + 1)])
    reads = read_tiles(tiles, looks, {FLOOR})
    kinds = room.kinds()
    width = c1 - c0 + 1
    floor_now, as_block = _block_reads(tiles, kinds[r0 : r1 + 1, c0 : c1 + 1], looks)
    # The cells let in only by the screenshot's cut (:data:`CUT_READ`): a statue there is
    # written only when its pixels read as a block (a status bar taken for a row of the
    # room lets a row in that the room file would fill with statues unseen).
    (w_r0, w_r1), (w_c0, w_c1) = view.cells(room) if any(cut) else ((r0, r1), (c0, c1))
    w_r0, w_r1, w_c0, w_c1 = max(w_r0, r0), min(w_r1, r1), max(w_c0, c0), min(w_c1, c1)
    unseen = {NOT_STEPPED, STEPPED, LINK} - set(looks.names)
    floor = [i for i in range(len(reads))
             if kinds[r0 + i // (c1 - c0 + 1), c0 + i % (c1 - c0 + 1)] == FLOOR]
    rebuilt = _rebuilt_stepped(tiles.reshape((-1,) + tiles.shape[2:]), floor, looks) \
        if STEPPED in unseen else set()
    whole = [i for i in floor if w_r0 <= r0 + i // width <= w_r1 and w_c0 <= c0 + i % width <= w_c1]
    linked = _link_split(tiles.reshape((-1,) + tiles.shape[2:]), whole, reads, looks)
    cells: list[list[CellRead]] = [[CellRead(r, c, UNKNOWN, 0.0, 0.0) for c in range(room.cols)]
                                   for r in range(room.rows)]
    contradicted = []
    labels = [UNKNOWN] * len(reads)  # each floor tile's label, as written
    for i, read in enumerate(reads):
        rr, cc = r0 + i // width, c0 + i % width
        br, bc = rr - 1, cc - 1
        if not (0 <= br < room.rows and 0 <= bc < room.cols):
            continue
        if kinds[rr, cc] == BLOCK:
            if i in floor_now:  # the room's statue, the pixels' floor: not believed
                contradicted.append((br, bc))
                continue
            if not (w_r0 <= rr <= w_r1 and w_c0 <= cc <= w_c1) and i not in as_block:
                continue  # in view by the cut alone, not read as a block: left unknown
            cells[br][bc] = CellRead(br, bc, BLOCK_LABEL, 1.0, 1.0, BLOCK_LABEL, "room")
            continue
        label = looks.names[read.look] if read.look >= 0 else UNKNOWN
        if unseen and label != UNKNOWN and _unseen_colour(tiles[i // width, i % width], unseen):
            label = UNKNOWN  # a state never calibrated: its nearest look is not its own
        if label == UNKNOWN and i in rebuilt:
            label = STEPPED  # the stepped look rebuilt from the not-stepped design
        if label == UNKNOWN and i == linked:
            label = LINK  # Link's yellow tile, his sprite's votes split off (:func:`_link_split`)
        best = looks.names[read.look] if read.look >= 0 else ""
        labels[i] = label
        cells[br][bc] = CellRead(br, bc, label, round(read.share, 3),
                                 round(read.share - read.other, 3), best,
                                 looks.names[read.look] if read.look >= 0 else "")
    flat = tiles.reshape((-1,) + tiles.shape[2:])

    def relabel(i: int, label: str) -> None:  # flat tile i (walls included) read as label
        br, bc = r0 + i // width - 1, c0 + i % width - 1
        cells[br][bc] = replace(cells[br][bc], label=label)
        labels[i] = label

    for i in _not_link(flat, whole, labels):  # two tiles read as his: by their yellow
        relabel(i, UNKNOWN)
    for i in _link_rivalled(flat, whole, labels, looks):  # another tile leans to his look
        relabel(i, UNKNOWN)
    yellow = _link_by_yellow(flat, whole, labels, looks)
    if yellow is not None:  # his tile by its yellow alone (:func:`_link_by_yellow`)
        relabel(yellow, LINK)
    his = {(r0 + i // width, c0 + i % width): i for i in floor if labels[i] == LINK}
    far = _unfollowed(view, room, list(his), shape) if shape is not None else []
    for cell in far:  # where the camera could not be following him
        relabel(his[cell], UNKNOWN)
    # A tile read stepped through the rebuilt look held REBUILT_SURE of its pixels by it.
    shares = [max(read.share, REBUILT_SURE) if i in rebuilt else read.share
              for i, read in enumerate(reads)]
    at = {(r0 + i // width, c0 + i % width): i for i in floor}
    away = {at[cell] for cell in _unfollowed(view, room, list(at), shape)} \
        if shape is not None else set()
    for hidden in _link_hidden(floor, labels, shares, away):
        # no tile read as his: a state read weakly where the camera follows him may be his
        br, bc = r0 + hidden // width - 1, c0 + hidden % width - 1
        cells[br][bc] = replace(cells[br][bc], label=UNKNOWN)
        labels[hidden] = UNKNOWN
    for mixed in _both_states(flat, floor, labels, shares, looks):
        relabel(mixed, UNKNOWN)  # a sprite of one state's colours over the other's tile
    for off in _off_colour(flat, floor, labels, shares, reads, looks):
        relabel(off, UNKNOWN)  # his tile, its yellow darkened near a state's colour
    in_view = None
    b_r0, b_r1, b_c0, b_c1 = max(r0, 1) - 1, min(r1, room.rows) - 1, max(c0, 1) - 1, \
        min(c1, room.cols) - 1
    if b_r0 <= b_r1 and b_c0 <= b_c1:
        in_view = ((b_r0, b_r1), (b_c0, b_c1))
    geometry = board_geometry(view, room)
    fit = max(0.0, 1.0 - view.placement.cost)
    extras = {"view": in_view, "camera": view.camera, "fit": fit, "shown": view.shown(),
              "screen": (view.screen.x, view.screen.y, view.screen.width, view.screen.height)}
    if contradicted:
        extras["contradictions"] = tuple(contradicted)
    board = BoardRead(geometry, tuple(tuple(row) for row in cells), 1.0, pack.name, extras)
    return RoomRead(view, board, in_view)


def _block_reads(tiles: np.ndarray, kinds: np.ndarray, looks: Looks
                 ) -> tuple[set[int], set[int]]:
    """Of the tiles (row-major indices into ``tiles``) where the room (``kinds``, the same
    cells) has a block: those whose pixels read as a floor look, and those that read as a
    block look, block and floor looks both allowed (a floor look by at least
    :data:`~gridsight.vision.mapview.STRONG` of the pixels). A block is written from the
    room file, never read: this is its one look at the pixels, so a view placed a tile
    wrong, or a status bar taken for a row of the room, does not write a statue onto what
    the screen shows as floor (the reader says so in words, :func:`contradictions_text`)."""
    from gridsight.vision.mapview import STRONG, read_tiles

    flat = tiles.reshape((-1,) + tiles.shape[2:])
    blocks = [i for i, kind in enumerate(kinds.reshape(-1)) if kind == BLOCK]
    if not blocks:
        return set(), set()
    reads = read_tiles(flat[blocks], looks, {FLOOR, BLOCK})
    floor = {i for i, read in zip(blocks, reads)
             if read.look >= 0 and looks.kinds[read.look] == FLOOR and read.share >= STRONG}
    block = {i for i, read in zip(blocks, reads)
             if read.look >= 0 and looks.kinds[read.look] == BLOCK}
    return floor, block


LINK_SPLIT = 0.8  # Link's tile: its yellow look has this share of the top floor look's votes


def _link_split(tiles: np.ndarray, floor: list[int], reads: list, looks: Looks) -> int | None:
    """The one floor tile (an index into ``tiles``, of ``floor``: those fully in view) that is
    Link's though it read unknown, or ``None``.

    Link's sprite covers much of his yellow tile, and a sprite drawn in the stepped floor's
    red (a wider look's tunic, 140004) or the not-stepped blue votes for that look: the yellow
    look leads by too little (or trails) and the tile reads unknown. The room has one Link,
    his tile the only yellow one, and a floor tile near him that his sprite overlaps shows
    none of the yellow, so: when no tile reads as his, the one tile whose yellow look has at
    least :data:`~gridsight.vision.mapview.MIN_SHARE` of its pixels and
    :data:`LINK_SPLIT` of the leading floor look's votes is his; two such tiles, or one read
    as another state, and none is."""
    from gridsight.vision.mapview import MIN_SHARE, votes

    if LINK not in looks.names or not floor:
        return None
    names = np.array(looks.names)
    allowed = np.isin(np.array(looks.kinds), [FLOOR])
    if any(reads[i].look >= 0 and names[reads[i].look] == LINK for i in floor):
        return None
    shares = votes(tiles[floor], looks, allowed)
    states = [name for name in dict.fromkeys(names[allowed].tolist())]
    pooled = np.stack([shares[:, names == name].sum(axis=1) for name in states], axis=1)
    yellow = pooled[:, states.index(LINK)]
    rest = np.delete(pooled, states.index(LINK), axis=1)
    top = rest.max(axis=1) if rest.shape[1] else np.zeros_like(yellow)
    split = np.flatnonzero((yellow >= MIN_SHARE) & (yellow >= LINK_SPLIT * top))
    if len(split) != 1 or reads[floor[int(split[0])]].look >= 0:
        return None
    return floor[int(split[0])]


LINK_YELLOW = 0.4  # Link's tile read unknown: this share of its pixels yellow names it his ...
LINK_ALONE = 0.25  # ... when no other floor tile in view has this share of its yellow pixels
# (an olive blob over a blue tile is 56-75% yellow pixels, 149008 --wider; his tile 32-93%)
LINK_VOTES = 0.1  # ... and, the pack having a yellow look, it has this share of the votes


def _not_link(tiles: np.ndarray, floor: list[int], labels: list[str]) -> list[int]:
    """Of the floor tiles (indices into ``tiles``, of ``floor``: those fully in view) read as
    Link's (``labels``), those that are not his: the room has one Link. When two or more
    read as his, the one with the most yellow pixels (:func:`_yellow_share`) keeps it if no
    other has :data:`LINK_ALONE` of its share; the others, or all of them when none leads
    so, are not read. An enemy of his tile's colours over a blue tile reads as his yellow
    look (149004 --wider, a strong colour correction: a salmon beetle, 48% of the votes, 0%
    yellow pixels, beside his tile 46% yellow): two Links, one of them a confident wrong."""
    his = [i for i in floor if labels[i] == LINK]
    if len(his) < 2:
        return []
    shares = sorted(((_yellow_share(tiles[i]), i) for i in his), reverse=True)
    if shares[1][0] >= LINK_ALONE * shares[0][0]:
        return his
    return [i for _, i in shares[1:]]


def _link_rivalled(tiles: np.ndarray, floor: list[int], labels: list[str], looks: Looks
                   ) -> list[int]:
    """The one floor tile (an index into ``tiles``, of ``floor``: those fully in view) read
    as Link's (``labels``), to leave unread when another floor tile fully in view, read
    unknown, leans to his look: his yellow look has the most of its floor votes, at least
    :data:`~gridsight.vision.mapview.MIN_SHARE`. The room has one Link, and the tile read
    as his may be an enemy in his tile's yellow: 155007 --widest all frame 2 (colour
    correction 0.46, gamma 0.61), yellow bats over the top row, one tile under them read as
    his by 75% of its pixels, stated where the floor is blue, while his own tile, pale
    under the correction, read unknown, his look 35% of its votes against the blue's 25%.
    Neither is stated then (a wrong is worse than a ``?``)."""
    from gridsight.vision.mapview import MIN_SHARE, votes

    his = [i for i in floor if labels[i] == LINK]
    others = [i for i in floor if labels[i] == UNKNOWN]
    if len(his) != 1 or not others or LINK not in looks.names:
        return []
    names = np.array(looks.names)
    allowed = np.isin(np.array(looks.kinds), [FLOOR])
    shares = votes(tiles[others], looks, allowed)
    states = list(dict.fromkeys(names[allowed].tolist()))
    pooled = np.stack([shares[:, names == name].sum(axis=1) for name in states], axis=1)
    yellow = pooled[:, states.index(LINK)]
    rest = np.delete(pooled, states.index(LINK), axis=1)
    top = rest.max(axis=1) if rest.shape[1] else np.zeros_like(yellow)
    return his if bool(np.any((yellow >= MIN_SHARE) & (yellow > top))) else []


def _link_by_yellow(tiles: np.ndarray, floor: list[int], labels: list[str], looks: Looks
                    ) -> int | None:
    """The one floor tile (an index into ``tiles``, of ``floor``: those fully in view) that
    is Link's by its yellow pixels though its read (``labels``, every tile's final label)
    is unknown, or ``None``.

    Link's tile is the floor's one yellow tile, and no look may say so: a pack calibrated
    with Link off his tile has no yellow look (143024: his tile 74% yellow pixels read
    unknown as a state never seen), a red-clad Link over it makes its typical colour the
    stepped red, which a pack with no stepped look does not believe (143028, 46% yellow),
    or an LCD grid and ghosting leave the yellow look under
    :data:`~gridsight.vision.mapview.MIN_SHARE` of the votes (143026, 61% yellow, 18%
    votes). So, when no tile fully in view reads as his: the tile with the most yellow
    pixels (:func:`_yellow_share`), at least :data:`LINK_YELLOW` of them, and no other
    with :data:`LINK_ALONE` of its share, if it read unknown, is his; when the pack has a
    yellow look, only if at least :data:`LINK_VOTES` of the tile's pixels are its colours
    (an enemy's yellow is not his tile's). A floor tile not his shows none of it (at most
    16% yellow: an enemy's orange over a corner, 143024) unless a yellow sprite covers it:
    two such tiles, or one read as a state, and none is named."""
    from gridsight.vision.mapview import votes

    if not floor or any(labels[i] == LINK for i in floor):
        return None
    shares = np.array([_yellow_share(tiles[i]) for i in floor])
    order = np.argsort(shares)[::-1]
    first = int(order[0])
    if shares[first] < LINK_YELLOW:
        return None
    if len(order) > 1 and shares[int(order[1])] >= LINK_ALONE * shares[first]:
        return None
    if labels[floor[first]] != UNKNOWN:
        return None
    if LINK in looks.names:
        allowed = np.isin(np.array(looks.kinds), [FLOOR])
        share = votes(tiles[floor[first]][None], looks, allowed)[0]
        if float(share[np.array(looks.names) == LINK].sum()) < LINK_VOTES:
            return None
    return floor[first]


LINK_REACH = 24  # console pixels from his sprite's centre to his tile's at most (see below)
CAMERA_ERROR = 16  # console pixels the camera of a whole picture as read may be off


def _whole_ways(view: View, shape: tuple[int, ...]) -> tuple[bool, bool]:
    """Across and down: whether ``view``'s whole picture, status bar included, is in the
    screenshot (``shape``) that way, its view neither cut by the screenshot's edge
    (:attr:`~gridsight.vision.tiling.Screen.clip`) nor placed over a black bar
    (:func:`black_margins`). A picture the screenshot's edge cuts may be placed whole tiles
    off, the same mapping over fewer cells (159013 --wider frame 1: taken cut 36 console
    pixels at the bottom, its camera 42 pixels off, no cell read wrong), so its camera
    says nothing of the room's edges that way."""
    screen = view.screen
    h, w = shape[:2]
    s, sy = screen.native_scale, screen.native_scale_y
    left, top, right, bottom = black_margins(view.pixels, view.placement.tile)
    clip = screen.clip
    across = screen.x > -s / 2 and screen.x + screen.width < w + s / 2 \
        and clip[0] == clip[2] == 0 and left == right == 0
    down = screen.y > -sy / 2 and screen.y + screen.height < h + sy / 2 \
        and clip[1] == clip[3] == 0 and top == bottom == 0
    return across, down


def _camera_distance(view: View, room: Room, cell: tuple[int, int],
                     ways: tuple[bool, bool] = (True, True)) -> float:
    """Console pixels (the more of the ways ``ways`` says, across and down) from room cell
    ``cell``'s centre (walls included) to where the camera, as ``view`` shows it, puts
    Link's sprite's centre: the view follows him, centred on him and clamped at the room's
    edges (issue 18), so a camera away from the room's edges has him at the view's middle,
    and one at an edge has him anywhere from the middle to that edge. The camera as read
    may be :data:`CAMERA_ERROR` off (a picture placed a phase off, the view read right at
    it), so any camera that near is taken as his."""
    t = view.placement.tile
    wide, high = view.screen.layout.view_tiles
    far = 0.0
    for way, at, size, tiles, centre in zip(ways, view.camera, (wide * t, high * t),
                                            (room.cols + 2, room.rows + 2),
                                            ((cell[1] + 0.5) * t, (cell[0] + 0.5) * t)):
        if not way:
            continue
        end = tiles * t - size  # the camera clamped at the room's far edge
        low, high_ = at - CAMERA_ERROR, at + CAMERA_ERROR  # the cameras it may be
        lo = low + size / 2 if low > 0 else -np.inf
        hi = high_ + size / 2 if high_ < end else np.inf
        far = max(far, lo - centre, centre - hi)
    return far


def _unfollowed(view: View, room: Room, cells: Iterable[tuple[int, int]],
                shape: tuple[int, ...]) -> list[tuple[int, int]]:
    """Of room ``cells`` (walls included) read as Link's, those the camera is not following
    (:func:`_camera_distance` over :data:`LINK_REACH`, the ways the whole picture is in the
    screenshot ``shape``: :func:`_whole_ways`). His sprite's centre is within
    :data:`LINK_REACH` of his tile's: a few pixels off it standing, at most half a tile
    mid-step, and in the doorway before he steps in (the start tile next to it yellow, read
    as his) a tile and a few pixels. 157019 --wider frame 2 (the camera clamped at the
    room's bottom-right corner, Link on the right column, his tile a pale cyan in that
    skin): a blue beetle over a floor tile five columns left of him read as his tile, 40
    console pixels from where any camera within :data:`CAMERA_ERROR` of the one read puts
    him."""
    ways = _whole_ways(view, shape)
    if not any(ways):
        return []
    return [cell for cell in cells if _camera_distance(view, room, cell, ways) > LINK_REACH]


LINK_HIDDEN = 0.7  # a floor tile read as a state by under this share of its pixels may be his


def _link_hidden(floor: list[int], labels: list[str], shares: list[float],
                 away: Collection[int] = ()) -> list[int]:
    """The floor tiles (indices of ``floor``: every floor tile read, a cut one too) to leave
    unknown because each may be Link's though it read as a state (``labels``, every tile's
    label as written; ``shares``: the share of its pixels its read look has); ``away``: the
    tiles the camera cannot be following him on (:func:`_unfollowed`).

    The camera follows Link: on the floor he stands on a tile in view, his sprite over most
    of it. A colour correction that lifts the darks and narrows the range, or a gamma that
    darkens the mid-tones, leaves his tile's yellow too pale or too dark to count as yellow
    (:func:`_yellow_share` 2-11%), and a pack calibrated with Link off his tile has no
    yellow look: what shows of the tile around his sprite votes for the stepped red
    (150013 --widest all: 36% of its pixels; 150015 --widest gamma: 56%) and his tile is
    stated stepped, a confident wrong. So, when no floor tile reads as his, every one read
    as a state by under :data:`LINK_HIDDEN` of its pixels where the camera may be following
    him is left unknown: a floor tile with no sprite over it reads by 0.9 and more of its
    pixels, and an enemy over a tile leaves it as weak as his sprite leaves his. 169003
    --widest all (heavy blur, colour correction 0.89, yellow beetles): the weakest alone
    was unread, a beetle's tile (0.44 of its pixels; frame 2: 0.58, a beetle five rows
    above a camera clamped at the room's bottom), and his tile (0.57, 0.59) was stated
    not stepped, twice a confident wrong. Only a state turns unknown; with Link off the
    floor (the doorway) weak tiles (enemies over them) go unread, which is no wrong."""
    if any(labels[i] == LINK for i in floor):
        return []
    return [i for i in floor if i not in away and labels[i] in (NOT_STEPPED, STEPPED)
            and shares[i] < LINK_HIDDEN]


BOTH_STATES = 0.1  # a floor tile read weakly, this share of it agreeing with the other state


def _both_states(tiles: np.ndarray, floor: list[int], labels: list[str], shares: list[float],
                 looks: Looks) -> list[int]:
    """The floor tiles (indices into ``tiles``, of ``floor``) read as a state (``labels``)
    by under :data:`LINK_HIDDEN` of their pixels (``shares``) with at least
    :data:`BOTH_STATES` of them agreeing where they lie with the other state's look: to
    leave unknown. Issue 18: enemies may walk over tiles. A sprite of one state's colours
    over part of a tile of the other shows both states' looks on one tile, and which is
    the tile's cannot be told by how many pixels each has: 172007 --wider frame 1 (4.76x,
    blue slimes, the stepped floor blue), a not-stepped tile under a slime read stepped by
    57% of its pixels, not stepped by 18% (its corners), a confident wrong. A tile with no
    sprite over it reads as its state by 0.9 and more of its pixels, none the other's."""
    weak = [i for i in floor if labels[i] in (NOT_STEPPED, STEPPED)
            and shares[i] < LINK_HIDDEN]
    if not weak or not {NOT_STEPPED, STEPPED} <= set(looks.names):
        return []
    from gridsight.vision.mapview import votes

    names = np.array(looks.names)
    shares_of = votes(tiles[weak], looks, np.isin(names, [NOT_STEPPED, STEPPED]))
    other = {NOT_STEPPED: names == STEPPED, STEPPED: names == NOT_STEPPED}
    return [i for i, got in zip(weak, shares_of)
            if float(got[other[labels[i]]].sum()) >= BOTH_STATES]


CLEAN_SHARE = 0.9  # a floor tile with no sprite over it reads as its look by this share
OFF_COLOUR = 12.0  # levels: a weak tile's pixels this far off its state's clean tiles' colour


def _off_colour(tiles: np.ndarray, floor: list[int], labels: list[str], shares: list[float],
                reads: list, looks: Looks) -> list[int]:
    """The floor tiles (indices into ``tiles``, of ``floor``) read as a state (``labels``)
    by under :data:`CLEAN_SHARE` of their pixels (``shares``: a sprite over them), no tile
    read as Link's, whose pixels agreeing with the look read (``reads``) differ from it on
    average by more than :data:`OFF_COLOUR` on a channel beyond what the view's clean tiles
    of that state (at least :data:`CLEAN_SHARE`) differ from it: to leave unknown.

    Link stands on a tile in view, his sprite over part of it. A gamma that darkens the
    mid-tones and a colour correction take his tile's yellow down near the stepped floor's
    red: 175300 --widest all frame 1 (gamma 1.77, correction 0.27, the pack with no yellow
    look), his tile (27, 41, 57) against the stepped look's (47, 48, 82), every pixel of it
    within the look's tolerance, his sprite drawn 5 px off it over a third of it: read
    stepped by 0.77 of its pixels (:data:`LINK_HIDDEN` 0.7 lets it be), a confident wrong.
    Its colour, not its share, tells it from a stepped tile: the stepped tiles of the same
    frame sit within a few levels of the look, his 17-25 off."""
    if not floor or any(labels[i] == LINK for i in floor):
        return []
    offsets: dict[int, np.ndarray] = {}
    for i in floor:
        look = reads[i].look
        if labels[i] not in (NOT_STEPPED, STEPPED) or look < 0 or looks.names[look] != labels[i]:
            continue
        diff = tiles[i].astype(np.int16) - looks.images[look].astype(np.int16)
        close = np.abs(diff).max(axis=-1) <= looks.tolerance
        if close.any():
            offsets[i] = diff[close].mean(axis=0)
    out = []
    for i, offset in offsets.items():
        if shares[i] >= CLEAN_SHARE:
            continue
        clean = [offsets[j] for j in offsets
                 if j != i and labels[j] == labels[i] and shares[j] >= CLEAN_SHARE]
        if clean and float(np.abs(offset - np.median(clean, axis=0)).max()) > OFF_COLOUR:
            out.append(i)
    return out


def contradictions_text(board: BoardRead) -> str | None:
    """The cells a room read did not believe, in words (``None`` when there are none): the
    room file has a statue there, the screenshot shows floor."""
    from gridsight.solvers.cellnames import cell_names

    cells = board.extras.get("contradictions", ())
    if not cells:
        return None
    return (f"the room file has a statue at {cell_names(list(cells))} but the screenshot "
            "shows floor there: left '?' (is the view placed right, and is it the room's "
            "file?)")


REBUILT_SURE = 0.8  # a tile reads as the rebuilt stepped look by this share of its pixels


def _rebuilt_stepped(tiles: np.ndarray, floor: list[int], looks: Looks) -> set[int]:
    """The floor tiles (indices into ``tiles``, among ``floor``) read as stepped through a
    stepped look rebuilt from the not-stepped one, for a pack calibrated with no red tile in
    view. The floor's states are one design in three palettes (as Link's yellow look is
    rebuilt in calibration): the red tiles in view give the palette (one affine colour map
    from the not-stepped look, fitted on all their red pixels at once), the not-stepped look
    the design. A tile reads stepped only when its typical colour is red, the rebuilt look
    wins its pixels' vote and holds at least :data:`REBUILT_SURE` of them: a red sprite over
    a blue tile covers half of it at most, and a tile whose design is not the floor's does
    not match."""
    from gridsight.vision.mapview import read_tiles

    if NOT_STEPPED not in looks.names:
        return set()
    red = [i for i in floor
           if _hue_name(np.median(tiles[i].reshape(-1, 3), axis=0)) == STEPPED]
    if not red:
        return set()
    base = looks.images[looks.names.index(NOT_STEPPED)]
    look = _recoloured_many(base, tiles[red])
    if look is None:
        return set()
    more = Looks(np.concatenate([looks.images, look[None]]), looks.kinds + (FLOOR,),
                 looks.names + (REBUILT,), looks.tolerance)
    reads = read_tiles(tiles[red], more, {FLOOR})
    index = len(looks.names)
    return {i for i, read in zip(red, reads)
            if read.look == index and read.share >= REBUILT_SURE}


REBUILT = "x-rebuilt"  # the rebuilt look's name while reading (never a pack's label)


def _recoloured_many(base: np.ndarray, targets: np.ndarray) -> np.ndarray | None:
    """``base``'s design in the colours of ``targets`` (red floor tiles): one affine colour
    map fitted on all their red pixels, then on those close to the map (a sprite over a
    tile left out). ``None`` when under a third of their pixels fit."""
    b = np.tile(base.reshape(-1, 3).astype(np.float64), (len(targets), 1))
    y = targets.reshape(-1, 3).astype(np.float64)
    hsv = cv2.cvtColor(targets.reshape(-1, 1, 3), cv2.COLOR_BGR2HSV).reshape(-1, 3)
    hue, sat = hsv[:, 0].astype(np.float64) * 2, hsv[:, 1].astype(np.float64) / 255
    fits = _colour_map_fits(b, y, _red(hue, sat), len(y) / 3)
    if len(fits) < MAP_ROUNDS:
        return None
    return np.clip(fits[-1][: base.shape[0] * base.shape[1]], 0, 255).reshape(base.shape) \
        .astype(np.uint8)


def board_geometry(view: View, room: Room) -> BoardGeometry:
    """The board (the room inside its walls) in the screenshot, with the part of it the view
    shows (``view``, board units), so nothing is drawn off the view."""
    screen = view.screen
    s = screen.native_scale
    t = view.placement.tile
    x0, y0, x1, y1 = screen.view_rect()
    cx, cy = view.camera
    left = x0 + (t - cx) * s
    top = y0 + (t - cy) * s
    geometry = BoardGeometry.from_rect(left, top, t * s, t * s, room.rows, room.cols)
    visible = ((cx - t) / t, (cy - t) / t, (cx - t + (x1 - x0) / s) / t,
               (cy - t + (y1 - y0) / s) / t)
    return geometry.with_view(visible)


def board_tokens(board: BoardRead, room: Room) -> list[list[str]]:
    """The board in the text format from a room read: ``?`` for every cell not read (out of
    view, or hidden), the room's ``#`` and ``S`` where seen, Link's tile ``L`` (the start
    tile while Link stands on it or has not stepped in), stepped tiles ``x``.

    When the read merges several views (``analyze --sequence``, ``live``), only Link changes
    tiles, so a tile hidden now (by an enemy) keeps its state. Link stands on one tile: when
    he is read on a tile in view, a tile still believed his is one he has left, so stepped
    (``x``). When he is not read now, the tiles he may have stepped on since he was last read
    are ``?`` (:func:`in_doubt`), and so is a tile still believed his."""
    view = board.extras.get("view")
    hidden = set(board.extras.get("unread_now", ()))

    def seen_now(r: int, c: int) -> bool:
        return (view is not None and view[0][0] <= r <= view[0][1]
                and view[1][0] <= c <= view[1][1] and (r, c) not in hidden)

    here = [(r, c) for r, row in enumerate(board.cells) for c, cell in enumerate(row)
            if cell.label == LINK and seen_now(r, c)]
    doubt: set[tuple[int, int]] = set()
    if not here and view is not None and "unread_now" in board.extras:
        doubt = in_doubt(board, seen_now)
    grid = []
    for r, row in enumerate(board.cells):
        line = []
        for c, cell in enumerate(row):
            token = room.grid[r][c]
            label = cell.label
            if label == LINK and here and (r, c) not in here:
                label = STEPPED  # Link has left it since
            if (r, c) in doubt and token != "#":
                label = UNKNOWN  # Link may stand on it now, or have crossed it
            if label in (UNKNOWN, "?", ""):
                line.append("?")
            elif token == "#":
                line.append("#")
            elif token == "S":
                line.append("S")
            elif label == LINK:
                line.append("L")
            elif label == STEPPED:
                line.append("x")
            elif label == NOT_STEPPED:
                line.append("E" if token == "E" else ".")
            else:
                line.append("?")
        grid.append(line)
    return grid


def in_doubt(board: BoardRead, seen_now) -> set[tuple[int, int]]:
    """The cells of a merged read, Link not read in it, whose state is not sure now: each
    not seen now (``seen_now``: in view and read) and believed Link's (he may have left it)
    or not stepped, where Link may stand now or may have stepped since he was last read.

    - He stands on a tile fully on the screen, as the cells read are: the screen shows
      ``GBC.view_tiles`` (10x8) tiles fully at most, so his tile is in a box that size
      round the cells read (wider than them when the picture is cut, or a cell unsure).
      This needs no count of his steps: screenshots taken several steps apart keep it.
      The console's view also holds every room pixel the screenshot shows of it (the
      read's ``extras["shown"]``, :meth:`View.shown`, the edge's cut tiles included), so
      it reaches at most its size less theirs past them: a picture cut 13 console pixels
      into its top row of walls (135100 case 0, the camera at the room's top) shows 115
      of the 128 rows, so the screen ends 13 pixels under them, short of the board's row
      8, which the box round the cells read (7 rows) took in.
    - The tiles he has left since he was last read: the read's ``extras["sighting"]``
      (:class:`gridsight.tracking.Sighting`) says where and how many frames since, each
      holding at most one of his steps (or the more the frames so far showed: its
      ``pace``), so they are fewer steps from his last tile than that (statues not counted,
      so never fewer tiles than the walks round them). A tile farther and off that box is
      sure, however the view moved. Without a sighting (never read yet), every tile is in
      doubt."""
    view = board.extras["view"]
    sighting = board.extras.get("sighting")
    wide, high = GBC.view_tiles
    (r0, r1), (c0, c1) = view
    last = tuple(sighting.cells) if sighting is not None else ()
    steps = sighting.steps(sighting.missed) if sighting is not None else 0
    t = GBC.tile_px
    shown = board.extras.get("shown")

    def on_console(r: int, c: int) -> bool:
        """Board cell ``(r, c)``'s tile (walls counted: room cell ``r + 1, c + 1``) inside
        a console view holding the pixels shown (any, when they are not known)."""
        if shown is None:
            return True
        x0, y0, x1, y1 = shown
        left, top = (c + 1) * t, (r + 1) * t
        return x1 - wide * t <= left and left + t <= x0 + wide * t and \
            y1 - high * t <= top and top + t <= y0 + high * t

    def reached(r: int, c: int) -> bool:
        on_screen = r1 - high < r < r0 + high and c1 - wide < c < c0 + wide \
            and on_console(r, c)
        if on_screen or not last:
            return True  # he may stand there now (or, never read, anywhere)
        return min(abs(r - a) + abs(c - b) for a, b in last) < steps  # left since

    return {(r, c) for r, row in enumerate(board.cells) for c, cell in enumerate(row)
            if cell.label in (NOT_STEPPED, LINK) and not seen_now(r, c) and reached(r, c)}


def describe_view(board: BoardRead) -> str:
    """The view's board cells in words, for the report."""
    view = board.extras.get("view")
    if view is None:
        return "no board cell fully in view"
    (r0, r1), (c0, c1) = view
    return f"in view: rows {r0 + 1} to {r1 + 1}, columns {c0 + 1} to {c1 + 1}"


__all__ = ["GBC", "Room", "RoomCalibration", "RoomRead", "View", "board_tokens",
           "calibrate_room", "contradictions_text", "describe_view", "in_doubt", "locate_view", "read_view",
           "room_from_board", "room_of", "tiles_at"]
