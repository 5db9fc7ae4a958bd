"""Benchmark: a real-look Disco Zoo screen found and read with no options (what
``tests/test_disco_zoo_screens.py`` times per screen), session 41's savings against the ways
they replaced, side by side in one process.

Run ``python bench/bench_read_fast.py [--seed S] [--screens N] [--widest] [--undo 41|42]``.
It draws N real-look screens as the test does, and finds and reads each twice (the order
swapped from one screen to the next; ``--repeat R``: R times each, the least CPU kept),
everything remembered forgotten before each run, CPU seconds:

- old: one session's savings undone, all at once (``--undo``, :data:`UNDONE`; by default the
  latest):
  - session 42 (:func:`old_ways_42`): sprite distances worked out for every pair asked (now
    remembered by the two sprites' pixels: ``sprites._DISTANCES``; a tile's sprite is
    compared with the same card's several times a screen), and each sprite's ink, grid and
    palette made anew for every pair (now once per sprite and pair of backgrounds:
    ``sprites._SEEN``; a tile is compared with each card in turn, on the same colours);
  - session 41 (:func:`old_ways`):
    - the settling's board check walking every way of giving the found tiles animals, where
      it asks only whether one stands (``identify.by_boxes(...) is not None``; now
      :func:`gridsight.games.disco_zoo.identify.boxes_stand` stops at the first);
    - glyph distances remembered per pair of glyph objects only (now by their pixels too:
      ``glyphs._BY_PIXELS``, a name cut anew or a card seen another way cuts the same
      letters into new glyphs);
    - each animal's placements clear of the empty tiles made afresh for every choice of
      animals weighed (now once per animal and empty tiles: ``identify._room``);
- new: as shipped.

The two runs of a screen must say the same (text, request or refusal), else it stops. The
machine is shared: the ratio, measured side by side, is the figure.
"""

from __future__ import annotations

import argparse
import sys
import time
from contextlib import ExitStack, contextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))  # the test kit

from bench_disco_settle import _forget, patched  # noqa: E402
from gridsight.games.disco_zoo import identify, settle  # noqa: E402
from gridsight.games.disco_zoo.screen import locate_rescue  # noqa: E402
from gridsight.vision import glyphs, sprites  # noqa: E402
from gridsight.vision.bounded import BoundedMemo  # noqa: E402
from test_disco_zoo_screens import read_plainly, real_screen  # noqa: E402


class _Forgetful(dict):
    """A memo that keeps nothing (the distances by pixels, off)."""

    def __setitem__(self, key, value) -> None:
        pass


def _stand_by_walking_all(found, animals, counts, **kw) -> bool:
    return identify.by_boxes(found, animals, counts, **kw) is not None


def _room_afresh(animal, blocked: int) -> tuple[int, ...]:
    return _ROOM.__wrapped__(animal, blocked)


@contextmanager
def old_ways():
    """Every saving of this benchmark undone (the baseline)."""
    with ExitStack() as stack:
        stack.enter_context(patched(settle, "boxes_stand", _stand_by_walking_all))
        stack.enter_context(patched(glyphs, "_BY_PIXELS", _Forgetful()))
        stack.enter_context(patched(identify, "_room", _room_afresh))
        yield


_ROOM = identify._room


@contextmanager
def old_ways_42():
    """Session 42's savings undone (the baseline of ``--undo 42``)."""
    with ExitStack() as stack:
        stack.enter_context(patched(sprites, "_DISTANCES", BoundedMemo(0)))
        stack.enter_context(patched(sprites, "_SEEN", BoundedMemo(0)))
        yield


UNDONE = {"41": old_ways, "42": old_ways_42}  # each session's savings undone


def forget() -> None:
    """Everything remembered between reads forgotten (both runs start alike)."""
    _forget()
    glyphs._BY_PIXELS.clear()
    _ROOM.cache_clear()
    sprites._DISTANCES.clear()
    sprites._SEEN.clear()


def timed(image) -> tuple[float, str]:
    """``image`` found and read with no options: CPU seconds and what it said."""
    forget()
    start = time.process_time()
    try:
        screen = locate_rescue(image)
        text, _, asked, refused = read_plainly(
            screen, screen.board_read("disco-zoo/structure"), image)
        said = text or asked or refused
    except Exception as error:  # noqa: BLE001 (a screen not found: said so, both runs)
        said = f"{type(error).__name__}: {error}"
    return time.process_time() - start, said


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=7000)
    parser.add_argument("--screens", type=int, default=8)
    parser.add_argument("--widest", action="store_true")
    parser.add_argument("--repeat", type=int, default=1,
                        help="runs of each way per screen, the least CPU kept (a shared "
                        "machine's contention only adds)")
    parser.add_argument("--no-warm", action="store_true",
                        help="no untimed read first (imports, kernels: the first run pays)")
    parser.add_argument("--undo", choices=sorted(UNDONE), default=max(UNDONE),
                        help="whose savings the old way undoes (by default the latest)")
    args = parser.parse_args(argv)
    old = UNDONE[args.undo]
    old_total = new_total = 0.0
    if not args.no_warm:
        timed(real_screen(0, args.seed, widest="all" if args.widest else "",
                          wider=args.widest)[2])
    for k in range(args.screens):
        _, _, image, scale = real_screen(k, args.seed, wider=args.widest,
                                         widest="all" if args.widest else "")
        runs: dict[str, tuple[float, str]] = {}
        for r in range(args.repeat):
            for way in (("old", "new") if (k + r) % 2 == 0 else ("new", "old")):
                if way == "old":
                    with old():
                        run = timed(image)
                else:
                    run = timed(image)
                if way in runs and run[1] != runs[way][1]:
                    raise SystemExit(f"screen {args.seed + k}: one way read differently twice")
                runs[way] = min(runs.get(way, run), run)
        if runs["old"][1] != runs["new"][1]:
            raise SystemExit(f"screen {args.seed + k}: the two ways read differently")
        old_total += runs["old"][0]
        new_total += runs["new"][0]
        print(f"screen {args.seed + k} ({scale:.2f}x): old {runs['old'][0]:.2f} s, "
              f"new {runs['new'][0]:.2f} s")
    print(f"undone: session {args.undo}'s savings")
    print(f"total: old {old_total:.2f} s, new {new_total:.2f} s, "
          f"ratio new/old {new_total / max(old_total, 1e-9):.2f}")


if __name__ == "__main__":
    main()
