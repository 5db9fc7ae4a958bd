"""The Thrill Digger 3D tracker: dig events with their evidence, and never a wrong colour.

Games are rendered by the synthetic 3D skin; the tracker sees only the frames (and the four
corner holes a player would mark on the first one) and is scored against the hidden board.
"""

from __future__ import annotations

from dataclasses import replace
from itertools import chain

import numpy as np
import pytest

from kit.skins import thrill_digger_3d as skin
from gridsight.games.thrill_digger.tracker import (
    DigEvent,
    FrameError,
    PitSizeError,
    ThrillDiggerTracker,
    difficulty_for,
    track_frames,
)
from gridsight.solvers.cellnames import cell_name
from gridsight.solvers.errors import InputError
from gridsight.vision.pit import calibrate_pit


def run_game(plan: skin.GamePlan, pack=None, **render) -> ThrillDiggerTracker:
    """Render ``plan``, calibrate on its first frame, track every frame, finish."""
    frames = skin.GameRenderer(plan, **render).frames()
    first = next(frames)
    corners = skin.corner_hole_centres(first.homography, plan.rows, plan.cols)
    calibration = calibrate_pit(first.image, corners, plan.rows, plan.cols)
    images = chain([first.image], (frame.image for frame in frames))
    return track_frames(calibration, pack or skin.pit_pack(), images, fps=plan.fps)


def events_by_cell(tracker: ThrillDiggerTracker) -> dict[tuple[int, int], DigEvent]:
    cells = [(e.row, e.col) for e in tracker.events]
    assert len(cells) == len(set(cells)), "one event per dug hole"
    return {(e.row, e.col): e for e in tracker.events}


def test_difficulty_comes_from_the_pit_size_or_is_checked():
    assert difficulty_for(4, 5) == "beginner"
    assert difficulty_for(5, 6) == "intermediate"
    assert difficulty_for(5, 8) == "expert"
    assert difficulty_for(5, 8, "expert") == "expert"
    with pytest.raises(PitSizeError, match="expert pit has 5x8 holes, but 4x5"):
        difficulty_for(4, 5, "expert")
    with pytest.raises(InputError, match="no difficulty has a 6x6 pit"):
        difficulty_for(6, 6)
    with pytest.raises(InputError, match="unknown difficulty 'hard'"):
        difficulty_for(5, 8, "hard")


def test_a_game_is_followed_event_by_event():
    plan = skin.plan_game(2, "expert", max_digs=3, fps=6, wallet_shown=1.0)
    tracker = run_game(plan)
    events = events_by_cell(tracker)
    assert set(events) == set(plan.digs)
    read = 0
    for (r, c), event in events.items():
        truth = plan.board[r][c]
        assert event.token in (truth, "?"), event
        read += event.token == truth
        assert event.frame_started <= event.frame_confirmed <= event.frame_closed
        if event.token == truth and truth != "*":
            # With the wallet on screen both kinds of evidence were there and agreed.
            assert event.reason == "item and wallet agree", event
            assert event.wallet_delta == skin.WALLET_DELTA[truth]
            assert dict(event.item_frames)[truth] >= 2
    assert read >= len(plan.digs) - 1
    # The board text: the difficulty header, one row per line, '.' where nothing was dug.
    lines = tracker.board_text().splitlines()
    assert lines[0] == "difficulty: expert"
    grid = [line.split() for line in lines[1:]]
    assert len(grid) == plan.rows and all(len(row) == plan.cols for row in grid)
    for r in range(plan.rows):
        for c in range(plan.cols):
            assert grid[r][c] == (events[(r, c)].token if (r, c) in events else ".")


def test_board_text_is_what_the_solver_reads():
    from gridsight.solvers import thrill_digger as solver
    from gridsight.solvers.boardtext import parse_boards

    plan = skin.plan_game(4, "beginner", max_digs=2, fps=6)
    tracker = run_game(plan)
    (board,) = parse_boards(tracker.board_text())
    state = solver.parse_state(board)
    for event in tracker.events:
        assert state.token(event.row, event.col) == event.token


def test_hidden_items_are_read_from_the_wallet_alone():
    plan = skin.plan_game(7, "intermediate", max_digs=2, fps=6, wallet_shown=1.0)
    tracker = run_game(plan, items_visible=False)
    events = events_by_cell(tracker)
    assert set(events) == set(plan.digs)
    for (r, c), event in events.items():
        truth = plan.board[r][c]
        assert not event.item_frames
        if truth == "*":
            assert event.token == "?" and "a bomb?" in event.reason
        else:
            assert event.token == truth and event.reason.startswith("wallet changed by")


def test_nothing_seen_gives_question_marks():
    plan = skin.plan_game(8, "beginner", max_digs=2, fps=6, wallet_shown=0.0)
    tracker = run_game(plan, items_visible=False)
    events = events_by_cell(tracker)
    assert set(events) == set(plan.digs)
    assert all(e.token == "?" and e.reason == "nothing read" for e in events.values())


def test_disagreeing_evidence_gives_a_question_mark_not_a_colour():
    """A pack whose item colours are all shifted by one (green is read as blue, ...) makes the
    item evidence wrong on purpose; with the wallet on screen, every event must then be ``?``."""
    pack = skin.pit_pack()
    kinds = list(skin.ITEM_KINDS)
    shifted = {kinds[(k + 1) % len(kinds)]: pack.item_colours[kind] for k, kind in enumerate(kinds)}
    bad_pack = replace(pack, item_colours=shifted)
    plan = skin.plan_game(2, "expert", max_digs=2, fps=6, wallet_shown=1.0)
    tracker = run_game(plan, pack=bad_pack)
    events = events_by_cell(tracker)
    assert set(events) == set(plan.digs)
    for (r, c), event in events.items():
        assert event.token == "?", event
        assert event.item_label is not None and event.item_label != plan.board[r][c]


def test_a_frame_that_is_not_a_colour_picture_is_refused():
    plan = skin.plan_game(1, "beginner", max_digs=1)
    first = next(skin.GameRenderer(plan).frames())
    corners = skin.corner_hole_centres(first.homography, plan.rows, plan.cols)
    tracker = ThrillDiggerTracker(calibrate_pit(first.image, corners, plan.rows, plan.cols),
                                  skin.pit_pack())
    with pytest.raises(FrameError, match="frame 0: expected a BGR uint8 picture, got float32"):
        tracker.update(first.image.astype(np.float32))
    with pytest.raises(InputError, match="shape \\(720, 1280\\)"):
        tracker.update(first.image[..., 0])
    report = tracker.update(first.image)  # a good frame afterwards is still frame 0
    assert report.index == 0 and report.registration.trusted


def test_grazing_views_are_skipped_and_the_game_still_followed():
    plan = skin.plan_game(5, "expert", max_digs=3, fps=6)
    frames = skin.GameRenderer(plan, dips=2).frames()
    first = next(frames)
    corners = skin.corner_hole_centres(first.homography, plan.rows, plan.cols)
    tracker = ThrillDiggerTracker(calibrate_pit(first.image, corners, plan.rows, plan.cols),
                                  skin.pit_pack(), fps=plan.fps)
    tracker.update(first.image)
    refused = 0
    cells = [(c + 0.5, r + 0.5) for r in range(plan.rows) for c in range(plan.cols)]
    for frame in frames:
        report = tracker.update(frame.image)
        grazing = np.median(skin.foreshortening(frame.homography, cells)) < 0.25
        if grazing:
            assert not report.registration.trusted and not report.holes
        refused += not report.registration.trusted
    tracker.finish()
    assert refused >= 2
    events = events_by_cell(tracker)
    assert set(events) == set(plan.digs)
    assert all(e.token in (plan.board[e.row][e.col], "?") for e in events.values())


def test_a_dug_hole_never_turns_back_but_a_contradiction_is_said():
    plan = skin.plan_game(4, "beginner", max_digs=1, fps=6)
    renderer = skin.GameRenderer(plan)
    frames = list(renderer.frames())
    first = frames[0]
    corners = skin.corner_hole_centres(first.homography, plan.rows, plan.cols)
    tracker = ThrillDiggerTracker(calibrate_pit(first.image, corners, plan.rows, plan.cols),
                                  skin.pit_pack(), fps=plan.fps)
    for frame in frames:
        tracker.update(frame.image)
    (r, c), = plan.digs
    assert tracker.tokens[r][c] != "."
    # Show the first frame again (the hole still a mound there): it stays dug, warned once.
    for _ in range(3):
        tracker.update(first.image)
    assert tracker.tokens[r][c] != "."
    assert len(tracker.warnings) == 1
    assert f"the hole at {cell_name(r, c)} was dug but reads" in tracker.warnings[0]


def test_holes_already_open_at_calibration_are_dug_with_unseen_contents():
    plan = skin.plan_game(6, "beginner", max_digs=1, fps=6)
    renderer = skin.GameRenderer(plan)
    renderer.scene.dig(3, 4)  # dug before the player calibrated
    frames = renderer.frames()
    first = next(frames)
    corners = skin.corner_hole_centres(first.homography, plan.rows, plan.cols)
    tracker = ThrillDiggerTracker(calibrate_pit(first.image, corners, plan.rows, plan.cols),
                                  skin.pit_pack(), fps=plan.fps)
    for _ in range(3):
        tracker.update(first.image)
    tracker.finish()
    (event,) = tracker.events
    assert (event.row, event.col, event.token) == (3, 4, "?")
    assert event.reason == "nothing read"
