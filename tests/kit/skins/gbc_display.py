"""How a player's emulator and screenshot may show the Game Boy Color screen beyond a plain
enlargement: the project's own approximations, drawn for :mod:`kit.skins.tile_path_gbc`.

- **non-square pixels**: the 160x144 screen stretched to a window's aspect (``scale_y`` not
  ``scale``: :func:`stretch`);
- **edge-smoothing filters of the HQx / xBR kind**: :func:`scale4x` (the EPX rule twice, an
  edge-directed 4x) then resized and slightly blurred (``"xbr"``), or EPX then blurred
  (``"epxblur"``);
- **an LCD grid**: thin dark or light lines between the console's pixels (:func:`lcd_grid`);
- **LCD ghosting**: a faint blend of the previous frame (drawn by the skin, which knows where
  Link was);
- **a mild CRT look**: each console row darker at its edges (scanlines of the console's own
  rows), a bloom and a slight vignette (:func:`crt`);
- **a picture cut by the screenshot's edge**: :func:`crop` (the emulator window partly off
  the captured area, or a cropped screenshot).

None of it is checked on a real emulator: every property is drawn both ways at random
(darker and lighter lines, stretched across and down, any side cut).
"""

from __future__ import annotations

import cv2
import numpy as np

#: The filters of this module, beside the skin's own (:data:`tile_path_gbc.SMOOTH_KINDS`).
EDGE_KINDS = ("xbr", "epxblur")


def _epx(p: np.ndarray) -> np.ndarray:
    from .tile_path_gbc import epx2x

    return epx2x(p)


def scale4x(screen: np.ndarray) -> np.ndarray:
    """The screen made four times as big by the EPX / Scale2x rule applied twice: diagonal
    edges drawn as slopes at a quarter pixel, as edge-directed filters (HQx, xBR) draw them."""
    return _epx(_epx(screen))


def stretch(screen: np.ndarray, size: tuple[int, int], kind: str) -> np.ndarray:
    """``screen`` shown at ``size`` (width, height) by one of :data:`EDGE_KINDS`."""
    sx, sy = size[0] / screen.shape[1], size[1] / screen.shape[0]
    if kind == "xbr":
        big = cv2.resize(scale4x(screen), size, interpolation=cv2.INTER_AREA
                         if min(sx, sy) < 4 else cv2.INTER_LINEAR)
        return cv2.GaussianBlur(big, (0, 0), 0.18 * sx, sigmaY=0.18 * sy)
    if kind == "epxblur":
        big = cv2.resize(_epx(screen), size, interpolation=cv2.INTER_LINEAR)
        return cv2.GaussianBlur(big, (0, 0), 0.3 * sx, sigmaY=0.3 * sy)
    raise ValueError(f"unknown filter {kind!r}")


def _boundaries(n: int, scale: float, width: float) -> np.ndarray:
    """For each of ``n * scale`` picture lines, how much of a grid line of ``width`` picture
    pixels (centred on a console pixel's boundary) covers it, 0 to 1."""
    size = round(n * scale)
    lines = np.zeros(size, np.float32)
    for k in range(1, n):
        centre = k * size / n
        lo, hi = centre - width / 2, centre + width / 2
        for i in range(int(np.floor(lo)), int(np.ceil(hi))):
            if 0 <= i < size:
                lines[i] += max(0.0, min(hi, i + 1) - max(lo, i))
    return np.minimum(lines, 1.0)


def lcd_grid(picture: np.ndarray, native: tuple[int, int], strength: float,
             light: bool = False) -> np.ndarray:
    """Thin lines between the console's ``native`` (width, height) pixels: darker by
    ``strength`` (or, ``light``, that much nearer white); a line about a fifth of a console
    pixel wide, at least one picture pixel."""
    h, w = picture.shape[:2]
    sx, sy = w / native[0], h / native[1]
    across = _boundaries(native[0], sx, max(1.0, 0.2 * sx))
    down = _boundaries(native[1], sy, max(1.0, 0.2 * sy))
    cover = np.maximum(down[:, None], across[None, :])[:, :, None] * strength
    f = picture.astype(np.float32)
    out = f + cover * (255.0 - f) if light else f * (1.0 - cover)
    return np.clip(out + 0.5, 0, 255).astype(np.uint8)


def crt(picture: np.ndarray, native_h: int, strength: float) -> np.ndarray:
    """A mild CRT look: each console row darker towards its top and bottom (``strength`` at
    the boundary), a bloom (the picture blurred, added back lightly) and a slight vignette
    darker by up to ``strength`` / 4 in the corners."""
    h, w = picture.shape[:2]
    sy = h / native_h
    y = (np.arange(h, dtype=np.float32) + 0.5) / sy
    phase = y - np.floor(y)  # 0 to 1 within a console row
    rows = 1.0 - strength * (1.0 - np.sin(np.pi * phase)) ** 2
    f = picture.astype(np.float32) * rows[:, None, None]
    bloom = cv2.GaussianBlur(f, (0, 0), 0.8 * sy)
    f = 0.8 * f + 0.3 * bloom
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    r2 = ((xx / w - 0.5) ** 2 + (yy / h - 0.5) ** 2) / 0.5
    f *= (1.0 - 0.25 * strength * r2)[:, :, None]
    return np.clip(f + 0.5, 0, 255).astype(np.uint8)


def crop(image: np.ndarray, picture: tuple[int, int, int, int],
         cut: tuple[float, float, float, float], native: tuple[int, int]
         ) -> tuple[np.ndarray, tuple[int, int]]:
    """The screenshot cut so that ``cut`` (left, top, right, bottom, console pixels) of the
    picture ``(x, y, w, h)`` is missing on each side (0: that side kept whole with the
    window's margin); returns the image and its old top-left's place in it (``(-dx, -dy)``)."""
    x, y, w, h = picture
    sx, sy = w / native[0], h / native[1]
    left = x + round(cut[0] * sx) if cut[0] > 0 else 0
    top = y + round(cut[1] * sy) if cut[1] > 0 else 0
    right = x + w - round(cut[2] * sx) if cut[2] > 0 else image.shape[1]
    bottom = y + h - round(cut[3] * sy) if cut[3] > 0 else image.shape[0]
    return image[top:bottom, left:right].copy(), (-left, -top)


__all__ = ["EDGE_KINDS", "crop", "crt", "lcd_grid", "scale4x", "stretch"]
