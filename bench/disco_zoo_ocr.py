"""Measurement: can an OCR engine from the registries read Disco Zoo's names off the screen?

Run ``python bench/disco_zoo_ocr.py [--first SEED] [--screens N] [--workers W]
[--engines ppocr-v6,ppocr-v4,tesseract]``; with ``--whole``, the reader's own figures instead:
whole screens read with no options without and with the ``ocr`` extra's engine (exact, asked,
WRONG animals, by scale band). It draws N real-look rescue screens
(:mod:`kit.skins.disco_zoo_real`: seven pixel fonts of ours, some outlined) degraded as the
reader's tests degrade them (0.5x-3x, nearest or bilinear, colours shifted, noise, JPEG
40-95), finds each screen's cards and text lines as the reader does
(:func:`gridsight.games.disco_zoo.names.read_names`), and gives every engine installed here

- the **region line** the reader found (snapped to the 14 regions' names),
- each **card's name line** the reader found, and the same line at the skin's ground-truth box
  (``extras["cards"][k].name_box``, scaled; the upper bound of a perfect line finder),
  snapped to the rescue's region's animals and the pets (a cut name by its first letters),

each line binarised by its own colour against its ground, both ways (lighter and darker
text), scaled up nearest to a 32-pixel cap height (:func:`gridsight.vision.ocr.binarised`).
A snap counts only when near and clearly nearer than the second name
(:func:`gridsight.games.disco_zoo.snap.snap`). For each engine and letter height (the line's
height in the screenshot's pixels) it prints how many lines were named **right**, named
**WRONG** (must be ~0 for the engine to be trusted) or left unread; beside them the cipher's
own outcome on the same cards (:mod:`gridsight.games.disco_zoo.names`, right / wrong / not
named), CPU seconds per line (both ways; for tesseract its child processes too), the
engine's import and first-load time and its install size.
"""

from __future__ import annotations

import argparse
import collections
import importlib.util
import os
import resource
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from multiprocessing import get_context
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))  # the test kit

from gridsight.games.disco_zoo.names import (  # noqa: E402
    FULL_CARD,
    CardText,
    _region_animals,
    _vocabulary,
    read_names,
)
from gridsight.games.disco_zoo.snap import snap  # noqa: E402
from gridsight.vision import ocr  # noqa: E402

HEIGHTS = ((0, 6), (6, 8), (8, 11), (11, 15), (15, 99))  # letter height bands, pixels


@dataclass(frozen=True)
class Line:
    """One line given to the engines: its kind (``region``, ``name`` found by the reader,
    ``name-truth`` at the skin's box), the truth, its letter height (pixels), the cipher's
    outcome for it (``right``, ``wrong``, ``unread``; ``-`` for the truth boxes), and per
    engine: the texts read, the snap, its outcome and CPU seconds."""

    kind: str
    truth: str
    height: float
    cipher: str
    read: dict


def _cpu() -> float:
    own = time.process_time()
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own + children.ru_utime + children.ru_stime


def _crop(image: np.ndarray, box) -> np.ndarray:
    x, y, w, h = (float(v) for v in box)
    m = max(2.0, 0.3 * h)
    H, W = image.shape[:2]
    x0, y0 = int(max(0, x - m)), int(max(0, y - m))
    x1, y1 = int(min(W, x + w + m)), int(min(H, y + h + m))
    return image[y0:y1, x0:x1]


def _outcome(name: str | None, truth: str) -> str:
    return "unread" if name is None else "right" if name == truth else "wrong"


def one(seed: int, engines: tuple[str, ...]) -> tuple[float, list[Line]]:
    """(scale, the lines of screen ``seed`` as each engine read them)."""
    from test_disco_zoo_screens import degrade, real_rescue

    from gridsight.games.disco_zoo.screen import locate_rescue
    from gridsight.vision.errors import BoardNotFoundError

    rng = np.random.default_rng(seed)
    shot, text = real_rescue(rng, seed)
    image, scale = degrade(shot.image, rng, seed)
    region = text.splitlines()[0].split(": ")[1]
    drawn = shot.extras["cards"]
    try:
        screen = locate_rescue(image)
    except BoardNotFoundError:
        return scale, []
    cards = [CardText(tuple(int(v) for v in c.panel.box),
                      tuple(c.picture) if c.picture and c.picture[2] else None,
                      getattr(c, "name_box", None)) for c in screen.cards]
    top = min([c.box[1] for c in cards] + [int(screen.lattice.y)])
    read = read_names(image, cards, top)
    regions, _ = _vocabulary()
    animals = {w: a.name for w, a in _region_animals(region).items()}
    jobs = []  # (kind, truth, box, height, cipher's outcome, vocabulary, cut)
    line = read.lines.get("region")
    if line is not None:
        jobs.append(("region", region, line.box, line.height, _outcome(read.region, region),
                     regions, False))
    matched = len(cards) == len(drawn)
    for k, card in enumerate(drawn):
        x, y, w, h = card.name_box
        box = (x * scale, y * scale, w * scale, h * scale)
        full = w >= FULL_CARD * card.box[2]
        jobs.append(("name-truth", card.name, box, h * scale, "-", animals, full))
        if matched and read.lines["names"][k] is not None:
            found = read.lines["names"][k]
            jobs.append(("name", card.name, found.box, found.height,
                         _outcome(read.cards[k].name, card.name), animals,
                         found.box[2] >= FULL_CARD * cards[k].box[2]))
    lines = []
    for kind, truth, box, height, cipher, names, cut in jobs:
        crop = _crop(image, box)
        out = {}
        for name in engines:
            reader = ocr.engine(name)
            start = _cpu()
            texts = ocr.read_line(reader, crop)
            cpu = _cpu() - start
            snapped = snap(texts, names, cut=cut)
            out[name] = (texts, snapped.name, _outcome(snapped.name, truth), cpu)
        lines.append(Line(kind, truth, float(height), cipher, out))
    return scale, lines


def whole(k: int, base: int) -> tuple[float, str, str, float, float]:
    """Real-look screen ``base + k`` (drawn and degraded as ``tests/test_disco_zoo_screens.py``
    does) read with no options without the OCR engine and with it: (scale, outcome without,
    outcome with, CPU seconds of each read; outcomes as ``RealRead.plain_outcome``, or ``no
    board``)."""
    from test_disco_zoo_screens import RealRead, read_plainly, real_screen

    from gridsight.games.disco_zoo.names import _RECENT as remembered
    from gridsight.games.disco_zoo.ocr_names import SWITCH
    from gridsight.games.disco_zoo.screen import locate_rescue
    from gridsight.vision.errors import BoardNotFoundError

    seed = base + k
    shot, text, image, scale = real_screen(k, base)  # as the screens' test draws them
    try:
        screen = locate_rescue(image)
    except BoardNotFoundError:
        return scale, "no board", "no board", 0.0, 0.0
    board = screen.board_read("disco-zoo/structure")
    out = {}
    # (in turn first: a read leaves caches warm for the next, the glyphs' learning among them)
    for switch in ("off", "on") if k % 2 == 0 else ("on", "off"):
        os.environ[SWITCH] = switch
        remembered.clear()  # each read from scratch (the glyphs' reading is remembered)
        start = time.process_time()
        plain, warnings, asked, refused = read_plainly(screen, board, image)
        cpu = time.process_time() - start
        read = RealRead(seed, scale, text, "", (), plain, asked, refused, shot, screen, cpu,
                        warnings)
        out[switch] = (read.plain_outcome(), cpu)
    return scale, out["off"][0], out["on"][0], out["off"][1], out["on"][1]


def whole_report(results: list[tuple[float, str, str, float, float]], first: int) -> list[str]:
    out = [f"whole screens with no options, seeds {first}..{first + len(results) - 1}, "
           "without the OCR engine -> with it:"]
    # (the skin's screen is 360 px wide at 1x: a real phone screenshot, 720-1440 px wide,
    # halved is 1x-2x here; the bands say the widths too)
    for name, low, high in (("all", 0, 9), ("0.5x-0.8x (180-288 px wide)", 0, 0.8),
                            ("0.8x-1.5x (288-540 px)", 0.8, 1.5),
                            ("1.5x-3x (540-1080 px)", 1.5, 9)):
        part = [r for r in results if low <= r[0] < high]
        off = collections.Counter(r[1] for r in part)
        on = collections.Counter(r[2] for r in part)
        cpu_off = sum(r[3] for r in part) / max(1, len(part))
        cpu_on = sum(r[4] for r in part) / max(1, len(part))
        out.append(f"  {name}: {len(part)} screens; exact {off['exact']} -> {on['exact']}, "
                   f"a tile unsure {off['unsure']} -> {on['unsure']}, asked {off['asked']} -> "
                   f"{on['asked']}, refused {off['refused'] + off['no board']} -> "
                   f"{on['refused'] + on['no board']}, WRONG animals {off['wrong']} -> "
                   f"{on['wrong']}, attempts differing flagged {off['taps flagged']} -> "
                   f"{on['taps flagged']}, unflagged {off['taps wrong']} -> {on['taps wrong']}"
                   f"; CPU per read {cpu_off:.2f} s "
                   f"-> {cpu_on:.2f} s")
    return out


def _size(paths: list[Path]) -> float:
    total = 0
    for path in paths:
        if path.is_file():
            total += path.stat().st_size
        elif path.is_dir():
            total += sum(p.stat().st_size for p in path.rglob("*") if p.is_file())
    return total / 1e6


def engine_facts(name: str) -> str:
    """Import and first-load time (a fresh interpreter) and install size of engine ``name``."""
    probe = ("import time; t = time.perf_counter(); from gridsight.vision import ocr; "
             f"r = ocr.engine({name!r}); import numpy as np; "
             "r.read(np.full((48, 120), 255, np.uint8)); "
             "print(f'{time.perf_counter() - t:.2f}')")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          env=os.environ, check=False)
    load = done.stdout.strip() or "?"
    if name == "tesseract":
        sizes = subprocess.run(["dpkg-query", "-W", "-f=${Installed-Size} ",
                                "tesseract-ocr", "tesseract-ocr-eng", "libtesseract5",
                                "liblept5", "tesseract-ocr-osd"],
                               capture_output=True, text=True, check=False).stdout.split()
        size = f"{sum(int(s) for s in sizes) / 1024:.0f} MB (Debian packages, without their " \
               "shared image libraries)"
        how = "apt-get install tesseract-ocr (5.3, Apache-2.0; English data 4 MB)"
    else:
        dirs = []
        package = ocr.MODELS[name][0]
        for module in (package, "onnxruntime"):
            spec = importlib.util.find_spec(module)
            if spec is not None and spec.origin:
                dirs.append(Path(spec.origin).parent)
        size = f"{_size(dirs):.0f} MB ({package} and onnxruntime)"
        how = {"ppocr-v6": "pip install rapidocr onnxruntime (3.10, Apache-2.0; the PP-OCRv6 "
                           "recogniser's model in the wheel)",
               "ppocr-v4": "pip install rapidocr-onnxruntime (1.4.4, Apache-2.0; the PP-OCRv4 "
                           "recogniser's model in the wheel)"}[name]
    return f"{name}: {how}; install {size}; import + first line {load} s"


def _outcomes(label: str, lines: list[Line], engines: tuple[str, ...], *, cipher: bool) -> str:
    """One row of the report: how many of ``lines`` the cipher (when it read them) and each
    engine named right and WRONG."""
    row = [f"  {label}: {len(lines):>3} lines"]
    counts = ([("cipher", collections.Counter(ln.cipher for ln in lines))] if cipher else []) \
        + [(name, collections.Counter(ln.read[name][2] for ln in lines)) for name in engines]
    row += [f"{name} {c['right']:>3} right {c['wrong']:>2} WRONG" for name, c in counts]
    return " | ".join(row)


def report(results: list[tuple[float, list[Line]]], engines: tuple[str, ...]) -> list[str]:
    out = []
    lines = [ln for _, screen in results for ln in screen]
    for kind in ("region", "name", "name-truth"):
        part = [ln for ln in lines if ln.kind == kind]
        title = {"region": "region line (found by the reader)",
                 "name": "card name lines found by the reader",
                 "name-truth": "card name lines at the skin's true boxes (upper bound)"}[kind]
        out.append(f"{title}: {len(part)} lines")
        for low, high in HEIGHTS:
            band = [ln for ln in part if low <= ln.height < high]
            if band:
                out.append(_outcomes(f"letters {low:>2}-{high:<2} px", band, engines,
                                     cipher=kind != "name-truth"))
        out.append(_outcomes("all             ", part, engines, cipher=kind != "name-truth"))
    for name in engines:
        cpu = sorted(ln.read[name][3] for ln in lines) or [0.0]
        out.append(f"CPU per line, {name} (both ways): median {cpu[len(cpu) // 2] * 1000:.0f} ms, "
                   f"mean {sum(cpu) / len(cpu) * 1000:.0f} ms, max {cpu[-1] * 1000:.0f} ms")
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--first", type=int, default=140_000)
    parser.add_argument("--screens", type=int, default=80)
    parser.add_argument("--workers", type=int, default=min(os.cpu_count() or 1, 2))
    parser.add_argument("--engines", default=",".join(ocr.ENGINES))
    parser.add_argument("--show", type=int, default=0,
                        help="print the texts read on this many wrong or unread lines")
    parser.add_argument("--save", help="also pickle the lines read to this file (to study)")
    parser.add_argument("--whole", action="store_true",
                        help="read whole screens with no options, without and with the ocr "
                             "extra's engine (the reader's figures), instead of lines")
    options = parser.parse_args(argv)
    if options.whole:
        from functools import partial

        with ProcessPoolExecutor(options.workers, mp_context=get_context("spawn")) as pool:
            results = list(pool.map(partial(whole, base=options.first), range(options.screens),
                                    chunksize=2))
        for line in whole_report(results, options.first):
            print(line)
        return
    engines = []
    for name in options.engines.split(","):
        if ocr.engine(name) is None:
            print(f"{name}: not installed here, skipped")
        else:
            engines.append(name)
            print(engine_facts(name))
    if not engines:
        return
    from functools import partial

    start = time.perf_counter()
    job, seeds = partial(one, engines=tuple(engines)), range(options.first,
                                                             options.first + options.screens)
    if options.workers <= 1:  # in this process: the same lines read the same way, no second
        results = list(map(job, seeds))  # interpreter to start and import into
    else:
        with ProcessPoolExecutor(options.workers, mp_context=get_context("spawn")) as pool:
            results = list(pool.map(job, seeds, chunksize=2))
    if options.save:
        import pickle

        Path(options.save).write_bytes(pickle.dumps(results))
    print(f"real look, seeds {options.first}..{options.first + options.screens - 1}: "
          f"{options.screens} screens, {sum(not s for _, s in results)} without a board found")
    for line in report(results, tuple(engines)):
        print(line)
    shown = 0
    for _, screen in results:
        for ln in screen:
            for name in engines:
                texts, got, outcome, _ = ln.read[name]
                if outcome != "right" and shown < options.show:
                    shown += 1
                    print(f"  {name} {ln.kind} {ln.height:.1f}px {ln.truth!r}: read {texts} "
                          f"-> {got} ({outcome})")
    print(f"{time.perf_counter() - start:.0f} s with {options.workers} worker(s)")


if __name__ == "__main__":
    main()
