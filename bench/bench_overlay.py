"""How long drawing advice takes: the overlay layer and an annotated 1920x1080 frame.

Boards of 5x5 (Disco Zoo) and 13x9 cells, every cell with a figure and a heat tint, a few
marks and a recommended cell, on a 1920x1080 frame. Figures:

- ``render_layer``: the transparent layer the live overlay shows (what the loop redraws);
- ``paint_advice``: the layer composited on a copy of the frame, plus the legend panel;
- baseline: the same drawing done the plain way, with Pillow's ImageDraw on the whole frame
  (convert the frame, draw each cell's tint, outline and text, convert back), measured in the
  same run so the ratio holds on a busy machine.

Run: ``python bench/bench_overlay.py [--repeat N]``. Prints the median time of each and the
ratio baseline / ours (above 1 means ours is faster).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gridsight.overlay.paint import paint_advice, render_layer  # noqa: E402
from gridsight.overlay.text import font  # noqa: E402
from gridsight.solvers.advice import Advice, Cell, CellFigure, CellMark, MarkKind  # noqa: E402
from gridsight.vision.geometry import BoardGeometry  # noqa: E402

FRAME = (1920, 1080)


def _advice(rows: int, cols: int) -> Advice:
    rng = np.random.default_rng(rows * 100 + cols)
    figures = tuple(
        CellFigure(r, c, f"{p:.0%}", float(p))
        for r in range(rows) for c in range(cols) for p in [rng.random()]
    )
    marks = (CellMark(0, 0, MarkKind.SAFE), CellMark(0, 1, MarkKind.DANGER),
             CellMark(1, 0, MarkKind.KNOWN, "Cow"), CellMark(rows - 1, cols - 1, MarkKind.UNREAD))
    return Advice("bench", rows, cols, recommend=(Cell(rows // 2, cols // 2),), marks=marks,
                  figures=figures, status="bench: dig here", warnings=("one cell unread",))


def _geometry(rows: int, cols: int) -> BoardGeometry:
    cell = min(700 // rows, 1200 // cols)
    return BoardGeometry.from_rect(300, 120, cell, cell, rows, cols)


def _pil_baseline(frame: np.ndarray, geometry: BoardGeometry, advice: Advice) -> np.ndarray:
    """The straightforward way: Pillow draws everything on the whole frame."""
    image = Image.fromarray(frame[..., ::-1]).convert("RGBA")
    tint = Image.new("RGBA", image.size, (0, 0, 0, 0))
    draw = ImageDraw.Draw(tint)
    for f in advice.figures:
        quad = [tuple(p) for p in geometry.cell_quad(f.row, f.col)]
        heat = f.heat or 0.0
        draw.polygon(quad, fill=(int(255 * heat), int(255 * (1 - heat)), 40, 97))
    image = Image.alpha_composite(image, tint)
    draw = ImageDraw.Draw(image)
    w, _ = geometry.cell_size(0, 0)
    text_font = font(max(8, int(w * 0.3)))
    for m in advice.marks:
        quad = [tuple(p) for p in geometry.cell_quad(m.row, m.col)]
        draw.polygon(quad, outline=(40, 200, 60, 255), width=2)
    for f in advice.figures:
        x, y = geometry.cell_center(f.row, f.col)
        draw.text((x, y), f.text, font=text_font, fill=(255, 255, 255, 255), anchor="mm",
                  stroke_width=2, stroke_fill=(0, 0, 0, 255))
    for c in advice.recommend:
        quad = [tuple(p) for p in geometry.cell_quad(c.row, c.col)]
        draw.polygon(quad, outline=(255, 0, 255, 255), width=5)
    return np.asarray(image.convert("RGB"))[..., ::-1].copy()


def _median_ms(fn, repeat: int) -> float:
    fn()  # warm up (fonts, caches)
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return 1000 * statistics.median(times)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=30)
    args = parser.parse_args()
    rng = np.random.default_rng(0)
    frame = rng.integers(0, 256, (FRAME[1], FRAME[0], 3), dtype=np.uint8)
    print(f"frame {FRAME[0]}x{FRAME[1]}, median of {args.repeat} runs")
    print(f"{'board':>6} {'render_layer':>13} {'paint_advice':>13} {'PIL baseline':>13} {'ratio':>6}")
    for rows, cols in ((5, 5), (9, 13)):
        advice, geometry = _advice(rows, cols), _geometry(rows, cols)
        layer_ms = _median_ms(lambda: render_layer(FRAME, geometry, advice), args.repeat)
        paint_ms = _median_ms(lambda: paint_advice(frame, geometry, advice), args.repeat)
        base_ms = _median_ms(lambda: _pil_baseline(frame, geometry, advice), args.repeat)
        print(f"{cols:>3}x{rows:<2} {layer_ms:>10.1f} ms {paint_ms:>10.1f} ms {base_ms:>10.1f} ms "
              f"{base_ms / paint_ms:>5.1f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
