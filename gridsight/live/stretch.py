"""A board found again in a game window stretched out of proportion.

An emulator's window made to fill the screen often stretches its picture to the window
without keeping its aspect (a 496x600 game shown at 1600x900: each cell 3.2 times wider but
only 1.5 times taller). The board's frame search scales the pack's frame evenly, so such a
board is not found at all, and the live advisor said only "no board in view". When the
board was found before the window changed shape, the change itself says how the picture was
stretched: :func:`restretched` tries the last geometry stretched as the window was (the game's
picture filling its window), then searches the frame squeezed back to the board's proportions,
at a few squeezes near the one the window's change gives (the search finds a board only within
about 5% of its proportions). A window stretched before any board was seen (an emulator
started full screen) gives no such clue: :func:`unstretched` searches the frame squeezed at a
ladder of proportions and keeps the best match.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:  # pragma: no cover
    from gridsight.vision.geometry import BoardGeometry
    from gridsight.vision.packs import TemplatePack

#: A window whose width and height changed by factors closer than this (as a ratio) kept its
#: aspect: the pack's own search, which scales evenly, covers it.
ASPECT_KEPT = 0.03
#: Squeezes tried around the estimated one, as powers of this step (0, -1, 1, -2, 2).
SQUEEZE_STEP = 1.025
SQUEEZES = (0, -1, 1, -2, 2)


def stretch_of(geometry: BoardGeometry, pack: TemplatePack) -> float:
    """How much wider than tall a cell of ``geometry`` is, relative to the pack's own cell (1.0:
    in proportion)."""
    centre = (geometry.cols / 2, geometry.rows / 2)
    a, right, down = geometry.board_to_image(
        [centre, (centre[0] + 1, centre[1]), (centre[0], centre[1] + 1)])
    width = float(np.hypot(*(right - a)))
    height = float(np.hypot(*(down - a)))
    cw, ch = pack.cell_size
    return (width / max(height, 1e-9)) / (cw / ch)


def scaled_xy(geometry: BoardGeometry, sx: float, sy: float) -> BoardGeometry:
    """``geometry`` in a picture scaled by ``sx`` across and ``sy`` down."""
    from dataclasses import replace

    return replace(geometry, homography=np.diag([sx, sy, 1.0]) @ geometry.homography)


def restretched(pixels: np.ndarray, pack: TemplatePack, last: BoardGeometry,
                last_shape: tuple[int, ...], reference: float, *, keep_ratio: float = 0.75,
                search: bool = True, min_scale: float = 0.5,
                max_scale: float = 4.0) -> BoardGeometry | None:
    """The board in ``pixels`` when the window it was last found in (a frame of
    ``last_shape``, at ``last``, its frame matching ``reference`` there) changed its aspect,
    or when ``last`` was itself stretched; ``None`` when the board is in proportion (the
    pack's own search covers it) or not found. ``search``: whether the frame squeezed back
    may be searched (about a second of CPU for a full-screen frame), not only the last board
    stretched as the window was."""
    import cv2

    from gridsight.vision.classify import read_cells
    from gridsight.vision.errors import VisionInputError
    from gridsight.vision.locate import anchor_score, locate_board

    h0, w0 = last_shape[:2]
    h, w = pixels.shape[:2]
    if min(h0, w0, h, w) < 8:
        return None
    sx, sy = w / w0, h / h0
    stretch = stretch_of(last, pack) * sx / sy
    if abs(math.log(stretch)) < ASPECT_KEPT:
        return None
    # The game's picture fills its window: the board stretched with it.
    guess = scaled_xy(last, sx, sy)
    try:
        if anchor_score(pixels, guess, pack) >= keep_ratio * reference and \
                read_cells(pixels, guess, pack).known_fraction >= 0.6:
            return guess
    except (VisionInputError, ValueError):
        pass
    # Else (a menu bar, a border that does not stretch) the frame squeezed back to the
    # board's proportions and searched, near the stretch the window's change gives.
    if not search:
        return None
    for k in SQUEEZES:
        width = max(8, round(w / stretch * SQUEEZE_STEP ** k))
        squeezed = cv2.resize(pixels, (width, h), interpolation=cv2.INTER_AREA)
        try:
            found = locate_board(squeezed, pack, min_scale=min_scale, max_scale=max_scale)
        except VisionInputError:
            continue
        return scaled_xy(found, w / width, 1.0)
    return None


def unstretched(pixels: np.ndarray, pack: TemplatePack, *, min_scale: float = 0.5,
                max_scale: float = 4.0) -> BoardGeometry | None:
    """The board in ``pixels`` when no board was seen yet and the window may already be
    stretched out of proportion (an emulator started full screen): the frame squeezed back
    across (:data:`WIDER`) and down (:data:`TALLER`) at each step and searched; the best
    anchor match found, refined at :data:`SQUEEZE_STEP` around its squeeze (the search finds
    a board within about 5% of its proportions). ``None`` when no squeeze finds it. About a
    dozen searches of the squeezed frame (2.3 s of CPU for a 992x600 one)."""
    import cv2

    from gridsight.vision.errors import VisionInputError
    from gridsight.vision.locate import anchor_score, locate_board

    h, w = pixels.shape[:2]
    if min(h, w) < 8:
        return None

    def found_at(across: float) -> tuple[float, BoardGeometry] | None:
        """The board searched in the frame squeezed to ``1 / across`` of its width (an
        ``across`` under 1: its height squeezed instead), with its score."""
        size = (max(8, round(w / across)), h) if across >= 1 else (w, max(8, round(h * across)))
        squeezed = cv2.resize(pixels, size, interpolation=cv2.INTER_AREA)
        try:
            geometry = locate_board(squeezed, pack, min_scale=min_scale, max_scale=max_scale)
        except VisionInputError:
            return None
        return anchor_score(squeezed, geometry, pack), scaled_xy(
            geometry, w / size[0], h / size[1])

    best: tuple[float, float, BoardGeometry] | None = None
    for across in [SEARCH_STEP ** k for k in range(1, WIDER + 1)] + \
            [SEARCH_STEP ** -k for k in range(1, TALLER + 1)]:
        hit = found_at(across)
        if hit is not None and (best is None or hit[0] > best[0]):
            best = (hit[0], across, hit[1])
    if best is None:
        return None
    for k in (-2, -1, 1, 2):  # the best squeeze refined: a board off its proportions scores low
        hit = found_at(best[1] * SQUEEZE_STEP ** k)
        if hit is not None and hit[0] > best[0]:
            best = (hit[0], best[1] * SQUEEZE_STEP ** k, hit[1])
    return best[2]


#: Squeezes searched when no board was seen yet: ``SEARCH_STEP ** k`` across for k in 1 to
#: :data:`WIDER` (a picture up to 2.85 times too wide: 496x600 shown at 1600x900 is 2.15),
#: then down for k in 1 to :data:`TALLER`.
SEARCH_STEP = 1.1
WIDER = 11
TALLER = 4


__all__ = ["ASPECT_KEPT", "restretched", "scaled_xy", "stretch_of", "unstretched"]
