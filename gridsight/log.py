"""The recommendation log: one JSON line per change of the board, replayable later.

A live session appends a :class:`LogRecord` each time the board it believes changes: when, which
game, the board written in the game's own text format (so ``gridsight solve`` or ``gridsight
replay --check`` can solve it again), how sure the reader was of each cell, which cells it could
not read and which the player set by hand, the advice drawn, the solver's JSON, and the name of
the saved frame (a PNG beside the log, with ``--save-frames``). When the player's move from
that board is seen, a short ``move`` line is appended that names the record's step;
:func:`read_log` folds it back into the record, so the file stays append-only. A board the
live loop read but gave no advice record (passed while the solver was busy, not solved, or the
session ended first) is a ``passed`` line with the board and why, so the log accounts for
every board read (:class:`PassedRecord`, ``LogContents.passed``).

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
live command, and by the console script's hooks at interpreter exit and on ``SIGTERM``:
:func:`gridsight.process.install_exit_hooks`) tries once more, then writes what is
still waiting to the side file ``<log stem>.unwritten.jsonl`` beside the log or, when that
folder cannot be written either, ``gridsight-<stem>-<pid>.unwritten.jsonl`` in the temporary
folder, or as a last resort to standard error, and says how many records went where.

Reading is strict and never trusts the file: every line is parsed once into typed, checked
fields (:mod:`gridsight.log_records`), and a line that fails is skipped with a warning naming
its line and what is wrong.

>>> import tempfile, pathlib
>>> from gridsight.solvers.advice import Advice, Cell
>>> path = pathlib.Path(tempfile.mkdtemp()) / "s.jsonl"
>>> log = RecommendationLog(path, close_at_exit=False)
>>> log.append(LogRecord(step=1, time=utc_now(), game="demo", board=". .",
...                      advice=Advice("demo", 1, 2, recommend=(Cell(0, 1),))))
True
>>> _ = path.open("a").write('{"step": Infinity}\\n')
>>> contents = read_log(path)
>>> [r.step for r in contents.records], contents.warnings[0].split(": ", 2)[2]
([1], 'corrupt line skipped (not a finite number: Infinity)')
"""

from __future__ import annotations

import json
import os
import re
import secrets
import sys
import tempfile
import threading
from contextlib import contextmanager
from dataclasses import dataclass, replace
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable, Iterator, Sequence

from gridsight.limits import MAX_LOG_BYTES
from gridsight.log_records import (  # noqa: F401 - re-exported: the log's record format
    FORMAT_VERSION,
    MAX_BOARD,
    MAX_DEPTH,
    MAX_LINE_BYTES,
    MAX_SIDE,
    LogRecord,
    MoveRecord,
    PassedRecord,
    RecordError,
    _brief,
    loads_line,
    parse_advice,
    parse_move,
    parse_passed,
    parse_record,
    record_problem,
)
from gridsight.safefiles import (
    PartialWrite,
    SaveError,
    append_file,
    open_regular,
    read_regular,
    truncate_file,
    write_file,
)
from gridsight.solvers.advice import Cell
from gridsight.solvers.cellnames import name_of
from gridsight.solvers.errors import InputError, one_line

MAX_PENDING = 1000

#: A step as a record or a move line writes it (compact JSON), for :meth:`_last_step`.
_STEP = re.compile(rb'"step":\s*(\d{1,15})')
MAX_STEP = 10**9  # the greatest step a record holds (gridsight.log_records)


class LogReadError(InputError):
    """A log file that cannot be read at all (missing, a folder, too large, no valid record)."""


def utc_now() -> str:
    """The current time, ISO 8601 in UTC with milliseconds: ``2026-11-30T03:10:00.123Z``."""
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def default_log_path(now: datetime | None = None) -> Path:
    """A new file per session in the per-user data folder: ``.../gridsight/logs/<time>.jsonl``
    (``$GRIDSIGHT_DATA_DIR/logs`` when that is set)."""
    from gridsight.vision.packs import user_data_root

    when = (now or datetime.now(timezone.utc)).strftime("%Y%m%d-%H%M%S")
    return user_data_root() / "logs" / f"session-{when}.jsonl"


# -- reading a whole log ----------------------------------------------------------------------


@dataclass(frozen=True)
class LogContents:
    """What :func:`read_log` found: the records in order, and one warning per skipped line
    (the first :data:`MAX_LINE_WARNINGS`; ``unlisted`` counts the skipped lines after them)."""

    path: Path
    records: tuple[LogRecord, ...]
    warnings: tuple[str, ...] = ()
    #: Where the records' frames are: the log's own folder; none for a log read from standard
    #: input (``replay --frames DIR`` gives one).
    frames: Path | None = None
    #: What is worth saying about the log as a whole, no line skipped (records of a newer
    #: log format).
    notes: tuple[str, ...] = ()
    #: The boards seen but logged with no advice, and why (``passed`` lines).
    passed: tuple[PassedRecord, ...] = ()
    #: Lines skipped beyond the first :data:`MAX_LINE_WARNINGS` warnings (counted, not listed).
    unlisted: int = 0

    @property
    def skipped(self) -> int:
        """Every line skipped, listed in ``warnings`` or not."""
        return len(self.warnings) + self.unlisted

    def frame_path(self, record: LogRecord) -> Path | None:
        if record.frame is None or self.frames is None:
            return None
        return self.frames / record.frame


def read_log(path: str | Path, *, limit: int = MAX_LOG_BYTES) -> LogContents:
    """Read a log (``-``: standard input), skipping torn, corrupt or invalid lines with a
    warning naming each line number and what is wrong (the first :data:`MAX_LINE_WARNINGS`;
    the others counted in ``unlisted``).

    Past :data:`MAX_CORRUPT_LINES` corrupt lines outnumbering the records, the lines up to the
    next one that begins as a record (``{``) are skipped unparsed and counted: a long run of
    junk costs a byte search, and good records after it are read.

    Raises :class:`LogReadError` when the file cannot be read at all, is larger than
    ``limit`` bytes, or is not a log: none of its lines is a record and more than
    :data:`MAX_CORRUPT_LINES` are corrupt, or more than that many lines that begin as records
    are not, outnumbering the records (each costs a JSON parse).
    """
    from gridsight.inputs import read_bytes

    try:
        source, data = read_bytes(str(path), limit=limit, what="a log", kind="log file")
    except InputError as error:
        raise LogReadError(str(error)) from None
    file = Path(source) if str(path) != "-" else Path("<stdin>")
    records: dict[int, LogRecord] = {}
    order: list[int] = []
    warnings = _Warnings()
    moves: list[tuple[int, MoveRecord]] = []
    passed: list[PassedRecord] = []
    newer: dict[int, int] = {}  # a later log format's version -> its records read
    stripped = data.rstrip()
    last = stripped.count(b"\n") + 1 if stripped else 0  # the last line not blank
    del stripped
    corrupt = 0  # corrupt lines, and of them those that begin as a record does ("{")
    looked = 0
    filled = 0  # lines not blank
    lines = _Lines(data)
    for number, raw in lines:
        if not raw.strip():
            continue
        filled += 1
        obj = None
        try:
            obj = loads_line(raw)
            if not isinstance(obj, dict):
                raise RecordError("not a JSON object")
            kind = obj.get("type", "advice")
            if kind == "advice":
                record = parse_record(obj)
                version = obj.get("version")
                if isinstance(version, int) and not isinstance(version, bool) \
                        and version > FORMAT_VERSION:
                    newer[version] = newer.get(version, 0) + 1
                if record.step in records:
                    warnings.append(f"{file}: line {number}: step {record.step} again; "
                                    "kept the later one")
                else:
                    order.append(record.step)
                records[record.step] = record
            elif kind == "move":
                moves.append((number, parse_move(obj)))
            elif kind == "passed":
                passed.append(parse_passed(obj))
            else:
                warnings.append(f"{file}: line {number}: unknown record type "
                                f"{_brief(kind)} skipped")
        except RecordError as error:
            what = "torn" if number == last and not data.endswith(b"\n") else "corrupt"
            version = obj.get("version") if isinstance(obj, dict) else None
            if isinstance(version, int) and not isinstance(version, bool) \
                    and version > FORMAT_VERSION:  # a newer gridsight's record: say so
                warnings.append(f"{file}: line {number}: a record of log format {version}, "
                                f"newer than this gridsight's ({FORMAT_VERSION}), skipped "
                                f"({error}): a newer gridsight reads it")
            else:
                warnings.append(f"{file}: line {number}: {what} line skipped ({error})")
            corrupt += 1
            looked += raw.startswith(b"{")
            if looked > MAX_CORRUPT_LINES and looked > len(order):
                raise LogReadError(f"{file}: not a gridsight log: more than "
                                   f"{MAX_CORRUPT_LINES:,} of its first {number:,} lines "
                                   "begin as records and are not (the first, "
                                   f"{warnings[0][len(f'{file}: '):]})")
            if corrupt > MAX_CORRUPT_LINES and corrupt > len(order):
                # Past that many, the lines up to the next that begins as a record are
                # skipped unread: counted at the speed of a byte search, not parsed one by
                # one (64 MB of junk lines within the byte bound), and the records after a
                # long run of junk are still read.
                skipped = lines.skim()
                corrupt += skipped
                warnings.unlisted += skipped
    if not order and corrupt > MAX_CORRUPT_LINES:
        raise LogReadError(f"{file}: not a gridsight log: none of its {lines.number:,} lines "
                           f"is a record (the first, {warnings[0][len(f'{file}: '):]})")
    if corrupt and not order and not looked and corrupt == filled:
        # No line even begins as a record: a board, a screenshot, a note given for the log.
        # One line says so, not a warning per line (a 30-line board printed 30).
        raise LogReadError(f"{file}: not a gridsight log: none of its {last:,} "
                           "line(s) is a record; give the .jsonl file 'gridsight live "
                           "--log' wrote")
    notes = tuple(f"{file}: {count} record(s) of log format {version}, newer than this "
                  f"gridsight's ({FORMAT_VERSION}): read as far as it understands them"
                  for version, count in sorted(newer.items()))  # once, not on every line
    for number, move in moves:
        record = records.get(move.step)
        if record is None:
            warnings.append(f"{file}: line {number}: move for unknown step {move.step} skipped")
        elif not (move.cell.row < record.advice.rows and move.cell.col < record.advice.cols):
            warnings.append(f"{file}: line {number}: move at {name_of(move.cell)} is "
                            f"off the {record.advice.rows} x {record.advice.cols} board of "
                            f"step {move.step}; skipped")
        else:
            records[move.step] = replace(record, move=move.cell)
    return LogContents(file, tuple(records[s] for s in order), tuple(warnings),
                       None if str(path) == "-" else file.parent, notes, tuple(passed),
                       warnings.unlisted)


#: The most skipped lines :func:`read_log` names one by one; the rest are counted. A log of
#: junk lines within the byte bound (64 MB of ``x``: 32 million lines) otherwise held a warning
#: for each (4 MB of them: 2 million lines printed, 350 MB held, 13.5 s of CPU).
MAX_LINE_WARNINGS = 20


#: Corrupt lines past which a log is refused whole, when they outnumber its records: each costs
#: a JSON parse (about 5 us: 2 million junk lines took 10.7 s of CPU, and the byte bound lets
#: 32 million through). A log gridsight wrote loses at most a torn last line to a crash.
MAX_CORRUPT_LINES = 10_000


class _Warnings(list[str]):
    """A list of warnings that keeps the first :data:`MAX_LINE_WARNINGS` and counts the rest."""

    unlisted = 0

    def append(self, warning: str) -> None:
        if len(self) < MAX_LINE_WARNINGS:
            super().append(warning)
        else:
            self.unlisted += 1


class _Lines:
    """The lines of ``data`` one at a time with their numbers (``data.split(b"\\n")``
    without the list: 32 million short lines held at once are a gigabyte), and
    :meth:`skim` to pass over the lines up to the next that begins as a record."""

    def __init__(self, data: bytes):
        self.data = data
        self.start = 0  # where the next line begins; past the end when none is left
        self.number = 0  # the number of the line last given

    def __iter__(self) -> Iterator[tuple[int, bytes]]:
        data = self.data
        while self.start <= len(data):
            end = data.find(b"\n", self.start)
            end = len(data) if end < 0 else end
            line = data[self.start:end]
            self.start, self.number = end + 1, self.number + 1
            yield self.number, line

    def skim(self) -> int:
        """Pass over the lines up to the next one that begins with ``{`` (or to the end);
        how many were passed over (blank ones among them counted too)."""
        data = self.data
        if self.start > len(data):
            return 0
        if data.startswith(b"{", self.start):
            return 0
        found = data.find(b"\n{", self.start)
        if found < 0:  # the rest of the lines; no empty line after the last newline
            skipped = data.count(b"\n", self.start) + (not data.endswith(b"\n"))
            self.start = len(data) + 1
        else:
            skipped = data.count(b"\n", self.start, found + 1)
            self.start = found + 1
        self.number += skipped
        return skipped


# -- writing ------------------------------------------------------------------------------------


def _stderr_warning(message: str) -> None:
    print(f"gridsight: {one_line(message)}", file=sys.stderr, flush=True)


class RecommendationLog:
    """Appends records to a JSON Lines file; never raises an I/O error into its caller.

    ``warn`` receives one message when writing starts failing and one when it recovers
    (standard error by default), and at :meth:`close` one saying where any record that could
    not be written went. ``save_frames`` writes each record's frame as a PNG beside the log,
    named ``<log stem>-<step>.png``. With ``close_at_exit`` (the default) the log is closed by
    :func:`close_all`, which the console script's hooks call at interpreter exit and on
    ``SIGTERM`` (:func:`gridsight.process.install_exit_hooks`; creating a log installs no
    hook of its own: a program calls that function in its entry point, or closes its logs).

    Exactly once: a line is taken off the waiting list in the same step as it is written, and
    ``SIGTERM`` arriving in the middle of a write is held until the write is done (when the
    console script's handler is installed: :func:`terminate`); a write interrupted by any
    other exception (Ctrl-C) is checked against the file's size before the line is written
    again (:meth:`_confirm`). A torn last line found when the log is opened (a crash in an
    earlier session) is moved to ``<stem>.torn.jsonl`` and counted (:attr:`torn_lines`), and
    the log resumes on a new line. A record replay would refuse (a board past
    :data:`~gridsight.log_records.MAX_BOARD` characters, a line past
    :data:`~gridsight.log_records.MAX_LINE_BYTES` bytes, a time out of range) is not written:
    the writer warns and counts it (:attr:`refused`).
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
        self.refused = 0  # records not written because replay would refuse them
        self.torn_lines = 0  # torn last lines found at open and moved aside
        self.failing = False
        self.closed = False
        self.side_file: Path | None = None  # where lines went that the log could not take
        self._temp_token = secrets.token_hex(4)  # the side file's name in the shared temp folder
        self._torn = False  # the last write may have left a partial line in the file
        self._said_large = False  # the log has passed what replay reads by default
        self._partial: tuple[bytes, int] | None = None  # what a short write did write, and
        # the log's size after it: the next write of that line finishes it
        self._next_step = 1
        self._lock = threading.RLock()
        self._busy = 0  # inside a write: SIGTERM waits for it to end
        # A write under way: (what: "line" or "spilled", size of the log before, bytes).
        self._unconfirmed: tuple[str, int, int] | None = None
        self._set_aside_torn_tail()
        # A log opened again goes on from its last step: numbered from 1 again, a second
        # session's records replaced the first's in the replay ("step 1 again; kept the later
        # one") and its frames (<stem>-00001.png) overwrote theirs.
        self._next_step = self._last_step() + 1
        if close_at_exit:
            _OPEN_LOGS[id(self)] = self

    # -- writing --------------------------------------------------------------------------

    def next_step(self) -> int:
        """The step number the next record should carry (1, 2, ...)."""
        return self._next_step

    def append(self, record: LogRecord, frame: Any = None) -> bool:
        """Append ``record`` (and save ``frame``, a BGR image, when frames are saved).

        Returns whether everything up to this record is now on disk (``False`` too when the
        record itself was refused: see the class docstring).
        """
        self._next_step = max(self._next_step, record.step + 1)
        if self.save_frames and frame is not None:
            name = self._save_frame(record.step, frame)
            record = replace(record, frame=name)
        line = record.to_json()
        problem = record_problem(line)
        if problem:
            self._refuse(f"record of step {record.step}", problem)
            self.flush()
            return False
        return self._write_line(line)

    def record_move(self, step: int, cell: Cell, time: str | None = None) -> bool:
        """Note the player's move from the board of record ``step``."""
        line = json.dumps(
            {"type": "move", "step": step, "row": cell.row, "col": cell.col,
             "time": time or utc_now()},
            separators=(",", ":"),
        )
        problem = record_problem(line)
        if problem:
            self._refuse(f"move of step {step}", problem)
            return False
        return self._write_line(line)

    def record_passed(self, board: str, why: str, time: str | None = None) -> bool:
        """Note a board seen but given no advice record, and why (see :class:`PassedRecord`):
        the log then accounts for every board the live loop read."""
        line = json.dumps({"type": "passed", "time": time or utc_now(), "board": board,
                           "why": why[:300]}, separators=(",", ":"))
        problem = record_problem(line)
        if problem:
            self._refuse("a board passed unsolved", problem)
            return False
        return self._write_line(line)

    def _refuse(self, what: str, problem: str) -> None:
        self.refused += 1
        self.warn(f"{what} not logged to {self.path}: {problem} (replay would refuse it)")

    def flush(self) -> bool:
        """Try again to write what is waiting; returns whether nothing is waiting now."""
        return self._write_line(None)

    def close(self) -> bool:
        """Write what is waiting, or put it in a side file (or on standard error) and say so.

        Returns whether every record reached the log itself. Safe to call more than once.
        """
        with self._lock:
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
        with self._lock, self._writing():
            if line is not None:
                self.pending.append(line)
                if len(self.pending) > MAX_PENDING:
                    overflow = len(self.pending) - MAX_PENDING
                    if not self._spill(self.pending[:overflow]):
                        self.dropped += overflow
                    del self.pending[:overflow]
            if self._unconfirmed is not None:
                self._confirm()
            if self.spilled and not self._write_back_spilled():
                return False
            while self.pending:
                data = (self.pending[0] + "\n").encode("utf-8")
                if not self._write_log(data):
                    return False
                self.pending.pop(0)
                self._unconfirmed = None
            if self.failing:
                self.failing = False
                lost = f" ({self.dropped} older lines were lost)" if self.dropped else ""
                self.warn(f"the log {self.path} is being written again{lost}")
            return True

    @contextmanager
    def _writing(self) -> Iterator[None]:
        """A write under way: a ``SIGTERM`` arriving now is held until it is done (see
        :func:`terminate`), so a line is never both written and left waiting."""
        self._busy += 1
        try:
            yield
        finally:
            self._busy -= 1
        if not self._busy:
            _act_on_held_signal()

    def _confirm(self) -> None:
        """A write was interrupted between the ``write`` and taking its lines off the list (an
        exception such as Ctrl-C): the log's size tells whether they are there."""
        what, before, length = self._unconfirmed  # type: ignore[misc]
        self._unconfirmed = None
        try:
            size = os.stat(self.path).st_size
        except OSError:
            return
        if size >= before + length:  # it was written: never write it twice
            if what == "line" and self.pending:
                self.pending.pop(0)
            elif what == "spilled":
                self._forget_side_file()
        elif size > before:
            self._torn = True  # part of it: the retry starts on a new line

    def _write_log(self, data: bytes, what: str = "line") -> bool:
        try:
            before = os.stat(self.path).st_size
        except OSError:
            before = 0
        if self._partial is not None:
            done, at = self._partial  # a write that stopped short (the disk filled up)
            self._partial = None
            if data.startswith(done) and before == at:  # nothing else happened since: finish it
                data = data[len(done):]
            else:
                self._torn = True
        if self._torn:
            data = b"\n" + data
        self._unconfirmed = (what, before, len(data))
        try:
            self._write_all(data)
        except OSError as error:
            self._torn = True
            self._unconfirmed = None  # it failed, wholly or in part
            if isinstance(error, PartialWrite) and error.written:
                # Finish the line next time rather than write it again after a newline: a
                # line cut only before its newline would otherwise be there twice.
                self._torn = False
                self._partial = (data[:error.written], before + error.written)
            if not self.failing:
                self.failing = True
                self.warn(
                    f"cannot write the log {self.path} ({_reason(error)}); "
                    "still advising, and keeping the records to write later"
                )
            return False
        self._torn = False
        if before + len(data) > MAX_LOG_BYTES and not self._said_large:
            self._said_large = True  # replay reads this much by default: say how to read more
            self.warn(f"the log {self.path} is now over {MAX_LOG_BYTES:,} bytes: replay it with "
                      "--max-input-bytes N, or start a new log with --log FILE")
        return True

    def _write_all(self, data: bytes) -> None:
        self._append_to(self.path, data)

    def _append_to(self, path: Path, data: bytes) -> None:
        append_file(path, data, fsync=self.fsync)

    # -- a torn line left by an earlier session ------------------------------------------------

    def torn_file(self) -> Path:
        """Where a torn last line found at open goes: ``<stem>.torn.jsonl`` beside the log."""
        return self.path.with_name(f"{self.path.stem or 'log'}.torn.jsonl")

    def _last_step(self) -> int:
        """The greatest step the log's last lines name (0: no log yet, or none): steps only
        grow, so the last two lines' worth of bytes hold it."""
        try:
            with open_regular(self.path, follow=False) as stream:
                size = os.fstat(stream.fileno()).st_size
                stream.seek(max(0, size - 2 * MAX_LINE_BYTES))
                tail = stream.read(2 * MAX_LINE_BYTES)
        except OSError:
            return 0
        steps = (int(n) for n in _STEP.findall(tail))
        return max((n for n in steps if n < MAX_STEP), default=0)  # a step no record may hold:
        # not one of ours (replay skips its line), so not one to go on from

    def _set_aside_torn_tail(self) -> None:
        """At open: when the log's last line has no newline, it was torn by a crash (or is a
        whole line that lost only its newline). A whole one gets its newline; a torn one is
        moved to :meth:`torn_file` (copied, flushed, then cut from the log) and counted, so
        the next record starts on a line of its own and never glues onto it."""
        try:
            with open_regular(self.path, follow=False) as stream:
                size = os.fstat(stream.fileno()).st_size
                if size == 0:
                    return
                start = max(0, size - MAX_LINE_BYTES - 1)
                stream.seek(start)
                tail = stream.read(size - start)
        except OSError:
            return  # no log yet (or not one we may write): the first write will say
        if tail.endswith(b"\n"):
            return
        cut = tail.rfind(b"\n")
        fragment = tail[cut + 1:]
        if cut < 0 and start > 0:
            fragment = tail  # a line longer than any record: torn, whatever it holds
        if not record_problem(fragment):
            self._torn = True  # a complete line without its newline: keep it, add one
            return
        keep = size - len(fragment)
        try:
            append_file(self.torn_file(), fragment + b"\n", fsync=True)
            truncate_file(self.path, keep)  # never through a link (os.truncate follows one)
        except OSError as error:
            self._torn = True  # cannot move it: at least never glue onto it
            self.warn(f"the log {self.path} ends in a torn line that could not be moved aside "
                      f"({_reason(error)}); the log goes on on a new line")
            return
        self.torn_lines += 1
        total = _count_lines(self.torn_file())
        self.warn(f"the log {self.path} ended in a torn line ({len(fragment):,} bytes, from an "
                  f"interrupted write): moved to {self.torn_file()} ({total} torn line(s) "
                  "there); the log goes on on a new line")

    # -- the side file ----------------------------------------------------------------------

    def side_file_candidates(self) -> list[Path]:
        """Where lines the log cannot take go: beside the log, else the temporary folder (under
        a name no one else can guess, so nothing planted there is written through)."""
        stem = self.path.stem or "log"
        return [self.path.with_name(f"{stem}.unwritten.jsonl"),
                Path(tempfile.gettempdir())
                / f"gridsight-{stem}-{os.getpid()}-{self._temp_token}.unwritten.jsonl"]

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
            data = read_regular(self.side_file, limit=MAX_LOG_BYTES, follow=False)
        except OSError:
            return False
        if not self._write_log(data, "spilled"):
            return False
        self._forget_side_file()
        self._unconfirmed = None
        return True

    def _forget_side_file(self) -> None:
        """The side file's lines are in the log now: remove it."""
        if self.side_file is not None:
            try:
                self.side_file.unlink()
            except OSError:
                pass
        self.spilled = 0
        self.side_file = None

    def _save_frame(self, step: int, frame: Any) -> str | None:
        """Write the frame as a PNG beside the log; on failure warn and return ``None``."""
        import cv2

        from gridsight.safefiles.marks import marked, replaceable

        # A file of the player's own at the frame's name is kept: the frame takes the next
        # numbered name (the record names it); a frame an earlier run saved is replaced.
        name, k = f"{self.path.stem}-{step:05d}.png", 1
        while not replaceable(self.path.parent / name, _FRAME_KIND):
            k += 1
            name = f"{self.path.stem}-{step:05d}-{k}.png"
        try:
            ok, png = cv2.imencode(".png", frame)
            if not ok:
                raise OSError(0, "the frame could not be encoded as PNG")
            write_file(self.path.parent / name, marked(png.tobytes(), _FRAME_KIND),
                       fsync=self.fsync)
        except (OSError, cv2.error) as error:
            self.warn(f"cannot save frame {name} ({_reason(error)})")
            return None
        return name


#: The mark of a saved frame (:mod:`gridsight.safefiles.marks`).
_FRAME_KIND = "saved frame"


def _reason(error: BaseException) -> str:
    if isinstance(error, SaveError):
        return error.reason
    return getattr(error, "strerror", None) or str(error)


def _count_lines(path: Path) -> int:
    try:
        return read_regular(path, limit=MAX_LOG_BYTES, follow=False).count(b"\n")
    except OSError:
        return 0


# -- closing at exit ----------------------------------------------------------------------------

_OPEN_LOGS: dict[int, RecommendationLog] = {}
_HELD_SIGNAL: list[int] = []  # a SIGTERM that arrived while a log was writing


def close_all() -> None:
    """Close every log still open (the console script's hooks call it at interpreter exit and
    on ``SIGTERM``: :func:`gridsight.process.install_exit_hooks`)."""
    for log in list(_OPEN_LOGS.values()):
        log.close()


def terminate(signum: int) -> None:
    """``SIGTERM`` (the console script's handler, :func:`gridsight.process.install_exit_hooks`,
    calls this): close the logs and exit (``SystemExit``, so the ``finally`` blocks run);
    held while a log is in the middle of a write (the write then ends, takes its line off the
    list, and acts on it). Returns only when the signal is held."""
    if any(log._busy for log in list(_OPEN_LOGS.values())):
        _HELD_SIGNAL.append(signum)
        return
    close_all()
    raise SystemExit(128 + signum)


def _act_on_held_signal() -> None:
    """After a write: act on a ``SIGTERM`` held meanwhile (in another thread than the main
    one, send it again: only the main thread may end the process in order)."""
    if not _HELD_SIGNAL or any(log._busy for log in list(_OPEN_LOGS.values())):
        return
    signum = _HELD_SIGNAL.pop()
    _HELD_SIGNAL.clear()
    if threading.current_thread() is not threading.main_thread():
        os.kill(os.getpid(), signum)
        return
    close_all()
    raise SystemExit(128 + signum)


def confidence_grid(values: Sequence[Sequence[float | None]]) -> tuple[tuple[float | None, ...], ...]:
    """Per-cell confidences rounded to 3 places, as stored in a record."""
    return tuple(tuple(None if v is None else round(float(v), 3) for v in row) for row in values)
