"""The recommendation log: one JSON line per change of the board, replayable later.

A live session appends a :class:`LogRecord` each time the board it believes changes: when, which
game, the board written in the game's own text format (so ``gridsight solve`` or ``gridsight
replay --check`` can solve it again), how sure the reader was of each cell, which cells it could
not read and which the player set by hand, the advice drawn, the solver's JSON, and the name of
the saved frame (a PNG beside the log, with ``--save-frames``). When the player's move from
that board is seen, a short ``move`` line is appended that names the record's step;
:func:`read_log` folds it back into the record, so the file stays append-only.

Durability: each line goes to the file as **one** ``write`` of a complete line, then is
flushed to the disk with ``fsync`` (changes come at the pace of a player's taps, so the cost
does not matter). A crash or kill therefore loses at most the line being written, and a torn
line is skipped by the reader with a warning naming its line number.

Failures never reach the live loop: when the log cannot be written (disk full, folder not
writable, file removed) :class:`RecommendationLog` warns once, keeps the unwritten lines in
memory (the newest :data:`MAX_PENDING`; older ones go to a *side file*, see below) and writes
them, in order, on the next append that succeeds. After a failed or partial write the next
line starts with a newline, so a torn fragment never glues onto a good line.

Nothing waiting is lost at the end either: :meth:`RecommendationLog.close` (called by the
live command, at interpreter exit, and on ``SIGTERM``) tries once more, then writes what is
still waiting to the side file ``<log stem>.unwritten.jsonl`` beside the log or, when that
folder cannot be written either, ``gridsight-<stem>-<pid>.unwritten.jsonl`` in the temporary
folder, or as a last resort to standard error, and says how many records went where.

Reading is strict and never trusts the file: every line is parsed once into typed, checked
fields (:func:`parse_record`), with bounded nesting and no ``NaN``/``Infinity``, and a line
that fails is skipped with a warning naming its line and what is wrong.

>>> from solvers.advice import Advice, Cell
>>> r = LogRecord(step=1, time="2026-01-01T00:00:00.000Z", game="demo", board=". .",
...               advice=Advice("demo", 1, 2, recommend=(Cell(0, 1),)))
>>> LogRecord.from_json(r.to_json()) == r
True
>>> LogRecord.from_json('{"step": 1e400}')  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
gridsight.log.RecordError: not a finite number: 1e400
"""

from __future__ import annotations

import atexit
import json
import math
import os
import re
import signal
import sys
import tempfile
import threading
from dataclasses import dataclass, field, replace
from datetime import datetime, timezone
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Sequence

from gridsight.limits import MAX_LOG_BYTES
from solvers.advice import Advice, Cell, CellFigure, CellMark, MarkKind, PiecePlacement
from solvers.errors import InputError

if TYPE_CHECKING:  # OpenCV comes with the geometry: imported when a record has one
    from vision.geometry import BoardGeometry

MAX_PENDING = 1000
FORMAT_VERSION = 1
#: The largest board side a record may claim (as for a template pack's board).
MAX_SIDE = 200
#: Deepest JSON nesting read (a record nests 5 deep); deeper lines are refused unparsed.
MAX_DEPTH = 32
MAX_NAME = 64  # a game's name, a time stamp


class LogReadError(InputError):
    """A log file that cannot be read at all (missing, a folder, too large, no valid record)."""


class RecordError(ValueError):
    """A log line that is not a valid record; the message says which field and why."""


def utc_now() -> str:
    """The current time, ISO 8601 in UTC with milliseconds: ``2026-11-30T03:10:00.123Z``."""
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def default_log_path(now: datetime | None = None) -> Path:
    """A new file per session in the per-user data folder: ``.../gridsight/logs/<time>.jsonl``
    (``$GRIDSIGHT_DATA_DIR/logs`` when that is set)."""
    from vision.packs import user_data_root

    when = (now or datetime.now(timezone.utc)).strftime("%Y%m%d-%H%M%S")
    return user_data_root() / "logs" / f"session-{when}.jsonl"


@dataclass(frozen=True)
class LogRecord:
    """One recommendation: the board as read, and the advice given on it.

    ``confidence`` holds one value per cell, row by row (``None`` for a cell not read);
    ``unread`` lists the cells the reader could not read; ``manual`` the cells the player set
    by hand in the panel (their word stood over the reads); ``solution`` is the solver's JSON
    (``gridsight solve GAME --json``); ``move`` is the cell the player chose next, once seen;
    ``frame`` is the saved frame's file name, relative to the log's folder, and ``geometry``
    where the board is in that frame (so a replay can draw the advice on it).
    """

    step: int
    time: str
    game: str
    board: str
    advice: Advice
    confidence: tuple[tuple[float | None, ...], ...] = ()
    unread: tuple[Cell, ...] = ()
    solution: dict[str, Any] = field(default_factory=dict)
    move: Cell | None = None
    frame: str | None = None
    geometry: BoardGeometry | None = None
    manual: tuple[Cell, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        data = {
            "type": "advice",
            "version": FORMAT_VERSION,
            "step": self.step,
            "time": self.time,
            "game": self.game,
            "board": self.board,
            "confidence": [list(row) for row in self.confidence],
            "unread": [[c.row, c.col] for c in self.unread],
            "advice": self.advice.to_dict(),
            "solution": self.solution,
            "move": None if self.move is None else [self.move.row, self.move.col],
            "frame": self.frame,
            "geometry": None if self.geometry is None else self.geometry.to_dict(),
        }
        if self.manual:
            data["manual"] = [[c.row, c.col] for c in self.manual]
        return data

    def to_json(self) -> str:
        """One line of JSON (no newline inside: the board's newlines are escaped)."""
        return json.dumps(self.to_dict(), separators=(",", ":"), allow_nan=False)

    @classmethod
    def from_dict(cls, data: Any) -> "LogRecord":
        """The record ``data`` holds, every field checked (:class:`RecordError` if not)."""
        return parse_record(data)

    @classmethod
    def from_json(cls, line: str | bytes) -> "LogRecord":
        return parse_record(loads_line(line))


# -- reading a line safely --------------------------------------------------------------------

_STRINGS = re.compile(rb'"(?:[^"\\]|\\.)*"')
_BRACKETS = re.compile(rb"[\[\]{}]")


def loads_line(line: str | bytes) -> Any:
    """Parse one JSON line without trusting it: nesting deeper than :data:`MAX_DEPTH` is
    refused before parsing (100,000 nested brackets would exhaust the recursion limit), and
    ``NaN``, ``Infinity`` and numbers too large for a float (``1e400``) are refused.
    Raises :class:`RecordError`.
    """
    data = line.encode("utf-8", "surrogatepass") if isinstance(line, str) else line
    depth = deepest = 0
    for bracket in _BRACKETS.findall(_STRINGS.sub(b"", data)):
        depth += 1 if bracket in b"[{" else -1
        if depth > deepest:
            deepest = depth
            if deepest > MAX_DEPTH:
                raise RecordError(f"nested more than {MAX_DEPTH} deep")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise RecordError(f"not UTF-8 (byte {error.start})") from None
    try:
        return json.loads(text, parse_constant=_no_constant, parse_float=_finite_float)
    except RecordError:
        raise
    except RecursionError:  # pragma: no cover - the depth check comes first
        raise RecordError(f"nested more than {MAX_DEPTH} deep") from None
    except ValueError as error:  # JSONDecodeError, and ints past Python's digit limit
        raise RecordError(_short(error)) from None


def _no_constant(name: str) -> Any:
    raise RecordError(f"not a finite number: {name}")


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise RecordError(f"not a finite number: {text[:20]}")
    return value


# -- checking a record's fields ---------------------------------------------------------------


def _need(data: Any, key: str, where: str = "") -> Any:
    if key not in data:
        raise RecordError(f"missing '{where}{key}'")
    return data[key]


def _int(value: Any, name: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise RecordError(f"'{name}' must be a whole number from {low} to {high}, "
                          f"not {_brief(value)}")
    return value


def _str(value: Any, name: str, limit: int | None = None) -> str:
    if not isinstance(value, str):
        raise RecordError(f"'{name}' must be text, not {_brief(value)}")
    if limit is not None and len(value) > limit:
        raise RecordError(f"'{name}' is longer than {limit} characters")
    return value


def _list(value: Any, name: str) -> list:
    if not isinstance(value, list):
        raise RecordError(f"'{name}' must be a list, not {_brief(value)}")
    return value


def _dict(value: Any, name: str) -> dict:
    if not isinstance(value, dict):
        raise RecordError(f"'{name}' must be an object, not {_brief(value)}")
    return value


def _brief(value: Any) -> str:
    text = json.dumps(value) if isinstance(value, (str, int, float, bool, type(None))) \
        else type(value).__name__
    return text if len(text) <= 30 else text[:27] + "..."


class _Board:
    """The size of the advice's board, to check every cell of the record against."""

    def __init__(self, rows: int, cols: int):
        self.rows, self.cols = rows, cols

    def cell(self, value: Any, name: str) -> Cell:
        if isinstance(value, dict):
            row, col = _need(value, "row", f"{name}."), _need(value, "col", f"{name}.")
        elif isinstance(value, list) and len(value) == 2:
            row, col = value
        else:
            raise RecordError(f"'{name}' must be a cell ([row, col] or {{row, col}}), "
                              f"not {_brief(value)}")
        return Cell(_int(row, f"{name}.row", 0, self.rows - 1),
                    _int(col, f"{name}.col", 0, self.cols - 1))

    def cells(self, value: Any, name: str) -> tuple[Cell, ...]:
        return tuple(self.cell(v, f"{name}[{i}]") for i, v in enumerate(_list(value, name)))


def parse_advice(data: Any) -> Advice:
    """An :class:`Advice` from its logged dict, every field checked: the board 1 to
    :data:`MAX_SIDE` cells a side, every cell on it, every text a string."""
    data = _dict(data, "advice")
    rows = _int(_need(data, "rows", "advice."), "advice.rows", 1, MAX_SIDE)
    cols = _int(_need(data, "cols", "advice."), "advice.cols", 1, MAX_SIDE)
    board = _Board(rows, cols)
    marks = []
    for i, m in enumerate(_list(data.get("marks", []), "advice.marks")):
        name = f"advice.marks[{i}]"
        cell = board.cell(_dict(m, name), name)
        try:
            kind = MarkKind(_need(m, "kind", f"{name}."))
        except (ValueError, TypeError):
            raise RecordError(f"'{name}.kind' is not one of "
                              f"{', '.join(k.value for k in MarkKind)}") from None
        marks.append(CellMark(cell.row, cell.col, kind,
                              _str(m.get("label", ""), f"{name}.label")))
    figures = []
    for i, f in enumerate(_list(data.get("figures", []), "advice.figures")):
        name = f"advice.figures[{i}]"
        cell = board.cell(_dict(f, name), name)
        heat = f.get("heat")
        if heat is not None and (isinstance(heat, bool) or not isinstance(heat, (int, float))
                                 or not 0 <= heat <= 1):
            raise RecordError(f"'{name}.heat' must be a number from 0 to 1 or null")
        figures.append(CellFigure(cell.row, cell.col,
                                  _str(_need(f, "text", f"{name}."), f"{name}.text"),
                                  None if heat is None else float(heat)))
    pieces = []
    for i, p in enumerate(_list(data.get("pieces", []), "advice.pieces")):
        name = f"advice.pieces[{i}]"
        p = _dict(p, name)
        pieces.append(PiecePlacement(_str(_need(p, "label", f"{name}."), f"{name}.label"),
                                     board.cells(_need(p, "cells", f"{name}."),
                                                 f"{name}.cells")))
    warnings = _list(data.get("warnings", []), "advice.warnings")
    return Advice(
        game=_str(_need(data, "game", "advice."), "advice.game", MAX_NAME),
        rows=rows,
        cols=cols,
        recommend=board.cells(data.get("recommend", []), "advice.recommend"),
        marks=tuple(marks),
        figures=tuple(figures),
        path=board.cells(data.get("path", []), "advice.path"),
        pieces=tuple(pieces),
        status=_str(data.get("status", ""), "advice.status"),
        warnings=tuple(_str(w, f"advice.warnings[{i}]")
                       for i, w in enumerate(warnings)),
    )


def _geometry(data: Any, rows: int, cols: int) -> BoardGeometry | None:
    if data is None:
        return None
    data = _dict(data, "geometry")
    if (_need(data, "rows", "geometry."), _need(data, "cols", "geometry.")) != (rows, cols):
        raise RecordError("'geometry' is not the size of the advice's board")
    matrix = _list(_need(data, "homography", "geometry."), "geometry.homography")
    if len(matrix) != 3 or not all(isinstance(row, list) and len(row) == 3 for row in matrix) \
            or not all(isinstance(v, (int, float)) and not isinstance(v, bool) and abs(v) < 1e9
                       for row in matrix for v in row):
        raise RecordError("'geometry.homography' must be 3 x 3 finite numbers")
    import numpy as np

    from vision.geometry import BoardGeometry

    try:
        geometry = BoardGeometry.from_dict({"rows": rows, "cols": cols, "homography": matrix})
    except ValueError as error:
        raise RecordError(f"'geometry': {error}") from None
    corners = np.array([[0, 0], [cols, 0], [cols, rows], [0, rows]], np.float64)
    with np.errstate(all="ignore"):
        det = float(np.linalg.det(np.asarray(matrix, np.float64)))
        points = geometry.board_to_image(corners)
    if not (abs(det) > 1e-12 and np.all(np.isfinite(points)) and np.all(np.abs(points) < 1e6)):
        raise RecordError("'geometry' does not map the board onto a picture")
    return geometry


def _confidence(value: Any) -> tuple[tuple[float | None, ...], ...]:
    out = []
    for r, row in enumerate(_list(value, "confidence")):
        values = []
        for c, v in enumerate(_list(row, f"confidence[{r}]")):
            if v is not None and (isinstance(v, bool) or not isinstance(v, (int, float))):
                raise RecordError(f"'confidence[{r}][{c}]' must be a number or null")
            values.append(None if v is None else float(v))
        out.append(tuple(values))
    return tuple(out)


def _frame(value: Any) -> str | None:
    if value is None:
        return None
    name = _str(value, "frame", 255)
    if not name or "/" in name or "\\" in name or name.startswith(".") or "\x00" in name:
        raise RecordError("'frame' must be a plain file name beside the log")
    return name


def parse_record(data: Any) -> LogRecord:
    """The advice record ``data`` (a parsed log line), every field checked once into its type
    (:class:`RecordError` names the first field that is wrong)."""
    data = _dict(data, "the line")
    advice = parse_advice(_need(data, "advice"))
    board = _Board(advice.rows, advice.cols)
    move = data.get("move")
    return LogRecord(
        step=_int(_need(data, "step"), "step", 1, 10**9),
        time=_str(_need(data, "time"), "time", MAX_NAME),
        game=_str(_need(data, "game"), "game", MAX_NAME),
        board=_str(_need(data, "board"), "board", 100_000),
        advice=advice,
        confidence=_confidence(data.get("confidence", [])),
        unread=board.cells(data.get("unread", []), "unread"),
        solution=_dict(data.get("solution") or {}, "solution"),
        move=None if move is None else board.cell(move, "move"),
        frame=_frame(data.get("frame")),
        geometry=_geometry(data.get("geometry"), advice.rows, advice.cols),
        manual=board.cells(data.get("manual", []), "manual"),
    )


@dataclass(frozen=True)
class MoveRecord:
    """A ``move`` line: the cell the player chose from the board of record ``step``."""

    step: int
    cell: Cell


def parse_move(data: dict[str, Any]) -> MoveRecord:
    return MoveRecord(_int(_need(data, "step"), "step", 1, 10**9),
                      Cell(_int(_need(data, "row"), "row", 0, MAX_SIDE - 1),
                           _int(_need(data, "col"), "col", 0, MAX_SIDE - 1)))


# -- reading a whole log ----------------------------------------------------------------------


@dataclass(frozen=True)
class LogContents:
    """What :func:`read_log` found: the records in order, and one warning per skipped line."""

    path: Path
    records: tuple[LogRecord, ...]
    warnings: tuple[str, ...] = ()

    def frame_path(self, record: LogRecord) -> Path | None:
        return None if record.frame is None else self.path.parent / record.frame


def read_log(path: str | Path, *, limit: int = MAX_LOG_BYTES) -> LogContents:
    """Read a log (``-``: standard input), skipping torn, corrupt or invalid lines with a
    warning naming each line number and what is wrong.

    Raises :class:`LogReadError` when the file cannot be read at all or is larger than
    ``limit`` bytes.
    """
    from gridsight.inputs import read_bytes

    try:
        source, data = read_bytes(str(path), limit=limit, what="a log", kind="log file")
    except InputError as error:
        raise LogReadError(str(error)) from None
    file = Path(source) if str(path) != "-" else Path("<stdin>")
    records: dict[int, LogRecord] = {}
    order: list[int] = []
    warnings: list[str] = []
    moves: list[tuple[int, MoveRecord]] = []
    lines = data.split(b"\n")
    last = _last_line_number(lines)
    for number, raw in enumerate(lines, start=1):
        if not raw.strip():
            continue
        try:
            obj = loads_line(raw)
            if not isinstance(obj, dict):
                raise RecordError("not a JSON object")
            kind = obj.get("type", "advice")
            if kind == "advice":
                record = parse_record(obj)
                if record.step in records:
                    warnings.append(f"{file}: line {number}: step {record.step} again; "
                                    "kept the later one")
                else:
                    order.append(record.step)
                records[record.step] = record
            elif kind == "move":
                moves.append((number, parse_move(obj)))
            else:
                warnings.append(f"{file}: line {number}: unknown record type "
                                f"{_brief(kind)} skipped")
        except RecordError as error:
            what = "torn" if number == last and not data.endswith(b"\n") else "corrupt"
            warnings.append(f"{file}: line {number}: {what} line skipped ({error})")
    for number, move in moves:
        record = records.get(move.step)
        if record is None:
            warnings.append(f"{file}: line {number}: move for unknown step {move.step} skipped")
        elif not (move.cell.row < record.advice.rows and move.cell.col < record.advice.cols):
            warnings.append(f"{file}: line {number}: move ({move.cell.row}, {move.cell.col}) is "
                            f"off the {record.advice.rows} x {record.advice.cols} board of "
                            f"step {move.step}; skipped")
        else:
            records[move.step] = replace(record, move=move.cell)
    return LogContents(file, tuple(records[s] for s in order), tuple(warnings))


def _last_line_number(lines: list[bytes]) -> int:
    count = len(lines)
    while count and not lines[count - 1].strip():
        count -= 1
    return count


def _short(error: Exception) -> str:
    text = str(error) or type(error).__name__
    return text if len(text) <= 80 else text[:77] + "..."


# -- writing ------------------------------------------------------------------------------------


def _stderr_warning(message: str) -> None:
    print(f"gridsight: {message}", file=sys.stderr, flush=True)


class RecommendationLog:
    """Appends records to a JSON Lines file; never raises an I/O error into its caller.

    ``warn`` receives one message when writing starts failing and one when it recovers
    (standard error by default), and at :meth:`close` one saying where any record that could
    not be written went. ``save_frames`` writes each record's frame as a PNG beside the log,
    named ``<log stem>-<step>.png``. With ``close_at_exit`` (the default) the log is closed at
    interpreter exit and on ``SIGTERM`` (when the process had no handler of its own).
    """

    def __init__(
        self,
        path: str | Path,
        *,
        save_frames: bool = False,
        fsync: bool = True,
        warn: Callable[[str], None] = _stderr_warning,
        close_at_exit: bool = True,
    ):
        self.path = Path(path)
        self.save_frames = save_frames
        self.fsync = fsync
        self.warn = warn
        self.pending: list[str] = []  # lines not yet on disk, oldest first
        self.spilled = 0  # older lines moved from memory to the side file, not yet written back
        self.dropped = 0  # lines lost: neither the log nor a side file could take them
        self.failing = False
        self.closed = False
        self.side_file: Path | None = None  # where lines went that the log could not take
        self._torn = False  # the last write may have left a partial line in the file
        self._next_step = 1
        if close_at_exit:
            _OPEN_LOGS[id(self)] = self
            _install_exit_handlers()

    # -- writing --------------------------------------------------------------------------

    def next_step(self) -> int:
        """The step number the next record should carry (1, 2, ...)."""
        return self._next_step

    def append(self, record: LogRecord, frame: Any = None) -> bool:
        """Append ``record`` (and save ``frame``, a BGR image, when frames are saved).

        Returns whether everything up to this record is now on disk.
        """
        self._next_step = max(self._next_step, record.step + 1)
        if self.save_frames and frame is not None:
            name = self._save_frame(record.step, frame)
            record = replace(record, frame=name)
        return self._write_line(record.to_json())

    def record_move(self, step: int, cell: Cell, time: str | None = None) -> bool:
        """Note the player's move from the board of record ``step``."""
        line = json.dumps(
            {"type": "move", "step": step, "row": cell.row, "col": cell.col,
             "time": time or utc_now()},
            separators=(",", ":"),
        )
        return self._write_line(line)

    def flush(self) -> bool:
        """Try again to write what is waiting; returns whether nothing is waiting now."""
        return self._write_line(None)

    def close(self) -> bool:
        """Write what is waiting, or put it in a side file (or on standard error) and say so.

        Returns whether every record reached the log itself. Safe to call more than once.
        """
        _OPEN_LOGS.pop(id(self), None)
        if self.closed:
            return not (self.pending or self.spilled or self.dropped)
        self.closed = True
        if self.flush() and not self.dropped:
            return True
        waiting, self.pending = self.pending, []
        on_stderr = [] if not waiting or self._spill(waiting) else waiting
        self._report_unwritten(on_stderr)
        return False

    def _report_unwritten(self, on_stderr: list[str]) -> None:
        lost = f"; {self.dropped} older record(s) could not be kept anywhere and are lost" \
            if self.dropped else ""
        if self.spilled:
            self.warn(f"{self.spilled} log record(s) could not be written to {self.path}; they "
                      f"are in {self.side_file} (append it to the log to replay them "
                      f"together){lost}")
        if on_stderr:  # not even a side file: standard error is the last place left
            self.warn(f"{len(on_stderr)} log record(s) could not be written to {self.path} "
                      f"nor to a side file; they follow on standard error, one JSON line "
                      f"each{'' if self.spilled else lost}")
            for line in on_stderr:
                print(line, file=sys.stderr)
            sys.stderr.flush()
        elif lost and not self.spilled:
            self.warn(f"log {self.path}: {self.dropped} record(s) could not be kept anywhere "
                      "and are lost")

    def _write_line(self, line: str | None) -> bool:
        if line is not None:
            self.pending.append(line)
            if len(self.pending) > MAX_PENDING:
                overflow = len(self.pending) - MAX_PENDING
                if not self._spill(self.pending[:overflow]):
                    self.dropped += overflow
                del self.pending[:overflow]
        if self.spilled and not self._write_back_spilled():
            return False
        while self.pending:
            data = (self.pending[0] + "\n").encode("utf-8")
            if not self._write_log(data):
                return False
            self.pending.pop(0)
        if self.failing:
            self.failing = False
            lost = f" ({self.dropped} older lines were lost)" if self.dropped else ""
            self.warn(f"the log {self.path} is being written again{lost}")
        return True

    def _write_log(self, data: bytes) -> bool:
        if self._torn:
            data = b"\n" + data
        try:
            self._write_all(data)
        except OSError as error:
            self._torn = True
            if not self.failing:
                self.failing = True
                self.warn(
                    f"cannot write the log {self.path} ({error.strerror or error}); "
                    "still advising, and keeping the records to write later"
                )
            return False
        self._torn = False
        return True

    def _write_all(self, data: bytes) -> None:
        self._append_to(self.path, data)

    def _append_to(self, path: Path, data: bytes) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
        try:
            written = os.write(fd, data)
            if written != len(data):
                raise OSError(28, f"only {written} of {len(data)} bytes written")
            if self.fsync:
                os.fsync(fd)
        finally:
            os.close(fd)

    # -- the side file ----------------------------------------------------------------------

    def side_file_candidates(self) -> list[Path]:
        """Where lines the log cannot take go: beside the log, else the temporary folder."""
        stem = self.path.stem or "log"
        return [self.path.with_name(f"{stem}.unwritten.jsonl"),
                Path(tempfile.gettempdir()) / f"gridsight-{stem}-{os.getpid()}.unwritten.jsonl"]

    def _spill(self, lines: Sequence[str]) -> bool:
        """Append ``lines`` (the oldest waiting) to the side file; whether one took them."""
        data = "".join(line + "\n" for line in lines).encode("utf-8")
        candidates = [self.side_file] if self.side_file is not None else \
            self.side_file_candidates()
        for candidate in candidates:
            try:
                self._append_to(candidate, data)
            except OSError:
                continue
            self.side_file = candidate
            self.spilled += len(lines)
            return True
        return False

    def _write_back_spilled(self) -> bool:
        """Once the log can be written again, the side file's lines go first (in order)."""
        assert self.side_file is not None
        try:
            data = self.side_file.read_bytes()
        except OSError:
            return False
        if not self._write_log(data):
            return False
        try:
            self.side_file.unlink()
        except OSError:
            pass
        self.spilled = 0
        self.side_file = None
        return True

    def _save_frame(self, step: int, frame: Any) -> str | None:
        """Write the frame as a PNG beside the log; on failure warn and return ``None``."""
        import cv2

        name = f"{self.path.stem}-{step:05d}.png"
        try:
            ok, png = cv2.imencode(".png", frame)
            if not ok:
                raise OSError(0, "the frame could not be encoded as PNG")
            self.path.parent.mkdir(parents=True, exist_ok=True)
            (self.path.parent / name).write_bytes(png.tobytes())
        except (OSError, cv2.error) as error:
            self.warn(f"cannot save frame {name} ({getattr(error, 'strerror', None) or error})")
            return None
        return name


# -- closing at exit ----------------------------------------------------------------------------

_OPEN_LOGS: dict[int, RecommendationLog] = {}
_HANDLERS_INSTALLED = False


def close_all() -> None:
    """Close every log still open (at interpreter exit, and on ``SIGTERM``)."""
    for log in list(_OPEN_LOGS.values()):
        log.close()


def _install_exit_handlers() -> None:
    """Close the logs at exit, and make ``SIGTERM`` an orderly exit (``SystemExit``, so the
    ``finally`` blocks and :func:`close_all` run) when the process has no handler of its own."""
    global _HANDLERS_INSTALLED
    if _HANDLERS_INSTALLED:
        return
    _HANDLERS_INSTALLED = True
    atexit.register(close_all)
    if threading.current_thread() is not threading.main_thread():
        return
    try:
        if signal.getsignal(signal.SIGTERM) == signal.SIG_DFL:
            signal.signal(signal.SIGTERM, _terminated)
    except (ValueError, OSError, AttributeError):  # pragma: no cover - no signals here
        pass


def _terminated(signum: int, frame: Any) -> None:  # noqa: ARG001
    close_all()
    raise SystemExit(128 + signum)


def confidence_grid(values: Sequence[Sequence[float | None]]) -> tuple[tuple[float | None, ...], ...]:
    """Per-cell confidences rounded to 3 places, as stored in a record."""
    return tuple(tuple(None if v is None else round(float(v), 3) for v in row) for row in values)
