"""Thrill Digger in 3D, live: frames of a moving pit in, advice drawn on the holes in perspective.

``gridsight live --game thrill-digger --calibration FILE`` runs this instead of the 2D
:class:`~gridsight.live.loop.LiveLoop` (it offers the same methods, so the Qt driver and the
panel drive either). Per frame:

1. the pit is registered against the saved calibration and read by
   :class:`~gridsight.thrill_digger_tracker.ThrillDiggerTracker` (holes, items, wallet), which
   turns mounds becoming holes into :class:`~gridsight.thrill_digger_tracker.DigEvent` s;
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
import json
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any, Callable

import cv2
import numpy as np

from gridsight.live.change import ChangeDetector
from gridsight.live.loop import LiveView, LoopCounters
from gridsight.log import LogRecord, RecommendationLog, confidence_grid, utc_now
from gridsight.thrill_digger_tracker import DigEvent, PitPack, ThrillDiggerTracker
from gridsight.tracking import TrackerState
from solvers.advice import Advice, Cell
from solvers.boardtext import parse_boards
from solvers.errors import InputError
from vision.capture import Frame, Missing
from vision.geometry import BoardGeometry
from vision.pit import PitCalibration
from vision.pit.calibrate import PlanView, hole_mask

GAME = "thrill-digger"
TOKENS = (".", "g", "b", "r", "s", "y", "x", "*", "?")


class CalibrationFileError(InputError):
    """A saved pit calibration that cannot be loaded (missing, unreadable, inconsistent)."""


# -- loading a saved calibration --------------------------------------------------------------


def load_pit_calibration(path: str | Path) -> tuple[PitCalibration, str]:
    """The calibration saved by ``gridsight calibrate thrill-digger`` and its difficulty.

    ``path`` is the saved ``calibration.json`` or its folder (with ``reference.png`` beside).
    The features to track are picked again from the saved plan view, as calibration picked them
    (ground between the holes, none where the calibration image showed nothing).
    """
    where = Path(path)
    manifest_path = where / "calibration.json" if where.is_dir() else where
    try:
        manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise CalibrationFileError(f"{manifest_path}: no such calibration file (make one with "
                                   "gridsight calibrate thrill-digger IMAGE)") from None
    except (OSError, UnicodeDecodeError) as error:
        raise CalibrationFileError(f"{manifest_path}: cannot read ({error})") from None
    except ValueError as error:
        raise CalibrationFileError(f"{manifest_path}: not JSON ({error})") from None
    try:
        geometry = BoardGeometry.from_dict(manifest["geometry"])
        rows, cols = int(manifest["rows"]), int(manifest["cols"])
        plan = PlanView(rows, cols, int(manifest["plan"]["px"]), float(manifest["plan"]["margin"]))
        ground_level = float(manifest["ground_level"])
        difficulty = str(manifest["difficulty"])
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        raise CalibrationFileError(f"{manifest_path}: not a pit calibration (missing or bad "
                                   f"{error})") from None
    if (geometry.rows, geometry.cols) != (rows, cols):
        raise CalibrationFileError(f"{manifest_path}: geometry is {geometry.rows}x"
                                   f"{geometry.cols} but the pit is {rows}x{cols}")
    reference_path = manifest_path.parent / "reference.png"
    reference = cv2.imread(str(reference_path), cv2.IMREAD_COLOR)
    width, height = plan.size
    if reference is None:
        raise CalibrationFileError(f"{reference_path}: missing or not a picture")
    if reference.shape[:2] != (height, width):
        raise CalibrationFileError(f"{reference_path}: {reference.shape[1]}x{reference.shape[0]}"
                                   f" pixels, but the plan view is {width}x{height}")
    gray = cv2.cvtColor(reference, cv2.COLOR_BGR2GRAY)
    seen = cv2.erode((reference.max(axis=2) > 0).astype(np.uint8) * 255,
                     np.ones((9, 9), np.uint8))
    mask = cv2.bitwise_and(hole_mask(plan), seen)
    corners = cv2.goodFeaturesToTrack(gray, maxCorners=300, qualityLevel=0.01, minDistance=6,
                                      mask=mask, blockSize=5)
    points = np.zeros((0, 2), np.float32) if corners is None else corners.reshape(-1, 2)
    if len(points) < 20:
        raise CalibrationFileError(f"{reference_path}: only {len(points)} ground features to "
                                   "follow; calibrate again")
    orb = cv2.ORB_create(nfeatures=1500, fastThreshold=10, edgeThreshold=15, patchSize=15)
    keypoints, descriptors = orb.detectAndCompute(gray, mask)
    if descriptors is None:
        descriptors = np.zeros((0, 32), np.uint8)
    calibration = PitCalibration(
        geometry=geometry, plan=plan, reference=reference, reference_gray=gray,
        points=points.astype(np.float32),
        orb_points=np.array([k.pt for k in keypoints], dtype=np.float32).reshape(-1, 2),
        orb_descriptors=descriptors, ground_level=ground_level)
    return calibration, difficulty


def default_pack() -> PitPack:
    """The reader's pack of the only 3D skin shipped (item shades, wallet font and box)."""
    from gridsight.skins.thrill_digger_3d import pit_pack

    return pit_pack()


def event_json(event: DigEvent) -> dict[str, Any]:
    """A dig event with its evidence, as plain JSON for the log."""
    data = asdict(event)
    data["item_frames"] = [list(p) for p in event.item_frames]
    data["item_scores"] = [list(p) for p in event.item_scores]
    return data


# -- the live path ----------------------------------------------------------------------------


@dataclass(frozen=True)
class _Correction:
    row: int
    col: int
    old: str | None  # the override it replaced (None: there was none)
    new: str


class ThrillDiggerLive:
    """Frames of a calibrated 3D pit to the advice drawn on it (see the module docstring).

    Offers what :class:`gridsight.live.qt.LiveDriver` and :class:`gridsight.live.panel.Panel`
    use of a :class:`~gridsight.live.loop.LiveLoop`: :meth:`step`, :attr:`view`,
    :attr:`pending`, :meth:`correct` (a board token), :meth:`undo`, :meth:`reset`,
    :meth:`set_taps`, :meth:`set_objective`, :meth:`set_paused`. ``fps`` is the capture rate
    (the tracker counts its watch times in frames).
    """

    def __init__(
        self,
        calibration: PitCalibration,
        pack: PitPack | None = None,
        *,
        difficulty: str | None = None,
        fps: float = 30.0,
        adapter: Any = None,
        solve_options: argparse.Namespace | None = None,
        log: RecommendationLog | None = None,
        clock: Callable[[], str] = utc_now,
        tracker_options: dict[str, Any] | None = None,
    ):
        from gridsight.registry import get_game

        self.game = GAME
        self.calibration = calibration
        self.pack = pack or default_pack()
        self.fps = fps
        self.tracker_options = dict(tracker_options or {})
        self.tracker = ThrillDiggerTracker(calibration, self.pack, difficulty=difficulty,
                                           fps=fps, **self.tracker_options)
        self.difficulty = self.tracker.difficulty
        self.adapter = adapter or get_game(GAME)
        self.solve_options = solve_options or argparse.Namespace()
        self.log = log
        self.clock = clock
        self.counters = LoopCounters()
        self.paused = False
        self.overrides: dict[tuple[int, int], str] = {}
        self._undo: list[_Correction] = []
        self._detector = ChangeDetector()
        self._frame: Frame | None = None
        self._frame_rect: Any = None
        self._geometry: BoardGeometry | None = None  # this frame's, only when trusted
        self._view_note = ""  # why the advice is not drawn now
        self._confidence = [[1.0] * self.tracker.cols for _ in range(self.tracker.rows)]
        self._pending_events: list[DigEvent] = []
        self._pending_correction: dict[str, Any] | None = None
        self._board_text = ""
        self._solved_text: str | None = None
        self._advice: Advice | None = None
        self._problems: tuple[str, ...] = ()
        self._step = 0
        self._moved_steps: set[int] = set()
        self._dug_at_record: set[tuple[int, int]] = set()
        self._last_recommend: tuple[Cell, ...] = ()
        self._solution_json: dict[str, Any] = {}
        self._version = 0
        self._status = "starting"
        self._view = LiveView(0, self._status, state=self._state())
        self._refresh()

    # -- what the driver uses -----------------------------------------------------------------

    @property
    def view(self) -> LiveView:
        return self._view

    @property
    def pending(self) -> bool:
        """Always ``False``: the tracker counts its watch times in frames of ``fps``, so the
        driver must poll at its steady rate (no faster confirming grabs, unlike the 2D loop)."""
        return False

    @property
    def watching(self) -> bool:
        """Whether a dug hole's contents are still being watched (every frame is read then)."""
        closed = {(e.row, e.col) for e in self.tracker.events}
        return any(token != "." and (r, c) not in closed
                   for r, row in enumerate(self.tracker.tokens) for c, token in enumerate(row))

    def step(self, frame: Frame | Missing) -> LiveView:
        """Take one capture result; returns the view (the same object when nothing changed)."""
        self.counters.frames += 1
        if isinstance(frame, Missing):
            self.counters.missing += 1
            self._detector.reset()
            self._frame_rect, self._geometry = None, None
            self._view_note = f"waiting: {frame.message}"
            return self._publish()
        changed = self._detector.changed(frame.pixels)
        if not changed and not self.watching:
            self.counters.skipped += 1
            return self._view
        self.counters.reads += 1
        self._frame, self._frame_rect = frame, frame.rect
        try:
            report = self.tracker.update(np.ascontiguousarray(frame.pixels[:, :, :3]))
        except InputError as error:
            self._geometry = None
            self._view_note = f"frame not read: {error}"
            return self._publish()
        reg = report.registration
        if reg.trusted and reg.geometry is not None:
            self._geometry = reg.geometry
            self._view_note = ""
            for read in report.holes:
                self._confidence[read.row][read.col] = float(read.confidence)
        else:
            self._geometry = None
            self._view_note = (f"view not trusted ({reg.status}): advice hidden until the pit "
                               "is seen clearly")
        if report.events:
            self._pending_events.extend(report.events)
        return self._refresh()

    def correct(self, row: int, col: int, token: str) -> LiveView:
        """The player's correction of one hole (a board token); it wins over what is read."""
        if token not in TOKENS:
            raise InputError(f"unknown Thrill Digger token {token!r} (one of {' '.join(TOKENS)})")
        if not (0 <= row < self.tracker.rows and 0 <= col < self.tracker.cols):
            raise InputError(f"no hole ({row}, {col}) in a {self.tracker.rows}x"
                             f"{self.tracker.cols} pit")
        read = self.tracker.tokens[row][col]
        self._undo.append(_Correction(row, col, self.overrides.get((row, col)), token))
        self.overrides[(row, col)] = token
        self._pending_correction = {"row": row, "col": col, "read": read, "set": token}
        return self._refresh(force=True)

    def undo(self) -> LiveView:
        if self._undo:
            last = self._undo.pop()
            if last.old is None:
                self.overrides.pop((last.row, last.col), None)
            else:
                self.overrides[(last.row, last.col)] = last.old
            self._pending_correction = {"row": last.row, "col": last.col, "undo": True,
                                        "set": self._tokens()[last.row][last.col]}
        return self._refresh(force=True)

    def reset(self) -> LiveView:
        """A new game: a fresh tracker on the same calibration, no corrections."""
        self.tracker = ThrillDiggerTracker(self.calibration, self.pack,
                                           difficulty=self.difficulty, fps=self.fps,
                                           **self.tracker_options)
        self.overrides.clear()
        self._undo.clear()
        self._detector.reset()
        self._pending_events.clear()
        self._confidence = [[1.0] * self.tracker.cols for _ in range(self.tracker.rows)]
        return self._refresh()

    def set_taps(self, taps: int | None) -> LiveView:
        """Thrill Digger has no taps counter; kept for the panel's sake."""
        return self._publish()

    def set_objective(self, objective: str) -> LiveView:
        """Thrill Digger has one objective (lowest bomb chance, then value)."""
        return self._publish()

    def set_paused(self, paused: bool) -> LiveView:
        """Paused: frames are still read (the game goes on) but nothing is drawn."""
        self.paused = paused
        return self._publish()

    # -- the board, solving, logging ----------------------------------------------------------

    def _tokens(self) -> list[list[str]]:
        grid = [list(row) for row in self.tracker.tokens]
        for (r, c), token in self.overrides.items():
            grid[r][c] = token
        return grid

    def board_text(self) -> str:
        """The board as believed: the tracker's tokens with the player's corrections on top."""
        lines = [f"difficulty: {self.difficulty}"] + [" ".join(row) for row in self._tokens()]
        return "\n".join(lines) + "\n"

    def _state(self) -> TrackerState:
        grid = tuple(tuple(row) for row in self._tokens())
        manual = frozenset(Cell(r, c) for r, c in self.overrides)
        conf = tuple(tuple(1.0 if Cell(r, c) in manual else round(self._confidence[r][c], 3)
                           for c in range(len(grid[0]))) for r in range(len(grid)))
        revealed = frozenset(Cell(r, c) for r, row in enumerate(grid)
                             for c, t in enumerate(row) if t != ".")
        return TrackerState(grid, conf, revealed, manual)

    def _refresh(self, force: bool = False) -> LiveView:
        """Solve when the board text changed (or events/corrections await logging); publish."""
        text = self.board_text()
        if text != self._solved_text:
            self._solved_text = self._board_text = text
            try:
                board = parse_boards(text, source="<tracker>")[0]
                solution = self.adapter.solve(board, self.solve_options)
            except InputError as error:
                # An impossible board (a wrong read or correction): said, not drawn; events
                # wait to be logged with the next board that solves.
                self._problems = (f"not solved: {_first_line(error)}",)
                self._advice = None
                return self._publish()
            self.counters.solves += 1
            self._problems = ()
            self._advice = solution.advice
            self._solution_json = dict(solution.json)
        elif not (force or self._pending_events):
            return self._publish()
        if self._advice is not None:
            self._record(text)
        return self._publish()

    def _record(self, text: str) -> None:
        events = [event_json(e) for e in self._pending_events]
        correction = self._pending_correction
        self._pending_events, self._pending_correction = [], None
        if self.log is None or self._advice is None:
            self._step += 1
            return
        solution = dict(self._solution_json)
        if events:
            solution["dig_events"] = events
        if correction is not None:
            solution["correction"] = correction
        # A hole found dug since the last record is the player's move from that record's board
        # (the recommended hole first, if it is among them).
        dug = {(r, c) for r, row in enumerate(self.tracker.tokens) for c, t in enumerate(row)
               if t != "."}
        new = sorted(dug - self._dug_at_record)
        self._dug_at_record = dug
        if new and self._step >= 1 and self._step not in self._moved_steps:
            recommended = {(c.row, c.col) for c in self._last_recommend}
            cell = next((rc for rc in new if rc in recommended), new[0])
            self._moved_steps.add(self._step)
            self.log.record_move(self._step, Cell(*cell))
        self._last_recommend = tuple(self._advice.recommend)
        step = self.log.next_step()
        state = self._state()
        record = LogRecord(step=step, time=self.clock(), game=GAME, board=text,
                           advice=self._advice, confidence=confidence_grid(state.confidence),
                           solution=solution, geometry=self._geometry)
        frame = None if self._frame is None else np.asarray(self._frame.pixels)
        self.log.append(record, frame)
        self._step = step

    # -- the view -----------------------------------------------------------------------------

    def _status_text(self) -> str:
        parts = [f"{GAME} {self.difficulty}"]
        if self._view_note:
            parts.append(self._view_note)
        dug = sum(t != "." for row in self._tokens() for t in row)
        parts.append(f"{dug} dug")
        if self._advice is not None:
            parts.append(self._advice.status)
        if self.paused:
            parts.append("PAUSED")
        return " · ".join(p for p in parts if p)

    def _publish(self) -> LiveView:
        warnings = tuple(self._problems) + tuple(self.tracker.warnings[-3:])
        hidden = self.paused or self._geometry is None
        state = self._state()
        view = LiveView(
            self._version, self._status_text(), warnings, self._frame_rect, self._geometry,
            None if hidden else self._advice, state, self._board_text, None, None,
            self.paused, self._step)
        old = self._view if hasattr(self, "_view") else None
        if old is None or _key(view) != _key(old):
            self._version += 1
            view = replace(view, version=self._version)
        else:
            view = replace(view, version=old.version)
        self._view = view
        return view


def _key(view: LiveView) -> tuple:
    geometry = None if view.geometry is None else view.geometry.homography.round(2).tobytes()
    state = view.state
    grid = () if state is None else (state.grid, state.manual)
    return (view.status, view.warnings, view.frame_rect, geometry, id(view.advice), view.paused,
            grid)


def _first_line(error: object) -> str:
    text = str(error).strip()
    return text.splitlines()[0] if text else type(error).__name__


__all__ = ["CalibrationFileError", "ThrillDiggerLive", "default_pack", "event_json",
           "load_pit_calibration"]
