"""Thrill Digger (Zelda: Skyward Sword): the game's spec, the one place gridsight learns it.

The parts: :mod:`~gridsight.games.thrill_digger.adapter` (``gridsight solve`` and ``simulate``),
:mod:`~gridsight.games.thrill_digger.tracker` (the 3D pit followed frame by frame into dig
events) and :mod:`~gridsight.games.thrill_digger.live` (that tracker as ``gridsight live``'s
board source, from a pit saved by ``gridsight calibrate thrill-digger``). The rules
(difficulties, item values) are :mod:`solvers.thrill_digger.rules`, defined once.
"""

from __future__ import annotations

import argparse
from typing import Any, Mapping

from gridsight.games.spec import TIME_LIMIT, GameSpec, ManualBoardSettings, PitReading, Words
from solvers.thrill_digger.rules import (
    BOMB, COLOURS, COLOUR_VALUES, DIFFICULTIES, RUPOOR, RUPOOR_VALUE, UNDUG, UNSEEN,
)

EXAMPLE = """\
difficulty: beginner
. . . . .
. b b r .
. . g b .
. . . b .
"""


def _adapter():
    from gridsight.games.thrill_digger.adapter import GAME

    return GAME


def _pit_source(spec: GameSpec, options: argparse.Namespace):
    from gridsight.games.thrill_digger.live import pit_source

    return pit_source(spec, options)


def rupees_dug(board: str) -> int | None:
    """Rupees dug on ``board`` (its text): each dug rupee's worth, less 10 per rupoor.

    >>> rupees_dug("difficulty: beginner\\n. . . . .\\n. b b r .\\n. . g x .\\n. . . . .\\n")
    21
    """
    from solvers.boardtext import parse_boards
    from solvers.errors import InputError

    try:
        grid = parse_boards(board)[0].grid
    except (InputError, IndexError):
        return None
    return sum(COLOUR_VALUES.get(t, 0) + (RUPOOR_VALUE if t == RUPOOR else 0)
               for row in grid for t in row)


def _results(board: str, solution: Mapping[str, Any]) -> tuple[str, ...]:
    rupees = rupees_dug(board)
    return () if rupees is None else (f"rupees dug (on the last board): {rupees:+d}",)


SPEC = GameSpec(
    name="thrill-digger",
    title="Thrill Digger (Zelda: Skyward Sword)",
    summary="dig for rupees, avoid bombs: exact odds of every hole and the best hole to dig",
    load_adapter=_adapter,
    example=EXAMPLE,
    manual=ManualBoardSettings(5, 8, (UNDUG, *COLOURS, RUPOOR, BOMB, UNSEEN), blank=UNDUG),
    reading=PitReading(sizes={d.name: (d.rows, d.cols) for d in DIFFICULTIES.values()},
                       load_source=_pit_source),
    solver_options=(TIME_LIMIT,),
    words=Words(),
    results=_results,
)
