"""Measurement: the animals' names read off real-look Disco Zoo rescue screens with no options.

Run ``python bench/disco_zoo_names.py [--first SEED] [--screens N] [--workers W]``. It draws N
rescue screens of the real-look skin (:mod:`kit.skins.disco_zoo_real`: a random look and pixel
font per screen), degrades each as the reader tests do (scaled 0.5x to 3x, nearest or
bilinear, colours shifted, noise, JPEG quality 40 to 95), finds the rescue by its structure
and reads its cards' names (:func:`gridsight.games.disco_zoo.names.animals_on_screen`, the
path ``gridsight analyze`` takes with no ``--animals``). Each card is then

- **right**: named, the right animal;
- **asked**: not named beyond doubt (the reader asks for ``--animals``), the screen's
  reading counted once as asked when any card is;
- **wrong**: named, the wrong animal (the figure that must stay at zero).

Screens whose board or cards are not found are counted apart (the cards' finder is not
measured here). Figures are printed per scale band; seeds drawn after the reader's last
change are held out. CPU seconds per screen of the names' reading alone are printed too.
"""

from __future__ import annotations

import argparse
import collections
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))  # the test kit

from gridsight.games.disco_zoo.names import CardText, read_names  # noqa: E402
from gridsight.games.disco_zoo.screen import locate_rescue  # noqa: E402
from kit.rescues import random_rescue_board  # noqa: E402
from kit.skins import disco_zoo_real as real  # noqa: E402
from gridsight.vision.errors import BoardNotFoundError  # noqa: E402

BANDS = ((0.5, 1.0), (1.0, 1.5), (1.5, 2.2), (2.2, 3.01))


def degrade(image: np.ndarray, rng: np.random.Generator, seed: int) -> tuple[np.ndarray, float]:
    """As ``tests/test_disco_zoo_screens.py`` degrades its screens."""
    scale = float(np.exp(rng.uniform(np.log(0.5), np.log(3.0))))
    image = cv2.resize(image, None, fx=scale, fy=scale,
                       interpolation=(cv2.INTER_NEAREST, cv2.INTER_LINEAR)[seed % 2])
    shifted = image.astype(np.float32) * rng.uniform(0.9, 1.1, 3) + rng.uniform(-8, 8, 3)
    shifted += rng.normal(0, rng.uniform(0, 4), image.shape)
    image = np.clip(shifted, 0, 255).astype(np.uint8)
    quality = int(rng.integers(40, 96))
    image = cv2.imdecode(cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, quality])[1],
                         cv2.IMREAD_COLOR)
    return image, scale


def one(seed: int) -> tuple:
    """(scale, outcome per card or a reason, names' CPU seconds) of screen ``seed``."""
    rng = np.random.default_rng(seed)
    board = random_rescue_board(rng, max_taps=10)
    shot = real.render([list(r) for r in board.labels],
                       animals=[(a.name, a.rarity) for a in board.animals],
                       attempts=board.attempts, region=board.region, seed=seed)
    image, scale = degrade(shot.image, rng, seed)
    try:
        screen = locate_rescue(image)
    except BoardNotFoundError:
        return scale, "no board", 0.0, ()
    if len(screen.cards) != len(board.animals):
        return scale, "cards not found", 0.0, ()
    cards = [CardText(c.panel.box, tuple(c.picture) if c.picture[2] else None,
                      getattr(c, "name_box", None)) for c in screen.cards]
    top = min([c.box[1] for c in cards] + [int(screen.lattice.y)])
    t0 = time.process_time()
    read = read_names(image, cards, top)
    cpu = time.process_time() - t0
    outcomes = []
    for card, animal in zip(read.cards, board.animals):
        if card.name is None:
            outcomes.append(("asked", animal.name, card.candidates))
        elif card.name == animal.name:
            outcomes.append(("right", animal.name, ()))
        else:
            outcomes.append(("wrong", animal.name, (card.name,)))
    return scale, "read", cpu, tuple(outcomes)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--first", type=int, default=90_000, help="first seed")
    parser.add_argument("--screens", type=int, default=200)
    parser.add_argument("--workers", type=int, default=2)
    options = parser.parse_args()
    seeds = range(options.first, options.first + options.screens)
    with ProcessPoolExecutor(options.workers) as pool:
        results = list(pool.map(one, seeds, chunksize=4))
    table: dict = collections.defaultdict(collections.Counter)
    cpu = []
    wrong = []
    for seed, (scale, status, seconds, outcomes) in zip(seeds, results):
        band = next(f"{lo}x-{hi:.1f}x" for lo, hi in BANDS if lo <= scale < hi)
        if status != "read":
            table[band][status] += 1
            continue
        cpu.append(seconds)
        table[band]["screens"] += 1
        if all(o[0] == "right" for o in outcomes):
            table[band]["screens all named"] += 1
        for kind, truth, got in outcomes:
            table[band][kind] += 1
            if kind == "wrong":
                wrong.append((seed, truth, got))
    keys = ("screens", "screens all named", "right", "asked", "wrong", "no board",
            "cards not found")
    print(f"seeds {options.first}..{options.first + options.screens - 1}")
    print("band        " + "  ".join(f"{k:>17}" for k in keys))
    total: collections.Counter = collections.Counter()
    for lo, hi in BANDS:
        band = f"{lo}x-{hi:.1f}x"
        total.update(table[band])
        print(f"{band:11} " + "  ".join(f"{table[band][k]:17d}" for k in keys))
    print(f"{'all':11} " + "  ".join(f"{total[k]:17d}" for k in keys))
    if cpu:
        print(f"names' reading: median {np.median(cpu):.2f} s CPU per screen, max {max(cpu):.2f}")
    for seed, truth, got in wrong:
        print(f"wrong: seed {seed}: {truth} read as {got[0]}")


if __name__ == "__main__":
    main()
