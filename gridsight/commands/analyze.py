"""``gridsight analyze IMAGE_OR_FOLDER... [--game G|auto] [--pack P] [--out DIR] [--json]
[--sequence]``.

For each screenshot: find the board (and the game, with ``--game auto``), read it through the
game's reader (:mod:`gridsight.readers`), solve the board text with the game's adapter exactly
as ``gridsight solve`` would, print the board as read (unread cells as ``?``) and the advice,
and save an annotated copy of the screenshot in ``--out``, drawn by
:func:`gridsight.overlay.paint.paint_advice`. ``-`` reads one image from standard input.
``--sequence`` takes the screenshots as moments of one game, in order, and merges their reads
into one board (:class:`gridsight.tracking.ViewMerger`): a board bigger than the screen (a
tile-path room pack) is pieced together as the view moves.

Every problem with one file (not an image, truncated, larger than ``--max-pixels``, no board
in it, cells that cannot be read) is one line on standard error naming the file, and with
``--json`` also one JSON object with ``error`` on standard output, so a script sees every
input; the other files are still analysed and the exit code is 2 at the end. A missing or
malformed pack stops the run before any file.

A game read as a 3D pit (Thrill Digger) is read through its calibration instead of a pack:
``--game thrill-digger --calibration DIR`` registers each still to the calibrated pit, reads
every hole and paints the advice through the pit's perspective (the spec's
``reading.load_still``).

OpenCV, the readers and the painter are imported when a screenshot is analysed, not for
``gridsight --help``.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from gridsight.errors import HintChoices, RuntimeFailure, say
from gridsight.commands.screen_options import (
    add_read_hint_arguments,
    add_renamed_option,
    add_solver_arguments,
    check_hints_together,
    read_hints_from,
    solver_settings_from,
)
from gridsight.limits import add_max_memory_argument, add_max_pixels_argument
from gridsight.progress import ProgressBar
from gridsight.games.spec import PitReading
from gridsight.registry import all_specs, get_game, get_spec, reader_names
from gridsight.screens import ScreenMemory
from gridsight.screenshots import (
    PackShelf, Solve, advise, annotate, find_screenshot, unread_advice, view_merger,
    with_reading,
)
from gridsight.textout import for_terminal, with_status
from gridsight.solvers.advice import Advice
from gridsight.solvers.errors import InputError, one_line
from gridsight.solvers.limit import Since
from gridsight.vision.errors import BoardNotFoundError, VisionInputError

if TYPE_CHECKING:
    import numpy as np

    from gridsight.games.base import Solution
    from gridsight.readers.base import BoardReading, ReadHints
    from gridsight.solvers.boardtext import BoardText
    from gridsight.readers.find import Found
    from gridsight.tracking import ViewMerger

DEFAULT_OUT = "gridsight-out"
STDIN = "-"


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
                        help="screenshots (PNG, JPEG, BMP, WebP, ...), folders of them, or - "
                        "for one image on standard input")
    parser.add_argument("--game", default="auto", choices=["auto", *_game_choices()],
                        help="the game shown (default auto: try every game's pack, keep the "
                        "best-matching board)")
    parser.add_argument("--pack", metavar="P", default=None,
                        help="template pack: a skin name (your packs first, then the shipped "
                        "ones), or a folder when P holds a / or starts with . or ~ "
                        "(./mine); default: the shipped default skin")
    parser.add_argument("--calibration", metavar="DIR", default=None,
                        help="a game read as a 3D pit: the calibration folder saved by "
                        "gridsight calibrate GAME (the pit and its learned look)")
    parser.add_argument("--out", metavar="DIR", default=DEFAULT_OUT,
                        help=f"where the annotated PNGs go (default ./{DEFAULT_OUT}/)")
    parser.add_argument("--sequence", action="store_true",
                        help="the screenshots are moments of one game, in order (files as "
                        "given, a folder's by name): merge them into one board, so a board "
                        "bigger than the screen is pieced together as the view moves (a cell "
                        "out of view keeps its last seen state, one never seen is ?); each "
                        "screenshot's advice is for the merged board")
    parser.add_argument("--json", action="store_true",
                        help="print one JSON object per image, one per line: the solver's JSON "
                        "plus image, game, pack, board, unread, unsure_read, confidence, notes, "
                        "warnings, status (the advice's line, with any doubt), annotated; for "
                        "an image that failed, {image, game, error}")
    add_max_pixels_argument(parser)
    add_max_memory_argument(parser)
    add_read_hint_arguments(parser, what="screenshot")
    add_renamed_option(parser, "--region", "--zoo-region",
                       "--region is the capture rectangle of gridsight live")
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
    choices: HintChoices | None = None  # the hint that would read it, when the reader knows


@dataclass
class OtherGames:
    """What one run learned of the other games in screenshots ``--game``'s board was not found
    in (:func:`not_found_hint`): the other games' search is paid on the first such file
    only (a folder of another game's screenshots paid it once per file: 0.6 CPU s each for
    Disco Zoo's); later ones are told what it found and where."""

    searched: bool = False
    game: str = ""  # the game found by that search ("" none)
    where: str = ""  # ... in this file


def _game_choices() -> list[str]:
    """Every game analyze reads: through a pack, or as a 3D pit through a calibration."""
    pits = [spec.name for spec in all_specs() if isinstance(spec.reading, PitReading)
            and spec.reading.load_still is not None]
    return [*reader_names(), *(name for name in pits if name not in reader_names())]


def run(options: argparse.Namespace) -> int:
    spec = None if options.game == "auto" else get_spec(options.game)
    check_hints_together(options, _game_choices() if spec is None else [spec.name])
    if spec is not None and isinstance(spec.reading, PitReading):
        return run_stills(spec, options)
    if getattr(options, "calibration", None):
        raise InputError("--calibration is for a game read as a 3D pit (--game "
                         + ", ".join(n for n in _game_choices() if n not in reader_names())
                         + "); other games are read through --pack")
    files, had_folder, missing = expand(options.paths)
    shelf = PackShelf(options.pack, warn=lambda problem: say(f"warning: {problem}"),
                      time_limit=getattr(options, "time_limit", None))
    game = None if options.game == "auto" else options.game
    if game is None:  # a missing or broken pack stops the run before any file
        shelf.every()
        memory: ScreenMemory | None = ScreenMemory.in_data_folder()
    else:
        shelf.of(game)
        memory = None
    merger = None
    if getattr(options, "sequence", False):
        if game is None:
            raise InputError("--sequence needs --game (the screenshots are of one game)")
        merger = view_merger(game, shelf.of(game))
    hints = read_hints_from(options)
    out_dir = Path(options.out)
    outcomes = [Outcome(path, error=problem) for path, problem in missing]
    for outcome in outcomes:
        _failed(outcome, options)
    used: set[str] = set()
    others = OtherGames()
    with ProgressBar(len(files), "images", enabled=None if had_folder else False) as bar:
        for path in files:
            outcome = analyse_one(path, shelf, game, memory, hints, options, out_dir, used,
                                  merger, others)
            if outcome.error:
                if bar.enabled:
                    sys.stderr.write("\n")
                _failed(outcome, options)
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
        say(f"warning: {warning}")
    files, had_folder, missing = expand(options.paths)
    out_dir = Path(options.out)
    outcomes = [Outcome(path, spec.name, error=problem) for path, problem in missing]
    for outcome in outcomes:
        _failed(outcome, options)
    used: set[str] = set()
    for path in files:
        outcome = _analyse_still(path, spec, reader, options, out_dir, used)
        if outcome.error:
            _failed(outcome, options)
        outcomes.append(outcome)
    failed = [o for o in outcomes if o.error]
    if had_folder or len(outcomes) > 1:
        solved = sum(o.solved for o in outcomes)
        print(f"gridsight: {len(outcomes)} file(s): {solved} board(s) read and solved, "
              f"{len(failed)} failed", file=sys.stderr)
    return 2 if failed else 0


def _analyse_still(path: str, spec, reader, options: argparse.Namespace, out_dir: Path,
                   used: set[str]) -> Outcome:
    """One still of a pit: registered, read, solved, painted and printed."""
    from gridsight.vision.images import DEFAULT_MAX_PIXELS, load_image

    try:
        image = load_image(path, max_pixels=getattr(options, "max_pixels", DEFAULT_MAX_PIXELS))
        still = reader.read(image, spec.name)
    except (VisionInputError, InputError) as error:
        return Outcome(path, spec.name, error=_named(path, error))
    reading = still.reading
    try:
        solution = solver_of(spec.name, options)(reading.board)
    except (InputError, RuntimeFailure) as error:
        return Outcome(path, spec.name, reading, error=_named(path, f"board as read: {error}"))
    advice = with_reading(solution.advice, reading)
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
        print(for_terminal(still_report(path, str(options.calibration), reading, solution.text,
                                        annotated), headline=1))
    sys.stdout.flush()
    return Outcome(path, spec.name, reading, solved=True)


def still_report(path: str, calibration: str, reading: BoardReading, solved: str,
                 annotated: str | None) -> str:
    """The readable report of one still of a pit: what was read, then the solver's text."""
    unread = set(reading.unread)
    lines = [f"== {one_line(path)}: {reading.game}", solved.rstrip("\n"), "",
             f"read with calibration {one_line(calibration)}: {len(unread)} unread"]
    lines += [f"   {note}" for note in reading.notes]
    lines += [f"   warning: {warning}" for warning in reading.warnings]
    lines.append("board as read (unread holes, solved as undug, listed after their row):")
    headers = reading.text.splitlines()[: len(reading.text.splitlines()) - reading.board.rows]
    lines += [f"  {h}" for h in headers]
    for r, row in enumerate(reading.board.grid):
        cols = [str(c) for rr, c in sorted(unread) if rr == r]
        lines.append("  " + " ".join(row) + (f"   unread: {', '.join(cols)}" if cols else ""))
    if annotated:
        lines.append(f"annotated: {one_line(annotated)}")
    return "\n".join(lines) + "\n"


def _failed(outcome: Outcome, options: argparse.Namespace) -> None:
    """One line on standard error; with ``--json`` also the image's JSON object with
    ``error`` (and ``choices``: the hint that would read it and each part's candidates,
    when the reader knows them), so a script reading standard output sees every input."""
    say(outcome.error)
    if options.json:
        data: dict = {"image": outcome.path, "game": outcome.game or None,
                      "error": outcome.error}
        if outcome.choices is not None:
            data["choices"] = {"hint": outcome.choices.hint,
                               "options": [list(o) for o in outcome.choices.options]}
        print(json.dumps(data, separators=(", ", ": ")), flush=True)


#: Why an annotated picture is not read again (it names the picture first).
ANNOTATED = ("an annotated picture gridsight wrote: its drawings would be read as the game's; "
             "give the screenshot it was made from")


def expand(paths: list[str]) -> tuple[list[str], bool, list[tuple[str, str]]]:
    """The files to analyse (a folder's visible files, sorted; ``-`` for standard input, once),
    whether a folder was given, and the paths that cannot be opened (with their error line).
    The annotated pictures an earlier run wrote (their mark) are not analysed: a folder's are
    left out, said in one line (``--out`` the screenshots' own folder, run twice, read its
    pictures again: their painted odds and names read as tiles, 5 failures and pictures of
    pictures), a picture named is refused."""
    from gridsight.safefiles.marks import carries
    from gridsight.vision.images import file_problem

    files, missing, had_folder = [], [], False
    for raw in paths:
        if raw == STDIN:
            if STDIN in files:
                missing.append((raw, "-: standard input can be read only once"))
            else:
                files.append(raw)
            continue
        path = Path(raw)
        try:
            is_dir = path.is_dir()
            if not is_dir:
                os.stat(path)
        except OSError as error:  # a loop of symbolic links, a name too long...
            missing.append((raw, f"{raw}: cannot read image ({file_problem(raw, error)})"))
            continue
        if is_dir:
            had_folder = True
            inside = sorted(p for p in path.iterdir() if p.is_file() and not p.name.startswith("."))
            ours = [p for p in inside if carries(p, _KIND)]
            inside = [p for p in inside if p not in ours]
            if not inside:
                missing.append((raw, f"{raw}: the folder holds no files" + (
                    f" but {len(ours)} annotated picture(s) gridsight wrote" if ours else "")))
            elif ours:
                say(f"{one_line(raw)}: {len(ours)} annotated picture(s) gridsight wrote left "
                    "out (its advice drawn on a screenshot)")
            files.extend(str(p) for p in inside)
        elif path.exists():
            if carries(path, _KIND):
                missing.append((raw, f"{raw}: {ANNOTATED}"))
            else:
                files.append(raw)
        else:
            problem = file_problem(raw, FileNotFoundError())
            missing.append((raw, f"{raw}: cannot read image ({problem})"))
    return files, had_folder, missing


def solver_of(game: str, options: argparse.Namespace) -> Solve:
    """Solving a board read off a picture with the solve settings of the command line (the
    game's typed options, built from the settings it knows). The first board it solves (the
    board read) counts its limit from this call, the game's solver imported within it, as
    ``api.analyze``'s; each other (a board the unread cells may make) from its own start."""
    since = Since.now()
    adapter = get_game(game)
    settings = adapter.options_from(solver_settings_from(options))
    first = [settings if settings.limit.since is not None else
             replace(settings, limit=settings.limit.replace(since=since))]

    def solve(board: BoardText) -> Solution:
        return adapter.solve(board, first.pop() if first else settings)

    return solve


def analyse_one(path: str, shelf: PackShelf, game: str | None, memory: ScreenMemory | None,
                hints: ReadHints, options: argparse.Namespace, out_dir: Path,
                used: set[str], merger: ViewMerger | None = None,
                others: OtherGames | None = None) -> Outcome:
    """One screenshot: found (``game``'s board, or the best of every game's, first where
    ``memory`` last saw one on a screen of its size), read, solved, painted and printed.
    With a ``merger`` (``--sequence``) the board read is merged into the boards before; a
    screenshot refused is told to it as a moment missed (:meth:`ViewMerger.missed`).
    ``others``: what the run learned of other games' boards so far (:class:`OtherGames`)."""
    from gridsight.readers.find import read_found
    from gridsight.vision.images import DEFAULT_MAX_PIXELS, load_image

    image = None
    try:
        image = load_image(path, max_pixels=getattr(options, "max_pixels", DEFAULT_MAX_PIXELS))
        found = find_screenshot(image, shelf, game, memory)
    except VisionInputError as error:
        if merger is not None:  # a moment missed: the board may have changed unseen in it
            merger.missed()
            return Outcome(path, error=_named(path, error))
        hint = not_found_hint(image, shelf, game, others, path) \
            if isinstance(error, BoardNotFoundError) and image is not None else ""
        return Outcome(path, error=_named(path, error) + hint)
    contradictions: tuple[str, ...] = ()
    if merger is not None:  # --sequence: this screenshot's view merged into the board
        state, merged = merger.take(found.read)
        found = replace(found, read=merged)
        contradictions = tuple(c.describe() for c in state.contradictions)
    try:
        reading = read_found(image, found, hints)
        if contradictions:
            reading = replace(reading, warnings=reading.warnings + contradictions)
    except InputError as error:
        unread = getattr(error, "unread", ())
        _save(out_dir, path, used, image, found, unread_advice(found, unread, str(error)))
        return Outcome(path, found.game, error=_named(path, error),
                       choices=getattr(error, "choices", None))
    try:
        solution, advice = advise(found.game, reading, solver_of(found.game, options))
    except (InputError, RuntimeFailure) as error:
        _save(out_dir, path, used, image, found,
              unread_advice(found, reading.unread, f"not solved: {error}"))
        return Outcome(path, found.game, reading, error=_named(path, f"board as read: {error}"))
    unsaved: InputError | RuntimeFailure | None = None
    try:
        annotated = _save(out_dir, path, used, image, found, advice)
    except (InputError, RuntimeFailure) as error:
        # The picture cannot be saved (--out a read-only folder, a file): the advice is
        # said all the same (it was lost with the picture), then the save's problem
        annotated, unsaved = None, error
    if options.json:
        data = dict(solution.json)
        data.update({
            "image": path, "game": found.game, "pack": found.pack.name,
            "board": reading.text, "unread": [list(c) for c in reading.unread],
            "confidence": [list(row) for row in reading.confidence],
            "notes": list(reading.notes), "warnings": list(reading.warnings),
            "unsure_read": [list(c) for c in reading.unsure], "status": advice.status,
            "annotated": annotated,
        })
        if "view" in found.read.extras:  # a board bigger than the screen
            data["view"] = _view_json(found.read.extras["view"])
        print(json.dumps(data, separators=(", ", ": ")))
    else:
        print(for_terminal(report_text(path, found, reading, solution.text, annotated,
                                       status=advice.status), headline=1))
    sys.stdout.flush()
    if unsaved is not None:
        raise unsaved
    return Outcome(path, found.game, reading, solved=True)


def _view_json(view) -> dict | None:
    """The board cells fully in view, 0-based and inclusive: ``{"rows": [r0, r1], "cols":
    [c0, c1]}`` (``None`` when no cell is wholly in view)."""
    if view is None:
        return None
    (r0, r1), (c0, c1) = view
    return {"rows": [int(r0), int(r1)], "cols": [int(c0), int(c1)]}


def report_text(path: str, found: Found, reading: BoardReading, solved: str,
                annotated: str | None, status: str | None = None) -> str:
    """The readable report of one image: the solver's own text, then what was read.

    ``status`` is the advice's status line after the reading was taken into account
    (:func:`gridsight.screenshots.with_reading`): it replaces the solver's first line, which
    is that line before the reading's caveats, so the headline the eye finds first carries them
    (an advised tile that was not read, other unread tiles that change the advice)."""
    solved = with_status(solved, status)
    unread = set(reading.unread)
    read = [v for row, tokens in zip(reading.confidence, reading.board.grid)
            for v, token in zip(row, tokens) if token != "?"]  # '?': nothing read there
    lowest = min(read, default=0.0)
    lines = [f"== {one_line(path)}: {found.game}", solved.rstrip("\n"), "",
             f"read with pack {one_line(found.pack.name)}: lowest cell confidence "
             f"{lowest:.2f}, {len(unread)} unread"]
    lines += [f"   {note}" for note in reading.notes]
    lines += [f"   warning: {warning}" for warning in reading.warnings]
    lines.append("board as read (? = unread, solved as not yet observed):" if unread
                 else "board as read:")
    headers = reading.text.splitlines()[: len(reading.text.splitlines()) - reading.board.rows]
    lines += [f"  {h}" for h in headers]
    for r, row in enumerate(reading.board.grid):
        lines.append("  " + " ".join("?" if (r, c) in unread else t for c, t in enumerate(row)))
    if annotated:
        lines.append(f"annotated: {one_line(annotated)}")
    return "\n".join(lines) + "\n"


def _save(out_dir: Path, path: str, used: set[str], image: np.ndarray, found: Found,
          advice: Advice) -> str | None:
    """Write the annotated picture as ``DIR/<name>-advice.png``; returns its path."""
    from gridsight.screenshots import skin_colours

    # a pentomino's piece in the game's own colour (its pack's), as the live overlay and the
    # replay report draw it: the palette's green was on the orange I
    return _save_picture(out_dir, path, used, image, found.read.geometry, advice,
                         skin_colours(found.game, found.pack))


def _save_picture(out_dir: Path, path: str, used: set[str], image: np.ndarray, geometry,
                  advice: Advice, colours: dict[str, tuple[int, int, int]] | None = None
                  ) -> str:
    """Paint ``advice`` through ``geometry`` onto ``image`` (``colours``: the game's own
    colours of its labels) and write it in ``out_dir`` as ``<name>-advice.png`` (numbered
    when two inputs share a name); returns its path."""
    import cv2

    from gridsight.safefiles import SaveError, write_file

    stem = "stdin" if path == STDIN else Path(path).stem
    name, k = f"{stem}-advice.png", 1
    while name in used or not _replaceable(out_dir / name):
        k += 1
        name = f"{stem}-{k}-advice.png"
    used.add(name)
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
    except (FileExistsError, NotADirectoryError) as error:  # the player's --out names a file
        if out_dir.is_symlink() and not out_dir.exists():
            raise InputError(f"--out {one_line(str(out_dir))}: a symbolic link to a missing "
                             "folder (or a loop of links); nothing written") from None
        where = "it is" if isinstance(error, FileExistsError) else "part of its path is"
        raise InputError(f"--out {one_line(str(out_dir))}: {where} a file, not a folder (the "
                         "annotated pictures go in a folder)") from None
    except OSError as error:
        raise RuntimeFailure(f"cannot create {out_dir}: {error.strerror}") from None
    picture = annotate(image, geometry, advice, colours)
    target = out_dir / name
    ok, png = cv2.imencode(".png", picture)
    if not ok:  # pragma: no cover - an in-memory BGR picture always encodes
        raise RuntimeFailure(f"cannot write {target} (the picture could not be encoded)")
    try:
        write_file(target, _marked(png.tobytes()))
    except SaveError as error:
        raise RuntimeFailure(str(error)) from None
    return str(target)


#: The mark in every annotated picture (:mod:`gridsight.safefiles.marks`): a later run replaces
#: a picture of its own and never a file of the player's that happens to have its name.
_KIND = "annotated picture"


def _marked(png: bytes) -> bytes:
    """An encoded PNG with gridsight's mark after its header (the pixels unchanged)."""
    from gridsight.safefiles.marks import marked

    return marked(png, _KIND)


def _replaceable(target: Path) -> bool:
    """Whether an annotated picture may be written at ``target``: nothing is there, or a
    picture an earlier run wrote (its mark); a file of the player's own is kept (the picture
    takes the next numbered name)."""
    from gridsight.safefiles.marks import replaceable

    return replaceable(target, _KIND)


#: A picture narrower or lower than this (pixels) is said to be too small when no board is
#: found in it: the smallest screen gridsight reads, a Game Boy's, is 160 x 144.
SMALL_PICTURE = 100


def not_found_hint(image: np.ndarray, shelf: PackShelf, game: str | None,
                   others: OtherGames | None = None, path: str = "") -> str:
    """What the player can do about a picture in which no board was found, said after the
    error: a picture too small to hold a board; with ``--game``, the game another shipped
    pack finds in it (looked for only then, with the shipped looks: the run's cost when the
    wrong game is named, never on a board found); else the screenshot gridsight reads.
    With ``others`` (:class:`OtherGames`, one per run) that search is made on the run's
    first such file (``path``) only; later files are told what it found, and where."""
    from gridsight.readers.find import find_in

    height, width = image.shape[:2]
    if min(height, width) < SMALL_PICTURE:
        return (f"; the picture is only {width} x {height} pixels: give a screenshot of the "
                "game's whole screen, not a cut of it")
    if game is not None:
        if shelf.pack is None:
            if others is not None and others.searched:
                if others.game:
                    where = "<stdin>" if others.where == STDIN else others.where
                    return (f"; not a {game} screenshot? (a {others.game} board was found in "
                            f"{where}) leave out --game to try every game")
                return f"; not a {game} screenshot? leave out --game to try every game"
            try:
                packs = {g: p for g, p in shelf.every().items() if g != game}
                found = find_in(image, packs) if packs else None
            except VisionInputError:
                found = None
            if others is not None:
                others.searched, others.where = True, path
                others.game = found.game if found is not None else ""
            if found is not None:
                return (f"; a {found.game} board is found in it: leave out --game (or give "
                        f"--game {found.game})")
        return f"; not a {game} screenshot? leave out --game to try every game"
    return ("; give a screenshot of the game's whole screen (not a photo of the screen); a "
            "look gridsight does not know is taught by 'gridsight calibrate GAME SHOT'")


def _named(path: str, error: object) -> str:
    """The error naming the image once (standard input is ``<stdin>``)."""
    name = "<stdin>" if path == STDIN else path
    text = str(error)
    return text if text.startswith(f"{name}:") else f"{name}: {text}"


__all__ = ["add_parser", "run", "analyse_one", "report_text", "solver_of"]
