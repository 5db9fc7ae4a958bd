"""A per-cell tracker: what the board holds, believed only on evidence, across frames.

A live reader sees each cell many times a second, through animations, a finger, the mouse or a
dialog box. The tracker turns that stream into one believed board that changes only when the
evidence is good:

- a cell's state changes only when it reads the **same new label in two consecutive frames**
  (``confirm`` frames in general), so a passing animation does not count;
- an ``unknown`` read (``label=None``: half hidden, unsure) keeps the last state and breaks a
  run of equal reads;
- once a cell is **revealed** it never silently turns back: a confirmed read that differs is a
  :class:`Contradiction`, reported for as long as it stands and never applied. Which changes
  are reveals (``'.'`` to anything, in Thrill Digger) is the game's ``is_reveal`` rule; the
  changes a revealed cell may still make (a blue tile turning red when walked on) are its
  ``may_change`` rule;
- a **manual correction** from the panel overrides the reads of that cell (they can no longer
  change it or contradict it) until it is undone; :meth:`CellTracker.undo` undoes the last.

It knows labels and transitions, not game rules, so one class serves every game.

A board bigger than the screen is seen a part at a time: :class:`ViewMerger` merges the views
into one board. Its cells start :data:`UNSEEN`; a cell out of view reads ``unknown`` and keeps
its last seen state; a cell never seen stays :data:`UNSEEN` (written ``?``). Where a player's
piece changes the cells it walks over (Link in a tile-path room), the tracker also keeps a
:class:`Sighting`: where the piece was last read and how many frames have passed since (frames
read without it, and frames refused: :meth:`CellTracker.missed`), so the game's
:data:`Forget` rule knows how far it may have walked unseen.

>>> t = CellTracker(1, 2)
>>> t.update([[CellRead("3", 0.9), CellRead(".", 0.9)]]).grid
(('.', '.'),)
>>> u = t.update([[CellRead("3", 0.95), CellRead(".", 0.9)]])
>>> u.grid, u.changes[0].new
((('3', '.'),), '3')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable, Sequence

from gridsight.solvers.advice import Cell
from gridsight.solvers.cellnames import cell_name

Rule = Callable[[str, str], bool]

#: The believed labels, row by row.
Grid = tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class Sighting:
    """Where the player's piece was last read on the believed board (``cells``; empty: never),
    the frames since that frame (``missed``: frames read without it, and frames refused), and
    the most steps a frame has been seen to hold (``pace``: a step moves it to a cell beside,
    so two sightings ``d`` cells apart, ``n`` frames apart, hold ``d / n`` steps a frame or
    more; 1 until seen more: every frame of ``live``, every step's screenshot). Since it was
    last read the piece has taken at most ``pace * missed`` steps, ``pace * (missed + 1)``
    by the end of the frame being taken, as far as the frames seen so far tell."""

    cells: frozenset[tuple[int, int]] = frozenset()
    missed: int = 0
    pace: int = 1

    def steps(self, frames: int) -> int:
        """The most steps the piece is taken to make in ``frames`` frames."""
        return self.pace * frames

    def one_frame_later(self) -> Sighting:
        """The same sighting, one more frame since it (a frame without the piece read)."""
        return Sighting(self.cells, self.missed + 1, self.pace)


#: A game's rule for cells that may have changed while nobody saw them (a board bigger than
#: the screen: Link walked over tiles between two frames read): given the labels before a
#: frame, after it, the cells the frame read and the :class:`Sighting` before it, the cells
#: whose belief is no longer sure. The tracker sets them back to ``initial`` (unseen).
Forget = Callable[[Grid, Grid, frozenset[tuple[int, int]], Sighting],
                  Iterable[tuple[int, int]]]

#: The state of a cell never seen (a board bigger than the screen): ``?`` in the board text.
UNSEEN = "?"


@dataclass(frozen=True)
class CellRead:
    """One cell as read in one frame: a label and its confidence, or ``label=None`` (unknown)."""

    label: str | None
    confidence: float = 1.0


UNKNOWN = CellRead(None, 0.0)


@dataclass(frozen=True)
class Change:
    """A change applied to the believed board; ``source`` is ``read``, ``manual``, ``undo`` or
    ``forgotten`` (the game's :data:`Forget` rule: the cell may have changed unseen)."""

    row: int
    col: int
    old: str
    new: str
    source: str = "read"


@dataclass(frozen=True)
class Contradiction:
    """A revealed cell that now reads differently (confirmed), shown to the player, not applied."""

    row: int
    col: int
    believed: str
    read: str

    def describe(self) -> str:
        return (
            f"the cell at {cell_name(self.row, self.col)} was {self.believed!r} but now reads "
            f"{self.read!r}; "
            "check it and correct it if the earlier reading was wrong"
        )


@dataclass(frozen=True)
class TrackerState:
    """The believed board after an update.

    ``grid`` holds a label per cell, ``confidence`` the confidence of the read that set or
    last confirmed it (1.0 for manual cells), ``revealed`` and ``manual`` flag cells, ``changes``
    lists what this update applied, ``contradictions`` every contradiction standing now,
    ``sighting`` where the player's piece was last read (a tracker given its ``player``).
    """

    grid: tuple[tuple[str, ...], ...]
    confidence: tuple[tuple[float, ...], ...]
    revealed: frozenset[Cell]
    manual: frozenset[Cell]
    changes: tuple[Change, ...] = ()
    contradictions: tuple[Contradiction, ...] = ()
    sighting: Sighting | None = None

    @property
    def changed(self) -> bool:
        return bool(self.changes)

    def board_text(self) -> str:
        """The grid in the shared board text layout (rows of space-separated tokens)."""
        return "\n".join(" ".join(row) for row in self.grid)


def reveal_from(hidden: str = ".") -> Rule:
    """The usual reveal rule: a cell showing ``hidden`` turning into anything else."""
    return lambda old, new: old == hidden and new != hidden


def never(old: str, new: str) -> bool:
    return False


@dataclass
class _CellState:
    label: str
    confidence: float = 0.0
    revealed: bool = False
    manual: bool = False
    candidate: str | None = None  # a different label seen in the latest frames
    seen: int = 0  # how many consecutive frames the candidate was read
    conflict: str | None = None  # a confirmed read contradicting a revealed label


class CellTracker:
    """Accumulates per-cell reads into a believed board (see the module docstring)."""

    def __init__(
        self,
        rows: int,
        cols: int,
        *,
        initial: str = ".",
        is_reveal: Rule | None = None,
        may_change: Rule = never,
        confirm: int = 2,
        forget: Forget | None = None,
        player: str | None = None,
    ):
        if rows <= 0 or cols <= 0:
            raise ValueError(f"a board needs at least one cell, got {rows}x{cols}")
        if confirm < 1:
            raise ValueError("confirm must be at least 1 frame")
        self.rows, self.cols = rows, cols
        self.initial = initial
        self.is_reveal = is_reveal or reveal_from(initial)
        self.may_change = may_change
        self.confirm = confirm
        self.forget = forget
        self.player = player  # the player's piece's label: its sighting is kept
        self._cells = [[_CellState(initial) for _ in range(cols)] for _ in range(rows)]
        self._undo: list[tuple[int, int, _CellState]] = []
        self._sighting = Sighting()

    # -- feeding reads ----------------------------------------------------------------------

    def update(self, reads: Sequence[Sequence[CellRead]]) -> TrackerState:
        """Take one frame's reads (``rows`` lists of ``cols`` :class:`CellRead`)."""
        if len(reads) != self.rows or any(len(row) != self.cols for row in reads):
            got = f"{len(reads)}x{len(reads[0]) if reads else 0}"
            raise ValueError(f"expected {self.rows}x{self.cols} reads, got {got}")
        changes: list[Change] = []
        before = self.state().grid if self.forget is not None else ()
        for r, row in enumerate(reads):
            for c, read in enumerate(row):
                change = self._feed(self._cells[r][c], r, c, read)
                if change is not None:
                    changes.append(change)
        if self.forget is not None:
            read_now = frozenset((r, c) for r, row in enumerate(reads)
                                 for c, read in enumerate(row) if read.label is not None)
            changes += self._forget(self.forget(before, self.state().grid, read_now,
                                                self._sighting))
        self._sight(reads)
        return self.state(tuple(changes))

    def missed(self) -> TrackerState:
        """A frame not read at all (refused: unreadable, no board found in it): the player's
        piece may have taken a step in it unseen, so it counts in the :class:`Sighting`."""
        self._sighting = self._sighting.one_frame_later()
        return self.state()

    def _sight(self, reads: Sequence[Sequence[CellRead]]) -> None:
        """The player's piece read now on a cell believed its (a read confirmed): sighted
        there; else one more frame since it was."""
        if self.player is None:
            return
        here = frozenset((r, c) for r, row in enumerate(reads) for c, read in enumerate(row)
                         if read.label == self.player and self._cells[r][c].label == self.player)
        last = self._sighting
        if not here:
            self._sighting = last.one_frame_later()
            return
        pace = last.pace
        if last.cells:  # (standing still, or one step a frame: the pace is unchanged)
            apart = min(abs(a - c) + abs(b - d) for a, b in last.cells for c, d in here)
            pace = max(pace, -(-apart // (last.missed + 1)))
        self._sighting = Sighting(here, 0, pace)

    def _forget(self, cells: Iterable[tuple[int, int]]) -> list[Change]:
        """``cells`` back to ``initial`` (a manual cell keeps the player's word)."""
        changes = []
        for r, c in cells:
            cell = self._cells[r][c]
            if cell.manual or cell.label == self.initial:
                continue
            changes.append(Change(r, c, cell.label, self.initial, "forgotten"))
            self._cells[r][c] = _CellState(self.initial)
        return changes

    def _feed(self, cell: _CellState, r: int, c: int, read: CellRead) -> Change | None:
        label = read.label
        if label is None:  # unknown: keep the state, break the run
            cell.candidate, cell.seen = None, 0
            return None
        if label == cell.label:
            cell.candidate, cell.seen, cell.conflict = None, 0, None
            if not cell.manual:
                cell.confidence = float(read.confidence)
            return None
        if cell.manual:  # the player's word stands over the reader's
            return None
        if label == cell.candidate:
            cell.seen += 1
        else:
            cell.candidate, cell.seen = label, 1
        if cell.seen < self.confirm:
            return None
        old = cell.label
        if cell.revealed and not self.may_change(old, label):
            cell.conflict = label
            return None
        cell.label, cell.confidence = label, float(read.confidence)
        cell.revealed = cell.revealed or self.is_reveal(old, label)
        cell.candidate, cell.seen, cell.conflict = None, 0, None
        return Change(r, c, old, label, "read")

    # -- the panel --------------------------------------------------------------------------

    def correct(self, row: int, col: int, label: str) -> TrackerState:
        """Set a cell by hand; reads no longer change it until the correction is undone."""
        self._check_cell(row, col)
        cell = self._cells[row][col]
        self._undo.append((row, col, _copy(cell)))
        old = cell.label
        cell.label, cell.confidence, cell.manual = label, 1.0, True
        cell.revealed = cell.revealed or self.is_reveal(self.initial, label)
        cell.candidate, cell.seen, cell.conflict = None, 0, None
        changes = (Change(row, col, old, label, "manual"),) if old != label else ()
        return self.state(changes)

    def undo(self) -> TrackerState | None:
        """Undo the last manual correction; ``None`` when there is none."""
        if not self._undo:
            return None
        row, col, previous = self._undo.pop()
        old = self._cells[row][col].label
        self._cells[row][col] = previous
        changes = (Change(row, col, old, previous.label, "undo"),) if old != previous.label else ()
        return self.state(changes)

    def reset(self) -> TrackerState:
        """Forget everything (a new game): every cell back to ``initial``."""
        self._cells = [[_CellState(self.initial) for _ in range(self.cols)] for _ in range(self.rows)]
        self._undo.clear()
        self._sighting = Sighting()
        return self.state()

    # -- reading the belief -----------------------------------------------------------------

    def state(self, changes: tuple[Change, ...] = ()) -> TrackerState:
        cells = self._cells
        return TrackerState(
            grid=tuple(tuple(c.label for c in row) for row in cells),
            confidence=tuple(tuple(c.confidence for c in row) for row in cells),
            revealed=frozenset(Cell(r, c) for r, row in enumerate(cells)
                               for c, s in enumerate(row) if s.revealed),
            manual=frozenset(Cell(r, c) for r, row in enumerate(cells)
                             for c, s in enumerate(row) if s.manual),
            changes=changes,
            contradictions=tuple(
                Contradiction(r, c, s.label, s.conflict)
                for r, row in enumerate(cells) for c, s in enumerate(row) if s.conflict is not None
            ),
            sighting=self._sighting if self.player is not None else None,
        )

    def _check_cell(self, row: int, col: int) -> None:
        if not (0 <= row < self.rows and 0 <= col < self.cols):
            raise ValueError(f"cell ({row}, {col}) is outside the {self.rows}x{self.cols} board")


class ViewMerger:
    """One board merged from views of parts of it (see the module docstring): a
    :class:`CellTracker` whose cells start :data:`UNSEEN`, fed each view's reads, and the
    view's read with every cell's label replaced by the merged one (never-seen cells
    unknown), for the game's reader.

    >>> from gridsight.vision.classify import BoardRead, CellRead as Read
    >>> from gridsight.vision.geometry import BoardGeometry
    >>> g = BoardGeometry.from_rect(0, 0, 10, 10, 1, 3)
    >>> merger = ViewMerger(1, 3, is_reveal=reveal_from("."))
    >>> _, merged = merger.take(BoardRead(g, ((Read(0, 0, "x", 1, 1), Read(0, 1, ".", 1, 1),
    ...                                       Read(0, 2, "unknown", 0, 0)),)))
    >>> _, merged = merger.take(BoardRead(g, ((Read(0, 0, "unknown", 0, 0),
    ...                                       Read(0, 1, "x", 1, 1), Read(0, 2, "unknown", 0, 0)),)))
    >>> [c.label for c in merged.cells[0]]
    ['x', 'x', 'unknown']
    """

    def __init__(self, rows: int, cols: int, *, is_reveal: Rule | None = None,
                 may_change: Rule = never, confirm: int = 1, forget: Forget | None = None,
                 player: str | None = None):
        self.tracker = CellTracker(rows, cols, initial=UNSEEN,
                                   is_reveal=is_reveal or (lambda old, new: False),
                                   may_change=may_change, confirm=confirm, forget=forget,
                                   player=player)
        self.state = self.tracker.state()

    def take(self, read):
        """Feed one view's read (:class:`gridsight.vision.classify.BoardRead`); returns the merged
        :class:`TrackerState` and the read with the merged labels."""
        reads = [[CellRead(c.label, float(c.score)) if c.known else UNKNOWN for c in row]
                 for row in read.cells]
        self.state = self.tracker.update(reads)
        return self.state, merged_read(read, self.state)

    def missed(self) -> None:
        """A view refused (no board found in the screenshot, or not readable): one frame
        more in which the player's piece may have walked unseen (:meth:`CellTracker.missed`)."""
        self.state = self.tracker.missed()

    def reset(self) -> None:
        self.state = self.tracker.reset()


def merged_read(read, state: TrackerState):
    """``read`` (a :class:`gridsight.vision.classify.BoardRead`) with each cell's label replaced by the
    merged one: a cell still :data:`UNSEEN` reads ``unknown``. Its ``extras["unread_now"]``
    lists the cells this view did not read (out of view, or hidden: a reader may know that a
    hidden cell is not surely as last seen), and ``extras["sighting"]`` the state's
    :class:`Sighting` when it keeps one."""
    from gridsight.vision.classify import UNKNOWN as UNREAD
    from gridsight.vision.classify import BoardRead, CellRead as VisionCellRead

    cells = []
    for row in read.cells:
        out = []
        for cell in row:
            label = state.grid[cell.row][cell.col]
            if label == UNSEEN:
                out.append(VisionCellRead(cell.row, cell.col, UNREAD, 0.0, 0.0, cell.best,
                                          cell.variant))
            else:
                out.append(VisionCellRead(cell.row, cell.col, label,
                                          state.confidence[cell.row][cell.col], cell.margin,
                                          cell.best or label, cell.variant))
        cells.append(tuple(out))
    extras = {**read.extras, "unread_now": tuple(read.unknown())}
    if state.sighting is not None:
        extras["sighting"] = state.sighting
    return BoardRead(read.geometry, tuple(cells), read.gain, read.pack_name, extras)


def _copy(cell: _CellState) -> _CellState:
    return _CellState(cell.label, cell.confidence, cell.revealed, cell.manual,
                      cell.candidate, cell.seen, cell.conflict)


def reads_from_labels(
    grid: Sequence[Sequence[str | None]], confidence: float = 1.0
) -> list[list[CellRead]]:
    """Convenience: a grid of labels (``None`` = unknown) as reads of equal confidence."""
    return [[UNKNOWN if lab is None else CellRead(lab, confidence) for lab in row] for row in grid]
