"""Thrill Digger in 3D, live: frames of a moving pit in, advice drawn on the holes in perspective.

``gridsight live --game thrill-digger --calibration FILE`` runs the same
:class:`~gridsight.live.loop.LiveLoop` as every game, with :class:`PitSource` as its reading
strategy (the spec's :class:`~gridsight.games.spec.PitReading`). Per frame:

1. the pit is registered against the saved calibration and read by
   :class:`~gridsight.games.thrill_digger.tracker.ThrillDiggerTracker` (holes, items, wallet), which
   turns mounds becoming holes into :class:`~gridsight.games.thrill_digger.tracker.DigEvent` s;
2. when the board text (the tracker's tokens with the player's corrections on top) changes, it
   is solved exactly, and the advice is drawn through this frame's perspective geometry;
3. when the view is not trusted (too oblique, occluded, lost) the last advice is kept but not
   drawn (a wrong place is worse than none) and the status says why; it comes back with the
   next trusted frame.

Every solved board is one log record; the dig events and corrections that led to it ride in
its ``solution`` under ``"dig_events"`` and ``"correction"`` (with the evidence: item frames
and shares, wallet before/after, the reason), and the hole found dug next is the record's move.

The picture keeps changing while Link walks about, so every frame is read; a still picture
with no dig being watched is skipped after one thumbnail compare.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any

import numpy as np

from gridsight.games.spec import GameSpec
from gridsight.games.thrill_digger.calibration import CalibrationFileError, load_pit
from gridsight.games.thrill_digger.tracker import (
    DigEvent, PitPack, ThrillDiggerTracker, difficulty_for,
)
from gridsight.live.sources import SourceUpdate
from gridsight.readers.base import BoardReading, ReadHints
from gridsight.tracking import TrackerState
from gridsight.solvers.advice import Cell
from gridsight.solvers.boardtext import parse_boards
from gridsight.solvers.cellnames import cell_name, cell_names
from gridsight.solvers.errors import InputError, one_line
from gridsight.solvers.thrill_digger.rules import BOMB, COLOURS, RUPOOR, UNDUG, UNSEEN
from gridsight.vision.capture import Frame
from gridsight.vision.pit import PitCalibration

TOKENS = (UNDUG, *COLOURS, RUPOOR, BOMB, UNSEEN)


# -- loading a saved calibration --------------------------------------------------------------


def load_pit_calibration(path: str | Path) -> tuple[PitCalibration, str]:
    """The pit saved by ``gridsight calibrate thrill-digger`` and its difficulty (the look it
    learned too: :func:`~gridsight.games.thrill_digger.calibration.load_pit`).

    ``path`` is the saved ``calibration.json`` or its folder (with ``reference.png`` beside).
    The features to track are picked again from the saved plan view, as calibration picked them
    (ground between the holes, none where the calibration image showed nothing).
    """
    saved = load_pit(path)
    return saved.calibration, saved.difficulty


def default_pack() -> PitPack:
    """The reader's pack of the only 3D skin shipped (item shades, wallet font and box): data
    in ``templates/thrill-digger/pit/``, generated from the 3D skin by the test kit."""
    from gridsight.games.thrill_digger.pack import load_pit_pack

    return load_pit_pack()


def event_json(event: DigEvent) -> dict[str, Any]:
    """A dig event with its evidence, as plain JSON for the log."""
    data = asdict(event)
    data["item_frames"] = [list(p) for p in event.item_frames]
    data["item_scores"] = [list(p) for p in event.item_scores]
    return data


# -- the live board source --------------------------------------------------------------------


@dataclass(frozen=True)
class _Correction:
    row: int
    col: int
    old: str | None  # the override it replaced (None: there was none)
    new: str


class PitSource:
    """A calibrated 3D pit followed frame by frame: the live loop's board source for it.

    The board is the tracker's tokens with the player's corrections on top; the dig events
    and corrections that led to a board ride in its log record's ``solution`` under
    ``"dig_events"`` and ``"correction"``. ``fps`` is the capture rate (the tracker counts its
    watch times in frames, so the screen is polled at one steady rate).
    """

    captures = True
    confirm = 1
    steady_rate = True
    choices = TOKENS

    def __init__(self, calibration: PitCalibration, pack: PitPack | None = None, *,
                 difficulty: str | None = None, fps: float = 30.0,
                 tracker_options: dict[str, Any] | None = None,
                 pack_warnings: tuple[str, ...] = ()):
        self.calibration = calibration
        self.pack = pack or default_pack()
        self.pack_warnings = tuple(pack_warnings)
        self.fps = fps
        self.tracker_options = dict(tracker_options or {})
        self.tracker = ThrillDiggerTracker(calibration, self.pack, difficulty=difficulty,
                                           fps=fps, **self.tracker_options)
        self.difficulty = self.tracker.difficulty
        self.overrides: dict[tuple[int, int], str] = {}
        self._undo: list[_Correction] = []
        self._confidence = [[1.0] * self.tracker.cols for _ in range(self.tracker.rows)]
        self._pending_events: list[DigEvent] = []
        self._pending_correction: dict[str, Any] | None = None
        self._dug_seen: set[tuple[int, int]] = set()

    # -- what the loop asks -------------------------------------------------------------------

    @property
    def ready(self) -> bool:
        return True

    @property
    def watching(self) -> bool:
        """Whether a dug hole's contents are still being watched (every frame is read then)."""
        closed = {(e.row, e.col) for e in self.tracker.events}
        return any(token != UNDUG and (r, c) not in closed
                   for r, row in enumerate(self.tracker.tokens) for c, token in enumerate(row))

    def title(self) -> str:
        return f"thrill-digger {self.difficulty}"

    def status_parts(self) -> tuple[str, ...]:
        dug = sum(t != UNDUG for row in self._tokens() for t in row)
        return (f"{dug} dug",)

    def confidence(self) -> float | None:
        return None

    def warnings(self) -> tuple[str, ...]:
        """What the tracker found odd lately."""
        return tuple(self.tracker.warnings[-3:])

    def notes(self) -> tuple[str, ...]:
        """What the calibration does not know (the item colours or wallet font being the
        synthetic skin's, say): said once at the start and kept in the panel's details, not
        under every advice in the strip (two such lines stood under each advice there)."""
        return self.pack_warnings

    def kept(self) -> tuple[tuple[int, int, int, int], ...]:
        """Where the frame shows what the player reads beside the pit (frame pixels): the
        wallet's counter (the box its reader reads, the learned one's when learned) and the
        pack's HUD boxes. The live panel and strip keep off them by knowing them: lifted onto
        a small game window, the panel kept off the wallet only because the least-covering
        place happened to be elsewhere."""
        boxes = []
        for box in (self.tracker.wallet_reader.box, *self.pack.exclude):
            x, y, w, h = (int(v) for v in box)
            if w > 0 and h > 0 and (x, y, w, h) not in boxes:
                boxes.append((x, y, w, h))
        return tuple(boxes)

    def read(self, frame: Frame) -> SourceUpdate:
        try:
            report = self.tracker.update(np.ascontiguousarray(frame.pixels[:, :, :3]))
        except InputError as error:
            return SourceUpdate(None, f"frame not read: {error}")
        if report.events:
            self._pending_events.extend(report.events)
        dug = {(r, c) for r, row in enumerate(self.tracker.tokens) for c, t in enumerate(row)
               if t != UNDUG}
        moved = tuple(Cell(r, c) for r, c in sorted(dug - self._dug_seen))
        self._dug_seen = dug
        reg = report.registration
        if not (reg.trusted and reg.geometry is not None):
            return SourceUpdate(None, f"view not trusted ({reg.status}): advice hidden until "
                                "the pit is seen clearly", moved=moved)
        for hole in report.holes:
            self._confidence[hole.row][hole.col] = float(hole.confidence)
        return SourceUpdate(reg.geometry, moved=moved)

    def _tokens(self) -> list[list[str]]:
        grid = [list(row) for row in self.tracker.tokens]
        for (r, c), token in self.overrides.items():
            grid[r][c] = token
        return grid

    def board_text(self) -> str:
        """The board as believed: the tracker's tokens with the player's corrections on top."""
        lines = [f"difficulty: {self.difficulty}"] + [" ".join(row) for row in self._tokens()]
        return "\n".join(lines) + "\n"

    def state(self) -> TrackerState:
        grid = tuple(tuple(row) for row in self._tokens())
        manual = frozenset(Cell(r, c) for r, c in self.overrides)
        conf = tuple(tuple(1.0 if Cell(r, c) in manual else round(self._confidence[r][c], 3)
                           for c in range(len(grid[0]))) for r in range(len(grid)))
        revealed = frozenset(Cell(r, c) for r, row in enumerate(grid)
                             for c, t in enumerate(row) if t != UNDUG)
        return TrackerState(grid, conf, revealed, manual)

    def reading(self, hints: ReadHints) -> BoardReading:
        """The board as believed. A dug hole whose item was not seen (``?``) is solved as a
        rupee of unknown colour: said in words, and the hole marked unsure, as ``analyze``
        says it of a still (live advised under a pit with such a hole, saying nothing of it,
        though a rupoor there changes the odds)."""
        text = self.board_text()
        board = parse_boards(text, source="<tracker>")[0]
        state = self.state()
        unseen = tuple((r, c) for r, row in enumerate(board.grid) for c, t in enumerate(row)
                       if t == UNSEEN)
        warnings = (f"{cell_names(unseen)}: dug, colour not seen (solved as "
                    f"{'a rupee' if len(unseen) == 1 else 'rupees'} of unknown colour; a rupoor "
                    "there would change the odds): set it in the panel",) if unseen else ()
        return BoardReading("thrill-digger", text, board, (), state.confidence,
                            warnings=warnings, unsure=unseen)

    def correct(self, row: int, col: int, token: str) -> None:
        """The player's correction of one hole (a board token); it wins over what is read."""
        if token not in TOKENS:
            raise InputError(f"unknown Thrill Digger token {token!r} (one of {' '.join(TOKENS)})")
        if not (0 <= row < self.tracker.rows and 0 <= col < self.tracker.cols):
            raise InputError(f"no hole at {cell_name(row, col)} in a {self.tracker.rows}x"
                             f"{self.tracker.cols} pit")
        read = self.tracker.tokens[row][col]
        self._undo.append(_Correction(row, col, self.overrides.get((row, col)), token))
        self.overrides[(row, col)] = token
        self._pending_correction = {"row": row, "col": col, "read": read, "set": token}

    def undo(self) -> bool:
        if not self._undo:
            return False
        last = self._undo.pop()
        if last.old is None:
            self.overrides.pop((last.row, last.col), None)
        else:
            self.overrides[(last.row, last.col)] = last.old
        self._pending_correction = {"row": last.row, "col": last.col, "undo": True,
                                    "set": self._tokens()[last.row][last.col]}
        return True

    def reset(self) -> None:
        """A new game: a fresh tracker on the same calibration, no corrections (wallet digits
        the last game learned are kept)."""
        learned = self.tracker.wallet_style
        if learned is not None and learned is not self.pack.wallet_style:
            self.pack = replace(self.pack, wallet_style=learned)
        self.tracker = ThrillDiggerTracker(self.calibration, self.pack,
                                           difficulty=self.difficulty, fps=self.fps,
                                           **self.tracker_options)
        self.overrides.clear()
        self._undo.clear()
        self._pending_events.clear()
        self._pending_correction = None
        self._dug_seen = set()
        self._confidence = [[1.0] * self.tracker.cols for _ in range(self.tracker.rows)]

    def log_extras(self) -> dict[str, Any]:
        extras: dict[str, Any] = {}
        if self._pending_events:
            extras["dig_events"] = [event_json(e) for e in self._pending_events]
        if self._pending_correction is not None:
            extras["correction"] = self._pending_correction
        return extras

    def take_log_extras(self) -> dict[str, Any]:
        extras = self.log_extras()
        self._pending_events, self._pending_correction = [], None
        return extras


def pit_source(spec: GameSpec, options: argparse.Namespace) -> PitSource:
    """``gridsight live --game thrill-digger --calibration FILE``'s board source: the saved
    pit, at the difficulty given or saved, tracked at the polling rate (``--interval``)."""
    if getattr(options, "pack", None):
        raise InputError("--pack is for games read through a template pack; Thrill Digger in "
                         "3D reads the item colours and wallet learned by its --calibration")
    if not getattr(options, "calibration", None):
        raise InputError(f"{spec.name} is read as a 3D pit: give --calibration FILE (a pit "
                         f"saved by gridsight calibrate {spec.name}), or play with --manual")
    saved = load_pit(options.calibration)
    calibration = saved.calibration
    difficulty = difficulty_for(calibration.rows, calibration.cols,
                                options.difficulty or saved.difficulty)
    interval = max(int(getattr(options, "interval", 33)), 1)
    pack, warnings = saved.pack()
    for warning in warnings:
        print(f"gridsight: warning: {one_line(warning)}", file=sys.stderr)
    return PitSource(calibration, pack, difficulty=difficulty, fps=1000.0 / interval,
                     pack_warnings=warnings)


__all__ = ["CalibrationFileError", "PitSource", "default_pack", "event_json",
           "load_pit_calibration", "pit_source"]
