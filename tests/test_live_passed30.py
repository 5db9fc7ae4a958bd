"""Every board the live loop reads is in the log, as advice or as a ``passed`` line saying why
(session 30): the two ways a board is passed that no test held (s31tests' sabotages) — a board
left waiting when the player goes back to the board already solved, and a board the player
left whose solve then failed. A held worker answers only when told: no timing."""

from __future__ import annotations

import pytest

from gridsight.live.loop import BUSY, LiveLoop
from gridsight.live.manual import ManualBoard
from gridsight.log import RecommendationLog, read_log
from gridsight.registry import get_game
from gridsight.solvers.boardtext import parse_boards
from gridsight.worker import WorkerResult

SETTINGS = {"budget": None, "time_limit": 20.0}


class HeldWorker:
    """A worker that answers only when told (``answer``, or ``fail`` with an error)."""

    def __init__(self) -> None:
        self.job: tuple | None = None  # (game, text, options, tag) being solved
        self.ready: list = []

    @property
    def busy(self) -> bool:
        return self.job is not None

    def submit(self, game, board, options, tag=None, **_):
        self.job = (game, board, options, tag)

    def answer(self) -> None:
        game, text, options, tag = self.job
        self.ready.append(WorkerResult(tag, get_game(game).solve(parse_boards(text)[0], options)))

    def fail(self, error: str) -> None:
        self.ready.append(WorkerResult(self.job[3], error=error))

    def poll(self, wait: float = 0.0):
        if not self.ready:
            return None
        self.job = None
        return self.ready.pop(0)


@pytest.fixture
def held_loop(tmp_path):
    held = HeldWorker()
    board = ManualBoard.blank("disco-zoo", (("region", "Farm"), ("animals", "Sheep, Pig")))
    log = RecommendationLog(tmp_path / "s.jsonl", close_at_exit=False)
    loop = LiveLoop.for_manual(board, solve_options=SETTINGS, worker=held, log=log)
    yield held, loop, log, tmp_path / "s.jsonl"
    log.close()


def test_a_board_left_waiting_when_the_player_goes_back_to_the_solved_one_is_passed(held_loop):
    held, loop, log, path = held_loop
    held.answer()
    assert loop.poll().advice is not None  # the first board solved and shown
    loop.correct(0, 0, "-")  # with the worker (never answered here)
    loop.correct(0, 0, ".")  # back: nothing waits
    waiting = loop.correct(0, 1, "-").board  # waits for the worker
    view = loop.correct(0, 1, ".")  # back to the solved board, at once
    assert not view.thinking and view.advice is not None
    log.close()
    contents = read_log(path)
    assert [(p.board, p.why) for p in contents.passed] == [(waiting, BUSY)]
    assert loop.counters.passed == 1


def test_a_board_left_whose_solve_then_fails_is_passed_saying_why(held_loop):
    held, loop, log, path = held_loop
    first = loop.view.board  # with the worker
    later = loop.correct(0, 0, "-").board  # waits; the first goes on being solved
    held.fail("the solver stopped: out of memory")
    loop.poll()  # the first's failure comes: it is no longer the board shown
    log.close()
    contents = read_log(path)
    assert [(p.board, p.why) for p in contents.passed] == [
        (first, "not solved: the solver stopped: out of memory")]
    assert later not in [p.board for p in contents.passed]


def test_back_on_the_solved_board_the_view_shows_that_board_not_the_one_being_solved(held_loop):
    """The panel names its cells from the view's board: going back to the board solved while
    another is with the worker, the view showed the other's board (its tokens, in the panel,
    on cells the player had just set back) until the next change."""
    held, loop, _, _ = held_loop
    solved = loop.view.board
    held.answer()
    loop.poll()
    loop.correct(0, 0, "-")  # with the worker
    view = loop.correct(0, 0, ".")
    assert view.board == solved and view.state.grid[0][0] == "."


def test_the_replays_passed_line_names_the_three_commonest_reasons_and_counts_the_rest():
    from gridsight.commands.replay import passed_line
    from gridsight.log_records import PassedRecord

    whys = ["busy"] * 3 + ["not solved: a"] * 2 + ["not solved: b", "ended", "odd"]
    line = passed_line([PassedRecord(time="t", board=f"b{k}", why=why)
                        for k, why in enumerate(whys)])
    assert line == ("boards seen but not solved (not in the steps): 8 (3 busy; 2 not solved: "
                    "a; 1 not solved: b; 2 other reason(s))")


def test_a_board_shown_that_does_not_solve_is_passed_saying_why(tmp_path):
    """Solved on the caller's thread (no worker): a correction that leaves the Pig no 2x2
    place is no advice, and the log's passed line says why."""
    text = ("region: Farm\nanimals: Sheep, Pig\n. . . . .\n- - - . .\n. . . . .\n"
            "- - - - -\n. . . . .\n")
    log = RecommendationLog(tmp_path / "s.jsonl", close_at_exit=False)
    loop = LiveLoop.for_manual(ManualBoard.from_text("disco-zoo", text), solve_options=SETTINGS,
                               log=log)
    assert loop.view.advice is not None
    view = loop.correct(1, 3, "-")
    log.close()
    assert view.advice is None
    (passed,) = read_log(tmp_path / "s.jsonl").passed
    assert passed.board == view.board and passed.why.startswith("not solved: ")
    assert "Pig" in passed.why  # the solver's reason, as the panel says it


def test_a_long_reason_is_cut_so_the_passed_line_is_written_and_the_replay_says_it(tmp_path,
                                                                                    run_cli):
    """A solver's reason may run long (a list of tiles): the passed line keeps its first 300
    characters (the most a log line's reason may hold) rather than be refused, and the replay
    prints the passed boards' line under its summary."""
    from gridsight.log import LogRecord, utc_now
    from gridsight.solvers.advice import Advice, Cell

    path = tmp_path / "s.jsonl"
    log = RecommendationLog(path, close_at_exit=False)
    log.append(LogRecord(step=log.next_step(), time=utc_now(), game="demo", board=". .",
                         advice=Advice("demo", 1, 2, recommend=(Cell(0, 0),))))
    assert log.record_passed("- .", "not solved: " + "the tapped empty tile, " * 40)
    log.close()
    (passed,) = read_log(path).passed
    assert passed.board == "- ." and len(passed.why) == 300
    code, out, _ = run_cli("replay", str(path))
    assert code == 0
    assert "boards seen but not solved (not in the steps): 1 (not solved: the tapped" in out
