"""A corpus of perturbed synthetic screenshots, for the vision tests and benchmarks.

Each sample is a random board of one game drawn by its kit's skin (:mod:`kit.games`), then
treated the way real screenshots are: scaled (0.5x to 3x, nearest or bilinear), cropped around the board with
some of the screen around it, pasted somewhere in a larger frame full of other things,
brightened or darkened by up to 15%, given noise and saved as JPEG at quality 40 and up.
The truth (labels and the board's geometry in the final frame) comes along.

>>> import numpy as np
>>> sample = perturbed_sample("pentomino", np.random.default_rng(1))
>>> sample.image.dtype, len(sample.labels)
(dtype('uint8'), 12)
"""

from __future__ import annotations

from dataclasses import replace
from typing import Callable

import cv2
import numpy as np

from .skins.common import Rendered
from gridsight.vision.geometry import BoardGeometry
from gridsight.vision.lettering import put_text

from .games import kits

MAX_FRAME = (1920, 1080)
# Every game whose kit draws random boards, and the function drawing one.
RENDERERS: dict[str, Callable[..., Rendered]] = {
    game: kit.random_shot for game, kit in kits().items() if kit.random_shot is not None}
GAMES = tuple(RENDERERS)


def perturb(shot: Rendered, rng: np.random.Generator, *, scale: tuple[float, float] = (0.5, 3.0),
            jpeg: bool = True, max_frame: tuple[int, int] = MAX_FRAME) -> Rendered:
    """``shot`` scaled, cropped, pasted into a busy frame, brightness-shifted, noisy, JPEG'd."""
    image, geometry = shot.image, shot.geometry
    s = float(np.exp(rng.uniform(np.log(scale[0]), np.log(scale[1]))))
    # The board and a cell of its frame must fit in the frame (it is what is looked for).
    outline = geometry.outline()
    cell = float(np.hypot(*(outline[1] - outline[0]))) / geometry.cols
    need = outline.max(axis=0) - outline.min(axis=0) + 2.5 * cell
    s = min(s, float(min((max_frame[0] - 40) / need[0], (max_frame[1] - 40) / need[1])))
    interp = cv2.INTER_NEAREST if rng.random() < 0.5 else cv2.INTER_LINEAR
    h, w = image.shape[:2]
    nw, nh = max(1, round(w * s)), max(1, round(h * s))
    image = cv2.resize(image, (nw, nh), interpolation=interp)
    geometry = BoardGeometry(geometry.rows, geometry.cols,
                             np.diag([nw / w, nh / h, 1.0]) @ geometry.homography)

    # Crop a window holding the board and at least one cell of what is around it.
    outline = geometry.outline()
    cell = float(np.hypot(*(outline[1] - outline[0]))) / geometry.cols
    bx0, by0 = outline.min(axis=0)
    bx1, by1 = outline.max(axis=0)
    limit_w, limit_h = max_frame[0] - 40, max_frame[1] - 40
    room_x = max(2.0, (limit_w - (bx1 - bx0)) / 2)  # context that still fits the frame
    room_y = max(2.0, (limit_h - (by1 - by0)) / 2)
    x0 = int(max(0, bx0 - min(room_x, cell * rng.uniform(1.0, 6.0))))
    y0 = int(max(0, by0 - min(room_y, cell * rng.uniform(1.0, 6.0))))
    x1 = int(np.ceil(min(nw, bx1 + min(room_x, cell * rng.uniform(1.0, 6.0)))))
    y1 = int(np.ceil(min(nh, by1 + min(room_y, cell * rng.uniform(1.0, 6.0)))))
    crop = image[y0:y1, x0:x1]
    geometry = geometry.translated(-x0, -y0)

    fw = int(min(max_frame[0], crop.shape[1] + rng.integers(40, 600)))
    fh = int(min(max_frame[1], crop.shape[0] + rng.integers(40, 400)))
    frame = busy_background(rng, fw, fh)
    px = int(rng.integers(0, fw - crop.shape[1] + 1))
    py = int(rng.integers(0, fh - crop.shape[0] + 1))
    frame[py : py + crop.shape[0], px : px + crop.shape[1]] = crop
    geometry = geometry.translated(px, py)

    out = frame.astype(np.float32) * rng.uniform(0.85, 1.15)
    sigma = rng.uniform(0, 6)
    if sigma > 0.5:
        out += rng.normal(0, sigma, out.shape).astype(np.float32)
    out = np.clip(out, 0, 255).astype(np.uint8)
    if jpeg and rng.random() < 0.7:
        quality = int(rng.integers(40, 96))
        ok, data = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, quality])
        out = cv2.imdecode(data, cv2.IMREAD_COLOR)
    return replace(shot, image=out, geometry=geometry,
                   extras={**shot.extras, "scale": s, "interpolation": interp})


def busy_background(rng: np.random.Generator, width: int, height: int) -> np.ndarray:
    """A frame of other things: a gradient, rectangles, lines, text and blobs."""
    frame = np.empty((height, width, 3), np.uint8)
    top, bottom = rng.integers(0, 256, 3), rng.integers(0, 256, 3)
    t = np.linspace(0, 1, height)[:, None]
    frame[:] = (top * (1 - t) + bottom * t)[:, None, :].astype(np.uint8)
    for _ in range(int(rng.integers(5, 25))):
        color = tuple(int(v) for v in rng.integers(0, 256, 3))
        x, y = int(rng.integers(0, width)), int(rng.integers(0, height))
        kind = rng.integers(4)
        if kind == 0:
            cv2.rectangle(frame, (x, y), (x + int(rng.integers(10, 300)), y + int(rng.integers(10, 200))),
                          color, -1)
        elif kind == 1:
            cv2.line(frame, (x, y), (int(rng.integers(0, width)), int(rng.integers(0, height))),
                     color, int(rng.integers(1, 6)))
        elif kind == 2:
            put_text(frame, "gridsight 42", (x, y), cv2.FONT_HERSHEY_SIMPLEX,
                     float(rng.uniform(0.4, 2.0)), color, 2)
        else:
            cv2.circle(frame, (x, y), int(rng.integers(5, 80)), color, -1)
    return frame


def perturbed_sample(game: str, rng: np.random.Generator, **options) -> Rendered:
    """A random board of ``game`` drawn with its default skin and perturbed."""
    return perturb(RENDERERS[game](rng), rng, **options)
