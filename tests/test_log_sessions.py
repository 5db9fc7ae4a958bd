"""A log opened again (a second ``live --log`` session on the same file) goes on from its last
step: before, the steps started at 1 again, so the replay kept only the second session's
records ("step 1 again; kept the later one") and its saved frames overwrote the first's."""

from __future__ import annotations

import numpy as np

from gridsight.log import LogRecord, RecommendationLog, read_log, utc_now
from gridsight.solvers.advice import Advice, Cell


def test_a_second_session_on_one_log_keeps_the_first_ones_records_and_frames(tmp_path):
    path = tmp_path / "s.jsonl"
    for session in range(2):
        log = RecommendationLog(path, save_frames=True, close_at_exit=False)
        for _ in range(2):
            advice = Advice("demo", 1, 2, recommend=(Cell(0, session),))
            frame = np.full((4, 4, 3), 50 + 100 * session, np.uint8)
            log.append(LogRecord(step=log.next_step(), time=utc_now(), game="demo",
                                 board=". .", advice=advice), frame=frame)
        log.close()
        if session == 0:
            first_frames = {p.name: p.read_bytes() for p in tmp_path.glob("*.png")}
    contents = read_log(path)
    assert contents.warnings == ()
    assert [(r.step, r.advice.recommend[0].col) for r in contents.records] == [
        (1, 0), (2, 0), (3, 1), (4, 1)]
    assert len({r.frame for r in contents.records}) == 4
    for name, data in first_frames.items():
        assert (tmp_path / name).read_bytes() == data


def test_a_step_no_record_may_hold_is_not_gone_on_from(tmp_path):
    path = tmp_path / "s.jsonl"
    path.write_text('{"step":99999999999,"junk":1}\n')
    log = RecommendationLog(path, close_at_exit=False)
    assert log.next_step() == 1
    log.close()
