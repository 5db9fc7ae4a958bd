"""Benchmark: inner steps of reading a real-look Disco Zoo screen, each against the code it
replaced (2026-12-02), run side by side in this process on the same screens.

Run ``python bench/bench_read_steps.py [--screens N] [--first SEED]``. It draws the real-look
screens of ``tests/test_disco_zoo_screens.py`` (seeds ``SEED`` on), finds and reads each with
no options once while recording what each step was asked, then times each step again on
exactly those questions, the baseline first (CPU seconds, all questions of all screens):

- **tile colours**: :func:`gridsight.games.disco_zoo.screen.read_tiles` on every lattice the
  search tried, each tile's rim, sides and halves given their dominant colours in three calls
  (:func:`gridsight.vision.modes.densest_each`) against one
  :func:`~gridsight.vision.modes.densest` call per patch (225 a lattice);
- **glyph distances**: :func:`gridsight.vision.glyphs.glyph_distance` on every pair the
  cipher weighed, each glyph's drawing at a resolution kept on it against drawn afresh for
  every pair;
- **board checks**: the ways of giving found tiles animals checked by
  :func:`gridsight.solvers.disco_zoo.placements.has_joint_placement` against enumerating
  every joint placement;
- **names' rule**: each combination of card names the ranking weighed, its cards' animals
  from ``names._card_options`` (once per card text) against worked out for every combination;
- **text colour**: :func:`gridsight.vision.glyphs._mode_colour` on every patch it was asked,
  its histogram pooled axis by axis against its 27 shifted sums;

and last the whole reads again with every baseline at once against as shipped. Each pair must
give the same answers (else it stops, saying which). The machine is shared: the ratios,
measured side by side, are the figures.
"""

from __future__ import annotations

import argparse
import sys
import time
from contextlib import ExitStack, contextmanager
from functools import cache
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))  # the test kit

from bench_disco_settle import timed_read  # noqa: E402
from gridsight.games.disco_zoo import names, screen  # noqa: E402
from gridsight.games.disco_zoo.names import CardText  # noqa: E402
from gridsight.solvers.disco_zoo import placements  # noqa: E402
from gridsight.vision import cipher, glyphs  # noqa: E402
from test_disco_zoo_screens import SEED, real_screen  # noqa: E402


@contextmanager
def patched(owner, name: str, value):
    saved = getattr(owner, name)
    setattr(owner, name, value)
    try:
        yield
    finally:
        setattr(owner, name, saved)


# -- the baselines: each step as it was --------------------------------------------------------


def _dominant_one_by_one(clouds: np.ndarray, radius: float = 12.0) -> np.ndarray:
    return np.array([screen._dominant(cloud, radius) for cloud in clouds])


def _drawn_afresh(glyph, native: float):
    drawn = glyphs._drawn(glyph, native)
    return drawn, (drawn * drawn).sum()


def _found_by_enumerating(board) -> bool:
    try:
        placements.joint_placements(board)
    except placements.ImpossibleBoardError:
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


BASELINES = ((screen, "_dominant_each", _dominant_one_by_one),
             (glyphs, "_drawn_once", _drawn_afresh),
             (placements, "has_joint_placement", _found_by_enumerating),
             (names, "_one_rescue", _one_rescue_per_combination),
             (glyphs, "_pooled", glyphs._pooled_plain))


# -- recording what each step is asked ---------------------------------------------------------


def recorded(images: list[np.ndarray]) -> tuple[list, dict[str, list]]:
    """The screens found, and each step's questions while they are found and read with no
    options (one read each: the imports and the engine's model paid before any timing)."""
    asked: dict[str, list] = {"tiles": [], "glyphs": [], "boards": [], "names": [], "colours": []}
    spies = ((screen, "read_tiles", "tiles"), (cipher, "glyph_distance", "glyphs"),
             (placements, "has_joint_placement", "boards"), (names, "_one_rescue", "names"),
             (glyphs, "_mode_colour", "colours"))
    with ExitStack() as stack:
        for owner, name, key in spies:
            real = getattr(owner, name)

            def spy(*args, _real=real, _key=key):
                asked[_key].append(args)
                return _real(*args)

            stack.enter_context(patched(owner, name, spy))
        found = [(screen.locate_rescue(image), image) for image in images]
        for one in found:
            timed_read(one)
    return found, asked


def _bare(glyph):
    """The glyph without the drawings kept on it (each run draws afresh)."""
    copy = object.__new__(type(glyph))
    copy.__dict__.update({k: v for k, v in glyph.__dict__.items() if k != "_drawn_at"})
    return copy


def _cpu(fn):
    start = time.process_time()
    out = fn()
    return time.process_time() - start, out


def step(label: str, questions: list, answer, owner, name: str, baseline, forget=()) -> None:
    """``answer(question)`` on every question, with ``owner.name`` the baseline and as
    shipped (each run with nothing remembered: ``forget``'s caches cleared first)."""
    def run():
        for cached in forget:
            cached.cache_clear()
        return [answer(q) for q in questions]

    with patched(owner, name, baseline):
        base, before = _cpu(run)
    ours, now = _cpu(run)
    if repr(before) != repr(now):
        raise SystemExit(f"{label}: the answers differ from the baseline's")
    print(f"  {label:<16} {len(questions):6d} asked: baseline {base:6.2f} s, as shipped "
          f"{ours:6.2f} s, ratio {base / max(ours, 1e-9):5.1f}x")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--screens", type=int, default=12)
    parser.add_argument("--first", type=int, default=SEED)
    args = parser.parse_args()
    images = [real_screen(k, args.first)[2] for k in range(args.screens)]
    found, asked = recorded(images)
    print(f"== each step on what {len(found)} screens' reads asked it (CPU seconds) ==")
    bare: dict[int, object] = {}  # each glyph once, without the drawings kept on it
    glyph_pairs = [tuple(bare.setdefault(id(g), _bare(g)) for g in pair)
                   for pair in asked["glyphs"]]
    step("tile colours", asked["tiles"], lambda q: screen.read_tiles(*q),
         screen, "_dominant_each", _dominant_one_by_one)
    step("glyph distances", glyph_pairs, lambda q: glyphs.glyph_distance(*q),
         glyphs, "_drawn_once", _drawn_afresh)
    step("board checks", asked["boards"], lambda q: placements.has_joint_placement(*q),
         placements, "has_joint_placement", _found_by_enumerating)
    step("names' rule", asked["names"], lambda q: names._one_rescue(*q),
         names, "_one_rescue", _one_rescue_per_combination,
         forget=(names._one_rescue, names._card_options, _one_rescue_per_combination))
    step("text colour", asked["colours"], lambda q: glyphs._mode_colour(*q),
         glyphs, "_pooled", glyphs._pooled_plain)
    base = ours = 0.0
    for one in found:
        with ExitStack() as stack:
            for owner, name, baseline in BASELINES:
                stack.enter_context(patched(owner, name, baseline))
            _one_rescue_per_combination.cache_clear()
            cpu, before = timed_read(one)
        base += cpu
        names._one_rescue.cache_clear()
        names._card_options.cache_clear()
        cpu, now = timed_read(one)
        ours += cpu
        if before != now:
            raise SystemExit("whole reads: a screen read otherwise than with the baselines")
    print(f"== whole reads with no options, {len(found)} screens: every baseline {base:.2f} s, "
          f"as shipped {ours:.2f} s, ratio {base / max(ours, 1e-9):.2f}x ==")


if __name__ == "__main__":
    main()
