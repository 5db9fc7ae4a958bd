"""Live solving off the caller's thread: the loop hands each board to a worker process and
goes on following the window; the previous advice stays, marked "thinking", while it still
matches the board; a solve past its hard stop is killed and said, and the loop goes on.

One worker process serves the module (it imports the solvers once)."""

from __future__ import annotations

import contextlib
import os
import signal
import time

import numpy as np
import pytest

from gridsight.games.pentomino.options import PentominoOptions
from gridsight.live.loop import LiveLoop, LiveView
from gridsight.live.manual import ManualBoard
from gridsight.readers.find import load_game_pack
from gridsight.registry import get_game
from gridsight.worker import HardStop, SolveWorker, hard_stop, process_cpu_seconds
from kit.held_worker import HeldWorker
from kit.scripted import screen, script_of
from gridsight.solvers.boardtext import parse_boards
from gridsight.solvers.errors import InputError
from gridsight.solvers.limit import Limit
from gridsight.vision.capture import Frame, Rect

# No lookahead budget: every answer here is exact, so the worker's and the test's agree
# whatever the load (a cut search's answer depends on where its CPU budget ran out). No time
# limit either, so no hard stop: the worker is never killed for a machine too busy to let it
# finish (each board here is seconds of work at most).
SETTINGS = {"budget": None, "time_limit": 0}


@pytest.fixture(scope="module")
def worker():
    with SolveWorker() as shared:
        yield Counted(shared)


def solved_alone(game: str, text: str):
    adapter = get_game(game)
    return adapter.solve(parse_boards(text)[0], adapter.options_from(SETTINGS)).advice


class Counted:
    """The shared worker, counting its answers: a test waits for the worker's answers
    themselves, never for a span of wall clock (which a busy machine overran: the answer had
    not come and the test failed with the feature sound)."""

    def __init__(self, worker: SolveWorker) -> None:
        self.worker = worker
        self.answers = 0

    def __getattr__(self, name: str):
        return getattr(self.worker, name)

    @property
    def busy(self) -> bool:
        return self.worker.busy

    def poll(self, wait: float = 0.0):
        result = self.worker.poll(wait)
        self.answers += result is not None
        return result


def answered(loop: LiveLoop, most: int = 2) -> LiveView:
    """The view once the worker answered the loop's board: waited for as long as the worker
    is at work (a busy machine only makes it slower, so the test cannot fail by load), but for
    ``most`` answers at most, and no longer once the worker has nothing to do while the loop
    still waits (the loop gave it no board, or asked again for an answer it dropped: the
    feature broke, and the test fails rather than hangs)."""
    worker = loop.worker
    assert isinstance(worker, Counted)
    last = worker.answers + most
    view = loop.poll()
    while loop.thinking and worker.busy and worker.answers < last:
        view = loop.settle(timeout=1.0)
    return view


def frame(image: np.ndarray, left: int = 0, top: int = 0) -> Frame:
    return Frame(image, Rect(left, top, image.shape[1], image.shape[0]), 0.0)


def test_the_worker_solves_like_the_caller_and_refuses_bad_boards_in_words(worker):
    text = "difficulty: beginner\n. . . . .\n. g . . .\n. . . . .\n. . . . .\n"
    adapter = get_game("thrill-digger")
    solution = worker.solve("thrill-digger", text, adapter.options_type())
    assert solution.json == adapter.solve(parse_boards(text)[0]).json
    with pytest.raises(InputError, match="unknown token"):
        worker.solve("thrill-digger", "difficulty: beginner\nq\n", adapter.options_type())
    # A parsed board goes as it is: its errors name its own source and lines.
    (bad,) = parse_boards("difficulty: beginner\n. . . . .\n. . . . .\n. . . . q\n",
                          source="mine.txt")
    with pytest.raises(InputError, match="line 4"):
        worker.solve("thrill-digger", bad, adapter.options_type())
    assert hard_stop(Limit(seconds=5)).work > 5 and hard_stop(Limit.none()).never


def test_a_solve_past_its_hard_stop_is_killed_and_the_next_board_is_solved(worker):
    # An unbounded count of every 6 x 10 filling: seconds of work, stopped at 0.3 s.
    board = "\n".join([". " * 10] * 6)
    # 0.3 s of its CPU time: the wall-clock backstop far away, so a busy machine that gives
    # the solve a few percent of a core only makes the stop come later.
    with pytest.raises(HardStop, match=r"no answer within 0.3 s of the solver's work \(its "
                                       "CPU time"):
        worker.solve("pentomino", board, PentominoOptions(count=True, limit=Limit.none()),
                     hard_seconds=0.3, backstop_seconds=600)
    assert worker.restarts >= 1 and not worker.busy
    text = "pieces: P U V\n. . . . .\n. . . . .\n. . . . .\n"
    assert worker.solve("pentomino", text, PentominoOptions()).json["solvable"] is True


BEGINNER = "difficulty: beginner\n. . . . .\n. . . . .\n. . g . .\n. . . . .\n"

# A worker stopped (SIGSTOP) stands for a machine so busy its solve gets no CPU, or for a
# solver hung without working: no CPU time passes however long the wall clock runs.
stoppable = pytest.mark.skipif(
    not hasattr(signal, "SIGSTOP") or process_cpu_seconds(os.getpid()) is None,
    reason="needs POSIX signals and a process's CPU time (Linux)")


def stopped_worker(worker) -> int:
    """The shared worker, warmed (the solvers and Thrill Digger imported), then stopped."""
    worker.solve("thrill-digger", BEGINNER, get_game("thrill-digger").options_type())
    pid = worker.pid
    os.kill(pid, signal.SIGSTOP)
    return pid


@stoppable
def test_a_solve_given_no_cpu_by_a_busy_machine_is_not_killed_by_the_wall_clock(worker):
    # The hard stop is the solver's work (CPU time), like its budget: a solve kept waiting
    # twice its hard stop on the wall clock, with no CPU, is slow, not stuck, and answers.
    adapter = get_game("thrill-digger")
    text = BEGINNER.replace(". g .", ". r .")
    pid = stopped_worker(worker)
    try:
        worker.submit("thrill-digger", text, adapter.options_type(), hard_seconds=1.0,
                      backstop_seconds=600)
        sent = time.monotonic()
        while time.monotonic() - sent < 2.0:
            assert worker.poll(wait=0.1) is None
    finally:
        with contextlib.suppress(ProcessLookupError):  # (killed: the test failed above)
            os.kill(pid, signal.SIGCONT)
    result = None
    while result is None:
        result = worker.poll(wait=0.1)
    assert not result.stopped and result.error == ""
    assert result.solution.json == adapter.solve(parse_boards(text)[0]).json


@stoppable
def test_a_solver_hung_without_working_is_stopped_by_the_wall_clock_backstop_in_words(worker):
    options = get_game("thrill-digger").options_type()
    restarts = worker.restarts
    stopped_worker(worker)
    with pytest.raises(HardStop, match=r"no answer within 0.5 s of waiting \(elapsed time, "
                                       r"0.0 s of it the solver's work"):
        worker.solve("thrill-digger", BEGINNER, options, hard_seconds=60, backstop_seconds=0.5)
    assert worker.restarts == restarts + 1 and not worker.busy
    alone = get_game("thrill-digger").solve(parse_boards(BEGINNER)[0]).json
    assert worker.solve("thrill-digger", BEGINNER, options).json == alone


def test_manual_boards_are_solved_off_the_thread_and_stale_advice_is_hidden(worker):
    board = ManualBoard.blank("disco-zoo", (("region", "Farm"), ("animals", "Sheep, Pig")))
    loop = LiveLoop.for_manual(board, solve_options=SETTINGS, worker=worker)
    assert loop.thinking and loop.view.thinking and "Thinking" in loop.view.status
    first = answered(loop)
    assert not first.thinking and first.advice is not None
    assert first.advice.recommend == solved_alone("disco-zoo", first.board).recommend
    (tap,) = first.advice.recommend
    # A tile elsewhere changes: the old advice still fits, shown while the solver thinks.
    other = next((r, c) for r in range(5) for c in range(5) if (r, c) != (tap.row, tap.col))
    view = loop.correct(*other, "-")
    assert view.thinking and view.advice is not None
    assert view.advice.recommend == first.advice.recommend
    assert f"Thinking… (last: {first.advice.status})" in view.status
    # ... less what it said of the cell that changed.
    assert all((f.row, f.col) != other for f in view.advice.figures)
    assert any((f.row, f.col) == other for f in first.advice.figures)
    view = answered(loop)
    assert view.advice.recommend == solved_alone("disco-zoo", view.board).recommend
    # The advised tile itself changes: the old advice no longer fits and is hidden at once.
    (tap,) = view.advice.recommend
    view = loop.correct(tap.row, tap.col, "-")
    assert view.thinking and view.advice is None
    view = answered(loop)
    assert view.advice is not None and not view.thinking
    assert view.advice.recommend == solved_alone("disco-zoo", view.board).recommend


def test_an_answer_for_a_board_gone_is_logged_not_drawn_and_the_current_one_solved(
        worker, tmp_path):
    from gridsight.log import RecommendationLog, read_log

    board = ManualBoard.blank("disco-zoo", (("region", "Farm"), ("animals", "Sheep, Pig")))
    log = RecommendationLog(tmp_path / "s.jsonl")
    loop = LiveLoop.for_manual(board, solve_options=SETTINGS, worker=worker, log=log)
    first = loop.view.board
    middle = loop.correct(0, 0, "-").board
    last = loop.correct(4, 4, "-").board  # two changes before any answer came
    view = answered(loop)
    assert view.board == last and view.board.splitlines()[-1].split()[-1] == "-"
    assert view.advice.recommend == solved_alone("disco-zoo", view.board).recommend
    log.close()
    boards = [record.board for record in read_log(tmp_path / "s.jsonl").records]
    # The first board was with the worker when it changed: logged all the same; the middle
    # one passed before the worker was free (never solved); the last is drawn and logged.
    assert boards == [first, last] and middle not in boards
    assert loop.counters.solves == 2


def test_the_overlay_follows_the_window_while_the_solver_thinks(worker):
    script = script_of("disco-zoo")
    loop = LiveLoop("disco-zoo", load_game_pack("disco-zoo", None), solve_options=SETTINGS,
                    worker=worker)
    image = screen(script.render(0))
    for _ in range(3):
        view = loop.step(frame(image))
    assert view.thinking or view.advice is not None
    moved = loop.step(frame(image, left=40, top=25))  # the window moved, same picture
    assert (moved.frame_rect.left, moved.frame_rect.top) == (40, 25)
    view = answered(loop)
    assert view.advice.recommend == solved_alone("disco-zoo", view.board).recommend


def test_every_board_read_is_in_the_log_as_advice_or_as_passed_saying_why(tmp_path):
    from gridsight.commands.replay import passed_line
    from gridsight.live.loop import BUSY, ENDED
    from gridsight.log import RecommendationLog, read_log

    held = HeldWorker()
    board = ManualBoard.blank("disco-zoo", (("region", "Farm"), ("animals", "Sheep, Pig")))
    log = RecommendationLog(tmp_path / "s.jsonl")
    loop = LiveLoop.for_manual(board, solve_options=SETTINGS, worker=held, log=log)
    first = loop.view.board  # with the worker
    boards = [loop.correct(0, col, "-").board for col in range(4)]  # each passes the last
    held.answer()
    view = loop.poll()  # the first's answer: logged, not drawn; the newest board goes next
    assert view.thinking and held.job[1] == boards[-1]
    held.answer()
    view = loop.poll()
    assert view.advice is not None and view.board == boards[-1]
    shown = view.advice.recommend
    last = loop.correct(4, 4, "-").board  # the session ends while it is being solved
    loop.finish(timeout=0.0)
    log.close()
    contents = read_log(tmp_path / "s.jsonl")
    assert [r.board for r in contents.records] == [first, boards[-1]]
    assert contents.records[-1].advice.recommend == shown  # the advice shown is logged
    assert [(p.board, p.why) for p in contents.passed] == [
        (b, BUSY) for b in boards[:-1]] + [(last, ENDED)]
    assert loop.counters.passed == 4 and not contents.warnings
    assert passed_line(contents.passed).startswith("boards seen but not solved (not in the "
                                                   "steps): 4 (3 the board changed again")
