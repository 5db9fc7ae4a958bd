"""The synthetic 3D Thrill Digger skin: boards drawn by the game's rules, and ground truth that
matches the pixels (the tests of the reader are only as good as this)."""

from __future__ import annotations

from itertools import islice

import numpy as np
import pytest

from kit.skins import thrill_digger_3d as skin
from gridsight.vision.geometry import BoardGeometry


@pytest.mark.parametrize("difficulty", ["beginner", "intermediate", "expert"])
def test_boards_follow_the_game_rules(difficulty):
    rows, cols, bombs, rupoors = skin.DIFFICULTIES[difficulty]
    blocked = 0
    for seed in range(60):
        board = np.array(skin.draw_board(difficulty, np.random.default_rng(seed)))
        assert board.shape == (rows, cols)
        assert (board == "*").sum() == bombs and (board == "x").sum() == rupoors
        bad = np.isin(board, ["*", "x"])
        for r in range(rows):
            for c in range(cols):
                if bad[r, c]:
                    continue
                n = bad[max(r - 1, 0): r + 2, max(c - 1, 0): c + 2].sum()
                want = "gbbrrssyy"[n]
                assert board[r, c] == want
        blocked += any(bad[r:r + 2, c:c + 2].all()
                       for r in range(rows - 1) for c in range(cols - 1))
    # Redrawn up to 10 times: a 2x2 block of bad holes survives only when all 11 draws had one
    # (about 0.42^11 on expert), so effectively never.
    assert blocked == 0


def test_games_stop_at_a_bomb_and_are_reproducible():
    for seed in range(20):
        plan = skin.plan_game(seed, "expert", max_digs=6)
        tokens = [plan.board[r][c] for r, c in plan.digs]
        assert "*" not in tokens[:-1]
        assert len(set(plan.digs)) == len(plan.digs)
        assert tokens[-1] == "*" or len(tokens) == 6
    plan = skin.plan_game(3, "beginner", max_digs=2)
    a = [f.image for f in islice(skin.GameRenderer(plan).frames(), 4)]
    b = [f.image for f in islice(skin.GameRenderer(plan).frames(), 4)]
    assert all(np.array_equal(x, y) for x, y in zip(a, b))


def test_ground_truth_matches_the_pixels():
    """Where the truth says a hole is open, the picture is dark there; where it says a mound,
    it is not; the wallet shows the value the truth gives, changing by the item's worth."""
    plan = skin.plan_game(11, "intermediate", max_digs=3, fps=6)
    renderer = skin.GameRenderer(plan, blur=False, jpeg=(90, 90))
    last_wallet = plan.wallet_start
    saw_dig = saw_collect = False
    for frame in renderer.frames():
        geometry = BoardGeometry(plan.rows, plan.cols, frame.homography)
        gray = frame.image.mean(axis=2)
        for r in range(plan.rows):
            for c in range(plan.cols):
                x, y = geometry.cell_center(r, c)
                if not (20 < x < skin.WIDTH - 20 and 20 < y < skin.HEIGHT - 20):
                    continue
                link = np.hypot(*(np.array(renderer.link_at(frame.time)) - (c + 0.5, r + 0.5)))
                item = frame.item is not None and abs(frame.item.col - c) <= 1
                if link < 1.5 or item:
                    continue  # Link's body or an item may stand in front
                centre = gray[int(y) - 2: int(y) + 3, int(x) - 2: int(x) + 3].mean()
                assert (centre < 50) == bool(frame.dug[r, c]), (frame.index, r, c, centre)
        for event in frame.events:
            if event.kind == "dig":
                saw_dig = True
                assert frame.dug[event.row, event.col]
            else:
                saw_collect = True
                assert frame.wallet == max(last_wallet + skin.WALLET_DELTA[event.item], 0)
        last_wallet = frame.wallet
    assert saw_dig and saw_collect


def test_camera_homography_is_the_projection_of_the_ground():
    camera = skin.Camera(3.0, 2.0, yaw=20, pitch=45, distance=7)
    points = np.array([[0, 0, 0], [5, 1, 0], [2.5, 4, 0]], dtype=float)
    projected, depth = camera.project(points)
    assert np.all(depth > 0)
    geometry = BoardGeometry(4, 5, camera.homography())
    assert np.allclose(geometry.board_to_image(points[:, :2]), projected, atol=1e-6)
    # The overview of every game shows the whole pit with room around it.
    for difficulty in skin.DIFFICULTIES:
        for seed in range(5):
            plan = skin.plan_game(seed, difficulty)
            corners = skin.corner_hole_centres(skin.GameRenderer(plan).camera_at(0).homography(),
                                               plan.rows, plan.cols)
            assert corners.min() > 40 and corners[:, 0].max() < skin.WIDTH - 40
            assert corners[:, 1].max() < skin.HEIGHT - 40
