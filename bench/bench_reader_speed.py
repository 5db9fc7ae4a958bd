"""Benchmark: the Disco Zoo reader's CPU per real-look screen (found by its structure, then read
with no options), as shipped and against a baseline: the same reader with the inner steps sped
up since given back their plain versions (:mod:`kit.plain_panels`, :mod:`kit.plain_reader`;
now :func:`~kit.plain_panels.plain_modes`, the panels' main colours of the 45th session, and
the 47th session's :func:`~kit.plain_reader.plain_shape_distance`, a sprite comparison's
nine shifts one at a time, and :func:`~kit.plain_reader.plain_settle`, the settling's every
choice made whole and its board checks remembered by every argument).

Run ``python bench/bench_reader_speed.py [--screens N] [--seed S] [--widest] [--rounds R]``.

The screens are the suite's and the sweeps' (``real_screen`` of
``tests/test_disco_zoo_screens.py``: seed S and on, 0.5x to 3x). Each screen is located
(:func:`~gridsight.games.disco_zoo.screen.locate_rescue`) and read
(:func:`~gridsight.games.disco_zoo.screen_text.read_screen`) both ways, the order alternating
screen by screen and round by round, each in a process forked afresh from this one after the
imports and the drawing (the reader's memos, kept by pixels, would answer the second way from
the first): its CPU seconds (``time.process_time``, the machine is shared) and everything it
read (the screen's tiles and cards, the text, its warnings or the refusal). The two ways must
read alike, and printed is on how many screens they did; then the CPU seconds per screen of
each way (locate, read) and the ratio baseline / shipped. Benchmarks print, never assert a
time: compare two runs of one hour only.
"""

from __future__ import annotations

import argparse
import os
import pickle
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))  # the test kit and the screens' drawing

os.environ.setdefault("GRIDSIGHT_OCR", "off")  # (the sweeps' setting: the reader alone)

from kit.plain_panels import plain_modes  # noqa: E402
from kit.plain_reader import plain_settle, plain_shape_distance  # noqa: E402

from gridsight.games.disco_zoo import lengths, screen_text  # noqa: E402
from gridsight.games.disco_zoo.screen import locate_rescue  # noqa: E402
from gridsight.games.disco_zoo.screen_text import read_screen  # noqa: E402
from gridsight.readers.base import ReadError, ReadHints  # noqa: E402
from gridsight.vision import panels, sprites  # noqa: E402
from gridsight.vision.errors import BoardNotFoundError  # noqa: E402

SEED = 1_181_000  # the sweeps' plain block (session 44)
#: Each sped-up step: (its module, its name there, the plain version it is given back).
BASELINE = [(panels, "_modes", plain_modes), (sprites, "_shape_distance", plain_shape_distance),
            (screen_text, "settle", plain_settle), (lengths, "settle", plain_settle)]


def located_and_read(image) -> tuple[tuple, float, float]:
    """What one screen reads as (comparable: the screen's tiles and cards, the text and its
    warnings or the refusal) and the CPU seconds of its locate and its read."""
    start = time.process_time()
    try:
        screen = locate_rescue(image)
    except BoardNotFoundError as error:
        return ("not found", str(error)), time.process_time() - start, 0.0
    located = time.process_time()
    try:
        reading = read_screen(screen, screen.board_read("disco-zoo/structure"), ReadHints(),
                              image=image)
        said: tuple = (reading.text, tuple(reading.warnings), tuple(reading.unread))
    except ReadError as error:
        said = ("refused", str(error))
    done = time.process_time()
    return (repr(screen.tiles), repr(screen.cards), said), located - start, done - located


def forked(image, baseline: bool) -> tuple[tuple, float, float]:
    """:func:`located_and_read` in a child forked from this process (its memos as they are
    here: none of this screen's), with the plain steps when ``baseline``."""
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: read, send, leave at once
        try:
            os.close(read_end)
            if baseline:
                for module, name, plain in BASELINE:
                    setattr(module, name, plain)
            with os.fdopen(write_end, "wb") as out:
                pickle.dump(located_and_read(image), out)
        finally:
            os._exit(0)
    os.close(write_end)
    with os.fdopen(read_end, "rb") as got:
        answer = pickle.load(got)
    os.waitpid(pid, 0)
    return answer


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--screens", type=int, default=8)
    parser.add_argument("--seed", type=int, default=SEED, help="first seed")
    parser.add_argument("--widest", action="store_true",
                        help="the screens drawn in the widest looks (every property)")
    parser.add_argument("--rounds", type=int, default=1, help="times each screen is read")
    args = parser.parse_args()
    from test_disco_zoo_screens import real_screen

    images = [real_screen(k, args.seed, widest="all" if args.widest else "")[2]
              for k in range(args.screens)]
    cpu = {way: [0.0, 0.0] for way in (True, False)}
    same = 0
    for r in range(args.rounds):
        for n, image in enumerate(images):
            got = {}
            for baseline in ((True, False) if (n + r) % 2 == 0 else (False, True)):
                got[baseline], locate_s, read_s = forked(image, baseline)
                cpu[baseline][0] += locate_s
                cpu[baseline][1] += read_s
            same += got[True] == got[False]
    reads = max(1, args.screens * args.rounds)
    base, new = sum(cpu[True]), sum(cpu[False])
    look = "widest" if args.widest else "plain"
    print(f"{args.screens} real-look screens ({look}) from {args.seed}, {args.rounds} rounds: "
          f"read alike both ways on {same} of {args.screens * args.rounds}")
    for name, way in (("baseline", True), ("shipped", False)):
        print(f"  {name}: {sum(cpu[way]) / reads:.3f} CPU s a screen (locate "
              f"{cpu[way][0] / reads:.3f}, read {cpu[way][1] / reads:.3f})")
    print(f"the reader: baseline {base:.2f} CPU s, shipped {new:.2f} s, ratio "
          f"{base / max(new, 1e-9):.3f}")


if __name__ == "__main__":
    main()
