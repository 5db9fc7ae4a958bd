"""Desktop captures in our own drawing, with a game's screen in a window somewhere in them.

A player runs a phone game in a mirroring window (scrcpy, Vysor) or an Android emulator, or a
console game in an emulator window, and gridsight captures the whole desktop. This module
draws such a capture around a rendered game screen (:class:`kit.skins.common.Rendered`):

- a **wallpaper** (a gradient, a blurred photo-like field, stripes, circles, hills, or a fine
  tiled pattern), a **taskbar** on one side with icons and a clock;
- **other windows** under the game's: a title bar with a title and buttons, a border, and a
  content drawn like a browser, a terminal, an editor, a file manager or a spreadsheet (text-like
  lines, blocks, a grid of cells);
- the **game's window**, on top: a title bar and border around the screen, scaled so the screen
  is 15% to 40% of the frame's width (as far as the frame's height allows), in one of the ways
  mirrors and emulators show it: the screen alone (``mirror``), with a tool strip beside it
  (``toolbar``), inside a dark rounded device bezel (``emulator``), or a portrait screen between
  bars in a landscape window (``pillarbox``); asked for by name only (not drawn at random, so
  a seed draws what it drew): a phone's body with rounded corners, the screen's corners
  rounded too and maybe a camera hole in it (``device``, an emulator's device frame);
- sometimes (``blend``) the screen's sides **hardly show**: a window whose fill is within a few
  levels of the screen's colour beside it, or a pillarbox's bars of that colour, any colour, or
  the screen blown up and blurred behind it;
- maybe a **second phone-like window** that is not the game (a home screen with a grid of app
  icons, a chat, a settings list).

The truth comes along: the board's geometry in the frame, the screen's box and the window's box,
the screen's share of the frame's width (``extras["fraction"]``).

>>> import numpy as np
>>> from kit.skins.common import Rendered
>>> from gridsight.vision.geometry import BoardGeometry
>>> screen = np.full((640, 360, 3), 90, np.uint8)
>>> shot = Rendered(screen, BoardGeometry.from_rect(40, 200, 56, 56, 5, 5), (), ())
>>> out = desktop(shot, np.random.default_rng(3))
>>> x, y, w, h = out.extras["screen_box"]
>>> out.image.shape[1] > w and 0.14 < out.extras["fraction"] < 0.41
True
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

import cv2
import numpy as np

from gridsight.vision.geometry import BoardGeometry
from gridsight.vision.lettering import put_text, text_size

from .skins.common import Rendered

Color = tuple[int, int, int]
Box = tuple[int, int, int, int]  # x, y, width, height

# Monitor sizes a capture may have (1920x1080 most often).
FRAMES = ((1920, 1080),) * 6 + ((1366, 768), (1280, 1024), (2560, 1440), (1600, 900),
                                (1280, 720), (1600, 1200))
WINDOW_KINDS = ("mirror", "mirror", "toolbar", "emulator", "pillarbox")
FONTS = (cv2.FONT_HERSHEY_SIMPLEX, cv2.FONT_HERSHEY_PLAIN, cv2.FONT_HERSHEY_DUPLEX)
WORDS = ("file", "edit", "view", "help", "gridsight", "terminal", "README.md", "def main():",
         "import numpy", "$ ls -la", "Inbox (3)", "Settings", "Downloads", "report.pdf",
         "https://example.org", "12:34", "build passed", "TODO", "Chat", "Music")


def _color(rng: np.random.Generator, low: int = 0, high: int = 256) -> Color:
    return tuple(int(v) for v in rng.integers(low, high, 3))  # type: ignore[return-value]


def _shade(color: Color, factor: float) -> Color:
    return tuple(int(np.clip(v * factor, 0, 255)) for v in color)  # type: ignore[return-value]


def _text(image: np.ndarray, rng: np.random.Generator, x: int, y: int, height: float,
          color: Color, words: str | None = None) -> int:
    """A line of text-like clutter, ``height`` pixels tall; returns its width."""
    words = words or " ".join(str(rng.choice(WORDS)) for _ in range(int(rng.integers(1, 5))))
    font = int(rng.choice(FONTS))
    scale = max(0.25, height / 22.0)
    thickness = 1 if height < 20 else 2
    rng.random()  # once the line type (every line is anti-aliased now): the draws kept
    put_text(image, words, (x, y), font, scale, color, thickness)
    return text_size(words, font, scale, thickness)[0][0]


# -- the wallpaper and the taskbar ----------------------------------------------------------


def wallpaper(rng: np.random.Generator, width: int, height: int) -> np.ndarray:
    """A desktop background of one of several kinds."""
    kind = int(rng.integers(6))
    a, b = np.array(_color(rng), np.float32), np.array(_color(rng), np.float32)
    if kind == 0:  # a gradient
        t = np.linspace(0, 1, height, dtype=np.float32)[:, None, None]
        return (a * (1 - t) + b * t).repeat(width, axis=1).astype(np.uint8)
    if kind == 1:  # a blurred photo-like field
        small = rng.integers(0, 256, (max(2, height // 120), max(2, width // 120), 3)).astype(np.uint8)
        field = cv2.resize(small, (width, height), interpolation=cv2.INTER_CUBIC)
        noise = rng.normal(0, 6, (height, width, 3)).astype(np.float32)
        return np.clip(field.astype(np.float32) + noise, 0, 255).astype(np.uint8)
    image = np.empty((height, width, 3), np.uint8)
    image[:] = a.astype(np.uint8)
    if kind == 2:  # diagonal stripes
        step = int(rng.integers(30, 160))
        for k in range(-height, width, step):
            cv2.line(image, (k, height), (k + height, 0), tuple(int(v) for v in b),
                     int(rng.integers(4, step // 2 + 5)))
    elif kind == 3:  # soft circles
        for _ in range(int(rng.integers(8, 40))):
            cv2.circle(image, (int(rng.integers(0, width)), int(rng.integers(0, height))),
                       int(rng.integers(20, 300)), _color(rng), -1, cv2.LINE_AA)
        image = cv2.GaussianBlur(image, (0, 0), float(rng.uniform(1, 12)))
    elif kind == 4:  # hills
        for layer in range(int(rng.integers(2, 5))):
            xs = np.linspace(0, width, 12)
            ys = height * (0.4 + 0.15 * layer) + rng.normal(0, height * 0.06, 12)
            pts = np.array([[0, height]] + list(zip(xs, ys)) + [[width, height]], np.int32)
            cv2.fillPoly(image, [pts], _color(rng), cv2.LINE_AA)
    else:  # a fine tiled pattern (a grid of thin lines that goes on and on)
        step = int(rng.integers(12, 60))
        line = tuple(int(v) for v in b)
        for x in range(int(rng.integers(0, step)), width, step):
            image[:, x : x + 1] = line
        for y in range(int(rng.integers(0, step)), height, step):
            image[y : y + 1] = line
    return image


def taskbar(image: np.ndarray, rng: np.random.Generator) -> Box:
    """A taskbar along one side (icons, a clock); returns the box it takes."""
    h, w = image.shape[:2]
    side = str(rng.choice(["bottom"] * 6 + ["top", "left", "right"]))
    size = int(rng.integers(28, 52))
    color = _color(rng, 10, 90) if rng.random() < 0.75 else _color(rng, 180, 250)
    ink = (235, 235, 235) if sum(color) < 380 else (30, 30, 30)
    if side in ("bottom", "top"):
        box = (0, h - size if side == "bottom" else 0, w, size)
    else:
        box = (w - size if side == "right" else 0, 0, size, h)
    x, y, bw, bh = box
    image[y : y + bh, x : x + bw] = color
    along = bw > bh
    pos = 6
    for _ in range(int(rng.integers(4, 14))):
        icon = int(size * rng.uniform(0.5, 0.75))
        cx = x + pos if along else x + (size - icon) // 2
        cy = y + (size - icon) // 2 if along else y + pos
        cv2.rectangle(image, (cx, cy), (cx + icon, cy + icon), _color(rng), -1)
        pos += icon + int(rng.integers(4, 14))
    if along:
        _text(image, rng, x + bw - 80, y + size // 2 + 6, 14, ink, "12:34")
    return box


# -- windows --------------------------------------------------------------------------------


def _content(image: np.ndarray, rng: np.random.Generator, box: Box) -> None:
    """What an ordinary window shows: a browser, a terminal, an editor, files, a sheet."""
    x, y, w, h = box
    if w < 20 or h < 20:
        return
    view = image[y : y + h, x : x + w]
    kind = int(rng.integers(5))
    light = _color(rng, 215, 256)
    if kind == 1:  # a terminal
        view[:] = _color(rng, 0, 45)
        ink = [(200, 200, 200), (90, 220, 90), (220, 220, 120)]
        step = int(rng.integers(12, 20))
        for k, ty in enumerate(range(step, h - 4, step)):
            _text(view, rng, 6, ty, step * 0.7, ink[k % 3])
        return
    view[:] = light
    if kind == 0:  # a browser: an address bar, text, pictures
        cv2.rectangle(view, (8, 6), (w - 8, 30), _shade(light, 0.9), -1)
        _text(view, rng, 14, 24, 14, (60, 60, 60), "https://example.org/page")
        ty = 50
        while ty < h - 10:
            if rng.random() < 0.2:
                bh = int(rng.integers(40, 160))
                cv2.rectangle(view, (int(rng.integers(10, 60)), ty),
                              (int(rng.integers(100, max(101, w - 10))), ty + bh), _color(rng), -1)
                ty += bh + 10
            else:
                _text(view, rng, 16, ty + 12, 13, (40, 40, 40))
                ty += 20
    elif kind == 2:  # an editor: line numbers and coloured code
        cv2.rectangle(view, (0, 0), (34, h), _shade(light, 0.88), -1)
        for k, ty in enumerate(range(16, h - 4, 17)):
            _text(view, rng, 4, ty, 11, (130, 130, 130), str(k + 1))
            _text(view, rng, 44 + 16 * int(rng.integers(0, 4)), ty, 12, _color(rng, 0, 160))
    elif kind == 3:  # a file manager: a side list, a grid of icons
        cv2.rectangle(view, (0, 0), (min(w, 140), h), _shade(light, 0.92), -1)
        for ty in range(24, h - 4, 24):
            _text(view, rng, 10, ty, 12, (50, 50, 50))
        step = int(rng.integers(70, 110))
        for iy in range(14, h - step, step):
            for ix in range(160, w - step, step):
                cv2.rectangle(view, (ix, iy), (ix + step // 2, iy + step // 2), _color(rng), -1)
                _text(view, rng, ix, iy + step // 2 + 14, 10, (40, 40, 40))
    else:  # a spreadsheet: a grid of cells, some filled
        cell_w, cell_h = int(rng.integers(50, 110)), int(rng.integers(18, 30))
        line = _shade(light, 0.8)
        for gx in range(0, w, cell_w):
            view[:, gx : gx + 1] = line
        for gy in range(0, h, cell_h):
            view[gy : gy + 1] = line
        for gy in range(0, h - cell_h, cell_h):
            for gx in range(0, w - cell_w, cell_w):
                if rng.random() < 0.4:
                    _text(view, rng, gx + 4, gy + cell_h - 6, cell_h * 0.5, (30, 30, 30),
                          str(int(rng.integers(0, 10000))))


def window(image: np.ndarray, rng: np.random.Generator, box: Box, title: str,
           draw_inside: Callable[[Box], None] | None = None, *, bar: int | None = None,
           border: int | None = None, bar_color: Color | None = None) -> Box:
    """A window over ``box`` (its outer box): a border, a title bar with ``title`` and
    buttons; its inside drawn by ``draw_inside`` (an ordinary window's content when
    ``None``). Returns the inside's box."""
    x, y, w, h = box
    bar = int(rng.integers(22, 36)) if bar is None else bar
    border = int(rng.choice([0, 1, 1, 2, 4])) if border is None else border
    bar_color = bar_color or (_color(rng, 20, 90) if rng.random() < 0.5 else _color(rng, 190, 245))
    edge = _shade(bar_color, 0.7)
    image[y : y + h, x : x + w] = edge
    image[y + border : y + border + bar, x + border : x + w - border] = bar_color
    ink = (240, 240, 240) if sum(bar_color) < 380 else (30, 30, 30)
    if bar > 0:  # (a borderless mirror has none: scrcpy --window-borderless)
        _text(image, rng, x + border + 10 + (60 if rng.random() < 0.3 else 0),
              y + border + bar // 2 + 5, min(15, bar * 0.5), ink, title)
        for k in range(3):  # the window's buttons
            bx = x + w - border - 18 * (k + 1) if rng.random() < 0.7 else x + border + 8 + 18 * k
            cv2.circle(image, (bx + 6, y + border + bar // 2), 5,
                       ((90, 90, 240), (60, 200, 240), (90, 200, 90))[k], -1, cv2.LINE_AA)
    inside = (x + border, y + border + bar, w - 2 * border, h - 2 * border - bar)
    if draw_inside is None:
        _content(image, rng, inside)
    else:
        draw_inside(inside)
    return inside


def _paste(image: np.ndarray, picture: np.ndarray, x: int, y: int) -> None:
    h, w = picture.shape[:2]
    image[y : y + h, x : x + w] = picture


def _scaled(picture: np.ndarray, width: int, rng: np.random.Generator) -> np.ndarray:
    """``picture`` scaled to ``width`` pixels, the way mirrors scale (area when shrinking,
    linear or nearest when growing)."""
    h, w = picture.shape[:2]
    height = max(1, round(h * width / w))
    if width < w:
        interp = cv2.INTER_AREA if rng.random() < 0.7 else cv2.INTER_LINEAR
    else:
        interp = cv2.INTER_LINEAR if rng.random() < 0.6 else cv2.INTER_NEAREST
    return cv2.resize(picture, (width, height), interpolation=interp)


# -- phone-like screens that are not the game ------------------------------------------------


def other_phone_screen(rng: np.random.Generator, width: int, height: int) -> np.ndarray:
    """A phone screen that is not a game: a home screen (a grid of app icons), a chat, or a
    settings list."""
    kind = int(rng.integers(3))
    image = np.empty((height, width, 3), np.uint8)
    image[:] = _color(rng)
    if kind == 0:  # a home screen: icons in a regular grid, a dock
        image[:] = wallpaper(rng, width, height)
        cols = int(rng.choice([4, 5]))
        pitch = width / cols
        icon = int(pitch * 0.62)
        for r in range(int(rng.integers(4, 7))):
            for c in range(cols):
                cx, cy = int(pitch * (c + 0.5)), int(height * 0.1 + pitch * 1.15 * (r + 0.5))
                cv2.rectangle(image, (cx - icon // 2, cy - icon // 2),
                              (cx + icon // 2, cy + icon // 2), _color(rng), -1)
        cv2.rectangle(image, (0, int(height * 0.88)), (width, height), _color(rng, 0, 80), -1)
    elif kind == 1:  # a chat
        image[:] = _color(rng, 220, 256)
        cv2.rectangle(image, (0, 0), (width, int(height * 0.08)), _color(rng, 0, 160), -1)
        y = int(height * 0.12)
        while y < height * 0.9:
            bw, bh = int(width * rng.uniform(0.3, 0.7)), int(rng.integers(24, 60))
            x = 10 if rng.random() < 0.5 else width - 10 - bw
            cv2.rectangle(image, (x, y), (x + bw, y + bh), _color(rng, 120, 256), -1)
            _text(image, rng, x + 6, y + bh // 2 + 5, 12, (20, 20, 20))
            y += bh + 12
    else:  # a settings list
        image[:] = _color(rng, 235, 256)
        step = int(rng.integers(40, 64))
        for y in range(step, height, step):
            image[y : y + 1] = (200, 200, 200)
            cv2.circle(image, (24, y - step // 2), 10, _color(rng), -1)
            _text(image, rng, 44, y - step // 2 + 5, 14, (30, 30, 30))
    return image


def grass_photo(rng: np.random.Generator, width: int, height: int) -> np.ndarray:
    """A phone's photo of a lawn, not the game: green blades on a mottled green field, maybe
    mown in stripes (light and dark bands across), maybe a path of paving slabs (a grid of
    grey squares with green lines between, the nearest thing to a board a photo shows)."""
    base = np.array((rng.uniform(40, 110), rng.uniform(110, 190), rng.uniform(30, 90)),
                    np.float32)
    small = rng.normal(0, 18, (max(2, height // 40), max(2, width // 40), 1)).astype(np.float32)
    field = base + cv2.resize(small, (width, height), interpolation=cv2.INTER_CUBIC)[..., None]
    if rng.random() < 0.5:  # mown stripes
        band = int(rng.integers(30, 90))
        field[(np.arange(height) // band % 2 == 1)] *= float(rng.uniform(0.75, 0.9))
    image = np.clip(field, 0, 255).astype(np.uint8)
    for _ in range(int(width * height / 60)):  # blades
        x, y = int(rng.integers(0, width)), int(rng.integers(0, height))
        length = int(rng.integers(4, 14))
        shade = float(rng.uniform(0.5, 1.4))
        colour = tuple(int(np.clip(v * shade, 0, 255)) for v in base)
        cv2.line(image, (x, y), (x + int(rng.integers(-3, 4)), y - length), colour, 1)
    if rng.random() < 0.5:  # a path of square slabs
        cols = int(rng.choice([3, 4, 5]))
        pitch = width / (cols + 1)
        top = int(rng.uniform(0.3, 0.6) * height)
        slab = tuple(int(v) for v in rng.integers(120, 200) + rng.integers(-6, 7, 3))  # grey
        for r in range(int(rng.integers(2, 6))):
            for c in range(cols):
                x0, y0 = int(pitch * (c + 0.5) + 3), int(top + pitch * r + 3)
                cv2.rectangle(image, (x0, y0), (int(x0 + pitch - 6), int(y0 + pitch - 6)),
                              slab, -1)
    image = cv2.GaussianBlur(image, (0, 0), float(rng.uniform(0.5, 1.2)))
    noise = rng.normal(0, 4, image.shape).astype(np.float32)
    return np.clip(image.astype(np.float32) + noise, 0, 255).astype(np.uint8)


def game_phone_screen(game: str) -> Callable[[np.random.Generator, int, int], np.ndarray]:
    """A second phone-like window's screen showing another game (``game``'s kit's random
    board in its shipped skin), fitted into the window between black bars."""
    def draw(rng: np.random.Generator, width: int, height: int) -> np.ndarray:
        shot, _ = kit_screen(game)(int(rng.integers(1 << 30)))
        sh, sw = shot.image.shape[:2]
        scale = min(width / sw, height / sh)
        w, h = max(1, round(sw * scale)), max(1, round(sh * scale))
        image = np.zeros((height, width, 3), np.uint8)
        x, y = (width - w) // 2, (height - h) // 2
        image[y : y + h, x : x + w] = cv2.resize(shot.image, (w, h), interpolation=cv2.INTER_AREA)
        return image
    return draw


def viewer_screen(seed: int, record: list | None = None
                  ) -> Callable[[np.random.Generator, int, int], np.ndarray]:
    """A second window showing a saved Disco Zoo screenshot (:func:`real_look_rescue`
    ``seed``) in an image viewer: the picture fitted above a toolbar on the viewer's dark
    ground. ``record``, when given, gets ``(shot, truth, x, y, scale, width)``: the screenshot,
    its board text, where and how large it was drawn in the window's screen of ``width``
    pixels (so its board can be told in the capture)."""
    def draw(rng: np.random.Generator, width: int, height: int) -> np.ndarray:
        shot, truth = real_look_rescue(seed)
        ground = _color(rng, 20, 60)
        image = np.empty((height, width, 3), np.uint8)
        image[:] = ground
        tool = max(14, height // 16)
        sh, sw = shot.image.shape[:2]
        scale = min(width / sw, (height - tool) / sh)
        w, h = max(1, round(sw * scale)), max(1, round(sh * scale))
        x, y = (width - w) // 2, (height - tool - h) // 2
        image[y : y + h, x : x + w] = cv2.resize(shot.image, (w, h), interpolation=cv2.INTER_AREA)
        image[height - tool :] = _shade(ground, 1.5)
        for k in range(5):  # the viewer's buttons
            cx = width // 2 + (k - 2) * tool
            cv2.circle(image, (cx, height - tool // 2), max(2, tool // 4), (200, 200, 200), -1,
                       cv2.LINE_AA)
        if record is not None:
            record.append((shot, truth, x, y, w / sw, width))
        return image
    return draw


# -- the game's window ----------------------------------------------------------------------


def _phone_window(image: np.ndarray, rng: np.random.Generator, screen: np.ndarray, x: int,
                  y: int, kind: str, bar: int, border: int, extra: tuple[int, int, int, int],
                  bar_color: Color, strip: Color | None = None) -> Box:
    """Draw the window holding ``screen`` (already scaled) with its outer corner at ``(x, y)``;
    returns the screen's box in the frame. ``extra`` is what the window adds around the screen
    (left, top, right, bottom) inside its title bar and border; ``strip``: a tool strip's
    colour (a random dark one when ``None``)."""
    sh, sw = screen.shape[:2]
    left, top, right, bottom = extra
    w = sw + left + right + 2 * border
    h = sh + top + bottom + bar + 2 * border
    placed: list[Box] = []

    def inside(box: Box) -> None:
        ix, iy, iw, ih = box
        view = image[iy : iy + ih, ix : ix + iw]
        if kind == "toolbar":
            view[:] = _color(rng, 30, 90)
            if strip is not None:
                view[:] = strip
            for k in range(int(rng.integers(4, 9))):  # tool buttons down the strip
                by = 10 + 40 * k
                if by + 24 < ih:
                    cv2.rectangle(view, (sw + 8, by), (sw + right - 8, by + 24), _color(rng), -1)
        elif kind == "emulator":
            view[:] = _color(rng, 160, 240)
            cv2.rectangle(view, (left // 3, top // 3), (iw - right // 3, ih - bottom // 3),
                          _color(rng, 10, 50), -1, cv2.LINE_AA)
        elif kind == "pillarbox":
            view[:] = _color(rng, 0, 25)
        elif kind == "device":  # a phone's body with rounded corners on the window's ground
            view[:] = _color(rng, 170, 245)
            body = _color(rng, 5, 40)
            radius = max(4, round(min(left, top) * rng.uniform(1.5, 3.0)))
            inner = np.zeros(view.shape[:2], np.uint8)
            _rounded(inner, (2, 2, iw - 4, ih - 4), radius)
            view[inner > 0] = body
        _paste(view, screen, left, top)
        if kind == "device":  # the screen's own rounded corners, and maybe a camera hole
            screen_view = view[top : top + sh, left : left + sw]
            keep = np.zeros((sh, sw), np.uint8)
            _rounded(keep, (0, 0, sw, sh), max(3, round(sw * rng.uniform(0.03, 0.08))))
            screen_view[keep == 0] = body
            if rng.random() < 0.6:
                cv2.circle(screen_view, (sw // 2, max(4, round(sw * 0.03))),
                           max(2, round(sw * 0.015)), (5, 5, 5), -1, cv2.LINE_AA)
        placed.append((ix + left, iy + top, sw, sh))

    titles = ["scrcpy", "Vysor", "Android Emulator - Pixel_5", "SM-G991B", "BlueStacks"]
    window(image, rng, (x, y, w, h), str(rng.choice(titles)), inside, bar=bar, border=border,
           bar_color=bar_color)
    return placed[0]


def _window_extra(kind: str, sw: int, sh: int, rng: np.random.Generator) -> tuple[int, int, int, int]:
    if kind == "toolbar":
        return (0, 0, int(rng.integers(36, 56)), 0)
    if kind == "emulator":
        side = max(6, int(sw * rng.uniform(0.04, 0.09)))
        return (side, int(side * rng.uniform(1.5, 3)), side, int(side * rng.uniform(1.5, 3)))
    if kind == "pillarbox":
        side = int(sh * rng.uniform(1.5, 1.78) - sw) // 2
        return (side, 0, side, 0)
    if kind == "device":  # a thin phone body around the screen, a little more above and below
        side = max(5, int(sw * rng.uniform(0.025, 0.05)))
        return (side, int(side * rng.uniform(1.5, 3)), side, int(side * rng.uniform(1.5, 3)))
    return (0, 0, 0, 0)


def _rounded(mask: np.ndarray, box: Box, radius: int) -> None:
    """A filled rectangle with rounded corners (``radius`` pixels) drawn as 255 on ``mask``."""
    x, y, w, h = box
    r = max(1, min(radius, w // 2, h // 2))
    cv2.rectangle(mask, (x + r, y), (x + w - 1 - r, y + h - 1), 255, -1)
    cv2.rectangle(mask, (x, y + r), (x + w - 1, y + h - 1 - r), 255, -1)
    for cx, cy in ((x + r, y + r), (x + w - 1 - r, y + r), (x + r, y + h - 1 - r),
                   (x + w - 1 - r, y + h - 1 - r)):
        cv2.circle(mask, (cx, cy), r, 255, -1, cv2.LINE_AA)


def desktop(shot: Rendered, rng: np.random.Generator, *,
            size: tuple[int, int] | None = None, fraction: tuple[float, float] = (0.15, 0.40),
            kind: str | None = None, others: bool = True, decoy: bool | None = None,
            jpeg: float | None = None, blend: float | None = None,
            harder: bool = False, wider: bool = True,
            decoy_screen: Callable[[np.random.Generator, int, int], np.ndarray] | None = None,
            dark: bool = False, monitors: int = 1) -> Rendered:
    """``shot``'s screen in a window on a drawn desktop; the truth mapped into the frame.

    ``size``: the frame (a random monitor size when ``None``); ``fraction``: the range of the
    screen's width over the frame's (the frame's height may allow less); ``kind``: the
    window's kind (random when ``None``, see the module docstring); ``others``: other windows
    under it; ``decoy``: a second phone-like window (random when ``None``); ``jpeg``: the
    chance the capture is saved as JPEG (0.2; harder 0.4); ``blend``: the chance the
    screen's sides hardly show (:func:`_blend_surround`; 0.25, harder 0.4).

    ``harder``: what a real desktop may also be (:class:`Harder`, drawn from a generator of
    its own spawned from ``rng``, so that every draw of ``rng`` is as it was and a capture
    drawn without it is the same as before it existed); ``wider``: with ``harder``, the
    parts of :class:`Wider` too (``False``: the harder capture as drawn before they existed).
    ``decoy_screen``: what the second phone-like window shows, drawn as ``(rng, width,
    height)`` (:func:`other_phone_screen` when ``None``; :func:`grass_photo`,
    :func:`game_phone_screen`, :func:`viewer_screen`).

    ``dark``: the other windows in dark mode (each drawn as before, its colours inverted: dark
    grounds, light text) and the game's window's title bar dark. ``monitors``: 2 puts a second
    monitor's desktop (its own wallpaper, taskbar and windows, drawn from a generator spawned
    from ``rng``) beside the first, left or right, as a capture of all monitors together
    shows them (``mss``'s monitor 0): the frame twice as wide, the screen's share half.
    Without either, a seed draws the capture it always drew.
    """
    more = _harder(rng, wider) if harder else None
    jpeg = (HARDER_JPEG if harder else 0.2) if jpeg is None else jpeg
    blend = (HARDER_BLEND if harder else 0.25) if blend is None else blend
    fw, fh = size or FRAMES[int(rng.integers(len(FRAMES)))]
    if more is not None and more.monitor is not None:  # drawn at the desktop's logical size
        pw, ph = size or more.monitor
        fw, fh = round(pw / more.hidpi), round(ph / more.hidpi)
    kind = kind or str(rng.choice(WINDOW_KINDS))
    image = wallpaper(rng, fw, fh)
    bar_box = taskbar(image, rng)
    usable = _usable(fw, fh, bar_box)
    ux, uy, uw, uh = usable

    # The screen's size: a width share of the frame, within what the usable height holds.
    sh0, sw0 = shot.image.shape[:2]
    bar = int(rng.integers(22, 36))
    border = int(rng.choice([0, 0, 1, 1, 2, 5]))
    decoy_bar = bar
    if more is not None and more.bare:
        bar = border = 0
    if more is not None and more.bare_decoy:
        decoy_bar = 0
    want = rng.uniform(*fraction) * fw
    for _ in range(40):
        sw = round(want)
        sh = round(sh0 * sw / sw0)
        extra = _window_extra(kind, sw, sh, rng)
        w = sw + extra[0] + extra[2] + 2 * border
        h = sh + extra[1] + extra[3] + bar + 2 * border
        if w <= uw - 4 and h <= uh - 4:
            break
        want *= 0.95
    screen = _scaled(shot.image, sw, rng)
    sh, sw = screen.shape[:2]
    w = sw + extra[0] + extra[2] + 2 * border
    h = sh + extra[1] + extra[3] + bar + 2 * border
    x = int(ux + rng.integers(0, uw - w + 1))
    y = int(uy + rng.integers(0, uh - h + 1))
    phone_box = (x, y, w, h)

    if others:  # ordinary windows under the game's, here and there (some of them overlapping it)
        for _ in range(int(rng.integers(1, 6))):
            ow, oh = int(rng.integers(300, max(301, uw * 3 // 4))), int(rng.integers(200, max(201, uh * 3 // 4)))
            ox = int(ux + rng.integers(0, max(1, uw - ow)))
            oy = int(uy + rng.integers(0, max(1, uh - oh)))
            box = (ox, oy, min(ow, uw), min(oh, uh))
            window(image, rng, box, str(rng.choice(WORDS)))
            if dark:
                _darken(image, box)
    decoy = bool(rng.random() < (HARDER_DECOY if harder else 0.4)) if decoy is None else decoy
    decoy_box = None
    if decoy:  # a second phone-like window, not overlapping the game's
        dw = int(np.clip(sw * rng.uniform(0.8, 1.2), 120, uw // 3))
        dh = int(dw * rng.uniform(1.78, 2.2))
        spot = _free_spot(rng, usable, phone_box, dw + 2 * border, dh + decoy_bar + 2 * border)
        if spot is not None:
            other = (decoy_screen or other_phone_screen)(rng, dw, dh)
            dx, dy = spot
            decoy_box = _phone_window(image, rng, other, dx, dy, "mirror", decoy_bar, border,
                                      (0, 0, 0, 0), _color(rng, 20, 90))

    bar_color = _color(rng, 20, 90) if rng.random() < 0.5 else _color(rng, 190, 245)
    if dark:
        bar_color = _color(rng, 20, 60)
    strip = None
    if more is not None and more.strip_spread is not None:  # a tool strip of the ground's colour
        strip = _near(_side_colour(screen, (0, 0, sw, sh), 1), more.rng, more.strip_spread)
    wider = more.wider if more is not None else None
    if wider is not None and wider.shadow is not None:
        _shadow(image, phone_box, wider.shadow)
    screen_box = _phone_window(image, rng, screen, x, y, kind, bar, border, extra, bar_color,
                               strip)
    sx, sy = screen_box[:2]
    quality = int(rng.integers(60, 96)) if rng.random() < jpeg else None
    if more is not None and more.over is not None:  # a window over a part of the game's
        bottom = sy + float(shot.geometry.outline()[:, 1].max()) * sh / sh0
        _window_over(image, more, usable, phone_box, screen_box, bottom)
    # Drawn last, from the same generator, so that every other draw is as it was.
    if rng.random() < blend:
        _blend_surround(image, rng, kind, phone_box, screen_box, usable)
    if more is not None and more.monitor is not None:  # the desktop at its physical size
        image, boxes = _physical(image, more, shot.image, screen_box,
                                 (phone_box, decoy_box))
        screen_box, (phone_box, decoy_box) = boxes[0], boxes[1:]
        sx, sy, sw, sh = screen_box
        fw = image.shape[1]
    if more is not None and quality is not None:
        quality = int(more.rng.integers(50, 96))
    if wider is not None:  # the mirrored screen as a video shows it, and the mouse pointer
        sx, sy, sw, sh = screen_box
        image[sy : sy + sh, sx : sx + sw] = _as_video(image[sy : sy + sh, sx : sx + sw], wider)
        if wider.cursor is not None:
            _pointer(image, screen_box if wider.cursor == "screen" else (0, 0, fw, image.shape[0]),
                     wider.cursor_at, more.hidpi if more is not None else 1.0)
    if monitors == 2:  # a second monitor beside this one, as mss's monitor 0 captures them
        image, shift = _beside(image, rng.spawn(1)[0], dark)
        sx += shift
        screen_box = (sx, sy, sw, sh)
        phone_box = (phone_box[0] + shift, *phone_box[1:])
        if decoy_box is not None:
            decoy_box = (decoy_box[0] + shift, *decoy_box[1:])
        fw = image.shape[1]
    scale_x, scale_y = sw / sw0, sh / sh0
    homography = np.array([[scale_x, 0, sx], [0, scale_y, sy], [0, 0, 1]]) @ shot.geometry.homography
    geometry = BoardGeometry(shot.geometry.rows, shot.geometry.cols, homography)
    if quality is not None:
        image = cv2.imdecode(cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, quality])[1],
                             cv2.IMREAD_COLOR)
    extras = {**shot.extras, "screen_box": screen_box, "window_box": phone_box,
              "fraction": sw / fw, "kind": kind, "decoy_box": decoy_box, "scale": scale_x}
    if more is not None:
        extras["harder"] = more
    return replace(shot, image=image, geometry=geometry, extras=extras)


# -- what a real desktop may also be (desktop(harder=True)) --------------------------------------

#: Monitors a HiDPI desktop has (physical pixels) and their scaling: the windows, title bars
#: and text are drawn at the logical size and scaled up; the mirrored phone's screen is drawn
#: at the physical size (a mirror draws it pixel for pixel).
HIDPI = ((2560, 1440, 1.25), (2560, 1440, 1.5), (2880, 1800, 2.0), (3840, 2160, 1.5),
         (3840, 2160, 2.0), (1920, 1080, 1.25))
HARDER_JPEG = 0.4  # the chance a harder capture is a JPEG (quality 50 to 95, not 60)
HARDER_BLEND = 0.4  # ... that the screen's sides hardly show
HARDER_DECOY = 0.6  # ... that a second phone-like window is there


@dataclass(frozen=True)
class Harder:
    """What :func:`desktop` adds with ``harder``, each at random (``rng`` draws the details):
    ``hidpi``: the desktop's scaling (1.0: none; else its monitor is one of :data:`HIDPI`);
    ``bare``: the game's window has no title bar and no border (a borderless mirror), and
    ``bare_decoy`` the second phone-like window; ``strip_spread``: a tool strip within this
    many levels of the screen's ground beside it (``None``: its own colour); ``over``: a
    window over a part of the game's, ``"title"`` (its title bar) or ``"below"`` (the screen
    below the board, from one side); ``wider``: :class:`Wider`. A JPEG's quality is 50 to
    95."""

    rng: np.random.Generator
    hidpi: float
    monitor: tuple[int, int] | None
    bare: bool
    bare_decoy: bool
    strip_spread: int | None
    over: str | None
    wider: Wider | None = None


@dataclass(frozen=True)
class Wider:
    """What a harder capture may also show that the issue does not pin down, drawn from a
    generator of its own (:func:`_wider`; a harder capture's other draws as they were):
    ``video``: the mirrored screen passed through a lossy video codec (as scrcpy and Vysor
    stream it; approximated by JPEG at this quality, 4:2:0 chroma, ``None``: not);
    ``levels``: the video's levels misread, ``"washed"`` (limited range shown as full: greys
    lifted, contrast lower) or ``"crushed"`` (the other way), ``None``: right; ``shadow``: a
    drop shadow under the game's window of this strength (``None``: none); ``cursor``: a mouse
    pointer ``"screen"`` (over the mirrored screen anywhere, a tile included: the player
    plays with the mouse), ``"elsewhere"`` or ``None``; ``cursor_at``: where, as shares of
    the box it is in."""

    video: int | None
    levels: str | None
    shadow: float | None
    cursor: str | None
    cursor_at: tuple[float, float]


def _harder(rng: np.random.Generator, wider: bool = True) -> Harder:
    """The harder parts of a capture, drawn from a generator spawned from ``rng`` (``rng``'s
    own draws untouched)."""
    more = rng.spawn(1)[0]
    monitor = HIDPI[int(more.integers(len(HIDPI)))] if more.random() < 0.3 else None
    return Harder(
        rng=more,
        hidpi=monitor[2] if monitor else 1.0,
        monitor=monitor[:2] if monitor else None,
        bare=bool(more.random() < 0.3),
        bare_decoy=bool(more.random() < 0.3),
        strip_spread=int(more.choice([0, 4, 8, 12])) if more.random() < 0.5 else None,
        over=str(more.choice(["title", "below"])) if more.random() < 0.35 else None,
        wider=_wider(rng.spawn(1)[0]) if wider else None,
    )


def _wider(rng: np.random.Generator) -> Wider:
    """The parts of :class:`Wider`, each at random."""
    return Wider(
        video=int(rng.integers(30, 91)) if rng.random() < 0.4 else None,
        levels=str(rng.choice(["washed", "crushed"])) if rng.random() < 0.2 else None,
        shadow=float(rng.uniform(0.15, 0.6)) if rng.random() < 0.4 else None,
        cursor=str(rng.choice(["screen", "screen", "elsewhere"])) if rng.random() < 0.4
        else None,
        cursor_at=(float(rng.uniform(0.05, 0.95)), float(rng.uniform(0.05, 0.95))),
    )


def _shadow(image: np.ndarray, box: Box, strength: float) -> None:
    """A soft drop shadow under a window about to be drawn at ``box`` (a little below it)."""
    x, y, w, h = box
    fh, fw = image.shape[:2]
    reach = 14
    x0, y0, x1, y1 = max(0, x - 2 * reach), max(0, y - reach), min(fw, x + w + 2 * reach), \
        min(fh, y + h + 3 * reach)
    if x1 <= x0 or y1 <= y0:
        return
    mask = np.zeros((y1 - y0, x1 - x0), np.float32)
    mask[y - y0 + reach // 2 : y - y0 + h + reach // 2, x - x0 : x - x0 + w] = 1.0
    mask = cv2.GaussianBlur(mask, (0, 0), reach / 2)
    part = image[y0:y1, x0:x1].astype(np.float32) * (1 - strength * mask[..., None])
    image[y0:y1, x0:x1] = np.clip(part + 0.5, 0, 255).astype(np.uint8)


def _as_video(screen: np.ndarray, wider: Wider) -> np.ndarray:
    """The mirrored screen as a video stream shows it (:class:`Wider`'s ``video``, ``levels``)."""
    out = screen
    if wider.video is not None:
        out = cv2.imdecode(cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, wider.video])[1],
                           cv2.IMREAD_COLOR)
    if wider.levels == "washed":
        out = np.clip(16 + out.astype(np.float32) * (219 / 255) + 0.5, 0, 255).astype(np.uint8)
    elif wider.levels == "crushed":
        out = np.clip((out.astype(np.float32) - 16) * (255 / 219) + 0.5, 0, 255).astype(np.uint8)
    return out


#: A mouse pointer (an arrow), ``#`` its white body, ``o`` its black outline.
POINTER = (
    "o...........", "oo..........", "o#o.........", "o##o........", "o###o.......",
    "o####o......", "o#####o.....", "o######o....", "o#######o...", "o########o..",
    "o#####ooooo.", "o##o##o.....", "o#o.o##o....", "oo..o##o....", "o....o##o...",
    ".....o##o...", "......oo....",
)


def _pointer(image: np.ndarray, box: Box, at: tuple[float, float], scale: float) -> None:
    """The mouse pointer with its tip at the share ``at`` of ``box``, ``scale`` pixels per
    pointer pixel (a HiDPI desktop draws it bigger)."""
    art = np.array([list(row) for row in POINTER])
    big = ((art == "#") + 2 * (art == "o")).astype(np.uint8)
    size = (round(art.shape[1] * scale), round(art.shape[0] * scale))
    big = cv2.resize(big, size, interpolation=cv2.INTER_NEAREST)
    x, y, w, h = box
    tx, ty = int(x + at[0] * w), int(y + at[1] * h)
    fh, fw = image.shape[:2]
    bh, bw = big.shape
    part = big[: max(0, min(bh, fh - ty)), : max(0, min(bw, fw - tx))]
    view = image[ty : ty + part.shape[0], tx : tx + part.shape[1]]
    view[part == 1] = (255, 255, 255)
    view[part == 2] = (0, 0, 0)


def _window_over(image: np.ndarray, more: Harder, usable: Box, phone_box: Box,
                 screen_box: Box, board_bottom: float) -> None:
    """An ordinary window over a part of the game's that hides nothing read: over its title
    bar (``more.over == "title"``; none when it has no title bar), or over the screen below
    the board, reaching in from one side up to a third of the screen's width (``"below"``)."""
    rng = more.rng
    ux, uy, uw, uh = usable
    px, py, pw, ph = phone_box
    sx, sy, sw, sh = screen_box
    if more.over == "title":
        if sy - py < 10:
            return
        bottom = py + int(rng.uniform(0.3, 1.0) * (sy - py))
        top = bottom - int(rng.integers(120, 320))
        right = px + int(rng.uniform(0.1, 0.6) * pw)
        left = right - int(rng.integers(200, 520))
    else:
        top = int(board_bottom + 0.08 * sw + rng.uniform(0, 0.1) * sh)
        bottom = top + int(rng.integers(120, 400))
        reach = int(rng.uniform(0.05, 0.33) * sw)
        if rng.random() < 0.5:  # from the left
            right, left = sx + reach, sx + reach - int(rng.integers(200, 520))
        else:
            left, right = sx + sw - reach, sx + sw - reach + int(rng.integers(200, 520))
    x0, x1 = max(ux, left), min(ux + uw, right)
    y0, y1 = max(uy, top), min(uy + uh, bottom)
    if x1 - x0 < 60 or y1 - y0 < 60:
        return
    window(image, rng, (x0, y0, x1 - x0, y1 - y0), str(rng.choice(WORDS)))


def _physical(image: np.ndarray, more: Harder, picture: np.ndarray, screen_box: Box,
              boxes: tuple[Box | None, ...]) -> tuple[np.ndarray, list]:
    """A capture drawn at a HiDPI desktop's logical size scaled to its physical size, the
    game's screen drawn again over its place at that size from ``picture`` (a mirror draws it
    pixel for pixel); the screen's box and ``boxes`` at the physical size."""
    s = more.hidpi
    fh, fw = image.shape[:2]
    big = cv2.resize(image, (round(fw * s), round(fh * s)), interpolation=cv2.INTER_LINEAR)

    def scaled(box: Box) -> Box:
        x, y, w, h = box
        x0, y0 = round(x * s), round(y * s)
        return (x0, y0, round((x + w) * s) - x0, round((y + h) * s) - y0)

    sx, sy, sw, sh = scaled(screen_box)
    h0, w0 = picture.shape[:2]
    interp = cv2.INTER_AREA if sw < w0 else (cv2.INTER_LINEAR if more.rng.random() < 0.6
                                             else cv2.INTER_NEAREST)
    big[sy : sy + sh, sx : sx + sw] = cv2.resize(picture, (sw, sh), interpolation=interp)
    return big, [(sx, sy, sw, sh), *(None if b is None else scaled(b) for b in boxes)]


def _side_colour(image: np.ndarray, screen_box: Box, side: int) -> np.ndarray:
    """The screen's colour along its left (``side`` 0) or right (1) edge: the median of its
    outermost columns over its middle half (a game's ground, not its bars)."""
    x, y, w, h = screen_box
    columns = slice(x, x + 3) if side == 0 else slice(x + w - 3, x + w)
    return np.median(image[y + h // 4 : y + 3 * h // 4, columns].reshape(-1, 3), axis=0)


def _near(colour: np.ndarray, rng: np.random.Generator, spread: int = 10) -> Color:
    """A colour within ``spread`` levels of ``colour`` in each channel."""
    return tuple(int(v) for v in np.clip(colour + rng.integers(-spread, spread + 1, 3),
                                         0, 255))  # type: ignore[return-value]


def _blend_surround(image: np.ndarray, rng: np.random.Generator, kind: str, phone_box: Box,
                    screen_box: Box, usable: Box) -> None:
    """What makes the screen's sides hardly show, drawn over a finished capture. A pillarbox
    window's bars get a colour near the screen's sides, any colour, or the whole screen blown
    up and blurred behind it (as video players fill them). Another window gets the game's window
    beside it, its fill within a few levels of the screen's colour along the sides (a white
    spreadsheet beside a snowy screen), reaching past one side or both; the game's window is
    drawn again over it (it stays on top)."""
    px, py, pw, ph = phone_box
    sx, sy, sw, sh = screen_box
    if kind == "pillarbox":
        style = str(rng.choice(["near", "colour", "blurred"]))
        x_left, x_right = px, px + pw
        if style == "blurred":  # the whole screen blown up to the window's width, blurred
            screen = image[sy : sy + sh, sx : sx + sw]
            wide = cv2.resize(screen, (x_right - x_left, round(sh * (x_right - x_left) / sw)),
                              interpolation=cv2.INTER_LINEAR)
            top = (wide.shape[0] - sh) // 2
            backdrop = cv2.GaussianBlur(wide[top : top + sh], (0, 0), float(rng.uniform(8, 24)))
        for side, (x0, x1) in enumerate(((px, sx), (sx + sw, px + pw))):
            if x1 - x0 < 2:
                continue
            bars = image[sy : sy + sh, x0:x1]
            if style == "near":
                bars[:] = _near(_side_colour(image, screen_box, side), rng)
            elif style == "colour":
                bars[:] = _color(rng)
            else:
                bars[:] = backdrop[:, x0 - x_left : x1 - x_left]
        return
    ux, uy, uw, uh = usable
    window_pixels = image[py : py + ph, px : px + pw].copy()
    sides = [(0,), (1,), (0, 1)][int(rng.integers(3))]
    colour = np.mean([_side_colour(image, screen_box, side) for side in sides], axis=0)
    left = px - int(rng.integers(60, 400)) if 0 in sides else px + pw // 3
    right = px + pw + int(rng.integers(60, 400)) if 1 in sides else px + 2 * pw // 3
    top = sy + int(sh * rng.uniform(-0.1, 0.4))
    bottom = sy + sh - int(sh * rng.uniform(-0.1, 0.3))
    x0, x1 = max(ux, left), min(ux + uw, right)
    y0, y1 = max(uy, top), min(uy + uh, bottom)
    if x1 - x0 < 60 or y1 - y0 < 60:
        return
    fill = _near(colour, rng, 8)

    def plain(box: Box) -> None:
        ix, iy, iw, ih = box
        image[iy : iy + ih, ix : ix + iw] = fill
        for ty in range(iy + 24, iy + ih - 8, int(rng.integers(40, 120))):
            _text(image, rng, ix + 10, ty, 12, _shade(fill, 0.5))

    window(image, rng, (x0, y0, x1 - x0, y1 - y0), str(rng.choice(WORDS)), plain)
    image[py : py + ph, px : px + pw] = window_pixels


def _usable(fw: int, fh: int, bar: Box) -> Box:
    """The frame's box the taskbar leaves."""
    x, y, w, h = bar
    if w == fw:  # along the top or the bottom
        return (0, h, fw, fh - h) if y == 0 else (0, 0, fw, fh - h)
    return (w, 0, fw - w, fh) if x == 0 else (0, 0, fw - w, fh)


def _free_spot(rng: np.random.Generator, usable: Box, taken: Box, w: int,
               h: int) -> tuple[int, int] | None:
    """A random corner for a ``w`` x ``h`` window in ``usable`` clear of ``taken``."""
    ux, uy, uw, uh = usable
    tx, ty, tw, th = taken
    for _ in range(30):
        if uw - w < 1 or uh - h < 1:
            return None
        x, y = int(ux + rng.integers(0, uw - w)), int(uy + rng.integers(0, uh - h))
        if x + w + 8 < tx or x > tx + tw + 8 or y + h + 8 < ty or y > ty + th + 8:
            return x, y
    return None


def _darken(image: np.ndarray, box: Box) -> None:
    """The window at ``box`` in dark mode: its colours inverted (a white page black, black
    text white)."""
    x, y, w, h = box
    image[y : y + h, x : x + w] = 255 - image[y : y + h, x : x + w]


def _beside(image: np.ndarray, rng: np.random.Generator, dark: bool) -> tuple[np.ndarray, int]:
    """``image`` with a second monitor's desktop of its size beside it (its own wallpaper,
    taskbar and one to four ordinary windows), left or right; and how far ``image`` moved
    right (0 or its width)."""
    fh, fw = image.shape[:2]
    other = wallpaper(rng, fw, fh)
    ux, uy, uw, uh = _usable(fw, fh, taskbar(other, rng))
    for _ in range(int(rng.integers(1, 5))):
        ow, oh = int(rng.integers(300, max(301, uw * 3 // 4))), int(rng.integers(200, max(201, uh * 3 // 4)))
        box = (int(ux + rng.integers(0, max(1, uw - ow))), int(uy + rng.integers(0, max(1, uh - oh))),
               min(ow, uw), min(oh, uh))
        window(other, rng, box, str(rng.choice(WORDS)))
        if dark:
            _darken(other, box)
    if rng.random() < 0.5:
        return np.concatenate([image, other], axis=1), 0
    return np.concatenate([other, image], axis=1), fw


# -- samples for the tests and the bench ------------------------------------------------------


def real_look_rescue(seed: int, wide: bool = True, near: bool = True) -> tuple[Rendered, str]:
    """A random rescue drawn in a random real look (:mod:`kit.skins.disco_zoo_real`; ``wide``
    and ``near`` as :func:`~kit.skins.disco_zoo_real.random_look` takes them), and the board
    text a perfect reader gives."""
    from .rescues import random_rescue_board
    from .skins import disco_zoo_real as real

    rng = np.random.default_rng(seed)
    board = random_rescue_board(rng, max_taps=10, extra=int(rng.integers(1, 6)) if seed % 8 == 0
                                else 0)
    shot = real.render([list(row) for row in board.labels],
                       animals=[(a.name, a.rarity) for a in board.animals],
                       attempts=board.attempts, region=board.region, seed=seed,
                       look=real.random_look(seed, board.region, wide=wide, near=near))
    return shot, board.text


def kit_screen(game: str) -> Callable[[int], tuple[Rendered, str | None]]:
    """Screen ``seed`` of ``game``: its kit's random board in the shipped skin, and no board
    text (its cells' labels are the truth)."""
    from .games import kit_of

    draw = kit_of(game).random_shot
    if draw is None:
        raise KeyError(f"the {game} kit draws no random screens")
    return lambda seed: (draw(np.random.default_rng(seed)), None)


def sample(draw: Callable[[int], tuple[Rendered, str | None]], seed: int,
           **options) -> tuple[Rendered, Rendered, str | None]:
    """Screen ``seed`` as ``draw`` draws it (:func:`real_look_rescue`, :func:`kit_screen`) and
    the desktop capture holding it (:func:`desktop`, its layout from the same seed):
    ``(screen, capture, truth)``."""
    shot, truth = draw(seed)
    return shot, desktop(shot, np.random.default_rng(10_000 + seed), **options), truth
