"""Thrill Digger in its own words: holes, rupee colours, bombs and rupoors.

The panel shows each rupee as a button of its colour marked with that colour's name (what a
player sees in the pit: a green rupee, not its worth of 1); the legend says
"safe" (certainly a rupee), "bomb", "rupoor", and the tint is the risk of a bomb (red: likely).

>>> WORDS.word("r").name, WORDS.word("r").short, WORDS.word("r").colour
('red rupee', 'red', '#d83a3a')
"""

from __future__ import annotations

from gridsight.games.spec import CellWord, Words
from gridsight.solvers.thrill_digger.rules import BOMB, COLOUR_NAMES, RUPOOR, UNDUG, UNSEEN

RUPEE_COLOURS = {"g": "#3fae49", "b": "#3a6fd8", "r": "#d83a3a", "s": "#c8c8d0",
                 "y": "#e8b923"}

WORDS = Words(
    cells={
        UNDUG: CellWord("", "not dug"),
        **{token: CellWord(name, f"{name} rupee", RUPEE_COLOURS[token])
           for token, name in COLOUR_NAMES.items()},
        RUPOOR: CellWord("rupoor", "rupoor", "#5b3a7a"),
        BOMB: CellWord("Bomb", "bomb", "#303030"),
        UNSEEN: CellWord("?", "dug, colour not seen"),
    },
    legend={
        "recommend": "dig here next",
        "also": "or dig here: as good",
        "safe": "safe",
        "danger": "bomb",
        "known": "rupoor",
    },
    heat="risk of a bomb",
    heat_rises=True,
)
