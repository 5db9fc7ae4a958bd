"""Pixel fonts drawn by our own code, for skins whose text the readers must read unseen.

A reader of a game's text must not carry the game's font (it is unknown), so the skins draw
their text in one of several fonts that differ in the ways real pixel fonts do: height (5 to
8 font pixels), width (3 to 6, some proportional), stroke (one or two pixels), spacing, and
the letters' own shapes (round or square, open or closed). Every font here is our own
design, written as rows of bits; a few are derived from another by a transform (taller,
wider, trimmed to proportional widths), which changes what a reader sees as much as a new
design would.

A skin draws through :func:`text_mask` with the font in use (:func:`writing_in`, a context
for one screen; a skin's own font when none is set). :func:`pick` chooses one for a look.

>>> font = FONTS["tiny"]
>>> font.mask("AB").shape
(5, 7)
>>> sorted(FONTS)[:3]
['heavy', 'proportional', 'square']
"""

from __future__ import annotations

import contextlib
import contextvars
import zlib
from dataclasses import dataclass, field
from typing import Iterator, Mapping

import cv2
import numpy as np

CHARACTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-: "


@dataclass(frozen=True, eq=False)
class PixelFont:
    """A bitmap font: each character a boolean array ``height`` rows tall (its own width),
    ``spacing`` blank columns between characters."""

    name: str
    glyphs: Mapping[str, np.ndarray] = field(repr=False)
    spacing: int = 1

    @property
    def height(self) -> int:
        return next(iter(self.glyphs.values())).shape[0]

    def glyph(self, ch: str) -> np.ndarray:
        return self.glyphs.get(ch, self.glyphs[" "])

    def mask(self, words: str, *, bold: bool = False) -> np.ndarray:
        """``words`` (capitals) as a boolean bitmap, one font pixel per pixel; ``bold``
        thickens every vertical stroke by a column."""
        parts = []
        gap = np.zeros((self.height, self.spacing), bool)
        for ch in words.upper():
            g = self.glyph(ch)
            if bold:
                g = _bold(g)
            parts += [g, gap]
        return np.concatenate(parts[:-1], axis=1) if parts else np.zeros((self.height, 0), bool)


def _bold(glyph: np.ndarray) -> np.ndarray:
    """A glyph in bold: every stroke a column wider, or, where that would fill a counter (a
    3-pixel ``O`` would become a block), every column drawn twice."""
    thick = np.pad(glyph, ((0, 0), (0, 1))) | np.pad(glyph, ((0, 0), (1, 0)))
    if _holes(thick) == _holes(glyph):
        return thick
    return np.repeat(glyph, 2, axis=1)


def bold_glyph(glyph: np.ndarray) -> np.ndarray:
    """``glyph`` in bold (a font drawn bolder throughout, the Disco Zoo skin's wider looks)."""
    return _bold(glyph)


def _holes(glyph: np.ndarray) -> int:
    """The number of enclosed blank areas of a glyph."""
    blank = np.pad(~glyph, 1, constant_values=True).astype(np.uint8)
    count, _ = cv2.connectedComponents(blank, connectivity=4)
    return count - 2  # the label of the ink and that of the outside


def _font(name: str, rows: Mapping[str, str], spacing: int = 1) -> PixelFont:
    glyphs = {ch: np.array([[c == "1" for c in row] for row in bits.split()], bool)
              for ch, bits in rows.items()}
    return PixelFont(name, glyphs, spacing)


# A tiny font, 3 pixels wide (M, N and W wider) and 5 tall.
_TINY = {
    "A": "010 101 111 101 101", "B": "110 101 110 101 110", "C": "011 100 100 100 011",
    "D": "110 101 101 101 110", "E": "111 100 110 100 111", "F": "111 100 110 100 100",
    "G": "011 100 101 101 011", "H": "101 101 111 101 101", "I": "111 010 010 010 111",
    "J": "001 001 001 101 010", "K": "101 101 110 101 101", "L": "100 100 100 100 111",
    "M": "10001 11011 10101 10001 10001", "N": "1001 1101 1011 1001 1001",
    "O": "010 101 101 101 010", "P": "110 101 110 100 100", "Q": "010 101 101 110 011",
    "R": "110 101 110 101 101", "S": "011 100 010 001 110", "T": "111 010 010 010 010",
    "U": "101 101 101 101 111", "V": "101 101 101 101 010",
    "W": "10001 10001 10101 11011 10001", "X": "101 101 010 101 101",
    "Y": "101 101 010 010 010", "Z": "111 001 010 100 111",
    "0": "111 101 101 101 111", "1": "010 110 010 010 111", "2": "110 001 010 100 111",
    "3": "110 001 010 001 110", "4": "101 101 111 001 001", "5": "111 100 110 001 110",
    "6": "011 100 111 101 111", "7": "111 001 010 010 010", "8": "111 101 111 101 111",
    "9": "111 101 111 001 110", "-": "000 000 111 000 000", ":": "0 1 0 1 0",
    " ": "000 000 000 000 000",
}

# A square font, 5x7: square bowls and corners where the usual font rounds them.
_SQUARE = {
    "A": "11111 10001 10001 11111 10001 10001 10001",
    "B": "11110 10010 10010 11111 10001 10001 11111",
    "C": "11111 10000 10000 10000 10000 10000 11111",
    "D": "11100 10010 10001 10001 10001 10010 11100",
    "E": "11111 10000 10000 11100 10000 10000 11111",
    "F": "11111 10000 10000 11100 10000 10000 10000",
    "G": "11111 10000 10000 10011 10001 10001 11111",
    "H": "10001 10001 10001 11111 10001 10001 10001",
    "I": "11111 00100 00100 00100 00100 00100 11111",
    "J": "11111 00010 00010 00010 00010 10010 11110",
    "K": "10010 10010 10100 11100 10010 10001 10001",
    "L": "10000 10000 10000 10000 10000 10000 11111",
    "M": "11111 10101 10101 10101 10101 10001 10001",
    "N": "11110 10001 10001 10001 10001 10001 10001",
    "O": "11111 10001 10001 10001 10001 10001 11111",
    "P": "11111 10001 10001 11111 10000 10000 10000",
    "Q": "11111 10001 10001 10001 10101 10011 11111",
    "R": "11111 10001 10001 11111 10100 10010 10001",
    "S": "11111 10000 10000 11111 00001 00001 11111",
    "T": "11111 00100 00100 00100 00100 00100 00100",
    "U": "10001 10001 10001 10001 10001 10001 11111",
    "V": "10001 10001 10001 10001 01010 01010 00100",
    "W": "10001 10001 10101 10101 10101 10101 11111",
    "X": "10001 01010 01010 00100 01010 01010 10001",
    "Y": "10001 10001 10001 11111 00100 00100 00100",
    "Z": "11111 00001 00010 00100 01000 10000 11111",
    "0": "11111 10011 10101 10101 10101 11001 11111",
    "1": "01100 00100 00100 00100 00100 00100 11111",
    "2": "11111 00001 00001 11111 10000 10000 11111",
    "3": "11111 00001 00001 01111 00001 00001 11111",
    "4": "10001 10001 10001 11111 00001 00001 00001",
    "5": "11111 10000 11110 00001 00001 00001 11110",
    "6": "11111 10000 10000 11111 10001 10001 11111",
    "7": "11111 00001 00001 00010 00100 00100 00100",
    "8": "11111 10001 10001 01110 10001 10001 11111",
    "9": "11111 10001 10001 11111 00001 00001 11111",
    "-": "00000 00000 00000 11111 00000 00000 00000",
    ":": "0 0 1 0 1 0 0",
    " ": "00000 00000 00000 00000 00000 00000 00000",
}

# A heavy font, 6x8, with two-pixel strokes: an open, rounded design of its own.
_HEAVY = {
    "A": "011110 110011 110011 110011 111111 110011 110011 110011",
    "B": "111110 110011 110011 111110 110011 110011 110011 111110",
    "C": "011110 110011 110000 110000 110000 110000 110011 011110",
    "D": "111100 110110 110011 110011 110011 110011 110110 111100",
    "E": "111111 110000 110000 111110 110000 110000 110000 111111",
    "F": "111111 110000 110000 111110 110000 110000 110000 110000",
    "G": "011110 110011 110000 110000 110111 110011 110011 011111",
    "H": "110011 110011 110011 111111 110011 110011 110011 110011",
    "I": "1111 0110 0110 0110 0110 0110 0110 1111",
    "J": "000011 000011 000011 000011 000011 110011 110011 011110",
    "K": "110011 110110 111100 111000 111100 110110 110011 110011",
    "L": "110000 110000 110000 110000 110000 110000 110000 111111",
    "M": "1100011 1110111 1111111 1101011 1100011 1100011 1100011 1100011",
    "N": "110011 111011 111111 110111 110011 110011 110011 110011",
    "O": "011110 110011 110011 110011 110011 110011 110011 011110",
    "P": "111110 110011 110011 110011 111110 110000 110000 110000",
    "Q": "011110 110011 110011 110011 110011 110111 110110 011011",
    "R": "111110 110011 110011 110011 111110 111100 110110 110011",
    "S": "011110 110011 110000 011110 000011 000011 110011 011110",
    "T": "111111 001100 001100 001100 001100 001100 001100 001100",
    "U": "110011 110011 110011 110011 110011 110011 110011 011110",
    "V": "110011 110011 110011 110011 110011 110011 011110 001100",
    "W": "1100011 1100011 1100011 1100011 1101011 1111111 1110111 1100011",
    "X": "110011 110011 011110 001100 001100 011110 110011 110011",
    "Y": "110011 110011 110011 011110 001100 001100 001100 001100",
    "Z": "111111 000011 000110 001100 011000 110000 110000 111111",
    "0": "011110 110011 110111 111111 111011 110011 110011 011110",
    "1": "0110 1110 0110 0110 0110 0110 0110 1111",
    "2": "011110 110011 000011 000110 001100 011000 110000 111111",
    "3": "011110 110011 000011 001110 000011 000011 110011 011110",
    "4": "000110 001110 011110 110110 111111 000110 000110 000110",
    "5": "111111 110000 110000 111110 000011 000011 110011 011110",
    "6": "011110 110000 110000 111110 110011 110011 110011 011110",
    "7": "111111 000011 000011 000110 001100 001100 001100 001100",
    "8": "011110 110011 110011 011110 110011 110011 110011 011110",
    "9": "011110 110011 110011 110011 011111 000011 000011 011110",
    "-": "000000 000000 000000 111111 111111 000000 000000 000000",
    ":": "00 11 11 00 00 11 11 00",
    " ": "000000 000000 000000 000000 000000 000000 000000 000000",
}


def _taller(font: PixelFont, name: str, rows: tuple[int, ...]) -> PixelFont:
    """``font`` with the given rows drawn twice: a taller font of the same design."""
    order = sorted(list(range(font.height)) + list(rows))
    return PixelFont(name, {ch: g[order] for ch, g in font.glyphs.items()}, font.spacing)


def _wider(font: PixelFont, name: str) -> PixelFont:
    """``font`` with each glyph's middle column drawn twice: a wider font."""
    out = {}
    for ch, g in font.glyphs.items():
        middle = g.shape[1] // 2
        out[ch] = np.concatenate([g[:, : middle + 1], g[:, middle:]], axis=1) if g.shape[1] > 2 else g
    return PixelFont(name, out, font.spacing)


def _proportional(font: PixelFont, name: str, narrow: Mapping[str, str]) -> PixelFont:
    """``font`` with blank columns trimmed from every glyph and some glyphs made narrow:
    letters of their own widths."""
    out = {}
    for ch, g in font.glyphs.items():
        if ch in narrow:
            out[ch] = np.array([[c == "1" for c in row] for row in narrow[ch].split()], bool)
            continue
        used = np.nonzero(g.any(axis=0))[0]
        out[ch] = g[:, used.min() : used.max() + 1] if len(used) and ch != " " else g[:, :3]
    return PixelFont(name, out, font.spacing)


_tiny = _font("tiny", _TINY)
_square = _font("square", _SQUARE)
_heavy = _font("heavy", _HEAVY)

FONTS: dict[str, PixelFont] = {
    "tiny": _tiny,
    "square": _square,
    "heavy": _heavy,
    "tall": _taller(_square, "tall", (3,)),
    "wide": _wider(_tiny, "wide"),
    "proportional": _proportional(
        _font("proportional", _SQUARE, spacing=2), "proportional",
        {"I": "1 1 1 1 1 1 1", "1": "01 11 01 01 01 01 01", "T": "111 010 010 010 010 010 010"}),
}


def pick(seed: int, own: PixelFont | None = None) -> PixelFont | None:
    """The font of a look drawn from ``seed``: one of :data:`FONTS`, or ``own`` (``None``:
    the skin's own font) as often as any of them."""
    choices: list[PixelFont | None] = [own, *FONTS.values()]
    return choices[zlib.crc32(f"font{seed}".encode()) % len(choices)]


_CURRENT: contextvars.ContextVar[PixelFont | None] = contextvars.ContextVar("pixel_font",
                                                                          default=None)
_FORCED: contextvars.ContextVar[PixelFont | None] = contextvars.ContextVar("forced_font",
                                                                         default=None)


def current() -> PixelFont | None:
    """The font text is drawn in now (``None``: the skin's own)."""
    return _FORCED.get() or _CURRENT.get()


@contextlib.contextmanager
def writing_in(font: PixelFont | None) -> Iterator[None]:
    """Draw text in ``font`` inside this context (``None``: the skin's own font)."""
    token = _CURRENT.set(font)
    try:
        yield
    finally:
        _CURRENT.reset(token)


@contextlib.contextmanager
def forced(font: PixelFont) -> Iterator[None]:
    """Draw text in ``font`` inside this context whatever font a look picks (tests that pin
    one font)."""
    token = _FORCED.set(font)
    try:
        yield
    finally:
        _FORCED.reset(token)
