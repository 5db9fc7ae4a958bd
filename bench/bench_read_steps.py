"""Benchmark: four inner steps of reading a real-look Disco Zoo screen, each against the code it
replaced, run side by side in this process on the same screens.

Run ``python bench/bench_read_steps.py [--screens N] [--first SEED]``. It draws the real-look
screens of ``tests/test_disco_zoo_screens.py`` (seeds ``SEED`` on) and prints, in CPU seconds:

1. **tile colours**: :func:`gridsight.games.disco_zoo.screen.read_tiles` on every lattice the
   screens' search tried, with each tile's rim, sides and halves given their dominant colours
   in three calls (:func:`gridsight.vision.modes.densest_each`) against one
   :func:`~gridsight.vision.modes.densest` call per patch (the baseline: 225 a lattice);
2. **board check**: the screens read with no options, the ways of giving the found tiles
   animals checked by :func:`gridsight.solvers.disco_zoo.placements.has_joint_placement`
   against enumerating every joint placement (the baseline, ``joint_placements``);
3. **names' rule**: the same reads, each card's animals of a combination of names from
   ``names._card_options`` (once per card text) against working them out for every
   combination the ranking weighs (the baseline);
4. **text colour**: :func:`gridsight.vision.glyphs._mode_colour`'s histogram pooled axis by
   axis against its 27 shifted sums (the baseline), per call on the screens' card pictures.

Each pair must give the same answers (else it stops, saying which). The machine is shared, so
the ratios, measured side by side, are the figures.
"""

from __future__ import annotations

import argparse
import sys
import time
from contextlib import contextmanager
from functools import cache
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))  # the test kit

from bench_disco_settle import timed_read  # noqa: E402
from gridsight.games.disco_zoo import identify, names, screen  # noqa: E402
from gridsight.games.disco_zoo.names import CardText  # noqa: E402
from gridsight.solvers.disco_zoo.placements import joint_placements  # noqa: E402
from gridsight.solvers.errors import InputError  # noqa: E402
from gridsight.vision import glyphs  # noqa: E402
from test_disco_zoo_screens import SEED, real_screen  # noqa: E402


@contextmanager
def patched(owner, name: str, value):
    saved = getattr(owner, name)
    setattr(owner, name, value)
    try:
        yield
    finally:
        setattr(owner, name, saved)


def _dominant_one_by_one(clouds: np.ndarray, radius: float = 12.0) -> np.ndarray:
    return np.array([screen._dominant(cloud, radius) for cloud in clouds])


def _assigned_by_enumerating(self, tiles, animal) -> bool:
    groups = [[t] for t in tiles]
    try:
        joint_placements(self._board(groups, {i: k + 1 for i, k in enumerate(animal)}))
    except InputError:
        return False
    return True


@cache
def _one_rescue_per_combination(region, cards, clues=()) -> bool:
    animals = names._region_animals(region)
    everyone = list(dict.fromkeys(animals.values()))
    options = [[a for a in (everyone if written is None else
                            [animals[w] for w in written if w in animals])
                if k >= len(clues) or CardText((0, 0, 0, 0), None, None, *clues[k]).allows(a)]
               for k, written in enumerate(cards)]
    if any(not o for o in options):
        return False

    def pick(k: int, used: frozenset) -> bool:
        if k == len(options):
            pets = sum(a.is_pet for a in used)
            return pets <= 1 and len(used) - pets >= 1
        return any(pick(k + 1, used | {a}) for a in options[k] if a not in used)

    return pick(0, frozenset())


def _cpu(fn, *args):
    start = time.process_time()
    out = fn(*args)
    return time.process_time() - start, out


def tile_colours(images: list[np.ndarray]) -> None:
    lattices = []
    real = screen.read_tiles

    def spy(image, lattice):
        lattices.append((image, lattice))
        return real(image, lattice)

    with patched(screen, "read_tiles", spy):
        for image in images:
            screen.locate_rescue(image)
    with patched(screen, "_dominant_each", _dominant_one_by_one):
        base, before = _cpu(lambda: [real(*one) for one in lattices])
    ours, now = _cpu(lambda: [real(*one) for one in lattices])
    if repr(before) != repr(now):
        raise SystemExit("tile colours: read_tiles read otherwise with densest_each")
    print(f"1. tile colours, read_tiles on {len(lattices)} lattices: baseline {base:.2f} s, "
          f"densest_each {ours:.2f} s, ratio {base / max(ours, 1e-9):.1f}x")


def reads(found, label: str, owner, name: str, baseline) -> None:
    timed_read(found[0])  # imports, the engine's model: paid before either run
    base = ours = 0.0
    for one in found:
        names._one_rescue.cache_clear()
        _one_rescue_per_combination.cache_clear()
        with patched(owner, name, baseline):
            cpu, before = timed_read(one)
        base += cpu
        names._one_rescue.cache_clear()
        names._card_options.cache_clear()
        cpu, now = timed_read(one)
        ours += cpu
        if before != now:
            raise SystemExit(f"{label}: a screen read otherwise than with the baseline")
    print(f"{label}, {len(found)} screens read with no options: baseline {base:.2f} s, "
          f"as shipped {ours:.2f} s, ratio {base / max(ours, 1e-9):.1f}x")


def text_colour(images: list[np.ndarray]) -> None:
    pictures = [np.ascontiguousarray(image[y:y + 40, x:x + 40]).astype(np.float32)
                for image in images for y in range(0, image.shape[0] - 40, 97)
                for x in range(0, image.shape[1] - 40, 89)]
    with patched(glyphs, "_pooled", glyphs._pooled_plain):
        base, before = _cpu(lambda: [glyphs._mode_colour(p) for p in pictures])
    ours, now = _cpu(lambda: [glyphs._mode_colour(p) for p in pictures])
    if not all(np.array_equal(a, b) for a, b in zip(before, now)):
        raise SystemExit("text colour: _mode_colour differs when pooled axis by axis")
    print(f"4. text colour, _mode_colour on {len(pictures)} patches: baseline "
          f"{1000 * base / len(pictures):.3f} ms, ours {1000 * ours / len(pictures):.3f} ms "
          f"a call, ratio {base / max(ours, 1e-9):.1f}x")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--screens", type=int, default=12)
    parser.add_argument("--first", type=int, default=SEED)
    args = parser.parse_args()
    images = [real_screen(k, args.first)[2] for k in range(args.screens)]
    tile_colours(images)
    found = [(screen.locate_rescue(image), image) for image in images]
    reads(found, "2. board check", identify._Board, "assigned", _assigned_by_enumerating)
    reads(found, "3. names' rule", names, "_one_rescue", _one_rescue_per_combination)
    text_colour(images)


if __name__ == "__main__":
    main()
