"""A small 5x7 pixel font of our own, for tests that need letters drawn pixel for pixel
(a glyph with a column lost, a name enlarged smoothly): only the letters those tests write."""

from __future__ import annotations

import numpy as np

FONT = {"A": ["01110", "10001", "10001", "11111", "10001", "10001", "10001"],
        "C": ["01111", "10000", "10000", "10000", "10000", "10000", "01111"],
        "E": ["11111", "10000", "10000", "11110", "10000", "10000", "11111"],
        "H": ["10001", "10001", "10001", "11111", "10001", "10001", "10001"],
        "I": ["1", "1", "1", "1", "1", "1", "1"],
        "F": ["11111", "10000", "10000", "11110", "10000", "10000", "10000"],
        "K": ["10001", "10010", "10100", "11000", "10100", "10010", "10001"],
        "L": ["10000", "10000", "10000", "10000", "10000", "10000", "11111"],
        "M": ["10001", "11011", "10101", "10101", "10001", "10001", "10001"],
        "O": ["01110", "10001", "10001", "10001", "10001", "10001", "01110"],
        "P": ["11110", "10001", "10001", "11110", "10000", "10000", "10000"],
        "S": ["01111", "10000", "10000", "01110", "00001", "00001", "11110"],
        "T": ["11111", "00100", "00100", "00100", "00100", "00100", "00100"],
        "U": ["10001", "10001", "10001", "10001", "10001", "10001", "01110"],
        "V": ["10001", "10001", "10001", "10001", "01010", "01010", "00100"],
        "Y": ["10001", "10001", "01010", "00100", "00100", "00100", "00100"],
        "7": ["11111", "00001", "00010", "00100", "01000", "01000", "01000"]}
HEIGHT = 7


def letter(ch: str, pixel: int = 1) -> np.ndarray:
    """``ch``'s mask, each font pixel ``pixel`` screen pixels square."""
    bits = np.array([[c == "1" for c in row] for row in FONT[ch]])
    return np.kron(bits, np.ones((pixel, pixel), bool))


def write(picture: np.ndarray, text: str, x: int, y: int, colour, pixel: int = 1,
          slit: str = "") -> int:
    """``text`` drawn into ``picture`` from its top-left corner (``x``, ``y``), letters one
    font pixel apart and a space four; each letter of ``slit`` loses its middle column.
    Returns the x after the text."""
    for ch in text:
        if ch == " ":
            x += 4 * pixel
            continue
        mask = letter(ch, pixel)
        if ch in slit:
            mask[:, mask.shape[1] // 2] = False
        picture[y : y + mask.shape[0], x : x + mask.shape[1]][mask] = colour
        x += mask.shape[1] + pixel
    return x
