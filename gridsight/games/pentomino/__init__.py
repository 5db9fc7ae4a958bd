"""Pentomino fill (Pentolings and the classic rectangles): the game's spec.

The parts: :mod:`~gridsight.games.pentomino.adapter` (``gridsight solve``) and
:mod:`~gridsight.games.pentomino.reader` (the level read off a screenshot: the board through
the pack ``templates/pentomino/<skin>/``, the tray of pieces left by the pack's layout).
"""

from __future__ import annotations

from typing import Any, Mapping

from gridsight.games.pentomino.live import headline
from gridsight.games.pentomino.words import WORDS
from gridsight.games.spec import (
    Beside, GameSpec, GridReading, HintOption, ManualBoardSettings, TIME_LIMIT,
)
from gridsight.live.settings import TrackerSettings
from gridsight.tracking import never

LETTERS = "FILNPTUVWXYZ"

EXAMPLE = """\
pieces: P U V
. . . . .
. . . . .
. . . . .
"""

SCREEN_EXAMPLE = """\
pieces: F I L N P T U V W X Y Z
# # # # # # # # # #
# # # # # # # # # #
# # # # # # # # # #
I . . X . . . . . .
I . X X X . . . . .
I . . X . . . . . .
I . . . . . . . . .
I . . . . . . . L .
. . . . . L L L L .
# # # # # # # # # #
# # # # # # # # # #
# # # # # # # # # #
"""

def _adapter():
    from gridsight.games.pentomino.adapter import GAME

    return GAME


def _reader():
    from gridsight.games.pentomino.reader import READER

    return READER


def placed(old: str, new: str) -> bool:
    """The player's move is a piece put down on an empty cell."""
    return old == "." and new != "#"


def piece_letters(text: str) -> str:
    """``--pieces`` as the format writes it: letters only, upper case (``"f i l"`` -> ``FIL``);
    a letter that is no piece is refused here, as a board's 'pieces' line refuses it.

    >>> piece_letters("f i l")
    'FIL'
    """
    import argparse

    letters = "".join(text.replace(",", " ").split()).upper()
    if not letters:
        raise argparse.ArgumentTypeError(f"no piece named in '{text}' (letters of {LETTERS})")
    for letter in letters:
        if letter not in LETTERS:
            raise argparse.ArgumentTypeError(
                f"unknown piece '{letter}' in '{text}' (pieces are {' '.join(LETTERS)})")
    return letters


def _results(board: str, solution: Mapping[str, Any]) -> tuple[str, ...]:
    if "solvable" not in solution:
        return ()
    return (f"solvable at the last step: {'yes' if solution['solvable'] else 'no'}",)


SPEC = GameSpec(
    name="pentomino",
    title="Pentomino fill (Pentolings and the classic rectangles)",
    summary="fill a shape with pentominoes: the next piece to place, a solution, or what blocks",
    load_adapter=_adapter,
    example=EXAMPLE,
    manual=ManualBoardSettings(6, 10, (".", "#", *LETTERS)),
    reading=GridReading(_reader, TrackerSettings(".", never, is_move=placed),
                        example=SCREEN_EXAMPLE),
    hints=(HintOption("pieces", "--pieces", "the whole piece set (instead of reading the tray)",
                      "LETTERS", piece_letters, header="pieces"),),
    solver_options=(TIME_LIMIT,),
    words=WORDS,
    results=_results,
    headline=headline,
    # The LEVEL/HINT bar above the board and the tray of pieces under it. The tray ends
    # 4.33 cells under the frame (y 462 vs 358 at 24 px a cell in the pack's layout): the
    # room under it is free (a 360x640 phone: the folded panel lay over the LEVEL/HINT bar,
    # the whole band under the board being kept; both kept, it went over the tray).
    keep_beside=(Beside.ABOVE, Beside.BELOW),
    keep_below_reach=4.6,
)
