"""Benchmark: a pack's board searched for over whole desktop captures, its refinement's scale
ladder screened (every other scale first, a hopeless candidate dropped there) against the
whole ladder tried for every candidate (the baseline), in the same process.

Run ``python bench/bench_locate_screen.py [--desktops N] [--no-game M] [--seed S]
[--games G ...] [--rounds R]``. The frames are ``bench/bench_desktop.py``'s: N harder Disco Zoo
desktops (``--harder --share 0.15 0.2``) and M harder desktops with no game, from seed S.
Each frame is searched for each game's pack (:func:`gridsight.vision.locate.locate_board`,
0.5x to 4x: the whole-frame search ``gridsight analyze`` starts with, and does again in a
desktop's window-like regions) both ways, the order alternating frame by frame and round by
round; the CPU seconds (``time.process_time``) of each way are summed. The search keeps
nothing from one call to the next but the pack's prepared templates (made before timing).

The two ways must agree: the same board found (its geometry to the bit: the screen only drops
candidates that could not have been polished, let alone verified) or none, and printed is
on how many searches they did.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))
import bench_desktop as desk  # noqa: E402  (the kit's desktops, drawn as bench_desktop draws them)

from gridsight.vision import locate  # noqa: E402
from gridsight.vision.errors import BoardNotFoundError  # noqa: E402

GAMES = ("disco-zoo", "tile-path", "pentomino", "minesweeper")


def frames(desktops: int, no_game: int, seed: int) -> list[np.ndarray]:
    """The desktops' pixels: the Disco Zoo captures, then those with no game."""
    from kit.desktop import desktop, other_phone_screen
    from kit.skins.common import Rendered

    from gridsight.vision.geometry import BoardGeometry

    out = []
    for k in range(desktops):
        _, capture, _ = desk.sample(desk.draw("disco-zoo"), seed + k, fraction=(0.15, 0.2),
                                    harder=True)
        out.append(capture.image)
    for k in range(no_game):
        rng = np.random.default_rng(seed + k)
        app = other_phone_screen(rng, 360, int(rng.integers(640, 800)))
        stand_in = Rendered(app, BoardGeometry.from_rect(0, 0, 1, 1, 1, 1), (), ())
        out.append(desktop(stand_in, rng, decoy=True, harder=True).image)
    return out


def search(frame: np.ndarray, pack, screened: bool):
    """``locate_board`` one way: the geometry's homography (or ``None``) and its CPU s."""
    keep = locate.SCREEN_SCALES
    locate.SCREEN_SCALES = keep if screened else 10**9  # (no ladder is that long)
    t0 = time.process_time()
    try:
        found = locate.locate_board(frame, pack).homography
    except BoardNotFoundError:
        found = None
    finally:
        seconds = time.process_time() - t0
        locate.SCREEN_SCALES = keep
    return found, seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--desktops", type=int, default=3, help="harder Disco Zoo desktops")
    parser.add_argument("--no-game", type=int, default=3, help="harder desktops with no game")
    parser.add_argument("--seed", type=int, default=590000, help="first seed")
    parser.add_argument("--games", nargs="+", default=list(GAMES), choices=GAMES,
                        help="the packs searched for (default every game's)")
    parser.add_argument("--rounds", type=int, default=1, help="times each search is run")
    args = parser.parse_args()
    packs = {game: desk.load_game_pack(game, None) for game in args.games}
    for pack in packs.values():
        locate._prepare(pack)
    shots = frames(args.desktops, args.no_game, args.seed)
    cpu = {False: 0.0, True: 0.0}
    searches = same = found = 0
    for r in range(args.rounds):
        for n, frame in enumerate(shots):
            for pack in packs.values():
                order = (False, True) if (n + r) % 2 == 0 else (True, False)
                got = {}
                for screened in order:
                    got[screened], seconds = search(frame, pack, screened)
                    cpu[screened] += seconds
                searches += 1
                found += got[False] is not None
                same += (got[False] is None and got[True] is None) or (
                    got[False] is not None and got[True] is not None
                    and bool(np.array_equal(got[False], got[True])))
    base, new = cpu[False], cpu[True]
    print(f"locate_board on {args.desktops} harder Disco Zoo desktops and {args.no_game} with no "
          f"game from {args.seed}, {len(packs)} packs, {args.rounds} rounds: whole ladder "
          f"{base:.2f} CPU s (baseline), screened {new:.2f} s, ratio "
          f"{base / max(new, 1e-9):.2f}; the same found on {same} of {searches} searches "
          f"({found} boards found)")


if __name__ == "__main__":
    main()
