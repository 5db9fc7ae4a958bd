"""Measurement: Disco Zoo real-look screens in the issue's variants, never confidently wrong.

Run ``python bench/disco_zoo_variants.py --seed S --screens N [--wider | --widest [PROPS]]
[--variants NAMES] --workers 2``. Issue 18 checked a real
screenshot in many variants (scales 0.5x-3x, JPEG 40-95, crops, a toast over a tile): each
screen ``S`` .. ``S+N-1`` is drawn as the hunts' tests draw it (every eighth seed with
attempts bought; the wider or widest looks when asked) and made into the twelve variants of
``tests/disco_zoo_variants.py`` (0.5x, 0.75x, 1.5x; JPEG 40, 60, 95; ``sj``: 0.6x then JPEG 60;
a crop of the edges, a crop into the title bar, pillars, a toast over the board, a notch).
Each variant is found by its structure and read twice, with no options and with ``--animals``
(the true names). Each read is

- **exact**: the board text the screen was drawn from;
- **unsure**: not exact, but nothing stated false without a warning (a tile listed unread or
  written with its candidates, a counter flagged);
- **asked**: with no options, the player asked for ``--animals`` in words;
- **refused**: no board found, or the read refused in words;
- **WRONG**: something stated false with no warning (``tests/test_disco_zoo_screens.py``'s
  :func:`stated_wrong`: the region, the animals, a tile's kind or animal, the attempts).

Every WRONG is printed with its seed, variant and reasons. The figures are counts, not times.
"""

from __future__ import annotations

import argparse
import collections
import sys
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from multiprocessing import get_context
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))  # the test kit

from disco_zoo_variants import VARIANTS, drawn, variant  # noqa: E402
from gridsight.games.disco_zoo.screen import locate_rescue  # noqa: E402
from gridsight.readers.base import ReadError  # noqa: E402
from gridsight.vision.errors import BoardNotFoundError  # noqa: E402
from test_disco_zoo_hunt31 import both_reads  # noqa: E402
from test_disco_zoo_screens import stated_wrong  # noqa: E402
from kit.skins.disco_zoo_widest import PROPERTIES as WIDEST  # noqa: E402

OUTCOMES = ("exact", "unsure", "asked", "refused", "WRONG")
#: A row: (seed, variant, read: "plain" or "animals", outcome, the WRONG's reasons).
Row = tuple[int, str, str, str, tuple[str, ...]]


def judged(text: str, plain: str, warnings, asked: str, unread, named) -> list[tuple]:
    """The two reads of one variant (:func:`test_disco_zoo_hunt31.both_reads`'s) judged
    against the truth ``text``: [("plain", outcome, reasons), ("animals", outcome,
    reasons)]."""
    out = []
    if not plain:
        out.append(("plain", "asked" if asked else "refused", ()))
    else:
        why = tuple(stated_wrong(text, plain, warnings, unread))
        out.append(("plain", "WRONG" if why else "exact" if plain == text else "unsure", why))
    if isinstance(named, str):
        out.append(("animals", "refused", ()))
    else:
        why = tuple(stated_wrong(text, named.text, named.warnings, named.unread))
        out.append(("animals", "WRONG" if why else "exact" if named.text == text
                    else "unsure", why))
    return out


def sweep_one(seed: int, wider: bool, widest: str, variants: tuple[str, ...]) -> list[Row]:
    """Screen ``seed`` in each of ``variants``, read both ways: its rows."""
    shot, text = drawn(seed, wider, widest)
    rows: list[Row] = []
    for name in variants:
        image = variant(name, shot, seed)
        try:
            screen = locate_rescue(image)
        except (BoardNotFoundError, ReadError):
            rows += [(seed, name, read, "refused", ()) for read in ("plain", "animals")]
            continue
        plain, warnings, asked, unread, named, _ = both_reads(screen, image, text)
        rows += [(seed, name, read, outcome, why) for read, outcome, why
                 in judged(text, plain, warnings, asked, unread, named)]
    return rows


def report(rows: list[Row], variants: tuple[str, ...]) -> list[str]:
    """The tally of ``rows``: both reads' counts, each variant's, then every WRONG."""
    out = []
    for read, label in (("plain", "no options"), ("animals", "with --animals")):
        mine = [row for row in rows if row[2] == read]
        counts = collections.Counter(row[3] for row in mine)
        out.append(f"{label}: {len(mine)} reads: "
                   + ", ".join(f"{counts[o]} {o}" for o in OUTCOMES))
    out.append("by variant (no options | with --animals: exact/unsure/asked/refused/WRONG):")
    for name in variants:
        parts = []
        for read in ("plain", "animals"):
            counts = collections.Counter(row[3] for row in rows
                                         if row[1] == name and row[2] == read)
            parts.append("/".join(str(counts[o]) for o in OUTCOMES))
        out.append(f"  {name:7s} {parts[0]:>14s} | {parts[1]}")
    wrong = [row for row in rows if row[3] == "WRONG"]
    out.append(f"WRONG reads: {len(wrong)}")
    for seed, name, read, _, why in wrong:
        given = "no options" if read == "plain" else "--animals"
        out.append(f"  seed {seed} {name} ({given}): {'; '.join(why)}")
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1_010_000)
    parser.add_argument("--screens", type=int, default=20)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--wider", action="store_true", help="the wider family of looks")
    parser.add_argument("--widest", nargs="?", const="all", default="", metavar="PROPS",
                        help="the widest family: every property drawn wider again, or only "
                             "PROPS (names joined by commas)")
    parser.add_argument("--variants", default=",".join(VARIANTS),
                        help=f"the variants, joined by commas (default all: "
                             f"{','.join(VARIANTS)})")
    options = parser.parse_args(argv)
    variants = tuple(options.variants.split(","))
    unknown = [v for v in variants if v not in VARIANTS] + \
        [p for p in options.widest.split(",") if options.widest not in ("", "all")
         and p not in WIDEST]
    if unknown:
        parser.error(f"unknown variants or --widest properties: {', '.join(unknown)}")
    job = partial(sweep_one, wider=options.wider, widest=options.widest, variants=variants)
    seeds = range(options.seed, options.seed + options.screens)
    if options.workers <= 1:  # in this process: no second interpreter to start
        done = list(map(job, seeds))
    else:
        with ProcessPoolExecutor(options.workers, mp_context=get_context("spawn")) as pool:
            done = list(pool.map(job, seeds))
    look = f"widest {options.widest}" if options.widest else \
        "wider" if options.wider else "real"
    print(f"{look} look, seeds {options.seed}..{options.seed + options.screens - 1}, "
          f"{len(variants)} variants each")
    for line in report([row for rows in done for row in rows], variants):
        print(line)


if __name__ == "__main__":
    main()
