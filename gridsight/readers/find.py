"""Finding a game's board in a screenshot, and telling which game a screenshot shows.

``--game auto`` tries every game that has a reader with its pack and keeps the located board
whose frame matches best (the anchor score times the fraction of cells that read as some
label): a screenshot of one game does not hold another game's board frame, so the right game
wins by a wide margin.

A board with no frame to match (the real Disco Zoo rescue screen: a frameless lattice of
tiles) is found by its structure instead (:func:`structural_games`, the games whose spec
says how: ``GridReading.structure``): when the pack's frame is not
found (``--game disco-zoo``), or when no game's frame matches well (``--game auto``). Such a
board comes with a template-less pack named ``<game>/structure``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

import cv2
import numpy as np

from gridsight.readers.base import SavedBoxOutside
from gridsight.readers.desktop import (
    FURNITURE,
    VIEW,
    ScreenLocator,
    in_view,
    locate_inside,
    same_board,
    view_around,
)
from gridsight.vision.classify import BoardRead, read_cells
from gridsight.vision.errors import BoardNotFoundError
from gridsight.vision.locate import anchor_score, locate_board
from gridsight.vision.packs import Anchor, TemplatePack
from gridsight.vision.packs import load_game_pack as load_pack_for_game
from gridsight.vision.regions import Region, propose_regions

if TYPE_CHECKING:  # pragma: no cover
    from gridsight.readers.base import BoardReading

STRUCTURE_SKIN = "structure"  # the pack name shown for a board found by its structure
STRONG_FRAME = 0.5  # a pack's board matching at least this well is not second-guessed
CERTAIN_FRAME = 1.0  # ... by another game's board found by structure, below this it may be
INSIDE_SHARE = 0.4  # a board narrower than this share of the frame may be on a screen in it
FIRMER = 0.15  # a read as full as another's and this much surer per cell is the better one
PACK_HIGH = 4.0  # the largest scale of a pack's board searched for (:func:`located_larger`)
LARGER_SHARE = 0.4  # a pack's board narrower than this share of the frame at the largest scale
HALF = 2  # ... searched (4x) may be shown larger: looked for in the frame this many times smaller
PACK_TRIES = 4  # the window-like regions a pack's board is looked for in when the frame misses
PACK_ACROSS = 3  # ...and those found by their top and bottom over them (a fourth, tried for a
# board found by its structure, would cost a pack search more on every frame with no game)


def structural_games() -> list[str]:
    """The games whose board can also be found by its structure, with no frame template (a
    real-look Disco Zoo screen: a frameless lattice of tiles), in registry order."""
    from gridsight.games.spec import GridReading
    from gridsight.registry import all_specs

    return [spec.name for spec in all_specs()
            if isinstance(spec.reading, GridReading) and spec.reading.structure is not None]


@dataclass(frozen=True, eq=False)
class Found:
    """A located board: the game, its pack, the cells as read and how sure the location is."""

    game: str
    pack: TemplatePack
    read: BoardRead
    score: float


def load_game_pack(game: str, pack: str | None, *,
                   time_limit: float | None = None) -> TemplatePack:
    """The pack ``pack`` of ``game`` (:func:`gridsight.vision.packs.load_game_pack`: a folder path, or a
    skin name, the player's packs first; the default skin when ``pack`` is ``None``).

    Reading the pack counts against the command's ``--time-limit`` (``time_limit`` seconds,
    ``None`` or 0: none): past it, a :class:`gridsight.errors.RuntimeFailure` (exit 1) says so."""
    import time

    from gridsight.errors import RuntimeFailure
    from gridsight.vision.errors import PackTimeLimit

    deadline = time.monotonic() + time_limit if time_limit else None
    try:
        return load_pack_for_game(game, pack, deadline=deadline)
    except PackTimeLimit as error:
        raise RuntimeFailure(str(error)) from None


def _scrolling(game: str, pack: TemplatePack):
    """The game's reading of boards bigger than the screen, when ``pack`` is for one."""
    from gridsight.games.spec import GridReading
    from gridsight.registry import get_spec

    reading = get_spec(game).reading
    return reading.scrolling_for(pack) if isinstance(reading, GridReading) else None


def find_board(image: np.ndarray, game: str, pack: TemplatePack) -> Found:
    """Locate ``pack``'s board in ``image`` (0.5x to 4x) and read its cells; failing that,
    for a game whose board can be found by its structure (:func:`structural_games`), find it
    so, in the whole frame or inside it (:class:`BoardNotFoundError` if neither finds it).
    A structural game's board found by its pack in a frame much wider than it is given the
    screen around it (:func:`with_screen`); one whose cells the pack does not all read is
    compared with the board found by its structure, and the fuller read wins."""
    try:
        found = _located(image, game, pack, 0.5, 4.0)
    except BoardNotFoundError as error:
        if game not in structural_games():
            inside = located_inside(image, game, pack) or located_larger(image, game, pack)
            if inside is None:
                raise
            return inside
        try:
            return find_by_structure(image, game, like=pack)
        except BoardNotFoundError as other:
            raise BoardNotFoundError(game, f"{error.detail}; {other.detail}") from None
    if game not in structural_games():
        if found.read.known_fraction < 1.0 and _narrow(found, image):
            inside = located_inside(image, game, pack)
            if inside is not None and inside.read.known_fraction > found.read.known_fraction:
                return inside
        return found
    found = with_screen(image, found)
    if VIEW not in found.read.extras and (found.read.known_fraction < 1.0
                                          or _firmness(found.read) < 1.0 - FIRMER):
        # Cells the pack does not read, or reads unsurely: its frame may have matched a
        # screen of another look (a real-look screen, whose board the structure finds); the
        # better read wins (:func:`_better_read`).
        try:
            by_structure = find_by_structure(image, game, like=pack)
        except BoardNotFoundError:
            return found
        if _better_read(by_structure.read, found.read):
            return by_structure
    return found


def _firmness(read: BoardRead) -> float:
    """How sure ``read`` is of the cells it reads: their mean score (0 with none read)."""
    scores = [c.score for row in read.cells for c in row if c.known]
    return float(np.mean(scores)) if scores else 0.0


def _better_read(other: BoardRead, read: BoardRead) -> bool:
    """Whether ``other`` reads the board better than ``read``: more of its cells, or as many
    and :data:`FIRMER` surer of them. Our skin's frame matched on a screen of another look
    (harder desktop 117019: an Ice Age rescue in a mirroring window, 16% of the frame, frame
    score 0.98) reads every cell but one through templates of another look, grass as dug at
    0.69 and dirt at 0.45 (0.66 a cell), and was said as a board of taps not made; the same
    board found by its structure reads as many cells at 0.97 a cell. Our own skin read by its
    pack scores 0.94 to 0.98 a cell (0.6x to 2x, JPEG 40 to 95), so its read is never given
    up for the structure's."""
    if other.known_fraction != read.known_fraction:
        return other.known_fraction > read.known_fraction
    return _firmness(other) >= _firmness(read) + FIRMER


def located_inside(image: np.ndarray, game: str, pack: TemplatePack) -> Found | None:
    """``pack``'s board located in a window-like region of ``image``
    (:func:`gridsight.vision.regions.propose_regions`), in the frame's coordinates: the best match of
    the regions tried, ``None`` when none holds it (or ``pack`` is for a board bigger than
    the screen). For a game found by its pack's frame in a desktop capture whose whole-frame
    search missed it, or read it incompletely: among a desktop's windows and their edges the
    coarse search over the whole frame may settle on the wrong place (a pentomino level in an
    emulator's window: 1 of 100 held-out 1920x1080 captures), while in the window alone it
    is as on a screenshot of its own."""
    if _scrolling(game, pack) is not None:
        return None
    best: Found | None = None
    for region in propose_regions(image, keep=PACK_TRIES, over=PACK_ACROSS):
        try:
            found = _located(np.ascontiguousarray(region.crop(image)), game, pack, 0.5, 4.0)
        except BoardNotFoundError:
            continue
        read = found.read
        moved = BoardRead(region.to_frame(read.geometry), read.cells, read.gain,
                          read.pack_name, read.extras)
        if best is None or found.score > best.score:
            best = Found(game, pack, moved, found.score)
        if read.known_fraction >= 1.0 and found.score >= STRONG_FRAME:
            break
    return best


def located_larger(image: np.ndarray, game: str, pack: TemplatePack) -> Found | None:
    """``pack``'s board shown larger than the pack search's 4x, found in ``image`` shrunk
    :data:`HALF` times (at 2x to 4x there: 4x to 8x here) and read in ``image`` itself;
    ``None`` when not found, or when the board at 4x already spans :data:`LARGER_SHARE` of
    the frame's width (a game's screen in a desktop capture is seldom wider). For a small
    pack in a large capture: our 320-pixel tile-path screen at 4.7x in a 3840x2160 desktop
    (harder desktop 114018) was not found. Only after every other search missed: its cost
    (one search of a quarter of the pixels) falls on the captures where the game is not."""
    if _scrolling(game, pack) is not None:
        return None
    h, w = image.shape[:2]
    if pack.anchor.image.shape[1] * PACK_HIGH >= LARGER_SHARE * w or min(h, w) < HALF:
        return None  # (a picture under HALF pixels high would shrink to none: OpenCV asserts)
    small = cv2.resize(image, (w // HALF, h // HALF), interpolation=cv2.INTER_AREA)
    try:
        geometry = locate_board(small, pack, min_scale=PACK_HIGH / HALF, max_scale=PACK_HIGH)
        return _read_at(image, game, pack, geometry.scaled(HALF))
    except BoardNotFoundError:
        return None


def _narrow(found: Found, image: np.ndarray) -> bool:
    """Whether ``found``'s board is under :data:`INSIDE_SHARE` of the frame's width (it may
    be on a screen inside the frame)."""
    return bool(np.ptp(found.read.geometry.outline()[:, 0]) < INSIDE_SHARE * image.shape[1])


def with_screen(image: np.ndarray, found: Found) -> Found:
    """``found`` with the screen around it (:func:`gridsight.readers.desktop.view_around`) when
    its board is under :data:`INSIDE_SHARE` of the frame's width and a window-like region
    around it shows the same board found by its structure; else ``found`` itself. The board
    found by its structure is returned instead when it reads more of its cells than the pack
    did, or when the pack is a shipped one (our own skin's) and the structure finds the whole
    screen around its board: the frame of our skin matched a screen of another look (a
    real-look rescue among a desktop's windows: 2 of 100 held-out captures, its tiles read
    through our skin's templates)."""
    if not _narrow(found, image):
        return found
    reading = _grid_reading(found.game)
    around = view_around(image, found.read, reading.locate_screen, reading.furniture)
    if around is None:
        return found
    if not _whole_screen(around, reading.furniture) and not (
            shipped(found.pack) and found.read.known_fraction >= 1.0):
        # (not for our own skin read whole by its shipped pack: its furniture is read by the
        # pack's layout, and the search by windows cost 7 to 15 s on a 1920x1080 desktop)
        around = _fuller_window(image, found.read, around, reading)
    if _better_read(around, found.read) or (
            shipped(found.pack) and _whole_screen(around, reading.furniture)):
        return Found(found.game, structure_pack(found.game, like=found.pack), around,
                     around.known_fraction)
    read = found.read
    extras = {**read.extras, VIEW: around.extras[VIEW]}
    return Found(found.game, found.pack,
                 BoardRead(read.geometry, read.cells, read.gain, read.pack_name, extras),
                 found.score)


def _fuller_window(image: np.ndarray, board: BoardRead, around: BoardRead, reading
                   ) -> BoardRead:
    """``around`` (the screen found around ``board`` by the rectangles enclosing it), or the
    window-like region of the frame (:func:`~gridsight.readers.desktop.locate_inside`) that
    shows the same board with more of the screen's furniture. The rectangles around a board
    miss a screen's top when a side of it is blended into its neighbour (harder desktop
    99202: the view cut through the title bar, the counter unseen, ``calibrate`` asked the
    player to mark it); the search by windows, as a board found by its structure gets, finds
    the whole screen. Only for a view that misses furniture (its cost: one search)."""
    try:
        inside = locate_inside(image, reading.locate_screen, reading.furniture)
    except BoardNotFoundError:
        return around
    if not (same_board(inside, board) or same_board(inside, around)):
        return around
    return inside if _shown(inside, reading.furniture) > _shown(around, reading.furniture) \
        else around


def _shown(read: BoardRead, furniture: tuple[str, ...]) -> tuple[int, float]:
    """How much of a screen ``read`` shows: the pieces of ``furniture`` found, the cells
    read."""
    seen = set(read.extras.get(FURNITURE, furniture))
    return sum(name in seen for name in furniture), read.known_fraction


def shipped(pack: TemplatePack) -> bool:
    """Whether ``pack`` is one of the packs shipped with gridsight (our own skins' art), not
    one the player calibrated."""
    from gridsight.vision.packs import shipped_packs_root

    if pack.source is None:
        return False
    try:
        pack.source.resolve().relative_to(shipped_packs_root().resolve())
    except ValueError:
        return False
    return True


def _whole_screen(read: BoardRead, furniture: tuple[str, ...]) -> bool:
    """Every cell read and every piece of ``furniture`` found with ``read``."""
    seen = set(read.extras.get(FURNITURE, furniture))
    return read.known_fraction >= 1.0 and all(name in seen for name in furniture)


def _grid_reading(game: str):
    from gridsight.registry import get_spec

    return get_spec(game).reading


def screen_locator(game: str) -> ScreenLocator:
    """A :class:`~gridsight.readers.desktop.ScreenLocator` of ``game``'s board by its
    structure: in the whole frame, else in a window-like region of it, remembered from one
    call to the next (``gridsight live``)."""
    reading = _grid_reading(game)
    return ScreenLocator(reading.locate_screen, reading.furniture)


def find_by_structure(image: np.ndarray, game: str, like: TemplatePack | None = None) -> Found:
    """The board of ``game`` found by its structure (its spec's ``GridReading.structure``) in
    the whole frame, else inside it (:class:`~gridsight.readers.desktop.ScreenLocator`), its
    score the share of tiles that read as the game's tiles; ``like``'s furniture and
    references (a pack the player calibrated or grew) go with it to the reader."""
    read = _grid_reading(game).locate_by_structure(image)
    return Found(game, structure_pack(game, like), read, read.known_fraction)


def structure_pack(game: str, like: TemplatePack | None = None) -> TemplatePack:
    """A pack with no templates, standing for "read by structure" (its name is shown),
    carrying ``like``'s furniture and reference pictures."""
    base = _structure_pack(game)
    if like is None or not (like.furniture or like.references):
        return base
    from dataclasses import replace

    return replace(base, furniture=dict(like.furniture), references=like.references)


@cache
def _structure_pack(game: str) -> TemplatePack:
    blank = np.zeros((1, 1, 3), np.uint8)
    anchor = Anchor(blank, np.zeros((1, 1), np.uint8), 0.0)
    return TemplatePack(game, STRUCTURE_SKIN, (1, 1), 1, 1, (), anchor)


def _located(image: np.ndarray, game: str, pack: TemplatePack, low: float, high: float) -> Found:
    rooms = _scrolling(game, pack)
    if rooms is not None:  # a board bigger than the screen: the view placed in it
        read = rooms.locate(image, pack)
        return Found(game, pack, read, read.extras.get("fit", 1.0))
    return _read_at(image, game, pack, locate_board(image, pack, min_scale=low, max_scale=high))


def _read_at(image: np.ndarray, game: str, pack: TemplatePack, geometry) -> Found:
    """The board at ``geometry`` in ``image`` read through ``pack``, scored by its frame's
    match and the cells read; :class:`BoardNotFoundError` for a patch of one colour."""
    if _flat(image, geometry):
        raise BoardNotFoundError(game, "its frame's best match is a patch of one colour")
    read = read_cells(image, geometry, pack)
    why = _impossible(game, read)
    if why is not None:
        raise BoardNotFoundError(game, f"its frame's best match reads as no board of the game: "
                                       f"{why}")
    score = anchor_score(image, geometry, pack) * read.known_fraction
    return Found(game, pack, read, score)


def _impossible(game: str, read: BoardRead) -> str | None:
    """Why the cells of ``read`` are no board a screen of ``game`` shows (its spec's
    ``GridReading.impossible``), ``None`` when they may be (or the game does not say)."""
    from gridsight.games.spec import GridReading

    reading = _grid_reading(game)
    if not isinstance(reading, GridReading) or reading.impossible is None:
        return None
    return reading.impossible(read.labels())


FLAT = 2.0  # a board's pixels vary by more than this (levels, standard deviation) somewhere


def _flat(image: np.ndarray, geometry) -> bool:
    """Whether the board's box in ``image`` is one colour or a smooth ramp of colour (each
    channel's standard deviation about its best plane in x and y under :data:`FLAT`): no
    board is, but a blocked tile's template matches a flat patch of its colour (a wallpaper's
    flat circle under a taskbar, no-game desktop 99203: a tile-path board of 48 blocked
    tiles; a wallpaper's gradient under a window, no-game desktop 98418 of the harder kit: 48
    end tiles)."""
    outline = geometry.outline()
    h, w = image.shape[:2]
    x0, y0 = np.clip(np.floor(outline.min(axis=0)), 0, [w, h]).astype(int)
    x1, y1 = np.clip(np.ceil(outline.max(axis=0)), 0, [w, h]).astype(int)
    patch = image[y0:y1, x0:x1]
    if patch.size == 0:
        return False
    pixels = patch.reshape(patch.shape[0], patch.shape[1], -1).astype(np.float32)
    # The best plane a + b x + c y: on the box's centred grid x and y are orthogonal, so each
    # slope is that of the row (column) means, and the plane leaves the variance less what
    # each slope explains.
    ys = np.arange(pixels.shape[0], dtype=np.float64) - (pixels.shape[0] - 1) / 2
    xs = np.arange(pixels.shape[1], dtype=np.float64) - (pixels.shape[1] - 1) / 2
    rows, cols = pixels.mean(axis=1), pixels.mean(axis=0)  # (height, channels), (width, ...)
    along_y, along_x = float(ys @ ys), float(xs @ xs)
    slope_y = ys @ rows / max(along_y, 1e-9)
    slope_x = xs @ cols / max(along_x, 1e-9)
    left = pixels.reshape(-1, pixels.shape[2]).var(axis=0) - \
        slope_y ** 2 * along_y / len(ys) - slope_x ** 2 * along_x / len(xs)
    return bool(np.sqrt(np.maximum(left, 0.0)).max() < FLAT)


def find_in(image: np.ndarray, packs: dict[str, TemplatePack]) -> Found:
    """The board ``gridsight analyze`` finds in ``image`` given these packs: the one game's
    (:func:`find_board`), or the best of every game's (:func:`detect_game`). ``calibrate``
    checks a new pack through this very function and :func:`read_found`, so the read it
    reports is the read ``analyze --pack`` then makes."""
    if len(packs) == 1:
        (game, pack), = packs.items()
        return find_board(image, game, pack)
    return detect_game(image, packs)


def read_found(image: np.ndarray, found: Found, hints) -> BoardReading:
    """The board text of a found board: the game's reader given the screenshot (the screen's
    region of it, for a board found inside a larger frame: :func:`~gridsight.readers.desktop.
    in_view`), the cells as read, the pack and the player's hints (``analyze`` and
    ``calibrate`` alike)."""
    from dataclasses import replace

    from gridsight.registry import get_reader

    pixels, read = in_view(image, found.read)
    region = found.read.extras.get(VIEW)
    try:
        reading = get_reader(found.game).read(pixels, read, found.pack, hints)
    except SavedBoxOutside as error:  # said of the window it was read in, not the capture
        if region is None:
            raise
        raise error.in_window(region.x, region.y, image.shape) from None
    if region is None:
        return reading
    return replace(reading, notes=(*reading.notes, screen_note(region, image.shape)))


def screen_note(region: Region, shape: tuple[int, ...]) -> str:
    """What the report says of a game's screen found inside a larger frame: where, and its
    share of the frame's width.

    >>> from gridsight.vision.regions import Region
    >>> screen_note(Region(860, 62, 462, 833), (1080, 1920, 3))
    "the game's screen is a window of the capture: x 860, y 62, 462x833 px (24% of its width)"
    """
    share = round(100 * region.width / shape[1])
    return (f"the game's screen is a window of the capture: x {region.x}, y {region.y}, "
            f"{region.width}x{region.height} px ({share}% of its width)")


def detect_game(image: np.ndarray, packs: dict[str, TemplatePack]) -> Found:
    """The best-matching board among every game's pack (a structural game's given its
    screen's window when found inside a larger frame, as :func:`find_board` does); when no
    pack's board matches for certain (:data:`CERTAIN_FRAME`: a frame can match scenery of
    another game's screen), the games found by structure are tried too (their own game's
    only when its pack matched weakly, below :data:`STRONG_FRAME`), and a board of theirs
    whose every tile reads wins. :class:`BoardNotFoundError` if none."""
    best: Found | None = None
    for game, pack in packs.items():
        try:
            found = _located(image, game, pack, 0.5, 4.0)
        except BoardNotFoundError:
            continue
        if best is None or found.score > best.score:
            best = found
    if best is not None and best.score >= STRONG_FRAME and best.game in structural_games():
        best = with_screen(image, best)  # its screen's window, when inside a larger frame
    if best is None or best.score < CERTAIN_FRAME:
        for game in structural_games():
            if game not in packs or (best is not None and best.game == game
                                     and best.score >= STRONG_FRAME):
                continue
            try:
                found = find_by_structure(image, game, like=packs[game])
            except BoardNotFoundError:
                continue
            if best is None or found.score >= 1.0 or found.score > best.score:
                best = found
    if best is None:
        raise BoardNotFoundError("game", "tried " + ", ".join(packs))
    return best
