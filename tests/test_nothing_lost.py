"""Nothing of the player's is lost to a file gridsight writes.

- ``gridsight demo --out DIR`` removes an earlier demo's log and status file there, and
  nothing else: it deleted whatever was called ``demo.jsonl`` or ``status.json`` in the folder
  (a player's own ``status.json`` lost), and stopped with a traceback at a folder of that name.
  Now anything it did not write is refused in words (an ``InputError``: exit 2), left as it is.
- ``gridsight replay LOG --html LOG`` wrote the report over the log it reports on; refused now
  (by any path to the same file), the log untouched.
"""

from __future__ import annotations

import json

import pytest

from gridsight.commands.demo import clear_previous_run
from gridsight.solvers.errors import InputError

EARLIER_LOG = json.dumps({"type": "advice", "version": 3, "step": 1, "game": "tile-path"})
EARLIER_STATUS = json.dumps({"version": 4, "status": "Step down", "board": "S .", "grid": [],
                             "recommend": [[1, 0]], "step": 2, "paused": False})


def test_an_earlier_demos_log_and_status_are_removed(tmp_path):
    log, status = tmp_path / "demo.jsonl", tmp_path / "status.json"
    log.write_text(EARLIER_LOG + "\n" + EARLIER_LOG + "\n")
    status.write_text(EARLIER_STATUS)
    clear_previous_run(log, status)
    assert not log.exists() and not status.exists()
    log.write_text("")  # an empty file holds nothing to lose
    clear_previous_run(log, status)
    assert not log.exists()


@pytest.mark.parametrize("what", ["own status", "own log", "folder", "link"])
def test_what_the_demo_did_not_write_is_refused_and_kept(tmp_path, what):
    log, status = tmp_path / "demo.jsonl", tmp_path / "status.json"
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me")
    if what == "own status":
        status.write_text('{"mine": true}')
        words, kept = "status.json is a file the demo did not write", status
    elif what == "own log":
        log.write_text("my notes\n" + EARLIER_LOG + "\n")
        words, kept = "demo.jsonl is a file the demo did not write", log
    elif what == "folder":
        log.mkdir()
        (log / "inside").write_text("x")
        words, kept = "demo.jsonl is a folder", log / "inside"
    else:
        status.symlink_to(victim)
        words, kept = "status.json is a symbolic link", status
    with pytest.raises(InputError, match=words + ": it is left as it is; give the demo another"):
        clear_previous_run(log, status)
    assert kept.exists() and victim.read_text() == "keep me"


@pytest.mark.parametrize("html", ["s.jsonl", "again/s.jsonl"])
def test_replay_never_writes_its_report_over_the_log(tmp_path, run_cli, monkeypatch, html):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "again").symlink_to(tmp_path)  # the same file by another path
    log = tmp_path / "s.jsonl"
    log.write_text(EARLIER_LOG + "\n")
    code, _, err = run_cli("replay", "s.jsonl", "--html", html)
    assert code == 2
    assert f"{html}: is the log itself (s.jsonl): the report would replace it" in err
    assert log.read_text() == EARLIER_LOG + "\n"
