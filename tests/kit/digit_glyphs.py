"""The skin's digits written one by one and read by the reader's digit reader: for the tests
of reading digits in a font the reader has no template of."""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

from gridsight.vision.digits import read_glyph
from kit.skins import disco_zoo_real as real


def digit_reads(sizes: Iterable[int]) -> list[tuple[int, bool, int, int, float]]:
    """Each digit 0-9 written in the current pixel font at each size, regular and bold, and
    read: ``(size, bold, digit, read, lead)``."""
    out = []
    for size in sizes:
        for bold in (False, True):
            for digit in range(10):
                canvas = np.zeros((9 * size + 10, 10 * size, 3), np.uint8)
                real.write(canvas, str(digit), 3, 3, size, (255, 255, 255), bold=bold)
                read, lead = read_glyph(canvas[..., 0] > 127)
                out.append((size, bold, digit, read, lead))
    return out
