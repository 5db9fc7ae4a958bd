"""``live --log --save-frames`` replaces only the frames it saved itself.

A frame is saved beside the log as ``<log>-00001.png``: a file of the player's own at that
name was replaced by it. Frames now carry gridsight's mark (as ``analyze --out``'s pictures
do, :mod:`gridsight.safefiles.marks`): a file without it is kept and the frame takes the next
numbered name, which its record names (replay finds it); a frame an earlier run saved is
replaced."""

from __future__ import annotations

import cv2
import numpy as np

from gridsight.log import LogRecord, RecommendationLog, read_log, utc_now
from gridsight.solvers.advice import Advice, Cell


def _session(path, shade):
    log = RecommendationLog(path, save_frames=True, close_at_exit=False)
    advice = Advice("demo", 1, 2, recommend=(Cell(0, 0),))
    log.append(LogRecord(step=log.next_step(), time=utc_now(), game="demo", board=". .",
                         advice=advice), frame=np.full((4, 4, 3), shade, np.uint8))
    log.close()
    return read_log(path).records[-1]


def test_a_players_file_at_a_frames_name_is_kept_and_the_frame_named_in_its_record(tmp_path):
    path = tmp_path / "s.jsonl"
    (tmp_path / "s-00001.png").write_bytes(b"the player's own")
    record = _session(path, 50)
    assert (tmp_path / "s-00001.png").read_bytes() == b"the player's own"
    assert record.frame == "s-00001-2.png"
    saved = cv2.imread(str(tmp_path / record.frame))
    assert saved is not None and int(saved[0, 0, 0]) == 50  # the mark leaves a plain PNG


def test_a_frame_an_earlier_run_saved_is_replaced(tmp_path):
    path = tmp_path / "s.jsonl"
    assert _session(path, 50).frame == "s-00001.png"
    path.unlink()  # the log gone, its frames left: a new log starts at step 1 again
    assert _session(path, 150).frame == "s-00001.png"
    assert int(cv2.imread(str(tmp_path / "s-00001.png"))[0, 0, 0]) == 150
    assert sorted(p.name for p in tmp_path.glob("*.png")) == ["s-00001.png"]
