"""Where the live windows go around the game: the status strip and the panel, never over it.

The game's window is the player's; gridsight's windows go beside it:

- the **status strip** (the advice in one line, its why and the warnings) right under the
  game window, else right above it, where the game has no controls of its own; when the screen
  has no room above or below (a game window taller than the screen), beside the window, level
  with its lowest part on the screen (:func:`place_strip_beside`); when no side has room either,
  inside the window under or over the *board*
  (:func:`gridsight.overlay.status.place_status`), never over the board itself;
- the **panel** (a window a few hundred pixels wide) on the side of the game with the most
  room, right or left first (a panel beside a tall phone mirror), then below or above; when no
  side has room for it, on the side with the most room, pushed off the game even if that takes
  it partly off the screen (the player may move it), so it never covers the game and a
  capture of the screen never sees it.

Plain arithmetic on rectangles (:class:`~gridsight.overlay.status.Box`, in the screen's logical
pixels), so it is tested without a display.

>>> screen = Box(0, 0, 1600, 1000)
>>> place_panel((300, 400), [Box(400, 40, 360, 600)], screen)
Box(x=768, y=40, w=300, h=400)
>>> place_strip(Box(400, 40, 360, 600), screen, lambda width: 50)
Box(x=400, y=640, w=360, h=50)
"""

from __future__ import annotations

from typing import Callable, Sequence

from gridsight.overlay.status import Box

GAP = 8  # pixels between the game (and its strip) and the panel
MIN_STRIP_WIDTH = 320  # a strip under a narrow window is made this wide to keep lines short


def union(boxes: Sequence[Box]) -> Box:
    """The smallest box holding every one of ``boxes``."""
    x0 = min(b.x for b in boxes)
    y0 = min(b.y for b in boxes)
    x1 = max(b.x + b.w for b in boxes)
    y1 = max(b.y + b.h for b in boxes)
    return Box(x0, y0, x1 - x0, y1 - y0)


def inside(box: Box, screen: Box) -> bool:
    """Whether ``box`` lies wholly on ``screen``."""
    return (box.x >= screen.x and box.y >= screen.y and box.x + box.w <= screen.x + screen.w
            and box.y + box.h <= screen.y + screen.h)


def _clamp(value: int, low: int, high: int) -> int:
    return max(low, min(value, high)) if high >= low else low


def place_strip(game: Box, screen: Box, height_for: Callable[[int], int],
                min_width: int = MIN_STRIP_WIDTH) -> Box | None:
    """The strip's box just under ``game`` (else just over it), as wide as the game (at least
    ``min_width``, at most the screen) and ``height_for(width)`` high; ``None`` when the
    screen has room on neither side."""
    width = min(max(game.w, min_width), screen.w)
    x = _clamp(game.x, screen.x, screen.x + screen.w - width)
    height = int(height_for(width))
    below = Box(x, game.y + game.h, width, height)
    if inside(below, screen):
        return below
    above = Box(x, game.y - height, width, height)
    if inside(above, screen):
        return above
    return None


def place_strip_beside(game: Box, screen: Box, height_for: Callable[[int], int],
                       min_width: int = MIN_STRIP_WIDTH, gap: int = GAP) -> Box | None:
    """The strip's box beside ``game`` (right, else left: the side with more room, at least
    ``min_width``), as wide as the game (at most the room), its foot level with the game's
    lowest row on the screen; ``None`` when neither side has the room. For a game window
    taller than the screen, whose strip went inside it, over the game's lower frame (a tray of
    pentomino pieces).

    >>> place_strip_beside(Box(40, 40, 540, 900), Box(0, 0, 1600, 900), lambda width: 60)
    Box(x=588, y=840, w=540, h=60)
    """
    rooms = [(screen.x + screen.w - (game.x + game.w + gap), "right"),
             (game.x - gap - screen.x, "left")]
    room, side = max(rooms, key=lambda item: item[0])  # the right first when they are equal
    if room < min_width:
        return None
    width = min(max(game.w, min_width), room)
    height = int(height_for(width))
    foot = min(game.y + game.h, screen.y + screen.h)
    y = _clamp(foot - height, screen.y, screen.y + screen.h - height)
    x = game.x + game.w + gap if side == "right" else game.x - gap - width
    box = Box(x, y, width, height)
    return box if inside(box, screen) and not box.overlaps(game) else None


def place_panel(size: tuple[int, int], avoid: Sequence[Box], screen: Box,
                gap: int = GAP) -> Box:
    """The panel's box (``size`` = width, height) beside every box of ``avoid`` (the game and
    its strip), on the side of them with the most room that holds it whole (see the module's
    docstring when none does)."""
    w, h = int(size[0]), int(size[1])
    block = union(avoid)
    top = _clamp(block.y, screen.y, screen.y + screen.h - h)
    left = _clamp(block.x, screen.x, screen.x + screen.w - w)
    rooms = {  # side: (the panel's box there, the room that side has)
        "right": (Box(block.x + block.w + gap, top, w, h),
                  screen.x + screen.w - (block.x + block.w + gap)),
        "left": (Box(block.x - gap - w, top, w, h), block.x - gap - screen.x),
        "below": (Box(left, block.y + block.h + gap, w, h),
                  screen.y + screen.h - (block.y + block.h + gap)),
        "above": (Box(left, block.y - gap - h, w, h), block.y - gap - screen.y),
    }
    fitting = [(room, box) for box, room in rooms.values()
               if inside(box, screen) and not any(box.overlaps(b) for b in avoid)]
    if fitting:
        return max(fitting, key=lambda item: item[0])[1]
    # No side holds it whole: the roomiest side, off the game even past the screen's edge.
    return max(rooms.values(), key=lambda item: item[1])[0]


def holds_beside(size: tuple[int, int], avoid: Sequence[Box], screen: Box,
                 gap: int = GAP) -> bool:
    """Whether some side of ``avoid`` (the game's window, with its strip) holds a panel of
    ``size`` whole on ``screen``, off every box of ``avoid``. On a 700x1000 portrait screen a
    360x600 Disco Zoo window (its strip under it) has 292 px right of it and 324 under the
    strip: the 331x435 panel fits on no side; it went right of the game, its advice cut at
    the screen's edge, then into the screen's corner over the game's. Folded to its advice
    (about 160 px high) it fits under the strip.

    >>> game, strip = Box(40, 40, 360, 600), Box(40, 640, 360, 28)
    >>> holds_beside((331, 435), [game, strip], Box(0, 0, 700, 1000))
    False
    >>> holds_beside((331, 160), [game, strip], Box(0, 0, 700, 1000))
    True
    >>> holds_beside((331, 435), [game, strip], Box(0, 0, 1600, 1000))
    True
    """
    box = place_panel(size, avoid, screen, gap)
    return inside(box, screen) and not any(box.overlaps(b) for b in avoid)


def in_strips_place(panel: Box, game: Box, strip: Box) -> bool:
    """Whether ``panel`` lies past ``strip`` on the game's side the strip is on (under the
    game's window, the strip between them; or over it): then the panel's advice line, the
    first it shows, and the strip's say the same thing one over the other, and the panel can
    take the strip's place against the window (the strip left off). On a 700x1000 portrait
    screen the 360x600 Disco Zoo window's strip (640-668) had the panel under it at 676
    until the first advice folded it, then the strip went off and the panel moved up to 648
    (the player's eye chased it); placed at 648 from the first frame it stays there.

    >>> game, strip = Box(40, 40, 360, 600), Box(40, 640, 360, 28)
    >>> in_strips_place(Box(40, 676, 331, 278), game, strip)
    True
    >>> in_strips_place(Box(408, 40, 419, 476), game, strip)  # right of the game
    False
    >>> in_strips_place(Box(40, 4, 331, 30), Box(40, 400, 360, 300), Box(40, 372, 360, 28))
    True
    """
    level = panel.x < game.x + game.w and game.x < panel.x + panel.w
    if not level or strip.overlaps(game) or not (
            strip.x < panel.x + panel.w and panel.x < strip.x + strip.w):
        return False
    if strip.y >= game.y + game.h:  # the strip under the game: the panel under the strip
        return panel.y >= strip.y + strip.h
    if strip.y + strip.h <= game.y:  # over it: the panel over the strip
        return panel.y + panel.h <= strip.y
    return False


def most_shown(boxes: Sequence[Box], screen: Box, start: float = 0.75) -> Box:
    """Of ``boxes`` (places of one window, none wholly on ``screen``), the one the player
    reads best: one with its left edge on the screen and at least ``start`` of its width
    shown comes first (a panel's lines start at its left: its advice cut at the start, the
    cell it names is lost), then the one showing the most of itself.

    >>> most_shown([Box(-127, 50, 419, 428), Box(668, 50, 419, 428)], Box(0, 0, 1024, 700))
    Box(x=668, y=50, w=419, h=428)
    >>> most_shown([Box(-10, 50, 419, 428), Box(868, 50, 419, 428)], Box(0, 0, 1024, 700))
    Box(x=-10, y=50, w=419, h=428)
    """
    def shown(box: Box) -> tuple[int, int]:
        dx = min(box.x + box.w, screen.x + screen.w) - max(box.x, screen.x)
        dy = min(box.y + box.h, screen.y + screen.h) - max(box.y, screen.y)
        return max(0, dx), max(0, dy)

    def key(box: Box) -> tuple[bool, int]:
        dx, dy = shown(box)
        return box.x >= screen.x and dx >= start * box.w, dx * dy

    return max(boxes, key=key)


def strip_off_panel(strip: Box, panel: Box, screen: Box, board: Box | None = None,
                    keep: Sequence[Box] = ()) -> Box | None:
    """The strip's box moved clear of ``panel`` when no place of the panel keeps off the
    strip: just under the panel, just over it, at the screen's foot or at its top (as wide
    and high as ``strip``, on ``screen``, off the panel), a place off ``board`` first, then
    the nearest to where the strip was; ``None`` when none is. A 360x640 screen (a phone's
    own): a 360x600 Disco Zoo window's strip went inside it under the board, and the panel
    (512 px high, wider than the screen) covered it wherever it went, the advice line
    hidden under it. A place over none of ``keep`` (what the panel asks about: a rescue's
    cards and title bar) comes before any other: at the screen's top, the strip hid the
    region's name the panel asked the player to read.

    >>> strip_off_panel(Box(0, 484, 360, 60), Box(0, 0, 419, 512), Box(0, 0, 360, 640),
    ...                 Box(41, 235, 258, 258))
    Box(x=0, y=512, w=360, h=60)
    >>> strip_off_panel(Box(0, 484, 360, 60), Box(0, 128, 419, 512), Box(0, 0, 360, 640),
    ...                 Box(41, 235, 258, 258))
    Box(x=0, y=68, w=360, h=60)
    >>> strip_off_panel(Box(0, 469, 360, 38), Box(0, 284, 356, 356), Box(0, 0, 360, 640),
    ...                 Box(41, 180, 280, 280), keep=[Box(5, 0, 351, 152)])
    Box(x=0, y=246, w=360, h=38)
    >>> strip_off_panel(Box(40, 640, 360, 28), Box(369, 565, 331, 435), Box(0, 0, 700, 1000),
    ...                 Box(80, 280, 260, 260))
    Box(x=1, y=640, w=360, h=28)
    """
    x = _clamp(strip.x, screen.x, screen.x + screen.w - strip.w)
    ys = [panel.y + panel.h, panel.y - strip.h, screen.y + screen.h - strip.h, screen.y]
    # ... and any free band between what it keeps off: just under or over each of them (a
    # 360x640 phone's strip went over the board's first row, 32 px free between the cards
    # and the board)
    for b in [*keep, *([board] if board is not None else [])]:
        ys += [b.y + b.h, b.y - strip.h]
    places = [Box(x, y, strip.w, strip.h) for y in ys]
    # ... or where it was, slid sideways clear of the panel (a 700x1000 screen: the strip
    # under a 360 px Disco Zoo window, the panel's corner over its right end, went up over
    # the game's BACK and MAP bar where sliding it 39 px left kept it under the game)
    places += [Box(sx, strip.y, strip.w, strip.h)
               for sx in (panel.x - GAP - strip.w, panel.x + panel.w + GAP)]
    places = [b for b in places if inside(b, screen) and not b.overlaps(panel)]
    if not places:
        return None
    return min(places, key=lambda b: (any(b.overlaps(k) for k in keep),
                                      board is not None and b.overlaps(board),
                                      abs(b.y - strip.y)))


def least_over(size: tuple[int, int], board: Box, screen: Box, gap: int = GAP,
               keep: Sequence[Box] = (), clear: Sequence[Box] = (),
               window: Box | None = None) -> Box:
    """The panel's box on ``screen`` covering the least of ``board`` (when no place on the
    screen is clear of it): beside each side of the board, clamped onto the screen, and the
    screen's corners; the first of the least covering. A corner was taken whatever it
    covered (a minesweeper panel over two of the board's nine columns where one was enough).
    A place over none of ``keep`` (the cells the advice outlines) comes before any other: a
    minesweeper board stretched over a whole 1600x900 screen had the panel in the corner
    covering the least of the board, and the advised cell under its edge. Then a place over
    none of ``clear`` (the status strip: a pentomino panel over a stretched board hid the
    strip's text under it, the strip under the board inside the game). Of places covering as
    little of the board, the one covering the least of ``window`` (the game's, when it is
    smaller than the screen: its wallet and controls) comes first.

    >>> least_over((500, 400), Box(450, 100, 700, 700), Box(0, 0, 1600, 900),
    ...            clear=[Box(450, 0, 700, 60)])
    Box(x=1100, y=500, w=500, h=400)

    >>> least_over((500, 400), Box(450, 100, 700, 700), Box(0, 0, 1600, 900),
    ...            keep=[Box(1120, 120, 30, 30)])
    Box(x=0, y=0, w=500, h=400)

    >>> least_over((500, 400), Box(450, 100, 700, 700), Box(0, 0, 1600, 900))
    Box(x=1100, y=0, w=500, h=400)

    A 640x360 Thrill Digger window on an 800x600 screen, the panel lifted onto it: right of
    the pit, in the screen's corner, over none of the pit and the least of the game's window:

    >>> least_over((244, 385), Box(158, 55, 363, 264), Box(0, 0, 800, 600),
    ...            window=Box(20, 20, 640, 360))
    Box(x=556, y=215, w=244, h=385)
    """
    w, h = int(size[0]), int(size[1])

    def clamp(x: int, y: int) -> Box:
        return Box(_clamp(x, screen.x, screen.x + screen.w - w),
                   _clamp(y, screen.y, screen.y + screen.h - h), w, h)

    candidates = [clamp(board.x + board.w + gap, board.y), clamp(board.x - gap - w, board.y),
                  clamp(board.x, board.y + board.h + gap), clamp(board.x, board.y - gap - h)]
    candidates += [clamp(x, y) for y in (screen.y, screen.y + screen.h - h)
                   for x in (screen.x + screen.w - w, screen.x)]

    def covered(box: Box, under: Box | None = board) -> int:
        if under is None:
            return 0
        dx = min(box.x + box.w, under.x + under.w) - max(box.x, under.x)
        dy = min(box.y + box.h, under.y + under.h) - max(box.y, under.y)
        return max(0, dx) * max(0, dy)

    return min(candidates, key=lambda box: (any(box.overlaps(k) for k in keep),
                                            any(box.overlaps(c) for c in clear), covered(box),
                                            covered(box, window)))


__all__ = ["GAP", "MIN_STRIP_WIDTH", "holds_beside", "inside", "least_over", "most_shown", "place_panel",
           "place_strip", "place_strip_beside", "strip_off_panel", "union"]
