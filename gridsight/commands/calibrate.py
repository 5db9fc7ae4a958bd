"""``gridsight calibrate GAME IMAGE [--skin NAME] [--corners ...] [--labels FILE]``, and
``gridsight calibrate GAME IMAGE... --room FILE`` for a board bigger than the screen.

Builds a template pack for a skin gridsight has never seen (the real game) from one of the
player's own screenshots, and saves it in the per-user data directory (``GRIDSIGHT_DATA_DIR``
overrides it), where ``gridsight analyze --pack NAME`` finds it before the shipped packs.

How a game is calibrated is its spec's ``reading`` part (:data:`gridsight.calibration.
CALIBRATORS`, one per kind; the learning, saving and checking live in
:mod:`gridsight.calibration`):

- a flat grid (:class:`~gridsight.games.spec.GridReading`: Disco Zoo, tile path, pentomino)
  marks the board's four outer corners and labels every cell; the pack is learned with
  :func:`gridsight.vision.learn.learn_pack` (cells grouped by label and look, the frame around the board
  as the anchor), then checked by finding and reading the same screenshot with it;
- a 3D pit (:class:`~gridsight.games.spec.PitReading`: Thrill Digger) marks the centres of its
  four corner holes (:func:`gridsight.vision.pit.calibrate_pit`) and keeps the geometry and the pit's
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
from pathlib import Path

from gridsight.calibration import (
    CALIBRATORS, DEFAULT_SKIN, CalibrationError, _check_corners, _check_name, corner_not_a_number,
    find_through, labels_and_board, propose, read_through,
)
from gridsight.commands.screen_options import pit_difficulties, screen_games
from gridsight.errors import RuntimeFailure
from gridsight.games.spec import GridReading, PitReading
from gridsight.limits import add_max_pixels_argument
from gridsight.registry import all_specs, get_spec
from gridsight.solvers.errors import one_line

LIVE_EXTRA = "pip install 'gridsight[live]'"


def _furniture() -> dict[str, list[str]]:
    """Each furniture name a grid game's reading declares, with the games declaring it."""
    names: dict[str, list[str]] = {}
    for spec in all_specs():
        if isinstance(spec.reading, GridReading):
            for name in spec.reading.furniture:
                names.setdefault(name, []).append(spec.name)
    return names


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
    parser.add_argument("game", choices=screen_games(), metavar="GAME",
                        help="one of: " + ", ".join(screen_games()))
    parser.add_argument("images", nargs="+", metavar="IMAGE",
                        help="a screenshot showing the whole board; for a room bigger than "
                        "the screen (--room), one or more screenshots of it")
    parser.add_argument("--room", metavar="FILE",
                        help="a room bigger than the screen (" + ", ".join(_scrolling_games())
                        + "): the whole room in the game's text format; the screen, the "
                        "view's place in the room and the looks are found from the "
                        "screenshots")
    parser.add_argument("--skin", default=DEFAULT_SKIN, metavar="NAME",
                        help=f"the new pack's name (default {DEFAULT_SKIN})")
    parser.add_argument("--corners", type=_corners, metavar="X1,Y1,X2,Y2,X3,Y3,X4,Y4",
                        help="the board's outer corners in pixels: top-left, top-right, "
                        "bottom-right, bottom-left (a 3D pit: the corner holes' centres; with "
                        "--room: the game picture's corners, status bar included, in the "
                        "first screenshot)")
    parser.add_argument("--labels", metavar="FILE",
                        help="the board as the screenshot shows it, in the game's text format "
                        "(gridsight solve GAME --help); ? marks a cell not to learn")
    parser.add_argument("--save-anyway", action="store_true",
                        help="save the pack even when it does not read its own screenshot "
                             "back (wrong corners or labels); without it such a pack is "
                             "refused and nothing is saved")
    parser.add_argument("--difficulty", choices=pit_difficulties(),
                        help="a 3D pit: the pit's difficulty (its size)")
    for name, games in _furniture().items():
        plural = name.endswith("s")
        parser.add_argument(f"--{name}", type=_boxes,
                            metavar="X,Y,W,H[;X,Y,W,H...]" if plural else "X,Y,W,H",
                            default=None, dest=f"furniture_{name}",
                            help=f"{', '.join(games)}: "
                            + (f"the box of each of the screen's {name} in pixels, left to "
                               "right" if plural else f"the box of the screen's {name} in pixels")
                            + f" (when the automatic search does not find {'them' if plural else 'it'};"
                            " kept in the pack)")
    pit = parser.add_argument_group(
        "a 3D pit's look (Thrill Digger)",
        "learn the items' colours and the wallet counter from your own screenshots, so the "
        "real game is read and not our synthetic skin")
    pit.add_argument("--item", action="append", metavar="TOKEN=FILE[@ROW,COL]",
                     help="a screenshot of an item rising out of a hole: g b r s y (rupees), "
                     "x (rupoor), * (bomb); @ROW,COL names the hole (from 1) if the screenshot "
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


def _scrolling_games() -> list[str]:
    """The games whose board may be bigger than the screen (calibrated with --room)."""
    return [spec.name for spec in all_specs()
            if isinstance(spec.reading, GridReading) and spec.reading.scrolling is not None]


def run(options: argparse.Namespace) -> int:
    from gridsight.vision.images import load_image

    _check_name(options.skin)
    spec = get_spec(options.game)
    if getattr(options, "room", None):
        return run_room(options, spec)
    if len(options.images) > 1:
        raise CalibrationError(f"give one screenshot for {spec.name} (several only with "
                               "--room, for a room bigger than the screen)")
    options.image = options.images[0]
    image = load_image(options.image, max_pixels=options.max_pixels)
    calibrator = CALIBRATORS[type(spec.reading)]
    corners = options.corners
    labels = None
    options.board = None
    if options.labels:
        labels, options.board = labels_and_board(options.game, options.labels)
    if not isinstance(spec.reading, PitReading) and (options.item or options.wallet
                                                     or options.wallet_box):
        raise CalibrationError("--item, --wallet and --wallet-box are for a game read as a 3D "
                               f"pit, not {spec.name}")
    # The player gave less than everything on the command line: what the automatic search
    # cannot find is asked for in a window (when one can be shown).
    may_ask = isinstance(spec.reading, GridReading) and (corners is None or labels is None)
    if isinstance(spec.reading, GridReading) and (corners is None or labels is None):
        proposal = propose(options.game, image, corners, labels)
        corners, labels = proposal.corners, proposal.labels
        for note in proposal.notes:
            print(note)
    interactive = isinstance(spec.reading, GridReading) and (corners is None or labels is None)
    if interactive:
        corners, labels = _interactive(options, image, corners, labels)
    _check_furniture(options, spec)
    if isinstance(spec.reading, PitReading):
        # Asked by the game's calibrate once it has read its own options, before it learns
        # anything: a wrong --item or --wallet is said at once, not after every game's packs
        # searched the screenshot (0.7 CPU s; a pit's options are its game's to read).
        options.not_another_games = lambda: _not_another_games(image, options.image)
    had = _packs_of_the_name(options)
    result = calibrator(image, options, corners, labels)
    if may_ask and result.missing and _window_possible():  # furniture not found: ask
        boxes = _interactive_furniture(options, image, result.missing)
        if boxes:
            for name, value in boxes.items():
                setattr(options, f"furniture_{name}", value)
            result = calibrator(image, options, corners, labels)
    print(_saved_line(result.folder, had))
    print(result.summary)
    return 0


def _not_another_games(image, name: str) -> None:
    """Refuse (:class:`CalibrationError`, in words) a pit's calibration screenshot in which
    another game's shipped pack finds a whole board, every cell read: a Disco Zoo screenshot
    with made-up corners was saved as a pit whose 20 "holes" read back as undug mounds (the
    pit is followed by its own ground's features: any picture reads back so), and a still of
    it was then solved as Thrill Digger. Made here, in the command, because it looks through
    every game's packs, which a game's own package must not import (the registry imports it);
    handed to the game's calibrate as ``options.not_another_games``, which asks it once its
    own options are read and before it learns anything."""
    from gridsight.readers.find import find_in
    from gridsight.screenshots import PackShelf
    from gridsight.solvers.errors import InputError
    from gridsight.vision.errors import VisionInputError

    try:
        found = find_in(image, PackShelf().every())
    except (VisionInputError, InputError):  # no board of any game: on to the pit
        return
    if found.read.known_fraction >= 1.0:
        raise CalibrationError(
            f"{name}: this screenshot shows a {found.game} board (gridsight analyze "
            f"--game {found.game} reads it), not a Thrill Digger pit: give a screenshot of "
            "the pit seen from above, nothing saved")


def _packs_of_the_name(options: argparse.Namespace) -> set[Path]:
    """The player's pack folder ``--skin`` names for this game, when one is there already."""
    from gridsight.vision.packs import user_packs_root

    folder = user_packs_root() / options.game / options.skin
    return {folder.resolve()} if folder.is_dir() else set()


def _saved_line(folder: Path, had: set[Path]) -> str:
    """The line saying where the pack went, and that it replaced the pack of that name
    (re-using ``--skin mine`` replaced the earlier pack without a word)."""
    line = f"saved {one_line(str(folder))}"
    if Path(folder).resolve() in had:
        line += " (replacing the pack of that name made before; another --skin keeps both)"
    return line


def run_room(options: argparse.Namespace, spec) -> int:
    """``--room FILE``: a board bigger than the screen, calibrated from several screenshots
    by the game's own reading of such boards (its spec's ``GridReading.scrolling``)."""
    from gridsight.vision.images import load_image

    reading = spec.reading
    if not isinstance(reading, GridReading) or reading.scrolling is None:
        raise CalibrationError(f"--room is for a board bigger than the screen ("
                               f"{', '.join(_scrolling_games()) or 'no game'}), not {spec.name}")
    if options.labels:
        raise CalibrationError("--labels is not used with --room: the looks are learned from "
                               "the room and the screenshots")
    images = [(path, load_image(path, max_pixels=options.max_pixels))
              for path in options.images]
    if options.corners is not None:
        _check_corners(options.corners, images[0][1].shape)
    had = _packs_of_the_name(options)
    result = reading.scrolling_boards.calibrate(images, options, read=read_through,
                                                find=find_through)
    print(_saved_line(result.folder, had))
    print(result.summary)
    return 0


def _check_furniture(options: argparse.Namespace, spec) -> None:
    names = getattr(spec.reading, "furniture", ()) if isinstance(spec.reading, GridReading) else ()
    for name in _furniture():
        if getattr(options, f"furniture_{name}", None) and name not in names:
            raise CalibrationError(f"--{name} is for {', '.join(_furniture()[name])}, not "
                                   f"{options.game}")


# -- helpers --------------------------------------------------------------------------------


def _interactive(options, image, corners, labels):
    wanted = " and ".join(option for option, value in (("--corners", corners),
                                                       ("--labels FILE", labels))
                          if value is None)
    if os.environ.get("QT_QPA_PLATFORM", "") in ("offscreen", "minimal"):
        raise RuntimeFailure("the calibration window cannot be shown with QT_QPA_PLATFORM="
                             f"{os.environ['QT_QPA_PLATFORM']}: give {wanted}")
    if not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")
            or os.environ.get("QT_QPA_PLATFORM")) and os.name == "posix" \
            and not _is_macos():
        raise RuntimeFailure(f"no display for the calibration window: give {wanted} instead")
    try:
        from gridsight.calibrate_window import run_window
    except ImportError as error:
        raise RuntimeFailure(f"the calibration window needs PySide6 ({error}): {LIVE_EXTRA}, "
                             "or give --corners and --labels FILE") from None
    result = run_window(options.game, image, options.skin, corners, labels)
    if result is None:
        raise RuntimeFailure("calibration cancelled")
    return result


def _window_possible() -> bool:
    """Whether a calibration window can be shown to the player here (a desktop session, Qt
    not told to draw off screen)."""
    if os.environ.get("QT_QPA_PLATFORM", "") in ("offscreen", "minimal"):
        return False
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")
                or os.environ.get("QT_QPA_PLATFORM")) or os.name != "posix" or _is_macos()


def _interactive_furniture(options, image, missing: tuple[str, ...]):
    """Ask for the boxes of the furniture the reader did not find, in the window."""
    try:
        from gridsight.calibrate_window import run_furniture_window
    except ImportError:
        return None
    return run_furniture_window(options.game, image, missing)


def _boxes(text: str) -> list[tuple[float, float, float, float]]:
    """``X,Y,W,H[;X,Y,W,H...]`` as boxes (pixels)."""
    boxes = []
    for part in text.replace(" ", "").split(";"):
        if not part:
            continue
        try:
            values = [float(v) for v in part.split(",")]
        except ValueError:
            raise argparse.ArgumentTypeError(f"not numbers: '{part}'") from None
        if len(values) != 4 or values[2] <= 0 or values[3] <= 0:
            raise argparse.ArgumentTypeError(f"a box is X,Y,W,H with W and H above 0, not "
                                             f"'{part}'")
        boxes.append((values[0], values[1], values[2], values[3]))
    if not boxes:
        raise argparse.ArgumentTypeError("give at least one box X,Y,W,H")
    return boxes


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
    corners = [(values[i], values[i + 1]) for i in range(0, 8, 2)]
    problem = corner_not_a_number(corners)
    if problem:  # float() takes 'nan' and 'inf': "outside the image" said of them misled
        raise argparse.ArgumentTypeError(problem)
    return corners


