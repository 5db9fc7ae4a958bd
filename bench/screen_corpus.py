"""Regression corpus: generated Disco Zoo screens once pinned in the suite, each read as recorded.

Run ``python bench/screen_corpus.py [--workers N] [--cases NAME,...] [--list] [--record]``.
CI runs it after the suite (``.ci/run``) as a gate of its own.

A pin whose assertion is generic (read right or the player asked with no options; read right
or refused in words with ``--animals``) is a row of data here, not a test of the suite
(session 43; ``docs/testing.md``, "What the suite holds"). Each row of
``bench/screen_corpus.json`` gives

- ``name``: the row's name (``--cases``);
- ``draw``: how the screen is drawn, one call of a drawing helper of ``tests/`` or ``bench/``
  (``real_screen``, hunt31's ``_drawn`` and its variants, hunt32's ``_shrunk_jpeg``,
  ``bench/disco_zoo_variants.py``'s ``variant`` through sweep35's ``_variant``...), written
  ``module.function(literal arguments)``; it returns ``(truth, image)`` or ``real_screen``'s
  ``(shot, truth, image, scale)``;
- ``from``: the test it was and its session;
- ``plain`` and ``animals``: its recorded outcome with no options and with its true
  ``--animals``.

Each screen is located by its structure and read both ways, each read judged against the
truth (:func:`judged`):

- **exact**: the board text the screen was drawn from;
- **unsure**: not exact, nothing stated false without a warning (a tile listed unread or
  written with its candidates, a counter flagged);
- **asked**: with no options, the player asked for ``--animals`` in words;
- **refused**: no board found, or the read refused in words;
- **WRONG**: something stated false with no warning (the suite's own check,
  ``tests/test_disco_zoo_screens.py``'s :func:`stated_wrong`).

Outcomes rank exact > unsure > asked > refused. The run prints one line per row and a summary,
and exits 1 on any WRONG or any read worse than recorded. A read better than recorded is said
(``better``) and passes: ``--record`` (with ``--cases`` to take only those rows) writes the
outcomes read now into the data file, the way to raise a row after a reader change improves it
(the file is rewritten whole, atomically; rows not run keep theirs). A read worse than
recorded is written only with ``--lower`` as well (a row lowered on purpose, said why in its
commit). With the OCR engine
installed, ``--record`` reads each row a second time with it off (``GRIDSIGHT_OCR=off``) and
records the worse of the two, so the gate passes either way (the suite runs both ways). The
figures are counts, not times; the CPU of each row is printed for information only.
"""

from __future__ import annotations

import argparse
import ast
import importlib
import json
import os
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
TESTS = BENCH.parent / "tests"
DATA = BENCH / "screen_corpus.json"
for _path in (str(TESTS), str(BENCH)):
    if _path not in sys.path:
        sys.path.insert(0, _path)

#: The outcomes a read may have, best first (WRONG is never recorded).
RANKS = ("exact", "unsure", "asked", "refused")
READS = ("plain", "animals")


def load(path: Path = DATA) -> list[dict]:
    """The rows of the data file."""
    return json.loads(path.read_text())["rows"]


def save(rows: list[dict], path: Path = DATA) -> None:
    """``rows`` written to ``path`` atomically (a file beside it, then renamed over it)."""
    lines = ",\n".join(" " + json.dumps(row, ensure_ascii=False) for row in rows)
    text = '{"rows": [\n' + lines + "\n]}\n"  # a row a line: each easy to find and raise
    spare = path.with_name(path.name + ".new")
    spare.write_text(text)
    os.replace(spare, path)


def drawer(spec: str) -> Callable[[], tuple]:
    """The call ``spec`` (``module.function(literal, ..., name=literal)``) as a function of
    no arguments: the module imported from ``tests/`` or ``bench/`` when called."""
    call = ast.parse(spec, mode="eval").body
    if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute)
            and isinstance(call.func.value, ast.Name)):
        raise ValueError(f"not module.function(...): {spec!r}")
    module, name = call.func.value.id, call.func.attr
    args = [ast.literal_eval(a) for a in call.args]
    kwargs = {k.arg: ast.literal_eval(k.value) for k in call.keywords if k.arg}

    def draw() -> tuple:
        return getattr(importlib.import_module(module), name)(*args, **kwargs)

    return draw


def drawn(spec: str) -> tuple[str, Any]:
    """The screen ``spec`` draws: (its truth text, the image)."""
    out = drawer(spec)()
    if len(out) == 4:  # real_screen's (shot, truth, image, scale)
        return out[1], out[2]
    text, image = out
    return text, image


def judged(text: str, plain: str, warnings, asked: str, unread, named) -> dict:
    """The two reads of a screen against its truth ``text`` (as
    ``bench/disco_zoo_variants.py`` judges them): {"plain": outcome, "animals": outcome,
    "wrong": the WRONGs' reasons}. ``named``: the ``--animals`` reading, or its refusal's
    words."""
    from test_disco_zoo_screens import stated_wrong

    out: dict = {"wrong": []}
    if not plain:
        out["plain"] = "asked" if asked else "refused"
    else:
        why = stated_wrong(text, plain, warnings, unread)
        out["wrong"] += [f"no options: {w}" for w in why]
        out["plain"] = "WRONG" if why else "exact" if plain == text else "unsure"
    if isinstance(named, str):
        out["animals"] = "refused"
    else:
        why = stated_wrong(text, named.text, named.warnings, named.unread)
        out["wrong"] += [f"--animals: {w}" for w in why]
        out["animals"] = "WRONG" if why else "exact" if named.text == text else "unsure"
    return out


def read_row(spec: str, ocr_off: bool = False) -> dict:
    """The screen ``spec`` draws, located and read both ways: :func:`judged`'s outcomes and
    ``cpu``, the CPU seconds of the locate and reads (the drawing left out). ``ocr_off``:
    read with ``GRIDSIGHT_OCR=off`` (the OCR engine not used even when installed)."""
    from gridsight.games.disco_zoo.ocr_names import SWITCH
    from gridsight.games.disco_zoo.screen import locate_rescue
    from gridsight.vision.errors import BoardNotFoundError
    from test_disco_zoo_hunt31 import both_reads

    text, image = drawn(spec)
    was = os.environ.get(SWITCH)
    if ocr_off:
        os.environ[SWITCH] = "off"
    start = time.process_time()
    try:
        screen = locate_rescue(image)
    except BoardNotFoundError:
        out: dict = {"plain": "refused", "animals": "refused", "wrong": []}
    else:
        plain, warnings, asked, unread, named, _ = both_reads(screen, image, text)
        out = judged(text, plain, warnings, asked, unread, named)
    finally:
        if ocr_off and was is None:
            del os.environ[SWITCH]
        elif ocr_off and was is not None:
            os.environ[SWITCH] = was
    out["cpu"] = time.process_time() - start
    return out


def _read_off(spec: str) -> dict:
    return read_row(spec, ocr_off=True)


def worse(one: dict, other: dict) -> dict:
    """Of two reads of a row (OCR on and off), each read's worse outcome, both's WRONGs."""
    out = {"wrong": one["wrong"] + other["wrong"], "cpu": one["cpu"] + other["cpu"]}
    for read in READS:
        out[read] = max(one[read], other[read],
                        key=lambda o: len(RANKS) if o == "WRONG" else RANKS.index(o))
    return out


def ocr_on() -> bool:
    """Whether the OCR engine is installed and not switched off."""
    from gridsight.games.disco_zoo import ocr_names

    return ocr_names.available()


def verdict(row: dict, got: dict) -> tuple[str, list[str]]:
    """``ok``, ``better`` (a read better than recorded) or ``FAILED`` (a WRONG, or a read
    worse than recorded), with the reasons."""
    why = list(got["wrong"])
    better = False
    for read in READS:
        if got[read] == "WRONG":
            continue
        had, now = RANKS.index(row[read]), RANKS.index(got[read])
        if now > had:
            why.append(f"{read} {got[read]}, recorded {row[read]}")
        better |= now < had
    return ("FAILED" if why else "better" if better else "ok"), why


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=1,
                        help="processes reading rows at once (default 1: this process)")
    parser.add_argument("--cases", default="", help="only these rows (names, commas)")
    parser.add_argument("--list", action="store_true", help="list the rows, read none")
    parser.add_argument("--record", action="store_true",
                        help="write the outcomes read now as the rows' recorded ones")
    parser.add_argument("--lower", action="store_true",
                        help="with --record: write reads worse than recorded too")
    parser.add_argument("--data", type=Path, default=DATA, help=argparse.SUPPRESS)
    options = parser.parse_args(argv)
    rows = load(options.data)
    names = [row["name"] for row in rows]
    if len(set(names)) != len(names):
        parser.error("two rows of one name in the data file")
    chosen = [n for n in options.cases.split(",") if n]
    unknown = [n for n in chosen if n not in names]
    if unknown:
        parser.error(f"unknown rows: {', '.join(unknown)}")
    todo = [row for row in rows if not chosen or row["name"] in chosen]
    if options.list:
        for row in todo:
            print(f"{row['name']}: {row['draw']} (plain {row['plain']}, --animals "
                  f"{row['animals']}; from {row['from']})")
        return 0
    specs = [row["draw"] for row in todo]
    # --record with the OCR engine on: each row read again with it off, the worse kept (the
    # suite runs both ways; CI with the engine)
    both = options.record and ocr_on()
    if options.workers <= 1:
        done = list(map(read_row, specs))
        if both:
            done = [worse(a, b) for a, b in zip(done, map(_read_off, specs))]
    else:
        with ProcessPoolExecutor(options.workers, mp_context=get_context("spawn")) as pool:
            done = list(pool.map(read_row, specs))
            if both:
                done = [worse(a, b) for a, b in zip(done, pool.map(_read_off, specs))]
    counts = {"ok": 0, "better": 0, "FAILED": 0}
    for row, got in zip(todo, done):
        said, why = verdict(row, got)
        counts[said] += 1
        print(f"{said:6s} {row['name']}: plain {got['plain']} (recorded {row['plain']}), "
              f"--animals {got['animals']} (recorded {row['animals']}), "
              f"{got['cpu']:.2f} CPU s" + "".join(f"\n         {w}" for w in why))
    cpu = sum(got["cpu"] for got in done)
    print(f"{len(todo)} rows: {counts['ok']} ok, {counts['better']} better than recorded, "
          f"{counts['FAILED']} FAILED; {cpu:.1f} CPU s of reads")
    if options.record:
        wrong = [row["name"] for row, got in zip(todo, done) if got["wrong"]]
        if wrong:
            print(f"not recorded: WRONG on {', '.join(wrong)}")
            return 1
        lowered = [row["name"] for row, got in zip(todo, done)
                 if any(RANKS.index(got[r]) > RANKS.index(row[r]) for r in READS)]
        if lowered and not options.lower:
            print(f"not recorded: worse than recorded on {', '.join(lowered)} (--lower to "
                  f"write them)")
            return 1
        new = {row["name"]: got for row, got in zip(todo, done)}
        for row in rows:
            if row["name"] in new:
                row.update({read: new[row["name"]][read] for read in READS})
        save(rows, options.data)
        print(f"recorded {len(new)} rows in {options.data}")
        return 0
    return 1 if counts["FAILED"] else 0


if __name__ == "__main__":
    sys.exit(main())
