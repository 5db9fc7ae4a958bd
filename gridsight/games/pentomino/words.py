"""Pentomino fills in their own words: empty cells, the shape's outside, the pieces by letter.

Each piece's button has the colour the overlay draws it in (:func:`gridsight.overlay.style.piece_colour`),
so the panel and the picture agree.

>>> WORDS.word("F").name, WORDS.word("#").name
('piece F', 'outside the shape')
"""

from __future__ import annotations

from gridsight.games.spec import CellWord, Words
from gridsight.overlay.style import piece_colour
from gridsight.solvers.pentomino.pieces import LETTERS


def _hex(label: str) -> str:
    b, g, r = piece_colour(label)
    return f"#{r:02x}{g:02x}{b:02x}"


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
)
