"""Drawing helpers shared by the skin renderers, and the result every renderer returns.

Everything here is the project's own art, drawn with OpenCV primitives: no image of a
commercial game is used or needed.

>>> sprite_pixels("Sheep").shape
(8, 8)
>>> bool((sprite_pixels("Sheep") == sprite_pixels("Sheep")).all())
True
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass, field
from typing import Any

import cv2
import numpy as np

from gridsight.readers.screen import write_text
from gridsight.vision.geometry import BoardGeometry

Color = tuple[int, int, int]  # BGR
Grid = tuple[tuple[str, ...], ...]


@dataclass(frozen=True, eq=False)
class Rendered:
    """A synthetic screenshot and the truth about it.

    ``labels`` holds the label a template pack gives each cell (what the classifier should
    read), ``variants`` the template variant drawn there (a ground tile's decoration, say);
    ``extras`` carries renderer-specific facts (where the animal cards are, for instance).
    """

    image: np.ndarray = field(repr=False)
    geometry: BoardGeometry
    labels: Grid
    variants: Grid
    extras: dict[str, Any] = field(default_factory=dict)


def as_grid(cells: Any) -> Grid:
    """Rows of labels from a list of lists, a list of strings (one character or one
    space-separated token per cell) or a text of whitespace-separated tokens."""
    if isinstance(cells, str):
        rows = [line.split() for line in cells.strip().splitlines() if line.strip()]
    else:
        rows = [row.split() if isinstance(row, str) and " " in row else list(row) for row in cells]
    if not rows or any(len(r) != len(rows[0]) for r in rows):
        raise ValueError("a board needs rows of equal length")
    return tuple(tuple(str(t) for t in r) for r in rows)


def name_rng(*parts: object) -> np.random.Generator:
    """A random generator seeded by text, the same in every run and on every machine."""
    key = "\x1f".join(str(p) for p in parts).encode("utf-8")
    return np.random.default_rng(zlib.crc32(key))


def sprite_pixels(name: str) -> np.ndarray:
    """An 8x8 creature for animal ``name``: 0 background, 1 body, 2 eye, 3 accent.

    Mirror-symmetric like most pixel-art animals, seeded by the name so the card and the board
    show the same creature, and distinct from one name to the next.
    """
    rng = name_rng("sprite", name)
    half = np.zeros((8, 4), np.uint8)
    # A solid core so every creature has a body, then random fur around it.
    half[2:7, 2:4] = 1
    half[rng.random((8, 4)) < 0.5] = 1
    half[0, :] *= rng.random(4) < 0.6  # ears or none
    half[7, :] = (rng.random(4) < 0.5) * 1  # legs
    half[7, 3] = 0
    accent = (rng.random((8, 4)) < 0.18) & (half == 1)
    half[accent] = 3
    eye_col = int(rng.integers(1, 4))
    eye_row = int(rng.integers(2, 4))
    half[eye_row, eye_col] = 2
    return np.concatenate([half, half[:, ::-1]], axis=1)


def sprite_colors(name: str) -> tuple[Color, Color]:
    """Body and accent colours of ``name``'s sprite (BGR), seeded by the name."""
    rng = name_rng("colour", name)
    hue = int(rng.integers(0, 180))
    body = _hsv(hue, int(rng.integers(90, 200)), int(rng.integers(150, 230)))
    accent = _hsv((hue + 90) % 180, 160, int(rng.integers(60, 140)))
    return body, accent


def draw_sprite(
    image: np.ndarray, name: str, x: int, y: int, size: int, *, silhouette: Color | None = None
) -> None:
    """Draw ``name``'s sprite in the ``size`` x ``size`` square at ``(x, y)``.

    With ``silhouette`` every pixel of the creature is drawn in that one colour (the card of an
    animal not found yet).
    """
    pixels = sprite_pixels(name)
    body, accent = sprite_colors(name)
    palette = {1: body, 2: (20, 20, 20), 3: accent}
    if silhouette is not None:
        palette = {1: silhouette, 2: silhouette, 3: silhouette}
    block = size / 8.0
    for (r, c), value in np.ndenumerate(pixels):
        if value:
            x0, y0 = x + round(c * block), y + round(r * block)
            x1, y1 = x + round((c + 1) * block), y + round((r + 1) * block)
            image[y0:y1, x0:x1] = palette[int(value)]


def rounded_rect(
    image: np.ndarray, x0: int, y0: int, x1: int, y1: int, radius: int, color: Color
) -> None:
    """Fill the rectangle ``[x0, x1) x [y0, y1)`` with corners rounded by ``radius``."""
    radius = max(0, min(radius, (x1 - x0) // 2, (y1 - y0) // 2))
    if radius == 0:
        image[y0:y1, x0:x1] = color
        return
    image[y0 + radius : y1 - radius, x0:x1] = color
    image[y0:y1, x0 + radius : x1 - radius] = color
    for cx, cy in ((x0 + radius, y0 + radius), (x1 - radius - 1, y0 + radius),
                   (x1 - radius - 1, y1 - radius - 1), (x0 + radius, y1 - radius - 1)):
        cv2.circle(image, (cx, cy), radius, color, -1, lineType=cv2.LINE_AA)


def text(
    image: np.ndarray, words: str, x: int, y: int, height: float, color: Color,
    *, bold: bool = False, right: bool = False,
) -> None:
    """Write ``words`` with its baseline at ``y``, ``height`` pixels tall (capitals): the
    readers' :func:`gridsight.readers.screen.write_text`, so a screen drawn here is written
    exactly as the readers draw the words they look for."""
    write_text(image, words, x, y, height, color, bold=bold, right=right)


def shade(color: Color, factor: float) -> Color:
    """``color`` made darker (factor < 1) or lighter (factor > 1)."""
    return tuple(int(min(255, max(0, round(v * factor)))) for v in color)  # type: ignore[return-value]


def _hsv(h: int, s: int, v: int) -> Color:
    bgr = cv2.cvtColor(np.uint8([[[h, s, v]]]), cv2.COLOR_HSV2BGR)[0, 0]
    return int(bgr[0]), int(bgr[1]), int(bgr[2])


def hex_color(value: str) -> Color:
    """``"#rrggbb"`` as a BGR tuple (skins are written in the usual RGB notation)."""
    value = value.lstrip("#")
    r, g, b = (int(value[i : i + 2], 16) for i in (0, 2, 4))
    return b, g, r
