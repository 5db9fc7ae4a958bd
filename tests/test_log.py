"""The recommendation log: records round-trip, lines survive crashes, failures never raise."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import cv2
import numpy as np
import pytest

from gridsight import log as logmod
from gridsight.log import LogReadError, LogRecord, RecommendationLog, default_log_path, read_log
from gridsight.solvers.advice import Advice, Cell, CellFigure, CellMark, MarkKind
from gridsight.solvers.errors import InputError

REPO = Path(__file__).resolve().parent.parent


def _record(step: int, **kw) -> LogRecord:
    advice = Advice(
        "demo", 2, 3, recommend=(Cell(1, step % 3),),
        marks=(CellMark(0, 0, MarkKind.SAFE),), figures=(CellFigure(0, 1, "0.25", 0.25),),
        status=f"step {step}",
    )
    base = dict(step=step, time=logmod.utc_now(), game="demo", board=". . .\n. g .",
                advice=advice, confidence=((0.9, None, 0.8), (1.0, 0.95, 0.7)),
                unread=(Cell(0, 1),), solution={"best": [1, step % 3], "p": [0.5, 0.25]})
    base.update(kw)
    return LogRecord(**base)


def test_a_record_round_trips_through_one_json_line():
    from gridsight.vision.geometry import BoardGeometry

    geometry = BoardGeometry.from_corners([(10, 10), (90, 12), (95, 70), (5, 66)], 2, 3)
    r = _record(3, move=Cell(1, 0), frame="x-00003.png", geometry=geometry)
    line = r.to_json()
    assert "\n" not in line
    assert LogRecord.from_json(line) == r
    data = json.loads(line)
    assert data["board"] == ". . .\n. g ." and data["unread"] == [[0, 1]]
    assert data["advice"]["recommend"] == [{"row": 1, "col": 0}]


def test_time_is_iso_8601_utc():
    from datetime import datetime

    stamp = logmod.utc_now()
    assert stamp.endswith("Z")
    assert datetime.fromisoformat(stamp.replace("Z", "+00:00")).utcoffset().total_seconds() == 0


def test_records_and_moves_are_appended_and_read_back(tmp_path):
    path = tmp_path / "logs" / "s.jsonl"
    log = RecommendationLog(path)
    for step in (1, 2, 3):
        assert log.append(_record(step))
    assert log.record_move(1, Cell(1, 1))
    assert log.record_move(3, Cell(0, 2))
    assert log.next_step() == 4
    lines = path.read_text().splitlines()
    assert len(lines) == 5 and all(json.loads(x) for x in lines)
    got = read_log(path)
    assert got.warnings == ()
    assert [r.step for r in got.records] == [1, 2, 3]
    assert [r.move for r in got.records] == [Cell(1, 1), None, Cell(0, 2)]
    assert got.records[1] == _record(2, time=got.records[1].time)


def test_a_torn_last_line_and_a_corrupt_line_are_skipped_with_their_line_numbers(tmp_path):
    path = tmp_path / "s.jsonl"
    log = RecommendationLog(path, fsync=False)
    for step in (1, 2, 3, 4):
        log.append(_record(step))
    lines = path.read_text().splitlines(keepends=True)
    lines[1] = "{not json\n"
    lines[3] = lines[3][: len(lines[3]) // 2]  # killed while writing
    path.write_text("".join(lines))
    got = read_log(path)
    assert [r.step for r in got.records] == [1, 3]
    assert len(got.warnings) == 2
    assert "line 2: corrupt line skipped" in got.warnings[0]
    assert "line 4: torn line skipped" in got.warnings[1]


def test_records_of_a_newer_log_format_are_read_with_one_warning(tmp_path):
    """A log a later gridsight wrote (its records' "version" above ours) is read as far as it
    is understood, and said once (it was read in silence)."""
    path = tmp_path / "s.jsonl"
    lines = []
    for step in (1, 2, 3):
        data = _record(step).to_dict()
        data["version"] = 99 if step > 1 else data["version"]
        lines.append(json.dumps(data))
    path.write_text("\n".join(lines) + "\n")
    got = read_log(path)
    assert [r.step for r in got.records] == [1, 2, 3]
    assert got.warnings == ()  # no line skipped
    assert len(got.notes) == 1 and "2 record(s) of log format 99, newer" in got.notes[0]


def test_a_missing_log_is_an_input_error(tmp_path):
    with pytest.raises(LogReadError, match="no such log file") as info:
        read_log(tmp_path / "none.jsonl")
    assert isinstance(info.value, InputError)
    with pytest.raises(LogReadError, match="folder"):
        read_log(tmp_path)


def _full_disk(monkeypatch, name: str) -> None:
    """Every append to a file called ``name`` fails with "no space left" (injected at the
    one helper every append goes through; test_safe_files.py fills a real tmpfs)."""
    import errno

    from gridsight.safefiles import SaveError

    real = logmod.append_file

    def append_file(path, data, **options):
        if Path(path).name == name:
            raise SaveError(path, "No space left on device", errno.ENOSPC, kept=False)
        return real(path, data, **options)

    monkeypatch.setattr(logmod, "append_file", append_file)


def test_disk_full_warns_once_keeps_the_records_and_writes_them_later(tmp_path, monkeypatch):
    _full_disk(monkeypatch, "full.jsonl")
    warnings: list[str] = []
    full = tmp_path / "full.jsonl"
    log = RecommendationLog(full, warn=warnings.append, fsync=False, close_at_exit=False)
    assert not log.append(_record(1))  # no exception reaches the caller
    assert not log.append(_record(2))
    assert not log.record_move(2, Cell(0, 0))
    assert len(warnings) == 1 and f"cannot write the log {full}" in warnings[0]
    assert "No space left" in warnings[0] and "still advising" in warnings[0]
    assert len(log.pending) == 3
    log.path = tmp_path / "moved.jsonl"  # space again (here: somewhere else)
    assert log.append(_record(3))
    assert len(warnings) == 2 and "being written again" in warnings[1]
    got = read_log(log.path)
    assert [r.step for r in got.records] == [1, 2, 3] and got.records[1].move == Cell(0, 0)
    assert got.warnings == ()


def test_an_unwritable_folder_never_raises_and_recovers(tmp_path):
    blocker = tmp_path / "logs"
    blocker.write_text("a file where the log folder should be")
    warnings: list[str] = []
    log = RecommendationLog(blocker / "s.jsonl", warn=warnings.append)
    assert not log.append(_record(1))
    assert len(warnings) == 1 and str(blocker) in warnings[0]
    blocker.unlink()
    assert log.flush()
    assert [r.step for r in read_log(blocker / "s.jsonl").records] == [1]


def test_a_partial_write_never_glues_onto_the_next_line(tmp_path, monkeypatch):
    path = tmp_path / "s.jsonl"
    log = RecommendationLog(path, warn=lambda m: None, fsync=False)
    log.append(_record(1))
    real_write = os.write

    def half_write(fd, data):
        return real_write(fd, data[: len(data) // 2])

    monkeypatch.setattr(logmod.os, "write", half_write)
    assert not log.append(_record(2))
    monkeypatch.setattr(logmod.os, "write", real_write)
    assert log.append(_record(3))
    got = read_log(path)
    # The write of step 2 stopped short of its last byte; the retry finished the line (it did
    # not write it again after a newline: step 2 would then be there twice).
    assert [r.step for r in got.records] == [1, 2, 3]
    assert got.warnings == () and path.read_bytes().count(b"\n") == 3


def test_pending_records_overflow_to_a_side_file_and_come_back_in_order(monkeypatch, tmp_path):
    monkeypatch.setattr(logmod, "MAX_PENDING", 5)
    (tmp_path / "tmp").mkdir()
    monkeypatch.setattr(logmod.tempfile, "tempdir", str(tmp_path / "tmp"))
    warnings: list[str] = []
    blocker = tmp_path / "f"
    blocker.write_text("")  # a file where the log's folder should be: nothing can go there
    log = RecommendationLog(blocker / "s.jsonl", warn=warnings.append, close_at_exit=False)
    for step in range(1, 9):
        log.append(_record(step))
    assert len(log.pending) == 5 and log.spilled == 3 and log.dropped == 0
    side = log.side_file
    assert side.parent == tmp_path / "tmp"
    assert [json.loads(line)["step"] for line in side.read_text().splitlines()] == [1, 2, 3]
    blocker.unlink()
    assert log.flush()
    assert [r.step for r in read_log(blocker / "s.jsonl").records] == list(range(1, 9))
    assert not side.exists() and log.spilled == 0
    assert "being written again" in warnings[-1] and "lost" not in warnings[-1]


def test_records_no_side_file_can_take_are_counted_as_lost(monkeypatch, tmp_path):
    monkeypatch.setattr(logmod, "MAX_PENDING", 5)
    blocker = tmp_path / "f"
    blocker.write_text("")
    monkeypatch.setattr(logmod.tempfile, "tempdir", str(blocker / "tmp"))  # not a folder either
    warnings: list[str] = []
    log = RecommendationLog(blocker / "s.jsonl", warn=warnings.append, close_at_exit=False)
    for step in range(1, 9):
        log.append(_record(step))
    assert len(log.pending) == 5 and log.dropped == 3 and log.spilled == 0
    blocker.unlink()
    assert log.flush()
    assert [r.step for r in read_log(blocker / "s.jsonl").records] == [4, 5, 6, 7, 8]
    assert "3 older lines were lost" in warnings[-1]


def test_frames_are_saved_beside_the_log(tmp_path):
    frame = np.random.default_rng(0).integers(0, 256, (40, 60, 3), dtype=np.uint8)
    log = RecommendationLog(tmp_path / "run.jsonl", save_frames=True)
    log.append(_record(7), frame)
    got = read_log(tmp_path / "run.jsonl")
    record = got.records[0]
    assert record.frame == "run-00007.png"
    assert np.array_equal(cv2.imread(str(got.frame_path(record))), frame)
    no_frames = RecommendationLog(tmp_path / "other.jsonl")
    no_frames.append(_record(1), frame)
    assert read_log(tmp_path / "other.jsonl").records[0].frame is None
    assert not (tmp_path / "other-00001.png").exists()


def test_a_frame_that_cannot_be_saved_is_a_warning_not_a_failure(tmp_path):
    warnings: list[str] = []
    log = RecommendationLog(tmp_path / "run.jsonl", save_frames=True, warn=warnings.append)
    assert log.append(_record(1), np.zeros((0, 0, 3), np.uint8))
    assert read_log(tmp_path / "run.jsonl").records[0].frame is None
    assert warnings and "cannot save frame run-00001.png" in warnings[0]


def test_the_default_log_is_a_file_per_session_in_the_user_data_folder(monkeypatch, tmp_path):
    from datetime import datetime, timezone

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    monkeypatch.delenv("GRIDSIGHT_DATA_DIR", raising=False)  # the platform's own folder
    path = default_log_path(datetime(2026, 11, 30, 3, 4, 5, tzinfo=timezone.utc))
    if sys.platform.startswith("linux"):
        assert path == tmp_path / "gridsight" / "logs" / "session-20261130-030405.jsonl"
    assert path.suffix == ".jsonl" and path.parent.name == "logs"


_WRITER = """
import sys
from gridsight.log import RecommendationLog, LogRecord, utc_now
from gridsight.solvers.advice import Advice, Cell
log = RecommendationLog(sys.argv[1], fsync=False)
board = "\\n".join([" ".join(["."] * 8)] * 5)
step = 1
print("ready", flush=True)
while True:
    advice = Advice("demo", 5, 8, recommend=(Cell(step % 5, step % 8),), status="x" * 2000)
    log.append(LogRecord(step=step, time=utc_now(), game="demo", board=board, advice=advice))
    step += 1
"""


def test_a_killed_writer_loses_at_most_the_line_being_written(tmp_path):
    path = tmp_path / "killed.jsonl"
    env = dict(os.environ, PYTHONPATH=str(REPO))
    proc = subprocess.Popen([sys.executable, "-c", _WRITER, str(path)], env=env,
                            stdout=subprocess.PIPE)
    try:
        assert proc.stdout.readline().strip() == b"ready"
        deadline = time.monotonic() + 10
        while (not path.exists() or path.stat().st_size < 200_000) and time.monotonic() < deadline:
            time.sleep(0.01)
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    got = read_log(path)
    steps = [r.step for r in got.records]
    assert len(steps) > 10
    assert steps == list(range(1, len(steps) + 1))  # nothing lost before the last line
    assert len(got.warnings) <= 1
    assert all("torn" in w for w in got.warnings)


def test_doctests():
    import doctest

    result = doctest.testmod(logmod)
    assert result.failed == 0 and result.attempted > 0
