"""Issue 20's attacks on the recommendation log, each a test.

- ``SIGTERM`` at a random moment of a busy writer: every record in the log exactly once (the
  issue saw the last record twice in 15 of 20 runs), none torn but perhaps the last;
- a log whose last line was torn by a crash, opened again: the next record starts on a line of
  its own (it used to glue onto the fragment and be lost), the fragment moved to
  ``<stem>.torn.jsonl`` and counted;
- a record replay would refuse (a board over 100,000 characters, a time in year 1 or 9999, a
  lone surrogate) is refused by the writer, which says so.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from gridsight.log import LogRecord, RecommendationLog, read_log
from gridsight.solvers.advice import Advice, Cell

REPO = Path(__file__).resolve().parent.parent


def _record(step: int, **changes) -> LogRecord:
    advice = Advice("demo", 2, 3, recommend=(Cell(1, step % 3),), status=f"step {step}")
    base = dict(step=step, time="2026-03-01T12:00:00.000Z", game="demo", board=". . .\n. . .",
                advice=advice)
    base.update(changes)
    return LogRecord(**base)


# -- exactly once at SIGTERM ------------------------------------------------------------------

# One interpreter forks a busy writer per trial and stops it with SIGTERM after a random pause
# (cheaper than an interpreter per trial); each trial's log is checked by the test.
_TRIALS = r"""
import os, random, signal, sys, time
from pathlib import Path
from gridsight.log import LogRecord, RecommendationLog
from gridsight.process import install_exit_hooks
from gridsight.solvers.advice import Advice, Cell
install_exit_hooks()  # as the console script does (a library call installs no handler)
folder, trials = Path(sys.argv[1]), int(sys.argv[2])
rng = random.Random(20)
for trial in range(trials):
    path = folder / f"t{trial}.jsonl"
    ready_r, ready_w = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(ready_r)
        log = RecommendationLog(path, warn=lambda m: None)  # fsync: the widest window
        step = 1
        while True:
            advice = Advice("demo", 2, 3, recommend=(Cell(1, step % 3),), status="x" * 300)
            log.append(LogRecord(step=step, time="2026-03-01T12:00:00.000Z", game="demo",
                                 board=". . .\n. . .", advice=advice))
            if step == 1:
                os.write(ready_w, b"r")  # the log exists: stop it from now on
            step += 1
    os.close(ready_w)
    os.read(ready_r, 1)
    time.sleep(rng.uniform(0.002, 0.05))
    os.kill(pid, signal.SIGTERM)
    _, status = os.waitpid(pid, 0)
    print(trial, os.waitstatus_to_exitcode(status), flush=True)
"""


@pytest.mark.skipif(not hasattr(os, "fork"), reason="forks a writer per trial")
def test_sigterm_leaves_every_record_exactly_once(tmp_path):
    trials = 20
    result = subprocess.run([sys.executable, "-c", _TRIALS, str(tmp_path), str(trials)],
                            capture_output=True, text=True, timeout=240,
                            env=dict(os.environ, PYTHONPATH=str(REPO)))
    assert result.returncode == 0, result.stderr[-2000:]
    codes = [int(line.split()[1]) for line in result.stdout.splitlines()]
    assert codes == [128 + 15] * trials, result.stdout  # an orderly exit every time
    for trial in range(trials):
        got = read_log(tmp_path / f"t{trial}.jsonl")
        steps = [r.step for r in got.records]
        assert steps == list(range(1, len(steps) + 1)), (trial, steps[-5:])
        assert not any("again" in w for w in got.warnings), (trial, got.warnings)
        assert got.warnings == (), (trial, got.warnings)  # not even a torn last line


def test_a_write_interrupted_after_it_reached_the_file_is_not_written_again(tmp_path,
                                                                              monkeypatch):
    """Ctrl-C (any exception) between the ``write`` and taking the line off the list: the
    next write checks the file's size and does not write the line a second time."""
    import gridsight.log as logmod

    path = tmp_path / "s.jsonl"
    log = RecommendationLog(path, fsync=False, close_at_exit=False)
    real = logmod.append_file

    def append_then_interrupt(target, data, **options):
        real(target, data, **options)
        raise KeyboardInterrupt

    monkeypatch.setattr(logmod, "append_file", append_then_interrupt)
    with pytest.raises(KeyboardInterrupt):
        log.append(_record(1))
    monkeypatch.setattr(logmod, "append_file", real)
    assert log.close()
    got = read_log(path)
    assert [r.step for r in got.records] == [1] and got.warnings == ()


# -- a torn last line left by a crash -----------------------------------------------------------

def test_a_torn_last_line_is_moved_aside_and_the_log_resumes_on_a_new_line(tmp_path):
    path = tmp_path / "s.jsonl"
    whole = _record(1).to_json() + "\n"
    torn = _record(2).to_json()[:57]
    path.write_text(whole + torn)
    warnings: list[str] = []
    log = RecommendationLog(path, fsync=False, warn=warnings.append, close_at_exit=False)
    assert log.torn_lines == 1
    assert len(warnings) == 1 and "torn line" in warnings[0] and "s.torn.jsonl" in warnings[0]
    assert log.append(_record(2)) and log.append(_record(3))
    got = read_log(path)
    assert [r.step for r in got.records] == [1, 2, 3] and got.warnings == ()
    assert (tmp_path / "s.torn.jsonl").read_text() == torn + "\n"  # kept, not lost
    # A second crash, a second torn line: counted with the first.
    with path.open("a") as handle:
        handle.write('{"type": "advice", "step": 4, "ti')
    warnings.clear()
    log = RecommendationLog(path, fsync=False, warn=warnings.append, close_at_exit=False)
    assert "(2 torn line(s) there)" in warnings[0]
    assert log.append(_record(4))
    assert [r.step for r in read_log(path).records] == [1, 2, 3, 4]


def test_a_torn_log_swapped_for_a_link_is_never_cut_through_it(tmp_path, monkeypatch):
    """The torn tail is cut from the log by its path after it was checked a regular file; a
    log swapped meanwhile for a link to a file of the player's had that file cut
    (``os.truncate`` follows links). Now the cut refuses the link: the player's file keeps
    every byte and the log says it could not move the tail aside."""
    import gridsight.log as logmod

    path = tmp_path / "s.jsonl"
    path.write_text(_record(1).to_json() + "\n" + _record(2).to_json()[:57])
    victim = tmp_path / "mine.txt"
    victim.write_text("x" * 5000)
    copy = logmod.append_file

    def swap_after_copy(target, data, **options):
        copy(target, data, **options)
        if target.name.endswith(".torn.jsonl"):
            path.unlink()
            path.symlink_to(victim)

    monkeypatch.setattr(logmod, "append_file", swap_after_copy)
    warnings: list[str] = []
    RecommendationLog(path, fsync=False, warn=warnings.append, close_at_exit=False)
    assert victim.read_text() == "x" * 5000
    assert len(warnings) == 1 and "could not be moved aside" in warnings[0]
    assert "symbolic link" in warnings[0]


def test_a_whole_last_line_missing_only_its_newline_is_kept(tmp_path):
    path = tmp_path / "s.jsonl"
    path.write_text(_record(1).to_json())  # no newline, but a whole record
    warnings: list[str] = []
    log = RecommendationLog(path, fsync=False, warn=warnings.append, close_at_exit=False)
    assert log.torn_lines == 0 and warnings == []
    assert log.append(_record(2))
    got = read_log(path)
    assert [r.step for r in got.records] == [1, 2] and got.warnings == ()
    assert not (tmp_path / "s.torn.jsonl").exists()


# -- the writer refuses what replay would refuse ------------------------------------------------

@pytest.mark.parametrize("changes, problem", [
    ({"board": "." * 100_001}, "'board' is longer than 100000 characters"),
    ({"time": "0001-01-01T00:00:00+14:00"}, "'time' must be a time from the years"),
    ({"time": "9999-12-31T23:00:00-12:00"}, "'time' must be a time from the years"),
    ({"time": "yesterday"}, "'time' must be an ISO 8601 time"),
    ({"advice": Advice("demo", 2, 3, status="\ud800")}, "not valid Unicode"),
    ({"confidence": ((2.0, 1, 1), (1, 1, 1))}, "'confidence[0][0]' must be a number from 0"),
    ({"skin": {"N": "grey;"}}, "'skin.N' must be a colour #rrggbb"),
])
def test_the_writer_refuses_a_record_replay_would_refuse(tmp_path, changes, problem):
    path = tmp_path / "s.jsonl"
    warnings: list[str] = []
    log = RecommendationLog(path, fsync=False, warn=warnings.append, close_at_exit=False)
    assert log.append(_record(1))
    assert not log.append(_record(2, **changes))
    assert log.append(_record(3))
    assert log.refused == 1
    assert len(warnings) == 1 and problem in warnings[0] and "replay would refuse" in warnings[0]
    got = read_log(path)
    assert [r.step for r in got.records] == [1, 3] and got.warnings == ()


def test_replay_refuses_the_same_lines_without_a_traceback(tmp_path):
    """The lines the writer now refuses, written by hand: replay skips each, naming it."""
    good = json.loads(_record(1).to_json())
    odd = [dict(good, step=2, time="0001-01-01T00:00:00+14:00"),
           dict(good, step=3, time="9999-12-31T23:59:59-12:00"),
           dict(good, step=4, board="." * 100_001)]
    lines = [json.dumps(good)] + [json.dumps(o) for o in odd]
    lines.append(json.dumps(dict(good, step=5)).replace('"step 1"', '"\\ud800"'))
    path = tmp_path / "s.jsonl"
    path.write_text("\n".join(lines) + "\n")
    got = read_log(path)
    assert [r.step for r in got.records] == [1]
    assert len(got.warnings) == 4
    assert all("corrupt line skipped" in w for w in got.warnings)


def test_a_log_growing_past_what_replay_reads_by_default_says_so_once(tmp_path, monkeypatch):
    import gridsight.log as logmod

    monkeypatch.setattr(logmod, "MAX_LOG_BYTES", 1000)
    warnings: list[str] = []
    log = RecommendationLog(tmp_path / "s.jsonl", fsync=False, warn=warnings.append,
                            close_at_exit=False)
    for step in range(1, 12):
        assert log.append(_record(step))
    assert len(warnings) == 1 and "over 1,000 bytes" in warnings[0]
    assert "--max-input-bytes" in warnings[0]


def test_a_line_nested_past_the_depth_or_longer_than_the_limit_is_refused_at_once():
    """The bounds of one line (replay and the writer): 32 brackets deep is read, 33 is
    refused, as is a line one byte past ``MAX_LINE_BYTES`` (before any parsing). (Either
    bound loosened was caught by nothing: the tests' lines were far past them, refused by
    the parser's recursion and by other checks anyway.)"""
    from gridsight.log_records import MAX_DEPTH, MAX_LINE_BYTES, RecordError, loads_line

    deepest = "[" * MAX_DEPTH + "]" * MAX_DEPTH
    assert loads_line(deepest) == json.loads(deepest)
    with pytest.raises(RecordError, match=f"nested more than {MAX_DEPTH} deep"):
        loads_line("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1))
    with pytest.raises(RecordError, match="longer than"):
        loads_line(b'"' + b"a" * (MAX_LINE_BYTES - 1) + b'"')
    assert loads_line(b'"' + b"a" * (MAX_LINE_BYTES - 2) + b'"') == "a" * (MAX_LINE_BYTES - 2)


# -- a log of junk lines ----------------------------------------------------------------------


def test_skipped_lines_past_the_first_twenty_are_counted_not_listed(tmp_path, capsys):
    """A warning held and printed for every corrupt line: 4 MB of ``x`` lines printed 2
    million warnings and held 350 MB. Now the first ``MAX_LINE_WARNINGS`` are named, the rest
    counted in one line, and the replay of the good record goes on."""
    from gridsight.cli import main
    from gridsight.log import MAX_LINE_WARNINGS

    path = tmp_path / "s.jsonl"
    path.write_text("x\n" * 500 + _record(1).to_json() + "\n")
    got = read_log(path)
    assert [r.step for r in got.records] == [1]
    assert len(got.warnings) == MAX_LINE_WARNINGS and got.unlisted == 500 - MAX_LINE_WARNINGS
    assert got.skipped == 500 and "line 1: corrupt line skipped" in got.warnings[0]
    assert main(["replay", str(path)]) == 0
    out, err = capsys.readouterr()
    assert "skipped lines: 500" in out
    assert err.count("\n") == MAX_LINE_WARNINGS + 1
    assert f"{500 - MAX_LINE_WARNINGS} more line(s) skipped, not listed" in err


def test_a_file_of_junk_lines_is_refused_in_one_line(tmp_path, capsys):
    """64 MB of two-byte lines (within the byte bound) took minutes of CPU to skip one by
    one; past ``MAX_CORRUPT_LINES`` corrupt lines the rest are passed over by a byte search
    to the next line that begins as a record, and a file with no record in it is refused
    whole: one line, exit 2, no traceback."""
    from gridsight.cli import main
    from gridsight.log import MAX_CORRUPT_LINES, LogReadError

    junk = tmp_path / "junk.jsonl"
    junk.write_text("x\n" * (2 * MAX_CORRUPT_LINES) + "x")
    with pytest.raises(LogReadError, match=r"not a gridsight log: none of its 20,001 lines is "
                                           r"a record \(the first, line 1: corrupt"):
        read_log(junk)
    assert main(["replay", str(junk)]) == 2
    out, err = capsys.readouterr()
    assert err.count("\n") == 1 and "not a gridsight log" in err and "Traceback" not in err


def test_records_after_ten_thousand_junk_lines_are_read(tmp_path):
    """A log whose first 10,001 lines were junk was refused whole though good records
    followed; now the junk is counted and the records read, however long the run of junk
    between them."""
    from gridsight.log import MAX_CORRUPT_LINES, MAX_LINE_WARNINGS

    path = tmp_path / "s.jsonl"
    path.write_text("x\n" * (MAX_CORRUPT_LINES + 5) + _record(1).to_json() + "\n"
                    + "y\n" * 3 * MAX_CORRUPT_LINES + _record(2).to_json())
    got = read_log(path)
    assert [r.step for r in got.records] == [1, 2]
    assert got.skipped == 4 * MAX_CORRUPT_LINES + 5
    assert len(got.warnings) == MAX_LINE_WARNINGS


def test_lines_that_begin_as_records_and_are_not_are_refused_past_the_bound(tmp_path):
    """Each such line costs a JSON parse: past ``MAX_CORRUPT_LINES`` of them outnumbering the
    records the file is refused, as a file of junk lines once was."""
    from gridsight.log import MAX_CORRUPT_LINES, LogReadError

    path = tmp_path / "s.jsonl"
    path.write_text("{x\n" * (MAX_CORRUPT_LINES + 5) + _record(1).to_json() + "\n")
    with pytest.raises(LogReadError, match=r"more than 10,000 of its first 10,001 lines "
                                           r"begin as records and are not"):
        read_log(path)
