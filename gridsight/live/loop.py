"""The live loop without Qt: frames in, the believed board and the advice to draw out.

One loop serves every game; how a frame becomes the believed board is the game's reading
strategy, a :class:`~gridsight.live.sources.BoardSource` chosen by its spec (a flat grid read
through a pack, a 3D pit followed across a moving view, or the panel alone with ``--manual``).

:meth:`LiveLoop.step` takes one capture result (a :class:`vision.capture.Frame`, or a
:class:`vision.capture.Missing` saying why there is none) and returns a :class:`LiveView`:
what the overlay draws (geometry in the frame's pixels, advice, status line) and what the panel
shows (the believed board). The work per frame is as small as the evidence allows:

1. **unchanged picture, nothing pending**: one thumbnail compare (:mod:`gridsight.live.change`),
   and the last view is returned as it is (``version`` unchanged: nothing to redraw);
2. **changed picture**: the source reads the frame (a grid's cells into its tracker, which
   needs a new label in ``confirm`` consecutive frames, so after a change the next
   ``confirm - 1`` frames are read even when they look the same; a pit while a dug hole is
   watched reads every frame);
3. **believed board changed**: the source writes it as board text (the text format is the
   solver's contract), and the solver runs only when that text (or the objective, or the
   counter override) differs from the last one solved. Each solved state is one log record
   (with the source's evidence, such as a pit's dig events and corrections); the cell the
   player changed next is recorded as that record's move.

Faults never end the loop: a missing window or a failed grab is shown in the status while the
believed board is kept; a board that cannot be located or is not trusted keeps the last state
and draws nothing (a wrong place is worse than none); cells read ``unknown`` (half hidden) keep
their last state; a log that cannot be written is a warning in the status (the log keeps the
lines in memory) and the advice goes on.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Callable, Sequence

import numpy as np

from gridsight.cli import RuntimeFailure
from gridsight.games.spec import GameSpec
from gridsight.live.change import ChangeDetector
from gridsight.live.manual import ManualBoard
from gridsight.live.sources import BoardSource, GridSource, ManualSource, SourceUpdate
from gridsight.log import LogRecord, RecommendationLog, confidence_grid, utc_now
from gridsight.readers.base import BoardReading, ReadHints
from gridsight.readers.doubts import Doubt, find_doubts, with_doubts
from gridsight.registry import get_spec
from gridsight.tracking import TrackerState
from solvers.advice import Advice, Cell, CellMark, MarkKind
from solvers.errors import InputError
from vision.errors import VisionInputError

if TYPE_CHECKING:  # pragma: no cover
    from vision.capture import Frame, Missing
    from vision.geometry import BoardGeometry


@dataclass(frozen=True, eq=False)
class LiveView:
    """What the loop shows now.

    ``geometry`` is in the pixels of ``frame_rect`` (the captured screen rectangle, ``None``
    while there is no picture or it is not trusted); ``advice`` is ``None`` until a board has
    been solved, and while nothing may be drawn. ``state`` is the believed board (pack labels;
    board tokens in manual mode and for a pit), ``board`` its text as solved, ``counter`` the
    game's counter on that board (Disco Zoo's taps left). ``version`` grows whenever anything
    drawn changes, so a driver redraws only then.
    """

    version: int
    status: str
    warnings: tuple[str, ...] = ()
    frame_rect: Any = None
    geometry: BoardGeometry | None = None
    advice: Advice | None = None
    state: TrackerState | None = None
    board: str = ""
    counter: int | None = None
    confidence: float | None = None
    paused: bool = False
    step: int = 0
    doubts: tuple[Doubt, ...] = ()  # unsure cells whose content changes the advice

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
    """Frames to advice for one game (see the module docstring).

    ``game`` is a game's name or spec. The board comes from ``source``; without one, from
    ``pack`` (a flat grid game read through that template pack; ``reader`` and ``settings``
    replace the spec's reader and tracker rules) or from ``manual`` (the panel alone).
    """

    def __init__(
        self,
        game: str | GameSpec,
        pack: Any = None,
        *,
        source: BoardSource | None = None,
        reader: Any = None,
        adapter: Any = None,
        solve_options: argparse.Namespace | None = None,
        hints: ReadHints = ReadHints(),
        log: RecommendationLog | None = None,
        settings: Any = None,
        manual: ManualBoard | None = None,
        clock: Callable[[], str] = utc_now,
        learn: bool = False,
    ):
        self.spec = game if isinstance(game, GameSpec) else get_spec(game)
        self.game = self.spec.name
        if source is None:
            if manual is not None:
                source = ManualSource(manual)
            elif pack is not None:
                source = GridSource(self.spec, pack, reader=reader, settings=settings)
            else:
                raise ValueError("a live loop needs a board source, a pack or a manual board")
        self.source = source
        self.adapter = adapter or self.spec.adapter
        self.solve_options = solve_options or argparse.Namespace()
        self.hints = hints
        self.clock = clock
        self.log = log
        if log is not None:
            self._log_warn_next = log.warn
            log.warn = self._log_warning
        self.counters = LoopCounters()
        self.learn = learn
        self._learned = ""
        self.paused = False
        self.counter_override: int | None = None
        objectives = self.spec.objectives
        self.objective: str | None = getattr(self.solve_options, "objective", None) or (
            objectives.default if objectives is not None else None)
        self._detector = ChangeDetector()
        self._reads_due = 0
        self._frame: Frame | None = None
        self._geometry: BoardGeometry | None = None
        self._note = "" if not source.captures else "starting"
        self._hidden = ""
        self._frame_rect: Any = None
        self._reading: BoardReading | None = None
        self._solved_key: tuple | None = None
        self._solution: Any = None
        self._advice: Advice | None = None
        self._doubts: tuple[Doubt, ...] = ()
        self._board_text = ""
        self._step = 0
        self._moved_steps: set[int] = set()
        self._problems: tuple[str, ...] = ()  # this frame's read/solve problems
        self._log_problem: str | None = None
        self._version = 0
        self._view = LiveView(0, self._note or "manual: set the board in the panel",
                              state=source.state())
        if not source.captures:
            self._refresh()

    @classmethod
    def for_manual(cls, manual: ManualBoard, **kwargs: Any) -> "LiveLoop":
        return cls(manual.game, manual=manual, **kwargs)

    # -- frames -------------------------------------------------------------------------------

    @property
    def view(self) -> LiveView:
        return self._view

    @property
    def pack(self) -> Any:
        """The template pack a grid source reads through (``None`` for other sources)."""
        return getattr(self.source, "pack", None)

    @property
    def latest_advice(self) -> Advice | None:
        """The advice for the believed board, drawn or not (hidden while not trusted)."""
        return self._advice

    @property
    def pending(self) -> bool:
        """Whether the next frame must be read even if unchanged (a change awaits confirming)."""
        return self._reads_due > 0

    def step(self, frame: Frame | Missing) -> LiveView:
        """Take one capture result; returns the view (the same object when nothing changed)."""
        from vision.capture import Missing

        self.counters.frames += 1
        if isinstance(frame, Missing):
            self.counters.missing += 1
            self._detector.reset()  # the picture coming back counts as a change
            self._reads_due = 0
            self._frame_rect, self._geometry = None, None
            self._note = f"waiting: {frame.message}"
            return self._publish()
        if not self.source.captures:
            return self._view
        changed = self._detector.changed(frame.pixels)
        if changed:
            self._reads_due = max(self._reads_due, self.source.confirm)
        if self._reads_due <= 0 and not self.source.watching:
            self.counters.skipped += 1
            return self._view
        self._reads_due = max(0, self._reads_due - 1)
        self._frame, self._frame_rect = frame, frame.rect
        self.counters.reads += 1
        update = self.source.read(frame)
        return self._take(update)

    def _take(self, update: SourceUpdate) -> LiveView:
        self._geometry = update.geometry
        self._note = update.note
        if update.geometry is not None:
            self._hidden = update.warning
        if update.moved:
            self._note_move(update.moved)
        if not self.source.ready or (not update.changed and self._solved_key is not None):
            # The believed board stands: the rest of the screen (the attempts counter) is read
            # again only with a confirmed board change, so the two always agree.
            return self._publish()
        return self._refresh()

    # -- the panel ----------------------------------------------------------------------------

    def correct(self, row: int, col: int, label: str) -> LiveView:
        """The player's correction of one cell (a pack label; a board token in manual mode
        and for a pit); it wins over what is read until undone. With ``learn``, a source that
        can (a grid read through a pack) also saves it into the pack, so the next read of
        that cell's look is right without it."""
        self.source.correct(row, col, label)
        teach = getattr(self.source, "learn", None)
        if self.learn and teach is not None:
            try:
                self._learned = teach(row, col, label)
            except (OSError, InputError, VisionInputError) as error:
                self._learned = f"correction not saved to the pack: {_first_line(error)}"
        return self._refresh()

    def undo(self) -> LiveView:
        self.source.undo()
        return self._refresh()

    def reset(self) -> LiveView:
        """A new game: forget the believed board."""
        self.source.reset()
        self._reads_due = self.source.confirm if self.source.captures else 0
        self._detector.reset()
        if not self.source.ready:
            self._note = "reading the board"
            return self._publish()
        return self._refresh()

    def set_counter(self, value: int | None) -> LiveView:
        """Override the game's counter read off the screen (Disco Zoo's taps left; ``None``:
        read it again). A game without a counter ignores it."""
        self.counter_override = value if self.spec.counter is not None else None
        return self._refresh()

    def set_objective(self, objective: str) -> LiveView:
        """What the advice aims for (Disco Zoo: ``expected``, ``all`` or ``target:NAME``);
        ignored by a game without objectives."""
        if self.spec.objectives is not None:
            self.objective = objective
        return self._refresh()

    def set_paused(self, paused: bool) -> LiveView:
        """Paused: frames are still taken (cheaply) but nothing is drawn until resumed."""
        self.paused = paused
        return self._refresh()

    # -- reading, solving, logging ------------------------------------------------------------

    def _refresh(self) -> LiveView:
        """Board text from the believed state; solve when it changed; log; publish."""
        if not self.source.ready:
            return self._publish()
        problems: list[str] = []
        try:
            reading = self._reading_now()
        except InputError as error:
            self._problems = (f"cannot read the board: {_first_line(error)}",)
            return self._publish()
        self._reading = reading
        problems.extend(reading.warnings)
        if reading.unread:
            problems.append(f"{len(reading.unread)} cell(s) unread: solved as not yet observed")
        key = (reading.text, self.objective)
        if key != self._solved_key:
            try:
                options = argparse.Namespace(**vars(self.solve_options))
                if self.objective is not None:
                    options.objective = self.objective
                solution = self.adapter.solve(reading.board, options)
            except (InputError, RuntimeFailure) as error:
                # An impossible board (a wrong read or correction), or the solver's time limit:
                # said, not drawn; the source's evidence waits to be logged with the next board
                # that solves.
                self._problems = tuple(problems) + (f"not solved: {_first_line(error)}",)
                self._advice = None
                self._solved_key = key
                self._board_text = reading.text
                return self._publish()
            self.counters.solves += 1
            self._solved_key = key
            self._board_text = reading.text
            self._solution = solution
            # Unsure cells whose true content changes the advice: said in the status line,
            # offered as choices in the panel.
            self._doubts = find_doubts(getattr(self.source, "reader", None), reading,
                                       solution.advice, options)
            self._advice = with_doubts(_with_unread(solution.advice, reading.unread),
                                       self._doubts)
            self._record(reading, solution)
        elif self.source.log_extras() and self._advice is not None:
            self._record(reading, self._solution)
        self._problems = tuple(problems)
        return self._publish()

    def _reading_now(self) -> BoardReading:
        hints = self.hints
        counter = self.spec.counter
        if counter is not None and self.counter_override is not None:
            hints = hints.replaced(**{counter.hint: self.counter_override})
        return self.source.reading(hints)

    def _record(self, reading: BoardReading, solution: Any) -> None:
        extras = self.source.take_log_extras()
        if self.log is None:
            self._step += 1
            return
        step = self.log.next_step()
        state = self.source.state()
        record = LogRecord(
            step=step, time=self.clock(), game=self.game, board=reading.text,
            advice=solution.advice,
            confidence=confidence_grid(state.confidence),
            unread=tuple(Cell(r, c) for r, c in reading.unread),
            solution={**solution.json, **extras}, geometry=self._geometry,
            # Cells the player set by hand (in manual mode the whole board is the player's).
            manual=() if isinstance(self.source, ManualSource) else tuple(sorted(state.manual)))
        frame = None if self._frame is None else np.asarray(self._frame.pixels)
        self.log.append(record, frame)
        self._step = step

    def _note_move(self, cells: Sequence[Cell]) -> None:
        """The first cell the player changed after a logged advice (the recommended cell
        first) is recorded as that advice's move."""
        if self._step == 0 or self._step in self._moved_steps or self.log is None:
            return
        recommended = set(self._advice.recommend) if self._advice is not None else set()
        cell = next((c for c in cells if c in recommended), cells[0])
        self._moved_steps.add(self._step)
        self.log.record_move(self._step, cell)

    def _log_warning(self, message: str) -> None:
        self._log_problem = None if "being written again" in message else message
        self._log_warn_next(message)

    # -- the status line ----------------------------------------------------------------------

    def _counter(self) -> int | None:
        counter = self.spec.counter
        if self._reading is None or counter is None:
            return None
        value = self._reading.board.header(counter.header)
        try:
            return None if value is None else int(value)
        except ValueError:
            return None

    def _status_text(self) -> str:
        parts = [self.source.title(), *self.source.status_parts()]
        value = self._counter()
        if value is not None:
            name = self.spec.words.counter_status or self.spec.counter.header
            parts.append(f"{name} {value}" + (" (set)" if self.counter_override is not None
                                              else ""))
        conf = self.source.confidence()
        if conf is not None:
            parts.append(f"read confidence {conf:.2f}")
        objectives = self.spec.objectives
        if objectives is not None and self.objective != objectives.default:
            parts.append(f"objective {self.objective}")
        if self._advice is not None:
            parts.append(self._advice.status)
        if self.paused:
            parts.append("PAUSED")
        return " · ".join(p for p in parts if p)

    def _publish(self) -> LiveView:
        state = self.source.state()
        warnings = ((self._hidden,) if self._hidden else ()) + tuple(self._problems) + tuple(
            c.describe() for c in state.contradictions) + self.source.warnings()
        if self._log_problem:
            warnings += (self._log_problem,)
        if self._learned:
            warnings += (self._learned,)
        # While nothing may be drawn (no picture, no board in view, not trusted, not read
        # yet) the status says only why; the advice is kept for when it may be drawn again.
        status = self._note or self._status_text()
        shown = None if (self._note or self.paused) else self._advice
        view = LiveView(
            self._version, status, warnings, self._frame_rect, self._geometry, shown,
            state, self._board_text, self._counter(), self.source.confidence(), self.paused,
            self._step, self._doubts if shown is not None else ())
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
