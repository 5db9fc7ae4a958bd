"""The twelve pentominoes and their fixed orientations.

A pentomino is five unit squares joined edge to edge; there are twelve, named by the letters
they resemble: F I L N P T U V W X Y Z. A *fixed* orientation is one of the shapes a piece takes
when turned and mirrored, counted once however many ways produce it: X has 1, I has 2, T U V W
Z have 4 each and F L N P Y have 8 each, 63 in all.

>>> [len(orientations(letter)) for letter in LETTERS]
[8, 2, 8, 8, 8, 4, 4, 4, 4, 1, 8, 4]
>>> sorted(orientations("I"))[0]
((0, 0), (0, 1), (0, 2), (0, 3), (0, 4))

Each orientation is a sorted tuple of ``(row, col)`` offsets, normalised so its smallest row
and smallest column are 0; orientations are listed in a fixed order so that every placement
list built from them is reproducible.
"""

from __future__ import annotations

from functools import cache

Shape = tuple[tuple[int, int], ...]

# One drawing of each piece, as rows of text: '#' marks a square.
_DRAWINGS: dict[str, tuple[str, ...]] = {
    "F": (".##", "##.", ".#."),
    "I": ("#####",),
    "L": ("####", "#..."),
    "N": ("##..", ".###"),
    "P": ("##", "##", "#."),
    "T": ("###", ".#.", ".#."),
    "U": ("#.#", "###"),
    "V": ("#..", "#..", "###"),
    "W": ("#..", "##.", ".##"),
    "X": (".#.", "###", ".#."),
    "Y": ("..#.", "####"),
    "Z": ("##.", ".#.", ".##"),
}

LETTERS: tuple[str, ...] = tuple(sorted(_DRAWINGS))


def normalise(cells: "tuple[tuple[int, int], ...] | list[tuple[int, int]] | set[tuple[int, int]]") -> Shape:
    """Shift ``cells`` so the smallest row and column are 0, and sort them."""
    top = min(r for r, _ in cells)
    left = min(c for _, c in cells)
    return tuple(sorted((r - top, c - left) for r, c in cells))


def _base(letter: str) -> Shape:
    return normalise(
        [(r, c) for r, row in enumerate(_DRAWINGS[letter]) for c, ch in enumerate(row) if ch == "#"]
    )


@cache
def orientations(letter: str) -> tuple[Shape, ...]:
    """The distinct fixed orientations of piece ``letter`` (rotations and reflections)."""
    shape = _base(letter)
    seen: list[Shape] = []
    for mirror in (False, True):
        cells = [(r, -c) for r, c in shape] if mirror else list(shape)
        for _ in range(4):
            cells = [(c, -r) for r, c in cells]  # a quarter turn
            norm = normalise(cells)
            if norm not in seen:
                seen.append(norm)
    return tuple(sorted(seen))


def shape_letter(cells: "set[tuple[int, int]] | tuple[tuple[int, int], ...]") -> str | None:
    """The letter of the pentomino whose shape ``cells`` has (any orientation), or ``None``."""
    if len(cells) != 5:
        return None
    norm = normalise(tuple(cells))
    for letter in LETTERS:
        if norm in orientations(letter):
            return letter
    return None
