"""Benchmark: the Disco Zoo settling (which animals the cards show, from their clues and the
board) replayed on what real-look screens' reads asked it, three ways in this process.

Run ``python bench/bench_settle.py [--screens N] [--seed S] [--wider|--widest] [--ocr off]
[--rounds R]``.

The screens are the suite's and the sweeps' (``real_screen`` of
``tests/test_disco_zoo_screens.py``: seed S and on). Each is located and read with no options
once, OCR as installed (``--ocr off``: the sweeps' setting), every call of
:func:`gridsight.games.disco_zoo.settle.settle` recorded with its arguments. The calls are then
replayed R rounds, the ways' order turning each round, each way's memo forgotten before its
round, CPU seconds (``time.process_time``; the machine is shared):

- baseline: :func:`kit.plain_reader.plain_settle`, the settling before the 47th session (every
  choice of the cards' product made whole, its board checks remembered by every argument);
- the 47th session's: :func:`kit.plain_reader.weighed_settle` (the choices that name an
  animal twice or hold two pets passed over at their first card, the board checks remembered
  by the board with the cards' clues and the choice's animals in card order);
- shipped: the 48th session's (a board check remembered by the choice's animals each with
  its card's count of found tiles, in any order: a choice whose cards are those of another
  in another order, with the same counts, is the same question; the last card's animals
  added in one comprehension).

The three must settle alike on every call (printed: on how many), then the CPU of each and the
ratios. Benchmarks print, never assert a time: compare two runs of one hour only.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))  # the test kit and the screens' drawing

from kit import plain_reader  # noqa: E402

from gridsight.games.disco_zoo import lengths, screen_text  # noqa: E402
from gridsight.games.disco_zoo import settle as settling  # noqa: E402
from gridsight.games.disco_zoo.screen import locate_rescue  # noqa: E402
from gridsight.games.disco_zoo.screen_text import read_screen  # noqa: E402
from gridsight.readers.base import ReadError, ReadHints  # noqa: E402
from gridsight.vision.errors import BoardNotFoundError  # noqa: E402

SEED = 1_264_000  # the 47th session's profiled block


def recorded(images) -> list[tuple[tuple, dict]]:
    """Every settling the screens' locate and read with no options asked (its arguments)."""
    calls: list[tuple[tuple, dict]] = []
    real = settling.settle

    def spy(*args, **kwargs):
        calls.append((args, kwargs))
        return real(*args, **kwargs)

    saved = screen_text.settle, lengths.settle
    screen_text.settle = lengths.settle = spy  # type: ignore[assignment]
    try:
        for image in images:
            try:
                screen = locate_rescue(image)
                read_screen(screen, screen.board_read("disco-zoo/structure"), ReadHints(),
                            image=image)
            except (BoardNotFoundError, ReadError):
                continue
    finally:
        screen_text.settle, lengths.settle = saved
    return calls


def _forget() -> None:
    settling._WEIGHED.clear()
    plain_reader.WEIGHED_47.clear()
    plain_reader._plain_stands_once.cache_clear()


WAYS = (("baseline", plain_reader.plain_settle), ("47th", plain_reader.weighed_settle),
        ("shipped", settling.settle))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--screens", type=int, default=6)
    parser.add_argument("--seed", type=int, default=SEED, help="first seed")
    look = parser.add_mutually_exclusive_group()
    look.add_argument("--wider", action="store_true", help="the wider looks")
    look.add_argument("--widest", action="store_true", help="the widest looks (every property)")
    parser.add_argument("--ocr", choices=("installed", "off"), default="installed")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    from test_disco_zoo_screens import real_screen

    images = [real_screen(k, args.seed, wider=args.wider or args.widest,
                          widest="all" if args.widest else "")[2]
              for k in range(args.screens)]
    installed = os.environ.get("GRIDSIGHT_OCR")
    if args.ocr == "off":
        os.environ["GRIDSIGHT_OCR"] = "off"
    try:
        calls = recorded(images)
    finally:  # (as it was: the scripts of the bench test run one after another in one process)
        if installed is None:
            os.environ.pop("GRIDSIGHT_OCR", None)
        else:
            os.environ["GRIDSIGHT_OCR"] = installed
    cpu = dict.fromkeys((name for name, _ in WAYS), 0.0)
    said: dict[str, list[str]] = {}
    for r in range(args.rounds):
        for name, way in WAYS[r % 3:] + WAYS[:r % 3]:
            _forget()
            start = time.process_time()
            said[name] = [repr(way(*a, **k)) for a, k in calls]
            cpu[name] += time.process_time() - start
    alike = sum(len({said[name][n] for name, _ in WAYS}) == 1 for n in range(len(calls)))
    kind = "widest" if args.widest else "wider" if args.wider else "plain"
    print(f"{len(calls)} settlings from {args.screens} real-look screens ({kind}, OCR "
          f"{args.ocr}) from {args.seed}, {args.rounds} rounds: settled alike all three ways "
          f"on {alike} of {len(calls)}")
    base, middle, new = cpu["baseline"], cpu["47th"], cpu["shipped"]
    print(f"the settling: baseline {base:.2f} CPU s, the 47th session's {middle:.2f} s, "
          f"shipped {new:.2f} s, ratio {base / max(new, 1e-9):.2f} (against the 47th's "
          f"{middle / max(new, 1e-9):.2f})")
    if alike != len(calls):
        raise SystemExit("the ways settled differently")


if __name__ == "__main__":
    main()
