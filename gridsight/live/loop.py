"""The live loop without Qt: frames in, the believed board and the advice to draw out.

One loop serves every game; how a frame becomes the believed board is the game's reading
strategy, a :class:`~gridsight.live.sources.BoardSource` chosen by its spec (a flat grid read
through a pack, a 3D pit followed across a moving view, or the panel alone with ``--manual``).

:meth:`LiveLoop.step` takes one capture result (a :class:`gridsight.vision.capture.Frame`, or a
:class:`gridsight.vision.capture.Missing` saying why there is none) and returns a :class:`LiveView`:
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

Solving runs off the caller's thread when the loop has a ``worker``
(:class:`gridsight.worker.SolveWorker`, a process killed at a hard stop): the board goes to
it and the loop returns at once, so the overlay keeps following the window while the solver
works. Meanwhile the view is marked ``thinking``: the previous advice stays on screen as long
as it still matches the board (the cells it points at are unchanged), and is hidden as soon
as it no longer does. Each later frame (or :meth:`LiveLoop.poll`) takes the answer when it
comes; an answer for a board that has changed since is logged (with the frame, state, evidence
and move of its own moment) but not drawn, and the current board is solved next (a board
passed before the worker was free is never solved: its evidence goes on with the next). Without
a worker (tests, benchmarks) the loop solves inline.

Faults never end the loop: a missing window or a failed grab is shown in the status while the
believed board is kept; a board that cannot be located or is not trusted keeps the last state
and draws nothing (a wrong place is worse than none); cells read ``unknown`` (half hidden) keep
their last state; a log that cannot be written is a warning in the status (the log keeps the
lines in memory) and the advice goes on.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, fields, replace
from typing import TYPE_CHECKING, Any, Callable, Mapping, Sequence

import numpy as np

from gridsight.errors import RuntimeFailure
from gridsight.games.options import Arguments, SolveOptions
from gridsight.games.spec import GameSpec
from gridsight.live.change import ChangeDetector
from gridsight.live.manual import ManualBoard, ManualSource
from gridsight.live.sources import BoardSource, GridSource, SourceUpdate
from gridsight.memo import ReadMemo
from gridsight.log import LogRecord, RecommendationLog, confidence_grid, utc_now
from gridsight.games.doubts import Doubt, doubts_of
from gridsight.errors import HintChoices
from gridsight.readers.base import BoardReading, ReadHints, unread_advised
from gridsight.registry import get_spec
from gridsight.tracking import TrackerState
from gridsight.solvers.advice import Advice, Cell, CellMark, MarkKind
from gridsight.solvers.errors import InputError
from gridsight.vision.errors import VisionInputError

if TYPE_CHECKING:  # pragma: no cover
    from gridsight.vision.capture import Frame, Missing
    from gridsight.vision.geometry import BoardGeometry


@dataclass(frozen=True, eq=False)
class LiveView:
    """What the loop shows now.

    ``geometry`` is in the pixels of ``frame_rect`` (the captured screen rectangle, ``None``
    while there is no picture or it is not trusted); ``advice`` is ``None`` until a board has
    been solved, and while nothing may be drawn. ``state`` is the believed board (pack labels;
    board tokens in manual mode and for a pit), ``board`` its text as solved, ``counter`` the
    game's counter on that board (Disco Zoo's taps left). ``version`` grows whenever anything
    drawn changes, so a driver redraws only then.

    ``status`` is the line a player reads first: the advice in one short line in the game's
    words (``Tap row 4, column 1 - 80% an animal``), or why there is none (``waiting: ...``);
    ``why`` the advice's one-line why (when the advised cell is not the likeliest or safest);
    ``details`` the rest (the game, the counter, the read confidence, the objective), for the
    panel and ``--verbose``, never in the way of the advice.
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
    why: str = ""
    details: tuple[str, ...] = ()
    thinking: bool = False
    doubts: tuple[Doubt, ...] = ()  # unsure reads, each with whether it changes the advice
    choices: HintChoices | None = None  # a hint the screen did not settle, to choose in the panel
    screen: tuple[int, int, int, int] | None = None  # the game's window in the frame, if smaller

    def status_line(self, verbose: bool = False) -> str:
        """The status as one line of text: the advice, its why, the warnings (and with
        ``verbose`` the details)."""
        parts = [self.status, self.why] + [f"warning: {w}" for w in self.warnings]
        if verbose and self.details:
            parts.append(" · ".join(self.details))
        return "  |  ".join(p for p in parts if p)


#: How a board's refused read starts its warning (the panel, showing the choice it offers,
#: leaves it out: see :meth:`gridsight.live.panel.Panel._show_status`).
REFUSAL = "cannot read the board: "

#: Why a board got no advice record (the log's ``passed`` lines).
BUSY = "the board changed again before the solver was free"
ENDED = "the session ended before the solver answered"

#: Frames a window found again after it was closed (or before it was ever shown) may stay
#: unshown and still be said as it was: X makes a window before it maps it, so a reopened game
#: read "minimised or hidden" for a moment between "was closed" and the advice (a state the
#: player never saw). A window still unshown past these frames was opened minimised: said so.
OPENING_FRAMES = 30


@dataclass
class _Job:
    """A board for the worker, with what its log record needs from the moment it was read:
    the frame and geometry, the believed state, the source's evidence (``extras``) and the
    cells the player changed next (``moved``)."""

    key: tuple
    reading: BoardReading
    problems: tuple[str, ...]
    frame: Any
    geometry: Any
    state: TrackerState
    extras: dict[str, Any]
    moved: tuple[Cell, ...] = ()
    time: str = ""  # when it was read


@dataclass
class LoopCounters:
    """How much work the loop did (for tests and the benchmark)."""

    frames: int = 0
    reads: int = 0
    solves: int = 0
    skipped: int = 0
    missing: int = 0
    passed: int = 0  # boards given no advice record (logged as passed, with why)
    located: int = 0  # frames read in which the board was found (a wrong --game: none)


class LiveLoop:
    """Frames to advice for one game (see the module docstring).

    ``game`` is a game's name or spec. The board comes from ``source``; without one, from
    ``pack`` (a flat grid game read through that template pack; ``reader`` and ``settings``
    replace the spec's reader and tracker rules) or from ``manual`` (the panel alone).
    ``solve_options`` are the game's typed options, or the command line's solve settings
    (turned into them by the adapter's ``options_from``).
    """

    def __init__(
        self,
        game: str | GameSpec,
        pack: Any = None,
        *,
        source: BoardSource | None = None,
        reader: Any = None,
        adapter: Any = None,
        solve_options: SolveOptions | Arguments | None = None,
        hints: ReadHints = ReadHints(),
        log: RecommendationLog | None = None,
        settings: Any = None,
        manual: ManualBoard | None = None,
        clock: Callable[[], str] = utc_now,
        learn: bool = False,
        worker: Any = None,
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
        self._skin_of: tuple[Any, dict[str, str]] | None = None
        self.adapter = adapter or self.spec.adapter
        if solve_options is None:
            solve_options = self.adapter.options_type()
        elif not isinstance(solve_options, SolveOptions):  # settings of the command line
            solve_options = self.adapter.options_from(solve_options)
        self.solve_options: SolveOptions = solve_options
        self.worker = worker
        self._wanted: _Job | None = None  # the newest board to solve (None: none)
        self._running: _Job | None = None  # the board the worker is solving
        self._said_preparing = False  # the worker was preparing the solver at the last view
        # The board "Preparing the solver (first run)…" was said for: said once, for the
        # first board the warm-up holds up (a demo's every board said it).
        self._preparing_for: tuple | None = None
        self._advice_board = ""  # the board text the advice was worked out for
        self._kept: tuple[tuple, Advice | None] | None = None  # the advice shown while thinking
        self.hints = hints  # the session's own (the command line's)
        self._choices: HintChoices | None = None  # what the reader asked the player to choose
        self._unread = False  # the board as believed cannot be read: no advice shown
        self._chosen: dict[str, Any] = {}  # hints the player chose in the panel, this game's
        #: Whether a panel offers what the reader asks the player to choose (the panel sets
        #: it: ``live --no-panel`` has none, and the player must start again with the option)
        self.choices_offered = False
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
        #: What the reader remembers from frame to frame of this session alone (the Disco
        #: Zoo title's region while the cards stay the same: 0.07-0.19 CPU s a frame read).
        self.memo = ReadMemo()
        self._reads_due = 0
        self._frame: Frame | None = None
        self._geometry: BoardGeometry | None = None
        self._screen: tuple[int, int, int, int] | None = None
        self._note = "" if not source.captures else "starting"
        self._hidden = ""
        self._away: Any = None  # why the last frame was missing (a Missing), while it is
        self._opening = 0  # frames the window, found again, has stayed unshown
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

    @property
    def thinking(self) -> bool:
        """Is the solver at work on the believed board (its answer not in yet)?"""
        return self._wanted is not None

    def poll(self) -> LiveView:
        """Take the solver's answer if it came (with a worker); returns the view."""
        if self._collect() or self._preparing() != self._said_preparing:
            return self._publish()
        return self._view

    def _preparing(self) -> bool:
        """Is the worker preparing the solver (a first run compiling the game's kernel)?"""
        return bool(getattr(self.worker, "preparing", False))

    def settle(self, timeout: float) -> LiveView:
        """Wait (at most ``timeout`` seconds) until the solver has answered the board."""
        import time

        end = time.monotonic() + timeout
        while self.thinking and time.monotonic() < end:
            self._collect(wait=0.05)
        return self._publish()

    def step(self, frame: Frame | Missing) -> LiveView:
        """Take one capture result; returns the view (the same object when nothing changed)."""
        from gridsight.vision.capture import Missing

        self.counters.frames += 1
        if self._collect():
            self._publish()
        if isinstance(frame, Missing):
            self.counters.missing += 1
            self._detector.reset()  # the picture coming back counts as a change
            self._reads_due = 0
            self._frame_rect, self._geometry, self._screen = None, None, None
            self._note = _waiting(self._missing(frame).message)
            return self._publish()
        self._away, self._opening = None, 0
        if not self.source.captures:
            return self._view
        changed = self._detector.changed(frame.pixels)
        if changed:
            self._reads_due = max(self._reads_due, self.source.confirm)
        if self._reads_due <= 0 and not self.source.watching:
            self.counters.skipped += 1
            if frame.rect != self._frame_rect and self._frame_rect is not None:
                # The window moved, its picture the same: the overlay follows it (the
                # geometry is in the frame's own pixels).
                self._frame, self._frame_rect = frame, frame.rect
                return self._publish()
            return self._view
        self._reads_due = max(0, self._reads_due - 1)
        self._frame, self._frame_rect = frame, frame.rect
        self.counters.reads += 1
        with self.memo:
            update = self.source.read(frame)
        return self._take(update)

    def _missing(self, missing: Missing) -> Missing:
        """Why there is no frame, as the player is told: a window found again after it was
        closed (or not found) but not shown yet is being opened, and the last word stands
        (:data:`OPENING_FRAMES`), rather than "minimised" for a moment before the advice."""
        from gridsight.vision.capture import MissingReason

        away = self._away
        if missing.reason is MissingReason.MINIMISED and away is not None \
                and away.reason in (MissingReason.CLOSED, MissingReason.NOT_FOUND) \
                and self._opening < OPENING_FRAMES:
            self._opening += 1
            return away
        self._away, self._opening = missing, 0
        return missing

    def _take(self, update: SourceUpdate) -> LiveView:
        self._geometry = update.geometry
        self._screen = update.screen if update.geometry is not None else None
        self._note = update.note
        if update.geometry is not None:
            self._hidden = update.warning
            self.counters.located += 1
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
        self._choices = None
        self._chosen = {}  # a hint chosen in the panel was this game's
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

    def set_hint(self, name: str, value: Any) -> LiveView:
        """The player's choice of a hint the screen did not settle (the panel's choice of the
        rescue's animals, among :attr:`LiveView.choices`): read again with it, until a new
        game."""
        self._chosen[name] = value
        self._choices = None
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
            self._choices = getattr(error, "choices", None)
            said = _first_line(error)
            if self._choices is not None:
                said = _refusal_words(said, self._choices, self.spec, self.choices_offered)
            self._problems = (f"{REFUSAL}{said}",)
            # No advice is shown for a board not read: the last one's may be another board's
            # (after a new game whose cards' names are not read, the last rescue's tap stayed
            # shown). It is kept for when the same board reads again (a toast gone).
            self._unread = True
            return self._publish()
        self._choices = None
        self._unread = False
        self._reading = reading
        problems.extend(reading.warnings)
        if reading.unread:
            problems.append(f"{len(reading.unread)} cell(s) unread: solved as not yet observed")
        key = (reading.text, self.objective)
        if key != self._solved_key:
            self._problems = tuple(problems)
            if self.worker is not None:
                if self._wanted is not None and self._wanted.key == key:
                    return self._publish()  # already on its way
                job = _Job(key, reading, tuple(problems), self._frame, self._geometry,
                           self.source.state(), self.source.take_log_extras(),
                           time=self.clock())
                if self._wanted is not None and self._wanted is not self._running:
                    # A board passed before the worker was free: never solved, its evidence
                    # goes on with this one, and the log says it was passed.
                    job.extras = _merge_extras(self._wanted.extras, job.extras)
                    self._passed(self._wanted, BUSY)
                self._board_text = reading.text
                self._wanted = job
                self._dispatch()
                return self._publish()
            try:
                solution = self.adapter.solve(reading.board, self._options())
            except (InputError, RuntimeFailure) as error:
                self._accept(key, reading, tuple(problems), error=_first_line(error))
            else:
                self._accept(key, reading, tuple(problems), solution=solution)
            return self._publish()
        if self._wanted is not None and self._wanted is not self._running:
            self._passed(self._wanted, BUSY)  # a board between two reads of the solved one
        self._wanted = None  # back to the board solved last: nothing to wait for
        self._board_text = reading.text  # (not the board still with the worker)
        if self.source.log_extras() and self._advice is not None:
            self._record(reading, self._solution)
        self._problems = tuple(problems)
        return self._publish()

    def _accept(self, key: tuple, reading: BoardReading, problems: tuple[str, ...], *,
                solution: Any = None, error: str = "", record: bool = True) -> None:
        """The solver's answer for the board ``key``: advice to draw and (``record``) a log
        record, or, for an impossible board (a wrong read or correction) or a solver stopped
        hard, the problem said and nothing drawn; the source's evidence then waits to be
        logged with the next board that solves."""
        self._solved_key = key
        self._board_text = reading.text
        if solution is None:
            self._problems = problems + (f"not solved: {error}",)
            self._passed_board(reading.text, f"not solved: {error}", self.clock())
            self._advice = None
            self._advice_board = ""
            return
        self._problems = problems
        self._solution = solution
        self._doubts = doubts_of(solution.json)  # for the panel to offer
        self._advice = _with_unsure_read(
            _with_unsure(_with_unread(solution.advice, reading.unread), self._doubts), reading)
        self._advice_board = reading.text
        if record:
            self.counters.solves += 1
            self._record(reading, solution)

    def _dispatch(self) -> None:
        """Give the worker the board wanted, if it is free (else it comes after)."""
        if self.worker is None or self._wanted is None or self._running is not None:
            return
        if self.worker.busy:  # another caller's board: its answer is taken and dropped
            return
        self._running = self._wanted
        self.worker.submit(self.game, self._running.reading.text, self._options(),
                           tag=id(self._running))

    def _collect(self, wait: float = 0.0) -> bool:
        """Take the worker's answer when it came; True when it changed what is shown."""
        if self.worker is None:
            return False
        if not self.worker.busy:
            self._dispatch()
            return False
        result = self.worker.poll(wait)
        if result is None:
            return False
        job, self._running = self._running, None
        if job is None or result.tag != id(job):
            self._dispatch()  # not this loop's board
            return False
        if result.solution is not None:
            self.counters.solves += 1
            self._log_job(job, result.solution)
        changed = job is self._wanted
        if changed:
            self._wanted = None
            if result.solution is not None:
                self._accept(job.key, job.reading, job.problems, solution=result.solution,
                             record=False)
            else:
                self._accept(job.key, job.reading, job.problems,
                             error=_first_line(result.error))
        elif result.solution is None:
            self._passed(job, f"not solved: {_first_line(result.error)}")
            if self._wanted is not None:
                # A board gone that did not solve: its evidence goes on with the board now.
                self._wanted.extras = _merge_extras(job.extras, self._wanted.extras)
        self._dispatch()
        return changed

    def _log_job(self, job: _Job, solution: Any) -> None:
        """The log record of a board solved by the worker, with its own moment's frame,
        state and evidence, and the move the player made after it (when it came first)."""
        if self.log is None:
            self._step += 1
            return
        step = self.log.next_step()
        record = LogRecord(
            step=step, time=self.clock(), game=self.game, board=job.reading.text,
            advice=solution.advice, confidence=confidence_grid(job.state.confidence),
            unread=tuple(Cell(r, c) for r, c in job.reading.unread),
            solution={**solution.json, **job.extras}, geometry=job.geometry,
            manual=() if isinstance(self.source, ManualSource) else tuple(sorted(
                job.state.manual)), skin=self._skin())
        frame = None if job.frame is None else np.asarray(job.frame.pixels)
        self.log.append(record, frame)
        self._step = step
        if job.moved:
            recommended = set(solution.advice.recommend)
            self._moved_steps.add(step)
            self.log.record_move(step, next((c for c in job.moved if c in recommended),
                                            job.moved[0]))

    def _skin(self) -> Mapping[str, str]:
        """The colours the game draws its labels in, from the pack read through (logged, so
        the replay draws a piece in the game's colour as the panel does); worked out once
        per pack (a pack's templates are medians of its cells)."""
        pack = self.pack
        if self._skin_of is None or self._skin_of[0] is not pack:
            self._skin_of = (pack, dict(self.spec.words.skin(pack)))
        return self._skin_of[1]

    def _passed(self, job: _Job, why: str) -> None:
        self._passed_board(job.reading.text, why, job.time or None)

    def _passed_board(self, board: str, why: str, time: str | None) -> None:
        """Say in the log that ``board`` gets no advice record, and why: a log accounts for
        every board read, however busy the machine (a board passed while the solver worked
        on an earlier one was silently missing from the log)."""
        self.counters.passed += 1
        if self.log is not None:
            self.log.record_passed(board, why, time)

    def finish(self, timeout: float) -> LiveView:
        """The session ends: wait (at most ``timeout`` seconds) for the answer to the board
        being solved, so the last advice shown is logged; a board still unanswered then is
        logged as passed, saying so."""
        if self.worker is not None and self._wanted is not None:
            self.settle(timeout)
        wanted, self._wanted = self._wanted, None
        if wanted is not None:
            self._passed(wanted, ENDED)
        return self._view

    def _options(self) -> SolveOptions:
        """The solve options, with the objective chosen in the panel (for a game that has
        objectives)."""
        options = self.solve_options
        if self.objective is not None and "objective" in {f.name for f in fields(options)}:
            options = replace(options, objective=self.objective)  # type: ignore[call-arg]
        return options

    def _reading_now(self) -> BoardReading:
        hints = self.hints.replaced(**self._chosen)
        counter = self.spec.counter
        if counter is not None and self.counter_override is not None:
            hints = hints.replaced(**{counter.hint: self.counter_override})
        with self.memo:
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
            # with its unsure cells marked as live marked them: the replay's picture of a
            # found tile read "Panda or Tiger" left it unmarked
            advice=_with_unsure_read(_with_unsure(solution.advice, doubts_of(solution.json)),
                                     reading),
            confidence=confidence_grid(state.confidence),
            unread=tuple(Cell(r, c) for r, c in reading.unread),
            solution={**solution.json, **extras}, geometry=self._geometry,
            # Cells the player set by hand (in manual mode the whole board is the player's).
            manual=() if isinstance(self.source, ManualSource) else tuple(sorted(state.manual)),
            skin=self._skin())
        frame = None if self._frame is None else np.asarray(self._frame.pixels)
        self.log.append(record, frame)
        self._step = step

    def _note_move(self, cells: Sequence[Cell]) -> None:
        """The first cell the player changed after a logged advice (the recommended cell
        first) is recorded as that advice's move; after a board still with the worker, it is
        kept with that board and recorded with its log record."""
        pending = self._wanted
        if pending is not None:
            if not pending.moved:
                pending.moved = tuple(cells)
            return
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
        """The counter as read (the first of ``18/10``, a count read unsure: the one taken)."""
        said = self._counter_said()
        return None if said is None else int(said.split(" ")[0].rstrip("?"))

    def _counter_said(self) -> str | None:
        """The counter as read: ``18``, or ``18 or 10?`` when read unsure between counts
        (the header ``18/10``: the first taken)."""
        counter = self.spec.counter
        if self._reading is None or counter is None:
            return None
        value = self._reading.board.header(counter.header)
        if value is None or not all(part.isdigit() for part in value.split("/")):
            return None
        parts = value.split("/")
        return parts[0] if len(parts) == 1 else " or ".join(parts) + "?"

    def _status_text(self) -> str:
        """The advice's one short line (the line read first), or what stands in for it."""
        if self.paused:
            return "Paused: the advice is not drawn"
        if self.thinking:
            shown = self._advice_shown()
            # A first run compiles the game's kernel (gridsight.warm): minutes on a busy
            # machine, said as such rather than a bare "Thinking…", for its first board only.
            key = self._wanted.key if self._wanted is not None else None
            preparing = self._preparing() and self._preparing_for in (None, key)
            if preparing:
                self._preparing_for = key
            doing = "Preparing the solver (first run)…" if preparing else "Thinking…"
            return doing if shown is None else f"{doing} (last: {self._said(shown)[0]})"
        if self._advice is not None and not self._unread:
            return self._said(self._advice)[0]
        if self._choices is not None:  # the panel offers the choice, the warning the rest
            said = self._choices.said or f"the {self._choices.hint} are not read beyond doubt"
            return f"no advice: {said}"
        if not self._problems:
            return "reading the board"
        # The headline says which failed in plain words; the warning under it says why.
        if self._unread:
            return "no advice: the board is not read (why below)"
        if any(p.startswith("not solved: ") for p in self._problems):
            return "no advice: this board is not solved (why below)"
        return "no advice for this board"

    def _details(self, shown: Advice | None) -> tuple[str, ...]:
        """What the panel and ``--verbose`` add: the game, the counter, the read confidence,
        the objective, the details of the advice ``shown`` (none while nothing may be drawn:
        with the game's window minimised the panel still said "91% that this cell and the
        next step are both safe" under empty cells)."""
        parts = [self.source.title(), *self.source.status_parts()]
        value, counter = self._counter_said(), self.spec.counter
        if value is not None and counter is not None:
            name = self.spec.words.counter_status or counter.header
            parts.append(f"{name} {value}" + (" (set by hand)" if self.counter_override
                                              is not None else ""))
        for name, value in self._chosen.items():
            picked = ", ".join(value) if isinstance(value, (tuple, list)) else str(value)
            parts.append(f"{name} set by hand: {picked} (until a new game)")
        conf = self.source.confidence()
        if conf is not None:
            parts.append(f"read confidence {conf:.2f}")
        objectives = self.spec.objectives
        if objectives is not None and self.objective != objectives.default:
            parts.append(f"aim: {self.spec.words.objective_name(self.objective or '')}")
        if shown is not None:
            parts += list(shown.details)
        notes = getattr(self.source, "notes", None)  # standing caveats of the setup
        if notes is not None:
            parts += [f"note: {note}" for note in notes()]
        return tuple(p for p in parts if p)

    def _said(self, advice: Advice) -> tuple[str, str]:
        """The advice's line and why as live says them: the game's short line first and the
        rest under it, with the advice's own why (:attr:`GameSpec.headline`), when the game
        gives one (a pentomino piece's cells made three lines of the strip)."""
        short = self.spec.headline(advice) if self.spec.headline is not None else None
        if short is None:
            return advice.status, advice.why
        return short[0], "; ".join(part for part in (short[1], advice.why) if part)

    def _advice_shown(self) -> Advice | None:
        """The advice to draw: while the solver thinks, the previous one only as long as it
        still matches the board (a stale "tap here" on a changed cell is worse than none),
        less its marks and figures on the cells that changed."""
        if self._unread:
            return None
        if self._advice is None or not self.thinking:
            return self._advice
        key = (id(self._advice), self._board_text)
        if self._kept is None or self._kept[0] != key:
            kept = None
            if _still_matches(self._advice, self._advice_board, self._board_text):
                kept = _without_cells(self._advice,
                                      _changed_cells(self._advice_board, self._board_text))
            self._kept = (key, kept)
        return self._kept[1]

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
        self._said_preparing = self._preparing()  # a change of it is published by poll()
        status = self._note or self._status_text()
        shown = None if (self._note or self.paused) else self._advice_shown()
        view = LiveView(
            self._version, status, warnings, self._frame_rect, self._geometry, shown,
            state, self._board_text, self._counter(), self.source.confidence(), self.paused,
            # The why is of the board it was worked out for: while the next is thought over,
            # it is not said again beside "Thinking… (last: ...)" (it named chances of the
            # last board, said as if of this one).
            self._step, why=self._said(shown)[1] if shown is not None and not self.thinking
            else "",
            details=self._details(shown),
            thinking=self.thinking, doubts=self._doubts if shown is not None else (),
            choices=self._choices, screen=self._screen)
        if _drawn(view) != _drawn(self._view) or _grid(view) != _grid(self._view):
            self._version += 1
            view = replace(view, version=self._version)
        else:
            view = replace(view, version=self._view.version)
        self._view = view
        return view


def _drawn(view: LiveView) -> tuple:
    geometry = None if view.geometry is None else view.geometry.homography.round(3).tobytes()
    return (view.status, view.warnings, view.frame_rect, geometry, id(view.advice), view.paused,
            view.details, view.thinking, view.choices, view.screen)


def _grid(view: LiveView) -> tuple:
    state = view.state
    return () if state is None else (state.grid, state.manual, state.contradictions)


def _still_matches(advice: Advice, solved: str, now: str) -> bool:
    """Does ``advice``, worked out for board text ``solved``, still fit the board ``now``:
    the same size, and every cell it points at (the move, the path, the pieces) unchanged?

    >>> tap = Advice("demo", 2, 2, recommend=(Cell(0, 1),))
    >>> solved = ". .\\n. .\\n"
    >>> _still_matches(tap, solved, ". .\\n. x\\n"), _still_matches(tap, solved, ". x\\n. .\\n")
    (True, False)
    """
    from gridsight.solvers.boardtext import parse_boards

    try:
        before, after = parse_boards(solved)[0].grid, parse_boards(now)[0].grid
    except (InputError, IndexError):
        return False
    if len(before) != len(after) or any(len(a) != len(b) for a, b in zip(before, after)):
        return False
    cells = set(advice.recommend) | set(advice.path) | {
        cell for piece in advice.pieces for cell in piece.cells}
    for cell in cells:
        if not (0 <= cell.row < len(before) and 0 <= cell.col < len(before[cell.row])):
            return False
        if before[cell.row][cell.col] != after[cell.row][cell.col]:
            return False
    return True


def _merge_extras(first: dict[str, Any], then: dict[str, Any]) -> dict[str, Any]:
    """Evidence of two moments in one: lists (dig events) joined in order, the rest the
    later's."""
    merged = dict(first)
    for name, value in then.items():
        earlier = merged.get(name)
        merged[name] = earlier + value if isinstance(earlier, list) and isinstance(
            value, list) else value
    return merged


def _changed_cells(solved: str, now: str) -> set[Cell]:
    """The cells whose token differs between two board texts of the same size."""
    from gridsight.solvers.boardtext import parse_boards

    before, after = parse_boards(solved)[0].grid, parse_boards(now)[0].grid
    return {Cell(r, c) for r, (a, b) in enumerate(zip(before, after))
            for c, (x, y) in enumerate(zip(a, b)) if x != y}


def _without_cells(advice: Advice, cells: set[Cell]) -> Advice:
    """``advice`` less its marks and figures on ``cells`` (they changed since)."""
    if not cells:
        return advice
    return replace(
        advice,
        marks=tuple(m for m in advice.marks if Cell(m.row, m.col) not in cells),
        figures=tuple(f for f in advice.figures if Cell(f.row, f.col) not in cells))


def _with_unread(advice: Advice, unread: Sequence[tuple[int, int]]) -> Advice:
    """``advice`` with the unread cells marked ``?`` and, when the advised cell is one of them,
    the status line saying to look at it first (it was solved as not yet observed)."""
    if not unread:
        return advice
    taken = {(m.row, m.col) for m in advice.marks}
    marks = advice.marks + tuple(CellMark(r, c, MarkKind.UNREAD, "?")
                                 for r, c in unread if (r, c) not in taken)
    return replace(advice, marks=marks,
                   status=unread_advised(advice.status, advice.recommend, unread))


def _with_unsure(advice: Advice, doubts: Sequence[Doubt]) -> Advice:
    """``advice`` with each cell of ``doubts`` marked unsure by what it may be ("Panda or
    Tiger?"), on the game as in the annotated picture: the tile the status line's caveat
    names is the one outlined."""
    taken = {(m.row, m.col) for m in advice.marks}
    marks = tuple(CellMark(d.cell[0], d.cell[1], MarkKind.UNSURE, " or ".join(d.options) + "?")
                  for d in doubts if d.cell is not None and d.cell not in taken)
    return replace(advice, marks=advice.marks + marks) if marks else advice


def _with_unsure_read(advice: Advice, reading: BoardReading) -> Advice:
    """``advice`` with each cell the reader read unsure and no doubt marked yet (the advice
    is the same whatever it is) marked by the game's words for what it may be, as the
    annotated picture marks it (:func:`gridsight.screenshots.with_reading`): live, a found
    tile read "Panda or Tiger" was named so in the panel's cell alone, the game's tile under
    the overlay unmarked while ``analyze`` outlined it "Panda or Tiger?"."""
    if not reading.unsure:
        return advice
    taken = {(m.row, m.col) for m in advice.marks}
    tokens, headers = reading.board.grid, dict(reading.board.headers)
    words = get_spec(advice.game).words
    marks = tuple(CellMark(r, c, MarkKind.UNSURE,
                           words.word(tokens[r][c], headers, tokens[r][c]).name)
                  for r, c in reading.unsure if (r, c) not in taken)
    return replace(advice, marks=advice.marks + marks) if marks else advice


_WAITING_CLAUSE = re.compile(r"; waiting for it(?: to reopen)?(?= \(|;|$)")
_REOPEN_CLAUSE = re.compile(r"; waiting for it to reopen(?= \(|;|$)")
#: What a closed window's status says instead of the capture's "waiting for it to reopen".
REOPENED = "followed again when it reopens"


def _waiting(message: str) -> str:
    """The status while there is no frame: "waiting: " and why, without the capture's own
    "waiting for it" clause (the panel's head read "waiting: window 'Game' is minimised or
    hidden; waiting for it", two lines saying waiting twice). A closed window's status says
    it is followed again once reopened: "waiting: window 'Game' was closed" alone left the
    player to guess whether gridsight must be started again.

    >>> _waiting("window 'Game' was closed; waiting for it to reopen")
    "waiting: window 'Game' was closed; followed again when it reopens"
    >>> _waiting("window 'Game' is minimised or hidden; waiting for it")
    "waiting: window 'Game' is minimised or hidden"
    >>> _waiting("screen capture failed (BadMatch)")
    'waiting: screen capture failed (BadMatch)'
    """
    said = _REOPEN_CLAUSE.sub(f"; {REOPENED}", message)
    return f"waiting: {_WAITING_CLAUSE.sub('', said)}"


_CLAUSES = re.compile(r"(; |(?<!e\.g)\. )")
_LISTED_IN_PART = re.compile(r"(: )?card \d+: [^;]* or one of \d+ more$")


def _refusal_words(message: str, choices: HintChoices, spec: GameSpec, offered: bool) -> str:
    """A refusal's message as a live player can act on it: the reader's words name the
    command line's option (``name the animals ... with --animals``), which a player in the
    middle of a game gives only by starting again. With the choice offered in the panel, the
    clauses naming an option give way to where to pick it; without a panel (``--no-panel``),
    the message says to start again with it.

    >>> from gridsight.registry import get_spec
    >>> ask = HintChoices("animals", (("Pig",),))
    >>> _refusal_words("no cards; name the animals with --animals, e.g. --animals Pig",
    ...                ask, get_spec("disco-zoo"), True)
    "no cards; pick the animals in the panel's lists"
    >>> _refusal_words("they leave 9 choices: card 1: Pig, Cow or one of 7 more; card 2: Pig "
    ...                "or Cow", ask, get_spec("disco-zoo"), True)
    "they leave 9 choices; card 2: Pig or Cow; pick the animals in the panel's lists"
    """
    flags = tuple(f for h in spec.hints for f in (h.flag, *h.aliases)) or (f"--{choices.hint}",)
    named = next((h.flag for h in spec.hints if h.name == choices.hint), f"--{choices.hint}")
    if not offered:
        return (f"{message} (to give {named}, start live again with it; the panel, left out by "
                "--no-panel, offers the pick)")
    parts = _CLAUSES.split(message)
    # A card's candidates listed only in part ("card 1: Sheep, Pig, Rabbit, Horse, Cow or
    # Unicorn or one of 96 more") are the panel's lists, whole: on the strip they made a
    # 9-line warning (a small screen's rescue, OCR off) that pushed the strip off the game's
    # foot. Listed whole (a few), they stay.
    parts[::2] = [_LISTED_IN_PART.sub("", part) for part in parts[::2]]
    kept = "".join(part + sep for part, sep in zip(parts[::2], parts[1::2] + [""])
                   if part and not any(flag in part for flag in flags))
    kept = kept.rstrip("; .")
    where = pick_where(choices)
    return f"{kept}; {where}" if kept else where


def pick_where(choices: HintChoices) -> str:
    """Where the player picks what the screen did not settle."""
    return f"pick the {choices.hint} in the panel's lists"


def _first_line(error: object) -> str:
    text = str(error).strip()
    return text.splitlines()[0] if text else type(error).__name__


__all__ = ["LiveLoop", "LiveView", "LoopCounters"]
