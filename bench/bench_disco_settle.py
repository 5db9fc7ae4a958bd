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
- remembered: as shipped (:func:`gridsight.games.disco_zoo.settle._weighed`, the
  catalogue's and the board's caches).

The screen's text lines and the engine's readings are forgotten before every read (so both
runs read the words), and the two runs' texts must be the same. The machine is shared, so
the ratio, measured side by side, is the figure.

Then seven inner steps of the same reads (2026-12-02; the sixth 2026-12-03, the seventh
2026-12-05), each timed
against the code it replaced on exactly the questions the reads asked it (recorded while the
screens are found and read once first), the baseline first, answers checked equal (CPU
seconds, all screens):

- **tile colours**: :func:`gridsight.games.disco_zoo.screen.read_tiles` on every lattice the
  search tried, each tile's rim, sides and halves given their dominant colours in three calls
  (:func:`gridsight.vision.modes.densest_each`) against one
  :func:`~gridsight.vision.modes.densest` call per patch (225 a lattice);
- **glyph distances**: :func:`gridsight.vision.glyphs.glyph_distance` on every pair the
  cipher weighed, each glyph's drawing at a resolution kept on it against drawn afresh for
  every pair (each distance worked out, not the one a glyph remembers);
- **board checks**: the ways of giving found tiles animals checked by
  :func:`gridsight.solvers.disco_zoo.placements.has_joint_placement` against enumerating
  every joint placement;
- **names' rule**: each combination of card names the ranking weighed, its cards' animals
  from ``names._card_options`` (once per card text) against worked out for every combination;
- **text colour**: :func:`gridsight.vision.glyphs._mode_colour` on every patch it was asked,
  its histogram pooled axis by axis against its 27 shifted sums;
- **rows' colours** (2026-12-03): a title bar's rows' main colours found together
  (``glyphs._rows_mode_colours``) against :func:`~gridsight.vision.glyphs._mode_colour` row
  by row (the text colour above is then asked of the cards' borders only);
- **stroke runs** (2026-12-05): the ink of every run across a glyph's rows, for its stroke
  width, summed for all its rows at once (``glyphs._run_inks``, to the bit) against row by
  row;

and the whole reads with every one of those baselines at once against the remembered run
(with two more baselines of 2026-12-05: a glyph's drawing padded afresh for every pair, not
once (``glyphs._padded_once``), and a name line's cuts made afresh at every reading of a
screen's names, not once per screen (``names._made_once``)).
"""

from __future__ import annotations

import argparse
import sys
import time
from contextlib import ExitStack, contextmanager
from functools import cache
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))  # the test kit

from gridsight.games.disco_zoo import names, ocr_names, screen, settle  # noqa: E402
from gridsight.games.disco_zoo.names import CardText  # noqa: E402
from gridsight.solvers.disco_zoo import board, catalogue, placements  # noqa: E402
from gridsight.vision import cipher, glyphs  # noqa: E402
from gridsight.vision.runs import true_runs  # noqa: E402
from test_disco_zoo_screens import read_plainly, real_screen  # noqa: E402


def _plain_tiles(self, value: int) -> int:
    return board._tiles.__wrapped__(self.grid, value)


def _plain_placements(self, rows: int = catalogue.ROWS, cols: int = catalogue.COLS):
    return catalogue._placements.__wrapped__(self.cells, rows, cols)


@contextmanager
def afresh():
    """The board logic with nothing remembered (the baseline)."""
    saved = (settle._weighed, board.RescueBoard.tiles, catalogue.Animal.placements)
    settle._weighed = lambda board: {}  # type: ignore[assignment]  # (each settling afresh)
    board.RescueBoard.tiles = _plain_tiles  # type: ignore[method-assign]
    catalogue.Animal.placements = _plain_placements  # type: ignore[method-assign]
    try:
        yield
    finally:
        settle._weighed, board.RescueBoard.tiles, catalogue.Animal.placements = saved


_REMEMBERED = (board._tiles, catalogue._placements, names._one_rescue,
               names._card_options)


def _forget() -> None:
    names._RECENT.clear()
    names._LINES.clear()  # (fresh lines: fresh glyphs, no distance remembered on them)
    names._MADE.clear()  # (... and fresh cuts of them)
    ocr_names._RECENT.clear()
    settle._WEIGHED.clear()
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


def _run_inks_row_by_row(rows: np.ndarray) -> list[float]:
    return [float(row[max(0, a - 1) : b + 1].sum()) for row in rows
            for a, b in true_runs(row >= 0.5)]


def _padded_afresh(glyph, native: float, drawn: np.ndarray) -> np.ndarray:
    return cv2.copyMakeBorder(drawn, glyphs.SHIFT, glyphs.SHIFT, glyphs.SHIFT, glyphs.SHIFT,
                              cv2.BORDER_CONSTANT, value=0)


def _made_afresh(make, line, *args):
    return make(line, *args)


def _rows_one_by_one(picture: np.ndarray) -> list[np.ndarray]:
    return [glyphs._mode_colour(picture[y].reshape(-1, 3).astype(np.float32))
            for y in range(picture.shape[0])]


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
    return names.one_each(options)


BASELINES = ((screen, "_dominant_each", _dominant_one_by_one),
             (glyphs, "_drawn_once", _drawn_afresh),
             (placements, "has_joint_placement", _found_by_enumerating),
             (names, "_one_rescue", _one_rescue_per_combination),
             (glyphs, "_pooled", glyphs._pooled_plain),
             (glyphs, "_rows_mode_colours", _rows_one_by_one),
             (glyphs, "_run_inks", _run_inks_row_by_row),
             (glyphs, "_padded_once", _padded_afresh),
             (names, "_made_once", _made_afresh))


# -- recording what each step is asked ---------------------------------------------------------


def recorded(images: list[np.ndarray]) -> tuple[list, dict[str, list]]:
    """The screens found, and each step's questions while they are found and read with no
    options once (the imports and the engine's model paid before any timing)."""
    asked: dict[str, list] = {"tiles": [], "glyphs": [], "boards": [], "names": [], "colours": [],
                              "rows": [], "strokes": []}
    spies = ((screen, "read_tiles", "tiles"), (cipher, "glyph_distance", "glyphs"),
             (placements, "has_joint_placement", "boards"), (names, "_one_rescue", "names"),
             (glyphs, "_mode_colour", "colours"), (glyphs, "_rows_mode_colours", "rows"),
             (glyphs, "_run_inks", "strokes"))
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
    copy.__dict__.update({k: v for k, v in glyph.__dict__.items()
                          if k not in ("_drawn_at", "_distance_to")})
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
    parser.add_argument("--first", type=int, default=7000)
    args = parser.parse_args()
    found, asked = recorded([real_screen(k, args.first)[2] for k in range(args.screens)])
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
    inner_steps(found, asked, [t for t, _ in remembered], [text for _, text in remembered])


def inner_steps(found, asked: dict[str, list], remembered: list[float],
                texts: list[str]) -> None:
    """Each inner step against its baseline on the recorded questions, then the whole reads
    with every baseline against the remembered run (``remembered``: its times, ``texts``)."""
    print(f"== each inner step on what {len(found)} screens' reads asked it (CPU seconds) ==")
    bare: dict[int, object] = {}  # each glyph once, without the drawings kept on it
    glyph_pairs = [tuple(bare.setdefault(id(g), _bare(g)) for g in pair)
                   for pair in asked["glyphs"]]
    step("tile colours", asked["tiles"], lambda q: screen.read_tiles(*q),
         screen, "_dominant_each", _dominant_one_by_one)
    # (the distance worked out each time: not the one remembered on the glyph)
    step("glyph distances", glyph_pairs, lambda q: glyphs._glyph_distance(*q),
         glyphs, "_drawn_once", _drawn_afresh)
    step("board checks", asked["boards"], lambda q: placements.has_joint_placement(*q),
         placements, "has_joint_placement", _found_by_enumerating)
    step("names' rule", asked["names"], lambda q: names._one_rescue(*q),
         names, "_one_rescue", _one_rescue_per_combination,
         forget=(names._one_rescue, names._card_options, _one_rescue_per_combination))
    step("text colour", asked["colours"], lambda q: glyphs._mode_colour(*q),
         glyphs, "_pooled", glyphs._pooled_plain)
    step("rows' colours", asked["rows"], lambda q: glyphs._rows_mode_colours(*q),
         glyphs, "_rows_mode_colours", _rows_one_by_one)
    step("stroke runs", asked["strokes"], lambda q: [float(w) for w in glyphs._run_inks(*q)],
         glyphs, "_run_inks", _run_inks_row_by_row)
    base = 0.0
    for one, text in zip(found, texts):
        with ExitStack() as stack:
            for owner, name, baseline in BASELINES:
                stack.enter_context(patched(owner, name, baseline))
            _one_rescue_per_combination.cache_clear()
            cpu, before = timed_read(one)
        base += cpu
        if before != text:
            raise SystemExit("whole reads: a screen read otherwise with the inner steps' "
                             "baselines")
    print(f"== whole reads with no options, {len(found)} screens: the inner steps' baselines "
          f"{base:.2f} s, as shipped (remembered) {sum(remembered):.2f} s, ratio "
          f"{base / max(sum(remembered), 1e-9):.2f}x ==")


if __name__ == "__main__":
    main()
