"""Nothing logged is lost, and nothing in a log can break a replay.

A process that ends while records still wait to be written (a full disk) puts them in a side
file, or on standard error, and says how many and where; so does ``SIGTERM``. A replay checks
every line once into typed fields, skips the bad ones naming their line, refuses a log with no
valid record, and pictures even records that are odd but valid.
"""

from __future__ import annotations

import base64
import json
import os
import re
import signal
import subprocess
import sys
from datetime import datetime
from pathlib import Path

import cv2
import numpy as np

from gridsight import replay
from gridsight.log import LogRecord, RecommendationLog, read_log, utc_now
from gridsight.solvers.advice import Advice, Cell, CellFigure
from gridsight.vision.geometry import BoardGeometry
from kit import inprocess

REPO = Path(__file__).resolve().parent.parent

# The log's file is on a "full disk": every append to a file named full.jsonl fails with
# ENOSPC, injected at the one helper every append goes through (safefiles.append_file), so the
# folder beside it stays writable for the side file. (test_safe_files.py fills a real tmpfs.)
_WRITER = """
import errno, sys, time
from pathlib import Path
import gridsight.log as logmod
from gridsight.log import RecommendationLog, LogRecord, utc_now
from gridsight.process import install_exit_hooks
from gridsight.safefiles import SaveError
from gridsight.solvers.advice import Advice, Cell
install_exit_hooks()  # as the console script does: logs closed at exit and on SIGTERM
real_append = logmod.append_file
def append_file(path, data, **options):
    if Path(path).name == "full.jsonl":
        raise SaveError(path, "No space left on device", errno.ENOSPC, kept=False)
    return real_append(path, data, **options)
logmod.append_file = append_file
log = RecommendationLog(sys.argv[1], fsync=False)
if sys.argv[3] == "no-side-file":
    log.side_file_candidates = lambda: [Path(sys.argv[1]).with_name("full.jsonl")]  # full too
for step in range(1, int(sys.argv[2]) + 1):
    advice = Advice("demo", 2, 3, recommend=(Cell(1, step % 3),))
    log.append(LogRecord(step=step, time=utc_now(), game="demo", board=". . .\\n. . .",
                         advice=advice))
print("written", flush=True)
if sys.argv[3] == "wait":
    time.sleep(60)
"""


BOARD_PICTURE = r'the board with its advice" src="data:image/png;base64,([A-Za-z0-9+/=]+)"'


def _writer(tmp_path: Path, count: int, then: str) -> tuple[subprocess.Popen, Path]:
    """A process logging ``count`` records to a full disk: every write to
    ``tmp_path/full.jsonl`` fails with "no space left"."""
    log = tmp_path / "full.jsonl"
    env = dict(os.environ, PYTHONPATH=str(REPO), TMPDIR=str(tmp_path / "tmp"))
    (tmp_path / "tmp").mkdir()
    proc = subprocess.Popen([sys.executable, "-c", _WRITER, str(log), str(count), then],
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            cwd=tmp_path)
    return proc, log


def test_records_waiting_at_exit_go_to_a_side_file_beside_the_log(tmp_path):
    proc, log = _writer(tmp_path, 41, "exit")
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 0 and out == b"written\n"
    side = tmp_path / "full.unwritten.jsonl"
    assert [r.step for r in read_log(side).records] == list(range(1, 42))
    lines = err.decode().splitlines()
    assert lines[0].startswith(f"gridsight: cannot write the log {log} (No space left")
    assert lines[-1] == (f"gridsight: 41 log record(s) could not be written to {log}; they "
                         f"are in {side} (append it to the log to replay them together)")


def test_sigterm_writes_the_waiting_records_before_the_process_ends(tmp_path):
    (tmp_path / "full.unwritten.jsonl").mkdir()  # no side file beside the log: the temp folder
    proc, log = _writer(tmp_path, 12, "wait")
    try:
        assert proc.stdout.readline() == b"written\n"
        proc.send_signal(signal.SIGTERM)
        _, err = proc.communicate(timeout=30)
    finally:
        proc.kill()
    assert proc.returncode == 128 + signal.SIGTERM
    (side,) = (tmp_path / "tmp").glob("gridsight-full-*.unwritten.jsonl")
    assert [r.step for r in read_log(side).records] == list(range(1, 13))
    assert f"12 log record(s) could not be written to {log}; they are in {side}" in err.decode()


def test_with_no_side_file_the_records_go_to_standard_error(tmp_path):
    proc, log = _writer(tmp_path, 5, "no-side-file")
    _, err = proc.communicate(timeout=60)
    lines = err.decode().splitlines()
    at = next(i for i, line in enumerate(lines) if "nor to a side file" in line)
    assert lines[at].startswith(f"gridsight: 5 log record(s) could not be written to {log}")
    kept = [LogRecord.from_json(line) for line in lines[at + 1:]]
    assert [r.step for r in kept] == [1, 2, 3, 4, 5]


# -- replaying what a log may hold -------------------------------------------------------------


def _good(step: int, **changes) -> dict:
    advice = Advice("tile-path", 2, 3, recommend=(Cell(0, 1),),
                    figures=(CellFigure(0, 1, "1"),))
    record = LogRecord(step=step, time="2026-03-01T12:00:00.000Z", game="tile-path",
                       board="S . .\n. . .", advice=advice,
                       solution={"here": {"row": 0, "col": 0}, "next": ["right", "down"]})
    data = record.to_dict()
    for key, value in changes.items():
        target = data
        *path, last = key.split("__")
        for part in path:
            target = target[part]
        target[last] = value
    return data


BAD_LINES = {
    "move [1]": json.dumps(_good(2, move=[1])),
    "step Infinity": json.dumps(_good(3)).replace('"step": 3', '"step": Infinity'),
    "step NaN": json.dumps(_good(3)).replace('"step": 3', '"step": NaN'),
    "step 1e400": json.dumps(_good(3)).replace('"step": 3', '"step": 1e400'),
    "move record Infinity": '{"type": "move", "step": Infinity, "row": 0, "col": 1}',
    "nested brackets": "[" * 100_000 + "]" * 100_000,
    "nested objects": '{"a":' * 50_000 + "1" + "}" * 50_000,
    "cell row 'x'": json.dumps(_good(4, advice__recommend=[{"row": "x", "col": 0}])),
    "figure off the board": json.dumps(_good(5, advice__figures=[{"row": 9, "col": 0,
                                                                  "text": "a"}])),
    "rows 0": json.dumps(_good(6, advice__rows=0)),
    "rows -3": json.dumps(_good(6, advice__rows=-3)),
    "rows 100000": json.dumps(_good(6, advice__rows=100000)),
    "cols true": json.dumps(_good(6, advice__cols=True)),
    "a huge integer": json.dumps(_good(7)).replace('"step": 7', '"step": ' + "9" * 5000),
    "a flat geometry": json.dumps(_good(8, geometry={"rows": 2, "cols": 3,
                                                     "homography": [[0] * 3] * 3})),
    "a frame outside the folder": json.dumps(_good(9, frame="../../etc/passwd")),
    "not an object": "[1, 2, 3]",
    "not UTF-8": '{"step": "\xff"}',
}


def test_every_bad_line_is_skipped_naming_its_line_and_the_rest_is_replayed(tmp_path, run_cli):
    path = tmp_path / "odd.jsonl"
    lines = [json.dumps(_good(1))] + list(BAD_LINES.values()) + [
        '{"type": "move", "step": 1, "row": 1, "col": 0}']
    path.write_bytes("\n".join(lines).replace("\xff", "\udcff").encode("utf-8", "surrogateescape")
                     + b"\n")
    out_file = tmp_path / "odd.html"
    code, out, err = run_cli("replay", str(path), "--html", str(out_file), "--check")
    assert code == 0, err
    warnings = err.splitlines()
    assert len(warnings) == len(BAD_LINES)
    for number, warning in enumerate(warnings, start=2):
        assert warning.startswith(f"gridsight: warning: {path}: line {number}: corrupt line "
                                  "skipped (")
    assert "steps: 1 (" in out and f"skipped lines: {len(BAD_LINES)}" in out
    # The move went down, one of the moves the solver listed as keeping a full walk.
    assert "followed the advice: 1 of 1 (100%)" in out
    page = out_file.read_text()
    assert page.count('class="step"') == 1 and "followed the advice</span>" in page


def test_a_log_with_no_valid_record_is_refused(tmp_path, run_cli):
    path = tmp_path / "bad.jsonl"
    path.write_text("\n".join(BAD_LINES.values()).replace("\xff", "?") + "\n")
    code, out, err = run_cli("replay", str(path), "--html", str(tmp_path / "x.html"))
    assert code == 2 and out == ""
    lines = err.splitlines()
    assert lines[-1] == f"gridsight: {path}: no valid record ({len(BAD_LINES)} line(s) skipped)"
    assert not (tmp_path / "x.html").exists()


def test_the_html_pictures_odd_but_valid_records(tmp_path, run_cli):
    """Valid records the schematic must still draw: a board text that is not the advice's
    size, a 1 x 1 board, a 200 x 1 board, very long texts, a geometry off the frame."""
    odd = [
        _good(1, board="? ? ? ? ? ? ? ?\n? ?"),
        _good(2, advice__rows=1, advice__cols=1, advice__recommend=[], advice__figures=[],
              board=""),
        _good(3, advice__rows=200, advice__cols=1, advice__figures=[], advice__recommend=[],
              board="."),
        _good(4, advice__status="word " * 20_000, advice__warnings=["w" * 50_000] * 30,
              advice__figures=[{"row": 0, "col": 0, "text": "9" * 10_000}]),
        _good(5, frame="missing-00005.png", geometry=BoardGeometry.from_rect(
            5000, 5000, 40, 40, 2, 3).to_dict()),
    ]
    path = tmp_path / "odd.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in odd))
    out_file = tmp_path / "odd.html"
    code, out, err = run_cli("replay", str(path), "--html", str(out_file))
    assert code == 0, err
    page = out_file.read_text()
    images = re.findall(BOARD_PICTURE, page)
    assert len(images) == 5
    for data in images:
        picture = cv2.imdecode(np.frombuffer(base64.b64decode(data), np.uint8), cv2.IMREAD_COLOR)
        assert picture is not None and picture.shape[0] < 6000 and picture.shape[1] < 6000
    assert "frame missing-00005.png is missing" in page
    assert ("word " * 1000) in page  # the HTML keeps the whole status; the picture cuts it


def test_a_missing_frame_prints_no_opencv_warning(tmp_path, capfd):
    path = tmp_path / "s.jsonl"
    record = _good(1, frame="s-00001.png",
                   geometry=BoardGeometry.from_rect(10, 10, 40, 40, 2, 3).to_dict())
    path.write_text(json.dumps(record) + "\n")
    contents = read_log(path)
    shown = replay.step_picture(contents, contents.records[0])
    assert "is missing" in shown.note
    (tmp_path / "s-00001.png").write_bytes(b"\x89PNG\r\n\x1a\n broken")
    shown = replay.step_picture(contents, contents.records[0])
    assert "s-00001.png: cannot read image" in shown.note
    captured = capfd.readouterr()
    assert captured.err == "" and captured.out == ""  # OpenCV's own warnings included


def test_cells_set_by_hand_are_recorded_marked_and_counted(tmp_path, run_cli):
    path = tmp_path / "hand.jsonl"
    log = RecommendationLog(path, fsync=False, close_at_exit=False)
    advice = Advice("tile-path", 2, 3, recommend=(Cell(0, 1),))
    log.append(LogRecord(step=1, time=utc_now(), game="tile-path", board="S . .\n. . .",
                         advice=advice))
    log.append(LogRecord(step=2, time=utc_now(), game="tile-path", board="S . .\n. # .",
                         advice=advice, manual=(Cell(1, 1),)))
    log.close()
    contents = read_log(path)
    assert [r.manual for r in contents.records] == [(), (Cell(1, 1),)]
    code, out, _ = run_cli("replay", str(path), "--html", str(tmp_path / "h.html"))
    assert code == 0 and "steps with cells set by hand: 1" in out
    page = (tmp_path / "h.html").read_text()
    assert page.count("Set by hand</span>") == 1 and "row 2, column 2" in page
    plain, marked = (replay.schematic(r) for r in contents.records)
    yellow = np.all(marked == replay.HAND_COLOUR, axis=2)
    assert yellow.sum() > 50 and not np.all(plain == replay.HAND_COLOUR, axis=2).any()
    ys, xs = np.nonzero(yellow)
    assert ys.min() > marked.shape[0] // 4  # the lower row's cell, not the upper
    # Thrill Digger's live path logs a hole fixed in the panel as "correction".
    record = replace_solution(contents.records[0], {"correction": {"row": 0, "col": 2,
                                                                   "read": "?", "set": "g"}})
    assert replay.corrections(record) == ["row 1, column 3 set to 'g', read as '?'"]
    # ... and its step counts among those set by hand, no panel cell set (counting the panel's
    # cells alone left it out: caught by nothing before).
    assert record.manual == () and replay.summarise((record,)).by_hand == 1


def test_a_move_the_tile_paths_solver_listed_as_just_as_good_follows_the_advice():
    """A tile path's advice lists each move from Link's tile that keeps a full walk possible
    (``next``): taking any of them follows the advice, a step elsewhere does not, and a step
    with no move seen says neither. Link stands off the diagonal (row 2, column 3), so a
    move's row and column swapped land elsewhere. (Swapped: caught by nothing before; the
    other logs' Link stood on row 1, column 1, where a swap lands on the same tiles.)"""
    from dataclasses import replace

    advice = Advice("tile-path", 3, 4, recommend=(Cell(1, 3),))
    record = LogRecord(step=1, time="2026-03-01T12:00:00.000Z", game="tile-path",
                       board="S . . .\n. . . .\n. . . .", advice=advice,
                       solution={"here": {"row": 1, "col": 2}, "next": ["right", "up"]})
    assert replay.acceptable(record) == {Cell(1, 3), Cell(0, 2)}
    assert replay.followed(replace(record, move=Cell(0, 2))) is True
    assert replay.followed(replace(record, move=Cell(2, 2))) is False
    assert replay.followed(record) is None


def replace_solution(record: LogRecord, solution: dict) -> LogRecord:
    from dataclasses import replace

    return replace(record, solution=solution)


def test_times_are_shown_in_local_time_with_links_between_steps(tmp_path, run_cli):
    path = tmp_path / "t.jsonl"
    path.write_text("".join(json.dumps(_good(step)) + "\n" for step in (1, 2, 3)))
    code, out, _ = run_cli("replay", str(path), "--html", str(tmp_path / "t.html"))
    expected = datetime.fromisoformat("2026-03-01T12:00:00+00:00").astimezone()
    assert f"steps: 3 ({expected:%Y-%m-%d %H:%M:%S} to {expected:%H:%M:%S}, local time" in out
    page = (tmp_path / "t.html").read_text()
    assert f"Step 2 &middot; {expected:%Y-%m-%d %H:%M:%S}" in page
    assert '<a href="#step-1">&larr; step 1</a><a href="#step-3">step 3 &rarr;</a>' in page
    assert all(f'<a href="#step-{k}" class="none">{k}</a>' in page for k in (1, 2, 3))
    assert "keydown" in page  # the arrow keys move between steps


def test_replay_reads_standard_input(tmp_path):
    data = "".join(json.dumps(_good(step)) + "\n" for step in (1, 2))
    result = inprocess.gridsight("replay", "-", input=data.encode())
    assert result.returncode == 0, result.stderr
    assert result.stdout.decode().startswith("log: <stdin>\nsteps: 2 (")
