"""What happens to a player's screenshot besides scaling and JPEG: a notification over the
game, and a crop.

The issue's real-screen checks included "a toast over a tile" and crops of the screenshot.
Neither can be checked against the real phone here, so every property is drawn at random in
both directions: a toast dark or light, opaque or see-through, narrow or wide, with one or two
lines of text, anywhere from the board's middle to the bottom of the screen (so it covers no
tile, part of a tile, or a whole row); a crop cutting any share of every margin outside the
game's title bar, cards and board, including none of it and all of it.

>>> import numpy as np
>>> rng = np.random.default_rng(4)
>>> picture = np.full((400, 200, 3), 90, np.uint8)
>>> damaged, box = toast(picture, rng, (60, 20, 80, 40))
>>> damaged.shape == picture.shape, bool((damaged != picture).any())
(True, True)
>>> x, y, w, h = box
>>> bool((damaged[:y] == picture[:y]).all())  # nothing drawn above the toast
True
>>> cut, (left, top) = crop(picture, np.random.default_rng(1), (40, 50, 120, 300))
>>> 120 <= cut.shape[1] <= 200 and 300 <= cut.shape[0] <= 400 and left <= 40 and top <= 50
True
"""

from __future__ import annotations

import cv2
import numpy as np

from gridsight.vision.lettering import put_text, text_size

Box = tuple[int, int, int, int]  # x, y, width, height in pixels

MESSAGES = ("Screenshot saved", "New message", "Battery low", "Wi-Fi connected",
            "Download complete", "Tap again to exit", "Recording started")


def toast(image: np.ndarray, rng: np.random.Generator, board: Box) -> tuple[np.ndarray, Box]:
    """``image`` with an Android-like toast drawn over it: a rounded bar, centred across,
    its top anywhere from the middle of ``board`` (x, y, width, height) to near the screen's
    bottom. Returns the new picture and the toast's box."""
    height, width = image.shape[:2]
    bar_h = int(max(12, rng.uniform(0.03, 0.07) * height))
    message = str(rng.choice(MESSAGES))
    text_w = _text_size(message, bar_h)[0]
    bar_w = int(min(width, text_w + rng.uniform(0.6, 2.5) * bar_h))  # the text and its padding
    top_low = board[1] + board[3] // 2 - bar_h // 2
    top = int(rng.integers(max(0, top_low), max(top_low + 1, height - bar_h - 2)))
    left = (width - bar_w) // 2 + int(rng.integers(-width // 20, width // 20 + 1))
    left = int(np.clip(left, 0, width - bar_w))
    dark = rng.random() < 0.6
    fill = np.array((50, 50, 52) if dark else (236, 236, 240), np.float32) \
        + rng.uniform(-12, 12, 3)
    out = draw_bar(image, (left, top, bar_w, bar_h), tuple(float(v) for v in fill),
                   float(rng.uniform(0.8, 1.0)), float(rng.uniform(0.2, 0.5)), message)
    return out, (left, top, bar_w, bar_h)


def crop(image: np.ndarray, rng: np.random.Generator, keep: Box) -> tuple[np.ndarray, tuple[int, int]]:
    """``image`` cut on every side by a random share (none to all) of the margin outside
    ``keep`` (the game's title bar, cards and board). Returns the picture and where its
    top-left corner was in ``image``."""
    height, width = image.shape[:2]
    x, y, w, h = keep
    shares = rng.uniform(0, 1, 4) * (rng.random(4) < 0.75)  # a side left whole a quarter of the time
    left = int(shares[0] * max(0, x))
    top = int(shares[1] * max(0, y))
    right = width - int(shares[2] * max(0, width - (x + w)))
    bottom = height - int(shares[3] * max(0, height - (y + h)))
    return image[top:bottom, left:right].copy(), (left, top)


def _text_size(message: str, bar_h: int) -> tuple[int, int, float, int]:
    """Width and height of ``message`` written on a bar ``bar_h`` tall, its font scale and
    stroke."""
    size = bar_h / 50.0
    thickness = max(1, int(round(bar_h / 25)))
    (text_w, text_h), _ = text_size(message, cv2.FONT_HERSHEY_SIMPLEX, size, thickness)
    return text_w, text_h, size, thickness


def draw_bar(image: np.ndarray, box: Box, fill: tuple[float, float, float], opacity: float,
             roundness: float, message: str) -> np.ndarray:
    """``image`` with a notification bar at ``box``: ``fill`` (BGR) laid over at ``opacity``,
    corners rounded by ``roundness`` of its height, ``message`` centred in it, in the ink
    that stands out from the fill."""
    height, width = image.shape[:2]
    out = image.copy()
    x0, y0, bar_w, bar_h = box
    x1, y1 = x0 + bar_w, y0 + bar_h
    mask = np.zeros((height, width), np.uint8)
    radius = max(2, int(bar_h * roundness))
    cv2.rectangle(mask, (x0 + radius, y0), (x1 - radius, y1), 255, -1)
    cv2.rectangle(mask, (x0, y0 + radius), (x1, y1 - radius), 255, -1)
    for cx, cy in ((x0 + radius, y0 + radius), (x1 - radius, y0 + radius),
                   (x0 + radius, y1 - radius), (x1 - radius, y1 - radius)):
        cv2.circle(mask, (cx, cy), radius, 255, -1)
    inside = mask > 0
    colour = np.array(fill, np.float32)
    blend = out[inside].astype(np.float32) * (1 - opacity) + colour * opacity
    out[inside] = np.clip(blend, 0, 255).astype(np.uint8)
    ink = (245, 245, 245) if colour.mean() < 128 else (30, 30, 30)
    text_w, text_h, size, thickness = _text_size(message, bar_h)
    tx = x0 + max(2, (bar_w - text_w) // 2)
    ty = y0 + (bar_h + text_h) // 2
    put_text(out, message, (tx, ty), cv2.FONT_HERSHEY_SIMPLEX, size, ink, thickness)
    return out
