"""Thrill Digger (Zelda: Skyward Sword): the game's spec, the one place gridsight learns it.

The parts: :mod:`~gridsight.games.thrill_digger.adapter` (``gridsight solve`` and ``simulate``),
:mod:`~gridsight.games.thrill_digger.tracker` (the 3D pit followed frame by frame into dig
events), :mod:`~gridsight.games.thrill_digger.live` (that tracker as ``gridsight live``'s
board source, from a pit saved by ``gridsight calibrate thrill-digger``),
:mod:`~gridsight.games.thrill_digger.calibration` (that calibration folder: the pit and the
look learned from the player's screenshots) and :mod:`~gridsight.games.thrill_digger.still`
(``gridsight analyze --calibration`` on stills of the pit). The rules
(difficulties, item values) are :mod:`gridsight.solvers.thrill_digger.rules`, defined once.
"""

from __future__ import annotations

import argparse
from typing import Any, Mapping

from gridsight.games.spec import TIME_LIMIT, GameSpec, ManualBoardSettings, PitReading
from gridsight.games.thrill_digger.words import WORDS
from gridsight.solvers.thrill_digger.rules import (
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


def _calibrate(spec: GameSpec, image, options: argparse.Namespace, corners, folder):
    """``gridsight calibrate thrill-digger``: the pit from the corner holes, the look from the
    ``--item`` and ``--wallet`` screenshots (:mod:`~gridsight.games.thrill_digger.calibration`)."""
    from gridsight.games.thrill_digger.calibration import (
        PitCalibrationInputError, calibrate_pit_folder, parse_box, parse_item, parse_wallet,
    )
    from gridsight.games.thrill_digger.still import read_back

    sizes = spec.reading.sizes
    if corners is None or options.difficulty is None:
        raise PitCalibrationInputError(
            f"{spec.name} needs --corners (the four corner holes' centres, top-left, top-right, "
            "bottom-right, bottom-left) and --difficulty")
    if options.difficulty not in sizes:
        raise PitCalibrationInputError(f"{spec.name} has no difficulty '{options.difficulty}' "
                                       f"(one of {', '.join(sizes)})")
    rows, cols = sizes[options.difficulty]
    items = [parse_item(text) for text in getattr(options, "item", None) or ()]
    wallets = [parse_wallet(text) for text in getattr(options, "wallet", None) or ()]
    box_text = getattr(options, "wallet_box", None)
    box = parse_box(box_text) if box_text else None
    if box is not None and not wallets:
        raise PitCalibrationInputError("--wallet-box needs a --wallet FILE=AMOUNT screenshot")
    check = getattr(options, "not_another_games", None)
    if check is not None:  # the calibrate command's: another game's screenshot is refused
        check()
    return calibrate_pit_folder(image, corners, rows, cols, options.difficulty, folder,
                                items=items, wallets=wallets, wallet_box=box,
                                wallet_align=getattr(options, "wallet_align", None) or "right",
                                game=spec.name,
                                read_back=lambda staged: read_back(staged, image, items,
                                                                   rows * cols, folder))


def _still(spec: GameSpec, options: argparse.Namespace):
    from gridsight.games.thrill_digger.still import still_reader
    from gridsight.solvers.errors import InputError

    if not getattr(options, "calibration", None):
        raise InputError(f"{spec.name} is read as a 3D pit: give --calibration DIR (a pit "
                         f"saved by gridsight calibrate {spec.name})")
    return still_reader(options.calibration, getattr(options, "difficulty", None))


def rupees_dug(board: str) -> int | None:
    """Rupees dug on ``board`` (its text): each dug rupee's worth, less 10 per rupoor.

    >>> rupees_dug("difficulty: beginner\\n. . . . .\\n. b b r .\\n. . g x .\\n. . . . .\\n")
    21
    """
    from gridsight.solvers.boardtext import parse_boards
    from gridsight.solvers.errors import InputError

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
                       load_source=_pit_source, calibrate=_calibrate, load_still=_still),
    solver_options=(TIME_LIMIT,),
    words=WORDS,
    results=_results,
)
