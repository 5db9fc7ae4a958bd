"""Scripted games drawn with the kit's skins: what the live tests, the live benchmark and the
demo (its frames, shipped in ``templates/<game>/demo/``) show. Our own art, never a real game's.

A :class:`Script` is a list of boards in pack labels (what a player would see after each move)
and the game's way of drawing one; :func:`screen` draws one on a larger canvas, the way a game
sits in an emulator's window. Each game's script comes from its kit (:mod:`kit.games`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import numpy as np

from .skins.common import Rendered

from .games import kit_of, kits

CANVAS = (360, 600)  # (width, height) of the demo window's picture
Board = tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class Script:
    """``boards`` of ``game`` in order, each drawn by ``draw`` (the board and its index)."""

    game: str
    boards: tuple[Board, ...]
    draw: Callable[[list[list[str]], int], Rendered]

    def render(self, index: int) -> np.ndarray:
        """Board ``index`` drawn with the game's skin (the game's own screen, scale 1)."""
        return self.shot(index).image

    def labels(self, index: int) -> list[list[str]]:
        """Board ``index`` in the pack's labels (what the reader should believe)."""
        return [list(row) for row in self.shot(index).labels]

    def shot(self, index: int) -> Rendered:
        """Board ``index`` drawn, with the truth about the drawing."""
        return self.draw([list(row) for row in self.boards[index]], index)


def screen(image: np.ndarray, size: tuple[int, int] | None = None,
           at: tuple[int, int] = (20, 20),
           background: tuple[int, int, int] = (40, 34, 30)) -> np.ndarray:
    """``image`` pasted at ``at`` on a ``size`` canvas (cropped if it does not fit); by default
    :data:`CANVAS`, or larger to hold the image with the same margin on every side."""
    if size is None:
        size = (max(CANVAS[0], image.shape[1] + 2 * at[0]),
                max(CANVAS[1], image.shape[0] + 2 * at[1]))
    width, height = size
    canvas = np.empty((height, width, 3), np.uint8)
    canvas[:] = background
    x, y = at
    h = min(image.shape[0], height - y)
    w = min(image.shape[1], width - x)
    canvas[y:y + h, x:x + w] = image[:h, :w]
    return canvas


def grid(text: str) -> list[list[str]]:
    """Rows of whitespace-separated tokens."""
    return [line.split() for line in text.strip().splitlines()]


def script_of(game: str) -> Script:
    """The scripted game of ``game``."""
    make = kit_of(game).script
    if make is None:
        raise KeyError(f"the kit of {game} has no scripted game")
    return make()


def scripts() -> dict[str, Callable[[], Script]]:
    """Every kit's scripted game, by game name."""
    return {game: kit.script for game, kit in kits().items() if kit.script is not None}
