"""Build ``vision/lettering.npz``: the glyphs gridsight writes text with, captured once.

Run ``python tools/build_lettering.py [--out PATH]`` under OpenCV 5.0.x (it refuses any other
version). Why: ``cv2.putText`` is no fixed drawing. OpenCV 4 strokes the Hershey vector fonts,
OpenCV 5 rasterises a built-in outline font in their place (thickness 1 a regular weight, 2 and
over a bold one), and OpenCV 5.1 changed that font's outlines and advances again (a "3" at
scale 1, thickness 2 differs on 327 pixels). The reader draws the words and digits it looks
for, and the test kit draws the shipped screens, so every release moved what gridsight read.

This tool renders each printable ASCII character once, large (:data:`REF_SCALE`), in each style
gridsight uses (a Hershey face constant, regular or bold), with the OpenCV 5.0 the shipped
packs were first drawn with, and stores the coverage pictures, where each sits against the pen
and how far it moves the pen. :mod:`gridsight.vision.lettering` then lays text out and
area-samples it to any size in plain numpy: the same pixels whatever OpenCV is installed.
The file is stamped with the OpenCV version and scale it was taken at; its arrays' digest is
written into ``vision/lettering.py`` (``DIGEST``), which checks it at load.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

import cv2
import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from gridsight.vision.lettering import CHARS, FACES, REF_SCALE, digest  # noqa: E402

CAPTURED_WITH = "5.0."  # the OpenCV series the shipped packs were drawn with


def _glyph(ch: str, face: int, thickness: int) -> tuple[np.ndarray, int, int]:
    """``ch``'s coverage at :data:`REF_SCALE` cut to its ink, with its ink's left edge right
    of the pen and top above the baseline (pixels); a blank 0x0 picture for a space."""
    size = int(60 * REF_SCALE)
    canvas = np.zeros((size * 2, size * 2), np.uint8)
    pen_x, base_y = size // 2, size
    cv2.putText(canvas, ch, (pen_x, base_y), face, REF_SCALE, 255, thickness, cv2.LINE_AA)
    ys, xs = np.nonzero(canvas)
    if len(xs) == 0:
        return np.zeros((0, 0), np.uint8), 0, 0
    cut = canvas[ys.min() : ys.max() + 1, xs.min() : xs.max() + 1]
    return cut, int(xs.min()) - pen_x, base_y - int(ys.min())


def _advance(ch: str, face: int, thickness: int) -> float:
    """How far ``ch`` moves the pen at :data:`REF_SCALE`: the width of eight of it less one,
    over seven (the ends' bearings cancel; OpenCV's own rounding is spread thin)."""
    def width(text: str) -> int:
        return cv2.getTextSize(text, face, REF_SCALE, thickness)[0][0]
    return (width(ch * 8) - width(ch)) / 7.0


def capture() -> dict[str, np.ndarray]:
    """Every style's glyphs, as the arrays :mod:`gridsight.vision.lettering` loads."""
    arrays: dict[str, np.ndarray] = {}
    styles = []  # per face, regular and bold: the index of its design (OpenCV 5 draws
    seen: dict[bytes, int] = {}  # several faces alike: a design is stored once)
    for face in FACES:
        for bold in (False, True):
            thickness = 2 if bold else 1
            cuts, lefts, tops, advances = [], [], [], []
            for ch in CHARS:
                cut, left, top = _glyph(ch, face, thickness)
                cuts.append(cut)
                lefts.append(left)
                tops.append(top)
                advances.append(_advance(ch, face, thickness))
            height = max(c.shape[0] for c in cuts)
            strip = np.zeros((height, sum(c.shape[1] for c in cuts)), np.uint8)
            starts, x = [], 0
            for cut in cuts:
                strip[: cut.shape[0], x : x + cut.shape[1]] = cut
                starts.append(x)
                x += cut.shape[1]
            boxes = np.array([(s, c.shape[1], c.shape[0], lf, tp)  # start, width, height,
                              for s, c, lf, tp in zip(starts, cuts, lefts, tops)], np.int32)
            advance = np.array(advances, np.float64)  # ... left, top per glyph
            line = np.array(cv2.getTextSize("Hg", face, REF_SCALE, thickness)[0][1], np.int32)
            fingerprint = strip.tobytes() + boxes.tobytes() + advance.tobytes() + line.tobytes()
            if fingerprint not in seen:
                key = f"d{len(seen)}"
                seen[fingerprint] = len(seen)
                arrays[key + "_strip"], arrays[key + "_boxes"] = strip, boxes
                arrays[key + "_advance"], arrays[key + "_line"] = advance, line
            styles.append(seen[fingerprint])
    arrays["styles"] = np.array(styles, np.int32).reshape(len(FACES), 2)
    arrays["captured_with"] = np.array(cv2.__version__)
    arrays["ref_scale"] = np.array(REF_SCALE)
    return arrays


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "vision" / "lettering.npz")
    args = parser.parse_args(argv)
    if not cv2.__version__.startswith(CAPTURED_WITH):
        print(f"build_lettering: needs OpenCV {CAPTURED_WITH}x (the shipped packs' drawing), "
              f"found {cv2.__version__}", file=sys.stderr)
        return 2
    arrays = capture()
    fd, tmp = tempfile.mkstemp(dir=args.out.parent, suffix=".npz")
    os.close(fd)
    try:
        np.savez_compressed(tmp, **arrays)
        os.chmod(tmp, 0o644)
        os.replace(tmp, args.out)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)
    print(f"wrote {args.out} ({args.out.stat().st_size} bytes), OpenCV {cv2.__version__}, "
          f"digest {digest(arrays)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
