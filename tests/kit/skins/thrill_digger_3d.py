"""A synthetic 3D Thrill Digger pit, drawn by our own code, with ground truth for every frame.

No real footage of the game may be committed, so the live Thrill Digger reader is tested on
this: a textured ground plane holding a ``rows`` x ``cols`` grid of mounds, seen through a
pinhole camera that follows Link around the pit (smooth translation, yaw and pitch changes).
When Link digs, the mound becomes a hole, the item rises out of it and fades over about a
second, and the wallet counter in the corner changes when the item is collected (+1, +5, +20,
+100, +300, or -10 for a rupoor; a bomb leaves it alone and ends the game). Link's body (a
simple blob) walks between the holes and sometimes hides one; frames get motion blur and JPEG
compression.

World coordinates are board coordinates: ``x`` along the columns, ``y`` along the rows, in cell
units, so cell ``(row, col)`` is centred at ``(col + 0.5, row + 0.5, 0)``. ``z`` points *into*
the ground (up is ``-z``), which keeps the camera frame right-handed while the board reads the
usual way round. Pixel coordinates follow :mod:`gridsight.vision.geometry`'s edge convention, and every
frame carries the exact board -> pixel homography of the ground plane.

Everything is seeded: the same seed draws the same game, frame for frame.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Iterator, Sequence

import cv2
import numpy as np

from gridsight.solvers.thrill_digger import rules as _rules
from gridsight.vision.lettering import put_text, text_size

WIDTH, HEIGHT = 1280, 720
FOCAL = 820.0

# The game's three boards (rows, cols, bombs, rupoors), the item tokens of the board text
# format and what collecting each does to the wallet: the game's rules, defined once.
DIFFICULTIES: dict[str, tuple[int, int, int, int]] = {
    d.name: (d.rows, d.cols, d.bombs, d.rupoors) for d in _rules.DIFFICULTIES.values()}
ITEM_KINDS = (*_rules.COLOURS, _rules.RUPOOR, _rules.BOMB)
WALLET_DELTA: dict[str, int] = {**_rules.COLOUR_VALUES, _rules.RUPOOR: _rules.RUPOOR_VALUE,
                                _rules.BOMB: _rules.BOMB_VALUE}
ITEM_NAMES: dict[str, str] = {**{c: f"{n} rupee" for c, n in _rules.COLOUR_NAMES.items()},
                              _rules.RUPOOR: "rupoor", _rules.BOMB: "bomb"}

# Colours (RGB). The item colours are the skin's "template pack" for the item classifier.
ITEM_RGB: dict[str, tuple[int, int, int]] = {
    "g": (40, 190, 60),
    "b": (40, 90, 230),
    "r": (215, 30, 40),
    "s": (205, 210, 222),
    "y": (245, 190, 30),
    "x": (115, 25, 125),
    "*": (28, 64, 70),
}
HOLE_RGB = (38, 26, 18)
MOUND_RGB = (150, 115, 80)
TUNIC_RGB = (70, 100, 45)
SKIN_RGB = (225, 175, 140)
WALL_RGB = (95, 85, 75)
SKY_RGB = (150, 175, 205)
PANEL_RGB = (28, 30, 40)
DIGIT_RGB = (240, 240, 240)

# Colours of the scene that are not items (besides the ground, which the reader learns from
# the calibration view): the item classifier's background prototypes.
SCENE_RGB: tuple[tuple[int, int, int], ...] = (
    HOLE_RGB, (60, 42, 30), (90, 66, 46), MOUND_RGB, (185, 150, 110), (95, 70, 50),
    TUNIC_RGB, (50, 72, 32), (98, 128, 70), SKIN_RGB, (170, 130, 105), WALL_RGB, SKY_RGB,
)

# The wallet counter: a fixed panel in the top-right corner; digits right-aligned in DIGIT_BOX.
PANEL_BOX = (1030, 26, 224, 60)  # x, y, w, h
DIGIT_BOX = (1090, 32, 156, 48)
DIGIT_HEIGHT = 36
DIGIT_WIDTH = 20
DIGIT_GAP = 8


@dataclass(frozen=True)
class Look:
    """How the pit is drawn: ground, lighting, item colours and the wallet's font and place.

    ``classic`` is the look the shipped pit pack describes; ``dusk`` is a second look that no
    pack describes (grey stone ground, a low light from the left, shifted item colours, dark
    digits of another font on a light panel in the other corner), for testing a reader that
    learns a look from its own screenshots only. ``light`` is the direction the light comes
    from on the board plane (x along the columns, y along the rows), ``light_gradient`` how much
    brighter the ground is towards it (per cell from the centre), ``intensity`` the overall
    brightness of the lit scene (ground, mounds, items; not the wallet, which is a flat HUD).
    ``font`` is ``strokes`` (our stroke font) or ``hershey`` (the duplex Hershey face as
    :mod:`gridsight.vision.lettering` draws it).
    """

    name: str
    ground_rgb: tuple[int, int, int] = (150, 122, 94)
    pebble_bgr: tuple[float, float, float] = (112.0, 122.0, 134.0)
    crack_rgb: tuple[int, int, int] = (70, 54, 40)
    mound_rgb: tuple[int, int, int] = MOUND_RGB
    mound_shadow_rgb: tuple[int, int, int] = (95, 70, 50)
    mound_light_rgb: tuple[tuple[int, int, int], tuple[int, int, int]] = (
        (170, 133, 95), (185, 150, 110))
    rim_rgb: tuple[int, int, int] = (120, 92, 64)
    hole_rgb: tuple[tuple[int, int, int], tuple[int, int, int]] = ((60, 42, 30), HOLE_RGB)
    wall_rgb: tuple[int, int, int] = WALL_RGB
    sky_rgb: tuple[int, int, int] = SKY_RGB
    item_rgb: dict[str, tuple[int, int, int]] = field(default_factory=lambda: dict(ITEM_RGB))
    light: tuple[float, float] = (-1.0, -1.0)
    light_gradient: float = 0.0
    intensity: float = 1.0
    panel_box: tuple[int, int, int, int] = PANEL_BOX
    digit_box: tuple[int, int, int, int] = DIGIT_BOX
    panel_rgb: tuple[int, int, int] = PANEL_RGB
    panel_edge_rgb: tuple[int, int, int] = (200, 190, 150)
    digit_rgb: tuple[int, int, int] = DIGIT_RGB
    font: str = "strokes"

    @property
    def lit(self) -> bool:
        """Whether the lighting changes any colour (``classic`` draws colours as they are)."""
        return self.light_gradient != 0.0 or self.intensity != 1.0

    def light_unit(self) -> tuple[float, float]:
        lx, ly = self.light
        n = math.hypot(lx, ly) or 1.0
        return (lx / n, ly / n)


CLASSIC = Look("classic")
DUSK = Look(
    "dusk",
    ground_rgb=(118, 120, 126),
    pebble_bgr=(128.0, 134.0, 142.0),
    crack_rgb=(52, 52, 60),
    mound_rgb=(132, 124, 112),
    mound_shadow_rgb=(78, 74, 70),
    mound_light_rgb=((152, 144, 130), (170, 162, 146)),
    rim_rgb=(96, 92, 88),
    hole_rgb=((44, 40, 42), (24, 22, 26)),
    wall_rgb=(70, 70, 80),
    sky_rgb=(90, 100, 140),
    item_rgb={"g": (70, 205, 110), "b": (30, 130, 225), "r": (230, 45, 80),
              "s": (180, 196, 200), "y": (235, 165, 45), "x": (140, 40, 170),
              "*": (40, 40, 52)},
    light=(-1.0, 0.3),
    light_gradient=0.05,
    intensity=0.88,
    panel_box=(26, 24, 250, 62),
    digit_box=(84, 30, 184, 50),
    panel_rgb=(226, 218, 196),
    panel_edge_rgb=(120, 96, 60),
    digit_rgb=(46, 34, 24),
    font="hershey",
)
LOOKS: dict[str, Look] = {look.name: look for look in (CLASSIC, DUSK)}


# Our own digit font: strokes on a 4 x 7 grid (x right, y down).
_DIGIT_STROKES: dict[str, tuple[tuple[tuple[float, float], ...], ...]] = {
    "0": (((1, 0), (3, 0), (4, 1), (4, 6), (3, 7), (1, 7), (0, 6), (0, 1), (1, 0)),),
    "1": (((1, 1.2), (2.2, 0), (2.2, 7)), ((1, 7), (3.4, 7))),
    "2": (((0, 1), (1, 0), (3, 0), (4, 1), (4, 2.6), (0, 7), (4, 7)),),
    "3": (((0, 0), (4, 0), (1.8, 3), (3, 3), (4, 4), (4, 6), (3, 7), (0, 7)),),
    "4": (((3, 7), (3, 0), (0, 5), (4, 5)),),
    "5": (((4, 0), (0, 0), (0, 3), (3, 3), (4, 4), (4, 6), (3, 7), (0, 7)),),
    "6": (((3.4, 0), (1.4, 0), (0, 2), (0, 6), (1, 7), (3, 7), (4, 6), (4, 4), (3, 3), (0, 3)),),
    "7": (((0, 0), (4, 0), (1.2, 7)),),
    "8": (
        ((1, 0), (3, 0), (4, 1), (4, 2), (3, 3), (1, 3), (0, 2), (0, 1), (1, 0)),
        ((1, 3), (0, 4), (0, 6), (1, 7), (3, 7), (4, 6), (4, 4), (3, 3)),
    ),
    "9": (((0.6, 7), (2.6, 7), (4, 5), (4, 1), (3, 0), (1, 0), (0, 1), (0, 3), (1, 4), (4, 4)),),
}


def _bgr(rgb: Sequence[int]) -> tuple[int, int, int]:
    return (int(rgb[2]), int(rgb[1]), int(rgb[0]))


# -- the board, drawn as the game draws it --------------------------------------------------


def draw_board(difficulty: str, rng: np.random.Generator) -> list[list[str]]:
    """A hidden board drawn the way the game does: tokens from :data:`ITEM_KINDS`.

    Bombs, then rupoors, each on a uniformly random empty hole; while some 2x2 block is all
    bad, throw the board away and draw again, at most 10 times. Rupees are coloured by how many
    bad items are among their neighbours.
    """
    rows, cols, bombs, rupoors = DIFFICULTIES[difficulty]
    for _attempt in range(11):
        cells = rng.permutation(rows * cols)
        bad = np.zeros((rows, cols), dtype=np.int8)  # 0 none, 1 bomb, 2 rupoor
        for k, idx in enumerate(cells[: bombs + rupoors]):
            bad[idx // cols, idx % cols] = 1 if k < bombs else 2
        blocked = any(
            bad[r, c] and bad[r + 1, c] and bad[r, c + 1] and bad[r + 1, c + 1]
            for r in range(rows - 1)
            for c in range(cols - 1)
        )
        if not blocked:
            break
    board = []
    for r in range(rows):
        line = []
        for c in range(cols):
            if bad[r, c]:
                line.append("*" if bad[r, c] == 1 else "x")
                continue
            n = int(np.count_nonzero(bad[max(r - 1, 0): r + 2, max(c - 1, 0): c + 2]))
            line.append("g" if n == 0 else "b" if n <= 2 else "r" if n <= 4
                        else "s" if n <= 6 else "y")
        board.append(line)
    return board


# -- the camera -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Camera:
    """A pinhole camera looking at ``target`` on the ground from ``distance`` cells away.

    ``yaw`` turns it around the target (0: behind the last row, looking towards row 0);
    ``pitch`` is its elevation above the ground seen from the target, in degrees.
    """

    target_x: float
    target_y: float
    yaw: float
    pitch: float
    distance: float
    focal: float = FOCAL

    def pose(self) -> tuple[np.ndarray, np.ndarray]:
        """Rotation (world -> camera) and camera centre in world coordinates."""
        yaw, pitch = math.radians(self.yaw), math.radians(self.pitch)
        target = np.array([self.target_x, self.target_y, 0.0])
        centre = target + self.distance * np.array(
            [math.cos(pitch) * math.sin(yaw), math.cos(pitch) * math.cos(yaw), -math.sin(pitch)]
        )
        forward = (target - centre) / self.distance
        down = np.array([0.0, 0.0, 1.0])
        down = down - down.dot(forward) * forward
        down /= np.linalg.norm(down)
        right = np.cross(down, forward)
        return np.stack([right, down, forward]), centre

    def intrinsics(self) -> np.ndarray:
        return np.array([[self.focal, 0, WIDTH / 2], [0, self.focal, HEIGHT / 2], [0, 0, 1.0]])

    def homography(self) -> np.ndarray:
        """The board plane (z = 0) -> edge-convention pixels."""
        rot, centre = self.pose()
        t = -rot @ centre
        h = self.intrinsics() @ np.column_stack([rot[:, 0], rot[:, 1], t])
        return h / h[2, 2]

    def project(self, points: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """World points (N, 3) -> pixel points (N, 2) and their depths (N,)."""
        rot, centre = self.pose()
        cam = (np.asarray(points, dtype=np.float64) - centre) @ rot.T
        depth = cam[:, 2]
        pix = cam[:, :2] / depth[:, None] * self.focal + np.array([WIDTH / 2, HEIGHT / 2])
        return pix, depth

    def sees_horizon(self) -> bool:
        """Whether some pixel's ray misses the ground (the horizon is a line: check corners)."""
        rot, _ = self.pose()
        corners = np.array([[0, 0], [WIDTH, 0], [0, HEIGHT], [WIDTH, HEIGHT]], dtype=np.float64)
        rays = np.column_stack([(corners - [WIDTH / 2, HEIGHT / 2]) / self.focal, np.ones(4)])
        return bool(np.any(rays @ rot[:, 2] <= 0.02))

    def ground_mask(self) -> np.ndarray:
        """True for pixels whose ray meets the ground (below the horizon)."""
        rot, _ = self.pose()
        u = (np.arange(WIDTH) + 0.5 - WIDTH / 2) / self.focal
        v = (np.arange(HEIGHT) + 0.5 - HEIGHT / 2) / self.focal
        # z component of the world direction of each pixel's ray.
        dz = rot[0, 2] * u[None, :] + rot[1, 2] * v[:, None] + rot[2, 2]
        return dz > 0.02


def foreshortening(homography: np.ndarray, points: np.ndarray) -> np.ndarray:
    """How squashed the plane looks at board ``points``: min/max singular value of the Jacobian.

    1 is seen head-on; near 0 is seen edge-on. Shared by the renderer's ground truth and tests.
    """
    h = np.asarray(homography, dtype=np.float64)
    out = []
    for x, y in np.asarray(points, dtype=np.float64).reshape(-1, 2):
        w = h[2, 0] * x + h[2, 1] * y + h[2, 2]
        u = (h[0, 0] * x + h[0, 1] * y + h[0, 2]) / w
        v = (h[1, 0] * x + h[1, 1] * y + h[1, 2]) / w
        jac = np.array(
            [[h[0, 0] - u * h[2, 0], h[0, 1] - u * h[2, 1]],
             [h[1, 0] - v * h[2, 0], h[1, 1] - v * h[2, 1]]]
        ) / w
        s = np.linalg.svd(jac, compute_uv=False)
        out.append(s[1] / s[0] if s[0] > 0 else 0.0)
    return np.array(out)


# -- the ground -------------------------------------------------------------------------------

MARGIN = 5  # cells of textured ground drawn around the pit
TEX = 40  # texture pixels per cell


def _noise(rng: np.random.Generator, shape: tuple[int, int], scale: int) -> np.ndarray:
    h, w = shape
    small = rng.normal(size=(h // scale + 3, w // scale + 3)).astype(np.float32)
    big = cv2.resize(small, (w // scale * scale + 3 * scale, h // scale * scale + 3 * scale),
                     interpolation=cv2.INTER_CUBIC)
    return big[scale: scale + h, scale: scale + w]


def _ground_texture(rng: np.random.Generator, rows: int, cols: int,
                    look: Look = CLASSIC) -> np.ndarray:
    """Dirt with pebbles and cracks (BGR): textured enough to track, no item-like colours."""
    h, w = (rows + 2 * MARGIN) * TEX, (cols + 2 * MARGIN) * TEX
    shade = 1.0 + 0.10 * _noise(rng, (h, w), 64) + 0.07 * _noise(rng, (h, w), 16) \
        + 0.05 * _noise(rng, (h, w), 4)
    base = np.array(_bgr(look.ground_rgb), dtype=np.float32)
    tex = np.clip(shade[..., None] * base[None, None, :], 0, 255).astype(np.uint8)
    for _ in range(int(h * w / 260)):
        x, y = int(rng.integers(0, w)), int(rng.integers(0, h))
        a, b = int(rng.integers(2, 8)), int(rng.integers(2, 6))
        v = float(rng.uniform(0.45, 1.15))
        tint = rng.uniform(-8, 8)
        pb, pg, pr = look.pebble_bgr
        colour = (np.array([pb + tint, pg, pr - tint]) * v).clip(0, 175)
        cv2.ellipse(tex, (x, y), (a, b), float(rng.uniform(0, 180)), 0, 360,
                    tuple(float(c) for c in colour), -1, cv2.LINE_AA)
        if a > 4:
            cv2.circle(tex, (x - a // 3, y - b // 3), max(1, a // 4),
                       tuple(float(min(c * 1.25, 178)) for c in colour), -1, cv2.LINE_AA)
    for _ in range(int(h * w / 30000)):
        pts = [np.array([rng.integers(0, w), rng.integers(0, h)], dtype=np.float64)]
        for _k in range(int(rng.integers(3, 7))):
            pts.append(pts[-1] + rng.normal(0, 14, size=2))
        cv2.polylines(tex, [np.array(pts, dtype=np.int32)], False, _bgr(look.crack_rgb), 2,
                      cv2.LINE_AA)
    return tex


def _lighting(look: Look, rows: int, cols: int) -> np.ndarray:
    """The light falling on the ground texture (a float factor per texture pixel): brighter
    towards where the light comes from, the whole scaled by the look's intensity."""
    h, w = (rows + 2 * MARGIN) * TEX, (cols + 2 * MARGIN) * TEX
    x = (np.arange(w, dtype=np.float32) + 0.5) / TEX - MARGIN - cols / 2
    y = (np.arange(h, dtype=np.float32) + 0.5) / TEX - MARGIN - rows / 2
    ux, uy = look.light_unit()
    towards = ux * x[None, :] + uy * y[:, None]
    return (look.intensity * (1 + look.light_gradient * towards)).astype(np.float32)


def _draw_mound(tex: np.ndarray, cx: float, cy: float, look: Look = CLASSIC) -> None:
    r = int(0.38 * TEX)
    c = (int(cx), int(cy))
    # The lit side faces the light, the shadow falls away from it (classic: light from the
    # top left, shadow to the bottom right).
    ux, uy = look.light_unit()
    sx, sy = int(round(ux * math.sqrt(2))), int(round(uy * math.sqrt(2)))
    cv2.ellipse(tex, (c[0] - 3 * sx, c[1] - 4 * sy), (r, int(r * 0.92)), 0, 0, 360,
                _bgr(look.mound_shadow_rgb), -1, cv2.LINE_AA)
    cv2.circle(tex, c, r, _bgr(look.mound_rgb), -1, cv2.LINE_AA)
    light, lighter = look.mound_light_rgb
    cv2.circle(tex, (c[0] + sx * (r // 4), c[1] + sy * (r // 4)), int(r * 0.55), _bgr(light), -1,
               cv2.LINE_AA)
    cv2.circle(tex, (c[0] + sx * (r // 3), c[1] + sy * (r // 3)), int(r * 0.25), _bgr(lighter),
               -1, cv2.LINE_AA)


def _draw_hole(tex: np.ndarray, cx: float, cy: float, look: Look = CLASSIC) -> None:
    c = (int(cx), int(cy))
    inside, deep = look.hole_rgb
    cv2.circle(tex, c, int(0.40 * TEX), _bgr(look.rim_rgb), -1, cv2.LINE_AA)
    cv2.circle(tex, c, int(0.31 * TEX), _bgr(inside), -1, cv2.LINE_AA)
    cv2.circle(tex, (c[0] + 1, c[1] + 2), int(0.26 * TEX), _bgr(deep), -1, cv2.LINE_AA)


# -- items, Link and the wallet ---------------------------------------------------------------


def _blend(img: np.ndarray, layer: np.ndarray, mask: np.ndarray, alpha: float,
           origin: tuple[int, int]) -> None:
    """Blend ``layer`` (placed with its top-left at ``origin``) into ``img`` through ``mask``."""
    ox, oy = origin
    x0, y0 = max(ox, 0), max(oy, 0)
    x1, y1 = min(ox + layer.shape[1], img.shape[1]), min(oy + layer.shape[0], img.shape[0])
    if x1 <= x0 or y1 <= y0:
        return
    m = (mask[y0 - oy:y1 - oy, x0 - ox:x1 - ox].astype(np.float32) / 255.0 * alpha)[..., None]
    region = img[y0:y1, x0:x1].astype(np.float32)
    top = layer[y0 - oy:y1 - oy, x0 - ox:x1 - ox].astype(np.float32)
    img[y0:y1, x0:x1] = (region * (1 - m) + top * m).astype(np.uint8)


def draw_item(img: np.ndarray, kind: str, centre: tuple[float, float], size: float,
              alpha: float = 1.0, look: Look = CLASSIC, lit: bool = True) -> None:
    """Draw an item ``size`` pixels tall centred at ``centre`` (gems for rupees, a bomb) in
    ``look``'s colours, under its light when ``lit`` (a HUD icon is not)."""
    pad = int(size) + 4
    ox, oy = int(centre[0]) - pad, int(centre[1]) - pad
    layer = np.zeros((2 * pad, 2 * pad, 3), dtype=np.uint8)
    mask = np.zeros((2 * pad, 2 * pad), dtype=np.uint8)
    cx, cy = centre[0] - ox, centre[1] - oy
    base = np.array(look.item_rgb[kind], dtype=np.float64)
    if lit and look.intensity != 1.0:
        base = np.clip(base * look.intensity, 0, 255)
    light = tuple(base * 0.55 + 255 * 0.45)
    dark = tuple(base * 0.68)
    s = size / 2
    if kind == "*":
        r = s * 0.8
        cv2.circle(layer, (int(cx), int(cy + s * 0.15)), max(int(r), 1), _bgr(base), -1,
                   cv2.LINE_AA)
        cv2.circle(layer, (int(cx - r * 0.35), int(cy - r * 0.2)), max(int(r * 0.22), 1),
                   _bgr(light), -1, cv2.LINE_AA)
        top = (int(cx + r * 0.2), int(cy + s * 0.15 - r))
        cv2.line(layer, top, (int(cx + r * 0.45), int(cy - s * 0.95)), _bgr((120, 90, 60)),
                 max(int(r * 0.12), 1), cv2.LINE_AA)
        cv2.circle(layer, (int(cx + r * 0.45), int(cy - s * 0.95)), max(int(r * 0.12), 1),
                   _bgr((255, 150, 40)), -1, cv2.LINE_AA)
        cv2.circle(mask, (int(cx), int(cy + s * 0.15)), max(int(r), 1), 255, -1, cv2.LINE_AA)
        cv2.line(mask, top, (int(cx + r * 0.45), int(cy - s * 0.95)), 255,
                 max(int(r * 0.12), 1), cv2.LINE_AA)
        cv2.circle(mask, (int(cx + r * 0.45), int(cy - s * 0.95)), max(int(r * 0.12), 1), 255,
                   -1, cv2.LINE_AA)
    else:
        w = s * 0.58
        outer = np.array([(cx, cy - s), (cx + w, cy - s * 0.5), (cx + w, cy + s * 0.5),
                          (cx, cy + s), (cx - w, cy + s * 0.5), (cx - w, cy - s * 0.5)])
        inner = np.array([(cx, cy - s * 0.55), (cx + w * 0.45, cy - s * 0.25),
                          (cx + w * 0.45, cy + s * 0.25), (cx, cy + s * 0.55),
                          (cx - w * 0.45, cy + s * 0.25), (cx - w * 0.45, cy - s * 0.25)])
        # The shaded facet: away from the light (classic keeps it on the left).
        left = np.array([outer[4], outer[5], inner[5], inner[4]]) if not look.lit \
            or look.light[0] > 0 else np.array([outer[1], outer[2], inner[2], inner[1]])
        shift = 16
        for poly, colour in ((outer, base), (left, dark), (inner, light)):
            cv2.fillPoly(layer, [np.round(poly * (1 << shift)).astype(np.int32)], _bgr(colour),
                         cv2.LINE_AA, shift)
        cv2.fillPoly(mask, [np.round(outer * (1 << shift)).astype(np.int32)], 255, cv2.LINE_AA,
                     shift)
    _blend(img, layer, mask, alpha, (ox, oy))


def draw_digits(img: np.ndarray, text: str, right: int, top: int, height: int = DIGIT_HEIGHT,
                colour: tuple[int, int, int] = DIGIT_RGB, font: str = "strokes") -> None:
    """Draw ``text`` (digits) right-aligned at x = ``right``: our stroke font, or the
    duplex Hershey face of :mod:`gridsight.vision.lettering` (``font="hershey"``, the second
    look's; not ``cv2.putText``, whose pixels change between OpenCV releases)."""
    if font == "hershey":
        _draw_hershey(img, text, right, top, height, colour)
        return
    width = height * DIGIT_WIDTH / DIGIT_HEIGHT
    gap = height * DIGIT_GAP / DIGIT_HEIGHT
    thick = max(int(round(height / 8)), 1)
    x = right - len(text) * width - (len(text) - 1) * gap
    for ch in text:
        for stroke in _DIGIT_STROKES[ch]:
            pts = np.array([(x + thick / 2 + px / 4 * (width - thick),
                             top + thick / 2 + py / 7 * (height - thick)) for px, py in stroke])
            cv2.polylines(img, [np.round(pts * 16).astype(np.int32)], False, _bgr(colour), thick,
                          cv2.LINE_AA, 4)
        x += width + gap


def _draw_hershey(img: np.ndarray, text: str, right: int, top: int, height: int,
                  colour: tuple[int, int, int]) -> None:
    face = cv2.FONT_HERSHEY_DUPLEX
    thick = max(int(round(height / 14)), 1)
    (_, digit_h), _ = text_size("0", face, 1.0, thick)
    scale = height / digit_h
    (width, _), _ = text_size(text, face, scale, thick)
    put_text(img, text, (int(right - width), int(top + height)), face, scale, _bgr(colour),
             thick)


def digit_templates(height: int = DIGIT_HEIGHT) -> dict[str, np.ndarray]:
    """Each digit of our font alone, grey (0..255), tightly cropped: the wallet reader's pack."""
    out = {}
    for ch in "0123456789":
        canvas = np.zeros((height + 8, height + 8, 3), dtype=np.uint8)
        draw_digits(canvas, ch, right=4 + int(height * DIGIT_WIDTH / DIGIT_HEIGHT), top=4,
                    height=height)
        gray = cv2.cvtColor(canvas, cv2.COLOR_BGR2GRAY)
        ys, xs = np.nonzero(gray > 60)
        out[ch] = gray[ys.min(): ys.max() + 1, xs.min(): xs.max() + 1]
    return out


def draw_wallet(img: np.ndarray, value: int, look: Look = CLASSIC) -> None:
    """The wallet counter: a panel with a green rupee icon and the amount, where and in the
    colours and font ``look`` puts it (classic: light digits on a dark panel, top right)."""
    x, y, w, h = look.panel_box
    cv2.rectangle(img, (x, y), (x + w, y + h), _bgr(look.panel_rgb), -1)
    cv2.rectangle(img, (x, y), (x + w, y + h), _bgr(look.panel_edge_rgb), 2)
    draw_item(img, "g", (x + 28, y + h / 2), h * 0.7, look=look, lit=False)
    dx, dy, dw, dh = look.digit_box
    draw_digits(img, str(value), right=dx + dw - 6, top=dy + (dh - DIGIT_HEIGHT) // 2,
                colour=look.digit_rgb, font=look.font)


def draw_link(img: np.ndarray, camera: Camera, x: float, y: float) -> None:
    """Link's body, simply a blob: an olive tunic and a head, standing at ``(x, y)``."""
    pts, depth = camera.project(np.array([[x, y, -0.55], [x, y, -1.2]]))
    if np.any(depth <= 0.3):
        return
    scale = camera.focal / depth
    body, head = pts
    cv2.ellipse(img, (int(body[0]), int(body[1])), (max(int(0.3 * scale[0]), 1),
                max(int(0.56 * scale[0]), 1)), 0, 0, 360, _bgr(TUNIC_RGB), -1, cv2.LINE_AA)
    cv2.circle(img, (int(head[0]), int(head[1])), max(int(0.21 * scale[1]), 1), _bgr(SKIN_RGB),
               -1, cv2.LINE_AA)


# -- one frame --------------------------------------------------------------------------------


@dataclass(frozen=True)
class ItemTruth:
    """An item in view: its hole, kind, height above the ground (cells) and opacity."""

    row: int
    col: int
    kind: str
    height: float
    alpha: float


@dataclass(frozen=True)
class TruthEvent:
    """Something that happened at this frame: ``dig`` (the mound became a hole) or ``collect``."""

    kind: str
    row: int
    col: int
    item: str
    wallet_delta: int = 0


@dataclass(frozen=True, eq=False)
class PitFrame:
    """A rendered frame (BGR, 720 x 1280) and its ground truth."""

    index: int
    time: float
    image: np.ndarray = field(repr=False)
    homography: np.ndarray = field(repr=False)  # board -> edge-convention pixels
    camera: Camera
    dug: np.ndarray = field(repr=False)  # rows x cols bool: the hole is open
    item: ItemTruth | None
    wallet: int
    wallet_visible: bool
    events: tuple[TruthEvent, ...] = ()


class PitScene:
    """The ground texture of one game; mounds turn into holes as they are dug."""

    def __init__(self, rows: int, cols: int, rng: np.random.Generator, look: Look = CLASSIC):
        self.rows, self.cols = rows, cols
        self.look = look
        self._base = _ground_texture(rng, rows, cols, look)
        self.dug = np.zeros((rows, cols), dtype=bool)
        self._texture: np.ndarray | None = None

    def dig(self, row: int, col: int) -> None:
        self.dug[row, col] = True
        self._texture = None

    def texture(self) -> np.ndarray:
        if self._texture is None:
            tex = self._base.copy()
            for r in range(self.rows):
                for c in range(self.cols):
                    cx, cy = (c + MARGIN + 0.5) * TEX, (r + MARGIN + 0.5) * TEX
                    (_draw_hole if self.dug[r, c] else _draw_mound)(tex, cx, cy, self.look)
            if self.look.lit:
                light = _lighting(self.look, self.rows, self.cols)[..., None]
                tex = np.clip(tex.astype(np.float32) * light, 0, 255).astype(np.uint8)
            self._texture = tex
        return self._texture

    def render(
        self,
        camera: Camera,
        *,
        item: ItemTruth | None = None,
        link: tuple[float, float] | None = None,
        blobs: Sequence[tuple[float, float, float]] = (),
    ) -> np.ndarray:
        """The scene (no wallet, no blur, no compression) seen by ``camera``.

        ``blobs`` are extra occluders in pixels: ``(x, y, radius)``.
        """
        h = camera.homography()
        edge_to_centre = np.array([[1, 0, -0.5], [0, 1, -0.5], [0, 0, 1.0]])
        tex_to_board = np.array([[1 / TEX, 0, 0.5 / TEX - MARGIN],
                                 [0, 1 / TEX, 0.5 / TEX - MARGIN], [0, 0, 1.0]])
        m = edge_to_centre @ h @ tex_to_board
        img = cv2.warpPerspective(self.texture(), m, (WIDTH, HEIGHT), flags=cv2.INTER_LINEAR,
                                  borderMode=cv2.BORDER_CONSTANT,
                                 borderValue=_bgr(self.look.wall_rgb))
        if camera.sees_horizon():
            img[~camera.ground_mask()] = _bgr(self.look.sky_rgb)
        drawables = []
        if item is not None and item.alpha > 0:
            p, d = camera.project(np.array([[item.col + 0.5, item.row + 0.5, -item.height]]))
            if d[0] > 0.3:
                size = 0.5 * camera.focal / d[0]
                drawables.append((d[0], lambda p=p, size=size: draw_item(
                    img, item.kind, (p[0, 0], p[0, 1]), size, item.alpha, self.look)))
        if link is not None:
            _, d = camera.project(np.array([[link[0], link[1], -0.6]]))
            drawables.append((d[0], lambda: draw_link(img, camera, *link)))
        for _, draw in sorted(drawables, key=lambda t: -t[0]):
            draw()
        for bx, by, br in blobs:
            cv2.circle(img, (int(bx), int(by)), int(br), _bgr(TUNIC_RGB), -1, cv2.LINE_AA)
        return img


def motion_blur(img: np.ndarray, dx: float, dy: float) -> np.ndarray:
    """Blur along the image motion ``(dx, dy)`` (pixels during the exposure)."""
    length = math.hypot(dx, dy)
    if length < 1.5:
        return img
    n = int(min(length, 11)) | 1
    kernel = np.zeros((n, n), dtype=np.float32)
    c = n // 2
    ux, uy = dx / length, dy / length
    for t in np.linspace(-c, c, 2 * n):
        kernel[int(round(c + t * uy)), int(round(c + t * ux))] = 1
    kernel /= kernel.sum()
    return cv2.filter2D(img, -1, kernel)


def compress(img: np.ndarray, quality: int) -> np.ndarray:
    ok, buf = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, int(quality)])
    assert ok
    return cv2.imdecode(buf, cv2.IMREAD_COLOR)


# -- whole games ------------------------------------------------------------------------------

DIG_TO_HOLE = 0.15  # s after the dig starts: the mound is a hole
ITEM_RISE = (0.15, 0.55)  # s: the item rises from the hole to its full height
ITEM_FADE = (1.05, 1.4)  # s: the item fades out
COLLECT = 1.25  # s: the wallet changes
DIG_LENGTH = 1.55  # s from the dig to Link walking on


@dataclass(frozen=True)
class GamePlan:
    """A game to render: the hidden board, the holes dug in order, and the shot's settings."""

    seed: int
    difficulty: str
    board: tuple[tuple[str, ...], ...]
    digs: tuple[tuple[int, int], ...]
    wallet_start: int
    wallet_shown: tuple[bool, ...]  # per dig: the counter is on screen
    fps: float = 10.0

    @property
    def rows(self) -> int:
        return len(self.board)

    @property
    def cols(self) -> int:
        return len(self.board[0])


def plan_game(seed: int, difficulty: str = "expert", *, max_digs: int = 4, fps: float = 10.0,
              wallet_shown: float = 0.75) -> GamePlan:
    """Draw a board and a sequence of digs: random undug holes until a bomb or ``max_digs``."""
    if difficulty not in DIFFICULTIES:
        raise ValueError(f"unknown difficulty {difficulty!r}")
    rng = np.random.default_rng(seed)
    board = draw_board(difficulty, rng)
    rows, cols = len(board), len(board[0])
    order = rng.permutation(rows * cols)
    digs = []
    for idx in order[:max_digs]:
        r, c = divmod(int(idx), cols)
        digs.append((r, c))
        if board[r][c] == "*":
            break
    shown = tuple(bool(rng.random() < wallet_shown) for _ in digs)
    return GamePlan(seed, difficulty, tuple(map(tuple, board)), tuple(digs),
                    int(rng.integers(200, 5000)), shown, fps)


def _smooth(t: float) -> float:
    t = min(max(t, 0.0), 1.0)
    return t * t * (3 - 2 * t)


class GameRenderer:
    """Renders a :class:`GamePlan` frame by frame with its ground truth.

    The camera starts on an overview of the whole pit (the frame a player calibrates on), then
    follows Link: its target trails him, and its yaw, pitch and distance drift smoothly.
    ``jpeg`` is the range of JPEG qualities; ``blur`` turns motion blur on; with
    ``items_visible=False`` the items stay hidden (as if always behind Link), so only the
    wallet can tell what was dug. ``dips`` adds that many moments where the camera sinks to a
    grazing view of the pit (about 12 degrees) for about a second. ``look`` is how the pit
    is drawn (:data:`LOOKS`). ``ground_seed`` draws the same pit ground for every game (one
    calibration then serves them all, as in the real game); by default each game has its own.
    """

    def __init__(self, plan: GamePlan, *, jpeg: tuple[int, int] = (60, 90), blur: bool = True,
                 intro: float = 0.4, outro: float = 0.4, items_visible: bool = True,
                 dips: int = 0, look: Look = CLASSIC, ground_seed: int | None = None):
        self.plan = plan
        self.look = look
        self.ground_seed = ground_seed
        self.jpeg = jpeg
        self.blur = blur
        self.items_visible = items_visible
        self.dips = dips
        rng = np.random.default_rng(plan.seed + 7919)
        self._rng = rng
        # The same pit every game (as in the real game) when ``ground_seed`` is given.
        ground_rng = rng if ground_seed is None else np.random.default_rng(ground_seed)
        self.scene = PitScene(plan.rows, plan.cols, ground_rng, look)
        rows, cols = plan.rows, plan.cols
        self._centre = (cols / 2, rows / 2)
        self._phases = rng.uniform(0, 2 * math.pi, size=4)
        self._yaw0 = float(rng.uniform(-15, 15))
        # Link's schedule: (time, x, y) waypoints; digs start when he arrives.
        pos = (cols / 2 + float(rng.uniform(-1, 1)), rows + 0.8)
        t = intro
        self._walk: list[tuple[float, float, float]] = [(0.0, *pos), (t, *pos)]
        self._dig_times: list[float] = []
        for r, c in plan.digs:
            ang = float(rng.uniform(0, 2 * math.pi))
            stand = (c + 0.5 + 0.62 * math.cos(ang), r + 0.5 + 0.62 * math.sin(ang))
            dist = math.hypot(stand[0] - pos[0], stand[1] - pos[1])
            t += min(max(dist / 4.0, 0.3), 0.9)
            self._walk.append((t, *stand))
            self._dig_times.append(t)
            t += DIG_LENGTH
            self._walk.append((t, *stand))
            pos = stand
        # At the end Link walks off the pit (so the last hole is not hidden behind him).
        t += 0.9
        self._walk.append((t, cols / 2 + float(rng.uniform(-1, 1)), rows + 0.9))
        self.duration = t + outro
        dip_rng = np.random.default_rng(plan.seed + 104729)
        last = max(self.duration - 1.0, 1.3)
        self._dip_times = sorted(float(x) for x in dip_rng.uniform(1.2, last, size=dips))

    # -- where things are at time t

    def link_at(self, t: float) -> tuple[float, float]:
        w = self._walk
        for (t0, x0, y0), (t1, x1, y1) in zip(w, w[1:]):
            if t <= t1:
                a = _smooth((t - t0) / (t1 - t0)) if t1 > t0 else 1.0
                return (x0 + a * (x1 - x0), y0 + a * (y1 - y0))
        return (w[-1][1], w[-1][2])

    def camera_at(self, t: float) -> Camera:
        cols = self.plan.cols
        p = self._phases
        # Start on an overview and ease into following Link over the intro.
        follow = _smooth(t / 0.8)
        lx, ly = self.link_at(max(t - 0.35, 0.0))  # the camera trails Link
        cx, cy = self._centre
        tx = cx + follow * 0.55 * (lx - cx)
        ty = cy + follow * 0.45 * (ly - cy)
        yaw = self._yaw0 + follow * 22 * math.sin(0.35 * t + p[0])
        pitch = 54 + follow * (9 * math.sin(0.5 * t + p[1]) - 4)
        for t_dip in self._dip_times:  # a smooth dip to a grazing view, 1.2 s wide
            x = (t - t_dip) / 0.6
            if abs(x) < 1:
                pitch -= (pitch - 12) * math.cos(x * math.pi / 2) ** 2
        # The overview stands further back so the whole pit is in the picture.
        distance = (7.4 if cols > 6 else 6.2) + (1 - follow) * 1.2 \
            + follow * 0.8 * math.sin(0.4 * t + p[2])
        return Camera(tx, ty, yaw, pitch, distance)

    def item_at(self, t: float) -> ItemTruth | None:
        for (r, c), t0 in zip(self.plan.digs, self._dig_times):
            dt = t - t0
            if ITEM_RISE[0] <= dt <= ITEM_FADE[1]:
                rise = _smooth((dt - ITEM_RISE[0]) / (ITEM_RISE[1] - ITEM_RISE[0]))
                height = 0.12 + 0.78 * rise + 0.04 * math.sin(6 * dt)
                alpha = 1 - _smooth((dt - ITEM_FADE[0]) / (ITEM_FADE[1] - ITEM_FADE[0]))
                return ItemTruth(r, c, self.plan.board[r][c], height, alpha)
        return None

    def wallet_at(self, t: float) -> tuple[int, bool]:
        value = self.plan.wallet_start
        shown = True
        for k, ((r, c), t0) in enumerate(zip(self.plan.digs, self._dig_times)):
            if t >= t0 - 0.3:
                shown = self.plan.wallet_shown[k]
            if t >= t0 + COLLECT:
                value = max(value + WALLET_DELTA[self.plan.board[r][c]], 0)
        return value, shown

    # -- frames

    def frame_count(self) -> int:
        return int(self.duration * self.plan.fps) + 1

    def frames(self) -> Iterator[PitFrame]:
        """Every frame of the game, in order (the scene changes as holes are dug)."""
        fps = self.plan.fps
        prev_cam: Camera | None = None
        done_dig: set[int] = set()
        done_collect: set[int] = set()
        for i in range(self.frame_count()):
            t = i / fps
            events = []
            for k, ((r, c), t0) in enumerate(zip(self.plan.digs, self._dig_times)):
                kind = self.plan.board[r][c]
                if k not in done_dig and t >= t0 + DIG_TO_HOLE:
                    done_dig.add(k)
                    self.scene.dig(r, c)
                    events.append(TruthEvent("dig", r, c, kind))
                if k not in done_collect and t >= t0 + COLLECT:
                    done_collect.add(k)
                    events.append(TruthEvent("collect", r, c, kind, WALLET_DELTA[kind]))
            cam = self.camera_at(t)
            item = self.item_at(t)
            img = self.scene.render(cam, item=item if self.items_visible else None,
                                    link=self.link_at(t))
            if self.blur and prev_cam is not None:
                centre = np.array([[self.plan.cols / 2, self.plan.rows / 2, 0.0]])
                a, _ = prev_cam.project(centre)
                b, _ = cam.project(centre)
                d = (b - a)[0] * 0.5  # half the frame time: a typical shutter
                img = motion_blur(img, float(d[0]), float(d[1]))
            wallet, shown = self.wallet_at(t)
            if shown:
                draw_wallet(img, wallet, self.look)
            q = int(self._rng.integers(self.jpeg[0], self.jpeg[1] + 1))
            img = compress(img, q)
            prev_cam = cam
            yield PitFrame(i, t, img, cam.homography(), cam, self.scene.dug.copy(), item,
                           wallet, shown, tuple(events))

    def overview(self) -> PitFrame:
        """The first frame (an overview of the whole pit), for calibration."""
        return next(iter(GameRenderer(self.plan, jpeg=self.jpeg, blur=self.blur,
                                      items_visible=self.items_visible,
                                      dips=self.dips, look=self.look,
                                      ground_seed=self.ground_seed).frames()))


def corner_hole_centres(homography: np.ndarray, rows: int, cols: int) -> np.ndarray:
    """Where the four corner holes' centres are (TL, TR, BR, BL): what a player would mark."""
    pts = np.array([[0.5, 0.5], [cols - 0.5, 0.5], [cols - 0.5, rows - 0.5], [0.5, rows - 0.5]],
                   dtype=np.float64).reshape(-1, 1, 2)
    return cv2.perspectiveTransform(pts, np.asarray(homography, dtype=np.float64)).reshape(-1, 2)


def pit_pack():
    """The reader's pack for this skin: item shades, scene colours, the wallet's font and box.

    The item shades are the flat colour and the lit facet of each gem (the shaded facet is
    left out: it is dark enough to pass for a hole or a shadow).
    """
    from gridsight.games.thrill_digger.tracker import PitPack

    shades = {
        k: (ITEM_RGB[k], tuple(int(v * 0.55 + 255 * 0.45) for v in ITEM_RGB[k]))
        for k in ITEM_KINDS
    }
    return PitPack(
        item_colours=shades,
        scene_colours=SCENE_RGB,
        digit_templates=digit_templates(),
        wallet_box=DIGIT_BOX,
        wallet_align_right=DIGIT_BOX[2] - 6,
        exclude=(PANEL_BOX,),
    )


# -- a player's calibration screenshots -------------------------------------------------------


@dataclass(frozen=True, eq=False)
class CalibrationShots:
    """The screenshots a player takes to calibrate a look, with what they show.

    ``overview``: the whole pit, no hole dug, with the corner holes' true centres in
    ``corners``; ``items``: per item token, a screenshot of it risen high above a freshly dug
    hole (Link beside it, the camera elsewhere) and that hole; ``wallet``: a screenshot with
    the counter on screen and the amount it shows.
    """

    overview: np.ndarray = field(repr=False)
    corners: np.ndarray = field(repr=False)
    items: dict[str, tuple[np.ndarray, tuple[int, int]]] = field(repr=False)
    wallet: tuple[np.ndarray, int] = field(repr=False)


def calibration_shots(look: Look, difficulty: str, ground_seed: int, *,
                      kinds: Sequence[str] = ("g", "b", "r", "s", "y"), seed: int = 0,
                      wallet_amount: int = 4096, quality: int = 85) -> CalibrationShots:
    """Screenshots of the pit drawn from ``ground_seed`` in ``look``, as a player would take
    them to calibrate (see :class:`CalibrationShots`)."""
    rows, cols, _, _ = DIFFICULTIES[difficulty]
    rng = np.random.default_rng(seed)
    scene = PitScene(rows, cols, np.random.default_rng(ground_seed), look)
    distance = 7.4 if cols > 6 else 6.2
    camera = Camera(cols / 2, rows / 2, yaw=float(rng.uniform(-8, 8)), pitch=54,
                    distance=distance + 1.2)
    overview = scene.render(camera, link=(cols / 2, rows + 0.8))
    draw_wallet(overview, wallet_amount, look)
    overview = compress(overview, quality)
    corners = corner_hole_centres(camera.homography(), rows, cols)
    items = {}
    for kind in kinds:
        r, c = int(rng.integers(0, rows)), int(rng.integers(0, cols))
        scene.dig(r, c)
        pull = float(rng.uniform(0.2, 0.5))  # the camera follows Link part way to the hole
        cam = Camera(cols / 2 + pull * (c + 0.5 - cols / 2), rows / 2 + pull * (r + 0.5 - rows / 2),
                     yaw=float(rng.uniform(-20, 20)), pitch=float(rng.uniform(48, 60)),
                     distance=distance + float(rng.uniform(-0.5, 0.5)))
        ang = float(rng.uniform(0, 2 * math.pi))
        link = (c + 0.5 + 0.62 * math.cos(ang), r + 0.5 + 0.62 * math.sin(ang))
        image = scene.render(cam, item=ItemTruth(r, c, kind, 0.85, 1.0), link=link)
        draw_wallet(image, wallet_amount, look)
        items[kind] = (compress(image, quality), (r, c))
    return CalibrationShots(overview, corners, items, (overview, wallet_amount))
