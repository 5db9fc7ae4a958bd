"""Tile paths in their own words: tiles, walls, crossed tiles, Link, the start and the end.

>>> WORDS.word("L").short, WORDS.word("#").short
('Link', '■')
"""

from __future__ import annotations

from gridsight.games.spec import CellWord, Words

WORDS = Words(
    cells={
        ".": CellWord("·", "tile"),
        "#": CellWord("■", "wall", "#5a5a5a"),
        "x": CellWord("×", "crossed", "#e07070"),
        "S": CellWord("start", "start", "#f0d060"),
        "E": CellWord("end", "end", "#f0d060"),
        "L": CellWord("Link", "Link", "#60c060"),
    },
    legend={
        "recommend": "next step",
        # The other move the line names ("Step up or right"): dashed, its number the walk's
        "also": "or this step: also keeps a full walk",
        # A tile a walk may leave uncrossed: a check mark and no word on the tile ("block"
        # read as a statue there; "skip" over the walk's step 28 as "skip step 28").
        "safe": "may be the one tile left uncrossed",
        "path": "walk (numbered steps)",
        # A room's tiles out of view, cut by its edge or under an enemy: not seen, not
        # misread ("not read" said of 45 tiles the player knows are off the screen).
        "unread": "not seen yet",
    },
    heat="",
)
