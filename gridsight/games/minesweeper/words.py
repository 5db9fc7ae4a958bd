"""Minesweeper in its own words: unopened cells, numbers, flags and mines.

>>> WORDS.word("F").name, WORDS.word("3").name, WORDS.heat
('flag', '3 mines around', 'risk of a mine')
>>> WORDS.word("0").short, WORDS.word("0").name
('', 'no mine around')
"""

from __future__ import annotations

from gridsight.games.spec import CellWord, Words
from gridsight.solvers.minesweeper.rules import FLAG, MINE, NUMBERS, UNOPENED

WORDS = Words(
    cells={
        UNOPENED: CellWord("", "not opened"),
        FLAG: CellWord("F", "flag", "#f0c040"),
        MINE: CellWord("Mine", "mine", "#303030"),
        # An opened cell with no mine around is blank, as the game shows it (a player counts
        # the cells as the game draws them; "0" on it was a sign the game never shows).
        **{n: CellWord("" if n == "0" else n, "no mine around" if n == "0" else
                       f"{n} mine{'s' if n != '1' else ''} around", "#d8d8d8") for n in NUMBERS},
    },
    legend={
        "recommend": "open next",
        # the word the overlay writes on such a cell and the advice says ("certainly safe")
        "safe": "safe",
        "danger": "mine",
        "conflict": "wrong flag",
    },
    heat="risk of a mine",
    heat_rises=True,
)
