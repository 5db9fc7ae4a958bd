"""``gridsight analyze IMAGE_OR_FOLDER... [--game G|auto] [--pack P] [--out DIR] [--json]``.

A game read as a 3D pit (Thrill Digger) is read through its calibration instead of a pack:
``--game thrill-digger --calibration DIR`` registers each still to the calibrated pit, reads
every hole and paints the advice through the pit's perspective (the spec's
``reading.load_still``).

For each screenshot: find the board (and the game, with ``--game auto``), read it through the
game's reader (:mod:`gridsight.readers`), solve the board text with the game's adapter exactly
as ``gridsight solve`` would, print the board as read (unread cells as ``?``) and the advice,
and save an annotated copy of the screenshot in ``--out``, drawn by
:func:`overlay.paint.paint_advice`.

Every problem with one file (not an image, truncated, no board in it, cells that cannot be
read) is one line on standard error naming the file; the other files are still analysed and
the exit code is 2 at the end. A missing or malformed pack stops the run before any file.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass, replace
from pathlib import Path

import cv2
import numpy as np

from gridsight.cli import RuntimeFailure
from gridsight.progress import ProgressBar
from gridsight.readers.base import BoardReading, ReadHints
from gridsight.commands.screen_options import (
    add_read_hint_arguments,
    add_solver_arguments,
    read_hints_from,
)
from gridsight.readers.find import Found, detect_game, find_board, load_game_pack
from gridsight.games.spec import PitReading
from gridsight.registry import all_specs, get_game, get_reader, get_spec, reader_names
from overlay.paint import paint_advice
from solvers.advice import Advice, CellMark, MarkKind
from solvers.errors import InputError
from vision.errors import PackError, VisionInputError
from vision.images import load_image
from vision.packs import TemplatePack

DEFAULT_OUT = "gridsight-out"
MIN_CELL_PX = 48  # cells smaller than this are enlarged in the annotated picture


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "analyze",
        help="read boards from screenshots, solve them and save annotated copies",
        description=(
            "Read each screenshot (or every file of a folder): find the board, read its cells, "
            "solve it, print the board as read (unread cells shown as ?) and the advice, and "
            "save the screenshot with the advice drawn on it in --out."
        ),
    )
    parser.add_argument("paths", nargs="+", metavar="IMAGE_OR_FOLDER",
                        help="screenshots (PNG, JPEG, ...) or folders of them")
    parser.add_argument("--game", default="auto", choices=["auto", *_game_choices()],
                        help="the game shown (default auto: try every game's pack, keep the "
                        "best-matching board)")
    parser.add_argument("--pack", metavar="P", default=None,
                        help="template pack: a skin name (your packs first, then the shipped "
                        "ones) or a pack folder; default: the shipped default skin")
    parser.add_argument("--calibration", metavar="DIR", default=None,
                        help="a game read as a 3D pit: the calibration folder saved by "
                        "gridsight calibrate GAME (the pit and its learned look)")
    parser.add_argument("--out", metavar="DIR", default=DEFAULT_OUT,
                        help=f"where the annotated PNGs go (default ./{DEFAULT_OUT}/)")
    parser.add_argument("--json", action="store_true",
                        help="print one JSON object per image, one per line: the solver's JSON "
                        "plus image, game, board, unread, confidence, annotated")
    add_read_hint_arguments(parser, what="screenshot")
    add_solver_arguments(parser, command="analyze")
    parser.set_defaults(func=run)


@dataclass(frozen=True)
class Outcome:
    """What became of one image: its game and reading when read, ``error`` when it failed."""

    path: str
    game: str = ""
    reading: BoardReading | None = None
    solved: bool = False
    error: str = ""


def _game_choices() -> list[str]:
    """Every game analyze reads: through a pack, or as a 3D pit through a calibration."""
    pits = [spec.name for spec in all_specs() if isinstance(spec.reading, PitReading)
            and spec.reading.load_still is not None]
    return [*reader_names(), *(name for name in pits if name not in reader_names())]


def run(options: argparse.Namespace) -> int:
    spec = None if options.game == "auto" else get_spec(options.game)
    if spec is not None and isinstance(spec.reading, PitReading):
        return run_stills(spec, options)
    if getattr(options, "calibration", None):
        raise InputError("--calibration is for a game read as a 3D pit (--game "
                         + ", ".join(n for n in _game_choices() if n not in reader_names())
                         + "); other games are read through --pack")
    files, had_folder, missing = expand(options.paths)
    packs = load_packs(options.game, options.pack)
    hints = read_hints_from(options)
    out_dir = Path(options.out)
    outcomes = [Outcome(path, error=problem) for path, problem in missing]
    for outcome in outcomes:
        _say(outcome.error)
    used: set[str] = set()
    with ProgressBar(len(files), "images", enabled=None if had_folder else False) as bar:
        for path in files:
            outcome = analyse_one(path, packs, hints, options, out_dir, used)
            if outcome.error:
                if bar.enabled:
                    sys.stderr.write("\n")
                _say(outcome.error)
            outcomes.append(outcome)
            bar.advance()
    failed = [o for o in outcomes if o.error]
    if had_folder or len(outcomes) > 1:
        read = sum(o.reading is not None for o in outcomes)
        solved = sum(o.solved for o in outcomes)
        print(f"gridsight: {len(outcomes)} file(s): {read} board(s) read, {solved} solved, "
              f"{len(failed)} failed", file=sys.stderr)
    return 2 if failed else 0


def run_stills(spec, options: argparse.Namespace) -> int:
    """Stills of a calibrated 3D pit: each registered, read, solved and painted."""
    if options.pack:
        raise InputError(f"--pack is for games read through a template pack; {spec.name} is "
                         "read through --calibration DIR")
    reader = spec.reading.load_still(spec, options)
    for warning in getattr(reader, "warnings", ()):
        _say(f"warning: {warning}")
    files, had_folder, missing = expand(options.paths)
    out_dir = Path(options.out)
    errors = [problem for _, problem in missing]
    for problem in errors:
        _say(problem)
    used: set[str] = set()
    solved = 0
    for path in files:
        problem = _analyse_still(path, spec, reader, options, out_dir, used)
        if problem is None:
            solved += 1
        else:
            errors.append(problem)
            _say(problem)
    total = len(files) + len(missing)
    if had_folder or total > 1:
        print(f"gridsight: {total} file(s): {solved} board(s) read and solved, "
              f"{len(errors)} failed", file=sys.stderr)
    return 2 if errors else 0


def _analyse_still(path: str, spec, reader, options: argparse.Namespace, out_dir: Path,
                   used: set[str]) -> str | None:
    """One still of a pit; the error line when it fails."""
    try:
        image = load_image(path)
        still = reader.read(image, spec.name)
    except (VisionInputError, InputError) as error:
        return _named(path, error)
    reading = still.reading
    try:
        solution = get_game(spec.name).solve(reading.board, options)
    except (InputError, RuntimeFailure) as error:
        return _named(path, f"board as read: {error}")
    advice = _with_reading(solution.advice, reading)
    annotated = _save_picture(out_dir, path, used, image, still.geometry, advice)
    if options.json:
        data = dict(solution.json)
        data.update({
            "image": path, "game": spec.name, "calibration": str(options.calibration),
            "board": reading.text, "unread": [list(c) for c in reading.unread],
            "confidence": [list(row) for row in reading.confidence],
            "notes": list(reading.notes), "warnings": list(reading.warnings),
            "annotated": annotated,
        })
        print(json.dumps(data, separators=(", ", ": ")))
    else:
        unread = set(reading.unread)
        lines = [f"== {path}: {spec.name} (calibration {options.calibration}, "
                 f"{len(unread)} unread)"]
        lines += [f"   {note}" for note in reading.notes]
        lines += [f"   warning: {warning}" for warning in reading.warnings]
        lines.append("board as read (? = dug, contents unseen):")
        lines.append(f"  {reading.text.splitlines()[0]}")
        for r, row in enumerate(reading.board.grid):
            lines.append("  " + " ".join(t for t in row)
                         + ("   unread: " + ", ".join(str(c) for (rr, c) in sorted(unread)
                                                     if rr == r)
                            if any(rr == r for rr, _ in unread) else ""))
        lines += ["", solution.text.rstrip("\n"), f"annotated: {annotated}"]
        print("\n".join(lines) + "\n")
    sys.stdout.flush()
    return None


def expand(paths: list[str]) -> tuple[list[str], bool, list[tuple[str, str]]]:
    """The files to analyse (a folder's visible files, sorted), whether a folder was given,
    and the paths that do not exist (with their error line)."""
    files, missing, had_folder = [], [], False
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            had_folder = True
            inside = sorted(p for p in path.iterdir() if p.is_file() and not p.name.startswith("."))
            if not inside:
                missing.append((raw, f"{raw}: the folder holds no files"))
            files.extend(str(p) for p in inside)
        elif path.exists():
            files.append(raw)
        else:
            missing.append((raw, f"{raw}: cannot read image (no such file)"))
    return files, had_folder, missing


def load_packs(game: str, pack: str | None) -> dict[str, TemplatePack]:
    """The pack of each game to try: one game's, or every reader's for ``auto`` (games
    without a pack of that name are skipped; none at all is an error)."""
    if game != "auto":
        return {game: load_game_pack(game, pack)}
    packs, problems = {}, []
    for name in reader_names():
        try:
            packs[name] = load_game_pack(name, pack)
        except PackError as error:
            problems.append(error)
    if not packs:
        raise problems[0] if len(problems) == 1 else PackError(
            pack or "default", "no game has this pack (" + "; ".join(map(str, problems)) + ")")
    for error in problems:  # a broken pack is worth a warning even when others load
        if "not found" not in str(error):
            _say(f"warning: {error}")
    return packs


def analyse_one(path: str, packs: dict[str, TemplatePack], hints: ReadHints,
                options: argparse.Namespace, out_dir: Path, used: set[str]) -> Outcome:
    try:
        image = load_image(path)
    except VisionInputError as error:
        return Outcome(path, error=_named(path, error))
    try:
        if len(packs) == 1:
            (game, pack), = packs.items()
            found = find_board(image, game, pack)
        else:
            found = detect_game(image, packs)
    except VisionInputError as error:
        return Outcome(path, error=_named(path, error))
    reader = get_reader(found.game)
    try:
        reading = reader.read(image, found.read, found.pack, hints)
    except InputError as error:
        unread = getattr(error, "unread", ())
        _save(out_dir, path, used, image, found, _unread_advice(found, unread, str(error)))
        return Outcome(path, found.game, error=_named(path, error))
    try:
        solution = get_game(found.game).solve(reading.board, options)
    except (InputError, RuntimeFailure) as error:
        _save(out_dir, path, used, image, found,
              _unread_advice(found, reading.unread, f"not solved: {error}"))
        return Outcome(path, found.game, reading, error=_named(path, f"board as read: {error}"))
    advice = _with_reading(solution.advice, reading)
    annotated = _save(out_dir, path, used, image, found, advice)
    if options.json:
        data = dict(solution.json)
        data.update({
            "image": path, "game": found.game, "pack": found.pack.name,
            "board": reading.text, "unread": [list(c) for c in reading.unread],
            "confidence": [list(row) for row in reading.confidence],
            "notes": list(reading.notes), "warnings": list(reading.warnings),
            "annotated": annotated,
        })
        print(json.dumps(data, separators=(", ", ": ")))
    else:
        print(report_text(path, found, reading, solution.text, annotated))
    sys.stdout.flush()
    return Outcome(path, found.game, reading, solved=True)


def report_text(path: str, found: Found, reading: BoardReading, solved: str,
                annotated: str | None) -> str:
    """The readable report of one image: what was read, then the solver's own text."""
    unread = set(reading.unread)
    lines = [f"== {path}: {found.game} (pack {found.pack.name}, lowest cell confidence "
             f"{reading.min_confidence:.2f}, {len(unread)} unread)"]
    lines += [f"   {note}" for note in reading.notes]
    lines += [f"   warning: {warning}" for warning in reading.warnings]
    lines.append("board as read (? = unread, solved as not yet observed):" if unread
                 else "board as read:")
    headers = reading.text.splitlines()[: len(reading.text.splitlines()) - reading.board.rows]
    lines += [f"  {h}" for h in headers]
    for r, row in enumerate(reading.board.grid):
        lines.append("  " + " ".join("?" if (r, c) in unread else t for c, t in enumerate(row)))
    lines.append("")
    lines.append(solved.rstrip("\n"))
    if annotated:
        lines.append(f"annotated: {annotated}")
    return "\n".join(lines) + "\n"


def _with_reading(advice: Advice, reading: BoardReading) -> Advice:
    """The solver's advice plus the unread cells marked, and the reader's warning."""
    warnings = advice.warnings + reading.warnings
    if not reading.unread:
        return replace(advice, warnings=warnings)
    taken = {(m.row, m.col) for m in advice.marks}
    marks = advice.marks + tuple(CellMark(r, c, MarkKind.UNREAD)
                                 for r, c in reading.unread if (r, c) not in taken)
    warning = f"{len(reading.unread)} cell(s) unread: solved as not yet observed"
    return replace(advice, marks=marks, warnings=warnings + (warning,))


def _unread_advice(found: Found, unread, problem: str) -> Advice:
    g = found.read.geometry
    return Advice(found.game, g.rows, g.cols,
                  marks=tuple(CellMark(r, c, MarkKind.UNREAD) for r, c in unread),
                  status="not solved", warnings=(problem,))


def _save(out_dir: Path, path: str, used: set[str], image: np.ndarray, found: Found,
          advice: Advice) -> str | None:
    """Write the annotated picture as ``DIR/<name>-advice.png``; returns its path."""
    return _save_picture(out_dir, path, used, image, found.read.geometry, advice)


def _save_picture(out_dir: Path, path: str, used: set[str], image: np.ndarray, geometry,
                  advice: Advice) -> str:
    """Paint ``advice`` through ``geometry`` onto ``image`` and write it in ``out_dir`` as
    ``<name>-advice.png`` (numbered when two inputs share a name); returns its path."""
    stem = Path(path).stem
    name, k = f"{stem}-advice.png", 1
    while name in used:
        k += 1
        name = f"{stem}-{k}-advice.png"
    used.add(name)
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise RuntimeFailure(f"cannot create {out_dir}: {error.strerror}") from None
    image, geometry = legible(image, geometry)
    picture = paint_advice(image, geometry, advice)
    target = out_dir / name
    if not cv2.imwrite(str(target), picture):
        raise RuntimeFailure(f"cannot write {target}")
    return str(target)


def legible(image: np.ndarray, geometry):
    """The screenshot enlarged (whole factor, at most 4) when its cells are smaller than
    ``MIN_CELL_PX``: figures and labels drawn in a 30-pixel cell overlap and cannot be read,
    so a small screenshot's annotated copy is drawn larger than the screenshot."""
    size = min(min(geometry.cell_size(r, c)) for r in (0, geometry.rows - 1)
               for c in (0, geometry.cols - 1))
    factor = min(4, int(np.ceil(MIN_CELL_PX / max(size, 1.0))))
    if factor <= 1:
        return image, geometry
    bigger = cv2.resize(image, None, fx=factor, fy=factor, interpolation=cv2.INTER_CUBIC)
    return bigger, geometry.scaled(factor)


def _named(path: str, error: object) -> str:
    text = str(error)
    return text if text.startswith(path) else f"{path}: {text}"


def _say(message: str) -> None:
    print(f"gridsight: {message}", file=sys.stderr)


__all__ = ["add_parser", "run", "analyse_one", "report_text", "legible"]
