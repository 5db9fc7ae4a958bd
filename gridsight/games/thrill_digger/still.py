"""Reading one still of a calibrated pit: ``gridsight analyze --game thrill-digger
--calibration DIR STILL...``.

A still is registered to the calibration (tracked from the calibration's view, or found
again from scratch by the ground's features when the camera has moved far), then every hole
is read (:func:`gridsight.vision.pit.read_holes`): a mound is undug (``.``), a dark hole is dug, and a
hole the still does not show clearly (off screen, behind Link, too small) is unread (written
``.`` and marked unread, as every reader does). A dug hole's contents are long gone in a
still, unless an item is rising out of it right then: the box above each dug hole is looked
at with the learned item colours, and an item confidently seen above exactly one dug hole is
written as its token. Every other dug hole is ``?`` (the format's "dug, colour unseen": solved
as a rupee of unknown colour; a rupoor there would change the odds, which the notes say).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Sequence

import numpy as np

from gridsight.games.thrill_digger.calibration import (
    ITEM_NAMES, ItemSource, PitCalibrationInputError, SavedPit,
)
from gridsight.games.thrill_digger.tracker import PitPack
from gridsight.readers.base import BoardReading
from gridsight.solvers.boardtext import parse_boards
from gridsight.solvers.errors import InputError
from gridsight.solvers.thrill_digger.rules import UNDUG, UNSEEN
from gridsight.vision.geometry import BoardGeometry


class StillNotReadError(InputError):
    """The pit cannot be read in this still (not found, too oblique, hidden)."""


@dataclass(frozen=True, eq=False)
class StillReading:
    """A still as read: the board reading, the geometry the pit was found at (to paint the
    advice through), and the registration's status and confidence."""

    reading: BoardReading
    geometry: BoardGeometry = field(repr=False)
    status: str
    confidence: float


class StillReader:
    """Reads stills of one calibrated pit with the look it learned (or the defaults)."""

    def __init__(self, saved: SavedPit, pack: PitPack, warnings: tuple[str, ...] = (), *,
                 difficulty: str | None = None, min_item_share: float = 0.85,
                 min_item_pixels: int = 30):
        from gridsight.games.thrill_digger.tracker import difficulty_for

        self.saved = saved
        self.pack = pack
        self.warnings = tuple(warnings)
        cal = saved.calibration
        self.difficulty = difficulty_for(cal.rows, cal.cols, difficulty or saved.difficulty)
        self.items = pack.item_classifier(cal.reference)
        self.min_item_share = min_item_share
        self.min_item_pixels = min_item_pixels

    def read(self, image: np.ndarray, game: str = "thrill-digger") -> StillReading:
        import cv2

        from gridsight.vision.pit import HoleState, PitRegistrar, read_holes

        cal = self.saved.calibration
        if not isinstance(image, np.ndarray) or image.ndim != 3 or image.shape[2] < 3:
            raise StillNotReadError("not a colour picture")
        frame = np.ascontiguousarray(image[:, :, :3])
        gray = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
        registrar = PitRegistrar(cal)
        reg = registrar.register(gray)
        if not reg.trusted:
            # From the calibration's view the still may be too far off: search from scratch.
            registrar.reset(None)
            reg = registrar.register(gray)
        if not reg.trusted or reg.geometry is None:
            raise StillNotReadError(
                f"the calibrated pit is not seen clearly in this picture ({reg.status}: "
                f"{reg.inliers} of {reg.visible} ground features agree); is it the same pit, "
                "seen from not too low?")
        geometry = reg.geometry
        holes = read_holes(gray, geometry, cal)
        grid = [[UNDUG] * cal.cols for _ in range(cal.rows)]
        confidence = [[0.0] * cal.cols for _ in range(cal.rows)]
        unread, dug = [], []
        for hole in holes:
            confidence[hole.row][hole.col] = round(float(hole.confidence), 3)
            if hole.state is HoleState.HOLE:
                grid[hole.row][hole.col] = UNSEEN
                dug.append((hole.row, hole.col))
            elif hole.state is HoleState.UNKNOWN:
                unread.append((hole.row, hole.col))
        notes, warnings = [], list(self.warnings)
        seen = []
        for r, c in dug:
            sighting = self.items.sight(frame, geometry, r, c, exclude=self.pack.exclude)
            if sighting.label is not None and sighting.share >= self.min_item_share \
                    and sighting.pixels >= self.min_item_pixels:
                seen.append((r, c, sighting.label))
        if len(seen) == 1:
            r, c, label = seen[0]
            grid[r][c] = label
            notes.append(f"item {label} seen rising out of hole ({r}, {c})")
        elif len(seen) > 1:
            notes.append("an item is seen above several dug holes ("
                         + ", ".join(f"({r}, {c})" for r, c, _ in seen)
                         + "); its hole is not certain, so none is given a colour")
        unseen = sum(t == UNSEEN for row in grid for t in row)
        if unseen:
            notes.append(f"{unseen} dug hole(s) written '?': dug, contents not seen in a "
                         "still (solved as rupees of unknown colour; a rupoor there would "
                         "change the odds)")
        notes.append(f"pit registered ({reg.status}, confidence {reg.confidence:.2f}, "
                     f"{reg.inliers} of {reg.visible} ground features)")
        text = "\n".join([f"difficulty: {self.difficulty}"] + [" ".join(row) for row in grid])
        text += "\n"
        board = parse_boards(text, source="<still>")[0]
        reading = BoardReading(game, text, board, tuple(unread),
                               tuple(tuple(row) for row in confidence), tuple(notes),
                               tuple(warnings))
        return StillReading(reading, geometry, reg.status, float(reg.confidence))


def still_reader(path: str, difficulty: str | None = None) -> StillReader:
    """The still reader of the calibration folder ``path`` (with its pack's warnings)."""
    from gridsight.games.thrill_digger.calibration import load_pit

    saved = load_pit(path)
    pack, warnings = saved.pack(wallet=False)
    return StillReader(saved, pack, warnings, difficulty=difficulty)




def read_back(staged: Path, image: np.ndarray, items: Sequence[ItemSource], holes: int,
              folder: Path) -> str:
    """The calibration screenshot (and each ``--item`` screenshot) read back through the
    folder ``staged`` by ``gridsight analyze``'s still reader; the line saying so, or
    :class:`PitCalibrationInputError` (nothing saved) when the pit is not found again, most
    holes are unread, or an item screenshot shows another item than its own."""
    from gridsight.vision.images import load_image

    kept = " (the calibration of that name made before is kept)" if folder.is_dir() else ""
    advice = ("; check that --corners are the four corner holes' centres (top-left, top-right, "
              "bottom-right, bottom-left) on this screenshot")

    def refuse(why: str) -> PitCalibrationInputError:
        return PitCalibrationInputError(f"reading the screenshot back through the new "
                                        f"calibration, {why}: nothing saved{kept}{advice}")

    try:
        reader = still_reader(str(staged))
        reading = reader.read(image).reading
    except InputError as error:
        raise refuse(f"the pit is not found again ({str(error).splitlines()[0]})") from None
    unread = len(reading.unread)
    if 2 * unread > holes:
        raise refuse(f"{unread} of {holes} holes are unread")
    seen = 0
    for item in items:
        try:
            shot = reader.read(load_image(item.path)).reading
        except InputError as error:
            raise refuse(f"{item.path}: the pit is not found again "
                         f"({str(error).splitlines()[0]})") from None
        tokens = {t for line in shot.text.splitlines()[1:] for t in line.split()}
        others = sorted(tokens & set(ITEM_NAMES) - {item.token})
        if others:  # the colours learned take one item for another: a wrong read later
            raise refuse(f"{item.path} (the {ITEM_NAMES[item.token]}) reads as the "
                         f"{ITEM_NAMES[others[0]]}; give a clearer screenshot of each item")
        seen += item.token in tokens
    line = (f"read back: the screenshot reads {holes - unread} of {holes} holes"
            + (f" ({unread} unread)" if unread else ""))
    if items:
        line += (f"; {seen} of {len(items)} item screenshot{'s' * (len(items) != 1)} show "
                 "their item rising (the others: none seen, not a wrong one)")
    return line


__all__ = ["StillNotReadError", "StillReader", "StillReading", "read_back", "still_reader"]
