"""Tile path (Oracle of Ages' Hero's Cave and its kind): the game's spec.

The parts: :mod:`~gridsight.games.tile_path.adapter` (``gridsight solve``),
:mod:`~gridsight.games.tile_path.reader` (the room read off a screenshot, through the pack
``templates/tile-path/<skin>/``), and for a room bigger than the screen
:mod:`~gridsight.games.tile_path.room` and :mod:`~gridsight.games.tile_path.scrolling` (a
pack calibrated with ``--room``: each screenshot's view placed in the room).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gridsight.games.spec import TIME_LIMIT, GameSpec, GridReading, ManualBoardSettings
from gridsight.games.tile_path.words import WORDS
from gridsight.live.settings import TrackerSettings

TOKENS = (".", "x", "#", "S", "E", "L")

EXAMPLE = """\
. . . . . .
. # . . . .
. . . . # .
S . . . . .
. . . # . .
"""

SCREEN_EXAMPLE = """\
. . . . . . . .
. . . # . . . .
. . . . . . . .
. . . . . . . .
L . . # . . . .
S . . . . . . E
"""

def _adapter():
    from gridsight.games.tile_path.adapter import GAME

    return GAME


def _reader():
    from gridsight.games.tile_path.reader import READER

    return READER


def _rooms():
    from gridsight.games.tile_path.scrolling import ROOMS

    return ROOMS


def crossed(old: str, new: str) -> bool:
    """A tile once crossed (``x``) stays crossed: the walk never un-crosses a tile."""
    return new == "x" and old != "x"


def arrived(old: str, new: str) -> bool:
    """The player's move is Link arriving on a tile."""
    return new == "L"


def _results(board: str, solution: Mapping[str, Any]) -> tuple[str, ...]:
    lines = []
    if solution.get("unseen"):
        lines.append(f"tiles not seen at the last step: {len(solution['unseen'])}")
    if solution.get("tiles_left") is not None:
        lines.append(f"tiles left to cross at the last step: {solution['tiles_left']}")
    if "solvable" in solution:
        solvable = solution["solvable"]  # a logged value: any JSON, so compare, never hash
        answer = "yes" if solvable is True else "no" if solvable is False else "undecided"
        lines.append(f"solvable at the last step: {answer}")
    return tuple(lines)


SPEC = GameSpec(
    name="tile-path",
    title="Tile path (Zelda: Oracle of Ages' Hero's Cave and its kind)",
    summary="cross every tile once: a full walk, the next step, or a proof that none exists",
    load_adapter=_adapter,
    example=EXAMPLE,
    manual=ManualBoardSettings(6, 8, TOKENS),
    reading=GridReading(_reader, TrackerSettings(".", crossed, is_move=arrived),
                        example=SCREEN_EXAMPLE, scrolling=_rooms),
    solver_options=(TIME_LIMIT,),
    words=WORDS,
    results=_results,
)
