"""Benchmark: a real-look Disco Zoo screen's animals settled with no options, the board logic's
repeated work remembered against weighed afresh.

Run ``python bench/bench_disco_settle.py [--screens N] [--first SEED]``. It draws N real-look
rescue screens as ``tests/test_disco_zoo_screens.py`` does (scaled 0.5x-3x, JPEG), finds each
once, and reads each with no options (:func:`gridsight.games.disco_zoo.screen_text.read_screen`)
twice in this process, CPU seconds per screen:

- baseline: the board logic as it was, every choice of animals weighed against the board
  afresh at each settling (a screen's reading settles its board several times: the glyphs'
  names with every clue and the clear ones, the engine's, the engine's among each card's few
  animals), a pattern's placements and a grid's tiles computed at each call;
- remembered: as shipped (:func:`gridsight.games.disco_zoo.settle._stands_once`, the
  catalogue's and the board's caches).

The screen's text lines and the engine's readings are forgotten before every read (so both
runs read the words), and the two runs' texts must be the same. The machine is shared, so
the ratio, measured side by side, is the figure.
"""

from __future__ import annotations

import argparse
import sys
import time
from contextlib import contextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))  # the test kit

from gridsight.games.disco_zoo import names, ocr_names, settle  # noqa: E402
from gridsight.games.disco_zoo.screen import locate_rescue  # noqa: E402
from gridsight.solvers.disco_zoo import board, catalogue  # noqa: E402
from test_disco_zoo_screens import read_plainly, real_screen  # noqa: E402


def _plain_tiles(self, value: int) -> int:
    return board._tiles.__wrapped__(self.grid, value)


def _plain_placements(self, rows: int = catalogue.ROWS, cols: int = catalogue.COLS):
    return catalogue._placements.__wrapped__(self.cells, rows, cols)


@contextmanager
def afresh():
    """The board logic with nothing remembered (the baseline)."""
    saved = (settle._stands_once, board.RescueBoard.tiles, catalogue.Animal.placements)
    settle._stands_once = settle._stands  # type: ignore[assignment]
    board.RescueBoard.tiles = _plain_tiles  # type: ignore[method-assign]
    catalogue.Animal.placements = _plain_placements  # type: ignore[method-assign]
    try:
        yield
    finally:
        settle._stands_once, board.RescueBoard.tiles, catalogue.Animal.placements = saved


_REMEMBERED = (settle._stands_once, board._tiles, catalogue._placements)


def _forget() -> None:
    names._RECENT.clear()
    ocr_names._RECENT.clear()
    for cached in _REMEMBERED:
        cached.cache_clear()


def timed_read(found) -> tuple[float, str]:
    """A found screen (``(screen, image)``) read with no options, everything remembered
    forgotten first: the CPU seconds and what it said (text, request or refusal)."""
    _forget()
    screen, image = found
    start = time.process_time()
    text, _, asked, refused = read_plainly(screen, screen.board_read("disco-zoo/structure"),
                                           image)
    return time.process_time() - start, text or asked or refused


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--screens", type=int, default=12)
    parser.add_argument("--first", type=int, default=7000)
    args = parser.parse_args()
    found = []
    for k in range(args.screens):
        _, _, image, _ = real_screen(k, args.first)
        found.append((locate_rescue(image), image))
    timed_read(found[0])  # imports, the engine's model: paid before either run
    with afresh():
        plain = [timed_read(one) for one in found]
    remembered = [timed_read(one) for one in found]
    same = sum(a[1] == b[1] for a, b in zip(plain, remembered))
    base = sum(t for t, _ in plain) / len(found)
    mine = sum(t for t, _ in remembered) / len(found)
    print(f"{len(found)} real-look screens (seeds {args.first}..{args.first + len(found) - 1}) "
          f"read with no options, CPU per screen: afresh {base:.3f} s (baseline), "
          f"remembered {mine:.3f} s, ratio {base / max(mine, 1e-9):.2f}; "
          f"same reading on {same} of {len(found)}")
    if same != len(found):
        raise SystemExit("the two runs read differently")


if __name__ == "__main__":
    main()
