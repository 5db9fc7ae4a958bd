"""The screenshot around a located board, warped to the shipped skin's own pixel grid.

The board's geometry says where the board is; a skin's layout says where everything else on
the screen sits relative to the board (Disco Zoo's top bar and animal cards, the pentomino
tray). Warping the screen through the geometry into the skin's native coordinates (scale 1,
upright) lets a reader look at those parts at fixed positions whatever the screenshot's scale,
position or perspective.
"""

from __future__ import annotations

import cv2
import numpy as np

from gridsight.vision.geometry import BoardGeometry, shrunk_for, warp_region
from gridsight.vision.lettering import put_text, text_size


def native_screen(image: np.ndarray, geometry: BoardGeometry, board_x: float, board_y: float,
                  cell: float, width: int, height: int) -> np.ndarray:
    """The ``width`` x ``height`` screen whose board's top-left cell corner is at
    ``(board_x, board_y)`` with ``cell``-pixel cells, cut from ``image`` (black outside it)."""
    box = (-board_x / cell, -board_y / cell, (width - board_x) / cell, (height - board_y) / cell)
    source, g = shrunk_for(image, geometry, cell)  # (a large screenshot: no thin text aliased)
    return warp_region(source, g, box, (width, height), border_value=0)


def dominant_color(pixels: np.ndarray) -> np.ndarray:
    """The median colour of ``pixels`` (any shape ending in 3 channels), float BGR."""
    flat = pixels.reshape(-1, 3).astype(np.float32)
    return np.median(flat, axis=0) if len(flat) else np.zeros(3, np.float32)


def text_match(crop: np.ndarray, candidate: np.ndarray) -> float:
    """How well a rendered text ``candidate`` matches ``crop`` (grey, same height), -1..1.

    Normalised correlation of the ink, allowing a few pixels of slip either way: text is
    compared as shape, whatever its colour. Either argument may already be :func:`ink`.
    """
    a = crop if crop.dtype == np.float32 else ink(crop)
    b = candidate if candidate.dtype == np.float32 else ink(candidate)
    pad = 3
    big = cv2.copyMakeBorder(a, pad, pad, pad, pad, cv2.BORDER_CONSTANT, value=0)
    if b.shape[0] > big.shape[0] or b.shape[1] > big.shape[1]:
        b = b[: big.shape[0], : big.shape[1]]
    if float(b.std()) < 1e-3 or float(a.std()) < 1e-3:
        return -1.0
    res = cv2.matchTemplate(big, b, cv2.TM_CCOEFF_NORMED)
    return float(res.max())


def ink(grey: np.ndarray) -> np.ndarray:
    """A grey picture as "ink": lightly blurred, distance from its median level (float32)."""
    g = grey.astype(np.float32)
    g = cv2.GaussianBlur(g, (0, 0), 0.8)
    return np.abs(g - float(np.median(g)))


def write_text(image: np.ndarray, words: str, x: int, y: int, height: float,
               color: tuple[int, int, int], *, bold: bool = False, right: bool = False) -> None:
    """Write ``words`` with its baseline at ``y``, ``height`` pixels tall (capitals), the way
    the shipped screens write their text (``right``: ending at ``x``).

    A reader draws the candidate words with it and keeps the best match of the ink
    (:func:`text_match`); the test kit draws the shipped screens with it, so both agree. The
    glyphs are gridsight's own (:mod:`gridsight.vision.lettering`, captured from OpenCV 5.0's
    Hershey faces), not ``cv2.putText``'s, whose pixels change between OpenCV releases.
    """
    font = cv2.FONT_HERSHEY_DUPLEX if bold else cv2.FONT_HERSHEY_SIMPLEX
    scale = height / 22.0
    thickness = max(1, round(height / (7 if bold else 11)))
    if right:
        (w, _), _ = text_size(words, font, scale, thickness)
        x -= w
    put_text(image, words, (x, y), font, scale, color, thickness)
