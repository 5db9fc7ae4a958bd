"""Calibrating a new look of a game: the library part of ``gridsight calibrate``.

How a game is calibrated is its spec's ``reading`` part (:data:`CALIBRATORS`, one per kind):
a flat grid (:class:`~gridsight.games.spec.GridReading`) learns a template pack from the
board's four outer corners and every cell's label, saves it in the player's data folder and
reads the screenshot back through it exactly as ``gridsight analyze --pack`` would
(:func:`check_pack`); a 3D pit (:class:`~gridsight.games.spec.PitReading`) hands over to the
game's own ``reading.calibrate``.
"""

from __future__ import annotations

import argparse
import math
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Sequence

from gridsight.games.spec import GridReading, PitReading
from gridsight.inputs import read_text
from gridsight.registry import get_spec
from gridsight.solvers.boardtext import parse_boards
from gridsight.solvers.errors import InputError, named
from gridsight.vision.errors import VisionInputError
from gridsight.vision.packs import load_pack, user_data_root, user_packs_root

if TYPE_CHECKING:  # OpenCV and the learning code are imported when a calibration runs
    import numpy as np

    from gridsight.readers.base import BoardReading
    from gridsight.vision.classify import BoardRead
    from gridsight.vision.packs import TemplatePack

DEFAULT_SKIN = "mine"


class CalibrationError(InputError):
    """The corners or labels given cannot be used (the message says why)."""


@dataclass(frozen=True)
class Calibrated:
    """What a calibration saved: where, a line for the player on how it went, and the
    furniture the reader did not find by itself (to be marked)."""

    folder: Path
    summary: str
    missing: tuple[str, ...] = ()
    #: Why the pack does not read its own screenshot back ("" when it does): such a pack
    #: is refused unless the player gives ``--save-anyway``.
    unread: str = ""


Calibrator = Callable[["np.ndarray", argparse.Namespace, "Sequence[tuple[float, float]] | None",
                       "list[list[str]] | None"], Calibrated]


# -- the 2D grid games ----------------------------------------------------------------------


@dataclass(frozen=True)
class Proposal:
    """What calibrate finds by itself on the screenshot: the board's corners (``None``:
    still to be marked), every cell's label (``None``: still to be named) and a line for
    the player about each."""

    corners: list[tuple[float, float]] | None
    labels: list[list[str]] | None
    notes: tuple[str, ...] = ()


def propose(game: str, image: np.ndarray, corners: Sequence[tuple[float, float]] | None,
            labels: list[list[str]] | None) -> Proposal:
    """The corners and labels not given, found as ``analyze`` finds them: a game whose
    board is found by its structure (its spec's ``GridReading.structure``: the lattice
    search) proposes its corners, and, when it has them and its reader tells every cell,
    their labels (a cell it cannot tell, or a board it cannot find, is left to the
    player)."""
    reading = get_spec(game).reading
    given = (list(corners) if corners is not None else None, labels)
    if not isinstance(reading, GridReading) or reading.structure is None:
        return Proposal(*given)
    try:
        read = reading.locate_by_structure(image)
    except VisionInputError as error:
        return Proposal(*given, (f"the board was not found by the lattice search ({error}): "
                                 "mark its corners",) if corners is None else ())
    notes = []
    if corners is None:
        corners = [(round(float(x), 1), round(float(y), 1)) for x, y in read.geometry.outline()]
        notes.append("corners found by the lattice search: --corners "
                     + ",".join(f"{v:g}" for point in corners for v in point))
    elif labels is None:
        return Proposal(list(corners), None, tuple(notes))  # the player's own lattice
    if labels is None:
        grid = [[cell.label if cell.known and not cell.label.endswith(":?") else "?"
                 for cell in row] for row in read.cells]
        unknown = [(r, c) for r, row in enumerate(grid) for c, label in enumerate(row)
                   if label == "?"]
        if unknown:
            from gridsight.readers.base import describe_cells

            notes.append(f"{len(unknown)} cell(s) not told by themselves "
                         f"({describe_cells(unknown)}): name them (--labels FILE, or in the "
                         "window)")
        else:
            labels = grid
            notes.append("every cell told by itself (give --labels FILE to name them "
                         "yourself)")
    return Proposal(list(corners), labels, tuple(notes))


def labels_from_file(game: str, path: str) -> list[list[str]]:
    """The pack label of every cell of the board in ``path`` (the game's text format)."""
    return labels_and_board(game, path)[0]


def labels_and_board(game: str, path: str):
    """The pack label of every cell of the board in ``path`` (the game's text format), and
    the board itself (its headers say what the screenshot's furniture shows)."""
    source, text = read_text(path)
    boards = parse_boards(text, source=source)
    if len(boards) != 1:
        raise CalibrationError(f"{source}: give one board, not {len(boards)}")
    board = boards[0]
    reading = get_spec(game).reading
    if not isinstance(reading, GridReading):
        raise CalibrationError(f"--labels is for games read as a flat grid, not {game}")
    pack = load_pack(game, "default")
    # '?' cells are not learned: map them to a token the game accepts, then back.
    grid = [list(row) for row in board.grid]
    unknown = {(r, c) for r, row in enumerate(grid) for c, t in enumerate(row) if t == "?"}
    try:
        board.check_size(pack.rows, pack.cols, f"a {game} board")
        if unknown and reading.unlearned_token is not None:
            board = _replace_tokens(board, unknown, reading.unlearned_token)
        labels = reading.game_reader.labels_from_text(board, pack)
    except InputError as error:
        raise CalibrationError(named(error, source)) from None
    for r, c in unknown:
        labels[r][c] = "?"
    return labels, boards[0]


def _replace_tokens(board, cells, token):
    from dataclasses import replace

    grid = tuple(tuple(token if (r, c) in cells else t for c, t in enumerate(row))
                 for r, row in enumerate(board.grid))
    return replace(board, grid=grid)


def calibrate_grid(image: np.ndarray, options: argparse.Namespace,
                   corners: Sequence[tuple[float, float]] | None,
                   labels: list[list[str]] | None) -> Calibrated:
    """Learn, save and check a pack for a 2D grid game: the cells, the frame around the
    board, and the furniture boxes the player gave (in board units, so they follow the
    board); then the screenshot is read back through the pack saved, exactly as
    ``gridsight analyze --pack`` reads it (:func:`check_pack`)."""
    from dataclasses import replace

    from gridsight.vision.geometry import BoardGeometry
    from gridsight.vision.learn import learn_pack
    from gridsight.vision.packs import load_pack_dir

    game = options.game
    like = load_pack(game, "default")
    if corners is None or labels is None:
        raise CalibrationError("give both --corners and --labels (or use the window)")
    _check_corners(corners, image.shape, like.rows, like.cols)
    geometry = BoardGeometry.from_corners(corners, like.rows, like.cols)
    pack = learn_pack(image, geometry, labels, game, options.skin, like=like,
                      margin=like.anchor.margin)  # as much frame as the game's own pack
    furniture = {}
    for name in getattr(get_spec(game).reading, "furniture", ()):
        boxes = getattr(options, f"furniture_{name}", None)
        if boxes:
            _check_boxes(name, boxes, image.shape)
            furniture[name] = tuple(_board_box(geometry, box) for box in boxes)
    if furniture:
        pack = replace(pack, furniture=furniture)
    target = user_packs_root() / game / options.skin
    anyway = bool(getattr(options, "save_anyway", False))
    board, image_name = getattr(options, "board", None), getattr(options, "image", "IMAGE")
    if anyway:
        folder = pack.save(target)
        result = check_pack(image, load_pack_dir(folder), labels, board, image_name)
        if result.unread:
            return replace(result, summary=result.summary + "\nsaved all the same "
                           "(--save-anyway): analyze --pack with it may misread this look "
                           "or find no board")
        return result
    # Saved and read back aside first: a pack that cannot read its own screenshot back
    # (wrong corners or labels) is refused and replaces nothing (the player's earlier pack
    # of that name stays); the folder aside is removed either way.
    import tempfile

    with tempfile.TemporaryDirectory(prefix="gridsight-calibrate-") as aside:
        staged = pack.save(Path(aside) / options.skin)
        result = check_pack(image, load_pack_dir(staged), labels, board, image_name)
    if result.unread:
        kept = " (the pack of that name made before is kept)" if target.is_dir() else ""
        raise CalibrationError(
            f"{result.unread}: nothing saved{kept}; "
            "check that --corners are the board's four outer corners (clockwise from the "
            "top-left) and the labels file is this screenshot's board, or give --save-anyway "
            "to save it all the same")
    folder = pack.save(target)  # read back right: now saved under its name
    return replace(result, folder=folder)


def check_pack(image: np.ndarray, pack: TemplatePack, labels: list[list[str]],
               board=None, image_name: str = "IMAGE") -> Calibrated:
    """Read the calibration screenshot back through ``pack`` by ``gridsight analyze``'s own
    functions (:func:`gridsight.readers.find.find_in`, :func:`~gridsight.readers.find.
    read_found`): the cells against ``labels``, the board text against ``board`` (the
    labels file, headers included), the furniture the reader needs; and the command that
    reads it: the hints the board text needs (``--animals``...) added only when the read
    without them is not the board given."""
    from gridsight.readers.base import ReadHints
    from gridsight.readers.desktop import in_view
    from gridsight.readers.find import find_in
    from gridsight.vision.classify import UNKNOWN

    folder = pack.source or Path(".")
    try:
        found = find_in(image, {pack.game: pack})
    except VisionInputError as error:
        why = f"the new pack does not find the board again ({error})"
        return Calibrated(folder, f"warning: {why}", unread=why)
    n = sum(label != "?" for row in labels for label in row)
    wrong = [(r, c) for r, row in enumerate(labels) for c, label in enumerate(row)
             if label != "?" and found.read.cells[r][c].label != label]
    if wrong:
        unread = sum(found.read.cells[r][c].label == UNKNOWN for r, c in wrong)
        why = (f"reading the screenshot back through the new pack, {len(wrong)} of {n} cells "
               f"differ ({unread} unread)")
        return Calibrated(folder, f"warning: {why}; label them again or use a clearer "
                          "screenshot", unread=why)
    templates, kinds = len(pack.templates), len(pack.labels)
    lines = [f"{templates} template{'s' * (templates != 1)} for {kinds} label"
             f"{'s' * (kinds != 1)}; the screenshot "
             f"reads back with all {n} labelled cells right."]
    spec = get_spec(pack.game)
    flags: list[str] = []
    missing: tuple[str, ...] = ()
    if board is not None:
        given = {hint.name: (hint, board.header(hint.header)) for hint in spec.hints
                 if hint.header is not None and board.header(hint.header) is not None}
        full = ReadHints(**{name: hint.parse(value) for name, (hint, value) in given.items()})
        # The fewest hints that make the read exact (none, when the screen says it all): the
        # command suggested then works on the next screenshot too, not only on this one.
        reading, problem, used = None, "", ()
        for names in _subsets(tuple(given)):
            hints = ReadHints(**{n: given[n][0].parse(given[n][1]) for n in names})
            reading, problem, asked = _read_back(image, found, hints, spec)
            used = names
            if reading is not None and _same_board(reading.text, board):
                break
        flags = [f"{given[n][0].flag} {_quoted(given[n][1].replace(', ', ','))}" for n in used]
        if reading is None:
            lines.append(f"warning: the board is not read back: {problem}")
        else:
            same = _same_board(reading.text, board)
            hinted = f" (with {', '.join(f.split()[0] for f in flags)})" if flags else ""
            lines.append((f"The board reads back exactly as given{hinted}:" if same else
                          f"warning: the board reads back{hinted} otherwise than given:"))
            lines += ["  " + line for line in reading.text.rstrip().splitlines()]
    else:
        full = ReadHints()
        reading, problem, asked = _read_back(image, found, full, spec)
        if reading is None:
            lines.append(f"warning: the board is not read back by itself: {problem}")
        else:
            lines.append("The board reads back by itself as:")
            lines += ["  " + line for line in reading.text.rstrip().splitlines()]
    teller = getattr(spec.reading.game_reader, "furniture_missing", None)
    if teller is not None:  # on the screen alone, when it is a window inside the screenshot
        missing = teller(*in_view(image, found.read), pack, full)
        furniture = getattr(spec.reading, "furniture", ())
        # Boxes the player marked are read, not searched for: said apart, so "found by the
        # automatic search" never claims what the player gave (the read back above tells
        # whether the boxes were right).
        given = [name for name in furniture if name not in missing and pack.furniture.get(name)]
        seen = [name for name in furniture if name not in missing and name not in given]
        if given:
            lines.append(f"read in the boxes you marked: the {' and the '.join(given)} (kept "
                         "in the pack; the automatic search is not used for them)")
        if seen:
            lines.append(f"found by the automatic search: the {' and the '.join(seen)} "
                         "(nothing to mark)")
        for name in missing:
            lines.append(f"warning: the {name} {'were' if name.endswith('s') else 'was'} not "
                         "found on this screenshot by the automatic search: mark "
                         f"{'them' if name.endswith('s') else 'it'} (--{name} X,Y,W,H[;...] in "
                         "pixels, or in the window)")
    if reading is None and asked is not None and \
            not any(flag.split()[0] == asked.flag for flag in flags):
        # The read back asked for a hint the screenshot did not settle (the cards' names):
        # the command says where it goes, a placeholder the player fills, never a guess.
        placeholder, each = _placeholder(asked, image, found.read, pack, spec)
        flags.append(f"{asked.flag} {placeholder}")
        what = asked.help.split(" (")[0]
        lines.append(f"The board needs {asked.flag} on this screenshot: in the command below, "
                     f"put {what} in place of {placeholder}{each} (the warning above says what "
                     "the screen leaves open).")
    command = " ".join(["gridsight analyze --game", pack.game, "--pack", pack.skin, *flags,
                        _quoted(image_name)])
    lines.append(f"Use it: {command}")
    return Calibrated(folder, "\n".join(lines), missing)


def _placeholder(asked, image: np.ndarray, read: BoardRead, pack: TemplatePack, spec) -> tuple[str, str]:
    """The placeholder for the hint ``asked`` in the command ``calibrate`` suggests, shaped to
    the screenshot, and the words saying so: as many parts as the reader counts on it
    (Disco Zoo's animals: ``A,B`` and ": one name for each of the 2 cards found, in their
    order" for two cards), else the hint's own metavar (``A,B,C``) and no words. A fixed
    ``A,B,C`` over two cards asked the player for a third name the screen does not have."""
    from gridsight.readers.desktop import in_view

    counter = getattr(spec.reading.game_reader, "hint_parts", None)
    parts = counter(*in_view(image, read), pack, asked.name) if counter is not None else None
    if parts is None or "," not in asked.metavar or not 0 < parts[0] <= 26:
        return asked.metavar, ""
    n, noun = parts
    letters = ",".join(chr(ord("A") + k) for k in range(n))
    each = (f": one name, for the {noun} found" if n == 1 else
            f": one name for each of the {n} {noun}s found, in their order")
    return letters, each


def _subsets(names: tuple[str, ...]) -> list[tuple[str, ...]]:
    """Every subset of ``names``, smallest first (in the order given within a size); the
    whole set last.

    >>> _subsets(("animals", "taps"))
    [(), ('animals',), ('taps',), ('animals', 'taps')]
    """
    from itertools import combinations

    return [combo for size in range(len(names) + 1) for combo in combinations(names, size)]


def read_through(image: np.ndarray, pack: TemplatePack) -> tuple[BoardRead, BoardReading]:
    """``image`` read through ``pack`` alone, as ``gridsight analyze --pack`` reads it: the
    cells read and the board (``VisionInputError`` when the board is not found, ``InputError``
    when it cannot be read). A room calibration reads its screenshots back with it."""
    from gridsight.readers.base import ReadHints
    from gridsight.readers.find import find_in, read_found

    found = find_in(image, {pack.game: pack})
    return found.read, read_found(image, found, ReadHints())


def find_through(image: np.ndarray, pack: TemplatePack) -> BoardRead:
    """The cells of the board ``pack`` finds in ``image`` (``VisionInputError`` when none),
    not read on into a board: a room calibration asks it whether a screenshot is another
    game's (:func:`gridsight.games.tile_path.scrolling.whole_board_check`)."""
    from gridsight.readers.find import find_in

    return find_in(image, {pack.game: pack}).read


def _read_back(image, found, hints, spec):
    """The board read through ``found`` with ``hints``, or ``None``, the refusal's first line
    and the hint of ``spec`` it asks for (:func:`_asked`)."""
    from gridsight.readers.find import read_found

    try:
        return read_found(image, found, hints), "", None
    except InputError as error:
        return None, str(error).splitlines()[0], _asked(spec, error)


def _asked(spec, error: InputError):
    """The hint (:class:`~gridsight.games.spec.HintOption`) a refusal asks the player for:
    the one its :class:`~gridsight.errors.HintChoices` name, else the first whose flag its
    message names (``--animals`` in "name the animals ... with --animals, or the region with
    --zoo-region"); ``None`` when it asks for none."""
    choices = getattr(error, "choices", None)
    if choices is not None:
        named = [hint for hint in spec.hints if hint.name == choices.hint]
        if named:
            return named[0]
    import re

    message = str(error)
    places = [(match.start(), k) for k, hint in enumerate(spec.hints)
              if (match := re.search(re.escape(hint.flag) + r"(?![\w-])", message))]
    return spec.hints[min(places)[1]] if places else None


def _same_board(text: str, board) -> bool:
    """Whether a board text read back is the board of the labels file: the same tokens
    (``?`` cells aside) and the same value for each header the file gives."""
    read = parse_boards(text, source="<read back>")[0]
    for key, value in board.headers.items():
        if read.header(key) is None or read.header(key).replace(" ", "").lower() != \
                value.replace(" ", "").lower():
            return False
    return all(want == "?" or got == want
               for row_got, row_want in zip(read.grid, board.grid)
               for got, want in zip(row_got, row_want))


def _quoted(text: str) -> str:
    import shlex

    return shlex.quote(text)


def _check_boxes(name: str, boxes: Sequence[tuple[float, float, float, float]],
                 shape: tuple[int, ...]) -> None:
    """Refuse a ``--cards`` / ``--counter`` box not inside the screenshot, before the pack is
    saved: it was saved as given, and the read back then blamed "the box saved in the pack by
    calibrate" and asked for a new screenshot."""
    height, width = shape[:2]
    for k, (x, y, w, h) in enumerate(boxes, start=1):
        if x < 0 or y < 0 or x + w > width or y + h > height:
            which = f" box {k}" if len(boxes) > 1 or name.endswith("s") else ""
            raise CalibrationError(
                f"--{name}{which} {x:g},{y:g},{w:g},{h:g} is not inside the {width}x{height} "
                "screenshot (X,Y is the top-left corner in pixels, W,H the size)")


def _board_box(geometry, box: tuple[float, float, float, float]) -> tuple[float, ...]:
    """A box in pixels as a box in board units (its corners through the board's geometry)."""
    x, y, w, h = box
    points = geometry.image_to_board([(x, y), (x + w, y), (x + w, y + h), (x, y + h)])
    x0, y0 = points.min(axis=0)
    x1, y1 = points.max(axis=0)
    return (round(float(x0), 4), round(float(y0), 4), round(float(x1 - x0), 4),
            round(float(y1 - y0), 4))


# -- a 3D pit --------------------------------------------------------------------------------


def calibrate_pit_game(image: np.ndarray, options: argparse.Namespace,
                       corners: Sequence[tuple[float, float]] | None,
                       labels: list[list[str]] | None) -> Calibrated:
    """A 3D pit: the game's own calibration (its spec's ``reading.calibrate``: the corner holes,
    and the look from ``--item`` and ``--wallet`` screenshots), saved as ``pits/<skin>/``."""
    spec = get_spec(options.game)
    if labels is not None:
        raise CalibrationError(f"--labels is for games read as a flat grid, not {spec.name}")
    result = spec.reading.calibrate(spec, image, options, corners,
                                    user_data_root() / "pits" / options.skin)
    return Calibrated(result.folder, result.summary)


#: How each kind of screen reading is calibrated (a kind of spec part, not a game).
CALIBRATORS: dict[type, Calibrator] = {
    GridReading: calibrate_grid,
    PitReading: calibrate_pit_game,
}


#: The smallest cell a calibration learns from, in pixels of the screenshot: a smaller board
#: (a sub-pixel quad) holds nothing to learn.
MIN_CELL_PIXELS = 4


def corner_not_a_number(corners) -> str | None:
    """What is wrong with corners that are not all finite numbers (``nan``, ``inf``: Python's
    ``float`` takes both), in words; ``None`` when they all are.

    >>> corner_not_a_number([(10, 20), (float("nan"), 0)])
    'corner 2 (nan, 0): nan is not a number'
    >>> corner_not_a_number([(float("-inf"), 0)])
    'corner 1 (-inf, 0): -inf is not a finite number'
    """
    for k, (x, y) in enumerate(corners):
        for v in (x, y):
            if not math.isfinite(v):
                what = "not a number" if math.isnan(v) else "not a finite number"
                return f"corner {k + 1} ({x:g}, {y:g}): {v:g} is {what}"
    return None


def _check_corners(corners, shape, rows: int = 1, cols: int = 1) -> None:
    import numpy as np

    problem = corner_not_a_number(corners)
    if problem:
        raise CalibrationError(problem)
    h, w = shape[:2]
    for k, (x, y) in enumerate(corners):
        if not (-1 <= x <= w + 1 and -1 <= y <= h + 1):
            raise CalibrationError(f"corner {k + 1} ({x:g}, {y:g}) is outside the {w}x{h} image")
    pts = np.asarray(corners, dtype=np.float64)
    edges = [pts[(i + 1) % 4] - pts[i] for i in range(4)]
    cross = [edges[i][0] * edges[(i + 1) % 4][1] - edges[i][1] * edges[(i + 1) % 4][0]
             for i in range(4)]
    if not (all(c > 0 for c in cross) or all(c < 0 for c in cross)):
        raise CalibrationError("the corners must go top-left, top-right, bottom-right, "
                               "bottom-left around a convex board")
    widths = [float(np.linalg.norm(edges[i])) / (cols if i % 2 == 0 else rows) for i in range(4)]
    if min(widths) < MIN_CELL_PIXELS:
        raise CalibrationError(f"the corners make cells {min(widths):.2g} pixels across, under "
                               f"{MIN_CELL_PIXELS}: give the corners of the board's outer edge")


def _check_name(name: str) -> None:
    """A skin is a folder name (:data:`gridsight.vision.schema.NAME`): at most 64 letters, digits, ``-``,
    ``_`` or ``.``; the name is quoted with its control characters escaped."""
    from gridsight.solvers.errors import shown
    from gridsight.vision.schema import NAME, SchemaError

    try:
        NAME.check(name, "--skin")
    except SchemaError as error:
        problem = error.problem.split(", not ")[0]  # the name is said once, first
        example = ", such as 'mine'" if "plain name" in problem else ""
        raise CalibrationError(f"--skin {shown(name, 40)}: {problem}{example}") from None
