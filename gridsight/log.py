"""The recommendation log: one JSON line per change of the board, replayable later.

A live session appends a :class:`LogRecord` each time the board it believes changes: when, which
game, the board written in the game's own text format (so ``gridsight solve`` or ``gridsight
replay --check`` can solve it again), how sure the reader was of each cell, which cells it could
not read, the advice drawn, the solver's JSON, and the name of the saved frame (a PNG beside
the log, with ``--save-frames``). When the player's move from that board is seen, a short
``move`` line is appended that names the record's step; :func:`read_log` folds it back into the
record, so the file stays append-only.

Durability: each line goes to the file as **one** ``write`` of a complete line, then is
flushed to the disk with ``fsync`` (changes come at the pace of a player's taps, so the cost
does not matter). A crash or kill therefore loses at most the line being written, and a torn
line is skipped by the reader with a warning naming its line number.

Failures never reach the live loop: when the log cannot be written (disk full, folder not
writable, file removed) :class:`RecommendationLog` warns once, keeps the unwritten lines in
memory (the newest :data:`MAX_PENDING`) and writes them, in order, on the next append that
succeeds. After a failed or partial write the next line starts with a newline, so a torn
fragment never glues onto a good line.

>>> from solvers.advice import Advice, Cell
>>> r = LogRecord(step=1, time="2026-01-01T00:00:00.000Z", game="demo", board=". .",
...               advice=Advice("demo", 1, 2, recommend=(Cell(0, 1),)))
>>> LogRecord.from_json(r.to_json()) == r
True
"""

from __future__ import annotations

import json
import os
import sys
from dataclasses import dataclass, field, replace
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable, Sequence

from solvers.advice import Advice, Cell
from solvers.errors import InputError
from vision.geometry import BoardGeometry

MAX_PENDING = 1000
FORMAT_VERSION = 1


class LogReadError(InputError):
    """A log file that cannot be read at all (missing, a folder, not text)."""


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
    ``unread`` lists the cells the reader could not read; ``solution`` is the solver's JSON
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

    def to_dict(self) -> dict[str, Any]:
        return {
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

    def to_json(self) -> str:
        """One line of JSON (no newline inside: the board's newlines are escaped)."""
        return json.dumps(self.to_dict(), separators=(",", ":"), allow_nan=False)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "LogRecord":
        move = data.get("move")
        return cls(
            step=int(data["step"]),
            time=str(data["time"]),
            game=str(data["game"]),
            board=str(data["board"]),
            advice=Advice.from_dict(data["advice"]),
            confidence=tuple(
                tuple(None if v is None else float(v) for v in row)
                for row in data.get("confidence", ())
            ),
            unread=tuple(Cell(int(r), int(c)) for r, c in data.get("unread", ())),
            solution=dict(data.get("solution") or {}),
            move=None if move is None else Cell(int(move[0]), int(move[1])),
            frame=data.get("frame"),
            geometry=None if data.get("geometry") is None
            else BoardGeometry.from_dict(data["geometry"]),
        )

    @classmethod
    def from_json(cls, line: str) -> "LogRecord":
        return cls.from_dict(json.loads(line))


@dataclass(frozen=True)
class LogContents:
    """What :func:`read_log` found: the records in order, and one warning per skipped line."""

    path: Path
    records: tuple[LogRecord, ...]
    warnings: tuple[str, ...] = ()

    def frame_path(self, record: LogRecord) -> Path | None:
        return None if record.frame is None else self.path.parent / record.frame


def read_log(path: str | Path) -> LogContents:
    """Read a log, skipping torn or corrupt lines with a warning naming each line number.

    Raises :class:`LogReadError` when the file cannot be read at all.
    """
    file = Path(path)
    try:
        data = file.read_bytes()
    except FileNotFoundError:
        raise LogReadError(f"{file}: no such log file") from None
    except IsADirectoryError:
        raise LogReadError(f"{file}: is a folder, not a log file") from None
    except OSError as error:
        raise LogReadError(f"{file}: cannot read ({error.strerror})") from None
    records: dict[int, LogRecord] = {}
    order: list[int] = []
    warnings: list[str] = []
    moves: list[tuple[int, int, Cell]] = []
    for number, raw in enumerate(data.split(b"\n"), start=1):
        if not raw.strip():
            continue
        try:
            obj = json.loads(raw.decode("utf-8"))
            if not isinstance(obj, dict):
                raise ValueError("not a JSON object")
            kind = obj.get("type", "advice")
            if kind == "advice":
                record = LogRecord.from_dict(obj)
                if record.step in records:
                    warnings.append(f"{file}: line {number}: step {record.step} again; kept the later one")
                else:
                    order.append(record.step)
                records[record.step] = record
            elif kind == "move":
                moves.append((number, int(obj["step"]), Cell(int(obj["row"]), int(obj["col"]))))
            else:
                warnings.append(f"{file}: line {number}: unknown record type '{kind}' skipped")
        except (ValueError, KeyError, TypeError, AttributeError, UnicodeDecodeError) as error:
            what = "torn" if number == _last_line_number(data) else "corrupt"
            warnings.append(f"{file}: line {number}: {what} line skipped ({_short(error)})")
    for number, step, cell in moves:
        if step in records:
            records[step] = replace(records[step], move=cell)
        else:
            warnings.append(f"{file}: line {number}: move for unknown step {step} skipped")
    return LogContents(file, tuple(records[s] for s in order), tuple(warnings))


def _last_line_number(data: bytes) -> int:
    lines = data.split(b"\n")
    while lines and not lines[-1].strip():
        lines.pop()
    return len(lines)


def _short(error: Exception) -> str:
    text = str(error) or type(error).__name__
    return text if len(text) <= 80 else text[:77] + "..."


def _stderr_warning(message: str) -> None:
    print(f"gridsight: {message}", file=sys.stderr)


class RecommendationLog:
    """Appends records to a JSON Lines file; never raises an I/O error into its caller.

    ``warn`` receives one message when writing starts failing and one when it recovers
    (standard error by default). ``save_frames`` writes each record's frame as a PNG beside
    the log, named ``<log stem>-<step>.png``.
    """

    def __init__(
        self,
        path: str | Path,
        *,
        save_frames: bool = False,
        fsync: bool = True,
        warn: Callable[[str], None] = _stderr_warning,
    ):
        self.path = Path(path)
        self.save_frames = save_frames
        self.fsync = fsync
        self.warn = warn
        self.pending: list[str] = []  # lines not yet on disk, oldest first
        self.dropped = 0  # lines lost because the pending buffer overflowed
        self.failing = False
        self._torn = False  # the last write may have left a partial line in the file
        self._next_step = 1

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
        """Try again to write what is pending; returns whether nothing is pending now."""
        return self._write_line(None)

    def _write_line(self, line: str | None) -> bool:
        if line is not None:
            self.pending.append(line)
            if len(self.pending) > MAX_PENDING:
                overflow = len(self.pending) - MAX_PENDING
                del self.pending[:overflow]
                self.dropped += overflow
        while self.pending:
            data = (self.pending[0] + "\n").encode("utf-8")
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
                        "still advising, and keeping the records in memory to write later"
                    )
                return False
            self._torn = False
            self.pending.pop(0)
        if self.failing:
            self.failing = False
            lost = f" ({self.dropped} older lines were lost)" if self.dropped else ""
            self.warn(f"the log {self.path} is being written again{lost}")
        return True

    def _write_all(self, data: bytes) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
        try:
            written = os.write(fd, data)
            if written != len(data):
                raise OSError(28, f"only {written} of {len(data)} bytes written")
            if self.fsync:
                os.fsync(fd)
        finally:
            os.close(fd)

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


def confidence_grid(values: Sequence[Sequence[float | None]]) -> tuple[tuple[float | None, ...], ...]:
    """Per-cell confidences rounded to 3 places, as stored in a record."""
    return tuple(tuple(None if v is None else round(float(v), 3) for v in row) for row in values)
