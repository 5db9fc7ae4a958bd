"""What a read remembers is its caller's, never the module's (:mod:`gridsight.memo`).

The Disco Zoo title bar's region was remembered in the module by the cards' pictures
(``given._TITLES``): a second caller in the process whose screen showed the same cards under
another title bar was given the first caller's region. It is now kept in the session memo of
the caller that made one (a live loop: :attr:`gridsight.live.loop.LiveLoop.memo`, keeping the
live loop's saving, tests/test_bad_input39.py); a call with no session reads every time.
"""

from __future__ import annotations

import threading

import numpy as np

from gridsight.games.disco_zoo import given
from gridsight.memo import ReadMemo, kept

CARD = [(2, 20, 10, 10)]


def _screen(title: int) -> np.ndarray:
    frame = np.zeros((40, 30, 3), np.uint8)
    frame[20:30, 2:12] = 200  # the same card's picture on both screens
    frame[0:5, 0:30] = title  # the title bar: another region's name
    return frame


def _reader(reads: list[int]):
    def read(image, top):
        reads.append(int(image[0, 0, 0]))
        return {10: "Jungle", 20: "Farm"}[int(image[0, 0, 0])]
    return read


def test_a_call_with_no_session_reads_the_title_bar_it_is_shown():
    reads: list[int] = []
    assert given.title_read(_screen(10), 35, CARD, _reader(reads)) == "Jungle"
    assert given.title_read(_screen(20), 35, CARD, _reader(reads)) == "Farm"
    assert given.title_read(_screen(20), 35, CARD, _reader(reads)) == "Farm"
    assert reads == [10, 20, 20] and kept(given.TITLES_MEMO) is None


def test_two_sessions_in_one_process_do_not_see_each_others_titles():
    one, two = ReadMemo(), ReadMemo()
    reads: list[int] = []
    with one:
        assert given.title_read(_screen(10), 35, CARD, _reader(reads)) == "Jungle"
    with two:  # the same cards under another title bar: its own read
        assert given.title_read(_screen(20), 35, CARD, _reader(reads)) == "Farm"
    with one:  # kept by the cards within a session (the live loop's saving)
        assert given.title_read(_screen(20), 35, CARD, _reader(reads)) == "Jungle"
    assert reads == [10, 20]
    found: dict[str, str | None] = {}

    def in_thread() -> None:  # a session active in one thread is not another thread's
        found["other"] = given.title_read(_screen(20), 35, CARD, _reader(reads))

    with one:
        worker = threading.Thread(target=in_thread)
        worker.start()
        worker.join()
    assert found == {"other": "Farm"} and reads == [10, 20, 20]


def test_each_live_loop_reads_in_a_session_of_its_own(monkeypatch):
    from gridsight.live.loop import LiveLoop
    from gridsight.live.manual import ManualBoard

    board = ManualBoard.blank("disco-zoo", (("region", "Farm"), ("animals", "Sheep, Pig")))
    loops = [LiveLoop.for_manual(board), LiveLoop.for_manual(board)]
    memos = []
    for loop in loops:
        monkeypatch.setattr(loop.source, "reading",
                            lambda hints: memos.append(kept(given.TITLES_MEMO)) or "read")
        assert loop._reading_now() == "read"
    assert memos[0] is loops[0].memo.kept(given.TITLES_MEMO)
    assert memos[1] is loops[1].memo.kept(given.TITLES_MEMO) and memos[0] is not memos[1]
    assert kept(given.TITLES_MEMO) is None
