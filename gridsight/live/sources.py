"""Where a live loop's believed board comes from: the reading strategies of ``gridsight live``.

:class:`~gridsight.live.loop.LiveLoop` is one loop for every game (solve on change, log,
moves, corrections, the view to draw); what differs is how a frame becomes the believed board,
and that is a :class:`BoardSource`, chosen by the game's spec:

- :class:`GridSource`: a flat grid read through a template pack (the spec's
  :class:`~gridsight.games.spec.GridReading`): the board located (its geometry reused while
  its anchor still fits), the cells read and fed to a :class:`~gridsight.tracking.CellTracker`
  with the game's rules, the game's reader turning the believed labels into board text;
- :class:`~gridsight.live.manual.ManualSource`: no capture; the panel sets board tokens
  (``gridsight live --manual``);
- a 3D pit's source lives with its game (``gridsight.games.thrill_digger.live.PitSource``,
  from the spec's :class:`~gridsight.games.spec.PitReading`).

A source never solves, logs or draws: it says what the frame showed (:class:`SourceUpdate`) and
what the board is now (:meth:`BoardSource.state`, :meth:`BoardSource.reading`).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from gridsight.live.settings import TrackerSettings
from gridsight.readers.base import BoardReading, ReadError, ReadHints
from gridsight.tracking import UNKNOWN, UNSEEN, CellRead, TrackerState
from gridsight.solvers.advice import Cell
from gridsight.solvers.cellnames import cell_name
from gridsight.vision.errors import BoardNotFoundError, VisionInputError

if TYPE_CHECKING:  # pragma: no cover
    from gridsight.games.spec import GameSpec
    from gridsight.screens import ScreenMemory
    from gridsight.vision.capture import Frame
    from gridsight.vision.classify import BoardRead
    from gridsight.vision.geometry import BoardGeometry
    from gridsight.vision.packs import TemplatePack

MIN_VISIBLE = 0.3  # a board with fewer cells readable than this is "not in view"
MIN_AGREEMENT = 0.8  # ... or whose readable cells mostly disagree with the believed board


@dataclass(frozen=True)
class SourceUpdate:
    """What one frame told a source.

    ``geometry`` is where the board is in the frame (``None``: not in view, or not trusted:
    nothing is drawn); ``note`` says why nothing is drawn (it is then the whole status line);
    ``warning`` is something the player should know although the board is drawn (a part of it
    hidden); ``changed`` whether the believed board may have changed (then the loop reads the
    board text again and solves if it differs); ``moved`` the cells the player changed, in the
    order to prefer (the loop records the recommended one first as the last advice's move);
    ``screen`` the game's own screen ``(x, y, width, height)`` in the frame when the board was
    found in a window of a larger capture (a phone mirrored on a desktop), so that the overlay
    keeps its strip and panel off that window rather than merely off the board.
    """

    geometry: BoardGeometry | None
    note: str = ""
    warning: str = ""
    changed: bool = True
    moved: tuple[Cell, ...] = ()
    screen: tuple[int, int, int, int] | None = None


@runtime_checkable
class BoardSource(Protocol):
    """A reading strategy of the live loop (see the module docstring).

    ``captures``: whether frames feed it (``False``: the panel alone sets the board);
    ``confirm``: how many frames to read after a change of the picture, even unchanged ones;
    ``steady_rate``: whether it counts time in frames (then the screen is polled at one rate);
    ``ready``: whether its believed board may be solved yet; ``choices``: what the panel
    offers for a cell; ``title``: how the status line names the game.
    """

    captures: bool
    confirm: int
    steady_rate: bool
    choices: tuple[str, ...]

    @property
    def ready(self) -> bool: ...

    @property
    def watching(self) -> bool:
        """Whether every frame must be read, changed or not (something is being watched)."""

    def title(self) -> str: ...

    def status_parts(self) -> tuple[str, ...]:
        """Further status-line parts (a 3D pit: how many holes are dug)."""

    def confidence(self) -> float | None:
        """The lowest read confidence on the board, when the source reads cells."""

    def read(self, frame: Frame) -> SourceUpdate: ...

    def state(self) -> TrackerState: ...

    def reading(self, hints: ReadHints) -> BoardReading:
        """The believed board as board text (an :class:`~gridsight.solvers.errors.InputError` when it
        cannot be written)."""

    def correct(self, row: int, col: int, label: str) -> None: ...

    def undo(self) -> bool: ...

    def reset(self) -> None: ...

    def warnings(self) -> tuple[str, ...]:
        """Standing warnings of the source itself (a 3D tracker's latest)."""

    def log_extras(self) -> dict[str, Any]:
        """Evidence waiting to be logged with the next record (dig events, a correction);
        a source with some makes the loop log again even if the board text did not change."""

    def take_log_extras(self) -> dict[str, Any]:
        """:meth:`log_extras`, now logged (cleared)."""


class _NoExtras:
    """The parts of :class:`BoardSource` most sources share: nothing extra to log or say."""

    steady_rate = False

    @property
    def watching(self) -> bool:
        return False

    def status_parts(self) -> tuple[str, ...]:
        return ()

    def warnings(self) -> tuple[str, ...]:
        return ()

    def log_extras(self) -> dict[str, Any]:
        return {}

    def take_log_extras(self) -> dict[str, Any]:
        return {}


class GridSource(_NoExtras):
    """A flat grid read through ``pack`` with the game's tracker rules and reader.

    A pack for a board bigger than the screen (the spec's ``GridReading.scrolling`` holds
    it: a tile-path room) is read through the game's own placing of each frame's view in the
    board; its tracker's cells start unseen (``?``) and keep their last seen state while out
    of view (:class:`gridsight.tracking.ViewMerger`'s rules).
    """

    captures = True

    def __init__(self, spec: GameSpec, pack: TemplatePack, *, reader: Any = None,
                 settings: TrackerSettings | None = None, memory: ScreenMemory | None = None,
                 pack_name: str | None = None):
        from gridsight.games.spec import GridReading
        from gridsight.readers.desktop import ScreenLocator
        from gridsight.vision.locate import Locator

        if not isinstance(spec.reading, GridReading) and (reader is None or settings is None):
            raise TypeError(f"{spec.name} is not read as a flat grid")
        self.spec = spec
        self.pack = pack
        self.reader = reader if reader is not None else spec.reading.game_reader
        self.settings = settings or spec.reading.tracker
        self.confirm = self.settings.confirm
        self.choices = tuple(pack.labels)
        reading = spec.reading if isinstance(spec.reading, GridReading) else None
        self._rooms = reading.scrolling_for(pack) if reading is not None else None
        # A room bigger than the screen starts unseen (``?``), not as the game's initial label.
        self.tracker = self.settings.tracker(
            pack.rows, pack.cols, initial=UNSEEN if self._rooms is not None else None)
        self._locator = Locator(pack) if self._rooms is None else None
        self._state = self.tracker.state()
        self._frame: Frame | None = None
        self._board_read: BoardRead | None = None
        self._located: tuple[Any, TemplatePack, BoardRead] | None = None
        self._last_geometry: BoardGeometry | None = None
        self._geometry_shape: tuple[int, ...] = ()
        self._screen: tuple[int, int, int, int] | None = None  # the game's window in the frame
        self._primed = False
        self._reads_since_reset = 0
        # A game whose board is also found by its structure (no frame to match: a real
        # game's screen) is read that way when the pack's frame is not found, and keeps
        # that way while it works. The screen may then be a window inside the capture (a
        # phone mirrored on a desktop): the locator remembers where, and looks there first.
        self._structure = (ScreenLocator(reading.locate_screen, reading.furniture)
                           if reading is not None and reading.structure is not None else None)
        self._by_structure = False
        self._structure_missed: Frame | None = None
        self._structure_missed_why = "its structure not found"
        # What was learned of screens of a size (gridsight.screens): the board is first looked
        # for where it was seen last on a screen of the frame's size (read with --pack
        # pack_name), and where it is found is remembered.
        self._memory = memory
        self._pack_name = pack_name
        self._recalled = False
        # A window stretched out of proportion (gridsight.live.stretch): the frame size whose
        # squeezed search missed, and how many times; whether the window's last change of
        # size, with the board not found since, was out of proportion (said in the status).
        self._squeeze_missed: tuple[tuple[int, ...], int] = ((), 0)
        self._out_of_proportion = False
        # With no board seen yet, the frame size last searched squeezed, when the search may
        # run again, and whether a missed frame was left unsearched (read again then).
        self._unstretch_size: tuple[int, ...] = ()
        self._unstretch_next = 0.0
        self._unstretch_owed = False

    @property
    def watching(self) -> bool:
        # A frame missed while the squeezed search waited is read again once it may run:
        # the loop reads only changed pictures, and a still one would never be searched.
        # Found so, the still picture is read until the first sighting is confirmed.
        if self._last_geometry is not None:
            return self._unstretch_owed and not self._primed
        return self._unstretch_owed and time.monotonic() >= self._unstretch_next

    @property
    def ready(self) -> bool:
        """A first sighting is believed only once it is confirmed, like any change."""
        return self._primed

    def title(self) -> str:
        return self.spec.name

    def confidence(self) -> float | None:
        # Over the cells believed read: a cell never seen (``?``: a room's tiles out of view)
        # has no read to be sure of, and counted at 0 it said "read confidence 0.00" of
        # every tile-path room read (as ``analyze`` leaves its ``?`` out).
        values = [v for labels, row in zip(self._state.grid, self._state.confidence)
                  for label, v in zip(labels, row) if label != UNSEEN]
        return min(values) if values and self._primed else None

    def read(self, frame: Frame) -> SourceUpdate:
        warning = ""
        try:
            board_read = self._locate(frame)
            self._out_of_proportion = False
            self._screen = _screen_of(board_read)
            geometry = board_read.geometry
            hidden = board_read.extras.get("hidden", ())
            if hidden:  # the locator saw something lying over part of the board
                warning = (f"board partly hidden: {len(hidden)} cell(s) unread keep their "
                           "last state")
        except VisionInputError as error:
            # The frame no longer matches: the board moved, left, or is partly covered. A
            # board partly covered (a dialog, a finger) still reads through the last geometry:
            # the covered cells read unknown and keep their believed state.
            board_read = self._read_through_last(frame)
            if board_read is None and self._structure is not None and not self._by_structure:
                board_read = self._by_structure_now(frame)
                if board_read is not None:
                    self._screen = _screen_of(board_read)
            if board_read is None:
                if self._rooms is not None:  # a frame missed: Link may have walked unseen
                    self._state = self.tracker.missed()
                return SourceUpdate(None, self._not_in_view(error), changed=False)
            geometry = board_read.geometry
            unread = len(board_read.unknown())
            if unread:
                warning = (f"board partly hidden: {unread} cell(s) unread keep their last "
                           "state")
        self._frame = frame
        self._last_geometry = geometry
        self._geometry_shape = frame.pixels.shape[:2]
        self._board_read = board_read
        reads = [[CellRead(c.label, float(c.score)) if c.known else UNKNOWN for c in row]
                 for row in board_read.cells]
        before = self._state
        self._state = self.tracker.update(reads)
        self._reads_since_reset += 1
        if not self._primed:
            self._primed = self._reads_since_reset >= self.confirm
            if not self._primed:
                return SourceUpdate(geometry, "reading the board", warning, changed=False,
                                    screen=self._screen)
            return SourceUpdate(geometry, "", warning, screen=self._screen)
        return SourceUpdate(geometry, "", warning, changed=bool(self._state.changes),
                            moved=self._moved(before, self._state), screen=self._screen)

    def _not_in_view(self, error: VisionInputError) -> str:
        """The status line when the board is not found, in the player's words first (the
        pack's name and the frame search's score, which the player can do nothing with, were
        the line's head: "no minesweeper/default board found in the image (best frame match
        0.65)"). What a search of the game's structure tried (the desktop's windows) is said
        after, in brackets; a frame search's score is not said at all."""
        where = ""
        if isinstance(error, BoardNotFoundError):
            said = f"no {error.what.split('/')[0]} board found"
            detail = error.detail.removeprefix(FRAME_MISSED)
            if detail and not detail.startswith(SCORES_ONLY):
                where = f" ({detail})"
        else:
            said = _first_line(error)
        if self._out_of_proportion:
            said += " since the game's window was stretched out of proportion"
        if self._last_geometry is None:  # nothing read yet: no last board to keep
            # Said which game was asked for: live started with the wrong --game said only
            # "no tile-path board found" over a Disco Zoo rescue, read as a fault of its own.
            return f"no board in view: {said}{where}; another game? --game {self.spec.name} " \
                "was given"
        return f"no board in view: {said}; the last board read is kept{where}"

    def _locate(self, frame: Frame) -> BoardRead:
        """The board in ``frame`` with its cells read (:meth:`_locate_anew`); a frame whose
        pixels are those of the last one found, with the same pack, is the same read (the
        screen between two taps: finding a real screen's cards costs most of a second)."""
        import numpy as np

        last = self._located
        if last is not None and last[1] is self.pack and last[0].shape == frame.pixels.shape \
                and np.array_equal(last[0], frame.pixels):
            return last[2]
        found = self._locate_anew(frame)
        # (a copy: a capture may hand out the same buffer, filled again, every frame)
        self._located = (np.array(frame.pixels, copy=True), self.pack, found)
        return found

    def _locate_anew(self, frame: Frame) -> BoardRead:
        """The board in ``frame`` with its cells read: by the game's structure once that has
        found it (the pack's frame tried when it fails), else through the pack's frame (the
        structure tried only when the pack has never found the board: a board it did find
        and now misses is more likely partly covered, :meth:`_read_through_last`)."""
        from gridsight.vision.classify import read_cells

        if self._rooms is not None:  # a board bigger than the screen: the view placed in it
            return self._rooms.locate(frame.pixels, self.pack)

        def by_pack() -> BoardRead:
            assert self._locator is not None
            searches = self._locator.searches
            try:
                geometry = self._locator.locate(frame.pixels)
            except VisionInputError:
                stretched = self._restretched(frame)
                if stretched is None:
                    raise
                geometry = stretched
            found = read_cells(frame.pixels, geometry, self.pack)
            self._by_structure = False
            if self._locator.searches != searches:
                self._remember(frame, found, self._locator.reference * found.known_fraction)
            return found

        if not self._recalled:
            self._recall(frame)

        if self._by_structure:
            try:
                return self._structure(frame.pixels)
            except VisionInputError:
                return by_pack()
        try:
            return by_pack()
        except VisionInputError:
            if self._structure is None or self._last_geometry is not None:
                raise
        found = self._by_structure_now(frame)
        if found is None:
            raise BoardNotFoundError(self.spec.name, FRAME_MISSED + self._structure_missed_why)
        return found

    def _restretched(self, frame: Frame) -> BoardGeometry | None:
        """The board found again in a window stretched out of proportion since it was last
        found (:func:`gridsight.live.stretch.restretched`), or stretched before any board was
        seen (:func:`gridsight.live.stretch.unstretched`; not for a game read by its
        structure), made the locator's board; the squeezed search runs once per frame size,
        then every :data:`SQUEEZE_AGAIN` misses."""
        from gridsight.live.stretch import restretched, unstretched
        from gridsight.vision.locate import anchor_score

        last, locator = self._last_geometry, self._locator
        if locator is None or (last is None and self._structure is not None):
            return None  # (a game read by its structure is searched so next)
        size = frame.pixels.shape[:2]
        if size != self._squeeze_missed[0]:
            self._squeeze_missed = (size, 0)
        misses = self._squeeze_missed[1]
        if last is None:
            # No board seen yet: the window may have been stretched before live started (an
            # emulator started full screen said only "no board in view"). Searched squeezed
            # at 15 proportions (2.3 s of CPU on a 1920x1080 frame with no board, 14 times
            # one search): at once for a new frame size, else UNSTRETCH_PAUSE times the last
            # search's CPU after it. A plain frame (a window not painted yet) holds no board.
            found = None
            now = time.monotonic()
            if float(frame.pixels.std()) < PLAIN:
                pass
            elif size != self._unstretch_size or now >= self._unstretch_next:
                spent = time.process_time()
                found = unstretched(frame.pixels, self.pack, min_scale=locator.min_scale,
                                    max_scale=locator.max_scale)
                spent = time.process_time() - spent
                # (an owed search that found the board stays owed until it is confirmed)
                self._unstretch_size = size
                self._unstretch_owed = self._unstretch_owed and found is not None
                self._unstretch_next = time.monotonic() + UNSTRETCH_PAUSE * spent
            else:
                self._unstretch_owed = True
        else:
            found = restretched(frame.pixels, self.pack, last, self._geometry_shape,
                                locator.reference, keep_ratio=locator.keep_ratio,
                                search=misses % SQUEEZE_AGAIN == 0,
                                min_scale=locator.min_scale, max_scale=locator.max_scale)
        if found is None:
            self._squeeze_missed = (size, misses + 1)
            self._out_of_proportion = last is not None and \
                self._geometry_shape != size and _aspect_changed(
                self._geometry_shape, size)
            return None
        self._squeeze_missed = (size, 0)
        locator.geometry = found
        locator.reference = anchor_score(frame.pixels, found, self.pack)
        return found

    def _by_structure_now(self, frame: Frame) -> BoardRead | None:
        """The board found by the game's structure (from now on the first way tried), or
        ``None`` (once a frame: a desktop's search is not repeated on the same frame)."""
        if frame is self._structure_missed:
            return None
        try:
            found = self._structure(frame.pixels)
        except VisionInputError as error:
            self._structure_missed = frame
            # What the structure's search tried (the whole frame, the desktop's windows).
            self._structure_missed_why = getattr(error, "detail", "") or "its structure not found"
            return None
        self._by_structure = True
        self._remember(frame, found, found.known_fraction, structure=True)
        return found

    def _recall(self, frame: Frame) -> None:
        """Start from what the screen memory saw on a screen of this frame's size: the
        board's place for the locator (checked by its one cheap match), or the structure."""
        self._recalled = True
        if self._memory is None:
            return
        import numpy as np

        from gridsight.vision.geometry import BoardGeometry

        seen = self._memory.recall(frame.pixels.shape, self._pack_name)
        if seen is None or seen.game != self.spec.name:
            return
        if seen.structure:
            self._by_structure = self._structure is not None
        elif (seen.rows, seen.cols) == (self.pack.rows, self.pack.cols) and \
                self._locator is not None:
            try:
                self._locator.geometry = BoardGeometry(
                    seen.rows, seen.cols, np.array(seen.homography).reshape(3, 3))
            except ValueError:
                return
            self._locator.reference = seen.reference

    def _remember(self, frame: Frame, found: BoardRead, score: float, *,
                  structure: bool = False) -> None:
        if self._memory is None:
            return
        from gridsight.screens import Seen

        g = found.geometry
        self._memory.remember(frame.pixels.shape, self._pack_name, Seen(
            self.spec.name, g.rows, g.cols,
            () if structure else tuple(float(v) for v in g.homography.ravel()), float(score),
            structure))

    def _moved(self, before: TrackerState, after: TrackerState) -> tuple[Cell, ...]:
        """The cells the player's move changed (the game's ``is_move`` rule; any read change
        when none matches it)."""
        moved = [ch for ch in after.changes if ch.source == "read"
                 and self.settings.move(ch.old, ch.new)]
        if not moved:
            moved = [ch for ch in after.changes if ch.source == "read"]
        return tuple(Cell(ch.row, ch.col) for ch in moved)

    def _read_through_last(self, frame: Frame) -> BoardRead | None:
        """The cells read through the last geometry, when the board is plausibly still there
        but partly covered: same frame size, enough cells readable, and those cells agreeing
        with the believed board (something else entirely would not)."""
        from gridsight.vision.classify import read_cells

        last = self._last_geometry
        if last is None or self._geometry_shape != frame.pixels.shape[:2] or self._rooms:
            return None  # (a view that scrolls is not where it was)
        try:
            board_read = read_cells(frame.pixels, last, self.pack)
        except VisionInputError:
            return None
        if board_read.known_fraction < MIN_VISIBLE:
            return None
        known = [c for row in board_read.cells for c in row if c.known]
        agree = sum(c.label == self._state.grid[c.row][c.col] for c in known)
        return board_read if agree >= MIN_AGREEMENT * len(known) else None

    def state(self) -> TrackerState:
        return self._state

    def reading(self, hints: ReadHints) -> BoardReading:
        from gridsight.readers.desktop import VIEW, in_view

        assert self._board_read is not None and self._frame is not None
        believed = believed_read(self._board_read, self._state, self.settings)
        pixels, believed = in_view(self._frame.pixels, believed)  # the screen's window alone
        try:
            return self.reader.read(pixels, believed, self.pack, hints)
        except ReadError as error:
            region = self._board_read.extras.get(VIEW)
            if error.choices is not None and error.choices.where and region is not None:
                error.choices = error.choices.moved(region.x, region.y)  # in the frame's
            raise

    def correct(self, row: int, col: int, label: str) -> None:
        self._state = self.tracker.correct(row, col, label)

    def learn(self, row: int, col: int, label: str) -> str:
        """Save the player's naming of a cell into the pack (:func:`gridsight.vision.learn.grow_pack`:
        a new look of a label, or a reference picture), in the player's copy of the pack
        (:func:`gridsight.vision.packs.user_folder`); returns what was done, for the status line."""
        from dataclasses import replace

        from gridsight.vision.learn import grow_pack
        from gridsight.vision.locate import Locator
        from gridsight.vision.packs import user_folder

        if self._frame is None or self._board_read is None:
            return ""
        if self._rooms is not None:
            return "corrections are not saved to a room's pack (calibrate it again instead)"
        grown = grow_pack(self.pack, self._frame.pixels, self._board_read.geometry,
                          {(row, col): label})
        if len(grown.templates) == len(self.pack.templates) and \
                len(grown.references) == len(self.pack.references):
            return ""
        folder = user_folder(self.pack)
        grown.save(folder)
        self.pack = replace(grown, source=folder)
        self._locator = Locator(self.pack)
        return f"{cell_name(row, col)} as {label} saved to the pack {folder}"

    def undo(self) -> bool:
        state = self.tracker.undo()
        if state is None:
            return False
        self._state = state
        return True

    def reset(self) -> None:
        self._state = self.tracker.reset()
        self._primed = False
        self._reads_since_reset = 0


def believed_read(read: BoardRead, state: TrackerState, settings: TrackerSettings) -> BoardRead:
    """This frame's read with each cell's label replaced by the believed one.

    A cell read ``unknown`` now that still holds the game's "not yet observed" label stays
    unknown, so the reader lists it as unread; every other cell carries the tracker's label.
    As :func:`gridsight.tracking.merged_read`, the extras list the cells unread now and the
    tracker's sighting of the player's piece.
    """
    from gridsight.vision.classify import UNKNOWN as VISION_UNKNOWN
    from gridsight.vision.classify import BoardRead as VisionBoardRead
    from gridsight.vision.classify import CellRead as VisionCellRead

    cells = []
    for row in read.cells:
        out = []
        for cell in row:
            label = state.grid[cell.row][cell.col]
            conf = state.confidence[cell.row][cell.col]
            if label == UNSEEN:  # a cell of a board bigger than the screen never seen yet
                out.append(VisionCellRead(cell.row, cell.col, VISION_UNKNOWN, 0.0, 0.0,
                                          cell.best, cell.variant))
            elif (not cell.known and settings.unobserved_initial and label == settings.initial
                    and Cell(cell.row, cell.col) not in state.manual):
                out.append(cell)
            else:
                out.append(VisionCellRead(cell.row, cell.col, label, conf, cell.margin,
                                          cell.best or label, cell.variant))
        cells.append(tuple(out))
    extras = {**read.extras, "unread_now": tuple(read.unknown())}
    if state.sighting is not None:  # where the player's piece was last read (a room)
        extras["sighting"] = state.sighting
    return VisionBoardRead(read.geometry, tuple(cells), read.gain, read.pack_name, extras)


FRAME_MISSED = "its frame not matched; "  # a structure search's detail starts so
SCORES_ONLY = ("best frame match", "nothing like its frame")  # a frame search's detail
SQUEEZE_AGAIN = 10  # a stretched window's missed squeezed search is tried again this often
UNSTRETCH_PAUSE = 10  # no board seen yet: the squeezed searches wait this many times their CPU
PLAIN = 2.0  # a frame whose pixels vary less than this (standard deviation) is plain


def _aspect_changed(before: tuple[int, ...], after: tuple[int, ...]) -> bool:
    """Whether a frame of size ``before`` became ``after`` out of proportion."""
    import math

    from gridsight.live.stretch import ASPECT_KEPT

    (h0, w0), (h, w) = before[:2], after[:2]
    return min(h0, w0, h, w) > 0 and abs(math.log((w / w0) / (h / h0))) >= ASPECT_KEPT


def _screen_of(read: BoardRead) -> tuple[int, int, int, int] | None:
    """The window of the frame ``read`` was found in (a phone's screen on a desktop), or
    ``None`` when the board was found in the whole frame."""
    from gridsight.readers.desktop import VIEW

    region = read.extras.get(VIEW)
    if region is None:
        return None
    x, y, width, height = region.box
    return (int(x), int(y), int(width), int(height))


def _first_line(error: object) -> str:
    text = str(error).strip()
    return text.splitlines()[0] if text else type(error).__name__


__all__ = ["BoardSource", "GridSource", "SourceUpdate", "believed_read"]
