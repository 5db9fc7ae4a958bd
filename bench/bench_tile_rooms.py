"""Benchmark: reading a view of a tile-path room bigger than the screen.

Run ``python bench/bench_tile_rooms.py [--shots N] [--repeat R] [--scales 2,4,6]``. For the
Game Boy Color Hero's Cave skin (:mod:`kit.skins.tile_path_gbc`) at 2x, 4x and 6x (or the
scales given) it calibrates a pack from
one screenshot, then times, as medians of CPU seconds per screenshot:

- ``view``: :func:`gridsight.games.tile_path.room.read_view` (the screen, the view's place in
  the room, every tile in view), the path ``gridsight analyze`` and ``live`` take with a room
  pack;
- ``calibrate``: :func:`gridsight.games.tile_path.room.calibrate_room` from one screenshot;
- baseline, in the same process: :func:`gridsight.vision.locate.locate_board` and
  :func:`gridsight.vision.classify.read_cells` with the shipped 6x8 pack on a room seen whole at the
  same scale (the classic tile-path read), so the ratio says what reading a scrolling view
  costs against it.

CPU time of this process, not wall time: the machine is shared.

``--accept SEED [--cases N]`` measures reading instead of time, as the issue checks a room
pack: each case (``display`` set-ups, :func:`kit.rooms.one_shot_case`) calibrated from one
screenshot, then three other moments read; per case and in all, the cells in view right,
``?`` and wrong (:class:`kit.rooms.Tally`), ``edge`` counting apart the cells the
screenshot's edge cuts by under two console pixels. ``--wider`` draws the skin wider than
reality wherever the issue leaves a property open (:mod:`kit.skins.gbc_wider`);
``--widest [all|PROPS]`` draws it wider again where the wider skin still keeps a property
fixed or one-sided, all of them or the named ones, each on a stream of its own
(:mod:`kit.skins.gbc_widest`).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))  # the test kit

from kit import rooms
from kit.games.tile_path import specimen
from kit.skins import gbc_widest
from kit.skins import tile_path_gbc as gbc

from gridsight.games.tile_path.room import (
    board_tokens,
    calibrate_room,
    read_view,
    room_from_board,
)
from gridsight.solvers.boardtext import parse_boards
from gridsight.solvers.errors import InputError
from gridsight.vision.errors import BoardNotFoundError, VisionInputError
from gridsight.vision.classify import read_cells
from gridsight.vision.locate import locate_board
from gridsight.vision.packs import load_pack


def cpu(fn, *args, repeat: int = 1) -> float:
    """The median CPU seconds of ``fn(*args)`` over ``repeat`` runs."""
    return timed(fn, *args, repeat=repeat)[0]


def timed(fn, *args, repeat: int = 1):
    """The median CPU seconds of ``fn(*args)`` over ``repeat`` runs, and the last run's
    result (so a result that is needed afterwards is not computed once more untimed)."""
    times = []
    for _ in range(repeat):
        start = time.process_time()
        out = fn(*args)
        times.append(time.process_time() - start)
    return statistics.median(times), out


def accept_case(index: int, seed: int, wider: bool = False, widest: str = ""
                ) -> tuple[rooms.Tally, list[str]]:
    """Case ``index`` of the one-screenshot acceptance: calibrated from one screenshot, then
    three moments read; the tally of their cells and the problems in words. ``wider``: the
    skin widened where the issue leaves it open (:mod:`kit.skins.gbc_wider`); ``widest``:
    a wider case with these properties (``"all"`` or names joined by commas) drawn wider
    again (:mod:`kit.skins.gbc_widest`)."""
    room = room_from_board(parse_boards(gbc.HEROS_CAVE)[0])
    _settings, shot, moments = rooms.one_shot_case(index, seed, wider=wider, widest=widest)
    tally, problems = rooms.Tally(), []
    try:
        pack = calibrate_room([("c", shot.image)], room, f"case{index}").pack
    except (VisionInputError, InputError) as error:
        problems.append(f"calibration refused: {error}")
        pack = None
    for k, moment in enumerate(moments):
        truth = rooms.text_of(moment.board_in_view())
        try:
            if pack is None:
                raise BoardNotFoundError("tile-path", "no pack")
            read = read_view(moment.image, pack)
        except (VisionInputError, InputError) as error:
            tally.add(rooms.text_of([["?"] * len(r) for r in moment.board]), truth, moment)
            problems.append(f"frame {k} refused: {error}")
            continue
        text = rooms.text_of(board_tokens(read.board, room))
        problems += [f"frame {k}: {p}" for p in tally.add(text, truth, moment)]
    return tally, problems


def accept(seed: int, cases: int, wider: bool = False, widest: str = "") -> None:
    """Print the one-screenshot acceptance of ``cases`` cases from ``seed``."""
    total = rooms.Tally()
    for index in range(cases):
        tally, problems = accept_case(index, seed + index, wider, widest)
        total.merge(tally)
        print(f"case {index} ({seed + index}): {tally.line()}", flush=True)
        for problem in problems[:4]:
            print(f"   {problem}")
    print(f"all: {total.line()}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shots", type=int, default=6)
    parser.add_argument("--repeat", type=int, default=2)
    parser.add_argument("--scales", default="2,4,6",
                        help="the scales to measure, of 2, 4 and 6 (default all three)")
    parser.add_argument("--accept", type=int, metavar="SEED",
                        help="measure reading (the one-screenshot acceptance) from SEED")
    parser.add_argument("--cases", type=int, default=24, help="the cases of --accept")
    parser.add_argument("--wider", action="store_true",
                        help="with --accept: the skin drawn wider than reality where the issue "
                        "leaves it open (kit.skins.gbc_wider); without it the seeds keep their "
                        "looks")
    parser.add_argument("--widest", nargs="?", const="all", default="", metavar="all|PROPS",
                        help="with --accept: the wider skin with every property it still "
                        "keeps fixed or one-sided (all, the default) or the named ones (comma "
                        "separated: " + ", ".join(gbc_widest.PROPERTIES) + ") drawn wider "
                        "again (kit.skins.gbc_widest)")
    args = parser.parse_args()
    if args.widest:
        try:
            gbc_widest.names(args.widest)
        except ValueError as error:
            parser.error(str(error))
    if args.accept is not None:
        accept(args.accept, args.cases, args.wider, args.widest)
        return
    try:
        scales = {int(s) for s in args.scales.split(",")}
    except ValueError:
        parser.error(f"--scales takes numbers such as 2,4,6, not {args.scales!r}")
    if not scales or not scales <= {2, 4, 6}:
        parser.error(f"--scales takes some of 2, 4 and 6, not {args.scales!r}")
    room = room_from_board(parse_boards(gbc.HEROS_CAVE)[0])
    classic = load_pack("tile-path")

    def classic_read(image):
        read_cells(image, locate_board(image, classic), classic)

    print("scale  view s  calibrate s  classic read s (baseline)  view/baseline")
    for index, scale in ((0, 2), (2, 4), (4, 6)):
        if scale not in scales:
            continue
        rng = np.random.default_rng(index)
        settings = rooms.settings_for(index, rng)
        look = gbc.random_look(index)
        calibration = rooms.calibration_shot(look, settings, index).image
        calibrate, calibrated = timed(calibrate_room, [("c", calibration)], room, "bench")
        pack = calibrated.pack
        shots = [gbc.random_shot(100 + k, look=look, settings=settings).image
                 for k in range(args.shots)]
        view = statistics.median(cpu(read_view, s, pack, repeat=args.repeat) for s in shots)
        whole = specimen(scale=scale).image
        base = cpu(classic_read, whole, repeat=args.repeat)
        print(f"{scale:4d}x  {view:6.3f}  {calibrate:11.2f}  {base:26.3f}  {view / base:13.2f}")


if __name__ == "__main__":
    main()
