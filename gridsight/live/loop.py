"""The live loop without Qt: frames in, the believed board and the advice to draw out.

:meth:`LiveLoop.step` takes one capture result (a :class:`vision.capture.Frame`, or a
:class:`vision.capture.Missing` saying why there is none) and returns a :class:`LiveView`:
what the overlay draws (geometry in the frame's pixels, advice, status line) and what the panel
shows (the believed board). The work per frame is as small as the evidence allows:

1. **unchanged picture, nothing pending**: one thumbnail compare (:mod:`gridsight.live.change`),
   and the last view is returned as it is (``version`` unchanged: nothing to redraw);
2. **changed picture**: the board's geometry is reused while its anchor still fits
   (:class:`vision.locate.Locator`), the cells are read and fed to the game's tracker. The
   tracker needs a new label in ``confirm`` consecutive frames, so after a change the next
   ``confirm - 1`` frames are read even when they look the same;
3. **believed board changed**: the game's reader turns it into board text (the text format is
   the solver's contract), and the solver runs only when that text (or the objective, or the
   taps override) differs from the last one solved. Each solved state is one log record; the
   cell the player revealed next is recorded as that record's move.

Faults never end the loop: a missing window or a failed grab is shown in the status while the
believed board is kept; a board that cannot be located, or cells read ``unknown`` (half hidden),
keep the last state; a log that cannot be written is a warning in the status (the log keeps
the lines in memory) and the advice goes on.

``LiveLoop.manual`` makes a loop with no capture at all: the board is set by hand from the
panel (board-text tokens instead of pack labels), as the other helpers are.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass, replace
from typing import Any, Callable, Sequence

import numpy as np

from gridsight.cli import RuntimeFailure
from gridsight.live.change import ChangeDetector
from gridsight.live.manual import ManualBoard
from gridsight.live.settings import TrackerSettings, settings_for
from gridsight.log import LogRecord, RecommendationLog, confidence_grid, utc_now
from gridsight.readers.base import BoardReading, ReadHints
from gridsight.tracking import CellRead, TrackerState, UNKNOWN
from solvers.advice import Advice, Cell, CellMark, MarkKind
from solvers.errors import InputError
from vision.capture import Frame, Missing
from vision.classify import BoardRead, read_cells
from vision.classify import CellRead as VisionCellRead
from vision.errors import VisionInputError
from vision.geometry import BoardGeometry
from vision.locate import Locator


MIN_VISIBLE = 0.3  # a board with fewer cells readable than this is "not in view"
MIN_AGREEMENT = 0.8  # ... or whose readable cells mostly disagree with the believed board


@dataclass(frozen=True, eq=False)
class LiveView:
    """What the loop shows now.

    ``geometry`` is in the pixels of ``frame_rect`` (the captured screen rectangle, ``None``
    while there is no picture); ``advice`` is ``None`` until a board has been solved. ``state``
    is the believed board (pack labels; board tokens in manual mode), ``board`` its text as
    solved. ``version`` grows whenever anything drawn changes, so a driver redraws only then.
    """

    version: int
    status: str
    warnings: tuple[str, ...] = ()
    frame_rect: Any = None
    geometry: BoardGeometry | None = None
    advice: Advice | None = None
    state: TrackerState | None = None
    board: str = ""
    taps: int | None = None
    confidence: float | None = None
    paused: bool = False
    step: int = 0

    def status_line(self) -> str:
        parts = [self.status] + [f"warning: {w}" for w in self.warnings]
        return "  |  ".join(p for p in parts if p)


@dataclass
class LoopCounters:
    """How much work the loop did (for tests and the benchmark)."""

    frames: int = 0
    reads: int = 0
    solves: int = 0
    skipped: int = 0
    missing: int = 0


class LiveLoop:
    """Frames to advice for one game (see the module docstring)."""

    def __init__(
        self,
        game: str,
        pack: Any = None,
        *,
        reader: Any = None,
        adapter: Any = None,
        solve_options: argparse.Namespace | None = None,
        hints: ReadHints = ReadHints(),
        log: RecommendationLog | None = None,
        settings: TrackerSettings | None = None,
        manual: ManualBoard | None = None,
        clock: Callable[[], str] = utc_now,
    ):
        from gridsight.registry import get_game, get_reader

        self.game = game
        self.pack = pack
        self.adapter = adapter or get_game(game)
        self.reader = reader if reader is not None or manual is not None else get_reader(game)
        self.solve_options = solve_options or argparse.Namespace()
        self.hints = hints
        self.settings = settings or settings_for(game)
        self.manual = manual
        self.clock = clock
        self.log = log
        if log is not None:
            self._log_warn_next = log.warn
            log.warn = self._log_warning
        self.counters = LoopCounters()
        self.paused = False
        self.taps_override: int | None = None
        self.objective: str = str(getattr(self.solve_options, "objective", "expected"))
        self._detector = ChangeDetector()
        self._locator = Locator(pack) if pack is not None else None
        if manual is not None:
            self.tracker = manual.tracker()
        else:
            self.tracker = self.settings.tracker(pack.rows, pack.cols)
        self._reads_due = 0
        self._reads_since_reset = 0
        self._primed = manual is not None
        self._frame: Frame | None = None
        self._board_read: BoardRead | None = None
        self._geometry: BoardGeometry | None = None
        self._last_geometry: BoardGeometry | None = None
        self._geometry_shape: tuple[int, ...] = ()
        self._hidden = ""
        self._frame_rect: Any = None
        self._state: TrackerState = self.tracker.state()
        self._reading: BoardReading | None = None
        self._solved_key: tuple | None = None
        self._advice: Advice | None = None
        self._board_text = ""
        self._step = 0
        self._moved_steps: set[int] = set()
        self._status = "manual: set the board in the panel" if manual else "starting"
        self._problems: tuple[str, ...] = ()  # this frame's read/solve problems
        self._log_problem: str | None = None
        self._version = 0
        self._view = LiveView(0, self._status, state=self._state)
        if manual is not None:
            self._refresh()

    @classmethod
    def for_manual(cls, manual: ManualBoard, **kwargs: Any) -> "LiveLoop":
        return cls(manual.game, None, manual=manual, **kwargs)

    # -- frames -------------------------------------------------------------------------------

    @property
    def view(self) -> LiveView:
        return self._view

    @property
    def pending(self) -> bool:
        """Whether the next frame must be read even if unchanged (a change awaits confirming)."""
        return self._reads_due > 0

    def step(self, frame: Frame | Missing) -> LiveView:
        """Take one capture result; returns the view (the same object when nothing changed)."""
        self.counters.frames += 1
        if isinstance(frame, Missing):
            self.counters.missing += 1
            self._detector.reset()  # the picture coming back counts as a change
            self._reads_due = 0
            self._frame_rect, self._geometry = None, None
            return self._publish(f"waiting: {frame.message}")
        if self.manual is not None:
            return self._view
        changed = self._detector.changed(frame.pixels)
        if changed:
            self._reads_due = max(self._reads_due, self.settings.confirm)
        if self._reads_due <= 0:
            self.counters.skipped += 1
            return self._view
        self._reads_due -= 1
        self._frame, self._frame_rect = frame, frame.rect
        return self._read(frame)

    def _read(self, frame: Frame) -> LiveView:
        assert self._locator is not None and self.pack is not None
        self.counters.reads += 1
        hidden = ""
        try:
            geometry = self._locator.locate(frame.pixels)
            board_read = read_cells(frame.pixels, geometry, self.pack)
        except VisionInputError as error:
            # The frame no longer matches: the board moved, left, or is partly covered. A
            # board partly covered (a dialog, a finger) still reads through the last geometry:
            # the covered cells read unknown and keep their believed state.
            board_read = self._read_through_last(frame)
            if board_read is None:
                self._geometry = None
                return self._publish(f"no board in view ({_first_line(error)}); keeping the "
                                     "last state")
            geometry = board_read.geometry
            hidden = (f"board partly hidden: {len(board_read.unknown())} cell(s) unread keep "
                      "their last state")
        self._geometry = self._last_geometry = geometry
        self._geometry_shape = frame.pixels.shape[:2]
        self._board_read = board_read
        reads = [[CellRead(c.label, float(c.score)) if c.known else UNKNOWN for c in row]
                 for row in board_read.cells]
        before = self._state
        self._state = self.tracker.update(reads)
        self._reads_since_reset += 1
        self._hidden = hidden
        if not self._primed:
            # A first sighting is believed only once it is confirmed, like any change.
            self._primed = self._reads_since_reset >= self.settings.confirm
            if not self._primed:
                return self._publish("reading the board")
            return self._refresh()
        if not self._state.changes and self._solved_key is not None:
            # The believed board stands: the rest of the screen (the attempts counter) is read
            # again only with a confirmed board change, so the two always agree.
            return self._publish(self._status_text())
        self._note_move(before, self._state)
        return self._refresh()

    def _read_through_last(self, frame: Frame) -> BoardRead | None:
        """The cells read through the last geometry, when the board is plausibly still there
        but partly covered: same frame size, enough cells readable, and those cells agreeing
        with the believed board (something else entirely would not)."""
        last = self._last_geometry
        if last is None or self._geometry_shape != frame.pixels.shape[:2]:
            return None
        try:
            board_read = read_cells(frame.pixels, last, self.pack)
        except VisionInputError:
            return None
        if board_read.known_fraction < MIN_VISIBLE:
            return None
        known = [c for row in board_read.cells for c in row if c.known]
        agree = sum(c.label == self._state.grid[c.row][c.col] for c in known)
        return board_read if agree >= MIN_AGREEMENT * len(known) else None

    # -- the panel ----------------------------------------------------------------------------

    def correct(self, row: int, col: int, label: str) -> LiveView:
        """The player's correction of one cell (a pack label; a board token in manual mode)."""
        self._state = self.tracker.correct(row, col, label)
        return self._refresh()

    def undo(self) -> LiveView:
        state = self.tracker.undo()
        if state is not None:
            self._state = state
        return self._refresh()

    def reset(self) -> LiveView:
        """A new game: forget the believed board."""
        self._state = self.tracker.reset()
        self._primed = self.manual is not None
        self._reads_due = self.settings.confirm
        self._reads_since_reset = 0
        self._detector.reset()
        return self._refresh() if self._primed else self._publish("reading the board")

    def set_taps(self, taps: int | None) -> LiveView:
        """Override the taps left read off the screen (``None``: read them again)."""
        self.taps_override = taps
        return self._refresh()

    def set_objective(self, objective: str) -> LiveView:
        """Disco Zoo's objective: ``expected``, ``all`` or ``target:NAME``."""
        self.objective = objective
        return self._refresh()

    def set_paused(self, paused: bool) -> LiveView:
        """Paused: frames are still taken (cheaply) but nothing is drawn until resumed."""
        self.paused = paused
        return self._refresh()

    # -- reading, solving, logging ------------------------------------------------------------

    def _refresh(self) -> LiveView:
        """Board text from the believed state; solve when it changed; log; publish."""
        problems: list[str] = []
        try:
            reading = self._reading_now()
        except InputError as error:
            self._problems = (f"cannot read the board: {_first_line(error)}",)
            return self._publish(self._status_text(), advice=self._advice)
        self._reading = reading
        problems.extend(reading.warnings)
        if reading.unread:
            problems.append(f"{len(reading.unread)} cell(s) unread: solved as not yet observed")
        key = (reading.text, self.objective)
        if key != self._solved_key:
            try:
                options = argparse.Namespace(**vars(self.solve_options))
                options.objective = self.objective
                solution = self.adapter.solve(reading.board, options)
            except (InputError, RuntimeFailure) as error:  # bad board, or its time limit
                self._problems = tuple(problems) + (f"not solved: {_first_line(error)}",)
                self._advice = None
                self._solved_key = key
                self._board_text = reading.text
                return self._publish(self._status_text())
            self.counters.solves += 1
            self._solved_key = key
            self._board_text = reading.text
            self._advice = _with_unread(solution.advice, reading.unread)
            self._record(reading, solution)
        self._problems = tuple(problems)
        return self._publish(self._status_text())

    def _reading_now(self) -> BoardReading:
        hints = self.hints
        if self.taps_override is not None:
            hints = replace(hints, taps=self.taps_override)
        if self.manual is not None:
            return self.manual.reading(self._state, hints)
        assert self._board_read is not None and self._frame is not None
        believed = _believed_read(self._board_read, self._state, self.settings)
        return self.reader.read(self._frame.pixels, believed, self.pack, hints)

    def _record(self, reading: BoardReading, solution: Any) -> None:
        if self.log is None:
            self._step += 1
            return
        step = self.log.next_step()
        record = LogRecord(
            step=step, time=self.clock(), game=self.game, board=reading.text,
            advice=solution.advice,
            confidence=confidence_grid(self._state.confidence),
            unread=tuple(Cell(r, c) for r, c in reading.unread),
            solution=dict(solution.json), geometry=self._geometry,
            manual=tuple(sorted(self._state.manual)))
        frame = None if self._frame is None else np.asarray(self._frame.pixels)
        self.log.append(record, frame)
        self._step = step

    def _note_move(self, before: TrackerState, after: TrackerState) -> None:
        """The first cell changed by the player's move (the game's ``is_move`` rule, the
        recommended cell first) after a logged advice is recorded as that advice's move."""
        if self._step == 0 or self._step in self._moved_steps or self.log is None:
            return
        moved = [ch for ch in after.changes if ch.source == "read"
                 and self.settings.move(ch.old, ch.new)]
        if not moved:
            moved = [ch for ch in after.changes if ch.source == "read"]
        if not moved:
            return
        recommended = set(self._advice.recommend) if self._advice is not None else set()
        cells = [Cell(ch.row, ch.col) for ch in moved]
        cell = next((c for c in cells if c in recommended), cells[0])
        self._moved_steps.add(self._step)
        self.log.record_move(self._step, cell)

    def _log_warning(self, message: str) -> None:
        self._log_problem = None if "being written again" in message else message
        self._log_warn_next(message)

    # -- the status line ----------------------------------------------------------------------

    def _taps(self) -> int | None:
        if self._reading is None:
            return None
        value = self._reading.board.header("taps")
        try:
            return None if value is None else int(value)
        except ValueError:
            return None

    def _confidence(self) -> float | None:
        values = [v for row in self._state.confidence for v in row]
        return min(values) if values and self._primed else None

    def _status_text(self) -> str:
        parts = [self.game]
        taps = self._taps()
        if taps is not None:
            parts.append(f"taps left {taps}" + (" (set)" if self.taps_override is not None else ""))
        if self.manual is None:
            conf = self._confidence()
            if conf is not None:
                parts.append(f"read confidence {conf:.2f}")
        if self.objective != "expected":
            parts.append(f"objective {self.objective}")
        if self._advice is not None:
            parts.append(self._advice.status)
        if self.paused:
            parts.append("PAUSED")
        return " · ".join(p for p in parts if p)

    def _publish(self, status: str, advice: Advice | None = None) -> LiveView:
        advice = advice if advice is not None else self._advice
        warnings = ((self._hidden,) if self._hidden else ()) + tuple(self._problems) + tuple(
            c.describe() for c in self._state.contradictions)
        if self._log_problem:
            warnings += (self._log_problem,)
        if status.startswith(("waiting", "no board", "reading")):
            shown = None
        else:
            shown = None if self.paused else advice
        view = LiveView(
            self._version, status, warnings, self._frame_rect, self._geometry, shown,
            self._state, self._board_text, self._taps(), self._confidence(), self.paused,
            self._step)
        if _drawn(view) != _drawn(self._view) or _grid(view) != _grid(self._view):
            self._version += 1
            view = replace(view, version=self._version)
        else:
            view = replace(view, version=self._view.version)
        self._view = view
        return view


def _drawn(view: LiveView) -> tuple:
    geometry = None if view.geometry is None else view.geometry.homography.round(3).tobytes()
    return (view.status, view.warnings, view.frame_rect, geometry, id(view.advice), view.paused)


def _grid(view: LiveView) -> tuple:
    state = view.state
    return () if state is None else (state.grid, state.manual, state.contradictions)


def _believed_read(read: BoardRead, state: TrackerState, settings: TrackerSettings) -> BoardRead:
    """This frame's read with each cell's label replaced by the believed one.

    A cell read ``unknown`` now that still holds the game's "not yet observed" label stays
    unknown, so the reader lists it as unread; every other cell carries the tracker's label.
    """
    cells = []
    for row in read.cells:
        out = []
        for cell in row:
            label = state.grid[cell.row][cell.col]
            conf = state.confidence[cell.row][cell.col]
            if (not cell.known and settings.unobserved_initial and label == settings.initial
                    and Cell(cell.row, cell.col) not in state.manual):
                out.append(cell)
            else:
                out.append(VisionCellRead(cell.row, cell.col, label, conf, cell.margin,
                                          cell.best or label, cell.variant))
        cells.append(tuple(out))
    return BoardRead(read.geometry, tuple(cells), read.gain, read.pack_name, read.extras)


def _with_unread(advice: Advice, unread: Sequence[tuple[int, int]]) -> Advice:
    if not unread:
        return advice
    taken = {(m.row, m.col) for m in advice.marks}
    marks = advice.marks + tuple(CellMark(r, c, MarkKind.UNREAD, "?")
                                 for r, c in unread if (r, c) not in taken)
    return replace(advice, marks=marks)


def _first_line(error: object) -> str:
    text = str(error).strip()
    return text.splitlines()[0] if text else type(error).__name__


__all__ = ["LiveLoop", "LiveView", "LoopCounters"]
