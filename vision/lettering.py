"""Text drawn the same whatever OpenCV is installed: gridsight's own ``putText``.

The reader draws the words and digits it looks for (Disco Zoo's names and counters, the
reference digits of :mod:`gridsight.vision.digits`) and the test kit draws the shipped screens
with the same call, so the pixels of that call are part of what gridsight reads. OpenCV's
``cv2.putText`` changes them between releases (OpenCV 4 strokes Hershey vector fonts, 5.0
rasterises a built-in outline font, 5.1 changed that font's outlines and advances again).
Here the glyphs are pictures captured once (``tools/build_lettering.py``, under OpenCV 5.0,
stored in ``lettering.npz`` beside this module and checked against :data:`DIGEST` at load);
a line is laid out on their large scale and area-sampled to the size asked for in plain
numpy, with no OpenCV call at all.

The styles are OpenCV's Hershey face constants (the integers ``cv2.FONT_HERSHEY_*``) in
:data:`FACES`, regular for thickness 1 and bold for 2 and over, as OpenCV 5 draws them. Line
type is not a parameter: every line is anti-aliased.

>>> import numpy as np
>>> canvas = np.zeros((40, 60), np.uint8)
>>> put_text(canvas, "17", (4, 30), 0, 1.0, 255, 2)
>>> int(canvas.max()), text_size("17", 0, 1.0, 2)[0]
(255, (37, 27))
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path

import numpy as np

# The characters captured: printable ASCII; any other is drawn as "?".
CHARS = "".join(chr(c) for c in range(32, 127))
# The Hershey faces gridsight draws with: SIMPLEX, PLAIN, DUPLEX, COMPLEX, TRIPLEX (their
# cv2.FONT_HERSHEY_* values, so callers pass OpenCV's constants).
FACES = (0, 1, 2, 3, 4)
REF_SCALE = 3.0  # the scale the glyphs were captured at: text drawn smaller is area-sampled
DATA = Path(__file__).with_name("lettering.npz")
# The digest of the captured arrays (:func:`digest`): a changed or damaged file is refused.
DIGEST = "199c41a03e32407a"


class LetteringError(RuntimeError):
    """The glyph file is missing, damaged or not the one this module was written for."""


@dataclass(frozen=True)
class Style:
    """One face and weight's glyphs: ``strip`` holds their coverage side by side; per
    character of :data:`CHARS`, ``boxes`` gives (start in the strip, width, height, ink's
    left edge right of the pen, ink's top above the baseline) and ``advance`` the pen's move,
    all at :data:`REF_SCALE`; ``line``: the text height OpenCV reports at that scale."""

    strip: np.ndarray
    boxes: np.ndarray
    advance: np.ndarray
    line: int


def digest(arrays: dict[str, np.ndarray]) -> str:
    """A short sha256 of ``arrays`` (names, shapes, types and bytes, in name order)."""
    h = hashlib.sha256()
    for name in sorted(arrays):
        a = np.ascontiguousarray(arrays[name])
        h.update(f"{name}|{a.shape}|{a.dtype.str}|".encode())
        h.update(a.tobytes())
    return h.hexdigest()[:16]


@cache
def _arrays() -> dict[str, np.ndarray]:
    try:
        with np.load(DATA, allow_pickle=False) as npz:
            arrays = {name: npz[name] for name in npz.files}
    except (OSError, ValueError) as exc:
        raise LetteringError(f"cannot read the glyph file {DATA}: {exc}") from None
    found = digest(arrays)
    if found != DIGEST:
        raise LetteringError(f"the glyph file {DATA} has digest {found}, expected {DIGEST} "
                             "(rebuild it with tools/build_lettering.py)")
    return arrays


def captured_with() -> str:
    """The OpenCV version the glyphs were captured under (the file's stamp)."""
    return str(_arrays()["captured_with"])


@cache
def style(face: int, thickness: int) -> Style:
    """The glyphs of Hershey ``face`` at ``thickness`` (1 regular, 2 and over bold)."""
    if face not in FACES:
        raise ValueError(f"font face {face} is not one gridsight draws with (one of {FACES})")
    a = _arrays()
    key = f"d{int(a['styles'][FACES.index(face), 1 if thickness >= 2 else 0])}"
    return Style(a[key + "_strip"], a[key + "_boxes"], a[key + "_advance"],
                 int(a[key + "_line"]))


def _indices(text: str) -> list[int]:
    fallback = CHARS.index("?")
    return [CHARS.index(ch) if ch in CHARS else fallback for ch in text]


def text_size(text: str, face: int, scale: float, thickness: int) -> tuple[tuple[int, int], int]:
    """``((width, height), baseline)`` of ``text`` as :func:`put_text` draws it, in the shape
    ``cv2.getTextSize`` returns: the pen's travel, the face's text height, the deepest ink
    below the baseline (pixels, rounded)."""
    s = style(face, thickness)
    f = scale / REF_SCALE
    idx = _indices(text)
    width = float(s.advance[idx].sum()) if idx else 0.0
    below = max((int(s.boxes[i, 2] - s.boxes[i, 4]) for i in idx), default=0)
    return (_round(width * f), _round(s.line * f)), max(0, _round(below * f))


def _round(value: float) -> int:
    """Halves rounded up, as OpenCV's cvRound does for the positive sizes here."""
    return int(np.floor(value + 0.5))


def _area_sample(a: np.ndarray, start: float, f: float, n_out: int) -> np.ndarray:
    """``a`` resampled along its first axis by ``f``: output row ``k`` is the mean of ``a``
    over ``[(start + k) / f, (start + k + 1) / f)`` (each input row a box, zero beyond
    ``a``), from the running sum: no matrix product, whose threads cost more than the sums
    on such small pictures and whose last bits differ between BLAS builds. (The running sum
    is written in place after its leading zero row, of ``a`` laid out row after row: the
    same sums, each along the first axis, at less cost than joining and striding.)"""
    a = np.ascontiguousarray(a)
    n_in = a.shape[0]
    total = np.empty((n_in + 1,) + a.shape[1:])
    total[0] = 0.0
    np.cumsum(a, axis=0, out=total[1:])

    def integral(x: np.ndarray) -> np.ndarray:
        x = np.clip(x, 0.0, float(n_in))
        i = np.minimum(np.floor(x).astype(np.int64), n_in - 1)
        return total[i] + (x - i)[:, None] * a[i]

    lo = (start + np.arange(n_out)) / f
    return (integral(lo + 1.0 / f) - integral(lo)) * f


def coverage(text: str, face: int, scale: float, thickness: int) -> tuple[np.ndarray, int, int]:
    """``text``'s ink coverage (float 0..1) at ``scale`` with the pen at ``(0, 0)``, and the
    picture's column and row of that origin: the picture spans columns ``-x0`` onwards and
    rows ``-y0`` onwards relative to the pen on the baseline. Remembered (the coverage read
    only): a screen draws the same words at the same size again and again (an overlay's
    labels every frame, a window's title, a desktop's icons)."""
    return _coverage(text, face, float(scale), thickness)


@lru_cache(maxsize=2048)
def _coverage(text: str, face: int, scale: float, thickness: int) -> tuple[np.ndarray, int, int]:
    """:func:`coverage`, worked out."""
    s = style(face, thickness)
    boxes, glyphs = _glyphs(face, thickness)
    idx = _indices(text)
    if not idx:
        return np.zeros((0, 0)), 0, 0
    pens = np.concatenate([[0.0], np.cumsum(s.advance[idx])[:-1]])
    lefts = [int(p) + boxes[i][3] for p, i in zip(np.floor(pens).tolist(), idx)]
    x_lo = min(min(lefts), 0)
    x_hi = max(lf + boxes[i][1] for lf, i in zip(lefts, idx)) + 1
    top = max(boxes[i][4] for i in idx) + 1
    bottom = max(boxes[i][2] - boxes[i][4] for i in idx) + 1
    big = np.zeros((top + bottom, x_hi - x_lo), np.float64)
    for lf, i in zip(lefts, idx):
        glyph = glyphs[i]
        if glyph is None:
            continue
        h, w = glyph.shape
        r0, c0 = top - boxes[i][4], lf - x_lo
        region = big[r0 : r0 + h, c0 : c0 + w]
        np.maximum(region, glyph, out=region)
    f = scale / REF_SCALE
    # Output pixels aligned to the pen: origin column x_lo * f (ref pixel x_lo at the left).
    out_x0 = int(np.floor(x_lo * f))
    out_y0 = int(np.floor(-top * f))
    n_x = int(np.ceil(x_hi * f)) - out_x0 + 1
    n_y = int(np.ceil(bottom * f)) - out_y0 + 1
    rows = _area_sample(big, out_y0 + top * f, f, n_y)
    both = np.round(_area_sample(rows.T, out_x0 - x_lo * f, f, n_x).T, 9)
    both.setflags(write=False)  # shared by every later call with the same arguments
    return both, -out_x0, -out_y0


@cache
def _glyphs(face: int, thickness: int
            ) -> tuple[list[tuple[int, int, int, int, int]], list[np.ndarray | None]]:
    """The style's boxes as ints and each character's glyph as coverage (float 0..1; ``None``
    for one with no ink), worked out once: :func:`_coverage` lays them side by side."""
    s = style(face, thickness)
    boxes = [(int(x0), int(w), int(h), int(left), int(tp))
             for x0, w, h, left, tp in s.boxes.tolist()]
    glyphs = [None if w == 0 else s.strip[:h, x0 : x0 + w].astype(np.float64) / 255.0
              for x0, w, h, _, _ in boxes]
    for glyph in glyphs:
        if glyph is not None:
            glyph.setflags(write=False)
    return boxes, glyphs


def put_text(image: np.ndarray, text: str, org: tuple[int, int], face: int, scale: float,
             color: float | tuple[float, ...], thickness: int = 1) -> None:
    """Draw ``text`` into ``image`` (uint8, grey or colour) in place, like ``cv2.putText``:
    ``org`` the pen's start on the baseline, ``face`` a Hershey constant of :data:`FACES`,
    ``scale`` OpenCV's font scale, ``thickness`` 1 regular or 2 and over bold; anti-aliased,
    the colour blended by the ink's coverage, clipped at the image's edges."""
    cover, ox, oy = coverage(text, face, scale, thickness)
    if cover.size == 0:
        return
    x0, y0 = int(org[0]) - ox, int(org[1]) - oy
    h, w = cover.shape
    ix0, iy0 = max(x0, 0), max(y0, 0)
    ix1, iy1 = min(x0 + w, image.shape[1]), min(y0 + h, image.shape[0])
    if ix0 >= ix1 or iy0 >= iy1:
        return
    alpha = cover[iy0 - y0 : iy1 - y0, ix0 - x0 : ix1 - x0]
    target = image[iy0:iy1, ix0:ix1]
    ink = np.asarray(color, np.float64).ravel()
    if target.ndim == 3:
        channels = target.shape[2]
        if ink.size < channels:
            ink = np.concatenate([ink, np.zeros(channels - ink.size)])
        ink = ink[:channels]
        alpha = alpha[:, :, None]
    else:
        ink = ink[:1]  # a grey picture takes the first channel, as cv2.putText does
    mixed = target.astype(np.float64) * (1.0 - alpha) + ink * alpha
    # Rounded to 1e-6 first: a sum's last bits may differ between BLAS builds, never a pixel.
    target[...] = np.clip(np.floor(np.round(mixed, 6) + 0.5), 0, 255).astype(image.dtype)
