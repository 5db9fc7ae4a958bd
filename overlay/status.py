"""Where the overlay's status line goes: beside the board, never over the game's own counter.

The overlay window covers the whole game window, and a game keeps its own furniture (Disco
Zoo's attempts counter, a tile-path HUD's rupees and hearts) in a bar above its board. The
status line is therefore put in the band of the window **below the board** when it fits there,
else in the band **above** it, else in whichever band is taller, pressed against the window's
bottom edge; it is as wide as the board. The text is wrapped to that width (it is never cut
short: the advice is the point), and a smaller font is tried before the text is let over the
board.

The placement is plain arithmetic on rectangles, so it is tested without a display; the window
measures the wrapped text with Qt and asks :func:`place_status` where to draw it.

>>> place_status((360, 640), (20, 180, 320, 320), lambda width: 40)
Box(x=20, y=500, w=320, h=48)
>>> place_status((360, 520), (20, 180, 320, 320), lambda width: 40)  # no room below: above
Box(x=20, y=132, w=320, h=48)
>>> place_status((1920, 1080), (800, 300, 300, 300), lambda width: 40, 320)  # a desktop
Box(x=790, y=600, w=320, h=48)
"""

from __future__ import annotations

from typing import Callable, NamedTuple

PAD = 4  # pixels between the text and its box's edges


class Box(NamedTuple):
    """A rectangle in window pixels: left, top, width, height."""

    x: int
    y: int
    w: int
    h: int

    def overlaps(self, other: "Box") -> bool:
        return (self.x < other.x + other.w and other.x < self.x + self.w
                and self.y < other.y + other.h and other.y < self.y + self.h)


def place_status(window: tuple[int, int], board: tuple[float, float, float, float] | None,
                 text_height: Callable[[int], int], min_width: int = 0) -> Box:
    """The box of the status line in a window of ``window`` = (width, height) pixels.

    ``board`` is the board's bounding box ``(x, y, w, h)`` in the same pixels (``None``: no
    board shown, the line goes to the bottom edge, the window's width); ``text_height(width)``
    is the height of the text wrapped to ``width`` pixels. Beside a board the line is as wide
    as the board (at least ``min_width``, at most the window), centred under or over it: in a
    capture of a whole desktop the window is the screen, and a line across all of it would
    run over the other windows, far from where the player looks.
    """
    width, height = int(window[0]), int(window[1])
    if board is None:
        needed = int(text_height(max(1, width - 2 * PAD))) + 2 * PAD
        return Box(0, max(0, height - needed), width, min(needed, height))
    span = min(width, max(int(round(board[2])), int(min_width), 1))
    left = max(0, min(int(round(board[0] + board[2] / 2 - span / 2)), width - span))
    needed = int(text_height(max(1, span - 2 * PAD))) + 2 * PAD
    top = max(0, int(board[1]))
    bottom = min(height, int(round(board[1] + board[3])))
    below, above = height - bottom, top
    if needed <= below:
        return Box(left, bottom, span, needed)  # just under the board
    if needed <= above:
        return Box(left, top - needed, span, needed)  # just over the board
    # Neither band holds it: the taller one, the text running over the board's edge.
    if below >= above:
        return Box(left, max(0, height - needed), span, min(needed, height))
    return Box(left, 0, span, min(needed, height))


__all__ = ["Box", "PAD", "place_status"]
