"""The live loop headless, on synthetic frames drawn with the shipped skins, and its faults."""

from __future__ import annotations

import errno

import numpy as np
import pytest

from gridsight.live.change import ChangeDetector
from gridsight.live.loop import LiveLoop
from gridsight.live.manual import ManualBoard
from kit.scripted import screen, script_of, scripts
from kit.solving import EXACT
from gridsight.log import RecommendationLog, read_log
from gridsight.readers.find import load_game_pack
from gridsight.registry import get_game
from gridsight.solvers.boardtext import parse_boards
from gridsight.vision.capture import Frame, Missing, MissingReason, Rect

# Solved to the end: the same advice each run (within 1 s, a Farm Sheep-and-Pig board's exact
# pass was cut while the process compiled the numba kernel, 36 CPU s: the loop's tap and the
# one solved alone could differ)
OPTIONS = EXACT


def frame(image: np.ndarray, left: int = 0, top: int = 0) -> Frame:
    return Frame(image, Rect(left, top, image.shape[1], image.shape[0]), 0.0)


def loop_for(game: str, **kwargs) -> LiveLoop:
    return LiveLoop(game, load_game_pack(game, None), solve_options=OPTIONS, **kwargs)


def play(loop: LiveLoop, image: np.ndarray, times: int = 3):
    view = None
    for _ in range(times):
        view = loop.step(frame(image))
    return view


def solved_alone(game: str, text: str):
    return get_game(game).solve(parse_boards(text)[0], get_game(game).options_from(OPTIONS)).advice


@pytest.mark.parametrize("game", sorted(scripts()))
def test_each_scripted_state_is_read_and_advised_like_the_same_board_solved_alone(game):
    script = script_of(game)
    loop = loop_for(script.game)
    for i in range(len(script.boards)):
        view = play(loop, screen(script.render(i)))
        assert [list(r) for r in view.state.grid] == script.labels(i)
        assert view.advice is not None and view.warnings == ()
        assert view.advice.recommend == solved_alone(script.game, view.board).recommend
    # One solve per distinct state, not per frame; unchanged frames skipped without a read.
    assert loop.counters.solves == len(script.boards)
    assert loop.counters.skipped == len(script.boards)
    assert loop.counters.reads == 2 * len(script.boards)


def test_a_change_needs_two_frames_and_an_unchanged_picture_is_not_read_again():
    script = script_of("disco-zoo")
    loop = loop_for("disco-zoo")
    first = play(loop, screen(script.render(0)))
    image = screen(script.render(1))
    view = loop.step(frame(image))
    assert view.state.grid[2][2] == "ground"  # one frame is not evidence yet
    view = loop.step(frame(image))
    assert view.state.grid[2][2] == "empty" and view.version > first.version
    reads = loop.counters.reads
    again = loop.step(frame(image))
    assert again is view and loop.counters.reads == reads


def test_a_passing_animation_does_not_change_the_board():
    script = script_of("disco-zoo")
    loop = loop_for("disco-zoo")
    before = play(loop, screen(script.render(0)))
    loop.step(frame(screen(script.render(1))))  # one frame of the tap, then back
    after = play(loop, screen(script.render(0)))
    assert after.state.grid == before.state.grid and loop.counters.solves == 1


def test_the_window_disappearing_and_coming_back():
    script = script_of("disco-zoo")
    loop = loop_for("disco-zoo")
    seen = play(loop, screen(script.render(1)))
    gone = loop.step(Missing(MissingReason.CLOSED, "window 'Game' was closed; waiting for it"))
    assert gone.status.startswith("waiting") and "closed" in gone.status
    assert gone.advice is None and gone.geometry is None  # nothing drawn over nothing
    assert gone.state.grid == seen.state.grid  # the believed board is kept
    back = play(loop, screen(script.render(1), at=(40, 10)))  # it reopened elsewhere
    assert back.advice is not None and back.advice.recommend == seen.advice.recommend
    assert back.state.grid == seen.state.grid and not back.status.startswith("waiting")
    assert back.geometry.to_dict() != seen.geometry.to_dict()


def test_a_failed_grab_keeps_the_state_and_says_so():
    script = script_of("tile-path")
    loop = loop_for("tile-path")
    seen = play(loop, screen(script.render(0)))
    view = loop.step(Missing(MissingReason.CAPTURE_FAILED, "screen capture failed (BadMatch)"))
    assert "capture failed" in view.status and view.state.grid == seen.state.grid
    assert play(loop, screen(script.render(0))).advice.recommend == seen.advice.recommend


def test_a_board_half_hidden_reads_unknown_and_keeps_the_last_state():
    script = script_of("disco-zoo")
    loop = loop_for("disco-zoo")
    seen = play(loop, screen(script.render(4)))
    hidden = screen(script.render(4)).copy()
    hidden[330:, :] = (200, 200, 200)  # a dialog over the lower half of the board
    view = play(loop, hidden)
    assert view.state.grid == seen.state.grid
    assert view.advice is not None and view.advice.recommend == seen.advice.recommend
    assert any("partly hidden" in w for w in view.warnings)


def test_no_board_in_view_keeps_the_state():
    script = script_of("tile-path")
    loop = loop_for("tile-path")
    seen = play(loop, screen(script.render(1)))
    view = play(loop, np.full((400, 400, 3), 90, np.uint8))
    assert view.status.startswith("no board in view") and view.advice is None
    assert view.state.grid == seen.state.grid
    assert play(loop, screen(script.render(1))).advice.recommend == seen.advice.recommend


def test_the_log_holds_one_record_per_state_and_the_moves(tmp_path):
    script = script_of("disco-zoo")
    log = RecommendationLog(tmp_path / "s.jsonl", fsync=False, warn=lambda m: None)
    loop = loop_for("disco-zoo", log=log)
    for i in range(len(script.boards)):
        play(loop, screen(script.render(i)))
    records = read_log(tmp_path / "s.jsonl").records
    assert [r.board.splitlines()[2] for r in records] == [f"taps: {10 - i}" for i in range(5)]
    moves = [(r.move.row, r.move.col) for r in records[:-1]]
    assert moves == [(2, 2), (1, 3), (3, 1), (0, 0)] and records[-1].move is None
    assert records[2].board.splitlines()[4].split()[3] == "-"


def test_an_unwritable_log_is_a_warning_and_the_advice_goes_on(tmp_path, monkeypatch):
    script = script_of("disco-zoo")
    log = RecommendationLog(tmp_path / "s.jsonl", fsync=False, warn=lambda m: None)
    loop = loop_for("disco-zoo", log=log)
    play(loop, screen(script.render(0)))

    def full(data):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(log, "_write_all", full)
    view = play(loop, screen(script.render(1)))
    assert view.advice is not None and view.state.grid[2][2] == "empty"
    assert any("No space left" in w for w in view.warnings)
    monkeypatch.undo()
    view = play(loop, screen(script.render(2)))
    assert not any("cannot write" in w for w in view.warnings)
    assert len(read_log(tmp_path / "s.jsonl").records) == 3  # the held line was written


def test_panel_actions_correct_undo_taps_target_and_pause():
    script = script_of("disco-zoo")
    loop = loop_for("disco-zoo")
    base = play(loop, screen(script.render(0)))
    fixed = loop.correct(2, 2, "empty")
    assert fixed.state.grid[2][2] == "empty" and fixed.board.splitlines()[5].split()[2] == "-"
    play(loop, screen(script.render(0)))  # the reads no longer change a corrected cell
    assert loop.view.state.grid[2][2] == "empty"
    assert loop.undo().state.grid[2][2] == "ground"
    taps = loop.set_counter(3)
    # The advice leads the status; the counter set by hand is a detail (panel, --verbose).
    assert "taps: 3" in taps.board and "attempts left 3 (set by hand)" in taps.details
    assert taps.status.startswith("Tap row ") and taps.status == taps.advice.status
    target = loop.set_objective("target:Panda")
    expected = solved_alone("disco-zoo", target.board)
    assert "aim: rescue Panda" in target.details
    opts = get_game("disco-zoo").options_from({**vars(OPTIONS), "objective": "target:Panda"})
    assert target.advice.recommend == get_game("disco-zoo").solve(
        parse_boards(target.board)[0], opts).advice.recommend
    assert expected is not None
    paused = loop.set_paused(True)
    assert paused.advice is None and paused.status == "Paused: the advice is not drawn"
    assert loop.set_paused(False).advice is not None
    assert base.advice is not None


def test_manual_mode_solves_the_board_set_in_the_panel():
    board = ManualBoard.blank("disco-zoo", (("region", "Farm"), ("animals", "Sheep, Pig")))
    loop = LiveLoop.for_manual(board, solve_options=OPTIONS)
    first = loop.view
    assert first.advice is not None and "taps: 10" not in first.board
    view = loop.correct(0, 0, "-")
    assert view.board.splitlines()[2].split()[0] == "-"
    assert view.advice.recommend == solved_alone("disco-zoo", view.board).recommend
    assert loop.step(frame(np.zeros((10, 10, 3), np.uint8))) is view  # frames are ignored


def test_a_contradiction_is_shown_not_applied():
    script = script_of("disco-zoo")
    loop = loop_for("disco-zoo")
    play(loop, screen(script.render(1)))
    view = play(loop, screen(script.render(0)))  # the tapped tile reads as ground again
    assert view.state.grid[2][2] == "empty"
    assert any("row 3, column 3" in w and "now reads 'ground'" in w for w in view.warnings)


def test_the_change_detector_sees_one_tile_and_ignores_faint_noise():
    script = script_of("disco-zoo")
    a, b = screen(script.render(0)), screen(script.render(1))
    detector = ChangeDetector()
    assert detector.changed(a) and not detector.changed(a.copy())
    noisy = np.clip(a.astype(int) + np.random.default_rng(0).integers(-3, 4, a.shape), 0, 255)
    assert not detector.changed(noisy.astype(np.uint8))
    assert detector.changed(b)


def test_saved_frames_are_the_pictures_each_record_was_read_from(tmp_path):
    import cv2

    script = script_of("tile-path")
    log = RecommendationLog(tmp_path / "s.jsonl", save_frames=True, fsync=False,
                            warn=lambda m: None)
    loop = loop_for("tile-path", log=log)
    images = [screen(script.render(i)) for i in range(2)]
    for image in images:
        play(loop, image)
    contents = read_log(tmp_path / "s.jsonl")
    for record, image in zip(contents.records, images):
        saved = cv2.imread(str(contents.frame_path(record)))
        assert np.array_equal(saved, image)
        assert record.geometry is not None


def test_the_status_line_leads_with_the_advice_and_verbose_adds_the_details():
    script = script_of("disco-zoo")
    loop = loop_for("disco-zoo")
    view = play(loop, screen(script.render(0)))
    assert view.status == view.advice.status and view.status.startswith("Tap row ")
    plain, verbose = view.status_line(), view.status_line(verbose=True)
    assert plain.startswith(view.status) and "read confidence" not in plain
    assert verbose.startswith(plain) and "attempts left 10" in verbose
    assert "read confidence" in verbose and view.details[0] == "disco-zoo"


def test_a_cell_the_advice_marks_already_gets_no_second_mark_unread_or_unsure():
    """The live panel marks the unread cells ``?`` and the unsure ones by what they may be,
    each once: a cell the advice has marked keeps its mark (drawn twice, one label would
    cover the other), and the others are added. (Each check dropped: the cell marked twice;
    caught by nothing before.)"""
    from gridsight.games.doubts import Doubt
    from gridsight.live.loop import _with_unread, _with_unsure
    from gridsight.solvers.advice import Advice, Cell, CellMark, MarkKind

    advice = Advice("disco-zoo", 5, 5, recommend=(Cell(0, 1),),
                    marks=(CellMark(0, 1, MarkKind.KNOWN, "Panda"),))
    unread = _with_unread(advice, [(0, 1), (2, 2)])
    assert [(m.row, m.col, m.kind) for m in unread.marks] == [
        (0, 1, MarkKind.KNOWN), (2, 2, MarkKind.UNREAD)]
    unsure = _with_unsure(advice, [Doubt((0, 1), ("Panda", "Tiger"), (("Tiger", None),)),
                                   Doubt((3, 3), ("Panda", "Tiger"), (("Tiger", None),))])
    assert [(m.row, m.col, m.kind, m.label) for m in unsure.marks] == [
        (0, 1, MarkKind.KNOWN, "Panda"), (3, 3, MarkKind.UNSURE, "Panda or Tiger?")]


def test_the_evidence_of_a_board_never_solved_goes_on_with_the_next_in_order():
    """A board the worker never solved (another came before it was free) hands its log
    evidence to the next: the dig events of both, the earlier first; any other value the
    later's. (The events joined the other way round: caught by nothing before, the Thrill
    Digger live test included.)"""
    from gridsight.live.loop import _merge_extras

    first = {"dig_events": [{"row": 0}], "correction": {"row": 1}, "only": 1}
    then = {"dig_events": [{"row": 2}, {"row": 3}], "correction": {"row": 4}}
    assert _merge_extras(first, then) == {
        "dig_events": [{"row": 0}, {"row": 2}, {"row": 3}], "correction": {"row": 4},
        "only": 1}


def test_no_advice_says_in_its_headline_whether_the_board_was_not_read_or_not_solved():
    # The headline said "no advice for this board" for both; the warning under it says why.
    from gridsight.live.manual import ManualBoard

    board = ManualBoard.blank("disco-zoo", (("region", "Farm"), ("animals", "Sheep, Pig")))
    loop = LiveLoop.for_manual(board)
    assert loop.view.status.startswith("Tap ")
    for col in range(5):  # a whole row of empty tiles in every column: no Sheep fits
        for row in range(5):
            view = loop.correct(row, col, "-")
    assert view.status == "no advice: this board is not solved (why below)"
    assert any(w.startswith("not solved: no placement of Sheep fits") for w in view.warnings)
    # A board the reader refuses (no animal cards on the screen): not read.
    from gridsight.solvers.errors import InputError

    def refuse(hints):
        raise InputError("found a rescue board but no animal cards above it")

    loop.source.reading = refuse
    view = loop.undo()
    assert view.status == "no advice: the board is not read (why below)" and view.advice is None
    assert "cannot read the board: found a rescue board but no animal cards above it" \
        in view.warnings


def test_a_minimised_window_s_panel_keeps_no_details_of_advice_it_does_not_show():
    # With the game's window minimised the panel's details still said "91% that this cell and
    # the next step are both safe" under cells showing no advice; they come back with it.
    script = script_of("minesweeper")
    loop = loop_for("minesweeper")
    seen = play(loop, screen(script.render(1)))
    assert seen.advice is not None and seen.advice.details
    assert all(d in seen.details for d in seen.advice.details)
    hidden = loop.step(Missing(MissingReason.MINIMISED,
                               "window 'Game' is minimised or hidden; waiting for it"))
    assert hidden.advice is None
    assert not any(d in hidden.details for d in seen.advice.details)
    back = play(loop, screen(script.render(1)))
    assert all(d in back.details for d in back.advice.details)


def test_a_window_reopened_is_not_said_minimised_while_it_is_being_shown():
    # X makes a window before it maps it: the reopened game was found by its title unshown, and
    # the player read "minimised or hidden" between "was closed" and the advice.
    from gridsight.live.loop import OPENING_FRAMES

    script = script_of("disco-zoo")
    loop = loop_for("disco-zoo")
    play(loop, screen(script.render(1)))
    closed = Missing(MissingReason.CLOSED, "window 'Game' was closed; waiting for it to reopen")
    unshown = Missing(MissingReason.MINIMISED, "window 'Game' is minimised or hidden; waiting for it")
    said = [loop.step(m).status for m in [closed] + [unshown] * 3]
    # (waiting said once; followed again when reopened: the player need not start again)
    assert said == ["waiting: window 'Game' was closed; followed again when it reopens"] * 4
    back = play(loop, screen(script.render(1), at=(40, 10)))
    assert back.advice is not None and not back.status.startswith("waiting")
    # Minimised once shown: said at once.
    assert loop.step(unshown).status == "waiting: window 'Game' is minimised or hidden"
    # Opened minimised (still unshown past the moment a window takes to be mapped): said so.
    loop.step(closed)
    said = [loop.step(unshown).status for _ in range(OPENING_FRAMES + 1)]
    assert said[0] == "waiting: window 'Game' was closed; followed again when it reopens"
    assert said[-1] == "waiting: window 'Game' is minimised or hidden"
    # Before the game was ever found, the same.
    fresh = loop_for("disco-zoo")
    fresh.step(Missing(MissingReason.NOT_FOUND, "no window titled 'Game' yet"))
    assert "no window" in fresh.step(unshown).status
