"""Pentomino fills in their own words: empty cells, the shape's outside, the pieces by letter.

Each piece's button has the colour the game draws it in when a template pack read it (its
cell template's colour, :func:`skin`), else the one the overlay draws it in
(:func:`gridsight.overlay.style.piece_colour`).

>>> WORDS.word("F").name, WORDS.word("#").name
('piece F', 'outside the shape')
"""

from __future__ import annotations

from typing import Any

from gridsight.games.spec import CellWord, Words
from gridsight.overlay.style import piece_colour
from gridsight.solvers.pentomino.pieces import LETTERS


def _hex(label: str) -> str:
    b, g, r = piece_colour(label)
    return f"#{r:02x}{g:02x}{b:02x}"


def skin(pack: Any) -> dict[str, str]:
    """Each piece's colour in the game, as ``pack`` (a template pack) has it: its cell
    template's (:func:`gridsight.games.pentomino.reader.piece_colors`); ``{}`` without one."""
    from gridsight.games.pentomino.reader import piece_colors

    if pack is None or not getattr(pack, "templates", None):
        return {}
    colours = {}
    for letter, bgr in piece_colors(pack).items():
        b, g, r = (int(round(float(v))) for v in bgr[:3])
        colours[letter] = f"#{r:02x}{g:02x}{b:02x}"
    return colours


WORDS = Words(
    cells={
        ".": CellWord("·", "empty"),
        "#": CellWord("■", "outside the shape", "#5a5a5a"),
        **{letter: CellWord(letter, f"piece {letter}", _hex(letter)) for letter in LETTERS},
    },
    legend={
        "recommend": "the cell with the fewest ways to fill",
        "conflict": "take back",
        "piece": "place {label}",
    },
    heat="",
    skin=skin,
)
