"""``gridsight calibrate GAME IMAGE [--skin NAME] [--corners ...] [--labels FILE]``.

Builds a template pack for a skin gridsight has never seen (the real game) from one of the
player's own screenshots, and saves it in the per-user data directory (``GRIDSIGHT_DATA_DIR``
overrides it), where ``gridsight analyze --pack NAME`` finds it before the shipped packs.

How a game is calibrated is its spec's ``reading`` part (:data:`CALIBRATORS`, one per kind):

- a flat grid (:class:`~gridsight.games.spec.GridReading`: Disco Zoo, tile path, pentomino)
  marks the board's four outer corners and labels every cell; the pack is learned with
  :func:`vision.learn.learn_pack` (cells grouped by label and look, the frame around the board
  as the anchor), then checked by finding and reading the same screenshot with it;
- a 3D pit (:class:`~gridsight.games.spec.PitReading`: Thrill Digger) marks the centres of its
  four corner holes (:func:`vision.pit.calibrate_pit`) and keeps the geometry and the pit's
  plan view; the game's own ``reading.calibrate`` also learns the items' colours
  (``--item TOKEN=FILE``) and the wallet counter (``--wallet FILE=AMOUNT``) from the
  player's screenshots.

Non-interactive form (the tests use it): ``--corners X1,Y1,...,X4,Y4`` (top-left, top-right,
bottom-right, bottom-left, pixels) and ``--labels FILE`` holding the board in the game's text
format (``?`` for a cell not to learn). Without them a Qt window asks for both
(:mod:`gridsight.calibrate_window`).
"""

from __future__ import annotations

import argparse
import os
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Sequence

from gridsight.cli import RuntimeFailure
from gridsight.games.spec import GridReading, PitReading
from gridsight.inputs import read_text
from gridsight.limits import add_max_pixels_argument
from gridsight.registry import all_specs, get_spec
from solvers.boardtext import parse_boards
from solvers.errors import InputError, named
from vision.errors import VisionInputError
from vision.packs import load_pack, user_data_root, user_packs_root

if TYPE_CHECKING:  # OpenCV and the learning code are imported when a calibration runs
    import numpy as np

    from vision.packs import TemplatePack

LIVE_EXTRA = "pip install 'gridsight[live]'"

DEFAULT_SKIN = "mine"


def _calibrated_games() -> list[str]:
    """The games with a calibration: every game whose spec reads the screen."""
    return [spec.name for spec in all_specs() if spec.reading is not None]


def _pit_difficulties() -> list[str]:
    """The difficulties of every pit game (their pits' sizes)."""
    names: list[str] = []
    for spec in all_specs():
        if isinstance(spec.reading, PitReading):
            names += [d for d in spec.reading.sizes if d not in names]
    return names


class CalibrationError(InputError):
    """The corners or labels given cannot be used (the message says why)."""


@dataclass(frozen=True)
class Calibrated:
    """What a calibration saved: where, and a line for the player on how it went."""

    folder: Path
    summary: str


Calibrator = Callable[["np.ndarray", argparse.Namespace, "Sequence[tuple[float, float]] | None",
                       "list[list[str]] | None"], Calibrated]


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "calibrate",
        help="learn a new skin (the real game) from one of your screenshots",
        description=(
            "Build a template pack for a game's look that gridsight has never seen, from one "
            "screenshot: mark the board's corners and name what each cell shows. Without "
            "--corners and --labels a window asks for them. The pack is saved in your data "
            "directory ($GRIDSIGHT_DATA_DIR overrides it) and used with "
            "'gridsight analyze --pack NAME'."
        ),
    )
    parser.add_argument("game", choices=_calibrated_games(), metavar="GAME",
                        help="one of: " + ", ".join(_calibrated_games()))
    parser.add_argument("image", metavar="IMAGE", help="a screenshot showing the whole board")
    parser.add_argument("--skin", default=DEFAULT_SKIN, metavar="NAME",
                        help=f"the new pack's name (default {DEFAULT_SKIN})")
    parser.add_argument("--corners", type=_corners, metavar="X1,Y1,X2,Y2,X3,Y3,X4,Y4",
                        help="the board's outer corners in pixels: top-left, top-right, "
                        "bottom-right, bottom-left (a 3D pit: the corner holes' centres)")
    parser.add_argument("--labels", metavar="FILE",
                        help="the board as the screenshot shows it, in the game's text format "
                        "(gridsight solve GAME --help); ? marks a cell not to learn")
    parser.add_argument("--difficulty", choices=_pit_difficulties(),
                        help="a 3D pit: the pit's difficulty (its size)")
    pit = parser.add_argument_group(
        "a 3D pit's look (Thrill Digger)",
        "learn the items' colours and the wallet counter from your own screenshots, so the "
        "real game is read and not our synthetic skin")
    pit.add_argument("--item", action="append", metavar="TOKEN=FILE[@ROW,COL]",
                     help="a screenshot of an item rising out of a hole: g b r s y (rupees), "
                     "x (rupoor), * (bomb); @ROW,COL names the hole (from 0) if the screenshot "
                     "is unclear; once per item")
    pit.add_argument("--wallet", action="append", metavar="FILE=AMOUNT",
                     help="a screenshot with the wallet counter and the amount it shows; "
                     "repeat to teach digits the first does not show")
    pit.add_argument("--wallet-box", metavar="X,Y,W,H",
                     help="where the counter is (pixels), if it is not found by itself")
    pit.add_argument("--wallet-align", choices=("right", "left", "none"), default="right",
                     help="how the counter's number is aligned (default right)")
    add_max_pixels_argument(parser)
    parser.set_defaults(func=run)


def run(options: argparse.Namespace) -> int:
    from vision.images import load_image

    image = load_image(options.image, max_pixels=options.max_pixels)
    _check_name(options.skin)
    spec = get_spec(options.game)
    calibrator = CALIBRATORS[type(spec.reading)]
    corners = options.corners
    labels = None
    if options.labels:
        labels = labels_from_file(options.game, options.labels)
    if not isinstance(spec.reading, PitReading) and (options.item or options.wallet
                                                     or options.wallet_box):
        raise CalibrationError("--item, --wallet and --wallet-box are for a game read as a 3D "
                               f"pit, not {spec.name}")
    if isinstance(spec.reading, GridReading) and (corners is None or labels is None):
        corners, labels = _interactive(options, image, corners, labels)
    result = calibrator(image, options, corners, labels)
    print(f"saved {result.folder}")
    print(result.summary)
    return 0


# -- the 2D grid games ----------------------------------------------------------------------


def labels_from_file(game: str, path: str) -> list[list[str]]:
    """The pack label of every cell of the board in ``path`` (the game's text format)."""
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
    return labels


def _replace_tokens(board, cells, token):
    from dataclasses import replace

    grid = tuple(tuple(token if (r, c) in cells else t for c, t in enumerate(row))
                 for r, row in enumerate(board.grid))
    return replace(board, grid=grid)


def calibrate_grid(image: np.ndarray, options: argparse.Namespace,
                   corners: Sequence[tuple[float, float]] | None,
                   labels: list[list[str]] | None) -> Calibrated:
    """Learn, save and check a pack for a 2D grid game."""
    from vision.geometry import BoardGeometry
    from vision.learn import learn_pack

    game = options.game
    like = load_pack(game, "default")
    if corners is None or labels is None:
        raise CalibrationError("give both --corners and --labels (or use the window)")
    _check_corners(corners, image.shape)
    geometry = BoardGeometry.from_corners(corners, like.rows, like.cols)
    pack = learn_pack(image, geometry, labels, game, options.skin, like=like)
    folder = pack.save(user_packs_root() / game / options.skin)
    return Calibrated(folder, check_pack(image, pack, labels))


def check_pack(image: np.ndarray, pack: TemplatePack, labels: list[list[str]]) -> str:
    """Find and read the calibration screenshot with the new pack: a line saying how it went."""
    from vision.classify import UNKNOWN, read_cells
    from vision.locate import locate_board

    try:
        geometry = locate_board(image, pack)
    except VisionInputError as error:
        return f"warning: the new pack does not find the board again ({error})"
    read = read_cells(image, geometry, pack)
    wrong = [(r, c) for r, row in enumerate(labels) for c, label in enumerate(row)
             if label != "?" and read.cells[r][c].label != label]
    n = sum(label != "?" for row in labels for label in row)
    if wrong:
        unread = sum(read.cells[r][c].label == UNKNOWN for r, c in wrong)
        return (f"warning: reading the screenshot back, {len(wrong)} of {n} cells differ "
                f"({unread} unread); label them again or use a clearer screenshot")
    return (f"{len(pack.templates)} templates for {len(pack.labels)} labels; the screenshot "
            f"reads back with all {n} labelled cells right. Use it: gridsight analyze "
            f"--game {pack.game} --pack {pack.skin} IMAGE")


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


# -- helpers --------------------------------------------------------------------------------


def _interactive(options, image, corners, labels):
    if os.environ.get("QT_QPA_PLATFORM", "") in ("offscreen", "minimal"):
        raise RuntimeFailure("the calibration window cannot be shown with QT_QPA_PLATFORM="
                             f"{os.environ['QT_QPA_PLATFORM']}: give --corners and --labels FILE")
    if not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")
            or os.environ.get("QT_QPA_PLATFORM")) and os.name == "posix" \
            and not _is_macos():
        raise RuntimeFailure("no display for the calibration window: give --corners and "
                             "--labels FILE instead")
    try:
        from gridsight.calibrate_window import run_window
    except ImportError as error:
        raise RuntimeFailure(f"the calibration window needs PySide6 ({error}): {LIVE_EXTRA}, "
                             "or give --corners and --labels FILE") from None
    result = run_window(options.game, image, options.skin, corners, labels)
    if result is None:
        raise RuntimeFailure("calibration cancelled")
    return result


def _is_macos() -> bool:
    import sys

    return sys.platform == "darwin"


def _corners(text: str) -> list[tuple[float, float]]:
    try:
        values = [float(v) for v in text.replace(" ", "").split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(f"not numbers: '{text}'") from None
    if len(values) != 8:
        raise argparse.ArgumentTypeError(f"need 8 numbers (4 corners), got {len(values)}")
    return [(values[i], values[i + 1]) for i in range(0, 8, 2)]


def _check_corners(corners, shape) -> None:
    import numpy as np

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


def _check_name(name: str) -> None:
    if not name or "/" in name or "\\" in name or name.startswith("."):
        raise CalibrationError(f"bad skin name '{name}' (a plain name such as 'mine')")
