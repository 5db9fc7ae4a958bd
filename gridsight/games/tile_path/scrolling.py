"""``gridsight calibrate tile-path SHOT... --room FILE`` and the reading of such packs.

The tile-path game's :class:`~gridsight.games.spec.ScrollingBoards`: a pack calibrated for a
room bigger than the screen holds the room (:func:`~gridsight.games.tile_path.room.room_of`);
``analyze`` and ``live`` find the view's place in it in every screenshot
(:func:`~gridsight.games.tile_path.room.locate_view`), and calibration learns the pack from
the player's screenshots and the room's text, then reads each screenshot back through the
pack saved, by ``gridsight analyze``'s own functions.
"""

from __future__ import annotations

import argparse
import shlex
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from gridsight.games.tile_path.room import (
    Room,
    ShownCheck,
    calibrate_room,
    describe_view,
    locate_view,
    room_from_board,
    room_of,
    screen_from_corners,
)
from gridsight.inputs import read_text
from gridsight.solvers.boardtext import parse_boards
from gridsight.solvers.errors import InputError, named
from gridsight.vision.errors import VisionInputError
from gridsight.vision.packs import (
    TemplatePack,
    load_game_pack,
    load_pack_dir,
    user_packs_root,
)


#: Reading a screenshot through one pack as ``gridsight analyze --pack`` does: the cells read
#: (:class:`gridsight.vision.classify.BoardRead`) and the board (a ``BoardReading``), or
#: ``VisionInputError`` / ``InputError``. The calibration is given it by its caller
#: (:func:`gridsight.calibration.read_through`): the readers reach the registry, which loads
#: this package, so importing them here would be an import cycle.
ReadThrough = Callable[[np.ndarray, TemplatePack], tuple[Any, Any]]
#: The cells of the board a pack finds in a picture, not read on into a board
#: (:func:`gridsight.calibration.find_through`), passed in for the same reason.
FindThrough = Callable[[np.ndarray, TemplatePack], Any]


@dataclass(frozen=True)
class RoomCalibrated:
    """What a room calibration saved, and its report."""

    folder: Path
    summary: str
    missing: tuple[str, ...] = ()


class TilePathRooms:
    """Rooms bigger than the screen (see the module docstring)."""

    def holds(self, pack: Any) -> bool:
        return isinstance(pack, TemplatePack) and room_of(pack) is not None

    def locate(self, image: np.ndarray, pack: TemplatePack):
        return locate_view(image, pack)

    def calibrate(self, images: Sequence[tuple[str, np.ndarray]],
                  options: argparse.Namespace, read: ReadThrough | None = None,
                  find: FindThrough | None = None) -> RoomCalibrated:
        room_file = getattr(options, "room", None)
        if not room_file:
            raise InputError("give the room with --room FILE (the whole room in the text "
                             "format, e.g. examples/tile-path-heros-cave.txt)")
        source, text = read_text(room_file)
        boards = parse_boards(text, source=source)
        if len(boards) != 1:
            raise InputError(f"{source}: give one room, not {len(boards)}")
        try:
            room = room_from_board(boards[0])
        except InputError as error:
            raise InputError(named(error, source)) from None
        corners = getattr(options, "corners", None)
        screen = screen_from_corners(corners) if corners else None
        shown = whole_board_check(room, source, read, find) if read is not None else None
        result = calibrate_room(images, room, options.skin, screen=screen, shown=shown)
        checked: list[str] = []
        if read is not None:  # the pack read back as analyze --pack loads it, before saving
            with tempfile.TemporaryDirectory() as scratch:
                checked = read_back(images, load_pack_dir(result.pack.save(
                    Path(scratch) / options.skin)), read)
        folder = result.pack.save(user_packs_root() / "tile-path" / options.skin)
        saved = load_pack_dir(folder)  # the pack exactly as analyze --pack loads it
        lines = list(result.lines)
        lines.append(f"{len(saved.templates)} looks learned: "
                     + ", ".join(sorted({f"{t.label}" for t in saved.templates})) + ".")
        lines += checked
        first = shlex.quote(images[0][0])
        lines.append(f"Use it: gridsight analyze --game tile-path --pack {options.skin} {first}")
        lines.append(f"   or: gridsight live --game tile-path --pack {options.skin} "
                     "--window TITLE")
        return RoomCalibrated(folder, "\n".join(lines), result.missing)


#: The games whose shipped pack a room calibration's screenshot is read through when no place
#: fits it: boards found by their frame alone (not Disco Zoo's, found by its structure too:
#: a lattice of tiles, which a tile screen is).
OTHER_GAMES = ("minesweeper", "pentomino")


def whole_board_check(room: Room, source: str, read: ReadThrough,
                      find: FindThrough | None = None) -> ShownCheck:
    """A calibration screenshot's check (:data:`~gridsight.games.tile_path.room.ShownCheck`):
    one the shipped pack reads as a whole board, every cell read, of another size than the
    room is a screenshot of that board, not a view of the room: an :class:`InputError`
    saying so, before the searches that would end in "the view's place is unclear" (the
    bundled 6 x 8 board's screenshot given Hero's Cave: 17 CPU s). A whole board of the
    room's own size goes on to be calibrated. A board every cell of which another game's
    shipped pack read (:data:`OTHER_GAMES`, found by their frames) is that game's: said so
    (a Minesweeper screenshot given the room: 20.4 CPU s before)."""

    def check(name: str, image: np.ndarray) -> None:
        try:
            board_read, _reading = read(image, load_game_pack("tile-path", None))
        except (VisionInputError, InputError):
            board_read = None
        if board_read is not None and board_read.known_fraction >= 1.0 \
                and board_read.geometry.view is None:
            rows, cols = board_read.geometry.rows, board_read.geometry.cols
            if (rows, cols) == (room.rows, room.cols):
                return
            raise InputError(
                f"{name}: this screenshot shows a whole {rows} x {cols} board (rows x columns, "
                f"walls on every side), not a view of the {room.rows} x {room.cols} room in "
                f"{source}: give screenshots of that room; this board needs no calibration "
                f"(gridsight analyze {shlex.quote(name)} reads it)")
        for game in OTHER_GAMES:
            try:
                other, _reading = read(image, load_game_pack(game, None))
            except (VisionInputError, InputError):
                continue
            if other.known_fraction >= 1.0:
                raise InputError(
                    f"{name}: this screenshot shows a {game} board (gridsight analyze "
                    f"{shlex.quote(name)} reads it), not a tile-path screen of the room in "
                    f"{source}")
        if find is not None and _disco_zoo_board(image, find):
            raise InputError(
                f"{name}: this screenshot shows a Disco Zoo board (a 5 x 5 grid of rescue "
                f"tiles; gridsight analyze --game disco-zoo {shlex.quote(name)} reads it), "
                f"not a tile-path screen of the room in {source}")

    return check


def _disco_zoo_board(image: np.ndarray, find: FindThrough) -> bool:
    """Whether Disco Zoo's shipped pack finds a whole 5 x 5 board of rescue tiles in
    ``image``, every tile read (its lattice and lawn; found by structure, so asked last and
    only of a screenshot no place in the room fits: a Disco Zoo screenshot given Hero's
    Cave spent 7-9 CPU s in the room's searches before "the view's place is unclear"; this
    look costs 0.2-0.5 CPU s on one, ~1.3 on a picture that is not)."""
    try:
        board = find(image, load_game_pack("disco-zoo", None))
    except (VisionInputError, InputError):
        return False
    geometry = board.geometry
    return (geometry.rows, geometry.cols) == (5, 5) and board.known_fraction >= 1.0


def read_back(images: Sequence[tuple[str, np.ndarray]], pack: TemplatePack,
              read: ReadThrough) -> list[str]:
    """Each screenshot read back through the pack by ``read``, as ``gridsight analyze`` reads
    it: the report's lines (a warning for each one that does not read back). When not one
    reads back, the pack would refuse the very screens it was learned from (on a picture cut
    by the screenshot's edge, a view placed where it is not still fits the room well enough
    to calibrate): :class:`VisionInputError` in words, so nothing is saved."""
    lines = []
    errors = []
    for name, image in images:
        try:
            board_read, reading = read(image, pack)
        except (VisionInputError, InputError) as error:
            lines.append(f"warning: {name} does not read back through the pack ({error})")
            errors.append(f"{name}: {error}")
            continue
        lines.append(f"{name} reads back ({describe_view(board_read)}):")
        lines += ["  " + line for line in reading.text.rstrip().splitlines()]
    if errors and len(errors) == len(images):
        raise VisionInputError(
            "calibration refused: the looks were learned, but the pack does not read back "
            f"{'the screenshot' if len(images) == 1 else 'any of the screenshots'} it was "
            f"learned from ({errors[0]}), so it would refuse later ones too; nothing saved. "
            "The view's place was likely misjudged (a picture cut by the screenshot's edge?): "
            "capture the whole emulator window, add other screenshots, or give --corners "
            "X1,Y1,...,X4,Y4 (the picture's corners, status bar included)")
    return lines


ROOMS = TilePathRooms()
